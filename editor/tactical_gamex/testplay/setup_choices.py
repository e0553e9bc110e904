"""The setup step's choices besides where things stand: load the chosen counter onto a carrier
of the step, unload it, or leave the chosen allotment's markers unplaced. Each is one order
the engine checks (`setup_loads`, `setup_phase.leave_markers`); a refusal shows its sentence."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QHBoxLayout, QMenu, QPushButton, QToolButton, QWidget

if TYPE_CHECKING:
    from editor.tactical_gamex.testplay.setup_panel import SetupPanel


class SetupChoices(QWidget):
    """Load onto ▾, Unload and Leave unplaced, for the setup list's chosen line."""

    def __init__(self, panel: SetupPanel) -> None:
        super().__init__(panel)
        self.panel = panel
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.load_button = QToolButton(self)
        self.load_button.setObjectName("tgx_setup_load")
        self.load_button.setText("Load onto")
        self.load_button.setToolTip(
            "Set the chosen counter up riding a carrier of this step [003 5.2, 10.1]"
        )
        self.load_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.menu = QMenu(self.load_button)
        self.menu.aboutToShow.connect(self._fill)
        self.load_button.setMenu(self.menu)
        self.unload_button = QPushButton("Unload", self)
        self.unload_button.setObjectName("tgx_setup_unload")
        self.unload_button.setToolTip("Set the chosen passenger up off its carrier")
        self.unload_button.clicked.connect(self.unload)
        self.leave_button = QPushButton("Leave unplaced", self)
        self.leave_button.setObjectName("tgx_setup_leave")
        self.leave_button.setToolTip(
            "Leave the chosen allotment's markers not yet placed off the board [003 8.0]"
        )
        self.leave_button.clicked.connect(self.leave)
        for widget in (self.load_button, self.unload_button, self.leave_button):
            row.addWidget(widget)
        row.addStretch(1)

    def refresh(self) -> None:
        """Enable what applies to the chosen line."""
        game, choice = self.panel.game, self.panel.choice()
        unit = game.state.units.get(choice[1]) if game and choice and choice[0] == "unit" else None
        self.load_button.setEnabled(unit is not None and bool(self.carriers()))
        self.unload_button.setEnabled(unit is not None and unit.carrier is not None)
        marker = choice is not None and choice[0] == "marker" and choice[1][1] is None
        self.leave_button.setEnabled(marker)

    def carriers(self) -> list[str]:
        """The step's counters that take passengers, the chosen one and its carrier aside."""
        from engine.tactical_gamex import setup_loads, setup_phase  # noqa: PLC0415

        game, choice = self.panel.game, self.panel.choice()
        if game is None or choice is None or choice[0] != "unit" or not self.panel.in_setup():
            return []
        state = game.state
        chosen = state.units[choice[1]]
        return [
            u
            for u in setup_phase.step(state).units
            if u not in (chosen.id, chosen.carrier)
            and setup_loads.capacity(state, state.units[u]) > 0
        ]

    def _fill(self) -> None:
        """One line a carrier: where it stands and who rides it already."""
        from engine.tactical_gamex import setup_loads  # noqa: PLC0415

        self.menu.clear()
        game = self.panel.game
        if game is None:
            return
        state = game.state
        for carrier in self.carriers():
            unit = state.units[carrier]
            where = state.board.names.get(unit.hex, "to place") if unit.hex else "to place"
            aboard = setup_loads.riders(state, unit)
            room = setup_loads.capacity(state, unit)
            riding = f"carries {', '.join(aboard)}" if aboard else "empty"
            action = self.menu.addAction(f"{carrier} — {where}, {riding} ({room} a load)")
            action.triggered.connect(lambda _=False, c=carrier: self.load(c))

    def load(self, carrier: str) -> bool:
        """Set the chosen counter up riding `carrier` (False and the sentence when refused)."""
        from engine.tactical_gamex.orders import LoadAtSetup  # noqa: PLC0415

        choice = self.panel.choice()
        if choice is None or choice[0] != "unit" or self.panel.player is None:
            return False
        return self._give(LoadAtSetup(choice[1], carrier))

    def unload(self) -> bool:
        from engine.tactical_gamex.orders import UnloadAtSetup  # noqa: PLC0415

        choice = self.panel.choice()
        if choice is None or choice[0] != "unit":
            return False
        return self._give(UnloadAtSetup(choice[1]))

    def leave(self) -> bool:
        from engine.tactical_gamex.orders import LeaveMarkers  # noqa: PLC0415

        choice = self.panel.choice()
        if choice is None or choice[0] != "marker":
            return False
        return self._give(LeaveMarkers(choice[1][0]))

    def _give(self, order: Any) -> bool:
        player = self.panel.player
        return player is not None and player.give(order)

"""The Test-play panel's row for aircraft [003 6.4.7]: the aircraft (and weapon, or a spotter's
mission) of the side to act that may fly now, and Fly, which gives the order planned on the
aimed hex (`air_orders`); its preview lines join the panel's preview."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QPushButton, QWidget

if TYPE_CHECKING:
    from editor.tactical_gamex.testplay.more_orders import Planned
    from editor.tactical_gamex.testplay.player import TgxPlayer

NO_AIRCRAFT = "No aircraft to fly now"


class AirOrders(QWidget):
    """The aircraft chooser and its Fly button."""

    chosen = Signal()
    """Another aircraft or weapon was chosen: the preview is to be planned again."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.aircraft = QComboBox(self)
        self.aircraft.setObjectName("tgx_aircraft")
        self.aircraft.setToolTip(
            "The aircraft of the side to act available this turn, by weapon (a spotter: spot "
            "a hex, or sight for a battery with the accuracy points below); aimed at a "
            "temporary bridge, its non-I weapons at the bridge too [003 6.4.7, 9.3]"
        )
        self.fly_button = QPushButton("Fly", self)
        self.fly_button.setObjectName("tgx_fly")
        row.addWidget(self.aircraft, 1)
        row.addWidget(self.fly_button)
        self.aircraft.currentIndexChanged.connect(lambda _index: self.chosen.emit())
        self.fly_button.clicked.connect(self._fly)
        self.player: TgxPlayer | None = None
        self.planned: Planned | str | None = None
        self._show_choices([])

    def replan(self, player: TgxPlayer | None) -> list[str]:
        """List what may fly now and plan the chosen one on the aimed hex; the preview's lines
        (its refusal, when aimed)."""
        from editor.tactical_gamex.testplay.air_orders import air_choices, plan_air  # noqa: PLC0415

        self.player = player
        session = player.session if player is not None else None
        game = session.game if session is not None else None
        target = player.marks.target if player is not None else None
        choices = air_choices(game, target) if game is not None and not game.is_over else []
        self._show_choices(choices)
        self.planned = None
        data = self.aircraft.currentData()
        pick = tuple(data.split("\t")) if data else None
        if game is not None and pick is not None and target is not None and player is not None:
            try:
                self.planned = plan_air(game, pick[0], pick[1], target, player.lowered)
            except ValueError as exc:
                self.planned = str(exc)
        ready = self.planned is not None and not isinstance(self.planned, str)
        self.fly_button.setEnabled(ready)
        if isinstance(self.planned, str):
            self.fly_button.setToolTip(self.planned)
            return [f"Fly {pick[0]} {pick[1]}: not possible — {self.planned}"] if pick else []
        self.fly_button.setToolTip("Fly the chosen aircraft at the aimed hex [003 6.4.7]")
        return list(self.planned.lines) if self.planned is not None else []

    def _show_choices(self, choices: list[tuple[str, str]]) -> None:
        current = self.aircraft.currentData()
        self.aircraft.blockSignals(True)
        self.aircraft.clear()
        for plane, action in choices:
            self.aircraft.addItem(f"{plane}: {action}", f"{plane}\t{action}")
        if not choices:
            self.aircraft.addItem(NO_AIRCRAFT, None)
        index = self.aircraft.findData(current)
        self.aircraft.setCurrentIndex(max(index, 0))
        self.aircraft.setEnabled(bool(choices))
        self.aircraft.blockSignals(False)

    def _fly(self) -> None:
        planned = self.planned
        if self.player is not None and planned is not None and not isinstance(planned, str):
            self.player.give(planned.order)

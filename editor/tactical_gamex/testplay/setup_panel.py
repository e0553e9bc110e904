"""The setup step of a Tactical GameX test-play, before turn 1: the side setting up, its
counters, allotted markers and airborne targets (to place, or where they stand, to move them),
the chosen one's area tinted on the board, a click on a hex or a drag from the list placing it
(the refusal's sentence shown otherwise), the loads and markers left (`setup_choices`), "Place
the rest by seed" and "Finish setup". Take Back is the panel's own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.tactical_gamex.board_view import SIZE
from editor.tactical_gamex.testplay.curtain import sees
from editor.tactical_gamex.testplay.setup_choices import SetupChoices
from editor.tactical_gamex.testplay.setup_drag import SetupDrop, SetupList

if TYPE_CHECKING:
    from editor.tactical_gamex.testplay.player import TgxPlayer
    from editor.tactical_gamex.testplay.session import TgxPlaySession
    from engine.tactical_gamex.game import TacticalGame

Offset = tuple[int, int]
Choice = tuple[str, Any]
"""("unit", id), ("marker", (allotment index, hex or None)) or ("target", lift's carrier)."""

AREA = {"allied": QColor(200, 40, 40, 60), "axis": QColor(60, 60, 60, 70)}
MARKER_TEXT = {
    "mines": "Mines",
    "improved_position": "IP",
    "fortification": "Fort",
    "block": "Block",
}


class SetupPanel(QWidget):
    """The setup step's part of the Test-play panel; hidden once turn 1 begins."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: TgxPlaySession | None = None
        self.player: TgxPlayer | None = None
        self._pressed: Offset | None = None
        self._drop: SetupDrop | None = None
        self.passing: Any = lambda: False
        """Whether hot-seat players pass the screen (the Test-play panel's box)."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.hint = QLabel(
            "Click a hex of the tinted area, or drag a line of the list there, to place it; "
            "drag one placed to move it.",
            self,
        )
        self.hint.setWordWrap(True)
        layout.addWidget(self.hint)
        self.choices = SetupList(self)
        self.choices.setObjectName("tgx_setup_list")
        self.choices.setToolTip("The counters and markers of the side setting up")
        self.choices.currentItemChanged.connect(lambda *_: self._chosen())
        # four lines at least, so the next counters show on a laptop and at 200 %
        self.choices.setMinimumHeight(self.choices.fontMetrics().height() * 4 + 8)
        layout.addWidget(self.choices)
        self.more = SetupChoices(self)
        layout.addWidget(self.more)
        row = QHBoxLayout()
        self.rest_button = QPushButton("Place the rest by seed", self)
        self.rest_button.setToolTip(
            "Set up what is left by the seed: nearest the victory hexes, one a hex first"
        )
        self.rest_button.clicked.connect(self._rest)
        self.finish_button = QPushButton("Finish setup", self)
        self.finish_button.setToolTip("This side is done: the next sets up, or turn 1 begins")
        self.finish_button.clicked.connect(self._finish)
        row.addWidget(self.rest_button)
        row.addWidget(self.finish_button)
        layout.addLayout(row)
        self.setVisible(False)

    # Wiring ----------------------------------------------------------------------------------

    def attach(self, player: TgxPlayer) -> None:
        """Clicks on the board during the setup come here first."""
        self.player = player
        player.setup_click = self.hex_pressed
        player.setup_release = self.hex_released
        self._drop = SetupDrop(player.view, self.dropped)

    def follow(self, session: TgxPlaySession | None) -> None:
        """Set up in another session (None: test-play ended)."""
        view = self.player.view if self.player is not None else None
        if view is not None and self.paint in view.overlays:
            view.overlays.remove(self.paint)
        self.session = session
        if session is not None and view is not None:
            view.overlays.insert(0, self.paint)  # under the counters test-play draws
        self.refresh()

    @property
    def game(self) -> TacticalGame | None:
        return self.session.game if self.session is not None else None

    def in_setup(self) -> bool:
        game = self.game
        return game is not None and game.phase.value == "setup"

    # Showing ---------------------------------------------------------------------------------

    def refresh(self) -> None:
        """The list of what the side setting up places, the current choice kept if it can be."""
        from engine.tactical_gamex import setup_phase  # noqa: PLC0415

        shown = self.in_setup()
        self.setVisible(shown)
        game = self.game
        kept = self.choice()
        self.choices.blockSignals(True)
        self.choices.clear()
        if shown and game is not None:
            state = game.state
            names = state.board.names
            step = setup_phase.step(state)
            for unit_id in step.units:
                unit = state.units[unit_id]
                hex_ = unit.hex
                where = f"at {names.get(hex_, hex_)}" if hex_ is not None else "to place"
                if unit.carrier is not None:
                    where = f"riding on {unit.carrier}"
                self._add(f"{unit_id} — {where}", ("unit", unit_id))
            if step.targets:
                for lift in state.lifts:
                    if lift.side is step.side:
                        spot = names.get(lift.target, lift.target)
                        self._add(f"target of {lift.carrier} — at {spot}", ("target", lift.carrier))
            for index in step.allotments:
                allotted = setup_phase.plan(state).allotments[index]
                what = allotted.kind.replace("_", " ")
                for i, hex_ in state.setup_markers:
                    if i == index:
                        self._add(f"{what} — at {names.get(hex_, hex_)}", ("marker", (i, hex_)))
                for _ in range(setup_phase.markers_left(state, index)):
                    self._add(f"{what} — to place", ("marker", (index, None)))
        self.choices.blockSignals(False)
        self._select(kept)
        self.more.refresh()
        self._update_board()

    def _chosen(self) -> None:
        self.more.refresh()
        self._update_board()

    def _add(self, text: str, choice: Choice) -> None:
        item = QListWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, choice)
        self.choices.addItem(item)

    def _select(self, wanted: Choice | None) -> None:
        """The wanted choice while it is still to place, else the next thing to place (so
        clicks set up one counter after another), else the wanted one."""
        rows = [self.choices.item(i) for i in range(self.choices.count())]
        data = [item.data(Qt.ItemDataRole.UserRole) for item in rows]
        open_rows = [i for i, item in enumerate(rows) if "to place" in item.text()]
        pick = next((i for i in open_rows if data[i] == wanted), None)
        if pick is None and open_rows:
            pick = open_rows[0]
        if pick is None and wanted in data:
            pick = data.index(wanted)
        if pick is None and rows:
            pick = 0
        if pick is not None:
            self.choices.setCurrentItem(rows[pick])

    def choice(self) -> Choice | None:
        item = self.choices.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def choose(self, choice: Choice) -> bool:
        """Choose a listed counter or marker (as a click on its line does)."""
        for i in range(self.choices.count()):
            item = self.choices.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == choice:
                self.choices.setCurrentItem(item)
                self.choices.scrollToItem(item)
                return True
        return False

    def area(self) -> frozenset[Offset]:
        """The hexes where the chosen counter or marker may go."""
        from engine.tactical_gamex import setup_phase  # noqa: PLC0415

        game, choice = self.game, self.choice()
        if game is None or choice is None or not self.in_setup():
            return frozenset()
        plan = setup_phase.plan(game.state)
        if choice[0] == "target":
            return frozenset()  # any hex of the board [003 11.1]
        if choice[0] == "unit":
            return plan.hexes.get(choice[1], frozenset())
        return plan.allotments[choice[1][0]].hexes

    def _update_board(self) -> None:
        if self.player is not None:
            self.player.view.item.update()

    def paint(self, painter: QPainter) -> None:
        """While setting up, the chosen one's area tinted; the allotted markers placed, labelled
        (until the game ends: the board's own layers draw only the situation's)."""
        game = self.game
        if game is None or game.state.setup is None or self.player is None:
            return
        view = self.player.view
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(AREA.get(game.acting.value, AREA["axis"]))
        for spot in self.area():
            painter.drawPolygon(view.polygon(spot))
        from engine.tactical_gamex import setup_phase  # noqa: PLC0415

        plan = setup_phase.plan(game.state)
        font = QFont(painter.font())
        font.setPixelSize(max(6, int(SIZE * 0.32)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#5a3d00"))
        for index, spot in game.state.setup_markers:
            allotted = plan.allotments[index]
            if allotted.kind == "mines" and not self._sees_mines(allotted.side):
                continue
            # a chip below the hex's centre, as the board draws the situation's own markers
            centre = view.center(spot)
            chip = QRectF(
                centre.x() - SIZE * 0.55, centre.y() + SIZE * 0.35, SIZE * 1.1, SIZE * 0.5
            )
            painter.setPen(QColor("#5a3d00"))
            painter.setBrush(QColor("#f4e7c3"))
            painter.drawRect(chip)
            painter.drawText(
                chip, Qt.AlignmentFlag.AlignCenter, MARKER_TEXT.get(allotted.kind, "?")
            )
        self._paint_targets(painter)
        painter.restore()

    def _paint_targets(self, painter: QPainter) -> None:
        """The airborne lifts' target hexes, for their side's eyes only [003 11.1]."""
        game = self.game
        if game is None or self.player is None or not self.in_setup():
            return
        view = self.player.view
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for lift in game.state.lifts:
            if lift.target is None or not sees(self.session, self.passing(), lift.side):
                continue
            painter.setPen(QColor("#1f4fa0"))
            painter.drawPolygon(view.polygon(lift.target))
            centre = view.center(lift.target)
            box = QRectF(centre.x() - SIZE, centre.y() - SIZE * 0.9, SIZE * 2, SIZE * 0.5)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, f"⇣ {lift.carrier}")

    def _sees_mines(self, owner: Any) -> bool:
        """Mines are noted secretly [003 8.2]: drawn for the player at the screen when they
        are its side's (`curtain.viewer`), for everyone when nobody hides (hot-seat without
        passing the screen) and once the game is over."""
        game, session = self.game, self.session
        if game is None or session is None:
            return False
        return sees(session, self.passing(), owner)

    # Orders ----------------------------------------------------------------------------------

    def hex_pressed(self, spot: Offset) -> bool:
        """A press on the board while setting up (True): its release places or moves; False
        when the game is not in its setup."""
        if not self.in_setup() or self.player is None:
            return False
        self._pressed = spot
        return True

    def hex_released(self, spot: Offset | None) -> None:
        """Released where pressed: the chosen counter or marker goes there. Released elsewhere
        (a drag): what this step placed in the pressed hex moves there."""
        pressed, self._pressed = self._pressed, None
        if pressed is None or spot is None or not self.in_setup() or self.player is None:
            return
        if spot != pressed:
            dragged = self._placed_at(pressed)
            if dragged is not None:
                self._place(dragged, spot)
            return
        choice = self.choice()
        if choice is not None:
            self._place(choice, spot)

    def _placed_at(self, spot: Offset) -> Choice | None:
        """What the side placed in this step at a hex: the chosen one if it stands there, else
        the last counter set up there, else an allotted marker there."""
        from engine.tactical_gamex import setup_phase  # noqa: PLC0415

        game = self.game
        if game is None:
            return None
        state = game.state
        step = setup_phase.step(state)
        units = [u for u in step.units if state.units[u].hex == spot]
        markers = [("marker", (i, h)) for i, h in state.setup_markers if h == spot]
        choice = self.choice()
        if choice is not None and (
            (choice[0] == "unit" and choice[1] in units) or choice in markers
        ):
            return choice
        if units:
            return ("unit", units[-1])
        return markers[0] if markers else None

    def dropped(self, choice: Choice, spot: Offset) -> None:
        """A line of the list dropped on a hex: placed there as a click would place it."""
        if self.in_setup() and self.player is not None:
            self.choose(choice)
            self._place(choice, spot)

    def _place(self, choice: Choice, spot: Offset) -> None:
        from engine.tactical_gamex.orders import NoteTarget, PlaceMarker, PlaceUnit  # noqa: PLC0415

        assert self.player is not None
        if choice[0] == "target":
            self.player.give(NoteTarget(choice[1], spot))
        elif choice[0] == "unit":
            self.player.give(PlaceUnit(choice[1], spot))
        else:
            index, origin = choice[1]
            self.player.give(PlaceMarker(index, spot, origin))

    def _rest(self) -> None:
        from engine.tactical_gamex.orders import PlaceRest  # noqa: PLC0415

        if self.player is not None:
            self.player.give(PlaceRest())

    def _finish(self) -> None:
        from engine.tactical_gamex.orders import FinishSetup  # noqa: PLC0415

        if self.player is not None:
            self.player.give(FinishSetup())

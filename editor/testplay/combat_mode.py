"""Fire mode and Assault mode of the test-play Move tool: the hexes the selected unit may fire
at (direct and indirect told apart) or assault, the preview of the hovered target, and the order
given by a click [000 5.0-5.2, 6.0-6.2].

The Move tool hands its mouse input here while a mode is on; Escape or a right-click leaves the
mode. Everything shown comes from the session's engine game (`fire_targets`, `fire_preview`);
orders go through the session, which refuses what the rules forbid with the engine's reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QKeySequence, QPainter, QPen

from editor import icons
from editor.map.geometry import Frame
from editor.testplay.combat_preview import fire_rows
from engine.combat.fire import why_not
from engine.combat.fire_targets import why_cannot_fire
from engine.combat.kinds import CombatKind
from engine.game import Game
from engine.movement import IllegalMove

if TYPE_CHECKING:
    from editor.testplay.move_tool import TestPlayMoveTool

Offset = tuple[int, int]

FIRE = "fire"
ASSAULT = "assault"
TARGET_COLORS = {
    CombatKind.DIRECT_FIRE: QColor(230, 60, 40),
    CombatKind.INDIRECT_FIRE: QColor(240, 150, 20),
    CombatKind.ASSAULT: QColor(200, 40, 160),
}
"""Target hexes: red for direct fire, orange for indirect fire, magenta for assault."""
FIRE_TIP = (
    "Fire mode (F): the hexes the unit may fire at are outlined, red for direct fire, orange "
    "for indirect; hover one for the preview, click to fire. A fire cannot be taken back "
    "[000 5.1]"
)


def fire_refusal(game: Game | None, unit_id: str | None) -> str | None:
    """Why the unit may not fire now, the engine's sentence; None when it has a target."""
    if game is None or unit_id is None:
        return "select a unit of the side to move"
    unit = game.unit(unit_id)
    if game.is_over:
        return "the game is over"
    if unit.side is not game.phasing:
        return f"it is not the {unit.side.value} player turn"
    reason = why_cannot_fire(game.state, unit)
    if reason is not None:
        return reason
    if game.fire_targets(unit_id):
        return None
    return why_not(game.state, unit, unit.hex).replace(" in ", " within range of ", 1)


class CombatMode(QObject):
    """Which combat mode is on for the Move tool's unit, its targets and the hovered preview."""

    changed = Signal()
    """The mode, its targets or the preview changed: repaint, refresh the panel."""

    def __init__(self, tool: TestPlayMoveTool) -> None:
        super().__init__(tool)
        self.tool = tool
        self.kind: str | None = None
        """FIRE, ASSAULT or None (moving)."""
        self.targets: dict[Offset, CombatKind] = {}
        self.hovered: Offset | None = None
        self.title = ""
        self.rows: list[tuple[str, str]] = []
        """The preview of the hovered target; empty when none is."""
        self.fire_action = self._action("&Fire", "F", "crosshair", FIRE)
        self.actions = {FIRE: self.fire_action}
        """The mode's checkable actions (buttons of the Move options, keys of the window)."""
        self.refresh()

    def _action(self, text: str, key: str, icon: str, kind: str) -> QAction:
        action = QAction(icons.icon(icon), text, self)
        action.setShortcut(QKeySequence(key))
        action.setCheckable(True)
        action.toggled.connect(lambda on: self._toggled(kind, on))
        return action

    # State -------------------------------------------------------------------------------------

    @property
    def active(self) -> bool:
        """Whether a combat mode is on."""
        return self.kind is not None

    @property
    def game(self) -> Game | None:
        return self.tool.game

    def refresh(self) -> None:
        """After a change of game or unit: the buttons' state and tips, the targets, the
        preview; a mode the unit can no longer use is left."""
        game, unit_id = self.game, self.tool.unit_id
        refusal = fire_refusal(game, unit_id)
        self.fire_action.setEnabled(refusal is None)
        self.fire_action.setToolTip(FIRE_TIP if refusal is None else f"Cannot fire: {refusal}")
        if self.kind == FIRE and refusal is not None:
            self.leave()
            return
        self.targets = self._targets()
        self._preview(self.hovered)

    def _targets(self) -> dict[Offset, CombatKind]:
        game, unit_id = self.game, self.tool.unit_id
        if game is None or unit_id is None or self.kind is None:
            return {}
        return game.fire_targets(unit_id)

    def enter(self, kind: str) -> None:
        """Turn a mode on, as its button or key does; nothing when the unit may not."""
        action = self.actions[kind]
        if action.isEnabled():
            action.setChecked(True)

    def leave(self) -> None:
        """Back to moving."""
        if self.kind is not None:
            self.actions[self.kind].setChecked(False)

    def _toggled(self, kind: str, on: bool) -> None:
        if on:
            wanted: str | None = kind
        elif self.kind == kind:
            wanted = None
        else:
            return
        if wanted == self.kind:
            return
        self.kind = wanted
        for other, action in self.actions.items():
            if other != wanted and action.isChecked():
                action.blockSignals(True)
                action.setChecked(False)
                action.blockSignals(False)
        self.hovered = None
        self.targets = self._targets()
        self._preview(None)
        self.tool.message.emit(self.hint() if wanted else "Moving")

    def hint(self) -> str:
        """What to do now, for the status bar and the preview panel."""
        if not self.targets:
            return "No target in range"
        return (
            f"{len(self.targets)} hex{'es' if len(self.targets) != 1 else ''} to fire at: "
            "hover one for the preview, click to fire; Escape or a right-click to stop"
        )

    # Input -------------------------------------------------------------------------------------

    def hover(self, hex_: Offset | None) -> None:
        """Preview the target under the mouse."""
        if hex_ != self.hovered:
            self._preview(hex_)

    def click(self, hex_: Offset | None, *, control: bool = False) -> None:
        """Fire at a target hex; elsewhere say why not."""
        del control  # Ctrl+click gathers attackers in Assault mode only
        game, session, unit_id = self.game, self.tool.session, self.tool.unit_id
        if hex_ is None or game is None or session is None or unit_id is None:
            return
        if hex_ not in self.targets:
            self.tool.message.emit(why_not(game.state, game.unit(unit_id), game.hex_of(hex_)))
            return
        try:
            events = session.fire(unit_id, hex_)  # type: ignore[attr-defined]
        except IllegalMove as exc:
            self.tool.message.emit(str(exc))
            return
        self.tool.message.emit("; ".join(event.describe() for event in events[:2]))
        self.refresh()

    def _preview(self, hex_: Offset | None) -> None:
        self.hovered = hex_
        self.title, self.rows = "", []
        game, unit_id = self.game, self.tool.unit_id
        if game is not None and unit_id is not None and hex_ in self.targets:
            assert hex_ is not None
            preview = game.fire_preview(unit_id, hex_)
            if preview is not None:
                self.title = f"{unit_id} fires"
                self.rows = fire_rows(game, preview)
        self.changed.emit()

    # Drawing -----------------------------------------------------------------------------------

    def paint(self, painter: QPainter, frame: Frame) -> None:
        """Outline each target hex in the colour of its kind, the hovered one filled."""
        hexes = frame.hexes(margin=1)
        if hexes is None or not self.targets:
            return
        c0, c1, r0, r1 = hexes
        polygon = frame.geometry.hex_polygon(frame.zoom * 0.94)
        width = max(2.0, frame.zoom * 0.07)
        for hex_, kind in self.targets.items():
            if not (c0 <= hex_[0] <= c1 and r0 <= hex_[1] <= r1):
                continue
            color = TARGET_COLORS.get(kind, TARGET_COLORS[CombatKind.DIRECT_FIRE])
            fill = QColor(color)
            fill.setAlpha(110 if hex_ == self.hovered else 45)
            pen = QPen(color, width)
            if kind is CombatKind.INDIRECT_FIRE:
                pen.setStyle(Qt.PenStyle.DashLine)  # told apart without colour too
            painter.setPen(pen)
            painter.setBrush(QBrush(fill))
            painter.drawPolygon(polygon.translated(*frame.point(hex_)))

"""The test-play Move tool: pick a unit of the side to move, see where it can go this turn and
what each hex costs, preview the cheapest path, and move it by a click or a drag.

Everything it shows comes from the session's engine game (`legal_moves`, `path_to`); orders go
through the session, which refuses what the rules forbid with the engine's reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QWidget,
)

from editor.map.geometry import Frame
from editor.selection import Selection
from editor.testplay.combat_mode import CombatMode
from editor.testplay.deception_mode import paint_markers
from editor.testplay.move_panel import MovePanel
from editor.tools.base import MapTool, ToolEvent
from schemas.panzer_campaigns.scenario import Mode

if TYPE_CHECKING:
    from engine.panzer_campaigns.game import Game

Offset = tuple[int, int]

REACH_FILL = QColor(60, 150, 255, 70)
REACH_EDGE = QColor(40, 110, 220, 160)
PATH_COLOR = QColor(255, 214, 0)
PATH_CASING = QColor(20, 20, 20, 200)
UNIT_RING = QColor(255, 255, 255)
COST_ZOOM = 34.0
"""Zoom (pixels per hex) from which each reachable hex shows its cost."""


class TestPlayMoveTool(MapTool):
    """Select a unit of the side to move and move it across the hexes it can reach."""

    __test__ = False  # a class named Test... that pytest must not collect

    name = "testplay_move"
    label = "Move"
    shortcut = "M"
    tip = "Click a unit of the side to move, then a shaded hex (or drag the unit) to move it"

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.session: object | None = None
        self.unit_id: str | None = None
        """The unit the tool moves: the first selected unit of the side to move."""
        self._reach: dict[Offset, float] | None = None
        self.path: list[Offset] = []
        """The previewed path (start hex first), empty when none is shown."""
        self._pressed_at: Offset | None = None
        self._picked_on_press = False
        self._dragging = False
        self._panel: MovePanel | None = None
        self.combat = CombatMode(self)
        """Fire and Assault modes: while one is on, the mouse picks targets, not moves."""
        self.combat.changed.connect(self.preview_changed)
        selection.units_changed.connect(self._selection_changed)

    # Session -----------------------------------------------------------------------------------

    def set_session(self, session: object | None) -> None:
        """Play in another test-play session (None: none running)."""
        if self.session is not None:
            self.session.changed.disconnect(self._game_changed)  # type: ignore[attr-defined]
        self.session = session
        if session is not None:
            session.changed.connect(self._game_changed)  # type: ignore[attr-defined]
        self._game_changed()

    @property
    def game(self) -> Game | None:
        """The session's game (it is replaced when the session restarts)."""
        game: Game | None = getattr(self.session, "game", None)
        return game

    def _game_changed(self) -> None:
        self._reach = None
        self.path = []
        self._pick_from_selection()
        self.preview_changed.emit()

    def _selection_changed(self, _units: list[str]) -> None:
        self._pick_from_selection()

    def _pick_from_selection(self) -> None:
        """The moving unit follows the selection: its first unit that may move now."""
        game = self.game
        chosen = None
        if game is not None and not game.is_over:
            for unit_id in self.selection.units:
                unit = game.state.units.get(unit_id)
                if unit is not None and unit.on_map and unit.side is game.acting:
                    chosen = unit_id
                    break
        if chosen != self.unit_id:
            self.unit_id = chosen
            self._reach = None
            self.path = []
            self.preview_changed.emit()
        self.combat.refresh()
        if self._panel is not None:
            self._panel.refresh()

    # What the unit can do ----------------------------------------------------------------------

    def reachable(self) -> dict[Offset, float]:
        """The hexes the moving unit can reach this player turn, with their MP cost."""
        game = self.game
        if game is None or self.unit_id is None:
            return {}
        if self._reach is None:
            self._reach = game.legal_moves(self.unit_id)
        return self._reach

    def unit_hex(self) -> Offset | None:
        """Where the moving unit stands."""
        game = self.game
        if game is None or self.unit_id is None:
            return None
        return game.offset_of(game.unit(self.unit_id).hex)

    def mp_left(self) -> float:
        """The movement points the moving unit has left this player turn."""
        from engine.panzer_campaigns.movement import mp_left  # noqa: PLC0415

        game = self.game
        if game is None or self.unit_id is None:
            return 0.0
        return mp_left(game.state, game.unit(self.unit_id))

    def units_at(self, hex_: Offset) -> list[str]:
        """The ids of the side to move's units on a hex, in stacking order."""
        game = self.game
        if game is None:
            return []
        index = game.hex_of(hex_)
        return [u.id for u in game.state.units_at(index) if u.side is game.acting]

    # Input -------------------------------------------------------------------------------------

    def press(self, event: ToolEvent) -> None:
        self._pressed_at = event.hex
        self._picked_on_press = False
        self._dragging = False
        if event.hex is None or self.game is None:
            return
        if self.combat.active:
            self._pressed_at = None  # the release must not move the unit too
            self.combat.click(event.hex, control=event.control)
            return
        if event.hex in self.reachable():
            return  # a click here moves, on release
        mine = self.units_at(event.hex)
        if mine:
            self.selection.select_hex(event.hex)
            self.selection.select_units(mine)
            self._picked_on_press = True
            self._dragging = self.unit_id is not None
        elif self.unit_id is not None and event.hex != self.unit_hex():
            self._refuse(event.hex)
        else:
            self.selection.select_hex(event.hex)
            self.selection.select_units([])

    def move(self, event: ToolEvent) -> None:
        if self._dragging:
            self._preview_path(event.hex)

    def release(self, event: ToolEvent) -> None:
        target = event.hex
        pressed_at, self._pressed_at = self._pressed_at, None
        dragged, self._dragging = self._dragging, False
        if target is None or self.unit_id is None:
            return
        if dragged:
            if target != pressed_at:
                self._move_to(target)
        elif target == pressed_at and not self._picked_on_press and target in self.reachable():
            self._move_to(target)

    def hover(self, event: ToolEvent) -> None:
        if self.combat.active:
            self.combat.hover(event.hex)
            return
        self._preview_path(event.hex)

    def secondary_click(self, event: ToolEvent) -> None:
        """A right-click leaves Fire or Assault mode."""
        self.combat.leave()

    def cancel(self) -> None:
        if self.combat.active:  # Escape leaves the mode first, the selection next
            self.combat.leave()
            return
        self._pressed_at = None
        self._dragging = False
        self.path = []
        if self.unit_id is not None or self.selection.units:
            self.selection.select_units([])
        self.preview_changed.emit()

    def _preview_path(self, hex_: Offset | None) -> None:
        from engine.panzer_campaigns.mp_text import cost_text, left_text  # noqa: PLC0415

        game = self.game
        path: list[Offset] = []
        if game is not None and self.unit_id is not None and hex_ in self.reachable():
            assert hex_ is not None
            path = game.path_to(self.unit_id, hex_, this_turn=True)
            left = self.mp_left() - self.reachable()[hex_]
            self.message.emit(
                f"{self.unit_id} to {hex_[0]},{hex_[1]}: "
                f"{cost_text(self.reachable()[hex_])} MP, {left_text(left)} left"
            )
        if path != self.path:
            self.path = path
            self.preview_changed.emit()

    def _move_to(self, target: Offset) -> None:
        from engine.panzer_campaigns.movement import IllegalMove  # noqa: PLC0415

        game, session, unit_id = self.game, self.session, self.unit_id
        assert game is not None
        assert session is not None
        assert unit_id is not None
        path = game.path_to(unit_id, target, this_turn=True)
        if not path:
            self._refuse(target)
            return
        try:
            session.move(unit_id, path)  # type: ignore[attr-defined]
        except IllegalMove as exc:
            self.message.emit(str(exc))
            return
        self.path = []
        self.selection.select_hex(target)
        self.message.emit(f"{unit_id} moved to {target[0]},{target[1]}")
        self.preview_changed.emit()

    def _refuse(self, target: Offset) -> None:
        """Say why the moving unit cannot go to a hex: the engine's reason for the cheapest
        path beyond this turn, or that no path reaches it."""
        from engine.panzer_campaigns.movement import IllegalMove  # noqa: PLC0415
        from engine.panzer_campaigns.movement_steps import describe  # noqa: PLC0415

        game, session, unit_id = self.game, self.session, self.unit_id
        assert game is not None
        assert session is not None
        assert unit_id is not None
        path = game.path_to(unit_id, target, this_turn=False)
        if not path:
            self.message.emit(
                f"{describe(game.unit(unit_id))} cannot reach {target[0]},{target[1]}: "
                "no path leads there"
            )
            return
        try:
            session.move(unit_id, path)  # type: ignore[attr-defined]
        except IllegalMove as exc:
            self.message.emit(str(exc))
            return
        # The engine allowed a path legal_moves did not list (it should not happen); the
        # move is made, as the tester asked for it.
        self.message.emit(f"{unit_id} moved to {target[0]},{target[1]}")

    def change_mode(self, mode: Mode) -> None:
        """Put the moving unit in another mode; the engine's reason when it may not."""
        from engine.panzer_campaigns.movement import IllegalMove  # noqa: PLC0415

        if self.session is None or self.unit_id is None:
            return
        try:
            self.session.change_mode(self.unit_id, mode)  # type: ignore[attr-defined]
        except IllegalMove as exc:
            self.message.emit(str(exc))
            if self._panel is not None:
                self._panel.refresh()
            return
        self.message.emit(f"{self.unit_id} is in {mode.value} mode")

    def recon_spot(self) -> None:
        """The moving unit tries Recon Spotting; the engine's reason when it may not."""
        from engine.panzer_campaigns.movement import IllegalMove  # noqa: PLC0415

        if self.session is None or self.unit_id is None:
            return
        try:
            events = self.session.recon_spot(self.unit_id)  # type: ignore[attr-defined]
        except IllegalMove as exc:
            self.message.emit(str(exc))
            return
        self.message.emit(events[0].describe())

    def unit_action(self, action: str) -> None:
        """The moving unit digs in, combines with every unit of its battalion on its hex (as
        the game's Alt + Combine does) or breaks down [000 4.9], takes the next unit of its hex
        aboard or sets its passengers down [001 Carry/Uncarry], patrols [000 4.2] or damages
        the railway [000 4.4]; the
        engine's reason when it may not."""
        from engine.panzer_campaigns.movement import IllegalMove  # noqa: PLC0415

        session, unit_id = self.session, self.unit_id
        if session is None or unit_id is None:
            return
        try:
            if action == "dig_in":
                events = session.dig_in(unit_id)  # type: ignore[attr-defined]
            elif action == "combine":
                others = session.game.combinable(unit_id)  # type: ignore[attr-defined]
                events = session.combine([unit_id, *others])  # type: ignore[attr-defined]
            elif action == "carry":
                aboard = session.game.carriable(unit_id)  # type: ignore[attr-defined]
                events = session.carry(unit_id, aboard[:1])  # type: ignore[attr-defined]
            elif action == "uncarry":
                events = session.uncarry(unit_id)  # type: ignore[attr-defined]
            elif action == "patrol":
                events = session.patrol(unit_id)  # type: ignore[attr-defined]
            elif action == "damage_rail":
                events = session.damage_rail(unit_id)  # type: ignore[attr-defined]
            else:
                events = session.break_down(unit_id)  # type: ignore[attr-defined]
        except IllegalMove as exc:
            self.message.emit(str(exc))
            return
        self.message.emit(events[0].describe())

    # Drawing -----------------------------------------------------------------------------------

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        game = self.game
        if game is not None:  # the side to move's own deception markers [000 4.3]
            paint_markers(painter, frame, game.deception_markers())
        start = self.unit_hex()
        if start is None:
            if self.combat.active:  # the Air mode flies from off the map: no unit selected
                painter.save()
                painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
                self.combat.paint(painter, frame)
                painter.restore()
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self.combat.active:
            self.combat.paint(painter, frame)
        else:
            self._paint_reach(painter, frame)
        x, y = frame.point(start)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(UNIT_RING, max(2.0, frame.zoom * 0.06)))
        painter.drawPolygon(frame.geometry.hex_polygon(frame.zoom * 0.92).translated(x, y))
        if len(self.path) > 1 and not self.combat.active:
            self._paint_path(painter, frame)
        painter.restore()

    def _paint_reach(self, painter: QPainter, frame: Frame) -> None:
        from engine.panzer_campaigns.mp_text import cost_text  # noqa: PLC0415

        hexes = frame.hexes(margin=1)
        if hexes is None:
            return
        c0, c1, r0, r1 = hexes
        polygon = frame.geometry.hex_polygon(frame.zoom)
        shown = [
            (h, cost)
            for h, cost in self.reachable().items()
            if c0 <= h[0] <= c1 and r0 <= h[1] <= r1
        ]
        painter.setPen(QPen(REACH_EDGE, 1.0))
        painter.setBrush(QBrush(REACH_FILL))
        for hex_, _ in shown:
            painter.drawPolygon(polygon.translated(*frame.point(hex_)))
        if frame.zoom < COST_ZOOM:
            return
        font = QFont(painter.font())
        font.setPixelSize(max(9, round(frame.zoom * 0.17)))
        font.setBold(True)
        painter.setFont(font)
        for hex_, cost in shown:
            x, y = frame.point(hex_)
            # Along the hex's top edge, above where a counter stands.
            box = QRectF(x - frame.zoom / 2, y - frame.zoom * 0.5, frame.zoom, frame.zoom * 0.22)
            _halo_text(painter, box, cost_text(cost), QColor(255, 255, 255))

    def _paint_path(self, painter: QPainter, frame: Frame) -> None:
        from engine.panzer_campaigns.mp_text import left_text  # noqa: PLC0415

        points = [QPointF(*frame.point(h)) for h in self.path]
        line = QPainterPath(points[0])
        for point in points[1:]:
            line.lineTo(point)
        width = max(3.0, frame.zoom * 0.1)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for color, thick in ((PATH_CASING, width + 3), (PATH_COLOR, width)):
            pen = QPen(color, thick)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.drawPath(line)
        end = points[-1]
        painter.setPen(QPen(PATH_CASING, 1.5))
        painter.setBrush(PATH_COLOR)
        painter.drawEllipse(end, width * 1.4, width * 1.4)
        left = max(0.0, self.mp_left() - self.reachable().get(self.path[-1], 0.0))
        font = QFont(painter.font())
        font.setPixelSize(max(11, round(frame.zoom * 0.24)))
        font.setBold(True)
        painter.setFont(font)
        text = f"{left_text(left)} MP left"
        width_px = painter.fontMetrics().horizontalAdvance(text) + 10
        height_px = painter.fontMetrics().height() + 4
        box = QRectF(
            end.x() - width_px / 2, end.y() - frame.zoom * 0.55 - height_px, width_px, height_px
        )
        painter.setPen(QPen(PATH_CASING, 1.0))
        painter.setBrush(QColor(30, 30, 30, 220))
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(PATH_COLOR)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    # Options -----------------------------------------------------------------------------------

    def options(self) -> QWidget | None:
        if self._panel is None:
            self._panel = MovePanel(self)
        return self._panel

    @property
    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.PointingHandCursor


def _halo_text(painter: QPainter, box: QRectF, text: str, color: QColor) -> None:
    """Text readable on any terrain: dark outline, light fill."""
    painter.setPen(QColor(0, 0, 0, 220))
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        painter.drawText(box.translated(dx, dy), Qt.AlignmentFlag.AlignCenter, text)
    painter.setPen(color)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

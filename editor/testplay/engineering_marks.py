"""Engineers' work on the test-play map [000 7.2-7.4]: a bridge under construction is a dashed
bar across its hexside (or over its water hex), a built bridge a solid one; a badge at the
counter's upper left names the work under way (BR building, DM dismantling, WR wiring, LM laying
mines, CM clearing mines, CR clearing rubble, HB has bridge). Hex Info adds the work and its
chance a turn. Under Fog of War only the side's own works are drawn."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from editor.map.geometry import Frame
from engine.panzer_campaigns.engineering.works import WorkKind

if TYPE_CHECKING:
    from engine.panzer_campaigns.game import Game

Offset = tuple[int, int]

WORK_COLOR = QColor(230, 140, 20)
BRIDGE_COLOR = QColor(120, 80, 40)
BADGES = {
    WorkKind.BUILD_BRIDGE: "BR",
    WorkKind.PONTOON: "BR",
    WorkKind.DISMANTLE: "DM",
    WorkKind.WIRE: "WR",
    WorkKind.LAY_MINES: "LM",
    WorkKind.CLEAR_RUBBLE: "CR",
}


@dataclass(frozen=True, slots=True)
class EngineeringMarks:
    """What the map draws: badges by hex, and bars from a hex towards another (built or not)."""

    badges: dict[Offset, str]
    bars: list[tuple[Offset, Offset, bool]]
    """(from hex, towards hex, built) for each bridge built or under construction."""


def engineering_marks(game: Game, shown: Collection[str]) -> EngineeringMarks:
    """The marks of the units in `shown` (the side's own under Fog of War)."""
    from engine.panzer_campaigns.engineering.bridges import live_bridges  # noqa: PLC0415
    from engine.panzer_campaigns.engineering.mines import is_clearing  # noqa: PLC0415

    state, board = game.state, game.state.board
    badges: dict[Offset, str] = {}
    bars: list[tuple[Offset, Offset, bool]] = []
    for unit_id, work in state.engineering.works.items():
        unit = state.units[unit_id]
        if unit_id not in shown or not unit.on_map:
            continue
        here = board.offset(unit.hex)
        badges[here] = BADGES[work.kind]
        if work.kind is WorkKind.BUILD_BRIDGE:
            bars.append((here, board.offset(board.neighbors[work.target]), False))
        elif work.kind is WorkKind.PONTOON:
            bars.append((here, board.offset(work.target), False))
    for bridge in live_bridges(state):
        if bridge.engineer not in shown:
            continue
        far = bridge.target if bridge.pontoon else board.neighbors[bridge.target]
        bars.append((board.offset(bridge.hex), board.offset(far), True))
        where = board.offset(state.units[bridge.engineer].hex)
        badges.setdefault(where, "HB")
    for unit in state.iter_units():
        if unit.id in shown and is_clearing(state, unit):
            badges.setdefault(board.offset(unit.hex), "CM")
    return EngineeringMarks(badges, bars)


def engineering_notes(game: Game, unit_id: str, viewer: object = None) -> list[str]:
    """What Hex Info adds to a unit: its work under way with the chance a turn, its bridge."""
    unit = game.state.units.get(unit_id)
    if unit is None or (viewer is not None and unit.side is not viewer):
        return []
    notes = []
    work = game.work_of(unit_id)
    if work is not None:
        notes.append(f"{work[0]} ({work[1]:.0%} a turn)")
    if unit_id in game.state.engineering.bridges:
        notes.append("Has Bridge")
    if unit_id in game.state.engineering.no_bridge:
        notes.append("NO BRIDGE")
    return notes


def paint_engineering(
    painter: QPainter, frame: Frame, marks: EngineeringMarks, visible: Callable[[Offset], bool]
) -> None:
    """Bars across bridged hexsides (dashed while under construction) and work badges."""
    if not marks.badges and not marks.bars:
        return
    painter.save()
    width = max(3.0, frame.zoom * 0.12)
    for start, end, built in marks.bars:
        if not (visible(start) or visible(end)):
            continue
        a, b = QPointF(*frame.point(start)), QPointF(*frame.point(end))
        # The bar spans the shared hexside, across the middle of the two centres.
        mid = (a + b) / 2
        along = (b - a) * 0.35
        pen = QPen(BRIDGE_COLOR if built else WORK_COLOR, width)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        if not built:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(mid - along, mid + along)
    size = max(9.0, frame.zoom * 0.22)
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(max(8, round(size * 0.75)))
    painter.setFont(font)
    for hex_, text in marks.badges.items():
        if not visible(hex_):
            continue
        x, y = frame.point(hex_)
        box_width = max(size, painter.fontMetrics().horizontalAdvance(text) + 4)
        box = QRectF(x - frame.zoom * 0.3, y - frame.zoom * 0.3, box_width, size)
        painter.setPen(QPen(QColor(20, 20, 20), 1.0))
        painter.setBrush(WORK_COLOR if text != "HB" else BRIDGE_COLOR)
        painter.drawRoundedRect(box, 2, 2)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()

"""The CARRYING mark of the test-play map [001 "Carry/Uncarry"]: a small badge at the foot of a
counter that carries units, with how many it carries, so the passengers riding under it are not
forgotten; Hex Info names them."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from editor.map.geometry import Frame

if TYPE_CHECKING:
    from engine.panzer_campaigns.game import Game

Offset = tuple[int, int]

CARRY_COLOR = QColor(40, 140, 90)


def carry_marks(game: Game, shown: Collection[str]) -> dict[Offset, int]:
    """How many units the carriers of each hex carry, for the carriers in `shown` (under Fog
    of War the enemy's passengers are not known: only the side's own carriers count then)."""
    marks: dict[Offset, int] = {}
    for unit in game.iter_units():
        if unit.carrying and unit.id in shown:
            hex_ = game.offset_of(unit.hex)
            marks[hex_] = marks.get(hex_, 0) + len(unit.carrying)
    return marks


def carry_notes(game: Game, unit_id: str, viewer: object = None) -> list[str]:
    """What Hex Info adds to a unit's state: "carrying B, C" or "rides on T" (none for the
    enemy's units under Fog of War, whose passengers the side does not know)."""
    unit = game.state.units.get(unit_id)
    if unit is None or (viewer is not None and unit.side is not viewer):
        return []
    notes = []
    if unit.carrying:
        notes.append("carrying " + ", ".join(unit.carrying))
    if unit.carried_by is not None:
        notes.append(f"rides on {unit.carried_by}")
    if unit.vulnerable:
        notes.append("vulnerable (hedge row)")
    return notes


def paint_carry(
    painter: QPainter, frame: Frame, marks: dict[Offset, int], visible: Callable[[Offset], bool]
) -> None:
    """A green "C" badge (with the count when more than one) at the counter's lower right."""
    if not marks:
        return
    painter.save()
    size = max(9.0, frame.zoom * 0.22)
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(max(8, round(size * 0.8)))
    painter.setFont(font)
    for hex_, count in marks.items():
        if not visible(hex_):
            continue
        x, y = frame.point(hex_)
        text = "C" if count == 1 else f"C{count}"
        width = max(size, painter.fontMetrics().horizontalAdvance(text) + 4)
        box = QRectF(x + frame.zoom * 0.3 - width, y + frame.zoom * 0.3 - size, width, size)
        painter.setPen(QPen(QColor(20, 20, 20), 1.0))
        painter.setBrush(CARRY_COLOR)
        painter.drawRoundedRect(box, 2, 2)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()

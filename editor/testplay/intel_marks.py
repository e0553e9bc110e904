"""Intel markers on the test-play map [001 1.1 #31]: under Fog of War, where the side to move
last saw enemy units that went out of its sight, drawn as faded counters in the enemy's colour,
with the unit's name when it was identified ("?" for an Unknown) and the turn it was last seen.
The engine keeps them (`engine.panzer_campaigns.intel`, Panzer Battles only); `TestPlayOverlays`
paints them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from editor import symbols
from editor.map.geometry import Frame
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.game import Game

Offset = tuple[int, int]

FADE = 0.35
"""The opacity of a marker: a memory, not a counter."""


@dataclass(frozen=True, slots=True)
class IntelMark:
    """One marker as the map draws it."""

    hex: Offset
    label: str
    """The unit's name when it was identified, else "?"."""
    turn: int


def intel_marks(game: Game, viewer: Side) -> list[IntelMark]:
    """`viewer`'s intel markers, one per hex (the latest seen there first, then by name)."""
    from engine.panzer_campaigns.sightings import Sight  # noqa: PLC0415

    found: dict[Offset, IntelMark] = {}
    for marker in sorted(game.intel_markers(viewer), key=lambda m: -m.turn):
        hex_ = game.offset_of(marker.hex)
        if hex_ in found:
            continue
        unit = game.unit(marker.unit)
        label = (unit.unit.name or unit.id) if marker.grade is Sight.SPOTTED else "?"
        found[hex_] = IntelMark(hex_, label, marker.turn)
    return sorted(found.values(), key=lambda m: m.hex)


def paint_intel(
    painter: QPainter,
    frame: Frame,
    marks: list[IntelMark],
    viewer: Side,
    visible: Callable[[Offset], bool],
) -> None:
    """A faded counter with its label and "T<turn>" at each marker's hex."""
    from engine.panzer_campaigns.state import other_side  # noqa: PLC0415

    size = frame.zoom * 0.6
    font = QFont(painter.font())
    font.setPixelSize(max(7, round(size * 0.22)))
    painter.setFont(font)
    color = QColor(symbols.side_color(other_side(viewer)))
    painter.save()
    painter.setOpacity(FADE)
    for mark in marks:
        if not visible(mark.hex):
            continue
        x, y = frame.point(mark.hex)
        box = QRectF(x - size / 2, y - size / 2, size, size)
        pen = QPen(QColor(20, 20, 20), max(1.0, frame.zoom * 0.03))
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(color)
        painter.drawRoundedRect(box, size * 0.1, size * 0.1)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, f"{mark.label[:8]}\nT{mark.turn}")
    painter.restore()

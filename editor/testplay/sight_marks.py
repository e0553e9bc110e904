"""Sight on the test-play map: what a unit at the selected hex would see this turn (seen hexes
lit, blocked ones dimmed, within visibility), the "?" counters of enemy units the side to move
sees only as Unknown under Fog of War, and without it how the side to move sees each enemy
counter drawn (a veil where it sees none, a "?" badge where only as Unknown) [000 4.8, 5.0].

Painted by `TestPlayOverlays`; what is seen comes from the engine (`Game.sight_from`,
`Game.spotting`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from editor import symbols
from editor.map.geometry import Frame
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.game import Game
    from engine.panzer_campaigns.sightings import Sight

Offset = tuple[int, int]

SEEN_COLOR = QColor(255, 240, 120, 90)
"""Hexes in sight: a light yellow wash the terrain shows through."""
BLOCKED_COLOR = QColor(20, 20, 40, 120)
"""Hexes within visibility that the line of sight does not reach: dimmed."""
UNSEEN_COLOR = QColor(235, 235, 235, 150)
"""Without Fog of War, a veil over enemy counters the side to move does not see."""
UNKNOWN_TEXT = "?"
SPOTTED_COLOR = QColor(60, 150, 70)
"""The badge of an enemy counter the side to move has spotted: it sees the unit itself."""


def sight_area(game: Game, hex_: Offset) -> dict[Offset, bool]:
    """Every hex within this turn's visibility of `hex_`, and whether a unit there sees it."""
    return game.sight_from(hex_)


def unknown_hexes(game: Game, viewer: Side) -> list[Offset]:
    """Where `viewer` sees enemy units only as Unknown (no enemy spotted in detail there)."""
    from engine.panzer_campaigns.sightings import Sight  # noqa: PLC0415

    seen = game.spotting(viewer)
    detailed = {s.hex for s in seen.values() if s.grade is Sight.SPOTTED}
    unknown = {s.hex for s in seen.values() if s.grade is Sight.UNKNOWN} - detailed
    return sorted(game.offset_of(h) for h in unknown)


def enemy_sightings(game: Game, viewer: Side) -> dict[Offset, Sight | None]:
    """How `viewer` sees each hex holding enemy units: the best grade of its sightings of the
    units there, None when it sees none of them."""
    from engine.panzer_campaigns.state import other_side  # noqa: PLC0415

    seen = game.spotting(viewer)
    marks: dict[Offset, Sight | None] = {}
    for unit in game.iter_units(other_side(viewer)):
        hex_ = game.offset_of(unit.hex)
        sighting = seen.get(unit.id)
        grade = sighting.grade if sighting is not None and sighting.hex == unit.hex else None
        best = marks.get(hex_)
        if best is None:
            marks[hex_] = grade
        elif grade is not None:
            marks[hex_] = best | grade
    return marks


def paint_enemy_sightings(
    painter: QPainter,
    frame: Frame,
    marks: dict[Offset, Sight | None],
    visible: Callable[[Offset], bool],
) -> None:
    """A veil over enemy counters the side to move does not see, a "?" badge in the corner of
    those it sees only as Unknown, and an eye badge on those it has spotted."""
    from engine.panzer_campaigns.sightings import Sight  # noqa: PLC0415

    veil = frame.geometry.hex_polygon(frame.zoom * 0.85)
    radius = max(4.0, frame.zoom * 0.14)
    font = QFont(painter.font())
    font.setPixelSize(max(8, round(radius * 1.5)))
    font.setBold(True)
    painter.setFont(font)
    for hex_, grade in marks.items():
        if not visible(hex_):
            continue
        x, y = frame.point(hex_)
        if grade is Sight.SPOTTED:
            _paint_eye(painter, frame, x, y, radius)
            continue
        if grade is None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(UNSEEN_COLOR)
            painter.drawPolygon(veil.translated(x, y))
            continue
        box = QRectF(
            x - frame.zoom * 0.3 - radius, y - frame.zoom * 0.3 - radius, 2 * radius, 2 * radius
        )
        painter.setPen(QPen(QColor(20, 20, 20), 1.0))
        painter.setBrush(QColor(250, 250, 250))
        painter.drawEllipse(box)
        painter.setPen(QColor(20, 20, 20))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, UNKNOWN_TEXT)


def _paint_eye(painter: QPainter, frame: Frame, x: float, y: float, radius: float) -> None:
    """The "spotted" badge: an eye in the corner where an Unknown's "?" goes."""
    box = QRectF(
        x - frame.zoom * 0.3 - radius, y - frame.zoom * 0.3 - radius, 2 * radius, 2 * radius
    )
    painter.setPen(QPen(QColor(20, 20, 20), 1.0))
    painter.setBrush(SPOTTED_COLOR)
    painter.drawEllipse(box)
    eye = box.adjusted(radius * 0.35, radius * 0.65, -radius * 0.35, -radius * 0.65)
    painter.setBrush(QColor(255, 255, 255))
    painter.drawEllipse(eye)
    painter.setBrush(QColor(20, 20, 20))
    pupil = radius * 0.28
    painter.drawEllipse(box.center(), pupil, pupil)


def paint_sight(
    painter: QPainter,
    frame: Frame,
    area: dict[Offset, bool],
    visible: Callable[[Offset], bool],
) -> None:
    """Light the hexes in sight and dim the blocked ones."""
    polygon = frame.geometry.hex_polygon(frame.zoom)
    painter.setPen(Qt.PenStyle.NoPen)
    for hex_, clear in area.items():
        if visible(hex_):
            painter.setBrush(SEEN_COLOR if clear else BLOCKED_COLOR)
            painter.drawPolygon(polygon.translated(*frame.point(hex_)))


def paint_unknowns(
    painter: QPainter,
    frame: Frame,
    hexes: list[Offset],
    viewer: Side,
    visible: Callable[[Offset], bool],
) -> None:
    """A plain counter with a "?" in the enemy's colour at each Unknown's hex."""
    from engine.panzer_campaigns.state import other_side  # noqa: PLC0415

    size = frame.zoom * 0.6
    font = QFont(painter.font())
    font.setPixelSize(max(8, round(size * 0.7)))
    font.setBold(True)
    painter.setFont(font)
    color = symbols.side_color(other_side(viewer))
    for hex_ in hexes:
        if not visible(hex_):
            continue
        x, y = frame.point(hex_)
        box = QRectF(x - size / 2, y - size / 2, size, size)
        painter.setPen(QPen(QColor(20, 20, 20), max(1.0, frame.zoom * 0.03)))
        painter.setBrush(color)
        painter.drawRoundedRect(box, size * 0.1, size * 0.1)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, UNKNOWN_TEXT)

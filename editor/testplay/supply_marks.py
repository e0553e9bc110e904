"""Supply on the test-play map: the colour bands of Local Supply Values, the supply area tint
and the line of communication from the selected hex to its source [000 10.1, 10.4].

Painted by `TestPlayOverlays`; the values come from the engine's cached supply map.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from editor.map.geometry import Frame
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.game import Game

Offset = tuple[int, int]


def supply_notes(game: Game, unit_id: str, viewer: object = None) -> list[str]:
    """What Hex Info adds to a supply unit under Explicit Supply [000 10.4]: its range now, or
    Unavailable in Travel or Rail Mode (not for the enemy's units under Fog of War)."""
    from engine.panzer_campaigns.explicit_supply import supply_unit_notes  # noqa: PLC0415

    unit = game.state.units.get(unit_id)
    if unit is None or (viewer is not None and unit.side is not viewer):
        return []
    return supply_unit_notes(game.state, unit)


SUPPLY_BANDS: tuple[tuple[int, QColor, str], ...] = (
    (0, QColor("#e01e1e"), "Isolated (0)"),
    (1, QColor("#f07d1e"), "1-24"),
    (25, QColor("#f3d23c"), "25-49"),
    (50, QColor("#9bd84a"), "50-74"),
    (75, QColor("#2fb84a"), "75-100"),
)
"""(lowest value, colour, legend) of each Local Supply Value band, from isolated up."""
AREA_ALPHA = 80
"""Opacity (of 255) of the supply area tint: light enough to read the map through."""
AREA_IMAGE_HEXES = 8000
"""From this many hexes in view the supply area is drawn as one scaled image, not hex by hex."""
LINE_COLOR = QColor("#123c8c")
"""The selected hex's supply line: a dark blue that stands out on terrain and on the tint."""
ISOLATED_COLOR = QColor("#e01e1e")
LABEL_HEIGHT = 18
"""Height in pixels of the small labels (11 px bold text and its margin)."""


def supply_color(value: int) -> QColor:
    """The colour of a Local Supply Value's band."""
    color = SUPPLY_BANDS[0][1]
    for low, band_color, _ in SUPPLY_BANDS:
        if value >= low:
            color = band_color
    return QColor(color)


def supply_band(value: int) -> int:
    """The number of a Local Supply Value's band in SUPPLY_BANDS, from 1 (isolated) up."""
    return sum(1 for low, _, _ in SUPPLY_BANDS if value >= low) or 1


@dataclass(frozen=True)
class SupplyLineMark:
    """The line that supplies the selected hex for the side holding it (the side to move when
    nobody does), and what it carries."""

    side: Side
    hex: Offset
    value: float
    """The hex's Local Supply Value (hundredths under Virtual Supply Trucks)."""
    source: str | None
    """The supply source's id; None for map-edge supply."""
    source_value: int
    """The source's value now (the side's Global value for map-edge supply)."""
    hexes: tuple[Offset, ...]
    """From the hex to the source or edge hex; empty when no line reaches it."""
    held: bool = False
    """Whether units of `side` stand in the hex: only units are Isolated, an empty hex is
    merely out of reach."""
    naval: bool = False
    """Whether only naval units of `side` stand in the hex: they use half the Global value
    wherever they are [000 10.2], whatever line reaches the hex."""

    @property
    def isolated(self) -> bool:
        """Whether the hex holds units of the side that no line of communication reaches
        (naval units never are Isolated [000 10.2])."""
        return self.held and not self.naval and not self.hexes


def line_mark(game: Game, hex_: Offset) -> SupplyLineMark:
    """The supply line of a hex, with the values it carries, for the side whose units hold it:
    an enemy's hex shows the enemy's line (or that the enemy there is Isolated), never the side
    to move's failure to trace a line into it."""
    from engine.panzer_campaigns.supply import local_supply  # noqa: PLC0415

    where = game.hex_of(hex_)
    holder = game.state.side_at(where)
    side = holder or game.phasing
    held = holder is not None
    values = local_supply(game.state, side)
    if where in values.naval_hexes:
        return SupplyLineMark(side, hex_, values.naval_value, None, 0, (), held, naval=True)
    found = game.supply_line(side, hex_)
    if found is None:
        return SupplyLineMark(side, hex_, 0.0, None, 0, (), held)
    source, hexes = found
    state = game.state
    source_value = (
        state.source_values.get(source, 0) if source is not None else state.global_supply[side]
    )
    exact = values.exact_value(where)
    return SupplyLineMark(side, hex_, exact, source, source_value, tuple(hexes), held)


def paint_line(painter: QPainter, frame: Frame, mark: SupplyLineMark) -> None:
    """The supply line hex centre to hex centre over a white halo, a dot at the selected hex
    and a disc in the source's band colour with its name and value at the far end."""
    zoom = frame.zoom
    start = QPointF(*frame.point(mark.hex))
    if not mark.hexes:
        if mark.isolated:
            _label(painter, start + QPointF(0, -zoom * 0.55), "Isolated", ISOLATED_COLOR)
        return
    points = QPolygonF([QPointF(*frame.point(h)) for h in mark.hexes])
    halo = QPen(QColor(255, 255, 255, 215), max(5.0, zoom * 0.16))
    line = QPen(LINE_COLOR, max(2.5, zoom * 0.07))
    for pen in (halo, line):
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolyline(points)
    dot = max(3.0, zoom * 0.09)
    painter.setPen(QPen(QColor(255, 255, 255), 1.5))
    painter.setBrush(LINE_COLOR)
    painter.drawEllipse(start, dot, dot)
    end = points.last()
    radius = max(6.0, zoom * 0.2)
    painter.setPen(QPen(LINE_COLOR, 2.0))
    painter.setBrush(supply_color(mark.source_value))
    painter.drawEllipse(end, radius, radius)
    name = f"Source {mark.source}" if mark.source is not None else "Map edge"
    # Below the disc: arrival badges, often at the same hex, sit above theirs.
    below = end + QPointF(0, radius + LABEL_HEIGHT + 4)
    _label(painter, below, f"{name} ({mark.source_value})", LINE_COLOR)


def _label(painter: QPainter, anchor: QPointF, text: str, edge: QColor) -> None:
    """A small white label with a coloured border, centred above `anchor`."""
    font = QFont(painter.font())
    font.setPixelSize(11)
    font.setBold(True)
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    width, height = metrics.horizontalAdvance(text) + 10, metrics.height() + 4
    box = QRectF(anchor.x() - width / 2, anchor.y() - height, width, height)
    path = QPainterPath()
    path.addRoundedRect(box, 4, 4)
    painter.setPen(QPen(edge, 1.5))
    painter.setBrush(QColor(255, 255, 255, 235))
    painter.drawPath(path)
    painter.setPen(QColor(25, 25, 25))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def area_image(game: Game) -> QImage:
    """The supply area of the side to move as an image of the whole map: one pixel column per
    map column, two pixel rows per hex row so staggered columns sit half a hex lower; each
    pixel holds the band of its hex (0, clear, where water or impassable terrain never carries
    supply)."""
    from engine.panzer_campaigns.supply import local_supply  # noqa: PLC0415
    from engine.panzer_campaigns.supply_network import Fill, SupplyNetwork  # noqa: PLC0415

    state = game.state
    board = state.board
    width, height = board.width, board.height
    values = local_supply(state, game.phasing)
    blocked = SupplyNetwork.of(board).blocked
    fill = values.fill
    if isinstance(fill, Fill):
        rank_bands = [supply_band(0)] * 2 + [supply_band(v) for _, v in values.sources]
        owner = fill.owner
        bands = bytearray(
            0 if stop else rank_bands[owner[node]]
            for node, stop in zip(fill.node, blocked, strict=False)
        )
        for hex_index in values.ferried:
            bands[hex_index] = supply_band(values.value(hex_index))
    else:
        bands = bytearray(
            0 if blocked[h] else supply_band(values.value(h)) for h in range(board.size)
        )
    lower = 1 if board.grid.shifted == "odd" else 0
    upper = 1 - lower
    stride = (width + 3) // 4 * 4
    rows = 2 * height + 1
    pixels = bytearray(stride * rows)
    for hex_row in range(height):
        hexes = bands[hex_row * width : hex_row * width + width]
        for pixel_row, first in ((2 * hex_row, upper), (2 * hex_row + 1, upper)):
            at = pixel_row * stride
            pixels[at + first : at + width : 2] = hexes[first::2]
        for pixel_row in (2 * hex_row + 1, 2 * hex_row + 2):
            at = pixel_row * stride
            pixels[at + lower : at + width : 2] = hexes[lower::2]
    image = QImage(bytes(pixels), width, rows, stride, QImage.Format.Format_Indexed8)
    colors = [QColor(0, 0, 0, 0).rgba()]
    for _, color, _ in SUPPLY_BANDS[:-1]:
        tint = QColor(color)
        tint.setAlpha(AREA_ALPHA)
        colors.append(tint.rgba())
    colors.append(colors[0])  # full supply stays clear, as in `paint_area`
    image.setColorTable(colors)
    return image.copy()  # detached from the buffer above


def _draw_area_image(painter: QPainter, frame: Frame, image: QImage) -> None:
    if image.isNull():
        return
    geometry = frame.geometry
    step = geometry.column_step
    left = geometry.column_x[0] - step / 2
    top = min(geometry.column_y) - 0.5
    target = QRectF(
        left * frame.zoom + frame.shift_x,
        top * frame.zoom + frame.shift_y,
        image.width() * step * frame.zoom,
        image.height() * 0.5 * frame.zoom,
    )
    painter.drawImage(target, image)


def paint_area(painter: QPainter, frame: Frame, game: Game, image: Callable[[], QImage]) -> None:
    """The supply area tint of the side to move, below the badges: hex by hex from the cached
    supply map for the hexes in view, or, zoomed far out, as the whole-map `image` scaled.
    The top band (full supply) stays clear, so that the hexes short of supply stand out and
    the counters of a well supplied front keep their colours."""
    from engine.panzer_campaigns.supply import local_supply  # noqa: PLC0415
    from engine.panzer_campaigns.supply_network import SupplyNetwork  # noqa: PLC0415

    hexes = frame.hexes(margin=1)
    if hexes is None:
        return
    c0, c1, r0, r1 = hexes
    if (c1 - c0 + 1) * (r1 - r0 + 1) >= AREA_IMAGE_HEXES:
        _draw_area_image(painter, frame, image())
        return
    values = local_supply(game.state, game.phasing)
    board = game.state.board
    static_blocked = SupplyNetwork.of(board).blocked
    width = board.width
    by_band: dict[int, list[Offset]] = {}
    for row in range(r0, r1 + 1):
        for column in range(c0, c1 + 1):
            index = row * width + column
            if not static_blocked[index]:
                band = supply_band(values.value(index))
                if band < len(SUPPLY_BANDS):
                    by_band.setdefault(band, []).append((column, row))
    polygon = frame.geometry.hex_polygon(frame.zoom)
    painter.setPen(Qt.PenStyle.NoPen)
    for band, members in by_band.items():
        color = QColor(SUPPLY_BANDS[band - 1][1])
        color.setAlpha(AREA_ALPHA)
        painter.setBrush(color)
        for hex_ in members:
            painter.drawPolygon(polygon.translated(*frame.point(hex_)))

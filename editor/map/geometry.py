"""Map geometry for drawing: hex centres, corners and edges in "hex units", precomputed once
from `engine.hexgrid`'s Grid and Layout so the painters never do hex arithmetic themselves.

World coordinates measure in hexes: adjacent hexes of one column are exactly 1 apart, so a zoom
given in pixels per hex is simply the scale from world to screen. The map's top-left corner is
at (0, 0).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPolygonF

from engine.hexgrid import DIRECTIONS, Grid, Hex, Layout
from schemas.panzer_campaigns.map import MapFile
from schemas.vocabulary import Direction

Offset = tuple[int, int]
HexRange = tuple[int, int, int, int]
"""Columns `c0..c1` and rows `r0..r1`, both ends included."""


@dataclass(frozen=True)
class EdgeShape:
    """Where one of a hex's six edges lies, relative to the hex centre."""

    start: tuple[float, float]
    end: tuple[float, float]
    toward: tuple[float, float]
    """From the hex centre to the neighbour's centre across this edge."""

    @property
    def middle(self) -> tuple[float, float]:
        """The midpoint of the edge."""
        return (self.start[0] + self.end[0]) / 2, (self.start[1] + self.end[1]) / 2


class MapGeometry:
    """Hex positions of one map in world units (hexes), with lookups for painters."""

    def __init__(self, width: int, height: int, shifted: str = "odd") -> None:
        self.grid = Grid(width, height, shifted)  # type: ignore[arg-type]
        self.width, self.height = width, height
        unit = Layout(1.0)
        row_step = unit.center(Hex(0, 1))[1] - unit.center(Hex(0, 0))[1]
        probe = Layout(1.0 / row_step)
        # Shift the origin so that the map's top-left corner lands on (0, 0).
        corners0 = _relative(probe.corners(Hex(0, 0)), probe.center(Hex(0, 0)))
        centers = [probe.center(self.grid.hex_at(c, 0)) for c in range(min(width, 2))]
        left = centers[0][0] + min(x for x, _ in corners0)
        top = min(y for _, y in centers) + min(y for _, y in corners0)
        self.layout = Layout(probe.size, -left, -top)
        self.corners = _relative(self.layout.corners(Hex(0, 0)), self.layout.center(Hex(0, 0)))
        self.column_x: list[float] = []
        self.column_y: list[float] = []
        for column in range(width):
            x, y = self.layout.center(self.grid.hex_at(column, 0))
            self.column_x.append(x)
            self.column_y.append(y)
        self.column_step = (
            self.column_x[1] - self.column_x[0] if width > 1 else 2 * max(x for x, _ in corners0)
        )
        self.edges = {direction: self._edge(direction) for direction in DIRECTIONS}
        half_width = max(x for x, _ in self.corners)
        half_height = max(y for _, y in self.corners)
        self.half_width, self.half_height = half_width, half_height
        self.bounds = QRectF(
            0.0,
            0.0,
            self.column_x[-1] + half_width,
            max(self.column_y) + (height - 1) + half_height,
        )

    @classmethod
    def of(cls, map_file: MapFile) -> MapGeometry:
        """The geometry of a map file."""
        return cls(map_file.width, map_file.height, map_file.shifted_columns)

    def _edge(self, direction: Direction) -> EdgeShape:
        here = Hex(0, 0)
        cx, cy = self.layout.center(here)
        nx, ny = self.layout.center(here.neighbor(direction))
        theirs = self.layout.corners(here.neighbor(direction))
        shared = [
            (x - cx, y - cy)
            for x, y in self.layout.corners(here)
            if any(abs(x - ox) < 1e-9 and abs(y - oy) < 1e-9 for ox, oy in theirs)
        ]
        return EdgeShape(shared[0], shared[1], (nx - cx, ny - cy))

    # Positions ---------------------------------------------------------------------------------

    def contains(self, column: int, row: int) -> bool:
        """Whether a hex lies on the map."""
        return 0 <= column < self.width and 0 <= row < self.height

    def center(self, column: int, row: int) -> tuple[float, float]:
        """The world position of a hex centre (also for hexes just off the map)."""
        if 0 <= column < self.width:
            return self.column_x[column], self.column_y[column] + row
        return self.layout.center(self.grid.hex_at(column, row))

    def center_point(self, hex_: Offset) -> QPointF:
        """The centre of a hex as a QPointF."""
        return QPointF(*self.center(*hex_))

    def hex_at(self, x: float, y: float) -> Offset | None:
        """The hex under a world position, or None off the map."""
        column, row = self.grid.offset_of(self.layout.hex_at_pixel(x, y))
        return (column, row) if self.contains(column, row) else None

    def hex_polygon(self, scale: float = 1.0) -> QPolygonF:
        """A hex outline around (0, 0), scaled to pixels; translate it to each centre."""
        return QPolygonF([QPointF(x * scale, y * scale) for x, y in self.corners])

    def hex_rect(self, hex_: Offset) -> QRectF:
        """The bounding box of a hex in world units."""
        x, y = self.center(*hex_)
        return QRectF(
            x - self.half_width, y - self.half_height, 2 * self.half_width, 2 * self.half_height
        )

    # Ranges ------------------------------------------------------------------------------------

    def hexes_in(self, rect: QRectF, margin: int = 0) -> HexRange | None:
        """The columns and rows of the hexes that may touch a world rectangle, widened by
        `margin` hexes, clipped to the map; None when the rectangle misses the map."""
        first = bisect_left(self.column_x, rect.left() - self.half_width) - margin
        last = bisect_right(self.column_x, rect.right() + self.half_width) - 1 + margin
        top_shift, bottom_shift = min(self.column_y), max(self.column_y)
        row0 = int(rect.top() - bottom_shift - 1) - margin
        row1 = int(rect.bottom() - top_shift + 1) + margin
        c0, c1 = max(0, first), min(self.width - 1, last)
        r0, r1 = max(0, row0), min(self.height - 1, row1)
        if c0 > c1 or r0 > r1:
            return None
        return c0, c1, r0, r1

    def rect_of(self, hexes: HexRange) -> QRectF:
        """The world rectangle covering every hex of a range."""
        c0, c1, r0, r1 = hexes
        top = min(self.column_y[c0 : c1 + 1]) + r0 - self.half_height
        bottom = max(self.column_y[c0 : c1 + 1]) + r1 + self.half_height
        left = self.column_x[c0] - self.half_width
        right = self.column_x[c1] + self.half_width
        return QRectF(left, top, right - left, bottom - top)

    def iter_hexes(self, hexes: HexRange) -> Iterator[Offset]:
        """Every hex of a range, row by row."""
        c0, c1, r0, r1 = hexes
        for row in range(r0, r1 + 1):
            for column in range(c0, c1 + 1):
                yield column, row


def _relative(
    points: list[tuple[float, float]], origin: tuple[float, float]
) -> list[tuple[float, float]]:
    return [(x - origin[0], y - origin[1]) for x, y in points]


@dataclass(frozen=True)
class Frame:
    """What one drawing pass covers: world positions map to pixels as `world * zoom + shift`
    inside a `width` x `height` pixel area."""

    geometry: MapGeometry
    zoom: float
    shift_x: float
    shift_y: float
    width: int
    height: int
    _columns: dict[tuple[int, int], tuple[list[float], list[float]]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """`column_pixels` by first and last column: each layer of a tile asks for the same."""

    @property
    def world_rect(self) -> QRectF:
        """The part of the world the area shows."""
        return QRectF(
            -self.shift_x / self.zoom,
            -self.shift_y / self.zoom,
            self.width / self.zoom,
            self.height / self.zoom,
        )

    def hexes(self, margin: int = 0) -> HexRange | None:
        """The hexes that may show in the area, widened by `margin` hexes."""
        return self.geometry.hexes_in(self.world_rect, margin)

    def point(self, hex_: Offset) -> tuple[float, float]:
        """The pixel position of a hex centre."""
        x, y = self.geometry.center(*hex_)
        return x * self.zoom + self.shift_x, y * self.zoom + self.shift_y

    def column_pixels(self, hexes: HexRange) -> tuple[list[float], list[float]]:
        """For the columns of a range: the pixel x of their centres and the pixel y of their
        row 0, so a hex (c, r) sits at (xs[c - c0], ys[c - c0] + r * zoom)."""
        c0, c1 = hexes[0], hexes[1]
        known = self._columns.get((c0, c1))
        if known is None:
            zoom = self.zoom
            xs = [x * zoom + self.shift_x for x in self.geometry.column_x[c0 : c1 + 1]]
            ys = [y * zoom + self.shift_y for y in self.geometry.column_y[c0 : c1 + 1]]
            known = self._columns[(c0, c1)] = (xs, ys)
        return known

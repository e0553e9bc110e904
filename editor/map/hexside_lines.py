"""The map's hexside features (rivers, streams, cliffs, hedgerows…) as lines ready to draw:
worked out per row and zoom level when first drawn and kept until the hexsides or the heights
change, so a repaint of any part of the map at that zoom only gathers rows of lines.

A feature alone on its edge lies on the edge; features sharing an edge (a river lined by a
hedgerow, named from either hex) each get a lane beside it, and ticked ones their ticks.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, field

from PySide6.QtCore import QLineF, QPointF
from PySide6.QtGui import QColor, QPainter, QPen

from editor.map import style
from editor.map.content import MapContent
from editor.map.geometry import Frame, HexRange, Offset
from schemas.panzer_campaigns.map import CONNECTION_BITS, HexsideFeature
from schemas.vocabulary import Direction, HexsideKind

WATER_SIDES = (HexsideKind.RIVER, HexsideKind.STREAM, HexsideKind.CANAL)
_ZOOMS_KEPT = 4
"""Zoom levels whose lines are kept (the view's, the overview's, the last notch or two)."""

_Edge = tuple[Offset, Direction]
_Named = tuple[Offset, HexsideFeature]


@dataclass
class _RowLines:
    """The lines of the edges first named in one row, by kind in the order first met, in
    pixels of the zoom level with the map's corner at (0, 0)."""

    by_kind: dict[HexsideKind, list[QLineF]] = field(default_factory=dict)
    ticks: dict[HexsideKind, list[QLineF]] = field(default_factory=dict)


class HexsideLines:
    """Draws the hexside features of any range of hexes, from lines kept per row and zoom."""

    def __init__(self, content: MapContent) -> None:
        self.content = content
        self._source: tuple[object, object] | None = None
        self._edges: dict[int, list[list[_Named]]] = {}
        self._zooms: OrderedDict[float, dict[int, _RowLines]] = OrderedDict()

    def draw(self, painter: QPainter, frame: Frame, hexes: HexRange) -> None:
        """The hexside features of the edges named in the rows of `hexes` (whole rows: the
        lines beyond the frame fall outside it)."""
        zoom = frame.zoom
        if not any(zoom >= _min_zoom(kind) for kind in HexsideKind):
            return
        rows = self._rows(zoom)
        _, _, r0, r1 = hexes
        order: list[HexsideKind] = []
        lines: dict[HexsideKind, list[QLineF]] = {}
        ticks: dict[HexsideKind, list[QLineF]] = {}
        for row in range(r0, r1 + 1):
            found = rows.get(row)
            if found is None:
                found = rows[row] = self._row_lines(row, zoom)
            for kind, row_lines in found.by_kind.items():
                if kind not in lines:
                    order.append(kind)
                    lines[kind] = []
                lines[kind] += row_lines
            for kind, row_ticks in found.ticks.items():
                ticks.setdefault(kind, []).extend(row_ticks)
        if not order:
            return
        # Water first, then the other kinds in the order first met.
        order = [k for k in WATER_SIDES if k in lines] + [k for k in order if k not in WATER_SIDES]
        painter.save()
        painter.translate(QPointF(frame.shift_x, frame.shift_y))
        for kind in order:
            for pen in style.hexside_pens(kind, zoom):
                painter.setPen(pen)
                painter.drawLines(lines[kind])
            if kind in ticks:
                color, _ = style.TICKED_HEXSIDES[kind]
                painter.setPen(QPen(QColor(color), max(1.0, 0.025 * zoom)))
                painter.drawLines(ticks[kind])
        painter.restore()

    def _rows(self, zoom: float) -> dict[int, _RowLines]:
        """The rows of lines kept for a zoom level; all are forgotten when the hexsides or
        the heights (which set the ticks' side) change: an edit makes new ones."""
        source = (self.content.hexsides, self.content.map.elevation_rows)
        if self._source is None or any(
            a is not b for a, b in zip(source, self._source, strict=True)
        ):
            self._source = source
            self._edges = _edges_by_first_row(self.content)
            self._zooms.clear()
        rows = self._zooms.get(zoom)
        if rows is None:
            rows = self._zooms[zoom] = {}
            while len(self._zooms) > _ZOOMS_KEPT:
                self._zooms.popitem(last=False)
        else:
            self._zooms.move_to_end(zoom)
        return rows

    def _row_lines(self, row: int, zoom: float) -> _RowLines:
        geometry = self.content.geometry
        column_x, column_y = geometry.column_x, geometry.column_y
        ends = {
            side: (e.start[0] * zoom, e.start[1] * zoom, e.end[0] * zoom, e.end[1] * zoom)
            for side, e in geometry.edges.items()
        }
        marks = zoom >= style.FEATURE_MARKS_FROM
        ticked = style.TICKED_HEXSIDES
        found = _RowLines()
        for named in self._edges.get(row, ()):
            features = [(hex_, f) for hex_, f in named if zoom >= _min_zoom(f.kind)]
            if not features:
                continue
            if len(features) == 1 and not (marks and features[0][1].kind in ticked):
                # A lone feature without ticks lies on the edge itself.
                (column, feature_row), feature = features[0]
                x = column_x[column] * zoom
                y = (column_y[column] + feature_row) * zoom
                ax, ay, bx, by = ends[feature.side]
                line = QLineF(x + ax, y + ay, x + bx, y + by)
                found.by_kind.setdefault(feature.kind, []).append(line)
                continue
            # Lanes are measured across the edge as its canonical name sees it, so features
            # named from either hex agree on which side is which.
            across = geometry.edges[_edge_side(self.content, named[0])].toward
            leanings: list[tuple[HexsideKind, int]] = []
            lows: list[tuple[float, float] | None] = []
            for hex_, feature in features:
                low = None
                # The low side places ticks, and the lane of a ticked feature beside water.
                if feature.kind in ticked:
                    low = self._low_side(hex_, feature.side, feature.kind)
                lows.append(low)
                leanings.append((feature.kind, 0 if low is None else _sign(low, across)))
            lanes = _lanes(leanings, zoom)
            for (hex_, feature), lane, low in zip(features, lanes, lows, strict=True):
                kind = feature.kind
                column, feature_row = hex_
                x = column_x[column] * zoom
                y = (column_y[column] + feature_row) * zoom
                ax, ay, bx, by = ends[feature.side]
                line = QLineF(x + ax, y + ay, x + bx, y + by)
                if lane:
                    line = _shifted(line, across, lane)
                found.by_kind.setdefault(kind, []).append(line)
                if low is not None and marks:
                    found.ticks.setdefault(kind, []).extend(_ticks(line, low, zoom, kind))
        return found

    def _low_side(self, hex_: Offset, side: Direction, kind: HexsideKind) -> tuple[float, float]:
        """The direction the ticks of an edge point: down the slope for cliffs and the like,
        away from the hex that names the edge when both sides lie level."""
        geometry = self.content.geometry
        dx, dy = geometry.edges[side].toward
        neighbour = geometry.grid.neighbor(*hex_, side)
        if kind is not HexsideKind.AT_DITCH and geometry.contains(*neighbour):
            here, there = self.content.elevation(hex_), self.content.elevation(neighbour)
            if here < there:
                return -dx, -dy
        return dx, dy


def _edges_by_first_row(content: MapContent) -> dict[int, list[list[_Named]]]:
    """Every edge carrying features, with its features in the order of the file, under the
    row where the first of them is named (rows in order, then the file's order)."""
    grid = content.geometry.grid
    shared: dict[_Edge, list[_Named]] = {}
    first_row: dict[_Edge, int] = {}
    buckets = content.hexsides
    for row in sorted(buckets):
        for column, feature in buckets[row]:
            side = feature.side
            key = (
                ((column, row), side)
                if side in CONNECTION_BITS
                else grid.hexside_key(column, row, side)
            )
            named = ((column, row), feature)
            features = shared.get(key)
            if features is None:
                shared[key] = [named]
                first_row[key] = row
            else:
                features.append(named)
    edges: dict[int, list[list[_Named]]] = {}
    for key, features in shared.items():
        edges.setdefault(first_row[key], []).append(features)
    return edges


def _edge_side(content: MapContent, named: _Named) -> Direction:
    """The side by which an edge is known (its canonical name), from one feature on it."""
    (column, row), feature = named
    side = feature.side
    if side in CONNECTION_BITS:
        return side
    return content.geometry.grid.hexside_key(column, row, side)[1]


def _min_zoom(kind: HexsideKind) -> float:
    return style.HEXSIDE_MIN_ZOOM.get(kind, style.HEXSIDE_DETAIL_FROM)


def _pen_width(kind: HexsideKind, zoom: float) -> float:
    return max(pen.widthF() for pen in style.hexside_pens(kind, zoom))


def _sign(vector: tuple[float, float], across: tuple[float, float]) -> int:
    return 1 if vector[0] * across[0] + vector[1] * across[1] > 0 else -1


def _lanes(leanings: list[tuple[HexsideKind, int]], zoom: float) -> list[float]:
    """How far (in pixels, along the edge's `across` direction) each feature of one edge is
    drawn from it. Water keeps the edge itself; obstacles line its banks outward, each on the
    side it leans to (a cliff's ticks point down its slope) or else on the emptier side, so
    every feature stays visible. A lone feature stays on the edge."""
    if len(leanings) < 2:
        return [0.0] * len(leanings)
    gap = max(1.0, 0.015 * zoom)
    water = [_pen_width(kind, zoom) for kind, _ in leanings if kind in WATER_SIDES]
    start = max(water) / 2 + gap if water else gap / 2
    reach = {1: start, -1: start}
    lanes = []
    for kind, leaning in leanings:
        if kind in WATER_SIDES:
            lanes.append(0.0)
            continue
        side = leaning or (1 if reach[1] <= reach[-1] else -1)
        width = _pen_width(kind, zoom)
        # Whole pixels keep the line as crisp as it is on the edge itself.
        lanes.append(side * float(round(reach[side] + width / 2)))
        reach[side] += width + gap
    return lanes


def _shifted(line: QLineF, toward: tuple[float, float], distance: float) -> QLineF:
    """The line moved `distance` pixels toward `toward` (negative: away from it), at right
    angles to itself."""
    dx, dy = line.dx(), line.dy()
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    if nx * toward[0] + ny * toward[1] < 0:
        nx, ny = -nx, -ny
    return line.translated(nx * distance, ny * distance)


def _ticks(
    line: QLineF, toward: tuple[float, float], zoom: float, kind: HexsideKind
) -> list[QLineF]:
    """Short strokes from an edge toward one side, a quarter, half and three quarters along."""
    _, length = style.TICKED_HEXSIDES[kind]
    size = math.hypot(*toward)
    tx, ty = toward[0] / size * length * zoom, toward[1] / size * length * zoom
    ticks = []
    for share in (0.2, 0.5, 0.8):
        point = line.pointAt(share)
        ticks.append(QLineF(point.x(), point.y(), point.x() + tx, point.y() + ty))
    return ticks

"""Drawing the map file's layers (terrain, hillshade, grid, hexsides, roads, railways, bridges)
for one frame: a tile of the cache or a whole exported map. Everything comes from `MapContent`
and `MapGeometry`; positions are computed per column once and offset by rows.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

from editor.map import style
from editor.map.content import MapContent
from editor.map.geometry import Frame, HexRange
from editor.map.grid_stamps import GridStamps, grid_pen
from editor.map.hexside_lines import HexsideLines
from editor.map.layers import LayerVisibility
from editor.map.overview import TerrainImage
from schemas.panzer_campaigns.map import CONNECTION_BITS, FullHexKind
from schemas.vocabulary import ConnectionKind, CrossingKind

_LINK = re.compile("[1-7]")
BRIDGE_LENGTH = 0.5
"""Length of a hexside bridge, in hexes (it spans the edge between two hex centres)."""
_ROW_LINKS_KEPT = 20_000
"""Connection rows read at most (a few per row of the largest maps and their recent edits)."""
_ROAD_ORDER = (ConnectionKind.TRAIL, ConnectionKind.SECONDARY_ROAD, ConnectionKind.PRIMARY_ROAD)


class Scenery:
    """Paints the static layers of one map; holds the brushes of the current palette."""

    def __init__(self, content: MapContent, terrain_image: TerrainImage) -> None:
        self.content = content
        self.terrain_image = terrain_image
        self.grid_stamps = GridStamps(content.geometry)
        self.hexside_lines = HexsideLines(content)
        self._row_links: dict[str, tuple[list[int], list[int]]] = {}
        self.refresh_palette()

    def refresh_palette(self) -> None:
        """Pick up new terrain colours or shading."""
        self.brushes = [QBrush(color) for color in self.content.palette]

    def paint(
        self, painter: QPainter, frame: Frame, layers: LayerVisibility, *, piece: int = 0
    ) -> None:
        """Draw every shown static layer of the hexes in the frame. With a `piece` size, the
        frame is a block of tiles that many pixels square, and its terrain images are
        enlarged tile by tile, to the very pixels a tile drawn alone gets."""
        hexes = frame.hexes(margin=1)
        if hexes is None or not self._terrain_covers(frame, hexes):
            painter.fillRect(QRectF(0, 0, frame.width, frame.height), style.OUTSIDE)
        if hexes is None:
            return
        self._enlarge(painter, frame, piece, shade=False)
        if frame.zoom >= style.HEX_SHAPES_FROM:
            self._hex_outlines(painter, frame, hexes, "terrain" in layers)
        if "elevation" in layers:
            # Smoothed, the hillshade has no edges to misplace: one pass over the whole
            # frame differs from tile by tile by a level of grey at most, and costs less.
            self._enlarge(painter, frame, 0, shade=True)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        zoom = frame.zoom
        if "grid" in layers and zoom >= style.GRID_FROM:
            self._grid(painter, frame, hexes)
        roads = "roads" in layers
        rails = "railroads" in layers
        if (roads or rails) and zoom >= style.FEATURE_MARKS_FROM:
            self._raised(painter, frame, hexes)
        if "hexsides" in layers:
            self.hexside_lines.draw(painter, frame, hexes)
        crossings = "crossings" in layers and zoom >= style.CROSSINGS_FROM
        if crossings:
            self._bridge_decks(painter, frame, hexes)
        if roads:
            self._roads(painter, frame, hexes)
        if rails:
            self._railroads(painter, frame, hexes)
        if crossings:
            self._crossings(painter, frame, hexes)
            self._full_hex(painter, frame, hexes)

    # Terrain -----------------------------------------------------------------------------------

    def _enlarge(self, painter: QPainter, frame: Frame, piece: int, *, shade: bool) -> None:
        """The terrain image (or the hillshade) enlarged over the frame; with a `piece` size,
        square by square. Qt places the edges of enlarged pixels by adding a fixed-point step
        from the target's corner, which drifts by up to a pixel across a block of tiles: each
        tile of a block is enlarged from its own corner, to the pixels it gets drawn alone."""
        if not piece:
            hexes = frame.hexes(margin=1)
            if hexes is not None:
                self._enlarge_over(painter, frame, hexes, frame, shade=shade)
            return
        for part in _pieces(frame, piece):
            hexes = part.hexes(margin=1)
            if hexes is None:
                continue
            corner_x, corner_y = frame.shift_x - part.shift_x, frame.shift_y - part.shift_y
            painter.setClipRect(QRectF(corner_x, corner_y, part.width, part.height))
            self._enlarge_over(painter, part, hexes, frame, shade=shade)
        painter.setClipping(False)

    def _enlarge_over(
        self, painter: QPainter, part: Frame, hexes: HexRange, frame: Frame, *, shade: bool
    ) -> None:
        image = self.terrain_image
        source = image.source_rect(hexes)
        target = _scaled(image.to_world().mapRect(source), part).translated(
            frame.shift_x - part.shift_x, frame.shift_y - part.shift_y
        )
        if shade:
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            painter.drawImage(target, image.shade, source)
        elif part.zoom < style.HEX_SHAPES_FROM:
            # Enlarged pixels stay sharp-edged; shrunk ones are averaged.
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, part.zoom < 2.0)
            painter.drawImage(target, image.pixels, source)
        else:
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            painter.drawImage(target, image.interior, source)

    def _terrain_covers(self, frame: Frame, hexes: HexRange) -> bool:
        """Whether the terrain image alone sets every pixel of the frame, so nothing need be
        painted under it: hexes drawn singly (the image enlarged without smoothing), none of
        them within two rows or a column of the map's edge (where the image leaves
        transparent pixels for the outlines), every colour opaque, and the image's rectangle
        covering the frame."""
        if frame.zoom < style.HEX_SHAPES_FROM or not self.terrain_image.opaque:
            return False
        geometry = self.content.geometry
        c0, c1, r0, r1 = hexes
        if c0 < 1 or r0 < 2 or c1 > geometry.width - 2 or r1 > geometry.height - 3:
            return False
        image = self.terrain_image
        target = _scaled(image.to_world().mapRect(image.source_rect(hexes)), frame)
        return target.contains(QRectF(0, 0, frame.width, frame.height))

    def _hex_outlines(self, painter: QPainter, frame: Frame, hexes: HexRange, show: bool) -> None:
        """Fill the hexes the enlarged image gets wrong (`TerrainImage.outlined`)."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        outline = self.content.geometry.hex_polygon(frame.zoom)
        brushes = self.brushes if show else [QBrush(style.PAPER)] * len(self.brushes)
        image = self.terrain_image
        terrain_rows = self.content.terrain_rows
        c0, c1, r0, r1 = hexes
        xs, ys = frame.column_pixels(hexes)
        zoom = frame.zoom
        # The outlines of one colour go in one path: a tile holds about forty of them, and the
        # hexes never overlap, so the order of the colours does not matter.
        paths: dict[int, QPainterPath] = {}
        for offset, column in enumerate(range(c0, c1 + 1)):
            x, y0 = xs[offset], ys[offset]
            outlined = image.outlined(column)
            row = outlined.find(1, r0, r1 + 1)
            while row >= 0:
                number = terrain_rows[row][column]
                path = paths.get(number)
                if path is None:
                    path = paths[number] = QPainterPath()
                path.addPolygon(outline.translated(x, y0 + row * zoom))
                row = outlined.find(1, row + 1, r1 + 1)
        for number, path in paths.items():
            painter.setBrush(brushes[number])
            painter.drawPath(path)

    def _grid(self, painter: QPainter, frame: Frame, hexes: HexRange) -> None:
        geometry = self.content.geometry
        zoom = frame.zoom
        c0, c1, r0, r1 = hexes
        self.grid_stamps.draw(painter, frame, hexes)
        painter.setPen(grid_pen(zoom))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        # The map's right and bottom borders are added hex by hex.
        last_column, last_row = geometry.width - 1, geometry.height - 1
        lines = []
        border = [(last_column, row) for row in range(r0, r1 + 1)] if c1 == last_column else []
        if r1 == last_row:
            border += [(column, last_row) for column in range(c0, c1 + 1)]
        for hex_ in border:
            x, y = frame.point(hex_)
            for edge in geometry.edges.values():
                (ax, ay), (bx, by) = edge.start, edge.end
                lines.append(QLineF(x + ax * zoom, y + ay * zoom, x + bx * zoom, y + by * zoom))
        if lines:
            painter.drawLines(lines)

    # Hexsides ----------------------------------------------------------------------------------

    # Roads and railways ------------------------------------------------------------------------

    def _links(self, kind: ConnectionKind, frame: Frame, hexes: HexRange) -> list[QLineF]:
        rows = self.content.map.connections.get(kind)
        return self._link_lines(rows or [], frame, hexes)

    def _link_lines(self, rows: list[str], frame: Frame, hexes: HexRange) -> list[QLineF]:
        if not rows:
            return []
        geometry = self.content.geometry
        zoom = frame.zoom
        steps = [
            (bit, geometry.edges[d].toward[0] * zoom, geometry.edges[d].toward[1] * zoom)
            for d, bit in CONNECTION_BITS.items()
        ]
        c0, c1, r0, r1 = hexes
        xs, ys = frame.column_pixels(hexes)
        lines = []
        for row in range(r0, min(r1, len(rows) - 1) + 1):
            dy = row * zoom
            columns, digits = self._links_of(rows[row])
            for i in range(bisect_left(columns, c0), bisect_right(columns, c1)):
                digit = digits[i]
                offset = columns[i] - c0
                x, y = xs[offset], ys[offset] + dy
                for bit, sx, sy in steps:
                    if digit & bit:
                        lines.append(QLineF(x, y, x + sx, y + sy))
        return lines

    def _links_of(self, row: str) -> tuple[list[int], list[int]]:
        """The columns of a connection row that link somewhere and their digits, read once
        per row text (an edit makes a new text) rather than once per tile."""
        found = self._row_links.get(row)
        if found is None:
            if len(self._row_links) > _ROW_LINKS_KEPT:
                self._row_links.clear()
            matches = list(_LINK.finditer(row))
            found = self._row_links[row] = (
                [match.start() for match in matches],
                [int(match.group()) for match in matches],
            )
        return found

    def _raised(self, painter: QPainter, frame: Frame, hexes: HexRange) -> None:
        lines = self._link_lines(self.content.map.raised, frame, hexes)
        for pen in style.raised_pens(frame.zoom) if lines else ():
            painter.setPen(pen)
            painter.drawLines(lines)

    def _roads(self, painter: QPainter, frame: Frame, hexes: HexRange) -> None:
        zoom = frame.zoom
        drawn = [
            (kind, self._links(kind, frame, hexes))
            for kind in _ROAD_ORDER
            if zoom >= style.ROAD_MIN_ZOOM[kind]
        ]
        # Casings first, then fills: crossing roads merge instead of cutting each other.
        for kind, lines in drawn:
            casing, _ = style.road_pens(kind, zoom)
            if casing is not None and lines:
                painter.setPen(casing)
                painter.drawLines(lines)
        for kind, lines in drawn:
            if lines:
                painter.setPen(style.road_pens(kind, zoom)[1])
                painter.drawLines(lines)

    def _railroads(self, painter: QPainter, frame: Frame, hexes: HexRange) -> None:
        lines = self._links(ConnectionKind.RAILROAD, frame, hexes)
        if not lines:
            return
        zoom = frame.zoom
        painter.setPen(style.road_pens(ConnectionKind.RAILROAD, zoom)[1])
        painter.drawLines(lines)
        if zoom >= style.FEATURE_MARKS_FROM:
            painter.setPen(style.rail_tie_pen(zoom))
            painter.drawLines(lines)

    # Crossings ---------------------------------------------------------------------------------

    def _crossing_spans(
        self, frame: Frame, hexes: HexRange, kinds: Iterable[CrossingKind]
    ) -> Iterator[tuple[CrossingKind, QPointF, tuple[float, float]]]:
        """Each crossing's midpoint on screen and its unit direction across the edge."""
        geometry = self.content.geometry
        wanted = set(kinds)
        for hex_, crossing in self.content.crossings.within(hexes):
            if crossing.kind not in wanted:
                continue
            x, y = frame.point(hex_)
            edge = geometry.edges[crossing.side]
            mx, my = edge.middle
            tx, ty = edge.toward
            length = math.hypot(tx, ty)
            middle = QPointF(x + mx * frame.zoom, y + my * frame.zoom)
            yield crossing.kind, middle, (tx / length, ty / length)

    def _bridge_decks(self, painter: QPainter, frame: Frame, hexes: HexRange) -> None:
        zoom = frame.zoom
        painter.setPen(Qt.PenStyle.NoPen)
        for kind, middle, (ux, uy) in self._crossing_spans(frame, hexes, style.BRIDGE_STYLE):
            deck, _, width = style.BRIDGE_STYLE[kind]
            painter.setBrush(QColor(deck))
            painter.drawPolygon(band_polygon(middle, ux, uy, BRIDGE_LENGTH * zoom, width * zoom))

    def _crossings(self, painter: QPainter, frame: Frame, hexes: HexRange) -> None:
        zoom = frame.zoom
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for kind, middle, (ux, uy) in self._crossing_spans(frame, hexes, CrossingKind):
            if kind in style.BRIDGE_STYLE:
                _, rails, width = style.BRIDGE_STYLE[kind]
                heavy = kind is CrossingKind.HEAVY_BRIDGE
                pen = QPen(QColor(rails), max(1.2, (0.045 if heavy else 0.03) * zoom))
                pen.setCapStyle(Qt.PenCapStyle.FlatCap)
                painter.setPen(pen)
                painter.drawLines(parapet_lines(middle, ux, uy, BRIDGE_LENGTH * zoom, width * zoom))
            elif kind is CrossingKind.FORD:
                # A sandy bar through the water with dotted banks.
                ford = band_polygon(middle, ux, uy, 0.36 * zoom, max(4.0, 0.13 * zoom))
                painter.setBrush(style.FORD_COLOR)
                pen = QPen(QColor("#5a4a2a"), max(1.0, 0.02 * zoom))
                pen.setStyle(Qt.PenStyle.DotLine)
                painter.setPen(pen)
                painter.drawPolygon(ford)
                painter.setBrush(Qt.BrushStyle.NoBrush)
            else:
                _ferry(painter, middle, ux, uy, 0.5 * zoom)

    def _full_hex(self, painter: QPainter, frame: Frame, hexes: HexRange) -> None:
        zoom = frame.zoom
        for hex_, feature in self.content.full_hex.within(hexes):
            x, y = frame.point(hex_)
            center = QPointF(x, y)
            # Span the hex across its columns: a full-hex crossing joins the banks left and
            # right of the water in most maps.
            if feature.kind is FullHexKind.BRIDGE:
                deck, rails, width = style.BRIDGE_STYLE[CrossingKind.HEAVY_BRIDGE]
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(deck))
                painter.drawPolygon(band_polygon(center, 1.0, 0.0, 0.9 * zoom, width * zoom))
                pen = QPen(QColor(rails), max(1.0, 0.035 * zoom))
                painter.setPen(pen)
                painter.drawLines(parapet_lines(center, 1.0, 0.0, 0.9 * zoom, width * zoom))
            else:
                _ferry(painter, center, 1.0, 0.0, 0.8 * zoom)


def _pieces(frame: Frame, piece: int) -> Iterator[Frame]:
    """The `piece`-pixel squares of a frame, each as a frame of its own."""
    for top in range(0, frame.height, piece):
        for left in range(0, frame.width, piece):
            yield Frame(
                frame.geometry,
                frame.zoom,
                frame.shift_x - left,
                frame.shift_y - top,
                min(piece, frame.width - left),
                min(piece, frame.height - top),
            )


def _scaled(world: QRectF, frame: Frame) -> QRectF:
    zoom = frame.zoom
    return QRectF(
        world.x() * zoom + frame.shift_x,
        world.y() * zoom + frame.shift_y,
        world.width() * zoom,
        world.height() * zoom,
    )


def band_polygon(middle: QPointF, ux: float, uy: float, length: float, width: float) -> QPolygonF:
    """A rectangle of `length` along (ux, uy) and `width` across, centred on `middle`."""
    ax, ay = ux * length / 2, uy * length / 2
    bx, by = -uy * width / 2, ux * width / 2
    x, y = middle.x(), middle.y()
    return QPolygonF(
        [
            QPointF(x - ax - bx, y - ay - by),
            QPointF(x + ax - bx, y + ay - by),
            QPointF(x + ax + bx, y + ay + by),
            QPointF(x - ax + bx, y - ay + by),
        ]
    )


def parapet_lines(
    middle: QPointF, ux: float, uy: float, length: float, width: float
) -> list[QLineF]:
    """The two side walls of a bridge with their ends flared outward, as on topographic maps."""
    ax, ay = ux * length / 2, uy * length / 2
    bx, by = -uy * width / 2, ux * width / 2
    flare = 0.6
    x, y = middle.x(), middle.y()
    lines = []
    for sign in (-1, 1):
        sx, sy = x + sign * bx, y + sign * by
        start, end = QPointF(sx - ax, sy - ay), QPointF(sx + ax, sy + ay)
        lines.append(QLineF(start, end))
        out_x, out_y = sign * bx * flare, sign * by * flare
        lines.append(
            QLineF(start, QPointF(start.x() - ax * 0.3 + out_x, start.y() - ay * 0.3 + out_y))
        )
        lines.append(QLineF(end, QPointF(end.x() + ax * 0.3 + out_x, end.y() + ay * 0.3 + out_y)))
    return lines


def _ferry(painter: QPainter, middle: QPointF, ux: float, uy: float, length: float) -> None:
    """A dashed crossing line with a small boat on it."""
    pen = QPen(style.FERRY_COLOR, max(1.0, length * 0.05))
    pen.setDashPattern([2.0, 1.5])
    painter.setPen(pen)
    half = length / 2
    x, y = middle.x(), middle.y()
    painter.drawLine(QLineF(x - ux * half, y - uy * half, x + ux * half, y + uy * half))
    painter.setPen(QPen(QColor("#f4f1e6"), 1.0))
    painter.setBrush(style.FERRY_COLOR)
    painter.drawPolygon(band_polygon(middle, ux, uy, length * 0.4, length * 0.26))

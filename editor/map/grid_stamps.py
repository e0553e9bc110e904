"""The hex grid drawn from stamps: eight rows of a column's grid lines drawn once per zoom
level and eighth-of-a-pixel offset, then copied into place column by column.

A 1920x1080 view zoomed in crosses some fifty columns of a few hundred antialiased lines
each; drawing each line costs Qt a pass per pixel, copying a stamp a fraction of that.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage, QPainter, QPainterPath, QPen

from editor.map import style
from editor.map.geometry import Frame, HexRange, MapGeometry
from schemas.vocabulary import Direction

PHASES = 8
"""Stamps per pixel in each direction: a column lands within a sixteenth of a pixel of where
lines drawn for it would, which changes a line's antialiased edge by a few levels of grey."""
_KEPT_BYTES = 24 << 20
"""Stamps kept, by their size: those of the zoom levels in use (a view uses at most one per
column and offset: fewer, larger ones close in)."""
_ROWS = 8
"""Rows in a stamp (the last of a column may hold fewer)."""
_PAD = 2
"""Pixels around a stamp's lines, for their antialiased edges."""


class GridStamps:
    """The upper and left edges of a column of hexes, as images by zoom, offset and height."""

    def __init__(self, geometry: MapGeometry) -> None:
        self.geometry = geometry
        self._stamps: dict[tuple[float, int, int, int], tuple[QImage, int, int]] = {}
        self._bytes = 0

    def draw(self, painter: QPainter, frame: Frame, hexes: HexRange) -> None:
        """The grid of every column of `hexes`, each column's upper and left edges (the
        map's right and bottom borders are the caller's).

        A column is copied `_ROWS` rows at a time, from rows that are multiples of `_ROWS`:
        each row is always placed from the same stamp at the same offset, so a tile drawn
        alone and the same tile in a block of tiles get the very same pixels. Rows above or
        below the frame's fall outside it."""
        zoom = frame.zoom
        c0, c1, r0, r1 = hexes
        last_row = self.geometry.height - 1
        chunks = [
            (first, min(_ROWS, last_row - first + 1))
            for first in range(r0 - r0 % _ROWS, r1 + 1, _ROWS)
        ]
        xs, ys = frame.column_pixels(hexes)
        # Copied one to one: smoothing would send every pixel through Qt's scaling, ten
        # times slower.
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        for offset in range(c1 - c0 + 1):
            # Where the column's hex centres fall, in whole pixels and eighths.
            x, x_phase = divmod(round(xs[offset] * PHASES), PHASES)
            column_y = ys[offset]
            for first, rows in chunks:
                y, y_phase = divmod(round((column_y + first * zoom) * PHASES), PHASES)
                stamp, left, top = self._stamp(zoom, x_phase, y_phase, rows)
                painter.drawImage(QPointF(x + left, y + top), stamp)

    def _stamp(self, zoom: float, x_phase: int, y_phase: int, rows: int) -> tuple[QImage, int, int]:
        """The image of `rows` rows of a column's lines whose first hex centre is `x_phase`
        and `y_phase` eighths of a pixel right of and below the pixel corner (0, 0), with
        where that corner lies in the image."""
        key = (zoom, x_phase, y_phase, rows)
        known = self._stamps.get(key)
        if known is not None:
            return known
        path = _column_path(self.geometry, zoom, rows)
        path.translate(x_phase / PHASES, y_phase / PHASES)
        bounds = path.boundingRect()
        left = math.floor(bounds.left()) - _PAD
        top = math.floor(bounds.top()) - _PAD
        width = math.ceil(bounds.right()) + _PAD - left
        height = math.ceil(bounds.bottom()) + _PAD - top
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(grid_pen(zoom))
        painter.translate(-left, -top)
        painter.drawPath(path)
        painter.end()
        self._bytes += image.sizeInBytes()
        if self._bytes > _KEPT_BYTES:
            self._stamps.clear()
            self._bytes = image.sizeInBytes()
        stamp = self._stamps[key] = (image, left, top)
        return stamp


def grid_pen(zoom: float) -> QPen:
    """The grid's pen at a zoom: a hair's width, a little heavier close in."""
    pen = QPen(style.GRID, 1.0 if zoom < 40 else 1.3)
    pen.setCosmetic(True)
    return pen


def _column_path(geometry: MapGeometry, zoom: float, rows: int) -> QPainterPath:
    """The upper, upper-left and lower-left edges of `rows` hexes of a column, in pixels from
    its first hex centre."""
    edges = geometry.edges
    path = QPainterPath()
    for row in range(rows):
        for direction in (Direction.UP, Direction.UP_LEFT, Direction.DOWN_LEFT):
            (ax, ay), (bx, by) = edges[direction].start, edges[direction].end
            path.moveTo(ax * zoom, (ay + row) * zoom)
            path.lineTo(bx * zoom, (by + row) * zoom)
    return path

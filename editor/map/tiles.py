"""The tile cache: the static layers drawn into 256-pixel pixmaps per quantised zoom level,
rendered when first seen and evicted least recently used. A repaint then only copies pixmaps.
The tiles a view lacks are drawn together, a rectangle of them in one pass, and cut apart.

Zoom levels are quarter powers of two (1, 1.19, 1.41, 1.68, 2, …); the wheel and the keyboard
step from level to level, so tiles are usually copied one to one. Any other zoom uses the tiles
of the next level up, scaled down a little.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter, QPixmap

from editor.map.geometry import Frame, MapGeometry
from editor.map.layers import LayerVisibility
from editor.map.scenery import Scenery

TILE = 256
"""Tile side in pixels."""
STEPS_PER_DOUBLING = 4


def level_index(zoom: float) -> int:
    """The smallest zoom level at or above `zoom` (levels are 2 ** (index / 4))."""
    return math.ceil(math.log2(zoom) * STEPS_PER_DOUBLING - 1e-6)


def level_zoom(index: int) -> float:
    """The pixels per hex of a zoom level."""
    return float(2 ** (index / STEPS_PER_DOUBLING))


TileKey = tuple[int, int, int]
"""Zoom level index, tile column, tile row."""


class TileCache:
    """Pixmaps of the static layers, by zoom level and tile position."""

    def __init__(
        self,
        scenery: Scenery,
        geometry: MapGeometry,
        layers: LayerVisibility,
        capacity: int = 320,
    ) -> None:
        self.scenery = scenery
        self.geometry = geometry
        self.layers = layers
        self.capacity = capacity
        self._tiles: OrderedDict[TileKey, QPixmap] = OrderedDict()
        self.rendered = 0
        """Tiles rendered so far (for tests and the benchmark)."""

    def __len__(self) -> int:
        return len(self._tiles)

    def clear(self) -> None:
        """Forget every tile (the layers shown or the colours changed)."""
        self._tiles.clear()

    def invalidate(self, world_rects: Iterable[QRectF]) -> None:
        """Forget the tiles that show any part of these world rectangles."""
        rects = list(world_rects)
        if not rects:
            return
        stale = []
        for key in self._tiles:
            tile = self.world_rect(key)
            if any(tile.intersects(rect) for rect in rects):
                stale.append(key)
        for key in stale:
            del self._tiles[key]

    def world_rect(self, key: TileKey) -> QRectF:
        """The part of the world a tile shows."""
        index, column, row = key
        zoom = level_zoom(index)
        size = TILE / zoom
        return QRectF(column * size, row * size, size, size)

    def paint(
        self,
        painter: QPainter,
        zoom: float,
        shift: QPointF,
        width: int,
        height: int,
        *,
        background: QColor | None = None,
    ) -> None:
        """Draw the tiles covering a `width` x `height` view showing the world at `zoom`, with
        the world origin at pixel `shift`, over `background` where they leave any of it."""
        index = level_index(zoom)
        level = level_zoom(index)
        scale = zoom / level
        exact = abs(scale - 1.0) < 1e-9
        # The view's pixels in the level's pixel space.
        left, top = -shift.x() / scale, -shift.y() / scale
        right, bottom = left + width / scale, top + height / scale
        bounds = self.geometry.bounds
        right = min(right, bounds.right() * level)
        bottom = min(bottom, bounds.bottom() * level)
        rows = range(max(0, int(top // TILE)), math.ceil(bottom / TILE))
        columns = range(max(0, int(left // TILE)), math.ceil(right / TILE))
        if background is not None and not (
            scale == 1.0 and _covered(rows, columns, shift, (width, height))
        ):
            painter.fillRect(QRectF(0, 0, width, height), background)
        self._render_missing(index, columns, rows)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, not exact)
        for row in rows:
            for column in columns:
                pixmap = self.tile((index, column, row))
                x = column * TILE * scale + shift.x()
                y = row * TILE * scale + shift.y()
                if exact:
                    painter.drawPixmap(round(x), round(y), pixmap)
                else:
                    painter.drawPixmap(QRectF(x, y, TILE * scale, TILE * scale), pixmap, _WHOLE)

    def tile(self, key: TileKey) -> QPixmap:
        """A tile, rendered now if it is not cached."""
        pixmap = self._tiles.get(key)
        if pixmap is not None:
            self._tiles.move_to_end(key)
            return pixmap
        pixmap = self._render(key)
        self._store(key, pixmap)
        return pixmap

    def _store(self, key: TileKey, pixmap: QPixmap) -> None:
        self._tiles[key] = pixmap
        while len(self._tiles) > self.capacity:
            self._tiles.popitem(last=False)

    def _render(self, key: TileKey) -> QPixmap:
        index, column, row = key
        return self._render_block(index, column, row, 1, 1)

    def _render_missing(self, index: int, columns: range, rows: range) -> None:
        """Render the view's missing tiles, each rectangle of them in one pass.

        A cold 1920x1080 view lacks some forty tiles. Drawn one by one, every tile pays again
        for its painter, its terrain images and the margin of hexes around it that it shares
        with its neighbours; drawn as one picture they cost about half as much. The picture
        differs from separate tiles only where antialiasing rounds differently on either side
        of a tile's edge (a few pixels) and by one level in the smoothed hillshade."""
        for left, top, width, height in _missing_blocks(self._tiles, index, columns, rows):
            if width * height == 1:
                continue  # `tile` renders it alone, as it would have anyway
            block = self._render_block(index, left, top, width, height)
            for row in range(height):
                for column in range(width):
                    tile = block.copy(column * TILE, row * TILE, TILE, TILE)
                    self._store((index, left + column, top + row), tile)

    def _render_block(self, index: int, left: int, top: int, width: int, height: int) -> QPixmap:
        """A `width` x `height` block of tiles from tile (`left`, `top`), as one pixmap."""
        # Opaque (the scenery fills the whole block first): drawing into it and copying it to
        # the view blend no alpha channel, which a transparent fill would have given it.
        pixmap = QPixmap(width * TILE, height * TILE)
        painter = QPainter(pixmap)
        frame = Frame(
            self.geometry,
            level_zoom(index),
            -left * TILE,
            -top * TILE,
            width * TILE,
            height * TILE,
        )
        self.scenery.paint(painter, frame, self.layers, piece=TILE if width * height > 1 else 0)
        painter.end()
        self.rendered += width * height
        return pixmap


def _covered(rows: range, columns: range, shift: QPointF, size: tuple[int, int]) -> bool:
    """Whether tiles copied one to one (opaque, at whole pixels, each 256 pixels on from the
    last: `paint` at a scale of exactly 1) fill the whole view, so nothing need be painted
    under them."""
    if not rows or not columns:
        return False
    # Where `paint` puts the first and last tiles.
    left = round(columns[0] * TILE + shift.x())
    top = round(rows[0] * TILE + shift.y())
    right = round(columns[-1] * TILE + shift.x()) + TILE
    bottom = round(rows[-1] * TILE + shift.y()) + TILE
    return left <= 0 and top <= 0 and right >= size[0] and bottom >= size[1]


def _missing_blocks(
    cached: Mapping[TileKey, object], index: int, columns: range, rows: range
) -> list[tuple[int, int, int, int]]:
    """The tiles of `columns` x `rows` not in `cached`, as rectangles (left, top, width,
    height): runs of missing tiles along each row, merged with the run of the row above when
    they span the same columns. A cold view is one rectangle; a pan leaves a strip or an L."""
    blocks: list[list[int]] = []
    open_runs: dict[tuple[int, int], list[int]] = {}
    for row in rows:
        runs: dict[tuple[int, int], list[int]] = {}
        start = None
        for column in [*columns, None]:
            missing = column is not None and (index, column, row) not in cached
            if missing and start is None:
                start = column
            elif not missing and start is not None:
                end = (column if column is not None else columns[-1] + 1) - 1
                block = open_runs.get((start, end))
                if block is None:
                    block = [start, row, end - start + 1, 0]
                    blocks.append(block)
                block[3] += 1
                runs[(start, end)] = block
                start = None
        open_runs = runs
    return [(left, top, width, height) for left, top, width, height in blocks]


_WHOLE = QRectF(0, 0, TILE, TILE)

"""The map as one picture: the whole of it at a readable scale for File > Export as PNG, or any
part at any scale for `hexwright render`."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from editor.document import Document
from editor.map.geometry import Frame
from editor.map.layers import LayerVisibility
from editor.map.scene import MapScene

BAND_HEIGHT = 1024
"""Pixel rows drawn in one step of an export."""

READABLE_ZOOM = 40.0
"""Pixels per hex of an export when the size allows: counters, names and marks all legible."""


def render_whole_map(
    document: Document,
    max_side: int = 8192,
    layers: LayerVisibility | None = None,
    progress: Callable[[int, int], bool] | None = None,
) -> QImage | None:
    """The whole map with the scenario on it, at `READABLE_ZOOM` or as large as fits in
    `max_side` pixels on the longer side. `layers` picks what is shown (default: all).

    The picture is drawn in bands of rows; `progress(done, total)` hears of each and stops the
    drawing (the result is then None) by returning False."""
    scene = MapScene(document, layers)
    bounds = scene.geometry.bounds
    zoom = min(READABLE_ZOOM, max_side / max(bounds.width(), bounds.height()))
    return render_area(scene, bounds, zoom, max_side, progress)


def render_area(
    scene: MapScene,
    area: QRectF,
    zoom: float,
    max_side: int = 8192,
    progress: Callable[[int, int], bool] | None = None,
) -> QImage | None:
    """The part `area` (world units) of a scene's picture at `zoom` pixels per hex, at most
    `max_side` pixels either way; drawn in bands as `render_whole_map` says."""
    width = max(1, min(max_side, math.ceil(area.width() * zoom)))
    height = max(1, min(max_side, math.ceil(area.height() * zoom)))
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)  # beyond the ragged hex edges of the map
    painter = QPainter(image)
    bands = max(1, math.ceil(height / BAND_HEIGHT))
    left, top_of_area = -area.left() * zoom, -area.top() * zoom
    try:
        for band in range(bands):
            if progress is not None and not progress(band, bands):
                return None
            top = band * BAND_HEIGHT
            tall = min(BAND_HEIGHT, height - top)
            # A band is a picture of its own, drawn as the view draws a tile.
            strip = QImage(width, tall, QImage.Format.Format_ARGB32_Premultiplied)
            strip.fill(Qt.GlobalColor.transparent)
            strip_painter = QPainter(strip)
            frame = Frame(scene.geometry, zoom, left, top_of_area - float(top), width, tall)
            try:
                scene.paint_static(strip_painter, frame, tiled=False)
                scene.paint_dynamic(strip_painter, frame)
            finally:
                strip_painter.end()  # Qt aborts the process on a picture still being painted
            painter.drawImage(0, top, strip)
    finally:
        painter.end()
    if progress is not None:
        progress(bands, bands)
    return image

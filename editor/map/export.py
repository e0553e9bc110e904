"""The whole map as one picture at a readable scale, for File > Export as PNG."""

from __future__ import annotations

import math

from PySide6.QtGui import QImage, QPainter

from editor.document import Document
from editor.map.geometry import Frame
from editor.map.layers import LayerVisibility
from editor.map.scene import MapScene

READABLE_ZOOM = 40.0
"""Pixels per hex of an export when the size allows: counters, names and marks all legible."""


def render_whole_map(
    document: Document, max_side: int = 8192, layers: LayerVisibility | None = None
) -> QImage:
    """The whole map with the scenario on it, at `READABLE_ZOOM` or as large as fits in
    `max_side` pixels on the longer side. `layers` picks what is shown (default: all)."""
    scene = MapScene(document, layers)
    bounds = scene.geometry.bounds
    zoom = min(READABLE_ZOOM, max_side / max(bounds.width(), bounds.height()))
    width = max(1, min(max_side, math.ceil(bounds.width() * zoom)))
    height = max(1, min(max_side, math.ceil(bounds.height() * zoom)))
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    frame = Frame(scene.geometry, zoom, 0.0, 0.0, width, height)
    scene.paint_static(painter, frame, tiled=False)
    scene.paint_dynamic(painter, frame)
    painter.end()
    return image

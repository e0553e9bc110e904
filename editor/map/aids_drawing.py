"""Drawing helpers of the map aids (`editor.map.aids`): hex-sized stamps drawn once per zoom and
copied onto every hex, inset hex outlines, and the corners of a range's outline chained in order.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap

from editor.map.geometry import Frame, HexRange
from editor.map.scenario_index import Offset


def corner(x: float, y: float) -> tuple[float, float]:
    """A corner rounded so the two edges meeting there name it alike."""
    return round(x, 6), round(y, 6)


def chain(
    links: dict[tuple[float, float], list[tuple[float, float]]],
) -> list[tuple[float, float]]:
    """The corners of a closed loop of edges in order (every corner joins two edges)."""
    if not links:
        return []
    first = next(iter(links))
    loop = [first]
    previous, current = first, links[first][0]
    while current != first:
        loop.append(current)
        ahead = links[current]
        previous, current = current, ahead[0] if ahead[0] != previous else ahead[1]
    return loop


def in_hexes(hexes: HexRange, hex_: Offset) -> bool:
    c0, c1, r0, r1 = hexes
    return c0 <= hex_[0] <= c1 and r0 <= hex_[1] <= r1


def visible_hexes(marked: set[Offset], hexes: HexRange) -> list[Offset]:
    return [hex_ for hex_ in marked if in_hexes(hexes, hex_)]


def paint_outline(painter: QPainter, key: tuple[Any, ...], frame: Frame) -> None:
    """An inset hex outline; each aid has its own inset (`slot`) so several read at once."""
    _, rgba, slot = key
    zoom, geometry = frame.zoom, frame.geometry
    # Thin rings side by side near the edge leave the counter in the middle readable.
    width = max(1.5, min(4.0, zoom * 0.05))
    inset = width / 2 + 1 + slot * width
    polygon = geometry.hex_polygon(max(zoom * 0.3, zoom - 2 * inset))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if slot == 0:
        painter.setPen(QPen(QColor(20, 20, 20, 190), width + 2))
        painter.drawPolygon(polygon)
    painter.setPen(QPen(QColor.fromRgba(rgba), width))
    painter.drawPolygon(polygon)


class Stamps:
    """Hex-sized pictures drawn once per zoom and copied onto every hex that shows them: many
    antialiased outlines would take longer than the repaint may."""

    def __init__(self) -> None:
        self._zoom = 0.0
        self._pixmaps: dict[tuple[Any, ...], QPixmap] = {}

    def draw(
        self,
        painter: QPainter,
        frame: Frame,
        hex_: Offset,
        key: tuple[Any, ...],
        render: Callable[[QPainter, tuple[Any, ...], Frame], None],
    ) -> None:
        """Copy the picture `key` (made by `render(painter, key, frame)` about the origin)
        centred on a hex."""
        zoom, geometry = frame.zoom, frame.geometry
        if zoom != self._zoom:
            self._zoom = zoom
            self._pixmaps.clear()
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            width = math.ceil(2 * geometry.half_width * zoom) + 4
            height = math.ceil(2 * geometry.half_height * zoom) + 4
            pixmap = QPixmap(width, height)
            pixmap.fill(Qt.GlobalColor.transparent)
            stamp = QPainter(pixmap)
            stamp.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            stamp.translate(width / 2, height / 2)
            render(stamp, key, frame)
            stamp.end()
            self._pixmaps[key] = pixmap
        x, y = frame.point(hex_)
        painter.drawPixmap(QPointF(x - pixmap.width() / 2, y - pixmap.height() / 2), pixmap)

"""Place names lettered on the map with a light halo, larger places in larger type; small
names appear only when zoomed in. Each lettered name is cached as a pixmap."""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap

from editor.map import style
from editor.map.content import MapContent
from editor.map.geometry import Frame
from schemas.panzer_campaigns.map import PlaceSize

_INK = {
    PlaceSize.SMALL: QColor("#2b2b2b"),
    PlaceSize.MEDIUM: QColor("#1c1c1c"),
    PlaceSize.LARGE: QColor("#101010"),
}
NAME_DROP = 0.30
"""How far below the hex centre a name sits, in hexes, so counters leave it readable."""


class PlaceLabels:
    """Draws the place names of the visible hexes."""

    def __init__(self, capacity: int = 1500) -> None:
        self.capacity = capacity
        self._cache: OrderedDict[tuple[str, PlaceSize, int], QPixmap] = OrderedDict()

    def clear(self) -> None:
        """Forget the lettered names."""
        self._cache.clear()

    def paint(self, painter: QPainter, frame: Frame, content: MapContent) -> None:
        """Letter every name of the frame's hexes that suits the zoom."""
        hexes = frame.hexes(margin=3)
        if hexes is None:
            return
        zoom = frame.zoom
        drop = NAME_DROP * zoom if zoom >= style.COUNTERS_FROM else 0.0
        for hex_, place in content.places.within(hexes):
            if zoom < style.place_min_zoom(place.size):
                continue
            pixmap = self._pixmap(place.name, place.size, zoom)
            x, y = frame.point(hex_)
            painter.drawPixmap(
                QPointF(round(x - pixmap.width() / 2), round(y + drop - pixmap.height() / 2)),
                pixmap,
            )

    def _pixmap(self, name: str, size: PlaceSize, zoom: float) -> QPixmap:
        font = style.place_font(size, zoom)
        key = (name, size, font.pixelSize())
        pixmap = self._cache.get(key)
        if pixmap is not None:
            self._cache.move_to_end(key)
            return pixmap
        text = name.upper() if size is PlaceSize.LARGE else name
        metrics = QFontMetricsF(font)
        halo = max(2.0, font.pixelSize() * 0.22)
        width = metrics.horizontalAdvance(text) + 2 * halo + 2
        height = metrics.height() + 2 * halo
        pixmap = QPixmap(int(width + 1), int(height + 1))
        pixmap.fill(Qt.GlobalColor.transparent)
        path = QPainterPath()
        path.addText(QPointF(halo + 1, halo + metrics.ascent()), font, text)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        pen = QPen(style.HALO, 2 * halo)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.strokePath(path, pen)
        painter.fillPath(path, _INK[size])
        painter.end()
        self._cache[key] = pixmap
        while len(self._cache) > self.capacity:
            self._cache.popitem(last=False)
        return pixmap

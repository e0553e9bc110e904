"""Where the map view looks: the zoom (pixels per hex) and the pixel position of the world
origin, with zooming about a point, fitting, centring and panning. Pure arithmetic on rectangles,
no hexes (those are `MapGeometry`'s)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSizeF

from editor.map import style
from editor.map.tiles import level_index, level_zoom

FIT_MARGIN = 0.97
"""Share of the view the whole map fills after zoom to fit."""


class Viewport:
    """The zoom and offset of a view of size `size` onto a world of `bounds`."""

    def __init__(self, bounds: QRectF, size: QSizeF) -> None:
        self.bounds = QRectF(bounds)
        self.size = QSizeF(size)
        self.zoom = 1.0
        self.shift = QPointF(0.0, 0.0)
        """The pixel position of the world's origin."""
        self.fit()

    # Conversions -------------------------------------------------------------------------------

    def to_world(self, pixel: QPointF) -> QPointF:
        """The world position under a pixel."""
        return (pixel - self.shift) / self.zoom

    def to_pixel(self, world: QPointF) -> QPointF:
        """The pixel showing a world position."""
        return world * self.zoom + self.shift

    def world_rect(self) -> QRectF:
        """The part of the world in view."""
        return QRectF(self.to_world(QPointF(0, 0)), self.size / self.zoom)

    # Limits -----------------------------------------------------------------------------------

    def fit_zoom(self) -> float:
        """The zoom at which the whole map fills the view."""
        width = max(1.0, self.size.width())
        height = max(1.0, self.size.height())
        return max(
            1e-3,
            min(width / self.bounds.width(), height / self.bounds.height()) * FIT_MARGIN,
        )

    def min_zoom(self) -> float:
        """Zooming out stops a little beyond the whole map."""
        return min(style.MIN_ZOOM, self.fit_zoom() * 0.8)

    def clamp(self, zoom: float) -> float:
        """A zoom within the limits."""
        return max(self.min_zoom(), min(style.MAX_ZOOM, zoom))

    # Moves ------------------------------------------------------------------------------------

    def fit(self) -> None:
        """Show the whole map, centred."""
        self.zoom = self.fit_zoom()
        self.center_on(self.bounds.center())

    def center_on(self, world: QPointF) -> None:
        """Put a world position at the middle of the view."""
        middle = QPointF(self.size.width() / 2, self.size.height() / 2)
        self.shift = middle - world * self.zoom
        self._settle()

    def center(self) -> QPointF:
        """The world position at the middle of the view."""
        return self.to_world(QPointF(self.size.width() / 2, self.size.height() / 2))

    def zoom_about(self, zoom: float, pixel: QPointF) -> None:
        """Change the zoom keeping the world position under `pixel` where it is."""
        anchor = self.to_world(pixel)
        self.zoom = self.clamp(zoom)
        self.shift = pixel - anchor * self.zoom
        self._settle()

    def step_zoom(self, steps: float) -> float:
        """The zoom `steps` levels in (positive) or out from the current one, landing on the
        levels the tile cache draws one to one."""
        level = level_index(self.zoom)
        exact = abs(level_zoom(level) - self.zoom) < 1e-9
        if steps == int(steps):
            # From between two levels, the first step in lands on the level just above.
            inward = 0 if exact or steps < 0 else 1
            return self.clamp(level_zoom(level + int(steps) - inward))
        return self.clamp(self.zoom * 2 ** (steps / 4))

    def pan(self, dx: float, dy: float) -> None:
        """Move the picture by a number of pixels."""
        self.shift = self.shift + QPointF(dx, dy)
        self._settle()

    def resize(self, size: QSizeF) -> None:
        """The view changed size; keep its centre."""
        middle = self.center()
        self.size = QSizeF(size)
        self.center_on(middle)

    def _settle(self) -> None:
        """Keep some of the map in view, and whole pixels at exact levels (sharp tiles)."""
        width, height = self.size.width(), self.size.height()
        left = self.bounds.left() * self.zoom
        right = self.bounds.right() * self.zoom
        top = self.bounds.top() * self.zoom
        bottom = self.bounds.bottom() * self.zoom
        x = min(max(self.shift.x(), width / 2 - right), width / 2 - left)
        y = min(max(self.shift.y(), height / 2 - bottom), height / 2 - top)
        self.shift = QPointF(round(x), round(y))

    # Scrolling --------------------------------------------------------------------------------

    def scroll_ranges(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """(minimum, maximum, page) for a horizontal and a vertical scroll bar; the value of
        each is minus the shift."""
        width, height = self.size.width(), self.size.height()
        horizontal = (
            round(self.bounds.left() * self.zoom - width / 2),
            round(self.bounds.right() * self.zoom - width / 2),
            round(width),
        )
        vertical = (
            round(self.bounds.top() * self.zoom - height / 2),
            round(self.bounds.bottom() * self.zoom - height / 2),
            round(height),
        )
        return horizontal, vertical

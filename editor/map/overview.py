"""The whole map as small images: one pixel per hex across and two per hex down, so the half-hex
stagger of alternate columns is exact. Enlarged, the terrain image is the terrain of every zoom
too far out to draw single hexes (and the base under hex outlines closer in); the hillshade
image, smoothly enlarged, lights the relief at every zoom.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QTransform

from editor.map import style
from editor.map.content import MapContent
from editor.map.geometry import HexRange

OUTSIDE = 255
"""Palette entry of the pixels beyond the map's edge (the staggered ends of columns)."""


class TerrainImage:
    """Indexed images of the map's terrain and an ARGB image of its hillshade."""

    def __init__(self, content: MapContent) -> None:
        self.content = content
        geometry = content.geometry
        lowest = min(geometry.column_y)
        self.shifted = [y > lowest for y in geometry.column_y]
        """Which columns sit half a hex lower."""
        self.shifted_start: int | None = self.shifted.index(True) if True in self.shifted else None
        self.show_terrain = True
        self.rebuild()

    def rebuild(self) -> None:
        """Lay out every pixel again from the content."""
        content = self.content
        width, height = content.geometry.width, content.geometry.height
        self.lines = self._lines(content.terrain_rows)
        self.image = _indexed(self.lines, width)
        # The same without the map's outer ring of hexes, which the painter outlines exactly:
        # their pixels would spill past the notched map edge.
        ring = bytes([OUTSIDE])
        inner = [
            ring * width
            if row in (0, height - 1)
            else ring + content.terrain_rows[row][1:-1] + ring
            if width > 1
            else ring
            for row in range(height)
        ]
        self.interior = _indexed(self._lines(inner), width)
        self.apply_palette()
        shade = _indexed(self._lines(content.shade_rows, fill=style.FLAT), width)
        table = [style.shade_color(value) for value in range(256)]
        shade.setColorTable(table)
        self.shade = shade.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)

    def _lines(self, rows: list[bytes], fill: int = OUTSIDE) -> list[bytes]:
        # Image line 2k shows row k of the upper columns and row k - 1 of the lower ones;
        # line 2k + 1 shows row k of every column. Slices with step 2 mix the two quickly.
        start = self.shifted_start
        width = self.content.geometry.width
        outside = bytes([fill]) * width
        lines = []
        previous = outside
        for current in rows:
            if start is None:
                lines.append(current)
            else:
                mixed = bytearray(current)
                mixed[start::2] = previous[start::2]
                lines.append(bytes(mixed))
            lines.append(current)
            previous = current
        last = bytearray(outside)
        if start is not None:
            last[start::2] = previous[start::2]
        lines.append(bytes(last))
        return lines

    def apply_palette(self) -> None:
        """Colour the terrain images from the content's palette (after the colours changed or
        the terrain layer was shown or hidden)."""
        colors = self.content.palette
        table = [(c if self.show_terrain else style.PAPER).rgba() for c in colors]
        table += [0] * (256 - len(table))
        table[OUTSIDE] = 0
        self.image.setColorTable(table)
        self.interior.setColorTable(table)
        self.pixels = self.image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)

    def to_world(self) -> QTransform:
        """Maps image pixels to world positions."""
        geometry = self.content.geometry
        step = geometry.column_step
        left = geometry.column_x[0] - step / 2
        return QTransform(step, 0.0, 0.0, 0.5, left, 0.0)

    def source_rect(self, hexes: HexRange) -> QRectF:
        """The pixels of the images covering a range of hexes."""
        c0, c1, r0, r1 = hexes
        return QRectF(c0, 2 * r0, c1 - c0 + 1, 2 * (r1 - r0) + 3)

    def line_of(self, column: int, row: int) -> int:
        """The upper of the two image lines of a hex."""
        return 2 * row + self.shifted[column]


def _indexed(lines: list[bytes], width: int) -> QImage:
    stride = (width + 3) & ~3
    padding = bytes(stride - width)
    data = padding.join(lines) + padding
    image = QImage(data, width, len(lines), stride, QImage.Format.Format_Indexed8)
    return image.copy()

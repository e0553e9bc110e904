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
        self._stale = True
        self._outlined: dict[int, bytes] = {}
        self._build()

    def rebuild(self) -> None:
        """The content changed: lay out every pixel again before the images are next used.

        A brush stroke changes the map at every mouse move, but the images are read only
        when a picture is drawn, so the work is done once per repaint, not once per edit."""
        self._stale = True

    @property
    def lines(self) -> list[bytes]:
        """The terrain image's lines as palette indexes."""
        self._build()
        return self._lines_built

    @property
    def image(self) -> QImage:
        """The terrain, one palette index per pixel."""
        self._build()
        return self._image

    @property
    def interior(self) -> QImage:
        """The terrain without the map's outer ring of hexes, in colour."""
        self._build()
        return self._interior_pixels

    @property
    def pixels(self) -> QImage:
        """The terrain image in colour."""
        self._build()
        return self._pixels

    @property
    def shade(self) -> QImage:
        """The hillshade."""
        self._build()
        return self._shade

    def _build(self) -> None:
        if not self._stale:
            return
        self._stale = False
        content = self.content
        width, height = content.geometry.width, content.geometry.height
        self._lines_built = self._lines(content.terrain_rows)
        self._joined = b"".join(self._lines_built)
        self._outlined.clear()
        self._image = _indexed(self._lines_built, width)
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
        self._interior = _indexed(self._lines(inner), width)
        self.apply_palette()
        shade = _indexed(self._lines(content.shade_rows, fill=style.FLAT), width)
        table = [style.shade_color(value) for value in range(256)]
        shade.setColorTable(table)
        self._shade = shade.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)

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
        self.opaque = len(colors) <= OUTSIDE and all(c >> 24 == 0xFF for c in table[: len(colors)])
        """Whether every terrain is drawn in an opaque colour."""
        self._build()
        self._image.setColorTable(table)
        self._interior.setColorTable(table)
        # Drawn in colour, as the painter would convert them at every draw (of the whole image,
        # which at close zoom made the terrain most of a cold repaint's time).
        self._pixels = self._image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
        self._interior_pixels = self._interior.convertToFormat(
            QImage.Format.Format_ARGB32_Premultiplied
        )

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

    def outlined(self, column: int) -> bytes:
        """Which hexes of a column the enlarged image gets wrong, one byte per row (1: outline
        it): those whose terrain differs from a neighbour to the left or right on either of
        their two image lines (the image's rectangles cut across their pointed sides), and
        those on the map's edge.

        Worked out for a whole column at once from the image's columns and kept until the
        terrain changes, so a tile's outlines need no test per hex."""
        self._build()
        outlined = self._outlined.get(column)
        if outlined is None:
            outlined = self._outlined[column] = self._outline_column(column)
        return outlined

    def _outline_column(self, column: int) -> bytes:
        geometry = self.content.geometry
        width, height = geometry.width, geometry.height
        if column in (0, width - 1):
            return b"\x01" * height
        # The image's columns left of, at and right of this one, top to bottom: equal bytes
        # XOR to zero, so one integer operation compares every line.
        joined = self._joined
        size = len(self._lines_built)
        left = int.from_bytes(joined[column - 1 :: width])
        middle = int.from_bytes(joined[column::width])
        right = int.from_bytes(joined[column + 1 :: width])
        differs = ((left ^ middle) | (right ^ middle)).to_bytes(size).translate(_NONZERO)
        # A hex covers two lines from line 2 * row (one lower in a shifted column).
        first = 1 if self.shifted[column] else 0
        upper = differs[first : first + 2 * height : 2]
        lower = differs[first + 1 : first + 2 * height + 1 : 2]
        rows = bytearray((int.from_bytes(upper) | int.from_bytes(lower)).to_bytes(height))
        rows[0] = rows[-1] = 1
        return bytes(rows)

    def line_of(self, column: int, row: int) -> int:
        """The upper of the two image lines of a hex."""
        return 2 * row + self.shifted[column]


_NONZERO = bytes([0]) + bytes([1]) * 255
"""A byte table mapping zero to 0 and every other byte to 1."""


def _indexed(lines: list[bytes], width: int) -> QImage:
    stride = (width + 3) & ~3
    padding = bytes(stride - width)
    data = padding.join(lines) + padding
    image = QImage(data, width, len(lines), stride, QImage.Format.Format_Indexed8)
    return image.copy()

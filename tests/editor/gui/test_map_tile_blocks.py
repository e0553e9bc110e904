"""The tiles a view lacks are drawn together, a rectangle of them in one pass, and the grid is
copied column by column from stamps: the designer sees the map as tile by tile drawing, line by
line, showed it; a cold view is one pass, and a pan draws only the strip it uncovered."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage, QPainter, QPixmap

from editor.document import Document
from editor.map import style
from editor.map.geometry import Frame
from editor.map.grid_stamps import GridStamps, _column_path, grid_pen
from editor.map.layers import LAYERS
from editor.map.scene import MapScene
from editor.map.tiles import TILE, TileCache, _missing_blocks, level_index, level_zoom

LEVELS = [8, level_index(style.HEX_SHAPES_FROM), 19, 21, 24, 26]
"""From the whole map (hexes as pixels) to about 90 pixels per hex."""


def _block_and_alone(scene: MapScene, index: int) -> list[tuple[QImage, QImage]]:
    """Each tile of a 3x3 block in the middle of the map, as the block drew it and drawn
    alone."""
    zoom = level_zoom(index)
    last_column = int(scene.geometry.bounds.width() * zoom) // TILE
    last_row = int(scene.geometry.bounds.height() * zoom) // TILE
    left, top = max(0, last_column // 2 - 1), max(0, last_row // 2 - 1)
    width, height = min(3, last_column + 1), min(3, last_row + 1)
    block = scene.tiles._render_block(index, left, top, width, height).toImage()
    pairs = []
    for row in range(height):
        for column in range(width):
            cut = block.copy(column * TILE, row * TILE, TILE, TILE)
            alone = scene.tiles._render((index, left + column, top + row)).toImage()
            pairs.append((cut, alone))
    return pairs


def _differences(a: QImage, b: QImage, *, beyond: int = 0) -> tuple[int, int]:
    """How many pixels differ by more than `beyond` levels in a colour channel, and the most
    any differs by."""
    a = a.convertToFormat(QImage.Format.Format_RGB32)
    b = b.convertToFormat(QImage.Format.Format_RGB32)
    pixels_a, pixels_b = bytes(a.constBits()), bytes(b.constBits())
    count = worst = 0
    for start in range(0, len(pixels_a), 4):
        if pixels_a[start : start + 3] != pixels_b[start : start + 3]:
            difference = max(abs(pixels_a[start + k] - pixels_b[start + k]) for k in range(3))
            count += difference > beyond
            worst = max(worst, difference)
    return count, worst


def _show_only(scene: MapScene, names: set[str]) -> None:
    for layer in LAYERS:
        if layer.static:
            scene.layers.set(layer.name, layer.name in names)


@pytest.mark.parametrize("index", LEVELS)
def test_terrain_drawn_in_a_block_is_the_terrain_of_its_tiles_drawn_alone(
    document: Document, index: int
) -> None:
    """Hex colours and their edges land on the same pixels; the smoothed hillshade differs by
    a level of grey at most."""
    scene = MapScene(document)
    _show_only(scene, {"terrain"})
    for cut, alone in _block_and_alone(scene, index):
        assert cut == alone
    _show_only(scene, {"terrain", "elevation"})
    for cut, alone in _block_and_alone(scene, index):
        assert _differences(cut, alone)[1] <= 2


@pytest.mark.parametrize("index", [level_index(style.HEX_SHAPES_FROM), 21, 26])
def test_lines_drawn_in_a_block_differ_from_tiles_alone_only_in_antialiasing(
    document: Document, index: int
) -> None:
    """Grid, hexsides, roads and railroads: a stroke drawn whole rather than cut at a tile's
    edge rounds a few of its antialiased pixels and joins otherwise (the hillshade adds its
    level of grey), no more."""
    scene = MapScene(document)
    pairs = _block_and_alone(scene, index)
    changed = sum(_differences(cut, alone, beyond=2)[0] for cut, alone in pairs)
    assert changed < 0.005 * len(pairs) * TILE * TILE


def test_missing_tiles_group_into_rectangles() -> None:
    columns, rows = range(10, 14), range(5, 8)
    everything: dict[tuple[int, int, int], object] = {}
    assert _missing_blocks(everything, 21, columns, rows) == [(10, 5, 4, 3)]
    # After a pan to the right, the tiles of the last column are new.
    cached = {(21, c, r): None for c in range(10, 13) for r in rows}
    assert _missing_blocks(cached, 21, columns, rows) == [(13, 5, 1, 3)]
    # After a pan down and right: an L, a strip along the bottom and one up the side.
    cached = {(21, c, r): None for c in range(10, 13) for r in range(5, 7)}
    assert _missing_blocks(cached, 21, columns, rows) == [(13, 5, 1, 2), (10, 7, 4, 1)]
    # Tiles of another level do not count as cached.
    other_level = {(20, c, r): None for c in columns for r in rows}
    assert _missing_blocks(other_level, 21, columns, rows) == [(10, 5, 4, 3)]


def test_a_cold_view_is_drawn_in_one_pass_and_a_pan_draws_only_what_it_uncovers(
    document: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = MapScene(document)
    passes: list[tuple[int, int]] = []
    render_block = TileCache._render_block

    def counted(self: TileCache, *block: int) -> QPixmap:
        passes.append((block[3], block[4]))
        return render_block(self, *block)

    monkeypatch.setattr(TileCache, "_render_block", counted)
    zoom = level_zoom(21)
    x, y = scene.geometry.center(20, 25)
    image = QImage(1000, 700, QImage.Format.Format_ARGB32_Premultiplied)

    def paint(dx: float) -> None:
        painter = QPainter(image)
        shift = QPointF(500 - x * zoom + dx, 350 - y * zoom)
        scene.tiles.paint(painter, zoom, shift, 1000, 700, background=style.OUTSIDE)
        painter.end()

    paint(0)
    assert len(passes) == 1
    assert passes[0][0] * passes[0][1] == scene.tiles.rendered > 4
    before = image.copy()
    rendered = scene.tiles.rendered
    paint(-TILE)  # the map moves a tile's width to the left
    assert passes[1:] == [(1, passes[0][1])]
    assert scene.tiles.rendered == rendered + passes[0][1]
    # The uncovered strip joins the rest: what was on screen moved unchanged.
    assert image.copy(0, 0, 1000 - TILE, 700) == before.copy(TILE, 0, 1000 - TILE, 700)


def _grid_drawn_line_by_line(
    self: GridStamps, painter: QPainter, frame: Frame, hexes: tuple[int, int, int, int]
) -> None:
    """The grid as it was drawn before stamps: every column's lines stroked in place."""
    painter.setPen(grid_pen(frame.zoom))
    c0, c1, r0, r1 = hexes
    path = _column_path(self.geometry, frame.zoom, r1 - r0 + 1)
    xs, ys = frame.column_pixels(hexes)
    for offset in range(c1 - c0 + 1):
        painter.save()
        painter.translate(QPointF(xs[offset], ys[offset] + r0 * frame.zoom))
        painter.drawPath(path)
        painter.restore()


@pytest.mark.parametrize("index", [level_index(style.GRID_FROM), 21, 26])
def test_the_grid_from_stamps_is_the_grid_drawn_line_by_line(
    document: Document, monkeypatch: pytest.MonkeyPatch, index: int
) -> None:
    """Each column is copied within a sixteenth of a pixel of its place: a line's antialiased
    edge changes by a few levels, never as if moved by a pixel, and no line is missing or
    doubled."""
    scene = MapScene(document)
    _show_only(scene, {"terrain", "grid"})
    stamped = [scene.tiles._render((index, column, 2)).toImage() for column in range(3)]
    monkeypatch.setattr(GridStamps, "draw", _grid_drawn_line_by_line)
    stroked = [scene.tiles._render((index, column, 2)).toImage() for column in range(3)]
    _show_only(scene, {"terrain"})
    bare = [scene.tiles._render((index, column, 2)).toImage() for column in range(3)]
    for with_stamps, with_lines, without in zip(stamped, stroked, bare, strict=True):
        grid_pixels, _ = _differences(with_lines, without, beyond=8)
        assert grid_pixels > 0.02 * TILE * TILE  # the grid is there to compare
        changed, worst = _differences(with_stamps, with_lines, beyond=32)
        assert changed < 0.005 * grid_pixels
        assert worst <= 40

"""A cold repaint of the map gives the very pixels of the straightforward drawing: the lookups
that spare a tile its tests of every hex (the hexes needing an outline, connection rows, hexsides
and stacks by row and column) and a stack's count badge drawn once per kind change no pixel, and
an edit reaches every one of them."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath

from editor.commands import SetValue
from editor.document import Document
from editor.map import counters, style
from editor.map.content import RowBuckets
from editor.map.counters import counter_size
from editor.map.geometry import Frame, HexRange
from editor.map.scene import MapScene
from editor.map.scenery import Scenery
from editor.map.tiles import TILE, TileCache, TileKey, level_index, level_zoom
from editor.map.view import MapView
from editor.selection import Selection
from schemas.io import FileKind
from schemas.panzer_campaigns.map import CONNECTION_BITS, HexsideFeature
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import Direction, HexsideKind

LEVELS = (level_index(style.HEX_SHAPES_FROM), level_index(24.0), 21, 24, 26)
"""Zoom levels from the first drawing single hexes to about 90 pixels per hex."""


def _outlined_by_rule(scenery: Scenery, column: int, row: int) -> bool:
    """The rule hex by hex: on the map's edge, or terrain unlike a neighbour to the left or
    right on either of the hex's two lines of the terrain image."""
    geometry = scenery.content.geometry
    if column in (0, geometry.width - 1) or row in (0, geometry.height - 1):
        return True
    image = scenery.terrain_image
    top = image.line_of(column, row)
    number = image.lines[top][column]
    return any(
        line[column + step] != number
        for line in (image.lines[top], image.lines[top + 1])
        for step in (-1, 1)
    )


def _reference_outlines(
    self: Scenery, painter: QPainter, frame: Frame, hexes: HexRange, show: bool
) -> None:
    """The outlines tested hex by hex, filled in the same order."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.setPen(Qt.PenStyle.NoPen)
    outline = self.content.geometry.hex_polygon(frame.zoom)
    c0, c1, r0, r1 = hexes
    xs, ys = frame.column_pixels(hexes)
    paths: dict[int, QPainterPath] = {}
    for column in range(c0, c1 + 1):
        for row in range(r0, r1 + 1):
            if _outlined_by_rule(self, column, row):
                x, y = xs[column - c0], ys[column - c0] + row * frame.zoom
                number = self.content.terrain_rows[row][column]
                paths.setdefault(number, QPainterPath()).addPolygon(outline.translated(x, y))
    for number, path in paths.items():
        painter.setBrush(self.brushes[number] if show else QBrush(style.PAPER))
        painter.drawPath(path)


def _reference_links(self: Scenery, rows: list[str], frame: Frame, hexes: HexRange) -> list[QLineF]:
    """The connection lines read from the row texts at every tile."""
    edges = self.content.geometry.edges
    zoom = frame.zoom
    c0, c1, r0, r1 = hexes
    xs, ys = frame.column_pixels(hexes)
    lines = []
    for row in range(r0, min(r1, len(rows) - 1) + 1):
        for match in re.finditer("[1-7]", rows[row][c0 : c1 + 1]):
            x, y = xs[match.start()], ys[match.start()] + row * zoom
            for direction, bit in CONNECTION_BITS.items():
                if int(match.group()) & bit:
                    sx, sy = edges[direction].toward[0] * zoom, edges[direction].toward[1] * zoom
                    lines.append(QLineF(x, y, x + sx, y + sy))
    return lines


def _tiles(scene: MapScene) -> list[QImage]:
    """Tiles across the map (its corners, edges and middle) at each level, rendered afresh."""
    images = []
    for index in LEVELS:
        zoom = level_zoom(index)
        last_column = int(scene.geometry.bounds.width() * zoom) // TILE
        last_row = int(scene.geometry.bounds.height() * zoom) // TILE
        for column in sorted({0, last_column // 2, last_column}):
            for row in sorted({0, last_row // 2, last_row}):
                key: TileKey = (index, column, row)
                images.append(scene.tiles._render(key).toImage())
    return images


def test_the_hexes_outlined_are_those_whose_terrain_differs_beside_them(
    document: Document,
) -> None:
    scene = MapScene(document)
    geometry = scene.geometry
    for column in range(geometry.width):
        outlined = scene.terrain_image.outlined(column)
        assert [bool(flag) for flag in outlined] == [
            _outlined_by_rule(scene.scenery, column, row) for row in range(geometry.height)
        ], f"column {column}"
    # The sample mixes terrain: both kinds of hex occur, so the rule is really tested.
    flags = {
        flag for column in range(geometry.width) for flag in scene.terrain_image.outlined(column)
    }
    assert flags == {0, 1}


def test_tiles_are_the_pixels_of_the_drawing_that_tests_every_hex(
    document: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = MapScene(document)
    fast = _tiles(scene)
    monkeypatch.setattr(Scenery, "_hex_outlines", _reference_outlines)
    monkeypatch.setattr(Scenery, "_link_lines", _reference_links)
    reference = _tiles(scene)
    assert len(fast) == len(reference) > 20
    for number, (a, b) in enumerate(zip(fast, reference, strict=True)):
        assert a == b, f"tile {number} differs"


def test_lookups_by_row_and_column_keep_the_order_of_the_file(document: Document) -> None:
    scene = MapScene(document)
    hexsides: RowBuckets[object] = scene.content.hexsides  # type: ignore[assignment]
    index = scene.index
    width, height = scene.geometry.width, scene.geometry.height
    draw = random.Random(17)
    for _ in range(300):
        c0 = draw.randrange(width)
        c1 = min(width - 1, c0 + draw.randrange(12))
        r0 = draw.randrange(height)
        r1 = min(height - 1, r0 + draw.randrange(80))
        assert hexsides.in_row(r0, c0, c1) == [
            (column, item) for column, item in hexsides.get(r0, ()) if c0 <= column <= c1
        ]
        assert index.stacks_within(c0, c1, r0, r1) == [
            (hex_, stack)
            for hex_, stack in index.placements.items()
            if c0 <= hex_[0] <= c1 and r0 <= hex_[1] <= r1
        ]


@pytest.mark.parametrize("index", [21, 22, 24, 26, 28])
def test_a_count_badge_drawn_once_per_kind_gives_the_same_counter(
    document: Document, index: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    size = counter_size(level_zoom(index))
    oob = document.oob_index
    placements = document.scenario.placements[:20]
    variants = [
        (placement.model_copy(update={"mode": mode}), count, selected)
        for placement in placements
        for mode in (Mode.DEPLOYED, Mode.TRAVEL)
        for count, selected in ((1, False), (2, False), (3, False), (7, False), (3, True))
    ]
    faces: dict[tuple[object, ...], object] = {}
    fast = [
        counters._draw_stack(p, count, size, oob, selected, faces=faces).toImage()  # type: ignore[arg-type]
        for p, count, selected in variants
    ]
    monkeypatch.setattr(counters, "_badge_clear", lambda top, size: False)
    reference = [
        counters._draw_stack(p, count, size, oob, selected, faces={}).toImage()
        for p, count, selected in variants
    ]
    for (placement, count, selected), a, b in zip(variants, fast, reference, strict=True):
        assert a == b, (placement.unit, placement.mode, count, selected)


def _view_of_hex(qtbot, document: Document, zoom: float) -> MapView:
    """A 700x500 view of the document centred on hex (30, 40)."""
    view = MapView(Selection())
    qtbot.addWidget(view)
    view.resize(700, 500)
    view.set_document(document)
    view.set_zoom(zoom)
    view.center_on((30, 40))
    return view


def test_an_edited_map_repaints_as_a_fresh_view_draws_it(
    qtbot, document: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Tile by tile, so that the pictures compare exactly: a block of tiles drawn in one pass
    # rounds a few antialiased pixels otherwise (test_map_tile_blocks.py).
    monkeypatch.setattr(TileCache, "_render_missing", lambda *args: None)
    view = _view_of_hex(qtbot, document, level_zoom(22))
    before = view.render_view()
    # A hex of new terrain among old changes which hexes around it need outlines, and a road
    # run through it changes its connection row.
    water = next(t for t in document.map.terrain if t.water)
    row = document.map.terrain_rows[40]
    document.push(
        SetValue(
            document,
            FileKind.MAP,
            ("terrain_rows", 40),
            row[:30] + water.code + row[31:],
            "Paint Terrain",
        )
    )
    kind, rows = next(iter(document.map.connections.items()))
    document.push(
        SetValue(
            document,
            FileKind.MAP,
            ("connections", kind, 40),
            rows[40][:29] + "333" + rows[40][32:],
            "Draw Road",
        )
    )
    edited = view.render_view()
    assert edited != before
    assert edited == _view_of_hex(qtbot, document, level_zoom(22)).render_view()
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert view.render_view() == before


def test_a_new_river_and_a_changed_height_reach_the_hexside_lines_kept_per_zoom(
    qtbot, document: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lines kept for a zoom are dropped when the hexsides or the heights (the side a
    cliff's ticks point to) change: the view shows the edit as a fresh view would."""
    monkeypatch.setattr(TileCache, "_render_missing", lambda *args: None)  # exact pictures
    view = _view_of_hex(qtbot, document, level_zoom(24))
    before = view.render_view()
    river = HexsideFeature(hex=(30, 40), side=Direction.DOWN, kind=HexsideKind.RIVER)
    cliff = HexsideFeature(hex=(30, 40), side=Direction.UP, kind=HexsideKind.CLIFF)
    document.push(
        SetValue(
            document,
            FileKind.MAP,
            ("hexsides",),
            [*document.map.hexsides, river, cliff],
            "Draw River",
        )
    )
    with_river = view.render_view()
    assert with_river != before
    assert with_river == _view_of_hex(qtbot, document, level_zoom(24)).render_view()
    # The cliff's ticks point down its slope: raise the hex across it above this one.
    rows = list(document.map.elevation_rows)
    heights = [int(height) for height in rows[39].split()]
    heights[30] = max(heights) + 50
    rows[39] = " ".join(str(height) for height in heights)
    document.push(SetValue(document, FileKind.MAP, ("elevation_rows",), rows, "Raise Hex"))
    raised = view.render_view()
    assert raised != with_river
    assert raised == _view_of_hex(qtbot, document, level_zoom(24)).render_view()
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert view.render_view() == before


def test_tiles_covering_the_view_leave_nothing_of_it_and_the_background_shows_beyond_the_map(
    document: Document,
) -> None:
    scene = MapScene(document)
    zoom = level_zoom(22)
    stale = QColor(255, 0, 255)
    for centre, outside in (((30, 40), False), ((0, 0), True)):
        image = QImage(700, 500, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(stale)  # what the view's image held before
        x, y = scene.geometry.center(*centre)
        shift = QPointF(350 - x * zoom, 250 - y * zoom)
        painter = QPainter(image)
        scene.tiles.paint(painter, zoom, shift, 700, 500, background=style.OUTSIDE)
        painter.end()
        colours = {image.pixel(px, py) for px in range(0, 700, 3) for py in range(0, 500, 3)}
        assert stale.rgba() not in colours
        assert (style.OUTSIDE.rgba() in colours) is outside

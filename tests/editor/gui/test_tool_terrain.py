"""The terrain tools on the map: brush strokes (one undo step, no gaps, Escape takes them back),
line, rectangle, bucket fill, eyedropper, the random mix, the elevation brush, and what lands in
the saved map file."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from bench.editor_stroke import SEGMENTS, measure_stroke, stroke_timings
from editor.commands import SetValue
from editor.document import Document
from editor.map.view import MapView
from editor.selection import Selection
from editor.tools.base import MapTool
from editor.tools.terrain_commands import PaintTerrain, SetElevation, parse_elevation_row
from editor.tools.terrain_elevation import ElevationBrushTool
from editor.tools.terrain_options import ElevationLegend, PaletteWidget, RadiusPicker
from editor.tools.terrain_palette import TerrainPalette
from editor.tools.terrain_relief import ElevationMode
from editor.tools.terrain_shapes import BucketFillTool, TerrainLineTool, TerrainRectangleTool
from editor.tools.terrain_tools import TERRAIN_TOOLS, EyedropperTool, TerrainBrushTool
from engine.hexgrid import Grid
from schemas.io import FileKind, dump_text, load_file

Offset = tuple[int, int]
NO_KEYS = Qt.KeyboardModifier.NoModifier


class Mouse:
    """Real mouse events on a map view: press, drag with the left button held, release."""

    def __init__(self, qtbot, view: MapView) -> None:
        self.qtbot = qtbot
        self.view = view

    def _pixel(self, hex_: Offset) -> QPointF:
        return self.view.hex_pixel(hex_)

    def press(self, hex_: Offset, keys: Qt.KeyboardModifier = NO_KEYS) -> None:
        self.qtbot.mousePress(
            self.view, Qt.MouseButton.LeftButton, keys, self._pixel(hex_).toPoint()
        )

    def drag(self, hex_: Offset, keys: Qt.KeyboardModifier = NO_KEYS) -> None:
        pixel = self._pixel(hex_)
        event = QMouseEvent(
            QEvent.Type.MouseMove,
            pixel,
            self.view.mapToGlobal(pixel),
            Qt.MouseButton.NoButton,
            Qt.MouseButton.LeftButton,
            keys,
        )
        QApplication.sendEvent(self.view, event)

    def hover(self, hex_: Offset) -> None:
        # Sent, not QTest.mouseMove: the cursor may already stand there, and then Qt sends none.
        pixel = self._pixel(hex_)
        event = QMouseEvent(
            QEvent.Type.MouseMove,
            pixel,
            self.view.mapToGlobal(pixel),
            Qt.MouseButton.NoButton,
            Qt.MouseButton.NoButton,
            NO_KEYS,
        )
        QApplication.sendEvent(self.view, event)

    def release(self, hex_: Offset) -> None:
        self.qtbot.mouseRelease(
            self.view, Qt.MouseButton.LeftButton, NO_KEYS, self._pixel(hex_).toPoint()
        )

    def stroke(self, hexes: list[Offset]) -> None:
        self.press(hexes[0])
        for hex_ in hexes[1:]:
            self.drag(hex_)
        self.release(hexes[-1])

    def click(self, hex_: Offset, keys: Qt.KeyboardModifier = NO_KEYS) -> None:
        self.press(hex_, keys)
        self.release(hex_)


@pytest.fixture
def view(qtbot, document: Document, selection: Selection) -> MapView:
    widget = MapView(selection)
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.set_document(document)
    widget.set_zoom(40)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def mouse(qtbot, view: MapView) -> Mouse:
    return Mouse(qtbot, view)


def use(view: MapView, tool: MapTool, center: Offset) -> None:
    view.set_tool(tool)
    view.center_on(center)


def code_at(document: Document, hex_: Offset) -> str:
    column, row = hex_
    return document.map.terrain_rows[row][column]


def changed_hexes(before: list[str], after: list[str]) -> dict[Offset, str]:
    return {
        (column, row): new
        for row, (old_row, new_row) in enumerate(zip(before, after, strict=True))
        for column, (old, new) in enumerate(zip(old_row, new_row, strict=True))
        if old != new
    }


def clear_run(document: Document, length: int) -> Offset:
    """The first hex of `length` clear hexes side by side in a row, away from the edges."""
    for row, text in enumerate(document.map.terrain_rows[8:-8], start=8):
        column = text.find("." * length, 8)
        if 8 <= column < document.map.width - length - 8:
            return column, row
    raise AssertionError("no run of clear hexes")


def grid_of(document: Document) -> Grid:
    return Grid(document.map.width, document.map.height, document.map.shifted_columns)


def within(document: Document, center: Offset, radius: int) -> set[Offset]:
    grid = grid_of(document)
    hexes = {grid.offset_of(h) for h in grid.hex_at(*center).iter_range(radius)}
    return {h for h in hexes if grid.contains(*h)}


def elevation(document: Document, hex_: Offset) -> int:
    column, row = hex_
    return parse_elevation_row(document.map.elevation_rows[row], document.map.width)[column]


# Brush ------------------------------------------------------------------------------------------


def test_the_terrain_tools_have_distinct_names_and_the_asked_shortcuts() -> None:
    shortcuts = {cls.name: cls.shortcut for cls in TERRAIN_TOOLS}
    assert shortcuts == {
        "terrain_brush": "B",
        "terrain_line": "L",
        "terrain_rectangle": "R",
        "terrain_fill": "F",
        "terrain_eyedropper": "I",
        "elevation_brush": "E",
    }


def test_a_stroke_across_five_hexes_saves_exactly_those_five(
    document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    start = clear_run(document, 5)
    path = [(start[0] + i, start[1]) for i in range(5)]
    brush = TerrainBrushTool(selection)
    use(view, brush, path[2])
    brush.palette.set_current("f")
    before = list(document.map.terrain_rows)

    mouse.stroke(path)

    document.save()
    saved = load_file(document.path(FileKind.MAP))
    assert saved.ok
    assert changed_hexes(before, saved.model.terrain_rows) == dict.fromkeys(path, "f")


def test_a_fast_drag_paints_every_hex_between_the_mouse_positions(
    document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    start = clear_run(document, 7)
    end = (start[0] + 6, start[1] + 3)
    brush = TerrainBrushTool(selection)
    use(view, brush, start)
    brush.palette.set_current("t")
    before = list(document.map.terrain_rows)

    mouse.press(start)
    mouse.drag(end)  # one mouse event six hexes away
    mouse.release(end)

    grid = grid_of(document)
    line = [grid.offset_of(h) for h in grid.hex_at(*start).line_to(grid.hex_at(*end))]
    assert all(grid.hex_at(*a).distance(grid.hex_at(*b)) == 1 for a, b in pairwise(line))
    painted = changed_hexes(before, list(document.map.terrain_rows))
    assert set(painted) == {h for h in line if before[h[1]][h[0]] != "t"}
    assert all(code_at(document, h) == "t" for h in line)


@pytest.mark.parametrize(("radius", "size"), [(1, 7), (2, 19), (3, 37)])
def test_a_brush_of_radius_r_paints_its_footprint(
    document: Document, selection: Selection, view: MapView, *, mouse: Mouse, radius: int, size: int
) -> None:
    center = (30, 40)
    brush = TerrainBrushTool(selection)
    use(view, brush, center)
    brush.set_radius(radius)
    brush.palette.set_current("w")
    before = list(document.map.terrain_rows)

    mouse.click(center)

    footprint = within(document, center, radius)
    assert len(footprint) == size
    assert set(changed_hexes(before, list(document.map.terrain_rows))) == {
        h for h in footprint if before[h[1]][h[0]] != "w"
    }
    assert all(code_at(document, h) == "w" for h in footprint)


def test_a_radius_one_stroke_paints_the_footprint_along_the_path(
    document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    path = [(20 + i, 30) for i in range(6)]
    brush = TerrainBrushTool(selection)
    use(view, brush, path[3])
    brush.set_radius(1)
    brush.palette.set_current("w")
    before = list(document.map.terrain_rows)

    mouse.stroke(path)

    band = set().union(*(within(document, h, 1) for h in path))
    assert len(band) == 7 + 5 * 3  # each step along the row adds three hexes
    assert set(changed_hexes(before, list(document.map.terrain_rows))) == {
        h for h in band if before[h[1]][h[0]] != "w"
    }
    assert all(code_at(document, h) == "w" for h in band)
    assert document.undo_stack.count() == 1


def test_a_stroke_is_one_undo_step_and_undo_restores_the_file_byte_for_byte(
    document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    brush = TerrainBrushTool(selection)
    use(view, brush, (30, 30))
    brush.set_radius(1)
    brush.palette.set_current("w")
    original = dump_text(document.map)
    path = [(24 + i, 28 + i // 3) for i in range(12)]

    mouse.stroke(path)

    stack = document.undo_stack
    assert stack.count() == 1
    assert stack.text(0) == "Paint Terrain"
    painted = dump_text(document.map)
    assert painted != original
    stack.undo()
    assert dump_text(document.map) == original
    assert not document.is_dirty
    stack.redo()
    assert dump_text(document.map) == painted

    mouse.stroke([(40, 30), (41, 30)])
    assert stack.count() == 2


def test_each_segment_rewrites_only_the_rows_it_changes(
    document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    changes = []
    document.changed.connect(changes.append)
    brush = TerrainBrushTool(selection)
    use(view, brush, (30, 30))
    brush.palette.set_current("w")

    mouse.stroke([(30, 30), (31, 30)])

    assert {c.path for c in changes} <= {("terrain_rows", 30)}
    assert all(c.action == "set" for c in changes)


def test_painting_the_terrain_a_hex_already_has_pushes_nothing(
    document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    start = clear_run(document, 4)
    path = [(start[0] + i, start[1]) for i in range(4)]
    brush = TerrainBrushTool(selection)
    use(view, brush, start)
    brush.palette.set_current(".")
    messages: list[str] = []
    brush.message.connect(messages.append)

    mouse.stroke(path)

    assert document.undo_stack.count() == 0
    assert not document.is_dirty
    assert messages[-1].startswith("Nothing painted")
    assert PaintTerrain(document, dict.fromkeys(path, ".")).is_empty


def test_escape_cancels_a_stroke_leaving_the_file_unchanged_and_nothing_to_redo(
    qtbot, document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    brush = TerrainBrushTool(selection)
    use(view, brush, (30, 30))
    brush.palette.set_current("w")
    mouse.stroke([(36, 30), (37, 30)])  # an earlier stroke, which must stay
    kept = dump_text(document.map)

    mouse.press((28, 30))
    for column in range(29, 34):
        mouse.drag((column, 30))
    assert code_at(document, (31, 30)) == "w"  # painting shows while dragging
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    mouse.drag((34, 30))  # the button is still held: nothing more is painted
    mouse.release((34, 30))

    stack = document.undo_stack
    assert dump_text(document.map) == kept
    assert stack.count() == 1
    assert not stack.canRedo()
    stack.undo()
    assert not document.is_dirty


def test_alt_or_ctrl_click_with_the_brush_picks_the_terrain(
    document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    forest = next(
        (c, r)
        for r, row in enumerate(document.map.terrain_rows[20:40], start=20)
        for c, code in enumerate(row[20:50], start=20)
        if code == "f"
    )
    brush = TerrainBrushTool(selection)
    use(view, brush, forest)
    brush.palette.set_current("w")

    mouse.click(forest, Qt.KeyboardModifier.AltModifier)
    assert brush.palette.current == "f"
    brush.palette.set_current("w")
    mouse.click(forest, Qt.KeyboardModifier.ControlModifier)
    assert brush.palette.current == "f"
    assert document.undo_stack.count() == 0


def test_the_brush_previews_its_footprint_under_the_mouse(
    document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    start = clear_run(document, 3)
    probe = (start[0] + 1, start[1])
    brush = TerrainBrushTool(selection)
    use(view, brush, start)
    brush.set_radius(2)
    brush.palette.set_current("w")
    water = brush.palette.color("w")

    def distance_to_water() -> int:
        pixel = view.render_view().pixelColor(view.hex_pixel(probe).toPoint())
        return sum(abs(a - b) for a, b in zip(pixel.getRgb()[:3], water.getRgb()[:3], strict=True))

    mouse.hover((start[0] + 6, start[1] + 4))
    away = distance_to_water()
    mouse.hover(start)
    assert set(brush.footprint(brush._cursor)) == within(document, start, 2)
    # The preview tints the footprint with the brush's terrain colour.
    assert distance_to_water() < away - 60
    assert document.undo_stack.count() == 0


# Random mix -------------------------------------------------------------------------------------


def _mixed_stroke(document: Document, selection: Selection, view: MapView, mouse: Mouse, seed: int):
    brush = TerrainBrushTool(selection)
    brush.seeds = random.Random(seed)
    use(view, brush, (30, 40))
    brush.set_radius(3)
    brush.palette.set_current("w")
    brush.palette.set_second("t")
    brush.palette.set_mix(True, 30)
    mouse.stroke([(22 + i, 40) for i in range(16)])
    return list(document.map.terrain_rows)


def test_the_random_mix_is_the_same_for_the_same_seed_and_keeps_the_share(
    document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    first = _mixed_stroke(document, selection, view, mouse, seed=11)
    document.undo_stack.undo()
    again = _mixed_stroke(document, selection, view, mouse, seed=11)
    document.undo_stack.undo()
    other = _mixed_stroke(document, selection, view, mouse, seed=12)

    assert first == again
    assert first != other
    band = set().union(*(within(document, (22 + i, 40), 3) for i in range(16)))
    codes = [first[r][c] for c, r in band]
    assert set(codes) == {"w", "t"}
    assert 0.22 < codes.count("t") / len(codes) < 0.38


# Line, rectangle, fill, eyedropper --------------------------------------------------------------


def test_the_line_tool_previews_then_paints_the_hex_line_on_release(
    qtbot, document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    line_tool = TerrainLineTool(selection)
    use(view, line_tool, (30, 30))
    line_tool.palette.set_current("w")
    start, end = (26, 27), (34, 31)
    grid = grid_of(document)
    expected = [grid.offset_of(h) for h in grid.hex_at(*start).line_to(grid.hex_at(*end))]
    before = list(document.map.terrain_rows)

    mouse.press(start)
    mouse.drag((30, 30))
    mouse.drag(end)
    assert line_tool.shape() == expected
    assert document.undo_stack.count() == 0  # only a preview while dragging
    mouse.release(end)

    assert set(changed_hexes(before, list(document.map.terrain_rows))) == {
        h for h in expected if before[h[1]][h[0]] != "w"
    }
    assert document.undo_stack.count() == 1
    assert document.undo_stack.text(0) == "Paint Terrain Line"

    mouse.press(start)
    mouse.drag(end)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    mouse.release(end)
    assert document.undo_stack.count() == 1


def test_the_rectangle_tool_paints_the_box_of_offset_hexes(
    document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    rectangle = TerrainRectangleTool(selection)
    use(view, rectangle, (30, 30))
    rectangle.palette.set_current("w")
    before = list(document.map.terrain_rows)

    mouse.press((33, 32))
    mouse.drag((30, 31))
    mouse.drag((27, 28))
    mouse.release((27, 28))

    box = {(c, r) for c in range(27, 34) for r in range(28, 33)}
    assert set(changed_hexes(before, list(document.map.terrain_rows))) == {
        h for h in box if before[h[1]][h[0]] != "w"
    }
    assert all(code_at(document, h) == "w" for h in box)
    assert document.undo_stack.text(0) == "Paint Terrain Rectangle"


def _region(document: Document, start: Offset) -> set[Offset]:
    """The same-terrain region around a hex, found independently of the tool."""
    grid = grid_of(document)
    code = code_at(document, start)
    found, pending = {start}, [start]
    while pending:
        hex_ = pending.pop()
        for _, other in grid.neighbors(*hex_):
            if other not in found and code_at(document, other) == code:
                found.add(other)
                pending.append(other)
    return found


def test_the_bucket_fills_the_connected_region_or_replaces_map_wide(
    document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    forest = next(
        (c, r)
        for r, row in enumerate(document.map.terrain_rows[25:35], start=25)
        for c, code in enumerate(row[25:35], start=25)
        if code == "f" and 3 < len(_region(document, (c, r))) < 500
    )
    region = _region(document, forest)
    everywhere = {
        (c, r)
        for r, row in enumerate(document.map.terrain_rows)
        for c, code in enumerate(row)
        if code == "f"
    }
    assert len(everywhere) > len(region)
    bucket = BucketFillTool(selection)
    use(view, bucket, forest)
    bucket.palette.set_current("t")
    messages: list[str] = []
    bucket.message.connect(messages.append)
    before = list(document.map.terrain_rows)

    mouse.hover(forest)
    assert f"{len(region)} hexes will change" in messages[-1]
    mouse.click(forest)
    assert set(changed_hexes(before, list(document.map.terrain_rows))) == region
    assert document.undo_stack.count() == 1
    assert document.undo_stack.text(0) == "Fill Terrain"

    document.undo_stack.undo()
    bucket.set_global(True)
    mouse.hover((forest[0] + 1, forest[1]))
    mouse.hover(forest)
    assert f"{len(everywhere):,} hexes will change" in messages[-1]
    mouse.click(forest)
    assert set(changed_hexes(before, list(document.map.terrain_rows))) == everywhere
    assert document.undo_stack.text(0) == "Replace Terrain"
    assert document.undo_stack.count() == 1


def test_the_eyedropper_picks_the_terrain_and_the_mix_terrain(
    document: Document, selection: Selection, view: MapView, mouse: Mouse, qtbot
) -> None:
    dropper = EyedropperTool(selection)
    use(view, dropper, (30, 30))
    palette_widget = PaletteWidget(dropper.palette)
    qtbot.addWidget(palette_widget)
    town = next(
        (c, r)
        for r, row in enumerate(document.map.terrain_rows[22:38], start=22)
        for c, code in enumerate(row[22:38], start=22)
        if code in "vt"
    )

    mouse.click(town)
    assert dropper.palette.current == code_at(document, town)
    assert palette_widget.legend.currentItem().text(1) == code_at(document, town)
    mouse.click(clear_run(document, 1), Qt.KeyboardModifier.ShiftModifier)
    assert dropper.palette.second == "."
    assert dropper.palette.current == code_at(document, town)
    assert document.undo_stack.count() == 0


def test_the_terrain_tools_of_a_window_share_one_palette(selection: Selection) -> None:
    tools = [cls(selection) for cls in TERRAIN_TOOLS]
    assert all(tool.palette is TerrainPalette.of(selection) for tool in tools)


def test_the_palette_widget_chooses_the_terrain_and_the_mix(
    qtbot, document: Document, selection: Selection, view: MapView
) -> None:
    brush = TerrainBrushTool(selection)
    view.set_tool(brush)
    page = brush.options()
    qtbot.addWidget(page)
    widget = page.findChild(PaletteWidget)
    names = [
        widget.legend.topLevelItem(i).text(0) for i in range(widget.legend.topLevelItemCount())
    ]
    assert names == [entry.name for entry in document.map.terrain]

    forest = widget.legend.topLevelItem(names.index("Forest"))
    rect = widget.legend.visualItemRect(forest)
    qtbot.mouseClick(widget.legend.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert brush.palette.current == "f"
    widget.mix.setChecked(True)
    widget.second.setCurrentIndex(names.index("Rough"))
    widget.percent.setValue(45)
    assert brush.palette.mixing
    assert brush.palette.second == "r"
    assert brush.palette.mix_percent == 45

    radius = page.findChild(RadiusPicker)
    radius.group.button(2).click()
    assert brush.radius == 2
    assert radius.count.text() == "19 hexes"


# Elevation --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "amount", "expected"),
    [
        (ElevationMode.RAISE, 15, lambda old, around: old + 15),
        (ElevationMode.LOWER, 25, lambda old, around: old - 25),
        (ElevationMode.SET, 777, lambda old, around: 777),
        (ElevationMode.SMOOTH, 0, lambda old, around: round(sum(around) / len(around))),
    ],
)
def test_the_elevation_brush_modes(
    document: Document, selection: Selection, view: MapView, *, mouse: Mouse, mode, amount, expected
) -> None:
    hex_ = (30, 30)
    grid = grid_of(document)
    around = [elevation(document, h) for _, h in grid.neighbors(*hex_)]
    old = elevation(document, hex_)
    brush = ElevationBrushTool(selection)
    use(view, brush, hex_)
    brush.set_mode(mode)
    brush.set_value(amount)
    brush.set_step(amount or 1)
    original = dump_text(document.map)

    mouse.click(hex_)

    assert elevation(document, hex_) == expected(old, around)
    assert document.undo_stack.count() == (1 if expected(old, around) != old else 0)
    document.undo_stack.undo()
    assert dump_text(document.map) == original


def test_an_elevation_stroke_changes_each_hex_once(
    document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    brush = ElevationBrushTool(selection)
    use(view, brush, (30, 30))
    brush.set_mode(ElevationMode.RAISE)
    brush.set_step(10)
    brush.set_radius(1)
    path = [(28, 30), (29, 30), (30, 30), (31, 30), (30, 30), (29, 30)]
    band = set().union(*(within(document, h, 1) for h in path))
    before = {h: elevation(document, h) for h in band}

    mouse.stroke(path)

    assert {h: elevation(document, h) - before[h] for h in band} == dict.fromkeys(band, 10)
    assert document.undo_stack.count() == 1
    assert document.undo_stack.text(0) == "Raise Elevation"


def test_the_first_elevation_edit_of_a_flat_map_creates_the_rows_in_the_same_step(
    document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    document.push(SetValue(document, FileKind.MAP, ("elevation_rows",), [], "Flatten Map"))
    flat = dump_text(document.map)
    brush = ElevationBrushTool(selection)
    use(view, brush, (30, 30))
    brush.set_mode(ElevationMode.SET)
    brush.set_value(250)

    mouse.stroke([(30, 30), (31, 30)])

    assert document.undo_stack.count() == 2
    document.save()
    saved = load_file(document.path(FileKind.MAP)).model
    width = saved.width
    assert len(saved.elevation_rows) == saved.height
    grid = [parse_elevation_row(row, width) for row in saved.elevation_rows]
    raised = {(c, r) for r, row in enumerate(grid) for c, v in enumerate(row) if v}
    assert raised == {(30, 30), (31, 30)}
    assert grid[30][30] == 250
    document.undo_stack.undo()
    assert dump_text(document.map) == flat
    assert document.map.elevation_rows == []


def test_ctrl_click_with_the_elevation_brush_picks_the_elevation(
    document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    brush = ElevationBrushTool(selection)
    use(view, brush, (30, 30))
    mouse.click((32, 29), Qt.KeyboardModifier.ControlModifier)
    assert brush.value == elevation(document, (32, 29))
    assert document.undo_stack.count() == 0


def test_the_elevation_options_show_the_maps_range_and_follow_edits_and_picks(
    qtbot, document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    brush = ElevationBrushTool(selection)
    use(view, brush, (30, 30))
    page = brush.options()
    qtbot.addWidget(page)
    page.show()
    legend = page.findChild(ElevationLegend)
    width = document.map.width
    values = [v for row in document.map.elevation_rows for v in parse_elevation_row(row, width)]
    assert legend.range == (min(values), max(values))

    page.modes.button(list(ElevationMode).index(ElevationMode.SET)).click()
    page.value.setValue(2500)
    assert brush.mode is ElevationMode.SET
    assert brush.value == 2500
    assert not page.step.isEnabled()
    mouse.click((30, 30))
    qtbot.waitUntil(lambda: legend.range == (min(values), 2500))

    mouse.click((33, 31), Qt.KeyboardModifier.ControlModifier)
    assert page.value.value() == elevation(document, (33, 31))


def test_escape_cancels_an_elevation_stroke(
    qtbot, document: Document, selection: Selection, view: MapView, mouse: Mouse
) -> None:
    brush = ElevationBrushTool(selection)
    use(view, brush, (30, 30))
    original = dump_text(document.map)
    mouse.press((29, 30))
    mouse.drag((31, 30))
    assert dump_text(document.map) != original
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    mouse.release((31, 30))
    assert dump_text(document.map) == original
    assert document.undo_stack.count() == 0
    assert not document.undo_stack.canRedo()


def test_set_elevation_leaves_out_unchanged_hexes(document: Document) -> None:
    hex_ = (10, 10)
    same = SetElevation(document, {hex_: elevation(document, hex_)})
    assert same.is_empty
    changed = SetElevation(document, {hex_: elevation(document, hex_) + 5, (11, 10): 99999})
    document.push(changed)
    assert elevation(document, (11, 10)) == 9000  # clamped to the tools' range


# Benchmark helper -------------------------------------------------------------------------------


def test_the_stroke_benchmark_times_segments_and_leaves_the_document_as_it_was(
    document: Document,
) -> None:
    original = dump_text(document.map)
    timings = stroke_timings(document)
    assert len(timings) == SEGMENTS
    figures = measure_stroke(document)
    assert set(figures) == {"stroke segment mean", "stroke segment worst"}
    assert 0 < figures["stroke segment mean"] <= figures["stroke segment worst"]
    assert dump_text(document.map) == original
    assert document.undo_stack.count() == 0
    assert not document.is_dirty

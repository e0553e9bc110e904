"""The Region tool with real mouse input: drag a rectangle, Ctrl+C, Ctrl+V, click elsewhere; the
pasted terrain, hexsides, crossings and links equal the source's, moved, in one undo step."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from editor.document import Document
from editor.mapops.subscenario import Crop
from editor.tools.map_edit_commands import grid_of
from editor.tools.region_tool import RegionClip, RegionTool, paste_targets, selected_region
from engine.hexgrid import Grid
from schemas.io import dump_text
from schemas.panzer_campaigns.map import CONNECTION_BITS, MapFile
from tests.editor.gui.feature_tool_input import drag, hex_point, hover, tool_view

SOURCE = Crop(12, 56, 6, 6)
"""Around Bastogne: roads, rivers and bridges."""
TARGET = (19, 57)
"""Seven columns to the right (an odd number) and one row down."""


def _moved(grid: Grid, anchor_from: tuple[int, int], anchor_to: tuple[int, int], hex_):
    a, b, h = grid.hex_at(*anchor_from), grid.hex_at(*anchor_to), grid.hex_at(*hex_)
    return grid.offset_of(type(h)(h.q - a.q + b.q, h.r - a.r + b.r))


def _features(map_file: MapFile, hexes: set[tuple[int, int]]) -> dict[str, set]:
    """Terrain by hex, and hexsides, crossings and links between two of the hexes."""
    grid = grid_of(map_file)
    sides = set()
    for feature in map_file.hexsides:
        edge = grid.hexside_key(*feature.hex, feature.side)
        if edge[0] in hexes and grid.neighbor(*edge[0], edge[1]) in hexes:
            sides.add((*edge, feature.kind))
    crossings = set()
    for crossing in map_file.crossings:
        edge = grid.hexside_key(*crossing.hex, crossing.side)
        if edge[0] in hexes and grid.neighbor(*edge[0], edge[1]) in hexes:
            crossings.add((*edge, crossing.kind))
    links = set()
    for kind, rows in map_file.connections.items():
        for column, row in hexes:
            char = rows[row][column]
            for side, bit in CONNECTION_BITS.items():
                neighbour = grid.neighbor(column, row, side)
                if char != "." and int(char) & bit and neighbour in hexes:
                    links.add((kind, (column, row), neighbour))
    terrain = {(c, r): map_file.terrain_rows[r][c] for c, r in hexes}
    return {"terrain": terrain, "sides": sides, "crossings": crossings, "links": links}


def _copy_region(qtbot, document: Document, selection) -> tuple:
    tool = RegionTool(selection)
    view = tool_view(qtbot, document, selection, tool, (18, 59))
    last = (SOURCE.first_column + SOURCE.width - 1, SOURCE.first_row + SOURCE.height - 1)
    drag(qtbot, view, [hex_point(view, (12, 56)), hex_point(view, (14, 58)), hex_point(view, last)])
    assert tool.region == SOURCE
    assert selected_region(document) == SOURCE
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    return tool, view


def test_copy_then_paste_by_an_odd_column_offset_keeps_everything_between_the_same_hexes(
    qtbot, document, selection
):
    tool, view = _copy_region(qtbot, document, selection)
    clip = RegionClip.from_json(QGuiApplication.clipboard().text())
    assert clip is not None
    assert clip.cells
    assert clip.links
    assert clip.hexsides
    before_text = dump_text(document.map)
    before = document.map
    grid = grid_of(before)
    source_hexes = {(c, r) for c in range(12, 18) for r in range(56, 62)}
    expected = _features(before, source_hexes)
    assert expected["links"]
    assert expected["sides"]
    assert expected["crossings"]

    qtbot.keyClick(view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert tool.pasting
    hover(view, hex_point(view, TARGET))
    landed = set(paste_targets(grid, clip, TARGET).values())
    view.grab().save("/tmp/shots/tool_region.png")
    steps = document.undo_stack.count()
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, TARGET))
    assert not tool.pasting
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == "Paste Region"

    def move(hex_):
        return _moved(grid, (12, 56), TARGET, hex_)

    assert landed == {move(h) for h in source_hexes}
    # Column 12 is even, column 19 odd: alternate columns land one row further down, so that
    # (13, 56), Down Right of (12, 56), lands Down Right of (19, 57).
    assert move((12, 56)) == (19, 57)
    assert move((13, 56)) == (20, 58)
    pasted = _features(document.map, landed)
    assert pasted["terrain"] == {move(h): code for h, code in expected["terrain"].items()}
    assert pasted["links"] == {(k, move(a), move(b)) for k, a, b in expected["links"]}
    for _kind, a, b in pasted["links"]:
        assert grid.direction_between(a, b) is not None  # still neighbours
    assert {(move(h), d, k) for h, d, k in expected["sides"]} == pasted["sides"]
    assert {(move(h), d, k) for h, d, k in expected["crossings"]} == pasted["crossings"]
    # Outside the pasted hexes nothing changed.
    rows_changed = {
        r
        for r, (a, b) in enumerate(
            zip(before.terrain_rows, document.map.terrain_rows, strict=False)
        )
        if a != b
    }
    assert rows_changed <= {r for _, r in landed}

    document.undo_stack.undo()
    assert dump_text(document.map) == before_text
    document.undo_stack.redo()
    document.save()
    reopened = Document.open(document.scenario_path)
    assert _features(reopened.map, landed) == pasted


def test_escape_cancels_pasting_and_changes_nothing(qtbot, document, selection):
    tool, view = _copy_region(qtbot, document, selection)
    steps = document.undo_stack.count()
    tool.options().paste_button.click()
    assert tool.pasting
    hover(view, hex_point(view, TARGET))
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert not tool.pasting
    assert not tool.options().paste_button.isChecked()
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, TARGET))
    assert document.undo_stack.count() == steps
    # Without pasting armed a click starts a new selection.
    assert tool.region == Crop(*TARGET, 1, 1)


def test_a_paste_over_the_same_hexes_changes_nothing(qtbot, document, selection):
    _tool, view = _copy_region(qtbot, document, selection)
    before = dump_text(document.map)
    qtbot.keyClick(view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, (12, 56)))
    assert dump_text(document.map) == before
    assert not document.is_dirty


def test_the_options_page_shows_region_and_clipboard(qtbot, document, selection):
    tool, _view = _copy_region(qtbot, document, selection)
    options = tool.options()
    qtbot.addWidget(options)
    assert "Columns 12-17, rows 56-61 (6 x 6 hexes)" in options.region_label.text()
    assert "6 x 6 hexes" in options.clip_label.text()
    options.resize(280, 200)
    options.show()
    options.grab().save("/tmp/shots/tool_region_options.png")

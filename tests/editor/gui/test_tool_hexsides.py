"""The Hexside tool: dragging along hex edges draws a river (or any hexside kind) into the saved
map, once per edge and in reading order; drawing again adds nothing; Shift-drag erases; undo
gives back the file byte for byte; Escape drops the drag."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from editor.document import Document
from editor.map import style
from editor.map.view import MapView
from editor.selection import Selection
from editor.tools.hexside_tools import HexsideTool
from editor.tools.map_edit_commands import edge_order, grid_of
from engine.hexgrid import canonical_side
from schemas.io import FileKind, dump_text, load_file
from schemas.vocabulary import Direction, HexsideKind
from tests.editor.gui.feature_tool_input import drag, edge_point, hover, press_and_move, tool_view

HOME = (22, 35)
"""A hex of The Road to Bastogne with no hexside, road or rail within three hexes."""
AROUND = [Direction.UP, Direction.UP_RIGHT, Direction.DOWN_RIGHT, Direction.DOWN]
"""Four edges of HOME, one after the other round it: an unbroken chain."""


@pytest.fixture
def tool(selection: Selection) -> HexsideTool:
    return HexsideTool(selection)


@pytest.fixture
def view(qtbot, document: Document, selection: Selection, tool: HexsideTool) -> MapView:
    return tool_view(qtbot, document, selection, tool, HOME)


def _keys(document: Document, sides: list[Direction]) -> set[tuple[tuple[int, int], Direction]]:
    grid = grid_of(document.map)
    return {grid.hexside_key(*HOME, side) for side in sides}


def _entries(hexsides) -> Counter:
    return Counter((tuple(h.hex), h.side, h.kind) for h in hexsides)


def _river_drag(
    qtbot, view: MapView, modifier=Qt.KeyboardModifier.NoModifier, sides=AROUND
) -> None:
    # Through the middle of each edge in turn; the tool follows the way between them.
    drag(qtbot, view, [edge_point(view, HOME, side, inside=0.05) for side in sides], modifier)


def test_a_river_along_four_edges_is_saved_as_four_hexsides(
    qtbot, view: MapView, document: Document
) -> None:
    before = list(document.map.hexsides)
    _river_drag(qtbot, view)
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == "Draw River"

    document.save()
    saved = load_file(document.path(FileKind.MAP)).model.hexsides
    keys = _keys(document, AROUND)
    drawn = sorted((tuple(h.hex), h.side, h.kind) for h in saved if (tuple(h.hex), h.side) in keys)
    assert drawn == sorted((hex_, side, HexsideKind.RIVER) for hex_, side in keys)
    # Nothing else changed or moved, and the new entries stand in reading order like the rest.
    assert [h for h in saved if (tuple(h.hex), h.side) not in keys] == before
    grid = grid_of(document.map)
    order = [edge_order(grid.hexside_key(*h.hex, h.side)) for h in saved]
    assert order == sorted(order)


def test_the_same_river_drawn_the_other_way_gives_the_same_file(
    qtbot, view: MapView, document: Document
) -> None:
    _river_drag(qtbot, view)
    forward = dump_text(document.map)
    document.undo_stack.undo()
    _river_drag(qtbot, view, sides=AROUND[::-1])
    assert dump_text(document.map) == forward


def test_the_preview_shows_the_river_before_release(
    qtbot, view: MapView, tool: HexsideTool
) -> None:
    middle = edge_point(view, HOME, Direction.UP_RIGHT)
    before = view.render_view().pixelColor(middle)
    points = [edge_point(view, HOME, side, inside=0.05) for side in AROUND]
    press_and_move(qtbot, view, points)
    assert tool.document is not None
    assert tool.document.undo_stack.count() == 0
    during = view.render_view().pixelColor(middle)
    assert during != before
    assert abs(during.blue() - QColor(style.WATER).blue()) < 40
    assert during.blue() > during.red() + 60
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=points[-1])


def test_hovering_highlights_the_nearest_edge(qtbot, view: MapView, tool: HexsideTool) -> None:
    target = edge_point(view, HOME, Direction.DOWN_RIGHT, inside=0.15)
    before = view.render_view().pixelColor(edge_point(view, HOME, Direction.DOWN_RIGHT))
    with qtbot.waitSignal(tool.message) as said:
        hover(view, target)
    assert said.args == ["Edge of [22, 35] down right: nothing"]
    after = view.render_view().pixelColor(edge_point(view, HOME, Direction.DOWN_RIGHT))
    assert after != before


def test_drawing_the_same_river_again_adds_nothing(
    qtbot, view: MapView, document: Document
) -> None:
    _river_drag(qtbot, view)
    drawn = document.map
    _river_drag(qtbot, view)
    assert document.map is drawn
    assert document.undo_stack.count() == 1


def test_shift_drag_erases_the_river_and_undo_gives_back_each_file(
    qtbot, view: MapView, document: Document
) -> None:
    original = dump_text(document.map)
    _river_drag(qtbot, view)
    drawn = dump_text(document.map)
    _river_drag(qtbot, view, Qt.KeyboardModifier.ShiftModifier)
    assert document.undo_stack.undoText() == "Erase River"
    assert dump_text(document.map) == original
    document.save()
    assert load_file(document.path(FileKind.MAP)).model.hexsides == document.map.hexsides

    document.undo_stack.undo()
    assert dump_text(document.map) == drawn
    document.undo_stack.undo()
    assert dump_text(document.map) == original
    document.undo_stack.redo()
    assert dump_text(document.map) == drawn


def test_erase_every_kind_clears_all_features_of_the_edges(
    qtbot, view: MapView, document: Document, tool: HexsideTool
) -> None:
    original = dump_text(document.map)
    _river_drag(qtbot, view)
    tool.settings.set_choice(HexsideKind.CLIFF)
    drag(qtbot, view, [edge_point(view, HOME, Direction.UP_RIGHT, inside=0.05)])
    assert (
        len(document.map.hexsides) == len(load_file(document.path(FileKind.MAP)).model.hexsides) + 5
    )

    tool.settings.erase_box.setChecked(True)
    tool.settings.every_kind_box.setChecked(True)
    _river_drag(qtbot, view)
    assert document.undo_stack.undoText() == "Erase Hexsides"
    assert dump_text(document.map) == original


def test_erasing_only_the_chosen_kind(
    qtbot, view: MapView, document: Document, tool: HexsideTool
) -> None:
    _river_drag(qtbot, view)
    tool.settings.set_choice(HexsideKind.HEDGEROW)
    _river_drag(qtbot, view)
    assert (
        len(document.map.hexsides) == len(load_file(document.path(FileKind.MAP)).model.hexsides) + 8
    )
    _river_drag(qtbot, view, Qt.KeyboardModifier.ShiftModifier)
    kinds = Counter(
        h.kind for h in document.map.hexsides if (tuple(h.hex), h.side) in _keys(document, AROUND)
    )
    assert kinds == Counter({HexsideKind.RIVER: 4})


def test_a_jump_across_the_hex_is_filled_with_a_chain_of_edges(
    qtbot, view: MapView, document: Document
) -> None:
    before = _entries(document.map.hexsides)
    # One move from the top edge straight to the bottom edge, through the middle of the hex.
    drag(
        qtbot, view, [edge_point(view, HOME, Direction.UP), edge_point(view, HOME, Direction.DOWN)]
    )
    added = _entries(document.map.hexsides) - before
    assert sum(added.values()) == 4
    grid = grid_of(document.map)
    sides = {(grid.hex_at(*hex_), side) for hex_, side, _ in added}
    assert (grid.hex_at(*HOME), Direction.UP) in sides
    assert canonical_side(grid.hex_at(*HOME), Direction.DOWN) in sides
    # Round one half of the hex: each edge shares a corner with the next, none stands apart.
    for hex_, side in sides:
        touching = {canonical_side(h, d) for h, d in hex_.touching_sides(side)}
        assert touching & sides


def test_escape_cancels_the_drag(
    qtbot, view: MapView, document: Document, tool: HexsideTool
) -> None:
    original = document.map
    points = [edge_point(view, HOME, side, inside=0.05) for side in AROUND]
    press_and_move(qtbot, view, points)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=points[-1])
    assert document.map is original
    assert document.undo_stack.count() == 0

"""The Road tool: a drag from hex centre to hex centre links the hexes it passes in the saved
connection rows, proposes a bridge of the road's class where it crosses a river, erases with
Shift, and undoes byte for byte; Escape drops the drag.

"A road drawn across five hexes is five connections" is read as: five hexes connected, one
after the other, which takes four links (each stored once, as a bit of one hex's digit)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QCheckBox

from editor.commands import SetValue
from editor.document import Document
from editor.map import style
from editor.map.view import MapView
from editor.selection import Selection
from editor.tools.connection_tools import RoadTool
from editor.tools.map_edit_commands import grid_of
from schemas.io import FileKind, dump_text, load_file
from schemas.panzer_campaigns.map import Crossing, MapFile
from schemas.vocabulary import ConnectionKind, CrossingKind
from tests.editor.gui.feature_tool_input import (
    drag,
    hex_point,
    press_and_move,
    river_crossing_site,
    tool_view,
)

COLUMN, FIRST_ROW = 13, 17
"""Hexes (13, 17) to (13, 21) of The Road to Bastogne have no road, rail or river near them."""
RUN = [(COLUMN, FIRST_ROW + i) for i in range(5)]


@pytest.fixture
def tool(selection: Selection) -> RoadTool:
    return RoadTool(selection)


@pytest.fixture
def view(qtbot, document: Document, selection: Selection, tool: RoadTool) -> MapView:
    return tool_view(qtbot, document, selection, tool, RUN[2])


def _digit(map_file: MapFile, kind: ConnectionKind, hex_: tuple[int, int]) -> str:
    column, row = hex_
    return map_file.connections[kind][row][column]


def test_a_road_across_five_hexes_links_them_in_the_saved_rows(
    qtbot, view: MapView, document: Document
) -> None:
    before = document.map.connections[ConnectionKind.PRIMARY_ROAD]
    drag(qtbot, view, [hex_point(view, hex_) for hex_ in RUN])
    assert document.undo_stack.undoText() == "Draw Primary Road"

    document.save()
    saved = load_file(document.path(FileKind.MAP)).model
    rows = saved.connections[ConnectionKind.PRIMARY_ROAD]
    # Four links up the column, each stored in the lower hex as the Up bit (1).
    assert [rows[row][COLUMN] for row in range(FIRST_ROW, FIRST_ROW + 5)] == list(".1111")
    changed = [row for row in range(len(rows)) if rows[row] != before[row]]
    assert changed == [FIRST_ROW + 1, FIRST_ROW + 2, FIRST_ROW + 3, FIRST_ROW + 4]
    for row in changed:
        assert rows[row][:COLUMN] + rows[row][COLUMN + 1 :] == (
            before[row][:COLUMN] + before[row][COLUMN + 1 :]
        )
    assert saved.crossings == document.map.crossings


def test_a_road_along_a_row_uses_the_up_right_and_down_right_bits(
    qtbot, view: MapView, document: Document, tool: RoadTool
) -> None:
    tool.settings.set_choice(ConnectionKind.TRAIL)
    row = FIRST_ROW + 1
    drag(qtbot, view, [hex_point(view, (column, row)) for column in range(COLUMN, COLUMN + 5)])
    document.save()
    rows = load_file(document.path(FileKind.MAP)).model.connections[ConnectionKind.TRAIL]
    # Odd columns sit lower: from 13 the trail leaves up-right (2), from 14 down-right (4).
    assert rows[row][COLUMN : COLUMN + 5] == "2424."


def test_a_jump_is_filled_along_the_hex_line(qtbot, view: MapView, document: Document) -> None:
    drag(qtbot, view, [hex_point(view, RUN[0]), hex_point(view, RUN[-1])])
    digits = [_digit(document.map, ConnectionKind.PRIMARY_ROAD, hex_) for hex_ in RUN]
    assert digits == list(".1111")


def test_drawing_the_same_road_again_adds_nothing(qtbot, view: MapView, document: Document) -> None:
    drag(qtbot, view, [hex_point(view, hex_) for hex_ in RUN])
    drawn = document.map
    drag(qtbot, view, [hex_point(view, hex_) for hex_ in reversed(RUN)])
    assert document.map is drawn
    assert document.undo_stack.count() == 1


@pytest.mark.parametrize(
    "case",
    [
        (ConnectionKind.PRIMARY_ROAD, CrossingKind.HEAVY_BRIDGE),
        (ConnectionKind.SECONDARY_ROAD, CrossingKind.MEDIUM_BRIDGE),
        (ConnectionKind.TRAIL, CrossingKind.LIGHT_BRIDGE),
        (ConnectionKind.RAILROAD, CrossingKind.HEAVY_BRIDGE),
    ],
)
def test_a_road_across_a_river_gets_a_bridge_of_its_class(
    qtbot, view: MapView, document: Document, tool: RoadTool, case
) -> None:
    kind, bridge = case
    tool.settings.set_choice(kind)
    edge = river_crossing_site(document.map)
    here = edge[0]
    there = grid_of(document.map).neighbor(*here, edge[1])
    view.center_on(here)
    original = dump_text(document.map)
    crossings = list(document.map.crossings)
    drag(qtbot, view, [hex_point(view, here), hex_point(view, there)])

    document.save()
    saved = load_file(document.path(FileKind.MAP)).model
    added = [c for c in saved.crossings if c not in crossings]
    assert added == [Crossing(hex=here, side=edge[1], kind=bridge)]
    assert _digit(saved, kind, here) != "."
    # One undo step takes back the road and its bridge, byte for byte.
    document.undo_stack.undo()
    assert dump_text(document.map) == original


def test_without_the_bridge_option_the_road_crosses_bare(
    qtbot, view: MapView, document: Document, tool: RoadTool
) -> None:
    tool.settings.findChild(QCheckBox, "add_bridges").setChecked(False)
    edge = river_crossing_site(document.map)
    here = edge[0]
    there = grid_of(document.map).neighbor(*here, edge[1])
    view.center_on(here)
    crossings = document.map.crossings
    drag(qtbot, view, [hex_point(view, here), hex_point(view, there)])
    assert document.map.crossings is crossings
    assert _digit(document.map, ConnectionKind.PRIMARY_ROAD, here) != "."


def test_the_preview_shows_the_proposed_bridge(
    qtbot, view: MapView, document: Document, tool: RoadTool
) -> None:
    edge = river_crossing_site(document.map)
    here = edge[0]
    there = grid_of(document.map).neighbor(*here, edge[1])
    view.center_on(here)
    press_and_move(qtbot, view, [hex_point(view, here), hex_point(view, there)])
    middle = hex_point(view, here) + (hex_point(view, there) - hex_point(view, here)) / 2
    deck = QColor(style.BRIDGE_STYLE[CrossingKind.HEAVY_BRIDGE][0])
    seen = view.render_view().pixelColor(middle)
    assert abs(seen.red() - deck.red()) < 20
    assert abs(seen.blue() - deck.blue()) < 20
    assert document.undo_stack.count() == 0
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=hex_point(view, there))
    assert document.undo_stack.count() == 1


def test_shift_drag_erases_the_links(qtbot, view: MapView, document: Document) -> None:
    original = dump_text(document.map)
    drag(qtbot, view, [hex_point(view, hex_) for hex_ in RUN])
    drawn = dump_text(document.map)
    drag(
        qtbot, view, [hex_point(view, hex_) for hex_ in RUN[1:]], Qt.KeyboardModifier.ShiftModifier
    )
    assert document.undo_stack.undoText() == "Erase Primary Road"
    digits = [_digit(document.map, ConnectionKind.PRIMARY_ROAD, hex_) for hex_ in RUN]
    assert digits == list(".1...")
    document.undo_stack.undo()
    assert dump_text(document.map) == drawn
    document.undo_stack.undo()
    assert dump_text(document.map) == original


def test_erase_every_class_is_one_step(
    qtbot, view: MapView, document: Document, tool: RoadTool
) -> None:
    original = dump_text(document.map)
    path = [hex_point(view, hex_) for hex_ in RUN]
    drag(qtbot, view, path)
    tool.settings.set_choice(ConnectionKind.RAILROAD)
    drag(qtbot, view, path)
    tool.settings.every_kind_box.setChecked(True)
    drag(qtbot, view, path, Qt.KeyboardModifier.ShiftModifier)
    assert dump_text(document.map) == original
    assert document.undo_stack.count() == 3
    document.undo_stack.undo()
    assert _digit(document.map, ConnectionKind.RAILROAD, RUN[1]) == "1"
    assert _digit(document.map, ConnectionKind.PRIMARY_ROAD, RUN[1]) == "1"


def test_erasing_a_raised_road_lowers_it(qtbot, view: MapView, document: Document) -> None:
    original = dump_text(document.map)
    drag(qtbot, view, [hex_point(view, hex_) for hex_ in RUN])
    rows = ["." * document.map.width] * document.map.height
    rows[RUN[1][1]] = rows[RUN[1][1]][:COLUMN] + "1" + rows[RUN[1][1]][COLUMN + 1 :]
    document.push(SetValue(document, FileKind.MAP, ("raised",), rows, "Set Raised"))
    drag(qtbot, view, [hex_point(view, hex_) for hex_ in RUN], Qt.KeyboardModifier.ShiftModifier)
    assert document.map.raised == []
    assert dump_text(document.map) == original


def test_escape_cancels_the_drag(qtbot, view: MapView, document: Document) -> None:
    original = document.map
    points = [hex_point(view, hex_) for hex_ in RUN]
    press_and_move(qtbot, view, points)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=points[-1])
    assert document.map is original
    assert document.undo_stack.count() == 0

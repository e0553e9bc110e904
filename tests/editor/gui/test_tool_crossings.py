"""The Crossing tool: a click on a river edge places a ford or bridge (and replaces it), Shift+click
removes it; a water hex takes a full-hex bridge or ferry; the bridge states wire or damage a
bridge in the SCENARIO; each is one undo step that restores the files byte for byte."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox

from editor.document import Document
from editor.map import style
from editor.map.view import MapView
from editor.selection import Selection
from editor.tools.crossing_tools import FULL_HEX, HEXSIDE, STATE, CrossingTool
from editor.tools.map_edit_commands import edge_order, grid_of
from schemas.io import FileKind, dump_text, load_file
from schemas.panzer_campaigns.map import Crossing, FullHexFeature, FullHexKind
from schemas.panzer_campaigns.scenario import BridgeOverlay, BridgeState
from schemas.vocabulary import CrossingKind, Direction, Side
from tests.editor.gui.feature_tool_input import (
    edge_point,
    hex_point,
    hover,
    river_crossing_site,
    tool_view,
)

DRY = (22, 35)
"""A hex of The Road to Bastogne with no hexside near it."""
WATER = (52, 12)
"""The map's one open-water hex."""
BRIDGE = ((29, 28), Direction.UP_RIGHT)
"""A heavy bridge the scenario leaves intact."""
WIRED = ((3, 47), Direction.DOWN_RIGHT)
"""A heavy bridge the scenario starts wired by the Allies."""


@pytest.fixture
def tool(selection: Selection) -> CrossingTool:
    return CrossingTool(selection)


@pytest.fixture
def view(qtbot, document: Document, selection: Selection, tool: CrossingTool) -> MapView:
    return tool_view(qtbot, document, selection, tool, DRY)


def _click(qtbot, view: MapView, at: QPoint, shift: bool = False) -> None:
    modifier = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    hover(view, at)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, modifier, at)


def _on_edge(view: MapView, edge) -> QPoint:
    view.center_on(edge[0])
    return edge_point(view, edge[0], edge[1], inside=0.12)


def test_a_crossing_is_placed_replaced_and_removed(
    qtbot, view: MapView, document: Document, tool: CrossingTool
) -> None:
    edge = river_crossing_site(document.map)
    original = dump_text(document.map)
    before = list(document.map.crossings)
    tool.settings.set_choice((HEXSIDE, CrossingKind.FORD))
    _click(qtbot, view, _on_edge(view, edge))
    assert document.undo_stack.undoText() == "Place Ford"
    document.save()
    saved = load_file(document.path(FileKind.MAP)).model.crossings
    ford = Crossing(hex=edge[0], side=edge[1], kind=CrossingKind.FORD)
    assert [c for c in saved if c not in before] == [ford]
    assert [c for c in saved if c != ford] == before
    grid = grid_of(document.map)
    order = [edge_order(grid.hexside_key(*c.hex, c.side)) for c in saved]
    assert order == sorted(order)
    with_ford = dump_text(document.map)

    tool.settings.set_choice((HEXSIDE, CrossingKind.HEAVY_BRIDGE))
    _click(qtbot, view, _on_edge(view, edge))
    assert document.undo_stack.undoText() == "Place Heavy Bridge"
    replaced = document.map.crossings
    assert replaced[saved.index(ford)].kind is CrossingKind.HEAVY_BRIDGE
    assert len(replaced) == len(saved)
    with_bridge = dump_text(document.map)

    _click(qtbot, view, _on_edge(view, edge), shift=True)
    assert document.undo_stack.undoText() == "Remove Heavy Bridge"
    assert dump_text(document.map) == original

    for expected in (with_bridge, with_ford, original):
        document.undo_stack.undo()
        assert dump_text(document.map) == expected


def test_placing_the_same_crossing_again_changes_nothing(
    qtbot, view: MapView, document: Document, tool: CrossingTool
) -> None:
    edge = river_crossing_site(document.map)
    _click(qtbot, view, _on_edge(view, edge))
    placed = document.map
    _click(qtbot, view, _on_edge(view, edge))
    assert document.map is placed
    assert document.undo_stack.count() == 1


def test_a_bridge_needs_water_under_it(
    qtbot, view: MapView, document: Document, tool: CrossingTool
) -> None:
    original = document.map
    messages: list[str] = []
    tool.message.connect(messages.append)
    _click(qtbot, view, edge_point(view, DRY, Direction.UP, inside=0.1))
    _click(qtbot, view, edge_point(view, DRY, Direction.UP, inside=0.1), shift=True)
    assert document.map is original
    assert document.undo_stack.count() == 0
    assert "needs a" in messages[-2]
    assert messages[-1] == "No crossing on this hexside"


def test_a_full_hex_bridge_goes_on_water_only(
    qtbot, view: MapView, document: Document, tool: CrossingTool
) -> None:
    original = dump_text(document.map)
    tool.settings.set_choice((FULL_HEX, FullHexKind.BRIDGE))
    _click(qtbot, view, hex_point(view, DRY))
    assert document.undo_stack.count() == 0

    view.center_on(WATER)
    _click(qtbot, view, hex_point(view, WATER))
    assert document.undo_stack.undoText() == "Place Full-Hex Bridge"
    document.save()
    assert load_file(document.path(FileKind.MAP)).model.full_hex_features == [
        FullHexFeature(hex=WATER, kind=FullHexKind.BRIDGE)
    ]
    tool.settings.set_choice((FULL_HEX, FullHexKind.FERRY))
    _click(qtbot, view, hex_point(view, WATER))
    assert document.map.full_hex_features == [FullHexFeature(hex=WATER, kind=FullHexKind.FERRY)]
    _click(qtbot, view, hex_point(view, WATER), shift=True)
    assert dump_text(document.map) == original
    assert document.undo_stack.count() == 3


def test_wired_and_damaged_edit_the_scenario_overlays(
    qtbot, view: MapView, document: Document, tool: CrossingTool
) -> None:
    original_map = document.map
    original = dump_text(document.scenario)
    bridges = list(document.scenario.overlays.bridges)
    side_box = tool.settings.findChild(QComboBox, "wired_by")
    side_box.setCurrentIndex(side_box.findData(Side.AXIS))
    tool.settings.set_choice((STATE, BridgeState.WIRED))
    _click(qtbot, view, _on_edge(view, BRIDGE))
    assert document.undo_stack.undoText() == "Set Bridge Wired"
    document.save()
    saved = load_file(document.path(FileKind.SCENARIO)).model.overlays.bridges
    wired = BridgeOverlay(
        hex=BRIDGE[0], side=BRIDGE[1], state=BridgeState.WIRED, wired_by=Side.AXIS
    )
    assert saved == [*bridges, wired]
    wired_text = dump_text(document.scenario)

    tool.settings.set_choice((STATE, BridgeState.DAMAGED))
    _click(qtbot, view, _on_edge(view, BRIDGE))
    assert document.undo_stack.undoText() == "Set Bridge Damaged"
    assert document.scenario.overlays.bridges == [
        *bridges,
        BridgeOverlay(hex=BRIDGE[0], side=BRIDGE[1], state=BridgeState.DAMAGED),
    ]
    damaged_text = dump_text(document.scenario)

    _click(qtbot, view, _on_edge(view, BRIDGE), shift=True)
    assert document.undo_stack.undoText() == "Clear Bridge State"
    assert dump_text(document.scenario) == original
    assert document.map is original_map

    for expected in (damaged_text, wired_text, original):
        document.undo_stack.undo()
        assert dump_text(document.scenario) == expected


def test_a_state_needs_a_bridge(
    qtbot, view: MapView, document: Document, tool: CrossingTool
) -> None:
    tool.settings.set_choice((STATE, BridgeState.DAMAGED))
    _click(qtbot, view, _on_edge(view, river_crossing_site(document.map)))
    assert document.undo_stack.count() == 0


def test_removing_a_wired_bridge_takes_its_state_along_in_one_step(
    qtbot, view: MapView, document: Document, tool: CrossingTool
) -> None:
    map_text, scenario_text = dump_text(document.map), dump_text(document.scenario)
    assert document.scenario.overlays.bridges[0].hex == WIRED[0]
    _click(qtbot, view, _on_edge(view, WIRED), shift=True)
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == "Remove Heavy Bridge"
    assert document.scenario.overlays.bridges == []
    assert all(c.hex != WIRED[0] or c.side != WIRED[1] for c in document.map.crossings)
    document.undo_stack.undo()
    assert dump_text(document.map) == map_text
    assert dump_text(document.scenario) == scenario_text


def test_the_preview_shows_the_crossing_under_the_pointer(
    qtbot, view: MapView, document: Document, tool: CrossingTool
) -> None:
    edge = river_crossing_site(document.map)
    target = _on_edge(view, edge)
    middle = edge_point(view, edge[0], edge[1])
    hover(view, target)
    seen = view.render_view().pixelColor(middle)
    deck = QColor(style.BRIDGE_STYLE[CrossingKind.LIGHT_BRIDGE][0])
    assert abs(seen.red() - deck.red()) < 20
    assert abs(seen.blue() - deck.blue()) < 20


def test_escape_cancels_a_click(qtbot, view: MapView, document: Document) -> None:
    target = _on_edge(view, river_crossing_site(document.map))
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=target)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=target)
    assert document.undo_stack.count() == 0

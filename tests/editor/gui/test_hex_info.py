"""The Hex Info dock: the selected hex's terrain, sides, roads, marks and units, kept current."""

from __future__ import annotations

import pytest

from editor.commands import SetValue
from editor.docks.hex_info import HexInfoDock
from editor.document import Document
from editor.map.hex_text import describe_hex
from editor.selection import Selection
from schemas.io import FileKind
from schemas.panzer_campaigns.oob import Component
from schemas.vocabulary import ConnectionKind, HexsideKind


@pytest.fixture
def dock(qtbot, document: Document, selection: Selection) -> HexInfoDock:
    widget = HexInfoDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    return widget


def _river_road_unit_hex(document: Document) -> tuple[tuple[int, int], int]:
    """A hex that names a river side, has a primary road and a unit: (hex, placement number)."""
    rivers = {tuple(h.hex) for h in document.map.hexsides if h.kind is HexsideKind.RIVER}
    roads = document.map.connections[ConnectionKind.PRIMARY_ROAD]
    for number, placement in enumerate(document.scenario.placements):
        column, row = placement.hex
        if (column, row) in rivers and roads[row][column] != ".":
            return (column, row), number
    pytest.skip("the sample has no unit on a river hex with a primary road")


def test_selecting_a_hex_lists_its_river_road_and_units(
    dock: HexInfoDock, document: Document, selection: Selection
) -> None:
    assert "Click a hex" in dock.text()
    hex_, number = _river_road_unit_hex(document)
    unit = document.oob_index.units[document.scenario.placements[number].unit].unit
    selection.select_hex(hex_)
    text = dock.text()
    assert f"Hex {hex_[0]},{hex_[1]}" in text
    assert "River" in text
    assert "Primary road" in text
    assert unit.name in text
    terrain = next(
        t for t in document.map.terrain if t.code == document.map.terrain_rows[hex_[1]][hex_[0]]
    )
    assert terrain.name in text
    # The status bar line says the same in short.
    line = describe_hex(document, hex_)
    assert "river" in line
    assert "primary road" in line
    assert unit.name in line


def test_the_dock_follows_edits_and_undo(
    dock: HexInfoDock, document: Document, selection: Selection
) -> None:
    hex_, number = _river_road_unit_hex(document)
    unit = document.oob_index.units[document.scenario.placements[number].unit].unit
    selection.select_hex(hex_)
    elsewhere = (0, 0)
    document.push(
        SetValue(document, FileKind.SCENARIO, ("placements", number, "hex"), elsewhere, "Move Unit")
    )
    assert unit.name not in dock.text()
    document.undo_stack.undo()
    assert unit.name in dock.text()
    selection.select_hex(elsewhere)
    assert unit.name not in dock.text()
    dock.set_document(None)
    assert "No scenario open" in dock.text()


def test_a_combined_counter_shows_the_strength_of_all_its_companies(
    dock: HexInfoDock, document: Document, selection: Selection
) -> None:
    units = document.oob_index.units
    placements = document.scenario.placements
    number = next(
        n
        for n, p in enumerate(placements)
        if p.strength is None and units[p.unit].unit.component is Component.MEN
    )
    placement = placements[number]
    host = units[placement.unit].unit
    other = next(
        u for u in units if u != placement.unit and units[u].unit.component is Component.MEN
    )
    full = host.strength + units[other].unit.strength  # [000 4.9]
    selection.select_hex((placement.hex[0], placement.hex[1]))
    assert str(full) not in dock.text()
    path = ("placements", number, "combined_with")
    document.push(SetValue(document, FileKind.SCENARIO, path, [other], "Combine"))
    assert str(full) in dock.text()


def test_a_unit_to_be_fixed_later_says_from_which_turn(
    dock: HexInfoDock, document: Document, selection: Selection
) -> None:
    # [000 4.6] units may become Fixed after the scenario starts
    placement = document.scenario.placements[0]
    selection.select_hex((placement.hex[0], placement.hex[1]))
    assert "fixed from turn" not in dock.text()
    path = ("placements", 0, "fixed_from_turn")
    document.push(SetValue(document, FileKind.SCENARIO, path, 7, "Set Fixed From Turn"))
    assert "fixed from turn 7" in dock.text()
    document.undo_stack.undo()
    assert "fixed from turn" not in dock.text()

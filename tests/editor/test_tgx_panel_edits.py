"""What painting the Tactical GameX board writes into its panel files (Qt-free): every edit,
read back by assembling the board again from the new panels, is exactly what was painted, on
panels side by side, end to end and turned 180 degrees; a seam hex writes both panels."""

from __future__ import annotations

import random

import pytest

from editor.tactical_gamex.new_title import blank_panel
from editor.tactical_gamex.panel_edits import PanelEdit
from schemas.tactical_gamex.board import OPPOSITE, AssembledBoard, assemble, neighbor
from schemas.tactical_gamex.file_checks import check_panel
from schemas.tactical_gamex.situation import BoardLayout, PanelPlacement
from schemas.tactical_gamex.vocabulary import HexFeature, HexsideKind, Terrain
from schemas.vocabulary import Direction

LAYOUTS = {
    "side by side, B turned": [(0, 0, False), (1, 0, True)],
    "end to end, D turned": [(0, 0, False), (0, 1, True)],
    "two by two": [(0, 0, False), (1, 0, True), (0, 1, True), (1, 1, False)],
}


def board_of(panels: dict[str, object], places: list[tuple[int, int, bool]]):
    layout = BoardLayout(
        panels=[
            PanelPlacement(file=name, column=c, row=r, rotated=turned)
            for name, (c, r, turned) in zip(panels, places, strict=False)
        ]
    )
    board, problems = assemble(layout, panels)
    assert board is not None, problems
    return board


def start(places: list[tuple[int, int, bool]]) -> tuple[dict[str, object], AssembledBoard]:
    panels = {f"{letter}.panel.yaml": blank_panel(letter, 7, 5) for letter in "ABCD"}
    panels = dict(list(panels.items())[: len(places)])
    return panels, board_of(panels, places)


def settle(panels, edit: PanelEdit, places) -> tuple[dict[str, object], AssembledBoard]:
    """The panels and board as they are after an edit (every panel still passing its checks)."""
    panels = {**panels, **edit.changed}
    for panel in panels.values():
        assert check_panel(panel) == []
    return panels, board_of(panels, places)


def has_link(board: AssembledBoard, spot, direction) -> bool:
    other = neighbor(*spot, direction)
    return (spot, direction) in board.road_links or (other, OPPOSITE[direction]) in board.road_links


def edge_kinds(board: AssembledBoard, spot, direction) -> frozenset[HexsideKind]:
    other = neighbor(*spot, direction)
    return board.hexsides.get((spot, direction), frozenset()) | board.hexsides.get(
        (other, OPPOSITE[direction]), frozenset()
    )


@pytest.mark.parametrize("name", LAYOUTS)
def test_every_hex_painted_reads_back_where_it_was_painted(name: str) -> None:
    places = LAYOUTS[name]
    panels, board = start(places)
    numbered = sorted(board.addresses)
    for spot in numbered:
        edit = PanelEdit(board, panels)
        edit.set_terrain(spot, Terrain.WOODS)
        panels, board = settle(panels, edit, places)
        assert board.terrain_at(*spot) is Terrain.WOODS, (name, spot)
    assert board.seam_conflicts == ()
    every = {(c, r) for r in range(board.height) for c in range(board.width)}
    assert {s for s in every if board.terrain_at(*s) is Terrain.WOODS} == set(numbered)


@pytest.mark.parametrize("name", LAYOUTS)
def test_roads_and_hexsides_read_back_and_erase_on_any_layout(name: str) -> None:
    places = LAYOUTS[name]
    panels, board = start(places)
    rng = random.Random(18)
    numbered = sorted(board.addresses)
    kinds = {HexsideKind.SLOPE, HexsideKind.WOODED}
    roads = 0
    for _ in range(60):
        spot = rng.choice(numbered)
        direction = rng.choice(list(Direction))
        other = neighbor(*spot, direction)
        if other not in board.addresses:
            continue
        edit = PanelEdit(board, panels)
        laid = edit.set_road(spot, direction, True)
        edit.set_hexside(spot, direction, kinds)
        panels, board = settle(panels, edit, places)
        assert has_link(board, spot, direction) is laid, (name, spot, direction)
        assert edge_kinds(board, spot, direction) == kinds
        roads += laid
        edit = PanelEdit(board, panels)
        assert edit.set_road(other, OPPOSITE[direction], False)
        edit.set_hexside(other, OPPOSITE[direction], ())
        panels, board = settle(panels, edit, places)
        assert not has_link(board, spot, direction), "taken up from the other hex"
        assert edge_kinds(board, spot, direction) == frozenset()
    assert roads >= 20, "most links are laid"
    assert board.road_links == frozenset()
    assert all(not p.road_rows and not p.hexsides for p in panels.values()), "nothing left over"


def test_a_seam_hex_writes_both_panels_hills_and_features() -> None:
    places = LAYOUTS["side by side, B turned"]
    panels, board = start(places)
    seam = next(s for s, found in board.addresses.items() if len(found) == 2)
    edit = PanelEdit(board, panels)
    edit.set_terrain(seam, Terrain.STREAM)
    edit.set_hill(seam, 2, "B")
    panels, board = settle(panels, edit, places)
    edit = PanelEdit(board, panels)
    edit.set_feature(seam, HexFeature.FORD)
    panels, board = settle(panels, edit, places)
    a, b = panels.values()
    assert a.terrain_rows[seam[1]][6] == "s"
    # B lies turned: its last column, read upside down, is the board's column 6.
    turned_row = 5 - 1 - seam[1]
    assert b.terrain_rows[turned_row][6] == "s"
    assert (a.level_rows[seam[1]][6], b.mass_rows[turned_row][6]) == ("2", "B")
    assert board.level_at(*seam) == 2
    assert board.features[seam] == {HexFeature.FORD}
    assert len(a.features) == len(b.features) == 1
    edit = PanelEdit(board, panels)
    edit.set_hill(seam, 0, "B")
    panels, board = settle(panels, edit, places)
    assert all(not p.level_rows and not p.mass_rows for p in panels.values()), "flat again"

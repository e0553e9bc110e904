"""Assembling geomorphic panels into one board: seams shared by two panels with two addresses,
panels turned 180 degrees keeping every neighbour, panels end to end, addresses both ways."""

from __future__ import annotations

import pytest

from engine.hexgrid import Grid
from schemas.tactical_gamex.addresses import column_letters, column_number, parse_address
from schemas.tactical_gamex.board import (
    OPPOSITE,
    AssembledBoard,
    PlacedPanel,
    assemble,
    compass_edge,
    neighbor,
)
from schemas.tactical_gamex.panel import PanelFile
from schemas.tactical_gamex.situation import BoardLayout
from schemas.tactical_gamex.vocabulary import BoardEdge, Compass, HexsideKind, Terrain
from schemas.vocabulary import Direction
from tests.tiny_tgx import tiny_panel


def _layout(*placements: dict) -> BoardLayout:
    return BoardLayout.model_validate({"panels": list(placements)})


def _board(*placements: dict) -> AssembledBoard:
    panels = {"a": tiny_panel("A"), "b": tiny_panel("B")}
    board, problems = assemble(_layout(*placements), panels)
    assert [p.code for p in problems if p.is_error] == []
    assert board is not None
    return board


def test_the_offset_step_agrees_with_the_engines_hex_grid() -> None:
    grid = Grid(9, 9)
    for column in range(9):
        for row in range(9):
            for direction in Direction:
                assert neighbor(column, row, direction) == grid.neighbor(column, row, direction)


def test_panels_side_by_side_share_their_half_hex_column_with_two_addresses() -> None:
    board = _board({"file": "a", "column": 0}, {"file": "b", "column": 1})
    assert (board.width, board.height) == (9, 4)
    # A's last column E and B's first column A are one seam column, the board's column 4.
    for row in range(4):
        assert board.addresses[(4, row)] == (f"A E{row + 1}", f"B A{row + 1}")
        assert board.hex_of(f"A E{row + 1}") == board.hex_of(f"B A{row + 1}") == (4, row)
    assert board.hex_of("B B1") == (5, 0)
    # The town printed in A E1 and the clear half of B A1 make a town hex; B's woods follow.
    assert board.terrain_at(4, 0) is Terrain.TOWN
    assert board.terrain_at(6, 0) is Terrain.WOODS
    assert board.seam_conflicts == ()


def test_every_address_leads_back_to_its_hex() -> None:
    board = _board({"file": "a", "column": 0}, {"file": "b", "column": 1, "rotated": True})
    for spot, addresses in board.addresses.items():
        for address in addresses:
            assert board.hex_of(address) == spot
            assert board.hex_of(address.lower()) == spot
    assert board.hex_of("C A1") is None  # no panel C
    assert board.hex_of("A F1") is None  # off panel A
    assert board.hex_of("nonsense") is None


def test_a_turned_panel_keeps_every_neighbour() -> None:
    panel = tiny_panel("B")
    placed = PlacedPanel(panel, 4, 0, rotated=True)
    for column in range(panel.width):
        for row in range(panel.height):
            here = placed.to_board(column, row)
            if here is None:
                continue
            assert placed.to_panel(*here) == (column, row)
            for direction in Direction:
                other = neighbor(column, row, direction)
                there = placed.to_board(*other) if _on(panel, other) else None
                if there is not None:
                    # Turned 180 degrees, each neighbour lies in the opposite direction.
                    assert neighbor(*here, OPPOSITE[direction]) == there


def _on(panel: PanelFile, spot: tuple[int, int]) -> bool:
    return 0 <= spot[0] < panel.width and 0 <= spot[1] < panel.height


def test_a_turned_panel_shows_its_far_corner_first_and_loses_the_cut_hexes() -> None:
    board = _board({"file": "a", "column": 0}, {"file": "b", "column": 1, "rotated": True})
    # Turned, B's first column is the board's right edge and its last the seam.
    assert board.hex_of("B A1") == (8, 3)
    assert board.hex_of("B E4") == (4, 0)
    # The cut bottom hex of B's shifted column B goes beyond the top edge…
    assert board.hex_of("B B4") is None
    # …and the unnumbered strip at the bottom of the shifted columns plays as Clear.
    assert board.addresses.get((5, 3), ()) == ()
    assert board.terrain_at(5, 3) is Terrain.CLEAR
    # B's water at A3 (column 0, row 2) lands at (8, 1); its swamp at C3 at (6, 1).
    assert board.terrain_at(8, 1) is Terrain.WATER
    assert board.terrain_at(6, 1) is Terrain.SWAMP


def test_hexsides_and_roads_turn_with_their_panel() -> None:
    straight = _board({"file": "a", "column": 0})
    assert straight.hexsides[((1, 3), Direction.UP)] == {HexsideKind.SLOPE}
    assert straight.road_links == {((0, 1), Direction.DOWN_RIGHT)}
    assert straight.road_hexes == {(0, 1), (1, 1)}
    panels = {"a": tiny_panel("A")}
    turned, problems = assemble(_layout({"file": "a", "rotated": True}), panels)
    assert problems == []
    assert turned is not None
    # Panel A's column B (1) row 4 turns to column D (3), shifted: row 4 - 2 - 3 = -1 is cut;
    # its slope is printed on B4, which is cut, so it is gone; the road from A2 goes on.
    assert turned.road_links == {((4, 2), Direction.UP_LEFT)}
    assert turned.road_hexes == {(4, 2), (3, 1)}
    assert turned.hex_of("A A2") == (4, 2)
    assert turned.hex_of("A B2") == (3, 1)


def test_panels_end_to_end_stack_whole_rows() -> None:
    board = _board({"file": "a", "row": 0}, {"file": "b", "row": 1})
    assert (board.width, board.height) == (5, 8)
    assert board.hex_of("B A1") == (0, 4)
    assert board.addresses[(0, 3)] == ("A A4",)
    assert board.level_at(1, 3) == 1
    assert board.mass[3 * 5 + 1] == "A:A"


def test_a_seam_whose_halves_differ_warns_and_the_left_half_wins() -> None:
    left = tiny_panel("A")
    right = tiny_panel("B").model_copy(
        update={"terrain_rows": ["W.W..", ".....", "~.S..", "....."]}
    )
    board, problems = assemble(
        _layout({"file": "a"}, {"file": "b", "column": 1}), {"a": left, "b": right}
    )
    assert board is not None
    assert board.terrain_at(4, 0) is Terrain.TOWN
    assert [(p.code, p.hex) for p in problems] == [("TGX013", (4, 0))]
    assert "A E1 / B A1" in problems[0].message


@pytest.mark.parametrize(
    ("placements", "words"),
    [
        ([{"file": "a"}, {"file": "b"}], "two panels at column 0, row 0"),
        ([{"file": "a"}, {"file": "b", "column": 2}], "fill a rectangle"),
        ([{"file": "a"}, {"file": "a", "column": 1}], "Map ID 'A' is used by two panels"),
        ([{"file": "a"}, {"file": "missing", "column": 1}], "not loaded"),
    ],
)
def test_an_arrangement_that_makes_no_board_says_why(placements: list, words: str) -> None:
    panels = {"a": tiny_panel("A"), "b": tiny_panel("B")}
    board, problems = assemble(_layout(*placements), panels)
    assert board is None
    assert any(p.code == "TGX010" and words in p.message for p in problems)


def test_even_widths_cannot_join_side_by_side_or_turn() -> None:
    wide = tiny_panel("A").model_copy(
        update={"width": 6, "terrain_rows": ["......"] * 4, "level_rows": [], "mass_rows": []}
    )
    board, problems = assemble(_layout({"file": "a", "rotated": True}), {"a": wide})
    assert board is None
    assert [p.code for p in problems] == ["TGX010"]
    board, problems = assemble(_layout({"file": "a"}), {"a": wide})
    assert board is not None
    assert problems == []


def test_compass_points_follow_the_north_marker() -> None:
    assert compass_edge(BoardEdge.TOP, Compass.NORTH) is BoardEdge.TOP
    assert compass_edge(BoardEdge.TOP, Compass.WEST) is BoardEdge.LEFT
    assert compass_edge(BoardEdge.RIGHT, Compass.SOUTH) is BoardEdge.LEFT
    assert compass_edge(BoardEdge.BOTTOM, Compass.EAST) is BoardEdge.LEFT


def test_native_addresses_read_and_write_as_the_rules_print_them() -> None:
    assert [column_letters(n) for n in (0, 1, 25, 26, 27, 51, 52)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA",
    ]  # fmt: skip
    assert all(column_number(column_letters(n)) == n for n in range(700))
    address = parse_address("Village A2")
    assert address is not None
    assert (address.panel, address.column, address.row) == ("Village", 0, 1)
    assert str(address) == "Village A2"
    assert parse_address("Village 2A") is None
    assert parse_address("A2") is None


def test_a_situation_overrides_terrain_and_destroys_printed_bridges() -> None:
    layout = BoardLayout.model_validate(
        {
            "panels": [{"file": "a"}],
            "overrides": [{"hex": "A D1", "terrain": "woods"}],
            "destroyed_bridges": ["A B3"],
        }
    )
    board, problems = assemble(layout, {"a": tiny_panel("A")})
    assert problems == []
    assert board is not None
    assert board.terrain_at(3, 0) is Terrain.WOODS
    assert board.features == {}
    assert board.destroyed_bridges == {(1, 2)}
    wrong = layout.model_copy(update={"destroyed_bridges": ["A A1"], "overrides": []})
    board, problems = assemble(wrong, {"a": tiny_panel("A")})
    assert [(p.code, p.path) for p in problems] == [("TGX003", ("board", "destroyed_bridges", 0))]

"""The board compiled from a map: neighbours, edges seen from both sides, roads as symmetric
direction masks, terrain and movement costs by index."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.hexgrid import DIRECTIONS, Grid
from engine.panzer_campaigns.board import IMPASSABLE, Board
from schemas.io import load_file
from schemas.panzer_campaigns.map import CONNECTION_BITS
from schemas.vocabulary import ConnectionKind, CrossingKind, HexsideKind, MovementClass
from tests.conftest import SAMPLE_TITLES
from tests.tiny_title import tiny_map, tiny_parameters


@given(st.integers(1, 12), st.integers(1, 12), st.sampled_from(["odd", "even"]))
def test_neighbour_table_agrees_with_the_grid(width, height, shifted) -> None:
    grid = Grid(width, height, shifted)
    table = grid.neighbor_table()
    for row in range(height):
        for column in range(width):
            for d, direction in enumerate(DIRECTIONS):
                target = grid.neighbor(column, row, direction)
                expected = grid.index(*target) if grid.contains(*target) else -1
                assert table[6 * grid.index(column, row) + d] == expected


@given(
    st.tuples(st.integers(1, 12), st.integers(1, 12)),
    st.sampled_from(["odd", "even"]),
    st.tuples(st.integers(0, 11), st.integers(0, 11)),
    st.integers(0, 7),
)
def test_a_disc_of_hexes_is_the_rings_around_the_center_in_order(
    size, shifted, center, radius
) -> None:
    """`Board.iter_within` reads precomputed steps: the hexes of `Hex.iter_range` on the map,
    in its order (nearest first), at the edges too."""
    width, height = size
    grid = Grid(width, height, shifted)
    column, row = center[0] % width, center[1] % height
    expected = [
        grid.offset_of(h)
        for h in grid.hex_at(column, row).iter_range(radius)
        if grid.contains_hex(h)
    ]
    steps = grid.disc_steps((column, row), radius)
    found = [(column + c, row + r) for c, r in steps if grid.contains(column + c, row + r)]
    assert found == expected


@given(st.integers(1, 12), st.integers(1, 12), st.sampled_from(["odd", "even"]))
def test_the_axial_table_holds_every_hex_s_axial_coordinates(width, height, shifted) -> None:
    grid = Grid(width, height, shifted)
    qs, rs = grid.axial_table()
    expected = [grid.hex_at(c, r) for r in range(height) for c in range(width)]
    assert list(zip(qs, rs, strict=True)) == [(h.q, h.r) for h in expected]


def _board() -> Board:
    return Board.from_files(tiny_map(), tiny_parameters())


@pytest.mark.parametrize("radius", [0, 1, 3, 6])
def test_hexes_within_a_radius_are_the_rings_around_the_center(radius: int) -> None:
    board = _board()
    grid = board.grid
    for index in range(board.size):
        rings = board.hex_of(index).iter_range(radius)
        expected = [board.index(*grid.offset_of(h)) for h in rings if grid.contains_hex(h)]
        assert list(board.iter_within(index, radius)) == expected


def test_terrain_and_elevation_by_index() -> None:
    board, source = _board(), tiny_map()
    for row, text in enumerate(source.terrain_rows):
        for column, code in enumerate(text):
            terrain = next(t.id for t in source.terrain if t.code == code)
            assert board.terrain_id(board.index(column, row)) == terrain
            assert board.offset(board.index(column, row)) == (column, row)
    assert board.elevation[board.index(2, 0)] == 120


def test_the_river_and_its_bridge_are_seen_from_both_banks() -> None:
    board = _board()
    north, south = board.index(3, 1), board.index(3, 2)
    assert board.neighbor(north, 3) == south
    assert board.edge_kinds(north, 3) == board.edge_kinds(south, 0) == {HexsideKind.RIVER}
    assert board.crossing(north, 3) is board.crossing(south, 0) is CrossingKind.HEAVY_BRIDGE
    assert board.edge_kinds(north, 2) == frozenset()
    assert board.crossing(north, 2) is None


def test_roads_are_symmetric_masks_with_one_link_per_stored_bit() -> None:
    board, source = _board(), tiny_map()
    rows = source.connections[ConnectionKind.PRIMARY_ROAD]
    stored = sum(bin(int(d)).count("1") for row in rows for d in row if d != ".")
    masks = board.connections[ConnectionKind.PRIMARY_ROAD]
    assert sum(bin(m).count("1") for m in masks) == 2 * stored
    for index in range(board.size):
        for d in range(6):
            if masks[index] >> d & 1:
                other = board.neighbor(index, d)
                assert masks[other] >> ((d + 3) % 6) & 1
    # The road runs down column 3 over the bridge: [3, 1] links Up and Down.
    assert board.has_connection(ConnectionKind.PRIMARY_ROAD, board.index(3, 1), 0)
    assert board.has_connection(ConnectionKind.PRIMARY_ROAD, board.index(3, 1), 3)
    assert not board.has_connection(ConnectionKind.RAILROAD, board.index(3, 1), 0)


def test_movement_tables_come_from_the_parameter_data() -> None:
    tables = _board().movement[MovementClass.FOOT]
    assert dict(zip(_board().terrain_ids, tables.terrain, strict=True)) == {
        "clear": 2,
        "forest": 4,
        "village": 2,
    }
    assert tables.hexsides == {HexsideKind.RIVER: -1}
    assert tables.connections == {ConnectionKind.PRIMARY_ROAD: 1}
    # A class the parameters do not mention cannot move anywhere.
    assert set(_board().movement[MovementClass.NAVAL].terrain) == {IMPASSABLE}


def test_map_edges() -> None:
    board = _board()
    assert board.is_edge(board.index(0, 2))
    assert board.is_edge(board.index(5, 4))
    assert not board.is_edge(board.index(2, 2))


def test_a_map_whose_rows_do_not_fit_is_refused() -> None:
    broken = tiny_map().model_copy(update={"terrain_rows": ["......"] * 4})
    with pytest.raises(ValueError, match="does not fit"):
        Board.from_files(broken)


@pytest.mark.parametrize("title", SAMPLE_TITLES, ids=lambda p: p.name)
def test_sample_maps_compile_with_every_edge_on_both_sides(title) -> None:
    map_file = load_file(next(title.glob("*.map.yaml"))).model
    board = Board.from_files(map_file)
    edges = sum(bin(m).count("1") for m in board.hexsides)
    inside = sum(
        1 for f in map_file.hexsides if board.grid.contains(*board.grid.neighbor(*f.hex, f.side))
    )
    assert edges == len(map_file.hexsides) + inside
    for kind, rows in map_file.connections.items():
        stored = sum(
            bin(int(d) & sum(CONNECTION_BITS.values())).count("1")
            for row in rows
            for d in row
            if d != "."
        )
        assert sum(bin(m).count("1") for m in board.connections[kind]) == 2 * stored


def test_games_of_the_same_models_share_one_board() -> None:
    map_file, parameters = tiny_map(), tiny_parameters()
    board = Board.shared(map_file, parameters)
    assert Board.shared(map_file, parameters) is board
    assert Board.shared(map_file, tiny_parameters()) is not board  # other parameters
    assert Board.shared(tiny_map(), parameters) is not board  # an edited map is a new model

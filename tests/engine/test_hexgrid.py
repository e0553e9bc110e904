"""Hex geometry laws that every other module relies on, for both column staggers."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from engine.hexgrid import DIRECTIONS, Grid, Hex, Layout, opposite
from schemas.panzer_campaigns.map import CONNECTION_BITS

staggers = st.sampled_from(["odd", "even"])
offsets = st.tuples(st.integers(0, 60), st.integers(0, 60))
hexes = st.builds(Hex, st.integers(-50, 50), st.integers(-50, 50))


@given(staggers, offsets)
def test_offset_and_axial_convert_both_ways(shifted, offset) -> None:
    grid = Grid(61, 61, shifted)
    assert grid.offset_of(grid.hex_at(*offset)) == offset


@given(hexes)
def test_neighbours_are_one_step_away_and_point_back(center) -> None:
    for direction in DIRECTIONS:
        neighbor = center.neighbor(direction)
        assert center.distance(neighbor) == 1
        assert neighbor.neighbor(opposite(direction)) == center
        assert center.direction_to(neighbor) is direction


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c) -> None:
    assert a.distance(b) == b.distance(a)
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes, st.integers(0, 6))
def test_rings_and_ranges_have_the_hexagonal_numbers(center, radius) -> None:
    ring = list(center.iter_ring(radius))
    assert len(ring) == max(1, 6 * radius) == len(set(ring))
    assert all(center.distance(h) == radius for h in ring)
    assert len(set(center.iter_range(radius))) == 3 * radius * (radius + 1) + 1


@given(hexes, hexes)
def test_lines_are_contiguous_and_as_long_as_the_distance(a, b) -> None:
    line = a.line_to(b)
    assert line[0] == a
    assert line[-1] == b
    assert len(line) == a.distance(b) + 1
    assert all(p.distance(q) == 1 for p, q in itertools.pairwise(line))


@given(staggers, st.tuples(st.integers(1, 20), st.integers(1, 20)), st.sampled_from(DIRECTIONS))
def test_both_hexes_of_an_edge_name_it_the_same_way(shifted, offset, direction) -> None:
    grid = Grid(30, 30, shifted)
    other = grid.neighbor(*offset, direction)
    key = grid.hexside_key(*offset, direction)
    assert key == grid.hexside_key(*other, opposite(direction))
    assert key[1] in CONNECTION_BITS
    assert grid.connection_slot(offset, other) == grid.connection_slot(other, offset)


def test_odd_columns_sit_half_a_hex_lower() -> None:
    grid, layout = Grid(4, 4, "odd"), Layout(10)
    _, y_even = layout.center(grid.hex_at(0, 0))
    _, y_odd = layout.center(grid.hex_at(1, 0))
    assert y_odd > y_even
    grid = Grid(4, 4, "even")
    _, y_even = layout.center(grid.hex_at(0, 0))
    _, y_odd = layout.center(grid.hex_at(1, 0))
    assert y_odd < y_even


@given(hexes, st.floats(-0.45, 0.45), st.floats(-0.45, 0.45))
def test_pixels_inside_a_hex_map_back_to_it(center, dx, dy) -> None:
    layout = Layout(10, 5, 7)
    x, y = layout.center(center)
    # Inside the inscribed circle (radius size * sqrt(3) / 2) the answer is unambiguous.
    assert layout.hex_at_pixel(x + dx * 10, y + dy * 10) == center


def test_edges_of_the_map() -> None:
    grid = Grid(5, 4)
    assert grid.is_edge(0, 2)
    assert grid.is_edge(3, 3)
    assert not grid.is_edge(2, 1)
    assert len(grid.neighbors(0, 0)) < 6
    assert len(grid.neighbors(2, 2)) == 6

"""Hexside terrain in line of sight [003 3.2.2, 6.3.7]: the kinds the Terrain Effects Chart marks
`blocks_los` (ridge, cliff, wooded) stand half a level above the higher hex beside them and are
judged by the level rules; a slope never blocks by itself, whatever the chart says."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace

from engine.tactical_gamex.board import side
from engine.tactical_gamex.loader import tables_of
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.state import TgxState
from schemas.io import load_file
from schemas.tactical_gamex.tables import RulesetTables
from tests.engine.tactical_gamex.boards import board, state

Offset = tuple[int, int]
# The chart as the samples print it (slope marked too), to show the engine ignores the slope.
BLOCKING = frozenset({"ridge", "cliff", "wooded", "slope"})


def _state(
    rows: list[str],
    levels: list[str] | None = None,
    sides: Iterable[tuple[Offset, Offset, str]] = (),
    blocking: frozenset[str] = BLOCKING,
) -> TgxState:
    """A state on a board with hexside terrain added between the given pairs of hexes."""
    b = board(rows, levels, levels)
    for one, two, kind in sides:
        key = side(one, two)
        b.hexsides[key] = b.hexsides.get(key, frozenset()) | {kind}
    s = state(b, [])
    s.tables = replace(s.tables, hexside_blocks_los=blocking)
    return s


def _column(text: str) -> list[str]:
    """One-column rows: hexes (0, 0), (0, 1)… on a straight line through their centres."""
    return list(text)


def _both(s: TgxState, a: Offset, b: Offset) -> tuple[bool, bool]:
    return has_los(s, a, b), has_los(s, b, a)


def _down(terrain: str, levels: str | None, *sides: tuple[int, int, str]) -> tuple[bool, bool]:
    """Sight between the ends of a column, with hexside terrain between rows (r, r2)."""
    s = _state(
        _column(terrain),
        levels and _column(levels),
        [((0, r), (0, r2), kind) for r, r2, kind in sides],
    )
    return _both(s, (0, 0), (0, len(terrain) - 1))


def test_a_cliff_between_two_ground_units_blocks() -> None:
    assert _down(".....", None) == (True, True)
    assert _down(".....", None, (1, 2, "cliff")) == (False, False)
    # the end hex's own hexside too: the line leaves through it
    assert _down(".....", None, (0, 1, "cliff")) == (False, False)


def test_adjacent_units_see_across_a_cliff() -> None:
    s = _state(_column(".."), sides=[((0, 0), (0, 1), "cliff")])
    assert _both(s, (0, 0), (0, 1)) == (True, True)


def test_a_ridge_blocks_only_where_the_chart_says_it_blocks_los() -> None:
    s = _state(_column("....."), sides=[((0, 2), (0, 3), "ridge")], blocking=frozenset())
    assert _both(s, (0, 0), (0, 4)) == (True, True)
    s.tables = replace(s.tables, hexside_blocks_los=frozenset({"ridge"}))
    s.board.sight_cache.clear()
    assert _both(s, (0, 0), (0, 4)) == (False, False)


def test_a_ridge_on_the_plain_seen_over_from_a_hill() -> None:
    """From level 1 down to the ground the ridge on the plain blocks only where the lower unit
    stands against it (the blind spot); from hill to hill it lies below both and never does."""
    assert _down("......", "100000", (2, 3, "ridge")) == (True, True)
    assert _down("......", "100000", (4, 5, "ridge")) == (False, False)
    assert _down("......", "100001", (2, 3, "ridge")) == (True, True)
    assert _down("......", "000000", (2, 3, "ridge")) == (False, False)


def test_a_ridge_on_a_hill_hides_the_far_side_from_the_same_hill() -> None:
    """Both units on level 1: a ridge between two hill hexes rises above them; one on the
    ground between the two hills does not."""
    assert _down(".....", "11111", (2, 3, "ridge")) == (False, False)
    assert _down("......", "110011", (2, 3, "ridge")) == (True, True)


def test_a_wooded_hexside_hides_like_a_hedgerow() -> None:
    """Between ground units a wooded hexside blocks; on the edge of a hill, where a bare slope
    of the viewer's own mass lets it see down (F-I), a wooded slope hides the ground below."""
    assert _down(".....", None, (2, 3, "wooded")) == (False, False)
    assert _down(".....", "11000") == (True, True)
    assert _down(".....", "11000", (1, 2, "wooded")) == (False, False)


def test_the_foot_of_a_cliff_is_dead_ground_from_the_hill_above() -> None:
    """A cliff on the edge of the viewer's own hill hides the ground at its foot from two hexes
    back and from its top hex, though the hex just below stays in sight (adjacent)."""
    assert _down("....", "1100", (1, 2, "cliff")) == (False, False)
    s = _state(_column("...."), _column("1100"), [((0, 1), (0, 2), "cliff")])
    assert _both(s, (0, 1), (0, 3)) == (False, False)
    assert _both(s, (0, 1), (0, 2)) == (True, True)


def test_a_slope_marked_blocking_on_the_chart_still_never_blocks_by_itself() -> None:
    """A-D, M-N: the chart's slope flag adds nothing to the hill's levels; a line straight down
    a slope hexside stays clear and the slope of the viewer's own mass does not hide (F-I)."""
    assert _down(".....", "11000", (1, 2, "slope")) == (True, True)
    s = _state(["..", ".."], ["01", "00"])
    assert _both(s, (0, 0), (1, 1)) == (True, True)


def _along(*sides: tuple[Offset, Offset, str], rows: list[str] | None = None) -> tuple[bool, bool]:
    """From (0, 0) to (1, 1) the line runs along the hexside between (1, 0) and (0, 1)."""
    s = _state(rows or ["..", ".."], sides=sides)
    return _both(s, (0, 0), (1, 1))


def test_a_line_straight_along_a_ridge_is_blocked_along_a_green_hexside_not() -> None:
    """6.3.7 calls the slope's clear line down its hexside an exception to how other blocking
    terrain affects hexsides: a ridge along the line blocks it, a green hexside (which the chart
    does not mark) does not, and woods on one side only do not (J-K)."""
    assert _along(((1, 0), (0, 1), "ridge")) == (False, False)
    assert _along(((1, 0), (0, 1), "green")) == (True, True)
    assert _along(rows=[".W", ".."]) == (True, True)


def test_a_line_between_two_hexsides_at_a_corner_needs_both_blocking() -> None:
    """Leaving (0, 0) the line passes the corner between its two hexsides toward (1, 0) and
    (0, 1): one ridge there leaves it clear, ridges on both block; a ridge on one side and
    woods on the other block too (blocking terrain on both sides, J-K)."""
    assert _along(((0, 0), (1, 0), "ridge")) == (True, True)
    assert _along(((0, 0), (1, 0), "ridge"), ((0, 0), (0, 1), "ridge")) == (False, False)
    assert _along(((0, 0), (1, 0), "ridge"), rows=["..", "W."]) == (False, False)


def test_the_samples_charts_reach_the_engine() -> None:
    """The sample TECs mark ridge, cliff and wooded hexsides as blocking, and the loader hands
    that on; their slopes are left to the levels."""
    for title in ("tgx_steppe43", "tgx_landing44"):
        model = load_file(f"sample_data/{title}/sample.tables.yaml").model
        assert isinstance(model, RulesetTables)
        assert {"ridge", "cliff", "wooded"} <= tables_of(model).hexside_blocks_los
        assert "slope" not in tables_of(model).hexside_blocks_los


def test_sight_across_hexside_terrain_stays_reciprocal() -> None:
    """ "All LOS is reciprocal" [003 6.3.7]: on boards with woods, two hill levels and ridges,
    cliffs and wooded hexsides strewn at random (fixed seeds), every pair of hexes sees both
    ways or neither, and some lines are blocked by the hexsides alone."""
    blocked_by_sides = 0
    for seed in range(4):
        rng = random.Random(seed)
        rows = ["".join(rng.choice("...W") for _ in range(7)) for _ in range(7)]
        levels = ["".join(rng.choice("0001") for _ in range(7)) for _ in range(7)]
        cells = [(c, r) for r in range(7) for c in range(7)]
        s = _state(rows, levels)
        bare = _state(rows, levels)
        for c, r in cells:
            for _, other in s.board.grid.neighbors(c, r):
                if s.board.contains(other) and rng.random() < 0.15:
                    key = side((c, r), other)
                    kind = rng.choice(("ridge", "cliff", "wooded", "green"))
                    s.board.hexsides[key] = s.board.hexsides.get(key, frozenset()) | {kind}
        for a in cells:
            for b in cells:
                seen = has_los(s, a, b)
                assert seen == has_los(s, b, a), (seed, a, b)
                blocked_by_sides += has_los(bare, a, b) and not seen
    assert blocked_by_sides > 50

"""Line of sight [003 6.3.7]: the captions of the text's LOS diagram, each rebuilt on a small
board (the diagram itself is not in the text), and B.15 #10."""

from __future__ import annotations

from dataclasses import replace

from engine.tactical_gamex.los import can_see_unit, has_los
from engine.tactical_gamex.units import StreamState
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, board, state


def _column(text: str) -> list[str]:
    """A one-column board from a string read top to bottom: hexes (0, 0), (0, 1)… stand on a
    straight line through their centres."""
    return list(text)


def _los(terrain: str, levels: str | None = None, masses: str | None = None) -> tuple[bool, bool]:
    """Sight from the top hex of a column to its bottom hex, and back."""
    s = state(board(_column(terrain), levels and _column(levels), masses and _column(masses)), [])
    a, b = (0, 0), (0, len(terrain) - 1)
    return has_los(s, a, b), has_los(s, b, a)


def test_same_level_blocked_by_higher_and_clear_over_lower() -> None:
    """Two ground units: woods between block; on a hill, woods below do not."""
    assert _los("..W..") == (False, False)
    assert _los(".....") == (True, True)
    assert _los("..W..", "10001", "10002") == (True, True)


def test_a_b_the_woods_blind_spot() -> None:
    """A-B: A on a hill, B on the ground next to woods at its level: blocked (the lower unit is
    adjacent to the blocking terrain); the same woods two hexes from it do not hide it."""
    assert _los("..W.", "1000", "1000") == (False, False)
    assert _los(".W...", "20000", "10000") == (True, True)


def test_a_e_both_above_the_woods() -> None:
    """A-E: both units on hills, the woods below both: clear."""
    assert _los(".WWW.", "10002", "10002") == (True, True)


def test_e_f_a_slope_at_the_higher_units_level_blocks() -> None:
    """E-F: the line crosses another hill mass at E's level: blocked."""
    assert _los(".....", "11100", "12200") == (False, False)


def test_f_i_the_slope_of_the_viewers_own_mass_does_not_block() -> None:
    """F-I: the intervening slope belongs to I's own hill mass: clear."""
    assert _los(".....", "11100", "11100") == (True, True)


def test_adjacent_hexes_always_see_each_other() -> None:
    """F-G: adjacent, whatever lies there."""
    assert _los("WW", "02", "01") == (True, True)


def test_b_f_and_f_g_a_unit_down_in_a_stream() -> None:
    """B-F: a unit Down in a stream is unseen by non-adjacent ground units; F-G: adjacent units
    see it; higher ground sees it too; Up it is seen by all [003 6.3.9]."""
    b = board(_column(".....S"), _column("100000"), _column("100000"))
    s = state(b, [("f", Side.AXIS, RIFLE, (0, 5))])
    f = s.units["f"]
    f.stream = StreamState.DOWN
    assert has_los(s, (0, 2), (0, 5))
    assert not can_see_unit(s, (0, 2), f)
    assert can_see_unit(s, (0, 4), f)
    assert can_see_unit(s, (0, 0), f)
    f.stream = StreamState.UP
    assert can_see_unit(s, (0, 2), f)


def test_g_h_a_unit_in_a_ford_is_seen() -> None:
    """G-H: a ford is no hiding place."""
    b = board(_column("....F"))
    s = state(b, [("h", Side.AXIS, RIFLE, (0, 4))])
    assert can_see_unit(s, (0, 0), s.units["h"])


def test_j_k_a_line_along_a_hexside_needs_blocking_terrain_on_both_sides() -> None:
    """J-K: along a hexside, blocked only if both hexes beside it block; one side is not
    enough. From (0,0) to (1,1) the line runs between (1,0) and (0,1)."""
    assert _side_los(["..", ".."]) == (True, True)
    assert _side_los([".W", ".."]) == (True, True)
    assert _side_los([".W", "W."]) == (False, False)


def _side_los(rows, levels=None):
    s = state(board(rows, levels, levels), [])
    return has_los(s, (0, 0), (1, 1)), has_los(s, (1, 1), (0, 0))


def test_a_d_and_m_n_a_slope_hexside_never_blocks() -> None:
    """A-D, M-N: a line straight down a slope hexside (a hill on one side, ground on the
    other) is clear."""
    assert _side_los(["..", ".."], ["01", "00"]) == (True, True)
    assert _side_los(["..", ".."], ["01", "10"]) == (False, False)


def test_l_m_woods_block_a_unit_on_a_bridge() -> None:
    """L-M: woods between ground units block, a bridge hides nothing but the woods do."""
    b = board(_column("..W.S"), bridges=[(0, 4)])
    s = state(b, [("m", Side.AXIS, RIFLE, (0, 4))])
    assert not can_see_unit(s, (0, 0), s.units["m"])
    assert can_see_unit(s, (0, 2), s.units["m"])


def test_smoke_blocks() -> None:
    """Smoke blocks a line through its hex [003 20.4]."""
    s = state(board(_column(".....")), [])
    assert has_los(s, (0, 0), (0, 4))
    s.counters.smoke[(0, 2)] = 2
    assert not has_los(s, (0, 0), (0, 4))


def test_terrain_between_the_two_levels_is_a_blind_spot_by_option() -> None:
    """B.15 #10: a level-1 hill between a level-0 and a level-2 unit blocks only where the lower
    unit is next to it; with the option off it never blocks."""
    assert _los(".....", "01002", "01002") == (False, False)
    assert _los("......", "000102", "000102") == (True, True)
    off = state(board(_column("....."), _column("01002"), _column("01002")), [])
    off.tables = replace(off.tables, between_levels_blind_spot=False)
    assert has_los(off, (0, 0), (0, 4))

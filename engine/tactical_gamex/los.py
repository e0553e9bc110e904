"""Line of sight by levels [003 6.3.7]: ground 0, Woods and Town half a level above the ground
they stand on, hill masses 1, 2, 3…; slopes, the blind spot, lines along hexsides, smoke
[003 20.4], and who sees a unit Down in a stream [003 6.3.9]."""

from __future__ import annotations

from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import StreamState, Unit

Offset = tuple[int, int]


def _blocks(state: TgxState, h: Offset, a: Offset, b: Offset, cap: int | None = None) -> bool:
    """Whether hex `h`, crossed by the line from `a` to `b`, blocks it [003 6.3.7].

    Decisions where the text is silent or loose:
    - The intervening terrain "at the same level as the higher hex" blocks unless it belongs to
      the higher unit's own hill mass: example F-I (the slope of I's own mass) sees down, E-F
      (a slope at E's level, not its mass) does not.
    - "Always blocked if it crosses a Woods or Town hex to which the lower unit is adjacent"
      applies to Woods and Town at the lower unit's level or above: Woods lower than both ends
      never block (example A-E).
    - B.15 #10, terrain strictly between the two levels: blocked only where the lower hex is
      adjacent to it, as the lower level's blind spot (`Tables.between_levels_blind_spot`;
      off, such terrain never blocks).
    - `cap`: the line runs down a slope hexside, which never blocks; the hex is judged at the
      lower of the hexside's two levels, so only Woods and Town block there.
    """
    board = state.board
    if h in state.counters.smoke:
        return True  # [003 20.4] smoke blocks LOS through or along its hex
    base = board.level_of(h)
    if cap is not None:
        base = min(base, cap)
    effects = board.effects(h)
    obstacle = effects.los_obstacle
    top = base + effects.los_height
    la, lb = board.level_of(a), board.level_of(b)
    if la == lb:
        return top > la
    low_hex, high_hex = (a, b) if la < lb else (b, a)
    low, high = min(la, lb), max(la, lb)
    if top > high:
        return True
    if base == high:
        return board.mass_of(h) != board.mass_of(high_hex)
    if base < low:
        return False
    if base == low:
        return obstacle and board.adjacent(low_hex, h)
    return state.tables.between_levels_blind_spot and board.adjacent(low_hex, h)


def has_los(state: TgxState, a: Offset, b: Offset) -> bool:
    """Whether the line of sight between two hexes is clear (see `_trace`), kept per board
    for the smoke on it, the only thing of a game that changes a line."""
    smoke = state.counters.smoke
    key = (a, b, tuple(sorted(smoke)) if smoke else ())
    cache = state.board.sight_cache
    found = cache.get(key)
    if found is None:
        found = cache[key] = _trace(state, a, b)
    return found


def _trace(state: TgxState, a: Offset, b: Offset) -> bool:
    """Whether the line of sight between two hexes is clear; reciprocal, and always clear to an
    adjacent hex [003 6.3.7].

    The line is drawn centre to centre twice, nudged to either side of any hexside it runs
    along: where the two differ the line runs along that hexside, which blocks only if both
    hexes beside it block, a slope hexside never [003 6.3.7, example J-K].
    """
    board = state.board
    if a == b or board.adjacent(a, b):
        return True
    ha, hb = board.axial(a), board.axial(b)
    left, right = ha.sight_line(hb, 1), ha.sight_line(hb, -1)
    for one, two in zip(left[1:-1], right[1:-1], strict=True):
        h1, h2 = board.offset(one), board.offset(two)
        if h1 == h2:
            if _blocks(state, h1, a, b):
                return False
            continue
        if h1 in state.counters.smoke or h2 in state.counters.smoke:
            return False
        l1, l2 = board.level_of(h1), board.level_of(h2)
        cap = min(l1, l2) if l1 != l2 else None
        if _blocks(state, h1, a, b, cap) and _blocks(state, h2, a, b, cap):
            return False
    return True


def can_see_unit(state: TgxState, viewer: Offset, unit: Unit) -> bool:
    """Whether a unit at `viewer` sees `unit`: line of sight, and a unit Down in a stream seen
    only from an adjacent hex or from higher ground [003 6.3.9, example B-F]."""
    if unit.hex is None:
        return False
    board = state.board
    if (
        unit.stream is StreamState.DOWN
        and not board.adjacent(viewer, unit.hex)
        and board.level_of(viewer) <= board.level_of(unit.hex)
    ):
        return False
    return has_los(state, viewer, unit.hex)

"""Line of sight by levels [003 6.3.7]: ground 0, Woods and Town half a level above the ground
they stand on, hill masses 1, 2, 3…; slopes, the blind spot, lines along hexsides, hexside
terrain the chart marks as blocking [003 3.2.2], smoke [003 20.4], and who sees a unit Down in
a stream [003 6.3.9]."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import StreamState, Unit

Offset = tuple[int, int]
Walls = Mapping[Offset, frozenset[Offset]]
"""Per hex, the neighbours across a hexside that blocks sight (`Board.walls`)."""


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


def _walls(state: TgxState) -> Walls:
    """The hexsides of kinds that block sight, slopes left out (see `_side_blocks`)."""
    return state.board.walls(state.tables.hexside_blocks_los - {"slope"})


def _side_blocks(
    state: TgxState, walls: Walls, pair: tuple[Offset, Offset], line: tuple[Offset, Offset]
) -> bool:
    """Whether the hexside between the two hexes of `pair` (`walls`: `_walls`), crossed by the
    line between the two hexes of `line` or run along by it, blocks it [003 3.2.2, 6.3.7].

    The text names Cliffs, Ridges and Slopes as hexside terrain and counts "blocking hex or hex
    side terrain" in its level rules, but leaves which hexsides block to the chart: the TEC's
    `blocks_los` for the kind (`Tables.hexside_blocks_los`). Decisions:
    - A blocking hexside (a ridge, a cliff, a wooded hexside) is an obstacle half a level above
      the higher of the two hexes it separates, as Woods stand half a level above their hill
      ("adding 0.5 to a level if blocking terrain exists on a Hill mass"), and is judged by the
      level rules like any intervening terrain: ends at one level are blocked when it stands
      at their level or higher (two ground units across a ridge); ends at different levels are
      blocked when it stands at the higher end's level (a wooded or cliff edge of the viewer's
      own hill hides the ground at its foot, as a bare slope does not: F-I), clear when it
      stands below the lower end's (a ridge on the plain seen over from a hill), and, standing
      at the lower end's level, blocked only when the lower end touches it (the blind spot: the
      hexside is one of the lower hex's own, or runs off from its corner); strictly between the
      two levels, B.15 #10 decides as for hexes (`Tables.between_levels_blind_spot`).
    - A slope is never an obstacle of its own, whatever the chart says: "Slope and Ridge terrain
      do not expressly occupy hex sides" [3.2.2]; hills block by their levels (`_blocks`), and a
      line straight down a slope hexside is clear (examples A-D, M-N). A ridge, which the
      boards draw between hexes of one level where no level carries it, is read from the chart.
    - The end hexes' own hexsides count like any other: the line leaves and enters through
      them, so a unit behind a hedgerow at its level neither sees nor is seen past it (sight is
      reciprocal); adjacent hexes always see each other [6.3.7].
    - A line straight along a blocking hexside is blocked by it, as by blocking terrain on both
      sides of the line (the hexside is both hexes' edge): the text calls the slope's clear line
      down its hexside "an exception to how other blocking terrain affects hex sides" [6.3.7].
    """
    one, two = pair
    if two not in walls.get(one, ()):
        return False
    a, b = line
    board = state.board
    base = max(board.level_of(one), board.level_of(two))
    la, lb = board.level_of(a), board.level_of(b)
    if la == lb:
        return base >= la  # its top, base + 0.5, above the ends
    low_hex = a if la < lb else b
    low, high = min(la, lb), max(la, lb)
    if base >= high:
        return True
    if base < low:
        return False
    touching = low_hex in (one, two) or (
        board.adjacent(low_hex, one) and board.adjacent(low_hex, two)
    )
    if base == low:
        return touching
    return state.tables.between_levels_blind_spot and touching


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
    hexes beside it block, a slope hexside never [003 6.3.7, example J-K]. Each nudged line
    also crosses the hexsides between its hexes (`_side_blocks`): along a hexside the two
    nudged lines enter and leave by different hexsides at its corners, and the line is blocked
    when each of the two is blocked there, by a hexside it crosses or by its hex.
    """
    board = state.board
    if a == b or board.adjacent(a, b):
        return True
    ha, hb = board.axial(a), board.axial(b)
    left = [a, *map(board.offset, ha.sight_line(hb, 1)[1:-1]), b]
    right = [a, *map(board.offset, ha.sight_line(hb, -1)[1:-1]), b]
    walls = _walls(state)
    last = len(left) - 1
    i = 1
    while i <= last:
        if left[i] == right[i]:
            here = left[i]
            if here in walls.get(left[i - 1], ()) and _side_blocks(
                state, walls, (left[i - 1], here), (a, b)
            ):
                return False
            if i < last and _blocks(state, here, a, b):
                return False
            i += 1
            continue
        j = i  # left[i:j] and right[i:j] differ: the line runs along hexsides there
        while left[j] != right[j]:
            j += 1
        if not _clear_along(state, walls, left[i - 1 : j + 1], right[i - 1 : j + 1], (a, b)):
            return False
        if j < last and _blocks(state, left[j], a, b):
            return False
        i = j + 1
    return True


def _clear_along(
    state: TgxState,
    walls: Walls,
    left: list[Offset],
    right: list[Offset],
    line: tuple[Offset, Offset],
) -> bool:
    """Whether a stretch of line along hexsides is clear: `left` and `right` are the two nudged
    lines from the hex before it to the hex after it, which they share [003 6.3.7, J-K]."""
    board = state.board
    smoke = state.counters.smoke
    a, b = line
    left_blocked = right_blocked = False
    for h1, h2 in zip(left[1:-1], right[1:-1], strict=True):
        if h1 in smoke or h2 in smoke:
            return False
        if walls and _side_blocks(state, walls, (h1, h2), line):
            return False  # the hexside it runs along
        l1, l2 = board.level_of(h1), board.level_of(h2)
        cap = min(l1, l2) if l1 != l2 else None
        left_blocked = left_blocked or _blocks(state, h1, a, b, cap)
        right_blocked = right_blocked or _blocks(state, h2, a, b, cap)
    if walls:
        left_blocked = left_blocked or any(
            _side_blocks(state, walls, pair, line) for pair in itertools.pairwise(left)
        )
        right_blocked = right_blocked or any(
            _side_blocks(state, walls, pair, line) for pair in itertools.pairwise(right)
        )
    return not (left_blocked and right_blocked)


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

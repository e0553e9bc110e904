"""The Min Path Algorithm [000 4.9]: every hex a unit can reach this turn ("Reachable Hex"
mode), and the cheapest path to a chosen hex (drag and drop).

The reach is a Dijkstra (`_search`), a path an A* (`_a_star`). Steps whose cost depends only on
the map and the weather are read from `MapCosts.edge_costs`, an array cached per board and unit
profile; steps into hexes holding units or overlays, from enemy ZOC to enemy ZOC, and across
crossings are evaluated by `Mover.step`. The A* heuristic is the larger of two lower bounds of
the cost still to go: the landmark bound of `engine.panzer_campaigns.landmarks` (ALT), and the hex
distance
times the cheapest step the unit can make (`Mover.lowest_step`), used when it bounds the whole
path better than the landmarks (deployed units, whose steps all cost much the same). Of the
table's landmarks (8 stretches of the border) a search reads the `_ACTIVE` 4 that bound the
cost best, together, on `_SAMPLES` hexes of the straight line between the path's ends, so the
heuristic of a hex stays four array reads. Neither bound overestimates and both are consistent,
so paths are the cheapest (tests/engine/test_pathfinding.py compares them with a plain Dijkstra
on random maps, landmark counts and active subsets).

Decisions on the manual's open points [000 4.9]:

- "Reachable Hex" explores "all paths, no matter how devious, up to the movement limits" and
  includes minefield hexes: `reachable` is exact within the movement points left.
- Drag and drop "will avoid big detours ... you may be told that there is no direct path"
  (the threshold is a GAP): `min_path` applies no detour limit; it returns the cheapest path
  or None. By default it ignores the allowance (a multi-turn plan, where steps that take the
  whole allowance count as costing it); `within_allowance=True` keeps to this turn's points.
- It "will avoid known mine fields" unless the unit is a mine clearer: every minefield is
  known in test play; the target hex itself may be one.

Performance (the budget: a path across the 500x500 benchmark map in 50 ms). The benchmark's
eight paths across that map (foot, halftrack and motorized units, the motorized ones deployed
and in Travel Mode) take 47 ms on average, 18-93 ms each; with four single-hex landmarks near
the corners and all four read they took 96 ms (23-343 ms), with the distance bound alone
70-470 ms. The first multi-turn path of a profile builds its landmark table, about 2.15 s there
(on top of the edge costs, 0.25-0.6 s); the table is cached per board and profile
(`engine.panzer_campaigns.landmarks`). A path within this turn's allowance builds neither and takes
about a
millisecond. Per hex the search is a flat loop over the cached edge costs, with a heap of
distinct float priorities (much cheaper than tuples), about 2.5 microseconds a settled hex: the
time goes with the hexes settled, which the landmarks decide (a perfect lower bound would still
settle 4-16 thousand on those paths, 20 ms on average; the landmarks settle 7-40 thousand).
Sixteen landmarks would settle fewer but take over 4 s to build; weighted A* would be quicker
but not exact. What the second pass measured (CPU, best of 21, the old and new searches
alternated in one process on the shared machine; the eight paths settle 7.0-39.2 thousand
hexes, 19.4 thousand on average, and stay hex for hex what they were, which `python -m bench`
checks): the neighbours, edge costs and axial coordinates read as lists instead of arrays
(`_neighbor_list`, `_edge_list`, `_axial_lists`: about 20 MB for the board and 12 MB a profile
on 500x500), 52.3 -> 48.4 ms a path; asking whether a hex is settled only when a step improves
on it, and keeping the bucket of the least key between pops, no change beyond the noise, kept
as they do less. Measured and left out: the bound of a hex worked out once and remembered
(a third of the improving steps reach a hex again; no gain), the costs in an array of floats
(slower), the edge costs and neighbours as 6-tuples per hex iterated together (no gain), the
landmark terms by `max`/`abs` (slower in the loop, though quicker alone), and more landmarks
or the distance bound beside them (6 or 8 of 8 settle 0-15 % fewer, 4 % on average, the
distance bound 0-7 % fewer; each costs more a hex than it saves); the order of equal keys (the
deepest first) settles the same hexes within 0.1 %. Where the time goes: with every bound of
the map worked out beforehand the loop takes about 60 % of its time, so the bound is some 40 %
of it; a step into a hex with units (about 840 a path) goes to `Mover.step`. `reachable` reads
the edge costs only when they are already built, since a turn's reach is a few hundred hexes.

Engineers' bridges, pontoons and destroyed AT ditches [000 7.4] are not in the cached edge
costs: a search reads a copy with their edges asked step by step (about 1 ms to copy on the
500x500 map, only while there are any), and a multi-turn path then does without the landmarks,
which were built on the map alone and could overestimate (A* with the distance bound: 2.6 ms
instead of 1.4 ms for a 46-hex path on the Ardennes map).
"""

from __future__ import annotations

import weakref
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from heapq import heappop, heappush

from engine.panzer_campaigns.allowance import mp_left_to_move
from engine.panzer_campaigns.board import Board
from engine.panzer_campaigns.engineering.movement import with_engineering
from engine.panzer_campaigns.landmarks import SCALE, UNREACHED, Landmarks, landmarks
from engine.panzer_campaigns.movement_costs import INF, SLOW
from engine.panzer_campaigns.movement_steps import EPSILON, Mover
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState

_PER_UNIT = 1.0 / SCALE
_CUT_OFF = UNREACHED // 2
"""A heuristic this large means the hex cannot reach the target at all."""
_ACTIVE = 4
"""Landmarks a search for a path reads (of the `engine.panzer_campaigns.landmarks` table)."""
_SAMPLES = 8
"""Hexes between a path's ends on which its active landmarks are chosen."""


@dataclass(frozen=True, slots=True)
class Reach:
    """How a unit gets to one hex this turn."""

    cost: float
    """Movement points the move uses, minefield losses included."""
    previous: int
    """The hex before it on the cheapest path."""
    path: tuple[int, ...]
    """The hexes entered on the way, in order, ending with this one."""


@dataclass(frozen=True, slots=True)
class Path:
    """A cheapest path."""

    hexes: tuple[int, ...]
    """The unit's hex first, the target last."""
    cost: float
    """Movement points along it (whole-allowance steps at the unit's allowance)."""


_AXIAL: weakref.WeakKeyDictionary[Board, tuple[array[int], array[int]]] = (
    weakref.WeakKeyDictionary()
)


_NEIGHBORS: weakref.WeakKeyDictionary[Board, list[int]] = weakref.WeakKeyDictionary()
_AXIAL_LISTS: weakref.WeakKeyDictionary[Board, tuple[list[int], list[int]]] = (
    weakref.WeakKeyDictionary()
)
_EDGES: weakref.WeakKeyDictionary[Board, list[tuple[array[float], list[float]]]] = (
    weakref.WeakKeyDictionary()
)
_EDGE_LISTS = 4
"""Edge-cost lists kept per board, as `MapCosts` keeps up to four profiles' arrays."""


def _axial(board: Board) -> tuple[array[int], array[int]]:
    """Axial (q, r) of every hex index, for the distance in the heuristic."""
    found = _AXIAL.get(board)
    if found is None:
        found = _AXIAL[board] = board.grid.axial_table()
    return found


def _neighbor_list(board: Board) -> list[int]:
    """`Board.neighbors` as a list, cached per board: a list is read about three times faster
    than an array, and each of its numbers is one object (a list of the hex numbers, shared),
    so the list costs 8 bytes an entry (12 MB on 500x500)."""
    found = _NEIGHBORS.get(board)
    if found is None:
        numbers = list(range(-1, board.size))  # -1: off the map
        found = _NEIGHBORS[board] = [numbers[n + 1] for n in board.neighbors]
    return found


def _edge_list(board: Board, edges: array[float]) -> list[float]:
    """Edge costs (`MapCosts.edge_costs`) as a list, read faster than the array, its few
    distinct costs shared (8 bytes an entry): kept for the last `_EDGE_LISTS` tables of a board,
    each with its table, so that a table built again never finds the list of another."""
    kept = _EDGES.get(board)
    if kept is None:
        kept = _EDGES[board] = []
    for table, found in kept:
        if table is edges:
            return found
    shared = {cost: cost for cost in set(edges)}
    found = list(map(shared.__getitem__, edges))
    kept.insert(0, (edges, found))
    del kept[_EDGE_LISTS:]
    return found


def _axial_lists(board: Board) -> tuple[list[int], list[int]]:
    """`_axial` as lists, read faster in the search's loop (2 MB each on 500x500)."""
    found = _AXIAL_LISTS.get(board)
    if found is None:
        qs, rs = _axial(board)
        found = _AXIAL_LISTS[board] = (qs.tolist(), rs.tolist())
    return found


def axial_coordinates(board: Board) -> tuple[array[int], array[int]]:
    """Axial (q, r) of every hex index, cached per board: for loops that measure many hex
    distances (`hex_distance`)."""
    return _axial(board)


def hex_distance(qs: array[int], rs: array[int], a: int, b: int) -> int:
    """The hex distance between two hex indexes, from `axial_coordinates`."""
    return _distance(qs, rs, a, b)


def _distance(qs: Sequence[int], rs: Sequence[int], a: int, b: int) -> int:
    """The hex distance between two hex indexes, from their axial coordinates."""
    dq, dr = qs[a] - qs[b], rs[a] - rs[b]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _zoc_factor(mover: Mover) -> float:
    """The least a step from enemy ZOC to enemy ZOC costs, as a share of its ordinary cost: the
    ZOC multiplier when below 1 (and not Locking ZOC), else 1 [000 4.4]."""
    multiplier = mover.zoc_multiplier
    return multiplier if 0 < multiplier < 1 and not mover.locking else 1.0


def _occupied_or_marked(state: GameState) -> bytearray:
    """1 on every hex whose steps depend on the state: units, minefields, obstacles,
    congestion, rubble and rail damage."""
    marked = bytearray(state.board.size)
    for layer in (
        state.stacks,
        state.minefields,
        state.obstacles,
        state.congestion,
        state.rubble,
        state.rail_damage,
    ):
        for index in layer:
            if index >= 0:
                marked[index] = 1
    return marked


def _marked_overlays(state: GameState) -> set[int]:
    """The hexes of `_occupied_or_marked` other than the units' (a few), for a search that
    settles a few hundred hexes and reads the stacks themselves: no array of the whole map."""
    return {
        index
        for layer in (
            state.minefields,
            state.obstacles,
            state.congestion,
            state.rubble,
            state.rail_damage,
        )
        for index in layer
    }


class _AskEveryStep:
    """Edge costs for a search without the cached array: every step goes to `Mover.step`."""

    def __getitem__(self, edge: int) -> float:
        return SLOW


def _search(
    mover: Mover,
    budget: float,
    target: int = -1,
    *,
    avoid_mines: bool = False,
    edges: Sequence[float] | _AskEveryStep | None = None,
) -> tuple[dict[int, float], dict[int, int], list[int]]:
    """Cheapest costs from the unit's hex within `budget`: (cost by hex reached, previous hex
    by hex reached, hexes in the order they were settled). With a `target`, A* that stops
    there, guided by the distance bound (Dijkstra without one); `_a_star` is the search for a
    path across the map. `edges` defaults to the profile's cached edge costs, built if need be.

    The open list is a heap of the distinct priorities, each with the list of hexes waiting at
    it: float keys compare much faster than tuples, and hexes with equal priorities (common,
    as costs repeat) take one heap entry. Among equal priorities the hex queued last goes
    first, which favours the deeper hexes of a plateau. A turn's search settles a few hundred
    hexes, so what it keeps is in dictionaries, not arrays of the whole map (on the 500x500
    benchmark filling those took longer than the search)."""
    state = mover.state
    board = state.board
    start = mover.unit.hex
    neighbors = board.neighbors
    if edges is None:
        edges = mover.costs.edge_costs()
    if mover.threats:
        # [000 4.1] a Disrupted unit pays 3x for steps toward a spotted enemy: the cached costs
        # do not know that, so every step is asked, as the move itself will be
        edges = _AskEveryStep()
    elif isinstance(edges, array):
        edges = with_engineering(state, edges, SLOW)  # built bridges, gone ditches [000 7.4]
    occupied = state.stacks
    marked = _marked_overlays(state)
    minefields = state.minefields if avoid_mines else {}
    zoc = mover.zoc
    step = mover.step
    best = {start: 0.0}
    best_at = best.get
    previous: dict[int, int] = {}
    done: set[int] = set()
    settled: list[int] = []
    qs, rs = _axial(board)
    tq, tr = (qs[target], rs[target]) if target >= 0 else (0, 0)
    unit_cost = mover.lowest_step if target >= 0 else 0.0
    limit = budget + EPSILON
    keys = [0.0]
    waiting = {0.0: [start]}
    waiting_at = waiting.get
    while keys:
        key = keys[0]
        bucket = waiting[key]
        u = bucket.pop()
        if not bucket:
            heappop(keys)
            del waiting[key]
        if u in done:
            continue
        done.add(u)
        settled.append(u)
        if u == target:
            break
        spent = best[u]
        base = 6 * u
        in_zoc = zoc[u]
        for e in range(base, base + 6):
            cost = edges[e]
            if cost == INF:
                continue
            v = neighbors[e]
            if v in done:
                continue
            if cost < 0 or v in occupied or v in marked or (in_zoc and zoc[v]):
                if v in minefields and v != target:
                    continue
                taken = step(u, e - base, spent)
                if isinstance(taken, str):
                    continue
                total = spent + taken.cost
                if total > limit:
                    continue
                if taken.loss:
                    total = min(budget, total + taken.loss)
            else:
                total = spent + cost
                if total > limit:
                    continue
            if total < best_at(v, INF):
                best[v] = total
                previous[v] = u
                ahead = 0.0
                if unit_cost:
                    # The hex distance to the target, as `Hex.distance` computes it (inline:
                    # this runs for every hex the search reaches), times the cheapest step.
                    dq = qs[v] - tq
                    dr = rs[v] - tr
                    ds = dq + dr
                    if dq < 0:
                        dq = -dq
                    if dr < 0:
                        dr = -dr
                    if ds < 0:
                        ds = -ds
                    direct = unit_cost * ((dq + dr + ds) >> 1)
                    ahead = direct if direct > ahead else ahead
                key = total + ahead
                queued = waiting_at(key)
                if queued is None:
                    waiting[key] = [v]
                    heappush(keys, key)
                else:
                    queued.append(v)
    return best, previous, settled


def _between(board: Board, source: int, target: int, count: int = _SAMPLES) -> list[int]:
    """`count` hexes evenly spaced on the straight line from `source` towards `target`, the
    source first (the target left out): where the landmarks should bound a path well."""
    (c0, r0), (c1, r1) = board.offset(source), board.offset(target)
    return [
        board.index(round(c0 + (c1 - c0) * i / count), round(r0 + (r1 - r0) * i / count))
        for i in range(count)
    ]


def _a_star(
    mover: Mover, target: int, bounds: Landmarks, *, avoid_mines: bool
) -> tuple[list[float], list[int]]:
    """Cheapest costs from the unit's hex to `target` (cost by hex, previous hex by hex; exact
    for the target), by A* guided by `_ACTIVE` of the landmarks of `bounds` (those that bound
    the cost best along the straight line) and the distance bound. As `_search`, written for
    speed: the landmark terms are unrolled (the first repeated when there are fewer), so the
    heuristic of a hex is a few array reads."""
    state = mover.state
    board = state.board
    start = mover.unit.hex
    neighbors = _neighbor_list(board)
    edges = _edge_list(board, with_engineering(state, mover.costs.edge_costs(), SLOW))
    marked = _occupied_or_marked(state)
    minefields = state.minefields if avoid_mines else {}
    zoc = mover.zoc
    step = mover.step
    size = board.size
    best = [INF] * size
    previous = [-1] * size
    done = [False] * size
    picked = bounds.active(_between(board, start, target), target, _ACTIVE) or [-1]
    rows = [bounds.distances[i] if i >= 0 else array("i", [0]) * size for i in picked]
    d0, d1, d2, d3 = (rows[i % len(rows)] for i in range(4))
    t0, t1, t2, t3 = d0[target], d1[target], d2[target], d3[target]
    qs, rs = _axial_lists(board)
    tq, tr = qs[target], rs[target]
    unit_cost = mover.lowest_step
    start_bound = max(abs(d[start] - d[target]) for d in rows) * _PER_UNIT
    if unit_cost * _distance(qs, rs, start, target) < start_bound:
        unit_cost = 0.0  # the landmarks bound the cost better: the distance would only cost time
    best[start] = 0.0
    keys = [0.0]
    waiting = {0.0: [start]}
    waiting_at = waiting.get
    at = -1.0  # the key of `bucket`, kept while the queue's least key stays the same
    bucket: list[int] = []
    while keys:
        key = keys[0]
        if key != at:
            at = key
            bucket = waiting[key]
        u = bucket.pop()
        if not bucket:
            heappop(keys)
            del waiting[key]
            at = -1.0
        if done[u]:
            continue
        done[u] = True
        if u == target:
            break
        spent = best[u]
        base = 6 * u
        in_zoc = zoc[u]
        for e in range(base, base + 6):
            cost = edges[e]
            v = neighbors[e]
            if cost < 0 or marked[v] or (in_zoc and zoc[v]):
                if cost == INF or done[v] or (v in minefields and v != target):
                    continue
                taken = step(u, e - base, spent)
                if isinstance(taken, str):
                    continue
                total = spent + taken.cost + taken.loss
            else:
                # INF (no step) gives an infinite total, which the test below turns away
                total = spent + cost
            # a settled hex is never improved on (the heuristic is consistent), so asking
            # whether it is settled waits for the rare step that looks cheaper
            if total < best[v] and not done[v]:
                best[v] = total
                previous[v] = u
                units = d0[v] - t0
                if units < 0:
                    units = -units
                bound = d1[v] - t1
                if bound > units:
                    units = bound
                elif -bound > units:
                    units = -bound
                bound = d2[v] - t2
                if bound > units:
                    units = bound
                elif -bound > units:
                    units = -bound
                bound = d3[v] - t3
                if bound > units:
                    units = bound
                elif -bound > units:
                    units = -bound
                if units >= _CUT_OFF:
                    ahead = INF  # v and the target are not connected: no way on from v
                else:
                    ahead = units * _PER_UNIT
                    if unit_cost:
                        # The hex distance to the target, as `Hex.distance` computes it
                        # (inline), times the cheapest step.
                        dq = qs[v] - tq
                        dr = rs[v] - tr
                        ds = dq + dr
                        if dq < 0:
                            dq = -dq
                        if dr < 0:
                            dr = -dr
                        if ds < 0:
                            ds = -ds
                        direct = unit_cost * ((dq + dr + ds) >> 1)
                        ahead = direct if direct > ahead else ahead
                if ahead == INF:
                    continue
                # total + the larger bound: the same float as the larger of total + each,
                # since rounding keeps the order
                key = total + ahead
                queued = waiting_at(key)
                if queued is None:
                    waiting[key] = [v]
                    heappush(keys, key)
                else:
                    queued.append(v)
    return best, previous


def reachable(state: GameState, unit: UnitState) -> dict[int, Reach]:
    """Every hex the unit can end its move in this player turn, with the cheapest way there
    [000 4.9 "Reachable Hex"]: all paths within its movement points left, minefields included,
    hexes it would end over-stacked in left out (it may pass through them). The unit's own hex
    is not included. Empty when the unit cannot move."""
    mover = Mover(state, unit)
    if mover.immobile_reason() is not None:
        return {}
    # A turn's reach is small: without cached edge costs every step is asked directly, which
    # is quicker than building the array for the whole map.
    edges = mover.costs.cached_edge_costs() or _AskEveryStep()
    best, previous, settled = _search(mover, mp_left_to_move(state, unit), edges=edges)
    start = unit.hex
    paths: dict[int, tuple[int, ...]] = {start: ()}
    found: dict[int, Reach] = {}
    for index in settled:
        if index == start:
            continue
        before = previous[index]
        path = paths[before] + (index,)
        paths[index] = path
        if mover.end_problem(index) is None:
            found[index] = Reach(best[index], before, path)
    return found


def min_path(
    state: GameState, unit: UnitState, target_hex: int, *, within_allowance: bool = False
) -> Path | None:
    """The cheapest path for the unit to `target_hex` [000 4.9 "Min Path Algorithm"], avoiding
    minefields unless it is a mine clearer (the target may be one), or None when there is none
    or the unit may not end there (stacking) or not move at all.

    By default the allowance is ignored: a plan over several turns, in which a step that takes
    the whole allowance costs the allowance and may come anywhere on the path. With
    `within_allowance` the path must fit this turn's movement points left.
    """
    mover = Mover(state, unit, planning=not within_allowance)
    if mover.immobile_reason() is not None:
        return None
    start = unit.hex
    if target_hex == start:
        return Path((start,), 0.0)
    if not 0 <= target_hex < state.board.size or mover.end_problem(target_hex) is not None:
        return None
    best: dict[int, float] | list[float]
    previous: dict[int, int] | list[int]
    if within_allowance:
        # A turn's move is short: as for `reachable`, no map-wide tables are built for it
        # (the landmarks alone take a second or more on a large map); A* with the distance
        # bound is enough.
        budget = mp_left_to_move(state, unit)
        edges = mover.costs.cached_edge_costs() or _AskEveryStep()
        best, previous, _ = _search(
            mover, budget, target_hex, avoid_mines=not mover.mine_clearer, edges=edges
        )
    elif mover.works is not None:
        # Engineers' bridges make paths the landmarks (built on the map alone) do not know:
        # their bound could overestimate, so a plain search finds the path [000 7.4].
        best, previous, _ = _search(mover, INF, target_hex, avoid_mines=not mover.mine_clearer)
    else:
        bounds = landmarks(mover.costs, _zoc_factor(mover))
        if bounds.lower_bound(start, target_hex) == INF:
            return None
        best, previous = _a_star(mover, target_hex, bounds, avoid_mines=not mover.mine_clearer)
    # `_search` keeps the hexes it reached in dictionaries, `_a_star` arrays of the whole map
    cost = best.get(target_hex, INF) if isinstance(best, dict) else best[target_hex]
    if cost == INF:
        return None
    hexes = [target_hex]
    while hexes[-1] != start:
        hexes.append(previous[hexes[-1]])
    return Path(tuple(reversed(hexes)), cost)

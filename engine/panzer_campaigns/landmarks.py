"""Landmark lower bounds for the Min Path Algorithm [000 4.9]: the heuristic that lets
`engine.panzer_campaigns.pathfinding.min_path` search few hexes while its paths stay the cheapest
(the ALT
method: A*, landmarks, triangle inequality).

For one board and movement profile, every step gets a cost that it cannot undercut in any state:
its static cost (`MapCosts.edge_costs`), the cheapest way a state-dependent step could go, both
times the zone-of-control multiplier when that is below 1; an edge costs the cheaper of its two
directions, so the graph is undirected. A landmark is a stretch of the map border: the border
is cut into `landmark_count` stretches of equal length (each side in two halves on maps up to
500x500), and a landmark's distance to a hex is that of its nearest hex, one Dijkstra from all
its hexes at once. By the triangle inequality (d(L, v) <= d(L, t) + d(t, v) holds for the
nearest hex of a set L as for one hex) a path from v to t costs at least |d(L, t) - d(L, v)|,
and the bound is consistent (it changes by at most the cost of a step), so A* with it settles
each hex once and finds the cheapest path. A stretch bounds well every path heading towards
it or away from it, more paths than a single hex does: on the 500x500 benchmark map eight
stretches (of which a search reads four, `Landmarks.active`) let a path across the map to the
east border settle about half the hexes four corner-most border hexes did; between random
hexes of that map they do about as well (61.6 against 61.4 ms a path on 23 pairs).
Undirected distances serve landmarks behind the unit and behind the target alike; they lose
only the asymmetric part of a step's cost (climbing).

Distances are integers in 1/`SCALE` movement points, each step's cost rounded down, so they stay
lower bounds; a hex the graph does not connect to a landmark is `UNREACHED` from it. Building a
table takes about 0.23 s a landmark on 500x500 (2.15 s for eight), after the profile's edge
costs (0.25-0.6 s).
"""

from __future__ import annotations

import weakref
from array import array
from collections import OrderedDict
from heapq import heappop, heappush
from itertools import pairwise
from math import floor

from engine.panzer_campaigns.board import Board
from engine.panzer_campaigns.movement_costs import INF, SLOW, MapCosts, MoveProfile

SCALE = 1024
"""Lower-bound units per movement point (a power of two, so scaling a cost is exact)."""
UNREACHED = 1 << 30
"""The distance to a landmark from a hex that cannot reach it."""
_TABLES_PER_BOARD = 4
"""Landmark tables kept per board (one per profile, as `MapCosts` keeps edge costs)."""


class Landmarks:
    """Distances from a few stretches of the map border to every hex, in one profile's
    lower-bound graph."""

    def __init__(
        self, stretches: tuple[tuple[int, ...], ...], distances: tuple[array[int], ...]
    ) -> None:
        self.stretches = stretches
        """The hexes of each landmark (a single hex is a landmark too)."""
        self.distances = distances
        """Distance from each landmark (its nearest hex) to every hex, in 1/`SCALE` MP
        (`UNREACHED` if none)."""

    def lower_bound(self, source: int, target: int) -> float:
        """No path from `source` to `target` costs less (movement points); INF when the
        graph does not connect them (one reaches a landmark that the other does not).

        >>> table = Landmarks(((0,),), (array("i", [0, SCALE, 3 * SCALE, UNREACHED]),))
        >>> table.lower_bound(2, 0), table.lower_bound(1, 2), table.lower_bound(3, 1)
        (3.0, 2.0, inf)
        """
        best = 0
        for distance in self.distances:
            best = max(best, abs(distance[source] - distance[target]))
        return INF if best >= UNREACHED // 2 else best / SCALE

    def active(self, samples: list[int], target: int, count: int) -> list[int]:
        """Indexes of the `count` landmarks (or all, if fewer) that bound best, together, the
        cost from the `samples` hexes (a few hexes between a path's ends, say) to `target`:
        each next one is the landmark that raises the sum of the best bounds most."""
        chosen: list[int] = []
        best = [0] * len(samples)
        while len(chosen) < min(count, len(self.distances)):
            pick, most, raised = -1, -1, best
            for index, distance in enumerate(self.distances):
                if index in chosen:
                    continue
                at_target = distance[target]
                bounds = [
                    max(b, abs(distance[s] - at_target)) for b, s in zip(best, samples, strict=True)
                ]
                total = sum(min(b, UNREACHED) for b in bounds)
                if total > most:
                    pick, most, raised = index, total, bounds
            chosen.append(pick)
            best = raised
        return chosen


def landmark_count(hexes: int) -> int:
    """Landmarks for a map of so many hexes: 8 up to 500x500 (about 0.23 s each there), 2
    beyond, since each takes time in proportion to the map (about 1 s on 1000x1000).

    >>> landmark_count(500 * 500), landmark_count(1000 * 1000)
    (8, 2)
    """
    return 8 if hexes <= 250_000 else 2


_TABLES: weakref.WeakKeyDictionary[Board, OrderedDict[tuple[MoveProfile, float], Landmarks]] = (
    weakref.WeakKeyDictionary()
)


def landmarks(costs: MapCosts, zoc_factor: float = 1.0) -> Landmarks:
    """The landmark table of a profile's costs, steps from enemy ZOC to enemy ZOC costing at
    least `zoc_factor` times the ordinary cost (below 1 only under a ZOC multiplier below 1).
    Built on first use (about 2.2 s on a 500x500 map) and cached per board and profile."""
    cache = _TABLES.get(costs.board)
    if cache is None:
        cache = _TABLES[costs.board] = OrderedDict()
    key = (costs.profile, zoc_factor)
    found = cache.get(key)
    if found is None:
        found = cache[key] = build_landmarks(costs, zoc_factor)
        while len(cache) > _TABLES_PER_BOARD:
            cache.popitem(last=False)
    else:
        cache.move_to_end(key)
    return found


def build_landmarks(costs: MapCosts, zoc_factor: float = 1.0, count: int = 0) -> Landmarks:
    """Cut the map border into `count` stretches of equal length (`border_stretches`) and
    measure the distance from each stretch, its nearest hex, to every hex: one Dijkstra from
    all its hexes at once. `count` 0 means `landmark_count`."""
    board = costs.board
    graph = _Graph(board, lower_bound_edges(costs, zoc_factor))
    stretches = border_stretches(board, count or landmark_count(board.size))
    return Landmarks(stretches, tuple(graph.distances_from(*s) for s in stretches))


def border_stretches(board: Board, count: int) -> tuple[tuple[int, ...], ...]:
    """The border hexes in the order of `border_ring`, cut into `count` stretches of equal
    length (as near as may be): with 8, each side in two halves."""
    hexes = [board.index(c, r) for c, r in border_ring(board.width, board.height)]
    count = max(1, min(count, len(hexes)))
    cuts = [len(hexes) * i // count for i in range(count + 1)]
    return tuple(tuple(hexes[a:b]) for a, b in pairwise(cuts))


def border_ring(width: int, height: int) -> list[tuple[int, int]]:
    """(column, row) of every border hex once, round the map: along the top row from the
    top-left corner, down the right column, back along the bottom row, up the left column.

    >>> border_ring(3, 3)
    [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1)]
    >>> border_ring(2, 1), len(border_ring(500, 500))
    ([(0, 0), (1, 0)], 1996)
    """
    ring = [(c, 0) for c in range(width)]
    ring += [(width - 1, r) for r in range(1, height)]
    if height > 1:
        ring += [(c, height - 1) for c in range(width - 2, -1, -1)]
    if width > 1:
        ring += [(0, r) for r in range(height - 2, 0, -1)]
    return ring


def lower_bound_edges(costs: MapCosts, zoc_factor: float = 1.0) -> tuple[array[int], ...]:
    """For directions 0, 1 and 2 (Up, Up-right, Down-right), the lower-bound cost of the edge
    on that side of every hex, the cheaper of its two directions, in 1/`SCALE` MP; `UNREACHED`
    where no step is ever possible either way. The other three sides of a hex are the first
    three of its neighbours. Each array has one more `UNREACHED` at the end, for neighbour -1
    (off the map)."""
    board = costs.board
    edges = costs.edge_costs()
    units = {c: _units(c, zoc_factor) for c in set(edges)}
    units[SLOW] = UNREACHED
    forward = array("i", map(units.__getitem__, edges))
    for e in _slow_edges(edges):
        options = costs.options(*divmod(e, 6))
        forward[e] = _units(min(options.cross, options.road, options.whole), zoc_factor)
    padding = array("i", [UNREACHED])
    result = []
    for d in range(3):
        back = (forward[d + 3 :: 6] + padding).__getitem__
        there = map(back, board.neighbors[d::6])
        cheaper = (a if a < b else b for a, b in zip(forward[d::6], there, strict=True))
        result.append(array("i", cheaper) + padding)
    return tuple(result)


class _Graph:
    """The lower-bound graph of `lower_bound_edges` with the neighbour tables its search
    reads."""

    def __init__(self, board: Board, sides: tuple[array[int], ...]) -> None:
        self.size = board.size
        self.sides = sides
        steps = tuple(board.neighbors[d::6] for d in range(6))
        self.own_sides = tuple(zip(steps[:3], sides, strict=True))
        """(neighbour in direction d, cost by hex) for d = 0, 1, 2: indexed by the hex."""
        self.their_sides = tuple(zip(steps[3:], sides, strict=True))
        """(neighbour in direction d + 3, cost by hex) for d = 0, 1, 2: indexed by the
        neighbour, whose side d is this hex's side d + 3."""

    def distances_from(self, *sources: int) -> array[int]:
        """Dijkstra from the nearest of some hexes, with a bucket per distance (the costs are
        integers)."""
        own_sides, their_sides = self.own_sides, self.their_sides
        distance = array("i", [UNREACHED]) * self.size
        for source in sources:
            distance[source] = 0
        buckets: dict[int, list[int]] = {0: list(sources)}
        bucket_at = buckets.get
        pending = [0]
        while pending:
            at = heappop(pending)
            for u in buckets.pop(at):
                if distance[u] != at:
                    continue  # reached again more cheaply since it was put in this bucket
                for towards, cost in own_sides:
                    total = cost[u]
                    if total < UNREACHED:
                        v = towards[u]
                        total += at
                        if total < distance[v]:
                            distance[v] = total
                            bucket = bucket_at(total)
                            if bucket is None:
                                buckets[total] = [v]
                                heappush(pending, total)
                            else:
                                bucket.append(v)
                for towards, cost in their_sides:
                    v = towards[u]
                    total = cost[v]
                    if total < UNREACHED:
                        total += at
                        if total < distance[v]:
                            distance[v] = total
                            bucket = bucket_at(total)
                            if bucket is None:
                                buckets[total] = [v]
                                heappush(pending, total)
                            else:
                                bucket.append(v)
        return distance


def _units(cost: float, zoc_factor: float) -> int:
    """A cost in whole 1/`SCALE` MP, rounded down (times the ZOC factor when below 1)."""
    if cost == INF or cost < 0:
        return UNREACHED
    if zoc_factor >= 1:
        return floor(cost * SCALE)  # exact: SCALE is a power of two
    return max(0, floor(cost * SCALE * zoc_factor) - 1)  # one unit below any rounding


def _slow_edges(edges: array[float]) -> list[int]:
    """Indexes of the SLOW entries, found by searching the raw bytes (C speed)."""
    raw = edges.tobytes()
    pattern = array("d", [SLOW]).tobytes()
    size = len(pattern)
    found = []
    at = raw.find(pattern)
    while at >= 0:
        if at % size == 0:
            found.append(at // size)
            at = raw.find(pattern, at + size)
        else:
            at = raw.find(pattern, at + 1)
    return found

"""Landmark lower bounds for the Min Path Algorithm [000 4.9]: the heuristic that lets
`engine.pathfinding.min_path` search few hexes while its paths stay the cheapest (the ALT
method: A*, landmarks, triangle inequality).

For one board and movement profile, every step gets a cost that it cannot undercut in any state:
its static cost (`MapCosts.edge_costs`), the cheapest way a state-dependent step could go, both
times the zone-of-control multiplier when that is below 1; an edge costs the cheaper of its two
directions, so the graph is undirected. A few landmarks on the map border, each as far from the
others as possible, get their distance to every hex in that graph. By the triangle inequality a
path from v to t costs at least |d(L, t) - d(L, v)| for every landmark L, and the bound is
consistent (it changes by at most the cost of a step), so A* with it settles each hex once and
finds the cheapest path. Undirected distances serve landmarks behind the unit and behind the
target alike; they lose only the asymmetric part of a step's cost (climbing).

Distances are integers in 1/`SCALE` movement points, each step's cost rounded down, so they stay
lower bounds; a hex the graph does not connect to a landmark is `UNREACHED` from it.
"""

from __future__ import annotations

import weakref
from array import array
from collections import OrderedDict
from heapq import heappop, heappush
from math import floor

from engine.board import Board
from engine.movement_costs import INF, SLOW, MapCosts, MoveProfile

SCALE = 1024
"""Lower-bound units per movement point (a power of two, so scaling a cost is exact)."""
UNREACHED = 1 << 30
"""The distance to a landmark from a hex that cannot reach it."""
_FIRST_TRIES = 8
"""Border hexes tried for the first landmark before taking the best-connected one."""
_TABLES_PER_BOARD = 4
"""Landmark tables kept per board (one per profile, as `MapCosts` keeps edge costs)."""


class Landmarks:
    """Distances from a few border hexes to every hex, in one profile's lower-bound graph."""

    def __init__(self, hexes: tuple[int, ...], distances: tuple[array[int], ...]) -> None:
        self.hexes = hexes
        """The landmark hexes."""
        self.distances = distances
        """Distance from each landmark to every hex, in 1/`SCALE` MP (`UNREACHED` if none)."""

    def lower_bound(self, source: int, target: int) -> float:
        """No path from `source` to `target` costs less (movement points); INF when the
        graph does not connect them (one reaches a landmark that the other does not).

        >>> table = Landmarks((0,), (array("i", [0, SCALE, 3 * SCALE, UNREACHED]),))
        >>> table.lower_bound(2, 0), table.lower_bound(1, 2), table.lower_bound(3, 1)
        (3.0, 2.0, inf)
        """
        best = 0
        for distance in self.distances:
            best = max(best, abs(distance[source] - distance[target]))
        return INF if best >= UNREACHED // 2 else best / SCALE

    def toward(self, target: int) -> list[tuple[int, array[int]]]:
        """(distance to `target`, distances to every hex) of each landmark: the terms of the
        heuristic |d(L, t) - d(L, v)| of a search for `target`."""
        return [(d[target], d) for d in self.distances]


def landmark_count(hexes: int) -> int:
    """Landmarks for a map of so many hexes: 4 up to 500x500 (about 0.25 s each there), 2
    beyond, since each takes time in proportion to the map (about 1 s on 1000x1000).

    >>> landmark_count(500 * 500), landmark_count(1000 * 1000)
    (4, 2)
    """
    return 4 if hexes <= 250_000 else 2


_TABLES: weakref.WeakKeyDictionary[Board, OrderedDict[tuple[MoveProfile, float], Landmarks]] = (
    weakref.WeakKeyDictionary()
)


def landmarks(costs: MapCosts, zoc_factor: float = 1.0) -> Landmarks:
    """The landmark table of a profile's costs, steps from enemy ZOC to enemy ZOC costing at
    least `zoc_factor` times the ordinary cost (below 1 only under a ZOC multiplier below 1).
    Built on first use (about 1.3 s on a 500x500 map) and cached per board and profile."""
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
    """Choose `count` landmarks on the map border, farthest first, and measure their distance
    to every hex. The first is the border hex farthest from the middle of the map (a corner,
    as a rule) among those the graph connects to a quarter of the map at least; each next one
    is the border hex farthest from those already chosen. `count` 0 means `landmark_count`."""
    board = costs.board
    count = count or landmark_count(board.size)
    graph = _Graph(board, lower_bound_edges(costs, zoc_factor))
    border = [i for i in range(board.size) if -1 in board.neighbors[6 * i : 6 * i + 6]]
    grid, middle = board.grid, board.grid.hex_at(board.width // 2, board.height // 2)
    border.sort(key=lambda i: -middle.distance(grid.hex_at(*board.offset(i))))
    hexes: list[int] = []
    distances: list[array[int]] = []
    nearest: array[int] | None = None
    # The first landmark: a corner of the main land mass. Each try searches a part of the map
    # that no earlier try reached (an island, as a rule), so the tries together search it once.
    tried: list[array[int]] = []
    reached_most = 0
    for candidate in border:
        if graph.is_cut_off(candidate) or any(t[candidate] < UNREACHED for t in tried):
            continue
        found = graph.distances_from(candidate)
        tried.append(found)
        reached = len(found) - found.count(UNREACHED)
        if reached > reached_most:
            reached_most, hexes, distances, nearest = reached, [candidate], [found], found
        if 4 * reached >= board.size or len(tried) == _FIRST_TRIES:
            break
    while nearest is not None and len(hexes) < count:
        farthest = nearest
        candidates = [h for h in border if 0 < farthest[h] < UNREACHED]
        if not candidates:
            break
        landmark = max(candidates, key=lambda h: farthest[h])
        found = graph.distances_from(landmark)
        hexes.append(landmark)
        distances.append(found)
        nearest = array("i", map(min, nearest, found))
    return Landmarks(tuple(hexes), tuple(distances))


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

    def is_cut_off(self, index: int) -> bool:
        """Whether no edge of a hex can ever be crossed."""
        return all(cost[index] == UNREACHED for cost in self.sides) and all(
            cost[there[index]] == UNREACHED for there, cost in self.their_sides
        )

    def distances_from(self, source: int) -> array[int]:
        """Dijkstra from one hex, with a bucket per distance (the costs are integers)."""
        own_sides, their_sides = self.own_sides, self.their_sides
        distance = array("i", [UNREACHED]) * self.size
        distance[source] = 0
        buckets: dict[int, list[int]] = {0: [source]}
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

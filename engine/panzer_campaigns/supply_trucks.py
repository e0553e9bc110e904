"""The Virtual Supply Trucks optional rule [000 10.4]: a Local Supply Value that drops by 0.02
per movement point a motorized unit in Travel Mode would spend between the best supply source
and the hex.

The cost model is this module's own, built on the Board's motorized movement tables (the same
Parameter Data the movement code reads), so that supply never depends on the movement
module's internals:

- along a road or trail a motorized unit may use, the road class's cost per hex; railways are
  Rail Mode, not Travel Mode, and are not roads;
- otherwise the terrain cost of the hex entered plus the cost of each hexside feature crossed;
  an intact bridge carries the unit over the hexside at no extra cost, a ford adds the Parameter
  Data's ford cost instead of the river's [000 4.5];
- "Marsh and Swamp where Motorized movement is prohibited, a default movement cost of 50" [000
  10.4]; decision: the same 50 replaces the cost of any step the tables prohibit (terrain or
  hexside -1) and of ferries, hexside or full-hex, which take a unit's whole allowance [000 4.5];
- decision: elevation, ground conditions and stacking are left out ("the presence of friendly
  forces and their stacking does not affect the movement cost calculation"); enemy units and
  unnegated enemy zones of control block the path, as they block any line of communication, and
  so do the hexsides and hexes that stop ordinary supply lines
  (`engine.panzer_campaigns.supply_network`).
"""

from __future__ import annotations

from array import array
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from engine.panzer_campaigns.board import CROSSING_CODE, HEXSIDE_BIT, IMPASSABLE, Board
from engine.panzer_campaigns.supply_network import (
    FIRST_RANK,
    UNREACHED,
    SupplyNetwork,
    iter_ones,
    mask_bytes,
)
from schemas.panzer_campaigns.map import FullHexKind
from schemas.vocabulary import ConnectionKind, CrossingKind, MovementClass

PROHIBITED_COST = 50
"""MP charged for a step a motorized unit may not take [000 10.4]."""

DROP_PER_MP = 0.02
"""Supply value lost per movement point from the source [000 10.4]."""

_BRIDGES = {
    CROSSING_CODE[kind]
    for kind in (CrossingKind.LIGHT_BRIDGE, CrossingKind.MEDIUM_BRIDGE, CrossingKind.HEAVY_BRIDGE)
}
_FORD = CROSSING_CODE[CrossingKind.FORD]
_FERRY = CROSSING_CODE[CrossingKind.FERRY]
_INFINITY = 1 << 30


class TruckCosts:
    """The MP a motorized unit in Travel Mode pays for each edge of a board: `step[6 * h + d]`
    is the cost of moving from hex h to its neighbour in direction d."""

    _cache: WeakKeyDictionary[Board, TruckCosts] = WeakKeyDictionary()

    def __init__(self, board: Board, ford: int) -> None:
        self.board = board
        self.ford = ford
        tables = board.movement.get(MovementClass.MOTORIZED)
        terrain = tables.terrain if tables else (IMPASSABLE,) * len(board.terrain_ids)
        self.hexside_costs = dict(tables.hexsides) if tables else {}
        by_number = [PROHIBITED_COST if c == IMPASSABLE else c for c in terrain]
        self.enter = array("H", [by_number[t] for t in board.terrain])
        for hex_index, kind in board.full_hex.items():
            if kind is FullHexKind.FERRY:
                self.enter[hex_index] = PROHIBITED_COST
        enter = self.enter
        self.step = array("H", [enter[h] if h >= 0 else 0 for h in board.neighbors])
        for edge in iter_ones(mask_bytes(board.hexsides, 0xFFFF)):
            self.step[edge] = self.off_road(edge, bridged=True)
        self._add_roads(tables.connections if tables else {})

    def _add_roads(self, road_costs: dict[ConnectionKind, int]) -> None:
        board, step = self.board, self.step
        road = array("H", [0]) * len(step)
        for kind, masks in board.connections.items():
            cost = road_costs.get(kind)
            if kind is ConnectionKind.RAILROAD or cost is None or cost == IMPASSABLE:
                continue
            cost = max(cost, 1)
            for hex_index in iter_ones(masks.translate(bytes([0] + [1] * 255))):
                mask = masks[hex_index]
                for direction in range(6):
                    edge = 6 * hex_index + direction
                    if mask >> direction & 1 and (not road[edge] or cost < road[edge]):
                        road[edge] = cost
        for edge in iter_ones(mask_bytes(road, 0xFFFF)):
            if board.full_hex.get(board.neighbors[edge]) is not FullHexKind.FERRY:
                step[edge] = min(step[edge], road[edge])

    @classmethod
    def of(cls, board: Board, ford: int) -> TruckCosts:
        """The costs of a board (with the Parameter Data's ford cost), compiled on first use
        and kept as long as the board."""
        costs = cls._cache.get(board)
        if costs is None or costs.ford != ford:
            costs = cls._cache[board] = cls(board, ford)
        return costs

    def off_road(self, edge: int, *, bridged: bool) -> int:
        """The cost of an edge off the road, with or without the use of its bridge."""
        board = self.board
        target = board.neighbors[edge]
        if target < 0:
            return 0
        cost = self.enter[target]
        if cost == PROHIBITED_COST:
            return PROHIBITED_COST
        crossing = board.crossings[edge]
        if crossing == _FERRY:
            return PROHIBITED_COST
        if bridged and crossing in _BRIDGES:
            return cost
        mask = board.hexsides[edge]
        for kind, bit in HEXSIDE_BIT.items():
            if not mask & bit:
                continue
            extra = self.hexside_costs.get(kind, 0)
            if extra == IMPASSABLE:
                if crossing != _FORD:
                    return PROHIBITED_COST
                extra = self.ford
            cost += extra
        return min(cost, 0xFFFF)


@dataclass(slots=True)
class TruckFill:
    """Minimum-cost distances from the sources: rank of the best source per hex and the cost
    to it, offset so that one distance compares sources of different values."""

    ranks: array[int]
    distance: array[int]
    top: int
    """The highest source value; a hex's value is `top - 0.02 * distance`."""

    def rank(self, hex_index: int) -> int:
        """The rank of the source that supplies a hex (0 unreached)."""
        return self.ranks[hex_index]

    def value(self, hex_index: int) -> float:
        """The hex's Local Supply Value, never below 0 [INF, digest 6.10]."""
        if not self.ranks[hex_index]:
            return 0.0
        return max(0.0, self.top - DROP_PER_MP * self.distance[hex_index])


def truck_fill(
    network: SupplyNetwork,
    costs: TruckCosts,
    *,
    blocked_hexes: Collection[int],
    cut_edges: Collection[int],
    damaged_edges: Collection[int],
    sources: Sequence[tuple[int, int]],
    opened_edges: Collection[int] = (),
) -> TruckFill:
    """LSV(h) = max over sources (value - 0.02 x MC(source, h)) [000 10.4], as one Dijkstra
    (a bucket queue: costs are small integers) from all sources at once, each starting at
    distance 50 x (top value - its value) so that the smallest distance is the best value.

    `cut_edges` are the damaged bridges lines cannot cross, `damaged_edges` all damaged
    bridges (a damaged stream bridge still lets units cross, at the stream's cost); `sources`
    are (hex, value) pairs in rank order (the rank of the first is 2); `opened_edges` the
    engineers' bridges, crossed at the cost of the hex entered [000 7.4]."""
    size = network.size
    table = network.cut_table(cut_edges, opened_edges)
    step = costs.step
    if damaged_edges or opened_edges:
        step = step[:]
        for edge in opened_edges:
            target = network.board.neighbors[edge]
            if target >= 0:
                step[edge] = costs.enter[target]
        neighbors = network.board.neighbors
        for edge in damaged_edges:
            step[edge] = costs.off_road(edge, bridged=False)
            other = neighbors[edge]
            if other >= 0:
                back = 6 * other + (edge % 6 + 3) % 6
                step[back] = costs.off_road(back, bridged=False)
    blocked = network.blocked[:]
    for hex_index in blocked_hexes:
        blocked[hex_index] = 1
    blocked.append(1)  # index -1: off the map or a cut edge
    distance = array("i", [_INFINITY]) * size
    ranks = array("H", [UNREACHED]) * size
    top = max((value for _, value in sources), default=0)
    buckets: list[list[int]] = []
    for rank, (hex_index, value) in enumerate(sources, FIRST_RANK):
        start = round((top - value) / DROP_PER_MP)
        if blocked[hex_index] or start >= distance[hex_index]:
            continue
        distance[hex_index], ranks[hex_index] = start, rank
        while len(buckets) <= start:
            buckets.append([])
        buckets[start].append(hex_index)
    current = 0
    while current < len(buckets):
        for here in buckets[current]:
            if distance[here] != current:
                continue
            rank = ranks[here]
            base = 6 * here
            for there, cost in zip(table[base : base + 6], step[base : base + 6], strict=True):
                if blocked[there]:
                    continue
                reach = current + cost
                if reach < distance[there]:
                    distance[there], ranks[there] = reach, rank
                    while len(buckets) <= reach:
                        buckets.append([])
                    buckets[reach].append(there)
        buckets[current] = []
        current += 1
    return TruckFill(ranks, distance, top)

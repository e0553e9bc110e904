"""Supply [000 10.0-10.2, 10.4]: the Local Supply Value of every hex for a side, traced along
lines of communication to its supply sources (or to the map edge when it has none), and the
line of one hex. What a turn does with them (isolation marks, supply variations) is
`engine.panzer_campaigns.supply_turn`'s.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from engine.panzer_campaigns.board import CROSSING_CODE
from engine.panzer_campaigns.engineering.bridges import live_bridge_edges
from engine.panzer_campaigns.explicit_supply import EXPLICIT_SUPPLY_VALUE, is_explicit
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.supply_network import (
    FERRIABLE_MASK,
    FIRST_RANK,
    LOC_BLOCKING_MASK,
    Fill,
    SupplyNetwork,
)
from engine.panzer_campaigns.supply_trucks import TruckCosts, TruckFill, truck_fill
from engine.panzer_campaigns.units import UnitState
from engine.panzer_campaigns.zoc import zoc_map
from schemas.panzer_campaigns.map import FullHexKind
from schemas.panzer_campaigns.oob import EngineeringVehicle
from schemas.panzer_campaigns.scenario import Mode, SupplySource
from schemas.vocabulary import CrossingKind, OptionalRule, Side

MAX_SUPPLY = 100
"""Supply values are percentages."""

_FORD = CROSSING_CODE[CrossingKind.FORD]


@dataclass(slots=True)
class SupplyMap:
    """The Local Supply Values of one side, as computed at one moment [000 10.1].

    A hex no line of communication reaches is Isolated and its value is 0. Values are whole
    percentages except under Virtual Supply Trucks, where `exact_value` keeps the hundredths
    and `value` rounds down.
    """

    side: Side
    fill: Fill | TruckFill
    sources: tuple[tuple[str | None, int], ...]
    """(source id, value) by rank - 2; the id is None for map-edge supply."""
    naval_value: float
    """Half the side's Global value, which naval units use wherever they are [000 10.2]."""
    occupied_hexes: tuple[int, ...]
    """The hexes the side's units held when the map was computed."""
    ferried: dict[int, int] = field(default_factory=dict)
    """Hexes supplied by an engineer's ferry, each with the engineer's hex [000 10.1]."""
    naval_hexes: frozenset[int] = frozenset()
    """The occupied hexes where every unit of the side is naval."""
    explicit: bool = False
    """Explicit Supply is in force [000 10.4]: the lines only decide isolation, and every hex
    they reach has the default value of 80."""

    def _rank(self, hex_index: int) -> int:
        return self.fill.rank(self.ferried.get(hex_index, hex_index))

    @property
    def is_virtual(self) -> bool:
        """Whether the values come from Virtual Supply Trucks [000 10.4]."""
        return isinstance(self.fill, TruckFill)

    def is_isolated(self, hex_index: int) -> bool:
        """Whether no line of communication reaches the hex [000 10.1]."""
        return self._rank(hex_index) < FIRST_RANK

    def exact_value(self, hex_index: int) -> float:
        """The hex's Local Supply Value, unrounded (0.0 when isolated)."""
        rank = self._rank(hex_index)
        if rank < FIRST_RANK:
            return 0.0
        if self.explicit:
            return float(EXPLICIT_SUPPLY_VALUE)
        if isinstance(self.fill, TruckFill):
            return self.fill.value(self.ferried.get(hex_index, hex_index))
        return float(self.sources[rank - FIRST_RANK][1])

    def value(self, hex_index: int) -> int:
        """The hex's Local Supply Value in whole percent, 0 when isolated [000 10.1]."""
        return math.floor(self.exact_value(hex_index))

    def source_of(self, hex_index: int) -> str | None:
        """The id of the supply source that supplies the hex: the best one whose lines reach it
        (ties go to the first in the scenario; under Virtual Supply Trucks the one giving the
        highest value). None for map-edge supply and for isolated hexes."""
        rank = self._rank(hex_index)
        return self.sources[rank - FIRST_RANK][0] if rank >= FIRST_RANK else None

    def unit_value(self, unit: UnitState) -> float:
        """The Local Supply Value a unit's supply tests use: its hex's, or for naval units
        "half the default Global Supply Value for that side" wherever they are [000 10.2].
        Decision: "default" is read as the current Global value (after variations); partisans
        and irregulars, never Isolated, still test with their hex's value, 0 when no line
        reaches it. Under Explicit Supply every unit tests with "a default Local Supply Value
        of 80" [000 10.4]; decision: naval and Isolated units too, since isolated units do not
        run low automatically under that rule [000 10.2] and the 80 is its only value."""
        if self.explicit:
            return float(EXPLICIT_SUPPLY_VALUE)
        if unit.unit.naval:
            return self.naval_value
        return self.exact_value(unit.hex)

    def held_value(self, hex_index: int) -> int:
        """The Local Supply Value the side's units in the hex use, in whole percent: the hex's,
        or where only naval units stand, half the Global value [000 10.2] (`unit_value`), so
        that every report of a hex gives the value its units test with."""
        if hex_index in self.naval_hexes and not self.explicit:
            return math.floor(self.naval_value)
        return self.value(hex_index)

    def occupied(self) -> dict[int, int]:
        """The value of every hex the side's units held, as the "Local Supply Values" view
        shows them [000 10.1]."""
        return {hex_index: self.held_value(hex_index) for hex_index in self.occupied_hexes}

    def iter_isolated(self) -> Iterator[int]:
        """The occupied hexes that are Isolated."""
        return (h for h in self.occupied_hexes if self.is_isolated(h))

    def is_unit_isolated(self, unit: UnitState) -> bool:
        """Whether a unit of the side is Isolated where it stands: no line reaches its hex
        [000 10.1]. "Partisan units … nor can they become Isolated"; irregulars likewise
        [000 4.2]. Decision: naval units, which always draw half the Global value [000 10.2],
        are never Isolated."""
        return not unit.never_isolated and not unit.unit.naval and self.is_isolated(unit.hex)


def local_supply(state: GameState, side: Side) -> SupplyMap:
    """The Local Supply Values of `side` now, cached on the state until a unit changes.

    Code that changes what supply depends on without moving a unit (source or Global values,
    minefields, damaged bridges) must call `state.touch()`; `apply_supply_variations` does.
    """
    return state.cached(("supply", side), lambda: _compute(state, side))


def iter_sources(state: GameState, side: Side) -> Iterator[SupplySource]:
    """The side's supply sources in the scenario, whoever holds their hexes."""
    return (s for s in state.scenario.supply.sources if s.side is side)


def has_sources(state: GameState, side: Side) -> bool:
    """Whether the scenario gives the side Supply Sources; if so its units "must trace a line
    of communication to a Supply Source rather than ground edge hexes" [000 10.1]."""
    return any(True for _ in iter_sources(state, side))


def _compute(state: GameState, side: Side) -> SupplyMap:
    """Digest 6.4. Decisions:

    - [GAP] a source or edge hex must itself be passable like any hex of the line (not in an
      enemy zone of control unless a friendly unit stands there); an enemy unit on it denies it
      ("Capturing an enemy Supply Source denies its use to the owning player while it is
      occupied" [000 10.1]);
    - a side that has sources but has lost them all has no supply at all: it never falls back
      to the map edge;
    - [GAP] ties between sources of one value go to the first in the scenario file.
    - Explicit Supply [000 10.4]: "Supply Sources are retained, but only for the purpose of
      determining Isolation", and it "overrides the Virtual Supply Truck rule": the lines are
      traced as usual, without trucks, and the map reports 80 wherever they reach.
    """
    board = state.board
    network = SupplyNetwork.of(board)
    blocked = _blocked_hexes(state, side, network)
    damaged, cut = _damaged_edges(state)
    opened = _engineer_bridges(state)
    sources = sorted(
        iter_sources(state, side), key=lambda s: -state.source_values.get(s.id, s.value)
    )
    entries: tuple[tuple[str | None, int], ...] = tuple(
        (s.id, state.source_values.get(s.id, s.value)) for s in sources
    )
    fill: Fill | TruckFill
    explicit = is_explicit(state)
    if sources and not explicit and state.is_rule_on(OptionalRule.VIRTUAL_SUPPLY_TRUCKS):
        costs = TruckCosts.of(board, state.parameters.movement.ford)
        fill = truck_fill(
            network,
            costs,
            blocked_hexes=blocked,
            cut_edges=cut,
            damaged_edges=damaged,
            sources=[(board.index(*s.hex), v) for s, (_, v) in zip(sources, entries, strict=True)],
            opened_edges=opened,
        )
    elif sources:
        fill = network.trace(blocked, cut, [[board.index(*s.hex)] for s in sources], opened)
    else:
        # [000 10.1] "any map edge ground hex is essentially a Supply Source with that side's
        # Global Supply Value"
        entries = ((None, state.global_supply[side]),)
        fill = network.trace(blocked, cut, [network.edge_hexes], opened)
    held = {h: stack for h, stack in state.stacks.items() if stack[0].side is side}
    naval = frozenset(h for h, stack in held.items() if all(u.unit.naval for u in stack))
    supply = SupplyMap(
        side,
        fill,
        entries,
        state.global_supply[side] / 2,
        tuple(sorted(held)),
        naval_hexes=naval,
        explicit=explicit,
    )
    supply.ferried.update(_ferried_hexes(state, side, network, supply, blocked))
    return supply


def _blocked_hexes(state: GameState, side: Side, network: SupplyNetwork) -> set[int]:
    """Hexes no line of communication of `side` may use besides the static network [000
    10.1]: enemy units, the enemy's zone of control unless a friendly unit stands there
    ("the presence of friendly units negates enemy Zones of Control"), minefields that are not
    Penetrated (Panzer Battles has no Penetrated state, so its minefields always block
    [001 #5]) and damaged full-hex bridges. Obstacles do not block [000 4.4]. Decision: a
    minefield blocks both sides' lines, whoever laid it (the manual gives no exception)."""
    friendly: set[int] = set()
    blocked: set[int] = set()
    for hex_index, stack in state.stacks.items():
        (friendly if stack[0].side is side else blocked).add(hex_index)
    zoc = zoc_map(state, other_side(side))
    position = zoc.find(1)
    while position >= 0:
        if position not in friendly:
            blocked.add(position)
        position = zoc.find(1, position + 1)
    penetration = state.profile.penetration
    blocked.update(
        h for h, mines in state.minefields.items() if not (penetration and mines.penetrated)
    )
    full_hex = state.board.full_hex
    blocked.update(
        h for h in state.damaged_full_hex_bridges if full_hex.get(h) is FullHexKind.BRIDGE
    )
    blocked.difference_update(h for h in list(blocked) if network.blocked[h])
    return blocked


def _engineer_bridges(state: GameState) -> list[int]:
    """Both edges of every engineer's hexside bridge in use: lines cross rivers "only using
    bridges or ferries" [000 10.1], an engineer's bridge among them [000 7.4]."""
    return sorted(live_bridge_edges(state)) if state.engineering.bridges else []


def _damaged_edges(state: GameState) -> tuple[list[int], list[int]]:
    """The damaged bridge edges, and those of them on a hexside lines cannot cross without
    the bridge [000 7.4, 10.1]; a damaged-bridge overlay on an edge without a bridge, or at
    a ford, damages nothing; an engineer's bridge built over a damaged one carries lines."""
    board = state.board
    rebuilt = set(_engineer_bridges(state))
    damaged = [
        e
        for e in state.damaged_bridges
        if board.crossings[e] and board.crossings[e] != _FORD and e not in rebuilt
    ]
    cut = [e for e in damaged if board.hexsides[e] & LOC_BLOCKING_MASK]
    return damaged, cut


def can_ferry(unit: UnitState) -> bool:
    """Whether an engineer can ferry across rivers and canals now [000 7.5]: every engineer
    but the engineering vehicles, not Disrupted or Broken, not in Travel or Rail Mode.
    Decision: the "full Movement allowance" condition is not checked (supply is traced at the
    start of the turn, before any movement)."""
    static = unit.unit
    return (
        static.engineer
        and static.engineering_vehicle is EngineeringVehicle.NONE
        and not unit.disrupted
        and not unit.broken
        and unit.mode is Mode.DEPLOYED
    )


def _ferried_hexes(
    state: GameState, side: Side, network: SupplyNetwork, supply: SupplyMap, blocked: set[int]
) -> dict[int, int]:
    """Engineer Ferry Operations [000 10.1]: "supply can be traced across a river one hex if
    necessary, to supply units that would otherwise be Isolated on the other side. The supply
    resulting from this only extends a distance of one hex from the engineer unit across the
    river hex side." Decisions: the engineer stands on the supplied bank and passes its hex's
    supply to the one hex across a river or canal hexside (the hexsides engineers ferry over
    [000 7.5]); that hex must be free of enemy units and unnegated enemy ZOC; the supply goes
    no further."""
    board = state.board
    ferried: dict[int, int] = {}
    for unit in state.iter_units(side):
        here = unit.hex
        if not can_ferry(unit) or supply.is_isolated(here):
            continue
        for direction in range(6):
            edge = 6 * here + direction
            there = board.neighbors[edge]
            sides = board.hexsides[edge]
            if (
                there < 0
                or not sides & FERRIABLE_MASK
                or sides & LOC_BLOCKING_MASK & ~FERRIABLE_MASK
                or network.blocked[there]
                or there in blocked
                or there in ferried
                or not supply.fill.rank(there) < FIRST_RANK
            ):
                continue
            ferried[there] = here
    return ferried


# --- the line of one hex --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SupplyLine:
    """The line of communication that supplies one hex [000 10.1]."""

    source: str | None
    """The id of the supply source at its far end; None for map-edge supply."""
    hexes: tuple[int, ...]
    """Hex indices from the supplied hex to the source hex (or the edge hex), both included;
    every hex is adjacent to the next."""


def supply_line(state: GameState, side: Side, hex_index: int) -> SupplyLine | None:
    """The line of communication by which `side` supplies a hex now, or None when the hex is
    Isolated [000 10.1].

    The line runs only over hexes its source reached in the side's supply fill (so never
    through enemy units, unnegated enemy zones of control, minefields, water or across a
    river without a crossing or a damaged bridge) and ends at the source that `source_of` names,
    or at a map-edge hex for map-edge supply. A hex supplied by an engineer's ferry goes
    through the engineer's hex first, across the river.

    - Ordinary supply: a shortest line in hexes (A* with hex distance to the source, or to
      the nearest map edge).
    - Virtual Supply Trucks [000 10.4]: the cheapest route in truck movement points, the one
      the hex's value was computed along, followed back from the hex; should the fill's costs
      not lead back to the source (they always do unless the tables changed under it), the
      shortest line over the hexes the same source reached instead.
    """
    supply = local_supply(state, side)
    if supply.is_isolated(hex_index):
        return None
    board = state.board
    source = supply.source_of(hex_index)
    ferry_from = supply.ferried.get(hex_index)
    start = hex_index if ferry_from is None else ferry_from
    goal: int | None = None
    if source is not None:
        goal = next(board.index(*s.hex) for s in iter_sources(state, side) if s.id == source)
    damaged, cut = _damaged_edges(state)
    table = SupplyNetwork.of(board).cut_table(cut, _engineer_bridges(state))
    fill = supply.fill
    route: list[int] | None = None
    if isinstance(fill, TruckFill) and goal is not None:
        costs = TruckCosts.of(board, state.parameters.movement.ford)
        route = _truck_route(fill, costs, table, damaged, start=start, goal=goal)
    if route is None:
        route = _shortest_route(state, table, fill.rank, start, goal)
    if route is None:
        return None
    head = (hex_index,) if ferry_from is not None else ()
    return SupplyLine(source, head + tuple(route))


def _guide(state: GameState, start: int, goal: int | None) -> Callable[[int], tuple[int, int]]:
    """For A*: the hex distance from a hex index to `goal` (or to the nearest map border when
    `goal` is None: a step changes the row or the column by at most one), and, to break ties,
    the squared straight distance on the map to the goal (or to the border point nearest
    `start`), so that of the many shortest lines the one kept runs straight. The hexgrid
    arithmetic is written out: A* calls this for every hex it reaches."""
    width, height = state.board.width, state.board.height
    # Column stagger: odd columns sit half a hex lower on "odd" maps, even ones on "even" maps.
    stagger = -1 if state.board.grid.shifted == "odd" else 1
    low = 1 if stagger < 0 else 0

    def world(hex_index: int) -> tuple[int, int]:
        """Hex centre in units where a column is 3 wide and a row 2 high (y scaled by √3/2
        against x), so squared distances are x² + 3y²."""
        row, column = divmod(hex_index, width)
        return 3 * column, 2 * row + (column & 1 if low else 1 - (column & 1))

    if goal is None:
        row, column = divmod(start, width)
        border = min(
            (column, row * width),
            (width - 1 - column, row * width + width - 1),
            (row, column),
            (height - 1 - row, (height - 1) * width + column),
        )[1]
        target_x, target_y = world(border)

        def to_border(hex_index: int) -> tuple[int, int]:
            row, column = divmod(hex_index, width)
            x, y = world(hex_index)
            return (
                min(column, width - 1 - column, row, height - 1 - row),
                (x - target_x) ** 2 + 3 * (y - target_y) ** 2,
            )

        return to_border
    goal_row, goal_q = divmod(goal, width)
    goal_r = goal_row - (goal_q + stagger * (goal_q & 1)) // 2
    goal_x, goal_y = world(goal)

    def to_goal(hex_index: int) -> tuple[int, int]:
        row, q = divmod(hex_index, width)
        dq, dr = q - goal_q, row - (q + stagger * (q & 1)) // 2 - goal_r
        dy = 2 * row + (q & 1 if low else 1 - (q & 1)) - goal_y
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2, (3 * q - goal_x) ** 2 + 3 * dy * dy

    return to_goal


def _shortest_route(
    state: GameState,
    table: Sequence[int],
    rank_of: Callable[[int], int],
    start: int,
    goal: int | None,
) -> list[int] | None:
    """A* from `start` over the hexes of its rank to `goal`, or to any map-edge hex when
    `goal` is None. Each step costs 1 and the estimate never overstates, so the line found is
    a shortest one; ties go to the deeper hex (which keeps the search narrow), then to the one
    nearer the goal in a straight line."""
    rank = rank_of(start)
    guide = _guide(state, start, goal)
    best = {start: 0}
    came_from = {start: -1}
    first, straight = guide(start)
    queue = [(first, 0, straight, start)]
    while queue:
        _, negative_cost, _, here = heapq.heappop(queue)
        cost = -negative_cost
        if cost > best[here]:
            continue
        if here == goal or (goal is None and state.board.is_edge(here)):
            route = [here]
            while came_from[route[-1]] >= 0:
                route.append(came_from[route[-1]])
            route.reverse()
            return route
        reach = cost + 1
        for there in table[6 * here : 6 * here + 6]:
            if there < 0 or reach >= best.get(there, reach + 1) or rank_of(there) != rank:
                continue
            best[there] = reach
            came_from[there] = here
            estimate, straight = guide(there)
            heapq.heappush(queue, (reach + estimate, -reach, straight, there))
    return None


def _truck_route(
    fill: TruckFill,
    costs: TruckCosts,
    table: Sequence[int],
    damaged: Sequence[int],
    *,
    start: int,
    goal: int,
) -> list[int] | None:
    """Follow the truck fill's distances back from `start` to `goal`: each step goes to a hex
    of the same source from which the edge's truck cost gives exactly this hex's distance (the
    costs `truck_fill` used, damaged bridges included). None when no such step exists."""
    neighbors = costs.board.neighbors
    unbridged = set(damaged)
    unbridged.update(6 * neighbors[e] + (e % 6 + 3) % 6 for e in damaged if neighbors[e] >= 0)
    ranks, distance, step = fill.ranks, fill.distance, costs.step
    rank = ranks[start]
    route, seen, here = [start], {start}, start
    while here != goal:
        came_from = -1
        for direction in range(6):
            there = table[6 * here + direction]
            if there < 0 or there in seen or ranks[there] != rank:
                continue
            back = 6 * there + (direction + 3) % 6
            cost = costs.off_road(back, bridged=False) if back in unbridged else step[back]
            if table[back] == here and distance[there] + cost == distance[here]:
                came_from = there
                break
        if came_from < 0:
            return None
        route.append(came_from)
        seen.add(came_from)
        here = came_from
    return route

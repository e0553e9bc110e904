"""What the map makes a step cost a unit: its movement allowance, and the terrain, hexside,
crossing, road and railway, elevation, ground-condition, frozen-ground and storm costs of moving
from one hex to the next [000 4.0-4.5, 11.0]. The state-dependent rules (zones of control,
overlays, stacking) are `engine.panzer_campaigns.movement_steps`; this module knows only the map and
the weather, and so also answers whether a unit can stand on a hex at all (`is_enterable`, which
the setup checks ask without the movement machinery).

Costs are Parameter Data per movement class [000 4.0]; -1 is impassable [000 4.2]. A step costs

    (terrain of the entered hex + hexsides crossed + elevation climbed) x condition x storm

off the road, or the road class's cost per hex along a road or railway link in Travel (or Rail)
Mode [000 4.1]. Decisions where the manual is silent, each with its section:

- [000 4.2] Elevation costs `elevation_per_100m` per 100 m *climbed*, in proportion (50 m cost
  half); going down is free. Road movement pays the road cost only, whatever the slope.
- [000 11.0] Condition modifiers (in %, missing = 100) scale the terrain, hexside, ford and
  elevation costs, and road costs except along a Primary Road in Travel Mode. The storm doubles
  every Parameter Data cost, roads included, but never a cost of the whole allowance.
- [000 4.1, 4.5] A usable bridge cancels the hexside it spans; a road across a hexside without
  a usable bridge or ford pays the hexside too (and is blocked by an impassable one). In Rail
  Mode a railway link may cross any class of bridge, light ones included, since light bridges
  "may also be used to represent Railroad Bridges".
- [000 4.5] Bridge classes: "foot infantry" are units of the foot, ski and bicycle classes that
  are not towed guns (On Foot units move as foot); "armored" units, kept off medium bridges, are
  those of the tracked class and hard-target vehicles.
- [000 4.1, 4.2] Units in Rail Mode, and units of the rail movement class in any mode (armoured
  trains), move only along railway links, at the rail class's cost. A unit in Travel Mode may
  also follow a railway like a road where its class has a railroad cost.
- [000 4.5, 7.4] A full-hex bridge is entered in Travel or Rail Mode along a road or railway
  link at the link's cost, or without one at the cost of the cheapest land terrain of the class.
- Costs of "the entire movement allowance" (ferries, amphibious and commando crossings, cliffs
  for mountain units, obstacles, congestion, ZOC) are never lower than the step's ordinary cost:
  a unit that could not pay the terrain could not cross there either.
"""

from __future__ import annotations

from array import array
from collections.abc import Container
from dataclasses import dataclass, replace
from itertools import repeat
from operator import add, mul
from typing import NamedTuple

from engine.panzer_campaigns.allowance import (
    VEHICLE_CLASSES,
    is_armoured,
    is_rail_unit,
    movement_class_of,
)
from engine.panzer_campaigns.board import CROSSING_CODE, HEXSIDE_BIT, IMPASSABLE, Board
from engine.panzer_campaigns.engineering.works import EngineeredMap
from engine.panzer_campaigns.movement_board import board_facts
from engine.panzer_campaigns.stacking import is_ship, road_stacking_limit
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from engine.panzer_campaigns.weather import freezes_terrain, movement_multiplier
from schemas.panzer_campaigns.map import FullHexKind
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import (
    ConnectionKind,
    CrossingKind,
    HexsideKind,
    MovementClass,
    OptionalRule,
)

INF = float("inf")
SLOW = -1.0
"""Marks an edge in `MapCosts.edge_costs` whose cost depends on the state or the unit's
allowance (crossings, full-hex features, whole-allowance steps): ask `options` instead."""

FOOT_CLASSES = frozenset({MovementClass.FOOT, MovementClass.SKI, MovementClass.BICYCLE})
"""Classes that count as "foot infantry" for light bridges [000 4.5]."""
AMPHIBIOUS_HEXSIDES = frozenset({HexsideKind.RIVER, HexsideKind.CANAL, HexsideKind.AT_DITCH})
"""Hexsides amphibious units cross in Travel Mode; AT ditches act "as Canals do" [000 4.2, 4.4]."""

_BRIDGES = {
    CROSSING_CODE[CrossingKind.LIGHT_BRIDGE]: CrossingKind.LIGHT_BRIDGE,
    CROSSING_CODE[CrossingKind.MEDIUM_BRIDGE]: CrossingKind.MEDIUM_BRIDGE,
    CROSSING_CODE[CrossingKind.HEAVY_BRIDGE]: CrossingKind.HEAVY_BRIDGE,
}
_HEAVY_BRIDGE = CROSSING_CODE[CrossingKind.HEAVY_BRIDGE]
_FORD = CROSSING_CODE[CrossingKind.FORD]
_FERRY = CROSSING_CODE[CrossingKind.FERRY]


@dataclass(frozen=True, slots=True)
class MoveProfile:
    """Everything about a unit and the weather that the map's costs depend on; units with the
    same profile pay the same static costs, so it keys the cached edge costs."""

    movement_class: MovementClass
    mode: Mode
    scale: float
    """Condition modifier x storm on Parameter Data costs."""
    primary_scale: float
    """The same along a Primary Road in Travel Mode: the storm only [000 11.0]."""
    climb_factor: float
    """MP per metre climbed [000 4.2]."""
    ford: float
    frozen: bool
    vehicle: bool
    light_bridge: bool
    medium_bridge: bool
    road_rate: bool
    """Within the Road Stacking Limit on its own, so it may move at the road rate [000 3.3]."""
    rail_links_only: bool
    commando: bool
    mountain: bool
    amphibious: bool
    """Crosses rivers and canals in Travel Mode for its whole allowance [000 4.2]."""
    amphibious_water: bool
    """Enters and leaves water hexes for its whole allowance (Amphibious optional rule)."""
    naval: bool

    @classmethod
    def of(cls, state: GameState, unit: UnitState) -> MoveProfile:
        """The profile of a unit in the current weather."""
        static = unit.unit
        movement_class = movement_class_of(unit)
        condition = state.weather.condition
        movement = state.parameters.movement
        storm = float(movement_multiplier(state.weather.storm))
        # A modifier of 0% or less would make movement free (and INF x 0 undefined): 1% at least.
        percent = max(1, movement.condition_modifiers.get(condition, {}).get(movement_class, 100))
        travel = unit.mode is Mode.TRAVEL
        amphibious = static.amphibious and travel
        return cls(
            movement_class=movement_class,
            mode=unit.mode,
            scale=percent / 100 * storm,
            primary_scale=storm if travel else percent / 100 * storm,
            climb_factor=movement.elevation_per_100m / 100 * (0.5 if static.mountain else 1),
            ford=float(movement.ford),
            frozen=freezes_terrain(condition),
            vehicle=movement_class in VEHICLE_CLASSES,
            light_bridge=movement_class in FOOT_CLASSES and not static.towed,
            medium_bridge=not is_armoured(unit),
            road_rate=unit.men_equivalent <= road_stacking_limit(state, unit.side),
            rail_links_only=unit.mode is Mode.RAIL or movement_class is MovementClass.RAIL,
            commando=static.commando,
            mountain=static.mountain,
            amphibious=amphibious,
            amphibious_water=amphibious and state.is_rule_on(OptionalRule.AMPHIBIOUS),
            naval=is_ship(unit),
        )


class StepOptions(NamedTuple):
    """The ways a step may be taken as far as the map is concerned (INF = not this way)."""

    cross: float
    """Off-road cost."""
    road: float
    """Cost along a road or railway link at the road rate."""
    whole: float
    """Lowest cost of a step that takes the whole allowance (INF = none): max(this, MA)."""
    ferry: bool = False
    """The whole-allowance step crosses a hexside ferry: one unit per turn [000 4.5]."""
    full_hex_ferry: bool = False
    """The whole-allowance step enters a full-hex ferry [000 4.5]."""
    bridge: bool = False
    """The step crosses a usable hexside bridge (Forced Bridge Movement) [000 4.5]."""
    reason: str = ""
    """Why the step is impossible, when it is."""

    @property
    def is_possible(self) -> bool:
        """Whether the map allows the step some way."""
        return self.cross < INF or self.road < INF or self.whole < INF


def _blocked(reason: str) -> StepOptions:
    return StepOptions(INF, INF, INF, reason=reason)


# --- the costs of one profile ------------------------------------------------------------------


class MapCosts:
    """The static cost of every step for one `MoveProfile` on one board."""

    def __init__(self, board: Board, profile: MoveProfile) -> None:
        self.board = board
        self.profile = profile
        self.facts = facts = board_facts(board)
        tables = board.movement.get(profile.movement_class)
        self.tables = tables
        legend = [board.legend[terrain_id] for terrain_id in board.terrain_ids]
        self.legend = legend
        self.class_name = profile.movement_class.value
        substitute = facts.frozen_number if profile.frozen else tuple(range(len(legend)))
        self.terrain_of = substitute
        entry: list[float] = []
        for number in range(len(legend)):
            cost = tables.terrain[substitute[number]] if tables is not None else IMPASSABLE
            road_only = profile.vehicle and legend[substitute[number]].vehicles_road_only
            usable = cost != IMPASSABLE and not road_only and not profile.rail_links_only
            entry.append(float(cost) if usable else INF)
        self.entry = entry
        """Off-road cost to enter a hex, by terrain number, before condition and storm."""
        land = [c for n, c in enumerate(entry) if n not in facts.water_numbers]
        self.cheapest_land = min(land, default=INF)
        self.hexside_cost = {
            bit: float(tables.hexsides.get(kind, 0)) if tables is not None else 0.0
            for kind, bit in HEXSIDE_BIT.items()
        }
        self.links = self._links()
        """(kind, direction masks, scaled cost) of each road or railway class it may follow."""
        lows = [c * profile.scale for c in entry if c < INF] + [c for _, _, c in self.links]
        self.lowest_step = min(lows, default=INF)
        """No step costs less: the admissible unit of path-finding heuristics."""
        self._memo = facts.options_of(profile)

    def _links(self) -> list[tuple[ConnectionKind, bytearray, float]]:
        profile, board = self.profile, self.board
        if profile.naval or not profile.road_rate:
            return []
        if profile.rail_links_only:
            rail = board.movement.get(MovementClass.RAIL)
            cost = rail.connections.get(ConnectionKind.RAILROAD, IMPASSABLE) if rail else -1
            masks = board.connections.get(ConnectionKind.RAILROAD)
            if cost == IMPASSABLE or masks is None:
                return []
            return [(ConnectionKind.RAILROAD, masks, cost * profile.scale)]
        if profile.mode is not Mode.TRAVEL or self.tables is None:
            return []  # "Roads have no effect on units that are not in Travel Mode" [000 4.1]
        links = []
        for kind, cost in self.tables.connections.items():
            masks = board.connections.get(kind)
            if cost == IMPASSABLE or masks is None:
                continue
            scale = profile.primary_scale if kind is ConnectionKind.PRIMARY_ROAD else profile.scale
            links.append((kind, masks, cost * scale))
        return links

    # --- one step -------------------------------------------------------------------------------

    def terrain_name(self, index: int) -> str:
        """The name of a hex's terrain (as it counts now, frozen or not)."""
        return self.legend[self.terrain_of[self.board.terrain[index]]].name

    def must_leave_by_road(self, index: int) -> bool:
        """Whether a unit standing here came in by road and "must also leave the terrain using
        the road" [000 4.1]: land it could not enter off the road."""
        number = self.board.terrain[index]
        return self.entry[number] == INF and number not in self.facts.water_numbers

    def options(
        self,
        u: int,
        d: int,
        damaged: Container[int] = (),
        damaged_full_hex: Container[int] = (),
        works: EngineeredMap | None = None,
    ) -> StepOptions:
        """The ways to step from hex `u` in direction `d`, given the damaged bridges: edges
        (`GameState.damaged_bridges`) and full-hex bridge hexes, and what engineers changed
        (`works`): built bridges are Heavy bridges, pontoon bridges full-hex bridges,
        destroyed AT ditches gone [000 7.4]. Remembered per board and profile
        (`BoardFacts.options_of`) for steps whose bridges are not damaged while no engineer's
        work stands: a new argument from the game's state must keep its steps out of the memo
        (`plain`)."""
        e = 6 * u + d
        plain = (
            works is None and e not in damaged and self.board.neighbors[e] not in damaged_full_hex
        )
        if plain:
            found = self._memo.get(e)
            if found is not None:
                return found
        found = self._options(u, d, damaged, damaged_full_hex, works)
        if plain:
            self._memo[e] = found
        return found

    def _options(
        self,
        u: int,
        d: int,
        damaged: Container[int],
        damaged_full_hex: Container[int],
        works: EngineeredMap | None,
    ) -> StepOptions:
        board, facts, profile = self.board, self.facts, self.profile
        e = 6 * u + d
        v = board.neighbors[e]
        if v < 0:
            return _blocked("it is off the map")
        if profile.naval:
            return self._naval(e, v)
        water = facts.water_numbers
        number = board.terrain[v]
        full = board.full_hex.get(v) if number in water else None
        in_open_water = board.terrain[u] in water and u not in board.full_hex
        mask, crossing = board.hexsides[e], board.crossings[e]
        if works is not None:
            if v in works.pontoons and number in water:
                full = FullHexKind.BRIDGE
            in_open_water = in_open_water and u not in works.pontoons
            if e in works.ditches:
                mask &= ~HEXSIDE_BIT[HexsideKind.AT_DITCH]
            if e in works.bridges:
                crossing = _HEAVY_BRIDGE
                damaged = ()
        climb = max(0, board.elevation[v] - board.elevation[u]) * profile.climb_factor
        scale = profile.scale
        entry = self.entry[number]
        # The hexside: its cost, and what blocks it unless a crossing or a special unit helps.
        side = 0.0
        blocking: list[HexsideKind] = []
        if mask:
            for kind, bit in HEXSIDE_BIT.items():
                if mask & bit:
                    cost = self.hexside_cost[bit]
                    if cost < 0:
                        blocking.append(kind)
                    else:
                        side += cost
        bridge_kind = _BRIDGES.get(crossing)
        bridge_reason = (
            "" if bridge_kind is None else self._bridge_problem(bridge_kind, e in damaged)
        )
        bridge = bridge_kind is not None and not bridge_reason
        ford = crossing == _FORD and profile.mode is Mode.TRAVEL
        cross_side = 0.0 if bridge else side
        cross_blocked = bool(blocking) and not bridge
        if ford and not bridge:
            cross_side = profile.ford if cross_blocked else min(side, profile.ford)
            cross_blocked = False
        # Off the road.
        cross, whole, reason = INF, INF, ""
        if in_open_water:
            reason = "only amphibious units leave open water (Amphibious optional rule) [000 4.2]"
            if profile.amphibious_water and number not in water and entry < INF:
                whole = (entry + climb) * scale
        elif self.must_leave_by_road(u):
            reason = (
                f"a unit that came into {self.terrain_name(u)} by road must leave it by road "
                "[000 4.1]"
            )
        elif full is not None:
            cross, whole, reason = self._full_hex(full, v in damaged_full_hex, scale)
        elif entry == INF:
            reason = self._terrain_problem(v)
            if profile.amphibious_water and number in water:
                whole = self.cheapest_land * scale
        elif cross_blocked:
            reason = self._hexside_problem(blocking, bridge_kind, bridge_reason, crossing)
            whole = self._whole_crossing(blocking, crossing, (entry + side + climb) * scale)
        else:
            cross = (entry + cross_side + climb) * scale
        # Along a road or railway.
        road = INF
        for _kind, masks, cost in self.links:
            if masks[u] >> d & 1 and cost < road:
                road = cost
        if road < INF and mask and not (bridge or ford):
            if blocking:
                road = INF
                reason = self._hexside_problem(blocking, bridge_kind, bridge_reason, crossing)
            else:
                road += side * scale
        if road < INF and full is not None and (full is FullHexKind.FERRY or v in damaged_full_hex):
            road = INF  # a ferry takes the whole allowance, road or not; a blown bridge is gone
        options = StepOptions(
            cross,
            road,
            whole,
            ferry=whole < INF and crossing == _FERRY,
            full_hex_ferry=whole < INF and full is FullHexKind.FERRY,
            bridge=bridge,
        )
        if not options.is_possible:
            return options._replace(reason=reason or self._terrain_problem(v))
        return options

    def _naval(self, e: int, v: int) -> StepOptions:
        """Ships move water to water, never next to land, never across hexside features such as
        dikes [000 4.2]."""
        if self.board.hexsides[e]:
            return _blocked("ships cannot cross hexside features such as dikes [000 4.2]")
        entry = self.entry[self.board.terrain[v]]
        if entry == INF or not self.facts.deep[v]:
            return _blocked("ships move only on open water, never next to land [000 4.2]")
        return StepOptions(entry * self.profile.scale, INF, INF)

    def _full_hex(self, kind: FullHexKind, damaged: bool, scale: float) -> tuple[float, float, str]:
        """(off-road cost, whole-allowance floor, reason) of entering a full-hex feature."""
        mode = self.profile.mode
        if kind is FullHexKind.FERRY:
            if mode is not Mode.TRAVEL:
                return INF, INF, "a full-hex ferry carries only units in Travel Mode [000 4.5]"
            return INF, self.cheapest_land * scale, ""
        if damaged:
            return INF, INF, "the full-hex bridge is damaged"
        if mode is Mode.DEPLOYED:
            return INF, INF, "bridges can be used only in Travel or Rail Mode [000 4.1]"
        if mode is Mode.RAIL:
            return INF, INF, "units in Rail Mode move only along railways [000 4.1]"
        return self.cheapest_land * scale, INF, ""

    def _whole_crossing(self, blocking: list[HexsideKind], crossing: int, floor: float) -> float:
        """The floor of a whole-allowance crossing of an impassable hexside, or INF [000 4.2, 4.5]:
        a hexside ferry in Travel Mode, commandos anywhere, mountain units over cliffs,
        amphibious units in Travel Mode over rivers and canals."""
        profile = self.profile
        if (
            (crossing == _FERRY and profile.mode is Mode.TRAVEL)
            or profile.commando
            or (profile.mountain and all(k is HexsideKind.CLIFF for k in blocking))
            or (profile.amphibious and all(k in AMPHIBIOUS_HEXSIDES for k in blocking))
        ):
            return floor
        return INF

    def _bridge_problem(self, kind: CrossingKind, damaged: bool) -> str:
        """Why this unit may not use a bridge of `kind`, or "" [000 4.1, 4.5]."""
        profile = self.profile
        name = kind.value.replace("_", " ")
        if damaged:
            return f"the {name} is damaged"
        if profile.mode is Mode.DEPLOYED:
            return "bridges can be used only in Travel or Rail Mode [000 4.1]"
        if profile.mode is Mode.RAIL:
            return ""
        if kind is CrossingKind.LIGHT_BRIDGE and not profile.light_bridge:
            return "a light bridge carries only foot infantry [000 4.5]"
        if kind is CrossingKind.MEDIUM_BRIDGE and not profile.medium_bridge:
            return "a medium bridge does not carry armoured units [000 4.5]"
        return ""

    def _hexside_problem(
        self, blocking: list[HexsideKind], bridge: CrossingKind | None, why: str, crossing: int
    ) -> str:
        names = " and ".join(k.value.replace("_", " ") for k in blocking)
        text = f"the {names} hexside is impassable for {self.class_name} units"
        if bridge is not None:
            return f"{text}, and {why}"
        if crossing == _FORD:
            return f"{text}; fords can be crossed only in Travel Mode [000 4.5]"
        if crossing == _FERRY:
            return f"{text}; ferries carry only units in Travel Mode [000 4.5]"
        return f"{text} [000 4.2]"

    def _terrain_problem(self, v: int) -> str:
        profile = self.profile
        name = self.terrain_name(v)
        if profile.rail_links_only:
            return "units in Rail Mode and rail units move only along railways [000 4.1, 4.2]"
        legend = self.legend[self.terrain_of[self.board.terrain[v]]]
        if profile.vehicle and legend.vehicles_road_only:
            return f"vehicles may enter {name} only along a road in Travel Mode [000 4.1]"
        return f"{name} is impassable for {self.class_name} units [000 4.2]"

    # --- every step at once ---------------------------------------------------------------------

    def cached_edge_costs(self) -> array[float] | None:
        """`edge_costs` if already built for this profile, else None (building takes a few
        tenths of a second on a 500x500 map; small searches do without)."""
        costs = self.facts.edge_cache.get(self.profile)
        if costs is not None:
            self.facts.edge_cache.move_to_end(self.profile)
        return costs

    def edge_costs(self) -> array[float]:
        """The static cost of every edge `6 * hex + direction`: INF where the map forbids the step,
        SLOW where it depends on the state or the allowance (see `options`), else the cheaper of
        the off-road and road costs. Built once per board and profile (cached)."""
        cache = self.facts.edge_cache
        costs = cache.get(self.profile)
        if costs is None:
            costs = self._build_edge_costs()
            cache[self.profile] = costs
            while len(cache) > self.facts.edge_cache_size:
                cache.popitem(last=False)
        else:
            cache.move_to_end(self.profile)
        return costs

    def _build_edge_costs(self) -> array[float]:
        board, facts, profile = self.board, self.facts, self.profile
        if profile.rail_links_only:
            # Nothing but the railway: every other step is impossible.
            edges = array("d", [INF]) * (6 * board.size)
            self._ask(edges, {e for kind, _, _ in self.links for e in facts.link_edges(kind)})
            return edges
        by_hex = list(map(self.entry.__getitem__, board.terrain))
        if profile.naval:
            deep = facts.deep
            by_hex = [cost if deep[i] else INF for i, cost in enumerate(by_hex)]
        by_hex.append(INF)  # index -1: off the map
        costs = map(by_hex.__getitem__, board.neighbors)
        if profile.climb_factor and not profile.naval:
            costs = map(add, costs, map(mul, facts.climbs, repeat(profile.climb_factor)))
        if profile.scale != 1:
            costs = map(mul, costs, repeat(profile.scale))
        edges = array("d", costs)
        if not profile.naval:
            # Land entered only by road is left only by road [000 4.1]: its link edges are
            # asked below, every other step out of it is impossible.
            blocked = array("d", [INF]) * 6
            for number, cost in enumerate(self.entry):
                if cost == INF and number not in facts.water_numbers:
                    for index in facts.hexes_of(number):
                        edges[6 * index : 6 * index + 6] = blocked
        self._ask(edges, self._edges_to_ask())
        return edges

    def _ask(self, edges: array[float], asked: set[int]) -> None:
        """Fill in the edges whose cost `options` must work out."""
        board, water = self.board, self.facts.water_numbers
        for e in asked:
            v = board.neighbors[e]
            if v < 0:
                continue
            found = self._options(*divmod(e, 6), (), (), None)  # the whole map: not remembered
            dynamic = board.crossings[e] or (v in board.full_hex and board.terrain[v] in water)
            if found.whole < INF or (dynamic and found.is_possible):
                edges[e] = SLOW
            else:
                edges[e] = min(found.cross, found.road)

    def _edges_to_ask(self) -> set[int]:
        """Edges whose cost is more than the entered hex's terrain and the climb: hexsides and
        crossings, road links, full-hex features, and steps into and out of water."""
        board, facts, profile = self.board, self.facts, self.profile
        edges = set(facts.feature_edges)
        for kind, _masks, _cost in self.links:
            edges.update(facts.link_edges(kind))
        if profile.naval:
            return edges
        neighbors = board.neighbors
        for index in board.full_hex:
            edges.update(
                6 * o + (d + 3) % 6 for d in range(6) if (o := neighbors[6 * index + d]) >= 0
            )
        for number in facts.water_numbers:
            for index in facts.hexes_of(number):
                edges.update(range(6 * index, 6 * index + 6))
                if profile.amphibious_water:
                    edges.update(
                        6 * other + (d + 3) % 6
                        for d in range(6)
                        if (other := neighbors[6 * index + d]) >= 0
                    )
        return edges


def map_costs(state: GameState, unit: UnitState) -> MapCosts:
    """The static costs of `unit` on the state's board in the current weather."""
    return MapCosts(state.board, MoveProfile.of(state, unit))


# --- standing on a hex -------------------------------------------------------------------------


def is_enterable(state: GameState, unit: UnitState, hex_index: int) -> bool:
    """Whether the unit could stand on a hex in some mode it may use, in the current weather:
    terrain its class may enter, a road or railway it may follow through road-only or
    impassable land, a full-hex bridge or ferry, open water for ships and (under the Amphibious
    optional rule) amphibious units, a railway for rail units [000 4.1, 4.2, 4.5]. For the
    setup checks ("units in impassable terrain", "arrival hex impassable")."""
    static = unit.unit
    if static.air is not None:
        return True
    board = state.board
    if not 0 <= hex_index < board.size:
        return False
    rail = board.connections.get(ConnectionKind.RAILROAD)
    on_rail = rail is not None and bool(rail[hex_index])
    if is_rail_unit(unit):
        return on_rail
    travel = Mode.DEPLOYED if is_ship(unit) else Mode.TRAVEL
    costs = MapCosts(board, MoveProfile.of(state, replace(unit, mode=travel)))
    number = board.terrain[hex_index]
    if costs.entry[number] < INF:
        return True
    if is_ship(unit):
        return False
    if number in costs.facts.water_numbers:
        return hex_index in board.full_hex or (
            static.amphibious and state.is_rule_on(OptionalRule.AMPHIBIOUS)
        )
    return on_rail or any(masks[hex_index] for _kind, masks, _cost in costs.links)

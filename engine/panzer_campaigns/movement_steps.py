"""One unit's steps in the current state: the map's costs (`engine.panzer_campaigns.movement_costs`)
with the rules
that depend on where the other units are and what the scenario laid on the map - zones of
control, enemy and friendly hexes, rubble, obstacles, congestion, minefields, damaged bridges,
ferries and the road stacking limit [000 4.1-4.5].

Decisions where the manual is silent, each with its section:

- [000 4.4] ZOC to ZOC: case 1 (Locking ZOC) forbids the step; case 2 (multiplier 0) allows it
  only into a friendly-held hex, for the whole allowance; case 3 multiplies the ordinary cost.
  Commando, irregular and partisan units may always move ZOC to ZOC for the whole allowance
  (stated for irregulars [000 4.2]; the digest's default for the other two), or by the ordinary
  case-3 rule when that is cheaper. Forced Bridge Movement [000 4.5] (Panzer Campaigns only) lets
  a unit in Travel Mode that is neither Disrupted nor Broken and has not moved this turn cross a
  hexside bridge ZOC to ZOC for its whole allowance. Full-hex bridges are never ZOC-blocked
  [000 7.4], nor are pontoon bridges.
- A cost of "the entire movement allowance" can be paid only by a unit that has spent no
  movement points this turn: the manual says so for ferries [000 4.5], and a unit that has
  spent some has less than its allowance left. In multi-turn planning (`planning=True`) such
  steps are allowed anywhere on a path: the unit would take them at the start of a turn.
- [000 4.4] Rubble triples the cost of entering its hex; uncleared RUBBLE forbids entering it at
  the road rate. Unpenetrated obstacles (always, in Panzer Battles [001 #5]) cost the whole
  allowance (half of it in Shallow Water [001 #26]); penetrated ones cost deployed units a
  quarter of the allowance more and forbid the road rate. Congestion costs the affected side
  the whole allowance.
- [000 4.4, 7.3] Entering a minefield of strength S costs nothing more but then takes S/3 of
  the allowance (half in Shallow Water), never more than the unit has left; engineers and mine
  clearers instead pay 1/3 of the allowance to enter and suffer no attack. Units in Travel Mode
  enter through the lanes a clearer keeps open without an attack [000 7.3].
- [000 7.4] Engineers' bridges, pontoons and destroyed AT ditches change the steps
  (`engine.panzer_campaigns.engineering.movement`); an engineer maintaining a bridge moves only
  across it.
- [000 3.3] The road rate into a hex needs the men-equivalents already there (ships aside; in
  Rail Mode those in Rail Mode) plus the mover's within the Road Stacking Limit.
- [000 4.5] A hexside ferry carries one unit per player turn; "un-Combined" is not checked (the
  engine has no combined units).
- [000 4.1] "A Disrupted unit takes 3 times the normal movement cost to move closer to a spotted
  enemy unit": a step that brings it nearer (in hexes) to the nearest enemy unit its side sees,
  in detail or as Unknown (`engine.panzer_campaigns.spotting`), costs three times the ordinary cost;
  steps that
  cost the whole allowance are not multiplied.
- [000 4.1, 4.2, 4.3] Night movement disruption, vehicle breakdown and deception effects are
  random: `engine.panzer_campaigns.movement_walk` rolls them
  (`engine.panzer_campaigns.march_attrition`, `engine.panzer_campaigns.deception`).
- [000 4.0] No step is allowed beyond the points left: the manual has no "a unit may always
  move one hex" rule, so none is added.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.panzer_campaigns.allowance import (
    is_armoured_train,
    is_rail_unit,
    movement_allowance,
    needs_travel_mode_to_move,
)
from engine.panzer_campaigns.engineering.movement import engineered_map, has_lanes, maintained_edges
from engine.panzer_campaigns.movement_costs import INF, MapCosts, MoveProfile, StepOptions
from engine.panzer_campaigns.spotting import spotted_by
from engine.panzer_campaigns.stacking import (
    over_stacking_on_arrival,
    road_stack_in,
    road_stacking_limit,
)
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState
from engine.panzer_campaigns.zoc import known_zoc_map, zoc_map
from schemas.panzer_campaigns.map import FullHexKind
from schemas.panzer_campaigns.oob import EngineeringVehicle
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import OptionalRule

EPSILON = 1e-9
"""Slack when comparing a cost with the movement points left (sums of fractions)."""


class IllegalMove(ValueError):
    """A move or mode change the rules forbid; the message names the unit, the hex as
    (column, row) and the reason, with the manual's section."""


class Step(NamedTuple):
    """What one step takes from a unit."""

    cost: float
    """Movement points the unit must have left to take the step."""
    loss: float = 0.0
    """Movement points lost after entering (a minefield attack), at most what is left."""
    ferry: bool = False
    """The step used a hexside ferry, which then carries nobody else this turn."""
    road: bool = False
    """The step went along a road or railway at the road (or rail) rate [000 4.1]."""


def describe(unit: UnitState) -> str:
    """How messages name a unit: its id and name."""
    name = unit.unit.name
    return f"{unit.id} ({name})" if name and name != unit.id else unit.id


def is_mine_clearer(unit: UnitState) -> bool:
    """Engineers and units with Mine Clear or Demolition, or mine flails [000 4.4, 7.1, 7.3]."""
    static = unit.unit
    return (
        static.engineer
        or static.mine_clear
        or static.demolition
        or static.engineering_vehicle is EngineeringVehicle.MINE_FLAIL
    )


class Mover:
    """The movement rules of one unit in the current state, step by step."""

    def __init__(
        self,
        state: GameState,
        unit: UnitState,
        *,
        planning: bool = False,
        knowing: bool | None = None,
    ) -> None:
        self.state = state
        self.unit = unit
        self.planning = planning
        self.costs = MapCosts(state.board, MoveProfile.of(state, unit))
        self.profile = self.costs.profile
        self.allowance = movement_allowance(state, unit)
        self.spent_before = 0.0 if planning else unit.mp_spent
        self.side = unit.side
        self.knowing = state.options.fog_of_war if knowing is None else knowing
        """Whether steps see the enemy as the unit's side knows it (Fog of War), not as it is."""
        self.seen_hexes: frozenset[int] = frozenset()
        if self.knowing:
            self.seen_hexes = frozenset(s.hex for s in spotted_by(state, unit.side).values())
            self.zoc = known_zoc_map(state, unit.side)
        else:
            self.zoc = zoc_map(state, other_side(unit.side))
        static = unit.unit
        movement = state.parameters.movement
        self.locking = state.is_rule_on(OptionalRule.LOCKING_ZOC)
        self.zoc_multiplier = movement.zoc_multiplier
        self.zoc_exempt = static.commando or static.irregular or static.partisan
        sound = not unit.disrupted and not unit.broken
        self.can_force_bridges = (
            state.profile.forced_bridge_movement and unit.mode is Mode.TRAVEL and sound
        )
        self.can_ferry = unit.mode is Mode.TRAVEL and sound
        self.mine_clearer = is_mine_clearer(unit)
        congestion_side = state.parameters.obstacles.congestion_side
        self.congested = congestion_side in ("both", unit.side)
        self.road_limit = road_stacking_limit(state, unit.side)
        self.own = unit.men_equivalent
        self.turn_key = (state.turn, state.player_turn)
        self.threats = (
            [state.board.hex_of(s.hex) for s in spotted_by(state, unit.side).values()]
            if unit.disrupted and not planning
            else []
        )
        self._nearest: dict[int, int] = {}
        self.works = engineered_map(state)
        """Built bridges, pontoons, destroyed AT ditches [000 7.4]; None when there are none."""
        self.own_bridge = maintained_edges(state, unit)
        """A maintaining engineer's own bridge: the only way it may move [000 7.4]."""

    @property
    def lowest_step(self) -> float:
        """No step costs less: the unit of the path-finding heuristic (admissible)."""
        lowest = self.costs.lowest_step
        if 0 < self.zoc_multiplier < 1 and not self.locking:
            lowest *= self.zoc_multiplier
        return lowest if lowest < INF else 0.0

    def immobile_reason(self) -> str | None:
        """Why the unit cannot move at all now, or None [000 4.1, 4.2, 4.6]."""
        unit, static = self.unit, self.unit.unit
        if not unit.on_map:
            return "it is not on the map"
        if static.air is not None:
            return "air units do not move on the map [000 8.0]"
        if unit.fixed:
            return "it is Fixed [000 4.6]"
        if static.speed == 0:
            return "it is immobile (speed 0) [000 4.6]"
        if needs_travel_mode_to_move(unit) and unit.mode is Mode.DEPLOYED:
            return "towed guns must be in Travel or Rail Mode to move [000 4.1]"
        if is_rail_unit(unit) and not is_armoured_train(unit) and unit.mode is not Mode.RAIL:
            return "rail units move only in Rail Mode [000 4.2]"
        return None

    def end_problem(self, hex_index: int) -> str | None:
        """Why the unit may not end its move on a hex (stacking), or None [000 3.3]."""
        return over_stacking_on_arrival(self.state, self.unit, hex_index)

    def step(self, u: int, d: int, spent: float) -> Step | str:
        """The step from hex `u` in direction `d` after spending `spent` MP on this move, or
        why it is not allowed. Affordability is the caller's business (`Step.cost`)."""
        state = self.state
        board = state.board
        v = board.neighbors[6 * u + d]
        if v < 0:
            return "it is off the map"
        stack = state.stacks.get(v)
        if stack and stack[0].side is not self.side:
            if not self.knowing or v in self.seen_hexes:
                return "enemy units hold it"
            stack = None  # unseen: the side plans through it as through an empty hex
        if self.own_bridge is not None and 6 * u + d not in self.own_bridge:
            return "it maintains a bridge (Has Bridge): dismantle or abandon it first [000 7.4]"
        options = self.costs.options(
            u, d, state.damaged_bridges, state.damaged_full_hex_bridges, self.works
        )
        if not options.is_possible:
            return options.reason
        fresh = self.planning or self.spent_before + spent == 0
        allowance = self.allowance
        road, whole = options.road, options.whole
        rubble = state.rubble.get(v)
        obstacle = state.obstacles.get(v)
        penetrated = obstacle is True and state.profile.penetration
        why = ""
        if road < INF:
            if rubble is False:
                road, why = INF, "uncleared RUBBLE allows no road movement [000 4.4]"
            elif penetrated:
                road, why = (
                    INF,
                    "a penetrated obstacle cannot be entered at the road rate [000 4.4]",
                )
            elif self.profile.rail_links_only and v in state.rail_damage:
                road, why = INF, "the railway there is damaged [000 4.4]"
            elif stack and self._road_stack(v) + self.own > self.road_limit:
                road, why = INF, self._road_limit_text(v)
        if whole < INF:
            whole, why = self._whole_step(options, 6 * u + d, v, fresh=fresh, why=why)
        ordinary = min(options.cross, road)
        if ordinary == INF and whole == INF:
            return why or options.reason
        if rubble is not None:
            ordinary *= 3  # "does triple movement costs through the hex" [000 4.4]
        if self.threats and self._nearest_threat(v) < self._nearest_threat(u):
            ordinary *= 3  # a Disrupted unit closing on a spotted enemy [000 4.1]
        whole_cost = max(whole, allowance) if whole < INF else INF
        cost, used_whole = ordinary, False
        if whole_cost < cost:
            cost, used_whole = whole_cost, True
        needs_fresh = used_whole
        if self.zoc[u] and self.zoc[v] and not self._zoc_free(u, v):
            zoc = self._zoc_to_zoc(options.bridge, ordinary, whole_cost, v, fresh)
            if isinstance(zoc, str):
                return zoc
            cost, needs_fresh = zoc
            used_whole = used_whole and cost == whole_cost
        shallow = board.legend[board.terrain_ids[board.terrain[v]]].shallow_water
        if obstacle is not None:
            if not penetrated:
                if shallow:
                    cost = max(cost, allowance / 2)
                else:
                    cost, needs_fresh = max(cost, allowance), True
            elif self.profile.mode is Mode.DEPLOYED:
                cost += allowance / 4
        if self.congested and v in state.congestion:
            cost, needs_fresh = max(cost, allowance), True
        if needs_fresh and not fresh:
            return self._whole_text(obstacle is not None and not penetrated)
        loss = 0.0
        mine = state.minefields.get(v)
        if mine is not None:
            if self.mine_clearer:
                cost += allowance / 3
            elif self.profile.mode is Mode.TRAVEL and has_lanes(state, v):
                pass  # through the lanes a clearer keeps open: no minefield attack [000 7.3]
            else:
                loss = mine.strength / 3 * allowance / (2 if shallow else 1)
        along_road = not used_whole and road < INF and road <= options.cross
        return Step(cost, loss, used_whole and options.ferry, along_road)

    def _nearest_threat(self, hex_index: int) -> int:
        """Hexes from `hex_index` to the nearest enemy unit the mover's side sees."""
        found = self._nearest.get(hex_index)
        if found is None:
            here = self.state.board.hex_of(hex_index)
            found = self._nearest[hex_index] = min(here.distance(t) for t in self.threats)
        return found

    def _road_stack(self, v: int) -> int:
        return road_stack_in(self.state, v, self.side, rail=self.unit.mode is Mode.RAIL)

    def _road_limit_text(self, v: int) -> str:
        total = self._road_stack(v) + self.own
        return (
            f"{total} men-equivalents would be over the Road Stacking Limit of "
            f"{self.road_limit} there, so not at the road rate [000 3.3]"
        )

    def _whole_step(
        self, options: StepOptions, edge: int, v: int, *, fresh: bool, why: str
    ) -> tuple[float, str]:
        """The whole-allowance option after the per-unit and per-turn conditions."""
        state = self.state
        if options.ferry:
            if not self.can_ferry:
                return INF, "a ferry carries only units in Travel Mode, not Disrupted or Broken"
            if not self.planning and state.ferries_used.get(edge) == self.turn_key:
                return INF, "the ferry has already carried a unit this turn [000 4.5]"
        if options.full_hex_ferry and self._road_stack(v) + self.own > self.road_limit:
            return INF, (
                "a full-hex ferry carries only stacks within the Road Stacking Limit "
                f"({self.road_limit}) [000 4.5]"
            )
        if not fresh:
            return INF, why or self._whole_text(False)
        return options.whole, why

    def _whole_text(self, obstacle: bool) -> str:
        what = "an unpenetrated obstacle" if obstacle else "this step"
        return (
            f"{what} takes the whole movement allowance, and the unit has already spent "
            "movement points this turn [000 4.4, 4.5]"
        )

    def _zoc_free(self, u: int, v: int) -> bool:
        """Full-hex bridge movement "is not blocked by enemy Zones-of-Control" [000 7.4]."""
        full_hex = self.state.board.full_hex
        if full_hex.get(u) is FullHexKind.BRIDGE or full_hex.get(v) is FullHexKind.BRIDGE:
            return True
        # [000 7.4] "Pontoon Bridge movement is not blocked by enemy Zones-of-Control"
        return self.works is not None and (u in self.works.pontoons or v in self.works.pontoons)

    def _zoc_to_zoc(
        self, bridge: bool, ordinary: float, whole_cost: float, v: int, fresh: bool
    ) -> tuple[float, bool] | str:
        """(cost, needs a fresh unit) of a step from enemy ZOC to enemy ZOC, or why not
        [000 4.4, 4.5]."""
        allowance = self.allowance
        cheapest = min(ordinary, whole_cost)
        choices: list[tuple[float, bool]] = []
        if not self.locking:
            if self.zoc_multiplier > 0:
                if ordinary < INF:
                    choices.append((ordinary * self.zoc_multiplier, False))
                if whole_cost < INF:
                    choices.append((whole_cost, True))  # the whole allowance is not multiplied
            elif (held := self.state.stacks.get(v)) and held[0].side is self.side:
                choices.append((max(cheapest, allowance), True))
        if (self.zoc_exempt or (bridge and self.can_force_bridges)) and cheapest < INF:
            choices.append((max(cheapest, allowance), True))
        if not fresh:
            choices = [choice for choice in choices if not choice[1]]
        if not choices:
            if self.locking:
                return "Locking ZOC: no move from one enemy ZOC hex to another [000 4.4]"
            if self.zoc_multiplier == 0:
                return (
                    "from one enemy ZOC hex to another only into a hex friendly units hold, "
                    "for the whole movement allowance [000 4.4]"
                )
            return "it takes the whole movement allowance to move on from here [000 4.4]"
        return min(choices)

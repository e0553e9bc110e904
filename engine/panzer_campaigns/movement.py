"""Moving units: the public movement API the turn loop, the CLI and the setup checks use - a
unit's movement allowance, the cost of a step, the hexes it can reach, the cheapest path, moving
along a path, changing mode, stacking and whether a unit may stand on a hex [000 4.0-4.9].

The rules live in `engine.panzer_campaigns.movement_costs` (the map and the weather),
`engine.panzer_campaigns.movement_steps`
(the state), `engine.panzer_campaigns.pathfinding` (searches) and
`engine.panzer_campaigns.stacking`; this module applies moves
and mode changes to the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from engine.panzer_campaigns.allowance import (
    is_heavy_gun,
    is_rail_unit,
    movement_allowance,
    mp_left,
    mp_left_to_move,
)
from engine.panzer_campaigns.combat.activity import mark_active, player_turn_index
from engine.panzer_campaigns.combat.artillery_setup import note_moved
from engine.panzer_campaigns.hedgerow import mark_crossing
from engine.panzer_campaigns.movement_costs import MapCosts, MoveProfile, is_enterable
from engine.panzer_campaigns.movement_steps import EPSILON, IllegalMove, Mover, Step, describe
from engine.panzer_campaigns.mp_text import cost_text, left_text
from engine.panzer_campaigns.pathfinding import Path, Reach, min_path, reachable
from engine.panzer_campaigns.phases import note_mode_change
from engine.panzer_campaigns.stacking import (
    deployed_towed_guns_in,
    is_over_stacked,
    is_ship,
    per_side,
    stacking_in,
    stacking_limit,
)
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import ArtilleryKind, UnitClass
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import ConnectionKind, OptionalRule

__all__ = [
    "IllegalMove",
    "Path",
    "Reach",
    "change_mode",
    "is_enterable",
    "is_over_stacked",
    "min_path",
    "mode_change_cost",
    "move",
    "movement_allowance",
    "mp_left",
    "reachable",
    "stacking_in",
    "step_cost",
    "vacate",
]


def _where(state: GameState, hex_index: int) -> str:
    column, row = state.board.offset(hex_index)
    return f"({column}, {row})"


def step_cost(
    state: GameState, unit: UnitState, from_hex: int, direction: int, *, spent: float = 0.0
) -> float | None:
    """Movement points the unit needs for one step from `from_hex` in `direction` (0 = Up,
    clockwise) after spending `spent` on this move, or None when the rules forbid the step.
    Whether the unit has the points left is not checked; a minefield's loss after entering
    comes on top [000 4.4]."""
    mover = Mover(state, unit)
    if mover.immobile_reason() is not None:
        return None
    taken = mover.step(from_hex, direction, spent)
    return None if isinstance(taken, str) else taken.cost


def move(state: GameState, unit: UnitState, path_hexes: Sequence[int]) -> list[int]:
    """Move a unit along adjacent hexes (its own hex first or not), spending movement points,
    penetrating obstacles and minefields (Panzer Campaigns) and taking minefield losses
    [000 4.4], and marking it moved for the refuelling test unless it moved in Rail Mode
    [000 10.2]. Returns the hexes entered. Raises IllegalMove, changing nothing, when any step is
    illegal or unaffordable or the move would end over-stacked. Objectives are not settled here.
    """
    steps = check_path(state, unit, path_hexes, Mover(state, unit))
    if not steps:
        return []
    spent = steps[-1].spent_after
    hexes = [step.to_hex for step in steps]
    apply_entries(state, hexes, [step.edge for step in steps if step.taken.ferry])
    for step in steps:
        mark_crossing(state, unit, step.from_hex, step.direction)
    finish_move(state, unit, spent, hexes[-1])
    return hexes


class PathStep(NamedTuple):
    """One step of a checked path."""

    from_hex: int
    direction: int
    to_hex: int
    taken: Step
    spent_after: float
    """Movement points spent on the move once the step is taken, minefield loss included."""

    @property
    def edge(self) -> int:
        """The edge crossed, `6 * from_hex + direction`."""
        return 6 * self.from_hex + self.direction


def check_path(
    state: GameState, unit: UnitState, path_hexes: Sequence[int], mover: Mover
) -> list[PathStep]:
    """The steps of a move along `path_hexes` (the unit's own hex first or not) as `mover` sees
    them, each legal and affordable, the move ending where the unit may stand; IllegalMove
    naming the first that is not. Changes nothing."""
    hexes = list(path_hexes)
    if hexes and hexes[0] == unit.hex:
        hexes = hexes[1:]
    if not hexes:
        return []
    who = describe(unit)
    reason = mover.immobile_reason()
    if reason is not None:
        raise IllegalMove(f"{who} cannot move: {reason}")
    neighbors = state.board.neighbors
    budget = mp_left_to_move(state, unit)
    spent = 0.0
    steps: list[PathStep] = []
    here = unit.hex
    for there in hexes:
        if not 0 <= there < state.board.size:
            raise IllegalMove(f"{who} cannot move to hex index {there}: it is off the map")
        direction = next((d for d in range(6) if neighbors[6 * here + d] == there), None)
        if direction is None:
            raise IllegalMove(
                f"{who} cannot move from {_where(state, here)} to {_where(state, there)}: "
                "the hexes are not adjacent"
            )
        taken = mover.step(here, direction, spent)
        if isinstance(taken, str):
            raise IllegalMove(
                f"{who} cannot move from {_where(state, here)} to {_where(state, there)}: {taken}"
            )
        if spent + taken.cost > budget + EPSILON:
            raise IllegalMove(
                f"{who} cannot move from {_where(state, here)} to {_where(state, there)}: it "
                f"costs {cost_text(taken.cost)} movement points and "
                f"{left_text(budget - spent)} are left"
            )
        spent = min(budget, spent + taken.cost + taken.loss)
        steps.append(PathStep(here, direction, there, taken, spent))
        here = there
    problem = mover.end_problem(here)
    if problem is not None:
        raise IllegalMove(f"{who} cannot end its move on {_where(state, here)}: {problem}")
    return steps


def finish_move(
    state: GameState, unit: UnitState, spent: float, end_hex: int, start_hex: int | None = None
) -> None:
    """What a move leaves on the unit once it stops at `end_hex` having spent `spent`, leaving
    `start_hex` (its hex now unless it was walked there hex by hex)."""
    unit.mp_spent += spent
    # For refuelling, "moving by Rail Mode is not considered movement" [000 10.2].
    unit.moved = unit.moved or unit.mode is not Mode.RAIL
    mark_active(state, unit)  # no fatigue or loss recovery after moving [000 9.3, 12.0]
    unit.moved_in = player_turn_index(state)  # fire and assault in phased play [000 13.3]
    unit.digging_in = False  # a unit that leaves its hex leaves its diggings [000 4.9]
    note_moved(state, unit)  # artillery must set up again, and loses Stockpiled [000 10.3]
    start = unit.hex if start_hex is None else start_hex
    state.put(unit, end_hex)
    vacate(state, start)


def vacate(state: GameState, hex_index: int) -> None:
    """A fortified hex its last unit left is vacated: its benefits are halved until a unit
    Digging-In restores it [000 5.3]."""
    if hex_index in state.fortifications and not state.stacks.get(hex_index):
        state.reduced_forts.add(hex_index)


def apply_entries(state: GameState, hexes: list[int], ferries: list[int]) -> None:
    """Obstacles and minefields "are considered Penetrated after any unit enters them" (not in
    Panzer Battles) [000 4.4, 001 #5]; a used ferry carries nobody else this turn [000 4.5]."""
    if state.profile.penetration:
        for index in hexes:
            if index in state.obstacles:
                state.obstacles[index] = True
            minefield = state.minefields.get(index)
            if minefield is not None:
                minefield.penetrated = True
    neighbors = state.board.neighbors
    for edge in ferries:
        direction = edge % 6
        other = neighbors[edge]
        key = (state.turn, state.player_turn)
        state.ferries_used[edge] = key
        state.ferries_used[6 * other + (direction + 3) % 6] = key


# --- modes -------------------------------------------------------------------------------------


def mode_change_cost(state: GameState, unit: UnitState, mode: Mode) -> float:
    """Movement points a change from the unit's mode to `mode` costs [000 4.1, 13.3].

    | change                      | most units | towed guns | heavy towed artillery, siege |
    | --------------------------- | ---------- | ---------- | ---------------------------- |
    | into Travel                 | 0          | 1/3 MA     | whole MA                     |
    | out of Travel               | 1/3 MA     | 1/3 MA     | whole MA                     |
    | into or out of Rail         | whole MA   | whole MA   | whole MA                     |

    Under Manual Defensive Fire [000 13.3] towed guns pay 1/2 MA into Travel and heavy
    artillery 1/2 MA out of it, siege guns still the whole MA. Decision: the 1/3 MA "out of
    Travel Mode" is waived there for most units ("except under the Optional Rule - Manual
    Defensive Fire"), since deploying units keep the Travel Mode fire effects for a phase.
    Decision: towed guns of every kind (anti-tank and AA included) are "towed artillery".
    """
    allowance = movement_allowance(state, unit)
    old = unit.mode
    if mode is old:
        return 0.0
    if Mode.RAIL in (old, mode):
        return allowance
    manual = state.is_rule_on(OptionalRule.MANUAL_DEFENSIVE_FIRE)
    static = unit.unit
    siege = static.artillery_kind is ArtilleryKind.SIEGE_GUN or (
        static.unit_class is UnitClass.SIEGE_GUN
    )
    if mode is Mode.TRAVEL:
        if is_heavy_gun(unit):
            return allowance
        if static.towed:
            return allowance / 2 if manual else allowance / 3
        return 0.0
    if siege or (is_heavy_gun(unit) and not manual):
        return allowance
    if is_heavy_gun(unit):
        return allowance / 2
    if static.towed:
        return allowance / 3
    return 0.0 if manual else allowance / 3


def change_mode(state: GameState, unit: UnitState, mode: Mode) -> float:
    """Change the unit to Deployed, Travel or Rail Mode, spending the movement points it costs
    (see `mode_change_cost`); returns them. Raises IllegalMove, changing nothing, when:

    - the unit cannot move (not on the map, Fixed, speed 0, a ship or an air unit);
    - into Rail Mode: the hex has no (undamaged) railway, or the side's rail capacity left is
      less than the unit's men-equivalents (rail units use none) [000 4.1, 4.2];
    - into or out of Rail Mode: the hex is over-stacked, or would be afterwards [000 4.1];
    - out of Travel (or Rail) Mode in terrain it may enter only by road, except towed guns
      [000 4.1]; a towed gun deploying over the Towed Gun Limitation [000 3.3];
    - the unit lacks the movement points.

    Decisions: rail capacity is spent by units in Rail Mode, in men-equivalents, as "Rail Units
    do not count against the total rail capacity" implies; a change to the current mode costs
    nothing and changes nothing; Fixed units may not change mode [000 4.6].
    """
    mode = Mode(mode)
    if mode is unit.mode:
        return 0.0
    cost = mode_change_check(state, unit, mode)
    old, unit.mode = unit.mode, mode
    note_mode_change(state, unit, old)  # a Deploying unit under phased play [000 13.3]
    unit.digging_in = False  # only Deployed units dig in [000 4.9]
    unit.mp_spent += cost
    state.touch(unit)
    return cost


def mode_change_check(state: GameState, unit: UnitState, mode: Mode) -> float:
    """The movement points the change to `mode` would cost (see `change_mode`); IllegalMove
    with the reason when the unit may not change to it now. Changes nothing."""
    if mode is unit.mode:
        return 0.0
    who = describe(unit)
    where = _where(state, unit.hex)
    static = unit.unit
    if not unit.on_map:
        raise IllegalMove(f"{who} is not on the map")
    if static.air is not None or is_ship(unit):
        raise IllegalMove(f"{who} has no movement modes (ships and aircraft)")
    if unit.fixed:
        raise IllegalMove(f"{who} is Fixed and cannot change mode [000 4.6]")
    if static.speed == 0:
        raise IllegalMove(f"{who} is immobile (speed 0) and cannot change mode [000 4.6]")
    if Mode.RAIL in (unit.mode, mode):
        _check_rail_change(state, unit, mode)
    if mode is not Mode.TRAVEL and unit.mode is not Mode.DEPLOYED:
        _check_deploying(state, unit, mode)
    cost = mode_change_cost(state, unit, mode)
    left = mp_left(state, unit)
    if cost > left + EPSILON:
        raise IllegalMove(
            f"{who} on {where} cannot change to {mode.value} mode: it costs {cost_text(cost)} "
            f"movement points and {left_text(left)} are left [000 4.1]"
        )
    return cost


def _check_rail_change(state: GameState, unit: UnitState, mode: Mode) -> None:
    who, where = describe(unit), _where(state, unit.hex)
    side = unit.side
    if stacking_in(state, unit.hex, side) > stacking_limit(state, side):
        raise IllegalMove(
            f"{who} cannot change Rail Mode on {where}: the hex is over-stacked [000 4.1]"
        )
    if mode is not Mode.RAIL:
        after = stacking_in(state, unit.hex, side) + unit.men_equivalent
        if after > stacking_limit(state, side):
            raise IllegalMove(
                f"{who} cannot leave Rail Mode on {where}: {after} men-equivalents would be "
                f"over the Maximum Stacking Limit of {stacking_limit(state, side)} [000 4.1]"
            )
        return
    rail = state.board.connections.get(ConnectionKind.RAILROAD)
    if rail is None or not rail[unit.hex] or unit.hex in state.rail_damage:
        raise IllegalMove(
            f"{who} cannot enter Rail Mode on {where}: no usable railway runs there [000 4.1]"
        )
    if is_rail_unit(unit):
        return
    used = sum(
        other.men_equivalent
        for other in state.iter_units(side)
        if other.mode is Mode.RAIL and not is_rail_unit(other)
    )
    capacity = state.rail_capacity.get(side, 0)
    if capacity - used < unit.men_equivalent:
        raise IllegalMove(
            f"{who} cannot enter Rail Mode on {where}: the {side.value} rail capacity left is "
            f"{capacity - used} men-equivalents, it needs {unit.men_equivalent} [000 4.1]"
        )


def _check_deploying(state: GameState, unit: UnitState, mode: Mode) -> None:
    """Leaving Travel or Rail Mode for `mode` in restricted terrain or over the towed-gun limit."""
    who, where = describe(unit), _where(state, unit.hex)
    if mode is Mode.DEPLOYED and not unit.unit.towed:
        costs = MapCosts(state.board, MoveProfile.of(state, replace(unit, mode=Mode.DEPLOYED)))
        if costs.must_leave_by_road(unit.hex):
            raise IllegalMove(
                f"{who} cannot deploy on {where}: {costs.terrain_name(unit.hex)} may be entered "
                "only by road, and a unit there cannot leave Travel Mode [000 4.1]"
            )
    if mode is Mode.DEPLOYED and unit.unit.towed:
        limit = per_side(state.parameters.stacking.towed_guns, unit.side)
        if 0 < limit <= deployed_towed_guns_in(state, unit.hex, unit.side):
            raise IllegalMove(
                f"{who} cannot deploy on {where}: the {unit.side.value} Towed Gun Limitation "
                f"is {limit} deployed towed guns per hex [000 3.3]"
            )

"""Who may assault and where [000 6.1, 6.2]: the units able to assault now, the cost of an
assault, the way into the defending hex an attacker must be able to move, and the enemy hexes
a unit may assault (adjacent, held by enemy units its side sees).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.panzer_campaigns import spotting
from engine.panzer_campaigns.allowance import movement_allowance, mp_left, needs_travel_mode_to_move
from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.combat.fatigue import FatigueLevel, fatigue_level
from engine.panzer_campaigns.engineering.mines import busy_with_mines
from engine.panzer_campaigns.engineering.movement import engineered_map
from engine.panzer_campaigns.engineering.status import is_building_bridge
from engine.panzer_campaigns.movement_costs import INF, MapCosts, MoveProfile
from engine.panzer_campaigns.movement_steps import EPSILON
from engine.panzer_campaigns.phases import is_deserted, why_no_assault
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import OptionalRule, Side

ASSAULT_SHARE = 2 / 3
""""a unit must have at least 2/3 of its movement allowance remaining to initiate an assault.
The assault costs a unit the maximum of ... 2/3 of its movement allowance ... The movement cost
to move into the defending hex" [000 6.1]."""


@dataclass(frozen=True, slots=True)
class AssaultTarget:
    """An enemy hex a unit may assault, and what joining the assault costs it."""

    hex: int
    cost: float
    """Movement points the assault costs the unit [000 6.1]; an overrun costs the entry
    alone [001 #22]."""
    entry: float
    """The movement cost of moving into the hex."""
    direction: int
    """The attacker's hexside the assault crosses (0 = Up, clockwise)."""


def why_cannot_assault(state: GameState, unit: UnitState) -> str | None:
    """Why `unit` may not assault at all now, or None [000 6.1]: "Only units which have a
    non-zero assault factor, that are not Disrupted, Broken, Fixed, in Rail Mode, Digging-In,
    bridge building, or at Maximum Fatigue can assault attack. Units that must be in Travel Mode
    to move, such as towed artillery, cannot assault attack." Immobile units cannot move into
    the hex. Under Manual Defensive Fire a unit assaults once a player turn, in its side's one
    Assault Phase, and "units that move and fire in the same turn are not eligible to assault"
    (`engine.panzer_campaigns.phases.why_no_assault`) [000 13.3]. The engine has no bridge building,
    mine laying
    or patrolling, so those refusals never arise."""
    name = unit.id
    if not unit.on_map:
        return f"{name} is not on the map"
    if unit.carried_by is not None:  # [001 "Carry/Uncarry"] a passenger fights once set down
        return f"{name} rides on {unit.carried_by}; set it down first"
    if unit.unit.assault <= 0:
        return f"{name} has no assault value [000 6.1]"
    if unit.broken:
        return f"{name} is Broken and cannot assault [000 6.1]"
    if unit.disrupted:
        return f"{name} is Disrupted and cannot assault [000 6.1]"
    if unit.fixed:
        return f"{name} is Fixed and cannot assault [000 6.1]"
    if unit.mode is Mode.RAIL:
        return f"{name} is in Rail Mode and cannot assault [000 6.1]"
    if unit.digging_in:
        return f"{name} is Digging-In and cannot assault [000 6.1]"
    if (busy := busy_with_mines(state, unit)) is not None:
        return busy
    if is_building_bridge(state, unit):
        return f"{name} is building a bridge and cannot assault [000 6.1]"
    if fatigue_level(unit.fatigue, state.profile.fatigue_max) is FatigueLevel.MAXIMUM:
        return f"{name} is at Maximum Fatigue and cannot assault [000 6.1]"
    if unit.unit.speed == 0:
        return f"{name} is immobile: an attacker must be able to move into the hex [000 6.1]"
    if needs_travel_mode_to_move(unit):
        return f"{name} must be in Travel Mode to move, so it cannot assault [000 6.1]"
    if state.is_rule_on(OptionalRule.MANUAL_DEFENSIVE_FIRE) and unit.assaulted == (
        player_turn_index(state)
    ):
        return f"{name} has assaulted this turn: one Assault Phase a turn [000 13.3]"
    return why_no_assault(state, unit)


def entry_cost(state: GameState, unit: UnitState, direction: int) -> float | str:
    """The movement cost for `unit` to move from its hex into the neighbour in `direction`, or
    why it could not [000 6.1, 6.2]: the map's costs in the unit's mode, so no assault across
    an unbridged river, across a bridge only in Travel Mode, into terrain its class enters only
    by road only along the road in Travel Mode. A step that takes the whole allowance (a ferry,
    a commando crossing) costs the whole allowance.

    Decision: the enemy units in the hex and the zones of control are not counted: every
    assault steps from an enemy ZOC into the enemy's own hex, and the manual's cost is "the
    movement cost to move into the defending hex"."""
    board = state.board
    costs = MapCosts(board, MoveProfile.of(state, unit))
    options = costs.options(
        unit.hex,
        direction,
        state.damaged_bridges,
        state.damaged_full_hex_bridges,
        engineered_map(state),  # across an engineer's bridge in Travel Mode [000 7.4]
    )
    if not options.is_possible:
        return options.reason
    cost = min(options.cross, options.road)
    if options.whole < INF:
        cost = min(cost, max(options.whole, movement_allowance(state, unit)))
    target = board.neighbors[6 * unit.hex + direction]
    if state.rubble.get(target) is not None and cost < INF:
        cost *= 3  # rubble "does triple movement costs through the hex" [000 4.4]
    return cost


def assault_cost(state: GameState, unit: UnitState, entry: float) -> float:
    """What joining an assault costs `unit`: max(2/3 of its allowance, the entry cost); nothing
    under the Manual Defensive Fire optional rule [000 6.1]."""
    if state.is_rule_on(OptionalRule.MANUAL_DEFENSIVE_FIRE):
        return 0.0
    return max(ASSAULT_SHARE * movement_allowance(state, unit), entry)


def has_the_points(state: GameState, unit: UnitState, cost: float, *, overrun: bool) -> bool:
    """At least 2/3 of the allowance left, and the cost itself [000 6.1]; for an overrun the
    movement cost alone [001 #22]."""
    if state.is_rule_on(OptionalRule.MANUAL_DEFENSIVE_FIRE):
        return True
    left = mp_left(state, unit)
    needed = cost if overrun else max(ASSAULT_SHARE * movement_allowance(state, unit), cost)
    return left + EPSILON >= needed


def is_overrun(state: GameState, hex_index: int, attacking_side: Side) -> bool:
    """Panzer Battles: "Units with Assault = 0 are automatically overrun when attacked at only
    the cost of movement into the defending hex" [001 #22] - every enemy unit in the hex has
    Assault 0. Panzer Campaigns assaults them like any other [000 6.3]."""
    enemies = [u for u in state.units_at(hex_index) if u.side is not attacking_side]
    return (
        state.profile.overrun_assault_zero
        and bool(enemies)
        and all(u.unit.assault <= 0 for u in enemies)
    )


def sees_enemy_in(state: GameState, unit: UnitState, hex_index: int) -> bool:
    """Whether `unit`'s side sees enemy units in the hex now, spotted or Unknown [000 4.8]."""
    sightings = spotting.spotted_by(state, unit.side)
    for enemy in state.units_at(hex_index):
        if enemy.side is unit.side:
            return False
        seen = sightings.get(enemy.id)
        if seen is not None and seen.hex == hex_index:
            return True
    return False


def target_towards(state: GameState, unit: UnitState, hex_index: int) -> AssaultTarget | str:
    """The assault of `unit` on the adjacent `hex_index`, or why it may not join one there."""
    reason = why_cannot_assault(state, unit)
    if reason is not None:
        return reason
    board = state.board
    column, row = board.offset(hex_index)
    direction = next((d for d in range(6) if board.neighbors[6 * unit.hex + d] == hex_index), None)
    if direction is None:
        return f"{unit.id} is not next to {column},{row}: assaults are on adjacent hexes [000 6.0]"
    if not sees_enemy_in(state, unit, hex_index) and not is_deserted(state, hex_index):
        return f"{unit.id}'s side sees no enemy unit in {column},{row}"
    entry = entry_cost(state, unit, direction)
    if isinstance(entry, str):
        return f"{unit.id} cannot move into {column},{row}, so it cannot assault there: {entry}"
    overrun = is_overrun(state, hex_index, unit.side)
    cost = entry if overrun else assault_cost(state, unit, entry)
    if not has_the_points(state, unit, cost, overrun=overrun):
        if overrun:
            return (
                f"{unit.id} needs {cost:.3g} movement points to overrun {column},{row}; "
                f"{mp_left(state, unit):.3g} are left [001 #22]"
            )
        return (
            f"{unit.id} needs {cost:.3g} movement points and at least 2/3 of its allowance "
            f"left to assault; {mp_left(state, unit):.3g} are left [000 6.1]"
        )
    return AssaultTarget(hex_index, cost, entry, direction)


def assault_targets(state: GameState, unit: UnitState) -> dict[int, AssaultTarget]:
    """Every hex `unit` may assault now [000 6.0, 6.1]: adjacent, held by enemy units its side
    sees, one it could move into, with the movement points to pay; empty when it may not
    assault (`why_cannot_assault`)."""
    if why_cannot_assault(state, unit) is not None:
        return {}
    found: dict[int, AssaultTarget] = {}
    neighbors = state.board.neighbors
    for direction in range(6):
        there = neighbors[6 * unit.hex + direction]
        if there < 0 or not (state.units_at(there) or is_deserted(state, there)):
            continue
        target = target_towards(state, unit, there)
        if isinstance(target, AssaultTarget):
            found[there] = target
    return found

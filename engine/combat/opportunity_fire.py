"""Opportunity Fire, the default turn mode of Panzer Campaigns [000 3.3, 13.3]: as a unit moves
hex by hex, changes mode or fires, units of the other side that see it may fire at it, chosen
and fired by the computer. Also the Panzer Battles limits by unit type [001 "Opportunity
Fire"].

The manual leaves the algorithm open (digest 1.1 [GAP]: "The algorithm that chooses which units
fire, and the probability of firing, is not specified"). Decisions, each with its section:

- Triggers: a unit entering a hex [000 3.3 "When a unit enters an enemy Zone of Control it may
  be fired upon"; not only ZOC hexes, since the Special AT Gun Egress [000 4.2] shows a unit
  drawing fire without entering any hex], a unit changing mode [000 4.2], and a unit firing
  [000 5.1 "including any triggered Opportunity Fire"]. A towed AT gun that changes to Travel
  Mode without having spent movement points does not trigger it [000 4.2] (this engine plays
  World War II titles only).
- Who may fire: a unit of the other side that could fire directly at the target now - not
  Broken, not an HQ, not a towed gun in Travel Mode, not in Rail Mode [000 5.0, 5.1, 9.1]; with
  an attack value and range against the target (hard or soft) and the target within its facing
  [000 5.2, 5.4]; seeing the target's hex (line of sight within visibility) while its side has
  the target spotted in detail there [000 4.8, 5.0]. Siege guns never do [000 5.4]. Indirect
  fire units fire only at an adjacent target, directly, as in their own turn
  (`engine.combat.fire_targets`). The Hex Fire Limitation counts opportunity fire like any
  other fire of the player turn [000 5.1].
- Indirect fire does not join opportunity fire in this engine: the Indirect Mod [000 5.2] that
  would weaken it is therefore not applied anywhere yet.
- How often: each unit has, per enemy player turn, a fire capacity of its whole Movement
  Allowance, each opportunity fire costing what a fire costs in its own turn, 1/3 of it
  [000 5.1] - so three fires, then it has "dancing" attackers drawn its fire off [000 13.3].
  Each unit fires at most once per trigger.
- Order: the nearest units first, then the one with the larger combat value, then scenario
  order; all that may fire at a trigger do, until the target is eliminated.
- "Defending units may randomly fail to fire" [000 13.3]: each eligible unit fires with
  probability FIRE_CHANCE = 2/3 (a d6 of 3 or more) per trigger; one that does not fire spends
  no capacity and may fire at the next trigger.
- Panzer Battles: a side's N/S/M/L setting for the firing unit's component against the target's
  limits the range to 0, 1/3, 2/3 or all of the firing unit's range (`OpFireRange.reach`).
- Effect: the fire resolves as a direct fire (`engine.combat.fire_preview`, `apply_combat_result`)
  and reveals the firer to the enemy that sees it [000 4.8]. A moving unit that is Disrupted,
  Broken or eliminated by it stops where it is (`engine.movement_walk`) [000 9.0: Disrupted
  units move at a higher cost, so the planned path no longer holds].
"""

from __future__ import annotations

from engine import spotting
from engine.allowance import movement_allowance
from engine.combat.activity import mark_active, player_turn_index
from engine.combat.events import Fired, LossesTaken, OpportunityFire
from engine.combat.fire_preview import FirePreview, preview_fire
from engine.combat.fire_targets import (
    FireTarget,
    attack_of,
    fire_cost,
    hex_fire_allows,
    hex_fire_used,
    is_hard_target,
    why_cannot_fire,
    within_facing,
)
from engine.combat.kinds import CombatKind
from engine.combat.losses import apply_combat_result
from engine.state import GameState, other_side
from engine.units import UnitState
from schemas.oob import ArtilleryKind, UnitClass
from schemas.scenario import Mode
from schemas.vocabulary import Side

FIRE_CHANCE = 2 / 3
"""The chance that a unit able to opportunity-fire does (see the module's decisions)."""

CAPACITY_SHARES = 1.0
"""A unit's opportunity fire capacity per enemy player turn, in Movement Allowances."""

SLACK = 1e-9


def op_fire_left(state: GameState, unit: UnitState) -> float:
    """Movement points of opportunity fire capacity `unit` has left this enemy player turn."""
    now, used = state.op_fire_used.get(unit.id, (-1, 0.0))
    spent = used if now == player_turn_index(state) else 0.0
    return CAPACITY_SHARES * movement_allowance(state, unit) - spent


def is_siege_gun(unit: UnitState) -> bool:
    """Siege guns "cannot use Opportunity Fire" [000 5.4]."""
    static = unit.unit
    return (
        static.artillery_kind is ArtilleryKind.SIEGE_GUN or static.unit_class is UnitClass.SIEGE_GUN
    )


def triggers_on_mode_change(unit: UnitState, mode: Mode, spent_before: float) -> bool:
    """Whether a change of mode draws opportunity fire: always, except a towed AT gun changing
    to Travel Mode "without having expended any movement points prior to that change"
    [000 4.2 Special AT Gun Egress]."""
    egress = unit.unit.anti_tank and unit.is_towed_gun and mode is Mode.TRAVEL
    return not (egress and spent_before <= SLACK)


def may_op_fire(state: GameState, firer: UnitState, target: UnitState) -> FirePreview | None:
    """The direct fire `firer` would make at `target` as opportunity fire now, or None when it
    may not (see the module's decisions)."""
    if why_cannot_fire(state, firer) is not None or is_siege_gun(firer):
        return None
    distance = state.board.distance(firer.hex, target.hex)
    if distance < 1 or (firer.unit.indirect_fire and distance != 1):
        return None
    attack, reach = attack_of(firer, is_hard_target(state, target))
    if attack <= 0:
        return None
    if state.profile.op_fire_settings:
        setting = state.options.op_fire_range(
            firer.side, firer.unit.component, target.unit.component
        )
        reach = setting.reach(reach)
    if distance > reach or not within_facing(state, firer, target.hex):
        return None
    cost = fire_cost(state, firer, CombatKind.DIRECT_FIRE)
    if op_fire_left(state, firer) < cost - SLACK or not hex_fire_allows(state, firer):
        return None
    if not spotting.sees(state, firer.hex, target.hex):
        return None
    return preview_fire(
        state, firer, target, FireTarget(target.hex, CombatKind.DIRECT_FIRE, distance)
    )


def opportunity_fire(
    state: GameState, target: UnitState, trigger: str, reach: int | None = None
) -> list[OpportunityFire | LossesTaken]:
    """Fire the other side's units at `target`, which just `trigger`-ed where it stands (see the
    module's decisions); nothing without the Opportunity Fire option. `reach` is
    `firing_reach` of the other side, when the caller has it. The target, acting in view of a
    unit that may fire, is revealed to the enemy first [000 4.8]."""
    if not state.options.opportunity_fire or not target.on_map:
        return []
    enemy_side = other_side(target.side)
    if reach is None:
        reach = firing_reach(state, enemy_side)
    candidates = _candidates(state, target, enemy_side, reach)
    if not candidates:
        return []
    # A unit able to fire sees the target's hex within visibility and is not Broken, so the
    # enemy spots the target there [000 4.8]; record it before anyone fires.
    spotting.reveal(state, target)
    events: list[OpportunityFire | LossesTaken] = []
    for firer in candidates:
        if not target.on_map:
            break
        seen = may_op_fire(state, firer, target)  # again: earlier fire changed the target
        if seen is None:
            continue
        if state.rng.random() >= FIRE_CHANCE:
            continue  # "defending units may randomly fail to fire" [000 13.3]
        events += _fire(state, firer, target, seen, trigger)
    return events


def firing_reach(state: GameState, side: Side) -> int:
    """The farthest any unit of `side` on the map fires directly: where to look for firers."""
    reach = 0
    for unit in state.iter_units(side):
        static = unit.unit
        if static.indirect_fire:
            reach = max(reach, 1)
        else:
            reach = max(reach, static.hard_range, static.soft_range)
    return reach


def _candidates(state: GameState, target: UnitState, side: Side, reach: int) -> list[UnitState]:
    """`side`'s units that may opportunity-fire at `target` now, in firing order."""
    board = state.board
    found: list[tuple[int, float, int, UnitState]] = []
    order = 0
    for hex_index in board.iter_within(target.hex, reach):
        for unit in state.stacks.get(hex_index, ()):
            if unit.side is not side:
                continue
            order += 1
            seen = may_op_fire(state, unit, target)
            if seen is not None:
                found.append((board.distance(hex_index, target.hex), -seen.value, order, unit))
    found.sort(key=lambda entry: entry[:3])
    return [entry[3] for entry in found]


def _fire(
    state: GameState, firer: UnitState, target: UnitState, seen: FirePreview, trigger: str
) -> list[OpportunityFire | LossesTaken]:
    """Resolve one opportunity fire as `engine.combat.fire.fire` resolves a fire [000 5.1]."""
    now = player_turn_index(state)
    before, used = state.op_fire_used.get(firer.id, (now, 0.0))
    state.op_fire_used[firer.id] = (now, (used if before == now else 0.0) + seen.mp_cost)
    state.hex_fire[firer.hex] = (now, hex_fire_used(state, firer.hex) + firer.men_equivalent)
    mark_active(state, firer)
    firer.fired = now
    spotting.reveal(state, firer)  # "units that fire in view are spotted" [000 4.8]
    fired = Fired(
        state.turn,
        firer.id,
        firer.side,
        state.board.offset(target.hex),
        CombatKind.DIRECT_FIRE.value,
        target.id,
        round(seen.value, 3),
        seen.modifier_pct,
        tuple(m.describe() for m in seen.modifiers),
        round(seen.mp_cost, 3),
    )
    losses = apply_combat_result(
        state,
        target,
        seen.value,
        seen.modifier_pct,
        CombatKind.DIRECT_FIRE,
        disruption_factor=seen.disruption_factor,
    )
    return [OpportunityFire(state.turn, target.id, trigger, fired), losses]

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
  the target spotted in detail there [000 4.8, 5.0]. Siege guns never do [000 5.4]. The Hex
  Fire Limitation counts opportunity fire like any other fire of the player turn [000 5.1].
- Indirect fire joins, since the Indirect Mod exists for "Indirect Fire during the ... turn"
  of the enemy [000 5.2]: an indirect-fire unit fires indirectly at a target 2 hexes or more
  away within its range when a unit of its controlling organization that may spot (not
  Broken; in Panzer Battles not moved or fired in its side's latest player turn [001 #10])
  sees the target (half value if only Detached ones do) [000 5.0], it is not Unavailable [000 10.2],
  and Panzer Battles' cap on indirect fire into a hex allows it [001 #29]; its value is
  multiplied by the side's Indirect Mod. At an adjacent target it fires directly, as in its
  own turn (`engine.panzer_campaigns.combat.fire_targets`). Indirect opportunity fire may rubble the
  hex and,
  under Counterbattery Fire, reveal the battery, as any indirect fire
  (`engine.panzer_campaigns.combat.fire`).
- How often: each unit has, per enemy player turn, a fire capacity of its whole Movement
  Allowance, each opportunity fire costing what a fire costs in its own turn, 1/3 of it (1/2
  for indirect fire) [000 5.1] - so three direct fires, then "dancing" attackers have drawn its
  fire off [000 13.3]. Each unit fires at most once per trigger.
- Order: the nearest units first, then the one with the larger combat value, then scenario
  order (direct-fire units before artillery); all that may fire at a trigger do, until the
  target is eliminated.
- "Defending units may randomly fail to fire" [000 13.3]: each eligible unit fires with
  probability FIRE_CHANCE = 2/3 (a d6 of 3 or more) per trigger; one that does not fire spends
  no capacity and may fire at the next trigger.
- Panzer Battles: a side's N/S/M/L setting for the firing unit's component against the target's
  limits the range to 0, 1/3, 2/3 or all of the firing unit's range (`OpFireRange.reach`).
- Effect: the fire resolves as a fire in the firer's own turn
(`engine.panzer_campaigns.combat.fire_preview`,
  `apply_combat_result`) and reveals the firer to the enemy that sees it [000 4.8]. A moving
  unit that is Disrupted, Broken or eliminated by it stops where it is
  (`engine.panzer_campaigns.movement_walk`): a Disrupted unit pays three times the cost to move
  closer to a
  spotted enemy [000 4.1], so the path planned before no longer holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.panzer_campaigns import spotting
from engine.panzer_campaigns.allowance import movement_allowance
from engine.panzer_campaigns.combat.activity import mark_active, player_turn_index
from engine.panzer_campaigns.combat.counterbattery import counterbattery_spotting
from engine.panzer_campaigns.combat.events import (
    CounterbatterySpotted,
    Fired,
    LossesTaken,
    OpportunityFire,
    RubbleMade,
)
from engine.panzer_campaigns.combat.fire_preview import FireModifier, FirePreview, preview_fire
from engine.panzer_campaigns.combat.fire_targets import (
    FireTarget,
    attack_of,
    controlling_organization,
    fire_cost,
    hex_fire_allows,
    hex_fire_used,
    indirect_fire_cap_allows,
    indirect_fire_into,
    is_hard_target,
    why_cannot_fire,
    within_facing,
)
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.losses import apply_combat_result
from engine.panzer_campaigns.combat.rubble import rubble_from_fire
from engine.panzer_campaigns.combat.spotters import why_not_spotter
from engine.panzer_campaigns.command import is_detached
from engine.panzer_campaigns.pathfinding import axial_coordinates, hex_distance
from engine.panzer_campaigns.phases import is_phased
from engine.panzer_campaigns.sightings import Sight
from engine.panzer_campaigns.stacking import per_side
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import ArtilleryKind, UnitClass
from schemas.panzer_campaigns.scenario import Mode
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


def may_op_fire(
    state: GameState, firer: UnitState, target: UnitState, spotters: Sequence[UnitState] = ()
) -> FirePreview | None:
    """The fire `firer` would make at `target` as opportunity fire now, or None when it may not
    (see the module's decisions): direct fire, or for an indirect-fire unit from 2 hexes on,
    indirect fire through one of `spotters` (the target side's enemies that see the target)
    that belongs to its controlling organization, with the Indirect Mod [000 5.0, 5.2]."""
    distance = state.board.distance(firer.hex, target.hex)
    if distance < 1 or why_cannot_fire(state, firer) is not None or is_siege_gun(firer):
        return None
    indirect = firer.unit.indirect_fire and distance > 1
    attack, reach = attack_of(firer, is_hard_target(state, target))
    if indirect:
        reach = max(firer.unit.soft_range, firer.unit.hard_range)
    if attack <= 0:
        return None
    if state.profile.op_fire_settings:
        setting = state.options.op_fire_range(
            firer.side, firer.unit.component, target.unit.component
        )
        reach = setting.reach(reach)
    if distance > reach or not within_facing(state, firer, target.hex):
        return None
    kind = CombatKind.INDIRECT_FIRE if indirect else CombatKind.DIRECT_FIRE
    if op_fire_left(state, firer) < fire_cost(state, firer, kind) - SLACK:
        return None
    if not hex_fire_allows(state, firer):
        return None
    if not indirect:
        if not spotting.sees(state, firer.hex, target.hex):
            return None
        return preview_fire(state, firer, target, FireTarget(target.hex, kind, distance))
    if firer.unavailable or firer.setup_required:  # [000 10.2, 10.3]
        return None
    if not indirect_fire_cap_allows(state, firer, target.hex):
        return None
    controlling = controlling_organization(state, firer)
    seeing = [
        s
        for s in spotters
        if s is firer
        or (
            controlling is not None
            and any(o.id == controlling for o in state.iter_organizations_above(s))
        )
    ]
    if not seeing:
        return None
    fire_target = FireTarget(
        target.hex,
        kind,
        distance,
        detached_spotters_only=all(is_detached(state, s) for s in seeing),
    )
    percent = per_side(state.parameters.combat.indirect_modifier, firer.side)
    extra = (FireModifier("Indirect Mod", percent / 100),) if percent != 100 else ()
    return preview_fire(state, firer, target, fire_target, extra)


def opportunity_fire(
    state: GameState, target: UnitState, trigger: str, firers: Firers | None = None
) -> list[OpportunityFire | LossesTaken | RubbleMade | CounterbatterySpotted]:
    """Fire the other side's units at `target`, which just `trigger`-ed where it stands (see the
    module's decisions); nothing without the Opportunity Fire option. `firers` are
    `gather_firers` of the other side, when the caller has them. The target, acting in view of
    a unit that may fire, is revealed to the enemy first [000 4.8]."""
    if not state.options.opportunity_fire or not target.on_map or is_phased(state):
        return []  # no Opportunity Fire in a phased game: its Defensive Fire Phase [000 13.3]
    enemy_side = other_side(target.side)
    if firers is None:
        firers = gather_firers(state, enemy_side, target.hex)
    candidates, spotters = _candidates(state, target, firers)
    if not candidates:
        return []
    # A unit able to fire, or its spotter, sees the target's hex within visibility and is not
    # Broken, so the enemy spots the target there [000 4.8]; record it before anyone fires.
    spotting.reveal(state, target)
    events: list[OpportunityFire | LossesTaken | RubbleMade | CounterbatterySpotted] = []
    for firer in candidates:
        if not target.on_map:
            break
        # again: earlier fire changed it, and a spotter that fired spots no more [001 #10]
        still = [s for s in spotters if why_not_spotter(state, s) is None]
        seen = may_op_fire(state, firer, target, still)
        if seen is None:
            continue
        if state.rng.random() >= FIRE_CHANCE:
            continue  # "defending units may randomly fail to fire" [000 13.3]
        events += _fire(state, firer, target, seen, trigger)
    return events


@dataclass(frozen=True, slots=True)
class Firers:
    """A side's units that may opportunity-fire, or spot for it, near some hexes: gathered once
    for a whole move, since the units of the side not moving stay where they are."""

    direct_reach: int
    """The farthest any of the side's units fires directly."""
    nearby: tuple[UnitState, ...]
    """Its units within direct fire range or visibility of those hexes."""
    artillery: tuple[UnitState, ...]
    """Its units able to fire indirectly that may reach those hexes."""


def gather_firers(state: GameState, side: Side, around: int, slack: int = 0) -> Firers:
    """`side`'s units that could opportunity-fire at, or spot, a unit within `slack` hexes of
    `around` (a move's start hex and its length), for `opportunity_fire`."""
    direct_reach, artillery = _static_firers(state, side)
    qs, rs = axial_coordinates(state.board)
    radius = max(direct_reach, spotting.visibility(state)) + slack
    nearby = tuple(
        unit for unit in state.iter_units(side) if hex_distance(qs, rs, unit.hex, around) <= radius
    )
    near_artillery = tuple(
        unit
        for unit, reach in artillery
        if unit.on_map and hex_distance(qs, rs, unit.hex, around) <= reach + slack
    )
    return Firers(direct_reach, nearby, near_artillery)


def _static_firers(state: GameState, side: Side) -> tuple[int, list[tuple[UnitState, int]]]:
    """The farthest direct fire of `side`'s units and its indirect-fire units with their range,
    from the order of battle, which no game changes: computed once per state."""
    key = ("op fire firers", side)
    hit = state.derived.get(key)
    if hit is None:
        reach = 0
        artillery = []
        for unit in state.units.values():
            static = unit.unit
            if unit.side is not side:
                continue
            if static.indirect_fire:
                reach = max(reach, 1)
                if not is_siege_gun(unit):
                    artillery.append((unit, max(static.soft_range, static.hard_range)))
            else:
                reach = max(reach, static.hard_range, static.soft_range)
        hit = state.derived[key] = (-1, (reach, artillery))
    found: tuple[int, list[tuple[UnitState, int]]] = hit[1]
    return found


def _spotters(state: GameState, target: UnitState, firers: Firers) -> list[UnitState]:
    """The units of `firers` that may spot (not Broken [000 5.0]; in Panzer Battles not moved
    or fired in their side's latest player turn [001 #10]) and see the target's hex."""
    qs, rs = axial_coordinates(state.board)
    reach = spotting.visibility(state)
    found = []
    sight: dict[int, bool] = {}
    for unit in firers.nearby:
        if not unit.on_map or why_not_spotter(state, unit) is not None:
            continue
        if hex_distance(qs, rs, unit.hex, target.hex) > reach:
            continue
        if unit.hex not in sight:
            sight[unit.hex] = spotting.sees(state, unit.hex, target.hex)
        if sight[unit.hex]:
            found.append(unit)
    return found


def _candidates(
    state: GameState, target: UnitState, firers: Firers
) -> tuple[list[UnitState], list[UnitState]]:
    """The units that may opportunity-fire at `target` now, in firing order (direct fire from
    within `firers.direct_reach`, indirect fire from the artillery in range), and the spotters
    the indirect fire sees it through (looked for only when some artillery is in range)."""
    qs, rs = axial_coordinates(state.board)
    found: list[tuple[int, float, int, UnitState]] = []
    indirect: list[tuple[int, int, UnitState]] = []
    for order, unit in enumerate(firers.nearby):
        distance = hex_distance(qs, rs, unit.hex, target.hex)
        if distance > firers.direct_reach or not unit.on_map:
            continue
        if unit.unit.indirect_fire and distance > 1:
            continue  # with the artillery below
        seen = may_op_fire(state, unit, target)
        if seen is not None:
            found.append((distance, -seen.value, order, unit))
    start = len(firers.nearby)
    for order, unit in enumerate(firers.artillery, start):
        if not unit.on_map or unit.unavailable or unit.setup_required:  # [000 10.2, 10.3]
            continue
        distance = hex_distance(qs, rs, unit.hex, target.hex)
        if 1 < distance <= max(unit.unit.soft_range, unit.unit.hard_range):
            indirect.append((distance, order, unit))
    spotters = _spotters(state, target, firers) if indirect else []
    if spotters:
        for distance, order, unit in indirect:
            seen = may_op_fire(state, unit, target, spotters)
            if seen is not None:
                found.append((distance, -seen.value, order, unit))
    found.sort(key=lambda entry: entry[:3])
    return [entry[3] for entry in found], spotters


def _fire(
    state: GameState, firer: UnitState, target: UnitState, seen: FirePreview, trigger: str
) -> list[OpportunityFire | LossesTaken | RubbleMade | CounterbatterySpotted]:
    """Resolve one opportunity fire as `engine.panzer_campaigns.combat.fire.fire` resolves a fire
    [000 5.1]."""
    now = player_turn_index(state)
    before, used = state.op_fire_used.get(firer.id, (now, 0.0))
    state.op_fire_used[firer.id] = (now, (used if before == now else 0.0) + seen.mp_cost)
    state.hex_fire[firer.hex] = (now, hex_fire_used(state, firer.hex) + firer.men_equivalent)
    indirect = seen.kind is CombatKind.INDIRECT_FIRE
    if indirect:
        state.indirect_fire_into[target.hex] = (
            now,
            indirect_fire_into(state, target.hex) + firer.men_equivalent,
        )
    mark_active(state, firer)
    firer.fired = now
    known = state.sightings[target.side].get(firer.id)
    spotting.reveal(state, firer)  # "units that fire in view are spotted" [000 4.8]
    fired = Fired(
        state.turn,
        firer.id,
        firer.side,
        state.board.offset(target.hex),
        seen.kind.value,
        target.id,
        round(seen.value, 3),
        seen.modifier_pct,
        tuple(m.describe() for m in seen.modifiers),
        round(seen.mp_cost, 3),
    )
    events: list[OpportunityFire | LossesTaken | RubbleMade | CounterbatterySpotted] = [
        OpportunityFire(state.turn, target.id, trigger, fired),
        apply_combat_result(
            state,
            target,
            seen.value,
            seen.modifier_pct,
            seen.kind,
            disruption_factor=seen.disruption_factor,
        ),
    ]
    if indirect:
        rubble = rubble_from_fire(state, target.hex, seen.value)
        spotted = counterbattery_spotting(
            state, firer, was_spotted=known is not None and known.grade is Sight.SPOTTED
        )
        events += [event for event in (rubble, spotted) if event is not None]
    return events

"""Who may fire and at what [000 5.0, 5.1, 5.4, 9.1]: the units able to fire now and the cost,
the hexes a unit may fire at directly (a spotted enemy it sees, in range and facing) or, for
indirect-fire artillery, through a spotter of its controlling organization, and the enemy unit
in a hex the fire falls on.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.panzer_campaigns import spotting
from engine.panzer_campaigns.allowance import movement_allowance, mp_left
from engine.panzer_campaigns.carrying import is_external_rider
from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.spotters import why_not_spotter
from engine.panzer_campaigns.command import is_detached
from engine.panzer_campaigns.engineering.mines import busy_with_mines
from engine.panzer_campaigns.phases import is_phased, target_mode, why_no_phased_fire
from engine.panzer_campaigns.sightings import Sight
from engine.panzer_campaigns.stacking import stacking_limit
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import ArtilleryKind, UnitClass
from schemas.panzer_campaigns.scenario import FortificationKind, Mode
from schemas.vocabulary import OptionalRule

DIRECT_FIRE_COST = 1 / 3
INDIRECT_FIRE_COST = 1 / 2
""""For most units, the cost of firing is 1/3 of the unit's Movement Allowance. For units
firing using Indirect Fire, the cost is 1/2" [000 5.1]."""

SHIP_COST_FACTOR = 2
""""Ships pay twice the normal firing cost" [000 5.1]."""

MECHANIZED_INFANTRY = frozenset({UnitClass.MOTORIZED_INFANTRY, UnitClass.MECHANIZED_INFANTRY})
"""Deployed motorized and mechanized infantry benefit from bunkers and pillboxes [000 5.2]."""

HARD_FORTIFICATIONS = frozenset({FortificationKind.BUNKER, FortificationKind.PILLBOX})

HEX_FIRE_LIMIT_STACKS = 3
"""Hex Fire Limitation: "at most 3 * X firings, measured in men equivalent strength" [000 5.1]."""


@dataclass(frozen=True, slots=True)
class FireTarget:
    """A hex a unit may fire at, and how."""

    hex: int
    kind: CombatKind
    """DIRECT_FIRE or INDIRECT_FIRE."""
    distance: int
    detached_spotters_only: bool = False
    """Indirect fire that only Detached units spot: half value [000 5.0]."""
    unknown: bool = False
    """Indirect fire at a hex whose units the side sees only as Unknown: 1/4 value [000 4.8]."""
    unspotted: bool = False
    """Indirect fire at a hex no valid spotter sees, under the Indirect Fire by the Map optional
    rule: 1/4 value [000 5.2]."""


def fire_cost(state: GameState, unit: UnitState, kind: CombatKind) -> float:
    """The movement points a fire costs: 1/3 of the Movement Allowance for direct fire, 1/2 for
    indirect fire, twice that for ships [000 5.1].

    Decision: none under phased play, where "units can fire regardless of having moved" and a
    unit fires once per Fire Phase [000 13.3]; a cost would let movement stop the Offensive
    Fire the rule grants, and would make Defensive Fire hang on what the defender left unspent
    in its own player turn.
    """
    if is_phased(state):
        return 0.0
    share = INDIRECT_FIRE_COST if kind is CombatKind.INDIRECT_FIRE else DIRECT_FIRE_COST
    if unit.unit.naval:
        share *= SHIP_COST_FACTOR
    return movement_allowance(state, unit) * share


def why_cannot_fire(state: GameState, unit: UnitState) -> str | None:
    """Why `unit` may not fire at all now, or None. HQs fire only at aircraft [000 9.1]; Broken
    units cannot fire [000 5.1]; Rail Mode units cannot, other than rail units [000 5.2];
    towed guns fire only unlimbered, so not in Travel Mode [000 5.0]; siege guns fire once a
    turn [000 5.4]; under phased play a unit fires once per Fire Phase, siege guns not in the
    Defensive Fire Phase [000 13.3]."""
    name = unit.id
    if not unit.on_map:
        return f"{name} is not on the map"
    if unit.carried_by is not None:  # [001 "Carry/Uncarry"] a passenger fights once set down
        return f"{name} rides on {unit.carried_by}; set it down first"
    if unit.is_hq:
        return f"{name} is an HQ: HQs fire only at aircraft"
    if unit.broken:
        return f"{name} is Broken and cannot fire"
    if unit.mode is Mode.RAIL and not unit.unit.rail_unit:
        return f"{name} is in Rail Mode and cannot fire"
    if unit.is_towed_gun and unit.mode is Mode.TRAVEL:
        return f"{name} is a towed gun in Travel Mode: it fires only unlimbered"
    if unit.unit.artillery_kind is ArtilleryKind.SIEGE_GUN and unit.fired == player_turn_index(
        state
    ):
        return f"{name} is a siege gun: it fires once a turn"
    if unit.unit.hard_attack <= 0 and unit.unit.soft_attack <= 0:
        return f"{name} has no fire value"
    return busy_with_mines(state, unit) or why_no_phased_fire(state, unit)


def is_hard_target(state: GameState, unit: UnitState) -> bool:
    """Hard targets: vehicles flagged Hard Target, and the units a bunker or pillbox protects,
    which "make the target Hard" [000 5.2, 5.3]."""
    if is_external_rider(state, unit):  # fired on as men "even when carried by a hard vehicle"
        return False
    return unit.unit.hard_target or fortification_of(state, unit) in HARD_FORTIFICATIONS


def fortification_of(state: GameState, unit: UnitState) -> FortificationKind | None:
    """The fortification that protects `unit` in its hex [000 5.2, 5.3]: only Deployed units;
    IP and trench protect all, bunker and pillbox non-vehicle units and motorized or mechanized
    infantry."""
    kind = state.fortifications.get(unit.hex)
    if kind is None or target_mode(state, unit) is not Mode.DEPLOYED:
        return None
    if kind in HARD_FORTIFICATIONS and unit.is_vehicle:
        return kind if unit.unit.unit_class in MECHANIZED_INFANTRY else None
    return kind


def attack_of(unit: UnitState, hard: bool) -> tuple[float, int]:
    """The attack value and range a unit fires with at a hard or a soft target [000 5.2]."""
    if hard:
        return unit.unit.hard_attack, unit.unit.hard_range
    return unit.unit.soft_attack, unit.unit.soft_range


def direction_towards(state: GameState, origin: int, goal: int) -> int:
    """The direction number of `origin`'s edge nearest the way to `goal`: the neighbour
    closest to it (first in direction order on a tie)."""
    board = state.board
    best, best_distance = 0, None
    for direction in range(6):
        neighbour = board.neighbor(origin, direction)
        if neighbour < 0:
            continue
        distance = board.distance(neighbour, goal)
        if best_distance is None or distance < best_distance:
            best, best_distance = direction, distance
    return best


def within_facing(state: GameState, unit: UnitState, hex_index: int) -> bool:
    """A unit with a scenario facing fires only "in the direction the unit is facing in plus
    the two adjacent directions" [000 5.4]; others fire all round."""
    if unit.facing is None:
        return True
    turn = (direction_towards(state, unit.hex, hex_index) - unit.facing) % 6
    return turn in (0, 1, 5)


def hex_fire_used(state: GameState, hex_index: int) -> int:
    """Men-equivalents that have fired from a hex this player turn [000 5.1]."""
    now, used = state.hex_fire.get(hex_index, (-1, 0))
    return used if now == player_turn_index(state) else 0


def hex_fire_allows(state: GameState, unit: UnitState) -> bool:
    """The Hex Fire Limitation [000 5.1]: fire from a hex stops at 3 x the stacking limit in
    men-equivalents per turn. Decision: a fire is allowed when what has fired from the hex plus
    the firer's own strength stays within it (the manual's example: a 1600 stack fires twice
    under a 1600 limit, then a second 1600 stack once: 4800), and the first fire from a hex
    is always allowed, so a unit bigger than the limit is not silenced."""
    used = hex_fire_used(state, unit.hex)
    limit = HEX_FIRE_LIMIT_STACKS * stacking_limit(state, unit.side)
    return used == 0 or used + unit.men_equivalent <= limit


def indirect_fire_into(state: GameState, hex_index: int) -> int:
    """Men-equivalents that have fired indirectly into a hex this player turn [001 #29]."""
    now, used = state.indirect_fire_into.get(hex_index, (-1, 0))
    return used if now == player_turn_index(state) else 0


def indirect_fire_cap_allows(state: GameState, unit: UnitState, hex_index: int) -> bool:
    """The Panzer Battles cap on indirect fire into one hex a turn, "1.5 x max stacking value
    (men-equivalent)" [001 #29] (Parameter Data `indirect_fire_hex_limit`, 0 = none).
    Decisions: the firing side's stacking limit; as for the Hex Fire Limitation, a fire is
    allowed when it keeps the total within the cap, and the first fire always is."""
    cap = state.parameters.combat.indirect_fire_hex_limit
    if cap <= 0:
        return True
    used = indirect_fire_into(state, hex_index)
    return used == 0 or used + unit.men_equivalent <= cap * stacking_limit(state, unit.side)


def controlling_organization(state: GameState, unit: UnitState) -> str | None:
    """The organization whose units spot for an indirect-fire unit [000 5.0]: its own, or the
    one above when its own is a troops organization at the level of what it belongs to (corps
    artillery spots through the whole corps)."""
    organizations = list(state.iter_organizations_above(unit))
    if not organizations:
        return None
    own = organizations[0]
    if len(organizations) > 1 and organizations[1].level == own.level:
        return organizations[1].id
    return own.id


def spotters_of(state: GameState, unit: UnitState, *, may_spot: bool = True) -> list[UnitState]:
    """The units that may spot for `unit`'s indirect fire: of its side and controlling
    organization, on the map and not Broken ("Broken units cannot perform spotting")
    [000 5.0], in Panzer Battles not moved or fired this turn [001 #10]
    (`engine.panzer_campaigns.combat.spotters.why_not_spotter`). The firing unit is one of them.
    With
    `may_spot` False, every unit of the organization, to tell a player why none may."""
    controlling = controlling_organization(state, unit)
    found = []
    for other in state.iter_units(unit.side):
        if may_spot and why_not_spotter(state, other) is not None:
            continue
        if controlling is None:
            if other is unit:
                found.append(other)
            continue
        if any(o.id == controlling for o in state.iter_organizations_above(other)):
            found.append(other)
    return found


def fire_targets(
    state: GameState, unit: UnitState, only: int | None = None
) -> dict[int, FireTarget]:
    """Every hex `unit` may fire at now, with how (see `FireTarget`); empty when it may not
    fire (`why_cannot_fire`, movement points, Hex Fire Limitation); `only` limits it to one
    hex. The enemy units considered are those the side sees (its sightings), not all of them.

    Direct fire: a hex holding an enemy unit the side has spotted in detail there, which the
    firer sees (line of sight within visibility), within the range of the attack that unit
    draws (hard or soft) and the firer's facing [000 5.0, 5.2, 5.4]. Indirect fire (units able
    to fire indirectly): a hex from 1 hex up to range holding enemy units the side sees,
    spotted or Unknown, that a spotter of its controlling organization sees [000 5.0], unless
    it is Unavailable [000 10.2] or Setup Required [000 10.3] (decision, digest 6.6 [INF]:
    Unavailable stops indirect fire only; the artillery may still fire directly at an adjacent
    target, as the manual says of artillery setting up).
    Decision: an indirect-fire unit fires directly at an adjacent target it sees itself, as
    the manual's Artillery Hard Target Mod ("artillery ... firing at a range of 1") implies
    such fire exists; from 2 hexes on it fires indirectly. Only hexes holding a unit the fire
    can fall on (`target_unit`: one it has an attack value against) are listed.

    Indirect Fire by the Map (optional) [000 5.2]: "Indirect fire against a hex not spotted by a
    friendly unit has 1/4 fire value". Decisions: the hexes are still only those holding enemy
    units the side sees (its sightings: by recon, air recon, dust, or a unit outside the
    controlling organization), so the rule never reveals what the side does not know; "spotted
    by a friendly unit" is read as seen by a valid spotter for indirect fire [000 5.0], so a
    hex only other friendly units see is at 1/4 too; the 1/4 compounds with an Unknown
    target's 1/4 [000 4.8], as separate modifiers of [000 5.2] do. Opportunity fire is not
    affected: it is fired at a unit seen moving [000 5.4]
    (`engine.panzer_campaigns.combat.opportunity_fire`).
    """
    if why_cannot_fire(state, unit) is not None or not hex_fire_allows(state, unit):
        return {}
    left = mp_left(state, unit)
    direct_ok = left >= fire_cost(state, unit, CombatKind.DIRECT_FIRE) - 1e-9
    indirect_ok = (
        unit.unit.indirect_fire
        and not unit.unavailable
        and not unit.setup_required  # [000 10.3] setting up, it may still fire directly
        and left >= fire_cost(state, unit, CombatKind.INDIRECT_FIRE) - 1e-9
    )
    board = state.board
    sightings = spotting.spotted_by(state, unit.side)
    grades: dict[int, Sight] = {}
    ranges: dict[int, int] = {}
    for enemy_id, seen in sightings.items():
        enemy = state.units[enemy_id]
        if seen.hex != enemy.hex or (only is not None and enemy.hex != only):
            continue
        grades[enemy.hex] = grades.get(enemy.hex, seen.grade) | seen.grade
        if seen.grade is Sight.SPOTTED:
            reach = attack_of(unit, is_hard_target(state, enemy))
            if reach[0] > 0:
                ranges[enemy.hex] = max(ranges.get(enemy.hex, 0), reach[1])
    targets: dict[int, FireTarget] = {}
    spotters: list[UnitState] | None = None
    indirect_range = max(unit.unit.soft_range, unit.unit.hard_range)
    for hex_index, grade in grades.items():
        distance = board.distance(unit.hex, hex_index)
        if not within_facing(state, unit, hex_index):
            continue
        direct = (
            direct_ok
            and grade is Sight.SPOTTED
            and 1 <= distance <= ranges.get(hex_index, 0)
            and (not unit.unit.indirect_fire or distance == 1)
            and spotting.sees(state, unit.hex, hex_index)
        )
        if direct:
            targets[hex_index] = FireTarget(hex_index, CombatKind.DIRECT_FIRE, distance)
            continue
        if not indirect_ok or not 1 <= distance <= indirect_range:
            continue
        if not indirect_fire_cap_allows(state, unit, hex_index):
            continue
        if spotters is None:
            spotters = spotters_of(state, unit)
        seeing = [s for s in spotters if spotting.sees(state, s.hex, hex_index)]
        if not seeing and not state.is_rule_on(OptionalRule.INDIRECT_FIRE_BY_THE_MAP):
            continue
        targets[hex_index] = FireTarget(
            hex_index,
            CombatKind.INDIRECT_FIRE,
            distance,
            detached_spotters_only=bool(seeing) and all(is_detached(state, s) for s in seeing),
            unknown=grade is Sight.UNKNOWN,
            unspotted=not seeing,
        )
    # A hex is a target only if the fire can fall on one of its units: a mortar with no hard
    # attack lists no hex of tanks alone, so every hex listed can be fired at.
    return {h: t for h, t in targets.items() if target_unit(state, unit, t) is not None}


def target_unit(state: GameState, unit: UnitState, target: FireTarget) -> UnitState | None:
    """The enemy unit in the target hex the fire falls on. Decision (the manual names "the
    target unit" but not how it is chosen): the strongest in men-equivalents that the fire can
    reach (one the firer has an attack value against; for direct fire one spotted in detail and
    in range), the first in the stack on a tie, so the preview shows what the fire will do."""
    sightings = spotting.spotted_by(state, unit.side)
    best: UnitState | None = None
    for enemy in state.units_at(target.hex):
        if enemy.side is unit.side or (
            enemy.carried_by is not None and not is_external_rider(state, enemy)
        ):
            continue  # only external passengers "can be fired upon" [001 "Carry/Uncarry"]
        seen = sightings.get(enemy.id)
        if seen is None or seen.hex != enemy.hex:
            continue
        attack, reach = attack_of(unit, is_hard_target(state, enemy))
        if attack <= 0:
            continue
        if target.kind is CombatKind.DIRECT_FIRE and (
            seen.grade is not Sight.SPOTTED or target.distance > reach
        ):
            continue
        if best is None or enemy.men_equivalent > best.men_equivalent:
            best = enemy
    return best

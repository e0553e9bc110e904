"""What one fire would do before it is fired [000 5.1, 5.2, 5.3, 10.2, 11.0]: the combat value
with every modifier named, the casualty range it gives, and the target unit, for the player and
for `engine.panzer_campaigns.combat.fire` to resolve.

Decision (digest 3.2 [GAP]: "Whether percentage modifiers combine additively or
multiplicatively is not stated"): the percentage modifiers (quality, fatigue, elevation, hexside,
terrain, fortification) are summed into one modifier, as the manual does for quality and fatigue
in assaults [000 6.2] and as its combat results example applies one ("50 (= 40 + 25%)"
[000 12.0]); the fractional ones (1/2, 1/4, range, armour effectiveness, Parameter Data
multipliers) multiply the value.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.panzer_campaigns.carrying import RIDER_DEFENSE, is_external_rider
from engine.panzer_campaigns.combat.artillery_setup import stockpiled_fire_factor
from engine.panzer_campaigns.combat.fatigue import fatigue_level
from engine.panzer_campaigns.combat.fire_targets import (
    FireTarget,
    attack_of,
    direction_towards,
    fire_cost,
    fortification_of,
    is_hard_target,
)
from engine.panzer_campaigns.combat.fire_values import (
    armor_effectiveness,
    combat_value,
    infantry_effectiveness,
    quality_fire_modifier_pct,
    range_divisor,
    stack_fire_factor,
)
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.modifiers import fatigue_modifier_pct
from engine.panzer_campaigns.combat.results import (
    casualty_range,
    combat_values,
    uses_alternative_calculation,
)
from engine.panzer_campaigns.combat.terrain import terrain_of
from engine.panzer_campaigns.combat.vehicle_cover import (
    fortification_share,
    terrain_benefit_pct,
    vehicle_share,
)
from engine.panzer_campaigns.patrols import PATROL_COMBAT_FACTOR
from engine.panzer_campaigns.phases import Step, current_step, fire_factors, target_mode
from engine.panzer_campaigns.stacking import per_side, stacking_in, stacking_limit
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import ArtilleryKind, UnitClass
from schemas.panzer_campaigns.scenario import FortificationKind, Mode
from schemas.vocabulary import Condition

INFANTRY_CLASSES = frozenset(
    {
        UnitClass.INFANTRY,
        UnitClass.MOTORIZED_INFANTRY,
        UnitClass.MECHANIZED_INFANTRY,
        UnitClass.AIRBORNE,
    }
)
"""The classes whose fire uses infantry effectiveness [000 5.2]."""

HARD_TARGET_ARTILLERY = frozenset(
    {ArtilleryKind.ARTILLERY, ArtilleryKind.HEAVY_ARTILLERY, ArtilleryKind.SIEGE_GUN}
)
"""The Artillery Hard Target Mod's "artillery or heavy artillery" [000 5.2]; siege guns "are
like Heavy Artillery" [000 5.4]."""

SIEGE_GUN_PILLBOX_FACTOR = 50
"""Siege guns "when fired against Pillboxes have their nominal fire value multiplied by 50"
[000 5.4]."""


@dataclass(frozen=True, slots=True)
class FireModifier:
    """One named modifier of a fire: a factor on the value, or a percentage."""

    name: str
    factor: float = 1.0
    pct: float = 0.0

    def describe(self) -> str:
        """As a player reads it: "x1/2 disrupted", "-20% village"."""
        if self.pct:
            return f"{self.pct:+g}% {self.name}"
        if self.factor == 1:  # it changes the defense, which its name says
            return self.name
        return f"x{self.factor:.3g} {self.name}"


@dataclass(frozen=True, slots=True)
class FirePreview:
    """What a fire would do: the numbers [000 5.1] and the casualty range [000 12.0]."""

    firer: str
    target: str
    hex: int
    kind: CombatKind
    attack: float
    """The firer's hard or soft attack value."""
    strength: float
    """Men-equivalents firing (effective strength for infantry)."""
    defense: float
    """The target's modified Defense."""
    modifiers: tuple[FireModifier, ...]
    value: float
    """The combat value before the percentage modifier."""
    modifier_pct: float
    """The sum of the percentage modifiers."""
    low: float
    high: float
    """The casualty range in men-equivalents [000 12.0]."""
    mp_cost: float
    hard_target: bool
    disruption_factor: float
    """What the loss counts for in the morale check: 2 for the special disruption rules."""
    alternative: bool
    """Whether the result averages two draws (Alternative Fire Calculation) [000 12.0]."""
    unknown: bool = False
    """Fire at an Unknown target: "the combat results will not be known" [000 8.1], so a
    player's view shows neither the target nor its losses."""


def frozen_penalty_pct(state: GameState, unit: UnitState) -> float:
    """The Frozen Penalty of `unit`'s side during a Frozen turn, else 0 [000 11.0]."""
    if state.weather.condition is not Condition.FROZEN:
        return 0.0
    return per_side(state.parameters.recovery.frozen_penalty, unit.side)


def firing_strength(state: GameState, unit: UnitState) -> float:
    """The men-equivalents a unit fires with: its strength (a gun or vehicle is 10 men), and
    for infantry its effective strength, full strength times the Infantry Effectiveness of
    its remaining share [000 5.2]."""
    if unit.unit.unit_class not in INFANTRY_CLASSES or unit.is_vehicle:
        return float(unit.men_equivalent)
    full = unit.unit.strength
    if full <= 0:
        return 0.0
    combat = state.parameters.combat
    return full * infantry_effectiveness(
        unit.strength / full, combat.infantry_effectiveness_men, combat.infantry_effectiveness_fire
    )


def _firer_modifiers(state: GameState, unit: UnitState, target: FireTarget) -> list[FireModifier]:
    """The modifiers of the firing unit's own state [000 4.2, 5.0, 5.1, 5.2, 10.2, 11.0].
    Stockpiled artillery [10.3] is not here: the engine has no such state yet (issue "Every
    other rule of the manuals")."""
    found = []
    combat = state.parameters.combat
    quality = quality_fire_modifier_pct(unit.unit.quality, combat.quality_fire_modifier)
    if quality:
        found.append(FireModifier(f"quality {unit.unit.quality.value}", pct=quality))
    fatigue = fatigue_modifier_pct(fatigue_level(unit.fatigue, state.profile.fatigue_max))
    if fatigue:
        found.append(FireModifier("fatigue", pct=fatigue))
    if unit.disrupted:
        found.append(FireModifier("disrupted", 0.5))
    stockpiled = stockpiled_fire_factor(state, unit)
    if stockpiled is not None:  # [000 10.3] "the fire value of Stockpiled units"
        found.append(FireModifier("stockpiled", stockpiled))
    if unit.patrolling:  # [000 4.2] "a 3/4 assault and fire value"
        found.append(FireModifier("patrolling", PATROL_COMBAT_FACTOR))
    if unit.low_ammo or unit.digging_in:
        # [000 5.2] "Firer Digging-In or Low Ammo x1/2". Decision: one halving for either or
        # both, as the manual names them in one modifier (and as the assault's defender
        # halving for "Disrupted, Low Ammo or Digging-In" does not stack [000 6.1]).
        names = [
            n for n, on in (("digging in", unit.digging_in), ("low ammo", unit.low_ammo)) if on
        ]
        found.append(FireModifier(", ".join(names), 0.5))
    if unit.mode is Mode.TRAVEL:
        terrain = terrain_of(state, unit.hex)
        road_only = terrain.vehicles_road_only and (unit.is_vehicle or unit.is_towed_gun)
        found.append(
            FireModifier(
                "travel mode, road-only hex" if road_only else "travel mode",
                0.25 if road_only else 0.5,
            )
        )
    if target.detached_spotters_only:
        found.append(FireModifier("only Detached spotters", 0.5))
    if target.unknown:
        found.append(FireModifier("Unknown target", 0.25))
    if target.unspotted:  # [000 5.2] Indirect Fire by the Map
        found.append(FireModifier("no spotter sees the hex (by the map)", 0.25))
    if state.weather.storm:
        found.append(FireModifier("storm", 0.5))
    frozen = frozen_penalty_pct(state, unit)
    if frozen:
        # "The attack value ... is reduced by half the Frozen Penalty" [000 11.0]
        found.append(FireModifier("frozen", 1 - frozen / 200))
    if unit.unit.naval:
        found.append(FireModifier("ship", 2.0))
    if target.kind is CombatKind.INDIRECT_FIRE and current_step(state) is Step.DEFENSIVE_FIRE:
        # [000 5.2] Indirect Mod "during the Defensive Fire Phase" (Opportunity Fire, the other
        # case, passes it as `extra`); "If the Indirect Mod value for a side is 100%, then
        # there is no change"
        indirect = per_side(combat.indirect_modifier, unit.side)
        if indirect != 100:
            found.append(FireModifier("Indirect Mod", indirect / 100))
    found += [FireModifier(name, factor) for name, factor in fire_factors(state, unit)]
    return found


def _target_modifiers(
    state: GameState, unit: UnitState, enemy: UnitState, target: FireTarget
) -> tuple[list[FireModifier], float]:
    """The modifiers of the target and the way to it, and the target's modified Defense
    [000 5.2, 5.3, 10.2]."""
    found = []
    board = state.board
    combat = state.parameters.combat
    direct = target.kind is CombatKind.DIRECT_FIRE
    defense = float(enemy.unit.defense)
    if is_external_rider(state, enemy):
        defense = RIDER_DEFENSE
        found.append(FireModifier(f"external riders: defense {RIDER_DEFENSE}"))
    if enemy.vulnerable:  # [001 "Hedge Row Rules"] "become Vulnerable and have half defense"
        defense *= 0.5
        found.append(FireModifier("vulnerable after a hedge row: defense halved"))
    if direct and board.elevation[enemy.hex] > board.elevation[unit.hex]:
        elevation = combat.elevation_modifier / (2 if unit.unit.mountain else 1)
        if elevation:
            found.append(FireModifier("higher target", pct=elevation))
    if direct:
        edge = direction_towards(state, enemy.hex, unit.hex)
        kinds = board.edge_kinds(enemy.hex, edge)
        hexside = min((combat.hexside_modifiers.get(k, 0) for k in kinds), default=0)
        if hexside:
            found.append(FireModifier("hexside", pct=hexside))
    if target_mode(state, enemy) is Mode.DEPLOYED:  # a Deploying unit is not yet [000 13.3]
        terrain = terrain_of(state, enemy.hex)
        cover = vehicle_share(state, (enemy,))  # [001 #18] vehicles get 1/2 the benefit
        if terrain.defense_modifier:
            pct = terrain_benefit_pct(terrain.defense_modifier, cover)
            name = terrain.name.lower()
            if pct != terrain.defense_modifier:
                name += f" (vehicle, 1/{round(1 / cover)} benefit)"
            found.append(FireModifier(name, pct=pct))
        fort = fortification_of(state, enemy)
        if fort is not None:
            effect = getattr(state.parameters.fortifications, fort.value)
            # [000 5.3] a vacated fort, or one lost in an assault, gives half its benefits
            share = 2 if enemy.hex in state.reduced_forts else 1
            name = fort.value.replace("_", " ") + (" (reduced)" if share == 2 else "")
            kept = fortification_share(fort, cover) / share
            if fortification_share(fort, cover) != 1:
                name += f" (vehicle, 1/{round(1 / cover)} benefit)"
            found.append(FireModifier(name, pct=effect.fire_modifier * kept))
            defense += effect.defense_bonus * kept
    else:
        # "Target units in Travel or Rail Mode do not benefit from any terrain effect"
        defense *= 0.25 if enemy.is_towed_gun else 0.5
    if enemy.low_fuel:
        defense *= 0.5
    frozen = frozen_penalty_pct(state, enemy)
    if frozen:
        # "reduced by the Frozen Penalty", by half of it in urban hexes [000 11.0]
        urban = terrain_of(state, enemy.hex).urban
        defense *= 1 - frozen / (200 if urban else 100)
    return found, defense


def preview_fire(
    state: GameState,
    unit: UnitState,
    enemy: UnitState,
    target: FireTarget,
    extra: tuple[FireModifier, ...] = (),
) -> FirePreview:
    """The preview of `unit` firing at `enemy` in `target` [000 5.1, 5.2, 12.0].

    Decisions: armour effectiveness applies to direct fire at an armoured target (a vehicle
    Hard Target) and multiplies the value on top of the division by Defense, as the manual
    lists it among fire modifiers [000 5.2]; the Artillery Hard Target Mod applies to artillery
    and heavy artillery up to `artillery_hard_target_range` hexes (1 PzC, 4 PB [001]); the
    special disruption rules double the loss the morale check reads for indirect fire at a
    hard target or an HQ, and for towed AT guns or towed heavy AA at a hard vehicle [000 5.2].
    `extra` are modifiers of the circumstances the caller knows (opportunity fire's Indirect
    Mod).
    """
    combat = state.parameters.combat
    hard = is_hard_target(state, enemy)
    attack, _ = attack_of(unit, hard)
    strength = firing_strength(state, unit)
    modifiers = _firer_modifiers(state, unit, target) + list(extra)
    target_mods, defense = _target_modifiers(state, unit, enemy, target)
    modifiers += target_mods
    if target.kind is CombatKind.DIRECT_FIRE:
        divisor = range_divisor(target.distance, combat.range_effect)
        if divisor != 1:
            modifiers.append(FireModifier(f"range {target.distance}", 1 / divisor))
        if enemy.unit.hard_target and enemy.is_vehicle:
            arms = armor_effectiveness(unit.unit.hard_attack, defense)
            if arms != 1:
                ratio = unit.unit.hard_attack / defense if defense else 0
                modifiers.append(FireModifier(f"armour (arms {ratio:.0%})", arms))
    artillery = unit.unit.artillery_kind in HARD_TARGET_ARTILLERY
    if (
        hard
        and artillery
        and target.distance <= combat.artillery_hard_target_range
        and combat.artillery_hard_target != 1
    ):
        modifiers.append(FireModifier("artillery at hard target", combat.artillery_hard_target))
    if (
        unit.unit.artillery_kind is ArtilleryKind.SIEGE_GUN
        and fortification_of(state, enemy) is FortificationKind.PILLBOX
    ):
        modifiers.append(FireModifier("siege gun at pillbox", SIEGE_GUN_PILLBOX_FACTOR))
    stack = stack_fire_factor(
        stacking_in(state, enemy.hex, enemy.side),
        stacking_limit(state, enemy.side),
        combat.stack_fire_max,
    )
    if stack != 1:
        modifiers.append(FireModifier("stack", stack))
    factors = 1.0
    pct = 0.0
    for modifier in modifiers:
        factors *= modifier.factor
        pct += modifier.pct
    value = combat_value(attack * strength, factors, defense)
    low_cv, high_cv = combat_values(state, target.kind)
    low, high = casualty_range(value, pct, low_cv, high_cv)
    disruption = 1.0
    if target.kind is CombatKind.INDIRECT_FIRE and (hard or enemy.is_hq):
        disruption = 2.0
    elif (unit.unit.anti_tank or unit.is_heavy_aa) and unit.is_towed_gun and enemy.is_vehicle:
        disruption = 2.0 if enemy.unit.hard_target else 1.0
    return FirePreview(
        unit.id,
        enemy.id,
        target.hex,
        target.kind,
        attack,
        strength,
        defense,
        tuple(modifiers),
        value,
        pct,
        low,
        high,
        fire_cost(state, unit, target.kind),
        hard,
        disruption,
        uses_alternative_calculation(state, target.kind),
        target.unknown,
    )

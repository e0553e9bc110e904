"""The modifiers of an assault, named [000 5.3, 6.1, 6.2, 11.0; 001 #12]: each side's assault
value and strength-weighted average defense with the factors that cut it (Travel Mode, Low Ammo,
Disrupted, Broken, facing, combined arms, hedgerow, storm, frozen) and the percentages that
modify it (quality and fatigue, hexside, terrain, fortification, combined organizations).

Decisions, each with its section:
- As for fire, the percentage modifiers (unit modifier, hexside, terrain, fortification,
  Combined Organization Penalty) are summed into one modifier per side, and the fractional ones
  (1/4, 1/2, storm, frozen) multiply the assault value [000 6.2, 12.0].
- The defenders' fortification counts as it does against fire: its fire modifier modifies the
  attackers' assault value, a bunker's or pillbox's defense bonus adds to the defense of the
  units it protects; half of both for a reduced fort (vacated, or held by defenders who lost
  an assault and could not retreat) [000 5.3]; Demolition Units halve the bonus [000 6.2].
- Panzer Battles vehicles get 1/2 the terrain's benefit and an improved position's or
  trench's [001 #18] (`engine.panzer_campaigns.combat.vehicle_cover`): halved when all the defenders
  the cover
  protects are vehicles.
- "Maximum hex side modifier" (digest Appendix C #6): the most severe (lowest) modifier of
  the hexsides the attackers cross applies.
- A "non-Clear" hex for the Combined Arms Penalty is a terrain with a terrain modifier: the
  legend has no Clear flag, and Clear is the terrain that modifies nothing.
- Under the Alternate Assault optional rule a unit's range-0 Hard Attack adds to its assault
  value when the other side has hard targets [000 6.2].
- A defender's own factors do not compound: facing (0) before Broken (1/4), Travel or Rail
  Mode (1/4), then Disrupted, Low Ammo or Digging-In (1/2) [000 6.1].
- The Frozen Penalty: assault values lose half the side's penalty, the defenders' defense the
  whole of theirs (half in urban hexes), as for fire [000 11.0].
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.panzer_campaigns.combat.assault_targets import AssaultTarget
from engine.panzer_campaigns.combat.assault_values import combined_arms_penalty
from engine.panzer_campaigns.combat.fire_preview import INFANTRY_CLASSES, frozen_penalty_pct
from engine.panzer_campaigns.combat.fire_targets import (
    HARD_FORTIFICATIONS,
    MECHANIZED_INFANTRY,
    direction_towards,
    fortification_of,
    is_hard_target,
)
from engine.panzer_campaigns.combat.modifiers import attackers_modifier_pct, defenders_modifier_pct
from engine.panzer_campaigns.combat.terrain import terrain_of
from engine.panzer_campaigns.combat.vehicle_cover import (
    fortification_share,
    terrain_benefit_pct,
    vehicle_share,
)
from engine.panzer_campaigns.engineering.status import half_defense_reason
from engine.panzer_campaigns.patrols import PATROL_COMBAT_FACTOR
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import Component, OrgLevel
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import HexsideKind, OptionalRule


@dataclass(frozen=True, slots=True)
class AssaultModifier:
    """One named modifier of an assault, on the attackers' or the defenders' side: a factor on
    the assault value, or a percentage."""

    name: str
    factor: float = 1.0
    pct: float = 0.0

    def describe(self) -> str:
        """As a player reads it: "x0.25 A: travel mode", "-20% combined organizations"."""
        if self.pct:
            return f"{self.pct:+g}% {self.name}"
        if self.factor == 1:
            return self.name
        return f"x{self.factor:.3g} {self.name}"


def counts_as_vehicle(unit: UnitState) -> bool:
    """Vehicles for the terrain, bocage and hedgerow rules of an assault, and "motorized and
    mechanized infantry when they are in Travel Mode, but not when they are Deployed"
    [000 6.2]."""
    if unit.is_vehicle:
        return True
    return unit.unit.unit_class in MECHANIZED_INFANTRY and unit.mode is Mode.TRAVEL


def _is_infantry(unit: UnitState) -> bool:
    return unit.unit.component is Component.MEN and unit.unit.unit_class in INFANTRY_CLASSES


def division_key(state: GameState, unit: UnitState) -> tuple[str | None, str | None]:
    """(division, corps) a unit belongs to, for the Combined Organization Penalty."""
    division = corps = None
    top = None
    for organization in state.iter_organizations_above(unit):
        top = organization.id
        if division is None and organization.level is OrgLevel.DIVISION:
            division = organization.id
        if corps is None and organization.level is OrgLevel.CORPS:
            corps = organization.id
    return division, corps or (None if division else top)


def organizations_differ(state: GameState, attackers: Sequence[UnitState]) -> bool:
    """The Combined Organization Penalty [000 6.2]: units "from differing divisional-level
    organizations" combine; corps-level units of different corps combine, but not corps-level
    units with a division of the same corps. Decision: a unit in no division counts by its
    corps (or the top of its tree when it has no corps)."""
    keys = [division_key(state, unit) for unit in attackers]
    divisions = {division for division, _ in keys if division is not None}
    if len(divisions) > 1:
        return True
    corps_only = {corps for division, corps in keys if division is None}
    if not corps_only:
        return False
    corps_all = corps_only | {corps for division, corps in keys if division is not None and corps}
    return len(corps_all) > 1


def _unit_assault(state: GameState, unit: UnitState, other_hard: bool) -> float:
    value = unit.unit.assault
    static = unit.unit
    if (
        other_hard
        and static.hard_range == 0
        and static.hard_attack > 0
        and state.is_rule_on(OptionalRule.ALTERNATE_ASSAULT)
    ):
        value += static.hard_attack  # range-0 anti-tank weapons [000 6.2]
    return value


@dataclass(slots=True)
class SideTotals:
    """One side's totals as they are built."""

    assault: float = 0.0
    defense_weight: float = 0.0
    strength: int = 0


def attack_side(
    state: GameState,
    attackers: Sequence[UnitState],
    targets: Sequence[AssaultTarget],
    defenders: Sequence[UnitState],
) -> tuple[SideTotals, list[AssaultModifier], float]:
    """The attackers' assault value, weighted defense and modifiers [000 6.1, 6.2; 001 #12]."""
    board = state.board
    hex_index = targets[0].hex
    terrain = terrain_of(state, hex_index)
    defenders_hard = any(is_hard_target(state, d) for d in defenders)
    combined_arms_applies = terrain.defense_modifier != 0
    hedgerow_hexes = set()
    if state.profile.hedgerow_assault:
        for unit, target in zip(attackers, targets, strict=True):
            if HexsideKind.HEDGEROW in board.edge_kinds(unit.hex, target.direction):
                hedgerow_hexes.add(unit.hex)
    # [000 6.2] Combined Arms Penalty: per attacking hex, (infantry, vehicles).
    hexes = sorted({unit.hex for unit in attackers})
    penalised: dict[int, int] = {}
    if combined_arms_applies:
        per_hex = [
            (
                sum(u.strength for u in attackers if u.hex == h and _is_infantry(u)),
                sum(u.strength for u in attackers if u.hex == h and u.is_vehicle),
            )
            for h in hexes
        ]
        defending_infantry = sum(d.strength for d in defenders if _is_infantry(d))
        penalty = combined_arms_penalty(per_hex, defending_infantry)
        penalised = {h: n for h, n in zip(hexes, penalty, strict=True) if n}
    bocage = state.profile.bocage_assault and terrain.bocage
    side = SideTotals()
    found: list[AssaultModifier] = []
    for unit in attackers:
        value = _unit_assault(state, unit, defenders_hard) * unit.men_equivalent
        defense = unit.unit.defense
        factor = 1.0
        if unit.mode is Mode.TRAVEL or unit.low_ammo:
            why = "travel mode" if unit.mode is Mode.TRAVEL else "low ammo"
            found.append(AssaultModifier(f"{unit.id}: {why}", 0.25))
            factor *= 0.25
        if unit.patrolling:  # [000 4.2] "a 3/4 assault and fire value"
            found.append(AssaultModifier(f"{unit.id}: patrolling", PATROL_COMBAT_FACTOR))
            factor *= PATROL_COMBAT_FACTOR
        if unit.vulnerable:  # [001 "Hedge Row Rules"] half defense value
            found.append(AssaultModifier(f"{unit.id}: vulnerable, defense halved"))
            defense *= 0.5
        vehicle = counts_as_vehicle(unit)
        if vehicle and unit.hex in hedgerow_hexes:
            found.append(AssaultModifier(f"{unit.id}: across a hedgerow", 0.5))
            factor *= 0.5
            defense *= 0.5
        if vehicle and bocage:
            found.append(AssaultModifier(f"{unit.id}: defense halved in bocage"))
            defense *= 0.5
        value *= factor
        left = penalised.get(unit.hex, 0)
        if unit.is_vehicle and left and unit.strength:
            count = min(left, unit.strength)
            penalised[unit.hex] = left - count
            cut = value * count / unit.strength / 2
            found.append(
                AssaultModifier(
                    f"{unit.id}: combined arms, {count} vehicles at half",
                    (value - cut) / value if value else 1.0,
                )
            )
            value -= cut
        side.assault += value
        side.defense_weight += defense * unit.men_equivalent
        side.strength += unit.men_equivalent
    lowest = attackers_modifier_pct(state, attackers)
    if lowest:
        found.append(AssaultModifier("lowest quality and fatigue", pct=lowest))
    crossed = [
        state.parameters.combat.hexside_modifiers.get(kind, 0)
        for unit, target in zip(attackers, targets, strict=True)
        for kind in board.edge_kinds(unit.hex, target.direction)
    ]
    hexside = min(crossed, default=0)
    if hexside:
        found.append(AssaultModifier("hexside", pct=hexside))
    cover = vehicle_share(state, defenders)  # [001 #18] vehicle defenders: 1/2 the benefit
    halved = f" (vehicle defenders, 1/{round(1 / cover)} benefit)" if cover != 1 else ""
    if any(counts_as_vehicle(u) for u in attackers) and terrain.defense_modifier:
        pct = terrain_benefit_pct(terrain.defense_modifier, cover)
        name = f"vehicles into {terrain.name.lower()}"
        found.append(
            AssaultModifier(name + (halved if pct != terrain.defense_modifier else ""), pct=pct)
        )
    fort = state.fortifications.get(hex_index)
    protected = [d for d in defenders if fortification_of(state, d) is not None]
    if fort is not None and protected:
        effect = getattr(state.parameters.fortifications, fort.value).fire_modifier
        reduced = hex_index in state.reduced_forts
        name = fort.value.replace("_", " ") + (" (reduced)" if reduced else "")
        kept = fortification_share(fort, vehicle_share(state, protected))
        if kept != 1:
            name += f" (vehicle defenders, 1/{round(1 / kept)} benefit)"
        found.append(AssaultModifier(name, pct=effect * kept / (2 if reduced else 1)))
    if len(attackers) > 1 and organizations_differ(state, attackers):
        found.append(AssaultModifier("combined organizations", pct=-20))
    pct = sum(modifier.pct for modifier in found)
    if state.weather.storm:  # "All attack and assault values are reduced by 1/2" [000 11.0]
        found.append(AssaultModifier("storm", 0.5))
        side.assault *= 0.5
    frozen = frozen_penalty_pct(state, attackers[0])
    if frozen:  # assault values lose half the Frozen Penalty [000 11.0]
        found.append(AssaultModifier("frozen", 1 - frozen / 200))
        side.assault *= 1 - frozen / 200
    return side, found, pct


def defense_side(
    state: GameState,
    defenders: Sequence[UnitState],
    attackers: Sequence[UnitState],
    targets: Sequence[AssaultTarget],
) -> tuple[SideTotals, list[AssaultModifier], float]:
    """The defenders' assault value, weighted defense and modifiers [000 5.3, 6.1, 6.2]."""
    hex_index = targets[0].hex
    attackers_hard = any(is_hard_target(state, a) for a in attackers)
    demolition = any(a.unit.demolition for a in attackers)
    reduced = hex_index in state.reduced_forts
    side = SideTotals()
    found: list[AssaultModifier] = []
    for unit in defenders:
        value = _unit_assault(state, unit, attackers_hard) * unit.men_equivalent
        factor = 1.0
        reasons = []
        if unit.facing is not None and all(
            (direction_towards(state, unit.hex, a.hex) - unit.facing) % 6 not in (0, 1, 5)
            for a in attackers
        ):
            factor, reasons = 0.0, ["attacked through its rear"]
        elif unit.broken:
            factor, reasons = 0.25, ["broken"]
        elif unit.mode in (Mode.TRAVEL, Mode.RAIL):
            factor, reasons = 0.25, [f"{unit.mode.value} mode"]
        elif (engineering := half_defense_reason(state, unit)) is not None:
            factor, reasons = 0.5, [engineering]  # [000 6.2] engineers at work
        elif unit.disrupted or unit.low_ammo or unit.digging_in:
            factor = 0.5
            reasons = [
                why
                for flag, why in (
                    (unit.disrupted, "disrupted"),
                    (unit.low_ammo, "low ammo"),
                    (unit.digging_in, "digging in"),
                )
                if flag
            ][:1]
        if reasons:
            found.append(AssaultModifier(f"{unit.id}: {reasons[0]}", factor))
        defense = unit.unit.defense
        fort = fortification_of(state, unit)
        if fort in HARD_FORTIFICATIONS:
            assert fort is not None
            bonus = float(getattr(state.parameters.fortifications, fort.value).defense_bonus)
            if reduced:
                bonus /= 2
            if demolition:
                bonus /= 2
            defense += bonus
        if unit.vulnerable:  # [001 "Hedge Row Rules"] half defense value
            found.append(AssaultModifier(f"{unit.id}: vulnerable, defense halved"))
            defense *= 0.5
        frozen = frozen_penalty_pct(state, unit)
        if frozen:
            defense *= 1 - frozen / (200 if terrain_of(state, unit.hex).urban else 100)
        side.assault += value * factor
        side.defense_weight += defense * unit.men_equivalent
        side.strength += unit.men_equivalent
    if demolition and state.fortifications.get(hex_index) in HARD_FORTIFICATIONS:
        found.append(AssaultModifier("demolition units: fort defense bonus halved"))
    highest = defenders_modifier_pct(state, defenders)
    if highest:
        found.append(AssaultModifier("highest quality and fatigue", pct=highest))
    if state.weather.storm:
        found.append(AssaultModifier("storm", 0.5))
        side.assault *= 0.5
    frozen = frozen_penalty_pct(state, defenders[0])
    if frozen:
        found.append(AssaultModifier("frozen", 1 - frozen / 200))
        side.assault *= 1 - frozen / 200
    return side, found, float(highest)


def average_defense(side: SideTotals) -> float:
    return side.defense_weight / side.strength if side.strength else 0.0

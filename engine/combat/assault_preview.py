"""What one assault would do before it is resolved [000 6.1, 6.2, 6.3, 11.0, 12.0; 001 #12,
#22]: both sides' assault values and average defenses with every modifier named, the casualty
ranges of the two combat results, the chance of a morale check for each unit, the chance the
defenders are forced to retreat and the chance they cannot, for the player and for
`engine.combat.assault` to resolve.

Decisions, each with its section:
- As for fire, the percentage modifiers (unit modifier, hexside, terrain, fortification,
  Combined Organization Penalty) are summed into one modifier per side, and the fractional ones
  (1/4, 1/2, storm, frozen) multiply the assault value [000 6.2, 12.0].
- The combat value of each result is the assault value of one side over the average defense
  of the other, as the fire value is attack over defense [000 5.1, 6.3]; a defense below 1
  counts as 1.
- The defenders' fortification counts as it does against fire: its fire modifier modifies the
  attackers' assault value, a bunker's or pillbox's defense bonus adds to the defense of the
  units it protects; half of both for a reduced fort (vacated, or held by defenders who lost
  an assault and could not retreat) [000 5.3]; Demolition Units halve the bonus [000 6.2].
- "Maximum hex side modifier" (digest Appendix C #6): the most severe (lowest) modifier of
  the hexsides the attackers cross applies.
- A "non-Clear" hex for the Combined Arms Penalty is a terrain with a terrain modifier.
- Under the Alternate Assault optional rule a unit's range-0 Hard Attack adds to its assault
  value when the other side has hard targets [000 6.2].
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import spotting
from engine.combat.assault_retreat import Fate, plan_retreat
from engine.combat.assault_targets import AssaultTarget
from engine.combat.assault_values import (
    casualty_quantiles,
    combined_arms_penalty,
    mean_over,
)
from engine.combat.fatigue import fatigue_factor, fatigue_gain_range
from engine.combat.fire_preview import INFANTRY_CLASSES, frozen_penalty_pct
from engine.combat.fire_targets import (
    HARD_FORTIFICATIONS,
    MECHANIZED_INFANTRY,
    direction_towards,
    fortification_of,
    is_hard_target,
)
from engine.combat.kinds import CombatKind
from engine.combat.modifiers import attackers_modifier_pct, defenders_modifier_pct
from engine.combat.morale import (
    attacker_disruption_loss,
    fatigue_morale_modifier,
    morale,
    morale_check_base,
    morale_check_chance,
)
from engine.combat.results import casualty_range, combat_values, uses_alternative_calculation
from engine.sightings import Sight
from engine.state import GameState
from engine.units import UnitState
from schemas.map import TerrainType
from schemas.oob import Component, OrgLevel
from schemas.scenario import DayPhase, Mode
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


@dataclass(frozen=True, slots=True)
class AssaultPreview:
    """What an assault would do: both sides' numbers [000 6.3], the two casualty ranges
    [000 12.0] and the chances a player weighs before committing."""

    hex: int
    """The defending hex."""
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    attacker_assault: float
    """The attackers' total assault value with the factor modifiers applied."""
    attacker_defense: float
    """The attackers' strength-weighted average defense."""
    defender_assault: float
    defender_defense: float
    attacker_modifiers: tuple[AssaultModifier, ...]
    defender_modifiers: tuple[AssaultModifier, ...]
    attacker_modifier_pct: float
    """The sum of the attackers' percentage modifiers."""
    defender_modifier_pct: float
    value: float
    """The attackers' combat value against the defenders, before the percentage modifier."""
    defender_value: float
    """The defenders' combat value against the attackers."""
    defender_low: float
    defender_high: float
    """The defenders' casualty range, men-equivalents [000 12.0]."""
    attacker_low: float
    attacker_high: float
    retreat_chance: float
    """The chance the defenders are forced to retreat: all Disrupted or Broken while an
    attacker is neither [000 6.3]."""
    capture_chance: float
    """The chance the defenders are forced out but some cannot retreat (captured men,
    elimination) [000 6.3]."""
    defender_checks: tuple[tuple[str, float], ...]
    """Each defender and the chance its losses call for a morale check [000 12.0]."""
    attacker_checks: tuple[tuple[str, float], ...]
    """Each attacker and the chance of a morale check (losses x the disruption factor)."""
    mp_costs: tuple[tuple[str, float], ...]
    """Each attacker and the movement points the assault costs it [000 6.1]."""
    disruption_factor: float
    """What the attackers' losses count for in their morale checks: 2, x2 at night, x100/(100+M)
    for the defending hex's terrain modifier M [000 6.3]."""
    overrun: bool
    """Panzer Battles: every defender has Assault 0, so it is overrun for the movement cost
    only [001 #22]."""
    alternative: bool
    """Whether the results average two draws (Alternative Melee Calculation) [000 12.0]."""
    unknown: bool = False
    """The attacking side sees the defenders only as Unknown: a player's view hides their
    numbers."""


def counts_as_vehicle(unit: UnitState) -> bool:
    """Vehicles for the terrain, bocage and hedgerow rules of an assault, and "motorized and
    mechanized infantry when they are in Travel Mode, but not when they are Deployed"
    [000 6.2]."""
    if unit.is_vehicle:
        return True
    return unit.unit.unit_class in MECHANIZED_INFANTRY and unit.mode is Mode.TRAVEL


def _is_infantry(unit: UnitState) -> bool:
    return unit.unit.component is Component.MEN and unit.unit.unit_class in INFANTRY_CLASSES


def _terrain(state: GameState, hex_index: int) -> TerrainType:
    board = state.board
    return board.legend[board.terrain_ids[board.terrain[hex_index]]]


def disruption_factor(state: GameState, hex_index: int) -> float:
    """The attackers' disruption multiplier [000 6.3] (see
    `engine.combat.morale.attacker_disruption_loss`)."""
    night = state.clock.phase_of(state.turn) is DayPhase.NIGHT
    return attacker_disruption_loss(
        1.0, night=night, terrain_modifier_pct=_terrain(state, hex_index).defense_modifier
    )


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


def _morale_at(state: GameState, unit: UnitState, fatigue: float) -> int:
    """The unit's Morale were its fatigue `fatigue`."""
    fatigue_max = state.profile.fatigue_max
    now = fatigue_morale_modifier(unit.fatigue, fatigue_max)
    then = fatigue_morale_modifier(min(int(fatigue), fatigue_max), fatigue_max)
    return morale(state, unit) - now + then


def fail_chance(
    state: GameState, unit: UnitState, loss: float, factor: float, *, attacking: bool
) -> float:
    """The chance a nominal loss leaves `unit` Disrupted or Broken: 1 when it already is;
    otherwise the chance of a morale check times the chance of failing it, against the Morale
    the fatigue the loss adds leaves it (`engine.combat.losses.apply_losses`)."""
    if unit.disrupted or unit.broken:
        return 1.0
    check = morale_check_chance(loss * factor, morale_check_base(state, unit))
    if check <= 0:
        return 0.0
    low, high = fatigue_gain_range(
        loss,
        fatigue_factor(state, unit),
        attacking=attacking,
        from_zero=state.profile.fatigue_gain_from_zero,
    )
    points = [low + (k + 0.5) / 4 * (high - low) for k in range(4)]
    fails = mean_over(
        points,
        lambda gain: 1 - min(max(_morale_at(state, unit, unit.fatigue + gain), 0), 6) / 6,
    )
    return check * fails


@dataclass(slots=True)
class _Side:
    """One side's totals as they are built."""

    assault: float = 0.0
    defense_weight: float = 0.0
    strength: int = 0


def _attack_side(
    state: GameState,
    attackers: Sequence[UnitState],
    targets: Sequence[AssaultTarget],
    defenders: Sequence[UnitState],
) -> tuple[_Side, list[AssaultModifier], float]:
    """The attackers' assault value, weighted defense and modifiers [000 6.1, 6.2; 001 #12]."""
    board = state.board
    hex_index = targets[0].hex
    terrain = _terrain(state, hex_index)
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
    side = _Side()
    found: list[AssaultModifier] = []
    for unit in attackers:
        value = _unit_assault(state, unit, defenders_hard) * unit.men_equivalent
        defense = unit.unit.defense
        factor = 1.0
        if unit.mode is Mode.TRAVEL or unit.low_ammo:
            why = "travel mode" if unit.mode is Mode.TRAVEL else "low ammo"
            found.append(AssaultModifier(f"{unit.id}: {why}", 0.25))
            factor *= 0.25
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
    if any(counts_as_vehicle(u) for u in attackers) and terrain.defense_modifier:
        found.append(
            AssaultModifier(f"vehicles into {terrain.name.lower()}", pct=terrain.defense_modifier)
        )
    fort = state.fortifications.get(hex_index)
    if fort is not None and any(fortification_of(state, d) is not None for d in defenders):
        effect = getattr(state.parameters.fortifications, fort.value).fire_modifier
        reduced = hex_index in state.reduced_forts
        name = fort.value.replace("_", " ") + (" (reduced)" if reduced else "")
        found.append(AssaultModifier(name, pct=effect / (2 if reduced else 1)))
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


def _defense_side(
    state: GameState,
    defenders: Sequence[UnitState],
    attackers: Sequence[UnitState],
    targets: Sequence[AssaultTarget],
) -> tuple[_Side, list[AssaultModifier], float]:
    """The defenders' assault value, weighted defense and modifiers [000 5.3, 6.1, 6.2]."""
    hex_index = targets[0].hex
    attackers_hard = any(is_hard_target(state, a) for a in attackers)
    demolition = any(a.unit.demolition for a in attackers)
    reduced = hex_index in state.reduced_forts
    side = _Side()
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
        frozen = frozen_penalty_pct(state, unit)
        if frozen:
            defense *= 1 - frozen / (200 if _terrain(state, unit.hex).urban else 100)
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


def _average_defense(side: _Side) -> float:
    return side.defense_weight / side.strength if side.strength else 0.0


def _shares(units: Sequence[UnitState]) -> list[float]:
    total = sum(u.men_equivalent for u in units)
    return [u.men_equivalent / total if total else 0.0 for u in units]


def _check_chance(
    state: GameState, unit: UnitState, losses: Sequence[float], share: float, factor: float
) -> float:
    """The chance a unit's share of a side's losses calls for a morale check [000 12.0]."""
    base = morale_check_base(state, unit)
    return mean_over(losses, lambda loss: morale_check_chance(loss * share * factor, base))


def preview_assault(
    state: GameState,
    attackers: Sequence[UnitState],
    targets: Sequence[AssaultTarget],
    defenders: Sequence[UnitState],
) -> AssaultPreview:
    """The preview of `attackers` (each with its `AssaultTarget` on one hex) assaulting
    `defenders` [000 6.1-6.3, 12.0; 001 #22].

    The chances: each side's losses are shared among its units by strength; a unit fails when
    the loss calls for a morale check it fails, against the Morale the fatigue it gains leaves
    it (`fail_chance`). The chance the defenders retreat is the chance all are then Disrupted
    or Broken times the chance an attacker is not; the two combat results are independent
    draws. Decision: finishing off and elimination are left out of the chances (they matter
    only for units near the end of their strength)."""
    hex_index = targets[0].hex
    attack, attack_mods, attack_pct = _attack_side(state, attackers, targets, defenders)
    defend, defend_mods, defend_pct = _defense_side(state, defenders, attackers, targets)
    attacker_defense = _average_defense(attack)
    defender_defense = _average_defense(defend)
    value = attack.assault / max(defender_defense, 1.0)
    defender_value = defend.assault / max(attacker_defense, 1.0)
    low_cv, high_cv = combat_values(state, CombatKind.ASSAULT)
    defender_low, defender_high = casualty_range(value, attack_pct, low_cv, high_cv)
    attacker_low, attacker_high = casualty_range(defender_value, defend_pct, low_cv, high_cv)
    alternative = uses_alternative_calculation(state, CombatKind.ASSAULT)
    factor = disruption_factor(state, hex_index)
    overrun = state.profile.overrun_assault_zero and all(d.unit.assault <= 0 for d in defenders)
    on_defenders = casualty_quantiles(defender_low, defender_high, alternative=alternative)
    on_attackers = casualty_quantiles(attacker_low, attacker_high, alternative=alternative)
    defender_shares = _shares(defenders)
    attacker_shares = _shares(attackers)

    def all_defenders_fail(loss: float) -> float:
        chance = 1.0
        for unit, share in zip(defenders, defender_shares, strict=True):
            chance *= fail_chance(state, unit, loss * share, 1.0, attacking=False)
        return chance

    def all_attackers_fail(loss: float) -> float:
        chance = 1.0
        for unit, share in zip(attackers, attacker_shares, strict=True):
            chance *= fail_chance(state, unit, loss * share, factor, attacking=True)
        return chance

    if overrun:
        retreat = 1.0
    else:
        retreat = mean_over(on_defenders, all_defenders_fail) * (
            1 - mean_over(on_attackers, all_attackers_fail)
        )
    attacker_hexes = tuple(sorted({a.hex for a in attackers}))
    stuck = any(plan_retreat(state, d, attacker_hexes).fate is not Fate.RETREATS for d in defenders)
    defender_checks = tuple(
        (d.id, _check_chance(state, d, on_defenders, s, 1.0))
        for d, s in zip(defenders, defender_shares, strict=True)
    )
    attacker_checks = tuple(
        (a.id, _check_chance(state, a, on_attackers, s, factor))
        for a, s in zip(attackers, attacker_shares, strict=True)
    )
    sightings = spotting.spotted_by(state, attackers[0].side)
    unknown = all(
        sightings.get(d.id) is None or sightings[d.id].grade is not Sight.SPOTTED for d in defenders
    )
    return AssaultPreview(
        hex_index,
        tuple(a.id for a in attackers),
        tuple(d.id for d in defenders),
        attack.assault,
        attacker_defense,
        defend.assault,
        defender_defense,
        tuple(attack_mods),
        tuple(defend_mods),
        attack_pct,
        defend_pct,
        value,
        defender_value,
        defender_low,
        defender_high,
        attacker_low,
        attacker_high,
        retreat,
        retreat if stuck and not overrun else 0.0,
        defender_checks if not overrun else tuple((d.id, 0.0) for d in defenders),
        attacker_checks if not overrun else tuple((a.id, 0.0) for a in attackers),
        tuple(
            (a.id, t.entry if overrun else t.cost) for a, t in zip(attackers, targets, strict=True)
        ),
        factor,
        overrun,
        alternative,
        unknown,
    )

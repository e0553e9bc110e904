"""What one assault would do before it is resolved [000 6.1, 6.2, 6.3, 11.0, 12.0; 001 #12,
#22]: both sides' assault values and average defenses with every modifier named, the casualty
ranges of the two combat results, the chance of a morale check for each unit, the chance the
defenders are forced to retreat and the chance they cannot, for the player and for
`engine.panzer_campaigns.combat.assault` to resolve.

Decision: the combat value of each result is the assault value of one side over the average
defense of the other, as the fire value is attack over defense [000 5.1, 6.3]; a defense below 1
counts as 1. The modifiers and their decisions are
`engine.panzer_campaigns.combat.assault_modifiers`.
"""

from __future__ import annotations

__all__ = ["AssaultModifier", "AssaultPreview", "preview_assault"]

from collections.abc import Sequence
from dataclasses import dataclass

from engine.panzer_campaigns import spotting
from engine.panzer_campaigns.combat.assault_modifiers import (
    AssaultModifier,
    attack_side,
    average_defense,
    defense_side,
)
from engine.panzer_campaigns.combat.assault_retreat import Fate, plan_retreat
from engine.panzer_campaigns.combat.assault_targets import AssaultTarget, is_overrun
from engine.panzer_campaigns.combat.assault_values import (
    casualty_quantiles,
    mean_over,
)
from engine.panzer_campaigns.combat.fatigue import fatigue_factor, fatigue_gain_range
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.morale import (
    attacker_disruption_loss,
    fatigue_morale_modifier,
    morale,
    morale_check_base,
    morale_check_chance,
)
from engine.panzer_campaigns.combat.results import (
    casualty_range,
    combat_values,
    uses_alternative_calculation,
)
from engine.panzer_campaigns.combat.terrain import terrain_of
from engine.panzer_campaigns.sightings import Sight
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.scenario import DayPhase


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
    """The chance the defenders are forced out and some of them, unable to retreat, lose men
    as captured or are eliminated [000 6.3]."""
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
    fates: tuple[tuple[str, str], ...] = ()
    """Each defender and what befalls it if forced out (`assault_retreat.Fate`: "retreats",
    "stays", "captured", "eliminated", "towed_at_retreats") [000 6.3]."""


def disruption_factor(state: GameState, hex_index: int) -> float:
    """The attackers' disruption multiplier [000 6.3] (see
    `engine.panzer_campaigns.combat.morale.attacker_disruption_loss`)."""
    night = state.clock.phase_of(state.turn) is DayPhase.NIGHT
    return attacker_disruption_loss(
        1.0, night=night, terrain_modifier_pct=terrain_of(state, hex_index).defense_modifier
    )


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
    the fatigue the loss adds leaves it (`engine.panzer_campaigns.combat.losses.apply_losses`)."""
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
    attack, attack_mods, attack_pct = attack_side(state, attackers, targets, defenders)
    defend, defend_mods, defend_pct = defense_side(state, defenders, attackers, targets)
    attacker_defense = average_defense(attack)
    defender_defense = average_defense(defend)
    value = attack.assault / max(defender_defense, 1.0)
    defender_value = defend.assault / max(attacker_defense, 1.0)
    low_cv, high_cv = combat_values(state, CombatKind.ASSAULT)
    defender_low, defender_high = casualty_range(value, attack_pct, low_cv, high_cv)
    attacker_low, attacker_high = casualty_range(defender_value, defend_pct, low_cv, high_cv)
    alternative = uses_alternative_calculation(state, CombatKind.ASSAULT)
    factor = disruption_factor(state, hex_index)
    overrun = is_overrun(state, hex_index, attackers[0].side)
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
    fates = tuple((d.id, plan_retreat(state, d, attacker_hexes).fate) for d in defenders)
    stuck = any(fate in (Fate.CAPTURED, Fate.ELIMINATED) for _, fate in fates)
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
        tuple((a.id, t.cost) for a, t in zip(attackers, targets, strict=True)),
        factor,
        overrun,
        alternative,
        unknown,
        tuple((unit, fate.value) for unit, fate in fates),
    )

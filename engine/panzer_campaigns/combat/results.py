"""The common combat results calculation of fire and assault [000 12.0]: the casualty range a
combat value gives between the Low and High Combat Values, the draw in it (or the average of two
draws under the Alternative Calculation), probabilistic rounding, losses of vehicles and guns at
10 men each, and the chance to survive being finished off.

>>> casualty_range(40, 25, 50, 250)  # [000 12.0] "2.5 ... and 12.5"
(2.5, 12.5)
>>> finishing_off_survival_chance(6)  # [000 12.0] "a 60% chance of surviving"
0.6
"""

from __future__ import annotations

import math
from random import Random

from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import MEN_PER_GUN_OR_VEHICLE
from schemas.panzer_campaigns.oob import Component
from schemas.vocabulary import OptionalRule

BASELINE_COMBAT_VALUE = 1000
"""LCV and HCV "are the extreme possible casualties resulting from a base-line combat value of
1000" [000 12.0]."""

FINISHING_OFF_STRENGTH = 10
"""A men unit "reduced below a strength of 10" may be finished off [000 12.0]."""


def effective_combat_value(value: float, modifier_pct: float) -> float:
    """The combat value with its modifier applied: "50 (= 40 + 25%)" [000 12.0].

    >>> effective_combat_value(40, 25)
    50.0
    """
    return value * (1 + modifier_pct / 100)


def casualty_range(
    value: float, modifier_pct: float, lcv: float, hcv: float
) -> tuple[float, float]:
    """The low and high casualty values (in men) of a combat value with its modifier: LCV and
    HCV scaled by the effective value over the baseline of 1000 [000 12.0]. A negative
    effective value (modifiers below -100%) inflicts nothing."""
    scale = max(effective_combat_value(value, modifier_pct), 0.0) / BASELINE_COMBAT_VALUE
    return lcv * scale, hcv * scale


def combat_losses(
    value: float,
    modifier_pct: float,
    lcv: float,
    hcv: float,
    rng: Random,
    *,
    alternative: bool = False,
) -> float:
    """The casualty value of one combat result, in men-equivalents before rounding: uniform
    between the low and high casualty values, or under the Alternative Calculation "the
    average of two default casualty calculations" [000 12.0]. This nominal loss is what fatigue
    and the morale check read; `strength_loss` turns it into men, guns or vehicles."""
    low, high = casualty_range(value, modifier_pct, lcv, hcv)
    if alternative:
        return (rng.uniform(low, high) + rng.uniform(low, high)) / 2
    return rng.uniform(low, high)


def probabilistic_round(amount: float, rng: Random) -> int:
    """`amount` rounded up with the chance of its fractional part, down otherwise: "if the
    casualty value was calculated to be 3.7, then 30% of the time this is rounded down to 3 and
    70% of the time is rounded up to 4" [000 12.0]. Whole numbers draw nothing, so a result
    that needs no rounding leaves the random stream alone. Negative amounts give 0."""
    if amount <= 0:
        return 0
    whole = math.floor(amount)
    fraction = amount - whole
    if fraction == 0:
        return whole
    return whole + (1 if rng.random() < fraction else 0)


def strength_loss(loss_me: float, component: Component, rng: Random) -> int:
    """The men, guns or vehicles a nominal loss of `loss_me` men-equivalents takes from a unit
    of `component`: men as rounded, guns and vehicles at "1 vehicle or gun = 10 men", so that
    "a combat loss of 5 men applied to a tank unit would result in a probability of 5/10 = 50%
    that a one tank loss would occur" [000 12.0]."""
    if component is Component.MEN:
        return probabilistic_round(loss_me, rng)
    return probabilistic_round(loss_me / MEN_PER_GUN_OR_VEHICLE, rng)


def finishing_off_survival_chance(men: int) -> float:
    """The chance a men unit left with fewer than 10 men by combat keeps together: "10%
    survival per man remaining" [000 12.0]; 1 from 10 men up."""
    return min(max(men, 0), FINISHING_OFF_STRENGTH) / FINISHING_OFF_STRENGTH


def uses_alternative_calculation(state: GameState, kind: CombatKind) -> bool:
    """Whether a combat of `kind` averages two draws [000 12.0]. In Panzer Campaigns the
    optional rules decide: Alternative Fire Calculation for direct, indirect and air fire,
    Alternative Melee Calculation for assaults. In Panzer Battles it is fixed by the ruleset
    profile: indirect fire always, direct fire and assault never [001 #2]."""
    fixed = state.profile.alternative_calculation
    if fixed is not None:
        return kind in fixed
    if kind is CombatKind.ASSAULT:
        return state.is_rule_on(OptionalRule.ALTERNATIVE_MELEE_CALCULATION)
    return state.is_rule_on(OptionalRule.ALTERNATIVE_FIRE_CALCULATION)


def combat_values(state: GameState, kind: CombatKind) -> tuple[int, int]:
    """The Low and High Combat Values of a combat kind from Parameter Data [000 6.3, 12.0]:
    assaults use the assault pair when the parameter file sets one, fire the fire pair."""
    combat = state.parameters.combat
    if kind is CombatKind.ASSAULT:
        low = combat.assault_low_combat_value
        high = combat.assault_high_combat_value
        if low is not None and high is not None:
            return low, high
    return combat.low_combat_value, combat.high_combat_value


def resolve_casualties(
    state: GameState, value: float, modifier_pct: float, kind: CombatKind
) -> float:
    """The casualty value of one combat of `kind` in this game: its Parameter Data LCV/HCV,
    its Alternative Calculation setting and the game's random stream."""
    low, high = combat_values(state, kind)
    return combat_losses(
        value,
        modifier_pct,
        low,
        high,
        state.rng,
        alternative=uses_alternative_calculation(state, kind),
    )

"""The numbers of fire [000 5.1, 5.2]: the direct-fire range effect, infantry and armour
effectiveness, the quality fire modifier, the stack fire modifier of Panzer Battles, and the
combat value they make, kept free of game state so each can be checked against the manual.

>>> range_divisor(2, 1.5), range_divisor(3, 1.5)  # [000 5.2] "divided by 1.5 ... by 2"
(1.5, 2.0)
>>> armor_effectiveness(4, 8), armor_effectiveness(8, 2)  # [000 5.2] both 1/2
(0.5, 0.5)
"""

from __future__ import annotations

import math

from schemas.vocabulary import Quality

QUALITY_FIRE_MODIFIER_PCT: dict[Quality, int] = {
    Quality.A: 20,
    Quality.B: 10,
    Quality.C: 0,
    Quality.D: -20,
    Quality.E: -40,
    Quality.F: -60,
}
"""The quality fire modifiers [000 5.2]; A and B are scaled by the Quality Fire Modifier."""


def quality_fire_modifier_pct(quality: Quality, quality_fire_modifier: float) -> float:
    """The firer's quality modifier: "+20% times the Quality Fire Modifier value" for A, +10%
    times it for B, the plain table for C to F ("the parameter value has no impact") [000 5.2].

    >>> quality_fire_modifier_pct(Quality.A, 2.5), quality_fire_modifier_pct(Quality.D, 2.5)
    (50.0, -20.0)
    """
    base = QUALITY_FIRE_MODIFIER_PCT[quality]
    return base * quality_fire_modifier if base > 0 else float(base)


def range_divisor(distance: int, range_effect: float) -> float:
    """What direct fire at `distance` hexes is divided by: 1/2 at range 0 (AA fire is
    doubled), 1 at range 1, `1 + (N-1)(R-1)` beyond [000 5.2]."""
    if distance <= 0:
        return 0.5
    return 1 + (distance - 1) * (range_effect - 1)


def infantry_effectiveness(fraction: float, men_pct: float, fire_pct: float) -> float:
    """The effectiveness of an infantry unit at `fraction` of its full strength, by linear
    interpolation through the breakpoint "70% men equals 90% effectiveness" [000 5.2].

    >>> infantry_effectiveness(0.7, 70, 90), infantry_effectiveness(0.35, 70, 90)
    (0.9, 0.45)
    >>> round(infantry_effectiveness(0.85, 70, 90), 3)
    0.95
    """
    s0, e0 = men_pct / 100, fire_pct / 100
    fraction = min(max(fraction, 0.0), 1.0)
    if s0 >= 1:
        return e0 * fraction
    if fraction >= s0:
        return e0 + (1 - e0) * (fraction - s0) / (1 - s0)
    return e0 * fraction / s0 if s0 > 0 else 1.0


def armor_effectiveness(hard_attack: float, defense: float) -> float:
    """The armour effectiveness modifier of direct fire at an armoured target: H/D for a small
    gun against a strong target, 1/sqrt(H/D) for a big gun against a weak one [000 5.2]."""
    if hard_attack <= 0 or defense <= 0:
        return 1.0
    ratio = hard_attack / defense
    return ratio if ratio < 1 else 1 / math.sqrt(ratio)


def stack_fire_factor(stacked: float, max_stacking: float, stack_fire_max: float) -> float:
    """The Panzer Battles stack fire modifier: 1 up to half the maximum stack, rising linearly
    to `stack_fire_max` at the full stack [001 #19] (digest: "linear interpolation ... is the
    natural reading"); above a full stack it stays at the maximum.

    >>> stack_fire_factor(500, 1000, 2.0), stack_fire_factor(750, 1000, 2.0)
    (1.0, 1.5)
    """
    if max_stacking <= 0 or stack_fire_max <= 1:
        return 1.0
    share = min(max(stacked / max_stacking, 0.5), 1.0)
    return 1 + (stack_fire_max - 1) * (share - 0.5) / 0.5


def combat_value(fire_strength: float, factors: float, defense: float) -> float:
    """ "The modified attack value of the firing unit divided by the modified defense value of
    the target unit" [000 5.1]: attack x men-equivalents x the multiplying modifiers over the
    target's modified Defense. Decision: a Defense below 1 counts as 1, so an undefended counter
    (Defense 0 in its OOB) does not take an infinite result.

    >>> combat_value(8 * 500, 1.0, 8)
    500.0
    """
    return fire_strength * factors / max(defense, 1.0)

"""Fatigue [000 9.3, 12.0]: its levels, what a combat loss adds (by unit size, doubled for
attackers in an assault, scaled by quality under the Quality Fatigue Modifier) and the rest a
unit that saw no action recovers.

>>> fatigue_gain_range(15, 2), fatigue_gain_range(15, 6)  # [000 9.3] battalion, company
((0.0, 30.0), (0.0, 90.0))
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from random import Random

from engine.panzer_campaigns.combat.results import probabilistic_round
from engine.panzer_campaigns.combat.size import is_large
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.vocabulary import OptionalRule, Quality

SMALL_UNIT_FACTOR = 6
TWO_COMBINED_FACTOR = 4
LARGE_UNIT_FACTOR = 2
"""Fatigue accumulation factors: battalions 2, companies and platoons 6, 2 combined companies
4, 3 or more combined companies 2 [000 9.3]."""

ATTACKER_FATIGUE_FACTOR = 2
""""Fatigue taken from attacking in assault is double normal values" [000 9.3]."""

QUALITY_FATIGUE_MODIFIER: dict[Quality, Fraction] = {
    Quality.A: Fraction(1, 2),
    Quality.B: Fraction(2, 3),
    Quality.C: Fraction(1),
    Quality.D: Fraction(5, 4),
    Quality.E: Fraction(3, 2),
    Quality.F: Fraction(2),
}
"""The optional Quality Fatigue Modifier: A 1/2 … F 2 times normal accumulation [000 9.3]."""


class FatigueLevel(StrEnum):
    """The five fatigue levels [000 9.3]; PB halves the scale [001 "Fatigue Levels"]."""

    NONE = "none"
    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"
    MAXIMUM = "maximum"


def fatigue_level(fatigue: int, fatigue_max: int) -> FatigueLevel:
    """The level of a fatigue value. Decision: the bands are thirds of the ruleset's maximum,
    which gives both manuals' tables (PzC 100/200/300 [000 9.3], PB 50/100/150 [001 "Fatigue
    Levels"]).

    >>> [fatigue_level(f, 300).value for f in (0, 99, 100, 200, 300)]
    ['none', 'low', 'medium', 'high', 'maximum']
    """
    if fatigue >= fatigue_max:
        return FatigueLevel.MAXIMUM
    if 3 * fatigue >= 2 * fatigue_max:
        return FatigueLevel.HIGH
    if 3 * fatigue >= fatigue_max:
        return FatigueLevel.MEDIUM
    return FatigueLevel.LOW if fatigue > 0 else FatigueLevel.NONE


def fatigue_factor(state: GameState, unit: UnitState) -> int:
    """A unit's fatigue accumulation factor by size [000 9.3, 12.0], one echelon down in Panzer
    Battles (company 2, platoon and squad 6) [001 4.7]; combined units count their subunits."""
    if is_large(state, unit):
        return LARGE_UNIT_FACTOR
    return TWO_COMBINED_FACTOR if unit.subunits == 2 else SMALL_UNIT_FACTOR


def fatigue_gain_range(
    loss_me: float, factor: int, *, attacking: bool = False, from_zero: bool = True
) -> tuple[float, float]:
    """The fatigue a nominal loss of `loss_me` men-equivalents may add, before the quality
    modifier: 0 up to factor x loss, doubled for an assault's attackers [000 9.3].

    Decision (Appendix C #2 of the rules digest): the range starts at 0 as [000 9.3] says ("range
    randomly from 0 up to the factor times the loss value"), not at the loss as the summary in
    [000 12.0] says ("between the casualty value and a fatigue factor times the casualty
    value"): [9.3] is the section on fatigue and all three of its worked examples ("from 0 to
    30", "from 0 to 90", "from 0 to 40") start at 0. `from_zero=False` gives the [12.0]
    reading, which the ruleset profile can select (`fatigue_gain_from_zero`).

    >>> fatigue_gain_range(20, 2)  # a tank battalion's nominal loss of 20 (2 tanks): 0 to 40
    (0.0, 40.0)
    >>> fatigue_gain_range(15, 2, attacking=True), fatigue_gain_range(15, 2, from_zero=False)
    ((0.0, 60.0), (15.0, 30.0))
    """
    loss = max(float(loss_me), 0.0)
    scale = ATTACKER_FATIGUE_FACTOR if attacking else 1
    low = 0.0 if from_zero else loss
    return low * scale, loss * factor * scale


def fatigue_gain(state: GameState, unit: UnitState, loss_me: float, *, attacking: bool) -> int:
    """Draw the fatigue a unit gains from a nominal loss, in whole points: uniform in
    `fatigue_gain_range`, times the Quality Fatigue Modifier when that optional rule is on,
    probabilistically rounded. It reads the nominal loss, "before it is converted to vehicles
    or guns", so a vehicle unit can gain fatigue without losing a vehicle [000 9.3]."""
    low, high = fatigue_gain_range(
        loss_me,
        fatigue_factor(state, unit),
        attacking=attacking,
        from_zero=state.profile.fatigue_gain_from_zero,
    )
    if high <= 0:
        return 0
    gain = state.rng.uniform(low, high)
    if state.is_rule_on(OptionalRule.QUALITY_FATIGUE_MODIFIER):
        gain *= float(QUALITY_FATIGUE_MODIFIER[unit.unit.quality])
    return probabilistic_round(gain, state.rng)


def add_fatigue(state: GameState, unit: UnitState, gain: int) -> int:
    """Add fatigue to a unit up to the ruleset's maximum (300 PzC, 150 PB); returns what was
    added. Decision: the manual's scale ends at Maximum, so gains beyond it are lost."""
    added = max(0, min(gain, state.profile.fatigue_max - unit.fatigue))
    unit.fatigue += added
    return added


def rest_value(state: GameState, *, night: bool) -> int:
    """The nominal rest value from Parameter Data, "During night turns … doubled" [000 9.3]."""
    rest = state.parameters.recovery.rest
    return rest * 2 if night else rest


def rest_recovery(rest: int, rng: Random) -> int:
    """The fatigue a rested unit recovers: "a random value between 0 and twice the rest value"
    [000 9.3], drawn uniformly and probabilistically rounded (on average the rest value)."""
    return probabilistic_round(rng.uniform(0, 2 * rest), rng)

"""Morale [000 9.2] and the morale checks combat losses call for [000 12.0]: a unit's Morale, the
chance a loss requires a check, the d6 roll against Morale, and what failing does (Disrupted,
then Broken). The disruption-recovery test of the start of the turn is
`engine.panzer_campaigns.logistics`.

>>> morale_check_chance(15, 15), morale_check_chance(60, 15)  # [000 12.0] battalion 50%, 80%
(0.5, 0.8)
>>> attacker_disruption_loss(10, night=True, terrain_modifier_pct=-20)  # [000 6.3] 10->50
50.0
"""

from __future__ import annotations

from random import Random

from engine.panzer_campaigns.combat.fatigue import FatigueLevel, fatigue_level
from engine.panzer_campaigns.combat.size import is_large
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.vocabulary import Quality

MORALE_OF_QUALITY: dict[Quality, int] = {
    Quality.A: 6,
    Quality.B: 5,
    Quality.C: 4,
    Quality.D: 3,
    Quality.E: 2,
    Quality.F: 1,
}
"""Nominal Morale is the Quality, "A=6, ..., F=1" [000 9.2]."""

SMALL_UNIT_BASE = 5
TWO_COMBINED_BASE = 10
LARGE_UNIT_BASE = 15
"""Morale-check base values: 5 for platoons and uncombined companies, 10 for 2 combined
companies, 15 for battalions and 3 or more combined companies [000 12.0]."""


FATIGUE_MORALE_MODIFIER: dict[FatigueLevel, int] = {
    FatigueLevel.NONE: 0,
    FatigueLevel.LOW: 0,
    FatigueLevel.MEDIUM: -1,
    FatigueLevel.HIGH: -2,
    FatigueLevel.MAXIMUM: -4,
}
"""Medium Fatigue -1, High -2, Maximum -4 Morale [000 9.2]."""


def fatigue_morale_modifier(fatigue: int, fatigue_max: int) -> int:
    """Morale lost to fatigue [000 9.2]: Medium -1, High -2, Maximum -4.

    The levels are `engine.panzer_campaigns.combat.fatigue.fatigue_level`, thirds of the ruleset's
    maximum.

    >>> [fatigue_morale_modifier(f, 300) for f in (99, 100, 199, 200, 299, 300)]
    [0, -1, -1, -2, -2, -4]
    >>> [fatigue_morale_modifier(f, 150) for f in (49, 50, 100, 150)]
    [0, -1, -2, -4]
    """
    return FATIGUE_MORALE_MODIFIER[fatigue_level(fatigue, fatigue_max)]


def morale(state: GameState, unit: UnitState) -> int:
    """A unit's Morale for a morale check [000 9.2]: its Quality (A=6 … F=1), less fatigue
    (`fatigue_morale_modifier`), 1 when Low on Ammo or Fuel, 1 when Disrupted or Broken, 1
    when Isolated. 0 or less is "No Morale", which fails every check. The Detached modifier and
    the Morale-F exemption are for recovery only
    (`engine.panzer_campaigns.logistics.recovery_morale`)."""
    value = MORALE_OF_QUALITY[unit.unit.quality]
    value += fatigue_morale_modifier(unit.fatigue, state.profile.fatigue_max)
    if unit.low_ammo or unit.low_fuel:
        value -= 1
    if unit.disrupted or unit.broken:
        value -= 1
    if unit.isolated:
        value -= 1
    return value


def morale_check_base(state: GameState, unit: UnitState) -> int:
    """The base value of a unit's morale-check chance by its size [000 12.0]; in Panzer Battles
    one echelon down (company 15, platoon and squad 5) [001 4.5]. Combined units count their
    subunits (`UnitState.subunits`). Decision: the PB example "a platoon unit that takes a loss
    of 15 men has a 50% chance" uses the company base, copied from PzC's battalion example;
    the PB table wins, so a platoon losing 15 checks 75% of the time."""
    if is_large(state, unit):
        return LARGE_UNIT_BASE
    return TWO_COMBINED_BASE if unit.subunits == 2 else SMALL_UNIT_BASE


def morale_check_chance(loss: float, base: int) -> float:
    """The chance a loss requires a morale check, "loss / (loss + base-value)" [000 12.0].

    >>> morale_check_chance(0, 5)
    0.0
    """
    if loss <= 0:
        return 0.0
    return loss / (loss + base)


def attacker_disruption_loss(loss: float, *, night: bool, terrain_modifier_pct: float) -> float:
    """The loss an assault's attackers check morale with [000 6.3]: doubled, doubled again at
    night, scaled by 100 / (100 + M) for the defending hex's terrain modifier M. A modifier of
    -100% or below would divide by zero or flip the sign; decision: it is held at -99%."""
    scaled = loss * 2 * (2 if night else 1)
    return scaled * 100 / (100 + max(terrain_modifier_pct, -99.0))


def passes_morale_check(state: GameState, unit: UnitState, rng: Random) -> bool:
    """One morale check: "If the die roll is less than or equal to the Morale value, then the
    unit passes" [000 9.2]."""
    return rng.randint(1, 6) <= morale(state, unit)


def fail_morale_check(state: GameState, unit: UnitState) -> str | None:
    """What failing a morale check does to `unit`: a normal unit becomes Disrupted, a Disrupted
    one Broken [000 9.0, 9.2]. Returns "disrupted" or "broken", or None when nothing changed.

    Decisions (Appendix C #1 of the rules digest):
    - A Disrupted unit that fails becomes Broken whatever its fatigue ([000 9.0] "If it fails
      while being Disrupted, then it becomes Broken", [000 5.1] "If a Disrupted unit fails a
      further morale check, it becomes Broken"), not only at Maximum Fatigue as [000 9.2]
      literally says: the manual's own rules on Broken units "not at Maximum Fatigue" that
      recover "on their own" [000 5.1, 9.1] only make sense if such units exist. The literal
      reading is one profile switch away (`RulesetProfile.broken_needs_maximum_fatigue`).
    - A Broken unit that fails stays Broken: the manual has no state beyond it.
    """
    if unit.broken:
        return None
    if not unit.disrupted:
        unit.disrupted = True
        state.touch(unit)
        return "disrupted"
    if state.profile.broken_needs_maximum_fatigue and unit.fatigue < state.profile.fatigue_max:
        return None
    unit.broken = True
    state.touch(unit)  # a Broken unit has no ZOC [000 5.1]
    return "broken"

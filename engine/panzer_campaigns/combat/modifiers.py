"""The quality and fatigue modifiers of combat values [000 5.2, 6.2]: a unit's modifier in an
assault (quality plus fatigue; attackers use their lowest, defenders their highest) and the
fatigue modifier of a firing unit.

>>> quality_modifier_pct(Quality.A) + fatigue_modifier_pct(FatigueLevel.MEDIUM)  # [000 6.2]
10
>>> quality_modifier_pct(Quality.C) + fatigue_modifier_pct(FatigueLevel.HIGH)
-20
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.panzer_campaigns.combat.fatigue import FatigueLevel, fatigue_level
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.vocabulary import Quality

QUALITY_MODIFIER_PCT: dict[Quality, int] = {
    Quality.A: 20,
    Quality.B: 10,
    Quality.C: 0,
    Quality.D: -20,
    Quality.E: -40,
    Quality.F: -60,
}
"""The Quality modifier of a unit in an assault: A +20% … F -60% [000 6.2]."""

FATIGUE_MODIFIER_PCT: dict[FatigueLevel, int] = {
    FatigueLevel.NONE: 0,
    FatigueLevel.LOW: 0,
    FatigueLevel.MEDIUM: -10,
    FatigueLevel.HIGH: -20,
    FatigueLevel.MAXIMUM: -40,
}
"""The Fatigue modifier: Medium -10%, High -20%, Maximum -40%, the same for a firing unit
[000 5.2] and for a unit in an assault [000 6.2]."""


def quality_modifier_pct(quality: Quality) -> int:
    """A unit's Quality modifier in an assault [000 6.2]."""
    return QUALITY_MODIFIER_PCT[quality]


def fatigue_modifier_pct(level: FatigueLevel) -> int:
    """The combat modifier of a fatigue level [000 5.2, 6.2]."""
    return FATIGUE_MODIFIER_PCT[level]


def unit_modifier_pct(state: GameState, unit: UnitState) -> int:
    """A unit's modifier in an assault: "the sum of the Quality and Fatigue modifiers"
    [000 6.2]."""
    level = fatigue_level(unit.fatigue, state.profile.fatigue_max)
    return quality_modifier_pct(unit.unit.quality) + fatigue_modifier_pct(level)


def attackers_modifier_pct(state: GameState, attackers: Iterable[UnitState]) -> int:
    """ "For the attackers, the lowest unit modifier of all the attackers is applied" [000 6.2];
    0 for no attackers. Decision: the manual's attacker example gives "a C Quality unit at No
    Fatigue" -20%, which its own table makes 0%; the table wins (the example's "same type of
    units" are the defenders', the C unit at High Fatigue)."""
    return min((unit_modifier_pct(state, unit) for unit in attackers), default=0)


def defenders_modifier_pct(state: GameState, defenders: Iterable[UnitState]) -> int:
    """ "For the defenders, the highest unit modifier of all the defenders" [000 6.2]; 0 for no
    defenders."""
    return max((unit_modifier_pct(state, unit) for unit in defenders), default=0)

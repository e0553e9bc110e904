"""The kinds of combat the results rules tell apart, kept free of other engine imports so the
ruleset profiles can name them."""

from __future__ import annotations

from enum import StrEnum


class CombatKind(StrEnum):
    """Where a combat result comes from: the Alternative Calculation, the Low and High Combat
    Values and the fatigue of an attacker depend on it [000 6.3, 9.3, 12.0; 001 #2]."""

    DIRECT_FIRE = "direct_fire"
    INDIRECT_FIRE = "indirect_fire"
    AIR = "air"
    """An air strike or anti-aircraft fire: "standard Combat Results" [000 8.1]."""
    ASSAULT = "assault"
    MINEFIELD = "minefield"
    """A minefield's attack on a unit entering it [000 4.4]
    (`engine.panzer_campaigns.minefield_attack`)."""

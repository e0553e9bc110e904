"""Unit size as the combat rules read it: the echelon that counts as large in each ruleset, and
combined companies [000 9.3, 12.0; 001 4.5, 4.7]."""

from __future__ import annotations

from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import UnitSize

ECHELON_ORDER = (UnitSize.SQUAD, UnitSize.PLATOON, UnitSize.COMPANY, UnitSize.BATTALION)
"""Echelons from the smallest up."""


def is_large(state: GameState, unit: UnitState) -> bool:
    """Whether a unit is of the ruleset's large echelon or above (PzC battalion, PB company),
    or combines 3 or more subunits: these have fatigue factor 2 and morale-check base 15."""
    large = ECHELON_ORDER.index(state.profile.large_echelon)
    return ECHELON_ORDER.index(unit.unit.size) >= large or unit.subunits >= 3

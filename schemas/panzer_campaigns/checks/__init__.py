"""Consistency and reference checks that need no rules engine.

Each file kind has self-checks (a map's rows fit its size, weather rows add up to 100…) and a
scenario has cross-file checks against its map, OOB and parameters (ids resolve, hexes lie on
the map, each unit is placed at most once, parameters cover what is in use). Checks return
Problems with model paths; the caller turns paths into lines. They never raise.

Each check's module is imported when the check is first asked for: checking a map alone must not
build the scenario's and OOB's models.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from schemas.panzer_campaigns.checks.map_layers import check_map
    from schemas.panzer_campaigns.checks.order_of_battle import check_oob
    from schemas.panzer_campaigns.checks.references import (
        CrossProblems,
        check_parameter_coverage,
        check_scenario_references,
    )
    from schemas.panzer_campaigns.checks.scenario_settings import check_scenario_header
    from schemas.panzer_campaigns.checks.weather_rows import check_weather

_MODULES = {
    "CrossProblems": "references",
    "check_map": "map_layers",
    "check_oob": "order_of_battle",
    "check_parameter_coverage": "references",
    "check_scenario_header": "scenario_settings",
    "check_scenario_references": "references",
    "check_weather": "weather_rows",
}

__all__ = [
    "CrossProblems",
    "check_map",
    "check_oob",
    "check_parameter_coverage",
    "check_scenario_header",
    "check_scenario_references",
    "check_weather",
]


def __getattr__(name: str) -> Any:
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_MODULES[name]}"), name)
    globals()[name] = value  # later look-ups skip this function
    return value

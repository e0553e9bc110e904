"""Consistency and reference checks that need no rules engine.

Each file kind has self-checks (a map's rows fit its size, weather rows add up to 100…) and a
scenario has cross-file checks against its map, OOB and parameters (ids resolve, hexes lie on
the map, each unit is placed at most once, parameters cover what is in use). Checks return
Problems with model paths; the caller turns paths into lines. They never raise.
"""

from schemas.checks.map_layers import check_map
from schemas.checks.order_of_battle import check_oob
from schemas.checks.references import (
    CrossProblems,
    check_parameter_coverage,
    check_scenario_references,
)
from schemas.checks.scenario_settings import check_scenario_header
from schemas.checks.weather_rows import check_weather

__all__ = [
    "CrossProblems",
    "check_map",
    "check_oob",
    "check_parameter_coverage",
    "check_scenario_header",
    "check_scenario_references",
    "check_weather",
]

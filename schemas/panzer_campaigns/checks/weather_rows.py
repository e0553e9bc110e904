"""Self-checks of programmed weather: rows in date order, chances adding up to 100."""

from __future__ import annotations

from schemas.panzer_campaigns.weather import WeatherFile
from schemas.problems import Problem, error


def check_weather(weather: WeatherFile) -> list[Problem]:
    """Self-checks of programmed weather: date order, chances adding to 100, visibility range."""
    problems: list[Problem] = []
    previous = None
    for number, row in enumerate(weather.rows):
        if previous is not None and row.date <= previous:
            problems.append(
                error(
                    "WEATHER001",
                    f"row {number + 1} ({row.date}) does not follow the row before it ({previous})",
                    path=("rows", number, "date"),
                )
            )
        previous = row.date
        total = row.condition_total()
        if total != 100:
            problems.append(
                error(
                    "WEATHER002",
                    f"row {number + 1} ({row.date}): condition chances add up to {total}, not 100",
                    path=("rows", number),
                )
            )
        if row.visibility_min > row.visibility_max:
            problems.append(
                error(
                    "WEATHER003",
                    f"row {number + 1} ({row.date}): least visibility "
                    f"{row.visibility_min} exceeds maximum {row.visibility_max}",
                    path=("rows", number, "visibility_min"),
                )
            )
    return problems

"""The programmed weather file (`<name>.weather.yaml`): the rows of the manual's `Weather.dat`.

Each row holds, from its date on, the chances of each ground condition, the visibility range and
the chance of a storm; it applies until the next row's date [000 11.0].
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from schemas.base import GameDate, Node, Percent, measured


class WeatherRow(Node):
    """One line of `Weather.dat`: `day month year Normal Soft Mud Snow Frozen min max [storm]`."""

    date: GameDate
    """The first day this row applies to."""
    normal: Percent = measured(unit="%")
    """Chance of Normal conditions."""
    soft: Percent = measured(unit="%")
    """Chance of Soft conditions."""
    mud: Percent = measured(unit="%")
    """Chance of Mud."""
    snow: Percent = measured(unit="%")
    """Chance of Snow."""
    frozen: Percent = measured(unit="%")
    """Chance of Frozen conditions."""
    visibility_min: int = measured(unit="hexes", ge=1, le=99)
    """Least daylight visibility."""
    visibility_max: int = measured(unit="hexes", ge=1, le=99)
    """Greatest daylight visibility."""
    storm: Percent | None = measured(None, unit="% per day")
    """Chance of a storm starting on each day; `null` when the line gives none."""

    def condition_total(self) -> int:
        """Sum of the five condition chances (should be 100)."""
        return self.normal + self.soft + self.mud + self.snow + self.frozen


class WeatherFile(Node):
    """Programmed weather for a title, used when the Programmed Weather rule is on."""

    format_version: Literal[2] = Field(
        description="Version of the weather file format; older versions are migrated on load."
    )
    name: str = Field(min_length=1)
    """Name of the weather programme."""
    description: str = ""
    """Sources, e.g. meteorological records used."""
    rows: list[WeatherRow] = Field(min_length=1)
    """Rows in date order."""

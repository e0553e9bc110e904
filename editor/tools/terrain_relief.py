"""Elevations for the eye: the modes of the elevation brush, the map's range of elevations, and
the colour ramp the elevation legend and the brush preview show them with."""

from __future__ import annotations

from enum import StrEnum
from itertools import pairwise

from PySide6.QtGui import QColor

from editor.tools.terrain_commands import ELEVATION_RANGE, parse_elevation_row
from schemas.panzer_campaigns.map import MapFile

RAMP: tuple[tuple[float, str], ...] = (
    (0.0, "#3f7f4a"),
    (0.3, "#9fbf6a"),
    (0.55, "#e3d48f"),
    (0.8, "#b0783e"),
    (1.0, "#f2ede6"),
)
"""The elevation colours from the lowest to the highest ground of the map (the map view shows
relief by hillshade only, so the legend uses this plain hypsometric ramp)."""


def ramp_color(value: float, low: float, high: float) -> QColor:
    """The ramp colour of an elevation within the map's range."""
    share = 0.5 if high <= low else min(1.0, max(0.0, (value - low) / (high - low)))
    for (at0, color0), (at1, color1) in pairwise(RAMP):
        if share <= at1:
            t = (share - at0) / (at1 - at0)
            a, b = QColor(color0), QColor(color1)
            return QColor(
                round(a.red() + (b.red() - a.red()) * t),
                round(a.green() + (b.green() - a.green()) * t),
                round(a.blue() + (b.blue() - a.blue()) * t),
            )
    return QColor(RAMP[-1][1])


def elevation_range(map_file: MapFile) -> tuple[int, int] | None:
    """The lowest and highest elevation of a map in metres, or None for a flat map."""
    if not map_file.elevation_rows:
        return None
    low, high = ELEVATION_RANGE[1], ELEVATION_RANGE[0]
    for row in map_file.elevation_rows:
        values = parse_elevation_row(row, map_file.width)
        low, high = min(low, *values), max(high, *values)
    return low, high


class ElevationMode(StrEnum):
    """What the elevation brush does to the hexes under it."""

    SET = "set"
    RAISE = "raise"
    LOWER = "lower"
    SMOOTH = "smooth"


MODE_TIPS = {
    ElevationMode.SET: "Give every hex under the brush the elevation below",
    ElevationMode.RAISE: "Raise every hex under the brush by the step below",
    ElevationMode.LOWER: "Lower every hex under the brush by the step below",
    ElevationMode.SMOOTH: "Give every hex under the brush the average of its neighbours",
}

"""Data the Tactical GameX rules print that situations and the engine read: the Situation Command
& Control charts of the original PanzerBlitz and Panzer Leader situations (attached CPs and
morale levels per side) and each nation's command radius [003 7.0, 22.1, 22.3].
"""

from __future__ import annotations

from typing import NamedTuple

from schemas.tactical_gamex.vocabulary import Nation


class SideControl(NamedTuple):
    """A side's attached CPs and morale level in a published situation."""

    cps: int
    morale: int


class SituationControl(NamedTuple):
    """Both sides of a published situation: the Soviet or Allied side first, then the Axis."""

    allied: SideControl
    axis: SideControl


def _rows(text: str) -> dict[int, SituationControl]:
    table: dict[int, SituationControl] = {}
    for line in text.strip().splitlines():
        number, allied_cps, allied_ml, axis_cps, axis_ml = (int(v) for v in line.split())
        table[number] = SituationControl(
            SideControl(allied_cps, allied_ml), SideControl(axis_cps, axis_ml)
        )
    return table


PANZERBLITZ = _rows(
    """
    1 2 7 3 8
    2 3 7 2 8
    3 1 6 2 8
    4 3 8 2 8
    5 2 7 3 8
    6 3 7 2 7
    7 3 7 3 7
    8 3 7 2 7
    9 3 8 2 7
    10 2 7 3 8
    11 1 6 3 7
    12 3 7 2 8
    """
)
"""PanzerBlitz Situation Command & Control: Soviet CPs and morale, Axis CPs and morale."""

PANZER_LEADER = _rows(
    """
    1 2 8 2 8
    2 3 8 3 8
    3 3 8 2 8
    4 3 7 2 8
    5 3 7 2 8
    6 2 8 1 8
    7 2 7 1 7
    8 2 8 1 7
    9 3 9 2 9
    10 1 9 2 7
    11 3 8 2 8
    12 2 8 3 8
    13 2 8 2 8
    14 1 8 2 8
    15 1 9 2 9
    16 2 9 2 8
    17 2 8 2 8
    18 2 9 2 8
    19 3 8 2 8
    20 1 8 1 7
    """
)
"""Panzer Leader Situation Command & Control: Allied CPs and morale, Axis CPs and morale."""

COMMAND_RADIUS: dict[Nation, tuple[int, int | None]] = {
    Nation.FINLAND: (4, None),
    Nation.FRANCE: (3, None),
    Nation.GERMANY: (5, 2),
    Nation.BRITAIN: (5, 2),
    Nation.HUNGARY: (3, None),
    Nation.ITALY: (3, None),
    Nation.JAPAN: (4, None),
    Nation.POLAND: (3, None),
    Nation.ROMANIA: (3, None),
    Nation.SOVIET_UNION: (4, None),
    Nation.UNITED_STATES: (6, 2),
}
"""Command radius in hexes of an assigned CP and of a mobile (independent) one; None: the nation
has no independent CP [003 22.3]."""

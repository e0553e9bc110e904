"""The ruleset tables the text refers to but does not print [003 B.16]: the Terrain Effects
Chart per terrain and move class, the CRT, the OBA scatter diagram, as the title gives them; and
the odds columns the text does fix (1:3 to 4:1) [003 6.3.3, 6.3.4]."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

COLUMNS: tuple[str, ...] = ("1:3", "1:2", "1:1", "2:1", "3:1", "4:1")
"""The CRT's columns [003 6.3.4]: below 1:3 is No Effect, above 4:1 is 4:1 (B.15 #7)."""


class Result(StrEnum):
    """A CRT result [003 6.3.4]."""

    NONE = "-"
    D = "D"
    DD = "DD"
    X = "X"


def odds_column(attack: float, defense: float) -> int:
    """The odds as a column index before shifts, rounded for the defender [003 6.3.3]: 0 is 1:3,
    2 is 1:1, 5 is 4:1; below 0 is worse than 1:3 and above 5 better than 4:1.

    >>> COLUMNS[odds_column(24, 8)], COLUMNS[odds_column(31, 8)], COLUMNS[odds_column(8, 24)]
    ('3:1', '3:1', '1:3')
    >>> odds_column(7, 24)  # 1:4, which the text names and then treats as No Effect
    -1
    >>> COLUMNS[odds_column(20 / 3, 5)]  # the indirect-fire example: 6.67 to 5
    '1:1'
    """
    if attack <= 0:
        return -99
    if defense <= 0:
        return len(COLUMNS) - 1
    if attack >= defense:
        return math.floor(attack / defense + 1e-9) + 1
    return 3 - math.ceil(defense / attack - 1e-9)


def final_column(attack: float, defense: float, shifts: int = 0) -> int | None:
    """The column an attack is resolved on, None for an automatic No Effect.

    B.15 #13 (the text orders none of it): the column shifts of Overrun, Close Assault and an
    engineer are applied to the odds first, then the 4:1 cap, then the 1:3 floor [003 6.3.4,
    6.4.5, 6.4.6] - so 1:4 shifted once is fought at 1:3, and 5:1 shifted is still 4:1.

    >>> final_column(7, 24, 1), final_column(7, 24), final_column(50, 10, 1)
    (0, None, 5)
    """
    column = odds_column(attack, defense)
    if column < -90:
        return None
    column = min(column + shifts, len(COLUMNS) - 1)
    return column if column >= 0 else None


@dataclass(frozen=True, slots=True)
class Crt:
    """The Combat Results Table as the title gives it: one row per modified die roll from
    `first_roll`, one result per column of `COLUMNS`. Rolls beyond the first or last row read
    that row (modifiers make rolls from below 1 to above 6) [003 B.7.3]."""

    first_roll: int
    rows: tuple[tuple[Result, ...], ...]

    def result(self, column: int, roll: int) -> Result:
        """The result on `column` for a modified `roll`."""
        index = min(max(roll - self.first_roll, 0), len(self.rows) - 1)
        return self.rows[index][column]

    @classmethod
    def from_text(cls, first_roll: int, rows: Sequence[str]) -> Crt:
        """A CRT from rows of results separated by spaces (`- D DD X`).

        >>> Crt.from_text(1, ["X X X X X X", "- - - - - D"]).result(5, 9)
        <Result.D: 'D'>
        """
        return cls(first_roll, tuple(tuple(Result(cell) for cell in row.split()) for row in rows))


@dataclass(frozen=True, slots=True)
class TerrainEffects:
    """One terrain's row of the TEC [003 B.3]: what the text states, and the costs the title's
    chart gives per move class (None: prohibited)."""

    name: str
    mp_cost: Mapping[str, float | None] = field(default_factory=dict)
    los_height: float = 0
    """Woods and Town stand 0.5 above their level for line of sight [003 6.3.7]."""
    concealing: bool = False
    """Units in it are seen only when spotted, moving or firing [003 6.3.8]."""
    spot_roll: int = 0
    """The highest Spot roll that finds a unit in it (Woods 3, Town 2) [003 6.3.8]; 0: no roll
    finds one, only adjacency or higher ground."""
    drm_direct: int = 0
    """Added to the combat die against units in it, direct fire (Town, City +1; a stream +1
    [003 6.3.5, 6.3.9])."""
    drm_indirect: int = 0
    """The same against indirect fire (a stream's +1 does not apply)."""
    counts_as_road: bool = False
    protective: bool = False
    """Morale −1 in it (Town) [003 7.1]."""
    stream: bool = False
    water: bool = False
    open: bool = True
    """Overrun targets and quick-time (Clear) [003 6.4.5]."""
    sum_defense: bool = False
    """All units in it are attacked together, their DS summed [003 6.3.2]."""

    @property
    def los_obstacle(self) -> bool:
        return self.los_height > 0

    def cost(self, move_class: str) -> float | None:
        """MP to enter for a move class; None when it may not enter."""
        return self.mp_cost.get(move_class)


@dataclass(frozen=True, slots=True)
class Tables:
    """Everything the rules read from the title's ruleset tables."""

    terrain: Mapping[str, TerrainEffects]
    crt: Crt
    hexside_costs: Mapping[str, Mapping[str, float | None]] = field(default_factory=dict)
    """Extra MP to cross a hexside of a kind (slope, ridge: only uphill), per move class; None
    prohibits (vehicles cross green hexsides by road only [003 3.2.3])."""
    hexside_blocks_los: frozenset[str] = frozenset()
    """The hexside kinds the chart marks as blocking line of sight (`los._side_blocks` says
    how they block; a slope never does by itself) [003 3.2.2, 6.3.7]."""
    scatter: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
    """OBA scatter, die 1-6 to one of the six directions as axial steps: 1 the top hexside,
    then clockwise [003 6.4.4; its diagram is not printed, B.16's orientation]."""
    stacking: int = 4
    stacking_by_nation: Mapping[str, int] = field(default_factory=lambda: {"soviet_union": 2})
    """Four units a hex, two Soviet [003 3.2.5]."""
    wrecks_negating_road: int = 3
    """B.15 #5: the movement example's three wrecks nullify the road rate, fewer do not [003
    5.1], where 8.0 says any neutral counter negates it; three, as a ruleset option."""
    airborne_scatter: Mapping[int, tuple[int, int]] = field(default_factory=dict)
    """The airborne scatter diagram: 11-66 to (hexes ahead, hexes right) [003 11.3]."""
    aa_fire: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """The AA Fire Table: (least summed strength, results for dice 1-6) per column."""
    between_levels_blind_spot: bool = True
    """B.15 #10: terrain strictly between the two levels blocks as the lower level's does."""

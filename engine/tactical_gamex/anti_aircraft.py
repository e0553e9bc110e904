"""Anti-aircraft fire at an aircraft [003 6.4.7]: the AA units' summed strength, doubled at less
than half range, read on the title's AA Fire Table by one die. (Aircraft passes themselves are
not played yet: see README.md.)"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.tactical_gamex.units import UnitType


@dataclass(frozen=True, slots=True)
class AaColumn:
    """A column of the AA Fire Table: the least summed strength it covers, and the result for
    each die 1-6 (`-`, `D` driven off, `X` destroyed)."""

    min_attack: int
    results: tuple[str, ...]


def aa_strength(kind: UnitType, distance: int) -> float:
    """One AA unit's strength against an aircraft `distance` hexes away: 0 out of range, double
    at less than half range.

    B.15 #6: 6.4.7 says "less than half range", the WEC "half range or less"; AA fire keeps the
    text of 6.4.7, strictly less.

    >>> from engine.tactical_gamex.units import UnitType, Weapon
    >>> flak = UnitType("20mm Flak", 4, Weapon.AA, 4, 2, 0)
    >>> aa_strength(flak, 1), aa_strength(flak, 2), aa_strength(flak, 4), aa_strength(flak, 5)
    (8, 4, 4, 0)
    """
    if distance > kind.range:
        return 0
    return kind.attack * 2 if distance < kind.range / 2 else kind.attack


def aa_result(columns: Sequence[AaColumn], strength: float, roll: int) -> str:
    """The AA Fire Table's result for the summed strength and a die 1-6."""
    column = None
    for candidate in columns:
        if strength >= candidate.min_attack:
            column = candidate
    if column is None or strength <= 0:
        return "-"
    return column.results[min(max(roll, 1), 6) - 1]

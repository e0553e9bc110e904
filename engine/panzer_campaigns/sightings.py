"""What one side knows of an enemy unit: seen in detail or only as an Unknown counter, where, and
whether a recon or dust report (rather than a unit's own eyes) told it [000 4.8].
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Sight(StrEnum):
    """How well a side sees an enemy unit; a unit it does not see has no sighting at all."""

    SPOTTED = "spotted"
    """Seen in detail: a target for direct fire [000 4.8]."""
    UNKNOWN = "unknown"
    """Seen only as a "?" counter: by Broken units, dust or recon [000 4.8, 9.0]."""

    def __or__(self, other: object) -> Sight:
        """The better of two grades."""
        if not isinstance(other, Sight):
            return NotImplemented
        return Sight.SPOTTED if Sight.SPOTTED in (self, other) else Sight.UNKNOWN


@dataclass(frozen=True, slots=True)
class Sighting:
    """One side's sighting of one enemy unit."""

    grade: Sight
    hex: int
    """Where the unit stood when last seen."""
    reported: bool = False
    """From Recon or Dust Spotting: it holds while the unit stays in `hex`, seen or not."""

    def __deepcopy__(self, memo: dict[int, object]) -> Sighting:
        """Itself: it never changes, and every undo checkpoint copies thousands of them."""
        return self


@dataclass(frozen=True, slots=True)
class IntelMarker:
    """Where one side last saw an enemy unit that has gone out of its sight: "Intel markers are
    used to describe previously known enemy positions" [001 1.1 #31]."""

    unit: str
    """The enemy unit; a player's view names it only when `grade` is SPOTTED."""
    hex: int
    grade: Sight
    """Identified (SPOTTED) or only an Unknown when last seen."""
    turn: int
    """The game turn it was last seen on."""

    def __deepcopy__(self, memo: dict[int, object]) -> IntelMarker:
        """Itself: it never changes."""
        return self

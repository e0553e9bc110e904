"""The events of attrition on the march [000 4.1, 4.2] (`engine.panzer_campaigns.march_attrition`)
and of the
rail-damage action [000 4.4] (`engine.panzer_campaigns.rail_damage`), apart from those modules so
that the
event log can name them without importing the rules."""

from __future__ import annotations

from dataclasses import dataclass

from schemas.vocabulary import Side

Offset = tuple[int, int]


@dataclass(frozen=True, slots=True)
class NightDisrupted:
    """A unit moving at night off the road (or not in Travel Mode) became Disrupted in the hex
    it entered, and stopped there [000 4.1]."""

    turn: int
    unit: str
    side: Side
    hex: Offset

    def describe(self) -> str:
        """One sentence for a report."""
        return (
            f"{self.side.value} {self.unit} is Disrupted moving at night "
            f"at [{self.hex[0]}, {self.hex[1]}]"
        )


@dataclass(frozen=True, slots=True)
class VehicleBrokeDown:
    """A vehicle of a moving unit broke down: one vehicle lost [000 4.2]."""

    turn: int
    unit: str
    side: Side
    chance: float
    """The probability V*C*B/(40000*Q) the move had, as a fraction."""

    def describe(self) -> str:
        """One sentence for a report."""
        return (
            f"{self.side.value} {self.unit} loses a vehicle to breakdown "
            f"({self.chance:.1%} chance on this move)"
        )


@dataclass(frozen=True, slots=True)
class RailDamaged:
    """A unit damaged the railway in its hex [000 4.4] (`engine.panzer_campaigns.rail_damage`)."""

    turn: int
    unit: str
    side: Side
    hex: Offset
    cost: float
    """Movement points it spent: 1/3 of its allowance."""

    def describe(self) -> str:
        """One sentence for a report."""
        return (
            f"{self.side.value} {self.unit} damages the railway at "
            f"[{self.hex[0]}, {self.hex[1]}] ({self.cost:g} MP)"
        )

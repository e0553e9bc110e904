"""The events of patrols, On Foot and deception units [000 4.2, 4.3]
(`engine.panzer_campaigns.patrols`,
`engine.panzer_campaigns.deception`), apart from those modules so that the event log can name them
without
importing the rules."""

from __future__ import annotations

from dataclasses import dataclass

from schemas.vocabulary import Side

Offset = tuple[int, int]


@dataclass(frozen=True, slots=True)
class PatrolStarted:
    """A unit went out on patrol for its whole allowance [000 4.2]."""

    turn: int
    unit: str
    side: Side
    hex: Offset

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.side.value} {self.unit} patrols around [{self.hex[0]}, {self.hex[1]}]"


@dataclass(frozen=True, slots=True)
class PatrolRecalled:
    """A Patrolling unit was recalled, for half its allowance, as it moved [000 4.2]."""

    turn: int
    unit: str
    side: Side
    cost: float

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.side.value} {self.unit} recalls its patrols ({self.cost:g} MP)"


@dataclass(frozen=True, slots=True)
class BackOnTransport:
    """On Foot units stacked with their HQ at the start of their player turn are no longer On
    Foot [000 4.2]."""

    turn: int
    side: Side
    units: tuple[str, ...]

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.side.value}: back on their transport with their HQ: {', '.join(self.units)}"


@dataclass(frozen=True, slots=True)
class DeceptionDeployed:
    """A deception unit was deployed (or redeployed) as a hidden marker [000 4.3]."""

    turn: int
    unit: str
    side: Side
    hex: Offset
    redeployed: bool

    def describe(self) -> str:
        """One sentence for a report."""
        verb = "redeployed" if self.redeployed else "deployed"
        return (
            f"{self.side.value} deception unit {self.unit} {verb} at [{self.hex[0]}, {self.hex[1]}]"
        )


@dataclass(frozen=True, slots=True)
class DeceptionDetected:
    """The enemy detected a deployed deception unit: it is removed from the map [000 4.3]."""

    turn: int
    unit: str
    side: Side
    hex: Offset

    def describe(self) -> str:
        """One sentence for a report."""
        return (
            f"{self.side.value} deception unit {self.unit} detected and removed at "
            f"[{self.hex[0]}, {self.hex[1]}]"
        )


@dataclass(frozen=True, slots=True)
class DeceptionRecalled:
    """A deployed deception unit joined by a friendly regular unit is back as a counter."""

    turn: int
    unit: str
    side: Side
    hex: Offset

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.side.value} deception unit {self.unit} recalled at {_hex(self.hex)}"


@dataclass(frozen=True, slots=True)
class Deceived:
    """A unit moving in Travel Mode near an enemy deception unit or partisan was Disrupted and
    lost its remaining movement points [000 4.3]."""

    turn: int
    unit: str
    side: Side
    hex: Offset

    def describe(self) -> str:
        """One sentence for a report."""
        return (
            f"{self.side.value} {self.unit} deceived at [{self.hex[0]}, {self.hex[1]}]: "
            "Disrupted, no movement points left"
        )


def _hex(offset: Offset) -> str:
    return f"[{offset[0]}, {offset[1]}]"

"""What engineers do, as events the log and `hexwright play` show [000 7.2-7.5]."""

from __future__ import annotations

from dataclasses import dataclass

from schemas.vocabulary import Side

Offset = tuple[int, int]


def _at(hex_: Offset) -> str:
    return f"{hex_[0]},{hex_[1]}"


@dataclass(frozen=True, slots=True)
class WorkStarted:
    """An engineer began a work that takes turns (bridge, mines, rubble, wiring) [000 7.2-7.4]."""

    turn: int
    side: Side
    unit: str
    work: str
    hex: Offset
    chance: float
    """The chance it completes at each later turn start, as things stand."""

    def describe(self) -> str:
        """One sentence for a report."""
        return (
            f"{self.unit} started work at {_at(self.hex)}: {self.work} ({self.chance:.0%} a turn)"
        )


@dataclass(frozen=True, slots=True)
class WorkDone:
    """A work completed at the start of its side's turn."""

    turn: int
    side: Side
    unit: str
    work: str
    hex: Offset
    result: str

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.unit} at {_at(self.hex)}: {self.result}"


@dataclass(frozen=True, slots=True)
class WorkStopped:
    """A work ended without completing: the unit moved, may no longer work, or was told to."""

    turn: int
    side: Side
    unit: str
    work: str
    reason: str

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.unit} stopped work ({self.work}): {self.reason}"


@dataclass(frozen=True, slots=True)
class BridgeRemoved:
    """A built bridge left the map: dismantled, abandoned or its engineer lost [000 7.4]."""

    turn: int
    side: Side
    unit: str
    hex: Offset
    reason: str

    def describe(self) -> str:
        """One sentence for a report."""
        return f"the bridge of {self.unit} at {_at(self.hex)} is gone: {self.reason}"


@dataclass(frozen=True, slots=True)
class DemolitionAttempted:
    """An engineer tried to damage a bridge or destroy an AT ditch [000 7.4]."""

    turn: int
    side: Side
    unit: str
    target: str
    hex: Offset
    chance: float
    succeeded: bool
    foiled: bool = False
    """It would have succeeded, but the enemy's deception foiled it [000 4.3]."""

    def describe(self) -> str:
        """One sentence for a report."""
        outcome = "succeeded" if self.succeeded else "failed"
        if self.foiled:
            outcome = "foiled by the enemy's deception"
        return (
            f"{self.unit} attacked the {self.target} at {_at(self.hex)} "
            f"({self.chance:.0%} chance): {outcome}"
        )


@dataclass(frozen=True, slots=True)
class WiredBridgeTested:
    """The one-time Auto Wired Bridge Demolition test [000 7.4]."""

    turn: int
    side: Side
    """The side whose unit set the test off."""
    unit: str
    hex: Offset
    chance: float
    blown: bool

    def describe(self) -> str:
        """One sentence for a report."""
        if self.blown:
            return (
                f"the wired bridge at {_at(self.hex)} was blown as {self.unit} came near "
                f"({self.chance:.0%} chance)"
            )
        return (
            f"the wired bridge at {_at(self.hex)} failed to blow as {self.unit} came near "
            f"({self.chance:.0%} chance); it is no longer wired"
        )


@dataclass(frozen=True, slots=True)
class MinesCleared:
    """Mine clearing at the start of a turn: lanes, a strength point removed [000 7.3]."""

    turn: int
    side: Side
    unit: str
    hex: Offset
    strength: int
    """The minefield's strength left; 0 when it is gone."""
    strength_lost: int = 0
    """What a Demolition unit lost doing it: 32 / assault value [000 7.1]."""

    def describe(self) -> str:
        """One sentence for a report."""
        left = f"strength {self.strength} left" if self.strength else "minefield removed"
        cost = f"; it lost {self.strength_lost}" if self.strength_lost else ""
        return f"{self.unit} cleared lanes in the minefield at {_at(self.hex)}: {left}{cost}"


@dataclass(frozen=True, slots=True)
class UnitFerried:
    """An engineer ferried a unit across a river or canal, or over a water hex [000 7.5]."""

    turn: int
    side: Side
    engineer: str
    unit: str
    start: Offset
    end: Offset

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.engineer} ferried {self.unit} from {_at(self.start)} to {_at(self.end)}"


EngineeringEvent = (
    WorkStarted
    | WorkDone
    | WorkStopped
    | BridgeRemoved
    | DemolitionAttempted
    | WiredBridgeTested
    | MinesCleared
    | UnitFerried
)
"""Every event of `engine.panzer_campaigns.engineering`."""

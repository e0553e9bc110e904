"""What air missions and the aircraft's turn log; part of `engine.panzer_campaigns.events.Event`.
The losses of
an aircraft hit by AA fire and of the units a strike hits are `LossesTaken` events of kind
"air" that follow these in the log."""

from __future__ import annotations

from dataclasses import dataclass

from schemas.vocabulary import Side

Offset = tuple[int, int]


@dataclass(frozen=True, slots=True)
class AirMissionFlown:
    """An air unit flew a mission [000 8.1]: a strike, carpet bombing or recon at `hex`."""

    turn: int
    side: Side
    aircraft: str
    mission: str
    """"strike", "carpet" or "recon"."""
    hex: Offset
    """The hex called."""
    hit: Offset
    """Where it fell: the hex called, or where carpet bombing scattered to [000 8.1]."""
    intercepted: bool = False
    """Intercepted: no effect, and the aircraft must become available again [000 8.1]."""
    aborted: str = ""
    """Why it did not reach its target after AA fire (eliminated or Broken), else empty."""

    def describe(self) -> str:
        """One sentence for a report."""
        what = {"strike": "an air strike", "carpet": "carpet bombing", "recon": "air recon"}
        text = f"{self.side.value} {self.aircraft} flew {what.get(self.mission, self.mission)}"
        text += f" at {self.hex[0]},{self.hex[1]}"
        if self.intercepted:
            return text + ": intercepted"
        if self.aborted:
            return text + f": {self.aborted}"
        if self.hit != self.hex:
            text += f", scattered to {self.hit[0]},{self.hit[1]}"
        return text


@dataclass(frozen=True, slots=True)
class AirMissionCalled:
    """A Panzer Battles air mission was called: it flies at the start of the side's next player
    turn [001 #32]."""

    turn: int
    side: Side
    aircraft: str
    mission: str
    hex: Offset

    def describe(self) -> str:
        """One sentence for a report."""
        return (
            f"{self.side.value} {self.aircraft} called for {self.mission} at "
            f"{self.hex[0]},{self.hex[1]}: it flies at the start of the next turn"
        )


@dataclass(frozen=True, slots=True)
class AirStruck:
    """An aircraft's bombs fell on a unit [000 8.1]; the unit's `LossesTaken` follows."""

    turn: int
    side: Side
    aircraft: str
    hex: Offset
    target: str
    value: float
    """The combat value before the percentage modifier."""
    modifiers: tuple[str, ...]
    unknown: bool = False
    """Struck as an Unknown unit: "the combat results will not be known" [000 8.1]."""

    def describe(self) -> str:
        """One sentence for a report."""
        text = (
            f"{self.side.value} {self.aircraft} struck {self.target} in {self.hex[0]},{self.hex[1]}"
        )
        text += f": combat value {self.value:.1f}"
        return text + (f" ({', '.join(self.modifiers)})" if self.modifiers else "")


@dataclass(frozen=True, slots=True)
class AntiAircraftFired:
    """A unit fired AA at an aircraft over `hex` [000 8.1]; the aircraft's `LossesTaken`
    follows it."""

    turn: int
    unit: str
    side: Side
    aircraft: str
    hex: Offset
    distance: int
    value: float
    """The combat value after the range factor and halvings."""

    def describe(self) -> str:
        """One sentence for a report."""
        return (
            f"{self.side.value} {self.unit} fired AA at {self.aircraft} over "
            f"{self.hex[0]},{self.hex[1]} (range {self.distance}): combat value {self.value:.1f}"
        )


@dataclass(frozen=True, slots=True)
class AircraftReady:
    """At the start of its player turn, a side's aircraft recovered from damage or became
    available again after a mission [000 8.3]."""

    turn: int
    side: Side
    ready: tuple[str, ...]
    """Aircraft available again."""
    recovered: tuple[str, ...] = ()
    """Aircraft that recovered a step of Disruption (Broken to Disrupted, Disrupted to good)."""

    def describe(self) -> str:
        """One sentence for a report."""
        parts = []
        if self.ready:
            parts.append("available again: " + ", ".join(self.ready))
        if self.recovered:
            parts.append("recovered from damage: " + ", ".join(self.recovered))
        return f"{self.side.value} aircraft " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class AirReconSpotted:
    """An air recon mission reported enemy units [000 8.1]."""

    turn: int
    side: Side
    aircraft: str
    hex: Offset
    spotted: tuple[str, ...]
    """Enemy units now spotted in detail."""
    unknown: tuple[str, ...]
    """Enemy units now seen as Unknown."""

    def describe(self) -> str:
        """One sentence for a report."""
        return (
            f"{self.side.value} air recon by {self.aircraft} over {self.hex[0]},{self.hex[1]}: "
            f"{len(self.spotted)} unit(s) spotted, {len(self.unknown)} seen as Unknown"
        )


@dataclass(frozen=True, slots=True)
class Interdicted:
    """Enemy air interdicted a unit moving in Travel or Rail Mode [000 8.2]; its `LossesTaken`
    follows."""

    turn: int
    unit: str
    side: Side
    aircraft: str
    """The enemy air unit the attack was flown as (it stays available)."""
    hex: Offset
    chance: float
    mp_lost: float
    """Movement points the unit lost."""

    def describe(self) -> str:
        """One sentence for a report."""
        text = (
            f"{self.side.value} {self.unit} interdicted at {self.hex[0]},{self.hex[1]} by enemy "
            f"aircraft ({self.aircraft}, {self.chance:.0%} chance)"
        )
        return text + (f": lost {self.mp_lost:.1f} movement points" if self.mp_lost else "")


AirEvent = (
    AirMissionFlown
    | AirStruck
    | AirMissionCalled
    | AntiAircraftFired
    | AircraftReady
    | AirReconSpotted
    | Interdicted
)
"""Anything the air modules log."""

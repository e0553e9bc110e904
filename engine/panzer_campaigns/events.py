"""What happened during a game, as small immutable records the turn loop logs and the editor and
`hexwright play` show. Every event says the turn it happened on; `describe()` gives a sentence.

Hexes are (column, row) as the files and the UI speak them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.panzer_campaigns.air.events import (
    AircraftReady,
    AirMissionCalled,
    AirMissionFlown,
    AirReconSpotted,
    AirStruck,
    AntiAircraftFired,
    Interdicted,
)
from engine.panzer_campaigns.carrying import Carried, Uncarried
from engine.panzer_campaigns.combat.dig_in import DugIn, StartedDiggingIn, StoppedDiggingIn
from engine.panzer_campaigns.combat.events import (
    AmmoSpent,
    ArtilleryReadied,
    Assaulted,
    AssaultResolved,
    CounterbatterySpotted,
    FatigueRecovered,
    Fired,
    LossesTaken,
    OpportunityFire,
    RubbleMade,
    StrengthRecovered,
)
from engine.panzer_campaigns.engineering.events import EngineeringEvent
from engine.panzer_campaigns.hq_recovery import HqRestored
from engine.panzer_campaigns.irregular_events import (
    BackOnTransport,
    Deceived,
    DeceptionDeployed,
    DeceptionDetected,
    DeceptionRecalled,
    PatrolRecalled,
    PatrolStarted,
)
from engine.panzer_campaigns.march_events import NightDisrupted, RailDamaged, VehicleBrokeDown
from engine.panzer_campaigns.night_fatigue import NightFatigueGained
from engine.panzer_campaigns.organize import BrokeDown, Combined
from engine.panzer_campaigns.phases import HexDeserted, PhaseStarted
from engine.panzer_campaigns.supply_events import SupplyUnitsIssued
from engine.panzer_campaigns.weather import ConditionChanged, StormChanged, VisibilityChanged
from schemas.vocabulary import Side

Offset = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Arrived:
    """Reinforcement units came on at `hex` (after any scatter) [000 4.7]."""

    turn: int
    reinforcement: str
    side: Side
    units: tuple[str, ...]
    hex: Offset
    scattered: int = 0
    """Hexes between the scheduled arrival hex and `hex` (airborne scatter, infiltration)."""

    def describe(self) -> str:
        """One sentence for a report."""
        off = f" ({self.scattered} hexes off target)" if self.scattered else ""
        return (
            f"{self.side.value} reinforcement {self.reinforcement} arrived at "
            f"{_hex(self.hex)}{off}: {', '.join(self.units)}"
        )


@dataclass(frozen=True, slots=True)
class ArrivalDelayed:
    """A reinforcement could not come on this turn and will try again [000 4.7, 11.0]."""

    turn: int
    reinforcement: str
    side: Side
    reason: str

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.side.value} reinforcement {self.reinforcement} delayed: {self.reason}"


@dataclass(frozen=True, slots=True)
class Withdrew:
    """Units left the map on schedule [000 4.7]."""

    turn: int
    withdrawal: str
    side: Side
    units: tuple[str, ...]
    hexes: tuple[Offset, ...] = ()
    """The hex each of `units` left, in the same order."""

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.side.value} withdrawal {self.withdrawal}: {', '.join(self.units)}"


@dataclass(frozen=True, slots=True)
class Released:
    """A fixed organization was released [000 4.6]."""

    turn: int
    release: str
    organization: str
    units: tuple[str, ...]
    reason: str
    """"scheduled", "chance" or "spotted"."""

    def describe(self) -> str:
        """One sentence for a report."""
        return f"release {self.release} ({self.reason}): {self.organization} may move"


@dataclass(frozen=True, slots=True)
class FreedBySight:
    """Fixed units the enemy has spotted became un-Fixed [000 4.6]."""

    turn: int
    side: Side
    units: tuple[str, ...]

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.side.value}: spotted by the enemy, no longer fixed: {', '.join(self.units)}"


@dataclass(frozen=True, slots=True)
class BecameFixed:
    """Units became Fixed after the start, as the scenario schedules it [000 4.6]."""

    turn: int
    side: Side
    units: tuple[str, ...]

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.side.value}: halted, now fixed: {', '.join(self.units)}"


@dataclass(frozen=True, slots=True)
class AttachmentChanged:
    """A player changed a Corps Attachment on the midnight turn [000 9.1]."""

    turn: int
    side: Side
    subject: str
    """The organization or unit attached."""
    before: str
    """The organization it answered to."""
    attach_to: str
    """The organization it answers to now."""

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.side.value}: {self.subject} attached to {self.attach_to} (was {self.before})"


@dataclass(frozen=True, slots=True)
class ProtectionApplied:
    """An arrival's Protection Value broke or eliminated enemy units [000 4.7]."""

    turn: int
    reinforcement: str
    broken: tuple[str, ...]
    eliminated: tuple[str, ...]

    def describe(self) -> str:
        """One sentence for a report."""
        return (
            f"protection of {self.reinforcement}: broken {', '.join(self.broken) or 'none'}, "
            f"eliminated {', '.join(self.eliminated) or 'none'}"
        )


@dataclass(frozen=True, slots=True)
class LandingLosses:
    """Airborne or glider units lost strength landing [000 4.7]."""

    turn: int
    unit: str
    lost: int
    eliminated: bool

    def describe(self) -> str:
        """One sentence for a report."""
        end = " and was eliminated" if self.eliminated else ""
        return f"{self.unit} lost {self.lost} landing{end}"


@dataclass(frozen=True, slots=True)
class ObjectiveCaptured:
    """An objective changed hands by occupation [000 3.4]."""

    turn: int
    objective: str
    side: Side
    previous: Side | None

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.side.value} captured objective {self.objective}"


@dataclass(frozen=True, slots=True)
class ObjectiveExpired:
    """A limited objective expired; its holder keeps the points [000 3.4]."""

    turn: int
    objective: str
    holder: Side | None
    points: float

    def describe(self) -> str:
        """One sentence for a report."""
        holder = self.holder.value if self.holder else "nobody"
        return f"limited objective {self.objective} expired: {self.points:g} points to {holder}"


@dataclass(frozen=True, slots=True)
class UnitExited:
    """A unit left the map at an exit objective and scored [000 3.4]."""

    turn: int
    unit: str
    objective: str
    side: Side
    points: float

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.unit} exited at {self.objective} for {self.points:g} points"


@dataclass(frozen=True, slots=True)
class Surrendered:
    """A nation surrendered: its units and future reinforcements are gone [000 3.4]."""

    turn: int
    nation: str
    side: Side
    units: tuple[str, ...] = ()
    """Its units removed, on the map and waiting to arrive."""

    def describe(self) -> str:
        """One sentence for a report."""
        removed = f": {len(self.units)} units removed" if self.units else ""
        return f"{self.nation} ({self.side.value}) surrendered{removed}"


@dataclass(frozen=True, slots=True)
class SupplyChanged:
    """A supply variation fired [000 10.2]."""

    turn: int
    variation: str
    side: Side
    change: int
    target: str
    """"global", "sources", "global and sources" or "rail capacity"."""

    def describe(self) -> str:
        """One sentence for a report."""
        return (
            f"supply variation {self.variation}: {self.side.value} {self.target} {self.change:+d}"
        )


@dataclass(frozen=True, slots=True)
class IsolationChanged:
    """Units of a side became Isolated, or were no longer [000 10.2]."""

    turn: int
    side: Side
    isolated: tuple[str, ...]
    resupplied: tuple[str, ...]

    def describe(self) -> str:
        """One sentence for a report."""
        parts = []
        if self.isolated:
            parts.append(f"isolated {', '.join(self.isolated)}")
        if self.resupplied:
            parts.append(f"back in supply {', '.join(self.resupplied)}")
        return f"{self.side.value}: " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class CommandChanged:
    """HQs of a side went Out of Command, or came back In Command, in the Command Test
    [000 9.1]."""

    turn: int
    side: Side
    out_of_command: tuple[str, ...]
    back_in_command: tuple[str, ...]

    def describe(self) -> str:
        """One sentence for a report."""
        parts = []
        if self.out_of_command:
            parts.append(f"out of command {', '.join(self.out_of_command)}")
        if self.back_in_command:
            parts.append(f"back in command {', '.join(self.back_in_command)}")
        return f"{self.side.value}: " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class FuelChanged:
    """Units of a side ran Low on Fuel, or refuelled [000 10.2]."""

    turn: int
    side: Side
    ran_low: tuple[str, ...]
    refuelled: tuple[str, ...]

    def describe(self) -> str:
        """One sentence for a report."""
        parts = []
        if self.ran_low:
            parts.append(f"low on fuel {', '.join(self.ran_low)}")
        if self.refuelled:
            parts.append(f"refuelled {', '.join(self.refuelled)}")
        return f"{self.side.value}: " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class AmmoChanged:
    """Low on Ammo units of a side were resupplied [000 10.2]."""

    turn: int
    side: Side
    resupplied: tuple[str, ...]

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.side.value}: ammunition resupplied {', '.join(self.resupplied)}"


@dataclass(frozen=True, slots=True)
class Recovered:
    """Disrupted or Broken units of a side recovered [000 9.1]."""

    turn: int
    side: Side
    rallied: tuple[str, ...]
    """Disrupted units that are back to normal."""
    broken_to_disrupted: tuple[str, ...]
    """Broken units that are now only Disrupted."""

    def describe(self) -> str:
        """One sentence for a report."""
        parts = []
        if self.rallied:
            parts.append(f"recovered from disruption {', '.join(self.rallied)}")
        if self.broken_to_disrupted:
            parts.append(f"no longer broken (disrupted) {', '.join(self.broken_to_disrupted)}")
        return f"{self.side.value}: " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game ended: at the last turn, or early on a major victory [000 2.0]."""

    turn: int
    outcome: str
    score: float
    early: bool

    def describe(self) -> str:
        """One sentence for a report."""
        early = " (early termination)" if self.early else ""
        return f"game over{early}: {self.outcome.replace('_', ' ')}, score {self.score:g}"


@dataclass(frozen=True, slots=True)
class ReconSpotted:
    """A recon unit tried to reveal concealed enemy units within Visibility + 1 [000 4.8]."""

    turn: int
    side: Side
    unit: str
    spotted: tuple[str, ...]
    """Enemy units it revealed in detail."""
    unknown: tuple[str, ...]
    """Enemy units it revealed only as Unknown."""

    def describe(self) -> str:
        """One sentence for a report."""
        found = len(self.spotted) + len(self.unknown)
        if not found:
            return f"{self.side.value} recon {self.unit} revealed nothing"
        return (
            f"{self.side.value} recon {self.unit} revealed {len(self.spotted)} enemy units "
            f"and {len(self.unknown)} unknown"
        )


@dataclass(frozen=True, slots=True)
class DustSpotted:
    """`side` saw the dust of an enemy unit moving beyond visibility: an Unknown at `hex`
    [000 4.8]."""

    turn: int
    side: Side
    unit: str
    hex: Offset

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.side.value} saw dust: an unknown enemy unit at {_hex(self.hex)}"


@dataclass(frozen=True, slots=True)
class MoveStopped:
    """A move stopped short of the end of its path: on contact with an enemy its side had not
    seen, or under opportunity fire (`engine.panzer_campaigns.movement_walk`)."""

    turn: int
    unit: str
    side: Side
    hex: Offset
    """Where the unit stopped."""
    reason: str

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.side.value} {self.unit} stopped at {_hex(self.hex)}: {self.reason}"


def _hex(offset: Offset) -> str:
    return f"[{offset[0]}, {offset[1]}]"


Event = (
    Arrived
    | ArrivalDelayed
    | Withdrew
    | Released
    | FreedBySight
    | BecameFixed
    | AttachmentChanged
    | ProtectionApplied
    | LandingLosses
    | ObjectiveCaptured
    | ObjectiveExpired
    | UnitExited
    | Surrendered
    | SupplyChanged
    | IsolationChanged
    | CommandChanged
    | FuelChanged
    | AmmoChanged
    | SupplyUnitsIssued
    | Recovered
    | Fired
    | Assaulted
    | AssaultResolved
    | OpportunityFire
    | MoveStopped
    | AmmoSpent
    | ArtilleryReadied
    | CounterbatterySpotted
    | RubbleMade
    | LossesTaken
    | StrengthRecovered
    | FatigueRecovered
    | GameEnded
    | ReconSpotted
    | DustSpotted
    | StartedDiggingIn
    | DugIn
    | StoppedDiggingIn
    | Combined
    | BrokeDown
    | Carried
    | Uncarried
    | ConditionChanged
    | StormChanged
    | VisibilityChanged
    | PhaseStarted
    | HexDeserted
    | PatrolStarted
    | PatrolRecalled
    | BackOnTransport
    | DeceptionDeployed
    | DeceptionDetected
    | DeceptionRecalled
    | Deceived
    | NightDisrupted
    | VehicleBrokeDown
    | RailDamaged
    | HqRestored
    | NightFatigueGained
    | EngineeringEvent
    | AirMissionFlown
    | AirMissionCalled
    | AirStruck
    | AntiAircraftFired
    | AircraftReady
    | AirReconSpotted
    | Interdicted
)
"""Anything the game log holds."""

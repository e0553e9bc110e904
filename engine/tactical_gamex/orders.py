"""The orders a Tactical GameX player gives, as values [003 4.2.2]: a game records every order
it carries out, so the same situation, seed and orders replay the same game, and a saved
test-play is its orders."""

from __future__ import annotations

from dataclasses import dataclass

Offset = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Move:
    """Move a unit along adjacent hexes (its hex's activation: 1 point) [003 5.0]."""

    unit: str
    path: tuple[Offset, ...]
    quick_time: bool = False
    """Non-MG infantry at quick time, +1 MP (optional rule 15)."""

    def describe(self) -> str:
        pace = " at quick time" if self.quick_time else ""
        return f"move {self.unit} to {self.path[-1] if self.path else '?'}{pace}"


@dataclass(frozen=True, slots=True)
class StandUp:
    """A unit Down in a stream comes Up, for its whole movement [003 6.3.9]."""

    unit: str

    def describe(self) -> str:
        return f"{self.unit} comes Up"


@dataclass(frozen=True, slots=True)
class Load:
    """A carrier loads a unit in its hex [003 5.2.2]."""

    carrier: str
    passenger: str

    def describe(self) -> str:
        return f"{self.carrier} loads {self.passenger}"


@dataclass(frozen=True, slots=True)
class Unload:
    """A carrier unloads its passenger [003 5.2.3]."""

    carrier: str

    def describe(self) -> str:
        return f"{self.carrier} unloads"


@dataclass(frozen=True, slots=True)
class Rally:
    """The disrupted units of a hex try to rally (1 point) [003 7.3]."""

    hex: Offset

    def describe(self) -> str:
        return f"rally at {self.hex}"


@dataclass(frozen=True, slots=True)
class Spot:
    """A unit tries to spot an enemy hex (1 point) [003 6.3.8]."""

    unit: str
    hex: Offset

    def describe(self) -> str:
        return f"{self.unit} spots {self.hex}"


@dataclass(frozen=True, slots=True)
class Fire:
    """Direct fire of units (1 point a hex) at units of one hex [003 6.4.1]."""

    units: tuple[str, ...]
    targets: tuple[str, ...]
    stress: bool = False
    """Add the Combat Stress points that reach the next column (optional rule 12)."""

    def describe(self) -> str:
        stressed = " under combat stress" if self.stress else ""
        return f"{', '.join(self.units)} fire at {', '.join(self.targets)}{stressed}"


@dataclass(frozen=True, slots=True)
class MarkOpportunityFire:
    """Units of one hex are marked for Opportunity Fire (1 point) [003 6.4.2]."""

    units: tuple[str, ...]

    def describe(self) -> str:
        return f"{', '.join(self.units)} on opportunity fire"


@dataclass(frozen=True, slots=True)
class IndirectFire:
    """Indirect fire at a hex with a sighting unit (1 point a firing hex) [003 6.4.3]."""

    units: tuple[str, ...]
    hex: Offset
    sighter: str
    stress: bool = False
    """Combat Stress on each attack that it brings to the next column (optional rule 12)."""
    interdict: bool = False
    """Place an Interdiction marker rather than attack (optional rule 21)."""

    def describe(self) -> str:
        what = "interdict" if self.interdict else "fire indirectly at"
        stressed = " under combat stress" if self.stress else ""
        return f"{', '.join(self.units)} {what} {self.hex}, {self.sighter} sighting{stressed}"


@dataclass(frozen=True, slots=True)
class CallArtillery:
    """An off-board battery at a hex, with points spent to lower the accuracy die [003 6.4.4]."""

    battery: str
    hex: Offset
    sighter: str
    lowered: int = 0
    interdict: bool = False
    """Place an Interdiction marker rather than attack (optional rule 21)."""
    bridge: bool = False
    """Fire at the hex's temporary bridge on its own, not at its units [003 9.3]."""

    def describe(self) -> str:
        what = "interdicts" if self.interdict else "at the bridge at" if self.bridge else "at"
        return f"battery {self.battery} {what} {self.hex}, {self.sighter} sighting"


@dataclass(frozen=True, slots=True)
class Overrun:
    """Armoured units drive up to a hex along `paths` (one per unit, empty for a unit already
    next to it), through it and on to their exit hexes [003 6.4.5]."""

    units: tuple[str, ...]
    hex: Offset
    exits: tuple[Offset, ...]
    paths: tuple[tuple[Offset, ...], ...] = ()

    def describe(self) -> str:
        return f"{', '.join(self.units)} overrun {self.hex}"


@dataclass(frozen=True, slots=True)
class CloseAssault:
    """Infantry assault a hex, moving next to it first along `paths` (one per unit, empty for a
    unit already there) [003 6.4.6]."""

    units: tuple[str, ...]
    hex: Offset
    paths: tuple[tuple[Offset, ...], ...] = ()
    banzai: bool = False
    """A Japanese Banzai attack (optional rule 17); its units attack from where they stand."""

    def describe(self) -> str:
        return f"{', '.join(self.units)} close assault {self.hex}"


@dataclass(frozen=True, slots=True)
class AirAttack:
    """One attack of an aircraft with one of its weapon types on a hex [003 6.4.7]; direct
    weapons name their targets, (H) attacks every unit of the hex."""

    aircraft: str
    weapon: str
    hex: Offset
    targets: tuple[str, ...] = ()
    bridge: bool = False
    """Attack the hex's temporary bridge on its own, not its units [003 9.3]."""

    def describe(self) -> str:
        what = "the temporary bridge at " if self.bridge else ""
        return f"{self.aircraft} attacks {what}{self.hex} with {self.weapon}"


@dataclass(frozen=True, slots=True)
class MobileFire:
    """A turreted vehicle moves up to half its MA, then fires at half AS (optional rule 18);
    with no targets it keeps the attack for later in the turn (18.1, 18.3)."""

    unit: str
    path: tuple[Offset, ...]
    targets: tuple[str, ...]

    def describe(self) -> str:
        if not self.targets:
            return f"{self.unit} mobile fire, its attack kept for later"
        return f"{self.unit} mobile fire at {', '.join(self.targets)}"


@dataclass(frozen=True, slots=True)
class TurnGun:
    """An artillery unit's activation turns it to face a hexside (a `Direction` value); it may
    fire in the same activation (optional rule 19) [003 19.3]."""

    unit: str
    facing: str

    def describe(self) -> str:
        return f"{self.unit} turns to face {self.facing.replace('_', ' ')}"


@dataclass(frozen=True, slots=True)
class FireSmoke:
    """Artillery lays smoke on a hex, in sight or with a sighting unit (optional rule 20)."""

    units: tuple[str, ...]
    hex: Offset
    sighter: str = ""

    def describe(self) -> str:
        return f"{', '.join(self.units)} fire smoke at {self.hex}"


@dataclass(frozen=True, slots=True)
class ClearObstacle:
    """An engineer moves into the minefield or block next to it to clear it [003 9.1, 8.5]."""

    unit: str
    hex: Offset

    def describe(self) -> str:
        return f"{self.unit} clears {self.hex}"


@dataclass(frozen=True, slots=True)
class BuildBlock:
    """An Engineer Action toward a block in the engineer's road hex; on the last it leaves for
    `exit` and rolls [003 9.2]."""

    unit: str
    exit: Offset

    def describe(self) -> str:
        return f"{self.unit} works on a block"


@dataclass(frozen=True, slots=True)
class BlowBridge:
    """An Engineer Action toward blowing the bridge the engineer stands on; on the last it
    leaves for `exit` and rolls [003 9.2]. A second attempt may roll after any action, when
    `now` says so."""

    unit: str
    exit: Offset
    now: bool = False

    def describe(self) -> str:
        return f"{self.unit} works on blowing the bridge"


@dataclass(frozen=True, slots=True)
class FireAtBridge:
    """Units of one hex, or of mutually adjacent hexes, fire at a temporary bridge on its own
    (1 point a firing hex): directly, or indirectly with `sighter` [003 9.3]."""

    units: tuple[str, ...]
    hex: Offset
    sighter: str = ""
    """The sighting unit of indirect fire; empty = direct fire."""

    def describe(self) -> str:
        how = f"indirectly, {self.sighter} sighting" if self.sighter else "directly"
        return f"{', '.join(self.units)} fire {how} at the temporary bridge at {self.hex}"


@dataclass(frozen=True, slots=True)
class RemoveWreck:
    """An engineer removes one wreck from its hex or the next [003 9.4]."""

    unit: str
    hex: Offset

    def describe(self) -> str:
        return f"{self.unit} removes a wreck at {self.hex}"


@dataclass(frozen=True, slots=True)
class CounterBattery:
    """An off-board battery fires on an enemy battery [003 6.4.4]: half strength, or full
    with an unused aircraft of the side activated for it."""

    battery: str
    target: str
    aircraft: str = ""
    lowered: int = 0
    """Points spent to lower the accuracy die."""

    def describe(self) -> str:
        plane = f" with aircraft {self.aircraft}" if self.aircraft else ""
        return f"battery {self.battery} fires counter-battery at {self.target}{plane}"


@dataclass(frozen=True, slots=True)
class NavalFire:
    """Naval support fires directly from a sea hex on the map's edge at spotted units of one
    hex more than six hexes away [003 10.5]."""

    support: str
    from_hex: Offset
    targets: tuple[str, ...]

    def describe(self) -> str:
        return (
            f"naval support {self.support} fires from {self.from_hex} at {', '.join(self.targets)}"
        )


@dataclass(frozen=True, slots=True)
class ExitBoard:
    """A unit on the board edge a victory condition counts leaves the board (a move)."""

    unit: str

    def describe(self) -> str:
        return f"{self.unit} exits the board"


@dataclass(frozen=True, slots=True)
class EndImpulse:
    """End the impulse; having spent no point, the player passes [003 4.2.1]."""

    def describe(self) -> str:
        return "end impulse"


@dataclass(frozen=True, slots=True)
class PlaceUnit:
    """Set up a counter (with its passenger) in a hex of its area, or move one set up before
    in this step (the setup phase, `setup_phase`)."""

    unit: str
    hex: Offset

    def describe(self) -> str:
        return f"set up {self.unit} at {self.hex}"


@dataclass(frozen=True, slots=True)
class PlaceMarker:
    """Place one of the side's allotted neutral counters [003 8.2-8.5]; `origin` moves one
    placed before in this step from that hex."""

    allotment: int
    hex: Offset
    origin: Offset | None = None

    def describe(self) -> str:
        return f"place allotted marker {self.allotment + 1} at {self.hex}"


@dataclass(frozen=True, slots=True)
class NoteTarget:
    """The airborne side notes a lift's target hex, secretly [003 11.1]."""

    carrier: str
    hex: Offset

    def describe(self) -> str:
        return f"note the target hex of {self.carrier}"


@dataclass(frozen=True, slots=True)
class PlaceRest:
    """Set up the side's counters and markers not yet placed, by the seed."""

    def describe(self) -> str:
        return "set up the rest by the seed"


@dataclass(frozen=True, slots=True)
class FinishSetup:
    """The side setting up is done; the next sets up, or turn 1 begins."""

    def describe(self) -> str:
        return "finish setting up"


@dataclass(frozen=True, slots=True)
class LoadAtSetup:
    """Set a counter of the step up riding a carrier of the step [003 5.2, 10.1]."""

    unit: str
    carrier: str

    def describe(self) -> str:
        return f"set up {self.unit} riding on {self.carrier}"


@dataclass(frozen=True, slots=True)
class UnloadAtSetup:
    """Set a passenger up off its carrier, in the carrier's hex or back to place."""

    unit: str

    def describe(self) -> str:
        return f"set up {self.unit} off its carrier"


@dataclass(frozen=True, slots=True)
class LeaveMarkers:
    """Leave the allotment's markers not yet placed off the board, by choice [003 8.0]."""

    allotment: int

    def describe(self) -> str:
        return f"leave allotted marker {self.allotment + 1} unplaced"


SETUP_ORDERS = (
    PlaceUnit,
    PlaceMarker,
    NoteTarget,
    PlaceRest,
    FinishSetup,
    LoadAtSetup,
    UnloadAtSetup,
    LeaveMarkers,
)
"""The orders of the setup phase, the only ones given before turn 1."""


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a held Deus Ex Machina card before the result it is to change (Battlefield Chaos,
    optional rule 24) [003 24.5]; `unit`: the unit a rally or disruption card acts on (empty:
    one drawn at random)."""

    card: str
    unit: str = ""

    def describe(self) -> str:
        on = f" on {self.unit}" if self.unit else ""
        return f"play card {self.card}{on}"


TgxOrder = (
    Move
    | StandUp
    | Load
    | Unload
    | Rally
    | Spot
    | Fire
    | MarkOpportunityFire
    | IndirectFire
    | CallArtillery
    | Overrun
    | CloseAssault
    | AirAttack
    | MobileFire
    | TurnGun
    | FireSmoke
    | ClearObstacle
    | BuildBlock
    | BlowBridge
    | RemoveWreck
    | ExitBoard
    | CounterBattery
    | NavalFire
    | EndImpulse
    | PlaceUnit
    | PlaceMarker
    | NoteTarget
    | PlaceRest
    | FinishSetup
    | LoadAtSetup
    | UnloadAtSetup
    | LeaveMarkers
    | PlayCard
    | FireAtBridge
)

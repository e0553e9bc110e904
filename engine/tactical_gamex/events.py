"""What happened in a Tactical GameX game, as immutable records with a sentence each: the
initiative and activation rolls, passes, moves, loading, spotting, attacks with every die and
modifier, morale checks, Housekeeping and the end."""

from __future__ import annotations

from dataclasses import dataclass

from schemas.vocabulary import Side

Offset = tuple[int, int]


@dataclass(frozen=True, slots=True)
class InitiativeRolled:
    """Both players rolled for the initiative; the holder subtracted the turns held [003 4.1]."""

    turn: int
    allied: int
    axis: int
    modifier: int
    """Subtracted from the previous holder's roll."""
    winner: Side

    def describe(self) -> str:
        return (
            f"turn {self.turn}: initiative rolls Allied {self.allied}, Axis {self.axis}"
            f" (holder -{self.modifier}): {self.winner.value} moves first"
        )


@dataclass(frozen=True, slots=True)
class PoolRolled:
    """An impulse began: its player rolled the activation pool [003 4.2.1]."""

    turn: int
    side: Side
    points: int

    def describe(self) -> str:
        return f"{self.side.value} impulse: {self.points} activation points"


@dataclass(frozen=True, slots=True)
class Passed:
    """A player passed, by choice or having nothing to activate [003 4.2]."""

    turn: int
    side: Side
    forced: bool
    in_a_row: int

    def describe(self) -> str:
        why = "nothing left to activate" if self.forced else "by choice"
        return f"{self.side.value} passes ({why}); {self.in_a_row} in a row"


@dataclass(frozen=True, slots=True)
class UnitMoved:
    """A unit moved, with the movement points it spent [003 5.0]."""

    turn: int
    unit: str
    path: tuple[Offset, ...]
    spent: float
    halted: str = ""

    def describe(self) -> str:
        end = self.path[-1] if self.path else None
        why = f", halted: {self.halted}" if self.halted else ""
        return f"{self.unit} moves to {end} for {self.spent:g} MP{why}"


@dataclass(frozen=True, slots=True)
class Transported:
    """A carrier loaded or unloaded its passenger [003 5.2.2, 5.2.3]."""

    turn: int
    carrier: str
    passenger: str
    loaded: bool
    cost: float

    def describe(self) -> str:
        verb = "loads" if self.loaded else "unloads"
        return f"{self.carrier} {verb} {self.passenger} for {self.cost:g} MP"


@dataclass(frozen=True, slots=True)
class OpportunityFireMarked:
    """Units were marked for Opportunity Fire [003 6.4.2]."""

    turn: int
    units: tuple[str, ...]

    def describe(self) -> str:
        return f"{', '.join(self.units)} on opportunity fire"


@dataclass(frozen=True, slots=True)
class EngineerWorked:
    """An engineer began clearing a minefield or block, removed a wreck, or a marker went at
    Housekeeping [003 9.1, 9.4]."""

    turn: int
    unit: str
    hex: Offset
    work: str

    def describe(self) -> str:
        return f"{self.unit or 'housekeeping'}: {self.work} at {self.hex}"


@dataclass(frozen=True, slots=True)
class SmokeLaid:
    """Smoke 2 placed on a hex (optional rule 20)."""

    turn: int
    units: tuple[str, ...]
    hex: Offset

    def describe(self) -> str:
        return f"{', '.join(self.units)} lay smoke on {self.hex}"


@dataclass(frozen=True, slots=True)
class QuickTimeRolled:
    """The fatigue die after a quick-time move: 4 or more disrupts [003 15.2]."""

    turn: int
    unit: str
    roll: int
    disrupted: bool

    def describe(self) -> str:
        verdict = "is disrupted by" if self.disrupted else "shrugs off"
        return f"{self.unit} {verdict} the quick-time march (rolled {self.roll})"


@dataclass(frozen=True, slots=True)
class AircraftFlew:
    """An aircraft came over a hex: the AA fire at it and whether it went on to attack
    [003 6.4.7]."""

    turn: int
    aircraft: str
    weapon: str
    hex: Offset
    aa_strength: float
    aa_roll: int
    aa_result: str

    def describe(self) -> str:
        aa = (
            f"; AA {self.aa_strength:g} rolls {self.aa_roll}: {self.aa_result}"
            if self.aa_roll
            else ""
        )
        fate = {"D": ", driven off", "X": ", shot down"}.get(self.aa_result, "")
        return f"{self.aircraft} flies in over {self.hex} with {self.weapon}{aa}{fate}"


@dataclass(frozen=True, slots=True)
class StressRolled:
    """The die after a stressed attack: at or under the points added, the attackers are
    disrupted [003 12.3]."""

    turn: int
    units: tuple[str, ...]
    points: float
    roll: int
    disrupted: bool

    def describe(self) -> str:
        verdict = "disrupted" if self.disrupted else "steady"
        return f"combat stress +{self.points:g}: rolled {self.roll}, attackers {verdict}"


@dataclass(frozen=True, slots=True)
class BlockFireRolled:
    """The die after an opportunity-fire attack on a unit entering a Block hex: equal to the
    attacks so far, they stop [003 8.5]."""

    turn: int
    unit: str
    attacks: int
    roll: int
    stops: bool

    def describe(self) -> str:
        verdict = "no more attacks" if self.stops else "one more attack allowed"
        return f"{self.unit} in the block after {self.attacks} attack(s): {self.roll}, {verdict}"


@dataclass(frozen=True, slots=True)
class CommandPostAttached:
    """A CP off the turn track attached to a unit at Housekeeping [003 22.1]."""

    turn: int
    unit: str

    def describe(self) -> str:
        return f"a command post is attached to {self.unit}"


@dataclass(frozen=True, slots=True)
class Landed:
    """An airborne unit's drop: its target, the 11-66 roll and the hex it came down in
    [003 11.3, 11.4]."""

    turn: int
    unit: str
    target: Offset
    roll: int
    hex: Offset

    def describe(self) -> str:
        return f"{self.unit} drops for {self.target}: {self.roll}, lands at {self.hex}"


@dataclass(frozen=True, slots=True)
class StoodUp:
    """A unit Down in a stream came Up, for its whole movement [003 6.3.9]."""

    turn: int
    unit: str

    def describe(self) -> str:
        return f"{self.unit} comes Up in its stream hex"


@dataclass(frozen=True, slots=True)
class GunTurned:
    """An artillery unit turned to face another hexside (optional rule 19) [003 19.3]."""

    turn: int
    unit: str
    facing: str

    def describe(self) -> str:
        return f"{self.unit} turns to face {self.facing.replace('_', ' ')}"


@dataclass(frozen=True, slots=True)
class MoraleChecked:
    """A morale check: 2d6 plus modifiers against the nation's level [003 7.1]."""

    turn: int
    unit: str
    purpose: str
    roll: int
    modifier: int
    level: int
    passed: bool

    def describe(self) -> str:
        if self.purpose == "rally in command":
            return f"{self.unit} rallies within a command post's radius, without a roll"
        verdict = "passes" if self.passed else "fails"
        return (
            f"{self.unit} {verdict} a morale check ({self.purpose}): {self.roll}"
            f"{self.modifier:+d} against {self.level}"
        )


@dataclass(frozen=True, slots=True)
class SpotAttempted:
    """A Spot action's roll [003 6.3.8]; needed 0 is a spotting without a roll."""

    turn: int
    unit: str
    hex: Offset
    roll: int
    needed: int
    success: bool

    def describe(self) -> str:
        verdict = "spots" if self.success else "fails to spot"
        return (
            f"{self.unit} {verdict} {self.hex} (rolled {self.roll}, needed {self.needed} or less)"
        )


@dataclass(frozen=True, slots=True)
class DefenderResult:
    """One defender's row of an attack: its modified roll and result [003 6.3.5]."""

    unit: str
    modifier: int
    result: str


@dataclass(frozen=True, slots=True)
class Attacked:
    """An attack resolved on the CRT [003 6.3]: AF against DF, the column, the die, and each
    defender's modified row."""

    turn: int
    kind: str
    attackers: tuple[str, ...]
    hex: Offset
    attack: float
    defense: float
    column: str
    roll: int
    results: tuple[DefenderResult, ...]

    def describe(self) -> str:
        rows = ", ".join(f"{r.unit} {r.result} ({self.roll}{r.modifier:+d})" for r in self.results)
        odds = f"{self.attack:g} to {self.defense:g} = {self.column}"
        return f"{self.kind} at {self.hex}: {odds}; {rows}"


@dataclass(frozen=True, slots=True)
class Eliminated:
    """A unit was eliminated; a wreck may mark the place [003 6.3.4, 8.1]."""

    turn: int
    unit: str
    hex: Offset
    wreck: bool

    def describe(self) -> str:
        return f"{self.unit} eliminated at {self.hex}" + (" (wreck)" if self.wreck else "")


@dataclass(frozen=True, slots=True)
class ArtilleryCalled:
    """Off-board artillery: availability and accuracy [003 6.4.4]."""

    turn: int
    battery: str
    available: bool
    accuracy: int = 0
    lands: Offset | None = None

    def describe(self) -> str:
        if not self.available:
            return f"battery {self.battery} is unavailable"
        where = f"lands on {self.lands}" if self.lands else "is widely spread"
        return f"battery {self.battery} accuracy {self.accuracy}: {where}"


@dataclass(frozen=True, slots=True)
class HousekeepingDone:
    """Housekeeping [003 4.3]: markers removed, smoke aged, the turn advanced."""

    turn: int

    def describe(self) -> str:
        return f"housekeeping; turn {self.turn + 1} begins"


@dataclass(frozen=True, slots=True)
class Arrived:
    """A reinforcement came on the board."""

    turn: int
    unit: str
    hex: Offset

    def describe(self) -> str:
        return f"{self.unit} arrives at {self.hex}"


@dataclass(frozen=True, slots=True)
class Exited:
    """A unit left the board by an edge a victory condition counts."""

    turn: int
    unit: str
    hex: Offset

    def describe(self) -> str:
        return f"{self.unit} exits the board from {self.hex}"


@dataclass(frozen=True, slots=True)
class TgxGameEnded:
    """The game ended on a sudden death or after the last turn [003 4.4]."""

    turn: int
    outcome: str
    early: bool
    score: float = 0.0

    def describe(self) -> str:
        early = " (sudden death)" if self.early else ""
        return f"game over{early}: {self.outcome.replace('_', ' ')}"


@dataclass(frozen=True, slots=True)
class SeaAdvanced:
    """A unit of an amphibious landing advanced at Housekeeping: from off the map onto an edge
    sea hex, one sea hex toward the nearest beach, or ashore (disrupted); stopped by stacking it
    is eliminated [003 10.3]."""

    turn: int
    unit: str
    hex: Offset | None
    """Where it went; None: nowhere to go, eliminated."""
    ashore: bool = False
    entered: bool = False
    """Came on from off the map."""

    def describe(self) -> str:
        if self.hex is None:
            return f"{self.unit} cannot advance for stacking and is lost at sea"
        if self.ashore:
            return f"{self.unit} lands on the beach at {self.hex}, disrupted"
        if self.entered:
            return f"{self.unit} comes in from off the map to sea hex {self.hex}"
        return f"{self.unit} advances to sea hex {self.hex}"


@dataclass(frozen=True, slots=True)
class SinkRolled:
    """A DD vehicle's sink roll on first entering a sea hex, percentile dice against the
    situation's chance [003 10.4]."""

    turn: int
    unit: str
    hex: Offset
    roll: int
    chance: int
    sank: bool

    def describe(self) -> str:
        verdict = "sinks (no wreck)" if self.sank else "swims"
        return f"{self.unit} launched at {self.hex}: {self.roll} against {self.chance}%, {verdict}"


@dataclass(frozen=True, slots=True)
class CounterBatteryFired:
    """One side's OBA fired on an enemy battery [003 6.4.4]: half strength, or full with an
    aircraft; the battery's counters' results."""

    turn: int
    battery: str
    target: str
    aircraft: str
    attack: float
    defense: float
    column: str
    roll: int
    results: tuple[tuple[str, str], ...]
    """(counter, result) for each of the target battery's counters."""

    def describe(self) -> str:
        how = f" with aircraft {self.aircraft}" if self.aircraft else " at half strength"
        if not self.roll:
            return f"battery {self.battery} fires on battery {self.target}{how}: {self.column}"
        done = ", ".join(f"{u} {r}" for u, r in self.results)
        return (
            f"battery {self.battery} fires on battery {self.target}{how}: "
            f"{self.attack:g} to {self.defense:g}, {self.column}, die {self.roll}: {done}"
        )


TgxEvent = (
    InitiativeRolled
    | PoolRolled
    | Passed
    | UnitMoved
    | Transported
    | StoodUp
    | Landed
    | CommandPostAttached
    | BlockFireRolled
    | StressRolled
    | AircraftFlew
    | QuickTimeRolled
    | SmokeLaid
    | EngineerWorked
    | OpportunityFireMarked
    | MoraleChecked
    | SpotAttempted
    | Attacked
    | Eliminated
    | ArtilleryCalled
    | HousekeepingDone
    | Arrived
    | Exited
    | SeaAdvanced
    | SinkRolled
    | CounterBatteryFired
    | TgxGameEnded
)

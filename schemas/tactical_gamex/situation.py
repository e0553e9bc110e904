"""The situation (`scenarios/<name>.situation.yaml`): one Tactical GameX scenario, as the
PanzerBlitz and Panzer Leader "Situations" give it (digest part C): the panels and their
arrangement, the sides with their nations, morale levels and counters, setup areas and order,
neutral-counter allotments, reinforcements, artillery, aircraft, naval support, landings,
victory conditions and the rules in force.

Hexes are written with their native addresses ("Village A2"), so rearranging the panels never
moves what stands on them. References to the title's other files are relative paths.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from schemas.base import MAX_TURNS, MAX_VALUE, Identifier, Node, Percent, Tagged
from schemas.tactical_gamex.common import VERSION_FIELD, Address, PanelId, TgxRuleset
from schemas.tactical_gamex.vocabulary import (
    BoardEdge,
    Compass,
    MarkerKind,
    Module,
    Nation,
    OptionalRule,
    Terrain,
    Trait,
)
from schemas.vocabulary import Side

RelativePath = Annotated[str, Field(min_length=1, max_length=400)]

MarkerStrength = (
    Annotated[str, Field(pattern=r"^[1-9]:[1-9]$")] | Annotated[int, Field(ge=1, le=MAX_VALUE)]
)
"""Mines: the CRT column they attack on (`2:1`) [003 8.2]; a fortification: its DS [003 8.4]; a
temporary bridge: the DS printed on its marker [003 9.3]."""
"""A path relative to the situation file, inside the title folder."""


class SituationFiles(Node):
    """The title files the situation uses."""

    units: RelativePath
    """The unit-type library (`.units.yaml`)."""
    tables: RelativePath
    """The ruleset tables (`.tables.yaml`)."""


class PanelPlacement(Node):
    """One panel of the board: which file, where in the arrangement, which way round."""

    file: RelativePath
    """The panel file (`.panel.yaml`)."""
    column: int = Field(0, ge=0, le=9)
    """Position from the left in the arrangement (side by side)."""
    row: int = Field(0, ge=0, le=9)
    """Position from the top (end to end)."""
    rotated: bool = False
    """Turned 180 degrees (geomorphic panels are reversible; digest C.2)."""


class TerrainOverride(Node):
    """A hex the situation's special rules make another terrain: "when in doubt, a hex is the
    terrain type, unless otherwise noted in special scenario rules" [003 3.2.1]."""

    hex: Address
    """The hex."""
    terrain: Terrain
    """What it counts as in this situation."""


class BoardLayout(Node):
    """The arrangement of panels and the compass [003 2.3, 3.0], and what the situation
    changes on the printed panels."""

    panels: list[PanelPlacement] = Field(min_length=1)
    """The panels, each in its own position."""
    north: BoardEdge = BoardEdge.TOP
    """The board edge the compass marker's N points to; exits and edges read from it."""
    overrides: list[TerrainOverride] = []
    """Hexes whose terrain the situation decides."""
    destroyed_bridges: list[Address] = []
    """Printed bridges that are down at the start (digest C.2)."""


class Counter(Node):
    """One counter of a side: an instance of a unit type, with its own Unit ID."""

    id: Identifier
    """Unit ID, unique in the situation; scenarios may grant abilities by it [003 2.1]."""
    type: Identifier
    """The unit type in the title's library."""
    hex: Address | None = None
    """A fixed starting hex; none = placed by the player in `setup_area`, or off the map."""
    setup_area: Identifier | None = None
    """The setup area the player places it in."""
    off_map: bool = False
    """Starts off the map (enters later by a reinforcement or is an OBA battery's counter)."""
    command_post: bool = False
    """Carries an attached CP [003 22.1]."""
    passenger_of: Identifier | None = None
    """The carrier it starts loaded on."""
    transport: Identifier | None = None
    """An engineer's designated transport [003 9.2]."""
    facing: Literal["up", "up_right", "down_right", "down", "down_left", "up_left"] | None = None
    """Artillery facing under rule 19 (a hexside)."""
    traits: list[Trait] = []
    """Abilities the situation grants this counter by its Unit ID (Scout, DD, Marine…) beside
    its type's [003 2.1]."""
    down: bool = False
    """Starts Down in its stream hex (seen only from next to it or from above); otherwise a
    unit in a stream hex starts Up [003 6.3.9]."""


class NationForces(Node):
    """One nation of a side: its morale level, CPs and counters."""

    nation: Nation
    """The nation."""
    morale_level: int | None = Field(None, ge=2, le=12)
    """Morale Level: a 2d6 roll at or under it passes [003 7.0]; every nation needs one."""
    independent_cps: int = Field(0, ge=0, le=20)
    """Independent (mobile) CP counters [003 22.1]."""
    counters: list[Counter] = []
    """The nation's counters."""


class SideForces(Node):
    """One side of the situation."""

    side: Side
    """Allied (the Soviet or Allied player) or Axis."""
    name: str = ""
    """How the situation names the side, e.g. `Soviet`."""
    nations: list[NationForces] = Field(min_length=1)
    """The nations fighting on this side."""
    attached_cps: int = Field(0, ge=0, le=20)
    """Attached CPs the side assigns as it sees fit (Situation C&C tables, digest B.14)."""
    stacking_limit: int | None = Field(None, ge=1, le=10)
    """Units per hex; none = 4, or 2 for a Soviet side [003 3.3]."""


class SetupArea(Node):
    """Where a side sets up: single hexes (painted with the Setup Areas tool, so any panel rows
    or distance band) and whole panels."""

    id: Identifier
    """Stable id the counters refer to."""
    side: Side
    """The side setting up here."""
    name: str = ""
    """As the situation words it, e.g. `on or west of board B`."""
    hexes: list[Address] = []
    """Single hexes."""
    panels: list[PanelId] = []
    """Whole panels by Map ID."""
    order: int = Field(1, ge=1, le=9)
    """Setup order: areas of order 1 are placed first [003 10.1, 11.1]."""


class Marker(Node):
    """A neutral counter placed by the situation itself."""

    kind: MarkerKind
    """Mines, improved position, fortification, block, wreck or a temporary bridge."""
    hex: Address
    """Where it stands."""
    strength: MarkerStrength | None = None
    """Mines: the CRT column they attack on (`2:1`); a fortification: its DS; a temporary
    bridge: the DS printed on its marker, which artillery fire reads (none: it cannot be fired
    on) [003 9.3]."""
    side: Side | None = None
    """Who placed it (mines and fortifications)."""
    secret: bool = False
    """Written down rather than shown (mines, not in a bridge hex) [003 8.2]."""


class Allotment(Node):
    """Neutral counters a side places at setup, within an area [003 8.0]."""

    side: Side
    """The side placing them."""
    kind: MarkerKind
    """Mines, improved positions, fortifications or blocks."""
    count: int = Field(ge=1, le=99)
    """How many."""
    strength: MarkerStrength | None = None
    """Mines: their CRT column; fortifications: their DS."""
    area: Identifier | None = None
    """The setup area they go in; none = the side's own setup areas."""


class Reinforcement(Node):
    """Counters entering from off the map on a turn [003 22.2]."""

    id: Identifier
    """Stable id."""
    side: Side
    """Whose."""
    turn: int = Field(ge=1, le=MAX_TURNS)
    """Turn of entry."""
    edge: Compass | None = None
    """The compass edge they enter by."""
    hexes: list[Address] = []
    """Entry hexes on the edge; none = any hex of `edge`."""
    counters: list[Identifier] = Field(min_length=1)
    """The counters (off-map at the start)."""


class ObaBattery(Node):
    """An off-board artillery battery [003 6.4.4]."""

    id: Identifier
    """Stable id."""
    side: Side
    """Whose."""
    name: str = ""
    """E.g. `122 mm howitzer battalion`."""
    attack: int = Field(ge=1, le=MAX_VALUE)
    """Attack strength of its (H) fire."""
    range: int | None = Field(None, ge=1, le=999)
    """A range limit in hexes; none = unlimited."""
    counters: list[Identifier] = []
    """The side's off-map counters that make up the battery: their DS defends it against
    counter-battery fire, and it is destroyed with them [003 6.4.4]; none = it cannot be
    fired on."""


class AircraftAllotment(Node):
    """Aircraft a side may fly [003 6.4.7]."""

    id: Identifier
    """Stable id."""
    side: Side
    """Whose."""
    type: Identifier
    """The aircraft's unit type."""
    count: int = Field(1, ge=1, le=99)
    """How many."""
    turns: list[Annotated[int, Field(ge=1, le=MAX_TURNS)]] = []
    """Turns it may attack on; none = any turn."""
    spotter: bool = False
    """A spotter aircraft: one activation a turn until lost."""


class NavalSupport(Node):
    """Naval gunfire [003 10.5]: (H), AS 20 or more, as OBA or from a sea edge."""

    id: Identifier
    """Stable id."""
    side: Side
    """Whose."""
    attack: int = Field(ge=20, le=MAX_VALUE)
    """Attack strength (at least 20)."""
    mode: Literal["oba", "direct"] = "oba"
    """Fired as OBA, or directly from a map-edge sea hex."""


class LandingCraft(Node):
    """A landing craft or DD vehicle at sea and what it carries [003 10.1]."""

    counter: Identifier
    """The LVT, DUKW or DD counter."""
    cargo: list[Identifier] = []
    """Counters it carries."""
    hex: Address | None = None
    """The all-sea hex it starts in."""


class AmphibiousLanding(Node):
    """An amphibious landing [003 10.0-10.4]."""

    side: Side
    """The landing side."""
    beach: list[Address] = Field(min_length=1)
    """The beach hexes."""
    craft: list[LandingCraft] = []
    """Landing craft and DD vehicles with their cargo."""
    dd_sink_chance: Percent = 0
    """Chance a DD vehicle sinks on first placement at sea."""


class AirborneLift(Node):
    """A transport aircraft or glider and its cargo [003 11.0]."""

    carrier: Identifier
    """The transport aircraft or glider counter."""
    cargo: list[Identifier] = Field(min_length=1)
    """Counters it carries: 3 I-units by air transport, 2 by glider."""
    target: Address
    """The target hex."""
    secret: bool = True
    """Noted secretly before the defender sets up [003 11.1]."""


class AirborneAssault(Node):
    """An airborne assault [003 11.0]."""

    side: Side
    """The assaulting side."""
    approach: Compass
    """The edge the aircraft fly in from."""
    lifts: list[AirborneLift] = Field(min_length=1)
    """The lifts."""


class ControlHexes(Tagged):
    """A side holds hexes: at the end, or at any Housekeeping for a sudden death."""

    kind: Literal["control_hexes"] = "control_hexes"
    side: Side
    """The side that must hold them."""
    hexes: list[Address] = Field(min_length=1)
    """The hexes."""
    count: int | None = Field(None, ge=1, le=999)
    """How many of them suffice; none = all."""
    points: int = Field(0, ge=0, le=MAX_VALUE)
    """Points toward the victory levels."""
    sudden_death: bool = False
    """Checked at every Housekeeping: met, the game ends at once [003 4.4]."""


class ExitUnits(Tagged):
    """A side exits counters off a compass edge."""

    kind: Literal["exit_units"] = "exit_units"
    side: Side
    """The side exiting."""
    edge: Compass
    """The compass edge."""
    count: int = Field(ge=1, le=999)
    """How many counters."""
    by_turn: int | None = Field(None, ge=1, le=MAX_TURNS)
    """The turn they must be off by; none = the end."""
    points: int = Field(0, ge=0, le=MAX_VALUE)
    """Points toward the victory levels."""
    sudden_death: bool = False
    """Checked at every Housekeeping."""


class DestroyUnits(Tagged):
    """A side destroys enemy counters: a number, or named ones."""

    kind: Literal["destroy"] = "destroy"
    side: Side
    """The side that must destroy them."""
    count: int | None = Field(None, ge=1, le=999)
    """How many enemy counters."""
    counters: list[Identifier] = []
    """Named counters; with `count`, how many of them."""
    points: int = Field(0, ge=0, le=MAX_VALUE)
    """Points toward the victory levels."""
    sudden_death: bool = False
    """Checked at every Housekeeping."""


VictoryCondition = Annotated[ControlHexes | ExitUnits | DestroyUnits, Field(discriminator="kind")]


class VictoryLevel(Node):
    """A graded level: a side reaching `points` from its met conditions."""

    name: str = Field(min_length=1)
    """E.g. `Decisive`, `Marginal`."""
    side: Side
    """Whose victory."""
    points: int = Field(ge=0, le=MAX_VALUE)
    """Least points of the side's met conditions."""


class Victory(Node):
    """How the situation is won [003 4.4]."""

    conditions: list[VictoryCondition] = Field(min_length=1)
    """The conditions, typed."""
    levels: list[VictoryLevel] = []
    """Graded levels; none = a side meeting all its conditions wins."""
    text: str = ""
    """The conditions as the situation words them."""


class Lineage(Node):
    """The published situation a situation reproduces, whose Command & Control chart gives
    its morale levels and attached CPs [003 7.0, 22.1]."""

    game: Literal["panzerblitz", "panzer_leader"]
    """PanzerBlitz or Panzer Leader."""
    number: int = Field(ge=1, le=99)
    """The situation's number in that game."""


class SituationFile(Node):
    """A Tactical GameX situation."""

    format_version: Literal[1] = VERSION_FIELD
    ruleset: TgxRuleset
    """`tactical_gamex`: the ruleset this file is for."""
    title: str = Field(min_length=1)
    """Title, e.g. `Situation 1: Hill 132`."""
    origin: str = ""
    """Lineage as text: `PanzerBlitz Situation 1`, `Panzer Leader Situation 4` or new."""
    lineage: Lineage | None = None
    """The published situation it reproduces, if any."""
    theatre: str = ""
    """Theatre and date as text."""
    description: str = ""
    """Briefing."""
    files: SituationFiles
    """The title files used."""
    board: BoardLayout
    """The panels and their arrangement."""
    turns: int = Field(ge=1, le=MAX_TURNS)
    """Number of game turns [003 4.0]."""
    first_initiative: Side | None = None
    """The side holding the initiative on turn 1; none = rolled [003 4.1]."""
    sides: list[SideForces] = Field(min_length=2, max_length=2)
    """Both sides."""
    setup_areas: list[SetupArea] = []
    """Where the sides set up, and in which order."""
    markers: list[Marker] = []
    """Neutral counters placed by the situation."""
    allotments: list[Allotment] = []
    """Neutral counters the sides place."""
    reinforcements: list[Reinforcement] = []
    """Counters entering later."""
    oba: list[ObaBattery] = []
    """Off-board artillery."""
    aircraft: list[AircraftAllotment] = []
    """Aircraft."""
    naval: list[NavalSupport] = []
    """Naval gunfire."""
    amphibious: AmphibiousLanding | None = None
    """The amphibious landing, if any."""
    airborne: AirborneAssault | None = None
    """The airborne assault, if any."""
    victory: Victory
    """Victory conditions."""
    optional_rules: list[OptionalRule] = []
    """Optional rules 12-24 in force."""
    modules: list[Module] = []
    """Supplemental modules in force: engineers, amphibious, airborne [003 9.0-11.0]."""
    special_rules: list[str] = []
    """Special rules as the situation words them."""

"""The scenario file (`scenarios/<name>.scenario.yaml`): one battle on a title's map and OOB.

A scenario names the title files it uses, sets the header (time, environment, supply, victory),
places units with their initial states, adds map overlays, and schedules objectives,
reinforcements, withdrawals, releases, supply variations and air availability.

Decisions on the manuals' gaps are recorded in the docstrings of the models they concern
(`Victory`, `PhasePeriod`, `Header.conditions_allowed`, `ObjectiveBase.owner`,
`Reinforcement.probability`, `ExitObjective`). The map overlays a scenario adds (minefields,
bridges, fortifications…) are in `schemas.panzer_campaigns.scenario_overlays` and re-exported here.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import AfterValidator, BeforeValidator, Field, StringConstraints

from schemas.base import (
    MAX_FACTOR,
    MAX_POINTS,
    MAX_SCORE,
    MAX_STRENGTH,
    MAX_TURNS,
    ClockTime,
    GameTime,
    HexPos,
    Identifier,
    Node,
    Percent,
    Tagged,
    measured,
)
from schemas.panzer_campaigns.ai_orders import AiSetup

# The overlay models are part of the scenario format: importable from here as from their module.
from schemas.panzer_campaigns.scenario_overlays import BridgeOverlay as BridgeOverlay  # noqa: PLC0414
from schemas.panzer_campaigns.scenario_overlays import BridgeState as BridgeState  # noqa: PLC0414
from schemas.panzer_campaigns.scenario_overlays import Congestion as Congestion  # noqa: PLC0414
from schemas.panzer_campaigns.scenario_overlays import FortificationKind as FortificationKind  # noqa: PLC0414
from schemas.panzer_campaigns.scenario_overlays import FortificationOverlay as FortificationOverlay  # noqa: PLC0414
from schemas.panzer_campaigns.scenario_overlays import Minefield as Minefield  # noqa: PLC0414
from schemas.panzer_campaigns.scenario_overlays import Obstacle as Obstacle  # noqa: PLC0414
from schemas.panzer_campaigns.scenario_overlays import Overlays as Overlays  # noqa: PLC0414
from schemas.panzer_campaigns.scenario_overlays import RailDamage as RailDamage  # noqa: PLC0414
from schemas.panzer_campaigns.scenario_overlays import Rubble as Rubble  # noqa: PLC0414
from schemas.panzer_campaigns.scenario_overlays import Wrecks as Wrecks  # noqa: PLC0414
from schemas.panzer_campaigns.scheduled import Scheduled
from schemas.vocabulary import (
    PANZER_FAMILY,
    Condition,
    Direction,
    OptionalRule,
    PerSidePercent,
    Ruleset,
    Side,
    ruleset_spelling,
)

SCENARIO_FORMAT_VERSION = 3

RelativePath = Annotated[
    str,
    StringConstraints(min_length=1, max_length=1024, pattern=r"^[^/\\\x00-\x1f][^\\:\x00-\x1f]*$"),
]
"""A path relative to the scenario file, with `/` separators; it must stay inside the title.
No control characters (a NUL cannot be in a file name; a line break would be one by mistake)."""


class DayPhase(StrEnum):
    """Kinds of turn [000 11.0]: visibility is halved at dawn and dusk and 1 at night."""

    DAWN = "dawn"
    DAY = "day"
    DUSK = "dusk"
    NIGHT = "night"


class PhasePeriod(Node):
    """A stretch of the day from `start` until the next period's start.

    The manuals never define which turns are dawn, dusk or night, and their air example's
    "1 day = 10 turns" [000 8.3] does not fit twelve 2-hour turns [datamodel 12 #7]. Decision:
    the schedule is data. Each period has a kind and may have its own turn length (longer night
    turns give the 10-turn day), and the first turn starting at or after midnight is the
    midnight turn.
    """

    phase: DayPhase
    """Kind of turn in this period."""
    start: ClockTime
    """Time of day the period begins."""
    turn_minutes: int | None = measured(None, unit="minutes", ge=5, le=24 * 60)
    """Length of each turn in this period; `null` = the header's `minutes_per_turn`."""


class VictoryLevels(Node):
    """Thresholds on the score, which is Allied victory points minus Axis victory points.

    A score at or above `major_allied` is an Allied major victory, at or above `minor_allied` an
    Allied minor victory, at or below `minor_axis` an Axis minor victory and at or below
    `major_axis` an Axis major victory; anything between is a draw.
    """

    major_allied: int = Field(ge=-MAX_SCORE, le=MAX_SCORE)
    """Lowest score that is an Allied major victory."""
    minor_allied: int = Field(ge=-MAX_SCORE, le=MAX_SCORE)
    """Lowest score that is an Allied minor victory."""
    minor_axis: int = Field(ge=-MAX_SCORE, le=MAX_SCORE)
    """Highest score that is an Axis minor victory."""
    major_axis: int = Field(ge=-MAX_SCORE, le=MAX_SCORE)
    """Highest score that is an Axis major victory."""


class LossPoints(Node):
    """Victory points a side earns for each loss it inflicts [000 2.0, 4.2, 4.7]."""

    men: float = measured(1.0, unit="VP per man", ge=0, le=MAX_FACTOR)
    """Points per man lost by the enemy."""
    guns: float = measured(10.0, unit="VP per gun", ge=0, le=MAX_FACTOR)
    """Points per gun lost by the enemy (a gun counts as 10 men [000 3.3])."""
    vehicles: float = measured(10.0, unit="VP per vehicle", ge=0, le=MAX_FACTOR)
    """Points per vehicle lost by the enemy (a vehicle counts as 10 men [000 3.3])."""
    elite_factor: float = measured(1.5, unit="x", ge=0, le=MAX_FACTOR)
    """Multiplier for losses of mountain and cavalry units, "worth more" [000 4.2]."""


class Victory(Node):
    """How the winner is decided.

    The manuals say only that victory depends on "ownership of certain Objective hexes and the
    relative losses of the two sides" [000 2.0] and name "Major Victory"; they give no formula
    and no thresholds [datamodel 12 #1]. Decision, made explicit and editable here: each side's
    victory points are the points of the objectives it owns at the end (limited objectives: at
    their last turn), plus its exit points, plus the loss points of the enemy's losses; the
    score is Allied points minus Axis points, read against `levels`. `advantage` in the header
    is added to the score.
    """

    levels: VictoryLevels
    """Score thresholds of the five outcomes."""
    # Not validated (every field takes its default: equal to `LossPoints()`): validating here
    # would build the validator at import, which `defer_build` leaves to the first file read.
    loss_points: LossPoints = LossPoints.model_construct()
    """Points for inflicted losses."""


def _panzer_family(ruleset: Ruleset) -> Ruleset:
    if ruleset not in PANZER_FAMILY:
        raise ValueError(
            "a Tactical GameX situation is written as a .situation.yaml file, not a scenario"
        )
    return ruleset


PanzerRuleset = Annotated[
    Ruleset, BeforeValidator(ruleset_spelling), AfterValidator(_panzer_family)
]
"""Panzer Campaigns or Panzer Battles, written in snake case (the hyphenated spelling is read)."""


class Header(Node):
    """What the original editors' Header Dialog holds, and the rest of the scenario's settings."""

    title: str = Field(min_length=1)
    """Scenario title."""
    description: str = ""
    """The scenario's description for choosing it: situation, forces, goals (each side's own
    briefing and the designer's notes are `briefings`)."""
    ruleset: PanzerRuleset
    """Panzer Campaigns or Panzer Battles rules and scale."""
    start: GameTime
    """Date and time of the first turn."""
    turns: int = Field(ge=1, le=MAX_TURNS)
    """Number of game turns."""
    minutes_per_turn: int = measured(120, unit="minutes", ge=5, le=24 * 60)
    """Turn length where the day schedule sets none: 120 PzC, 30 PB [000 2.0]."""
    first_side: Side
    """Side that moves first in each turn."""
    day_schedule: list[PhasePeriod] = Field(min_length=1)
    """Dawn, day, dusk and night periods of every day, in time order."""
    visibility: int = measured(unit="hexes", ge=1, le=99)
    """Visibility at the start."""
    visibility_min: int = measured(unit="hexes", ge=1, le=99)
    """Least daylight visibility during the scenario."""
    visibility_max: int = measured(unit="hexes", ge=1, le=99)
    """Greatest daylight visibility during the scenario."""
    conditions: Condition
    """Ground conditions at the start."""
    conditions_allowed: list[Condition] = Field(min_length=1)
    """Conditions the daily draw may pick when weather is not programmed.

    The manual speaks of "the range specified for that scenario" without saying what a range of
    conditions is [datamodel 12 #8]; a set is the reading that covers every case.
    """
    storm_at_start: bool = False
    """A storm is raging when the scenario begins [000 11.0]."""
    early_termination: bool = False
    """Stop as soon as either side has a major victory at the end of a turn [000 2.0]."""
    global_supply: PerSidePercent
    """Global Supply Values, Allied/Axis [000 10.1]."""
    fog_of_war: bool = True
    """Default of the Fog of War option the player may change at start [000 13.2]."""
    advantage: int = Field(0, ge=-MAX_SCORE, le=MAX_SCORE)
    """Added to the score (Allied minus Axis); the manuals name it without effect [000 13.2]."""
    optional_rules: list[OptionalRule] = []
    """Optional rules on by default; the player may change them at start."""
    victory: Victory
    """Victory points and levels."""


class TitleFiles(Node):
    """The title files this scenario uses, relative to the scenario file."""

    map: RelativePath
    """The `.map.yaml` file."""
    oob: RelativePath
    """The `.oob.yaml` file."""
    parameters: RelativePath
    """The `.pdt.yaml` file."""
    weather: RelativePath | None = None
    """The `.weather.yaml` file, needed for the Programmed Weather rule."""


class Mode(StrEnum):
    """Unit modes [000 4.1]."""

    DEPLOYED = "deployed"
    TRAVEL = "travel"
    RAIL = "rail"


class Placement(Node):
    """A unit on the map at the start, with its initial state."""

    unit: Identifier
    """Id of the OOB unit."""
    hex: HexPos
    """Where it stands."""
    mode: Mode = Mode.DEPLOYED
    """Deployed, Travel or Rail Mode."""
    facing: Direction | None = None
    """Facing: fire, ZOC and assault only through the facing and its two neighbours [000 5.4]."""
    fixed: bool = False
    """Cannot move until released, assaulted or spotted [000 4.6]."""
    fixed_from_turn: int | None = measured(None, unit="turn", ge=1, le=MAX_TURNS)
    """Becomes Fixed at the start of this turn, whatever it did before, and stays so until
    released, assaulted or spotted as at the start [000 4.6]; `null` = never after the start."""
    strength: int | None = measured(None, unit="men, guns or vehicles", ge=0, le=MAX_STRENGTH)
    """Current strength when below the OOB's full strength; `null` = full strength."""
    fatigue: int = measured(0, unit="fatigue points", ge=0, le=300)
    """Fatigue at the start: 0-300 PzC, 0-150 PB [000 9.3]."""
    disrupted: bool = False
    """Disrupted at the start."""
    detached: bool = False
    """Detached from its organization [000 9.1]."""
    low_ammo: bool = False
    """Low on ammunition at the start [000 10.2]."""
    low_fuel: bool = False
    """Low on fuel at the start [000 10.2]."""
    stockpiled: bool = False
    """Artillery starting stockpiled [000 10.3]."""
    on_foot: bool = False
    """Motorized or mechanized infantry starting On Foot [000 4.2]."""
    has_boats: bool = False
    """Engineers able to ferry units across water hexes ("Has Boats"); every engineer ferries
    across rivers and canals without it [000 7.5]."""
    combined_with: list[Identifier] = []
    """Other companies of the same battalion combined into this counter at the start [000 4.9]."""


class Attachment(Node):
    """A Corps Attachment: an organization placed under another corps (or army) [000 9.1]."""

    organization: Identifier
    """The organization re-parented, usually a division."""
    attach_to: Identifier
    """The corps-level (or army-level) organization it now belongs to."""


class ObjectiveBase(Tagged):
    """Fields every objective has [000 3.4]."""

    id: Identifier
    """Stable id."""
    name: str = ""
    """Name shown in the Objectives Dialog; empty = the place name of its hex."""
    hex: HexPos
    """The objective hex."""
    points: int = measured(unit="VP", ge=0, le=MAX_POINTS)
    """Victory points it is worth."""
    owner: Side | None = None
    """Owner at the start. The manuals never mention neutral objectives [datamodel 12 #2];
    `null` (neutral, nobody scores it until a unit enters) is allowed and flagged as info."""


class NormalObjective(ObjectiveBase):
    """Scores for whoever owns it at the end; changes hands any number of times."""

    kind: Literal["normal"] = "normal"


class ExitObjective(ObjectiveBase):
    """Earns points for its owner whenever a friendly unit leaves the map at its hex.

    It never changes hands and enemy presence denies it. The manuals do not say how much each
    exit adds [datamodel 12 #2]; decision: an exiting unit earns what destroying it would earn
    the enemy (the Victory loss points), added to `points`, which is usually 0 at the start.
    """

    kind: Literal["exit"] = "exit"
    owner: Side | None = Field(description="The side whose units exit here.")


class LimitedObjective(ObjectiveBase):
    """Counts only from `first_turn` to `last_turn`; its holder at the end of `last_turn` keeps
    the points for good and the objective leaves the map [000 3.4]."""

    kind: Literal["limited"] = "limited"
    first_turn: int = Field(1, ge=1, le=MAX_TURNS)
    """First turn it is on the map."""
    last_turn: int = Field(ge=1, le=MAX_TURNS)
    """Turn after which it expires ("L" in the Objectives Dialog)."""


class SurrenderObjective(ObjectiveBase):
    """When the enemy holds all of a nation's surrender objectives at the end of a player turn,
    that nation surrenders and all its units leave the game [000 3.4]."""

    kind: Literal["surrender"] = "surrender"
    nation: Identifier
    """The nation that surrenders."""


Objective = Annotated[
    NormalObjective | ExitObjective | LimitedObjective | SurrenderObjective,
    Field(discriminator="kind"),
]
"""Any kind of objective."""


class ArrivalKind(StrEnum):
    """How reinforcements come on [000 3.3, 4.7]."""

    NORMAL = "normal"
    AMPHIBIOUS = "amphibious"
    NAVAL = "naval"
    PARACHUTE = "parachute"
    GLIDER = "glider"
    INFILTRATION = "infiltration"


class ScheduledUnits(Scheduled):
    """Something scheduled that moves units, named one by one or as whole organizations."""

    units: list[Identifier] = []
    """OOB units concerned."""
    organizations: list[Identifier] = []
    """Organizations concerned, with all their units."""


class Reinforcement(ScheduledUnits):
    """Units that arrive during the game [000 3.3, 4.7]."""

    hex: HexPos
    """Arrival hex; the player cannot change it."""
    kind: ArrivalKind = ArrivalKind.NORMAL
    """Road or map edge, amphibious, naval, parachute, glider, infiltration."""
    mode: Mode = Mode.TRAVEL
    """Mode the units arrive in."""
    scatter: int = measured(0, unit="hexes", ge=0, le=20)
    """Greatest random scatter of the landing hex (airborne) [000 4.7]."""
    protection: int = measured(0, unit="hexes", ge=0, le=20)
    """Protection Value: enemies this close are broken, in the hex eliminated [000 4.7]."""
    probability: Percent = measured(100, unit="% per turn")
    """Chance to arrive on each turn from the scheduled one on. The manuals never mention it
    [datamodel 12 #3]; 100 (the default) means the arrival is certain."""


class Withdrawal(ScheduledUnits):
    """Units removed from the map at a set time [000 4.7]."""


class Release(Scheduled):
    """Un-fixes the units of an organization [000 4.6]."""

    organization: Identifier
    """The organization whose units are released."""
    probability: Percent = measured(100, unit="%")
    """Chance per roll, from the scheduled turn on, that the release happens: a roll every
    turn, or once a day with `daily`."""
    on_spotted: bool = False
    """Also triggered as soon as any of its units is spotted [000 4.6]."""
    daily: bool = False
    """Roll once a day (on the scheduled turn, then on each midnight turn) instead of every
    turn, as the games' release dialog allows."""


class SupplySource(Node):
    """A supply source [000 10.1]."""

    id: Identifier
    """Stable id."""
    hex: HexPos
    """Where it is."""
    side: Side
    """Whose it is; the enemy can deny it by occupation but never use it."""
    value: Percent = measured(unit="%")
    """Supply value, e.g. 85 for "Source Axis (85)"."""


class SupplyVariation(Node):
    """A supply variation, checked once a day on the midnight turn [000 10.2]."""

    id: Identifier
    """Stable id."""
    side: Side
    """Side affected."""
    value: int = measured(unit="% or men-equivalent", ge=-1_000_000, le=1_000_000)
    """Change to the supply value in % (-100 to 100), or with `rail_capacity` to the rail
    capacity in men-equivalents; results never drop below 0 [000 10.2]."""
    probability: Percent = measured(unit="%")
    """Daily chance; 0 with a negative value fires when a storm starts, 0 with a positive value
    when it ends [000 10.2]."""
    one_time: bool = False
    """Fires at most once."""
    is_global: bool = False
    """Changes the Global value and all the side's sources (IS GLOBAL)."""
    rail_capacity: bool = False
    """Changes the side's rail capacity instead of supply (RAIL CAPACITY)."""


class Supply(Node):
    """Supply sources and variations."""

    sources: list[SupplySource] = []
    variations: list[SupplyVariation] = []


class AirChange(Scheduled):
    """A change to air availability during the scenario [000 8.3]."""

    side: Side
    """Side affected."""
    availability: Percent = measured(unit="% per turn")
    """New availability chance from this turn on."""
    units: list[Identifier] = []
    """Air units affected; empty = all of the side's."""


class AirSetup(Node):
    """Air units in the scenario and changes to their availability [000 8.0, 8.3]."""

    units: list[Identifier] = []
    """OOB air units available to their side."""
    changes: list[AirChange] = []
    """Scheduled availability changes."""


class Briefings(Node):
    """What the players read before they play: one briefing per side and the designer's notes.

    The texts are Markdown (CommonMark with GitHub's tables and strike-through): headings,
    bold, italic, lists, links and paragraphs. Raw HTML in them is shown as text, never
    interpreted (the editor and the printed briefing read them with Qt's `MarkdownNoHTML`), so a
    scenario from anyone cannot carry markup, scripts or remote images into the editor.
    """

    allied: str = Field("", max_length=200_000)
    """The Allied player's briefing (Markdown)."""
    axis: str = Field("", max_length=200_000)
    """The Axis player's briefing (Markdown)."""
    designer_notes: str = Field("", max_length=200_000)
    """The designer's notes for both players: sources, choices, how to play it (Markdown)."""


class ScenarioFile(Node):
    """A scenario of a title."""

    format_version: Literal[3] = Field(
        description="Version of the scenario file format; older versions are migrated on load."
    )
    header: Header
    """Title, time, environment, supply, victory."""
    files: TitleFiles
    """The map, OOB, parameter and weather files used."""
    placements: list[Placement] = []
    """Units on the map at the start."""
    attachments: list[Attachment] = []
    """Corps Attachments at the start."""
    overlays: Overlays = Overlays.model_construct()
    """Minefields, obstacles, congestion, bridges, rubble, rail damage, forts, wrecks."""
    objectives: list[Objective] = []
    """Objective hexes."""
    reinforcements: list[Reinforcement] = []
    """Scheduled arrivals."""
    withdrawals: list[Withdrawal] = []
    """Scheduled departures."""
    releases: list[Release] = []
    """Releases of fixed organizations."""
    supply: Supply = Supply.model_construct()
    """Supply sources and variations."""
    air: AirSetup = AirSetup.model_construct()
    """Air units and availability changes."""
    ai: AiSetup = AiSetup.model_construct()
    """A/I orders per organization and per-side aggressiveness (format version 3)."""
    briefings: Briefings = Briefings.model_construct()
    """Each side's briefing and the designer's notes, printed with File > Print."""

"""The enumerations shared by all file kinds: sides, directions, movement classes, conditions.

Values are lower-case snake case in files. Each enum cites the manual section that names its
members (`000` = Panzer Campaigns manual, `001` = Panzer Battles manual).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from schemas.base import Node, Percent


class Side(StrEnum):
    """The two sides of every battle [000 2.0]; value pairs are always written Allied/Axis."""

    ALLIED = "allied"
    AXIS = "axis"


class Ruleset(StrEnum):
    """Which game family's rules and scale a title [001 "Differences with Panzer Campaigns"].

    Panzer Campaigns: 1 km hexes, 2-hour turns, battalions, fatigue 0-300.
    Panzer Battles: 250 m hexes, 30-minute turns, companies and platoons, fatigue 0-150.
    Tactical GameX: 250 m hexes, 6-minute turns, company counters, geomorphic panels [003].
    Panzer Campaigns and Panzer Battles are one family (a scenario's `header.ruleset`); a
    Tactical GameX title is written in the files of `schemas.tactical_gamex`.
    """

    PANZER_CAMPAIGNS = "panzer_campaigns"
    PANZER_BATTLES = "panzer_battles"
    TACTICAL_GAMEX = "tactical_gamex"


PANZER_FAMILY: frozenset[Ruleset] = frozenset({Ruleset.PANZER_CAMPAIGNS, Ruleset.PANZER_BATTLES})
"""The rulesets a `.scenario.yaml` (schemas/scenario.py) is written for."""


def ruleset_spelling(value: object) -> object:
    """A ruleset as files write it (snake case), from the hyphenated spelling too.

    >>> ruleset_spelling("tactical-gamex")
    'tactical_gamex'
    """
    return value.strip().lower().replace("-", "_") if isinstance(value, str) else value


class Direction(StrEnum):
    """The six facings of a flat-topped hex in columns [000 5.4]."""

    UP = "up"
    UP_RIGHT = "up_right"
    DOWN_RIGHT = "down_right"
    DOWN = "down"
    DOWN_LEFT = "down_left"
    UP_LEFT = "up_left"


class MovementClass(StrEnum):
    """Movement classes; Parameter Data has one movement-cost column per class [000 4.0, 13.5]."""

    FOOT = "foot"
    SKI = "ski"
    BICYCLE = "bicycle"
    HORSE = "horse"
    MOTORIZED = "motorized"
    HALFTRACK = "halftrack"
    TRACKED = "tracked"
    NAVAL = "naval"
    RAIL = "rail"


class Condition(StrEnum):
    """Ground conditions, drawn once a day [000 11.0]."""

    NORMAL = "normal"
    SOFT = "soft"
    MUD = "mud"
    SNOW = "snow"
    FROZEN = "frozen"


class Quality(StrEnum):
    """Unit quality from A (Elite, 6) to F (Abysmal, 1) [000 9.2]."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"
    E = "E"
    F = "F"


class HexsideKind(StrEnum):
    """Features that run along a hex edge [000 4.2, 4.4, 4.5, 7.4; 001 "Hedge Row Rules"]."""

    RIVER = "river"
    STREAM = "stream"
    CANAL = "canal"
    GULLY = "gully"
    CLIFF = "cliff"
    DIKE = "dike"
    EMBANKMENT = "embankment"
    ESCARPMENT = "escarpment"
    AT_DITCH = "at_ditch"
    IMPASSABLE = "impassable"
    HEDGEROW = "hedgerow"


class CrossingKind(StrEnum):
    """Ways across a hexside [000 4.5, 7.4].

    Light bridges carry foot units only (and stand for railway bridges), medium bridges add
    non-armoured vehicles, heavy bridges carry everything; fords and ferries need Travel Mode.
    """

    LIGHT_BRIDGE = "light_bridge"
    MEDIUM_BRIDGE = "medium_bridge"
    HEAVY_BRIDGE = "heavy_bridge"
    FORD = "ford"
    FERRY = "ferry"


class ConnectionKind(StrEnum):
    """Roads and railways, which run from hex centre to hex centre.

    The manual names only the Primary Road [000 11.0]; secondary roads and trails are the other
    classes of the series' maps. Whether a stretch runs raised on an embankment (a Panzer Battles
    addition [001 #20]) is not a class of its own but the map's `raised` layer.
    """

    PRIMARY_ROAD = "primary_road"
    SECONDARY_ROAD = "secondary_road"
    TRAIL = "trail"
    RAILROAD = "railroad"


class OptionalRule(StrEnum):
    """Every optional rule the two manuals name [000 1.1 of the data-model digest; 001 2.2]."""

    LOCKING_ZOC = "locking_zoc"
    AMPHIBIOUS = "amphibious"
    EXTENDED_PATROLLING = "extended_patrolling"
    RECON_SPOTTING = "recon_spotting"
    SURRENDER = "surrender"
    INDIRECT_FIRE_BY_THE_MAP = "indirect_fire_by_the_map"
    MANUAL_DEFENSIVE_FIRE = "manual_defensive_fire"
    AUTOMATIC_DEFENSIVE_FIRE = "automatic_defensive_fire"
    COUNTERBATTERY_FIRE = "counterbattery_fire"
    ARTILLERY_SETUP = "artillery_setup"
    ALTERNATE_ASSAULT = "alternate_assault"
    LOW_VISIBILITY_AIR_EFFECTS = "low_visibility_air_effects"
    NIGHT_FATIGUE = "night_fatigue"
    QUALITY_FATIGUE_MODIFIER = "quality_fatigue_modifier"
    VIRTUAL_SUPPLY_TRUCKS = "virtual_supply_trucks"
    EXPLICIT_SUPPLY = "explicit_supply"
    PROGRAMMED_WEATHER = "programmed_weather"
    ALTERNATIVE_FIRE_CALCULATION = "alternative_fire_calculation"
    ALTERNATIVE_MELEE_CALCULATION = "alternative_melee_calculation"


OPTIONAL_RULES_BY_RULESET: dict[Ruleset, frozenset[OptionalRule]] = {
    Ruleset.PANZER_CAMPAIGNS: frozenset(OptionalRule),
    # [001 2.2]: PB names only these; recon spotting is standard, alternative calculation is
    # fixed per combat kind, and the PzC-only rules are not mentioned at all.
    Ruleset.PANZER_BATTLES: frozenset(
        {
            OptionalRule.MANUAL_DEFENSIVE_FIRE,
            OptionalRule.EXPLICIT_SUPPLY,
            OptionalRule.INDIRECT_FIRE_BY_THE_MAP,
            OptionalRule.COUNTERBATTERY_FIRE,
            OptionalRule.ARTILLERY_SETUP,
            OptionalRule.LOW_VISIBILITY_AIR_EFFECTS,
            OptionalRule.PROGRAMMED_WEATHER,
        }
    ),
    # Tactical GameX has optional rules of its own (schemas.tactical_gamex.vocabulary).
    Ruleset.TACTICAL_GAMEX: frozenset(),
}
"""The optional rules each ruleset knows; a scenario enabling another one gets a warning."""


FATIGUE_MAX_BY_RULESET: dict[Ruleset, int] = {
    Ruleset.PANZER_CAMPAIGNS: 300,  # [000 9.3]
    Ruleset.PANZER_BATTLES: 150,  # [001 "Fatigue Levels"]
}


class PerSide(Node):
    """A value given separately for the Allied and the Axis side (shown Allied/Axis): a count,
    a limit or a multiplier, from 0 to 1,000,000."""

    allied: int = Field(ge=0, le=1_000_000)
    axis: int = Field(ge=0, le=1_000_000)


class PerSidePercent(PerSide):
    """A percentage given separately for each side, e.g. Global Supply 80/60 [000 10.1]."""

    allied: Percent = Field(ge=0, le=100)
    axis: Percent = Field(ge=0, le=100)

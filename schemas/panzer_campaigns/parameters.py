"""The parameter data file (`<name>.pdt.yaml`): the numbers a modder tunes.

Every value the manuals place in "Parameter Data" [000 9 of the data-model digest, 001 2.9] has
a field here, grouped as the Parameter Data Dialog groups them, each with its unit and a
one-line description. Where the manuals leave open whether a value is per side, it is per side:
one value for both sides is then just two equal numbers.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from schemas.base import (
    MAX_FACTOR,
    MAX_HEX,
    MAX_MP,
    MAX_PERCENT,
    MAX_TURNS,
    MAX_VALUE,
    Identifier,
    Node,
    Percent,
    SignedPercent,
    measured,
)
from schemas.vocabulary import (
    Condition,
    ConnectionKind,
    HexsideKind,
    MovementClass,
    PerSide,
    PerSidePercent,
    Side,
)

PARAMETERS_FORMAT_VERSION = 2

MovementPoints = Annotated[int, Field(ge=-1, le=MAX_MP)]
"""A movement cost: 0 to MAX_MP movement points, or -1 for "cannot enter or cross"."""

CostByClass = dict[MovementClass, MovementPoints]
"""Movement points per movement class; -1 means the class cannot enter or cross."""

CostPercent = Annotated[int, Field(ge=0, le=MAX_PERCENT)]
"""A cost multiplier in % (100 = unchanged)."""


class MovementCosts(Node):
    """Movement costs by terrain, hexside and road class, per movement class [000 4.0, 4.2]."""

    terrain: dict[Identifier, CostByClass]
    """Cost to enter a hex, by terrain id of the map legend; -1 = impassable."""
    hexsides: dict[HexsideKind, CostByClass] = {}
    """Extra cost to cross a hexside feature; -1 = impassable without a crossing."""
    connections: dict[ConnectionKind, CostByClass] = {}
    """Cost per hex along a road or railway in Travel (or Rail) Mode."""
    elevation_per_100m: int = measured(0, unit="MP per 100 m", ge=0, le=MAX_MP)
    """Climbing cost per 100 m of elevation; mountain units pay half [000 4.2]."""
    ford: int = measured(0, unit="MP", ge=0, le=MAX_MP)
    """Extra cost to cross a river at a ford off the road [000 4.5]."""
    zoc_multiplier: float = measured(0, unit="x", ge=0, le=MAX_FACTOR)
    """ZOC-to-ZOC cost multiplier; 0 = only into a friendly-held hex for the whole MA [000 4.4]."""
    condition_modifiers: dict[Condition, dict[MovementClass, CostPercent]] = {}
    """Cost multiplier in % per ground condition and class (100 = unchanged); never applied to
    Travel Mode movement along a primary road [000 11.0]."""
    night_disruption: int = measured(0, unit="% per hex", ge=0, le=100)
    """Chance per hex that a unit moving off road at night is disrupted [000 4.1]."""
    vehicle_breakdown: float = measured(0, unit="B", ge=0, le=MAX_FACTOR)
    """Breakdown factor B in P = V*C*B/(40000*Q) per move; 0 = no breakdowns [000 4.4]."""


class Stacking(Node):
    """Stacking limits in men-equivalents (1 gun or vehicle = 10 men) [000 3.3]."""

    max_stacking: PerSide = measured(unit="men-equivalent")
    """Most men-equivalents in one hex; Rail Mode units do not count."""
    road_stacking: PerSide = measured(unit="men-equivalent")
    """Most that may use the road rate in a hex, pass through it by rail or use a full-hex ferry."""
    towed_guns: PerSide = measured(unit="units per hex")
    """Most deployed towed guns in one hex, besides normal stacking."""
    ships_per_hex: int = measured(4, unit="units", ge=1, le=MAX_VALUE)
    """Most ships in one hex [000 4.2]."""


class Combat(Node):
    """Fire and assault parameters [000 5.2, 6.3, 12.0]."""

    quality_fire_modifier: float = measured(1.0, unit="x", ge=0, le=MAX_FACTOR)
    """Scales the A (+20%) and B (+10%) fire bonus: 1 in Panzer Campaigns, 2.5 in Panzer Battles."""
    range_effect: float = measured(1.0, unit="x", ge=1, le=MAX_FACTOR)
    """Direct fire at range N is divided by 1 + (N-1)(R-1) [000 5.2]."""
    elevation_modifier: int = measured(0, unit="%", ge=-100, le=100)
    """Modifier to direct fire at a higher target [000 5.2]."""
    artillery_hard_target: float = measured(1.0, unit="x", ge=0, le=MAX_FACTOR)
    """Artillery at close range against hard targets [000 5.2]."""
    artillery_hard_target_range: int = measured(1, unit="hexes", ge=0, le=MAX_HEX)
    """Range up to which the artillery hard target modifier applies: 1 PzC, 4 PB."""
    indirect_modifier: PerSidePercent = measured(unit="%")
    """Indirect fire in the opponent's turn or Defensive Fire Phase; 100 = unchanged [000 5.2]."""
    infantry_effectiveness_men: Percent = measured(70, unit="%")
    """Breakpoint of the infantry effectiveness curve: at this % of men…"""
    infantry_effectiveness_fire: Percent = measured(90, unit="%")
    """…the unit fires at this % of full effect [000 5.2]."""
    low_combat_value: int = measured(unit="casualties per 1000", ge=0, le=MAX_VALUE)
    """Low end (LCV) of the combat results range [000 12.0]."""
    high_combat_value: int = measured(unit="casualties per 1000", ge=0, le=MAX_VALUE)
    """High end (HCV) of the combat results range [000 12.0]."""
    assault_low_combat_value: int | None = measured(
        None, unit="casualties per 1000", ge=0, le=MAX_VALUE
    )
    """LCV of assault results; `null` = the fire value. Parameter Data gives fire and assault
    their own pairs [000 6.3, 12.0]."""
    assault_high_combat_value: int | None = measured(
        None, unit="casualties per 1000", ge=0, le=MAX_VALUE
    )
    """HCV of assault results; `null` = the fire value [000 6.3, 12.0]."""
    counterbattery: PerSide = measured(unit="x")
    """Multiplier on the counterbattery spotting chance (%: 100 = x1) [000 5.4]."""
    artillery_setup: PerSidePercent = measured(unit="% per turn")
    """Chance per turn to finish setting up; 100 = no setup, >= 90 exempts SP [000 10.3]."""
    stockpiling: PerSidePercent = measured(unit="% per day turn")
    """Chance that idle artillery becomes stockpiled; 0 = never [000 10.3]."""
    stockpiled_fire: int = measured(100, unit="%", ge=0, le=MAX_PERCENT)
    """Fire of stockpiled artillery: 100 = unchanged, 200 = doubled [000 10.3]."""
    rubble: int = measured(0, unit="%", ge=0, le=100)
    """Chance scale for indirect fire and air strikes to rubble an urban hex [000 5.1, 8.1]."""
    hexside_modifiers: dict[HexsideKind, SignedPercent] = Field(
        {}, json_schema_extra={"x-unit": "%"}
    )
    """Fire modifier for a target behind each kind of hexside, e.g. -25 across a river; an
    assault takes the largest of the hexsides its attackers cross [000 5.2, 6.2]."""
    stack_fire_max: float = measured(1.0, unit="x", ge=1, le=MAX_FACTOR)
    """Fire modifier against a full stack, rising from 1 at half the stacking limit: 2.0 in
    Panzer Battles, 1 (none) in Panzer Campaigns [001 #19]."""
    indirect_fire_hex_limit: float = measured(0, unit="x max stacking", ge=0, le=MAX_FACTOR)
    """Cap on indirect fire into one hex per turn, as a multiple of the stacking limit in
    men-equivalents: 1.5 in Panzer Battles, 0 = no cap [001 #29]."""


class Fortification(Node):
    """Effect of one fortification kind [000 5.3]."""

    fire_modifier: int = measured(unit="%", ge=-100, le=0)
    """Fire modifier against the occupants, e.g. -20 for a trench."""
    defense_bonus: int = measured(0, unit="defense", ge=0, le=MAX_VALUE)
    """Added to the defense value (bunkers and pillboxes only)."""


class Fortifications(Node):
    """Fortification effects and building odds [000 4.9, 5.3]."""

    improved_position: Fortification
    """IP: for deployed units only."""
    trench: Fortification
    """Trench: for deployed units only."""
    bunker: Fortification
    """Bunker: makes occupants hard targets, adds defense."""
    pillbox: Fortification
    """Pillbox: like a bunker; cannot be built during play."""
    dig_in: PerSidePercent = measured(unit="% per turn")
    """Chance per turn to dig in one step (IP, trench); rubble clearing is half [000 4.9, 7.2]."""
    bunker_building: PerSidePercent = measured(unit="% per turn")
    """Chance per turn for a non-bridge engineer to turn a trench into a bunker; 0 = never."""


class Engineering(Node):
    """Engineer parameters [000 7.2-7.4]."""

    mine_laying: PerSidePercent = measured(unit="% per turn")
    """Chance per turn to lay a strength-1 minefield ("Mine Prob")."""
    bridge_building: PerSidePercent = measured(unit="% per turn")
    """Chance per turn to complete building or dismantling a bridge ("Bridge Values")."""
    pontoon_bridge_turns: PerSide = measured(unit="turns")
    """Minimum turns to complete a pontoon bridge; 0 = not allowed."""
    wired_bridge: PerSidePercent = measured(unit="%")
    """Auto Wired Bridge Demolition chance; 0 on both sides disables it."""
    light_bridge_defense: int = measured(unit="defense", ge=0, le=MAX_VALUE)
    """Defense of a light bridge against demolition."""
    medium_bridge_defense: int = measured(unit="defense", ge=0, le=MAX_VALUE)
    """Defense of a medium bridge against demolition."""
    heavy_bridge_defense: int = measured(unit="defense", ge=0, le=MAX_VALUE)
    """Defense of a heavy bridge; also used for full-hex bridges [000 7.4]."""


class Obstacles(Node):
    """Congestion markers [000 4.4]."""

    congestion_side: Side | Literal["both"] = "both"
    """Which side Congestion markers affect; markers affecting both never expire."""
    congestion_expiration: int = measured(0, unit="turns", ge=0, le=MAX_TURNS)
    """Turns of occupation by the affected side after which a marker goes; 0 = never."""


class Supply(Node):
    """Supply parameters [000 10.1-10.4]."""

    rail_capacity: PerSide = measured(unit="men-equivalent")
    """Rail capacity; a side needs capacity left to enter Rail Mode [000 4.1]."""
    refuel: Percent = measured(unit="%")
    """Scales the chance to refuel on turns other than the midnight turn [000 10.2]."""


class Air(Node):
    """Air parameters [000 8.1-8.3]."""

    availability: PerSidePercent = measured(unit="% per turn")
    """Chance per turn that an air unit becomes available again after a mission."""
    interception: PerSidePercent = measured(unit="%")
    """Chance that missions against this side are intercepted; jets half [000 8.1]."""
    interdiction: PerSidePercent = measured(unit="%")
    """Base chance of off-map interdiction against this side's Travel/Rail movers [000 8.2]."""
    strike_hex_limit: int = measured(0, unit="aircraft per hex per turn", ge=0, le=MAX_VALUE)
    """Most aircraft striking one hex per player turn; 0 = no limit [000 8.1]."""
    low_visibility_reduction: dict[Annotated[int, Field(ge=0, le=MAX_HEX)], Percent] = {}
    """Availability reduction in % by visibility in hexes, for Low Visibility Air Effects."""


class Deception(Node):
    """Deception unit parameters [000 4.3]."""

    range: PerSide = measured(unit="hexes")
    """Deploy within 3x and redeploy within 2x this distance."""
    radius: PerSide = measured(unit="hexes")
    """Radius of the effects around a deployed deception unit."""
    effect: PerSidePercent = measured(unit="% per hex")
    """Chance per hex to disrupt an enemy unit moving in Travel Mode."""
    damage: PerSidePercent = measured(unit="%")
    """Chance that an enemy bridge demolition fails."""
    detect: PerSidePercent = measured(unit="% per turn")
    """Chance per turn that the enemy detects a deployed deception unit."""


class Spotting(Node):
    """Spotting parameters [000 4.8]."""

    dust_spotting: PerSidePercent = measured(unit="%")
    """Dust Spotting chance against this side's movers; 0 disables it."""


class Recovery(Node):
    """Fatigue and loss recovery [000 9.3, 11.0, 12.0]."""

    rest: int = measured(unit="fatigue points", ge=0, le=MAX_VALUE)
    """Nominal rest value: recovery is 0..2x this, doubled at night."""
    unit_recovery: PerSidePercent = measured(unit="% of losses per turn")
    """Share of current losses recovered per eligible turn."""
    frozen_penalty: PerSidePercent = measured(unit="%")
    """Frozen Penalty FP: defense -FP (urban -FP/2), attack -FP/2, vehicle MA -2FP."""


class ParameterFile(Node):
    """A parameter set shared by the scenarios of a title.

    Written in full, defaults included, so a modder sees every value there is to tune.
    """

    write_defaults: ClassVar[bool] = True

    format_version: Literal[2] = Field(
        description="Version of the parameter file format; older versions are migrated on load."
    )
    name: str = Field(min_length=1)
    """Name of the parameter set."""
    description: str = ""
    """Notes for modders."""
    movement: MovementCosts
    """Movement costs and modifiers."""
    stacking: Stacking
    """Stacking limits."""
    combat: Combat
    """Fire and assault."""
    fortifications: Fortifications
    """Fortifications."""
    engineering: Engineering
    """Engineers and bridges."""
    # Not validated (every field takes its default: equal to `Obstacles()`): validating here
    # would build the validator at import, which `defer_build` leaves to the first file read.
    obstacles: Obstacles = Obstacles.model_construct()
    """Congestion."""
    supply: Supply
    """Rail capacity and refuelling."""
    air: Air
    """Air power."""
    deception: Deception
    """Deception units."""
    spotting: Spotting
    """Spotting."""
    recovery: Recovery
    """Fatigue, losses, frozen penalty."""

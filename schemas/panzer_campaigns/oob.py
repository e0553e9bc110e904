"""The order-of-battle file (`<name>.oob.yaml`): sides > nations > organization tree > units.

Every organization and unit carries a stable id that scenarios refer to. Fields whose value is
the default are left out when saving, so a plain rifle battalion stays a few lines long.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import (
    ConfigDict,
    Field,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from schemas.base import (
    MAX_POINTS,
    MAX_STRENGTH,
    MAX_VALUE,
    GameDate,
    Identifier,
    Node,
    Tagged,
    measured,
)
from schemas.panzer_campaigns.unit_types import (
    fill_inherited,
    leave_out_inherited,
    typed_unit_json_schema,
)
from schemas.vocabulary import MovementClass, Quality, Side

OOB_FORMAT_VERSION = 3


class OrgLevel(StrEnum):
    """Echelons of the organization tree [000 3.1, 9.0, 13.5].

    The tree may go above army group (`high_command`: "Heer", "STAVKA") and holds the
    army-troops and corps-troops organizations at the level of what they belong to.
    """

    HIGH_COMMAND = "high_command"
    ARMY_GROUP = "army_group"
    ARMY = "army"
    CORPS = "corps"
    DIVISION = "division"
    BRIGADE = "brigade"
    REGIMENT = "regiment"
    BATTALION = "battalion"
    COMPANY = "company"
    PLATOON = "platoon"


class UnitClass(StrEnum):
    """What a unit is, which also picks its map symbol [000 13.5; 001 "Unit Symbols"]."""

    HEADQUARTERS = "headquarters"
    INFANTRY = "infantry"
    MOTORIZED_INFANTRY = "motorized_infantry"
    MECHANIZED_INFANTRY = "mechanized_infantry"
    HEAVY_WEAPONS = "heavy_weapons"
    ARMOR = "armor"
    ARTILLERY = "artillery"
    HEAVY_ARTILLERY = "heavy_artillery"
    SIEGE_GUN = "siege_gun"
    INFANTRY_ARTILLERY = "infantry_artillery"
    MORTAR = "mortar"
    ROCKET = "rocket"
    ANTI_TANK = "anti_tank"
    ENGINEER = "engineer"
    CAVALRY = "cavalry"
    RECON = "recon"
    ARMORED_CAR = "armored_car"
    ANTI_AIRCRAFT = "anti_aircraft"
    HEAVY_ANTI_AIRCRAFT = "heavy_anti_aircraft"
    AIRBORNE = "airborne"
    GLIDER = "glider"
    COMMANDO = "commando"
    SKI = "ski"
    IRREGULAR = "irregular"
    PARTISAN = "partisan"
    BICYCLE = "bicycle"
    MOTORCYCLE = "motorcycle"
    NAVAL = "naval"
    ARMORED_TRAIN = "armored_train"
    SUPPLY = "supply"
    TRANSPORT = "transport"
    AIR = "air"


class UnitSize(StrEnum):
    """Echelon of a unit: fatigue factor, morale base, dig-in and bridging odds [000 9.3, 12.0]."""

    SQUAD = "squad"
    PLATOON = "platoon"
    COMPANY = "company"
    BATTALION = "battalion"


class Component(StrEnum):
    """What a unit's strength counts: men, guns or vehicles (gun or vehicle = 10 men) [000 3.3]."""

    MEN = "men"
    GUNS = "guns"
    VEHICLES = "vehicles"


class ArtilleryKind(StrEnum):
    """Artillery types with rules of their own [000 5.2, 5.4, 13.5]."""

    NONE = "none"
    ARTILLERY = "artillery"
    HEAVY_ARTILLERY = "heavy_artillery"
    SIEGE_GUN = "siege_gun"
    MORTAR = "mortar"
    ROCKET = "rocket"


class AntiAircraftKind(StrEnum):
    """Only heavy AA engages high-flying recon and heavy bombers [000 8.1]."""

    NONE = "none"
    AA = "aa"
    HEAVY_AA = "heavy_aa"


class EngineeringVehicle(StrEnum):
    """Specialist engineer vehicles [000 7.1]."""

    NONE = "none"
    BRIDGE_LAYER = "bridge_layer"
    MINE_FLAIL = "mine_flail"
    AVRE = "avre"


class AirborneKind(StrEnum):
    """How an airborne unit lands; decides its landing losses [000 4.7]."""

    NONE = "none"
    PARACHUTE = "parachute"
    GLIDER = "glider"


class AirRole(StrEnum):
    """Air unit role [000 8.0]."""

    COMBAT = "combat"
    RECON = "recon"


class AirProfile(Node):
    """What makes a unit an air unit [000 8.0-8.4]; its strength counts aircraft."""

    role: AirRole = AirRole.COMBAT
    """Combat aircraft strike; recon aircraft spot (flagged RECON)."""
    heavy_bomber: bool = False
    """Carpet bombing: hits every unit in the hex, may scatter 2 hexes (flagged CARPET)."""
    single_use: bool = False
    """Available for a single mission only."""
    jet: bool = False
    """Jet aircraft: interception chance halved."""
    owner: Identifier | None = None
    """Organization that owns it: strikes only on hexes its units spot [000 8.4]."""


class Unit(Tagged):
    """A counter: one battalion, company, platoon, gun battery, ship or air group.

    Attack values are written as value and range in hexes (`Hard 30/1` in the manual). A unit
    of a unit type (`unit_type`) leaves out the equipment values it shares with its type; in
    memory it always holds its effective values (`schemas.panzer_campaigns.unit_types`).
    """

    # A unit of a type may leave out its class and speed, which its type gives.
    model_config = ConfigDict(json_schema_extra=typed_unit_json_schema)

    kind: Literal["unit"] = "unit"
    id: Identifier
    """Stable id; scenarios place, reinforce and withdraw units by it."""
    name: str = Field(min_length=1)
    """Unit name, e.g. `3/41 Gds Tk Bde`."""
    unit_type: Identifier | None = None
    """Id of the title's unit type whose equipment values this unit takes where it gives none."""
    type_name: str = ""
    """Equipment or type shown above the name, e.g. `T-34/85`."""
    nation: Identifier | None = None
    """Nation, when it differs from the nation of the tree it stands in."""
    unit_class: UnitClass
    """Type of unit and map symbol."""
    size: UnitSize = UnitSize.BATTALION
    """Echelon of the unit."""
    component: Component = Component.MEN
    """What the strength counts."""
    strength: int = measured(unit="men, guns or vehicles", ge=0, le=MAX_STRENGTH)
    """Full strength in the unit's component (aircraft for air units)."""
    quality: Quality = Quality.C
    """Quality A (Elite) to F (Abysmal)."""
    speed: int = measured(unit="MP", ge=0, le=255)
    """Movement allowance; 0 means immobile (shows Fire Ability instead) [000 4.6]."""
    movement_class: MovementClass = MovementClass.FOOT
    """Movement class: picks the movement-cost column in Parameter Data."""
    hard_attack: float = measured(0, unit="attack", ge=0, le=MAX_VALUE)
    """Attack value against hard targets."""
    hard_range: int = measured(0, unit="hexes", ge=0, le=99)
    """Range of the hard attack; 0 = only with the Alternate Assault rule [000 6.2]."""
    soft_attack: float = measured(0, unit="attack", ge=0, le=MAX_VALUE)
    """Attack value against soft targets."""
    soft_range: int = measured(0, unit="hexes", ge=0, le=99)
    """Range of the soft attack."""
    assault: float = measured(0, unit="assault", ge=0, le=MAX_VALUE)
    """Assault value; 0 means the unit cannot assault [000 6.1]."""
    aa_attack: float = measured(0, unit="attack", ge=0, le=MAX_VALUE)
    """Anti-aircraft value."""
    aa_range: int = measured(0, unit="hexes", ge=0, le=99)
    """Anti-aircraft range: fire scales by 1/(2R+1) [000 8.1]."""
    defense: float = measured(0, unit="defense", ge=0, le=MAX_VALUE)
    """Defense (armour) value."""
    hard_target: bool = False
    """Only the firer's hard attack applies (tanks and other armour)."""
    indirect_fire: bool = False
    """Can fire indirectly (listed in the Artillery Dialog)."""
    artillery_kind: ArtilleryKind = ArtilleryKind.NONE
    """Artillery type."""
    towed: bool = False
    """Must be in Travel or Rail Mode to move; cannot assault [000 4.1, 6.1]."""
    self_propelled: bool = False
    """Self-propelled artillery: exempt from setup when Artillery Setup >= 90% [000 10.3]."""
    anti_tank: bool = False
    """Anti-tank gun: towed ones exert no ZOC and use Special AT Gun Egress [000 3.3, 4.2]."""
    aa_kind: AntiAircraftKind = AntiAircraftKind.NONE
    """Anti-aircraft type."""
    command_range: int = measured(0, unit="hexes", ge=0, le=99)
    """HQ command range as set in the OOB; quality adds +2 (A) to -3 (F) [000 9.1]."""
    engineer: bool = False
    """Engineer abilities: dig-in x3, rubble, bridges, ferrying [000 7.1]."""
    bridge_engineer: bool = False
    """Can build bridges ("Bridge Eng")."""
    mine_clear: bool = False
    """Can clear minefields ("Mine Clear")."""
    demolition: bool = False
    """Demolition unit (e.g. Goliath): clears mines and obstacles, halves bunker bonus [000 6.2]."""
    engineering_vehicle: EngineeringVehicle = EngineeringVehicle.NONE
    """Bridge layer, mine flail or AVRE."""
    commando: bool = False
    """Crosses any hexside for its whole MA; ZOC to ZOC [000 4.2]."""
    partisan: bool = False
    """No ZOC, never isolated, low on ammo or detached [000 4.2]."""
    irregular: bool = False
    """No ZOC; ZOC to ZOC for the whole MA; never isolated [000 4.2]."""
    amphibious: bool = False
    """Crosses rivers and canals in Travel Mode for its whole MA [000 4.2]."""
    mountain: bool = False
    """Cliffs at whole MA, half elevation costs, worth more VP [000 4.2]."""
    naval: bool = False
    """Ship: water hexes only, at most 4 per hex, supply at half the global value [000 4.2]."""
    rail_unit: bool = False
    """Moves only in Rail Mode (unless armoured) and does not use rail capacity [000 4.2]."""
    deception: bool = False
    """Deception unit [000 4.3]."""
    supply_unit: bool = False
    """Supply unit for the Explicit Supply rule; strength in vehicles [000 10.4]."""
    supply_range: int = measured(0, unit="hexes", ge=0, le=99)
    """Resupply range of a supply unit."""
    recon: bool = False
    """Specialist reconnaissance unit (Recon Spotting) [000 4.8]."""
    cavalry: bool = False
    """Cavalry: mounted in Travel Mode, worth more VP [000 4.1, 4.2]."""
    can_dismount: bool = False
    """Motorized or mechanized infantry that can go On Foot [000 4.2]."""
    transport: bool = False
    """Transport that carries other units (Panzer Battles) [001 #21]."""
    airborne: AirborneKind = AirborneKind.NONE
    """Parachute or glider unit."""
    low_reliability: bool = False
    """Breakdown chance tripled [000 4.4]."""
    victory_points: int | None = measured(None, unit="VP", ge=0, le=MAX_POINTS)
    """Points the enemy scores for destroying the whole unit; `null` = the scenario's rates."""
    air: AirProfile | None = None
    """Set for air units only."""


class UnitType(Node):
    """Equipment defined once per title and shared by its units: class, attack and defense
    values, movement, component and symbol, with the dates it was in service.

    A unit naming the type takes each of these values unless it gives its own.
    """

    id: Identifier
    """Stable id that units name in `unit_type`."""
    name: str = Field(min_length=1)
    """Name shown in the Unit Types panel, e.g. `T-34/85 company`."""
    type_name: str = ""
    """Equipment or type shown above a unit's name, e.g. `T-34/85`."""
    unit_class: UnitClass
    """Type of unit and map symbol."""
    component: Component = Component.MEN
    """What the strength of its units counts."""
    speed: int = measured(unit="MP", ge=0, le=255)
    """Movement allowance; 0 means immobile [000 4.6]."""
    movement_class: MovementClass = MovementClass.FOOT
    """Movement class: picks the movement-cost column in Parameter Data."""
    hard_attack: float = measured(0, unit="attack", ge=0, le=MAX_VALUE)
    """Attack value against hard targets."""
    hard_range: int = measured(0, unit="hexes", ge=0, le=99)
    """Range of the hard attack; 0 = only with the Alternate Assault rule [000 6.2]."""
    soft_attack: float = measured(0, unit="attack", ge=0, le=MAX_VALUE)
    """Attack value against soft targets."""
    soft_range: int = measured(0, unit="hexes", ge=0, le=99)
    """Range of the soft attack."""
    assault: float = measured(0, unit="assault", ge=0, le=MAX_VALUE)
    """Assault value; 0 means the unit cannot assault [000 6.1]."""
    aa_attack: float = measured(0, unit="attack", ge=0, le=MAX_VALUE)
    """Anti-aircraft value."""
    aa_range: int = measured(0, unit="hexes", ge=0, le=99)
    """Anti-aircraft range: fire scales by 1/(2R+1) [000 8.1]."""
    defense: float = measured(0, unit="defense", ge=0, le=MAX_VALUE)
    """Defense (armour) value."""
    hard_target: bool = False
    """Only the firer's hard attack applies (tanks and other armour)."""
    indirect_fire: bool = False
    """Can fire indirectly (listed in the Artillery Dialog)."""
    artillery_kind: ArtilleryKind = ArtilleryKind.NONE
    """Artillery type."""
    towed: bool = False
    """Must be in Travel or Rail Mode to move; cannot assault [000 4.1, 6.1]."""
    self_propelled: bool = False
    """Self-propelled artillery: exempt from setup when Artillery Setup >= 90% [000 10.3]."""
    anti_tank: bool = False
    """Anti-tank gun: towed ones exert no ZOC and use Special AT Gun Egress [000 3.3, 4.2]."""
    aa_kind: AntiAircraftKind = AntiAircraftKind.NONE
    """Anti-aircraft type."""
    in_service_from: GameDate | None = None
    """First day the equipment was in service; a scenario before it is warned about."""
    in_service_to: GameDate | None = None
    """Last day the equipment was in service; a scenario after it is warned about."""


class Organization(Tagged):
    """A node of the organization tree (division, regiment…), possibly with its own HQ unit."""

    kind: Literal["organization"] = "organization"
    id: Identifier
    """Stable id; releases, attachments and reinforcements refer to it."""
    name: str = Field(min_length=1)
    """Name, e.g. `2. Panzer-Division`."""
    level: OrgLevel
    """Echelon."""
    nation: Identifier | None = None
    """Nation, when it differs from the nation the tree stands in."""
    hq: Identifier | None = None
    """Id of the HQ unit of this organization; it must be one of its direct children."""
    replacements: int = measured(0, unit="%", ge=0, le=100)
    """Replacements for its units, % of full strength [000 12.0]."""
    # Spelt out rather than `OobNode` (defined below, as it names this class) so that pydantic
    # resolves the fields as it builds the class.
    children: list[Annotated[Organization | Unit, Field(discriminator="kind")]] = []
    """Sub-organizations and units."""


OobNode = Annotated[Organization | Unit, Field(discriminator="kind")]
"""An entry of the organization tree."""


class Nation(Node):
    """A nation of one side, with its organization tree [000 3.4, 6.3, 9.1]."""

    id: Identifier
    """Stable id, e.g. `us`."""
    name: str = Field(min_length=1)
    """Name, e.g. `United States`."""
    fragile_morale: bool = False
    """Fragile morale: non-A/B units that cannot retreat are eliminated [000 6.3, 9.1]."""
    fanatical: bool = False
    """Fanatical: no surrender losses, never leaves bunkers or pillboxes [000 6.3]."""
    may_surrender: bool = True
    """Whether scenarios may give this nation Surrender Objectives [000 3.4]."""
    attachment_level: OrgLevel = OrgLevel.CORPS
    """Level at which Corps Attachments re-parent divisions (Soviet army from 1942) [000 9.1]."""
    organizations: list[OobNode] = []
    """The top of the nation's organization tree."""


class SideOob(Node):
    """One side's nations."""

    side: Side
    """Allied or Axis."""
    name: str = ""
    """Name shown for the side, e.g. `German`; empty = `Allied` or `Axis`."""
    nations: list[Nation] = Field(min_length=1)
    """The side's nations."""


class OobFile(Node):
    """An order of battle for both sides."""

    format_version: Literal[3] = Field(
        description="Version of the OOB file format; older versions are migrated on load."
    )
    name: str = Field(min_length=1)
    """Name of the order of battle."""
    description: str = ""
    """Sources and notes."""
    unit_types: list[UnitType] = []
    """The title's unit types (equipment), which units name by id."""
    sides: list[SideOob] = Field(min_length=1, max_length=2)
    """Allied and Axis."""

    @model_validator(mode="before")
    @classmethod
    def _inherit(cls, data: Any) -> Any:
        # An OOB built in code from version-2 values (the tests' and other tools' titles) is
        # upgraded as a loaded file is: nothing of version 2 changed.
        if isinstance(data, dict) and data.get("format_version") == 2:
            data = {**data, "format_version": OOB_FORMAT_VERSION}
        # The one place a unit's inherited values are resolved: readers see effective values.
        return fill_inherited(data)

    @model_serializer(mode="wrap")
    def _leave_out_inherited(
        self, handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if not self.unit_types:
            return data
        return leave_out_inherited(self, data, json=info.mode_is_json())

"""The enumerations of Tactical GameX files: nations, weapon and unit types, traits, terrain,
hexside kinds, move classes, combat results, markers, optional rules and modules [003].

Values are the letters printed on the counters where the rules use letters (`A`, `(H)`, `C(I)`),
lower-case snake case otherwise.
"""

from __future__ import annotations

from enum import StrEnum


class Nation(StrEnum):
    """The eleven nationalities of the counters [003 2.0]."""

    FINLAND = "finland"
    FRANCE = "france"
    GERMANY = "germany"
    BRITAIN = "britain"
    HUNGARY = "hungary"
    ITALY = "italy"
    JAPAN = "japan"
    POLAND = "poland"
    ROMANIA = "romania"
    SOVIET_UNION = "soviet_union"
    UNITED_STATES = "united_states"


class WeaponType(StrEnum):
    """The weapon type letter of a counter [003 2.1]; `(H)` may fire indirectly, `C(I)` is an
    open-topped transport whose passenger may fight (rule 13), `G` an aircraft weapon [003 6.4.7].
    """

    A = "A"
    AA = "AA"
    C = "C"
    H = "H"
    I = "I"  # noqa: E741  # the letter the counters print
    M = "M"
    H_INDIRECT = "(H)"
    C_I = "C(I)"
    G = "G"


class UnitKind(StrEnum):
    """Unit Type of the Unit Function Table: what kind of target a unit is [003 2.1, 6.3.6]."""

    ARMORED = "armored"
    SOFT = "soft"
    AIRCRAFT = "aircraft"


class Trait(StrEnum):
    """The unit classes the rules single out (digest B.1, "Unit classes referred to by rules")."""

    SCOUT = "scout"
    RECON = "recon"
    ENGINEER = "engineer"
    MG = "mg"
    CAVALRY = "cavalry"
    ARTILLERY = "artillery"
    ROCKET = "rocket"
    SPA = "spa"
    TURRETED = "turreted"
    HALFTRACK = "halftrack"
    TRUCK = "truck"
    WAGON = "wagon"
    DD = "dd"
    LVT = "lvt"
    DUKW = "dukw"
    FLAIL = "flail"
    FLAMETHROWER = "flamethrower"
    BRIDGE_LAYER = "bridge_layer"
    COMMAND_POST = "command_post"
    AA_CAPABLE = "aa_capable"
    PASSENGER = "passenger"
    MARINE = "marine"
    ATTACK_AIRCRAFT = "attack_aircraft"
    SPOTTER_AIRCRAFT = "spotter_aircraft"
    TRANSPORT_AIRCRAFT = "transport_aircraft"
    GLIDER = "glider"


class MoveClass(StrEnum):
    """The movement columns of the Terrain Effects Chart. The text names no columns (the TEC is
    [GAP]); its examples set infantry, trucks, wagons and tracked vehicles apart [003 5.0, 6.3.9].
    """

    INFANTRY = "infantry"
    TRACKED = "tracked"
    WHEELED = "wheeled"
    WAGON = "wagon"


class Terrain(StrEnum):
    """What fills a hex of a panel [003 3.2]; a Village plays as Town (digest B.3)."""

    CLEAR = "clear"
    WOODS = "woods"
    TOWN = "town"
    CITY = "city"
    SWAMP = "swamp"
    WATER = "water"
    SEA = "sea"
    BEACH = "beach"
    STREAM = "stream"


TERRAIN_CODES: dict[str, Terrain] = {
    ".": Terrain.CLEAR,
    "W": Terrain.WOODS,
    "T": Terrain.TOWN,
    "C": Terrain.CITY,
    "S": Terrain.SWAMP,
    "~": Terrain.WATER,
    "=": Terrain.SEA,
    "B": Terrain.BEACH,
    "s": Terrain.STREAM,
}
"""The character of each terrain in a panel's `terrain_rows`."""

CODE_OF_TERRAIN: dict[Terrain, str] = {terrain: code for code, terrain in TERRAIN_CODES.items()}


class HexsideKind(StrEnum):
    """What a hexside may be [003 3.2.2]; a hexside may combine kinds (a wooded slope)."""

    SLOPE = "slope"
    RIDGE = "ridge"
    CLIFF = "cliff"
    GREEN = "green"
    WOODED = "wooded"


class HexFeature(StrEnum):
    """Printed features standing in a stream hex [003 6.3.9]."""

    BRIDGE = "bridge"
    FORD = "ford"


class CombatResult(StrEnum):
    """A cell of the CRT [003 6.3.4]: no effect, disrupted, disrupted twice, eliminated."""

    NONE = "-"
    D = "D"
    DD = "DD"
    X = "X"


RESULT_SEVERITY: dict[CombatResult, int] = {
    CombatResult.NONE: 0,
    CombatResult.D: 1,
    CombatResult.DD: 2,
    CombatResult.X: 3,
}
"""How bad a result is for the defender, to check that low rolls favour the attacker."""


class AaResult(StrEnum):
    """A cell of the AA Fire Table [003 6.4.7]: no effect, driven off (disrupted), destroyed."""

    NONE = "-"
    D = "D"
    X = "X"


ODDS_COLUMNS: tuple[str, ...] = ("1:3", "1:2", "1:1", "2:1", "3:1", "4:1")
"""The CRT's columns: below 1:3 is no effect, above 4:1 reads 4:1 [003 6.3.3, 6.3.4]."""


class MarkerKind(StrEnum):
    """Neutral counters a situation places or allots [003 8.0]."""

    MINES = "mines"
    IMPROVED_POSITION = "improved_position"
    FORTIFICATION = "fortification"
    BLOCK = "block"
    WRECK = "wreck"
    TEMPORARY_BRIDGE = "temporary_bridge"
    """A hastily constructed bridge in a stream hex, placed by the situation itself [003 9.3]."""


class Compass(StrEnum):
    """Compass points of the board, read from the north marker [003 2.3]."""

    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"


class BoardEdge(StrEnum):
    """The four edges of the assembled board as drawn (columns left to right, rows downward)."""

    TOP = "top"
    RIGHT = "right"
    BOTTOM = "bottom"
    LEFT = "left"


class OptionalRule(StrEnum):
    """The optional rules 12-24 [003 12.0-24.0]."""

    COMBAT_STRESS = "combat_stress"
    MOUNTED_INFANTRY_FIRE = "mounted_infantry_fire"
    BAIL_OUT = "bail_out"
    QUICK_TIME = "quick_time"
    PANZERBLITZ_ASSAULT = "panzerblitz_assault"
    BANZAI = "banzai"
    MOBILE_FIRE = "mobile_fire"
    FIELD_OF_FIRE = "field_of_fire"
    SMOKE = "smoke"
    INTERDICTION = "interdiction"
    COMMAND_CONTROL = "command_control"
    SOLITAIRE = "solitaire"
    BATTLEFIELD_CHAOS = "battlefield_chaos"


RULE_NUMBERS: dict[OptionalRule, int] = {rule: 12 + i for i, rule in enumerate(OptionalRule)}
"""The section number of each optional rule: Combat Stress is 12, Battlefield Chaos 24."""


class Module(StrEnum):
    """The supplemental modules a situation may need [003 9.0-11.0]."""

    ENGINEERS = "engineers"
    AMPHIBIOUS = "amphibious"
    AIRBORNE = "airborne"

"""The map file (`<name>.map.yaml`): grid, terrain legend, dense per-hex layers and sparse features.

Dense layers (terrain, elevation, road and rail connections) are one text line per map row, so a
one-hex edit changes one line and a 1000x1000 map loads in well under a second. Sparse features
(hexsides, crossings, full-hex features, place names) are lists of small records.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from schemas.base import HexPos, Identifier, Node
from schemas.vocabulary import ConnectionKind, CrossingKind, Direction, HexsideKind

MAP_FORMAT_VERSION = 2

CONNECTION_NONE = "."
"""The connection-row character for a hex with no link toward its upper neighbours."""

CONNECTION_BITS: dict[Direction, int] = {
    Direction.UP: 1,
    Direction.UP_RIGHT: 2,
    Direction.DOWN_RIGHT: 4,
}
"""Bit of each canonical direction in a connection-row digit.

Each road or rail link between two neighbouring hexes is stored once, in the hex from which it
leaves Up, Up Right or Down Right, so the layer cannot disagree with itself: the digit (1-7) is
the sum of the bits, `.` means none.
"""


class TerrainType(Node):
    """One entry of the terrain legend: what a terrain code in the rows stands for.

    Movement costs per movement class live in the Parameter Data under this `id`.
    """

    id: Identifier
    """Stable id used by Parameter Data and by `frozen_as`, e.g. `forest`."""
    code: Annotated[str, StringConstraints(min_length=1, max_length=1, pattern=r"^[!-~]$")]
    """The single printable character that marks this terrain in `terrain_rows`."""
    name: str
    """Name shown to the player, e.g. `Forest`."""
    defense_modifier: int = Field(0, ge=-100, le=100, json_schema_extra={"x-unit": "%"})
    """Fire modifier against units in the hex, e.g. -50 for City [000 5.2]."""
    urban: bool = False
    """Village, Town, City and Industrial: rubble, halved Frozen Penalty [000 4.4, 11.0]."""
    blocks_los: bool = False
    """Units cannot see through this hex (towns, woods) [000 5.0]."""
    height_m: int = Field(0, ge=0, le=100, json_schema_extra={"x-unit": "m"})
    """Height of the cover above the ground: concealment and line of sight [001 "Concealment"]."""
    frozen_as: Identifier | None = None
    """Terrain this one counts as under Snow (Field, Marsh -> Clear; Swamp -> Forest) [000 11.0]."""
    glider_hazard: bool = False
    """Gliders landing here lose up to 60% [000 4.7]."""
    airborne_hazard: bool = False
    """Any airborne landing here loses up to 60% (Marsh, Swamp) [000 4.7]."""
    landing_eliminates: bool = False
    """Airborne units landing here are eliminated (Water, Impassable) [000 4.7]."""
    bocage: bool = False
    """Bocage: vehicles assaulting into it have their defense halved [000 6.2]."""
    vehicles_road_only: bool = False
    """Vehicles may enter only by road in Travel or Rail Mode (Marsh, Swamp) [000 4.1]."""
    water: bool = False
    """Open water: naval movement, full-hex bridges and ferries [000 4.2, 4.5]."""
    shallow_water: bool = False
    """Shallow water: obstacles and mines at half effect [001 #26]."""
    color: Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")] = "#c8c8a0"
    """Display colour in the editor, `#rrggbb`."""


class HexsideFeature(Node):
    """A feature along one edge of a hex, e.g. a river between two hexes."""

    hex: HexPos
    """The hex on one side of the edge."""
    side: Direction
    """Which of its six edges; the same edge seen from the neighbour is the opposite direction."""
    kind: HexsideKind
    """What runs along the edge."""


class Crossing(Node):
    """A bridge, ford or ferry across a hexside [000 4.5, 7.4]."""

    hex: HexPos
    """The hex on one side of the crossed edge."""
    side: Direction
    """Which of its edges is crossed."""
    kind: CrossingKind
    """Light, medium or heavy bridge, ford or ferry."""


class FullHexKind(StrEnum):
    """Features that fill a whole (water) hex [000 4.5, 7.4]."""

    BRIDGE = "bridge"
    FERRY = "ferry"


class FullHexFeature(Node):
    """A full-hex bridge or ferry spanning a water hex."""

    hex: HexPos
    """The water hex it spans."""
    kind: FullHexKind
    """Bridge (can be wired, never repaired once damaged) or ferry (Travel Mode, whole MA)."""


class PlaceSize(StrEnum):
    """How prominently a place name is lettered on the map."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"


class PlaceName(Node):
    """A name lettered on the map: a town, a river, a hill."""

    hex: HexPos
    """The hex the label is centred on."""
    name: str = Field(min_length=1)
    """The text of the label."""
    size: PlaceSize = PlaceSize.MEDIUM
    """Letter size."""


ConnectionRows = list[str]
"""One string per map row, one character per hex: `.` or a digit 1-7 (see CONNECTION_BITS)."""


LOWEST_ELEVATION_M, HIGHEST_ELEVATION_M = -500, 9000
"""The elevations a map may hold, in metres: every place on Earth, and 32-bit arithmetic."""


class MapFile(Node):
    """A map: the hex grid with its terrain, elevation, hexsides, roads, rail and names.

    Hexes are flat-topped and stand in columns [000 5.4]; `shifted_columns` says which columns sit
    half a hex lower than their neighbours. Coordinates are `[column, row]` from the top left.
    """

    format_version: Literal[2] = Field(
        description="Version of the map file format; older versions are migrated on load."
    )
    name: str = Field(min_length=1)
    """Name of the map, e.g. `Ardennes, St. Vith to Bastogne`."""
    description: str = ""
    """Sources and notes for other designers."""
    width: int = Field(ge=1, le=4000)
    """Number of columns."""
    height: int = Field(ge=1, le=4000)
    """Number of rows."""
    shifted_columns: Literal["odd", "even"] = "odd"
    """Which columns sit half a hex lower: `odd` (columns 1, 3, 5…) or `even` (0, 2, 4…)."""
    hex_size_m: int = Field(1000, ge=10, le=10000, json_schema_extra={"x-unit": "m"})
    """Distance across one hex: 1000 for Panzer Campaigns, 250 for Panzer Battles."""
    terrain: list[TerrainType] = Field(min_length=1)
    """The terrain legend."""
    terrain_rows: list[str]
    """One string per row, one legend `code` per hex, `width` characters long."""
    elevation_rows: list[str] = []
    """One string per row of space-separated elevations in whole metres, from -500 (the Dead
    Sea's shore) to 9000 (above Everest); empty for a flat map."""
    connections: dict[ConnectionKind, ConnectionRows] = {}
    """Road and rail layers by class: rows of connection digits (see CONNECTION_BITS)."""
    raised: ConnectionRows = []
    """The road and rail links that run raised on an embankment (Panzer Battles [001 #20]), in
    the same digits; each must lie on a link of some road or rail layer. Empty = none."""
    hexsides: list[HexsideFeature] = []
    """Rivers, streams, canals, cliffs, AT ditches and other edge features."""
    crossings: list[Crossing] = []
    """Bridges, fords and ferries on hexsides."""
    full_hex_features: list[FullHexFeature] = []
    """Full-hex bridges and ferries over water hexes."""
    places: list[PlaceName] = []
    """Place names."""

"""Map-making tools the sample titles' build scripts share: reading their YAML sources, projecting
latitude and longitude onto the hex grid, plane geometry, and the rows and lists of a `MapFile`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from engine.hexgrid import DIRECTIONS, Grid, Hex, Layout
from schemas.panzer_campaigns.map import CONNECTION_NONE, Crossing, HexsideFeature, TerrainType
from schemas.vocabulary import ConnectionKind, CrossingKind, Direction, HexsideKind

Offset = tuple[int, int]
Point = tuple[float, float]
SideKey = tuple[Offset, Direction]
Link = tuple[Offset, Offset]
"""A road or rail link between neighbours, stored hex first as `canonical_link` gives it."""

KM_PER_DEGREE_LON_AT_EQUATOR = 111.32

ROAD_CLASSES = (ConnectionKind.PRIMARY_ROAD, ConnectionKind.SECONDARY_ROAD, ConnectionKind.TRAIL)
"""Road classes, best first."""

DEFAULT_BRIDGE = {
    ConnectionKind.PRIMARY_ROAD: CrossingKind.HEAVY_BRIDGE,
    ConnectionKind.SECONDARY_ROAD: CrossingKind.MEDIUM_BRIDGE,
    ConnectionKind.TRAIL: CrossingKind.LIGHT_BRIDGE,
    ConnectionKind.RAILROAD: CrossingKind.LIGHT_BRIDGE,
}
"""Bridges the sources do not name, by the class of what crosses ([000 4.5]: railway bridges
are light bridges)."""

_BRIDGE_RANK = {
    CrossingKind.LIGHT_BRIDGE: 1,
    CrossingKind.MEDIUM_BRIDGE: 2,
    CrossingKind.HEAVY_BRIDGE: 3,
}


def read_source(folder: Path, name: str) -> Any:
    """One of the hand-written YAML sources of a title."""
    with (folder / name).open(encoding="utf-8") as stream:
        return yaml.safe_load(stream)


# --- projection ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Projection:
    """Latitude and longitude to kilometres east and south of an origin, and on to hexes.

    Equirectangular about a reference latitude: over a sample map its error stays well inside a
    hex. The length of a degree of latitude is each title's own, as its source positions were
    placed with it and another value would move hexes.
    """

    north: float
    west: float
    reference_lat: float
    km_per_degree_lat: float
    grid: Grid
    layout: Layout

    @classmethod
    def create(
        cls,
        *,
        north: float,
        west: float,
        reference_lat: float,
        km_per_degree_lat: float,
        width: int,
        height: int,
        hex_km: float,
        from_corner: bool = False,
    ) -> Projection:
        """A projection onto flat-topped hexes `hex_km` across, odd columns shifted down.

        The origin (`north`, `west`) is the centre of hex (0, 0), or with `from_corner` the map's
        top-left corner, one hex radius left of that centre and half a hex above it.
        """
        radius = hex_km / math.sqrt(3)
        if from_corner:
            layout = Layout(radius, origin_x=radius, origin_y=hex_km / 2)
        else:
            layout = Layout(radius)
        grid = Grid(width, height, "odd")
        return cls(north, west, reference_lat, km_per_degree_lat, grid, layout)

    @property
    def width(self) -> int:
        return self.grid.width

    @property
    def height(self) -> int:
        return self.grid.height

    @property
    def km_per_degree_lon(self) -> float:
        return KM_PER_DEGREE_LON_AT_EQUATOR * math.cos(math.radians(self.reference_lat))

    def km(self, lat: float, lon: float) -> Point:
        """Kilometres east and south of the origin."""
        return (
            (lon - self.west) * self.km_per_degree_lon,
            (self.north - lat) * self.km_per_degree_lat,
        )

    def moved(self, lat: float, lon: float, east_m: float, north_m: float) -> tuple[float, float]:
        """The latitude and longitude `east_m` and `north_m` metres from a point."""
        return (
            lat + north_m / 1000 / self.km_per_degree_lat,
            lon + east_m / 1000 / self.km_per_degree_lon,
        )

    def offset_at(self, point: Point) -> Offset:
        """The (column, row) holding a kilometre position, on the map or not."""
        return self.grid.offset_of(self.layout.hex_at_pixel(*point))

    def offset(self, lat: float, lon: float) -> Offset:
        """The (column, row) holding a position, on the map or not."""
        return self.offset_at(self.km(lat, lon))

    def center(self, offset: Offset) -> Point:
        """Kilometre position of a hex centre."""
        return self.layout.center(self.grid.hex_at(*offset))

    def hexes(self) -> Iterator[Offset]:
        """Every hex, row by row."""
        for row in range(self.height):
            for column in range(self.width):
                yield column, row

    def clamp(self, offset: Offset) -> Offset:
        """The nearest on-map offset, by clamping column and row."""
        column, row = offset
        return min(max(column, 0), self.width - 1), min(max(row, 0), self.height - 1)


# --- plane geometry (in kilometres) -------------------------------------------------------------


def midpoint(a: Point, b: Point) -> Point:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def nearest_on_segment(p: Point, a: Point, b: Point) -> tuple[float, float]:
    """Distance from p to segment ab and the fraction along ab of the nearest point."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy)), t


@dataclass(frozen=True)
class Nearest:
    """Where a point falls against a polyline: distance, side (the sign of the cross product),
    the value interpolated there, and whether the nearest point is an end of the line."""

    distance: float
    side: float
    value: float
    at_end: bool


def nearest_on(points: Sequence[Point], values: Sequence[float], p: Point) -> Nearest:
    """The nearest point of a polyline to `p`, with `values` given at its points."""
    best: Nearest | None = None
    last = len(points) - 2
    for i, (a, b) in enumerate(itertools.pairwise(points)):
        distance, t = nearest_on_segment(p, a, b)
        if best is None or distance < best.distance:
            (ax, ay), dx, dy = a, b[0] - a[0], b[1] - a[1]
            best = Nearest(
                distance,
                side=dx * (p[1] - ay) - dy * (p[0] - ax),
                value=values[i] + t * (values[i + 1] - values[i]),
                at_end=(i == 0 and t == 0.0) or (i == last and t == 1.0),
            )
    if best is None:
        raise ValueError("a polyline needs two points")
    return best


def inside(point: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd rule point-in-polygon test."""
    x, y = point
    result = False
    for i, (x1, y1) in enumerate(polygon):
        x2, y2 = polygon[i - 1]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            result = not result
    return result


# --- hexes, hexsides and links ------------------------------------------------------------------


def hex_chain(
    projection: Projection,
    points: Sequence[Point],
    leg: Callable[[Point, Point], Iterable[Hex]] | None = None,
    *,
    clip: bool = False,
) -> list[Offset]:
    """The hexes a polyline in kilometres runs through, in order, each next to the one before.

    `leg` gives the hexes from one point to the next, both ends included; by default the
    straight hex line. With `clip`, hexes off the map are left out, so a line that leaves the map
    and comes back jumps across the gap.
    """

    def straight(a: Point, b: Point) -> list[Hex]:
        return projection.layout.hex_at_pixel(*a).line_to(projection.layout.hex_at_pixel(*b))

    grid = projection.grid
    chain: list[Offset] = []
    for a, b in itertools.pairwise(points):
        for step in (leg or straight)(a, b):
            offset = grid.offset_of(step)
            if (clip and not grid.contains(*offset)) or (chain and chain[-1] == offset):
                continue
            chain.append(offset)
    return chain


def canonical_link(grid: Grid, a: Offset, b: Offset) -> Link:
    """The link between neighbours a and b, led by the hex that stores it in connection rows."""
    owner, _ = grid.connection_slot(a, b)
    return (a, b) if owner == a else (b, a)


def keep_best_class(links: dict[ConnectionKind, set[Link]]) -> None:
    """Drops from each road class the links a better class already carries, so that a link
    between two hexes holds only its best road and the layers never overlap."""
    taken: set[Link] = set()
    for kind in ROAD_CLASSES:
        links[kind] -= taken
        taken |= links[kind]


def add_bridge(bridges: dict[SideKey, CrossingKind], key: SideKey, kind: CrossingKind) -> None:
    """Sets a bridge on a hexside unless a heavier one is there already."""
    earlier = bridges.get(key)
    if earlier is None or _BRIDGE_RANK[kind] > _BRIDGE_RANK[earlier]:
        bridges[key] = kind


def side_midpoint(projection: Projection, key: SideKey) -> Point:
    """Kilometre position of a hexside's middle, halfway between the centres it separates."""
    offset, direction = key
    other = projection.grid.neighbor(*offset, direction)
    return midpoint(projection.center(offset), projection.center(other))


def _side_order(key: SideKey) -> tuple[int, int, int]:
    """Hexsides in reading order: by row, then column, then direction."""
    (column, row), direction = key
    return row, column, DIRECTIONS.index(direction)


# --- map file rows and lists --------------------------------------------------------------------


def terrain_rows(
    grid: Grid, terrain: Mapping[Offset, str], legend: Iterable[TerrainType]
) -> list[str]:
    """Terrain rows from each hex's terrain id."""
    code = {t.id: t.code for t in legend}
    return [
        "".join(code[terrain[(column, row)]] for column in range(grid.width))
        for row in range(grid.height)
    ]


def elevation_rows(grid: Grid, elevation: Mapping[Offset, int]) -> list[str]:
    """Elevation rows of space-separated metres."""
    return [
        " ".join(str(elevation[(column, row)]) for column in range(grid.width))
        for row in range(grid.height)
    ]


def connection_rows(grid: Grid, links: Iterable[Link]) -> list[str]:
    """One connection layer as rows of '.' or the digit of the link bits each hex stores."""
    bits: dict[Offset, int] = {}
    for a, b in links:
        owner, bit = grid.connection_slot(a, b)
        bits[owner] = bits.get(owner, 0) | bit
    return [
        "".join(str(bits.get((column, row), CONNECTION_NONE)) for column in range(grid.width))
        for row in range(grid.height)
    ]


def hexside_features(kinds: Mapping[SideKey, HexsideKind]) -> list[HexsideFeature]:
    """Hexside features in reading order."""
    return [
        HexsideFeature(hex=key[0], side=key[1], kind=kinds[key])
        for key in sorted(kinds, key=_side_order)
    ]


def crossing_list(crossings: Mapping[SideKey, CrossingKind]) -> list[Crossing]:
    """Crossings in reading order."""
    return [
        Crossing(hex=key[0], side=key[1], kind=crossings[key])
        for key in sorted(crossings, key=_side_order)
    ]

"""Builds the Ardennes map from `geography.yaml`: elevation, terrain, rivers along hex edges,
roads and railways with their bridges, fords and place names. All hex arithmetic goes through
`engine.hexgrid`, after latitude and longitude are projected to kilometres.
"""

from __future__ import annotations

import heapq
import itertools
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.hexgrid import DIRECTIONS, Grid, Hex, Layout
from schemas.map import (
    CONNECTION_NONE,
    Crossing,
    HexsideFeature,
    MapFile,
    PlaceName,
    PlaceSize,
    TerrainType,
)
from schemas.vocabulary import ConnectionKind, CrossingKind, Direction, HexsideKind

Offset = tuple[int, int]
Point = tuple[float, float]
SideKey = tuple[Offset, Direction]

KM_PER_DEGREE_LAT = 111.2
KM_PER_DEGREE_LON_AT_EQUATOR = 111.32
HEX_ACROSS_KM = 1.0

TERRAIN = [
    TerrainType(id="clear", code=".", name="Clear", color="#d9d8a6"),
    TerrainType(
        id="forest",
        code="f",
        name="Forest",
        defense_modifier=-25,
        blocks_los=True,
        height_m=20,
        glider_hazard=True,
        color="#4f7a45",
    ),
    TerrainType(
        id="rough",
        code="r",
        name="Rough",
        defense_modifier=-20,
        glider_hazard=True,
        color="#a79a74",
    ),
    TerrainType(
        id="marsh",
        code="m",
        name="Marsh",
        defense_modifier=-5,
        frozen_as="clear",
        airborne_hazard=True,
        vehicles_road_only=True,
        color="#9cb39a",
    ),
    TerrainType(
        id="village",
        code="v",
        name="Village",
        defense_modifier=-20,
        urban=True,
        blocks_los=True,
        height_m=10,
        glider_hazard=True,
        color="#b89a7a",
    ),
    TerrainType(
        id="town",
        code="t",
        name="Town",
        defense_modifier=-35,
        urban=True,
        blocks_los=True,
        height_m=15,
        glider_hazard=True,
        color="#8c6a55",
    ),
    TerrainType(
        id="water",
        code="w",
        name="Water",
        landing_eliminates=True,
        water=True,
        color="#6f9fcf",
    ),
]
CODE = {t.id: t.code for t in TERRAIN}

ROAD_CLASSES = (ConnectionKind.PRIMARY_ROAD, ConnectionKind.SECONDARY_ROAD, ConnectionKind.TRAIL)
DEFAULT_BRIDGE = {
    ConnectionKind.PRIMARY_ROAD: CrossingKind.HEAVY_BRIDGE,
    ConnectionKind.SECONDARY_ROAD: CrossingKind.MEDIUM_BRIDGE,
    ConnectionKind.TRAIL: CrossingKind.LIGHT_BRIDGE,
    ConnectionKind.RAILROAD: CrossingKind.LIGHT_BRIDGE,
}
BRIDGE_RANK = {
    CrossingKind.LIGHT_BRIDGE: 1,
    CrossingKind.MEDIUM_BRIDGE: 2,
    CrossingKind.HEAVY_BRIDGE: 3,
}
VALLEY_HALF_WIDTH_KM = {HexsideKind.RIVER: 2.0, HexsideKind.STREAM: 1.2}
SETTLEMENTS = ("town", "village")
STEEP_M = 90  # height step to a neighbour above which a valley side counts as steep


# --- projection ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Projection:
    """Latitude and longitude to kilometres from the centre of hex (0, 0), and on to hexes.

    The projection is equirectangular about the map's reference latitude: over 70 km its error
    is a few hundred metres, well inside a 1 km hex.
    """

    north: float
    west: float
    reference_lat: float
    width: int
    height: int
    grid: Grid = field(init=False)
    layout: Layout = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "grid", Grid(self.width, self.height, "odd"))
        # Flat-topped hexes 1 km across: centre-to-corner size is across / sqrt(3).
        object.__setattr__(self, "layout", Layout(HEX_ACROSS_KM / math.sqrt(3)))

    @property
    def km_per_degree_lon(self) -> float:
        return KM_PER_DEGREE_LON_AT_EQUATOR * math.cos(math.radians(self.reference_lat))

    def km(self, lat: float, lon: float) -> Point:
        """Kilometres east and south of the centre of hex (0, 0)."""
        return (
            (lon - self.west) * self.km_per_degree_lon,
            (self.north - lat) * KM_PER_DEGREE_LAT,
        )

    def axial(self, lat: float, lon: float) -> Hex:
        """The hex holding a position, on the map or not."""
        return self.layout.hex_at_pixel(*self.km(lat, lon))

    def offset(self, lat: float, lon: float) -> Offset:
        """The (column, row) holding a position, on the map or not."""
        return self.grid.offset_of(self.axial(lat, lon))

    def center(self, offset: Offset) -> Point:
        """Kilometre position of a hex centre."""
        return self.layout.center(self.grid.hex_at(*offset))

    def hexes(self) -> Iterable[Offset]:
        """Every hex, row by row."""
        for row in range(self.height):
            for column in range(self.width):
                yield column, row

    def clamp(self, offset: Offset) -> Offset:
        """The nearest on-map offset, by clamping column and row."""
        column, row = offset
        return min(max(column, 0), self.width - 1), min(max(row, 0), self.height - 1)


# --- plane geometry -----------------------------------------------------------------------------


def _nearest_on_segment(p: Point, a: Point, b: Point) -> tuple[float, float]:
    """Distance from p to segment ab and the fraction along ab of the nearest point."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    nx, ny = ax + t * dx, ay + t * dy
    return math.hypot(p[0] - nx, p[1] - ny), t


def _inside(point: Point, polygon: Sequence[Point]) -> bool:
    x, y = point
    inside = False
    for i, (x1, y1) in enumerate(polygon):
        x2, y2 = polygon[i - 1]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


class ValueNoise:
    """Smooth deterministic noise in [0, 1]: seeded values on a square lattice, blended."""

    def __init__(self, rng: random.Random, spacing_km: float, extent_km: Point) -> None:
        self.spacing = spacing_km
        columns = int(extent_km[0] / spacing_km) + 3
        rows = int(extent_km[1] / spacing_km) + 3
        self.values = [[rng.random() for _ in range(columns)] for _ in range(rows)]

    def __call__(self, point: Point) -> float:
        fx, fy = point[0] / self.spacing + 1, point[1] / self.spacing + 1
        ix, iy = int(fx), int(fy)
        tx, ty = fx - ix, fy - iy
        sx, sy = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
        v = self.values
        top = v[iy][ix] + (v[iy][ix + 1] - v[iy][ix]) * sx
        bottom = v[iy + 1][ix] + (v[iy + 1][ix + 1] - v[iy + 1][ix]) * sx
        return top + (bottom - top) * sy


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


# Corner i of a flat-topped hex (Layout.corners, clockwise from the right-hand corner) and
# corner i + 1 bound the hexside in this direction.
_EDGE_DIRECTIONS = (
    Direction.DOWN_RIGHT,
    Direction.DOWN,
    Direction.DOWN_LEFT,
    Direction.UP_LEFT,
    Direction.UP,
    Direction.UP_RIGHT,
)


class _CornerGraph:
    """The corners of the hex grid (with a margin round the map) and the edges between them."""

    def __init__(self, projection: Projection) -> None:
        self.proj = projection
        self.edges: dict[Point, dict[Point, SideKey]] = {}
        grid, layout = projection.grid, projection.layout
        for row in range(-3, projection.height + 3):
            for column in range(-3, projection.width + 3):
                points = [self._key(p) for p in layout.corners(grid.hex_at(column, row))]
                for i, direction in enumerate(_EDGE_DIRECTIONS):
                    a, b = points[i], points[(i + 1) % 6]
                    key = grid.hexside_key(column, row, direction)
                    self.edges.setdefault(a, {})[b] = key
                    self.edges.setdefault(b, {})[a] = key

    @staticmethod
    def _key(point: Point) -> Point:
        # Corners computed from neighbouring hexes differ in the last bits; a millimetre grid
        # makes them one point.
        return round(point[0], 6), round(point[1], 6)

    def nearest(self, point: Point) -> Point:
        hex_ = self.proj.layout.hex_at_pixel(*point)
        candidates = [
            self._key(c) for h in (hex_, *hex_.neighbors()) for c in self.proj.layout.corners(h)
        ]
        return min(candidates, key=lambda c: _dist(c, point))

    def side(self, a: Point, b: Point) -> SideKey:
        return self.edges[a][b]

    def path(self, start: Point, goal: Point, segment: tuple[Point, Point]) -> list[Point]:
        """Cheapest corner-to-corner run from start to goal that hugs the segment."""
        best = {start: 0.0}
        came: dict[Point, Point] = {}
        queue: list[tuple[float, int, Point]] = [(0.0, 0, start)]
        pushed = 0
        while queue:
            cost, _, here = heapq.heappop(queue)
            if here == goal:
                break
            if cost > best[here]:
                continue
            for there in self.edges[here]:
                middle = ((here[0] + there[0]) / 2, (here[1] + there[1]) / 2)
                off, _ = _nearest_on_segment(middle, *segment)
                if off > 3.0:
                    continue
                total = cost + _dist(here, there) + 4.0 * off * off
                if total < best.get(there, math.inf):
                    best[there] = total
                    came[there] = here
                    pushed += 1
                    heapq.heappush(queue, (total, pushed, there))
        run = [goal]
        while run[-1] != start:
            run.append(came[run[-1]])
        return run[::-1]


# --- the source data ----------------------------------------------------------------------------


@dataclass
class Waterway:
    """A river or stream polyline in kilometres, with water levels at its points."""

    name: str
    kind: HexsideKind
    points: list[Point]
    levels: list[float]
    label: Point


@dataclass
class Geography:
    """`geography.yaml`, projected."""

    projection: Projection
    name: str
    seed: int
    places: dict[str, dict[str, Any]]
    heights: list[tuple[Point, float]]
    waterways: list[Waterway]
    raw: dict[str, Any]

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Geography:
        spec = data["map"]
        projection = Projection(
            north=spec["north_lat"],
            west=spec["west_lon"],
            reference_lat=spec["reference_lat"],
            width=spec["width"],
            height=spec["height"],
        )
        places = {p["name"]: p for p in data["places"]}
        if len(places) != len(data["places"]):
            raise ValueError("two places share a name in geography.yaml")
        heights = [(projection.km(lat, lon), float(h)) for lat, lon, h in data["heights"]]
        waterways = [
            Waterway(
                name=w["name"],
                kind=HexsideKind(w["kind"]),
                points=[projection.km(lat, lon) for lat, lon, _ in w["points"]],
                levels=[float(level) for _, _, level in w["points"]],
                label=projection.km(*w["label"]),
            )
            for w in data["waterways"]
        ]
        return cls(projection, spec["name"], spec["seed"], places, heights, waterways, data)

    def where(self, ref: str | Sequence[float]) -> tuple[float, float]:
        """Latitude and longitude of a place name or a [lat, lon] pair."""
        if isinstance(ref, str):
            place = self.places.get(ref)
            if place is None:
                raise KeyError(f"unknown place {ref!r}")
            return place["lat"], place["lon"]
        return float(ref[0]), float(ref[1])

    def hex_of(self, ref: str | Sequence[float]) -> Offset:
        """The hex of a place name or a [lat, lon] pair (which may lie off the map)."""
        return self.projection.offset(*self.where(ref))


# --- the build ----------------------------------------------------------------------------------


@dataclass
class BuiltMap:
    """The map model together with the layers the scenario builder needs."""

    model: MapFile
    terrain: dict[Offset, str]
    elevation: dict[Offset, int]
    links: dict[ConnectionKind, set[frozenset[Offset]]]
    water_sides: dict[SideKey, tuple[HexsideKind, str]]
    report: list[str]


class MapBuilder:
    """Turns the geography into a `MapFile`, one layer after the other."""

    def __init__(self, geography: Geography, description: str) -> None:
        self.geo = geography
        self.proj = geography.projection
        self.grid = self.proj.grid
        self.description = description
        self.rng = random.Random(geography.seed)
        self.centers = {h: self.proj.center(h) for h in self.proj.hexes()}
        self.lakes = {
            self.proj.offset(lat, lon)
            for lake in geography.raw["lakes"]
            for lat, lon in lake["points"]
        }
        self.report: list[str] = []
        # Sides off the map are kept for routing, so no road slips round a river's far end.
        self.all_water_sides: dict[SideKey, tuple[HexsideKind, str]] = {}
        self.water_sides: dict[SideKey, tuple[HexsideKind, str]] = {}

    def build(self) -> BuiltMap:
        self.all_water_sides = self._water_sides()
        self.water_sides = {
            key: value for key, value in self.all_water_sides.items() if self._on_map(key)
        }
        water_sides = self.water_sides
        settlements = self._settlements()
        elevation = self._elevation(settlements)
        terrain = self._terrain(elevation, settlements)
        links, bridges = self._connections(water_sides)
        crossings = self._crossings(bridges, water_sides)
        places = self._places(settlements)
        hexsides = [
            HexsideFeature(hex=offset, side=direction, kind=kind)
            for (offset, direction), (kind, _) in sorted(
                water_sides.items(), key=lambda item: _side_order(item[0])
            )
        ]
        rows = [
            "".join(terrain[(c, r)] for c in range(self.proj.width))
            for r in range(self.proj.height)
        ]
        elevation_rows = [
            " ".join(str(elevation[(c, r)]) for c in range(self.proj.width))
            for r in range(self.proj.height)
        ]
        used_codes = {code for row in rows for code in row}
        model = MapFile(
            format_version=2,
            name=self.geo.name,
            description=self.description,
            width=self.proj.width,
            height=self.proj.height,
            shifted_columns="odd",
            hex_size_m=1000,
            terrain=[t for t in TERRAIN if t.code in used_codes],
            terrain_rows=rows,
            elevation_rows=elevation_rows,
            connections={kind: self._connection_rows(links[kind]) for kind in links},
            hexsides=hexsides,
            crossings=crossings,
            places=places,
        )
        return BuiltMap(model, terrain, elevation, links, water_sides, self.report)

    def _on_map(self, key: SideKey) -> bool:
        offset, direction = key
        return self.grid.contains(*offset) and self.grid.contains(
            *self.grid.neighbor(*offset, direction)
        )

    # --- rivers and streams ---------------------------------------------------------------------

    def _water_sides(self) -> dict[SideKey, tuple[HexsideKind, str]]:
        """Hexsides along each waterway: its course traced as a chain of hex edges.

        The polyline's points are snapped to hex corners and joined by the cheapest run of hex
        edges that keeps close to the line, so a river is one unbroken chain of hexsides, and
        a tributary ends on a corner of the river it joins.
        """
        corners = _CornerGraph(self.proj)
        traced: set[Point] = set()
        sides: dict[SideKey, tuple[HexsideKind, str]] = {}
        for way in self.geo.waterways:
            stops = [corners.nearest(p) for p in way.points]
            for end in (0, -1):
                joined = min(traced, key=lambda c: _dist(c, way.points[end]), default=None)
                if joined is not None and _dist(joined, way.points[end]) < 0.8:
                    stops[end] = joined
            run: list[Point] = [stops[0]]
            for i, (a, b) in enumerate(itertools.pairwise(stops)):
                segment = (way.points[i], way.points[i + 1])
                run.extend(corners.path(a, b, segment)[1:])
            for a, b in itertools.pairwise(run):
                key = corners.side(a, b)
                traced.update((a, b))
                if key in sides and sides[key][0] is HexsideKind.RIVER:
                    continue
                sides[key] = (way.kind, way.name)
        return sides

    # --- elevation ------------------------------------------------------------------------------

    def _elevation(self, settlements: dict[Offset, dict[str, Any]]) -> dict[Offset, int]:
        extent = (self.proj.width * 0.87 + 2, self.proj.height + 2)
        noise = ValueNoise(random.Random(self.geo.seed + 1), 3.0, extent)
        elevation: dict[Offset, int] = {}
        for offset, point in self.centers.items():
            plateau = self._plateau(point)
            height, openness = plateau, 1.0
            for way in self.geo.waterways:
                distance, level = self._nearest_level(way, point)
                width = VALLEY_HALF_WIDTH_KM[way.kind]
                share = min(1.0, distance / width)
                floor = min(level, plateau)
                carved = floor + (plateau - floor) * share**0.6
                if carved < height:
                    height, openness = carved, share
            # Relief noise belongs to the plateau; valley floors stay smooth.
            height += (noise(point) - 0.5) * 40 * openness
            elevation[offset] = round(height / 10.0) * 10
        # A town on a river lies by the water, not halfway up the valley side that the hex
        # centre may stand on: it takes the water level plus 20 m.
        for offset in settlements:
            names = {
                side[1]
                for direction in DIRECTIONS
                if (side := self.water_sides.get(self.grid.hexside_key(*offset, direction)))
            }
            levels = [
                self._nearest_level(way, self.centers[offset])
                for way in self.geo.waterways
                if way.name in names
            ]
            if levels:
                _, level = min(levels)
                elevation[offset] = min(elevation[offset], round(level / 10.0) * 10 + 20)
        return elevation

    def _plateau(self, point: Point) -> float:
        total = weight_sum = 0.0
        for (x, y), height in self.geo.heights:
            d2 = (point[0] - x) ** 2 + (point[1] - y) ** 2
            if d2 < 1e-6:
                return height
            weight = 1.0 / d2
            total += weight * height
            weight_sum += weight
        return total / weight_sum

    @staticmethod
    def _nearest_level(way: Waterway, point: Point) -> tuple[float, float]:
        best, level = math.inf, way.levels[0]
        for i, (a, b) in enumerate(zip(way.points, way.points[1:], strict=False)):
            distance, t = _nearest_on_segment(point, a, b)
            if distance < best:
                best = distance
                level = way.levels[i] + (way.levels[i + 1] - way.levels[i]) * t
        return best, level

    # --- terrain --------------------------------------------------------------------------------

    def _settlements(self) -> dict[Offset, dict[str, Any]]:
        found: dict[Offset, dict[str, Any]] = {}
        for place in self.geo.places.values():
            if place["kind"] not in SETTLEMENTS:
                continue
            offset = self.proj.offset(place["lat"], place["lon"])
            if not self.grid.contains(*offset):
                raise ValueError(f"{place['name']} lies off the map at {offset}")
            if offset in found:
                raise ValueError(f"{place['name']} and {found[offset]['name']} share hex {offset}")
            found[offset] = place
        return found

    def _terrain(
        self, elevation: dict[Offset, int], settlements: dict[Offset, dict[str, Any]]
    ) -> dict[Offset, str]:
        geo = self.geo.raw
        extent = (self.proj.width * 0.87 + 2, self.proj.height + 2)
        woods = ValueNoise(random.Random(self.geo.seed + 2), 2.5, extent)
        clearings = ValueNoise(random.Random(self.geo.seed + 3), 1.8, extent)
        forests = [
            ([self.proj.km(lat, lon) for lat, lon in f["polygon"]], f["density"])
            for f in geo["forests"]
        ]
        marshes = [
            ([self.proj.km(lat, lon) for lat, lon in m["polygon"]], m["density"])
            for m in geo["marshes"]
        ]
        lakes = self.lakes

        terrain: dict[Offset, str] = {}
        slopes: dict[Offset, int] = {}
        for offset, point in self.centers.items():
            here = elevation[offset]
            slope = max(
                (abs(here - elevation[n]) for _, n in self.grid.neighbors(*offset)), default=0
            )
            slopes[offset] = slope
            roll = self.rng.random()  # one draw per hex, always, so layers stay independent
            kind = "clear"
            marsh = next((d for poly, d in marshes if _inside(point, poly)), None)
            forest = next((d for poly, d in forests if _inside(point, poly)), None)
            if marsh is not None:
                if roll < marsh:
                    kind = "marsh"
                elif woods(point) > 0.45:
                    kind = "forest"
            elif forest is not None:
                if 0.55 * clearings(point) + 0.45 * roll < forest * 0.8:
                    kind = "forest"
            elif slope >= STEEP_M:
                kind = "forest" if roll < 0.72 else "rough" if roll < 0.84 else "clear"
            elif slope >= 60:
                kind = "forest" if roll < 0.5 else "clear"
            elif woods(point) > 0.65:
                kind = "forest"
            terrain[offset] = kind

        # Villages sit in their own fields; only the steepest valley sides stay wooded.
        for offset in settlements:
            for _, neighbor in self.grid.neighbors(*offset):
                if terrain[neighbor] in ("forest", "rough") and slopes[neighbor] < STEEP_M:
                    terrain[neighbor] = "clear"
        for offset, place in settlements.items():
            terrain[offset] = place["kind"]
        for offset in lakes:
            if offset in settlements:
                raise ValueError(f"a lake hex {offset} holds {settlements[offset]['name']}")
            terrain[offset] = "water"

        counts: dict[str, int] = {}
        for kind in terrain.values():
            counts[kind] = counts.get(kind, 0) + 1
        total = len(terrain)
        self.report.append(
            "terrain: "
            + ", ".join(f"{k} {100 * v / total:.1f}%" for k, v in sorted(counts.items()))
        )
        return {offset: CODE[kind] for offset, kind in terrain.items()}

    # --- roads and railways ---------------------------------------------------------------------

    def _route_hexes(
        self, route: Sequence[Any], water_sides: dict[SideKey, tuple[HexsideKind, str]]
    ) -> list[Offset]:
        """The hexes a road or railway runs through, leg by leg between its route points."""
        points = [self.proj.km(*self.geo.where(ref)) for ref in route]
        path: list[Hex] = []
        for a, b in itertools.pairwise(points):
            for h in self._route_leg(a, b, water_sides):
                if not path or path[-1] != h:
                    path.append(h)
        return [self.grid.offset_of(h) for h in path]

    def _route_leg(
        self, a: Point, b: Point, water_sides: dict[SideKey, tuple[HexsideKind, str]]
    ) -> list[Hex]:
        """Cheapest hex path from a to b that keeps close to the straight line.

        A road that runs along a valley would zigzag across the river hexsides if it simply
        followed the straight line, and every zigzag would become a bridge; a crossing therefore
        costs as much as a long detour, and the path crosses water only where it has to.
        """
        start = self.proj.layout.hex_at_pixel(*a)
        goal = self.proj.layout.hex_at_pixel(*b)
        best: dict[Hex, float] = {start: 0.0}
        came: dict[Hex, Hex] = {}
        queue: list[tuple[float, int, Hex]] = [(0.0, 0, start)]
        pushed = 0
        while queue:
            cost, _, here = heapq.heappop(queue)
            if here == goal:
                break
            if cost > best.get(here, math.inf):
                continue
            for direction in DIRECTIONS:
                there = here.neighbor(direction)
                centre = self.proj.layout.center(there)
                off_line, _ = _nearest_on_segment(centre, a, b)
                if off_line > 3.0:
                    continue
                step = 1.0 + 2.0 * off_line * off_line
                step += self._water_penalty(here, there, direction, water_sides)
                total = cost + step
                if total < best.get(there, math.inf):
                    best[there] = total
                    came[there] = here
                    pushed += 1
                    heapq.heappush(queue, (total, pushed, there))
        leg = [goal]
        while leg[-1] != start:
            leg.append(came[leg[-1]])
        return leg[::-1]

    def _water_penalty(
        self,
        here: Hex,
        there: Hex,
        direction: Direction,
        water_sides: dict[SideKey, tuple[HexsideKind, str]],
    ) -> float:
        a, b = self.grid.offset_of(here), self.grid.offset_of(there)
        penalty = 60.0 if b in self.lakes else 0.0
        side = self.all_water_sides.get(self.grid.hexside_key(*a, direction))
        if side is not None:
            penalty += 40.0 if side[0] is HexsideKind.RIVER else 15.0
        return penalty

    def _connections(
        self, water_sides: dict[SideKey, tuple[HexsideKind, str]]
    ) -> tuple[dict[ConnectionKind, set[frozenset[Offset]]], dict[SideKey, CrossingKind]]:
        geo = self.geo.raw
        links: dict[ConnectionKind, set[frozenset[Offset]]] = {
            kind: set() for kind in (*ROAD_CLASSES, ConnectionKind.RAILROAD)
        }
        road_bridges: dict[SideKey, CrossingKind] = {}
        rail_bridges: dict[SideKey, CrossingKind] = {}
        lines = [(r, ConnectionKind(r["kind"]), road_bridges) for r in geo["roads"]]
        lines += [(r, ConnectionKind.RAILROAD, rail_bridges) for r in geo["railways"]]
        for line, kind, bridges in lines:
            crossing = CrossingKind(line.get("bridge", DEFAULT_BRIDGE[kind]))
            hexes = self._route_hexes(line["route"], water_sides)
            spans = []
            for a, b in itertools.pairwise(hexes):
                if not (self.grid.contains(*a) and self.grid.contains(*b)):
                    continue
                direction = self.grid.direction_between(a, b)
                if direction is None:
                    raise ValueError(f"{line['name']}: {a} and {b} are not neighbours")
                links[kind].add(frozenset((a, b)))
                key = self.grid.hexside_key(*a, direction)
                if key in water_sides:
                    spans.append(water_sides[key][1])
                    if BRIDGE_RANK[crossing] > BRIDGE_RANK.get(bridges.get(key), 0):
                        bridges[key] = crossing
            self.report.append(f"{line['name']}: bridges over {', '.join(spans) or '-'}")
        # A link carried by a better class of road is not repeated in the lesser layers.
        for better, lesser in (
            (ConnectionKind.PRIMARY_ROAD, ConnectionKind.SECONDARY_ROAD),
            (ConnectionKind.PRIMARY_ROAD, ConnectionKind.TRAIL),
            (ConnectionKind.SECONDARY_ROAD, ConnectionKind.TRAIL),
        ):
            links[lesser] -= links[better]
        bridges = dict(rail_bridges)
        bridges.update(road_bridges)  # a road bridge stands for a railway bridge beside it
        return links, bridges

    def _connection_rows(self, links: set[frozenset[Offset]]) -> list[str]:
        digits = [[0] * self.proj.width for _ in range(self.proj.height)]
        for link in links:
            a, b = sorted(link)
            (column, row), bit = self.grid.connection_slot(a, b)
            digits[row][column] |= bit
        return [
            "".join(str(d) if d else CONNECTION_NONE for d in row_digits) for row_digits in digits
        ]

    def _crossings(
        self,
        bridges: dict[SideKey, CrossingKind],
        water_sides: dict[SideKey, tuple[HexsideKind, str]],
    ) -> list[Crossing]:
        crossings = dict(bridges)
        for ford in self.geo.raw["fords"]:
            point = self.proj.km(*ford["at"])
            candidates = [
                key
                for key, (kind, name) in water_sides.items()
                if name == ford["river"] and kind is HexsideKind.RIVER
            ]
            key = min(candidates, key=lambda k: _side_distance(self, k, point))
            if key in crossings:
                raise ValueError(f"the ford on the {ford['river']} falls on a bridged hexside")
            crossings[key] = CrossingKind.FORD
        return [
            Crossing(hex=offset, side=direction, kind=kind)
            for (offset, direction), kind in sorted(
                crossings.items(), key=lambda item: _side_order(item[0])
            )
        ]

    # --- names ----------------------------------------------------------------------------------

    def _places(self, settlements: dict[Offset, dict[str, Any]]) -> list[PlaceName]:
        taken: dict[Offset, str] = {}
        names: list[PlaceName] = []

        def add(offset: Offset, name: str, size: PlaceSize) -> None:
            if offset in taken:
                for candidate in self.grid.hex_at(*offset).iter_range(3):
                    spot = self.grid.offset_of(candidate)
                    if self.grid.contains(*spot) and spot not in taken:
                        offset = spot
                        break
            taken[offset] = name
            names.append(PlaceName(hex=offset, name=name, size=size))

        default_size = {"town": "medium", "village": "small", "crossroads": "small"}
        for offset, place in settlements.items():
            add(offset, place["name"], PlaceSize(place.get("size", default_size[place["kind"]])))
        for place in self.geo.places.values():
            if place["kind"] in SETTLEMENTS:
                continue
            offset = self.proj.clamp(self.proj.offset(place["lat"], place["lon"]))
            add(
                offset,
                place["name"],
                PlaceSize(place.get("size", default_size.get(place["kind"], "medium"))),
            )
        for lake in self.geo.raw["lakes"]:
            lat, lon = lake["points"][0]
            add(self.proj.offset(lat, lon), lake["name"], PlaceSize.SMALL)
        labelled: set[str] = set()
        for way in self.geo.waterways:
            if way.name in labelled:
                continue
            labelled.add(way.name)
            offset = self.grid.offset_of(self.proj.layout.hex_at_pixel(*way.label))
            add(self.proj.clamp(offset), way.name, PlaceSize.SMALL)
        return sorted(names, key=lambda p: (p.hex[1], p.hex[0]))


def _side_order(key: SideKey) -> tuple[int, int, int]:
    (column, row), direction = key
    return row, column, DIRECTIONS.index(direction)


def _side_distance(builder: MapBuilder, key: SideKey, point: Point) -> float:
    offset, direction = key
    other = builder.grid.neighbor(*offset, direction)
    (ax, ay), (bx, by) = builder.centers[offset], builder.centers[other]
    return math.hypot((ax + bx) / 2 - point[0], (ay + by) / 2 - point[1])

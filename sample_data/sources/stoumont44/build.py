"""Builds the Panzer Battles sample title `sample_data/stoumont44/` (Kampfgruppe Peiper at Stoumont
and La Gleize, December 1944) from the hand-written sources beside this script.

Run `python sample_data/sources/stoumont44/build.py` from anywhere; its only randomness is seeded,
so every run writes the same bytes.
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from engine.hexgrid import DIRECTIONS, Grid, Layout  # noqa: E402
from schemas.io import save_file  # noqa: E402
from schemas.map import (  # noqa: E402
    CONNECTION_NONE,
    Crossing,
    HexsideFeature,
    MapFile,
    PlaceName,
    PlaceSize,
    TerrainType,
)
from schemas.oob import (  # noqa: E402
    Nation,
    OobFile,
    Organization,
    OrgLevel,
    SideOob,
    Unit,
)
from schemas.parameters import (  # noqa: E402
    Air,
    Combat,
    Deception,
    Engineering,
    Fortification,
    Fortifications,
    MovementCosts,
    Obstacles,
    ParameterFile,
    Recovery,
    Spotting,
    Stacking,
    Supply,
)
from schemas.scenario import (  # noqa: E402
    BridgeOverlay,
    ExitObjective,
    FortificationOverlay,
    Header,
    LossPoints,
    Minefield,
    NormalObjective,
    Obstacle,
    Overlays,
    PhasePeriod,
    Placement,
    Reinforcement,
    Release,
    ScenarioFile,
    SupplySource,
    SupplyVariation,
    TitleFiles,
    Victory,
    VictoryLevels,
    Withdrawal,
    Wrecks,
)
from schemas.scenario import Supply as ScenarioSupply  # noqa: E402
from schemas.vocabulary import (  # noqa: E402
    ConnectionKind,
    CrossingKind,
    Direction,
    HexsideKind,
    MovementClass,
    PerSide,
    PerSidePercent,
    Side,
)
from schemas.weather import WeatherFile, WeatherRow  # noqa: E402

SOURCES = Path(__file__).resolve().parent
OUT = ROOT / "sample_data" / "stoumont44"
NAME = "stoumont44"

Offset = tuple[int, int]
Link = tuple[Offset, Offset]


def read_source(name: str) -> Any:
    """One of the hand-written YAML sources beside this script."""
    with (SOURCES / name).open(encoding="utf-8") as stream:
        return yaml.safe_load(stream)


# --- projection --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Projection:
    """Latitude/longitude to kilometres from the map's top-left corner, and kilometres to hexes.

    An equirectangular projection at the map's mid-latitude is within about 15 m over 9 km.
    Hex (0, 0) has its centre one hex radius in from the left edge and half a hex down.
    """

    west_lon: float
    north_lat: float
    mid_lat: float
    grid: Grid
    layout: Layout

    @classmethod
    def from_source(cls, meta: dict[str, Any]) -> Projection:
        across_km = meta["hex_size_m"] / 1000
        radius = across_km / math.sqrt(3)
        grid = Grid(meta["width"], meta["height"], "odd")
        height_km = across_km * meta["height"] + across_km / 2
        mid_lat = meta["north_lat"] - height_km / 2 / 111.23
        return cls(
            meta["west_lon"],
            meta["north_lat"],
            mid_lat,
            grid,
            Layout(radius, origin_x=radius, origin_y=across_km / 2),
        )

    @property
    def km_per_lon(self) -> float:
        return 111.32 * math.cos(math.radians(self.mid_lat))

    def km(self, lat: float, lon: float) -> tuple[float, float]:
        """Kilometres east and south of the map's top-left corner."""
        return (lon - self.west_lon) * self.km_per_lon, (self.north_lat - lat) * 111.23

    def moved(self, lat: float, lon: float, east_m: float, north_m: float) -> tuple[float, float]:
        """The latitude/longitude `east_m` and `north_m` metres from a point."""
        return lat + north_m / 1000 / 111.23, lon + east_m / 1000 / self.km_per_lon

    def hex_of_km(self, x: float, y: float) -> Offset:
        return self.grid.offset_of(self.layout.hex_at_pixel(x, y))

    def hex_of(self, lat: float, lon: float) -> Offset:
        return self.hex_of_km(*self.km(lat, lon))

    def center_km(self, offset: Offset) -> tuple[float, float]:
        return self.layout.center(self.grid.hex_at(*offset))

    def iter_hexes(self) -> Iterator[Offset]:
        for row in range(self.grid.height):
            for column in range(self.grid.width):
                yield column, row


# --- polyline geometry (in km) -----------------------------------------------------------------

Point = tuple[float, float]


@dataclass(frozen=True)
class Nearest:
    """Where a point falls against a polyline: distance, side, interpolated value, and whether
    its nearest point is an end of the line rather than its inside."""

    distance: float
    side: float
    value: float
    at_end: bool


def nearest_on(points: list[Point], values: list[float], p: Point) -> Nearest:
    """The nearest point of a polyline to `p`, with the cross product's sign as the side."""
    best: Nearest | None = None
    for i in range(len(points) - 1):
        (ax, ay), (bx, by) = points[i], points[i + 1]
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
        cx, cy = ax + t * dx, ay + t * dy
        distance = math.hypot(p[0] - cx, p[1] - cy)
        if best is None or distance < best.distance:
            side = dx * (p[1] - ay) - dy * (p[0] - ax)
            value = values[i] + t * (values[i + 1] - values[i])
            at_end = (i == 0 and t == 0.0) or (i == len(points) - 2 and t == 1.0)
            best = Nearest(distance, side, value, at_end)
    assert best is not None
    return best


def inside(polygon: list[Point], p: Point) -> bool:
    """Even-odd rule point-in-polygon test."""
    result = False
    for i in range(len(polygon)):
        (ax, ay), (bx, by) = polygon[i], polygon[i - 1]
        if (ay > p[1]) != (by > p[1]) and p[0] < ax + (p[1] - ay) * (bx - ax) / (by - ay):
            result = not result
    return result


# --- the map -----------------------------------------------------------------------------------

TERRAIN = [
    TerrainType(id="clear", code=".", name="Clear", color="#dfe3c0"),
    TerrainType(
        id="field",
        code=",",
        name="Hedged pasture",
        defense_modifier=-5,
        height_m=1,
        frozen_as="clear",
        color="#c9d79a",
    ),
    TerrainType(
        id="orchard",
        code="o",
        name="Orchard",
        defense_modifier=-10,
        height_m=4,
        color="#a8c77a",
    ),
    TerrainType(
        id="forest",
        code="F",
        name="Forest",
        defense_modifier=-25,
        blocks_los=True,
        height_m=10,
        glider_hazard=True,
        color="#4f7a3a",
    ),
    TerrainType(
        id="rough",
        code="r",
        name="Rocky slope",
        defense_modifier=-15,
        height_m=2,
        glider_hazard=True,
        color="#a89f86",
    ),
    TerrainType(
        id="village",
        code="v",
        name="Village",
        defense_modifier=-25,
        urban=True,
        blocks_los=True,
        height_m=8,
        glider_hazard=True,
        color="#b07b5a",
    ),
    TerrainType(
        id="building",
        code="B",
        name="Large stone building",
        defense_modifier=-40,
        urban=True,
        blocks_los=True,
        height_m=15,
        glider_hazard=True,
        color="#8a5a44",
    ),
]
"""Panzer Battles terrain for the Amblève valley; heights drive concealment [001 Concealment]."""

TERRAIN_CODE = {t.id: t.code for t in TERRAIN}

ROAD_PRIORITY = [
    ConnectionKind.PRIMARY_ROAD,
    ConnectionKind.SECONDARY_ROAD,
    ConnectionKind.TRAIL,
]
"""A link between two hexes carries only its best road class, so layers never overlap."""

DEFAULT_BRIDGE = {
    ConnectionKind.PRIMARY_ROAD: CrossingKind.HEAVY_BRIDGE,
    ConnectionKind.SECONDARY_ROAD: CrossingKind.MEDIUM_BRIDGE,
    ConnectionKind.TRAIL: CrossingKind.LIGHT_BRIDGE,
    ConnectionKind.RAILROAD: CrossingKind.LIGHT_BRIDGE,
}
"""Bridges not named in the sources: by the class of what crosses ([000 4.5]: railway bridges
are light bridges)."""

BRIDGE_RANK = [
    CrossingKind.LIGHT_BRIDGE,
    CrossingKind.MEDIUM_BRIDGE,
    CrossingKind.HEAVY_BRIDGE,
]


@dataclass
class Watercourse:
    name: str
    kind: HexsideKind
    width_km: float
    points: list[Point]
    floors: list[float]


@dataclass
class MapBuild:
    """The map as it is built, with what the scenarios need to look up later."""

    projection: Projection
    terrain: dict[Offset, str] = field(default_factory=dict)
    elevation: dict[Offset, int] = field(default_factory=dict)
    water_edges: dict[tuple[Offset, Direction], HexsideKind] = field(default_factory=dict)
    hedgerows: set[tuple[Offset, Direction]] = field(default_factory=set)
    links: dict[ConnectionKind, set[Link]] = field(default_factory=dict)
    raised: set[Link] = field(default_factory=set)
    chains: dict[str, list[Offset]] = field(default_factory=dict)
    crossings: dict[tuple[Offset, Direction], CrossingKind] = field(default_factory=dict)
    places: dict[str, tuple[float, float]] = field(default_factory=dict)
    place_hexes: dict[str, Offset] = field(default_factory=dict)
    bridge_hexsides: dict[str, tuple[Offset, Direction]] = field(default_factory=dict)
    model: MapFile | None = None


def build_map(geo: dict[str, Any]) -> MapBuild:
    """The whole map, layer by layer; the random draws happen in a fixed order."""
    projection = Projection.from_source(geo["map"])
    rng = random.Random(geo["map"]["seed"])
    built = MapBuild(projection)
    waters = [
        Watercourse(
            w["name"],
            HexsideKind(w["kind"]),
            w["width_km"],
            [projection.km(lat, lon) for lat, lon, _ in w["points"]],
            [float(floor) for _, _, floor in w["points"]],
        )
        for w in geo["watercourses"]
    ]
    add_elevation(built, geo["spot_heights"], waters)
    add_water_edges(built, waters)
    settled = add_settlements(built, geo["places"])
    add_land_cover(built, geo["forests"], settled, rng)
    add_roads(built, geo["roads"])
    add_crossings(built, geo["bridges"])
    add_hedgerows(built, settled, rng)
    built.model = map_model(geo, built)
    return built


def add_elevation(
    built: MapBuild, spot_heights: list[list[float]], waters: list[Watercourse]
) -> None:
    """Uplands interpolated between the spot heights, with a valley carved along each stream.

    The carved profile is steepest at the water and flattens toward the plateau, which is the
    shape of the Amblève's incised valley; without it the interpolation would smooth the valley
    away between spot heights on either rim.
    """
    projection = built.projection
    spots = [(projection.km(lat, lon), height) for lat, lon, height in spot_heights]
    for offset in projection.iter_hexes():
        p = projection.center_km(offset)
        weights = 0.0
        total = 0.0
        for (sx, sy), height in spots:
            w = 1.0 / max(1e-6, (p[0] - sx) ** 2 + (p[1] - sy) ** 2)
            weights += w
            total += w * height
        upland = total / weights
        level = upland
        for water in waters:
            near = nearest_on(water.points, water.floors, p)
            t = min(1.0, near.distance / water.width_km)
            carved = near.value + (max(upland, near.value) - near.value) * (1 - (1 - t) ** 2)
            level = min(level, carved)
        built.elevation[offset] = round(level / 10.0) * 10


def add_water_edges(built: MapBuild, waters: list[Watercourse]) -> None:
    """River and stream hexsides between neighbouring hexes on opposite banks.

    Taking the edges between hex centres on either side of the line (rather than the hexes the
    line passes through) gives an unbroken chain of hexsides, so no ford-less gap is left.
    """
    grid = built.projection.grid
    hexes = list(built.projection.iter_hexes())
    for water in waters:
        near = {
            o: nearest_on(water.points, water.floors, built.projection.center_km(o)) for o in hexes
        }
        for offset in hexes:
            a = near[offset]
            if a.distance > 0.3 or a.at_end:
                continue
            for direction in (Direction.UP, Direction.UP_RIGHT, Direction.DOWN_RIGHT):
                other = grid.neighbor(*offset, direction)
                if not grid.contains(*other):
                    continue
                b = near[other]
                if b.distance > 0.3 or b.at_end or (a.side > 0) == (b.side > 0):
                    continue
                built.water_edges.setdefault(grid.hexside_key(*offset, direction), water.kind)


def add_settlements(built: MapBuild, places: list[dict[str, Any]]) -> set[Offset]:
    """Village, hamlet and building hexes; returns them, as the land cover is laid out around
    them."""
    projection = built.projection
    village_hexes: set[Offset] = set()
    for place in places:
        lat, lon = place["lat"], place["lon"]
        built.places[place["name"]] = (lat, lon)
        built.place_hexes[place["name"]] = projection.hex_of(lat, lon)
        if place["kind"] in ("village", "hamlet"):
            village_hexes.add(projection.hex_of(lat, lon))
            for east, north in place.get("built", []):
                village_hexes.add(projection.hex_of(*projection.moved(lat, lon, east, north)))
        elif place["kind"] == "building":
            built.terrain[projection.hex_of(lat, lon)] = "building"
    for offset in village_hexes:
        built.terrain.setdefault(offset, "village")
    return set(built.terrain)


def distance_to(grid: Grid, offset: Offset, targets: set[Offset]) -> int:
    here = grid.hex_at(*offset)
    return min(here.distance(grid.hex_at(*t)) for t in targets)


def add_land_cover(
    built: MapBuild, forests: list[dict[str, Any]], settled: set[Offset], rng: random.Random
) -> None:
    """Forest, rock, orchards, hedged pastures and open ground for every other hex."""
    projection = built.projection
    grid = projection.grid
    polygons = [[projection.km(lat, lon) for lat, lon in f["points"]] for f in forests]
    for offset in projection.iter_hexes():
        if offset in built.terrain:
            continue
        height = built.elevation[offset]
        drop = max(abs(height - built.elevation[n]) for _, n in grid.neighbors(*offset))
        distance = distance_to(grid, offset, settled)
        wooded = any(inside(polygon, projection.center_km(offset)) for polygon in polygons)
        # The valley sides are too steep to farm and are wooded, with bare rock in places; the
        # ground next to the villages was cleared for orchards and pasture.
        if drop >= 70 and rng.random() < 0.35:
            terrain = "rough"
        elif (drop >= 40 and distance > 1) or (wooded and distance > 2) or drop >= 70:
            terrain = "forest"
        elif distance == 1 and rng.random() < 0.45:
            terrain = "orchard"
        elif distance <= 3:
            terrain = "field"
        else:
            terrain = "clear"
        built.terrain[offset] = terrain


def add_roads(built: MapBuild, roads: list[dict[str, Any]]) -> None:
    """Road and rail links from the polylines, each link in its best road class only."""
    grid = built.projection.grid
    road_links: dict[ConnectionKind, set[Link]] = {kind: set() for kind in ConnectionKind}
    for road in roads:
        chain = hex_chain(built.projection, road["points"])
        built.chains[road["name"]] = chain
        for a, b in itertools.pairwise(chain):
            link = canonical_link(grid, a, b)
            road_links[ConnectionKind(road["kind"])].add(link)
            if road.get("raised"):
                built.raised.add(link)
    taken: set[Link] = set()
    for kind in ROAD_PRIORITY:
        road_links[kind] -= taken
        taken |= road_links[kind]
    built.links = {kind: links for kind, links in road_links.items() if links}


def add_crossings(built: MapBuild, bridges: list[dict[str, Any]]) -> None:
    """A bridge wherever a road or the railway crosses water, named ones where the sources say.

    Stopping when a named bridge finds no crossing catches a road drawn on the wrong bank.
    """
    projection = built.projection
    grid = projection.grid
    named = [
        (b["name"], projection.km(b["lat"], b["lon"]), CrossingKind(b["kind"])) for b in bridges
    ]
    for kind, links in built.links.items():
        for a, b in links:
            key = grid.hexside_key(*a, grid.direction_between(a, b))
            if key not in built.water_edges:
                continue
            crossing = DEFAULT_BRIDGE[kind]
            mid = midpoint(projection.center_km(a), projection.center_km(b))
            for bridge_name, where, bridge_kind in named:
                if math.dist(mid, where) < 0.3:
                    crossing = bridge_kind
                    built.bridge_hexsides[bridge_name] = key
            earlier = built.crossings.get(key)
            if earlier is None or BRIDGE_RANK.index(crossing) > BRIDGE_RANK.index(earlier):
                built.crossings[key] = crossing
    missing = [n for n, _, _ in named if n not in built.bridge_hexsides]
    if missing:
        raise SystemExit(f"named bridges with no road crossing a river there: {missing}")


def add_hedgerows(built: MapBuild, settled: set[Offset], rng: random.Random) -> None:
    """Hedgerows between open hexes near the villages [001 Hedge Row Rules].

    Edges used by a road or a watercourse are left out: roads run through gaps in the hedges, and
    one hexside holds one feature.
    """
    grid = built.projection.grid
    hedged = {"field", "orchard", "clear"}
    road_edges = {
        grid.hexside_key(*a, grid.direction_between(a, b))
        for links in built.links.values()
        for a, b in links
    }
    for offset in built.projection.iter_hexes():
        if built.terrain[offset] not in hedged or distance_to(grid, offset, settled) > 2:
            continue
        for direction in (Direction.UP, Direction.UP_RIGHT, Direction.DOWN_RIGHT):
            other = grid.neighbor(*offset, direction)
            if not grid.contains(*other) or built.terrain[other] not in hedged:
                continue
            key = grid.hexside_key(*offset, direction)
            if key in built.water_edges or key in road_edges:
                continue
            if rng.random() < 0.3:
                built.hedgerows.add(key)


def canonical_link(grid: Grid, a: Offset, b: Offset) -> Link:
    owner, _ = grid.connection_slot(a, b)
    return (a, b) if owner == a else (b, a)


def midpoint(a: Point, b: Point) -> Point:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def hex_chain(projection: Projection, points: Iterable[list[float]]) -> list[Offset]:
    """The on-map hexes a polyline passes through, in order, each adjacent to the next."""
    grid = projection.grid
    chain: list[Offset] = []
    corners = [grid.hex_at(*projection.hex_of(lat, lon)) for lat, lon in points]
    for a, b in itertools.pairwise(corners):
        for step in a.line_to(b):
            offset = grid.offset_of(step)
            if grid.contains(*offset) and (not chain or chain[-1] != offset):
                chain.append(offset)
    return chain


def connection_rows(grid: Grid, links: set[Link]) -> list[str]:
    bits: dict[Offset, int] = {}
    for a, b in links:
        owner, bit = grid.connection_slot(a, b)
        bits[owner] = bits.get(owner, 0) | bit
    return [
        "".join(str(bits[(c, r)]) if (c, r) in bits else CONNECTION_NONE for c in range(grid.width))
        for r in range(grid.height)
    ]


def map_model(geo: dict[str, Any], built: MapBuild) -> MapFile:
    meta = geo["map"]
    grid = built.projection.grid
    hexsides = [
        HexsideFeature(hex=key[0], side=key[1], kind=kind)
        for key, kind in sorted(built.water_edges.items(), key=lambda item: edge_order(item[0]))
    ] + [
        HexsideFeature(hex=key[0], side=key[1], kind=HexsideKind.HEDGEROW)
        for key in sorted(built.hedgerows, key=edge_order)
    ]
    crossings = [
        Crossing(hex=key[0], side=key[1], kind=kind)
        for key, kind in sorted(built.crossings.items(), key=lambda item: edge_order(item[0]))
    ]
    places = [
        PlaceName(
            hex=built.place_hexes[p["name"]], name=p["name"], size=PlaceSize(p.get("size", "small"))
        )
        for p in geo["places"]
    ]
    return MapFile(
        format_version=2,
        name=meta["name"],
        description=MAP_DESCRIPTION,
        width=grid.width,
        height=grid.height,
        shifted_columns="odd",
        hex_size_m=meta["hex_size_m"],
        terrain=TERRAIN,
        terrain_rows=[
            "".join(TERRAIN_CODE[built.terrain[(c, r)]] for c in range(grid.width))
            for r in range(grid.height)
        ],
        elevation_rows=[
            " ".join(str(built.elevation[(c, r)]) for c in range(grid.width))
            for r in range(grid.height)
        ],
        connections={
            kind: connection_rows(grid, links)
            for kind, links in sorted(
                built.links.items(), key=lambda kv: list(ConnectionKind).index(kv[0])
            )
        },
        raised=connection_rows(grid, built.raised) if built.raised else [],
        hexsides=hexsides,
        crossings=crossings,
        places=places,
    )


def edge_order(key: tuple[Offset, Direction]) -> tuple[int, int, int]:
    """Hexsides in reading order: by row, then column, then direction."""
    (column, row), direction = key
    return row, column, DIRECTIONS.index(direction)


MAP_DESCRIPTION = """\
Sample map for Hexwright: the Amblève valley from Stoumont station to La Gleize and Cheneux,
Belgium, at the Panzer Battles scale of 250 m hexes (40 x 32 hexes, about 8.7 x 8 km).
Village positions for Stoumont, La Gleize and Rahier come from their Wikipedia coordinates; the
other hamlets, the courses of the Amblève, Lienne and Roannay, the N633 and the other roads,
the railway and the woods were placed by hand from public topographic maps and the narrative in
H. M. Cole, The Ardennes: Battle of the Bulge (1965), and are good to about one hex.
Elevations are interpolated between rounded spot heights, with the valleys carved in; slopes
falling 40 m or more per hex are wooded, as most of the valley sides are. Orchards, hedged
pastures and hedgerows around the villages are drawn with a seeded random generator: they are
typical of the region, not surveyed. Generated by sample_data/sources/stoumont44/build.py.
"""


# --- order of battle ---------------------------------------------------------------------------


def build_oob(forces: dict[str, Any]) -> OobFile:
    profiles = forces["profiles"]

    def node(spec: dict[str, Any]) -> Unit | Organization:
        if "unit" in spec:
            return build_unit(spec, profiles[spec["profile"]])
        return Organization(
            id=spec["id"],
            name=spec["name"],
            level=OrgLevel(spec["level"]),
            hq=spec.get("hq"),
            children=[node(child) for child in spec.get("children", [])],
        )

    sides = [
        SideOob(
            side=side["side"],
            name=side["name"],
            nations=[
                Nation(
                    id=nation["id"],
                    name=nation["name"],
                    organizations=[node(org) for org in nation["organizations"]],
                )
                for nation in side["nations"]
            ],
        )
        for side in forces["sides"]
    ]
    return OobFile(
        format_version=2,
        name="Kampfgruppe Peiper and Task Force Harrison, 19-21 December 1944",
        description=OOB_DESCRIPTION,
        sides=sides,
    )


def build_unit(spec: dict[str, Any], profile: dict[str, Any]) -> Unit:
    fields: dict[str, Any] = dict(profile["fixed"])
    strength = spec["strength"]
    scale = strength / 10 if fields.get("component", "men") == "men" else strength
    for name, factor in profile["scaled"].items():
        fields[name] = round(factor * scale, 1)
    if "class" in spec:
        fields["unit_class"] = spec["class"]
    default_size = "company" if fields.get("component", "men") == "men" else "platoon"
    fields.update(
        id=spec["unit"],
        name=spec["name"],
        size=spec.get("size", default_size),
        strength=strength,
        quality=spec["quality"],
        command_range=spec.get("command_range", 0),
    )
    return Unit.model_validate(fields)


OOB_DESCRIPTION = """\
Sample order of battle at company and platoon level for the fighting at Stoumont, La Gleize
and Cheneux, 19-21 December 1944: Kampfgruppe Peiper (1. SS-Panzer-Division) against the 119th
Infantry of the 30th Infantry Division with attached tanks, tank destroyers and guns, and the
504th Parachute Infantry of the 82nd Airborne Division.
Units follow H. M. Cole, The Ardennes: Battle of the Bulge (1965), ch. XV, and the standard
published accounts of Kampfgruppe Peiper. Simplified for a sample: strengths are round figures
near the December 1944 establishments, some platoon designations of attachments are
illustrative, and the combat values are worked out from per-weapon factors written for this
sample (see sample_data/sources/stoumont44/forces.yaml), not taken from any game's database.
"""


# --- parameter data ----------------------------------------------------------------------------

F, H, T, M = (
    MovementClass.FOOT,
    MovementClass.HALFTRACK,
    MovementClass.TRACKED,
    MovementClass.MOTORIZED,
)


def costs(foot: int, halftrack: int, tracked: int, motorized: int) -> dict[MovementClass, int]:
    return {F: foot, H: halftrack, T: tracked, M: motorized}


def build_parameters() -> ParameterFile:
    both = PerSidePercent
    return ParameterFile(
        format_version=2,
        name="Stoumont 1944 (Panzer Battles scale)",
        description=PARAMETERS_DESCRIPTION,
        movement=MovementCosts(
            terrain={
                "clear": costs(2, 3, 3, 4),
                "field": costs(2, 4, 3, 6),
                "orchard": costs(2, 5, 4, 8),
                "forest": costs(3, 10, 8, -1),
                "rough": costs(4, 10, 8, -1),
                "village": costs(2, 3, 3, 3),
                "building": costs(3, 8, 8, 8),
            },
            hexsides={
                HexsideKind.RIVER: costs(8, -1, -1, -1),
                HexsideKind.STREAM: costs(2, 6, 4, -1),
                HexsideKind.HEDGEROW: costs(1, 4, 3, -1),
            },
            connections={
                ConnectionKind.PRIMARY_ROAD: costs(1, 1, 1, 1),
                ConnectionKind.SECONDARY_ROAD: costs(1, 1, 1, 1),
                ConnectionKind.TRAIL: costs(1, 2, 2, 3),
                ConnectionKind.RAILROAD: costs(2, 4, 3, 6),
            },
            elevation_per_100m=2,
            ford=4,
            zoc_multiplier=2.0,
            condition_modifiers={
                "normal": costs(100, 100, 100, 100),
                "soft": costs(120, 150, 130, 200),
                "mud": costs(150, 200, 200, 300),
                "snow": costs(150, 150, 150, 200),
                "frozen": costs(100, 100, 100, 120),
            },
            night_disruption=5,
            vehicle_breakdown=1.0,
        ),
        stacking=Stacking(
            max_stacking=PerSide(allied=700, axis=700),
            road_stacking=PerSide(allied=250, axis=250),
            towed_guns=PerSide(allied=2, axis=2),
            ships_per_hex=4,
        ),
        combat=Combat(
            quality_fire_modifier=2.5,
            range_effect=1.5,
            elevation_modifier=-10,
            artillery_hard_target=2.0,
            artillery_hard_target_range=4,
            indirect_modifier=both(allied=50, axis=50),
            infantry_effectiveness_men=70,
            infantry_effectiveness_fire=90,
            low_combat_value=50,
            high_combat_value=250,
            counterbattery=PerSide(allied=100, axis=100),
            artillery_setup=both(allied=60, axis=50),
            stockpiling=both(allied=0, axis=0),
            stockpiled_fire=150,
            rubble=10,
            stack_fire_max=2.0,
            indirect_fire_hex_limit=1.5,
        ),
        fortifications=Fortifications(
            improved_position=Fortification(fire_modifier=-15),
            trench=Fortification(fire_modifier=-25),
            bunker=Fortification(fire_modifier=-40, defense_bonus=8),
            pillbox=Fortification(fire_modifier=-50, defense_bonus=16),
            dig_in=both(allied=20, axis=20),
            bunker_building=both(allied=5, axis=5),
        ),
        engineering=Engineering(
            mine_laying=both(allied=15, axis=15),
            bridge_building=both(allied=10, axis=10),
            pontoon_bridge_turns=PerSide(allied=6, axis=6),
            wired_bridge=both(allied=70, axis=60),
            light_bridge_defense=5,
            medium_bridge_defense=15,
            heavy_bridge_defense=30,
        ),
        obstacles=Obstacles(congestion_side="both", congestion_expiration=0),
        supply=Supply(rail_capacity=PerSide(allied=0, axis=0), refuel=30),
        air=Air(
            availability=both(allied=25, axis=10),
            interception=both(allied=0, axis=20),
            interdiction=both(allied=0, axis=15),
            strike_hex_limit=8,
            low_visibility_reduction={1: 100, 2: 60, 3: 30},
        ),
        deception=Deception(
            range=PerSide(allied=2, axis=2),
            radius=PerSide(allied=2, axis=2),
            effect=both(allied=10, axis=10),
            damage=both(allied=10, axis=10),
            detect=both(allied=20, axis=20),
        ),
        spotting=Spotting(dust_spotting=both(allied=0, axis=0)),
        recovery=Recovery(
            rest=5,
            unit_recovery=both(allied=0, axis=0),
            frozen_penalty=both(allied=10, axis=10),
        ),
    )


PARAMETERS_DESCRIPTION = """\
Sample parameter data at the Panzer Battles scale (250 m hexes, 30-minute turns) for the
Stoumont title. The values the Panzer Battles manual states are used as stated: quality fire
modifier 2.5, range effect 1.5, artillery hard-target modifier out to 4 hexes, no stockpiling
during play and no strength recovery. Everything else is a designer's estimate for a sample.
Movement costs cover every terrain, hexside and road class on the map and every movement class
in the order of battle (-1 = cannot enter or cross). Rail capacity is 0 because the line through
the valley was cut on both sides. Dust spotting is 0 in the wet December weather. Some fields
are equal to the file format's defaults (infantry effectiveness 70/90, congestion on both sides
with no expiry, 4 ships per hex), so they are left out when the file is written.
"""


# --- weather -----------------------------------------------------------------------------------


WEATHER_ROWS = [
    # date, soft, mud, snow, frozen (normal is the rest), visibility min, max, storm %
    ("1944-12-16", 70, 30, 0, 0, 1, 4, 10),
    ("1944-12-19", 60, 30, 0, 10, 1, 3, 10),
    ("1944-12-22", 20, 10, 40, 30, 1, 4, 20),
    ("1944-12-23", 0, 0, 30, 70, 4, 8, 0),
]


def build_weather() -> WeatherFile:
    rows = [
        WeatherRow(
            date=day,
            normal=100 - soft - mud - snow - frozen,
            soft=soft,
            mud=mud,
            snow=snow,
            frozen=frozen,
            visibility_min=low,
            visibility_max=high,
            storm=storm,
        )
        for day, soft, mud, snow, frozen, low, high, storm in WEATHER_ROWS
    ]
    return WeatherFile(
        format_version=2,
        name="Amblève valley, December 1944",
        description=WEATHER_DESCRIPTION,
        rows=rows,
    )


WEATHER_DESCRIPTION = """\
Programmed weather for the Stoumont title, in the rows of the manual's Weather.dat. It follows
the broad pattern of the published accounts: thaw, fog and low cloud from 16 December (Cole
writes of heavy fog at Stoumont on 19 and 20 December and ground haze at Cheneux), snow from
the 22nd, and the cold, clear high pressure from 23 December. Visibility is in 250 m hexes.
The percentages are estimates for a sample, not meteorological records.
"""


# --- scenarios ---------------------------------------------------------------------------------


def iter_units(nodes: Iterable[Unit | Organization]) -> Iterator[Unit]:
    for item in nodes:
        if isinstance(item, Unit):
            yield item
        else:
            yield from iter_units(item.children)


def turn_starts(header: Header) -> list[datetime]:
    """The start time of every turn, following the day schedule from the scenario's start."""
    periods = header.day_schedule

    def length_at(moment: datetime) -> int:
        minute = moment.hour * 60 + moment.minute
        current = periods[-1]
        for period in periods:
            if period.start <= minute:
                current = period
        return current.turn_minutes or header.minutes_per_turn

    starts = [header.start]
    while len(starts) < header.turns:
        starts.append(starts[-1] + timedelta(minutes=length_at(starts[-1])))
    return starts


@dataclass
class ScenarioBuild:
    """Resolves the positions of one scenario's source against the built map and OOB."""

    built: MapBuild
    units: dict[str, Unit]
    side_of: dict[str, str]
    parameters: ParameterFile
    placed: dict[str, Offset] = field(default_factory=dict)
    load: dict[Offset, int] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)

    @property
    def grid(self) -> Grid:
        return self.built.projection.grid

    def locate(self, spec: dict[str, Any]) -> Offset:
        if "near" in spec:
            lat, lon = self.built.places[spec["near"]]
            east, north = spec.get("m", [0, 0])
            return self.built.projection.hex_of(*self.built.projection.moved(lat, lon, east, north))
        if "road" in spec:
            name, end = spec["road"]
            chain = self.built.chains[name]
            offset = chain[0] if end == "first" else chain[-1]
            if not self.grid.is_edge(*offset):
                raise SystemExit(f"road {name} does not end on the map edge at {offset}")
            return offset
        if "bridge_end" in spec:
            name, bank = spec["bridge_end"]
            offset, direction = self.built.bridge_hexsides[name]
            ends = [offset, self.grid.neighbor(*offset, direction)]
            ends.sort(key=lambda o: self.built.projection.center_km(o)[1])
            return ends[0] if bank == "north" else ends[1]
        if "at_unit" in spec:
            return self.placed[spec["at_unit"]]
        raise SystemExit(f"no position given in {spec}")

    def along(self, spec: dict[str, Any]) -> list[Offset]:
        """`count` hexes spread along a road between two places, leaving out its ends and the
        hexes units start in (a side mines the road in front of its positions, not under them)."""
        name, start, end = spec["along"]
        chain = self.built.chains[name]
        grid = self.grid

        def index_near(place: str) -> int:
            target = grid.hex_at(*self.built.place_hexes[place])
            return min(range(len(chain)), key=lambda i: target.distance(grid.hex_at(*chain[i])))

        a, b = sorted((index_near(start), index_near(end)))
        occupied = set(self.placed.values())
        free = [offset for offset in chain[a + 1 : b] if offset not in occupied]
        count = spec["count"]
        if len(free) < count:
            raise SystemExit(f"only {len(free)} free hexes on {name} for {count} markers")
        return [free[(len(free) - 1) * k // max(1, count - 1)] for k in range(count)]

    def enterable(self, unit: Unit, offset: Offset) -> bool:
        terrain = self.built.terrain[offset]
        return self.parameters.movement.terrain[terrain][unit.movement_class] >= 0

    def crosses_water(self, a: Offset, b: Offset) -> bool:
        """Whether the straight line between two hexes crosses a river or stream hexside."""
        grid = self.grid
        steps = [grid.offset_of(h) for h in grid.hex_at(*a).line_to(grid.hex_at(*b))]
        for here, there in itertools.pairwise(steps):
            direction = grid.direction_between(here, there)
            if (
                direction is not None
                and grid.hexside_key(*here, direction) in self.built.water_edges
            ):
                return True
        return False

    def place(self, unit: Unit, wanted: Offset, strength: int) -> Offset:
        """The nearest hex to `wanted` that the unit can enter and that has room for it."""
        size = strength if unit.component.value == "men" else strength * 10
        limit = self.parameters.stacking.max_stacking.for_side(Side(self.side_of[unit.id]))
        grid = self.grid
        for candidate in grid.hex_at(*wanted).iter_range(3):
            offset = grid.offset_of(candidate)
            if not grid.contains(*offset) or not self.enterable(unit, offset):
                continue
            if self.crosses_water(wanted, offset):
                continue
            if self.load.get(offset, 0) + size > limit:
                continue
            self.load[offset] = self.load.get(offset, 0) + size
            if offset != wanted:
                self.moves.append(f"{unit.id}: {wanted} -> {offset}")
            return offset
        raise SystemExit(f"no room near {wanted} for {unit.id}")


def build_scenario(
    source: dict[str, Any],
    schedule: list[dict[str, Any]],
    built: MapBuild,
    oob: OobFile,
    parameters: ParameterFile,
) -> tuple[ScenarioFile, list[str]]:
    units: dict[str, Unit] = {}
    side_of: dict[str, str] = {}
    for side in oob.sides:
        for nation in side.nations:
            for unit in iter_units(nation.organizations):
                units[unit.id] = unit
                side_of[unit.id] = side.side.value
    work = ScenarioBuild(built, units, side_of, parameters)

    header = Header(
        title=source["title"],
        description=source["description"],
        ruleset="panzer_battles",
        start=source["start"],
        turns=source["turns"],
        minutes_per_turn=30,
        first_side=source["first_side"],
        day_schedule=[PhasePeriod.model_validate(period) for period in schedule],
        visibility=source["visibility"],
        visibility_min=source["visibility_min"],
        visibility_max=source["visibility_max"],
        conditions=source["conditions"],
        conditions_allowed=source["conditions_allowed"],
        global_supply=PerSidePercent.model_validate(source["global_supply"]),
        optional_rules=source["optional_rules"],
        victory=Victory(
            levels=VictoryLevels.model_validate(source["levels"]),
            loss_points=LossPoints(),
        ),
    )
    starts = set(turn_starts(header))

    def scheduled(spec: dict[str, Any]) -> dict[str, Any]:
        moment = datetime.strptime(spec["at"], "%Y-%m-%d %H:%M")
        if moment not in starts:
            raise SystemExit(f"{spec['id']} at {spec['at']} is not the start of a turn")
        return {"id": spec["id"], "at": spec["at"]}

    vehicle_classes = {MovementClass.TRACKED, MovementClass.HALFTRACK, MovementClass.MOTORIZED}
    placements = []
    for spec in source["placements"]:
        unit = units[spec["unit"]]
        strength = spec.get("strength", unit.strength)
        offset = work.place(unit, work.locate(spec), strength)
        work.placed[unit.id] = offset
        low_fuel = (
            source.get("low_fuel_side") == side_of[unit.id]
            and unit.movement_class in vehicle_classes
        )
        placements.append(
            Placement(
                unit=unit.id,
                hex=offset,
                facing=spec.get("facing"),
                fixed=spec.get("fixed", False),
                strength=spec.get("strength"),
                fatigue=spec.get("fatigue", 0),
                low_ammo=spec.get("low_ammo", False),
                low_fuel=low_fuel,
                on_foot=spec.get("on_foot", False),
            )
        )

    overlays = source.get("overlays", {})
    minefields = []
    for spec in overlays.get("minefields", []):
        hexes = work.along(spec) if "along" in spec else [work.locate(spec)]
        minefields.extend(
            Minefield(hex=offset, strength=spec["strength"], side=spec["side"]) for offset in hexes
        )
    bridges = []
    for spec in overlays.get("bridges", []):
        offset, side = built.bridge_hexsides[spec["bridge"]]
        bridges.append(BridgeOverlay(hex=offset, side=side, state=spec["state"]))

    objectives: list[NormalObjective | ExitObjective] = []
    for spec in source["objectives"]:
        model = ExitObjective if spec["kind"] == "exit" else NormalObjective
        objectives.append(
            model(
                id=spec["id"],
                name=spec["name"],
                hex=work.locate(spec),
                points=spec["points"],
                owner=spec["owner"],
            )
        )

    scenario = ScenarioFile(
        format_version=2,
        header=header,
        files=TitleFiles(
            map=f"../{NAME}.map.yaml",
            oob=f"../{NAME}.oob.yaml",
            parameters=f"../{NAME}.pdt.yaml",
            weather=f"../{NAME}.weather.yaml",
        ),
        placements=placements,
        overlays=Overlays(
            minefields=minefields,
            obstacles=[Obstacle(hex=work.locate(s)) for s in overlays.get("obstacles", [])],
            bridges=bridges,
            fortifications=[
                FortificationOverlay(hex=work.locate(s), kind=s["kind"], side=s["side"])
                for s in overlays.get("fortifications", [])
            ],
            wrecks=[
                Wrecks(hex=work.locate(s), count=s["count"]) for s in overlays.get("wrecks", [])
            ],
        ),
        objectives=objectives,
        reinforcements=[
            Reinforcement(
                **scheduled(spec),
                units=spec.get("units", []),
                organizations=spec.get("organizations", []),
                hex=work.locate(spec),
                protection=spec.get("protection", 0),
            )
            for spec in source.get("reinforcements", [])
        ],
        withdrawals=[
            Withdrawal(
                **scheduled(spec),
                units=spec.get("units", []),
                organizations=spec.get("organizations", []),
            )
            for spec in source.get("withdrawals", [])
        ],
        releases=[
            Release(
                **scheduled(spec),
                organization=spec["organization"],
                probability=spec.get("probability", 100),
                on_spotted=spec.get("on_spotted", False),
            )
            for spec in source.get("releases", [])
        ],
        supply=ScenarioSupply(
            sources=[
                SupplySource(id=s["id"], hex=work.locate(s), side=s["side"], value=s["value"])
                for s in source["supply"]["sources"]
            ],
            variations=[
                SupplyVariation.model_validate(v) for v in source["supply"].get("variations", [])
            ],
        ),
    )
    return scenario, work.moves


# --- main --------------------------------------------------------------------------------------


def main() -> None:
    geo = read_source("geography.yaml")
    forces = read_source("forces.yaml")
    scenarios = read_source("scenarios.yaml")

    built = build_map(geo)
    oob = build_oob(forces)
    parameters = build_parameters()
    weather = build_weather()

    (OUT / "scenarios").mkdir(parents=True, exist_ok=True)
    assert built.model is not None
    save_file(built.model, OUT / f"{NAME}.map.yaml")
    save_file(oob, OUT / f"{NAME}.oob.yaml")
    save_file(parameters, OUT / f"{NAME}.pdt.yaml")
    save_file(weather, OUT / f"{NAME}.weather.yaml")
    for source in scenarios["scenarios"]:
        scenario, moves = build_scenario(source, scenarios["day_schedule"], built, oob, parameters)
        save_file(scenario, OUT / "scenarios" / f"{source['file']}.scenario.yaml")
        for move in moves:
            print(f"{source['file']}: moved {move}")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

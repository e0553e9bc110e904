"""Builds the Stoumont map from `geography.yaml`: elevation with the valleys carved in, streams
between the hexes on either bank, villages, land cover, roads and the railway with their bridges,
hedgerows and place names.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field
from typing import Any

from engine.hexgrid import Grid
from sample_data.sources.mapkit import (
    DEFAULT_BRIDGE,
    Link,
    Offset,
    Point,
    Projection,
    SideKey,
    add_bridge,
    canonical_link,
    connection_rows,
    crossing_list,
    elevation_rows,
    hex_chain,
    hexside_features,
    inside,
    keep_best_class,
    nearest_on,
    side_midpoint,
    terrain_rows,
)
from schemas.panzer_campaigns.map import MapFile, PlaceName, PlaceSize, TerrainType
from schemas.vocabulary import ConnectionKind, CrossingKind, Direction, HexsideKind

KM_PER_DEGREE_LAT = 111.23

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


@dataclass
class Watercourse:
    """A river or stream polyline in kilometres, with its valley floor heights and how far from
    the water its valley is carved."""

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
    water_edges: dict[SideKey, HexsideKind] = field(default_factory=dict)
    hedgerows: set[SideKey] = field(default_factory=set)
    links: dict[ConnectionKind, set[Link]] = field(default_factory=dict)
    raised: set[Link] = field(default_factory=set)
    chains: dict[str, list[Offset]] = field(default_factory=dict)
    crossings: dict[SideKey, CrossingKind] = field(default_factory=dict)
    places: dict[str, tuple[float, float]] = field(default_factory=dict)
    place_hexes: dict[str, Offset] = field(default_factory=dict)
    bridge_hexsides: dict[str, SideKey] = field(default_factory=dict)
    model: MapFile | None = None


def map_projection(meta: dict[str, Any]) -> Projection:
    """Kilometres from the map's top-left corner, measured east-west at its mid-latitude."""
    across_km = meta["hex_size_m"] / 1000
    height_km = across_km * meta["height"] + across_km / 2
    return Projection.create(
        north=meta["north_lat"],
        west=meta["west_lon"],
        reference_lat=meta["north_lat"] - height_km / 2 / KM_PER_DEGREE_LAT,
        km_per_degree_lat=KM_PER_DEGREE_LAT,
        width=meta["width"],
        height=meta["height"],
        hex_km=across_km,
        from_corner=True,
    )


def build_map(geo: dict[str, Any]) -> MapBuild:
    """The whole map, layer by layer; the random draws happen in a fixed order."""
    projection = map_projection(geo["map"])
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
    for offset in projection.hexes():
        p = projection.center(offset)
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
    hexes = list(built.projection.hexes())
    for water in waters:
        near = {
            o: nearest_on(water.points, water.floors, built.projection.center(o)) for o in hexes
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
        built.place_hexes[place["name"]] = projection.offset(lat, lon)
        if place["kind"] in ("village", "hamlet"):
            village_hexes.add(projection.offset(lat, lon))
            for east, north in place.get("built", []):
                village_hexes.add(projection.offset(*projection.moved(lat, lon, east, north)))
        elif place["kind"] == "building":
            built.terrain[projection.offset(lat, lon)] = "building"
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
    for offset in projection.hexes():
        if offset in built.terrain:
            continue
        height = built.elevation[offset]
        drop = max(abs(height - built.elevation[n]) for _, n in grid.neighbors(*offset))
        distance = distance_to(grid, offset, settled)
        wooded = any(inside(projection.center(offset), polygon) for polygon in polygons)
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
        points = [built.projection.km(lat, lon) for lat, lon in road["points"]]
        chain = hex_chain(built.projection, points, clip=True)
        built.chains[road["name"]] = chain
        for a, b in itertools.pairwise(chain):
            link = canonical_link(grid, a, b)
            road_links[ConnectionKind(road["kind"])].add(link)
            if road.get("raised"):
                built.raised.add(link)
    keep_best_class(road_links)
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
            mid = side_midpoint(projection, key)
            for bridge_name, where, bridge_kind in named:
                if math.dist(mid, where) < 0.3:
                    crossing = bridge_kind
                    built.bridge_hexsides[bridge_name] = key
            add_bridge(built.crossings, key, crossing)
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
    for offset in built.projection.hexes():
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


def map_model(geo: dict[str, Any], built: MapBuild) -> MapFile:
    meta = geo["map"]
    grid = built.projection.grid
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
        terrain_rows=terrain_rows(grid, built.terrain, TERRAIN),
        elevation_rows=elevation_rows(grid, built.elevation),
        connections={
            kind: connection_rows(grid, links)
            for kind, links in sorted(
                built.links.items(), key=lambda kv: list(ConnectionKind).index(kv[0])
            )
        },
        raised=connection_rows(grid, built.raised) if built.raised else [],
        hexsides=hexside_features(built.water_edges)
        + hexside_features(dict.fromkeys(built.hedgerows, HexsideKind.HEDGEROW)),
        crossings=crossing_list(built.crossings),
        places=places,
    )


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

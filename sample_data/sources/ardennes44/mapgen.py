"""Builds the Ardennes map from `geography.yaml`: elevation, terrain, rivers along hex edges
(traced in `rivers.py`), roads and railways with their bridges, fords and place names.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rivers import WaterSides, Waterway, cheapest_path, trace_waterways

from editor.mapops.new_map import DEFAULT_LEGEND
from engine.hexgrid import DIRECTIONS, Hex
from sample_data.sources.mapkit import (
    DEFAULT_BRIDGE,
    ROAD_CLASSES,
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
    nearest_on_segment,
    side_midpoint,
    terrain_rows,
)
from schemas.panzer_campaigns.map import Crossing, MapFile, PlaceName, PlaceSize
from schemas.vocabulary import ConnectionKind, CrossingKind, Direction, HexsideKind

KM_PER_DEGREE_LAT = 111.2
HEX_ACROSS_KM = 1.0

TERRAIN = list(DEFAULT_LEGEND)
"""The editor's default legend (Map > New Title uses it): the sample shows what a new map gets."""

VALLEY_HALF_WIDTH_KM = {HexsideKind.RIVER: 2.0, HexsideKind.STREAM: 1.2}
SETTLEMENTS = ("town", "village")
STEEP_M = 90  # height step to a neighbour above which a valley side counts as steep


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


# --- the source data ----------------------------------------------------------------------------


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
        projection = Projection.create(
            north=spec["north_lat"],
            west=spec["west_lon"],
            reference_lat=spec["reference_lat"],
            km_per_degree_lat=KM_PER_DEGREE_LAT,
            width=spec["width"],
            height=spec["height"],
            hex_km=HEX_ACROSS_KM,
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
    links: dict[ConnectionKind, set[Link]]
    water_sides: WaterSides
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
        self.all_water_sides: WaterSides = {}
        self.water_sides: WaterSides = {}

    def build(self) -> BuiltMap:
        self.all_water_sides = trace_waterways(self.proj, self.geo.waterways)
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
        used = set(terrain.values())
        model = MapFile(
            format_version=2,
            name=self.geo.name,
            description=self.description,
            width=self.proj.width,
            height=self.proj.height,
            shifted_columns="odd",
            hex_size_m=1000,
            terrain=[t for t in TERRAIN if t.id in used],
            terrain_rows=terrain_rows(self.grid, terrain, TERRAIN),
            elevation_rows=elevation_rows(self.grid, elevation),
            connections={kind: connection_rows(self.grid, links[kind]) for kind in links},
            hexsides=hexside_features({key: kind for key, (kind, _) in water_sides.items()}),
            crossings=crossings,
            places=places,
        )
        return BuiltMap(model, terrain, elevation, links, water_sides, self.report)

    def _on_map(self, key: SideKey) -> bool:
        offset, direction = key
        return self.grid.contains(*offset) and self.grid.contains(
            *self.grid.neighbor(*offset, direction)
        )

    # --- elevation ------------------------------------------------------------------------------

    def _elevation(self, settlements: dict[Offset, dict[str, Any]]) -> dict[Offset, int]:
        extent = (self.proj.width * 0.87 + 2, self.proj.height + 2)
        noise = ValueNoise(random.Random(self.geo.seed + 1), 3.0, extent)
        elevation: dict[Offset, int] = {}
        for offset, point in self.centers.items():
            plateau = self._plateau(point)
            height, openness = plateau, 1.0
            for way in self.geo.waterways:
                near = nearest_on(way.points, way.levels, point)
                share = min(1.0, near.distance / VALLEY_HALF_WIDTH_KM[way.kind])
                floor = min(near.value, plateau)
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
            nearest = [
                nearest_on(way.points, way.levels, self.centers[offset])
                for way in self.geo.waterways
                if way.name in names
            ]
            if nearest:
                level = min(nearest, key=lambda n: (n.distance, n.value)).value
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
            marsh = next((d for poly, d in marshes if inside(point, poly)), None)
            forest = next((d for poly, d in forests if inside(point, poly)), None)
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
        return terrain

    # --- roads and railways ---------------------------------------------------------------------

    def _route_hexes(self, route: Sequence[Any]) -> list[Offset]:
        """The hexes a road or railway runs through, leg by leg between its route points."""
        return hex_chain(
            self.proj, [self.proj.km(*self.geo.where(ref)) for ref in route], self._route_leg
        )

    def _route_leg(self, a: Point, b: Point) -> list[Hex]:
        """Cheapest hex path from a to b that keeps close to the straight line.

        A road that runs along a valley would zigzag across the river hexsides if it simply
        followed the straight line, and every zigzag would become a bridge; a crossing therefore
        costs as much as a long detour, and the path crosses water only where it has to.
        """
        layout = self.proj.layout

        def moves(here: Hex, cost: float) -> Iterator[tuple[Hex, float]]:
            for direction in DIRECTIONS:
                there = here.neighbor(direction)
                off_line, _ = nearest_on_segment(layout.center(there), a, b)
                if off_line <= 3.0:
                    step = 1.0 + 2.0 * off_line * off_line
                    step += self._water_penalty(here, there, direction)
                    yield there, cost + step

        return cheapest_path(layout.hex_at_pixel(*a), layout.hex_at_pixel(*b), moves)

    def _water_penalty(self, here: Hex, there: Hex, direction: Direction) -> float:
        a, b = self.grid.offset_of(here), self.grid.offset_of(there)
        penalty = 60.0 if b in self.lakes else 0.0
        side = self.all_water_sides.get(self.grid.hexside_key(*a, direction))
        if side is not None:
            penalty += 40.0 if side[0] is HexsideKind.RIVER else 15.0
        return penalty

    def _connections(
        self, water_sides: WaterSides
    ) -> tuple[dict[ConnectionKind, set[Link]], dict[SideKey, CrossingKind]]:
        geo = self.geo.raw
        links: dict[ConnectionKind, set[Link]] = {
            kind: set() for kind in (*ROAD_CLASSES, ConnectionKind.RAILROAD)
        }
        road_bridges: dict[SideKey, CrossingKind] = {}
        rail_bridges: dict[SideKey, CrossingKind] = {}
        lines = [(r, ConnectionKind(r["kind"]), road_bridges) for r in geo["roads"]]
        lines += [(r, ConnectionKind.RAILROAD, rail_bridges) for r in geo["railways"]]
        for line, kind, bridges in lines:
            crossing = CrossingKind(line.get("bridge", DEFAULT_BRIDGE[kind]))
            hexes = self._route_hexes(line["route"])
            spans = []
            for a, b in itertools.pairwise(hexes):
                if not (self.grid.contains(*a) and self.grid.contains(*b)):
                    continue
                direction = self.grid.direction_between(a, b)
                if direction is None:
                    raise ValueError(f"{line['name']}: {a} and {b} are not neighbours")
                links[kind].add(canonical_link(self.grid, a, b))
                key = self.grid.hexside_key(*a, direction)
                if key in water_sides:
                    spans.append(water_sides[key][1])
                    add_bridge(bridges, key, crossing)
            self.report.append(f"{line['name']}: bridges over {', '.join(spans) or '-'}")
        keep_best_class(links)
        bridges = dict(rail_bridges)
        bridges.update(road_bridges)  # a road bridge stands for a railway bridge beside it
        return links, bridges

    def _crossings(
        self, bridges: dict[SideKey, CrossingKind], water_sides: WaterSides
    ) -> list[Crossing]:
        crossings = dict(bridges)
        for ford in self.geo.raw["fords"]:
            point = self.proj.km(*ford["at"])
            candidates = [
                key
                for key, (kind, name) in water_sides.items()
                if name == ford["river"] and kind is HexsideKind.RIVER
            ]
            key = min(candidates, key=lambda k: math.dist(side_midpoint(self.proj, k), point))
            if key in crossings:
                raise ValueError(f"the ford on the {ford['river']} falls on a bridged hexside")
            crossings[key] = CrossingKind.FORD
        return crossing_list(crossings)

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
            add(self.proj.clamp(self.proj.offset_at(way.label)), way.name, PlaceSize.SMALL)
        return sorted(names, key=lambda p: (p.hex[1], p.hex[0]))

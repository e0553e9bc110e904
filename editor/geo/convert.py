"""Turn GeoJSON geography (woods, towns, water, rivers, roads) into map edits: terrain by the
share of each hex an area layer covers, hexside features where a river line separates two hex
centres, and road links between the hexes a road line runs through. No Qt: the dialog and
tests call it.

Hex centres and corners come from `engine.hexgrid` (`Grid`, `Layout`) on a unit layout; a
`Placement` then moves, scales and turns that layout onto the GeoJSON coordinates (north up).

>>> placement = Placement(origin_x=1000.0, origin_y=5000.0, hex_size=100.0)
>>> [round(v, 6) for v in placement.to_geo(*placement.to_layout(1234.5, 4321.0))]
[1234.5, 4321.0]
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, NamedTuple

import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry import shape
from shapely.geometry.base import BaseGeometry

from engine.hexgrid import Grid, Hex, Layout
from schemas.panzer_campaigns.map import CONNECTION_BITS, MapFile
from schemas.reading import read_regular_file
from schemas.vocabulary import ConnectionKind, Direction, HexsideKind

Offset = tuple[int, int]
EdgeKey = tuple[Offset, Direction]
"""A hexside as `Grid.hexside_key` names it."""
Link = tuple[Offset, Offset]
"""A road or rail link between two neighbouring hexes."""
Family = Literal["area", "line"]

_UNIT = Layout(1.0)
_ORIGIN_HEX = Hex(0, 0)
# Distance between neighbouring centres on the unit layout, measured rather than derived so the
# hex algebra stays in engine.hexgrid.
_UNIT_STEP = math.dist(_UNIT.center(_ORIGIN_HEX), _UNIT.center(_ORIGIN_HEX.neighbor(Direction.UP)))
_WALK_STEP = 0.1
"""How far apart (in unit-layout units, a hex is 2 across) road lines are sampled."""


# Placement -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """Where the hex grid lies in the GeoJSON coordinates (projected, e.g. metres, north up).

    `origin_x`, `origin_y`: the centre of hex (0, 0); `hex_size`: the distance between the
    centres of neighbouring hexes; `rotation`: degrees counter-clockwise of the map's columns.
    """

    origin_x: float
    origin_y: float
    hex_size: float
    rotation: float = 0.0

    @property
    def scale(self) -> float:
        """GeoJSON units per unit-layout unit."""
        return self.hex_size / _UNIT_STEP

    def to_geo(self, x: float, y: float) -> tuple[float, float]:
        """A unit-layout position (y down) in GeoJSON coordinates (y up).

        >>> Placement(10.0, 20.0, 2 * _UNIT_STEP).to_geo(1.0, 1.0)
        (12.0, 18.0)
        """
        geo = self.to_geo_array(np.array([[x, y]], dtype=float))
        return float(geo[0, 0]), float(geo[0, 1])

    def to_layout(self, x: float, y: float) -> tuple[float, float]:
        """A GeoJSON position on the unit layout."""
        points = self.to_layout_array(np.array([[x, y]], dtype=float))
        return float(points[0, 0]), float(points[0, 1])

    def to_geo_array(self, points: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """Unit-layout positions (..., 2) in GeoJSON coordinates."""
        ox, oy = _UNIT.center(_ORIGIN_HEX)
        cos, sin = math.cos(math.radians(self.rotation)), math.sin(math.radians(self.rotation))
        u = (points[..., 0] - ox) * self.scale
        v = -(points[..., 1] - oy) * self.scale
        return np.stack(
            [self.origin_x + u * cos - v * sin, self.origin_y + u * sin + v * cos], axis=-1
        )

    def to_layout_array(self, points: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """GeoJSON positions (..., 2) on the unit layout."""
        ox, oy = _UNIT.center(_ORIGIN_HEX)
        cos, sin = math.cos(math.radians(self.rotation)), math.sin(math.radians(self.rotation))
        dx, dy = points[..., 0] - self.origin_x, points[..., 1] - self.origin_y
        u, v = dx * cos + dy * sin, -dx * sin + dy * cos
        return np.stack([ox + u / self.scale, oy - v / self.scale], axis=-1)


def default_placement(map_file: MapFile) -> Placement:
    """Hex (0, 0) at the GeoJSON origin, hexes as far apart as the map's `hex_size_m`."""
    return Placement(0.0, 0.0, float(map_file.hex_size_m))


# Reading GeoJSON --------------------------------------------------------------------------------


class LayerKey(NamedTuple):
    """A group of features: areas or lines sharing the value of one property."""

    family: Family
    name: str


@dataclass(frozen=True)
class Layer:
    """The geometries of one group of features."""

    key: LayerKey
    geometries: list[BaseGeometry] = field(default_factory=list)

    @property
    def label(self) -> str:
        """How the dialog names it, e.g. "forest (3 areas)"."""
        count = len(self.geometries)
        noun = self.key.family if count == 1 else f"{self.key.family}s"
        return f"{self.key.name} ({count} {noun})"


_FAMILIES: dict[str, Family] = {
    "Polygon": "area",
    "MultiPolygon": "area",
    "LineString": "line",
    "MultiLineString": "line",
}
UNNAMED = "(no value)"


def read_layers(data: Mapping[str, Any], property_name: str = "kind") -> list[Layer]:
    """The area and line layers of a GeoJSON object, grouped by the value of `property_name`
    (points and other geometries are left out), areas first, then by name.

    >>> layers = read_layers({"type": "FeatureCollection", "features": [
    ...     {"type": "Feature", "properties": {"kind": "forest"},
    ...      "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}},
    ...     {"type": "Feature", "properties": {"kind": "river"},
    ...      "geometry": {"type": "LineString", "coordinates": [[0, 0], [5, 5]]}}]})
    >>> [layer.label for layer in layers]
    ['forest (1 area)', 'river (1 line)']
    """
    grouped: dict[LayerKey, list[BaseGeometry]] = {}
    for properties, geometry in _features(data):
        family = _FAMILIES.get(geometry.geom_type)
        if family is None or geometry.is_empty:
            continue
        value = properties.get(property_name)
        name = UNNAMED if value is None or value == "" else str(value)
        grouped.setdefault(LayerKey(family, name), []).append(geometry)
    order = {"area": 0, "line": 1}
    keys = sorted(grouped, key=lambda key: (order[key.family], key.name))
    return [Layer(key, grouped[key]) for key in keys]


def load_layers(path: Path, property_name: str = "kind") -> list[Layer]:
    """The layers of a GeoJSON file (see `read_layers`)."""
    data = json.loads(read_regular_file(path).decode("utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path.name} is not a GeoJSON object")
    return read_layers(data, property_name)


def property_names(data: Mapping[str, Any]) -> list[str]:
    """The property names the features of a GeoJSON object use, sorted.

    >>> property_names({"type": "Feature", "properties": {"kind": "x", "name": "y"},
    ...                 "geometry": {"type": "Point", "coordinates": [0, 0]}})
    ['kind', 'name']
    """
    return sorted({name for properties, _ in _features(data) for name in properties})


def _features(data: Mapping[str, Any]) -> Iterable[tuple[Mapping[str, Any], BaseGeometry]]:
    kind = data.get("type")
    if kind == "FeatureCollection":
        for feature in data.get("features") or ():
            yield from _features(feature)
    elif kind == "Feature":
        if data.get("geometry"):
            yield data.get("properties") or {}, shape(dict(data["geometry"]))
    elif kind is not None:
        yield {}, shape(dict(data))


# What each layer becomes ------------------------------------------------------------------------


@dataclass(frozen=True)
class TerrainTarget:
    """An area layer paints this terrain of the legend."""

    terrain_id: str


@dataclass(frozen=True)
class HexsideTarget:
    """A line layer runs along hexsides as this feature."""

    kind: HexsideKind


@dataclass(frozen=True)
class ConnectionTarget:
    """A line layer links the hexes it runs through with this road or railway class."""

    kind: ConnectionKind


Target = TerrainTarget | HexsideTarget | ConnectionTarget

_ROAD_WORDS = {
    "road": ConnectionKind.SECONDARY_ROAD,
    "highway": ConnectionKind.PRIMARY_ROAD,
    "motorway": ConnectionKind.PRIMARY_ROAD,
    "primary": ConnectionKind.PRIMARY_ROAD,
    "secondary": ConnectionKind.SECONDARY_ROAD,
    "track": ConnectionKind.TRAIL,
    "path": ConnectionKind.TRAIL,
    "rail": ConnectionKind.RAILROAD,
    "railway": ConnectionKind.RAILROAD,
}


def suggest_target(key: LayerKey, map_file: MapFile) -> Target | None:
    """A first guess for a layer from its name: a terrain id of the legend for areas, a
    hexside kind or road class for lines, else None (ignore).

    >>> from tests.tiny_title import tiny_map
    >>> suggest_target(LayerKey("area", "Forest"), tiny_map())
    TerrainTarget(terrain_id='forest')
    >>> suggest_target(LayerKey("line", "river"), tiny_map())
    HexsideTarget(kind=<HexsideKind.RIVER: 'river'>)
    >>> suggest_target(LayerKey("line", "road"), tiny_map())
    ConnectionTarget(kind=<ConnectionKind.SECONDARY_ROAD: 'secondary_road'>)
    """
    name = key.name.strip().lower().replace(" ", "_")
    if key.family == "area":
        ids = {terrain.id.lower(): terrain.id for terrain in map_file.terrain}
        return TerrainTarget(ids[name]) if name in ids else None
    if name in {kind.value for kind in HexsideKind}:
        return HexsideTarget(HexsideKind(name))
    if name in {kind.value for kind in ConnectionKind}:
        return ConnectionTarget(ConnectionKind(name))
    if name in _ROAD_WORDS:
        return ConnectionTarget(_ROAD_WORDS[name])
    return None


# Converting -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Conversion:
    """What an import changes on a map; only what differs from the map as it is."""

    terrain: dict[Offset, str]
    """The new terrain code of each hex whose terrain changes."""
    hexsides: dict[HexsideKind, list[EdgeKey]]
    """New hexside features by kind, each edge canonical, in reading order."""
    links: dict[ConnectionKind, list[Link]]
    """New road and rail links by class, in reading order of their slots."""

    @property
    def is_empty(self) -> bool:
        """Whether the import would change nothing."""
        return not (self.terrain or any(self.hexsides.values()) or any(self.links.values()))

    def summary(self) -> str:
        """One line for the preview, e.g. "12 hexes change terrain, 5 hexsides, 7 links"."""
        sides = sum(len(edges) for edges in self.hexsides.values())
        links = sum(len(found) for found in self.links.values())
        return (
            f"{_count(len(self.terrain), 'hex', 'hexes')} change terrain, "
            f"{_count(sides, 'hexside')}, {_count(links, 'link')}"
        )


def _count(number: int, noun: str, plural: str = "") -> str:
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


@dataclass
class HexShapes:
    """The on-map hexes of a grid placed on the GeoJSON coordinates, ready for queries."""

    offsets: list[Offset]
    polygons: npt.NDArray[np.object_]
    tree: shapely.STRtree

    @classmethod
    def build(cls, grid: Grid, placement: Placement) -> HexShapes:
        """Hex polygons from the layout corners of every hex of the grid."""
        offsets = [(column, row) for row in range(grid.height) for column in range(grid.width)]
        corners = np.array(
            [_UNIT.corners(grid.hex_at(column, row)) for column, row in offsets], dtype=float
        )
        polygons = np.asarray(shapely.polygons(placement.to_geo_array(corners)), dtype=object)
        return cls(offsets, polygons, shapely.STRtree(polygons))


def convert(
    map_file: MapFile,
    layers: Sequence[Layer],
    targets: Mapping[LayerKey, Target | None],
    placement: Placement,
    threshold: float = 0.5,
) -> Conversion:
    """The edits that import `layers` onto `map_file`, each layer as `targets` says (missing or
    None: ignored). A hex takes the terrain whose layers cover the largest share of it, when
    that share is at least `threshold`."""
    grid = Grid(map_file.width, map_file.height, map_file.shifted_columns)
    terrain_layers: dict[str, list[BaseGeometry]] = {}
    side_layers: dict[HexsideKind, list[BaseGeometry]] = {}
    road_layers: dict[ConnectionKind, list[BaseGeometry]] = {}
    for layer in layers:
        target = targets.get(layer.key)
        if isinstance(target, TerrainTarget) and layer.key.family == "area":
            terrain_layers.setdefault(target.terrain_id, []).extend(layer.geometries)
        elif isinstance(target, HexsideTarget) and layer.key.family == "line":
            side_layers.setdefault(target.kind, []).extend(layer.geometries)
        elif isinstance(target, ConnectionTarget) and layer.key.family == "line":
            road_layers.setdefault(target.kind, []).extend(layer.geometries)
    terrain = (
        terrain_by_coverage(map_file, grid, placement, terrain_layers, threshold)
        if terrain_layers
        else {}
    )
    hexsides = {
        kind: edges
        for kind, lines in side_layers.items()
        if (edges := _new_hexsides(map_file, grid, kind, crossed_edges(grid, placement, lines)))
    }
    links = {
        kind: found
        for kind, lines in road_layers.items()
        if (found := _new_links(map_file, grid, kind, walked_links(grid, placement, lines)))
    }
    return Conversion(terrain, hexsides, links)


def terrain_by_coverage(
    map_file: MapFile,
    grid: Grid,
    placement: Placement,
    areas: Mapping[str, Sequence[BaseGeometry]],
    threshold: float,
) -> dict[Offset, str]:
    """The new terrain code of each hex that the areas of one terrain id cover at least
    `threshold` of (the largest share wins), where that differs from the map."""
    shapes = HexShapes.build(grid, placement)
    hex_area = float(shapely.area(shapes.polygons[0]))
    codes = {terrain.id: terrain.code for terrain in map_file.terrain}
    best: dict[int, tuple[float, str]] = {}
    for terrain_id, geometries in areas.items():
        if terrain_id not in codes:
            raise ValueError(f"The map's legend has no terrain {terrain_id!r}")
        # Overlapping features of a layer must not count twice.
        covered = shapely.union_all(list(geometries))
        shapely.prepare(covered)
        found = shapes.tree.query(covered, predicate="intersects")
        inside = shapely.contains_properly(covered, shapes.polygons[found])
        shares = np.ones(len(found))
        edge = ~inside
        shares[edge] = (
            shapely.area(shapely.intersection(shapes.polygons[found[edge]], covered)) / hex_area
        )
        for number, share in zip(found.tolist(), shares.tolist(), strict=True):
            if share >= threshold and share > best.get(number, (0.0, ""))[0]:
                best[number] = (share, codes[terrain_id])
    changes: dict[Offset, str] = {}
    for number in sorted(best):
        column, row = shapes.offsets[number]
        code = best[number][1]
        if map_file.terrain_rows[row][column] != code:
            changes[(column, row)] = code
    return changes


def crossed_edges(grid: Grid, placement: Placement, lines: Sequence[BaseGeometry]) -> set[EdgeKey]:
    """The on-map hexsides whose two hexes the lines separate: a line crossing the segment
    between two neighbouring centres puts the edge between them (consecutive such edges share
    a corner, so a river becomes a chain of hexsides)."""
    if not lines:
        return set()
    keys: list[EdgeKey] = []
    segments: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for row in range(grid.height):
        for column in range(grid.width):
            center = _UNIT.center(grid.hex_at(column, row))
            for direction in CONNECTION_BITS:
                neighbour = grid.neighbor(column, row, direction)
                if grid.contains(*neighbour):
                    keys.append(grid.hexside_key(column, row, direction))
                    segments.append((center, _UNIT.center(grid.hex_at(*neighbour))))
    if not segments:
        return set()
    ends = placement.to_geo_array(np.array(segments, dtype=float))
    tree = shapely.STRtree(np.asarray(shapely.linestrings(ends), dtype=object))
    _, hits = tree.query(np.array(list(lines), dtype=object), predicate="intersects")
    return {keys[number] for number in hits.tolist()}


def walked_links(grid: Grid, placement: Placement, lines: Sequence[BaseGeometry]) -> set[Link]:
    """The links between neighbouring on-map hexes that the lines run through one after the
    other (where a line slips past a corner, the hexes between come from `Hex.line_to`)."""
    links: set[Link] = set()
    step = _WALK_STEP * placement.scale
    for line in lines:
        for part in shapely.get_parts(line).tolist():
            dense = shapely.segmentize(part, step)
            points = placement.to_layout_array(shapely.get_coordinates(dense))
            walk: list[Hex] = []
            for x, y in points.tolist():
                hex_ = _UNIT.hex_at_pixel(x, y)
                if walk and hex_ == walk[-1]:
                    continue
                walk.extend(walk[-1].line_to(hex_)[1:] if walk else [hex_])
            for a, b in itertools.pairwise(walk):
                start, end = grid.offset_of(a), grid.offset_of(b)
                if grid.contains(*start) and grid.contains(*end) and a.distance(b) == 1:
                    links.add((start, end))
    return links


def _new_hexsides(
    map_file: MapFile, grid: Grid, kind: HexsideKind, edges: set[EdgeKey]
) -> list[EdgeKey]:
    present = {
        grid.hexside_key(feature.hex[0], feature.hex[1], feature.side)
        for feature in map_file.hexsides
        if feature.kind is kind
    }
    order = list(Direction)
    return sorted(edges - present, key=lambda e: (e[0][1], e[0][0], order.index(e[1])))


def _new_links(map_file: MapFile, grid: Grid, kind: ConnectionKind, links: set[Link]) -> list[Link]:
    rows = map_file.connections.get(kind) or []
    found: dict[tuple[Offset, int], Link] = {}
    for a, b in links:
        (column, row), bit = grid.connection_slot(a, b)
        char = rows[row][column] if row < len(rows) and column < len(rows[row]) else "."
        if char.isdigit() and int(char) & bit:
            continue
        found.setdefault(((column, row), bit), (min(a, b), max(a, b)))
    return [found[slot] for slot in sorted(found, key=lambda s: (s[0][1], s[0][0], s[1]))]


def terrain_rows_after(map_file: MapFile, terrain: Mapping[Offset, str]) -> dict[int, str]:
    """The terrain rows a conversion changes, with their new text.

    >>> from tests.tiny_title import tiny_map
    >>> terrain_rows_after(tiny_map(), {(0, 0): "f", (5, 0): "v"})
    {0: 'f.f..v'}
    """
    by_row: dict[int, dict[int, str]] = {}
    for (column, row), code in terrain.items():
        by_row.setdefault(row, {})[column] = code
    rows: dict[int, str] = {}
    for row, columns in sorted(by_row.items()):
        chars = list(map_file.terrain_rows[row])
        for column, code in columns.items():
            chars[column] = code
        rows[row] = "".join(chars)
    return rows

"""Everything the files say about one hex, gathered for the status bar and the Hex Info dock:
terrain, elevation, the features on its six sides, roads and railways, names, the scenario's
overlays and marks, and the units standing there."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from editor.document import Document
from editor.map.content import RowBuckets
from editor.map.scenario_index import ScenarioIndex
from engine.hexgrid import Grid, opposite
from schemas.io import FileKind
from schemas.panzer_campaigns.map import (
    Crossing,
    FullHexFeature,
    HexsideFeature,
    PlaceName,
    TerrainType,
)
from schemas.panzer_campaigns.oob_index import UnitEntry
from schemas.panzer_campaigns.scenario import Placement, Reinforcement, SupplySource
from schemas.vocabulary import ConnectionKind, CrossingKind, Direction, HexsideKind

Offset = tuple[int, int]


@dataclass
class HexFacts:
    """What lies on one hex of the open scenario."""

    hex: Offset
    terrain: TerrainType | None
    """None when the hex's code is missing from the legend."""
    code: str
    elevation: int | None
    """Metres; None on a map without elevations."""
    places: list[PlaceName] = field(default_factory=list)
    hexsides: list[tuple[Direction, HexsideKind]] = field(default_factory=list)
    """Features along its edges, clockwise from Up."""
    crossings: list[tuple[Direction, CrossingKind]] = field(default_factory=list)
    connections: list[tuple[ConnectionKind, list[Direction]]] = field(default_factory=list)
    """Each road or rail class with the directions it leaves the hex in."""
    raised: list[Direction] = field(default_factory=list)
    full_hex: list[FullHexFeature] = field(default_factory=list)
    overlays: list[tuple[str, Any]] = field(default_factory=list)
    objectives: list[Any] = field(default_factory=list)
    sources: list[SupplySource] = field(default_factory=list)
    arrivals: list[tuple[Reinforcement, int | None]] = field(default_factory=list)
    units: list[tuple[Placement, UnitEntry | None]] = field(default_factory=list)


@dataclass
class _MapFeatures:
    grid: Grid
    hexsides: RowBuckets[HexsideFeature]
    crossings: RowBuckets[Crossing]
    full_hex: RowBuckets[FullHexFeature]
    places: RowBuckets[PlaceName]


def _hex_of(item: Any) -> Offset:
    column, row = item.hex
    return column, row


def _features(document: Document) -> _MapFeatures:
    def build() -> _MapFeatures:
        map_file = document.map
        return _MapFeatures(
            Grid(map_file.width, map_file.height, map_file.shifted_columns),
            RowBuckets.of(map_file.hexsides, _hex_of),
            RowBuckets.of(map_file.crossings, _hex_of),
            RowBuckets.of(map_file.full_hex_features, _hex_of),
            RowBuckets.of(map_file.places, _hex_of),
        )

    return document.cached(FileKind.MAP, "editor.map.hex_facts", build)


def scenario_index(document: Document) -> ScenarioIndex:
    """The scenario's contents by hex, rebuilt after scenario edits."""
    return document.cached(
        FileKind.SCENARIO, "editor.map.scenario_index", lambda: ScenarioIndex.of(document.scenario)
    )


def hex_facts(document: Document, hex_: Offset) -> HexFacts:
    """What the open scenario has on a hex (which must lie on the map)."""
    map_file = document.map
    column, row = hex_
    features = _features(document)
    grid = features.grid
    legend = {t.code: t for t in map_file.terrain}
    rows = map_file.terrain_rows
    code = rows[row][column] if row < len(rows) and column < len(rows[row]) else "?"
    facts = HexFacts(hex_, legend.get(code), code, _elevation(document, hex_))
    facts.places = features.places.at(hex_)
    facts.full_hex = features.full_hex.at(hex_)
    neighbours = dict(grid.neighbors(column, row))
    for direction in Direction:
        across = neighbours.get(direction)
        for feature in _edge_items(features.hexsides, hex_, direction, across):
            facts.hexsides.append((direction, feature.kind))
        for crossing in _edge_items(features.crossings, hex_, direction, across):
            facts.crossings.append((direction, crossing.kind))
    for kind, layer in map_file.connections.items():
        directions = _links(grid, layer, hex_, neighbours)
        if directions:
            facts.connections.append((kind, directions))
    facts.raised = _links(grid, map_file.raised, hex_, neighbours)
    index = scenario_index(document)
    facts.overlays = list(index.overlays.get(hex_, []))
    facts.overlays += [
        ("bridges", b)
        for b in index.bridges
        if tuple(b.hex) == hex_ or (b.side is not None and _names_edge(grid, b, hex_))
    ]
    facts.objectives = list(index.objectives.get(hex_, []))
    facts.sources = list(index.sources.get(hex_, []))
    facts.arrivals = list(index.arrivals.get(hex_, []))
    units = document.oob_index.units
    facts.units = [(p, units.get(p.unit)) for p in index.placements.get(hex_, [])]
    return facts


def _elevation(document: Document, hex_: Offset) -> int | None:
    column, row = hex_
    rows = document.map.elevation_rows
    if row >= len(rows):
        return None
    values = rows[row].split()
    try:
        return int(values[column])
    except (IndexError, ValueError):
        return None


def _edge_items(
    buckets: RowBuckets[Any], hex_: Offset, direction: Direction, across: Offset | None
) -> list[Any]:
    """Items on one edge of a hex, whichever of the two hexes names the edge."""
    found = [item for item in buckets.at(hex_) if item.side is direction]
    if across is not None:
        facing = opposite(direction)
        found += [item for item in buckets.at(across) if item.side is facing]
    return found


def _names_edge(grid: Grid, bridge: Any, hex_: Offset) -> bool:
    """Whether a hexside bridge overlay names an edge of `hex_` from the other side."""
    column, row = bridge.hex
    return grid.neighbor(column, row, bridge.side) == hex_


def _links(
    grid: Grid, layer: list[str], hex_: Offset, neighbours: dict[Direction, Offset]
) -> list[Direction]:
    """The directions in which a connection layer links a hex to its neighbours."""
    directions = []
    for direction, other in neighbours.items():
        (column, row), bit = grid.connection_slot(hex_, other)
        text = layer[row] if row < len(layer) else ""
        digit = text[column] if column < len(text) else "."
        if digit.isdigit() and int(digit) & bit:
            directions.append(direction)
    return directions

"""The pure GeoJSON converter on a small fixture: which hexes turn to forest, town and water,
which hexsides a river takes and which links a road makes, and that a map of the Ardennes'
size converts in about a second."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import shapely

from editor.geo.convert import (
    ConnectionTarget,
    HexsideTarget,
    Layer,
    LayerKey,
    Placement,
    TerrainTarget,
    convert,
    load_layers,
    suggest_target,
    terrain_rows_after,
)
from engine.hexgrid import Grid
from schemas.panzer_campaigns.map import HexsideFeature, MapFile, TerrainType
from schemas.vocabulary import ConnectionKind, Direction, HexsideKind

FIXTURE = Path(__file__).parent / "fixtures" / "small_geography.geojson"
PLACEMENT = Placement(origin_x=1000.0, origin_y=2000.0, hex_size=100.0)
"""Hex (0, 0) centred at (1000, 2000), hexes 100 m apart: the fixture is drawn for this."""

UP, UP_RIGHT, DOWN_RIGHT = Direction.UP, Direction.UP_RIGHT, Direction.DOWN_RIGHT


def small_map(**changes: object) -> MapFile:
    """An 8x6 map of clear terrain with forest, town and water in its legend."""
    fields: dict[str, object] = {
        "format_version": 2,
        "name": "Small",
        "width": 8,
        "height": 6,
        "hex_size_m": 100,
        "terrain": [
            TerrainType(id="clear", code=".", name="Clear"),
            TerrainType(id="forest", code="f", name="Forest"),
            TerrainType(id="town", code="t", name="Town"),
            TerrainType(id="water", code="w", name="Water", water=True),
        ],
        "terrain_rows": ["........"] * 6,
    }
    fields.update(changes)
    return MapFile.model_validate(fields)


def suggested(map_file: MapFile, layers: list[Layer]) -> dict[LayerKey, object]:
    return {layer.key: suggest_target(layer.key, map_file) for layer in layers}


def test_layers_group_by_geometry_and_kind() -> None:
    layers = load_layers(FIXTURE)
    assert [layer.key for layer in layers] == [
        LayerKey("area", "forest"),
        LayerKey("area", "town"),
        LayerKey("area", "water"),
        LayerKey("line", "power_line"),
        LayerKey("line", "river"),
        LayerKey("line", "road"),
    ]  # the church point is left out
    by_name = load_layers(FIXTURE, property_name="name")
    assert LayerKey("line", "Bach") in [layer.key for layer in by_name]


def test_suggestions_follow_the_legend_and_vocabulary() -> None:
    targets = suggested(small_map(), load_layers(FIXTURE))
    assert targets[LayerKey("area", "forest")] == TerrainTarget("forest")
    assert targets[LayerKey("area", "water")] == TerrainTarget("water")
    assert targets[LayerKey("line", "river")] == HexsideTarget(HexsideKind.RIVER)
    assert targets[LayerKey("line", "road")] == ConnectionTarget(ConnectionKind.SECONDARY_ROAD)
    assert targets[LayerKey("line", "power_line")] is None


def test_fixture_converts_to_exact_hexes_edges_and_links() -> None:
    map_file = small_map()
    layers = load_layers(FIXTURE)
    result = convert(map_file, layers, suggested(map_file, layers), PLACEMENT)

    assert result.terrain == {(1, 1): "f", (2, 2): "f", (5, 1): "t", (7, 4): "w"}
    assert terrain_rows_after(map_file, result.terrain) == {
        1: ".f...t..",
        2: "..f.....",
        4: ".......w",
    }
    # A river running east between rows 2 and 3 zigzags along the hexsides between them.
    assert result.hexsides == {
        HexsideKind.RIVER: [
            ((1, 2), DOWN_RIGHT),
            ((0, 3), UP),
            ((0, 3), UP_RIGHT),
            ((1, 3), UP),
            ((2, 3), UP),
            ((2, 3), UP_RIGHT),
            ((3, 3), UP),
        ]
    }
    grid = Grid(8, 6)
    edges = result.hexsides[HexsideKind.RIVER]
    assert all(grid.hexside_key(*hex_, side) == (hex_, side) for hex_, side in edges)
    # The road runs up right from (0, 4) through four hex centres.
    assert result.links == {
        ConnectionKind.SECONDARY_ROAD: [
            ((3, 2), (4, 2)),
            ((1, 3), (2, 3)),
            ((2, 3), (3, 2)),
            ((0, 4), (1, 3)),
        ]
    }
    assert result.summary() == "4 hexes change terrain, 7 hexsides, 4 links"


def test_ignored_layers_threshold_and_existing_features_change_nothing() -> None:
    layers = load_layers(FIXTURE)
    river = {LayerKey("line", "river"): HexsideTarget(HexsideKind.RIVER)}
    existing = HexsideFeature(hex=(0, 2), side=Direction.DOWN, kind=HexsideKind.RIVER)
    result = convert(small_map(hexsides=[existing]), layers, river, PLACEMENT)
    assert ((0, 3), UP) not in result.hexsides[HexsideKind.RIVER]  # already there, seen from below
    assert len(result.hexsides[HexsideKind.RIVER]) == 6
    assert not result.terrain
    assert not result.links

    forest = {LayerKey("area", "forest"): TerrainTarget("forest")}
    assert convert(small_map(), layers, forest, PLACEMENT, threshold=0.99).terrain == {}
    already = small_map(terrain_rows=["........", ".f......"] + ["........"] * 4)
    assert convert(already, layers, forest, PLACEMENT).terrain == {(2, 2): "f"}
    assert convert(small_map(), layers, {}, PLACEMENT).is_empty


def test_placement_moves_and_turns_the_grid() -> None:
    layers = load_layers(FIXTURE)
    town = {LayerKey("area", "town"): TerrainTarget("town")}
    # Shifting the grid one column spacing left puts the town under the next column.
    shifted = Placement(1000.0 - 86.60254, 2000.0 - 50.0, 100.0)
    assert convert(small_map(), layers, town, shifted).terrain == {(6, 1): "t"}
    turned = Placement(1000.0, 2000.0, 100.0, rotation=180.0)
    assert convert(small_map(), layers, town, turned).terrain == {}  # the map now lies west


def test_unknown_terrain_is_refused() -> None:
    layers = load_layers(FIXTURE)
    with pytest.raises(ValueError, match="no terrain 'marsh'"):
        convert(
            small_map(), layers, {LayerKey("area", "forest"): TerrainTarget("marsh")}, PLACEMENT
        )


def test_a_map_of_thousands_of_hexes_converts() -> None:
    # How long it takes is the benchmark's business; this checks the conversion is whole.
    width, height = 75, 80
    map_file = small_map(width=width, height=height, terrain_rows=["." * width] * height)
    rng = random.Random(1)
    spots = [(rng.uniform(0, 65000), rng.uniform(-80000, 0)) for _ in range(300)]
    woods = [shapely.Point(x, y).buffer(rng.uniform(500, 4000)) for x, y in spots]
    lines = [
        shapely.LineString([(rng.uniform(0, 65000), rng.uniform(-80000, 0)) for _ in range(20)])
        for _ in range(10)
    ]
    layers = [
        Layer(LayerKey("area", "forest"), woods),
        Layer(LayerKey("line", "river"), lines),
        Layer(LayerKey("line", "road"), lines),
    ]
    result = convert(map_file, layers, suggested(map_file, layers), Placement(0, 0, 1000))
    assert len(result.terrain) > 1000
    assert result.hexsides
    assert result.links

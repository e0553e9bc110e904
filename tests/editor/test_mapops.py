"""Resizing, cropping and new maps (editor.mapops): every layer follows its hexes, neighbours stay
neighbours across a stagger flip, and whatever falls off is reported."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from editor.mapops.new_map import DEFAULT_LEGEND, create_title, new_map
from editor.mapops.resize import Margins, resize_map, resize_map_reported, shift_scenario
from engine.hexgrid import Grid
from engine.panzer_campaigns.map_checks import check_map_geometry
from schemas.io import FileKind, dump_text, load_file, load_text
from schemas.panzer_campaigns.checks.map_layers import check_map
from schemas.panzer_campaigns.map import (
    CONNECTION_BITS,
    HexsideFeature,
    MapFile,
    PlaceName,
    TerrainType,
)
from schemas.title import load_scenario
from schemas.vocabulary import Direction
from tests.conftest import SAMPLE_DATA

ARDENNES = SAMPLE_DATA / "ardennes44"
SCENARIO = ARDENNES / "scenarios" / "road_to_bastogne.scenario.yaml"

Pair = frozenset[tuple[int, int]]


@pytest.fixture(scope="module")
def ardennes_map() -> MapFile:
    model = load_file(ARDENNES / "ardennes44.map.yaml").model
    assert isinstance(model, MapFile)
    return model


def links(map_file: MapFile, rows: list[str]) -> set[Pair]:
    """Every road or rail link as the pair of hexes it joins."""
    grid = Grid(map_file.width, map_file.height, map_file.shifted_columns)
    found = set()
    for row_number, row in enumerate(rows):
        for match in re.finditer("[1-7]", row):
            column = match.start()
            for direction, bit in CONNECTION_BITS.items():
                if int(match.group()) & bit:
                    found.add(
                        frozenset(
                            {(column, row_number), grid.neighbor(column, row_number, direction)}
                        )
                    )
    return found


def edges(map_file: MapFile, features: list[HexsideFeature]) -> set[tuple[Pair, str]]:
    """Each hexside feature as the pair of hexes it separates and its kind."""
    grid = Grid(map_file.width, map_file.height, map_file.shifted_columns)
    return {(frozenset({f.hex, grid.neighbor(*f.hex, f.side)}), f.kind.value) for f in features}


def moved_pair(pair: Pair, dx: int, dy: int) -> Pair:
    return frozenset((c + dx, r + dy) for c, r in pair)


@pytest.mark.parametrize(("left", "top"), [(2, -1), (1, -1), (-1, 2), (-3, 0), (3, 1)])
def test_every_layer_follows_its_hexes(ardennes_map: MapFile, left: int, top: int) -> None:
    old = ardennes_map
    resized = resize_map(old, left, top, 0, 0, fill_terrain="clear")

    assert (resized.width, resized.height) == (old.width + left, old.height + top)
    flipped = left % 2 == 1
    assert (resized.shifted_columns != old.shifted_columns) == flipped
    assert not [p for p in check_map(resized) if p.is_error]
    for row in range(old.height):
        for column in range(old.width):
            if 0 <= column + left < resized.width and 0 <= row + top < resized.height:
                assert (
                    resized.terrain_rows[row + top][column + left] == old.terrain_rows[row][column]
                )

    def on_new(pair: Pair) -> bool:
        return all(0 <= c < resized.width and 0 <= r < resized.height for c, r in pair)

    for kind, rows in old.connections.items():
        expected = {moved_pair(p, left, top) for p in links(old, rows)}
        kept = {p for p in expected if on_new(p)}
        # Links leaving the old map edge stay as they were; everything else keeps its two hexes.
        assert {p for p in links(resized, resized.connections[kind]) if on_new(p)} == kept
        assert kept, "the sample has roads of every class"
    expected_edges = {(moved_pair(p, left, top), k) for p, k in edges(old, old.hexsides)}
    assert edges(resized, resized.hexsides) == {
        (p, k)
        for p, k in expected_edges
        if any(0 <= c < resized.width and 0 <= r < resized.height for c, r in p)
    }
    new_places = {(p.name, p.hex) for p in resized.places}
    for place in old.places:
        moved = (place.hex[0] + left, place.hex[1] + top)
        if 0 <= moved[0] < resized.width and 0 <= moved[1] < resized.height:
            assert (place.name, moved) in new_places
    assert not [p for p in check_map_geometry(resized) if p.code == "MAP011"]


def test_crop_reports_what_falls_off(ardennes_map: MapFile) -> None:
    cropped, report = resize_map_reported(ardennes_map, Margins(right=-30, bottom=-40), "clear")

    assert (cropped.width, cropped.height) == (45, 40)
    gone = [p for p in ardennes_map.places if p.hex[0] >= 45 or p.hex[1] >= 40]
    assert gone
    lines = report.lines()
    for place in gone:
        assert f"Place: {place.name} at [{place.hex[0]}, {place.hex[1]}]: removed" in lines
    assert any(line.startswith("Hexside: ") for line in lines)
    assert any("links crossing the new map edge: cut" in line for line in lines)
    assert len(cropped.places) == len(ardennes_map.places) - len(gone)
    assert not check_map(cropped)
    assert not [p for p in check_map_geometry(cropped) if p.code == "MAP011"]


def test_edge_whose_hex_leaves_is_named_from_the_hex_that_stays() -> None:
    legend = [TerrainType(id="clear", code=".", name="Clear")]
    small = MapFile(
        format_version=2,
        name="Small",
        width=4,
        height=3,
        terrain=legend,
        terrain_rows=["...."] * 3,
        elevation_rows=["10 20 30 40", "11 21 31 41", "12 22 32 42"],
        hexsides=[HexsideFeature(hex=(0, 1), side=Direction.DOWN_RIGHT, kind="river")],
        places=[PlaceName(hex=(0, 0), name="Gone")],
    )
    cropped, report = resize_map_reported(small, Margins(left=-1, bottom=1, right=1), "clear")

    assert cropped.shifted_columns == "even"
    [river] = cropped.hexsides
    grid = Grid(cropped.width, cropped.height, cropped.shifted_columns)
    assert {river.hex, grid.neighbor(*river.hex, river.side)} == {(0, 1), (-1, 1)}
    assert report.lines() == ["Place: Gone at [0, 0]: removed"]
    # New hexes are as high as their nearest old neighbour: no cliff at the new edge.
    assert cropped.elevation_rows == ["20 30 40 40", "21 31 41 41", "22 32 42 42", "22 32 42 42"]


def test_resize_refuses_an_empty_map_or_unknown_fill(ardennes_map: MapFile) -> None:
    with pytest.raises(ValueError, match="1-4000"):
        resize_map(ardennes_map, -75, 0, 0, 0, fill_terrain="clear")
    with pytest.raises(ValueError, match="legend"):
        resize_map(ardennes_map, 1, 0, 0, 0, fill_terrain="lava")


def test_shift_scenario_moves_and_reports() -> None:
    bundle = load_scenario(SCENARIO)
    scenario = bundle.scenario.model
    dx, dy, width, height = -20, 3, 40, 83

    def stays(hex_: tuple[int, int]) -> bool:
        return 0 <= hex_[0] + dx < width and 0 <= hex_[1] + dy < height

    shifted, report = shift_scenario(scenario, dx, dy, width, height)
    lines = report.lines()

    kept = [p for p in scenario.placements if stays(p.hex)]
    assert 0 < len(kept) < len(scenario.placements)
    assert [(p.unit, p.hex) for p in shifted.placements] == [
        (p.unit, (p.hex[0] + dx, p.hex[1] + dy)) for p in kept
    ]
    for placement in scenario.placements:
        if not stays(placement.hex):
            hex_text = f"[{placement.hex[0]}, {placement.hex[1]}]"
            assert f"Placement: {placement.unit} at {hex_text}: now unplaced" in lines
    lost_objectives = [o for o in scenario.objectives if not stays(o.hex)]
    assert lost_objectives
    assert len(shifted.objectives) == len(scenario.objectives) - len(lost_objectives)
    assert sum(line.startswith("Objective: ") for line in lines) == len(lost_objectives)
    # Reinforcements are never lost: they arrive at the nearest hex of the new edge.
    assert len(shifted.reinforcements) == len(scenario.reinforcements)
    assert all(0 <= r.hex[0] < width and 0 <= r.hex[1] < height for r in shifted.reinforcements)
    lost_sources = [s for s in scenario.supply.sources if not stays(s.hex)]
    assert sum(line.startswith("Supply source: ") for line in lines) == len(lost_sources)
    overlays_before = sum(
        len(getattr(scenario.overlays, n)) for n in type(scenario.overlays).model_fields
    )
    overlays_after = sum(
        len(getattr(shifted.overlays, n)) for n in type(shifted.overlays).model_fields
    )
    assert overlays_before - overlays_after == sum(line.startswith("Overlay") for line in lines)
    assert overlays_before > 0


def test_new_map_round_trips_without_problems() -> None:
    blank = new_map("Blank", 12, 9, "even", base_terrain_id="forest")
    text = dump_text(blank)
    loaded = load_text(text, FileKind.MAP)
    assert loaded.ok
    assert loaded.model == blank
    assert not check_map(blank)
    assert blank.terrain == list(DEFAULT_LEGEND)
    assert set("".join(blank.terrain_rows)) == {"f"}


def test_new_map_takes_the_legend_and_hex_size_of_another_map() -> None:
    stoumont = load_file(next((SAMPLE_DATA / "stoumont44").glob("*.map.yaml"))).model
    blank = new_map("From Stoumont", 5, 5, legend_from=stoumont, base_terrain_id="orchard")
    assert [t.id for t in blank.terrain] == [t.id for t in stoumont.terrain]
    assert blank.hex_size_m == 250
    with pytest.raises(ValueError, match="legend"):
        new_map("Bad", 5, 5, base_terrain_id="water", legend_from=stoumont)


def test_create_title_makes_a_scenario_that_loads(tmp_path: Path) -> None:
    legend = load_file(ARDENNES / "ardennes44.map.yaml").model
    blank = new_map("Fresh", 20, 15, legend_from=legend)
    path = create_title(tmp_path / "fresh44", blank, template_scenario=SCENARIO, title="Fresh")

    bundle = load_scenario(path)
    assert bundle.is_complete
    assert not [p for p in bundle.problems if p.is_error]
    assert bundle.map.model == blank
    assert bundle.scenario.model.placements == []
    assert bundle.scenario.model.header.title == "Fresh"
    assert sorted(p.name for p in (tmp_path / "fresh44").iterdir()) == [
        "fresh44.map.yaml",
        "fresh44.oob.yaml",
        "fresh44.pdt.yaml",
        "fresh44.weather.yaml",
        "scenarios",
    ]
    with pytest.raises(FileExistsError):
        create_title(tmp_path / "fresh44", blank, template_scenario=SCENARIO, title="Again")

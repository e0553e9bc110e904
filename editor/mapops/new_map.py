"""A blank map of one terrain, and a new title folder built around it from an existing title's
order of battle, parameter data and weather."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from schemas.io import FileKind, dump_text, is_json, load_file
from schemas.panzer_campaigns.map import MAP_FORMAT_VERSION, MapFile, TerrainType
from schemas.panzer_campaigns.scenario import ScenarioFile
from schemas.save_journal import save_set
from schemas.title import SCENARIO_FOLDER

DEFAULT_LEGEND: tuple[TerrainType, ...] = (
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
        id="water", code="w", name="Water", landing_eliminates=True, water=True, color="#6f9fcf"
    ),
)
"""The Panzer Campaigns terrain of the sample titles, for a map started without a legend."""


def new_map(
    name: str,
    width: int,
    height: int,
    shifted: Literal["odd", "even"] = "odd",
    *,
    base_terrain_id: str | None = None,
    legend_from: MapFile | None = None,
) -> MapFile:
    """A flat map of `width` x `height` hexes all of terrain `base_terrain_id` (the legend's
    first entry by default), with the legend and hex size of `legend_from`, or the default
    legend and 1 km hexes. Raises ValueError for a terrain the legend lacks.

    >>> blank = new_map("Test", 3, 2, base_terrain_id="forest")
    >>> blank.terrain_rows
    ['fff', 'fff']
    """
    legend = list(legend_from.terrain) if legend_from is not None else list(DEFAULT_LEGEND)
    codes = {t.id: t.code for t in legend}
    base = base_terrain_id or legend[0].id
    if base not in codes:
        raise ValueError(f"'{base}' is not a terrain of the legend ({', '.join(codes)})")
    return MapFile(
        format_version=MAP_FORMAT_VERSION,
        name=name,
        width=width,
        height=height,
        shifted_columns=shifted,
        hex_size_m=legend_from.hex_size_m if legend_from is not None else 1000,
        terrain=legend,
        terrain_rows=[codes[base] * width] * height,
    )


def title_files(template_scenario: Path) -> dict[FileKind, Path]:
    """The title files a scenario references (map, OOB, parameters and weather if any)."""
    loaded = load_file(template_scenario, FileKind.SCENARIO)
    if loaded.model is None:
        raise ValueError(f"{template_scenario.name} does not load")
    files = loaded.model.files
    folder = template_scenario.parent
    found = {
        FileKind.MAP: folder / files.map,
        FileKind.OOB: folder / files.oob,
        FileKind.PARAMETERS: folder / files.parameters,
    }
    if files.weather is not None:
        found[FileKind.WEATHER] = folder / files.weather
    return {kind: Path(os.path.normpath(path)) for kind, path in found.items()}


def create_title(folder: Path, map_file: MapFile, *, template_scenario: Path, title: str) -> Path:
    """Make a new title folder around `map_file`: the map, copies of the template scenario's
    OOB, parameter data and weather, and an empty scenario (the template's header, nothing
    placed) in `scenarios/`; return the scenario's path.

    Files are named after the folder. Raises FileExistsError when the folder holds anything.
    """
    if folder.exists() and any(folder.iterdir()):
        raise FileExistsError(f"{folder} already holds files; choose an empty or new folder")
    template = load_file(template_scenario, FileKind.SCENARIO).model
    if not isinstance(template, ScenarioFile):
        raise ValueError(f"{template_scenario.name} does not load")
    sources = title_files(template_scenario)
    stem = folder.name
    folder.mkdir(parents=True, exist_ok=True)
    scenario_folder = folder / SCENARIO_FOLDER
    scenario_folder.mkdir()

    map_path = folder / f"{stem}.map.yaml"
    files = [(map_path, dump_text(map_file, as_json=is_json(map_path)))]
    references = {"map": _relative(map_path, scenario_folder)}
    for kind, attribute in (
        (FileKind.OOB, "oob"),
        (FileKind.PARAMETERS, "parameters"),
        (FileKind.WEATHER, "weather"),
    ):
        if kind not in sources:
            continue
        source = sources[kind]
        target = folder / (stem + "".join(source.suffixes[-2:]))
        files.append((target, source.read_bytes().decode("utf-8")))
        references[attribute] = _relative(target, scenario_folder)

    scenario = ScenarioFile(
        format_version=template.format_version,
        header=template.header.model_copy(update={"title": title, "description": ""}),
        files=template.files.model_copy(update=references),
    )
    scenario_path = scenario_folder / f"{stem}.scenario.yaml"
    files.append((scenario_path, dump_text(scenario)))
    save_set(files, folder)  # a crash leaves the whole new title or none of it
    return scenario_path


def _relative(path: Path, start: Path) -> str:
    return Path(os.path.relpath(path, start)).as_posix()

"""Deterministic generator of the large benchmark title that `python -m bench` measures.

`ensure_title(size)` returns the folder of a cached title (`bench/.cache/title-<size>/`),
generating it first when it is missing or was made by another generator version. The title is
a `size` x `size` map with rivers, roads, rail, towns, forests, rough, marsh, lakes and
elevation; an 8,000-unit OOB in a seven-level tree for both sides; parameter data; a weather
file; and one scenario with objectives, supply, reinforcements and placements. Map features
keep the same density at every size; the OOB and the scenario's lists keep the same counts.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import time
from collections import Counter
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from bench.mapgen import MapBuilder
from bench.oobgen import OobBuilder
from bench.scenariogen import ScenarioBuilder
from schemas.io import save_file
from schemas.panzer_campaigns.map import MapFile
from schemas.panzer_campaigns.oob import OobFile
from schemas.panzer_campaigns.parameters import ParameterFile
from schemas.panzer_campaigns.scenario import ScenarioFile
from schemas.panzer_campaigns.weather import WeatherFile
from schemas.title import validate_title
from schemas.vocabulary import MovementClass

GENERATOR_VERSION = 1
"""Bump whenever the generated title changes, so cached titles are regenerated."""

DEFAULT_SEED = 19441216
DEFAULT_SIZE = 500
CACHE_ROOT = Path(__file__).resolve().parent / ".cache"
STAMP_NAME = "stamp.json"

MAP_NAME = "bench.map.yaml"
OOB_NAME = "bench.oob.yaml"
PARAMETERS_NAME = "bench.pdt.yaml"
WEATHER_NAME = "bench.weather.yaml"
SCENARIO_NAME = "scenarios/bench.scenario.yaml"
TITLE_FILES = (MAP_NAME, OOB_NAME, PARAMETERS_NAME, WEATHER_NAME, SCENARIO_NAME)


# --- parameters and weather --------------------------------------------------------------------

_CLASSES = [c.value for c in MovementClass]


def _costs(*values: int) -> dict[str, int]:
    """Costs in MovementClass order: foot, ski, bicycle, horse, motorized, halftrack, tracked,
    naval, rail."""
    return dict(zip(_CLASSES, values, strict=True))


def _both(allied: int, axis: int) -> dict[str, int]:
    """A per-side value."""
    return {"allied": allied, "axis": axis}


def build_parameters() -> dict[str, Any]:
    """Parameter data covering every terrain, hexside kind, road class and movement class."""
    return {
        "format_version": 2,
        "name": "Benchmark parameters",
        "description": "Panzer Campaigns-like values for the generated benchmark title.",
        "movement": {
            "terrain": {
                "clear": _costs(2, 2, 2, 2, 2, 2, 2, -1, -1),
                "forest": _costs(4, 3, 6, 4, 8, 6, 5, -1, -1),
                "rough": _costs(4, 4, 6, 4, 8, 6, 5, -1, -1),
                "marsh": _costs(6, 5, -1, 6, -1, 12, 10, -1, -1),
                "water": _costs(-1, -1, -1, -1, -1, -1, -1, 1, -1),
                "village": _costs(2, 2, 2, 2, 2, 2, 2, -1, -1),
                "town": _costs(2, 2, 2, 2, 3, 3, 3, -1, -1),
                "city": _costs(3, 3, 3, 3, 4, 4, 4, -1, -1),
            },
            "hexsides": {
                "river": _costs(6, 6, 8, 6, -1, -1, -1, -1, -1),
                "stream": _costs(2, 2, 3, 2, 4, 3, 3, -1, -1),
                "escarpment": _costs(3, 3, 6, 4, -1, 8, 6, -1, -1),
            },
            "connections": {
                "primary_road": _costs(1, 1, 1, 1, 1, 1, 1, -1, -1),
                "secondary_road": _costs(1, 1, 1, 1, 2, 2, 2, -1, -1),
                "trail": _costs(2, 2, 2, 2, 3, 3, 3, -1, -1),
                "railroad": _costs(2, 2, 3, 3, 4, 4, 4, -1, 1),
            },
            "elevation_per_100m": 1,
            "ford": 2,
            "zoc_multiplier": 2.0,
            "condition_modifiers": {
                "soft": _costs(100, 100, 125, 110, 150, 125, 125, 100, 100),
                "mud": _costs(150, 150, 200, 150, 300, 200, 200, 100, 100),
                "snow": _costs(150, 100, 200, 150, 200, 150, 150, 100, 100),
                "frozen": _costs(100, 100, 100, 100, 100, 100, 100, 100, 100),
            },
            "night_disruption": 10,
            "vehicle_breakdown": 1.0,
        },
        "stacking": {
            "max_stacking": _both(3000, 3000),
            "road_stacking": _both(600, 600),
            "towed_guns": _both(4, 4),
        },
        "combat": {
            "indirect_modifier": _both(50, 50),
            "low_combat_value": 10,
            "high_combat_value": 60,
            "counterbattery": _both(100, 100),
            "artillery_setup": _both(50, 30),
            "stockpiling": _both(20, 20),
            "stockpiled_fire": 200,
            "rubble": 25,
        },
        "fortifications": {
            "improved_position": {"fire_modifier": -10},
            "trench": {"fire_modifier": -20},
            "bunker": {"fire_modifier": -40, "defense_bonus": 10},
            "pillbox": {"fire_modifier": -50, "defense_bonus": 15},
            "dig_in": _both(30, 40),
            "bunker_building": _both(5, 10),
        },
        "engineering": {
            "mine_laying": _both(30, 30),
            "bridge_building": _both(25, 15),
            "pontoon_bridge_turns": _both(4, 6),
            "wired_bridge": _both(70, 80),
            "light_bridge_defense": 20,
            "medium_bridge_defense": 40,
            "heavy_bridge_defense": 60,
        },
        "supply": {"rail_capacity": _both(4000, 2500), "refuel": 50},
        "air": {
            "availability": _both(60, 30),
            "interception": _both(10, 40),
            "interdiction": _both(5, 20),
            "low_visibility_reduction": {"1": 100, "2": 75, "3": 50, "4": 25},
        },
        "deception": {
            "range": _both(3, 3),
            "radius": _both(2, 2),
            "effect": _both(10, 10),
            "damage": _both(20, 20),
            "detect": _both(25, 25),
        },
        "spotting": {"dust_spotting": _both(20, 20)},
        "recovery": {
            "rest": 20,
            "unit_recovery": _both(2, 2),
            "frozen_penalty": _both(20, 20),
        },
    }


def build_weather(rng: random.Random) -> dict[str, Any]:
    """Weekly programmed weather through a winter campaign."""
    rows = []
    day = date(1944, 12, 1)
    for week in range(10):
        frozen = min(50, 10 + 5 * week + rng.randint(0, 10))
        snow = rng.randint(5, 15)
        mud = rng.randint(0, 10)
        soft = rng.randint(5, 15)
        normal = 100 - frozen - snow - mud - soft
        low = rng.randint(2, 4)
        row = {
            "date": (day + timedelta(days=7 * week)).isoformat(),
            "normal": normal,
            "soft": soft,
            "mud": mud,
            "snow": snow,
            "frozen": frozen,
            "visibility_min": low,
            "visibility_max": low + rng.randint(4, 10),
        }
        if week % 3:
            row["storm"] = rng.randint(5, 20)
        rows.append(row)
    return {
        "format_version": 2,
        "name": "Benchmark winter weather",
        "description": "Generated weekly rows: frost setting in through December and January.",
        "rows": rows,
    }


# --- writing and caching -----------------------------------------------------------------------


def title_folder(size: int) -> Path:
    """Where the title of one size is cached."""
    return CACHE_ROOT / f"title-{size}"


def read_stamp(folder: Path) -> dict[str, Any] | None:
    """The stamp a finished generation left in `folder`, or None."""
    try:
        stamp = json.loads((folder / STAMP_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return stamp if isinstance(stamp, dict) else None


def is_current(folder: Path, size: int, seed: int) -> bool:
    """Whether `folder` holds every file of a title this generator version made for size/seed."""
    stamp = read_stamp(folder)
    return (
        stamp is not None
        and stamp.get("generator_version") == GENERATOR_VERSION
        and stamp.get("size") == size
        and stamp.get("seed") == seed
        and all((folder / name).is_file() for name in TITLE_FILES)
    )


def _write(models: dict[str, BaseModel], folder: Path) -> None:
    """Save every model with `schemas.io.save_file`, as the editor saves them."""
    for name, model in models.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        save_file(model, path)


def _problem_summary(folder: Path) -> dict[str, int]:
    """Problems that validating the title finds, counted by severity and code."""
    problems = validate_title(folder).problems
    return dict(Counter(f"{p.severity.value} {p.code}" for p in problems))


def generate_title(size: int, seed: int = DEFAULT_SEED, folder: Path | None = None) -> Path:
    """Generate the title of `size` into `folder` (the cache by default) and stamp it."""
    folder = folder or title_folder(size)
    started = time.perf_counter()
    map_data, map_info = MapBuilder(size, random.Random(f"{seed}-map-{size}")).build()
    print(f"  map built        {time.perf_counter() - started:6.1f} s")
    oob_data, oob_info = OobBuilder(random.Random(f"{seed}-oob")).build()
    files = {
        "map": f"../{MAP_NAME}",
        "oob": f"../{OOB_NAME}",
        "parameters": f"../{PARAMETERS_NAME}",
        "weather": f"../{WEATHER_NAME}",
    }
    scenario_rng = random.Random(f"{seed}-scenario-{size}")
    scenario_data = ScenarioBuilder(scenario_rng, map_info, oob_info).build(files)
    print(f"  OOB and scenario {time.perf_counter() - started:6.1f} s")
    models: dict[str, BaseModel] = {
        MAP_NAME: MapFile.model_validate(map_data),
        OOB_NAME: OobFile.model_validate(oob_data),
        PARAMETERS_NAME: ParameterFile.model_validate(build_parameters()),
        WEATHER_NAME: WeatherFile.model_validate(build_weather(random.Random(f"{seed}-weather"))),
        SCENARIO_NAME: ScenarioFile.model_validate(scenario_data),
    }
    staging = folder.with_name(folder.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    _write(models, staging)
    print(f"  written          {time.perf_counter() - started:6.1f} s")
    seconds = round(time.perf_counter() - started, 2)
    stamp = {
        "generator_version": GENERATOR_VERSION,
        "size": size,
        "seed": seed,
        "seconds": seconds,
        "units": len(oob_info.units),
        "problems": _problem_summary(staging),
    }
    (staging / STAMP_NAME).write_text(json.dumps(stamp, indent=2) + "\n", encoding="utf-8")
    shutil.rmtree(folder, ignore_errors=True)
    staging.rename(folder)
    return folder


def ensure_title(size: int, seed: int = DEFAULT_SEED, regenerate: bool = False) -> Path:
    """The cached title of `size`, generated first (in a child process) when needed.

    The child process keeps the generator's memory out of the peak the benchmark reports.
    """
    folder = title_folder(size)
    if regenerate or not is_current(folder, size, seed):
        command = [sys.executable, "-m", "bench.generate", "--size", str(size), "--seed", str(seed)]
        subprocess.run(command, check=True, cwd=Path(__file__).resolve().parent.parent)
    return folder


def main(argv: list[str] | None = None) -> int:
    """`python -m bench.generate [--size N] [--seed S]`: generate and cache one title."""
    parser = argparse.ArgumentParser(prog="python -m bench.generate", description=__doc__)
    parser.add_argument("--size", type=int, default=DEFAULT_SIZE, help="map width and height")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", type=Path, default=None, help="folder (default: the cache)")
    args = parser.parse_args(argv)
    print(f"generating the {args.size}x{args.size} benchmark title (seed {args.seed})")
    folder = generate_title(args.size, args.seed, args.out)
    stamp = read_stamp(folder) or {}
    print(f"  -> {folder} in {stamp.get('seconds')} s")
    for problem, count in sorted(stamp.get("problems", {}).items()):
        print(f"  validation: {count:5d} x {problem}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

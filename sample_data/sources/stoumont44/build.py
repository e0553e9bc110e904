"""Builds the Panzer Battles sample title `sample_data/stoumont44/` (Kampfgruppe Peiper at Stoumont
and La Gleize, December 1944) from the hand-written sources beside this script.

Run `python sample_data/sources/stoumont44/build.py` from anywhere; its only randomness is seeded,
so every run writes the same bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

SOURCES = Path(__file__).resolve().parent
ROOT = SOURCES.parents[2]
# The shared mapkit is imported by its place in the repository, like the project's packages.
sys.path.insert(0, str(ROOT))

from mapgen import build_map  # noqa: E402
from oobgen import build_oob  # noqa: E402
from paramgen import build_parameters, build_weather  # noqa: E402
from scengen import build_scenario  # noqa: E402

from sample_data.sources.mapkit import read_source  # noqa: E402
from schemas.io import save_file  # noqa: E402
from schemas.panzer_campaigns.scenario import TitleFiles  # noqa: E402

OUT = ROOT / "sample_data" / "stoumont44"
NAME = "stoumont44"


def main() -> None:
    geo = read_source(SOURCES, "geography.yaml")
    forces = read_source(SOURCES, "forces.yaml")
    scenarios = read_source(SOURCES, "scenarios.yaml")

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
    files = TitleFiles(
        map=f"../{NAME}.map.yaml",
        oob=f"../{NAME}.oob.yaml",
        parameters=f"../{NAME}.pdt.yaml",
        weather=f"../{NAME}.weather.yaml",
    )
    for source in scenarios["scenarios"]:
        scenario, moves = build_scenario(
            source, scenarios["day_schedule"], built, oob, parameters, files=files
        )
        save_file(scenario, OUT / "scenarios" / f"{source['file']}.scenario.yaml")
        for move in moves:
            print(f"{source['file']}: moved {move}")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

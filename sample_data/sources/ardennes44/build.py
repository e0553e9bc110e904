"""Rebuilds the sample title `sample_data/ardennes44/` from the hand-written sources beside this
script (`.venv/bin/python sample_data/sources/ardennes44/build.py`), the same bytes every time.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

SOURCES = Path(__file__).resolve().parent
ROOT = SOURCES.parents[2]
# The shared mapkit is imported by its place in the repository, like the project's packages.
sys.path.insert(0, str(ROOT))

from mapgen import Geography, MapBuilder  # noqa: E402
from oobgen import OobBuilder  # noqa: E402
from scengen import ScenarioBuilder  # noqa: E402

from sample_data.sources.mapkit import read_source  # noqa: E402
from schemas.io import save_file  # noqa: E402
from schemas.panzer_campaigns.parameters import ParameterFile  # noqa: E402
from schemas.panzer_campaigns.weather import WeatherFile  # noqa: E402

TITLE = ROOT / "sample_data" / "ardennes44"
NAME = "ardennes44"

MAP_DESCRIPTION = (
    "The Ardennes from the Amblève to the Sûre (about 50.53N-49.82N, 5.55E-6.45E): St. Vith, "
    "Bastogne, Houffalize, Clervaux, Wiltz, Diekirch, Ettelbruck, Stavelot, Trois-Ponts, "
    "Vielsalm, La Roche and the Westwall on the Our. 1 km hexes, odd columns shifted down. "
    "Town positions and river courses traced by hand from public maps and river data "
    "(sources, confluences and their heights); roads and railways follow the 1944 network in "
    "outline; forests are generalised blocks plus the wooded valley sides, derived from the "
    "slope of an elevation surface interpolated between spot heights and carved down to the "
    "river levels. Rivers run along hex edges between the hexes their course separates; a "
    "bridge stands wherever a road or railway crosses one, heavy on primary roads. Simplified "
    "for a sample title: good to about a kilometre, not a survey. Built by "
    "sample_data/sources/ardennes44/build.py from geography.yaml."
)
OOB_DESCRIPTION = (
    "VIII Corps and its reinforcements against the 5. Panzerarmee, the 7. Armee's LXXXV. "
    "Armeekorps and Kampfgruppe Peiper, 16-24 December 1944, at battalion level. Formations "
    "after H. M. Cole, The Ardennes: Battle of the Bulge (US Army in World War II, 1965). "
    "Strengths are rounded establishment figures, trimmed where a unit is known to have been "
    "short; attack, defense and movement values are judgement calibrated on the worked "
    "examples of the Panzer Campaigns manual, not data from the commercial game. Simplified "
    "for a sample: one counter per battalion, artillery regiments shown as their battalions, "
    "the northern shoulder (V Corps, I. SS-Panzerkorps except Peiper) left out. Built from "
    "oob.yaml and unit_types.yaml."
)
PDT_DESCRIPTION = (
    "Parameter data for 1 km hexes and 2-hour turns in a wet, wooded December. Values the "
    "Panzer Campaigns manual states (LCV 50 / HCV 250, 2% unit recovery, 30% refuel, infantry "
    "effectiveness 70% -> 90%) are used as given; the others are judgement, explained in "
    "parameters.yaml. Simplified for a sample title."
)


def build(report: bool = False) -> list[Path]:
    """Build every file of the title; returns the paths written."""
    geography = Geography.from_data(read_source(SOURCES, "geography.yaml"))
    built_map = MapBuilder(geography, MAP_DESCRIPTION).build()
    types = read_source(SOURCES, "unit_types.yaml")["types"]
    oob = OobBuilder(types, "Ardennes, 16-24 December 1944", OOB_DESCRIPTION).build(
        read_source(SOURCES, "oob.yaml")
    )
    parameters = ParameterFile(
        format_version=2, description=PDT_DESCRIPTION, **read_source(SOURCES, "parameters.yaml")
    )
    weather = WeatherFile(format_version=2, **read_source(SOURCES, "weather.yaml"))

    written = []
    (TITLE / "scenarios").mkdir(parents=True, exist_ok=True)
    for model, name in (
        (built_map.model, f"{NAME}.map.yaml"),
        (oob.model, f"{NAME}.oob.yaml"),
        (parameters, f"{NAME}.pdt.yaml"),
        (weather, f"{NAME}.weather.yaml"),
    ):
        save_file(model, TITLE / name)
        written.append(TITLE / name)
    for source in sorted((SOURCES / "scenarios").glob("*.yaml")):
        spec = read_source(SOURCES, f"scenarios/{source.name}")
        scenario = ScenarioBuilder(spec, geography, built_map, oob, parameters).build()
        path = TITLE / "scenarios" / f"{spec['file']}.scenario.yaml"
        save_file(scenario, path)
        written.append(path)
    if report:
        print("\n".join(built_map.report))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", action="store_true", help="print terrain and bridge notes")
    args = parser.parse_args(argv)
    for path in build(report=args.report):
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())

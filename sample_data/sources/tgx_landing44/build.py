"""Builds the Tactical GameX landing sample `sample_data/tgx_landing44/` (a Panzer Leader-style
beach landing at Utah Beach, 6 June 1944) from the hand-written sources beside this script: a
sea-and-beach panel and an inland panel, the unit-type library, the ruleset tables (sample data,
and the files say so) and one situation with its landing, naval support and setup allotments.

Panels are drawn as the steppe sample's are, by its `build_panel`, and the tables take its
sample Action Deck, so Battlefield Chaos [003 24] may be switched on here too. Run
`python sample_data/sources/tgx_landing44/build.py`; every run writes the same bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

SOURCES = Path(__file__).resolve().parent
ROOT = SOURCES.parents[2]
sys.path.insert(0, str(ROOT))

from sample_data.sources.mapkit import read_source  # noqa: E402
from sample_data.sources.tgx_steppe43.build import (  # noqa: E402
    action_deck,
    build_panel,
    write_situation,
)
from schemas.io import save_file  # noqa: E402
from schemas.tactical_gamex.tables import RulesetTables  # noqa: E402
from schemas.tactical_gamex.unit_types import UnitTypeLibrary  # noqa: E402

OUT = ROOT / "sample_data" / "tgx_landing44"
RULESET = "tactical_gamex"


def main() -> None:
    panels = read_source(SOURCES, "panels.yaml")["panels"]
    units = read_source(SOURCES, "units.yaml")
    tables = read_source(SOURCES, "tables.yaml")
    situation = read_source(SOURCES, "situation.yaml")
    (OUT / "scenarios").mkdir(parents=True, exist_ok=True)
    for source in panels:
        save_file(build_panel(source), OUT / f"panel-{source['id'].lower()}.panel.yaml")
    library = UnitTypeLibrary.model_validate({"format_version": 1, "ruleset": RULESET, **units})
    save_file(library, OUT / "landing44.units.yaml")
    charts = RulesetTables.model_validate(
        {"format_version": 1, "ruleset": RULESET, **tables, "action_deck": action_deck()}
    )
    save_file(charts, OUT / "sample.tables.yaml")
    write_situation(OUT, situation, "landing44.units.yaml")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

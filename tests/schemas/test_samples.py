"""The bundled sample titles: every file validates with no problem, round-trips byte for byte,
matches its JSON Schema, and each title holds what the sample is meant to show."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from engine.panzer_campaigns.validation import validate_paths
from schemas.io import FileKind, dump_text, load_file, to_data
from schemas.jsonschema import generate
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.problems import Severity
from schemas.title import discover
from tests.conftest import SAMPLE_TITLES

SAMPLE_FILES = [path for title in SAMPLE_TITLES for path in discover(title)]


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def test_there_are_sample_titles_of_both_rulesets() -> None:
    rulesets = set()
    for title in SAMPLE_TITLES:
        for path in discover(title):
            if FileKind.from_path(path) is FileKind.SCENARIO:
                rulesets.add(load_file(path).model.header.ruleset.value)
    assert rulesets == {"panzer_campaigns", "panzer_battles"}


INTENDED_WARNINGS = {
    # The two battalions of the 110th Infantry in and around Clervaux on the morning of the
    # 17th, cut off by the 2. Panzer-Division: the scenario starts them Isolated on purpose.
    ("road_to_bastogne.scenario.yaml", "SETUP021", "us.28id.110ir.1bn"),
    ("road_to_bastogne.scenario.yaml", "SETUP021", "us.28id.110ir.3bn"),
}
"""Warnings the sample scenarios are meant to give, beyond Detached units (SETUP015): the
December 1944 fronts were held thinly, with battalions and batteries beyond their HQs' ranges
as in the games' own scenarios."""


@pytest.mark.parametrize("title", SAMPLE_TITLES, ids=lambda p: p.name)
def test_sample_title_has_no_problems_but_intended_warnings(title: Path) -> None:
    report = validate_paths([title])
    assert [p.format() for p in report.problems if p.is_error] == []
    warnings = {
        (Path(p.file or "").name, p.code, p.object_id)
        for p in report.problems
        if p.severity is Severity.WARNING and p.code != "SETUP015"
    }
    intended = {w for w in INTENDED_WARNINGS if (title / "scenarios" / w[0]).exists()}
    assert warnings == intended
    assert report.bundles
    assert all(bundle.is_complete for bundle in report.bundles)


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=_id)
def test_sample_file_round_trips_byte_for_byte(path: Path) -> None:
    loaded = load_file(path)
    assert loaded.ok
    assert dump_text(loaded.model) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=_id)
def test_sample_file_matches_its_json_schema(path: Path) -> None:
    loaded = load_file(path)
    schema = generate(loaded.kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(json.loads(json.dumps(to_data(loaded.model))), schema)


def _ardennes():
    title = next(t for t in SAMPLE_TITLES if t.name == "ardennes44")
    return [load_file(p) for p in discover(title)]


def test_ardennes_title_is_as_large_and_varied_as_promised() -> None:
    files = {f.kind: f for f in _ardennes() if f.kind is not FileKind.SCENARIO}
    scenarios = [f.model for f in _ardennes() if f.kind is FileKind.SCENARIO]
    map_file = files[FileKind.MAP].model
    assert map_file.width >= 60
    assert map_file.height >= 40
    assert map_file.hex_size_m == 1000
    legend = {t.id: t for t in map_file.terrain}
    used = {legend_code for row in map_file.terrain_rows for legend_code in row}
    assert any(t.urban and t.code in used for t in legend.values())
    assert any(t.blocks_los and not t.urban and t.code in used for t in legend.values())
    assert {h.kind.value for h in map_file.hexsides} >= {"river"}
    crossing_kinds = {c.kind.value for c in map_file.crossings}
    assert "ford" in crossing_kinds
    assert any(k.endswith("_bridge") for k in crossing_kinds)
    assert {k.value for k in map_file.connections} >= {"primary_road", "railroad"}

    index = OobIndex.from_oob(files[FileKind.OOB].model)
    assert len(index.units) >= 150
    assert {e.side.value for e in index.units.values()} == {"allied", "axis"}
    depth = max(len([p for p in e.path if p == "children"]) for e in index.units.values())
    assert depth + 1 >= 5  # organization levels above the deepest unit, counted with it
    assert any(o.organization.hq for o in index.organizations.values())

    assert len(scenarios) >= 2
    kinds = {o.kind for s in scenarios for o in s.objectives}
    assert len(kinds) >= 2
    reinforcements = [r for s in scenarios for r in s.reinforcements]
    assert any(r.kind.value in ("parachute", "glider") for r in reinforcements)
    assert any(s.supply.sources and s.supply.variations for s in scenarios)
    assert any(s.releases and any(p.fixed for p in s.placements) for s in scenarios)
    assert any(s.withdrawals for s in scenarios)
    assert all(s.files.weather for s in scenarios)

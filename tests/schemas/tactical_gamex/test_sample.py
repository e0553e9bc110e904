"""The Tactical GameX sample title: it validates with no problem, every file round-trips byte
for byte and matches its JSON Schema, and it holds what part 1 promises a designer."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from editor.cli import main
from engine.panzer_campaigns.validation import validate_paths
from schemas.io import FileKind, dump_text, load_file, load_text, to_data
from schemas.jsonschema import generate
from schemas.tactical_gamex.vocabulary import Terrain
from schemas.title import discover
from tests.conftest import TGX_SAMPLE_TITLES
from tests.tiny_title import tiny_scenario

FILES = [path for title in TGX_SAMPLE_TITLES for path in discover(title)]


def test_there_is_a_tactical_gamex_sample_title() -> None:
    assert [t.name for t in TGX_SAMPLE_TITLES] == ["tgx_steppe43"]
    kinds = sorted(FileKind.from_path(p).value for p in FILES)  # type: ignore[union-attr]
    assert kinds == ["panel", "panel", "situation", "tables", "units"]


@pytest.mark.parametrize("title", TGX_SAMPLE_TITLES, ids=lambda p: p.name)
def test_the_sample_validates_with_no_problem(title: Path, capsys) -> None:
    report = validate_paths([title])
    assert [p.format() for p in report.problems] == []
    [situation] = report.situations
    assert situation.is_complete
    assert main(["validate", str(title)]) == 0
    assert "0 error(s), 0 warning(s)" in capsys.readouterr().err


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_sample_file_round_trips_and_matches_its_json_schema(path: Path) -> None:
    loaded = load_file(path)
    assert loaded.ok
    assert dump_text(loaded.model) == path.read_text(encoding="utf-8")
    jsonschema.validate(json.loads(json.dumps(to_data(loaded.model))), generate(loaded.kind))


def test_the_sample_holds_what_a_designer_needs_to_see() -> None:
    [title] = TGX_SAMPLE_TITLES
    report = validate_paths([title])
    [bundle] = report.situations
    situation, board = bundle.model, bundle.board
    assert situation is not None
    assert board is not None
    assert len(situation.board.panels) >= 2
    assert any(p.rotated for p in situation.board.panels)
    assert {s.side.value for s in situation.sides} == {"allied", "axis"}
    assert all(n.morale_level and n.counters for s in situation.sides for n in s.nations)
    assert {a.side for a in situation.setup_areas} == {s.side for s in situation.sides}
    assert {c.kind for c in situation.victory.conditions} >= {"control_hexes", "exit_units"}
    assert any(c.sudden_death for c in situation.victory.conditions)
    assert situation.reinforcements
    assert situation.oba
    assert situation.aircraft
    # The board shows what B.2-B.3 describe: hill levels, slopes, a stream with a bridge and a
    # ford, roads through a seam hex.
    assert max(board.level) == 2
    assert any("slope" in kinds for kinds in board.hexsides.values())
    assert {k.value for f in board.features.values() for k in f} == {"bridge", "ford"}
    assert Terrain.STREAM in board.terrain
    seam = board.hex_of("A M3")
    assert seam is not None
    assert board.addresses[seam] == ("A M3", "B M8")
    assert seam in board.road_hexes


def test_the_sample_tables_and_counters_say_they_are_sample_data() -> None:
    [title] = TGX_SAMPLE_TITLES
    for pattern in ("*.tables.yaml", "*.units.yaml", "*.panel.yaml"):
        for path in title.glob(pattern):
            assert "sample data" in load_file(path).model.description.lower(), path


def test_a_panzer_scenario_reads_a_hyphenated_ruleset_and_refuses_tactical_gamex() -> None:
    text = dump_text(tiny_scenario())
    assert "ruleset: panzer_campaigns" in text
    hyphenated = load_text(text.replace("panzer_campaigns", "panzer-campaigns"), FileKind.SCENARIO)
    assert hyphenated.ok
    assert dump_text(hyphenated.model) == text
    refused = load_text(text.replace("panzer_campaigns", "tactical_gamex"), FileKind.SCENARIO)
    assert not refused.ok
    assert any(".situation.yaml" in p.message for p in refused.problems)

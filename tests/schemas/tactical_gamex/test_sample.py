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


def test_there_are_the_tactical_gamex_sample_titles() -> None:
    assert [t.name for t in TGX_SAMPLE_TITLES] == ["tgx_landing44", "tgx_steppe43"]
    for title in TGX_SAMPLE_TITLES:
        kinds = sorted(FileKind.from_path(p).value for p in discover(title))  # type: ignore[union-attr]
        assert kinds == ["panel", "panel", "situation", "tables", "units"], title.name


def _bundle(name: str):
    [title] = [t for t in TGX_SAMPLE_TITLES if t.name == name]
    [bundle] = validate_paths([title]).situations
    assert bundle.model is not None
    assert bundle.board is not None
    return bundle


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


@pytest.mark.parametrize("title", TGX_SAMPLE_TITLES, ids=lambda p: p.name)
def test_every_sample_has_two_panels_two_sides_and_victory_by_hexes_and_exit(title: Path) -> None:
    situation = _bundle(title.name).model
    assert len(situation.board.panels) >= 2
    assert {s.side.value for s in situation.sides} == {"allied", "axis"}
    assert all(n.morale_level and n.counters for s in situation.sides for n in s.nations)
    assert {c.kind for c in situation.victory.conditions} >= {"control_hexes", "exit_units"}
    assert situation.reinforcements


def test_the_steppe_sample_holds_what_a_designer_needs_to_see() -> None:
    bundle = _bundle("tgx_steppe43")
    situation, board = bundle.model, bundle.board
    assert any(p.rotated for p in situation.board.panels)
    assert {a.side for a in situation.setup_areas} == {s.side for s in situation.sides}
    assert any(c.sudden_death for c in situation.victory.conditions)
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


def test_the_landing_sample_holds_a_beach_landing() -> None:
    """Sea and beach on one panel with the road inland from the beach, bocage, a village and a
    hill on the other; LVTs and DUKWs with cargo, DD tanks with a sink chance, naval support of
    both modes, and the defender's barriers placed in the setup [003 10.0-10.5]."""
    bundle = _bundle("tgx_landing44")
    situation, board = bundle.model, bundle.board
    terrain: dict[str, set[Terrain]] = {"A": set(), "B": set()}
    for spot, addresses in board.addresses.items():
        for address in addresses:
            terrain[address[0]].add(board.terrain_at(*spot))
    assert {Terrain.SEA, Terrain.BEACH, Terrain.SWAMP} <= terrain["A"]
    assert {Terrain.TOWN, Terrain.WOODS} <= terrain["B"]
    assert Terrain.SEA not in terrain["B"]
    assert max(board.level) == 2
    assert any("wooded" in kinds for kinds in board.hexsides.values())  # the hedgerows
    beach = board.hex_of("A J5")
    assert beach in board.road_hexes
    assert board.terrain_at(*beach) is Terrain.BEACH
    landing = situation.amphibious
    assert landing is not None
    assert landing.dd_sink_chance > 0
    types = {c.id: c.type for s in situation.sides for n in s.nations for c in n.counters}
    craft = {types[c.counter].split(".")[1]: len(c.cargo) for c in landing.craft}
    assert craft == {"lvt": 2, "dukw": 1, "sherman_dd": 0}
    assert {n.mode for n in situation.naval} == {"oba", "direct"}
    assert {a.kind for a in situation.allotments} >= {"mines", "improved_position", "fortification"}
    assert all(a.side.value == "axis" for a in situation.allotments)
    assert {c.kind for c in situation.victory.conditions} == {
        "control_hexes",
        "exit_units",
        "destroy",
    }


@pytest.mark.parametrize("title", TGX_SAMPLE_TITLES, ids=lambda p: p.name)
def test_the_sample_tables_and_counters_say_they_are_sample_data(title: Path) -> None:
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

"""`hexwright play` and `hexwright supply` as a designer's CI runs them on the sample scenarios:
every scenario plays to its end, a seed always gives the same report, and the report shows the
reinforcements arriving where and when the scenario says."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli import main
from engine.panzer_campaigns.clock import TurnClock
from schemas.io import load_file
from schemas.panzer_campaigns.scenario import ArrivalKind, ScenarioFile
from tests.conftest import REPO, SAMPLE_DATA, SAMPLE_TITLES

SAMPLE_SCENARIOS = sorted(p for t in SAMPLE_TITLES for p in (t / "scenarios").glob("*.yaml"))


def _play_json(
    scenario: Path, seed: int, capsys: pytest.CaptureFixture[str], *options: str
) -> dict:
    assert main(["play", str(scenario), "--seed", str(seed), "--json", *options]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("scenario", SAMPLE_SCENARIOS, ids=lambda p: p.stem)
def test_every_sample_scenario_plays_to_its_end_the_same_way_twice(
    scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _play_json(scenario, 7, capsys)
    model: ScenarioFile = load_file(scenario).model
    assert [t["turn"] for t in first["turns"]] == list(range(1, model.header.turns + 1))
    assert first["result"]["type"] == "GameEnded"
    assert first["result"]["outcome"]
    assert _play_json(scenario, 7, capsys) == first


@pytest.mark.parametrize("scenario", SAMPLE_SCENARIOS, ids=lambda p: p.stem)
def test_reinforcements_arrive_where_and_when_the_scenario_says(
    scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = _play_json(scenario, 3, capsys)
    model: ScenarioFile = load_file(scenario).model
    clock = TurnClock.from_header(model.header)
    arrivals = {
        e["reinforcement"]: e
        for turn in report["turns"]
        for e in turn["events"]
        if e["type"] == "Arrived"
    }
    checked = 0
    for reinforcement in model.reinforcements:
        due = reinforcement.turn or clock.turn_at(reinforcement.at)
        certain = reinforcement.probability == 100 and reinforcement.kind in (
            ArrivalKind.NORMAL,
            ArrivalKind.NAVAL,
        )
        if not certain or due is None:
            continue
        arrived = arrivals[reinforcement.id]
        assert arrived["turn"] == due, reinforcement.id
        assert arrived["hex"] == list(reinforcement.hex), reinforcement.id
        checked += 1
    assert checked > 0


def test_different_seeds_give_different_weather(capsys: pytest.CaptureFixture[str]) -> None:
    # Its first two days (18 turns) of the 78: the visibility is rolled each turn, so eighteen
    # draws tell the seeds apart as well as the whole game would, in a quarter of the time.
    scenario = SAMPLE_SCENARIOS[0]
    assert scenario.name == "into_the_ardennes.scenario.yaml"
    weathers = {
        json.dumps(
            [t["weather"] for t in _play_json(scenario, seed, capsys, "--turns", "18")["turns"]]
        )
        for seed in range(4)
    }
    assert len(weathers) > 1


def test_play_text_report_shows_turns_weather_supply_objectives_and_score(
    capsys: pytest.CaptureFixture[str],
) -> None:
    scenario = SAMPLE_DATA / "stoumont44" / "scenarios" / "stoumont-station.scenario.yaml"
    assert main(["play", str(scenario), "--turns", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("\nTurn ") == 3
    assert "Turn 1  1944-12-" in out
    assert "visibility" in out
    assert "LSV" in out
    assert "objectives" in out
    assert "score" in out


def test_supply_prints_the_local_supply_value_of_every_occupied_hex(
    capsys: pytest.CaptureFixture[str],
) -> None:
    scenario = SAMPLE_DATA / "ardennes44" / "scenarios" / "into_the_ardennes.scenario.yaml"
    assert main(["supply", str(scenario), "--side", "axis", "--json"]) == 0
    values = json.loads(capsys.readouterr().out)
    assert list(values) == ["axis"]
    model: ScenarioFile = load_file(scenario).model
    assert values["axis"]["local_supply"]
    assert all(0 <= v <= 100 for v in values["axis"]["local_supply"].values())
    assert set(values["axis"]["local_supply"]) <= {
        f"{p.hex[0]},{p.hex[1]}" for p in model.placements
    }


def test_an_unplayable_scenario_exits_1_with_its_problems(
    capsys: pytest.CaptureFixture[str],
) -> None:
    broken = SAMPLE_DATA / "broken" / "scenarios" / "unknown-unit.scenario.yaml"
    assert main(["play", str(broken)]) == 1
    captured = capsys.readouterr()
    assert "REF001" in captured.out
    assert "cannot be played" in captured.err


def test_play_never_imports_qt() -> None:
    probe = (
        "import sys; from editor.cli import main; "
        "main(['play', 'sample_data/stoumont44/scenarios/stoumont-station.scenario.yaml', "
        "'--turns', '1']); "
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_supply_shows_the_battalions_cut_off_at_clervaux(
    capsys: pytest.CaptureFixture[str],
) -> None:
    scenario = SAMPLE_DATA / "ardennes44" / "scenarios" / "road_to_bastogne.scenario.yaml"
    assert main(["supply", str(scenario), "--side", "allied"]) == 0
    out = capsys.readouterr().out
    assert "2 isolated unit(s)" in out
    assert "isolated: us.28id.110ir.1bn, us.28id.110ir.3bn" in out
    assert "LSV   0 (2): [39,52] [41,55]" in out


def test_the_report_does_not_depend_on_the_process() -> None:
    """Python salts string hashes per process; no rule may let that order anything."""
    scenario = "sample_data/stoumont44/scenarios/cheneux-and-the-sanatorium.scenario.yaml"
    outputs = {
        subprocess.run(
            [sys.executable, "-m", "editor.cli", "play", scenario, "--seed", "5", "--json"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": salt},
        ).stdout
        for salt in ("1", "2")
    }
    assert len(outputs) == 1


def test_play_reports_the_phases_of_a_phased_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    title = tmp_path / "ardennes44"
    shutil.copytree(SAMPLE_DATA / "ardennes44", title)
    scenario = title / "scenarios" / "road_to_bastogne.scenario.yaml"
    text = scenario.read_text(encoding="utf-8")
    rules = "  optional_rules:\n    - manual_defensive_fire\n    - automatic_defensive_fire\n"
    scenario.write_text(text.replace("  optional_rules:\n", rules, 1), encoding="utf-8")
    assert main(["play", str(scenario), "--turns", "1", "--seed", "0"]) == 0
    out = capsys.readouterr().out
    assert "Played in phases: Manual Defensive Fire, Automatic" in out
    phases = [line.strip() for line in out.splitlines() if line.strip().endswith(" Phase")]
    assert phases == [
        "Axis Movement Phase",
        "Allied Defensive Fire Phase",
        "Axis Offensive Fire Phase",
        "Axis Assault Phase",
        "Allied Movement Phase",
        "Axis Defensive Fire Phase",
        "Allied Offensive Fire Phase",
        "Allied Assault Phase",
    ]
    assert "x2 Defensive Fire Phase" in " ".join(out.split())  # the engine's defenders fired

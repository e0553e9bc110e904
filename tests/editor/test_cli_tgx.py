"""`hexwright play`, `replay` and `balance` on the Tactical GameX sample situation: four turns of
the computer against itself saved as a `.tgxplay.yaml` replay to the same events, a human side
passes, and `balance` reports the distribution of outcomes (whole games)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from editor.cli import main

SAMPLE = (
    Path(__file__).parents[2]
    / "sample_data/tgx_steppe43/scenarios/hill-at-krasnaya-polyana.situation.yaml"
)


def test_play_save_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "seed-5.tgxplay.yaml"
    code = main(
        [
            "play", str(SAMPLE), "--allied", "computer", "--axis", "computer",
            "--seed", "5", "--turns", "4", "--save", str(saved), "--json",
        ]
    )  # fmt: skip
    assert code == 0
    played = json.loads(capsys.readouterr().out)
    assert played["result"] is None  # four turns of ten
    assert any("housekeeping; turn 4 begins" in e["text"] for e in played["events"])
    assert main(["replay", str(saved), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["refused"] is None
    assert replayed["replayed"] == replayed["orders"] == len(played["orders"])
    assert replayed["events"] == played["events"]


def test_a_human_side_is_set_up_by_the_seed_and_passes_every_impulse(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", str(SAMPLE), "--turns", "1", "--axis", "computer", "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["orders"][:2] == ["set up the rest by the seed", "finish setting up"]
    events = played["events"]
    begun = next(i for i, e in enumerate(events) if "turn 1 begins" in e["text"])
    setup = [e["type"] for e in events[:begun]]
    assert "CounterPlaced" in setup
    assert "MarkerPlaced" in setup
    allied = [e["text"] for e in events[begun + 1 :] if e["text"].startswith("allied")]
    assert allied
    assert all("impulse" in t or "passes" in t for t in allied)


def test_balance_reports_the_distribution(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", str(SAMPLE), "--games", "2", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    summary = report["summary"]
    assert summary["games"] == 2
    # The situation's own levels, the best for the Soviets (Allies) first, then a draw.
    assert list(summary["levels"]) == [
        "Soviet decisive", "Soviet marginal", "draw", "German marginal", "German decisive",
    ]  # fmt: skip
    assert sum(level["count"] for level in summary["levels"].values()) == 2
    for level in summary["levels"].values():
        assert level["low"] <= level["rate"] <= level["high"]
    assert report["played_on"] == "1 local worker processes"
    assert summary["length"]["median"] <= 10


def test_balance_against_another_version_pairs_the_seeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same situation cut to six turns, in another copy of the title: both are played on
    the same seeds and compared figure by figure."""
    copy = tmp_path / "steppe43"
    shutil.copytree(SAMPLE.parents[1], copy)
    shorter = copy / "scenarios" / SAMPLE.name
    shorter.write_text(shorter.read_text().replace("turns: 10", "turns: 6"))
    arguments = ["balance", str(SAMPLE), "--seeds", "1..2", "--jobs", "2"]
    assert main([*arguments, "--against", str(copy), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["length"]["median"] > 6
    assert report["against"]["summary"]["length"]["median"] == 6
    rows = {row["figure"]: row for row in report["comparison"]["rows"]}
    assert report["comparison"]["pairs"] == 2
    assert {"German decisive", "score (mean)", "axis units lost (mean)"} <= set(rows)

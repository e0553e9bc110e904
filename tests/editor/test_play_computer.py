"""`hexwright play` with the computer at both sides: it plays the whole game giving orders, says
why under --explain, and the game it saves with --save replays to the same end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.cli import main
from tests.conftest import SAMPLE_DATA

STOUMONT = SAMPLE_DATA / "stoumont44/scenarios/stoumont-station.scenario.yaml"


def test_computer_against_computer_plays_saves_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "duel.testplay.yaml"
    arguments = ["play", str(STOUMONT), "--allied", "computer", "--axis", "computer"]
    assert main([*arguments, "--seed", "3", "--json", "--explain", "--save", str(record)]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["players"] == {"allied": "computer", "axis": "computer"}
    assert {o["side"] for o in played["orders"]} == {"allied", "axis"}
    assert all(o["reason"] for o in played["orders"])
    assert main(["replay", str(record), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["refused"] is None
    assert replayed["replayed"] == replayed["orders"] > len(played["orders"])
    assert replayed["events"][-1] == played["result"]


def test_a_human_side_gives_no_orders_and_the_text_report_lists_the_computers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", str(STOUMONT), "--axis", "computer", "--turns", "2", "--explain"]) == 0
    text = capsys.readouterr().out
    assert "Computer orders (" in text
    assert " - " in text.split("Computer orders (", 1)[1]
    assert main(["play", str(STOUMONT), "--axis", "computer", "--turns", "2", "--json"]) == 0
    orders = json.loads(capsys.readouterr().out)["orders"]
    assert orders
    assert {o["side"] for o in orders} == {"axis"}
    assert "reason" not in orders[0]

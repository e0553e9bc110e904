"""A situation file with a beach (the tiny title with sea on panel B): the loader takes the
landing, its cargo, the naval support and the batteries' counters; `hexwright play` with the
computer on both sides lands the force, and `replay` of the saved game gives the same events;
the computer fires counter-battery once the enemy's OBA has shown itself."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from editor.cli import main
from engine.tactical_gamex import setup_phase
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.loader import state_of
from engine.tactical_gamex.orders import CounterBattery, FinishSetup, PlaceRest, PlaceUnit
from engine.tactical_gamex.state import Phase
from schemas.io import save_file
from schemas.tactical_gamex.loading import load_situation
from schemas.tactical_gamex.panel import PanelFile
from schemas.vocabulary import Side
from tests.tiny_tgx import HEAD, tiny_situation_data, write_tiny_tgx

SEA_PANEL_ROWS = ["..B==", "..B==", "..B==", "..B=="]
"""Panel B with a beach in column C and sea in D and E, E the board's east edge."""


def _landing_data() -> dict[str, Any]:
    data = tiny_situation_data()
    soviets = data["sides"][0]["nations"][0]
    soviets["counters"] = [
        {"id": "s1", "type": "sov_rifle", "hex": "B A2"},
        {"id": "s3", "type": "sov_rifle"},
        {"id": "d1", "type": "dukw"},
        {"id": "d2", "type": "dukw"},
        {"id": "s4", "type": "sov_rifle"},
        {"id": "h1", "type": "sov_rifle", "off_map": True},
    ]
    data["setup_areas"] = [{"id": "west", "side": "axis", "panels": ["A"]}]
    data["reinforcements"] = []
    data["victory"] = {
        "conditions": [{"kind": "control_hexes", "side": "allied", "hexes": ["B C2"]}]
    }
    data["amphibious"] = {
        "side": "allied",
        "beach": ["B C1", "B C2", "B C3", "B C4"],
        "craft": [{"counter": "d1", "cargo": ["s3"]}, {"counter": "d2", "cargo": ["s4"]}],
    }
    data["naval"] = [{"id": "destroyer", "side": "allied", "attack": 24, "mode": "oba"}]
    data["oba"] = [{"id": "arty", "side": "allied", "attack": 20, "counters": ["h1"]}]
    data["modules"] = ["engineers", "amphibious"]
    return data


def _write(tmp_path: Path, data: dict[str, Any] | None = None) -> Path:
    path = write_tiny_tgx(tmp_path, data or _landing_data())
    sea = {"id": "B", "name": "Tiny B", "width": 5, "height": 4, "terrain_rows": SEA_PANEL_ROWS}
    panel = PanelFile.model_validate({**HEAD, **sea})
    save_file(panel, tmp_path / "tiny-b.panel.yaml")
    return path


def test_the_loader_takes_the_landing_the_naval_support_and_the_batterys_counters(
    tmp_path: Path,
) -> None:
    bundle = load_situation(_write(tmp_path))
    assert [p for p in bundle.problems if p.is_error] == []
    state = state_of(bundle, 0)
    assert state.landing.force == ("d1", "d2")
    assert state.units["s3"].carrier == "d1"
    assert state.batteries["destroyer"].naval
    assert not state.batteries["destroyer"].direct
    assert state.batteries["arty"].units == ("h1",)
    game = TacticalGame(state)
    at_sea = [game.state.units[u] for u in ("d1", "s3", "d2", "s4")]
    assert all(u.at_sea and u.hex is not None for u in at_sea)
    assert game.state.units["d1"].hex != game.state.units["d2"].hex


def test_play_lands_the_force_and_replay_gives_the_same_events(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    situation = _write(tmp_path)
    saved = tmp_path / "landing.tgxplay.yaml"
    code = main(
        [
            "play", str(situation), "--allied", "computer", "--axis", "computer",
            "--seed", "3", "--turns", "3", "--save", str(saved), "--json",
        ]
    )  # fmt: skip
    assert code == 0
    played = json.loads(capsys.readouterr().out)
    assert any("lands on the beach" in e["text"] for e in played["events"])
    assert main(["replay", str(saved), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["refused"] is None
    assert replayed["events"] == played["events"]


def test_the_computer_fires_counter_battery_once_the_enemy_has_fired(tmp_path: Path) -> None:
    data = _landing_data()
    germans = data["sides"][1]["nations"][0]["counters"]
    germans.append({"id": "gh", "type": "rifle", "off_map": True})
    data["oba"].append({"id": "ger-arty", "side": "axis", "attack": 30, "counters": ["gh"]})
    data["first_initiative"] = "allied"
    game = TacticalGame(state_of(load_situation(_write(tmp_path, data)), 1))
    player = TgxComputerPlayer(Side.ALLIED)
    assert game.acting is Side.ALLIED
    assert not any(isinstance(o, CounterBattery) for o in player._candidates(game))
    game.state.batteries["ger-arty"].revealed = True
    offered = [o for o in player._candidates(game) if isinstance(o, CounterBattery)]
    # 20 and 24 halved against DS 6: 1:1 and better; naval gunfire called as OBA joins in
    assert offered == [CounterBattery("arty", "ger-arty"), CounterBattery("destroyer", "ger-arty")]


def test_craft_placed_in_the_setup_phase_put_to_sea_where_they_were_set(tmp_path: Path) -> None:
    """[003 10.2] the landing side sets its craft on all-sea hexes in the setup phase; they go
    to sea there as turn 1 opens, cargo aboard."""
    state = state_of(load_situation(_write(tmp_path)), 2, setup_phase=True)
    game = TacticalGame(state)
    assert game.phase is Phase.SETUP
    chosen: dict[str, tuple[int, int]] = {}
    while game.phase is Phase.SETUP:
        step = setup_phase.step(game.state)
        if step.sea:
            sea = sorted(h for h, t in game.state.board.terrain.items() if t == "sea")
            craft = [u for u in step.units if game.state.units[u].carrier is None]
            for unit_id, hex_ in zip(craft, sea[-1::-2], strict=False):  # cargo rides aboard
                game.apply(PlaceUnit(unit_id, hex_))
                chosen[unit_id] = hex_
        game.apply(PlaceRest())
        game.apply(FinishSetup())
    assert chosen
    assert {u: game.state.units[u].hex for u in chosen} == chosen
    assert game.state.units["s3"].hex == chosen["d1"]
    assert all(game.state.units[u].at_sea for u in ("d1", "s3"))

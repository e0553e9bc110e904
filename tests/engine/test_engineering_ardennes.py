"""Engineers on the Ardennes sample (into_the_ardennes): the 2. Panzer-Division's pioneers
bridge the Our where the Allies left the bridge at 47,53 damaged, so that a crossing that was
impossible becomes possible, and a panzergrenadier battalion marching on the wired bridge at
29,27 sets off its one-time demolition test [000 7.4]. The test-play is saved as its orders
and replayed."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from editor.cli import main
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.session_file import engine_order, record_of, recorded_order, save_record
from engine.panzer_campaigns.engineering.events import WiredBridgeTested, WorkDone
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.report import event_to_json
from schemas.title import ScenarioBundle, load_scenario

SCENARIO = (
    Path(__file__).parents[2] / "sample_data/ardennes44/scenarios/into_the_ardennes.scenario.yaml"
)
PIONEERS = "de.2pzd.pi38"
HQ = "de.2pzd.pgr304.hq"
MARCHER = "de.116pzd.pgr60.1bn"


def _next_axis_turn(game: Game) -> None:
    game.end_player_turn()
    game.end_player_turn()


def _march(game: Game, unit_id: str, target: tuple[int, int]) -> None:
    """Move the unit as far along its cheapest path to `target` as this turn allows."""
    path = game.path_to(unit_id, target, this_turn=False)
    legal = game.legal_moves(unit_id)
    reach = max((i for i, h in enumerate(path) if h in legal), default=0)
    if reach:
        game.move(unit_id, path[: reach + 1])


@dataclass
class _Played:
    bundle: ScenarioBundle
    settings: TestPlaySettings
    game: Game


def test_pioneers_bridge_the_our_and_the_crossing_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bundle = load_scenario(SCENARIO)
    settings = TestPlaySettings(0)
    game = settings.new_game(bundle)
    assert game.phasing.value == "axis"
    game.change_mode(HQ, "travel")
    game.move(HQ, [(48, 53)])
    # The Allies damaged the bridge at 47,53: nothing crosses there.
    game.end_player_turn()
    game.end_player_turn()
    assert (47, 53) not in game.legal_moves(HQ)
    assert game.why_not_build_bridge(PIONEERS, (47, 53)) is None
    game.build_bridge(PIONEERS, (47, 53))
    for _ in range(10):
        _next_axis_turn(game)
        if PIONEERS in game.state.engineering.bridges:
            break
    done = [e for e in game.log if isinstance(e, WorkDone) and e.unit == PIONEERS]
    assert done
    assert "Has Bridge" in done[0].describe()
    assert (47, 53) in game.legal_moves(HQ)
    game.move(HQ, [(47, 53)])
    assert game.state.board.offset(game.unit(HQ).hex) == (47, 53)

    # Saved as its orders and replayed, the same game.
    replayed = settings.new_game(bundle)
    for order in game.orders:
        replayed.apply(engine_order(recorded_order(order)))
    assert [e.describe() for e in replayed.log] == [e.describe() for e in game.log]
    path = tmp_path / "our.testplay.yaml"
    save_record(record_of(_Played(bundle, settings, game), path), path)
    assert "kind: build_bridge" in path.read_text()
    assert main(["replay", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["events"] == [event_to_json(e) for e in game.log]


def test_a_march_on_a_wired_bridge_sets_off_its_one_time_test() -> None:
    game = Game.from_scenario(SCENARIO, seed=0)
    state = game.state
    edge = 6 * game.hex_of((29, 27)) + 1
    assert state.wired_bridges[edge].value == "allied"
    game.change_mode(MARCHER, "travel")
    for _ in range(8):
        _march(game, MARCHER, (29, 27))
        if any(isinstance(e, WiredBridgeTested) for e in game.log):
            break
        _next_axis_turn(game)
    tests = [e for e in game.log if isinstance(e, WiredBridgeTested)]
    assert len(tests) == 1
    assert tests[0].chance == 0.75  # the Allied Wired Bridge value
    assert edge not in state.wired_bridges
    assert tests[0].blown  # with this seed the bridge goes up
    assert edge in state.damaged_bridges
    assert "was blown" in tests[0].describe()

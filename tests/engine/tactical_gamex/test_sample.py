"""The sample situations as the engine loads and plays them: The Hill at Krasnaya Polyana
(`sample_data/tgx_steppe43`) with its counters at their native addresses, the fortification's
garrison, the minefield's column, reinforcements and victory; and for every sample title a
computer-against-computer game that ends, the same for a seed, and replays from its orders."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.loader import new_game, state_of
from engine.tactical_gamex.state import VictoryKind
from engine.tactical_gamex.tables import COLUMNS
from schemas.tactical_gamex.loading import load_situation
from schemas.vocabulary import Side
from tests.conftest import TGX_SAMPLE_TITLES


def test_the_sample_loads_with_its_counters_markers_and_victory(bundle) -> None:
    state = state_of(bundle, seed=0)
    board = bundle.board
    assert state.units["sov.3rc"].hex == board.hex_of("A K2")
    assert state.units["sov.3rc"].in_fort  # the fortification's side starts inside
    assert state.counters.forts[board.hex_of("A K2")].defense == 20
    assert COLUMNS[state.counters.mines[board.hex_of("A F5")]] == "2:1"
    assert state.units["sov.at1"].carrier == "sov.gaz1"
    assert state.units["ger.gren1"].hex == state.units["ger.ht1"].hex
    assert state.units["ger.stug2"].hex is None
    assert state.stacking_limit(Side.ALLIED) == 2  # an all-Soviet side [003 3.2.5]
    kinds = sorted(c.kind.value for c in state.victory)
    assert kinds == ["destroy", "exit", "hold", "hold"]
    sudden = [c for c in state.victory if c.sudden_death]
    assert sudden[0].kind is VictoryKind.HOLD
    assert sudden[0].hexes == (board.hex_of("A C3"),)
    assert state.levels[0].name == "German decisive"


def test_setup_areas_are_filled_by_the_seed_within_their_hexes(bundle) -> None:
    east = {bundle.board.hex_of(a) for a in bundle.model.setup_areas[1].hexes}
    for seed in (0, 1):
        state = state_of(bundle, seed)
        german = list(state.iter_units(Side.AXIS))
        assert german
        assert all(u.hex in east for u in german)


def _situations() -> list[Path]:
    return [
        p for t in TGX_SAMPLE_TITLES for p in sorted((t / "scenarios").glob("*.situation.yaml"))
    ]


def _play(path: Path, seed: int) -> TacticalGame:
    game = new_game(path, seed)
    players = {side: TgxComputerPlayer(side) for side in Side}
    for _ in range(800):
        if game.is_over:
            break
        players[game.acting].play_impulse(game)
    return game


@pytest.mark.parametrize("path", _situations(), ids=lambda p: p.parents[1].name)
def test_a_computer_game_of_each_sample_ends_and_replays(path: Path) -> None:
    game = _play(path, 3)
    assert game.is_over
    assert game.result is not None
    assert game.result.turn == load_situation(path).model.turns
    again = _play(path, 3)
    assert again.orders == game.orders
    replay = new_game(path, 3)
    for order in game.orders:
        replay.apply(order)
    assert replay.log == game.log
    assert replay.result == game.result

"""Both rulesets' games through the one protocol (`engine.game_protocol.PlayableGame`) that
test-play, `replay`, the computer player and the balance lab use: a function written against
the protocol alone replays a Panzer Campaigns game and a Tactical GameX game from their orders
to the same log."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.game_protocol import PlayableGame
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.orders import EndPlayerTurn
from engine.tactical_gamex.loader import new_game
from engine.tactical_gamex.orders import EndImpulse

SAMPLES = Path(__file__).parents[2] / "sample_data"
STOUMONT = SAMPLES / "stoumont44/scenarios/stoumont-station.scenario.yaml"
TGX = SAMPLES / "tgx_steppe43/scenarios/hill-at-krasnaya-polyana.situation.yaml"


def _play_and_replay(make: Callable[[], PlayableGame], order: object, count: int) -> None:
    """Give `count` orders, undo and redo the last when allowed, replay on a new game."""
    game = make()
    start_turn = game.turn
    for _ in range(count):
        if game.is_over:
            break
        game.apply(order)
    assert game.turn > start_turn
    assert len(game.orders) == count
    if game.can_undo:
        taken = game.undo()
        game.apply(taken)
    again = make()
    for given in list(game.orders):
        again.apply(given)
    assert list(again.log) == list(game.log)
    assert again.acting is game.acting
    assert again.result == game.result


def test_a_panzer_campaigns_game_through_the_protocol() -> None:
    _play_and_replay(lambda: Game.from_scenario(STOUMONT, seed=3), EndPlayerTurn(), 4)


def test_a_tactical_gamex_game_through_the_protocol() -> None:
    _play_and_replay(lambda: new_game(TGX, seed=3), EndImpulse(), 6)

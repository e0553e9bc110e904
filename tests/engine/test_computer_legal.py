"""The computer player's games are games a human could have played: every order it gives is one
the rules allow (it is carried out without IllegalMove), the recorded orders replay to the same
log, and the same seed plays the same game."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.panzer_campaigns.computer import BaselinePlayer, ComputerPlayer
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.play_options import PlayOptions
from schemas.vocabulary import Side

REPO = Path(__file__).resolve().parents[2]
BASTOGNE = REPO / "sample_data/ardennes44/scenarios/road_to_bastogne.scenario.yaml"
STOUMONT = REPO / "sample_data/stoumont44/scenarios/stoumont-station.scenario.yaml"


def play_out(
    path: Path, seed: int, options: PlayOptions | None = None, *, turns: int | None = None
) -> tuple[Game, dict[Side, ComputerPlayer]]:
    """A whole game (or its first `turns` game turns) of computer against computer."""
    game = Game.from_scenario(path, seed, options)
    players = {side: ComputerPlayer(side, seed=seed) for side in Side}
    while not game.is_over and (turns is None or game.turn <= turns):
        for _ in players[game.phasing].turn(game):
            pass
        game.end_player_turn()
    return game, players


def replayed(path: Path, game: Game, seed: int, options: PlayOptions | None = None) -> Game:
    again = Game.from_scenario(path, seed, options)
    for order in game.orders:
        again.apply(order)
    return again


SAMPLES = sorted(
    p for p in REPO.glob("sample_data/*/scenarios/*.scenario.yaml") if "broken" not in p.parts
)
"""Every sample scenario of both sample titles."""

FOG = PlayOptions(opportunity_fire=True, fog_of_war=True)


@pytest.mark.parametrize(
    ("path", "seed", "options"),
    [
        (path, seed, FOG if seed % 2 else None)
        for number, path in enumerate(SAMPLES)
        for seed in (11 + number, 22 + number)
    ],
    ids=lambda value: getattr(value, "stem", str(value)),
)
def test_a_whole_game_of_computer_orders_is_legal_and_replays(
    path: Path, seed: int, options: PlayOptions | None
) -> None:
    """Any seed, with or without Opportunity Fire and Fog of War: every order is carried out
    (an illegal one would raise IllegalMove and fail the test), and the recorded orders replay
    the same log and result."""
    # The 78-turn Ardennes scenario plays its first day: the whole of it would take a minute.
    turns = 12 if path.stem.startswith("into_the_ardennes") else None
    game, players = play_out(path, seed, options, turns=turns)
    assert game.is_over or turns is not None
    given = [d for p in players.values() for d in p.decisions if d.order is not None]
    assert len(given) > 20, "the computer gave orders"
    again = replayed(path, game, seed, options)
    assert [e.describe() for e in again.log] == [e.describe() for e in game.log]
    assert again.result == game.result


def test_the_same_seed_plays_the_same_game() -> None:
    first, _ = play_out(BASTOGNE, 7, turns=6)
    second, _ = play_out(BASTOGNE, 7, turns=6)
    assert first.orders == second.orders
    assert [e.describe() for e in first.log] == [e.describe() for e in second.log]


def test_the_baseline_plays_legal_orders_too() -> None:
    game = Game.from_scenario(STOUMONT, 5)
    players = {side: BaselinePlayer(side, seed=5) for side in Side}
    while not game.is_over:
        for _ in players[game.phasing].turn(game):
            pass
        game.end_player_turn()
    again = replayed(STOUMONT, game, 5)
    assert [e.describe() for e in again.log] == [e.describe() for e in game.log]


def test_its_orders_keep_no_copy_for_taking_back_and_a_human_after_it_can_take_back() -> None:
    game = Game.from_scenario(BASTOGNE, 8)
    for _ in ComputerPlayer(game.phasing, seed=8).turn(game):
        pass
    assert game.orders, "it gave orders"
    assert not game.can_undo
    game.end_player_turn()
    mover = next(u for u in game.iter_units(game.phasing) if game.legal_moves(u.id))
    target = min(game.legal_moves(mover.id))
    game.move(mover.id, game.path_to(mover.id, target))
    assert game.can_undo


def test_stopping_its_turn_after_any_order_leaves_a_game_that_goes_on_and_replays() -> None:
    game = Game.from_scenario(BASTOGNE, 9)
    players = {side: ComputerPlayer(side, seed=9) for side in Side}
    for stop_after in (3, 0, 7, 1, 5, 2):
        turn = players[game.phasing].turn(game)
        for _ in zip(range(stop_after), turn, strict=False):
            pass
        turn.close()
        game.end_player_turn()
    assert game.can_undo is False
    assert game.turn == 4
    again = replayed(BASTOGNE, game, 9)
    assert [e.describe() for e in again.log] == [e.describe() for e in game.log]
    given = sum(1 for order in game.orders if type(order).__name__ != "EndPlayerTurn")
    assert given == 3 + 0 + 7 + 1 + 5 + 2


@pytest.mark.parametrize(
    "path",
    [p for p in SAMPLES if not p.stem.startswith("into_the_ardennes")],
    ids=lambda value: getattr(value, "stem", str(value)),
)
def test_against_the_baseline_at_either_side_its_orders_are_legal_over_many_seeds(
    path: Path,
) -> None:
    """The pairing the win rate measures, over four more seeds of the sample scenarios of both
    titles, the computer at each side in turn, half with Opportunity Fire and Fog of War: the
    first two game turns give no illegal order (IllegalMove would fail the test), and the
    recorded orders replay the same log. (The 78-turn Ardennes scenario, whose turns are the
    slowest to play, is played above.)"""
    for seed in range(100, 104):
        side = Side.ALLIED if seed % 2 else Side.AXIS
        options = FOG if seed // 2 % 2 else None
        game = Game.from_scenario(path, seed, options)
        computer = ComputerPlayer(side, seed=seed)
        players: dict[Side, ComputerPlayer | BaselinePlayer] = {
            s: computer if s is side else BaselinePlayer(s, seed=seed) for s in Side
        }
        while not game.is_over and game.turn <= 2:
            for _ in players[game.phasing].turn(game):
                pass
            game.end_player_turn()
        assert any(d.order is not None for d in computer.decisions), "the computer gave orders"
        again = replayed(path, game, seed, options)
        assert [e.describe() for e in again.log] == [e.describe() for e in game.log]

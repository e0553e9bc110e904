"""The computer player's rows of `python -m bench`: one of its player turns on "The Road to
Bastogne" and on the benchmark title, a whole game of computer against computer, and (with
`python -m bench --win-rate`) its win rate against the naive baseline on every sample scenario.

Its rows are CPU seconds of this process (`time.process_time`): the player is single-threaded,
and CPU time is the figure the five other programs on the machine disturb least.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from bench.measure import Prepared, Title, measurement
from engine.computer import BaselinePlayer, ComputerPlayer
from engine.game import Game
from engine.orders import Order
from schemas.title import ScenarioBundle, load_scenario
from schemas.vocabulary import Side

REPO = Path(__file__).resolve().parent.parent
BASTOGNE = REPO / "sample_data/ardennes44/scenarios/road_to_bastogne.scenario.yaml"
SAMPLE_SCENARIOS = sorted(REPO.glob("sample_data/*/scenarios/*.scenario.yaml"))
SAMPLE_SCENARIOS = [p for p in SAMPLE_SCENARIOS if "broken" not in p.parts]
"""The sample titles' scenarios (not the deliberately broken ones)."""

MIDGAME_TURN = 12
"""The game turn the Road to Bastogne row measures: the armies in contact at Longvilly."""

BUDGET_TURN_BASTOGNE = 0.5
BUDGET_TURN_TITLE = 5.0
BUDGET_WHOLE_GAME = 60.0


def _bastogne() -> ScenarioBundle:
    return load_scenario(BASTOGNE)


def play_game(
    bundle: ScenarioBundle, seed: int, make: dict[Side, Callable[[Side, int], object]]
) -> Game:
    """A whole game with a player made by `make[side](side, seed)` at each side."""
    game = Game.from_bundle(bundle, seed)
    players = {side: maker(side, seed) for side, maker in make.items()}
    while not game.is_over:
        player = players[game.phasing]
        for _ in player.turn(game):  # type: ignore[attr-defined]
            pass
        game.end_player_turn()
    return game


def _computer(side: Side, seed: int) -> ComputerPlayer:
    return ComputerPlayer(side, seed=seed)


def _baseline(side: Side, seed: int) -> BaselinePlayer:
    return BaselinePlayer(side, seed=seed)


@measurement("computer player: one turn on The Road to Bastogne", BUDGET_TURN_BASTOGNE)
def _turn_bastogne(title: Title) -> Prepared:
    bundle = _bastogne()
    game = Game.from_bundle(bundle, 1)
    players = {side: ComputerPlayer(side, seed=1) for side in Side}
    while game.turn < MIDGAME_TURN:
        for _ in players[game.phasing].turn(game):
            pass
        game.end_player_turn()
    orders: list[Order] = list(game.orders)
    side = game.phasing

    def one_turn() -> float:
        again = Game.from_bundle(bundle, 1)
        for order in orders:
            again.apply(order)
        start = time.process_time()
        for _ in ComputerPlayer(side, seed=1).turn(again):
            pass
        return time.process_time() - start

    return Prepared(
        one_turn,
        f"ComputerPlayer.turn for the {side.value} side at turn {MIDGAME_TURN}, the armies in "
        "contact (CPU time: its queries and every order carried out)",
        reports_seconds=True,
    )


@measurement("computer player: one turn on the benchmark title", BUDGET_TURN_TITLE)
def _turn_title(title: Title) -> Prepared:
    def one_turn() -> float:
        game = Game(title.new_state(seed=1))
        start = time.process_time()
        for _ in ComputerPlayer(game.phasing, seed=1).turn(game):
            pass
        return time.process_time() - start

    return Prepared(
        one_turn,
        "ComputerPlayer.turn for the first side of the generated title's opening turn (CPU time)",
        reports_seconds=True,
    )


@measurement("computer player: a whole game of The Road to Bastogne", BUDGET_WHOLE_GAME)
def _whole_game(title: Title) -> Prepared:
    bundle = _bastogne()

    def whole_game() -> float:
        start = time.process_time()
        play_game(bundle, 1, {Side.ALLIED: _computer, Side.AXIS: _computer})
        return time.process_time() - start

    return Prepared(
        whole_game,
        "ComputerPlayer against ComputerPlayer, every turn, on one core (CPU time)",
        reports_seconds=True,
        runs=1,
    )

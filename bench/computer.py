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
from engine.panzer_campaigns.computer import BaselinePlayer, ComputerPlayer
from engine.panzer_campaigns.game import Game
from schemas.title import ScenarioBundle, load_scenario
from schemas.vocabulary import Side

REPO = Path(__file__).resolve().parent.parent
BASTOGNE = REPO / "sample_data/ardennes44/scenarios/road_to_bastogne.scenario.yaml"
SAMPLE_SCENARIOS = sorted(REPO.glob("sample_data/*/scenarios/*.scenario.yaml"))
SAMPLE_SCENARIOS = [p for p in SAMPLE_SCENARIOS if "broken" not in p.parts]
"""The sample titles' scenarios (not the deliberately broken ones)."""

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

    def slowest_turn() -> float:
        game = Game.from_bundle(bundle, 1)
        players = {side: ComputerPlayer(side, seed=1) for side in Side}
        slowest = 0.0
        while not game.is_over:
            start = time.process_time()
            for _ in players[game.phasing].turn(game):
                pass
            slowest = max(slowest, time.process_time() - start)
            game.end_player_turn()
        return slowest

    return Prepared(
        slowest_turn,
        "the slowest ComputerPlayer.turn of a whole computer-against-computer game (CPU time: "
        "its queries and every order carried out)",
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


# --- the win rate against the baseline (python -m bench --win-rate) ---------------------------


def _one_duel(task: tuple[str, int, str]) -> tuple[str, int, str, str, float]:
    """One game of a scenario: the computer at side `side` and the baseline at the other, or
    (`side` "none") the baseline at both: the scenario, seed, side, outcome and score."""
    path, seed, side_name = task
    make: dict[Side, Callable[[Side, int], object]] = {
        s: _computer if s.value == side_name else _baseline for s in Side
    }
    game = play_game(load_scenario(path), seed, make)
    assert game.result is not None
    return path, seed, side_name, game.result.outcome, game.result.score


def _points(outcome: str, side: Side) -> float:
    """1 for a victory of `side` (major or minor), 1/2 for a draw, 0 for a defeat [000 2.0]."""
    if outcome == "draw":
        return 0.5
    return 1.0 if outcome.startswith(side.value) else 0.0


def _better(score: float, reference: float, side: Side) -> float:
    """1 when `side` did better than in the reference game (the score counts for the Allies),
    1/2 for the same score, else 0."""
    if score == reference:
        return 0.5
    return 1.0 if (score > reference) == (side is Side.ALLIED) else 0.0


def win_rates(games: int = 40, workers: int = 2, only: str | None = None) -> None:
    """Print the computer player's results against the baseline on every sample scenario,
    `games` games each, half with the computer at each side, seeds 0 up.

    The sample scenarios are not balanced, so two rates are given: victories of the
    computer's side (a draw half), and games in which its side did better than the baseline's
    own side did against the same opponent with the same seed (baseline against baseline).
    `only` keeps the scenarios whose file name contains it."""
    from multiprocessing import get_context  # noqa: PLC0415 (only for this option)

    half = max(1, games // 2)
    start = time.perf_counter()
    print(f"computer player against the baseline, {2 * half} games per scenario")
    print(f"{'scenario':<36} {'victories (allied/axis)':>26} {'better than baseline':>24}")
    with get_context("fork").Pool(workers) as pool:
        chosen = [p for p in SAMPLE_SCENARIOS if only is None or only.lower() in p.name.lower()]
        for path in chosen:  # a line as soon as each scenario's games are played
            tasks = [
                (str(path), seed, who)
                for who in (Side.ALLIED.value, Side.AXIS.value, "none")
                for seed in range(half)
            ]
            mine = pool.map(_one_duel, tasks, chunksize=1)
            reference = {r[1]: r[4] for r in mine if r[2] == "none"}
            wins, better = [], []
            for side in Side:
                played = [r for r in mine if r[2] == side.value]
                wins.append(sum(_points(r[3], side) for r in played) / len(played))
                better.append(
                    sum(_better(r[4], reference[r[1]], side) for r in played) / len(played)
                )
            print(
                f"{path.stem.removesuffix('.scenario'):<36} "
                f"{(wins[0] + wins[1]) / 2:>8.0%} ({wins[0]:.0%}/{wins[1]:.0%})      "
                f"{(better[0] + better[1]) / 2:>8.0%} ({better[0]:.0%}/{better[1]:.0%})",
                flush=True,
            )
    print(
        f"({time.perf_counter() - start:.0f} s on {workers} worker processes; a draw or an "
        "equal score counts half)"
    )

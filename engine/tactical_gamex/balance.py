"""The balance of a Tactical GameX situation: computer-against-computer games over a range of
seeds and the distribution of their outcomes (each with its Wilson 95 % interval), score and
length. A game is the one `hexwright play SITUATION --allied computer --axis computer --seed S`
plays, so any game of a run is replayed by that command."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine.balance.stats import wilson_interval
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.loader import state_of
from schemas.tactical_gamex.loading import SituationBundle
from schemas.vocabulary import Side

MAX_IMPULSES = 5000
"""A game stops here if it has not ended (it never should: passes end every turn)."""


@dataclass(frozen=True)
class TgxGameRecord:
    """One computer-against-computer game: its seed and how it ended."""

    seed: int
    outcome: str
    score: float
    turn: int
    early: bool
    orders: int


def play_computer_game(bundle: SituationBundle, seed: int) -> TacticalGame:
    """A whole game of the computer against itself."""
    game = TacticalGame(state_of(bundle, seed, setup_phase=True))  # the computer sets up
    players = {side: TgxComputerPlayer(side) for side in Side}
    for _ in range(MAX_IMPULSES):
        if game.is_over:
            break
        players[game.acting].play_impulse(game)
    return game


def play_games(bundle: SituationBundle, seeds: Iterable[int]) -> Iterator[TgxGameRecord]:
    """The records of one game per seed, in order."""
    for seed in seeds:
        game = play_computer_game(bundle, seed)
        result = game.result
        yield TgxGameRecord(
            seed,
            result.outcome if result else "unfinished",
            result.score if result else 0.0,
            result.turn if result else game.turn,
            result.early if result else False,
            len(game.orders),
        )


@dataclass(frozen=True)
class OutcomeShare:
    """How often an outcome came up, with its Wilson score interval (95 %)."""

    outcome: str
    games: int
    share: float
    low: float
    high: float


@dataclass(frozen=True)
class TgxBalance:
    """A run's figures."""

    games: int
    outcomes: tuple[OutcomeShare, ...]
    score_mean: float
    score_sd: float
    turns_mean: float
    early: int

    def lines(self) -> list[str]:
        """The report a designer reads."""
        lines = [f"{self.games} games"]
        for o in self.outcomes:
            lines.append(
                f"  {o.outcome:<24} {o.games:>4}  {o.share:6.1%}"
                f"  (95 % Wilson {o.low:.1%}-{o.high:.1%})"
            )
        lines.append(
            f"  score (Allied points - Axis points): mean {self.score_mean:+.2f},"
            f" sd {self.score_sd:.2f}"
        )
        lines.append(f"  game length: {self.turns_mean:.1f} turns, {self.early} sudden deaths")
        return lines


def summarize(records: list[TgxGameRecord]) -> TgxBalance:
    """The distribution of a run's outcomes, scores and lengths."""
    n = len(records)
    counts = Counter(r.outcome for r in records)
    outcomes = tuple(
        OutcomeShare(name, k, k / n, *wilson_interval(k, n))
        for name, k in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    )
    scores = [r.score for r in records]
    return TgxBalance(
        n,
        outcomes,
        statistics.fmean(scores) if scores else 0.0,
        statistics.stdev(scores) if n > 1 else 0.0,
        statistics.fmean(r.turn for r in records) if records else 0.0,
        sum(r.early for r in records),
    )

"""What a balance run produced (`summarize`): how often each victory level came up with its 95 %
confidence interval, the score's mean, spread and course by turn, each objective's hold rate and
when it falls, and the games worth opening (the median one and the extremes)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.balance.game_record import SIDE_RESULTS, GameRecord, RecordKind
from engine.balance.records import PANZER_KIND
from engine.balance.stats import WILSON, quartiles, wilson_interval
from schemas.vocabulary import Side

LEVELS = PANZER_KIND.levels
"""The Panzer Campaigns engine's victory levels, best for the Allies first."""

__all__ = ["LEVELS", "SIDE_RESULTS", "BalanceSummary", "side_result", "summarize"]


def side_result(outcome: str, kind: RecordKind = PANZER_KIND) -> str:
    """The side result ("allied-win", "draw", "axis-win") of an engine victory level."""
    return kind.side_result(outcome)


@dataclass(frozen=True)
class Proportion:
    """How often something happened in a run's games, with its confidence interval."""

    rate: float
    low: float
    high: float
    count: int = 0
    games: int = 0

    def to_json(self) -> dict[str, Any]:
        """The proportion as JSON-ready data."""
        return {
            "rate": self.rate,
            "low": self.low,
            "high": self.high,
            "count": self.count,
            "games": self.games,
        }


def proportion(count: int, games: int) -> Proportion:
    """`count` of `games` with its 95 % Wilson score interval."""
    low, high = wilson_interval(count, games)
    return Proportion(count / games if games else 0.0, low, high, count, games)


@dataclass(frozen=True)
class Quartiles:
    """The first quartile, median and third quartile of a figure over the games."""

    q1: float
    median: float
    q3: float


@dataclass(frozen=True)
class ObjectiveHold:
    """One objective over a run's games."""

    held_at_end: dict[str, float]
    """Side value -> the share of games that side held it at the end (the rest: nobody)."""
    falls_by_turn: list[float]
    """Entry t-1: the share of games in which it had left its starting owner by the end of turn
    t (an objective nobody held at the start falls when first taken)."""
    median_fall_turn: int | None
    """The first turn by which it had fallen in half the games; None when it held in more than
    half to the end."""
    starting_owner: str | None = None
    """The side value holding it at the start of the games (None: nobody)."""


@dataclass(frozen=True)
class Arrival:
    """When one reinforcement came on or one release was given, over a run's games."""

    arrived: float
    """The share of games in which it did."""
    median_turn: float | None
    """The median turn among those games; None when it never did."""
    earliest: int | None = None
    latest: int | None = None


@dataclass(frozen=True)
class BalanceSummary:
    """The figures of a balance run; `text()` is `hexwright balance`'s report."""

    games: int
    """Games played to their end (failed games are left out of every figure)."""
    failed_seeds: list[int]
    levels: dict[str, Proportion]
    """Every engine victory level (`LEVELS`), even those that never came up."""
    level_method: str
    score_mean: float
    score_sd: float
    """Sample standard deviation (n - 1); 0 for fewer than two games."""
    score_by_turn: list[Quartiles]
    """Entry t-1: the score at the end of turn t over the games; a game that ended early
    keeps its final score for the turns it did not play."""
    objectives: dict[str, ObjectiveHold]
    median_game_seed: int | None
    """The game whose score is nearest the median score (the lower seed on a tie)."""
    best_seed: int | None
    """The game with the highest score (best for the Allies; the lower seed on a tie)."""
    worst_seed: int | None
    """The game with the lowest score (best for the Axis)."""
    side_results: dict[str, Proportion] = field(default_factory=dict)
    """"allied-win", "draw", "axis-win" with their intervals."""
    errors: dict[int, str] = field(default_factory=dict)
    """Failed seed -> what went wrong."""
    scores: dict[int, float] = field(default_factory=dict)
    """Seed -> final score of every game played to its end."""
    arrivals: dict[str, Arrival] = field(default_factory=dict)
    """Reinforcement or release id -> when it came (releases by chance vary from game to
    game)."""
    length: Quartiles | None = None
    """Game turns played (quartiles), given when the ruleset's games often end early
    (`RecordKind.early_endings`); None otherwise."""
    early: int = 0
    """Games that ended before the longest one did."""

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON-ready data (`hexwright balance --json`)."""
        return {
            "games": self.games,
            "failed_seeds": self.failed_seeds,
            "errors": {str(seed): message for seed, message in self.errors.items()},
            "level_method": self.level_method,
            "levels": {name: p.to_json() for name, p in self.levels.items()},
            "side_results": {name: p.to_json() for name, p in self.side_results.items()},
            "score": {"mean": self.score_mean, "sd": self.score_sd},
            "score_by_turn": [
                {"turn": t, "q1": q.q1, "median": q.median, "q3": q.q3}
                for t, q in enumerate(self.score_by_turn, 1)
            ],
            "objectives": {
                key: {
                    "starting_owner": hold.starting_owner,
                    "held_at_end": hold.held_at_end,
                    "falls_by_turn": hold.falls_by_turn,
                    "median_fall_turn": hold.median_fall_turn,
                }
                for key, hold in self.objectives.items()
            },
            "arrivals": {
                key: {
                    "arrived": a.arrived,
                    "median_turn": a.median_turn,
                    "earliest": a.earliest,
                    "latest": a.latest,
                }
                for key, a in self.arrivals.items()
            },
            **(
                {
                    "length": {
                        "q1": self.length.q1,
                        "median": self.length.median,
                        "q3": self.length.q3,
                        "early": self.early,
                    }
                }
                if self.length is not None
                else {}
            ),
            "median_game_seed": self.median_game_seed,
            "best_seed": self.best_seed,
            "worst_seed": self.worst_seed,
        }

    def text(self) -> str:
        """The report `hexwright balance` prints."""
        lines = [f"{self.games} games played" + _failed(self.failed_seeds)]
        if not self.games:
            return "\n".join(lines)
        lines.append(f"Victory levels (95 % confidence interval: {self.level_method}):")
        sides = [(name, p) for name, p in self.side_results.items() if name not in self.levels]
        for name, p in [*self.levels.items(), *sides]:
            lines.append(
                f"  {name.replace('_', ' '):<22} {p.rate:>6.1%}  ({p.low:.1%} .. {p.high:.1%})"
                f"  {p.count}/{p.games}"
            )
        lines.append(
            f"Score (counts for the Allies): mean {self.score_mean:.1f}, "
            f"standard deviation {self.score_sd:.1f}"
        )
        if self.length is not None:
            lines.append(
                f"Game length: median {self.length.median:g} turns "
                f"({self.length.q1:g} .. {self.length.q3:g}), {self.early} ended early"
            )
        lines.append("Score by turn (median, quartiles):")
        for t, q in enumerate(self.score_by_turn, 1):
            lines.append(f"  turn {t:>3}: {q.median:>8.1f}  ({q.q1:.1f} .. {q.q3:.1f})")
        if self.objectives:
            lines.append(
                "Objectives (held at the end; falls: by which turn half the games lost it):"
            )
            for key, hold in self.objectives.items():
                held = ", ".join(f"{side} {share:.0%}" for side, share in hold.held_at_end.items())
                falls = (
                    f"falls by turn {hold.median_fall_turn}"
                    if hold.median_fall_turn is not None
                    else "holds in most games"
                )
                start = hold.starting_owner or "nobody"
                lines.append(f"  {key:<22} {held}; from {start}: {falls}")
        if self.arrivals:
            lines.append("Reinforcements and releases (games in which they came; turn):")
            for key, a in self.arrivals.items():
                when = (
                    f"median turn {a.median_turn:g} ({a.earliest} .. {a.latest})"
                    if a.median_turn is not None
                    else "never"
                )
                lines.append(f"  {key:<22} {a.arrived:>4.0%}  {when}")
        lines.append(
            f"Games to open: median seed {self.median_game_seed} "
            f"({self.scores[self.median_game_seed]:g}), "
            f"best for the Allies seed {self.best_seed} ({self.scores[self.best_seed]:g}), "
            f"best for the Axis seed {self.worst_seed} ({self.scores[self.worst_seed]:g})"
            if self.median_game_seed is not None
            and self.best_seed is not None
            and self.worst_seed is not None
            else "No game to open"
        )
        return "\n".join(lines)


def _failed(seeds: Sequence[int]) -> str:
    if not seeds:
        return ""
    shown = ", ".join(str(s) for s in seeds[:20]) + (" ..." if len(seeds) > 20 else "")
    return f"; {len(seeds)} failed (seeds {shown})"


def summarize(records: Sequence[GameRecord], kind: RecordKind = PANZER_KIND) -> BalanceSummary:
    """The figures of a run's records (any order) whose outcomes are `kind`'s levels (a level
    outside them is listed after them); failed games are counted apart."""
    played = sorted((r for r in records if r.ok), key=lambda r: r.seed)
    failed = sorted((r for r in records if not r.ok), key=lambda r: r.seed)
    n = len(played)
    names = list(dict.fromkeys([*kind.levels, *(r.outcome for r in played)]))
    levels = {name: proportion(sum(r.outcome == name for r in played), n) for name in names}
    sides = {
        name: proportion(sum(kind.side_result(r.outcome) == name for r in played), n)
        for name in SIDE_RESULTS
    }
    scores = [r.score for r in played]
    longest = max((r.turns for r in played), default=0)
    return BalanceSummary(
        games=n,
        failed_seeds=[r.seed for r in failed],
        levels=levels,
        level_method=WILSON,
        score_mean=statistics.fmean(scores) if scores else 0.0,
        score_sd=statistics.stdev(scores) if n > 1 else 0.0,
        score_by_turn=_score_by_turn(played),
        objectives=_objectives(played),
        median_game_seed=_median_seed(played),
        best_seed=max(played, key=lambda r: (r.score, -r.seed)).seed if played else None,
        worst_seed=min(played, key=lambda r: (r.score, r.seed)).seed if played else None,
        side_results=sides,
        errors={r.seed: r.error or "" for r in failed},
        scores={r.seed: r.score for r in played},
        arrivals=_arrivals(played),
        length=Quartiles(*quartiles([float(r.turns) for r in played]))
        if kind.early_endings and played
        else None,
        early=sum(r.turns < longest for r in played),
    )


def _arrivals(played: Sequence[GameRecord]) -> dict[str, Arrival]:
    keys = list(dict.fromkeys(k for r in played for k in r.arrivals))
    found = {}
    for key in keys:
        turns = [t for r in played if (t := r.arrivals.get(key)) is not None]
        found[key] = Arrival(
            len(turns) / len(played),
            statistics.median(turns) if turns else None,
            min(turns, default=None),
            max(turns, default=None),
        )
    return found


def _carried(values: Sequence[Any], turns: int) -> list[Any]:
    """`values` by turn, the last carried on to `turns` (a game that ended early stays as it
    ended)."""
    return [values[min(t, len(values) - 1)] for t in range(turns)] if values else []


def _score_by_turn(played: Sequence[GameRecord]) -> list[Quartiles]:
    turns = max((len(r.score_by_turn) for r in played), default=0)
    columns = [_carried(r.score_by_turn, turns) for r in played if r.score_by_turn]
    return [Quartiles(*quartiles([c[t] for c in columns])) for t in range(turns)] if columns else []


def _objectives(played: Sequence[GameRecord]) -> dict[str, ObjectiveHold]:
    if not played:
        return {}
    turns = max((len(r.score_by_turn) for r in played), default=0)
    n = len(played)
    keys = list(dict.fromkeys(k for r in played for k in r.owners_by_turn))
    holds = {}
    for key in keys:
        with_it = [r for r in played if key in r.owners_by_turn]
        start = with_it[0].owners_at_start.get(key, with_it[0].owners_by_turn[key][0])
        held = {
            side.value: sum(r.owners_by_turn[key][-1] == side.value for r in with_it) / n
            for side in Side
        }
        fell = [_fall_turn(r, key) for r in with_it]
        falls = [sum(f is not None and f <= t for f in fell) / n for t in range(1, turns + 1)]
        median = next((t for t, share in enumerate(falls, 1) if share >= 0.5), None)
        holds[key] = ObjectiveHold(held, falls, median, start)
    return holds


def _fall_turn(record: GameRecord, key: str) -> int | None:
    """The first turn at whose end the objective was no longer with its starting owner."""
    owners = record.owners_by_turn[key]
    start = record.owners_at_start.get(key, owners[0] if owners else None)
    return next((t for t, owner in enumerate(owners, 1) if owner != start), None)


def _median_seed(played: Sequence[GameRecord]) -> int | None:
    if not played:
        return None
    median = statistics.median(r.score for r in played)
    return min(played, key=lambda r: (abs(r.score - median), r.seed)).seed

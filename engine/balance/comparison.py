"""A/B comparison of two versions of a scenario played on the same seeds (`compare`): each
figure's difference, paired game by game, and whether it is significant at 5 %."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from engine.balance.game_record import SIDE_RESULTS, GameRecord, RecordKind
from engine.balance.level_match import match_levels
from engine.balance.records import PANZER_KIND
from engine.balance.stats import SIGN_TEST, sign_test, wilcoxon
from schemas.vocabulary import Side

SIGNIFICANCE = 0.05


@dataclass(frozen=True)
class ComparisonRow:
    """One figure of both versions."""

    figure: str
    a: float
    b: float
    difference: float
    """b - a."""
    p_value: float
    """Two-sided, of the paired `test`."""
    test: str
    significant: bool
    """p < 5 %."""

    def to_json(self) -> dict[str, Any]:
        """The row as JSON-ready data."""
        return {
            "figure": self.figure,
            "a": self.a,
            "b": self.b,
            "difference": self.difference,
            "p_value": self.p_value,
            "test": self.test,
            "significant": self.significant,
        }


@dataclass(frozen=True)
class Comparison:
    """Two runs of the same seeds compared figure by figure."""

    pairs: int
    """Seeds played to their end in both runs (the only games compared)."""
    rows: list[ComparisonRow]
    unpaired_seeds: list[int]
    """Seeds failed or missing in either run, left out."""

    @property
    def significant(self) -> list[ComparisonRow]:
        """The rows whose difference is significant at 5 %."""
        return [row for row in self.rows if row.significant]

    def to_json(self) -> dict[str, Any]:
        """The comparison as JSON-ready data (`hexwright balance --against … --json`)."""
        return {
            "pairs": self.pairs,
            "unpaired_seeds": self.unpaired_seeds,
            "significance": SIGNIFICANCE,
            "rows": [row.to_json() for row in self.rows],
        }

    def text(self) -> str:
        """The comparison `hexwright balance --against` prints."""
        lines = [
            f"A/B comparison on {self.pairs} seeds played by both versions"
            + (f" ({len(self.unpaired_seeds)} left out)" if self.unpaired_seeds else ""),
            f"{'figure':<38} {'A':>9} {'B':>9} {'B - A':>9} {'p':>7}  test",
        ]
        for row in self.rows:
            mark = " *" if row.significant else "  "
            lines.append(
                f"{row.figure:<38} {_shown(row.figure, row.a):>9} {_shown(row.figure, row.b):>9} "
                f"{_shown(row.figure, row.difference, signed=True):>9} {row.p_value:>7.3f}{mark}"
                f" {row.test}"
            )
        shifted = self.significant
        lines.append(
            f"* significant at 5 % ({len(shifted)} of {len(self.rows)} figures; each is tested "
            "on its own, so about one in twenty unchanged figures is marked by chance)"
            if shifted
            else "No figure differs significantly at 5 %."
        )
        return "\n".join(lines)


def _shown(figure: str, value: float, signed: bool = False) -> str:
    if figure.endswith("(mean)"):
        return f"{value:+.1f}" if signed else f"{value:.1f}"
    return f"{value:+.1%}" if signed else f"{value:.1%}"


def compare(
    a: Sequence[GameRecord],
    b: Sequence[GameRecord],
    kind: RecordKind = PANZER_KIND,
    kind_b: RecordKind | None = None,
) -> Comparison:
    """Compare version A's records with version B's, paired by seed; their levels and losses
    are `kind`'s, B's levels `kind_b`'s when B has its own (a situation whose levels were
    edited). Then A's levels are matched to B's (`match_levels`: by name, else by points, else
    by rank among the side's levels), the rows are B's levels, a level B renamed says A's name
    ("German decisive (was 'German major')"), and a level of A that B dropped has its own row
    ("… (only in A)").

    Each victory level, each side's result, and each objective held by its starting owner at
    the end is a yes/no per game: its rate in A and B, and McNemar's test in its exact form,
    the two-sided binomial test on the pairs where only one version had it. The score and the
    losses are numbers per game: their means, and the Wilcoxon signed-rank test of the paired
    differences (exact up to 25 untied pairs, else the normal approximation with tie
    correction). Identical games give differences of 0 and p = 1."""
    match = match_levels(kind, kind_b) if kind_b is not None and kind_b != kind else None
    levels: list[tuple[str, str]] = [(lv, lv.replace("_", " ")) for lv in kind.levels]
    if match is not None and kind_b is not None:
        a = match.translated(a)
        levels = [(lv, match.label(lv, lv.replace("_", " "))) for lv in kind_b.levels]
        levels += [(lv, f"{lv.replace('_', ' ')} (only in A)") for lv in match.only_a]
        kind = replace(kind_b, sides={**kind.sides, **kind_b.sides})  # A's dropped levels too
    mine = {r.seed: r for r in a if r.ok}
    theirs = {r.seed: r for r in b if r.ok}
    seeds = sorted(mine.keys() & theirs.keys())
    pairs = [(mine[s], theirs[s]) for s in seeds]
    everyone = {r.seed for r in a} | {r.seed for r in b}
    rows: list[ComparisonRow] = []
    for level, figure in levels:
        rows.append(_binary(figure, pairs, partial(_is_level, level)))
    for result in SIDE_RESULTS:
        if result != "draw":
            rows.append(_binary(result, pairs, partial(_is_side_result, kind, result)))
    rows.append(_paired("score (mean)", pairs, _score))
    for side in Side:
        for component in kind.losses:
            figure = f"{side.value} {component} lost (mean)"
            rows.append(_paired(figure, pairs, partial(_lost, side.value, component)))
    if pairs:
        first = pairs[0][0]
        for key in first.owners_by_turn:
            owner = first.owners_at_start.get(key) or Side.ALLIED.value
            figure = f"{key} held by {owner} at end"
            rows.append(_binary(figure, pairs, partial(_holds, key, owner)))
    return Comparison(len(pairs), rows, sorted(everyone - set(seeds)))


def _is_level(level: str, record: GameRecord) -> bool:
    return record.outcome == level


def _is_side_result(kind: RecordKind, result: str, record: GameRecord) -> bool:
    return kind.side_result(record.outcome) == result


def _score(record: GameRecord) -> float:
    return record.score


def _lost(side: str, component: str, record: GameRecord) -> float:
    return float(record.losses.get(side, {}).get(component, 0))


def _holds(key: str, owner: str, record: GameRecord) -> bool:
    owners = record.owners_by_turn.get(key, ())
    return bool(owners) and owners[-1] == owner


Pairs = Sequence[tuple[GameRecord, GameRecord]]


def _binary(figure: str, pairs: Pairs, has: Callable[[GameRecord], bool]) -> ComparisonRow:
    n = len(pairs)
    only_a = sum(has(x) and not has(y) for x, y in pairs)
    only_b = sum(has(y) and not has(x) for x, y in pairs)
    rate_a = sum(has(x) for x, _ in pairs) / n if n else 0.0
    rate_b = sum(has(y) for _, y in pairs) / n if n else 0.0
    p = sign_test(only_a, only_b)
    return ComparisonRow(figure, rate_a, rate_b, rate_b - rate_a, p, SIGN_TEST, p < SIGNIFICANCE)


def _paired(figure: str, pairs: Pairs, value: Callable[[GameRecord], float]) -> ComparisonRow:
    xs = [value(x) for x, _ in pairs]
    ys = [value(y) for _, y in pairs]
    mean_a = statistics.fmean(xs) if xs else 0.0
    mean_b = statistics.fmean(ys) if ys else 0.0
    test = wilcoxon([y - x for x, y in zip(xs, ys, strict=True)])
    return ComparisonRow(
        figure,
        mean_a,
        mean_b,
        mean_b - mean_a,
        test.p_value,
        test.method,
        test.p_value < SIGNIFICANCE,
    )

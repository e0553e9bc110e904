"""The balance lab's statistics against published and hand-worked values: the Wilson score
interval (Newcombe 1998), the exact sign test, the Wilcoxon signed-rank test (SciPy's documented
example; a tied case worked by hand), and the figures `summarize` and `compare` draw from
records, with the expectation grammar of `hexwright balance --expect`."""

from __future__ import annotations

import random
import re

import pytest

from engine.balance import GameRecord, compare, summarize
from engine.balance.expectations import parse_expectation
from engine.balance.stats import (
    WILCOXON_EXACT,
    WILCOXON_NORMAL,
    quartiles,
    sign_test,
    wilcoxon,
    wilson_interval,
)

DARWIN = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75]
"""SciPy's `wilcoxon` example: Darwin's differences in height of cross- and self-fertilised
plants (Fisher 1935)."""


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_the_wilson_interval_matches_newcombe_s_worked_examples(
    successes: int, trials: int, low: float, high: float
) -> None:
    """Newcombe (1998), Statistics in Medicine 17:857, Table II, method 3 (score, no
    continuity correction)."""
    got = wilson_interval(successes, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_the_wilson_interval_covers_the_true_rate_about_95_percent_of_the_time() -> None:
    rng = random.Random(16)
    rate, trials, runs = 0.3, 40, 2000
    covered = 0
    for _ in range(runs):
        hits = sum(rng.random() < rate for _ in range(trials))
        low, high = wilson_interval(hits, trials)
        covered += low <= rate <= high
    assert 0.93 <= covered / runs <= 0.97


def test_the_sign_test_is_twice_the_smaller_binomial_tail() -> None:
    assert sign_test(2, 8) == 2 * (1 + 10 + 45) / 1024
    assert sign_test(8, 2) == sign_test(2, 8)
    assert sign_test(5, 5) == 1.0
    assert sign_test(0, 0) == 1.0
    assert sign_test(0, 6) == 2 / 64


def test_wilcoxon_reproduces_scipy_s_documented_example() -> None:
    exact = wilcoxon(DARWIN)
    assert (exact.statistic, exact.method) == (24.0, WILCOXON_EXACT)
    assert exact.p_value == pytest.approx(0.041259765625, abs=1e-12)
    approx = wilcoxon(DARWIN, exact_limit=0)
    assert approx.method == WILCOXON_NORMAL
    assert approx.p_value == pytest.approx(0.04088813291185591, abs=1e-12)


def test_wilcoxon_with_ties_uses_mid_ranks_and_the_tie_corrected_variance() -> None:
    """|d| = 1,2,2,3,1,4 rank 1.5,3.5,3.5,5,1.5,6: T+ = 19.5, T- = 1.5. n = 6: mean 10.5,
    variance 6*7*13/24 - (2*(2^3-2))/48 = 22.75 - 0.25 = 22.5, z = -9/sqrt(22.5) = -1.897,
    p = 0.0578 (R: wilcox.test(d, exact=FALSE, correct=FALSE))."""
    result = wilcoxon([1, 2, 2, 3, -1, 4, 0], exact_limit=0)  # the zero is dropped
    assert (result.statistic, result.used, result.method) == (1.5, 6, WILCOXON_NORMAL)
    assert result.p_value == pytest.approx(0.05778, abs=5e-5)


def test_wilcoxon_exact_with_ties_counts_the_sign_patterns_of_the_mid_ranks() -> None:
    """Same differences: mid-ranks 1.5, 3.5, 3.5, 5, 1.5, 6; of the 64 sign patterns, T+ <= 1.5
    for: none positive (0), either 1.5 alone (2 patterns): 3/64, doubled."""
    result = wilcoxon([1, 2, 2, 3, -1, 4])
    assert result.p_value == 6 / 64
    four_equal = wilcoxon([100, 100, 100, 100])  # one pattern in 16 as extreme, each way
    assert four_equal.p_value == 2 / 16


def test_wilcoxon_rejects_at_the_stated_rate_under_no_difference() -> None:
    rng = random.Random(7)
    runs = 1000
    rejected = sum(
        wilcoxon([rng.gauss(0, 1) for _ in range(30)]).p_value < 0.05 for _ in range(runs)
    )
    assert 0.03 <= rejected / runs <= 0.07


def test_quartiles_interpolate_like_numpy() -> None:
    assert quartiles([1, 2, 3, 4]) == (1.75, 2.5, 3.25)
    assert quartiles([7]) == (7.0, 7.0, 7.0)
    assert quartiles([3, 1, 2]) == (1.5, 2.0, 2.5)


def _record(seed: int, outcome: str, scores: list[float], town: list[str]) -> GameRecord:
    return GameRecord(
        seed=seed,
        outcome=outcome,
        score=scores[-1],
        turns=len(scores),
        score_by_turn=tuple(scores),
        owners_by_turn={"town": tuple(town)},
        losses={"allied": {"men": 10 * seed, "guns": 0, "vehicles": 1}, "axis": {"men": 5}},
        arrivals={"r1": 2},
        owners_at_start={"town": "allied"},
    )


RECORDS = [
    _record(1, "axis_major_victory", [0, -50, -120], ["allied", "axis", "axis"]),
    _record(2, "draw", [10, 20, 30], ["allied", "allied", "allied"]),
    _record(3, "axis_minor_victory", [0, -40, -60], ["allied", "allied", "axis"]),
    _record(4, "allied_major_victory", [40, 200], ["allied", "allied"]),  # ended early
    GameRecord.failed(5, "the worker process playing seed 5 died (killed by SIGKILL)"),
]


def test_summarize_counts_levels_with_intervals_and_leaves_failed_games_apart() -> None:
    summary = summarize(RECORDS)
    assert summary.games == 4
    assert summary.failed_seeds == [5]
    assert "killed by SIGKILL" in summary.errors[5]
    assert summary.levels["axis_major_victory"].rate == 0.25
    assert (
        summary.levels["axis_major_victory"].low,
        summary.levels["axis_major_victory"].high,
    ) == wilson_interval(1, 4)
    assert summary.side_results["axis-win"].rate == 0.5
    assert sum(p.rate for p in summary.levels.values()) == pytest.approx(1.0)
    assert summary.level_method == "Wilson score interval"
    assert summary.score_mean == pytest.approx((-120 + 30 - 60 + 200) / 4)
    assert summary.score_sd == pytest.approx((58275 / 3) ** 0.5)  # squares about 12.5, n - 1


def test_score_by_turn_carries_a_game_that_ended_early_at_its_final_score() -> None:
    summary = summarize(RECORDS)
    assert len(summary.score_by_turn) == 3
    assert summary.score_by_turn[2].median == quartiles([-120, 30, -60, 200])[1]


def test_objectives_are_held_and_fall_as_the_games_went() -> None:
    hold = summarize(RECORDS).objectives["town"]
    assert hold.starting_owner == "allied"
    assert hold.held_at_end == {"allied": 0.5, "axis": 0.5}
    assert hold.falls_by_turn == [0.0, 0.25, 0.5]
    assert hold.median_fall_turn == 3


def test_the_games_to_open_are_the_median_and_the_extremes() -> None:
    summary = summarize(RECORDS)
    assert (summary.best_seed, summary.worst_seed) == (4, 1)
    # The median is -15: seeds 2 (30) and 3 (-60) are 45 off it; the lower seed is taken.
    assert summary.median_game_seed == 2


def test_arrivals_give_the_share_of_games_and_the_median_turn() -> None:
    records = [
        GameRecord(**{**r.__dict__, "arrivals": {"r1": turn, "rel": None}})
        for r, turn in zip(RECORDS[:4], [2, 4, None, 3], strict=True)
    ]
    arrivals = summarize(records).arrivals
    assert arrivals["r1"].arrived == 0.75
    assert (arrivals["r1"].median_turn, arrivals["r1"].earliest, arrivals["r1"].latest) == (3, 2, 4)
    assert arrivals["rel"].arrived == 0.0
    assert arrivals["rel"].median_turn is None
    assert re.search(r"^  rel +0%  never$", summarize(records).text(), re.MULTILINE)
    assert re.search(r"^  r1 +75%  median turn 3 \(2 \.\. 4\)$", summarize(records).text(), re.M)


def test_compare_pairs_by_seed_and_names_its_tests() -> None:
    shifted = [
        GameRecord(**{**r.__dict__, "score": r.score + 100, "outcome": "allied_major_victory"})
        if r.ok
        else r
        for r in RECORDS
    ]
    comparison = compare(RECORDS, shifted)
    assert comparison.pairs == 4
    assert comparison.unpaired_seeds == [5]
    rows = {row.figure: row for row in comparison.rows}
    score = rows["score (mean)"]
    assert score.difference == 100
    assert score.p_value == 2 / 16  # all 4 differences positive: the exact two-sided minimum
    assert not score.significant  # four games cannot show it
    assert rows["allied-win"].p_value == sign_test(0, 3)
    assert compare(RECORDS, RECORDS).significant == []


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("axis-win 40..60", "is not an expectation"),
        ("axis-wins 40..60%", "unknown result 'axis-wins'"),
        ("draw 60..40%", "is empty"),
        ("draw 0..120%", "more than 100%"),
    ],
)
def test_a_bad_expectation_names_its_problem(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_expectation(text)


def test_an_expectation_checks_the_observed_rate_bounds_included() -> None:
    summary = summarize(RECORDS)
    assert parse_expectation("axis-win 50..60%").holds(summary)
    assert not parse_expectation("axis-win 51..60%").holds(summary)
    assert parse_expectation("Axis Major Victory 25..25%").holds(summary)
    assert not parse_expectation("draw 0..100%").holds(summarize([]))

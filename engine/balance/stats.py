"""The statistics the balance lab's reports rest on, with no SciPy: the Wilson score interval of
a proportion, the exact two-sided binomial (sign) test, and the Wilcoxon signed-rank test for
paired differences, exact for small samples and by its normal approximation otherwise."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

WILSON = "Wilson score interval"
SIGN_TEST = "exact binomial test on the discordant pairs (McNemar)"
WILCOXON_EXACT = "Wilcoxon signed-rank, exact"
WILCOXON_EXACT_TIES = "Wilcoxon signed-rank, exact with mid-ranks"
WILCOXON_NORMAL = "Wilcoxon signed-rank, normal approximation with tie correction"

EXACT_LIMIT = 25
"""Up to this many non-zero differences, the signed-rank test counts its exact distribution
(the 2^n sign patterns of the ranks, by dynamic programming); above, its normal
approximation."""

_NORMAL = NormalDist()


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (Wilson 1927; Newcombe 1998, method 3): it
    stays inside [0, 1] and keeps close to its stated coverage for few games or rates near 0
    or 1, where the textbook Wald interval fails. (0, 1) for no trials.

    >>> [round(x, 4) for x in wilson_interval(81, 263)]
    [0.2553, 0.3662]
    """
    if trials == 0:
        return 0.0, 1.0
    z = _NORMAL.inv_cdf(0.5 + confidence / 2)
    rate = successes / trials
    centre = rate + z * z / (2 * trials)
    half = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (centre - half) / scale), min(1.0, (centre + half) / scale)


def sign_test(plus: int, minus: int) -> float:
    """The two-sided p-value of the exact binomial test that `plus` and `minus` are equally
    likely (p = 1/2): the sign test, and McNemar's exact test when they count the discordant
    pairs. Twice the smaller tail, at most 1; 1 when there are no pairs.

    >>> sign_test(2, 8)  # 2 * (1 + 10 + 45) / 2**10
    0.109375
    """
    n = plus + minus
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(plus, minus) + 1))
    return min(1.0, math.ldexp(2 * tail, -n))


@dataclass(frozen=True)
class SignedRank:
    """The outcome of a Wilcoxon signed-rank test."""

    statistic: float
    """min(T+, T-): the smaller of the sums of the ranks of the positive and negative
    differences."""
    p_value: float
    """Two-sided."""
    method: str
    """`WILCOXON_EXACT` or `WILCOXON_NORMAL`."""
    used: int
    """Non-zero differences ranked (zeros are dropped, Wilcoxon's own convention)."""


def wilcoxon(differences: Sequence[float], exact_limit: int = EXACT_LIMIT) -> SignedRank:
    """The two-sided Wilcoxon signed-rank test that paired differences are centred on zero.

    Zero differences are dropped (Wilcoxon 1945; SciPy's default "wilcox"); the absolute
    differences are ranked, ties sharing the mean of their ranks. With at most `exact_limit`
    differences the p-value is exact: the share of the 2^n sign patterns of these ranks (the
    mid-ranks when tied: the exact conditional test, which the normal approximation overstates
    for few tied games) whose smaller sum is as small; otherwise z = (T - n(n+1)/4) / sd with
    sd^2 = n(n+1)(2n+1)/24 - sum(t^3 - t)/48 over tied groups of size t, no continuity
    correction, p = 2 * Phi(-|z|). No difference at all: p = 1.

    SciPy's documented example (the Darwin height differences), exact and approximate:

    >>> d = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75]
    >>> wilcoxon(d).statistic, wilcoxon(d).p_value
    (24.0, 0.041259765625)
    >>> round(wilcoxon(d, exact_limit=0).p_value, 10)  # SciPy: wilcoxon(d, method="approx")
    0.0408881329
    """
    used = [d for d in differences if d != 0]
    n = len(used)
    if n == 0:
        return SignedRank(0.0, 1.0, WILCOXON_EXACT, 0)
    ranks, ties = _ranks([abs(d) for d in used])
    plus = sum(r for r, d in zip(ranks, used, strict=True) if d > 0)
    statistic = min(plus, n * (n + 1) / 2 - plus)
    if n <= exact_limit:
        method = WILCOXON_EXACT_TIES if ties else WILCOXON_EXACT
        return SignedRank(statistic, _exact_p(ranks, statistic), method, n)
    mean = n * (n + 1) / 4
    variance = n * (n + 1) * (2 * n + 1) / 24 - sum(t**3 - t for t in ties) / 48
    if variance <= 0:
        return SignedRank(statistic, 1.0, WILCOXON_NORMAL, n)
    z = (statistic - mean) / math.sqrt(variance)
    return SignedRank(statistic, min(1.0, 2 * _NORMAL.cdf(-abs(z))), WILCOXON_NORMAL, n)


def _ranks(values: Sequence[float]) -> tuple[list[float], list[int]]:
    """The rank of each value (1 = smallest, ties the mean of theirs) and the sizes of the
    tied groups (of two or more)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    ties = []
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            ranks[order[position]] = (start + end) / 2 + 1
        if end > start:
            ties.append(end - start + 1)
        start = end + 1
    return ranks, ties


def _exact_p(ranks: Sequence[float], statistic: float) -> float:
    """Two-sided exact p-value of the signed-rank statistic: the share of the 2^n sign
    patterns of `ranks` whose positive rank sum is at most `statistic`, doubled (at most 1).
    Ranks are whole or halves (mid-ranks), so the sums are counted in halves."""
    halves = [round(2 * r) for r in ranks]
    top = sum(halves)
    counts = [1] + [0] * top  # counts[s]: sign patterns of the ranks so far summing to s/2
    for rank in halves:
        for total in range(top, rank - 1, -1):
            counts[total] += counts[total - rank]
    tail = sum(counts[: round(2 * statistic) + 1])
    return min(1.0, math.ldexp(2 * tail, -len(halves)))


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    """The first quartile, median and third quartile, by linear interpolation between order
    statistics (Hyndman & Fan type 7, the default of NumPy and R). All three the value itself
    for a single value.

    >>> quartiles([1, 2, 3, 4])
    (1.75, 2.5, 3.25)
    """
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    return _at(ordered, 0.25), _at(ordered, 0.5), _at(ordered, 0.75)


def _at(ordered: Sequence[float], share: float) -> float:
    position = share * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return float(ordered[low] + (ordered[high] - ordered[low]) * (position - low))

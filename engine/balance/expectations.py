"""Balance expectations a designer keeps beside a scenario (`hexwright balance --expect "axis-win
40..60%"`): a victory level or a side's result, and the range of percentages of games it must
come up in."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.balance.summary import LEVELS, SIDE_RESULTS, BalanceSummary

GRAMMAR = (
    "an expectation is NAME LOW..HIGH%, NAME one of "
    + ", ".join(dict.fromkeys([*SIDE_RESULTS, *(level.replace("_", "-") for level in LEVELS)]))
    + ', LOW and HIGH percentages from 0 to 100 (e.g. "axis-win 40..60%")'
)

_PATTERN = re.compile(
    r"^\s*(?P<name>[A-Za-z_ -]+?)\s+(?P<low>\d+(?:\.\d+)?)\s*%?\s*\.\.\s*"
    r"(?P<high>\d+(?:\.\d+)?)\s*%\s*$"
)


@dataclass(frozen=True)
class Expectation:
    """How often a result must come up: `low` to `high` percent of the games played to their
    end, bounds included."""

    name: str
    """"allied-win", "draw", "axis-win" or an engine victory level ("axis_minor_victory")."""
    low: float
    high: float
    text: str

    def rate(self, summary: BalanceSummary) -> float:
        """The share of games the result came up in (0 to 1)."""
        if self.name in summary.side_results:
            return summary.side_results[self.name].rate
        return summary.levels[self.name].rate

    def holds(self, summary: BalanceSummary) -> bool:
        """Whether the run's games meet it. Decision: the observed rate is checked, not its
        confidence interval, so the expectation means what it reads; the report gives the
        interval beside it for judging how firm the rate is. No game played: never met."""
        if summary.games == 0:
            return False
        percent = round(100 * self.rate(summary), 9)
        return self.low <= percent <= self.high


def parse_expectation(text: str) -> Expectation:
    """The expectation `text` says; ValueError naming what is wrong with it.

    >>> parse_expectation("axis-win 40..60%")
    Expectation(name='axis-win', low=40.0, high=60.0, text='axis-win 40..60%')
    >>> parse_expectation("allied-major-victory 0..10%").name
    'allied_major_victory'
    """
    match = _PATTERN.match(text)
    if match is None:
        raise ValueError(f"'{text}' is not an expectation: {GRAMMAR}")
    name = re.sub(r"[\s_-]+", "-", match["name"].strip().lower())
    level = name.replace("-", "_")
    if name in SIDE_RESULTS:
        key = name
    elif level in LEVELS:
        key = level
    else:
        raise ValueError(f"'{text}': unknown result '{match['name'].strip()}'; {GRAMMAR}")
    low, high = float(match["low"]), float(match["high"])
    if high > 100:
        raise ValueError(f"'{text}': {match['high']}% is more than 100%")
    if low > high:
        raise ValueError(f"'{text}': the range {match['low']}..{match['high']}% is empty")
    return Expectation(key, low, high, text.strip())

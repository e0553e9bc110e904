"""The balance lab: many computer-vs-computer games of a scenario on local worker processes or a
Dask cluster (`BalanceRun`), what they produced (`summarize`), and whether an edit moved it
(`compare`). Importable without `distributed`, which only a run on a cluster needs."""

from engine.balance.comparison import Comparison, ComparisonRow, compare
from engine.balance.records import GameRecord
from engine.balance.run import BalanceRun
from engine.balance.summary import (
    Arrival,
    BalanceSummary,
    ObjectiveHold,
    Proportion,
    Quartiles,
    summarize,
)

__all__ = [
    "Arrival",
    "BalanceRun",
    "BalanceSummary",
    "Comparison",
    "ComparisonRow",
    "GameRecord",
    "ObjectiveHold",
    "Proportion",
    "Quartiles",
    "compare",
    "summarize",
]

"""The balance lab's rows of `python -m bench`: 100 computer-vs-computer games of "Stoumont
Station" on two worker processes, and the same games on one, for the scaling between them.

Wall-clock seconds, from the run's start (worker processes included) to its last record: that is
what a designer waits. The workers' CPU seconds are given beside, a figure the machine's other
load disturbs less."""

from __future__ import annotations

import resource
import time
from pathlib import Path

from bench.measure import BUDGETS, Prepared, Title, measurement
from engine.balance import BalanceRun

REPO = Path(__file__).resolve().parent.parent
STOUMONT = REPO / "sample_data/stoumont44/scenarios/stoumont-station.scenario.yaml"
GAMES = 100
ROW = f"balance: {GAMES} games of Stoumont Station"
ONE_WORKER = f"{ROW} on 1 worker"

_seconds: dict[int, float] = {}
"""Wall seconds of the last run by its number of workers, for the scaling."""
_cpu: dict[int, float] = {}
"""The workers' CPU seconds of the last run by its number of workers."""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _runner(jobs: int) -> float:
    started, spent = time.perf_counter(), _children_cpu()
    run = BalanceRun(STOUMONT, range(1, GAMES + 1), jobs=jobs)
    failed = sum(not record.ok for record in run)
    if failed:
        raise RuntimeError(f"{failed} of {GAMES} balance games failed: {run.failed_seeds}")
    seconds = time.perf_counter() - started
    _cpu[jobs] = _children_cpu() - spent
    _seconds[jobs] = seconds
    return seconds


@measurement(ROW, BUDGETS[ROW])
def _two_workers(title: Title) -> Prepared:
    return Prepared(
        lambda: _runner(2),
        f"BalanceRun of seeds 1..{GAMES} on 2 worker processes, computer against computer, "
        "wall-clock from the start of the run to its last record (the workers' CPU seconds, "
        "summed, are printed with the scaling after the table)",
        reports_seconds=True,
        runs=1,
    )


@measurement(ONE_WORKER, BUDGETS[ROW])
def _one_worker(title: Title) -> Prepared:
    return Prepared(
        lambda: _runner(1),
        "the same games on 1 worker process, for the scaling from 1 to 2 workers (printed "
        "after the table)",
        reports_seconds=True,
        runs=1,
        reference=True,
    )


def scaling() -> str | None:
    """The speed-up from 1 to 2 workers of the last rows run, as a sentence; None unless both
    ran."""
    if 1 not in _seconds or 2 not in _seconds:
        return None
    return (
        f"balance: {GAMES} games of Stoumont Station take {_seconds[1]:.1f} s on 1 worker and "
        f"{_seconds[2]:.1f} s on 2: a speed-up of {_seconds[1] / _seconds[2]:.2f}x (the "
        f"workers' CPU: {_cpu[1]:.1f} s and {_cpu[2]:.1f} s)"
    )

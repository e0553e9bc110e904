"""The balance lab's rows of `python -m bench`: 100 computer-vs-computer games of "Stoumont
Station" on two worker processes, and the same games on one, for the scaling between them.

The figure is the busiest worker's CPU seconds: what the run takes on an idle machine with a core
per worker, less the workers' start, and a figure the machine's other load disturbs little (the
wall-clock seconds, which it does disturb, are printed beside). Each worker's CPU time is read
from /proc while it runs, since the operating system's accounting of finished children sums
them all."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from bench.measure import BUDGETS, Prepared, Title, measurement
from engine.balance import BalanceRun

REPO = Path(__file__).resolve().parent.parent
STOUMONT = REPO / "sample_data/stoumont44/scenarios/stoumont-station.scenario.yaml"
GAMES = 100
ROW = f"balance: {GAMES} games of Stoumont Station"
ONE_WORKER = f"{ROW} on 1 worker"

_wall: dict[int, float] = {}
"""Wall seconds of the last run by its number of workers."""
_cpu: dict[int, dict[int, float]] = {}
"""CPU seconds of each worker process (by pid) of the last run, by its number of workers."""

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _children() -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        try:
            found += [int(pid) for pid in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def _cpu_seconds(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / _TICKS  # utime and stime


def _watch(seen: dict[int, float], done: threading.Event) -> None:
    """Keep the latest CPU seconds of every child process until `done`."""
    while not done.wait(0.05):
        for pid in _children():
            seconds = _cpu_seconds(pid)
            if seconds is not None:
                seen[pid] = max(seen.get(pid, 0.0), seconds)


def _run(jobs: int) -> float:
    seen: dict[int, float] = {}
    done = threading.Event()
    watcher = threading.Thread(target=_watch, args=(seen, done), daemon=True)
    watcher.start()
    started = time.perf_counter()
    try:
        run = BalanceRun(STOUMONT, range(1, GAMES + 1), jobs=jobs)
        failed = sum(not record.ok for record in run)
    finally:
        done.set()
        watcher.join()
    if failed:
        raise RuntimeError(f"{failed} of {GAMES} balance games failed: {run.failed_seeds}")
    _wall[jobs] = time.perf_counter() - started
    _cpu[jobs] = seen
    return max(seen.values(), default=0.0)


@measurement(ROW, BUDGETS[ROW])
def _two_workers(title: Title) -> Prepared:
    return Prepared(
        lambda: _run(2),
        f"BalanceRun of seeds 1..{GAMES} on 2 worker processes, computer against computer: the "
        "busiest worker's CPU seconds (read while it runs); the wall-clock seconds and the "
        "scaling are printed after the table",
        reports_seconds=True,
        runs=1,
    )


@measurement(ONE_WORKER, BUDGETS[ROW])
def _one_worker(title: Title) -> Prepared:
    return Prepared(
        lambda: _run(1),
        "the same games on 1 worker process (its CPU seconds), for the scaling from 1 to 2",
        reports_seconds=True,
        runs=1,
        reference=True,
    )


def scaling() -> str | None:
    """The speed-up from 1 to 2 workers of the last rows run, as a sentence; None unless both
    ran."""
    if 1 not in _wall or 2 not in _wall:
        return None
    one, two = max(_cpu[1].values()), max(_cpu[2].values())
    shares = " and ".join(f"{s:.1f} s" for s in sorted(_cpu[2].values(), reverse=True))
    return (
        f"balance: {GAMES} games of Stoumont Station: 1 worker {one:.1f} s of CPU, 2 workers "
        f"{shares} (a speed-up of {one / two:.2f}x on idle cores); wall clock {_wall[1]:.1f} s "
        f"and {_wall[2]:.1f} s on this machine as loaded now ({_wall[1] / _wall[2]:.2f}x)"
    )

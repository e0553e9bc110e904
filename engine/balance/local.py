"""The balance lab's games, of either ruleset, on worker processes of this machine: one game at a
time per worker, each record handed back as its game ends, a worker that dies replaced and its
game reported."""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import subprocess
import sys
import tempfile
import threading
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path

from engine.balance.game_record import GameRecord
from engine.balance.playable import Playable

ROOT = Path(__file__).resolve().parents[2]
"""The folder holding the `engine` package."""

POLL_SECONDS = 0.1
"""How often a run waiting on its workers looks whether it was cancelled."""


def default_jobs() -> int:
    """Every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


@dataclass
class _Worker:
    process: subprocess.Popen[bytes]
    incoming: Connection
    outgoing: Connection
    seed: int | None = None

    def give(self, seed: int | None) -> None:
        self.seed = seed
        if seed is not None:
            # A worker that died meanwhile is found when its pipe is next waited on.
            with contextlib.suppress(OSError):
                self.outgoing.send(seed)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.incoming.close()
        self.outgoing.close()


def _start(bundle: Path) -> _Worker:
    theirs_in, mine_out = os.pipe()
    mine_in, theirs_out = os.pipe()
    environment = dict(os.environ)
    # The worker imports this very copy of the engine, installed or not.
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT), *filter(None, [environment.get("PYTHONPATH")])]
    )
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "engine.balance.worker",
            str(bundle),
            str(theirs_in),
            str(theirs_out),
        ],
        pass_fds=(theirs_in, theirs_out),
        stdin=subprocess.DEVNULL,
        env=environment,
    )
    os.close(theirs_in)
    os.close(theirs_out)
    return _Worker(
        process, Connection(mine_in, writable=False), Connection(mine_out, readable=False)
    )


def death_message(seed: int, exitcode: int | None) -> str:
    """What a record says of a game whose worker process died."""
    if exitcode is not None and exitcode < 0:
        try:
            how = f"killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            how = f"killed by signal {-exitcode}"
    else:
        how = f"exit code {exitcode}"
    return f"the worker process playing seed {seed} died ({how})"


def play_locally(
    playable: Playable, seeds: Iterable[int], jobs: int, cancelled: threading.Event
) -> Iterator[GameRecord]:
    """Each seed's record as its game ends, on up to `jobs` worker processes. Once `cancelled`
    is set no game is handed out and the games under way are dropped (their workers ended)
    within `POLL_SECONDS`. A worker that dies is replaced and its seed's record says so."""
    pending = deque(seeds)
    workers: list[_Worker] = []
    folder = tempfile.TemporaryDirectory(prefix="hexwright-balance-")
    # The workers read the scenario from a file: through their pipes, each start would wait
    # for the one before to be ready to read it.
    shared = Path(folder.name) / "scenario.pickle"
    shared.write_bytes(pickle.dumps(playable, protocol=pickle.HIGHEST_PROTOCOL))
    try:
        for _ in range(min(jobs, len(pending))):
            workers.append(_start(shared))
            workers[-1].give(pending.popleft())
        while not cancelled.is_set():
            busy = {w.incoming: w for w in workers if w.seed is not None}
            if not busy:
                return
            for ready in wait(list(busy), timeout=POLL_SECONDS):
                worker = busy[ready]  # type: ignore[index]
                assert worker.seed is not None
                record = _result(worker, worker.seed)
                if cancelled.is_set():
                    return
                yield record
                if worker.process.poll() is not None:  # it died: a fresh one takes its place
                    worker.stop()
                    workers[workers.index(worker)] = worker = _start(shared)
                worker.give(pending.popleft() if pending else None)
    finally:
        for worker in workers:
            worker.stop()
        folder.cleanup()


def _result(worker: _Worker, seed: int) -> GameRecord:
    """The record of the worker's game, or of its death."""
    try:
        record: GameRecord = worker.incoming.recv()
        return record
    except (EOFError, OSError):
        pass
    try:
        worker.process.wait(timeout=5)
    except subprocess.TimeoutExpired:  # it closed its end yet lives: end it
        worker.process.kill()
        worker.process.wait()
    return GameRecord.failed(seed, death_message(seed, worker.process.returncode))

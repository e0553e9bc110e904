"""The Balance panel's runs: one or two scenario versions played on the same seeds by the
balance runner (`engine.balance.BalanceRun`) in a worker thread, each game's record crossing to
the window's thread by a signal as it finishes, so the window paints and takes clicks
throughout. Cancel stops handing out games; the finished ones are kept."""

from __future__ import annotations

import logging
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from editor.document import Document
from editor.testplay.play_settings import TestPlaySettings
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.balance import BalanceRun, GameRecord

log = logging.getLogger(__name__)


def testplay_settings(document: Document, seed: int) -> TestPlaySettings:
    """The test-play settings that play a game of a run again: its seed, the rules the runner
    plays by (`engine.balance.records.play_record`: the scenario's optional rules, no
    Opportunity Fire, no Fog of War), and the computer on both sides."""
    settings = TestPlaySettings.of_scenario(document.scenario, seed)
    return replace(settings, opportunity_fire=False, computer_sides=frozenset(Side))


@dataclass(frozen=True)
class RunPart:
    """One scenario version of a run: its name ("A", "B" or "Run"), the file the runner plays,
    and what the panel calls it."""

    name: str
    scenario: Path
    label: str
    key: str = ""
    """The version key its games are kept under (empty: not kept)."""
    own: bool = False
    """Whether it is the open document (its games are listed and test-played)."""


class _Worker(threading.Thread):
    """Plays the parts one after the other on the same seeds, telling the controller's
    signals (queued to the window's thread) of each record."""

    def __init__(
        self, controller: BalanceController, parts: Sequence[RunPart], seeds: list[int], jobs: int
    ) -> None:
        super().__init__(name="balance-run", daemon=True)
        self.controller = controller
        self.parts = list(parts)
        self.seeds = seeds
        self.jobs = jobs
        self.cancelled = threading.Event()
        self.current: BalanceRun | None = None
        self.lock = threading.Lock()

    def cancel(self) -> None:
        self.cancelled.set()
        with self.lock:
            if self.current is not None:
                self.current.cancel()

    def run(self) -> None:
        from engine.balance import BalanceRun  # noqa: PLC0415

        signals = self.controller
        try:
            for part in self.parts:
                if self.cancelled.is_set():
                    break
                run = BalanceRun(part.scenario, self.seeds, jobs=self.jobs)
                with self.lock:
                    self.current = run
                if self.cancelled.is_set():
                    run.cancel()
                for record in run:
                    signals.record_done.emit(part.name, record)
        except Exception as exc:  # the runner failed: the panel says so, the window goes on
            log.exception("balance: the run failed")
            signals.run_failed.emit(f"{type(exc).__name__}: {exc}")
        finally:
            signals.worker_done.emit(self.cancelled.is_set())


class BalanceController(QObject):
    """Starts, follows and cancels the panel's runs; holds the records of the parts of the
    latest run by part name, sorted by seed."""

    record_done = Signal(str, object)
    """(part name, GameRecord) as each game finishes, on the window's thread."""
    run_failed = Signal(str)
    """The runner raised: the message (the games finished before are kept)."""
    worker_done = Signal(bool)
    """The worker ended (True: cancelled). Internal; listen to `finished`."""
    finished = Signal(bool)
    """The run ended, all its games played or cancelled (True); its records are kept."""
    progress = Signal(int, int)
    """(games finished, games in the run)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.parts: list[RunPart] = []
        self.records: dict[str, list[GameRecord]] = {}
        self.seeds: list[int] = []
        self.started_at = 0.0
        self.ended_at = 0.0
        self._worker: _Worker | None = None
        self._temporary: tempfile.TemporaryDirectory[str] | None = None
        self.record_done.connect(self._take)
        self.worker_done.connect(self._done)

    @property
    def is_running(self) -> bool:
        """Whether a run is under way."""
        return self._worker is not None

    @property
    def total(self) -> int:
        """Games the run plays in all."""
        return len(self.seeds) * len(self.parts)

    @property
    def done(self) -> int:
        """Games of the run finished so far."""
        return sum(len(records) for records in self.records.values())

    @property
    def elapsed(self) -> float:
        """Seconds since the run started (until it ended)."""
        if not self.started_at:
            return 0.0
        return (self.ended_at or time.monotonic()) - self.started_at

    def temporary_folder(self) -> Path:
        """A folder of the run's own for copies of the document, removed when the run ends."""
        if self._temporary is None:
            self._temporary = tempfile.TemporaryDirectory(prefix="hexwright-balance-")
        return Path(self._temporary.name)

    def start(
        self,
        parts: Sequence[RunPart],
        seeds: Sequence[int],
        jobs: int,
        kept: dict[str, list[GameRecord]] | None = None,
    ) -> None:
        """Play `parts` on `seeds` with `jobs` worker processes; the parts named in `kept`
        already have their games (a comparison reusing the last run) and are not played."""
        if self._worker is not None:
            raise RuntimeError("a balance run is already under way")
        kept = kept or {}
        self.parts = list(parts)
        self.seeds = list(seeds)
        self.records = {part.name: list(kept.get(part.name, [])) for part in parts}
        self.started_at = time.monotonic()
        self.ended_at = 0.0
        to_play = [part for part in parts if part.name not in kept]
        self._worker = _Worker(self, to_play, self.seeds, jobs)
        self._worker.start()
        self.progress.emit(self.done, self.total)

    def cancel(self) -> None:
        """Stop handing out games; the ones finished are kept and `finished` follows soon."""
        if self._worker is not None:
            self._worker.cancel()

    def wait(self, seconds: float) -> bool:
        """Wait for the worker to end (for closing); whether it did."""
        worker = self._worker
        if worker is not None:
            worker.join(seconds)
            return not worker.is_alive()
        return True

    def _take(self, name: str, record: GameRecord) -> None:
        records = self.records.setdefault(name, [])
        records.append(record)
        records.sort(key=lambda r: r.seed)
        self.progress.emit(self.done, self.total)

    def _done(self, cancelled: bool) -> None:
        self._worker = None
        self.ended_at = time.monotonic()
        self.release_temporary_folder()
        self.finished.emit(cancelled or self.done < self.total)

    def release_temporary_folder(self) -> None:
        """Remove the run's folder of copies, if one was made (also when no run started)."""
        if self._temporary is not None:
            self._temporary.cleanup()
            self._temporary = None

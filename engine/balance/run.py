"""`BalanceRun`: N computer-vs-computer games of one scenario or situation file (either ruleset),
on local worker processes or a Dask cluster, streamed as they finish and kept in a folder when
asked."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from engine.balance.cluster import play_on_cluster
from engine.balance.game_record import GameRecord, RecordKind
from engine.balance.local import default_jobs, play_locally
from engine.balance.rulesets import load_playable
from engine.balance.store import RunStore


class BalanceRun:
    """N computer-vs-computer games of one scenario or situation file. Iterating yields each
    GameRecord as its game finishes (any order); `records` holds them all sorted by seed
    afterwards.

    The same seeds give the same records whatever plays them (`jobs`, a cluster): each game
    depends only on the scenario and its seed. `jobs` defaults to every core; `scheduler`
    (`tcp://host:8786`) sends the games to a Dask cluster instead. With `out_dir`, each
    finished game is appended to `out_dir/games.jsonl` as it ends, and a later run on the same
    folder and scenario version yields those games again without playing them (`resumed`).
    ValueError when the scenario cannot be played. The ruleset is the file's (`load_playable`):
    its records' levels are `kind`."""

    def __init__(
        self,
        scenario: Path,
        seeds: Sequence[int],
        *,
        jobs: int | None = None,
        scheduler: str | None = None,
        out_dir: Path | None = None,
    ) -> None:
        self.scenario = Path(scenario)
        self.seeds = list(dict.fromkeys(seeds))
        self.jobs = max(1, jobs) if jobs else default_jobs()
        self.scheduler = scheduler
        self.out_dir = out_dir
        self.playable = load_playable(self.scenario)
        self.bundle: Any = self.playable.bundle
        """The loaded scenario (`ScenarioBundle`) or situation (`SituationBundle`)."""
        self.digest = self.playable.digest
        """Identifies the scenario version played (its files' text)."""
        self.kind: RecordKind = self.playable.kind
        """What the records' outcomes and losses are, for `summarize` and `compare`."""
        self.resumed = 0
        """Games found finished in `out_dir` and not played again."""
        self.note: str | None = None
        """What the run found in `out_dir` worth telling (games kept, or a fresh start because
        the scenario changed); None before iterating or without `out_dir`."""
        self._cancelled = threading.Event()
        self._records: dict[int, GameRecord] = {}

    def __iter__(self) -> Iterator[GameRecord]:
        store = None
        if self.out_dir is not None:
            store = RunStore(Path(self.out_dir), self.scenario, self.digest)
            finished = store.open()
            self.note = store.note
        else:
            finished = {}
        for seed in self.seeds:
            if seed in finished:
                self.resumed += 1
                self._records[seed] = finished[seed]
                yield finished[seed]
        todo = [s for s in self.seeds if s not in finished]
        if not todo or self._cancelled.is_set():
            return
        if self.scheduler is not None:
            games = play_on_cluster(self.playable, todo, self.scheduler, self._cancelled)
        else:
            games = play_locally(self.playable, todo, self.jobs, self._cancelled)
        for record in games:
            self._records[record.seed] = record
            if store is not None:
                store.append(record)
            yield record

    def cancel(self) -> None:
        """Stop handing out games; the iteration ends soon (within a tenth of a second on local
        workers), dropping the games under way. Finished records are kept. Thread-safe."""
        self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        """Whether `cancel` was called."""
        return self._cancelled.is_set()

    @property
    def records(self) -> list[GameRecord]:
        """Every record so far, sorted by seed (safe to read from another thread while the
        run is iterated: the copy is taken in one step)."""
        taken = self._records.copy()
        return [taken[s] for s in sorted(taken)]

    @property
    def failed_seeds(self) -> list[int]:
        """The seeds whose game raised or whose worker died."""
        return [r.seed for r in self.records if not r.ok]

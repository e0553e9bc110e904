"""Live checks of the open document: the file, reference and setup checks `hexwright validate`
runs, computed on a snapshot of the models off the UI thread a short while after each edit.

`check_document_files` is the pure part: it takes `Document.bundle()` and returns the placed
Problems. `LiveChecker` runs it a short while after the last edit, one check at a time, in the
application's checking process (`editor.check_process`) driven from a pool thread, and drops the
results of snapshots that later edits made out of date.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import QWidget

from editor.check_process import CheckProcess, ProcessUnavailable, Progress, Superseded
from editor.document import Change, Document
from schemas.io import FileKind, LoadedFile, dump_text, is_json, load_text
from schemas.panzer_campaigns import checks
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.problems import Problem, Severity
from schemas.title import ScenarioBundle

log = logging.getLogger(__name__)

DEBOUNCE_MS = 400
"""Quiet time after the last edit before the document is checked again."""

FIRST_PAINT_WAIT_MS = 2000
"""How long a document's first check waits for the window to paint before it starts anyway
(a window never shown, as in a script, still gets its checks)."""

_KEPT_PER_KIND = 4
"""Checked versions kept per file: enough for undo and redo to hit the cache."""

_FILE_ORDER = (FileKind.SCENARIO, FileKind.MAP, FileKind.OOB, FileKind.PARAMETERS, FileKind.WEATHER)


@dataclass(frozen=True, slots=True)
class CheckedFile:
    """One file as it is or would be saved, with the problems it has on its own."""

    model: Any
    """The document's model these results belong to (identity is the cache key)."""
    loaded: LoadedFile
    """The file's text (as read, or as it would be saved) and its schema and self-check
    problems."""
    geometry: list[Problem]
    """The map geometry problems `hexwright validate` adds for a map that loads cleanly."""


@dataclass
class CheckCache:
    """Results kept by model identity, so the files and checks an edit did not touch are not
    checked again. Used by one check at a time."""

    files: dict[FileKind, list[CheckedFile]] = field(default_factory=dict)
    indexes: list[tuple[Any, OobIndex]] = field(default_factory=list)
    cross: list[tuple[tuple[Any, ...], list[Problem]]] = field(default_factory=list)

    def file(self, kind: FileKind, model: Any) -> CheckedFile | None:
        """The checked version of this very model, if it was checked."""
        return next((c for c in self.files.get(kind, []) if c.model is model), None)

    def keep_file(self, kind: FileKind, checked: CheckedFile) -> None:
        """Remember a checked file, forgetting the oldest beyond a few."""
        kept = self.files.setdefault(kind, [])
        kept.insert(0, checked)
        del kept[_KEPT_PER_KIND:]

    def index(self, oob: Any) -> OobIndex:
        """The OOB index of this very OOB model."""
        for model, index in self.indexes:
            if model is oob:
                return index
        index = OobIndex.from_oob(oob)
        self.indexes = [(oob, index), *self.indexes[: _KEPT_PER_KIND - 1]]
        return index

    def cross_problems(self, models: tuple[Any, ...]) -> list[Problem] | None:
        """The reference and setup problems found for exactly these models, if known."""
        for key, problems in self.cross:
            if len(key) == len(models) and all(a is b for a, b in zip(key, models, strict=True)):
                return problems
        return None

    def keep_cross(self, models: tuple[Any, ...], problems: list[Problem]) -> None:
        """Remember the reference and setup problems of these models."""
        self.cross = [(models, problems), *self.cross[: _KEPT_PER_KIND - 1]]


def check_document_files(
    bundle: ScenarioBundle, cache: CheckCache | None = None, progress: Progress | None = None
) -> list[Problem]:
    """Every problem of a snapshot of the document, placed in its file with its line.

    Each file changed since it was read is written as it would be saved and read back, so that
    the format's cross-field rules run and lines are those of the saved text; then its
    self-checks run. The scenario is checked against its map, OOB and parameters, and, when
    nothing is wrong enough to stop it, the rules engine checks the starting position. Results
    of files and models checked before come from `cache`.
    """
    cache = cache if cache is not None else CheckCache()
    report = progress or _no_progress
    files = {f.kind: f for f in bundle.files if f.kind is not None and f.model is not None}
    to_check = [f for kind, f in files.items() if cache.file(kind, f.model) is None]
    total = len(to_check) + 1
    for done, loaded in enumerate(to_check):
        report(f"Checking {loaded.path.name}", done, total)
        assert loaded.kind is not None
        cache.keep_file(loaded.kind, check_file(loaded, cache))
    checked = {kind: cache.file(kind, f.model) for kind, f in files.items()}
    report("Checking references and the starting position", total - 1, total)
    problems = [p for c in checked.values() if c for p in (*c.loaded.problems, *c.geometry)]
    problems += _cross_checks(checked, cache)
    report("Done", total, total)
    return sort_problems(problems)


def check_file(loaded: LoadedFile, cache: CheckCache | None = None) -> CheckedFile:
    """A file's own problems: schema (with lines of its text) and self-checks.

    A changed file that breaks a rule spanning fields would not load once saved; its
    self-checks still run on the model being edited, so that fixing that one error reveals
    nothing new.
    """
    cache = cache if cache is not None else CheckCache()
    assert loaded.kind is not None
    model = loaded.model
    if loaded.text:
        # Read from disk: its load problems are those of the text the designer sees.
        text, problems = loaded.text, list(loaded.problems)
    else:
        text = dump_text(model, as_json=is_json(loaded.path))
        reread = load_text(text, loaded.kind, as_json=is_json(loaded.path), name=str(loaded.path))
        problems = reread.problems
    placed = LoadedFile(path=loaded.path, kind=loaded.kind, model=model, text=text)
    placed.problems = _unique([*problems, *placed.place(_self_checks(loaded.kind, model, cache))])
    geometry: list[Problem] = []
    if loaded.kind is FileKind.MAP and not any(p.is_error for p in problems):
        from engine.panzer_campaigns.map_checks import check_map_geometry  # noqa: PLC0415

        geometry = placed.place(check_map_geometry(model))
    return CheckedFile(model, placed, geometry)


def _self_checks(kind: FileKind, model: Any, cache: CheckCache) -> list[Problem]:
    """The checks a file has on its own, as the title loader runs them."""
    # Named through the package, which imports a check's module when it is first asked for:
    # the checking process imports them, not the editor's start.
    if kind is FileKind.MAP:
        return checks.check_map(model)
    if kind is FileKind.OOB:
        return checks.check_oob(model, cache.index(model))
    if kind is FileKind.WEATHER:
        return checks.check_weather(model)
    if kind is FileKind.SCENARIO:
        return checks.check_scenario_header(model)
    return []


def _cross_checks(checked: dict[FileKind, CheckedFile | None], cache: CheckCache) -> list[Problem]:
    """The scenario against its map, OOB and parameters, then the rules engine's setup checks."""
    from engine.panzer_campaigns.setup import check_bundle  # noqa: PLC0415

    needed = [checked.get(k) for k in _FILE_ORDER[:4]]
    if any(c is None for c in needed):
        return []
    scenario, map_file, oob, parameters = (c.loaded for c in needed if c is not None)
    weather = checked.get(FileKind.WEATHER)
    models = tuple(c.model for c in (*needed, weather) if c is not None)
    known = cache.cross_problems(models)
    if known is not None:
        return known
    cross = checks.check_scenario_references(
        scenario.model, map_file.model, oob.model, parameters.model, cache.index(oob.model)
    )
    references = [*scenario.place(cross.scenario), *parameters.place(cross.parameters)]
    bundle = ScenarioBundle(
        scenario=scenario,
        map=map_file,
        oob=oob,
        parameters=parameters,
        weather=weather.loaded if weather else None,
        reference_problems=references,
    )
    problems = [*references, *check_bundle(bundle)]
    cache.keep_cross(models, problems)
    return problems


def sort_problems(problems: Iterable[Problem]) -> list[Problem]:
    """Problems without repeats, the scenario's first, then by line."""

    def order(problem: Problem) -> tuple[int, str, int, int, str]:
        kind = FileKind.from_path(Path(problem.file)) if problem.file else None
        rank = _FILE_ORDER.index(kind) if kind in _FILE_ORDER else len(_FILE_ORDER)
        return (rank, problem.file or "", problem.line or 0, problem.column or 0, problem.code)

    return sorted(_unique(problems), key=order)


def count_problems(problems: Iterable[Problem]) -> dict[Severity, int]:
    """How many problems there are of each severity (every severity present, maybe 0)."""
    counts = dict.fromkeys(Severity, 0)
    for problem in problems:
        counts[problem.severity] += 1
    return counts


def _unique(problems: Iterable[Problem]) -> list[Problem]:
    return list(dict.fromkeys(problems))


def _no_progress(stage: str, done: int, total: int) -> None:
    pass


_process: list[CheckProcess] = []
_process_lock = threading.Lock()


def check_process() -> CheckProcess:
    """The application's checking process (started by its first check)."""
    with _process_lock:
        if not _process:
            _process.append(CheckProcess(check_document_files, CheckCache))
        return _process[0]


# The Qt side -----------------------------------------------------------------------------------


class _Relay(QObject):
    """Carries a check's progress and result from the pool thread to the UI thread (queued)."""

    progress = Signal(int, str, int, int)
    finished = Signal(int, object)
    """The generation checked and its problems, None if superseded, or the exception."""


@dataclass
class _Generation:
    """The newest snapshot's number, read by the running check to notice it is out of date."""

    value: int = 0


@dataclass
class _Job:
    """One check of one snapshot, run in the thread pool."""

    generation: int
    bundle: ScenarioBundle
    cache: CheckCache
    latest: _Generation
    relay: _Relay
    isolated: bool
    fresh: bool = False
    done: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        result: list[Problem] | Exception | None
        try:
            result = self._in_process() if self.isolated else self._here()
        except Superseded:
            result = None
        except Exception as exc:  # a check bug must not take the editor down
            log.exception("live check of %s failed", self.bundle.scenario.path)
            result = exc
        finally:
            self.done.set()
        self.relay.finished.emit(self.generation, result)

    def _in_process(self) -> list[Problem] | None:
        process = check_process()
        if not process.disabled:
            try:
                return process.check(self.bundle, self._report, self._is_stale, fresh=self.fresh)
            except ProcessUnavailable as exc:
                log.warning("checking in the UI process: %s", exc)
        return self._here()

    def _here(self) -> list[Problem]:
        return check_document_files(self.bundle, self.cache, self._progress)

    def _is_stale(self) -> bool:
        return self.latest.value != self.generation

    def _report(self, stage: str, done: int, total: int) -> None:
        self.relay.progress.emit(self.generation, stage, done, total)

    def _progress(self, stage: str, done: int, total: int) -> None:
        if self._is_stale():
            raise Superseded
        self._report(stage, done, total)
        # Hand the GIL to the UI thread between stages rather than at the next switch interval.
        time.sleep(0)


class LiveChecker(QObject):
    """Checks the document a short while after the last edit, off the UI thread.

    One check runs at a time, on a snapshot of the (frozen) models, in the application's
    checking process (`isolated`, the default) or in a thread of Qt's pool. Every edit starts
    a new generation: a result of an older one is dropped, and a check still running on one
    stops at its next stage.

    With `start_after_paint`, a newly set document's first check waits until that widget has
    painted: handing the title to the checking process (a snapshot of some ten megabytes of
    file text and models, pickled on a pool thread) would otherwise hold the GIL against the
    window's first paint. `wait` starts a waiting check itself.
    """

    checked = Signal(list)
    """The problems of the document as it is now (sorted, placed)."""
    busy_changed = Signal(bool)
    """Whether a check is waiting for the edits to settle or running."""
    progress = Signal(str, int, int)
    """The stage of the running check: what, stages done, stages in all."""
    failed = Signal(str)
    """A check stopped on an unexpected error (logged); the last problems stay shown."""

    def __init__(
        self, parent: QObject | None = None, *, delay_ms: int = DEBOUNCE_MS, isolated: bool = True
    ) -> None:
        super().__init__(parent)
        self.document: Document | None = None
        self.problems: list[Problem] = []
        self.seconds = 0.0
        """How long the last accepted check took, from snapshot to result."""
        self.isolated = isolated
        self._cache = CheckCache()
        self._latest = _Generation()
        self._running: _Job | None = None
        self._again = False
        self._started = 0.0
        self._busy = False
        # Parentless and shared with the job, so that a job ending after this object is gone
        # still emits from a live QObject.
        self._relay = _Relay()
        self._relay.progress.connect(self._on_progress)
        self._relay.finished.connect(self._on_finished)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self.check_now)
        self._gate: QWidget | None = None
        self._pending = False
        self._fallback = QTimer(self)
        self._fallback.setSingleShot(True)
        self._fallback.setInterval(FIRST_PAINT_WAIT_MS)
        self._fallback.timeout.connect(self._release)

    @property
    def generation(self) -> int:
        """The number of the newest snapshot; bumped by every edit."""
        return self._latest.value

    @property
    def is_pending(self) -> bool:
        """Whether a document's first check is waiting for the window's paint."""
        return self._pending

    @property
    def is_busy(self) -> bool:
        """Whether a check is scheduled or running."""
        return self._busy

    def set_document(self, document: Document | None) -> None:
        """Check another document (None: nothing open, no problems)."""
        if self.document is not None:
            self.document.changed.disconnect(self._on_changed)
            self.document.scenario_path_changed.disconnect(self._on_changed)
        self.document = document
        self._cache = CheckCache()
        self._latest.value += 1
        self._timer.stop()
        self._disarm()
        self.problems = []
        if document is None:
            self.checked.emit([])
            self._update_busy()
            return
        document.changed.connect(self._on_changed)
        document.scenario_path_changed.connect(self._on_changed)
        if self._gate is None:
            self.check_now()
            return
        self._pending = True
        self._gate.installEventFilter(self)
        self._fallback.start()
        self._update_busy()

    def start_after_paint(self, widget: QWidget) -> None:
        """Hold each newly set document's first check until `widget` next paints (then it
        starts as soon as the event loop is back, after the whole paint)."""
        self._gate = widget

    def schedule(self) -> None:
        """Check again once no edit came for the debounce delay."""
        self._timer.start()
        self._update_busy()

    def check_now(self, *, fresh: bool = False) -> None:
        """Check the document as it is now (`fresh`: forget every cached result first)."""
        self._timer.stop()
        self._disarm()
        if self.document is None:
            return
        if fresh:
            self._cache = CheckCache()
        if self._running is not None:
            self._again = True
            self._update_busy()
            return
        job = _Job(
            self._latest.value,
            self.document.bundle(),
            self._cache,
            self._latest,
            self._relay,
            self.isolated,
            fresh=fresh,
        )
        self._running = job
        self._started = time.perf_counter()
        self._update_busy()
        QThreadPool.globalInstance().start(job.run)

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until the running check (if any) ends; whether it did within `timeout`. A
        check waiting for the window's paint starts now."""
        if self._pending:
            self.check_now()
        job = self._running
        return job is None or job.done.wait(timeout)

    def stop(self) -> None:
        """Stop checking: cancel what is scheduled, make a running check stop at its next
        stage and wait for it (call it before the application quits)."""
        self._timer.stop()
        self._disarm()
        self._latest.value += 1
        self._again = False
        self.wait()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self._pending and watched is self._gate and event.type() == QEvent.Type.Paint:
            # Posted: the rest of the window paints in this same pass, before the loop is back.
            QTimer.singleShot(0, self, self._release)
        return False

    def _release(self) -> None:
        """The window painted (or never will soon): start the waiting first check."""
        if self._pending:
            self.check_now()

    def _disarm(self) -> None:
        if self._pending:
            self._pending = False
            self._fallback.stop()
            if self._gate is not None:
                with contextlib.suppress(RuntimeError):  # the window going away first
                    self._gate.removeEventFilter(self)

    def _on_changed(self, _change: Change | Path | None = None) -> None:
        self._latest.value += 1
        self.schedule()

    def _on_progress(self, generation: int, stage: str, done: int, total: int) -> None:
        if generation == self._latest.value:
            self.progress.emit(stage, done, total)

    def _on_finished(self, generation: int, result: object) -> None:
        self._running = None
        if generation == self._latest.value:
            if isinstance(result, list):
                self.seconds = time.perf_counter() - self._started
                self.problems = result
                self.checked.emit(result)
            elif isinstance(result, Exception):
                self.failed.emit(f"The check stopped: {result}")
        if self._again:
            self._again = False
            self.check_now()
        self._update_busy()

    def _update_busy(self) -> None:
        busy = self._running is not None or self._timer.isActive() or self._pending
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)

"""A child process that checks snapshots of a scenario for the live checks, so that checking
never holds the GIL the UI thread needs.

Python threads share one interpreter lock: while a thread checks the 8,000-unit benchmark
title, every call from Qt into Python (each item view's `data()`, the map's paint) waits up to a
switch interval for it, and views repaint hundreds of milliseconds late. The process is started
with `spawn`, so the application's main module must guard its start-up with
`if __name__ == "__main__":` (as multiprocessing requires).
"""

from __future__ import annotations

import itertools
import multiprocessing
import threading
import weakref
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from multiprocessing.reduction import ForkingPickler
from typing import Any

from schemas import parse_cache
from schemas.io import FileKind, LoadedFile
from schemas.problems import Problem
from schemas.title import ScenarioBundle

Progress = Callable[[str, int, int], None]
"""Told `(stage, done, total)` before each stage of a check."""
Check = Callable[[ScenarioBundle, Any, Progress], list[Problem]]
"""A check of a snapshot: `(bundle, state, progress)`; `state` is kept between checks."""

HELD_FILES = 12
"""Files (models and texts) the process keeps between requests, the newest first."""


class Superseded(Exception):
    """The snapshot being checked went out of date: stop, a newer check follows."""


class ProcessUnavailable(RuntimeError):
    """The checking process cannot be started or died; check in this process instead."""


def _serve(
    connection: Connection, abandon: Any, check: Check, new_state: Callable[[], Any]
) -> None:
    """The process: check each snapshot it is sent and answer with the problems, keeping the
    files it was sent and the check's state for the next request."""
    held: dict[int, LoadedFile] = {}
    state = new_state()
    while True:
        try:
            _, number, files, dropped, fresh = connection.recv()
        except (EOFError, OSError):
            return
        if fresh:
            state = new_state()
        for token in dropped:
            held.pop(token, None)
        for token, payload in files:
            if payload is not None:
                path, kind, model, pickled, text, problems = payload
                if pickled is not None:
                    entry = parse_cache.loads(pickled)
                    assert isinstance(entry, parse_cache.Parsed)
                    model = entry.model
                held[token] = LoadedFile(path, kind, model, problems, text)
        by_kind = {held[token].kind: held[token] for token, _ in files}
        bundle = ScenarioBundle(
            scenario=by_kind[FileKind.SCENARIO],
            map=by_kind.get(FileKind.MAP),
            oob=by_kind.get(FileKind.OOB),
            parameters=by_kind.get(FileKind.PARAMETERS),
            weather=by_kind.get(FileKind.WEATHER),
        )

        def progress(stage: str, done: int, total: int, number: int = number) -> None:
            if abandon.value == number:
                raise Superseded
            connection.send(("progress", number, (stage, done, total)))

        try:
            try:
                connection.send(("done", number, check(bundle, state, progress)))
            except Superseded:
                connection.send(("superseded", number, None))
            except (BrokenPipeError, ConnectionResetError):
                raise
            except Exception as exc:  # report it and serve on
                connection.send(("failed", number, f"{type(exc).__name__}: {exc}"))
        except (BrokenPipeError, ConnectionResetError):
            # The editor closed while this check was running: nobody waits for the answer.
            return


class CheckProcess:
    """The client side: sends snapshots to the process (only the files it does not hold yet)
    and waits for the answer. One request at a time; blocking, so call it off the UI thread."""

    def __init__(self, check: Check, new_state: Callable[[], Any]) -> None:
        self._check = check
        self._new_state = new_state
        self._lock = threading.Lock()
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None
        self._abandon: Any = None
        self._held: list[tuple[weakref.ref[Any], int]] = []
        self._tokens = itertools.count(1)
        self._numbers = itertools.count(1)
        self._ever_answered = False
        self.disabled = False
        """Set once the process died before ever answering: it cannot run here."""

    @property
    def pid(self) -> int | None:
        """The process id while it runs."""
        return self._process.pid if self._process is not None else None

    def check(
        self,
        bundle: ScenarioBundle,
        report: Progress,
        is_stale: Callable[[], bool],
        *,
        fresh: bool = False,
    ) -> list[Problem] | None:
        """The problems of a snapshot, or None if it went stale before the check ended
        (`fresh`: the process forgets its state first). Raises ProcessUnavailable if the
        process cannot be started or died, and RuntimeError if the check failed in it."""
        with self._lock:
            connection = self._start()
            number = next(self._numbers)
            _send_yielding(connection, ("check", number, *self._payload(bundle), fresh))
            while True:
                if not connection.poll(0.05):
                    if is_stale():
                        self._abandon.value = number
                    if self._process is None or not self._process.is_alive():
                        self._died()
                    continue
                try:
                    kind, answered, value = connection.recv()
                except (EOFError, OSError):
                    self._died()
                self._ever_answered = True
                if answered != number:
                    continue
                if kind == "progress":
                    report(*value)
                elif kind == "done":
                    return None if is_stale() else list(value)
                elif kind == "superseded":
                    return None
                else:
                    raise RuntimeError(value)

    def stop(self) -> None:
        """End the process (the next check starts it again)."""
        with self._lock:
            if self._connection is not None:
                self._connection.close()
            if self._process is not None:
                self._process.join(2)
                if self._process.is_alive():
                    self._process.terminate()
            self._forget()

    def _start(self) -> Connection:
        if self.disabled:
            raise ProcessUnavailable("the checking process cannot run here")
        if self._process is not None and self._process.is_alive() and self._connection:
            return self._connection
        self._forget()
        ours, theirs = self._context.Pipe()
        self._abandon = self._context.Value("q", 0, lock=False)
        process = self._context.Process(
            target=_serve,
            args=(theirs, self._abandon, self._check, self._new_state),
            name="hexwright-checks",
            daemon=True,
        )
        try:
            process.start()
        except Exception as exc:
            self.disabled = True
            raise ProcessUnavailable(f"cannot start the checking process: {exc}") from exc
        finally:
            theirs.close()
        self._process, self._connection = process, ours
        return ours

    def _died(self) -> None:
        code = self._process.exitcode if self._process is not None else None
        if not self._ever_answered:
            self.disabled = True
        self._forget()
        raise ProcessUnavailable(f"the checking process ended (exit code {code})")

    def _forget(self) -> None:
        self._process = self._connection = None
        self._held = []

    def _payload(self, bundle: ScenarioBundle) -> tuple[list[tuple[int, Any]], list[int]]:
        """The files of a snapshot as tokens, with the contents of those the process does not
        hold, and the tokens it may forget."""
        files: list[tuple[int, Any]] = []
        for loaded in bundle.files:
            if loaded.model is None:
                continue
            token = next((t for ref, t in self._held if ref() is loaded.model), None)
            payload = None
            if token is None:
                token = next(self._tokens)
                # A model as read from the parse cache goes as the entry's bytes: pickling it
                # again held the GIL for a tenth of a second while the editor first painted.
                pickled, model = loaded.cached_pickle, loaded.model
                if pickled is not None:
                    model = None
                    loaded.cached_pickle = None  # the process holds it from now on
                payload = (loaded.path, loaded.kind, model, pickled, loaded.text, loaded.problems)
            rest = [(ref, t) for ref, t in self._held if t != token and ref() is not None]
            self._held = [(weakref.ref(loaded.model), token), *rest]
            files.append((token, payload))
        dropped = [t for _, t in self._held[HELD_FILES:]]
        del self._held[HELD_FILES:]
        return files, dropped


class _Frames:
    """A file the pickler writes a message into: the pickler hands over each frame of about
    64 kB as it completes it, and each call into this method lets the UI thread take the GIL."""

    __slots__ = ("frames",)

    def __init__(self) -> None:
        self.frames: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.frames.append(data)


def _send_yielding(connection: Connection, message: object) -> None:
    """`connection.send(message)`, pickled a frame at a time: an edited OOB's models, pickled in
    one call (as `send` does), held the GIL for 50 ms to half a second while every view of the
    window waited to repaint. The other end's `recv` reads it as it reads `send`'s."""
    frames = _Frames()
    ForkingPickler(frames).dump(message)
    connection.send_bytes(b"".join(frames.frames))

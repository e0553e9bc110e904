"""Saving several files of a title as one set, and finishing a save a crash interrupted.

A save writes every file to a temporary file first, then writes a journal naming the renames
to do, does them, and deletes the journal. Whoever opens the title next (the editor or
`hexwright validate`) calls `settle_title`: a journal left behind is rolled forward, since its
temporary files were whole before it was written, and temporary files of a save killed before
its journal are removed. So a title is always all of one save or all of the next.

A save holds a lock on the title folder (where the system has `flock`), and settling skips a
title whose lock another live process holds: `hexwright validate` run during a save leaves that
save alone. The system drops the lock of a killed process.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from schemas.io import FileKind, sync_folder, write_atomic, write_temporary
from schemas.problems import Problem, info, warning

JOURNAL_NAME = ".hexwright-save.journal"
"""The journal of a save in progress, in the title folder."""

SCENARIO_FOLDER = "scenarios"

_TEMPORARY = re.compile(r"^\.(?P<target>.+)\.[a-z0-9_]{8}\.tmp$")
"""The names `write_temporary` gives (mkstemp's eight random characters), and nothing else."""


def digest_of(data: bytes) -> str:
    """The SHA-256 of some bytes, as hex."""
    return hashlib.sha256(data).hexdigest()


class SaveFailed(Exception):
    """A save that failed, naming the file it failed on; `__cause__` holds the reason."""

    def __init__(self, path: Path, reason: BaseException) -> None:
        detail = reason.strerror if isinstance(reason, OSError) and reason.strerror else reason
        super().__init__(f"could not save {path}: {detail or type(reason).__name__}")
        self.path = path


def save_set(
    files: Sequence[tuple[Path, str]],
    folder: Path,
    renamed: Callable[[Path], object] = lambda _path: None,
) -> None:
    """Write several files of the title in `folder` so that a crash leaves all or none.

    `renamed` is told each file as it is in place. Any failure raises SaveFailed naming the
    file: while writing the temporary files, every file stays as it was; at a rename (in a
    live process), the files renamed before it are new and the rest old, as `renamed` said.
    Nothing is left behind either way.
    """
    temporaries: list[Path] = []
    try:
        with title_lock(folder, wait=True):
            _save_locked(files, folder, temporaries, renamed)
    except BaseException:
        _remove(temporaries, folder / JOURNAL_NAME)
        raise


@contextlib.contextmanager
def title_lock(folder: Path, wait: bool) -> Iterator[bool]:
    """Hold the save lock of a title folder; yields False if another process holds it and
    `wait` is False. Where folders cannot be locked, always yields True."""
    if fcntl is None:  # Windows: no flock; saves there are not raced by a second process
        yield True
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        yield True
        return
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        except OSError:
            pass  # a file system without locks: go on unlocked, as before
        yield True
    finally:
        os.close(handle)  # closing drops the lock


def _save_locked(
    files: Sequence[tuple[Path, str]],
    folder: Path,
    temporaries: list[Path],
    renamed: Callable[[Path], object],
) -> None:
    journal = folder / JOURNAL_NAME
    current = files[0][0] if files else folder
    try:
        if len(files) == 1:
            write_atomic(current, files[0][1])
            renamed(current)
            return
        for current, text in files:
            temporaries.append(write_temporary(current, text))
        entries = [
            {
                "temporary": _relative(temporary, folder),
                "target": _relative(path, folder),
                "sha256": digest_of(text.encode("utf-8")),
            }
            for (path, text), temporary in zip(files, temporaries, strict=True)
        ]
        current = journal
        write_atomic(journal, json.dumps({"format": 1, "renames": entries}, indent=2))
        for (current, _text), temporary in zip(files, temporaries, strict=True):
            os.replace(temporary, current)
            renamed(current)
        for parent in {path.parent for path, _text in files}:
            sync_folder(parent)
        current = journal
        journal.unlink()
        sync_folder(folder)
    except Exception as exc:
        raise SaveFailed(current, exc) from exc


def _remove(temporaries: list[Path], journal: Path) -> None:
    for temporary in temporaries:
        temporary.unlink(missing_ok=True)
    journal.unlink(missing_ok=True)


@dataclass
class Settled:
    """What `settle_title` found of interrupted saves and did about them."""

    completed: list[Path] = field(default_factory=list)
    """Files an interrupted save had not yet put in place, now put in place."""
    removed: list[Path] = field(default_factory=list)
    """Temporary files of a killed save, removed."""
    problems: list[Problem] = field(default_factory=list)
    """What the designer should know: a save completed, or one that could not be."""


def settle_title(folder: Path) -> Settled:
    """Finish or undo a save of the title in `folder` that a crash interrupted.

    Never raises: a title that cannot be settled (a read-only folder) is reported as a Problem
    and read as it is.
    """
    settled = Settled()
    try:
        with title_lock(folder, wait=False) as free:
            if not free:
                return settled  # a live process is saving this title right now
            _roll_journal(folder, settled)
            for place in (folder, folder / SCENARIO_FOLDER):
                settled.removed += remove_stale_temporaries(place)
    except OSError as exc:
        settled.problems.append(
            warning(
                "SAVE001",
                f"an interrupted save could not be settled: {exc.strerror or exc}",
                file=str(folder),
            )
        )
    return settled


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Remove the temporary files of killed saves in a folder: only names of the form
    `.<a Hexwright file or the journal>.<8 characters>.tmp`."""
    removed = []
    for entry in sorted(folder.iterdir()) if folder.is_dir() else []:
        match = _TEMPORARY.match(entry.name)
        if match is None or not entry.is_file():
            continue
        target = match["target"]
        if target == JOURNAL_NAME or FileKind.from_path(Path(target)) is not None:
            entry.unlink(missing_ok=True)
            removed.append(entry)
    return removed


def _roll_journal(folder: Path, settled: Settled) -> None:
    journal = folder / JOURNAL_NAME
    if not journal.is_file():
        return
    try:
        entries = [
            (folder / item["temporary"], folder / item["target"], str(item["sha256"]))
            for item in json.loads(journal.read_text(encoding="utf-8"))["renames"]
        ]
    except (ValueError, KeyError, TypeError):
        entries = []  # not ours or damaged by hand: its temporaries go as stale ones
    pending, broken = [], []
    for temporary, target, digest in entries:
        if temporary.is_file() and digest_of(temporary.read_bytes()) == digest:
            pending.append((temporary, target))
        elif not (target.is_file() and digest_of(target.read_bytes()) == digest):
            broken.append(target)
    if broken:
        # Only a hand outside Hexwright gets here: leave every file as it is now.
        names = ", ".join(target.name for target in broken)
        settled.problems.append(
            warning(
                "SAVE001",
                f"an interrupted save could not be completed ({names} changed since); "
                "the files are as they were found",
                file=str(folder),
            )
        )
    else:
        for temporary, target in pending:
            os.replace(temporary, target)
            settled.completed.append(target)
        for parent in {target.parent for _temporary, target in pending}:
            sync_folder(parent)
        if pending:
            names = ", ".join(target.name for _temporary, target in pending)
            settled.problems.append(
                info(
                    "SAVE001",
                    f"an interrupted save was completed when the title was opened: {names}",
                    file=str(folder),
                )
            )
    journal.unlink()
    sync_folder(folder)


def _relative(path: Path, folder: Path) -> str:
    return Path(os.path.relpath(os.path.abspath(path), os.path.abspath(folder))).as_posix()

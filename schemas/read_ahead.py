"""Reading a title's files on two cores for the command line: when files the parse cache does
not hold yet add up to a large read (a designer's first run, a CI machine without the cache, a
changed OOB), a forked copy of the process reads the larger files and leaves them in the cache
while this process reads the others; this process then takes the copy's files from the cache.

What is read is exactly what reading them one after the other gives (the cache returns what
reading gave, problems and lines included). Only where `os.fork` exists, the process runs one
thread (forking a process with threads, such as the editor's, can leave a lock held forever),
there are two cores and the cache is on; otherwise, or if the copy fails in any way, its files
are simply read here when asked for.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from schemas import parse_cache
from schemas.io import FileKind, is_json
from schemas.reading import read_regular_file

if TYPE_CHECKING:
    from schemas.title import FileStore

WORTH_FORKING = 1024 * 1024
"""Fewer bytes than this are read before a copy of the process would be ready to help."""


def can_fork() -> bool:
    """Whether this process may fork a copy of itself to work in (one thread, two cores, a fork);
    the setup checks of `hexwright validate` ask too (`engine.panzer_campaigns.setup.forked`)."""
    return hasattr(os, "fork") and threading.active_count() == 1 and (os.cpu_count() or 1) >= 2


def read_ahead(paths: Sequence[Path], store: FileStore) -> None:
    """Load the files of `paths` into `store`, the larger share (by bytes) read by a forked copy
    of the process into the parse cache meanwhile, when they are large enough to be worth it."""
    if parse_cache.folder() is None or not can_fork():
        return
    sizes: list[tuple[int, Path]] = []
    for path in dict.fromkeys(paths):
        if FileKind.from_path(path) is None:
            continue
        try:
            sizes.append((path.stat().st_size, path))
        except OSError:
            continue  # reading it later says why it cannot be read
    if sum(size for size, _ in sizes) < WORTH_FORKING:
        return
    theirs, mine = _shares(sizes)
    try:
        pid = os.fork()
    except OSError:
        return
    if pid == 0:  # the copy: read into the cache, and leave without this process's exit code
        try:
            _read_into_cache(theirs, store)
        finally:
            os._exit(0)
    try:
        for path in mine:
            store.get(path)
    finally:
        os.waitpid(pid, 0)


def _shares(sizes: list[tuple[int, Path]]) -> tuple[list[Path], list[Path]]:
    """The files split in two shares of about equal bytes, largest first: the copy's share
    (which holds the largest file) and this process's."""
    theirs: list[Path] = []
    mine: list[Path] = []
    their_bytes = my_bytes = 0
    for size, path in sorted(sizes, key=lambda found: found[0], reverse=True):
        if their_bytes <= my_bytes:
            theirs.append(path)
            their_bytes += size
        else:
            mine.append(path)
            my_bytes += size
    return theirs, mine


def _read_into_cache(paths: list[Path], store: FileStore) -> None:
    """Read and self-check the files the cache does not hold (the copy's work): reading a file
    keeps it, and its self-checks' problems, in the cache."""
    for path in paths:
        kind = FileKind.from_path(path)
        try:
            raw = read_regular_file(path)
        except OSError:
            continue
        if kind is not None and not parse_cache.has_entry(raw, kind, is_json(path)):
            store.get(path, kind)

"""A cache of files already read and validated, so that reading an unchanged map or OOB
again (the editor's next start, CI's `hexwright validate` of the next commit) skips parsing the
YAML and building the models.

An entry is found by the SHA-256 of the file's bytes together with its kind, its syntax (YAML or
JSON) and a stamp of the code that reads it (Python, pydantic and every module of
`schemas/`): a changed byte, a changed reader or another Python version finds no entry, so the
cache can never hide a change. An entry holds exactly what reading the text gave: the model, the
Problems (line and column included) and the format version the file had. Problems name their file
only after this (`schemas.io.load_file`), so one entry serves the same text under any name.

Entries are pickles in the user's own cache folder (`$HEXWRIGHT_CACHE_DIR`, else
`$XDG_CACHE_HOME/hexwright/parsed`, else `~/.cache/hexwright/parsed`), trusted as Python trusts
its bytecode cache: the folder is made private to the user, and an entry owned by someone else or
writable by others is never read. `HEXWRIGHT_CACHE_DIR=off` turns the cache off.
"""

from __future__ import annotations

import functools
import gc
import hashlib
import os
import pickle
import stat
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from schemas.problems import Problem

MIN_BYTES = 512
"""Smaller files are not kept. Size alone does not decide what a file costs to read: the first
file of a kind a process reads pays for importing the YAML parser and building its kind's
validator (20 to 40 ms for a 5 kB Parameter Data file, against 1 ms to load its entry), so
the parameter and weather files of a title are kept as well as its map and OOB."""

MAX_ENTRIES = 96
"""Entries kept; the least recently used go first (a title has five files, a designer a few
titles and several versions of each in flight)."""

MAX_BYTES = 256 * 2**20
"""The most the entries may take on disk together (the 500x500 benchmark title takes 6 MB)."""

MAX_CHECKS_PER_ENTRY = 16
"""Checks' results kept beside one entry (its own checks, and a scenario's references against
the last versions of the files it references)."""

OFF = "off"
"""The value of `$HEXWRIGHT_CACHE_DIR` that turns the cache off."""

_SUFFIX = ".parsed"
_MARKS_SUFFIX = ".marks"
_CHECKS_SUFFIX = ".checks"


@dataclass(frozen=True)
class Parsed:
    """What reading one file's text gave, before its problems name the file."""

    model: Any
    problems: list[Problem]
    original_version: int | None


def folder() -> Path | None:
    """The cache folder, or None when the cache is off."""
    override = os.environ.get("HEXWRIGHT_CACHE_DIR")
    if override:
        return None if override.strip().lower() == OFF else Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hexwright" / "parsed"


@functools.cache
def code_stamp() -> str:
    """A digest of everything that decides what reading a text gives: the Python, pydantic and
    pydantic-core versions and the name, size and modification time of each module of
    `schemas/` (as Python itself decides whether bytecode is stale)."""
    import pydantic  # noqa: PLC0415  # loaded already by whoever reads a file
    import pydantic_core  # noqa: PLC0415

    digest = hashlib.sha256()
    versions = (sys.version, pydantic.VERSION, pydantic_core.__version__)
    digest.update("\0".join(versions).encode())
    package = Path(__file__).resolve().parent
    for module in sorted(package.rglob("*.py")):
        found = module.stat()
        name = module.relative_to(package).as_posix()
        digest.update(f"{name}\0{found.st_size}\0{found.st_mtime_ns}\0".encode())
    return digest.hexdigest()


def key(raw: bytes, kind: str, as_json: bool, digest: hashlib._Hash | None = None) -> str:
    """The name of the entry for a file's bytes read as `kind` (`digest`: a SHA-256 of just
    these bytes, taken already, which this goes on with)."""
    digest = hashlib.sha256(raw) if digest is None else digest
    digest.update(f"\0{kind}\0{as_json}\0{code_stamp()}".encode())
    return digest.hexdigest()


def lookup(raw: bytes, kind: str, as_json: bool, name: str | None = None) -> Parsed | None:
    """What reading these bytes gave last time, or None (never raises: a damaged, foreign or
    unreadable entry is a miss). `name`: their `entry_name`, when known already."""
    found = read_entry(raw, kind, as_json, name)
    return None if found is None else found[0]


def read_entry(
    raw: bytes, kind: str, as_json: bool, name: str | None = None
) -> tuple[Parsed, bytes] | None:
    """`lookup`, with the entry's own bytes: a copy of what reading gave that another process
    loads without this one pickling the models again."""
    where = folder()
    if where is None or len(raw) < MIN_BYTES:
        return None
    entry = where / ((name or key(raw, kind, as_json)) + _SUFFIX)
    try:
        with entry.open("rb") as stream:
            found = os.fstat(stream.fileno())
            if found.st_uid != os.getuid() or found.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
                return None
            data = stream.read()
        parsed = loads(data)
        os.utime(entry)  # recently used: pruned last
    except Exception:  # any failure to read an entry is only a miss
        return None
    return (parsed, data) if isinstance(parsed, Parsed) else None


def loads(data: bytes) -> object:
    """An entry's bytes loaded (`read_entry`, `store`), without the garbage collector."""
    # Unpickling an OOB makes tens of thousands of objects and none is garbage: the collector's
    # passes over everything alive (the editor's widgets included) would take a third of it.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return pickle.loads(data)
    finally:
        if collecting:
            gc.enable()


def _load_without_collecting(stream: BinaryIO) -> object:
    return loads(stream.read())


def store(
    raw: bytes, kind: str, as_json: bool, parsed: Parsed, name: str | None = None
) -> bytes | None:
    """Keep what reading these bytes gave (best effort: a cache that cannot be written is only
    slower); the entry's bytes, as `read_entry` gives them, or None when none was written."""
    where = folder()
    if where is None or len(raw) < MIN_BYTES:
        return None
    try:
        data = pickle.dumps(parsed, protocol=pickle.HIGHEST_PROTOCOL)
        where.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=where, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.replace(temporary, where / ((name or key(raw, kind, as_json)) + _SUFFIX))
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        _prune(where)
    except (OSError, pickle.PicklingError, RecursionError):
        return None
    return data


def entry_name(
    raw: bytes, kind: str, as_json: bool, digest: hashlib._Hash | None = None
) -> str | None:
    """The name of the entry these bytes have or would have, or None when they are not cached
    (the cache is off or the file is small). `digest`: as `key` takes it."""
    if folder() is None or len(raw) < MIN_BYTES:
        return None
    return key(raw, kind, as_json, digest)


def has_entry(raw: bytes, kind: str, as_json: bool) -> bool:
    """Whether the cache holds an entry for these bytes, without loading it."""
    where, name = folder(), entry_name(raw, kind, as_json)
    return where is not None and name is not None and (where / (name + _SUFFIX)).is_file()


@dataclass(frozen=True)
class Marks:
    """Where model paths stand in an entry's text, as `schemas.yamlio.locate` found them: the
    paths searched for and the marks found (theirs and their ancestors'). Problems found by the
    checks of the next run of an unchanged file take their lines from here instead of reading
    the text again."""

    searched: frozenset[Any]
    found: dict[Any, Any]


def lookup_marks(name: str) -> Marks | None:
    """The marks kept for an entry, or None (never raises)."""
    where = folder()
    if where is None:
        return None
    marks = _read(where / (name + _MARKS_SUFFIX))
    return marks if isinstance(marks, Marks) else None


def store_marks(name: str, marks: Marks) -> None:
    """Keep the marks found in an entry's text (best effort)."""
    where = folder()
    if where is None or not (where / (name + _SUFFIX)).is_file():
        return  # marks without their entry would never be pruned
    try:
        _write(where, where / (name + _MARKS_SUFFIX), marks)
    except (OSError, pickle.PicklingError, RecursionError):
        return


def lookup_checks(name: str, label: str) -> list[Problem] | None:
    """The problems a check (`label`) found in an entry's model last time, or None (never
    raises). A check is a function of the model, which is one of the entry's bytes and of the
    code stamp; a check whose code lies outside `schemas/` names that code in its label
    (`modules_stamp`), and a check of several files names the others' entries in it."""
    where = folder()
    if where is None:
        return None
    kept = _read(where / (name + _CHECKS_SUFFIX))
    found = kept.get(label) if isinstance(kept, dict) else None
    return list(found) if isinstance(found, list) else None


def store_checks(name: str, label: str, problems: list[Problem]) -> None:
    """Keep the problems a check found in an entry's model (best effort), beside those of the
    entry's other checks."""
    where = folder()
    if where is None or not (where / (name + _SUFFIX)).is_file():
        return  # results without their entry would never be pruned
    entry = where / (name + _CHECKS_SUFFIX)
    kept = _read(entry)
    results = dict(kept) if isinstance(kept, dict) else {}
    results.pop(label, None)
    results[label] = list(problems)
    # A scenario's references are kept per version of the other files: the oldest go first.
    for old in list(results)[: max(0, len(results) - MAX_CHECKS_PER_ENTRY)]:
        del results[old]
    try:
        _write(where, entry, results)
    except (OSError, pickle.PicklingError, RecursionError):
        return


def modules_stamp(*modules: str) -> str:
    """A digest of the name, size and modification time of some modules' files (for checks
    whose code is not in `schemas/`); an empty string when one cannot be found."""
    import importlib.util  # noqa: PLC0415  # only for the few checks that need it

    digest = hashlib.sha256()
    for module in modules:
        spec = importlib.util.find_spec(module)
        if spec is None or spec.origin is None:
            return ""
        try:
            found = os.stat(spec.origin)
        except OSError:
            return ""
        digest.update(f"{module}\0{found.st_size}\0{found.st_mtime_ns}\0".encode())
    return digest.hexdigest()


def read_pickle(entry: Path) -> object:
    """A small value kept beside the entries (see `write_pickle`), None if missing or not
    trusted."""
    return _read(entry)


def write_pickle(entry: Path, value: object, keep: int) -> None:
    """Keep a small value in a subfolder of the cache, dropping the oldest of its kind (same
    suffix) beyond `keep`; a failure to write is ignored (the value is made again)."""
    where = entry.parent
    try:
        where.mkdir(parents=True, exist_ok=True, mode=0o700)
        _write(where, entry, value)
        kept = sorted(where.glob("*" + entry.suffix), key=lambda p: p.stat().st_mtime_ns)
        for old in kept[: max(0, len(kept) - keep)]:
            old.unlink(missing_ok=True)
    except (OSError, pickle.PicklingError, RecursionError):
        return


def _read(entry: Path) -> object:
    try:
        with entry.open("rb") as stream:
            found = os.fstat(stream.fileno())
            if found.st_uid != os.getuid() or found.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
                return None
            return _load_without_collecting(stream)
    except Exception:  # any failure to read an entry is only a miss
        return None


def _write(where: Path, entry: Path, value: object) -> None:
    handle, temporary = tempfile.mkstemp(dir=where, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            pickle.dump(value, stream, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, entry)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _prune(where: Path) -> None:
    """Drop the least recently used entries beyond `MAX_ENTRIES` or `MAX_BYTES`, and the marks
    and checks' results of entries dropped."""
    entries = []
    for entry in where.glob("*" + _SUFFIX):
        try:
            found = entry.stat()
        except OSError:
            continue
        entries.append((found.st_mtime_ns, found.st_size, entry))
    entries.sort(reverse=True)
    total = 0
    for kept, (_, size, entry) in enumerate(entries):
        total += size
        if kept >= MAX_ENTRIES or total > MAX_BYTES:
            entry.unlink(missing_ok=True)
            entry.with_suffix(_MARKS_SUFFIX).unlink(missing_ok=True)
            entry.with_suffix(_CHECKS_SUFFIX).unlink(missing_ok=True)

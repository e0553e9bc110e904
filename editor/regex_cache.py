"""The regular expressions the editor's start compiles, kept from one start to the next: PySide6's
signature support compiles a few long verbose patterns (its stub generator's and its signature
parser's, and argparse's through it) each time Qt is imported, about 40 ms of every start.

A process that started the editor writes the compiled code of the patterns its start compiled
to the cache folder when it ends (`remember_start`); the next start puts them into `re`'s own
cache before Qt is imported (`preload`), so `re.compile` finds them there. A pattern is kept only
when the code rebuilt from what is written gives a Pattern equal to the one `re` compiled (the
same flags, groups and code), and the file is named by the Python and regular-expression engine
it was made by: any other Python, or a file it cannot read, compiles as before.
"""

from __future__ import annotations

import _sre
import atexit
import marshal
import re
import sys
from pathlib import Path
from typing import Any

from editor import cache_files

Entry = tuple[Any, int, int, list[int], int, dict[str, int], tuple[str | None, ...]]
"""What `_sre.compile` takes: the pattern, the flags it was asked with, the flags it has, its
code, the number of groups, and the group names each way."""

_preloaded: set[tuple[Any, ...]] = set()
_started: dict[tuple[Any, ...], re.Pattern[Any]] = {}
_written_at_exit: list[bool] = []


def cache_file() -> Path | None:
    """Where this Python's patterns are kept (None when the cache is off)."""
    place = cache_files.folder("regex")
    if place is None:
        return None
    tag = f"{sys.implementation.cache_tag}-{sys.hexversion:x}-{_sre.MAGIC}-{_sre.CODESIZE}"
    return place / f"{tag}.marshal"


def _cache() -> dict[tuple[Any, ...], re.Pattern[Any]] | None:
    cache = getattr(re, "_cache", None)
    return cache if isinstance(cache, dict) else None


def preload() -> None:
    """Put the kept patterns into `re`'s cache; call before importing Qt. Whatever goes wrong
    leaves `re` to compile them as usual."""
    cache, path = _cache(), cache_file()
    if cache is None or path is None:
        return
    data = cache_files.read(path)
    if data is None:
        return
    try:
        entries = marshal.loads(data)
        for pattern, flags, has, code, groups, groupindex, indexgroup in entries:
            key = (type(pattern), pattern, flags)
            if key not in cache:
                cache[key] = _sre.compile(pattern, has, code, groups, groupindex, indexgroup)
                _preloaded.add(key)
    except (OSError, ValueError, EOFError, TypeError, RuntimeError):
        return


def remember_start() -> None:
    """Note the patterns compiled so far (the start's) and keep those not yet kept when the
    process ends."""
    cache = _cache()
    if cache is None or cache_file() is None:
        return
    if not _written_at_exit:
        _written_at_exit.append(True)
        atexit.register(_write)
    _started.update((key, pattern) for key, pattern in cache.items() if key not in _preloaded)


def _entry(key: tuple[Any, ...], compiled: re.Pattern[Any]) -> Entry | None:
    """The pattern's `_sre.compile` arguments, if they rebuild it exactly."""
    from re import _compiler, _parser  # noqa: PLC0415  # only when writing

    _, pattern, flags = key
    if flags & re.DEBUG:
        return None
    parsed = _parser.parse(pattern, flags)
    # The code names its opcodes by int subclasses, which marshal does not write.
    code = [int(word) for word in _compiler._code(parsed, flags)]
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    entry: Entry = (
        pattern,
        flags,
        int(flags | parsed.state.flags),
        code,
        parsed.state.groups - 1,
        groupindex,
        tuple(indexgroup),
    )
    rebuilt = _sre.compile(pattern, entry[2], code, entry[4], groupindex, entry[6])
    return entry if rebuilt == compiled else None


def _write() -> None:
    """Add the start's new patterns to the file (written whole, then moved into place)."""
    path = cache_file()
    if path is None or not _started:
        return
    try:
        data = cache_files.read(path)
        try:
            kept: list[Entry] = list(marshal.loads(data)) if data is not None else []
        except (ValueError, EOFError, TypeError):
            kept = []
        known = {(type(entry[0]), entry[0], entry[1]) for entry in kept}
        new = [
            entry
            for key, compiled in _started.items()
            if key not in known and (entry := _entry(key, compiled)) is not None
        ]
        if not new:
            return
        cache_files.write(path, marshal.dumps(kept + new))
    except (OSError, ValueError, TypeError, RecursionError, RuntimeError, ImportError):
        return

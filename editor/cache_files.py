"""The files the editor keeps between runs beside the parse cache (`schemas.parse_cache`): where
they live, read only when private to the user as the parse cache's entries are, and written
whole before being moved into place, so that a reader never sees half a file."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def folder(name: str) -> Path | None:
    """The cache's folder `name` (`HEXWRIGHT_CACHE_DIR`, else `$XDG_CACHE_HOME/hexwright` or
    `~/.cache/hexwright`); None when the cache is off."""
    override = os.environ.get("HEXWRIGHT_CACHE_DIR")
    if override:
        return None if override.strip().lower() == "off" else Path(override) / name
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hexwright" / name


def read(path: Path) -> bytes | None:
    """The file's bytes, or None when it is missing or anyone but the user could have written
    it (as `schemas.parse_cache` trusts its entries)."""
    try:
        with path.open("rb") as stream:
            found = os.fstat(stream.fileno())
            if found.st_uid != os.getuid() or found.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
                return None
            return stream.read()
    except OSError:
        return None


def write(path: Path, data: bytes) -> None:
    """Write the file whole, then move it into place (OSError if the folder cannot be
    written to)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".part", delete=False) as stream:
        stream.write(data)
    try:
        os.replace(stream.name, path)
    except OSError:
        Path(stream.name).unlink(missing_ok=True)
        raise

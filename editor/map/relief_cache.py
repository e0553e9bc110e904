"""A large map's elevations and hillshade kept from one opening to the next: reading 250,000
elevations from the map's rows and shading them is some 50 ms of opening the 500x500 benchmark
title, reading them back from the cache folder (`editor.cache_files`) 5 ms.

An entry is found by a digest of everything the numbers are worked out from: the elevation
rows, the map's size and hex size, the shading's constants and the code that applies them (the
size and modification time of `content.py` and `style.py`, as Python decides whether bytecode is
stale). Small maps are worked out each time (it takes less than reading a file), and the folder
keeps the most recently written entries only.
"""

from __future__ import annotations

import hashlib
import marshal
from pathlib import Path

from editor import cache_files
from editor.map import style
from schemas.panzer_campaigns.map import MapFile

SMALLEST = 40_000
"""Hexes from which a map's relief is kept (200x200): below, working it out is quicker."""

KEPT = 8
"""Entries the folder keeps: the maps a designer has opened lately."""

Relief = tuple[list[list[int]], list[bytes]]
"""Each row's elevations in metres and each row's hillshade."""


def _code_stamp() -> str:
    parts = []
    for module in (Path(__file__).with_name("content.py"), Path(style.__file__)):
        info = module.stat()
        parts.append(f"{module.name}:{info.st_size}:{info.st_mtime_ns}")
    return ";".join(parts)


def _entry(map_file: MapFile) -> Path | None:
    place = cache_files.folder("relief")
    if place is None or map_file.width * map_file.height < SMALLEST:
        return None
    digest = hashlib.sha256()
    try:
        digest.update(_code_stamp().encode())
    except OSError:
        return None
    digest.update(
        f"{map_file.width}x{map_file.height}:{map_file.hex_size_m}:{style.FLAT}:"
        f"{style.SHADE_GAIN}\n".encode()
    )
    digest.update("\n".join(map_file.elevation_rows).encode("utf-8", "surrogatepass"))
    return place / f"{digest.hexdigest()}.marshal"


def read(map_file: MapFile) -> Relief | None:
    """The map's relief as kept, or None (not kept, or not of this map's shape)."""
    path = _entry(map_file)
    if path is None:
        return None
    data = cache_files.read(path)
    if data is None:
        return None
    try:
        elevations, shades = marshal.loads(data)
    except (ValueError, EOFError, TypeError):
        return None
    width, height = map_file.width, map_file.height
    if not (
        isinstance(elevations, list)
        and isinstance(shades, list)
        and len(elevations) == len(shades) == height
        and all(isinstance(row, list) and len(row) == width for row in elevations)
        and all(isinstance(row, bytes) and len(row) == width for row in shades)
    ):
        return None
    return elevations, shades


def write(map_file: MapFile, relief: Relief) -> None:
    """Keep a large map's relief for the next opening; a folder that cannot be written to
    leaves things as they are."""
    path = _entry(map_file)
    if path is None:
        return
    try:
        cache_files.write(path, marshal.dumps(relief))
        entries = sorted(path.parent.glob("*.marshal"), key=lambda entry: entry.stat().st_mtime_ns)
        for old in entries[:-KEPT]:
            old.unlink(missing_ok=True)
    except (OSError, ValueError):
        return

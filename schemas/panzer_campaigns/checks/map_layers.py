"""Self-checks of a map file: its legend, its dense layers against its size, and its sparse
features on the map. Checks needing the hex on the other side of an edge are in `engine`."""

from __future__ import annotations

import re
from collections.abc import Iterator

from schemas.panzer_campaigns.checks._shared import off_map
from schemas.panzer_campaigns.map import (
    CONNECTION_NONE,
    HIGHEST_ELEVATION_M,
    LOWEST_ELEVATION_M,
    MapFile,
)
from schemas.problems import ModelPath, Problem, error

_NOT_A_CONNECTION = re.compile("[^.1-7]")


def check_map(map_file: MapFile) -> list[Problem]:
    """Self-checks of a map: legend, dense layers against the size, sparse features on the map."""
    problems: list[Problem] = []
    width, height = map_file.width, map_file.height

    for key, label in (("id", "terrain id"), ("code", "terrain code")):
        seen: set[str] = set()
        for number, terrain in enumerate(map_file.terrain):
            value = getattr(terrain, key)
            if value in seen:
                problems.append(
                    error(
                        "MAP006",
                        f"{label} '{value}' is already used by an earlier legend entry",
                        path=("terrain", number, key),
                    )
                )
            seen.add(value)
    ids = {t.id for t in map_file.terrain}
    for number, terrain in enumerate(map_file.terrain):
        if terrain.frozen_as is not None and terrain.frozen_as not in ids:
            problems.append(
                error(
                    "REF004",
                    f"frozen_as '{terrain.frozen_as}' is not a terrain id of the legend",
                    path=("terrain", number, "frozen_as"),
                )
            )

    codes = frozenset(t.code for t in map_file.terrain)
    # Searching for the first character that is not a code runs in C; a 1000x1000 map has a
    # million of them.
    not_a_code = re.compile("[^" + re.escape("".join(sorted(codes))) + "]")
    rows = map_file.terrain_rows
    if len(rows) != height:
        problems.append(
            error(
                "MAP001",
                f"{len(rows)} terrain rows for a map {height} rows high",
                path=("terrain_rows",),
            )
        )
    for row_number, row in enumerate(rows):
        if len(row) != width:
            problems.append(
                error(
                    "MAP002",
                    f"terrain row {row_number} has {len(row)} hexes; the map is {width} wide",
                    path=("terrain_rows", row_number),
                )
            )
        first_unknown = not_a_code.search(row)
        if first_unknown:
            column = first_unknown.start()
            shown = ", ".join(repr(ch) for ch in sorted(set(row) - codes))
            problems.append(
                error(
                    "MAP003",
                    f"terrain row {row_number} uses code(s) {shown} not in "
                    f"the legend (first at column {column})",
                    path=("terrain_rows", row_number),
                    hex=(column, row_number),
                )
            )

    if map_file.elevation_rows:
        elevations = map_file.elevation_rows
        if len(elevations) != height:
            problems.append(
                error(
                    "MAP004",
                    f"{len(elevations)} elevation rows for a map {height} rows high",
                    path=("elevation_rows",),
                )
            )
        for row_number, row in enumerate(elevations):
            values = row.split()
            if len(values) != width:
                problems.append(
                    error(
                        "MAP004",
                        f"elevation row {row_number} has {len(values)} "
                        f"values; the map is {width} wide",
                        path=("elevation_rows", row_number),
                    )
                )
            elif not _whole_metres(row):
                problems.append(
                    error(
                        "MAP004",
                        f"elevation row {row_number} holds something other than whole metres "
                        f"from {LOWEST_ELEVATION_M} to {HIGHEST_ELEVATION_M}",
                        path=("elevation_rows", row_number),
                    )
                )

    layers: list[tuple[ModelPath, str, list[str]]] = [
        (("connections", kind.value), kind.value, rows)
        for kind, rows in map_file.connections.items()
    ]
    if map_file.raised:
        layers.append((("raised",), "raised", map_file.raised))
    for path, name, rows in layers:
        if len(rows) != height:
            problems.append(
                error("MAP005", f"{name}: {len(rows)} rows for a map {height} rows high", path=path)
            )
        for row_number, row in enumerate(rows):
            if len(row) != width or _NOT_A_CONNECTION.search(row):
                problems.append(
                    error(
                        "MAP005",
                        f"{name} row {row_number} must be {width} characters of '.' or 1-7",
                        path=(*path, row_number),
                    )
                )
    problems.extend(_check_raised(map_file))

    for collection in ("hexsides", "crossings", "full_hex_features", "places"):
        for number, item in enumerate(getattr(map_file, collection)):
            problems.extend(off_map(item.hex, width, height, (collection, number, "hex")))
    return problems


def _whole_metres(row: str) -> bool:
    """Whether every value of an elevation row is a whole number of metres on Earth."""
    return _ELEVATION_ROW.fullmatch(row) is not None  # one C call for the whole row


# A whole number from LOWEST_ELEVATION_M to HIGHEST_ELEVATION_M (ASCII digits only: `int` would
# also take other scripts' digits).
# Each value has one way to match and is an atomic group, so a row that does not match fails in
# linear time (ambiguous patterns backtrack exponentially on a row of "000 000 … x").
_ELEVATION = (
    r"(?>0*(?:[1-8][0-9]{3}|9000|[1-9][0-9]{0,2}|0)"
    r"|-0*(?:[1-4][0-9]{2}|500|[1-9][0-9]?|0))"
)
_ELEVATION_ROW = re.compile(rf"\s*(?:{_ELEVATION}(?:\s+{_ELEVATION})*)?\s*")
assert (LOWEST_ELEVATION_M, HIGHEST_ELEVATION_M) == (-500, 9000), "update _ELEVATION"


def _check_raised(map_file: MapFile) -> Iterator[Problem]:
    """Every raised link must lie on a road or rail link (bitwise: no geometry needed)."""
    if not map_file.raised:
        return
    layers = list(map_file.connections.values())
    for row_number, row in enumerate(map_file.raised):
        for column, digit in enumerate(row):
            if digit == CONNECTION_NONE or not digit.isdigit():
                continue
            carried = 0
            for layer in layers:
                if row_number < len(layer) and column < len(layer[row_number]):
                    other = layer[row_number][column]
                    carried |= int(other) if other.isdigit() else 0
            if int(digit) & ~carried:
                yield error(
                    "MAP007",
                    f"raised link at [{column}, {row_number}] where no road or railway runs",
                    path=("raised", row_number),
                    hex=(column, row_number),
                )

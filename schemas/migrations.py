"""Step-wise migrations of raw file data from older format versions to the current one.

A loaded file's dict is upgraded one version at a time, before validation, by small pure
functions named `v{from}_to_v{to}`, each saying what changed. Old files stay loadable for good;
their fixtures live in `sample_data/legacy/`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

CURRENT_VERSION = 2
"""The format version of the map, OOB, parameter, weather and test-play files."""

CURRENT_VERSIONS: dict[str, int] = {
    "scenario": 3,
    "oob": 3,
    # Tactical GameX files are new kinds, at their first version.
    "panel": 1,
    "units": 1,
    "tables": 1,
    "situation": 1,
    "tgxplay": 1,
}
"""File kinds (by their suffix name) whose format has moved past CURRENT_VERSION."""


def current_version(kind: str | None = None) -> int:
    """The version a file of `kind` (`"scenario"`, `"map"`…) is written in.

    >>> current_version("scenario"), current_version("oob"), current_version("map")
    (3, 3, 2)
    """
    return CURRENT_VERSIONS.get(kind or "", CURRENT_VERSION)


Migration = Callable[[dict[str, Any]], dict[str, Any]]

_LABEL = re.compile(r"^(\d{2})(\d{2})$")


def _label_to_pair(value: Any) -> Any:
    if isinstance(value, str):
        match = _LABEL.match(value.strip())
        if match:
            return [int(match.group(1)), int(match.group(2))]
    return value


def _convert_hex_labels(data: Any) -> Any:
    if isinstance(data, dict):
        return {
            key: _label_to_pair(value) if key == "hex" else _convert_hex_labels(value)
            for key, value in data.items()
        }
    if isinstance(data, list):
        return [_convert_hex_labels(item) for item in data]
    return data


def v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 wrote every hex as a four-digit `CCRR` label, as the original tools show them
    ("0412" = column 4, row 12). Labels cannot address maps of more than 100 columns or rows,
    so version 2 writes `[column, row]`. Every `hex:` value is converted; nothing else changed.

    >>> v1_to_v2({"format_version": 1, "sources": [{"hex": "0412", "value": 80}]})
    {'format_version': 2, 'sources': [{'hex': [4, 12], 'value': 80}]}
    """
    upgraded = _convert_hex_labels(data)
    upgraded["format_version"] = 2
    return dict(upgraded)


def scenario_v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 of the scenario adds `ai` (A/I orders per organization and per-side
    aggressiveness); a version 2 scenario has none, and nothing else changed.

    >>> scenario_v2_to_v3({"format_version": 2, "placements": []})
    {'format_version': 3, 'placements': []}
    """
    return {**data, "format_version": 3}


def oob_v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 of the OOB adds `unit_types` (equipment shared by units, which name one in
    `unit_type`); a version 2 OOB has none, so every unit keeps its own values, and nothing
    else changed. Turning shared values into types is a command of its own (Extract Unit
    Types, `hexwright oob types extract`), never done behind the designer's back.

    >>> oob_v2_to_v3({"format_version": 2, "name": "OOB"})
    {'format_version': 3, 'name': 'OOB'}
    """
    return {**data, "format_version": 3}


MIGRATIONS: dict[int, Migration] = {1: v1_to_v2}
"""The step that upgrades each old version to the next one."""

KIND_MIGRATIONS: dict[str, dict[int, Migration]] = {
    "scenario": {1: v1_to_v2, 2: scenario_v2_to_v3},
    "oob": {1: v1_to_v2, 2: oob_v2_to_v3},
    "panel": {},
    "units": {},
    "tables": {},
    "situation": {},
}
"""The steps of the file kinds whose format moved past version 2."""


def migrate(data: dict[str, Any], kind: str | None = None) -> tuple[dict[str, Any], int]:
    """Upgrade `data` of a file of `kind` step by step to its current version; return it with
    the version it had.

    Raises ValueError for a missing, unknown or newer version.
    """
    latest = current_version(kind)
    steps = KIND_MIGRATIONS.get(kind or "", MIGRATIONS)
    version = data.get("format_version")
    if isinstance(version, str) and version.isdigit():
        version = int(version)
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("format_version is missing or not a whole number")
    if version > latest:
        raise ValueError(
            f"format_version {version} is newer than this Hexwright reads "
            f"(up to {latest}); update Hexwright to open it"
        )
    original = version
    while version < latest:
        step = steps.get(version)
        if step is None:
            raise ValueError(f"format_version {version} is not a version Hexwright ever wrote")
        data = step(data)
        version += 1
    return data, original

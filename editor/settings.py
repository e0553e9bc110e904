"""Where the editor keeps what is not part of a scenario: window layout, recent files, recovery.

Everything goes under one application-data folder (`HEXWRIGHT_DATA_DIR` overrides it, which
the tests use so that each test has its own); scenario files never hold view state.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

ORGANIZATION = "Hexwright"
APPLICATION = "Hexwright"
MAX_RECENT_FILES = 10


def data_dir() -> Path:
    """The folder of the editor's own files (settings, recovery copies)."""
    override = os.environ.get("HEXWRIGHT_DATA_DIR")
    if override:
        folder = Path(override)
    else:
        location = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.GenericDataLocation
        )
        folder = Path(location or Path.home() / ".local" / "share") / "hexwright"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def settings() -> QSettings:
    """The editor's settings, an INI file in the data folder."""
    return QSettings(str(data_dir() / "hexwright.ini"), QSettings.Format.IniFormat)


def recent_files() -> list[Path]:
    """Scenarios opened lately, newest first, that still exist."""
    stored = settings().value("recent_files", [])
    # QSettings gives a lone string for a one-item list, and None or junk for a damaged file.
    names = [stored] if isinstance(stored, str) else stored if isinstance(stored, list) else []
    return [Path(p) for p in names if isinstance(p, str) and Path(p).is_file()]


def add_recent_file(path: Path) -> list[Path]:
    """Put a scenario at the top of the recent files; return the new list."""
    path = path.resolve()
    files = [path, *(p for p in recent_files() if p.resolve() != path)][:MAX_RECENT_FILES]
    settings().setValue("recent_files", [str(p) for p in files])
    return files

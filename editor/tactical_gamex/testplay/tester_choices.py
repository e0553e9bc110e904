"""The Test-play panel's choices a tester makes once and keeps: setting up by hand before turn
1 and passing the screen between hot-seat players, remembered in the editor's settings.

Decision: setting up by hand is on unless the tester turned it off, since a situation whose
counters are given setup areas is tried most faithfully as its players would set it up; a
situation with nothing to set up begins at turn 1 either way."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QWidget

from editor.settings import settings

SETUP_KEY = "tgx_testplay/setup_by_hand"
SCREEN_KEY = "tgx_testplay/pass_the_screen"


def _remembered(key: str, default: bool) -> bool:
    stored = settings().value(key, default)
    if isinstance(stored, str):  # an INI file gives text back
        return stored.lower() in ("true", "1")
    return bool(stored)


def remembered_box(box: QCheckBox, key: str, default: bool) -> QCheckBox:
    """Tick the box as the tester left it last (else `default`) and remember each change."""
    box.setChecked(_remembered(key, default))
    box.toggled.connect(lambda on: settings().setValue(key, on))
    return box


def screen_box(parent: QWidget) -> QCheckBox:
    """ "Pass the screen between sides", for hot-seat players."""
    box = QCheckBox("Hot-seat: hide the board when the side to act changes", parent)
    box.setObjectName("tgx_pass_screen")
    box.setToolTip(
        "Each player sees only its own secret mines and airborne targets [003 8.2, 11.1]; "
        "the next player clicks to see the board"
    )
    return remembered_box(box, SCREEN_KEY, True)

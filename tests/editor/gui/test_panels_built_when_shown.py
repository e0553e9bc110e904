"""Panels behind another's tab at start are built when first brought forward, and show the
document as it is then: an edit made while they were behind their tab, an undo, a new title."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QLineEdit

from editor.commands import SetValue
from editor.main_window import MainWindow
from schemas.io import FileKind

TITLE = ("header", "title")


def _title_shown(window: MainWindow) -> str:
    dock = window.docks["scenario"]
    dock.raise_()
    QApplication.processEvents()
    line = dock.editors[TITLE].findChild(QLineEdit)  # type: ignore[attr-defined]
    assert line is not None
    return line.text()


def test_a_panel_brought_forward_shows_an_edit_made_while_it_was_behind(
    window: MainWindow,
) -> None:
    document = window.document
    assert document is not None
    document.push(SetValue(document, FileKind.SCENARIO, TITLE, "Elsewhere", "Set Title"))
    assert _title_shown(window) == "Elsewhere"
    document.undo_stack.undo()
    QApplication.processEvents()
    assert _title_shown(window) == document.scenario.header.title


def test_a_panel_built_on_one_title_shows_the_next(window: MainWindow, stoumont: Path) -> None:
    first = _title_shown(window)
    assert window.open_path(stoumont)
    assert window.document is not None
    shown = _title_shown(window)
    assert shown == window.document.scenario.header.title
    assert shown != first


def test_the_panels_behind_another_tab_at_start_wait_to_be_shown(window: MainWindow) -> None:
    # Their widgets (the Timeline's and the OOB Table's thousands of rows on a big title) are
    # not made before the window's first paint.
    QApplication.processEvents()
    waiting = {name for name, dock in window.docks.items() if dock.built_when_shown}
    behind = {name for name in waiting if window.docks[name].visibleRegion().isEmpty()}
    assert {"timeline", "oob_table", "weather"} <= behind
    assert {name for name in behind if window.docks[name].is_built} == set()

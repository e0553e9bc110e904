"""The main window as the GUI tests open it: on one file, closing without asking (unsaved edits
are discarded), shown and exposed unless a test lays it out first."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from editor.app import start
from editor.main_window import MainWindow


def opened_window(
    qtbot, path: Path, *, size: tuple[int, int] | None = None, show: bool = True
) -> MainWindow:
    """The main window on `path` (a scenario, a situation or a title folder), at `size` if
    given, shown and exposed unless `show` is off; qtbot closes it after the test."""
    win = start([str(path)], ask=lambda *_: None)
    qtbot.addWidget(win)
    win.ask = lambda *_: QMessageBox.StandardButton.Discard
    if size is not None:
        win.resize(*size)
    if show:
        win.show()
        qtbot.waitExposed(win)
    return win

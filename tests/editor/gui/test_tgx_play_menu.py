"""Play > Test-play (F5) on a Tactical GameX situation (issue 19): it starts a game of the
situation in its Test-play panel and stops it, and the menu follows the panel's own Start and
Stop button."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from editor.tactical_gamex.testplay.dock import TgxTestPlayDock
from tests.editor.gui.tgx_title import open_sample


def test_play_menu_starts_and_stops_the_situations_game(qtbot, tmp_path: Path) -> None:
    win = open_sample(qtbot, tmp_path / "steppe")
    workspace = win.rulesets.workspace
    assert workspace is not None
    dock = workspace.docks["tgx_testplay"]
    assert isinstance(dock, TgxTestPlayDock)
    dock.setup_box.setChecked(False)  # turn 1 at once, its initiative roll logged
    action = win.testplay_action
    assert action.isEnabled()
    assert action.shortcut() == QKeySequence("F5")

    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win)
    qtbot.keyClick(win, Qt.Key.Key_F5)
    assert dock.session is not None, dock.refusal.text()
    assert dock.isVisible()
    assert dock.start_button.text() == "Stop"
    assert action.isChecked()
    assert action.text() == "Stop &Test-play"
    assert "Test-play" in win.windowTitle()
    assert dock.log.count() > 0  # the initiative roll is logged

    action.trigger()
    assert dock.session is None
    assert not action.isChecked()
    assert action.text() == "&Test-play"
    assert "Test-play" not in win.windowTitle()

    dock.start_button.click()  # the panel's own button: the menu follows
    assert dock.session is not None
    assert action.isChecked()
    dock.start_button.click()
    assert not action.isChecked()
    assert not win.testplay.is_running  # the Panzer test-play never started

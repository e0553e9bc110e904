"""The map keeps most of the window on a 1280x720 laptop (issue 19): the bottom panels take a
capped share of the height by default and scroll within it, whichever of them is in front and
in either ruleset's test-play; a split the user dragged is kept across a restart, and a
situation left open at the last close does not cost the Panzer panels their place."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QScrollArea

from editor.main_window import MainWindow
from tests.conftest import REPO
from tests.editor.gui.windows import opened_window

LAPTOP = QSize(1280, 720)
SITUATION = "scenarios/hill-at-krasnaya-polyana.situation.yaml"


@pytest.fixture
def situation(tmp_path: Path) -> Path:
    """A copy of the Tactical GameX sample situation."""
    shutil.copytree(REPO / "sample_data" / "tgx_steppe43", tmp_path / "steppe")
    return tmp_path / "steppe" / SITUATION


def _window(qtbot, path: Path, size: QSize | None = None) -> MainWindow:
    win = opened_window(qtbot, path, show=False)
    win.show()
    if size is not None:
        win.resize(size)
    qtbot.waitExposed(win)
    return win


def _board_share(window: QMainWindow) -> float:
    """The map's share of the height between the tool bar and the status bar."""
    QApplication.processEvents()
    central = window.centralWidget().geometry()
    room = window.statusBar().geometry().top() - central.top()
    return central.height() / room


def _in_front(window: MainWindow, name: str) -> QDockWidget:
    dock = window.findChild(QDockWidget, name)
    assert isinstance(dock, QDockWidget)
    dock.show()
    dock.raise_()
    QApplication.processEvents()
    return dock


def test_on_a_laptop_the_map_and_the_board_keep_most_of_the_height_in_test_play(
    qtbot, ardennes: Path, situation: Path
) -> None:
    window = _window(qtbot, ardennes, LAPTOP)
    window.reset_layout_action.trigger()
    # The Panzer bottom area keeps its larger share: the Parameter Data grid's six rows
    # (test_panel_room.py); the tallest of its panels in front does not take more.
    assert _board_share(window) > 0.5
    window.testplay_action.trigger()
    _in_front(window, "testplay")
    for name in ("timeline", "ai_orders", "weather", "parameters", "problems"):
        _in_front(window, name)
        assert _board_share(window) > 0.5, name
    window.testplay_action.trigger()

    # The situation's panels are placed the first time one is opened, in the window's size of
    # the moment.
    assert window.open_path(situation)
    assert _board_share(window) >= 0.55
    assert window.rulesets.toggle_testplay()
    # The Situation panel in front: its grid needs over 500 pixels, which took the board's
    # room and pushed the window past the screen; now it scrolls in the bottom area.
    dock = _in_front(window, "tgx_situation")
    assert _board_share(window) >= 0.55
    assert window.size() == LAPTOP
    body = dock.widget()
    assert isinstance(body, QScrollArea)
    assert body.verticalScrollBar().maximum() > 0
    for name in ("tgx_victory", "tgx_tables", "tgx_unit_types", "tgx_balance"):
        _in_front(window, name)
        assert _board_share(window) >= 0.55, name
    assert window.rulesets.toggle_testplay()  # stopped

    # Reset Layout gives the board its room back, the Panzer panels left hidden.
    dock = _in_front(window, "tgx_situation")
    window.resizeDocks([dock], [560], Qt.Orientation.Vertical)
    assert _board_share(window) < 0.4
    window.reset_layout_action.trigger()
    assert _board_share(window) >= 0.55
    assert window.findChild(QDockWidget, "tgx_forces").isVisible()
    assert not window.findChild(QDockWidget, "supply").isVisible()
    assert window.size() == LAPTOP

    # Each ruleset keeps its own arrangement: the Panzer split dragged is there after a visit
    # to the situation.
    assert window.open_path(ardennes)
    QApplication.processEvents()
    assert window.size() == LAPTOP
    problems = window.docks["problems"]
    window.resizeDocks([problems], [330], Qt.Orientation.Vertical)
    QApplication.processEvents()
    dragged = problems.height()
    assert window.open_path(situation)
    assert _board_share(window) >= 0.55
    assert window.open_path(ardennes)
    QApplication.processEvents()
    assert abs(problems.height() - dragged) <= 4, (problems.height(), dragged)
    assert window.size() == LAPTOP


def test_a_split_the_user_dragged_survives_a_restart(
    qtbot, ardennes: Path, situation: Path
) -> None:
    first = _window(qtbot, situation)
    dock = _in_front(first, "tgx_situation")
    default = dock.height()
    first.resizeDocks([dock], [default + 150], Qt.Orientation.Vertical)
    QApplication.processEvents()
    dragged = dock.height()
    assert dragged > default + 100
    first.close()  # saves the layout, as quitting does

    again = _window(qtbot, situation)
    dock = _in_front(again, "tgx_situation")
    assert abs(dock.height() - dragged) <= 4, (dock.height(), dragged)
    # The window closed on the situation, its Panzer panels hidden: a Panzer scenario opened
    # after the restart has them back in the default layout, not squeezed where the
    # situation's panels stood (the window grew past the screen).
    size = again.size()
    assert again.open_path(ardennes)
    QApplication.processEvents()
    for name in ("oob_tree", "unit", "problems"):
        assert again.docks[name].isVisible(), name
    assert not dock.isVisible()
    # (The offscreen screen is 800 wide, narrower than the Panzer panels' least width.)
    assert again.height() == size.height()
    assert again.width() <= max(size.width(), again.minimumSizeHint().width())
    assert _board_share(again) > 0.5

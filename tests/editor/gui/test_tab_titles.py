"""Every panel tab of the Tactical GameX window can be seen and clicked at 200 % (issue 19): on
1920x1080 at 200 % (960x540 in Qt's logical pixels) the bottom area's six tabs show whole,
with short titles where the full ones do not fit, and nothing hides behind scroll arrows."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication, QTabBar

from editor.main_window import MainWindow
from tests.conftest import REPO
from tests.editor.gui.windows import opened_window

AT_200_PERCENT = QSize(960, 540)
LAPTOP = QSize(1280, 720)


@pytest.fixture
def situation(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "sample_data" / "tgx_steppe43", tmp_path / "steppe")
    return tmp_path / "steppe" / "scenarios" / "hill-at-krasnaya-polyana.situation.yaml"


def _window_at(qtbot, size: QSize, ardennes: Path, situation: Path) -> MainWindow:
    # The window has its size when the first situation places its panels, as at a start.
    win = opened_window(qtbot, ardennes, show=False)
    win.show()
    win.resize(size)
    qtbot.waitExposed(win)
    assert win.open_path(situation)
    qtbot.wait(50)
    return win


def _bottom_bar(window: MainWindow) -> QTabBar:
    situation = window.rulesets.docks["tgx_situation"]
    bars = [
        bar
        for bar in window.findChildren(QTabBar)
        if bar.parent() is window and bar.isVisible() and situation.windowTitle() in _texts(bar)
    ]
    assert len(bars) == 1
    return bars[0]


def _texts(bar: QTabBar) -> list[str]:
    return [bar.tabText(i) for i in range(bar.count())]


def _reads_whole(bar: QTabBar) -> None:
    for i in range(bar.count()):
        shown = bar.tabRect(i)
        assert bar.rect().contains(shown), (bar.tabText(i), shown, bar.rect())
        assert shown.width() > bar.fontMetrics().horizontalAdvance(bar.tabText(i)), shown


def test_at_200_percent_every_bottom_tab_shows_with_its_full_name_at_hand(
    qtbot, ardennes: Path, situation: Path
) -> None:
    window = _window_at(qtbot, AT_200_PERCENT, ardennes, situation)
    assert window.rulesets.toggle_testplay()
    QApplication.processEvents()
    bar = _bottom_bar(window)
    assert _texts(bar) == ["Types", "Tables", "Victory", "Situation", "Problems", "Balance"]
    _reads_whole(bar)
    tips = [bar.tabToolTip(i) for i in range(bar.count())]
    assert "Ruleset Tables" in tips
    assert "Situation Problems" in tips
    # A tab is a click away: the last one comes to the front.
    bar.setCurrentIndex(bar.count() - 1)
    QApplication.processEvents()
    assert window.rulesets.docks["tgx_balance"].visibleRegion().isEmpty() is False
    # View > Panels names them in full.
    names = {a.text() for a in window.panels_menu.actions()}
    assert {"Ruleset Tables", "Situation Problems", "Unit Types"} <= names
    for other in window.findChildren(QTabBar):
        if other.parent() is window and other.isVisible() and other.count() > 1:
            _reads_whole(other)


def test_with_room_the_tabs_take_their_full_names_again(
    qtbot, ardennes: Path, situation: Path
) -> None:
    window = _window_at(qtbot, AT_200_PERCENT, ardennes, situation)
    assert "Tables" in _texts(_bottom_bar(window))
    window.resize(LAPTOP)
    qtbot.waitUntil(lambda: "Ruleset Tables" in _texts(_bottom_bar(window)), timeout=5000)
    bar = _bottom_bar(window)
    assert _texts(bar) == [
        "Unit Types",
        "Ruleset Tables",
        "Victory",
        "Situation",
        "Situation Problems",
        "Balance",
    ]
    _reads_whole(bar)

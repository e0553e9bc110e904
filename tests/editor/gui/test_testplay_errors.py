"""Starting test-play on a scenario with errors: the designer is told which errors first and
chooses to play anyway, look at them, or cancel; warnings alone start at once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from editor.commands import SetValue
from editor.docks.problems_dock import ProblemsDock
from editor.main_window import MainWindow
from schemas.io import FileKind
from schemas.problems import Severity
from tests.editor.gui.windows import opened_window

WAIT_MS = 20_000
"""Generous: the first check of a session starts the checking process."""


@pytest.fixture
def window(qtbot, ardennes: Path) -> MainWindow:
    win = opened_window(qtbot, ardennes, show=False)
    win.show()
    yield win
    problems = win.docks["problems"]
    assert isinstance(problems, ProblemsDock)
    problems.checker.stop()


def _place_off_the_map(window: MainWindow, count: int) -> None:
    document = window.document
    for number in range(count):
        document.push(
            SetValue(
                document,
                FileKind.SCENARIO,
                ("placements", number, "hex"),
                (80 + number, 12),
                "Move Unit",
            )
        )


def _answer(button_text: str, seen: list[str]) -> Callable[[], None]:
    """Click a button of the question once it shows, noting its text."""

    def click() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, click)
            return
        seen.append(box.text())
        for button in box.findChildren(QPushButton):
            if button.text().replace("&", "") == button_text:
                button.click()
                return
        raise AssertionError(f"no {button_text!r} button among {box.buttons()}")

    return click


def test_starting_on_errors_names_them_and_cancel_keeps_editing(window: MainWindow) -> None:
    _place_off_the_map(window, 1)
    seen: list[str] = []
    QTimer.singleShot(0, _answer("Cancel", seen))
    window.testplay_action.trigger()
    assert len(seen) == 1
    assert seen[0].startswith("The scenario has 1 error:")
    assert "hex [80, 12] is outside the 75x80 map" in seen[0]
    assert "road_to_bastogne.scenario.yaml:" in seen[0]
    assert window.testplay.session is None
    assert not window.testplay_action.isChecked()
    assert window.docks["unit"].isEnabled()


def test_test_play_anyway_starts_the_session(window: MainWindow) -> None:
    _place_off_the_map(window, 1)
    seen: list[str] = []
    QTimer.singleShot(0, _answer("Test-play Anyway", seen))
    window.testplay_action.trigger()
    assert seen
    assert window.testplay.session is not None
    assert window.testplay_action.isChecked()


def test_show_problems_brings_the_first_error_forward(qtbot, window: MainWindow) -> None:
    problems = window.docks["problems"]
    assert isinstance(problems, ProblemsDock)
    window.docks["weather"].raise_()  # the Problems panel starts behind another tab
    _place_off_the_map(window, 2)
    qtbot.waitUntil(lambda: problems.model.counts().get(Severity.ERROR) == 2, timeout=WAIT_MS)
    seen: list[str] = []
    QTimer.singleShot(0, _answer("Show Problems", seen))
    window.testplay_action.trigger()
    assert seen[0].startswith("The scenario has 2 errors:")
    assert window.testplay.session is None
    assert not problems.visibleRegion().isEmpty()
    current = problems.model.problem(problems.tree.currentIndex())
    assert current is not None
    assert current.is_error


def test_many_errors_list_the_first_few_and_count_the_rest(window: MainWindow) -> None:
    _place_off_the_map(window, 8)
    seen: list[str] = []
    QTimer.singleShot(0, _answer("Cancel", seen))
    window.testplay_action.trigger()
    text = seen[0]
    assert text.startswith("The scenario has 8 errors:")
    assert text.count("is outside the 75x80 map") == 5
    assert "… and 3 more." in text


def test_warnings_alone_start_without_asking(window: MainWindow) -> None:
    asked: list[object] = []
    window.testplay.ask_about_errors = lambda *args: asked.append(args)
    window.testplay_action.trigger()
    assert asked == [], "the sample has warnings only"
    assert window.testplay.session is not None


def test_replaying_the_last_test_play_asks_too(window: MainWindow) -> None:
    window.testplay_action.trigger()
    window.testplay_action.trigger()
    _place_off_the_map(window, 1)
    seen: list[str] = []
    QTimer.singleShot(0, _answer("Cancel", seen))
    assert not window.testplay.replay_last()
    assert seen
    assert "1 error" in seen[0]
    assert window.testplay.session is None

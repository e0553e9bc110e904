"""Finding one's way: Go to Hex with the map's own coordinates, jumps that zoom in enough to see
the place, the Help window at the page of the panel in use, and a window with nothing stale
after File > Close."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QApplication, QDialog, QLineEdit, QMessageBox

from editor import help as help_pages
from editor.app import start
from editor.docks.problems_model import Column
from editor.go_to_hex import GoToHexDialog
from editor.main_window import MainWindow
from editor.map import style
from schemas.problems import CODES
from tests.conftest import REPO

WAIT_MS = 20000


@pytest.fixture
def window(qtbot, ardennes: Path) -> MainWindow:
    win = start([str(ardennes)], ask=lambda *_: QMessageBox.StandardButton.Cancel)
    qtbot.addWidget(win)
    win.ask = lambda *args: QMessageBox.StandardButton.Discard
    win.show()
    win.activateWindow()
    qtbot.waitExposed(win)
    return win


def distance_from_middle(window: MainWindow, hex_: tuple[int, int]) -> float:
    view = window.map_view
    size = view.map_size()
    offset = view.hex_pixel(hex_) - QPointF(size.width() / 2, size.height() / 2)
    return (offset.x() ** 2 + offset.y() ** 2) ** 0.5


# Go to Hex ---------------------------------------------------------------------------------------


def test_go_to_hex_selects_and_shows_the_hex_close_up(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.map_view.zoom_to_fit()
    assert window.map_view.zoom() < style.JUMP_ZOOM

    def answer(dialog: GoToHexDialog) -> QDialog.DialogCode:
        dialog.edit.setText("14,59")  # as the status bar shows Bastogne
        dialog.accept()
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(GoToHexDialog, "exec", answer)
    QTest.keySequence(window, QKeySequence("Ctrl+G"))
    assert window.selection.hex == (14, 59)
    assert window.map_view.zoom() >= style.JUMP_ZOOM
    assert distance_from_middle(window, (14, 59)) < window.map_view.zoom()
    assert window.hex_label.text() == "" or "14,59" in window.hex_label.text()


def test_go_to_hex_refuses_off_map_and_garbled_input_with_the_map_s_limits(qtbot) -> None:
    dialog = GoToHexDialog(75, 80, (14, 59))
    qtbot.addWidget(dialog)
    go = dialog.buttons.buttons()[0]
    assert dialog.edit.text() == "14,59"
    assert go.isEnabled()
    dialog.edit.setText("75,3")
    assert not go.isEnabled()
    assert dialog.message.text() == (
        "Hex 75,3 is off the map: columns run 0 to 74 and rows 0 to 79."
    )
    dialog.edit.setText("Bastogne")
    assert not go.isEnabled()
    assert "column and a row" in dialog.message.text()
    for typed in ("74 79", "(0, 0)", " 3;4 "):
        dialog.edit.setText(typed)
        assert go.isEnabled(), typed
        assert dialog.message.text() == ""


def test_ctrl_g_goes_to_a_hex_and_the_grid_moved_to_ctrl_shift_g(window: MainWindow) -> None:
    assert window.go_to_hex_action.shortcut() == QKeySequence("Ctrl+G")
    grid = next(a for a in window.layers_menu.actions() if a.text() == "Hex Grid")
    assert grid.shortcut() == QKeySequence("Ctrl+Shift+G")
    before = grid.isChecked()
    QTest.keySequence(window, QKeySequence("Ctrl+Shift+G"))
    assert grid.isChecked() != before


# Jumps ------------------------------------------------------------------------------------------


def test_double_clicking_a_problem_from_the_whole_map_zooms_in_on_it(
    window: MainWindow, qtbot
) -> None:
    problems = window.docks["problems"]
    qtbot.waitUntil(lambda: bool(problems.model.visible_problems()), timeout=WAIT_MS)
    # The sample's warnings name hexes: an HQ out of command range, an isolated unit…
    problem = next(p for p in problems.model.visible_problems() if p.hex is not None)
    window.map_view.zoom_to_fit()
    tree = problems.tree
    index = problems.model.index_of(problem).siblingAtColumn(Column.MESSAGE)
    problems.raise_()
    tree.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
    rect = tree.visualRect(index)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    hex_ = tuple(problem.hex)
    assert window.selection.hex == hex_
    assert window.map_view.zoom() >= style.JUMP_ZOOM
    assert distance_from_middle(window, hex_) < window.map_view.zoom()


def test_a_jump_keeps_a_closer_zoom(window: MainWindow) -> None:
    window.map_view.set_zoom(100)
    zoom = window.map_view.zoom()
    window.map_view.show_hex((30, 30))
    assert window.map_view.zoom() == zoom
    assert distance_from_middle(window, (30, 30)) < zoom


# Help -------------------------------------------------------------------------------------------


def test_f1_opens_the_help_at_the_page_of_the_panel_in_use(window: MainWindow, qtbot) -> None:
    window.keyboard.focus_panel(window.docks["oob_tree"])
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_F1)
    help_window = window.keyboard.help_window
    assert help_window is not None
    qtbot.waitExposed(help_window)
    assert help_window.current_topic() == "order-of-battle"
    assert "Search" in help_window.page.toPlainText()
    window.activateWindow()
    window.keyboard.focus_panel(window.docks["problems"])
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_F1)
    assert help_window.current_topic() == "problems"
    page = help_window.page.toPlainText()
    assert all(code in page for code in CODES)  # every validation code, from the catalogue
    window.activateWindow()
    window.map_view.setFocus()
    QTest.keyClick(window.map_view, Qt.Key.Key_F1)
    assert help_window.current_topic() == "map-tools"


def test_the_help_search_keeps_the_pages_that_mention_every_word(window: MainWindow) -> None:
    window.keyboard.show_help("overview")
    help_window = window.keyboard.help_window
    help_window.search.setText("ferry bridge")
    shown = help_window.shown_topics()
    assert shown
    assert len(shown) < len(help_window.topics)
    for topic in help_window.topics:
        mentions = "ferry" in topic.text.lower() and "bridge" in topic.text.lower()
        assert (topic.name in shown) == mentions
    assert help_window.current_topic() in shown
    assert help_window.page.textCursor().selectedText().lower() == "ferry"
    help_window.search.setText("zzzz-no-such-word")
    assert help_window.shown_topics() == []
    assert help_window.none.isVisible()


def test_every_panel_has_a_help_page_and_the_pages_are_shipped(window: MainWindow) -> None:
    names = {topic.name for topic in help_pages.topics()}
    for dock_name in window.docks:
        assert help_pages.PANEL_TOPICS[dock_name] in names, dock_name
    assert {"map-tools", "test-play", "file-format", "problems", "keyboard"} <= names
    shipped = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"
    ]["editor.help"]
    for page in (REPO / "editor" / "help" / "pages").iterdir():
        assert any(fnmatch.fnmatch(f"pages/{page.name}", pattern) for pattern in shipped)


# Close ------------------------------------------------------------------------------------------


def test_after_close_nothing_of_the_scenario_stays_and_the_map_tools_are_off(
    window: MainWindow, qtbot, ardennes: Path
) -> None:
    problems = window.docks["problems"]
    window.selection.select_units([window.document.scenario.placements[1].unit])
    qtbot.waitUntil(lambda: window.problems_label.text() != "", timeout=WAIT_MS)
    window.map_view.hover_changed.emit((14, 59))
    assert "14,59" in window.hex_label.text()
    assert window.zoom_label.text()
    window.statusBar().showMessage("Saved everything")

    window.close_action.trigger()

    assert window.document is None
    assert window.hex_label.text() == ""
    assert window.zoom_label.text() == ""
    assert window.problems_label.text() == ""
    assert window.statusBar().currentMessage() == ""
    for action in window.tools.actions.values():
        assert not action.isEnabled(), action.text()
    for action in (
        window.zoom_in_action,
        window.zoom_out_action,
        window.fit_action,
        window.go_to_hex_action,
        window.find_action,
        window.save_action,
        window.close_action,
        window.testplay_action,
    ):
        assert not action.isEnabled(), action.text()
    assert not window.layers_menu.isEnabled()
    assert window.docks["hex_info"].text() == "No scenario open."
    assert problems.model.visible_problems() == []
    assert window.docks["oob_tree"].tree.model().rowCount() == 0
    for name, dock in window.docks.items():
        for view in dock.findChildren(QAbstractItemView):
            static = view.objectName() == "parameter-groups"  # the parameter groups' index
            in_popup = view.window() is not window  # a combo box's list of choices
            if view.model() is not None and not static and not in_popup:
                assert view.model().rowCount() == 0, f"{name}: {view!r}"
    for name in ("scenario", "unit", "supply"):
        for edit in window.docks[name].findChildren(QLineEdit):
            assert edit.text() in ("", "—"), f"{name}: {edit.text()}"

    window.open_path(ardennes)
    assert window.document is not None
    assert all(action.isEnabled() for action in window.tools.actions.values())
    assert window.go_to_hex_action.isEnabled()

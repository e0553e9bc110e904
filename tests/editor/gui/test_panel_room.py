"""Panels that are usable at the size they get on a 1280x720 laptop: the Problems messages read
whole, the Parameter Data grid shows a useful part of itself, and File > Open starts where the
title's scenarios are and opens a title folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from editor.docks.parameters_dock import ParametersDock
from editor.docks.problems_dock import ProblemsDock
from editor.docks.problems_model import Column
from editor.live_checks import check_document_files
from editor.main_window import MainWindow
from tests.editor.gui.windows import opened_window

LAPTOP = QSize(1280, 720)


@pytest.fixture
def window(qtbot, ardennes: Path) -> MainWindow:
    """The window as it first opens on a laptop: the default layout at 1280x720."""
    win = opened_window(qtbot, ardennes, show=False)
    win.show()
    win.resize(LAPTOP)
    win.reset_layout_action.trigger()
    QApplication.processEvents()
    return win


def test_problem_messages_read_whole_in_the_laptops_problems_panel(window: MainWindow) -> None:
    dock = window.docks["problems"]
    assert isinstance(dock, ProblemsDock)
    dock.raise_()
    problems = check_document_files(window.document.bundle())
    dock.checker.checked.emit(problems)
    QApplication.processEvents()
    tree = dock.tree
    metrics = tree.fontMetrics()
    several_lines = 0
    for problem in dock.model.visible_problems():
        cell = tree.visualRect(dock.model.index_of(problem).siblingAtColumn(Column.MESSAGE))
        room = QRect(0, 0, cell.width() - 8, 10_000)  # the cell's text margins
        needed = metrics.boundingRect(room, Qt.TextFlag.TextWordWrap, problem.message)
        assert needed.height() <= cell.height(), (problem.message, cell)
        several_lines += needed.height() > metrics.lineSpacing()
    assert several_lines > 0, "the sample's messages are longer than their column is wide"


def test_the_problems_message_column_keeps_most_of_a_narrow_panel(
    qtbot, window: MainWindow
) -> None:
    dock = window.docks["problems"]
    assert isinstance(dock, ProblemsDock)
    dock.raise_()
    # The title's problems listed, as the designer reads them (they come from the live check,
    # which starts once the map has painted).
    qtbot.waitUntil(lambda: bool(dock.model.problems()), timeout=30_000)
    QApplication.processEvents()
    tree = dock.tree
    assert tree.columnWidth(Column.MESSAGE) >= tree.viewport().width() * 0.4


def test_the_parameter_grid_shows_a_useful_part_in_the_laptops_bottom_panel(
    window: MainWindow,
) -> None:
    dock = window.docks["parameters"]
    assert isinstance(dock, ParametersDock)
    dock.raise_()
    dock.show_group("movement.terrain")
    QApplication.processEvents()
    view = dock.current_page().view
    rows = view.viewport().height() // view.rowHeight(0)
    assert rows >= 6, f"only {rows} rows of the terrain grid show"
    assert view.viewport().width() >= 5 * view.columnWidth(0)


def test_open_starts_in_the_titles_scenarios_and_filters_scenarios(
    window: MainWindow, ardennes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: asked.append(a) or ("", ""))
    window.open_action.trigger()
    _parent, _caption, folder, filters = asked[0]
    assert Path(folder) == ardennes.parent
    assert ardennes.parent.name == "scenarios"
    assert "*.scenario.yaml" in filters


def test_with_nothing_open_open_starts_where_the_last_scenario_was(
    window: MainWindow, ardennes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.close_action.trigger()
    assert window.document is None
    asked = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: asked.append(a) or ("", ""))
    window.open_action.trigger()
    assert Path(asked[0][2]) == ardennes.parent


def test_open_title_folder_opens_its_first_scenario(
    window: MainWindow, ardennes: Path, stoumont: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = []
    title = stoumont.parent.parent
    monkeypatch.setattr(
        QFileDialog, "getExistingDirectory", lambda *a: asked.append(a) or str(title)
    )
    assert window.open_title_action in window.menuBar().actions()[0].menu().actions()
    window.open_title_action.trigger()
    # It starts among the titles beside the open one.
    assert Path(asked[0][2]) == ardennes.parent.parent.parent
    assert window.document.scenario_path.name == "cheneux-and-the-sanatorium.scenario.yaml"
    assert window.document.title_folder == title


def test_a_narrow_problems_panel_gives_the_files_room_to_the_message(
    window: MainWindow, qtbot
) -> None:
    dock = window.docks["problems"]
    dock.raise_()
    tree = dock.tree
    dock.setFloating(True)
    dock.resize(480, 300)
    # A floating panel's new size reaches its list in an event of its own, later on a loaded
    # machine.
    qtbot.waitUntil(lambda: tree.viewport().width() < 480, timeout=5000)
    assert tree.isColumnHidden(Column.FILE)
    problems = check_document_files(window.document.bundle())
    dock.checker.checked.emit(problems)
    placed = next(p for p in dock.model.visible_problems() if p.file and p.hex)
    index = dock.model.index_of(placed).siblingAtColumn(Column.WHERE)
    tip = index.data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith(f"File: {Path(placed.file).name}:{placed.line}\n"), tip
    dock.resize(1000, 300)
    qtbot.waitUntil(lambda: tree.viewport().width() > 600, timeout=5000)
    assert not tree.isColumnHidden(Column.FILE)

"""The History dock: the undo steps of the open scenario; clicking one goes back to it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.commands import SetValue
from editor.docks.history_dock import HistoryDock
from editor.document import Document
from editor.selection import Selection
from schemas.io import FileKind


@pytest.fixture
def dock(qtbot, selection: Selection, document: Document) -> HistoryDock:
    """The dock over The Road to Bastogne."""
    dock = HistoryDock(selection)
    qtbot.addWidget(dock)
    dock.resize(320, 300)
    dock.show()
    dock.set_document(document)
    return dock


def _rows(dock: HistoryDock) -> list[str]:
    model = dock.view.model()
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def _two_edits(document: Document) -> tuple[int, str]:
    turns = document.scenario.header.turns + 2
    document.push(
        SetValue(document, FileKind.SCENARIO, ("header", "turns"), turns, "Set Scenario Turns")
    )
    document.push(
        SetValue(document, FileKind.SCENARIO, ("header", "title"), "Bastogne", "Set Title")
    )
    return turns, "Bastogne"


def _click_row(qtbot, dock: HistoryDock, row: int) -> None:
    rect = dock.view.visualRect(dock.view.model().index(row, 0))
    qtbot.mouseClick(dock.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_the_edits_are_listed_after_the_opened_state(dock: HistoryDock, document: Document) -> None:
    assert _rows(dock) == ["<opened road_to_bastogne.scenario.yaml>"]
    _two_edits(document)
    assert _rows(dock) == [
        "<opened road_to_bastogne.scenario.yaml>",
        "Set Scenario Turns",
        "Set Title",
    ]


def test_clicking_the_first_edit_undoes_the_second(
    qtbot, dock: HistoryDock, document: Document
) -> None:
    title = document.scenario.header.title
    turns, _ = _two_edits(document)
    _click_row(qtbot, dock, 1)
    assert document.undo_stack.index() == 1
    assert document.scenario.header.turns == turns
    assert document.scenario.header.title == title
    _click_row(qtbot, dock, 0)
    assert not document.is_dirty
    _click_row(qtbot, dock, 2)
    assert document.scenario.header.title == "Bastogne"


def test_the_saved_step_is_marked_and_saving_there_keeps_it(
    qtbot, dock: HistoryDock, document: Document
) -> None:
    model = dock.view.model()

    def marked() -> list[int]:
        return [
            row
            for row in range(model.rowCount())
            if model.index(row, 0).data(Qt.ItemDataRole.DecorationRole) is not None
        ]

    assert marked() == [0]
    turns, _ = _two_edits(document)
    _click_row(qtbot, dock, 1)
    document.save()
    assert marked() == [1]
    reopened = Document.open(Path(document.scenario_path))
    assert reopened.scenario.header.turns == turns
    assert reopened.scenario.header.title == "The Road to Bastogne"


def test_no_document_no_history(dock: HistoryDock) -> None:
    dock.set_document(None)
    assert dock.view.model().rowCount() <= 1
    assert not dock.view.isEnabled()

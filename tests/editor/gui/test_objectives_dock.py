"""The Objectives dock: a designer adds objectives at the selected hex, edits them in place,
changes their kind, sorts, deletes, undoes, saves, and finds the row a Problem points at."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit

from editor.docks.objectives_dock import ObjectivesDock
from editor.document import Document
from editor.selection import Focus, Selection
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import LimitedObjective, SurrenderObjective

NAME, KIND, HEX, POINTS, OWNER, FIRST, LAST, NATION, ID = range(9)


@pytest.fixture
def dock(qtbot, document: Document, selection: Selection) -> ObjectivesDock:
    widget = ObjectivesDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.resize(900, 420)
    widget.show()
    return widget


def test_the_model_passes_the_tester_with_and_without_rows(qtmodeltester, dock) -> None:
    qtmodeltester.check(dock.model)
    dock.set_document(None)
    assert dock.model.rowCount() == 0
    assert not dock.view.add_button.isEnabled()
    qtmodeltester.check(dock.model)


def test_add_edit_sort_delete_undo_save_and_reopen(
    qtbot, dock: ObjectivesDock, document: Document, selection: Selection
) -> None:
    count = len(document.scenario.objectives)
    selection.select_hex((30, 30))
    qtbot.mouseClick(dock.view.add_button, Qt.MouseButton.LeftButton)
    assert dock.model.rowCount() == count + 1
    added = document.scenario.objectives[-1]
    assert (added.id, added.hex, added.kind) == ("objective-1", (30, 30), "normal")
    assert dock.view.current_row() == count
    name_editor = QApplication.focusWidget()
    assert isinstance(name_editor, QLineEdit)  # ready to type the name
    qtbot.keyClick(name_editor, Qt.Key.Key_Escape)

    model = dock.model
    assert model.setData(model.index(count, NAME), "Bras")
    assert model.setData(model.index(count, POINTS), "350")
    assert model.setData(model.index(count, OWNER), "axis")
    assert document.undo_stack.undoText() == "Set Objective Owner"

    dock.view.table.sortByColumn(POINTS, Qt.SortOrder.DescendingOrder)
    top = [dock.view.proxy.index(r, NAME).data() for r in range(2)]
    assert top == ["Bastogne", "Bras"]

    dock.view.select_row(count)
    qtbot.mouseClick(dock.view.delete_button, Qt.MouseButton.LeftButton)
    assert [o.id for o in document.scenario.objectives].count("objective-1") == 0
    document.undo_stack.undo()
    assert document.scenario.objectives[-1].name == "Bras"
    assert dock.model.cell_text(count, POINTS) == "350"
    document.undo_stack.undo()  # the owner again
    assert dock.model.cell_text(count, OWNER) == "Neutral"
    document.undo_stack.redo()

    document.save()
    reopened = Document.open(document.scenario_path)
    assert reopened.scenario.objectives == document.scenario.objectives
    assert reopened.scenario.objectives[-1].owner == "axis"


def test_changing_the_kind_converts_the_objective(qtbot, dock: ObjectivesDock, document) -> None:
    view, model = dock.view, dock.model
    assert not model.flags(model.index(1, FIRST)) & Qt.ItemFlag.ItemIsEditable
    assert model.data(model.index(1, LAST), Qt.ItemDataRole.BackgroundRole) is not None
    view.select_row(1, KIND)
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_F2)
    combo = view.table.viewport().findChild(QComboBox)
    assert combo is not None
    combo.setCurrentIndex(combo.findData("limited"))
    combo.activated.emit(combo.currentIndex())

    converted = document.scenario.objectives[1]
    assert isinstance(converted, LimitedObjective)
    assert (converted.id, converted.hex, converted.points) == ("noville", (18, 52), 200)
    assert (converted.first_turn, converted.last_turn) == (1, document.scenario.header.turns)
    assert document.undo_stack.undoText() == "Set Objective Kind"
    assert model.flags(model.index(1, LAST)) & Qt.ItemFlag.ItemIsEditable
    assert model.setData(model.index(1, LAST), "12")
    assert document.scenario.objectives[1].last_turn == 12

    assert model.setData(model.index(1, KIND), "surrender")
    surrender = document.scenario.objectives[1]
    assert isinstance(surrender, SurrenderObjective)
    assert surrender.nation == "us"  # the owner's nation
    assert model.cell_text(1, NATION) == "United States"
    assert model.cell_text(1, LAST) == ""
    document.undo_stack.undo()
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.scenario.objectives[1].kind == "normal"
    assert not document.is_dirty


def test_bad_values_are_refused_with_a_message(dock: ObjectivesDock, document) -> None:
    model = dock.model
    assert not model.setData(model.index(0, POINTS), "-10")
    assert dock.view.message.isVisibleTo(dock.view)
    assert "greater than or equal to 0" in dock.view.message.text()
    assert not model.setData(model.index(0, POINTS), "many")
    assert "not a whole number" in dock.view.message.text()
    assert not model.setData(model.index(0, FIRST), "3")  # a normal objective has no turns
    assert document.undo_stack.count() == 0
    assert model.setData(model.index(0, POINTS), "2500")
    assert not dock.view.message.isVisibleTo(dock.view)


def test_focus_requests_select_the_row(dock: ObjectivesDock, selection: Selection) -> None:
    selection.request_focus(Focus(kind=FileKind.SCENARIO, path=("objectives", 3, "hex", 0)))
    assert dock.view.current_row() == 3
    assert dock.view.table.currentIndex().column() == HEX
    selection.request_focus(Focus(object_id="wiltz"))
    assert dock.view.current_row() == 5
    assert not dock.show_focus(Focus(kind=FileKind.SCENARIO, path=("reinforcements", 0)))
    assert not dock.show_focus(Focus(hex=(3, 3)))


def test_jump_to_hex_asks_the_map(qtbot, dock: ObjectivesDock, selection: Selection) -> None:
    dock.view.select_row(6)
    with qtbot.waitSignal(selection.focus_requested) as focus:
        qtbot.mouseClick(dock.view.jump_button, Qt.MouseButton.LeftButton)
    assert focus.args[0].hex == (7, 62)
    assert selection.hex == (7, 62)

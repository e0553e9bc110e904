"""The Air dock: air units chosen from the OOB and scheduled availability changes, edited in
place, undone, saved and found again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QSpinBox

from editor.docks.air_dock import AirDock
from editor.document import Document
from editor.selection import Focus, Selection
from schemas.io import FileKind

UNIT, UNIT_SIDE, ROLE, AIRCRAFT, UNIT_ID = range(5)
CHANGE_ID, TURN, TIME, SIDE, AVAILABILITY, UNITS = range(6)


@pytest.fixture
def dock(qtbot, document: Document, selection: Selection) -> AirDock:
    widget = AirDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.resize(760, 480)
    widget.show()
    return widget


def test_the_models_pass_the_tester_even_empty(qtmodeltester, dock: AirDock) -> None:
    assert dock.changes.rowCount() == 0
    qtmodeltester.check(dock.units)
    qtmodeltester.check(dock.changes)


def test_air_units_show_what_the_oob_says(dock: AirDock) -> None:
    model = dock.units
    assert [model.cell_text(0, c) for c in range(5)] == [
        "362nd Fighter Group",
        "Allied",
        "Combat",
        "16",
        "us.9af.362fg",
    ]
    assert not model.flags(model.index(0, AIRCRAFT)) & Qt.ItemFlag.ItemIsEditable
    assert not dock.units_view.jump_button.isVisible()  # air units have no hex


def test_add_air_units_from_the_oob(qtbot, dock: AirDock, document: Document) -> None:
    view = dock.units_view
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    picker = view.picker
    assert picker is not None
    assert picker.visible_ids() == ["us.9af.365fg", "us.9af.366fg", "us.9af.362fg", "de.lw.sg4"]
    picker.set_chosen(["us.9af.365fg", "us.9af.362fg"])  # one is listed already
    picker.accept()
    assert document.scenario.air.units == ["us.9af.362fg", "de.lw.sg4", "us.9af.365fg"]
    assert document.undo_stack.undoText() == "Add Air Unit"
    replace = view.open_picker(2, UNIT)
    assert replace is not None
    replace.set_chosen(["us.9af.366fg"])
    replace.accept()
    assert dock.units.cell_text(2, UNIT) == "366th Fighter Group"
    view.select_row(0)
    qtbot.mouseClick(view.delete_button, Qt.MouseButton.LeftButton)
    assert document.scenario.air.units == ["de.lw.sg4", "us.9af.366fg"]
    for _ in range(3):
        document.undo_stack.undo()
    assert document.scenario.air.units == ["us.9af.362fg", "de.lw.sg4"]


def test_availability_changes_from_add_to_save(qtbot, dock: AirDock, document) -> None:
    view, model = dock.changes_view, dock.changes
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    change = document.scenario.air.changes[0]
    assert (change.id, change.turn, change.side, change.availability) == (
        "air-change-1",
        2,
        "allied",
        50,
    )
    assert model.cell_text(0, TIME) == "18 Dec 1944 08:00"
    assert model.cell_text(0, UNITS) == "All of the side's"
    assert model.data(model.index(0, UNITS), Qt.ItemDataRole.FontRole).italic()

    view.select_row(0, AVAILABILITY)
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_F2)
    spin = view.table.viewport().findChild(QSpinBox)
    assert spin is not None
    assert (spin.minimum(), spin.maximum()) == (0, 100)
    spin.setValue(20)
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: document.scenario.air.changes[0].availability == 20)
    assert not model.setData(model.index(0, AVAILABILITY), "120")
    assert "less than or equal to 100" in view.message.text()

    picker = view.open_picker(0, UNITS)
    assert picker is not None
    picker.set_chosen(["us.9af.362fg"])
    picker.accept()
    assert model.cell_text(0, UNITS) == "362nd Fighter Group"
    assert model.setData(model.index(0, TURN), "20")

    document.save()
    reopened = Document.open(document.scenario_path)
    assert reopened.scenario.air == document.scenario.air
    assert reopened.scenario.air.changes[0].units == ["us.9af.362fg"]
    assert reopened.scenario.air.changes[0].turn == 20


def test_focus_requests_select_rows(dock: AirDock, selection: Selection) -> None:
    selection.request_focus(Focus(kind=FileKind.SCENARIO, path=("air", "units", 1)))
    assert dock.units_view.current_row() == 1
    assert not dock.show_focus(Focus(kind=FileKind.SCENARIO, path=("air", "changes", 0)))

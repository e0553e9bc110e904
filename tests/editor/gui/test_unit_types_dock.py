"""The Unit Types panel and the Unit panel's unit type: change a type's attack and every unit of
the type follows (on the map's data, in the Unit panel, in the OOB Table), one undo step
restoring them all; overrides are marked, kept and reverted; types assigned from the Unit panel
and the OOB Table; Extract Unit Types undoable."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMenu

from editor.commands import SetValue
from editor.docks.oob_table import OobTableDock
from editor.docks.unit_form import UnitDock
from editor.docks.unit_type_marks import OVERRIDE_MARK, add_assign_menu
from editor.docks.unit_types_dock import UnitTypesDock
from editor.document import Document
from editor.selection import Selection
from editor.unit_type_edits import assign_type
from schemas.io import FileKind
from schemas.panzer_campaigns.oob_index import OobIndex


@pytest.fixture
def dock(qtbot, document: Document, selection: Selection) -> UnitTypesDock:
    widget = UnitTypesDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.ensure_built()
    widget.resize(1200, 400)
    widget.show()
    return widget


@pytest.fixture
def typed(dock: UnitTypesDock, document: Document) -> str:
    """Extract the sample OOB's types; the id of the type with the most units."""
    dock.extract_button.click()
    users = dock.model.users()
    return max(users, key=lambda type_id: len(users[type_id]))


def _row(dock: UnitTypesDock, type_id: str) -> int:
    return next(r for r, t in enumerate(dock.model.types()) if t.id == type_id)


def _units_of(document: Document, type_id: str) -> list[str]:
    return [u for u, e in document.oob_index.units.items() if e.unit.unit_type == type_id]


def test_the_model_passes_the_tester(qtmodeltester, dock, typed) -> None:
    assert dock.model.rowCount() >= 10
    qtmodeltester.check(dock.model)


def test_extracting_is_one_undo_step_and_keeps_every_value(dock, document) -> None:
    before = document.oob
    assert dock.model.rowCount() == 0
    dock.extract_button.click()
    assert dock.model.rowCount() >= 10
    assert "unit types created" in dock.message.text()
    for unit_id, entry in document.oob_index.units.items():
        old = OobIndex.from_oob(before).units[unit_id]
        assert entry.unit.model_copy(update={"unit_type": None}) == old.unit
    document.undo_stack.undo()
    assert document.oob is before
    assert dock.model.rowCount() == 0


def test_changing_a_types_attack_moves_every_unit_of_the_type_and_undo_restores(
    qtbot, dock, typed, document, selection
) -> None:
    units = _units_of(document, typed)
    assert len(units) >= 3
    # One unit overrides the attack: it keeps its own value.
    keeper = units[-1]
    unit_panel = UnitDock(selection)
    qtbot.addWidget(unit_panel)
    unit_panel.set_document(document)
    table = OobTableDock(selection)
    qtbot.addWidget(table)
    table.set_document(document)
    table.ensure_built()
    path = document.oob_index.units[keeper].path
    document.push(SetValue(document, FileKind.OOB, (*path, "hard_attack"), 77.0, "Set"))
    old = document.oob.unit_types[_row(dock, typed)].hard_attack
    new_value = old + 5
    column = dock.model.columns.index("hard_attack")
    steps = document.undo_stack.count()
    assert dock.model.setData(dock.model.index(_row(dock, typed), column), f"{new_value:g}")
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == "Set Unit Type Hard attack"
    index = document.oob_index
    followers = [u for u in units if u != keeper]
    assert {index.units[u].unit.hard_attack for u in followers} == {new_value}
    assert index.units[keeper].unit.hard_attack == 77.0
    # The OOB Table shows the new values.
    table_column = table.model.columns.index("hard_attack")
    for unit_id in followers:
        row = table.model.row_of(unit_id)
        assert table.model.value(row, table_column) == new_value
    # The Unit panel too, with the value marked as inherited.
    selection.select_units([followers[0]])
    assert unit_panel.units.editors["hard_attack"].value == new_value
    label = unit_panel.type_marks.labels["hard_attack"]
    assert not label.text().endswith(OVERRIDE_MARK)
    assert "Inherited from type" in label.toolTip()
    document.undo_stack.undo()
    index = document.oob_index
    assert {index.units[u].unit.hard_attack for u in followers} == {old}
    assert index.units[keeper].unit.hard_attack == 77.0
    assert unit_panel.units.editors["hard_attack"].value == old


def test_the_unit_panel_marks_an_override_and_reverts_it(
    qtbot, dock, typed, document, selection
) -> None:
    unit_panel = UnitDock(selection)
    qtbot.addWidget(unit_panel)
    unit_panel.set_document(document)
    unit_id = _units_of(document, typed)[0]
    selection.select_units([unit_id])
    marks = unit_panel.type_marks
    type_name = document.oob.unit_types[_row(dock, typed)].name
    assert f"Inherits from {type_name}; overrides nothing" in marks.summary.text()
    assert not marks.revert_button.isEnabled()
    # Override: type another speed in the field.
    speed = unit_panel.units.editors["speed"]
    old_speed = document.oob_index.units[unit_id].unit.speed
    assert unit_panel.units.commit("speed", old_speed + 3)
    label = marks.labels["speed"]
    assert label.text().endswith(OVERRIDE_MARK)
    assert label.font().bold()
    assert f"Overrides type {type_name}, whose value is {old_speed}" in label.toolTip()
    assert "overrides speed" in marks.summary.text()
    assert speed.value == old_speed + 3
    # Revert to the type's value: one undo step.
    steps = document.undo_stack.count()
    marks.revert("speed")
    assert document.undo_stack.count() == steps + 1
    assert document.oob_index.units[unit_id].unit.speed == old_speed
    assert not marks.labels["speed"].text().endswith(OVERRIDE_MARK)
    document.undo_stack.undo()
    assert document.oob_index.units[unit_id].unit.speed == old_speed + 3
    marks.revert_all()
    assert document.oob_index.units[unit_id].unit.speed == old_speed


def test_assigning_a_type_from_the_unit_panel_and_the_table(
    qtbot, dock, typed, document, selection
) -> None:
    unit_type = document.oob.unit_types[_row(dock, typed)]
    others = [u for u, e in document.oob_index.units.items() if e.unit.unit_type is None][:3]
    assert len(others) == 3
    unit_panel = UnitDock(selection)
    qtbot.addWidget(unit_panel)
    unit_panel.set_document(document)
    selection.select_units(others[:1])
    assert unit_panel.units.commit("unit_type", typed)
    unit = document.oob_index.units[others[0]].unit
    assert unit.unit_type == typed
    assert (unit.hard_attack, unit.unit_class, unit.speed) == (
        unit_type.hard_attack,
        unit_type.unit_class,
        unit_type.speed,
    )
    # The table: a selection of rows given the type by its column, in one paste.
    table = OobTableDock(selection)
    qtbot.addWidget(table)
    table.set_document(document)
    table.ensure_built()
    column = table.model.columns.index("unit_type")
    cells = [(table.model.row_of(u), column, typed) for u in others[1:]]
    assert table.model.apply(cells, "Paste")
    for unit_id in others[1:]:
        unit = document.oob_index.units[unit_id].unit
        assert (unit.unit_type, unit.hard_attack) == (typed, unit_type.hard_attack)
    assert not table.model.apply([(table.model.row_of(others[1]), column, "nothing")], "Paste")
    # Taking the type away keeps the values.
    assign_type(document, others[1:], None)
    unit = document.oob_index.units[others[1]].unit
    assert (unit.unit_type, unit.hard_attack) == (None, unit_type.hard_attack)


def test_a_refused_value_says_why(dock, typed, document) -> None:
    before = document.oob
    column = dock.model.columns.index("speed")
    assert not dock.model.setData(dock.model.index(_row(dock, typed), column), "-4")
    assert dock.message.text().startswith("Refused:")
    assert document.oob is before


def test_new_from_unit_and_delete(dock, document, selection) -> None:
    unit_id = next(iter(document.oob_index.units))
    selection.select_units([unit_id])
    assert dock.new_button.isEnabled()
    dock.new_button.click()
    assert dock.model.rowCount() == 1
    assert document.oob_index.units[unit_id].unit.unit_type == f"{unit_id}.type"
    assert dock.current_type() == f"{unit_id}.type"
    dock.select_button.click()
    assert selection.units == [unit_id]
    dock.delete_button.click()
    assert dock.model.rowCount() == 0
    assert document.oob_index.units[unit_id].unit.unit_type is None


def test_the_map_and_the_table_menu_follow_a_type(qtbot, window) -> None:
    """In the window: a type's class changed in the panel redraws its units' counters on the
    map; undo draws them as before. The OOB Table's menu assigns a type to its selected rows."""
    document = window.document
    dock = window.docks["unit_types"]
    dock.show()
    dock.raise_()
    dock.ensure_built()
    dock.extract_button.click()
    placed = {p.unit: tuple(p.hex) for p in document.scenario.placements}
    users = dock.model.users()
    type_id = max(
        (t for t in users if any(u in placed for u in users[t])), key=lambda t: len(users[t])
    )
    unit_id = next(u for u in users[type_id] if u in placed)
    view = window.map_view
    view.set_zoom(64)
    view.center_on(placed[unit_id])

    def picture():
        for _ in range(5):
            qtbot.wait(10)
        return view.grab().toImage()

    before = picture()
    column = dock.model.columns.index("unit_class")
    current = document.oob.unit_types[_row(dock, type_id)].unit_class.value
    other = "armor" if current != "armor" else "infantry"
    assert dock.model.setData(dock.model.index(_row(dock, type_id), column), other)
    assert document.oob_index.units[unit_id].unit.unit_class.value == other
    assert picture() != before
    document.undo_stack.undo()
    assert picture() == before
    # The table's right-click menu.
    table = window.docks["oob_table"]
    table.ensure_built()
    plain = [u for u, e in document.oob_index.units.items() if e.unit.unit_type is None][:2]
    menu = QMenu()
    submenu = add_assign_menu(menu, document, plain)
    action = next(a for a in submenu.actions() if a.text().endswith(f"({type_id})"))
    action.trigger()
    assert {document.oob_index.units[u].unit.unit_type for u in plain} == {type_id}
    assert document.undo_stack.undoText() == "Assign Unit Type to Units"


def test_dates_and_a_renamed_id_in_the_panel(dock, typed, document) -> None:
    row = _row(dock, typed)
    to = dock.model.columns.index("in_service_to")
    assert dock.model.setData(dock.model.index(row, to), "1944-12-01")
    assert document.oob.unit_types[row].in_service_to.isoformat() == "1944-12-01"
    assert dock.model.data(dock.model.index(row, to)) == "1944-12-01"
    assert dock.model.setData(dock.model.index(row, to), "")
    assert document.oob.unit_types[row].in_service_to is None
    units = _units_of(document, typed)
    column = dock.model.columns.index("id")
    assert dock.model.setData(dock.model.index(row, column), "renamed")
    assert _units_of(document, "renamed") == units
    assert document.undo_stack.undoText() == "Set Unit Type Id"
    document.undo_stack.undo()
    assert _units_of(document, typed) == units


def test_extract_unit_types_from_the_edit_menu_is_one_undo_step(window) -> None:
    document = window.document
    before = document.oob
    edit_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    action = next(a for a in edit_menu.actions() if a.text() == "Extract &Unit Types")
    assert action is window.extract_types_action
    assert action.isEnabled()
    action.trigger()
    assert len(document.oob.unit_types) >= 10
    assert document.undo_stack.undoText() == "Extract Unit Types"
    assert "unit types created" in window.statusBar().currentMessage()
    document.undo_stack.undo()
    assert document.oob is before


def test_every_column_header_is_shown_whole(dock) -> None:
    header = dock.table.horizontalHeader()
    movement = dock.model.columns.index("movement_class")
    assert header.sectionSize(movement) >= header.fontMetrics().horizontalAdvance("Movement class")
    for column in range(dock.model.columnCount()):
        assert header.sectionSize(column) >= header.sectionSizeHint(column)

"""The Parameter Data dock: grids and property tables over the parameter file, edited in place,
with changed values highlighted until undone or saved, a search box and focus requests."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QLineEdit

from editor.docks.parameter_models import CHANGED_ROLE, PropertyTableModel
from editor.docks.parameter_rows import GROUPS
from editor.docks.parameters_dock import ParametersDock, _GroupPage
from editor.document import Document
from editor.selection import Focus, Selection
from schemas.io import FileKind
from schemas.vocabulary import MovementClass

FOREST_TRACKED = ("movement", "terrain", "forest", MovementClass.TRACKED)


@pytest.fixture
def dock(qtbot, document: Document, selection: Selection) -> ParametersDock:
    widget = ParametersDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.resize(1000, 360)
    widget.show()
    return widget


def _cell(page: _GroupPage, path: tuple[object, ...]) -> QModelIndex:
    """The view's index of the value at `path`."""
    index = page.proxy.mapFromSource(page.model.index_of(path))
    assert index.isValid(), path
    return index


def _type_into(qtbot, page: _GroupPage, index: QModelIndex, text: str) -> QLineEdit:
    """Edit a cell as a designer does: open its editor, type, press Enter."""
    page.view.setCurrentIndex(index)
    page.view.edit(index)
    editor = page.view.viewport().findChild(QLineEdit)
    assert editor is not None
    qtbot.keyClicks(editor, text)
    return editor


def _commit(qtbot, page: _GroupPage, editor: QLineEdit) -> None:
    """Press Enter and wait for the editor to close (the view commits it queued)."""
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.view.viewport().findChild(QLineEdit) is None)


def test_every_model_passes_the_model_tester(dock: ParametersDock, qtmodeltester) -> None:
    for group in GROUPS:
        page = dock.page(group.key)
        assert page.model.rowCount() > 0, group.key
        qtmodeltester.check(page.model)
        qtmodeltester.check(page.proxy)


def test_the_terrain_grid_has_the_map_terrain_by_movement_class(dock: ParametersDock) -> None:
    model = dock.page("movement.terrain").model
    rows = [model.headerData(r, Qt.Orientation.Vertical) for r in range(model.rowCount())]
    columns = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert rows[:3] == ["Clear", "Forest", "Rough"]
    assert columns[:2] == ["Foot", "Ski"]
    assert "Tracked" in columns
    forest_tracked = model.index_of(FOREST_TRACKED)
    assert forest_tracked.data() == "6"
    assert "Cost to enter a hex" in forest_tracked.data(Qt.ItemDataRole.ToolTipRole)
    marsh_motorized = model.index_of(("movement", "terrain", "marsh", MovementClass.MOTORIZED))
    assert marsh_motorized.data() == "✕"  # -1: cannot enter


def test_edit_a_movement_cost_see_it_changed_undo_redo_save_reopen(
    qtbot, dock: ParametersDock, document: Document, ardennes: Path
) -> None:
    dock.show_group("movement.terrain")
    page = dock.current_page()
    index = _cell(page, FOREST_TRACKED)
    assert not index.data(CHANGED_ROLE)
    assert dock.changed_label.text() == "No changes"

    editor = _type_into(qtbot, page, index, "7")
    _commit(qtbot, page, editor)

    assert document.parameters.movement.terrain["forest"][MovementClass.TRACKED] == 7
    assert document.undo_stack.undoText() == "Set Movement Cost"
    index = _cell(page, FOREST_TRACKED)
    assert index.data() == "7"
    assert index.data(CHANGED_ROLE)
    assert index.data(Qt.ItemDataRole.FontRole).bold()
    assert index.data(Qt.ItemDataRole.BackgroundRole) is not None
    assert "saved value 6" in index.data(Qt.ItemDataRole.ToolTipRole)
    assert dock.changed_label.text() == "1 changed"
    assert dock.groups.item(0).text() == "Movement: terrain  (1)"

    document.undo_stack.undo()
    index = _cell(page, FOREST_TRACKED)
    assert index.data() == "6"
    assert not index.data(CHANGED_ROLE)
    assert index.data(Qt.ItemDataRole.BackgroundRole) is None
    assert dock.changed_label.text() == "No changes"

    document.undo_stack.redo()
    assert _cell(page, FOREST_TRACKED).data(CHANGED_ROLE)

    document.save()
    assert not _cell(page, FOREST_TRACKED).data(CHANGED_ROLE)
    assert dock.changed_label.text() == "No changes"
    reopened = Document.open(ardennes)
    assert reopened.parameters.movement.terrain["forest"][MovementClass.TRACKED] == 7
    assert reopened.parameters == document.parameters


def test_an_invalid_cost_is_refused_and_said_why(
    qtbot, dock: ParametersDock, document: Document
) -> None:
    page = dock.page("movement.terrain")
    dock.show_group("movement.terrain")
    editor = _type_into(qtbot, page, _cell(page, FOREST_TRACKED), "2.5")
    assert "integer" in editor.toolTip()  # marked while typing
    assert "background" in editor.styleSheet()
    _commit(qtbot, page, editor)
    assert document.parameters.movement.terrain["forest"][MovementClass.TRACKED] == 6
    assert document.undo_stack.count() == 0
    assert dock.status.text().startswith("Not changed:")
    assert "integer" in dock.status.text()


def test_a_missing_cost_is_added_and_cleared_again(
    qtbot, dock: ParametersDock, document: Document
) -> None:
    page = dock.page("movement.terrain")
    path = ("movement", "terrain", "clear", MovementClass.SKI)
    index = _cell(page, path)
    assert index.data() == ""
    assert page.model.setData(index, "3")
    assert document.parameters.movement.terrain["clear"][MovementClass.SKI] == 3
    assert page.model.setData(_cell(page, path), "")
    assert MovementClass.SKI not in document.parameters.movement.terrain["clear"]
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert _cell(page, path).data() == "3"


def test_per_side_values_have_allied_and_axis_columns_with_units(
    dock: ParametersDock, document: Document
) -> None:
    page = dock.page("combat")
    model = page.model
    assert isinstance(model, PropertyTableModel)
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["Parameter", "Allied", "Axis", "Unit", "Description"]
    axis = model.index_of(("combat", "indirect_modifier", "axis"))
    row = axis.row()
    assert model.index(row, 0).data() == "Indirect modifier"
    assert model.index(row, 1).data() == "100"
    assert axis.data() == "70"
    assert model.index(row, 3).data() == "%"
    assert "Defensive Fire Phase" in model.index(row, 4).data()
    assert model.setData(axis, "75")
    assert document.parameters.combat.indirect_modifier.axis == 75
    assert document.undo_stack.undoText() == "Set Indirect Modifier"
    assert not model.setData(axis, "175")  # a percentage
    assert document.parameters.combat.indirect_modifier.axis == 75


def test_search_filters_groups_and_rows(qtbot, dock: ParametersDock) -> None:
    qtbot.keyClicks(dock.search, "bridge")
    visible = {
        GROUPS[r].key for r in range(dock.groups.count()) if not dock.groups.item(r).isHidden()
    }
    assert "engineering" in visible
    assert "stacking" not in visible
    assert "movement.terrain" not in visible
    engineering = dock.page("engineering")
    labels = [engineering.proxy.index(r, 0).data() for r in range(engineering.proxy.rowCount())]
    assert "Bridge building" in labels
    assert "Mine laying" not in labels
    assert dock.current_page().group.key in visible

    dock.search.clear()
    qtbot.keyClicks(dock.search, "forest")
    terrain = dock.page("movement.terrain")
    assert terrain.proxy.rowCount() == 1
    assert terrain.proxy.headerData(0, Qt.Orientation.Vertical) == "Forest"
    dock.search.clear()
    assert terrain.proxy.rowCount() == terrain.model.rowCount()


def test_changed_only_shows_the_changed_values(dock: ParametersDock, document: Document) -> None:
    stacking = dock.page("stacking")
    stacking.model.setData(stacking.model.index_of(("stacking", "ships_per_hex")), "5")
    dock.changed_only.setChecked(True)
    assert stacking.proxy.rowCount() == 1
    assert stacking.proxy.index(0, 0).data() == "Ships per hex"
    assert dock.groups.item(GROUPS.index(stacking.group)).isHidden() is False
    assert dock.groups.item(0).isHidden()  # nothing changed in the terrain grid
    document.undo_stack.undo()
    assert stacking.proxy.rowCount() == 0


def test_focus_selects_the_group_and_value(dock: ParametersDock, selection: Selection) -> None:
    selection.request_focus(Focus(kind=FileKind.PARAMETERS, path=("combat", "stockpiling", "axis")))
    page = dock.current_page()
    assert page.group.key == "combat"
    current = page.proxy.mapToSource(page.view.currentIndex())
    assert page.model.cell_path(current.row(), current.column()) == (
        "combat",
        "stockpiling",
        "axis",
    )
    assert "Stockpiling" in dock.details.text()

    selection.request_focus(
        Focus(kind=FileKind.PARAMETERS, path=("movement", "hexsides", "stream"))
    )
    page = dock.current_page()
    assert page.group.key == "movement.hexsides"
    assert page.view.currentIndex().data(Qt.ItemDataRole.ToolTipRole).startswith("<b>Stream")
    assert not dock.show_focus(Focus(kind=FileKind.WEATHER, path=("rows", 0)))

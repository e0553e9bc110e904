"""The OOB tree dock: the model passes Qt's checks, the designer selects, searches, drags,
adds, duplicates and deletes, and every edit undoes and survives a save."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt

from editor.docks.oob_filter import OobFilterModel, StatusFilter
from editor.docks.oob_model import NODE_ID_ROLE, Column, OobModel
from editor.docks.oob_tree import OobTreeDock
from editor.document import Document
from editor.selection import Focus, Selection
from schemas.io import FileKind

ARMY = "us.1a"
CORPS = "us.8c"
DIVISION = "us.28id"
REGIMENT = "us.28id.109ir"
BATTALION = "us.28id.109ir.1bn"


@pytest.fixture
def dock(qtbot, document: Document, selection: Selection) -> OobTreeDock:
    widget = OobTreeDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.confirm = lambda question: True
    widget.resize(900, 700)
    widget.show()
    return widget


def _names(model, parent: QModelIndex = QModelIndex()) -> list[str]:  # noqa: B008
    return [model.index(r, 0, parent).data() for r in range(model.rowCount(parent))]


def _row_ids(dock: OobTreeDock, node_id: str) -> list[str]:
    """The ids of the rows beside a node in the tree as shown."""
    index = dock.proxy.mapFromSource(dock.model.index_of_id(node_id))
    parent = index.parent()
    return [
        dock.proxy.index(r, 0, parent).data(NODE_ID_ROLE)
        for r in range(dock.proxy.rowCount(parent))
    ]


def test_the_model_passes_qts_model_checks(qtmodeltester, document: Document) -> None:
    model = OobModel()
    model.set_document(document)
    qtmodeltester.check(model, force_py=True)


def test_the_filtered_model_passes_qts_model_checks(qtmodeltester, document: Document) -> None:
    model = OobModel()
    model.set_document(document)
    proxy = OobFilterModel()
    proxy.setSourceModel(model)
    proxy.set_search("109")
    qtmodeltester.check(proxy, force_py=True)


def test_the_tree_shows_sides_nations_organizations_and_units(dock: OobTreeDock) -> None:
    model = dock.model
    assert _names(model) == ["American", "German"]
    battalion = model.index_of_id(BATTALION)
    assert battalion.data() == "1/109 Inf"
    assert battalion.siblingAtColumn(Column.STRENGTH).data() == "800 men"
    assert battalion.siblingAtColumn(Column.QUALITY).data() == "C"
    assert battalion.parent().data(NODE_ID_ROLE) == REGIMENT
    assert model.index_of_id(DIVISION).siblingAtColumn(Column.CLASS).data() == "Division"
    assert not battalion.data(Qt.ItemDataRole.DecorationRole).isNull()


def test_placement_column_says_where_each_unit_stands(dock: OobTreeDock) -> None:
    document = dock.document
    assert document is not None
    placed = document.scenario.placements[0]
    column, row = placed.hex
    index = dock.model.index_of_id(placed.unit).siblingAtColumn(Column.PLACEMENT)
    assert index.data().startswith(f"On map ({column}, {row})")
    arriving = document.scenario.reinforcements[0]
    first = (
        arriving.units or list(document.oob_index.iter_units_under(arriving.organizations[0]))
    )[0]
    assert (
        dock.model.index_of_id(first)
        .siblingAtColumn(Column.PLACEMENT)
        .data()
        .startswith("Arrives ")
    )


def test_selecting_one_placed_unit_selects_it_and_centres_the_map(
    qtbot, dock: OobTreeDock, selection: Selection
) -> None:
    placement = dock.document.scenario.placements[0]
    focuses: list[Focus] = []
    selection.focus_requested.connect(focuses.append)
    with qtbot.waitSignal(selection.units_changed):
        dock.tree.setCurrentIndex(dock.proxy.mapFromSource(dock.model.index_of_id(placement.unit)))
    assert selection.units == [placement.unit]
    assert selection.hex == tuple(placement.hex)
    assert focuses[-1].hex == tuple(placement.hex)


def test_a_selection_made_on_the_map_selects_the_rows(
    dock: OobTreeDock, selection: Selection
) -> None:
    selection.select_units([BATTALION, "us.28id.109ir.2bn"])
    assert dock.selected_ids() == [BATTALION, "us.28id.109ir.2bn"]
    assert dock.tree.isExpanded(dock.proxy.mapFromSource(dock.model.index_of_id(REGIMENT)))


def test_a_focus_on_an_oob_path_reveals_the_unit(dock: OobTreeDock, selection: Selection) -> None:
    path = dock.document.oob_index.units[BATTALION].path
    selection.request_focus(Focus(kind=FileKind.OOB, path=(*path, "strength")))
    assert dock.selected_ids() == [BATTALION]


def test_search_keeps_ancestors_and_shows_what_a_matching_organization_holds(
    qtbot, dock: OobTreeDock
) -> None:
    qtbot.keyClicks(dock.search, "1/109")
    proxy = dock.proxy
    assert _names(proxy) == ["American"]
    battalion = proxy.mapFromSource(dock.model.index_of_id(BATTALION))
    assert battalion.isValid()
    assert not proxy.mapFromSource(dock.model.index_of_id("us.28id.109ir.2bn")).isValid()
    dock.search.setText("109th Infantry")
    assert len(_row_ids(dock, BATTALION)) >= 3  # all the regiment's battalions
    dock.search.setText("no such unit at all")
    assert proxy.rowCount() == 0
    assert dock.message.text() == "Nothing matches"
    dock.search.clear()
    assert _names(proxy) == ["American", "German"]


def test_the_placement_filter_shows_only_unplaced_units(dock: OobTreeDock) -> None:
    document = dock.document
    placed = document.scenario.placements[0].unit
    dock.status_filter.setCurrentText(StatusFilter.UNPLACED.value)
    assert not dock.proxy.mapFromSource(dock.model.index_of_id(placed)).isValid()
    index = document.oob_index
    unplaced = [u for u in index.units if dock.model.status_of(u).placed.value == "unplaced"]
    assert unplaced, "the sample leaves some units unused"
    assert dock.proxy.mapFromSource(dock.model.index_of_id(unplaced[0])).isValid()
    # Removing the placement (an undoable edit elsewhere) shows the unit at once.
    from editor.commands import RemoveItems

    document.push(RemoveItems(document, FileKind.SCENARIO, ("placements",), [0], "Remove Unit"))
    assert dock.proxy.mapFromSource(dock.model.index_of_id(placed)).isValid()


def test_drag_and_drop_reparents_a_battalion_and_undo_puts_it_back(dock: OobTreeDock) -> None:
    document = dock.document
    model = dock.model
    target = model.index_of_id("us.28id.110ir")
    data = model.mimeData([model.index_of_id(BATTALION)])
    assert model.canDropMimeData(data, Qt.DropAction.MoveAction, 0, 0, target)
    dock.tree.expand(dock.proxy.mapFromSource(model.index_of_id(REGIMENT)))
    assert model.dropMimeData(data, Qt.DropAction.MoveAction, 0, 0, target)
    assert document.oob_index.units[BATTALION].parent == "us.28id.110ir"
    assert _row_ids(dock, BATTALION)[0] == BATTALION
    assert document.undo_stack.undoText() == "Move Unit"
    document.undo_stack.undo()
    assert document.oob_index.units[BATTALION].parent == REGIMENT
    # The tree stayed expanded where the designer had opened it.
    assert dock.tree.isExpanded(dock.proxy.mapFromSource(model.index_of_id(REGIMENT)))


def test_an_organization_cannot_be_dropped_inside_itself_or_on_the_other_side(
    dock: OobTreeDock,
) -> None:
    model = dock.model
    data = model.mimeData([model.index_of_id(DIVISION)])
    inside = model.index_of_id(REGIMENT)
    assert not model.canDropMimeData(data, Qt.DropAction.MoveAction, -1, 0, inside)
    assert "inside itself" in model.refused
    german = next(o for o in dock.document.oob_index.organizations.values() if o.side == "axis")
    enemy = model.index_of_id(german.organization.id)
    assert not model.canDropMimeData(data, Qt.DropAction.MoveAction, -1, 0, enemy)
    assert "same side" in model.refused
    assert dock.document.undo_stack.count() == 0


def test_a_whole_division_moves_to_another_corps_in_one_step(dock: OobTreeDock) -> None:
    document = dock.document
    model = dock.model
    data = model.mimeData([model.index_of_id(DIVISION)])
    assert model.dropMimeData(data, Qt.DropAction.MoveAction, -1, 0, model.index_of_id(ARMY))
    assert document.oob_index.organizations[DIVISION].parent == ARMY
    assert document.oob_index.units[BATTALION].parent == REGIMENT
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.oob_index.organizations[DIVISION].parent == CORPS


def test_add_duplicate_and_delete_then_undo(qtbot, dock: OobTreeDock, selection: Selection) -> None:
    document = dock.document
    dock.select_ids([REGIMENT])
    new_unit = dock.add_unit()
    assert new_unit in document.oob_index.units
    assert document.oob_index.units[new_unit].parent == REGIMENT
    assert selection.units == [new_unit]
    dock.select_ids([REGIMENT])
    copies = dock.duplicate_selected()
    assert len(copies) == 1
    copy = document.oob_index.organizations[copies[0]]
    original_units = list(document.oob_index.iter_units_under(REGIMENT))
    copied_units = list(document.oob_index.iter_units_under(copies[0]))
    assert len(copied_units) == len(original_units)
    assert not set(copied_units) & set(original_units)
    assert copy.organization.hq in copied_units
    assert copy.organization.name.endswith("(copy)")
    for _ in range(2):
        document.undo_stack.undo()
    assert new_unit not in document.oob_index.units
    assert copies[0] not in document.oob_index.organizations


def test_deleting_a_division_removes_its_placements_in_one_undo_step(
    qtbot, dock: OobTreeDock
) -> None:
    document = dock.document
    before = document.scenario
    division_units = set(document.oob_index.iter_units_under(DIVISION))
    assert any(p.unit in division_units for p in before.placements)
    asked: list[str] = []
    dock.confirm = lambda question: asked.append(question) or True
    dock.select_ids([DIVISION])
    dock.activateWindow()
    dock.tree.setFocus()
    qtbot.keyClick(dock.tree, Qt.Key.Key_Delete)
    assert asked
    assert "units" in asked[0]
    assert DIVISION not in document.oob_index.organizations
    assert not any(p.unit in division_units for p in document.scenario.placements)
    assert not dock.model.index_of_id(DIVISION).isValid()
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.scenario == before
    assert DIVISION in document.oob_index.organizations
    assert dock.model.index_of_id(BATTALION).isValid()


def test_a_refused_large_deletion_changes_nothing(dock: OobTreeDock) -> None:
    dock.confirm = lambda question: False
    dock.select_ids([DIVISION])
    assert dock.delete_selected() == 0
    assert dock.document.undo_stack.count() == 0


def test_renaming_in_the_tree_is_saved(dock: OobTreeDock, ardennes: Path) -> None:
    document = dock.document
    index = dock.proxy.mapFromSource(dock.model.index_of_id(BATTALION))
    assert dock.proxy.setData(index, "1st Bn, 109th")
    assert dock.model.index_of_id(BATTALION).data() == "1st Bn, 109th"
    document.save()
    reopened = Document.open(ardennes)
    assert reopened.oob_index.units[BATTALION].unit.name == "1st Bn, 109th"


def test_the_tree_keeps_up_with_undo_of_edits_made_elsewhere(dock: OobTreeDock) -> None:
    from editor.commands import SetValue

    document = dock.document
    path = document.oob_index.units[BATTALION].path
    document.push(SetValue(document, FileKind.OOB, (*path, "strength"), 650, "Set Unit Strength"))
    assert dock.model.index_of_id(BATTALION).siblingAtColumn(Column.STRENGTH).data() == "650 men"
    document.undo_stack.undo()
    assert dock.model.index_of_id(BATTALION).siblingAtColumn(Column.STRENGTH).data() == "800 men"


def test_row_signals_stay_consistent_through_edits_and_undo(
    qtmodeltester, dock: OobTreeDock
) -> None:
    """The model tester stays attached and checks every insert, remove and move signal."""
    qtmodeltester.check(dock.model, force_py=True)
    document = dock.document
    model = dock.model
    dock.tree.expandAll()
    dock.select_ids([REGIMENT])
    dock.add_unit()
    dock.duplicate_selected()
    data = model.mimeData([model.index_of_id(BATTALION), model.index_of_id(DIVISION)])
    model.dropMimeData(data, Qt.DropAction.MoveAction, 0, 0, model.index_of_id(ARMY))
    assert document.oob_index.organizations[DIVISION].parent == ARMY
    dock.select_ids(["us.106id"])
    dock.delete_selected()
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    while document.undo_stack.canRedo():
        document.undo_stack.redo()
    assert "us.106id" not in document.oob_index.organizations
    assert document.oob_index.organizations[DIVISION].parent == ARMY


def test_renaming_an_organization_id_keeps_the_tree_open_and_the_selection(
    dock: OobTreeDock, selection: Selection
) -> None:
    from editor.docks.oob_edit import rename_node

    document = dock.document
    selection.select_units([BATTALION])
    rename_node(document, REGIMENT, "us.28id.109th")
    regiment = dock.proxy.mapFromSource(dock.model.index_of_id("us.28id.109th"))
    assert dock.tree.isExpanded(regiment)
    assert dock.tree.isExpanded(regiment.parent())
    assert dock.selected_ids() == [BATTALION]
    assert document.oob_index.units[BATTALION].parent == "us.28id.109th"
    document.undo_stack.undo()
    assert dock.tree.isExpanded(dock.proxy.mapFromSource(dock.model.index_of_id(REGIMENT)))


def test_closing_the_document_empties_the_tree(dock: OobTreeDock, document: Document) -> None:
    dock.set_document(None)
    assert dock.proxy.rowCount() == 0
    assert not dock.add_unit_action.isEnabled()
    dock.set_document(document)
    assert _names(dock.proxy) == ["American", "German"]
    tip = dock.model.index_of_id(BATTALION).data(Qt.ItemDataRole.ToolTipRole)
    assert "1/109 Inf" in tip
    assert "800 men" in tip


def test_an_organization_gets_a_release_and_shows_its_schedule(
    qtbot, document: Document, selection: Selection
) -> None:
    from editor.docks.schedule_dock import ScheduleDock

    dock = OobTreeDock(selection)
    schedule = ScheduleDock(selection)
    for widget in (dock, schedule):
        qtbot.addWidget(widget)
        widget.set_document(document)
    organization = "us.28id.110ir"
    dock.select_ids([organization])
    releases = len(document.scenario.releases)
    dock.add_release_action.trigger()
    added = document.scenario.releases[-1]
    assert len(document.scenario.releases) == releases + 1
    assert added.organization == organization
    assert document.undo_stack.undoText() == "Add Release"
    assert dock.show_schedule_action.isEnabled()
    dock.add_withdrawal_action.trigger()
    assert document.scenario.withdrawals[-1].organizations == [organization]
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert len(document.scenario.releases) == releases

"""The list table model and view the table docks share: rows follow the document through edits,
undo and redo; cells are edited in place, validated, sorted, filtered; hexes jump to the map."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QSpinBox

from editor.commands import InsertItems, ReplaceFile, SetValue
from editor.docks.list_table import ListSortProxy, ListTableModel
from editor.docks.list_table_view import ListTableView
from editor.docks.objectives_dock import objective_columns
from editor.docks.schedule_dock import reinforcement_columns
from editor.docks.table_columns import parse_hex
from editor.document import Document
from editor.selection import Focus, Selection
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import NormalObjective

NAME, KIND, HEX, POINTS, OWNER, FIRST, LAST, NATION, ID = range(9)


def objectives_model(document: Document | None) -> ListTableModel:
    return ListTableModel(
        document, FileKind.SCENARIO, ("objectives",), objective_columns(), noun="Objective"
    )


@pytest.fixture
def model(document: Document) -> ListTableModel:
    return objectives_model(document)


@pytest.fixture
def view(qtbot, model: ListTableModel, selection: Selection) -> ListTableView:
    def new_objective() -> list[NormalObjective]:
        hex_ = selection.hex or (37, 40)
        return [NormalObjective(id=f"new-{model.rowCount()}", hex=hex_, points=50)]

    widget = ListTableView(model, selection, new_items=new_objective, edit_column=NAME)
    qtbot.addWidget(widget)
    widget.resize(900, 400)
    widget.show()
    return widget


def test_the_models_pass_the_model_tester(qtmodeltester, document: Document) -> None:
    qtmodeltester.check(objectives_model(document))
    changes = ListTableModel(document, FileKind.SCENARIO, ("air", "changes"), [], noun="Change")
    assert changes.rowCount() == 0
    qtmodeltester.check(changes)
    qtmodeltester.check(objectives_model(None))
    reinforcements = ListTableModel(
        document,
        FileKind.SCENARIO,
        ("reinforcements",),
        reinforcement_columns(),
        noun="Reinforcement",
    )
    qtmodeltester.check(reinforcements)


def test_cells_show_hexes_enums_names_and_derived_turns(document: Document) -> None:
    model = objectives_model(document)
    assert model.rowCount() == len(document.scenario.objectives)
    assert model.cell_text(0, HEX) == "(14, 59)"
    assert model.cell_text(0, OWNER) == "Allied"
    assert model.cell_text(0, NAME) == "Bastogne"  # the place name, since the file gives none
    assert model.data(model.index(0, NAME), Qt.ItemDataRole.FontRole).italic()
    assert "Victory points" in model.headerData(POINTS, Qt.Orientation.Horizontal, 3)
    assert "Unit: VP" in model.headerData(POINTS, Qt.Orientation.Horizontal, 3)
    reinforcements = ListTableModel(
        document, FileKind.SCENARIO, ("reinforcements",), reinforcement_columns(), noun="R"
    )
    # 5fjd-guns arrives at 1944-12-18 10:00: turn 3 of a 06:00 start with 2-hour turns.
    assert reinforcements.cell_text(0, 1) == "3"
    assert reinforcements.cell_text(0, 2) == "18 Dec 1944 10:00"
    assert reinforcements.cell_text(0, 3) == "Axis"
    assert "StuG" in reinforcements.cell_text(0, 4)


def test_rows_follow_inserts_removals_undo_and_redo(qtbot, model: ListTableModel) -> None:
    document = model.document
    assert document is not None
    count = model.rowCount()
    with qtbot.waitSignal(model.rowsInserted) as inserted:
        model.insert([NormalObjective(id="spa", hex=(70, 10), points=10)])
    assert inserted.args[1:] == [count, count]
    assert model.cell_text(count, ID) == "spa"
    with qtbot.waitSignal(model.rowsRemoved) as removed:
        model.remove_rows([0, 2, 3])
    assert removed.args[1:] == [2, 3]  # the later run first, then row 0
    assert model.rowCount() == count - 2
    assert document.undo_stack.undoText() == "Delete Objectives"
    with qtbot.waitSignal(model.rowsInserted):
        document.undo_stack.undo()
    assert model.rowCount() == count + 1
    assert model.cell_text(2, ID) == "longvilly"
    document.undo_stack.redo()
    assert model.rowCount() == count - 2


def test_an_edit_below_the_list_changes_that_row_only(qtbot, model: ListTableModel) -> None:
    document = model.document
    assert document is not None
    path = ("objectives", 4, "points")
    with qtbot.waitSignal(model.dataChanged) as changed:
        document.push(SetValue(document, FileKind.SCENARIO, path, 999, "Set Objective Points"))
    top, bottom = changed.args[0], changed.args[1]
    assert (top.row(), bottom.row()) == (4, 4)
    assert model.cell_text(4, POINTS) == "999"


def test_replacing_the_file_resets_the_rows(qtbot, model: ListTableModel) -> None:
    document = model.document
    assert document is not None
    emptied = document.scenario.model_copy(update={"objectives": []})
    with qtbot.waitSignal(model.modelReset):
        document.push(ReplaceFile(document, FileKind.SCENARIO, emptied, "Import Scenario"))
    assert model.rowCount() == 0


def test_setting_cells_parses_validates_and_is_one_undo_step(model: ListTableModel) -> None:
    document = model.document
    assert document is not None
    assert model.setData(model.index(1, HEX), "12 34")
    assert document.scenario.objectives[1].hex == (12, 34)
    assert document.undo_stack.undoText() == "Set Objective Hex"
    assert model.setData(model.index(1, POINTS), " 75 ")
    assert document.scenario.objectives[1].points == 75
    assert model.setData(model.index(1, OWNER), "axis")
    assert document.scenario.objectives[1].owner == "axis"
    assert document.undo_stack.count() == 3
    document.undo_stack.undo()
    assert document.scenario.objectives[1].owner == "allied"


@pytest.mark.parametrize(
    ("column", "text", "message"),
    [
        (POINTS, "-5", "VP: Input should be greater than or equal to 0"),
        (POINTS, "lots", "VP: 'lots' is not a whole number"),
        (HEX, "twelve", "Hex: 'twelve' is not a hex"),
        (ID, "noville", "Id: 'noville' is already the id of another objective"),
        (ID, "has space", "Id: String should match pattern"),
    ],
)
def test_bad_input_is_refused_with_a_message(
    qtbot, model: ListTableModel, column: int, text: str, message: str
) -> None:
    document = model.document
    assert document is not None
    before = document.scenario
    with qtbot.waitSignal(model.edit_refused) as refused:
        assert not model.setData(model.index(0, column), text)
    assert refused.args[0].startswith(message)
    assert document.scenario is before
    assert document.undo_stack.count() == 0


def test_a_hex_off_the_map_is_accepted_for_the_problems_dock_to_flag(
    model: ListTableModel,
) -> None:
    assert model.setData(model.index(0, HEX), "500, 2")
    assert model.cell_text(0, HEX) == "(500, 2)"


def test_hexes_are_typed_with_a_comma_or_a_space() -> None:
    assert parse_hex("12, 34") == parse_hex("12 34") == parse_hex("(12,34)") == (12, 34)
    with pytest.raises(ValueError, match="not a hex"):
        parse_hex("12")


def test_an_unchanged_value_pushes_nothing(model: ListTableModel) -> None:
    assert model.setData(model.index(0, POINTS), "2000")
    assert model.setData(model.index(0, NAME), "Bastogne")  # the place name shown in grey
    assert model.document is not None
    assert model.document.undo_stack.count() == 0
    assert model.document.scenario.objectives[0].name == ""


def test_sorting_compares_numbers_as_numbers(model: ListTableModel) -> None:
    proxy = ListSortProxy()
    proxy.setSourceModel(model)
    proxy.sort(POINTS, Qt.SortOrder.AscendingOrder)
    points = [int(proxy.index(r, POINTS).data()) for r in range(proxy.rowCount())]
    assert points == sorted(points)
    assert points[-1] == 2000  # as text, "2000" would sort before "250"
    proxy.sort(HEX, Qt.SortOrder.DescendingOrder)
    assert proxy.index(0, HEX).data() == "(39, 52)"


def test_names_follow_the_oob(qtbot, document: Document) -> None:
    reinforcements = ListTableModel(
        document, FileKind.SCENARIO, ("reinforcements",), reinforcement_columns(), noun="R"
    )
    path = (*document.oob_index.organizations["us.10ad.ccb"].path, "name")
    with qtbot.waitSignal(reinforcements.dataChanged):
        document.push(SetValue(document, FileKind.OOB, path, "CCB Roberts", "Rename"))
    assert reinforcements.cell_text(1, 5) == "CCB Roberts"


def test_rows_at_the_selected_hex_are_tinted(view: ListTableView, selection: Selection) -> None:
    model = view.model
    assert model.data(model.index(1, NAME), Qt.ItemDataRole.BackgroundRole) is None
    selection.select_hex((18, 52))
    assert model.data(model.index(1, NAME), Qt.ItemDataRole.BackgroundRole) is not None
    assert model.data(model.index(0, NAME), Qt.ItemDataRole.BackgroundRole) is None


def test_add_selects_the_new_row_for_typing(qtbot, view: ListTableView, selection) -> None:
    selection.select_hex((5, 6))
    count = view.model.rowCount()
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    assert view.model.rowCount() == count + 1
    assert view.current_row() == count
    assert view.model.item(count).hex == (5, 6)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    qtbot.keyClicks(editor, "Spa")
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # the delegate commits on the next event loop
    qtbot.waitUntil(lambda: view.model.item(count).name == "Spa")
    assert view.model.document is not None
    assert view.model.document.undo_stack.undoText() == "Set Objective Name"


def test_delete_removes_the_selected_rows_in_one_step(qtbot, view: ListTableView) -> None:
    document = view.model.document
    assert document is not None
    count = view.model.rowCount()
    view.select_row(2)
    view.table.selectionModel().select(
        view.proxy_index(5),
        view.table.selectionModel().SelectionFlag.Select
        | view.table.selectionModel().SelectionFlag.Rows,
    )
    assert view.selected_rows() == [2, 5]
    qtbot.mouseClick(view.delete_button, Qt.MouseButton.LeftButton)
    assert view.model.rowCount() == count - 2
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert [o.id for o in document.scenario.objectives][2] == "longvilly"


def test_the_delete_and_insert_keys(qtbot, view: ListTableView) -> None:
    count = view.model.rowCount()
    view.select_row(0)
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_Delete)
    assert view.model.rowCount() == count - 1
    qtbot.keyClick(view.table, Qt.Key.Key_Insert)
    assert view.model.rowCount() == count
    assert view.model.document is not None
    assert view.model.document.undo_stack.undoText() == "Add Objective"


def _edit(qtbot, view: ListTableView, row: int, column: int) -> None:
    index = view.proxy_index(row, column)
    view.table.setCurrentIndex(index)
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_F2)


def test_the_delegates_edit_numbers_choices_and_hexes(qtbot, view: ListTableView) -> None:
    document = view.model.document
    assert document is not None
    _edit(qtbot, view, 3, POINTS)
    spin = view.table.viewport().findChild(QSpinBox)
    assert spin is not None
    assert spin.minimum() == 0  # a negative number cannot even be typed
    spin.setValue(420)
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: document.scenario.objectives[3].points == 420)

    _edit(qtbot, view, 3, OWNER)
    combo = view.table.viewport().findChild(QComboBox)
    assert combo is not None
    assert [combo.itemText(i) for i in range(combo.count())] == ["Neutral", "Allied", "Axis"]
    combo.setCurrentIndex(0)
    combo.activated.emit(0)
    assert document.scenario.objectives[3].owner is None

    _edit(qtbot, view, 3, HEX)
    line = QApplication.focusWidget()
    assert isinstance(line, QLineEdit)
    assert line.text() == "16, 59"
    line.setText("20 21")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: document.scenario.objectives[3].hex == (20, 21))


def test_refused_typing_shows_a_message_under_the_table(qtbot, view: ListTableView) -> None:
    _edit(qtbot, view, 0, HEX)
    line = QApplication.focusWidget()
    assert isinstance(line, QLineEdit)
    line.setText("north of town")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    qtbot.waitUntil(view.message.isVisible)
    assert "not a hex" in view.message.text()


def test_jump_to_hex_and_double_click_ask_the_map(
    qtbot, view: ListTableView, selection: Selection
) -> None:
    view.select_row(1)
    with qtbot.waitSignal(selection.focus_requested) as focus:
        qtbot.mouseClick(view.jump_button, Qt.MouseButton.LeftButton)
    assert focus.args[0] == Focus(hex=(18, 52))
    assert selection.hex == (18, 52)
    rect = view.table.visualRect(view.proxy_index(4, HEX))
    with qtbot.waitSignal(selection.focus_requested) as focus:
        # A real double click starts with a click; QTest's double click alone does not.
        qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.mouseDClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert focus.args[0].hex == (16, 61)
    assert view.table.viewport().findChild(QLineEdit) is None  # no editor opened


def test_clicking_a_header_sorts_and_the_filter_hides_rows(qtbot, view: ListTableView) -> None:
    header = view.table.horizontalHeader()
    qtbot.mouseClick(
        header.viewport(),
        Qt.MouseButton.LeftButton,
        pos=QPoint(header.sectionViewportPosition(POINTS) + 5, 5),
    )
    shown = [int(view.proxy.index(r, POINTS).data()) for r in range(view.proxy.rowCount())]
    assert shown in (sorted(shown), sorted(shown, reverse=True))
    assert shown != [o.points for o in view.model.items()]
    view.filter_edit.setText("road to")
    assert view.proxy.rowCount() == 2
    assert view.select_row(0)  # hidden by the filter: the filter is cleared to show it
    assert view.filter_edit.text() == ""


def test_an_id_cell_is_edited_in_a_picker(qtbot, document: Document, selection) -> None:
    model = ListTableModel(
        document, FileKind.SCENARIO, ("reinforcements",), reinforcement_columns(), noun="R"
    )
    view = ListTableView(model, selection)
    qtbot.addWidget(view)
    view.show()
    dialog = view.open_picker(1, 5)
    assert dialog is not None
    assert dialog.chosen() == ["us.10ad.ccb"]
    dialog.filter_edit.setText("4th armored")
    assert "us.4ad.cca" in dialog.visible_ids()
    assert "us.10ad.ccb" not in dialog.visible_ids()
    dialog.set_chosen(["us.10ad.ccb", "us.4ad.cca"])
    dialog.accept()
    assert document.scenario.reinforcements[1].organizations == ["us.10ad.ccb", "us.4ad.cca"]
    assert "Combat Command A" in model.cell_text(1, 5)
    assert document.undo_stack.undoText() == "Set R Organizations"


def test_an_unknown_id_is_marked(document: Document) -> None:
    model = ListTableModel(
        document, FileKind.SCENARIO, ("reinforcements",), reinforcement_columns(), noun="R"
    )
    assert model.setData(model.index(0, 4), "de.5fjd.1art ghost.unit")
    assert model.cell_text(0, 4).endswith("? ghost.unit")
    assert model.data(model.index(0, 4), Qt.ItemDataRole.ForegroundRole) is not None
    assert not model.data(QModelIndex(), Qt.ItemDataRole.DisplayRole)


def test_the_document_can_be_swapped(qtbot, document: Document, ardennes) -> None:
    model = objectives_model(None)
    assert model.rowCount() == 0
    with qtbot.waitSignal(model.modelReset):
        model.set_document(document)
    assert model.rowCount() == 13
    other = Document.open(ardennes.with_name("into_the_ardennes.scenario.yaml"))
    model.set_document(other)
    assert model.rowCount() == len(other.scenario.objectives)
    document.push(
        InsertItems(
            document,
            FileKind.SCENARIO,
            ("objectives",),
            index=0,
            items=[NormalObjective(id="x", hex=(1, 1), points=1)],
            text="Add Objective",
        )
    )
    assert model.rowCount() == len(other.scenario.objectives)  # the old one is not heard

"""The Supply dock: global supply per side, sources placed at the selected hex and variations
with their switches, all edited in place, undone, saved and found again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from editor.docks.supply_dock import SupplyDock
from editor.document import Document
from editor.selection import Focus, Selection
from schemas.io import FileKind
from schemas.vocabulary import Side

SOURCE_ID, SOURCE_SIDE, SOURCE_HEX, SOURCE_VALUE = range(4)
VARIATION_ID, VARIATION_SIDE, VALUE, CHANCE, ONE_TIME, GLOBAL, RAIL = range(7)


@pytest.fixture
def dock(qtbot, document: Document, selection: Selection) -> SupplyDock:
    widget = SupplyDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.resize(760, 560)
    widget.show()
    return widget


def test_the_models_pass_the_tester(qtmodeltester, dock: SupplyDock) -> None:
    qtmodeltester.check(dock.sources)
    qtmodeltester.check(dock.variations)
    dock.set_document(None)
    assert not dock.global_supply[Side.ALLIED].isEnabled()
    qtmodeltester.check(dock.sources)


def test_global_supply_spins_into_one_undo_step(qtbot, dock: SupplyDock, document) -> None:
    allied = dock.global_supply[Side.ALLIED]
    assert (allied.value(), dock.global_supply[Side.AXIS].value()) == (75, 55)
    allied.stepUp()
    allied.stepUp()
    allied.stepUp()
    assert document.scenario.header.global_supply.allied == 78
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == "Set Global Supply"
    document.undo_stack.undo()
    assert allied.value() == 75
    assert not document.is_dirty


def test_add_a_source_at_the_selected_hex(
    qtbot, dock: SupplyDock, document: Document, selection: Selection
) -> None:
    selection.select_hex((0, 20))
    view = dock.sources_view
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    source = document.scenario.supply.sources[-1]
    assert (source.id, source.hex, source.side, source.value) == ("source-1", (0, 20), "allied", 75)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)  # the id, ready to be typed
    editor.setText("allied-bouillon")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: document.scenario.supply.sources[-1].id == "allied-bouillon")
    model = dock.sources
    assert model.setData(model.index(5, SOURCE_SIDE), "axis")
    assert model.data(model.index(5, SOURCE_SIDE), Qt.ItemDataRole.DecorationRole) is not None
    assert not model.setData(model.index(5, SOURCE_VALUE), "-1")
    assert "greater than or equal to 0" in view.message.text()
    assert not model.setData(model.index(5, SOURCE_ID), "allied-arlon")
    assert "already the id" in view.message.text()
    with qtbot.waitSignal(selection.focus_requested) as focus:
        view.jump_to_hex()
    assert focus.args[0].hex == (0, 20)


def test_variation_switches_toggle_in_their_cells(qtbot, dock: SupplyDock, document) -> None:
    view, model = dock.variations_view, dock.variations
    rect = view.table.visualRect(view.proxy_index(3, GLOBAL))
    qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert document.scenario.supply.variations[3].is_global
    assert model.data(model.index(3, GLOBAL), Qt.ItemDataRole.CheckStateRole) == (
        Qt.CheckState.Checked
    )
    assert model.setData(
        model.index(3, RAIL), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole
    )
    assert document.scenario.supply.variations[3].rail_capacity
    assert model.setData(model.index(3, VALUE), "-4000")  # a rail capacity in men-equivalents
    assert document.undo_stack.count() == 3
    document.undo_stack.undo()
    assert model.cell_text(3, VALUE) == "-5"


def test_add_delete_undo_save_and_reopen(qtbot, dock: SupplyDock, document: Document) -> None:
    qtbot.mouseClick(dock.variations_view.add_button, Qt.MouseButton.LeftButton)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    added = document.scenario.supply.variations[-1]
    assert (added.id, added.value, added.probability) == ("variation-1", -10, 10)
    view = dock.sources_view
    view.select_row(0)
    view.table.selectionModel().select(
        view.proxy_index(4),
        view.table.selectionModel().SelectionFlag.Select
        | view.table.selectionModel().SelectionFlag.Rows,
    )
    qtbot.mouseClick(view.delete_button, Qt.MouseButton.LeftButton)
    assert [s.id for s in document.scenario.supply.sources] == [
        "allied-neufchateau",
        "allied-arlon",
        "axis-arzfeld",
    ]
    assert document.undo_stack.undoText() == "Delete Supply Sources"
    document.undo_stack.undo()
    document.undo_stack.redo()
    dock.global_supply[Side.AXIS].setValue(60)
    document.save()
    reopened = Document.open(document.scenario_path)
    assert reopened.scenario.supply == document.scenario.supply
    assert reopened.scenario.header.global_supply.axis == 60


def test_focus_requests_select_rows_and_fields(dock: SupplyDock, selection: Selection) -> None:
    selection.request_focus(
        Focus(kind=FileKind.SCENARIO, path=("supply", "variations", 2, "value"))
    )
    assert dock.variations_view.current_row() == 2
    assert dock.variations_view.table.currentIndex().column() == VALUE
    selection.request_focus(Focus(object_id="axis-arzfeld"))
    assert dock.sources_view.current_row() == 3
    assert dock.show_focus(Focus(kind=FileKind.SCENARIO, path=("header", "global_supply", "axis")))
    assert not dock.show_focus(Focus(kind=FileKind.SCENARIO, path=("header", "turns")))

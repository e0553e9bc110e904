"""The OOB Table dock: every unit in a row, sorted and filtered, pasted into from a spreadsheet
and filled down as single undo steps, bad cells refused with pydantic's reason, and its
selection shared with the map and the tree."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QItemSelection, QItemSelectionModel, Qt

from editor.commands import RemoveItems
from editor.docks.oob_table import OobTableDock
from editor.document import Document
from editor.selection import Selection
from schemas.io import FileKind
from schemas.vocabulary import Side


@pytest.fixture
def dock(qtbot, document: Document, selection: Selection) -> OobTableDock:
    widget = OobTableDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.resize(1200, 500)
    widget.show()
    return widget


def _select(dock: OobTableDock, top: int, left: int, bottom: int, right: int) -> None:
    model = dock.model
    block = QItemSelection(model.index(top, left), model.index(bottom, right))
    dock.table.selectionModel().select(block, QItemSelectionModel.SelectionFlag.ClearAndSelect)
    dock.table.selectionModel().setCurrentIndex(
        model.index(top, left), QItemSelectionModel.SelectionFlag.NoUpdate
    )


def _column(dock: OobTableDock, name: str) -> int:
    return dock.model.columns.index(name)


def test_the_model_passes_the_tester_with_every_unit(qtmodeltester, dock, document) -> None:
    assert dock.model.rowCount() == len(document.oob_index.units) >= 20
    qtmodeltester.check(dock.model)


def test_sorting_by_strength_orders_the_rows(dock, document) -> None:
    column = _column(dock, "strength")
    dock.table.sortByColumn(column, Qt.SortOrder.DescendingOrder)
    strengths = [dock.model.value(r, column) for r in range(dock.model.rowCount())]
    assert strengths == sorted(strengths, reverse=True)
    assert strengths[0] == max(e.unit.strength for e in document.oob_index.units.values())


def test_filters_by_side_text_and_organization(dock, document) -> None:
    index = document.oob_index
    dock.side.setCurrentIndex(dock.side.findData(Side.AXIS))
    axis = [u for u, e in index.units.items() if e.side is Side.AXIS]
    assert dock.model.rows == axis
    dock.side.setCurrentIndex(0)
    org_id, _org = next(
        (i, e) for i, e in index.organizations.items() if len(list(index.iter_units_under(i))) > 2
    )
    dock.under.setCurrentIndex(dock.under.findData(org_id))
    assert set(dock.model.rows) == set(index.iter_units_under(org_id))
    dock.under.setCurrentIndex(0)
    name = index.units[dock.model.rows[3]].unit.name
    dock.search.setText(name.upper())
    assert dock.model.rows
    assert all(name.lower() in index.units[u].unit.name.lower() for u in dock.model.rows)


def test_paste_twenty_rows_from_a_spreadsheet_is_one_undo_step(dock, document) -> None:
    before = document.oob
    rows = [f"{300 + n}\tB\t{n % 9 + 1}" for n in range(20)]
    _select(dock, 0, _column(dock, "strength"), 0, _column(dock, "strength"))
    header = "strength\tquality\tspeed\n"
    assert dock.paste(header + "\n".join(rows) + "\n")
    strength, quality, speed = (_column(dock, f) for f in ("strength", "quality", "speed"))
    assert [dock.model.value(r, strength) for r in range(20)] == [300 + n for n in range(20)]
    assert {dock.model.text(r, quality) for r in range(20)} == {"B"}
    assert dock.model.value(19, speed) == 19 % 9 + 1
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.oob == before


def test_paste_without_a_header_starts_at_the_current_cell(dock, document) -> None:
    start = _column(dock, "hard_attack")
    _select(dock, 2, start, 2, start)
    assert dock.paste("4\t2\r\n6\t3\r\n")
    assert dock.model.value(3, start) == 6.0
    assert dock.model.value(3, start + 1) == 3
    assert document.undo_stack.count() == 1


def test_a_bad_cell_is_refused_with_its_reason_and_nothing_changes(dock, document) -> None:
    before = document.oob
    column = _column(dock, "strength")
    _select(dock, 0, column, 0, column)
    assert not dock.paste("250\n-5\n")
    assert document.oob == before
    assert document.undo_stack.count() == 0
    assert "greater than or equal to 0" in dock.message.text()
    unit = dock.model.rows[1]
    assert "greater than or equal to 0" in dock.model.bad[(unit, "strength")]
    tip = dock.model.data(dock.model.index(1, column), Qt.ItemDataRole.ToolTipRole)
    assert "greater than or equal" in tip
    assert not dock.paste("armour\n")
    quality = _column(dock, "unit_class")
    _select(dock, 0, quality, 0, quality)
    assert not dock.paste("tanks\n")
    assert "not one of" in dock.message.text()


def test_fill_down_copies_the_top_cell_as_one_step(dock, document) -> None:
    column = _column(dock, "quality")
    assert dock.model.setData(dock.model.index(0, column), "a")
    before = [dock.model.text(r, column) for r in range(8)]
    assert before.count("A") < 8
    _select(dock, 0, column, 7, column)
    assert dock.fill_down()
    assert [dock.model.text(r, column) for r in range(8)] == ["A"] * 8
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert [dock.model.text(r, column) for r in range(8)] == before


def test_copy_gives_tab_separated_text_with_a_header(dock) -> None:
    name, strength = _column(dock, "name"), _column(dock, "strength")
    _select(dock, 0, name, 1, strength)
    text = dock.copy(header=True)
    lines = text.splitlines()
    assert lines[0].split("\t")[0] == "name"
    assert lines[0].split("\t")[-1] == "strength"
    assert lines[1].split("\t")[0] == dock.model.value(0, name)
    assert len(lines) == 3


def test_selecting_rows_selects_the_units_and_back(dock, selection) -> None:
    _select(dock, 1, 0, 2, 3)
    assert selection.units == dock.model.rows[1:3]
    selection.select_units([dock.model.rows[5]])
    rows = {i.row() for i in dock.table.selectionModel().selectedIndexes()}
    assert rows == {5}


def test_an_edit_elsewhere_shows_at_once_and_undo_restores_it(dock, document) -> None:
    column = _column(dock, "strength")
    index = dock.model.index(0, column)
    assert dock.model.setData(index, "999")
    assert dock.model.data(index) == "999"
    document.undo_stack.undo()
    assert dock.model.data(index) != "999"


def test_units_added_or_removed_elsewhere_appear_and_go(dock, document) -> None:
    first = document.oob_index.units[dock.model.rows[0]]
    count = dock.model.rowCount()
    *parent, position = first.path
    document.push(RemoveItems(document, FileKind.OOB, tuple(parent), [position], "Remove unit"))
    assert dock.model.rowCount() == count - 1
    assert first.unit.id not in dock.model.rows
    document.undo_stack.undo()
    assert dock.model.rowCount() == count

"""The Unit Types panel edits the library's own name and description, and a bridge layer's
Bridge DS [003 9.3], each edit one undo step, saved with the title."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.main_window import MainWindow
from schemas.io import FileKind, load_file
from tests.editor.gui.tgx_title import write_title
from tests.editor.gui.windows import opened_window


@pytest.fixture
def tgx_window(qtbot, tmp_path: Path) -> MainWindow:
    win = opened_window(qtbot, write_title(tmp_path / "tgx"), show=False)
    return win


def test_the_library_name_and_description_are_edited_in_the_panel(
    tgx_window: MainWindow,
) -> None:
    document = tgx_window.document
    dock = tgx_window.rulesets.docks["tgx_unit_types"]
    record = dock.library
    assert [record.headerData(r, _vertical()) for r in range(record.rowCount())] == [
        "Library name",
        "Description",
    ]
    assert record.data(record.index(0, 0)) == document.unit_types.name
    steps = document.undo_stack.count()
    assert record.setData(record.index(0, 0), "Kursk counters")
    assert record.setData(record.index(1, 0), "From the 1943 counter sheet.")
    assert document.unit_types.name == "Kursk counters"
    assert document.unit_types.description == "From the 1943 counter sheet."
    assert document.undo_stack.count() == steps + 2
    assert not record.setData(record.index(0, 0), "")  # the file format wants a name
    assert dock.message.text().startswith("Refused")
    document.undo_stack.undo()
    assert document.unit_types.description != "From the 1943 counter sheet."
    assert document.unit_types.name == "Kursk counters"
    document.undo_stack.redo()
    document.save()
    saved = load_file(document.path(FileKind.UNIT_TYPES), FileKind.UNIT_TYPES).model
    assert (saved.name, saved.description) == ("Kursk counters", "From the 1943 counter sheet.")


def test_a_bridge_layer_s_bridge_ds_is_a_column_of_the_grid(tgx_window: MainWindow) -> None:
    document = tgx_window.document
    dock = tgx_window.rulesets.docks["tgx_unit_types"]
    grid = dock.grid
    column = [c.header for c in grid.columns].index("Bridge DS")
    traits = [c.header for c in grid.columns].index("Traits")
    assert grid.data(grid.index(0, column)) == "—"
    assert grid.setData(grid.index(0, traits), "bridge_layer")
    steps = document.undo_stack.count()
    assert grid.setData(grid.index(0, column), "6")
    assert document.unit_types.unit_types[0].bridge_defense == 6
    assert document.undo_stack.count() == steps + 1
    assert not grid.setData(grid.index(0, column), "0")
    document.undo_stack.undo()
    assert document.unit_types.unit_types[0].bridge_defense is None


def _vertical():
    from PySide6.QtCore import Qt

    return Qt.Orientation.Vertical

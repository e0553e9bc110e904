"""A designer's session across the whole window: the map, the OOB tree, the Unit panel and the
Problems list work together, and the edit survives a save and a reopen."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.commands import SetValue
from editor.document import Document
from editor.main_window import MainWindow
from schemas.io import FileKind
from tests.editor.gui.windows import opened_window

UNIT = "us.28id.110ir.1bn"
"""1/110 Infantry, alone in Clervaux at the start of "The Road to Bastogne"."""


@pytest.fixture
def window(qtbot, ardennes: Path) -> MainWindow:
    win = opened_window(qtbot, ardennes, size=(1600, 1000))
    return win


def placement_of(document: Document, unit: str) -> tuple[int, tuple[int, int]]:
    for index, placement in enumerate(document.scenario.placements):
        if placement.unit == unit:
            return index, tuple(placement.hex)
    raise AssertionError(f"{unit} is not placed")


def test_click_a_counter_edit_it_check_it_and_save(window: MainWindow, qtbot) -> None:
    document = window.document
    row, hex_ = placement_of(document, UNIT)
    view = window.map_view
    view.set_zoom(56)
    view.center_on(hex_)

    # A click on the counter selects the hex and its unit everywhere.
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.hex_pixel(hex_).toPoint())
    assert window.selection.hex == hex_
    assert window.selection.units == [UNIT]
    assert window.docks["oob_tree"].selected_ids() == [UNIT]
    assert "1/110 Inf" in window.docks["unit"].heading.text()
    assert "Clervaux" in window.docks["hex_info"].browser.toPlainText()

    # The Unit panel changes the strength; the window shows unsaved changes.
    assert window.docks["unit"].units.commit("strength", 640)
    assert document.oob_index.units[UNIT].unit.strength == 640
    assert window.isWindowModified()

    # Moving the unit off the map is listed by the Problems panel a moment later...
    problems = window.docks["problems"]
    document.push(
        SetValue(document, FileKind.SCENARIO, ("placements", row, "hex"), (300, 300), "Move Unit")
    )

    def listed() -> list:
        return [p for p in problems.model.problems() if p.is_error and p.object_id == UNIT]

    qtbot.waitUntil(lambda: bool(listed()), timeout=20_000)
    # ...and a double-click on it selects the unit and asks the views to show its field.
    found = listed()[0]
    with qtbot.waitSignal(window.selection.focus_requested) as focus:
        problems.tree.activated.emit(problems.model.index_of(found))
    assert focus.args[0].kind is FileKind.SCENARIO
    assert focus.args[0].path[:2] == ("placements", row)
    assert window.docks["oob_tree"].selected_ids() == [UNIT]

    # Undo from the window puts the unit back, and the problem goes away.
    window.undo_action.trigger()
    assert placement_of(document, UNIT)[1] == hex_
    qtbot.waitUntil(lambda: not listed(), timeout=20_000)

    window.save_action.trigger()
    assert not window.isWindowModified()
    reopened = Document.open(document.scenario_path)
    assert reopened.oob_index.units[UNIT].unit.strength == 640
    assert placement_of(reopened, UNIT)[1] == hex_

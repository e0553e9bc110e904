"""The Reinforcements dock: arrivals, withdrawals and releases scheduled by turn or by date and
time, their units chosen by name, edited in place, undone, saved and found again."""

from __future__ import annotations

from datetime import datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDateTimeEdit

from editor.docks.schedule_dock import ScheduleDock
from editor.document import Document
from editor.selection import Focus, Selection
from schemas.io import FileKind

ID, TURN, TIME, SIDE, UNITS, ORGANIZATIONS, HEX = range(7)
RELEASE_ORGANIZATION, RELEASE_CHANCE, DAILY, ON_SPOTTED = 4, 5, 6, 7


@pytest.fixture
def dock(qtbot, document: Document, selection: Selection) -> ScheduleDock:
    widget = ScheduleDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.resize(1200, 380)
    widget.show()
    return widget


def test_the_models_pass_the_tester(qtmodeltester, dock: ScheduleDock) -> None:
    for model in (dock.reinforcements, dock.withdrawals, dock.releases):
        qtmodeltester.check(model)
    dock.set_document(None)
    for model in (dock.reinforcements, dock.withdrawals, dock.releases):
        qtmodeltester.check(model)


def test_tabs_show_their_counts_and_rows_show_turn_and_time(dock: ScheduleDock) -> None:
    titles = [dock.tabs.tabText(i) for i in range(dock.tabs.count())]
    assert titles == ["Reinforcements (8)", "Withdrawals (1)", "Releases (2)"]
    model = dock.reinforcements
    assert model.cell_text(2, TURN) == "8"  # 22:00 on the 18th, after the 4-hour night turns
    assert model.cell_text(2, TIME) == "18 Dec 1944 22:00"
    assert model.cell_text(2, UNITS) == "101st AB Div HQ"
    assert model.cell_text(2, ORGANIZATIONS) == "501st Parachute Infantry Regiment"
    assert model.cell_text(0, SIDE) == "Axis"
    assert dock.releases.cell_text(0, RELEASE_ORGANIZATION) == "28th Infantry Division"


def test_add_a_reinforcement_and_choose_its_units(
    qtbot, dock: ScheduleDock, document: Document, selection: Selection
) -> None:
    selection.select_hex((40, 41))
    view = dock.reinforcements_view
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    added = document.scenario.reinforcements[-1]
    assert (added.id, added.turn, added.hex) == ("reinforcement-1", 2, (40, 41))
    assert dock.tabs.tabText(0) == "Reinforcements (9)"
    picker = view.picker  # Add goes straight on to the units
    assert picker is not None
    assert picker.isVisible()
    picker.filter_edit.setText("705")
    assert picker.visible_ids() == ["us.8c.705td"]
    picker.set_chosen(["us.8c.705td", "us.9ad.ccr.52aib"])
    picker.accept()
    assert document.scenario.reinforcements[-1].units == ["us.8c.705td", "us.9ad.ccr.52aib"]
    assert dock.reinforcements.cell_text(8, SIDE) == "Allied"
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert len(document.scenario.reinforcements) == 8
    assert dock.tabs.tabText(0) == "Reinforcements (8)"


def test_typing_a_turn_or_a_time_schedules_by_it(qtbot, dock: ScheduleDock, document) -> None:
    model = dock.reinforcements
    assert model.data(model.index(1, TURN), Qt.ItemDataRole.FontRole).italic()  # derived
    assert model.setData(model.index(1, TURN), "6")
    item = document.scenario.reinforcements[1]
    assert (item.turn, item.at) == (6, None)
    assert model.cell_text(1, TIME) == "18 Dec 1944 16:00"
    assert model.data(model.index(1, TIME), Qt.ItemDataRole.FontRole).italic()
    assert document.undo_stack.undoText() == "Set Reinforcement Turn"

    view = dock.reinforcements_view
    view.select_row(1, TIME)
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_F2)
    editor = view.table.viewport().findChild(QDateTimeEdit)
    assert editor is not None
    assert editor.dateTime().toPython() == datetime(1944, 12, 18, 16, 0)
    editor.setDateTime(datetime(1944, 12, 19, 10, 0))
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: document.scenario.reinforcements[1].at is not None)
    item = document.scenario.reinforcements[1]
    assert (item.turn, item.at) == (None, datetime(1944, 12, 19, 10, 0))
    assert model.cell_text(1, TURN) == "12"

    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.scenario.reinforcements[1].at == datetime(1944, 12, 18, 14, 0)
    assert not document.is_dirty


def test_bad_schedule_values_are_refused(dock: ScheduleDock, document: Document) -> None:
    model = dock.reinforcements
    assert not model.setData(model.index(0, TURN), "0")
    assert "greater than or equal to 1" in dock.reinforcements_view.message.text()
    assert not model.setData(model.index(0, TIME), "tomorrow")
    assert "YYYY-MM-DD HH:MM" in model.last_error
    chance = model.columnCount() - 1
    assert not model.setData(model.index(0, chance), "150")
    assert "less than or equal to 100" in model.last_error
    assert document.undo_stack.count() == 0


def test_sorting_by_turn_follows_the_derived_turns(dock: ScheduleDock) -> None:
    view = dock.reinforcements_view
    view.table.sortByColumn(TURN, Qt.SortOrder.DescendingOrder)
    turns = [int(view.proxy.index(r, TURN).data()) for r in range(view.proxy.rowCount())]
    assert turns == sorted(turns, reverse=True)
    assert turns[0] == 37


def test_releases_pick_their_organization_and_toggle_on_spotted_and_daily(
    qtbot, dock: ScheduleDock, document: Document
) -> None:
    dock.tabs.setCurrentWidget(dock.releases_view)
    view = dock.releases_view
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    assert len(document.scenario.releases) == 2  # nothing until the organization is chosen
    picker = view.picker
    assert picker is not None
    picker.set_chosen(["de.pzl.pglr902"])
    picker.accept()
    release = document.scenario.releases[-1]
    assert (release.id, release.organization, release.turn) == ("release-1", "de.pzl.pglr902", 2)
    assert view.current_row() == 2

    rect = view.table.visualRect(view.proxy_index(2, ON_SPOTTED))
    qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert document.scenario.releases[2].on_spotted
    assert document.undo_stack.undoText() == "Set Release On spotted"
    qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert not document.scenario.releases[2].on_spotted

    rect = view.table.visualRect(view.proxy_index(2, DAILY))
    qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert document.scenario.releases[2].daily
    assert document.undo_stack.undoText() == "Set Release Daily"


def test_delete_undo_save_and_reopen(qtbot, dock: ScheduleDock, document: Document) -> None:
    view = dock.withdrawals_view
    view.select_row(0)
    qtbot.mouseClick(view.delete_button, Qt.MouseButton.LeftButton)
    assert document.scenario.withdrawals == []
    assert dock.tabs.tabText(1) == "Withdrawals"
    document.undo_stack.undo()
    assert dock.withdrawals.cell_text(0, UNITS) == "VIII Corps HQ"
    assert dock.reinforcements.setData(dock.reinforcements.index(3, HEX), "8, 57")
    assert dock.releases.setData(dock.releases.index(1, RELEASE_CHANCE), "50")
    document.save()
    reopened = Document.open(document.scenario_path)
    for name in ("reinforcements", "withdrawals", "releases"):
        assert getattr(reopened.scenario, name) == getattr(document.scenario, name)
    assert reopened.scenario.reinforcements[3].hex == (8, 57)
    assert reopened.scenario.releases[1].probability == 50


def test_focus_requests_switch_to_the_right_tab(dock: ScheduleDock, selection) -> None:
    focus = Focus(kind=FileKind.SCENARIO, path=("withdrawals", 0, "units", 0))
    selection.request_focus(focus)
    assert dock.tabs.currentWidget() is dock.withdrawals_view
    assert dock.withdrawals_view.table.currentIndex().column() == UNITS
    selection.request_focus(Focus(object_id="10ad-ccb"))
    assert dock.tabs.currentWidget() is dock.reinforcements_view
    assert dock.reinforcements_view.current_row() == 1

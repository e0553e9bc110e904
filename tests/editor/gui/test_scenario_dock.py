"""The Scenario dock: a designer edits the header field by field, undoes and redoes, sees the
refused values and the cross-field warnings, saves, and jumps to a field from a problem."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QSpinBox
from pytestqt.qtbot import QtBot

from editor.commands import SetValue
from editor.docks.scenario_dock import LEVELS, ScenarioDock
from editor.docks.scenario_schedule import DayScheduleModel
from editor.document import Document
from editor.selection import Focus, Selection
from editor.widgets.fields import EnumSetEditor, FieldEditor, IntEditor, TextEditor
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import DayPhase
from schemas.vocabulary import OptionalRule

TITLE = ("header", "title")
TURNS = ("header", "turns")
VISIBILITY = ("header", "visibility")


@pytest.fixture
def dock(qtbot: QtBot, selection: Selection, document: Document) -> Iterator[ScenarioDock]:
    widget = ScenarioDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.resize(470, 800)
    widget.show()
    yield widget
    widget.set_document(None)


def spin(dock: ScenarioDock, path: tuple[str | int, ...]) -> QSpinBox:
    editor = dock.editors[path]
    assert isinstance(editor, IntEditor)
    return editor.spin


def type_number(qtbot: QtBot, box: QSpinBox, text: str) -> None:
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, text)


def shown(widget: FieldEditor | object) -> bool:
    return not widget.isHidden()  # type: ignore[attr-defined]


def test_typing_a_title_is_one_undo_step_and_undo_redo_update_the_field(
    qtbot: QtBot, dock: ScenarioDock, document: Document
) -> None:
    title = dock.editors[TITLE]
    assert isinstance(title, TextEditor)
    assert title.line.text() == "The Road to Bastogne"
    title.line.selectAll()
    qtbot.keyClicks(title.line, "Bastogne")
    assert document.scenario.header.title == "Bastogne"
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == "Set Scenario Title"
    document.undo_stack.undo()
    assert title.line.text() == "The Road to Bastogne"
    document.undo_stack.redo()
    assert title.line.text() == "Bastogne"


def test_a_new_typing_session_in_the_same_field_is_a_new_undo_step(
    qtbot: QtBot, dock: ScenarioDock, document: Document
) -> None:
    line = dock.editors[TITLE].line  # type: ignore[attr-defined]
    line.end(False)
    qtbot.keyClicks(line, " (1)")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    qtbot.keyClicks(line, "!")
    assert document.scenario.header.title == "The Road to Bastogne (1)!"
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert line.text() == "The Road to Bastogne (1)"


def test_spinning_turns_and_undo(qtbot: QtBot, dock: ScenarioDock, document: Document) -> None:
    turns = spin(dock, TURNS)
    assert turns.value() == 42
    type_number(qtbot, turns, "48")
    assert document.scenario.header.turns == 48
    assert document.undo_stack.count() == 1
    assert "48 turns" in turns.text()
    document.undo_stack.undo()
    assert turns.value() == 42
    document.undo_stack.redo()
    assert turns.value() == 48


def test_zero_turns_is_refused_with_a_message_and_never_reaches_the_document(
    qtbot: QtBot, dock: ScenarioDock, document: Document
) -> None:
    editor = dock.editors[TURNS]
    type_number(qtbot, spin(dock, TURNS), "0")
    assert shown(editor.message)
    assert editor.message.text() == "Turns must be at least 1"
    assert document.scenario.header.turns == 42
    assert document.undo_stack.count() == 0
    qtbot.keyClick(spin(dock, TURNS), Qt.Key.Key_Return)
    assert spin(dock, TURNS).text() == "42 turns"
    assert not shown(editor.message)


def test_an_empty_title_is_refused_and_the_old_one_comes_back(
    qtbot: QtBot, dock: ScenarioDock, document: Document
) -> None:
    title = dock.editors[TITLE]
    title.line.selectAll()  # type: ignore[attr-defined]
    qtbot.keyClick(title.line, Qt.Key.Key_Delete)  # type: ignore[attr-defined]
    assert title.message.text() == "Title must not be empty"
    assert document.scenario.header.title == "The Road to Bastogne"
    qtbot.keyClick(title.line, Qt.Key.Key_Return)  # type: ignore[attr-defined]
    assert title.line.text() == "The Road to Bastogne"  # type: ignore[attr-defined]
    assert not shown(title.message)


def test_visibility_outside_its_range_shows_a_warning_until_undone(
    qtbot: QtBot, dock: ScenarioDock, document: Document
) -> None:
    notice = dock.notice_for(VISIBILITY)
    assert notice is not None
    assert not shown(notice)
    type_number(qtbot, spin(dock, VISIBILITY), "6")
    assert document.scenario.header.visibility == 6
    assert shown(notice)
    assert "outside the range 1-4" in notice.text()
    type_number(qtbot, spin(dock, ("header", "visibility_max")), "7")
    assert document.scenario.header.visibility_max == 7
    assert not shown(notice)
    document.undo_stack.undo()
    assert spin(dock, ("header", "visibility_max")).value() == 4
    assert shown(notice)
    document.undo_stack.undo()
    assert spin(dock, VISIBILITY).value() == 3
    assert not shown(notice)


def test_ticking_an_optional_rule(dock: ScenarioDock, document: Document) -> None:
    box = dock.rules.boxes[OptionalRule.LOCKING_ZOC]
    assert not box.isChecked()
    box.click()
    rules = document.scenario.header.optional_rules
    assert rules[-1] is OptionalRule.LOCKING_ZOC
    assert len(rules) == 6
    document.undo_stack.undo()
    assert not box.isChecked()
    assert OptionalRule.LOCKING_ZOC not in document.scenario.header.optional_rules
    document.undo_stack.redo()
    assert box.isChecked()


def test_rules_of_another_ruleset_are_marked(qtbot: QtBot, stoumont: Path) -> None:
    dock = ScenarioDock(Selection())
    qtbot.addWidget(dock)
    dock.set_document(Document.open(stoumont))
    assert dock.editors[TITLE].line.text() == "Stoumont Station, 19 December 1944"  # type: ignore[attr-defined]
    assert "Not a Panzer Battles rule" in dock.rules.captions[OptionalRule.LOCKING_ZOC].text()
    assert "Not a" not in dock.rules.captions[OptionalRule.ARTILLERY_SETUP].text()


def test_unticking_the_last_allowed_condition_is_refused(
    dock: ScenarioDock, document: Document
) -> None:
    allowed = dock.editors[("header", "conditions_allowed")]
    assert isinstance(allowed, EnumSetEditor)
    ticked = [box for box in allowed.boxes.values() if box.isChecked()]
    for box in ticked:
        box.click()
    assert ticked[-1].isChecked()
    assert allowed.message.text() == "Allowed conditions needs at least one choice"
    assert len(document.scenario.header.conditions_allowed) == 1
    assert document.undo_stack.count() == len(ticked) - 1


def test_changing_a_day_period_in_the_table(
    qtbot: QtBot, dock: ScenarioDock, document: Document
) -> None:
    view = dock.schedule.view
    model = dock.schedule.model
    night = model.index(4, DayScheduleModel.LENGTH)
    assert night.data() == "240 min"
    view.setCurrentIndex(night)
    view.edit(night)
    editor = view.indexWidget(night)
    assert isinstance(editor, QSpinBox)
    editor.setValue(180)
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # the view commits on the next event loop turn
    qtbot.waitUntil(lambda: document.scenario.header.day_schedule[4].turn_minutes == 180)
    assert night.data() == "180 min"
    assert document.undo_stack.undoText() == "Set Period Turn Length"
    assert model.setData(model.index(1, DayScheduleModel.PHASE), "day")
    assert document.scenario.header.day_schedule[1].phase is DayPhase.DAY
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert night.data() == "240 min"
    assert model.index(1, DayScheduleModel.PHASE).data() == "Dawn"


def test_a_refused_period_value_shows_why(dock: ScenarioDock, document: Document) -> None:
    model = dock.schedule.model
    assert not model.setData(model.index(0, DayScheduleModel.LENGTH), 3)
    assert dock.schedule.message.text() == "Turn length must be at least 5"
    assert document.undo_stack.count() == 0
    assert model.setData(model.index(0, DayScheduleModel.LENGTH), 0)  # back to the default
    assert document.undo_stack.count() == 0  # it already was the default
    assert not shown(dock.schedule.message)


def test_adding_and_deleting_day_periods(dock: ScenarioDock, document: Document) -> None:
    schedule = dock.schedule
    schedule.view.selectRow(2)
    schedule.add_button.click()
    periods = document.scenario.header.day_schedule
    assert len(periods) == 6
    assert schedule.model.rowCount() == 6
    assert (periods[3].phase, periods[3].start) == (DayPhase.DUSK, 12 * 60)
    assert schedule.selected_rows() == [3]
    assert schedule.remove_button.isEnabled()
    schedule.remove_button.click()
    assert len(document.scenario.header.day_schedule) == 5
    schedule.view.selectAll()
    assert not schedule.remove_button.isEnabled()  # a day keeps at least one period
    document.undo_stack.undo()
    assert schedule.model.rowCount() == 6
    document.undo_stack.undo()
    assert schedule.model.rowCount() == 5


def test_the_schedule_model_passes_the_model_tester(
    qtmodeltester, dock: ScenarioDock, document: Document
) -> None:
    qtmodeltester.check(dock.schedule.model)
    dock.schedule.view.selectRow(0)
    dock.schedule.add_button.click()
    qtmodeltester.check(dock.schedule.model)


def test_changing_a_victory_level_redraws_the_scale_and_checks_the_order(
    qtbot: QtBot, dock: ScenarioDock, document: Document
) -> None:
    minor = spin(dock, (*LEVELS, "minor_allied"))
    notice = dock.notice_for(LEVELS)
    assert notice is not None
    type_number(qtbot, minor, "2000")
    assert document.scenario.header.victory.levels.minor_allied == 2000
    assert dock.victory_scale.levels is not None
    assert dock.victory_scale.levels.minor_allied == 2000
    assert not shown(notice)
    type_number(qtbot, minor, "5000")
    assert shown(notice)
    assert "SCN004" in notice.text()
    document.undo_stack.undo()  # both typings were one session: one step
    assert minor.value() == 1500
    assert dock.victory_scale.levels.minor_allied == 1500
    assert not shown(notice)


def test_the_end_of_the_game_follows_the_turns_and_the_schedule(
    qtbot: QtBot, dock: ScenarioDock, document: Document
) -> None:
    assert dock.ends_label.text().startswith("Fri 22 Dec 1944, 18:00")
    type_number(qtbot, spin(dock, TURNS), "43")
    # Turn 43 is the first night turn, 240 minutes long.
    assert dock.ends_label.text().startswith("Fri 22 Dec 1944, 22:00")
    assert "Turn 43" in dock.last_turn_label.text()


def test_the_title_files_are_listed_with_their_paths(dock: ScenarioDock) -> None:
    map_line = dock.file_labels[FileKind.MAP]
    assert "../ardennes44.map.yaml" in map_line.text()
    assert "75 × 80 hexes" in map_line.text()
    assert map_line.toolTip().endswith("ardennes44.map.yaml")
    assert "347 units" in dock.file_labels[FileKind.OOB].text()


def test_an_edit_made_elsewhere_shows_in_the_dock(dock: ScenarioDock, document: Document) -> None:
    document.push(SetValue(document, FileKind.SCENARIO, TURNS, 30, "Set Scenario Turns"))
    document.push(SetValue(document, FileKind.SCENARIO, TITLE, "Elsewhere", "Set Scenario Title"))
    assert spin(dock, TURNS).value() == 30
    assert dock.editors[TITLE].line.text() == "Elsewhere"  # type: ignore[attr-defined]
    document.revert()
    assert spin(dock, TURNS).value() == 42
    assert dock.editors[TITLE].line.text() == "The Road to Bastogne"  # type: ignore[attr-defined]


def test_edits_are_saved_and_reopen_the_same(
    qtbot: QtBot, dock: ScenarioDock, document: Document
) -> None:
    dock.editors[TITLE].line.selectAll()  # type: ignore[attr-defined]
    qtbot.keyClicks(dock.editors[TITLE].line, "Bastogne Held")  # type: ignore[attr-defined]
    type_number(qtbot, spin(dock, TURNS), "45")
    type_number(qtbot, spin(dock, ("header", "visibility_min")), "2")
    dock.rules.boxes[OptionalRule.SURRENDER].click()
    dock.schedule.model.setData(dock.schedule.model.index(0, DayScheduleModel.LENGTH), 60)
    type_number(qtbot, spin(dock, (*LEVELS, "major_axis")), "-5000")
    dock.editors[("header", "fog_of_war")].box.click()  # type: ignore[attr-defined]
    assert [slot.kind for slot in document.dirty_files()] == [FileKind.SCENARIO]
    document.save()
    reopened = Document.open(document.scenario_path)
    header = reopened.scenario.header
    assert header == document.scenario.header
    assert (header.title, header.turns, header.visibility_min) == ("Bastogne Held", 45, 2)
    assert header.optional_rules[-1] is OptionalRule.SURRENDER
    assert header.day_schedule[0].turn_minutes == 60
    assert header.victory.levels.major_axis == -5000
    assert header.fog_of_war is False


def test_an_unchanged_value_pushes_nothing(dock: ScenarioDock, document: Document) -> None:
    assert dock.editors[TURNS].commit(42)
    assert dock.editors[("header", "conditions")].commit("soft")
    assert document.undo_stack.count() == 0


def test_a_focus_request_raises_the_dock_and_focuses_the_field(
    qtbot: QtBot, dock: ScenarioDock, selection: Selection
) -> None:
    dock.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dock)
    selection.request_focus(Focus(kind=FileKind.SCENARIO, path=("header", "visibility_max")))
    target = spin(dock, ("header", "visibility_max"))
    qtbot.waitUntil(target.hasFocus)

    selection.request_focus(Focus(kind=FileKind.SCENARIO, path=("header", "optional_rules", 1)))
    second_rule = dock.document.scenario.header.optional_rules[1]  # type: ignore[union-attr]
    qtbot.waitUntil(dock.rules.boxes[second_rule].hasFocus)

    selection.request_focus(Focus(FileKind.SCENARIO, ("header", "day_schedule", 2, "start")))
    qtbot.waitUntil(dock.schedule.view.hasFocus)
    current = dock.schedule.view.currentIndex()
    assert (current.row(), current.column()) == (2, DayScheduleModel.START)

    selection.request_focus(Focus(FileKind.SCENARIO, LEVELS))
    qtbot.waitUntil(spin(dock, (*LEVELS, "major_allied")).hasFocus)


def test_a_hidden_dock_is_shown_for_a_header_field_and_ignores_other_places(
    dock: ScenarioDock,
) -> None:
    dock.hide()
    assert not dock.show_focus(Focus(kind=FileKind.MAP, path=("terrain",)))
    assert not dock.show_focus(Focus(kind=FileKind.SCENARIO, path=("placements", 0)))
    assert dock.isHidden()
    assert dock.show_focus(Focus(kind=FileKind.SCENARIO, path=("header", "storm_at_start")))
    assert dock.isVisible()


def test_without_a_document_the_form_is_disabled(dock: ScenarioDock) -> None:
    dock.set_document(None)
    assert not dock.content.isEnabled()
    assert dock.ends_label.text() == "—"
    assert dock.schedule.model.rowCount() == 0


def test_the_ruleset_choice_offers_the_panzer_family_only(dock: ScenarioDock) -> None:
    # A Tactical GameX title is a set of situation files, never a scenario's ruleset.
    combo = dock.editors[("header", "ruleset")].combo
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "Panzer Campaigns",
        "Panzer Battles",
    ]

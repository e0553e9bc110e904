"""Field editors: the right widget for each field type, its range, unit and tool tip from the
schema, edits as commands, refused values with a message, Undo keys that reach the document
rather than the widget's own text undo, and several objects edited at once (blank or partly
checked where they differ, one undo step for all)."""

from __future__ import annotations

from datetime import datetime

import pytest
from PySide6.QtCore import QDate, QDateTime, Qt, QTime, QTimeZone
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from editor.commands import SetValue
from editor.document import Document
from editor.model_paths import EditError
from editor.widgets.binding import Binding, field_editor
from editor.widgets.field_layout import field_row
from editor.widgets.fields import (
    DENSE,
    MIXED,
    BoolEditor,
    ChoiceEditor,
    DateTimeEditor,
    EnumSetEditor,
    FieldEditor,
    HexEditor,
    IntEditor,
    LongTextEditor,
    TextEditor,
    TimeOfDayEditor,
    field_meta,
    make_editor,
    readable_error,
)
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import (
    DayPhase,
    Header,
    PhasePeriod,
    Placement,
    Reinforcement,
)
from schemas.vocabulary import Condition, PerSidePercent


@pytest.fixture
def form(qtbot: QtBot) -> QWidget:
    """A shown window the editors under test live in."""
    window = QWidget()
    QVBoxLayout(window)
    qtbot.addWidget(window)
    window.show()
    return window


def bound(form: QWidget, document: Document, editor: FieldEditor) -> FieldEditor:
    """The editor on a form row of `form`, editing the document."""
    form.layout().addWidget(field_row(editor))
    editor.set_document(document)
    return editor


def test_the_editor_follows_the_field_type(qapp: QApplication) -> None:
    cases = [
        (Header, "turns", IntEditor),
        (Header, "title", TextEditor),
        (Header, "conditions", ChoiceEditor),
        (Header, "fog_of_war", BoolEditor),
        (Header, "start", DateTimeEditor),
        (Header, "conditions_allowed", EnumSetEditor),
        (PhasePeriod, "start", TimeOfDayEditor),
    ]
    for model, name, expected in cases:
        assert type(field_editor(model, name, ("header", name))) is expected, name
    assert isinstance(
        field_editor(Header, "description", ("header", "description"), multiline=True),
        LongTextEditor,
    )


def test_range_unit_and_tool_tip_come_from_the_schema(qapp: QApplication) -> None:
    minutes = field_editor(Header, "minutes_per_turn", ("header", "minutes_per_turn"))
    assert isinstance(minutes, IntEditor)
    assert (minutes.spin.minimum(), minutes.spin.maximum()) == (5, 1440)
    assert minutes.spin.suffix() == " minutes"
    assert "Turn length where the day schedule sets none" in minutes.toolTip()
    assert "minutes, 5 to 1440" in minutes.toolTip()
    supply = field_editor(PerSidePercent, "axis", ("header", "global_supply", "axis"))
    assert (supply.spin.minimum(), supply.spin.maximum()) == (0, 100)  # type: ignore[attr-defined]


def test_readable_messages() -> None:
    error = EditError("header.visibility: Input should be less than or equal to 99")
    assert readable_error("Visibility", error) == "Visibility must be at most 99"
    assert readable_error("Start", "header.start: Value error, expected a date") == (
        "Start: expected a date"
    )


def test_a_singular_unit_for_one(qtbot: QtBot, form: QWidget, document: Document) -> None:
    editor = bound(form, document, field_editor(Header, "visibility", ("header", "visibility")))
    assert editor.spin.text() == "3 hexes"  # type: ignore[attr-defined]
    editor.spin.setValue(1)  # type: ignore[attr-defined]
    assert editor.spin.text() == "1 hex"  # type: ignore[attr-defined]
    assert document.scenario.header.visibility == 1


def test_an_optional_number_has_a_none_value(
    qtbot: QtBot, form: QWidget, document: Document
) -> None:
    path = ("header", "day_schedule", 0, "turn_minutes")
    editor = bound(
        form, document, field_editor(PhasePeriod, "turn_minutes", path, none_text="default")
    )
    spin = editor.spin  # type: ignore[attr-defined]
    assert spin.text() == "default"
    spin.setValue(60)
    assert document.scenario.header.day_schedule[0].turn_minutes == 60
    spin.setValue(spin.minimum())
    assert document.scenario.header.day_schedule[0].turn_minutes is None
    assert document.undo_stack.count() == 1  # one spinning session


def test_a_choice_and_a_check_box_push_one_command_each(
    qtbot: QtBot, form: QWidget, document: Document
) -> None:
    conditions = bound(form, document, field_editor(Header, "conditions", ("header", "conditions")))
    combo = conditions.combo  # type: ignore[attr-defined]
    assert combo.currentText() == "Soft"
    combo.setCurrentIndex(combo.findData("mud"))
    assert document.scenario.header.conditions is Condition.MUD
    storm = bound(
        form, document, field_editor(Header, "storm_at_start", ("header", "storm_at_start"))
    )
    storm.box.click()  # type: ignore[attr-defined]
    assert document.scenario.header.storm_at_start is True
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert combo.currentText() == "Soft"
    assert not storm.box.isChecked()  # type: ignore[attr-defined]


def test_the_start_time_is_edited_to_the_minute(
    qtbot: QtBot, form: QWidget, document: Document
) -> None:
    editor = bound(form, document, field_editor(Header, "start", ("header", "start")))
    edit = editor.edit  # type: ignore[attr-defined]
    assert edit.text() == "1944-12-18 06:00"
    utc = QTimeZone(QTimeZone.Initialization.UTC)
    edit.setDateTime(QDateTime(QDate(1944, 12, 17), QTime(8, 0), utc))
    assert document.scenario.header.start == datetime(1944, 12, 17, 8, 0)
    document.undo_stack.undo()
    assert edit.text() == "1944-12-18 06:00"


def test_long_text_typing_merges(qtbot: QtBot, form: QWidget, document: Document) -> None:
    editor = bound(
        form,
        document,
        field_editor(Header, "description", ("header", "description"), multiline=True),
    )
    before = document.scenario.header.description
    edit = editor.edit  # type: ignore[attr-defined]
    edit.moveCursor(edit.textCursor().MoveOperation.End)
    qtbot.keyClicks(edit, " More.")
    assert document.scenario.header.description == before + " More."
    assert document.undo_stack.count() == 1


def test_undo_keys_in_a_field_undo_the_document(qtbot: QtBot, document: Document) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    undo = QAction("Undo", window)
    undo.setShortcut(QKeySequence.StandardKey.Undo)
    undo.triggered.connect(document.undo_stack.undo)
    window.addAction(undo)
    title = field_editor(Header, "title", ("header", "title"))
    QVBoxLayout(window).addWidget(field_row(title))
    title.set_document(document)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    line = title.line  # type: ignore[attr-defined]
    line.setFocus()
    line.end(False)
    qtbot.keyClicks(line, "!")
    assert document.scenario.header.title == "The Road to Bastogne!"
    qtbot.keyClick(line, "z", QKeySequence(QKeySequence.StandardKey.Undo)[0].keyboardModifiers())
    assert document.scenario.header.title == "The Road to Bastogne"
    assert line.text() == "The Road to Bastogne"
    assert document.undo_stack.index() == 0


def test_an_editor_without_a_document_is_disabled(
    qtbot: QtBot, form: QWidget, document: Document
) -> None:
    editor = bound(form, document, field_editor(Header, "turns", ("header", "turns")))
    assert editor.isEnabled()
    editor.set_document(None)
    assert not editor.isEnabled()
    assert not editor.commit(10)


# Several objects at once ------------------------------------------------------------------------

PERIODS = [("header", "day_schedule", row) for row in range(5)]


def test_several_objects_show_blank_where_they_differ_and_an_edit_sets_all(
    qtbot: QtBot, form: QWidget, document: Document
) -> None:
    periods = Binding(FileKind.SCENARIO, PhasePeriod, "Period", targets=PERIODS)
    length, phase, start = (periods.editor(name) for name in ("turn_minutes", "phase", "start"))
    form.layout().addWidget(field_row(length, phase, start))
    periods.set_document(document)
    assert isinstance(length, IntEditor)
    assert isinstance(phase, ChoiceEditor)
    assert (length.spin.text(), length.spin.lineEdit().placeholderText()) == ("", MIXED)
    assert phase.combo.currentIndex() == -1
    assert start.edit.text() == MIXED  # type: ignore[attr-defined]

    length.spin.setFocus()
    QApplication.processEvents()  # lay the form out and let the spin box redraw its text
    assert length.spin.text() == ""  # not "none": the periods differ
    # As wide as with a number in it.
    assert length.spin.width() >= length.spin.fontMetrics().horizontalAdvance("240 minutes")
    qtbot.keyClicks(length.spin, "60")
    schedule = document.scenario.header.day_schedule
    assert [period.turn_minutes for period in schedule] == [60] * 5
    assert length.spin.text() == "60 minutes"
    assert document.undo_stack.count() == 1  # typed into five periods: one undo step
    assert document.undo_stack.undoText() == "Set Period Turn Minutes"
    phase.combo.setCurrentIndex(phase.combo.findData("day"))
    assert {period.phase for period in document.scenario.header.day_schedule} == {DayPhase.DAY}

    document.undo_stack.undo()
    assert phase.combo.currentIndex() == -1
    document.undo_stack.undo()
    assert length.spin.text() == ""
    assert [period.turn_minutes for period in document.scenario.header.day_schedule] == [
        None,
        None,
        None,
        None,
        240,
    ]


def test_a_value_refused_for_several_objects_pushes_nothing(
    qtbot: QtBot, form: QWidget, document: Document
) -> None:
    placements = Binding(
        FileKind.SCENARIO,
        Placement,
        "Placement",
        targets=[("placements", 0), ("placements", 1)],
        style=DENSE,
    )
    fatigue = placements.editor("fatigue")
    form.layout().addWidget(field_row(fatigue))
    placements.set_document(document)
    assert isinstance(fatigue, TextEditor)
    assert fatigue.line.placeholderText() == MIXED
    fatigue.line.setFocus()
    fatigue.line.insert("400")  # pasted: typing would set 4 and 40 on the way
    assert fatigue.message.text() == "Must be at most 300"  # the label beside it names it
    assert document.undo_stack.count() == 0
    assert placements.commit("fatigue", 20) is True
    assert placements.commit("fatigue", 20) is True  # unchanged: nothing more to undo
    assert [document.scenario.placements[row].fatigue for row in (0, 1)] == [20, 20]
    assert document.undo_stack.count() == 1
    assert not fatigue.message.isVisible()


def test_a_check_box_and_a_hex_of_several_objects(
    qtbot: QtBot, form: QWidget, document: Document
) -> None:
    rows = (0, 1)
    document.push(
        SetValue(document, FileKind.SCENARIO, ("placements", 0, "fixed"), True, "Set Fixed")
    )
    placements = Binding(
        FileKind.SCENARIO,
        Placement,
        "Placement",
        targets=[("placements", row) for row in rows],
        style=DENSE,
    )
    fixed, hex_ = placements.editor("fixed"), placements.editor("hex")
    form.layout().addWidget(field_row(fixed, hex_))
    placements.set_document(document)
    assert isinstance(fixed, BoolEditor)
    assert isinstance(hex_, HexEditor)
    assert fixed.box.checkState() == Qt.CheckState.PartiallyChecked
    fixed.box.click()
    assert [document.scenario.placements[row].fixed for row in rows] == [True, True]
    assert fixed.box.checkState() == Qt.CheckState.Checked

    before = [document.scenario.placements[row].hex for row in rows]
    assert before[0][0] != before[1][0]
    assert before[0][1] != before[1][1]
    assert (hex_.column.text(), hex_.row.text()) == ("", "")
    hex_.column.setFocus()
    qtbot.keyClicks(hex_.column, "20")
    qtbot.keyClick(hex_.column, Qt.Key.Key_Return)
    after = [document.scenario.placements[row].hex for row in rows]
    assert after == [(20, before[0][1]), (20, before[1][1])]  # each keeps its row
    assert hex_.column.text() == "20"
    assert hex_.row.text() == ""


def test_a_list_of_choices_of_several_objects(qtbot: QtBot, form: QWidget) -> None:
    allowed = make_editor(field_meta(Header, "conditions_allowed"))
    assert isinstance(allowed, EnumSetEditor)
    form.layout().addWidget(field_row(allowed))
    allowed.setEnabled(True)
    allowed.show_values([[Condition.SOFT, Condition.MUD], [Condition.SOFT]])
    boxes = allowed.boxes
    assert boxes[Condition.SOFT].checkState() == Qt.CheckState.Checked
    assert boxes[Condition.MUD].checkState() == Qt.CheckState.PartiallyChecked
    assert boxes[Condition.SNOW].checkState() == Qt.CheckState.Unchecked
    with qtbot.waitSignal(allowed.committed) as offered:
        boxes[Condition.MUD].click()
    update = offered.args[0]
    # Ticking adds the member to each object's own list, keeping the order of each.
    assert update.apply([Condition.SOFT]) == [Condition.SOFT, Condition.MUD]
    assert update.apply([Condition.MUD, Condition.SOFT]) == [Condition.MUD, Condition.SOFT]
    with qtbot.waitSignal(allowed.committed) as offered:
        boxes[Condition.SOFT].click()
    assert offered.args[0].apply([Condition.SOFT, Condition.MUD]) == [Condition.MUD]


def test_date_times_of_several_objects(qtbot: QtBot, form: QWidget, document: Document) -> None:
    arrivals = Binding(
        FileKind.SCENARIO,
        Reinforcement,
        "Reinforcement",
        targets=[("reinforcements", 0), ("reinforcements", 1)],
    )
    at = arrivals.editor("at")
    form.layout().addWidget(field_row(at))
    arrivals.set_document(document)
    assert isinstance(at, DateTimeEditor)
    assert at.edit.text() == MIXED
    utc = QTimeZone(QTimeZone.Initialization.UTC)
    at.edit.setDateTime(QDateTime(QDate(1944, 12, 19), QTime(9, 0), utc))
    arrives = {row.at for row in document.scenario.reinforcements[:2]}
    assert arrives == {datetime(1944, 12, 19, 9, 0)}
    assert at.edit.text() == "1944-12-19 09:00"
    document.undo_stack.undo()
    assert at.edit.text() == MIXED

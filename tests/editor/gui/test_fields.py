"""Field editors: the right widget for each field type, its range, unit and tool tip from the
schema, edits as commands, refused values with a message, and Undo keys that reach the
document rather than the widget's own text undo."""

from __future__ import annotations

from datetime import datetime

import pytest
from PySide6.QtCore import QDate, QDateTime, QTime, QTimeZone
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from editor.document import Document
from editor.model_paths import EditError
from editor.widgets.fields import (
    BoolEditor,
    ChoiceEditor,
    DateTimeEditor,
    EnumSetEditor,
    FieldEditor,
    IntEditor,
    LongTextEditor,
    TextEditor,
    TimeOfDayEditor,
    field_editor,
    field_row,
    readable_error,
)
from schemas.scenario import Header, PhasePeriod
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

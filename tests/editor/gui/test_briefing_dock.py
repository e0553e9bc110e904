"""The Briefing panel: typing, styles and lists become the scenario's Markdown, typing merges
into undo steps as a text editor's does, undo and redo show in the text, and what is saved is
what comes back when the scenario is opened again."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QTextCursor

from editor.docks import briefing_dock
from editor.docks.briefing_dock import BriefingDock
from editor.document import Document
from editor.printing.paging import MARKDOWN
from editor.selection import Selection


@pytest.fixture
def dock(qtbot, selection: Selection, document: Document) -> BriefingDock:
    """The panel over The Road to Bastogne, which has both briefings and designer's notes."""
    panel = BriefingDock(selection)
    qtbot.addWidget(panel)
    panel.resize(700, 400)
    panel.show()
    panel.set_document(document)
    return panel


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The panel's clock, moved on by the test: [now]."""
    now = [1000.0]
    monkeypatch.setattr(briefing_dock.time, "monotonic", lambda: now[0])
    return now


def _notes(dock: BriefingDock) -> object:
    dock.tabs.setCurrentIndex(2)
    editor = dock.current_editor()
    editor.setFocus()
    cursor = editor.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.End)
    editor.setTextCursor(cursor)
    return editor


def test_the_panel_shows_the_scenarios_texts_and_opening_it_changes_nothing(
    dock: BriefingDock, document: Document
) -> None:
    assert "Hold Bastogne." in dock.editors["allied"].toPlainText()
    assert "Take Bastogne" in dock.editors["axis"].toPlainText()
    assert "Cole" in dock.editors["designer_notes"].toPlainText()
    # Rich text: the Markdown's bold is bold in the box, not asterisks.
    assert "**" not in dock.editors["allied"].toPlainText()
    assert not document.is_dirty
    assert document.undo_stack.count() == 0


def test_typing_is_one_undo_step_until_a_pause_or_a_new_paragraph(
    qtbot, dock: BriefingDock, document: Document, clock: list[float]
) -> None:
    editor = _notes(dock)
    before = document.scenario.briefings.designer_notes
    qtbot.keyClicks(editor, " Play it twice")
    assert document.undo_stack.count() == 1
    assert document.undo_stack.text(0) == "Edit Designer's Notes"
    assert document.scenario.briefings.designer_notes.rstrip().endswith("Play it twice")
    clock[0] += 0.5
    qtbot.keyClicks(editor, ", once")
    assert document.undo_stack.count() == 1  # typing on merges
    clock[0] += briefing_dock.PAUSE + 1
    qtbot.keyClicks(editor, " a side.")
    assert document.undo_stack.count() == 2  # after a pause, a new step
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClicks(editor, "Good luck")
    assert document.undo_stack.count() == 3  # a new paragraph, a new step
    assert "Play it twice, once a side.\n\nGood luck" in document.scenario.briefings.designer_notes

    document.undo_stack.undo()
    assert "Good luck" not in editor.toPlainText()
    assert editor.toPlainText().endswith("Play it twice, once a side.")
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.scenario.briefings.designer_notes == before
    assert "Play it twice" not in editor.toPlainText()
    assert not document.is_dirty
    document.undo_stack.redo()
    assert editor.toPlainText().endswith("Play it twice, once")


def test_styles_bold_and_lists_are_kept_as_markdown(
    qtbot, dock: BriefingDock, document: Document, clock: list[float]
) -> None:
    editor = _notes(dock)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClicks(editor, "Orders")
    dock._set_style(2)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    dock._set_style(0)
    dock.bold_action.trigger()
    qtbot.keyClicks(editor, "Hold")
    dock.bold_action.trigger()
    qtbot.keyClicks(editor, " the bridge")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    dock.bullets_action.trigger()
    qtbot.keyClicks(editor, "first")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    dock.italic_action.trigger()
    qtbot.keyClicks(editor, "then")
    notes = document.scenario.briefings.designer_notes
    assert "\n## Orders\n" in notes
    assert "**Hold** the bridge" in notes
    assert "- first\n- *then*" in notes
    steps = document.undo_stack.count()
    assert steps >= 6  # each style, each format and each paragraph its own step
    for _ in range(steps):
        document.undo_stack.undo()
    assert "Orders" not in editor.toPlainText()
    assert not document.is_dirty


def test_what_is_saved_is_what_the_scenario_shows_when_opened_again(
    qtbot, dock: BriefingDock, document: Document, selection: Selection
) -> None:
    editor = dock.editors["axis"]
    dock.tabs.setCurrentIndex(1)
    editor.setFocus()
    cursor = editor.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.Start)
    editor.setTextCursor(cursor)
    qtbot.keyClicks(editor, "Read this first. ")
    dock.bullets_action.trigger()
    saved = document.scenario.briefings.axis
    document.save()

    again = Document.open(document.scenario_path)
    assert again.scenario.briefings == document.scenario.briefings
    assert again.scenario.briefings.axis == saved
    reopened = BriefingDock(selection)
    qtbot.addWidget(reopened)
    reopened.set_document(again)
    shown = reopened.editors["axis"]
    assert shown.toPlainText() == editor.toPlainText()
    assert shown.document().toMarkdown(MARKDOWN) == saved
    assert not again.is_dirty


def test_raw_html_typed_into_a_briefing_stays_text(
    qtbot, dock: BriefingDock, document: Document
) -> None:
    editor = _notes(dock)
    qtbot.keyClicks(editor, ' <img src="http://example.com/a.png">')
    notes = document.scenario.briefings.designer_notes
    reopened = BriefingDock(Selection())
    qtbot.addWidget(reopened)
    reopened.set_document(document)
    shown = reopened.editors["designer_notes"].toPlainText()
    assert '<img src="http://example.com/a.png">' in shown
    assert "\\<img" in notes


def test_the_panel_follows_an_edit_made_elsewhere(dock: BriefingDock, document: Document) -> None:
    from editor.commands import SetValue
    from schemas.io import FileKind

    document.push(SetValue(document, FileKind.SCENARIO, ("briefings", "allied"), "# New\n", "Edit"))
    assert dock.editors["allied"].toPlainText() == "New"
    document.undo_stack.undo()
    assert "Hold Bastogne." in dock.editors["allied"].toPlainText()


def test_a_scenario_without_briefings_opens_and_saves_unchanged(
    qtbot, selection: Selection, stoumont: Path
) -> None:
    before = stoumont.read_bytes()
    document = Document.open(stoumont)
    panel = BriefingDock(selection)
    qtbot.addWidget(panel)
    panel.set_document(document)
    assert panel.editors["allied"].toPlainText() == ""
    assert not document.is_dirty
    document.save_as(stoumont)
    assert stoumont.read_bytes() == before


def test_a_paste_from_a_web_page_keeps_emphasis_and_drops_styles_and_pictures(
    dock: BriefingDock, document: Document
) -> None:
    editor = _notes(dock)
    pasted = QMimeData()
    pasted.setHtml(
        '<p><b>Bastogne</b> <span style="color:red; font-size:40pt">must</span> '
        '<img src="file:///etc/hexwright.png"> be held</p>'
    )
    editor.insertFromMimeData(pasted)
    notes = document.scenario.briefings.designer_notes
    assert "**Bastogne** must be held" in " ".join(notes.split())
    assert "![" not in notes
    assert "color" not in notes

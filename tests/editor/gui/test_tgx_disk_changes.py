"""A Tactical GameX situation's files changed by another program: the notice offers to reload
them as an undoable step, Save asks before overwriting one, and our own saves are no change."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.commands import SetValue
from editor.disk_changes import CANCEL, OVERWRITE, RELOAD_THEIRS
from editor.main_window import MainWindow
from editor.tactical_gamex.document import TgxDocument
from schemas.io import FileKind, load_file, save_file
from tests.editor.gui.tgx_title import write_title
from tests.editor.gui.windows import opened_window


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    win = opened_window(qtbot, write_title(tmp_path / "tgx"))
    assert isinstance(win.document, TgxDocument)
    return win


def set_turns(document: TgxDocument, turns: int) -> None:
    document.push(SetValue(document, FileKind.SITUATION, ("turns",), turns, "Set Turns"))


def another_program_sets(path: Path, **fields: object) -> None:
    """Another program rewrites a file: a new file renamed over the old one."""
    model = load_file(path).model
    save_file(model.model_copy(update=fields), path)


def test_a_changed_situation_is_offered_for_reload_as_an_undo_step(
    qtbot, window: MainWindow
) -> None:
    document = window.document
    notice = window.disk_changes.notice
    path = document.scenario_path
    another_program_sets(path, turns=15)
    qtbot.waitUntil(notice.isVisible, timeout=20_000)
    assert "test.situation.yaml changed on disk" in notice.text
    notice.reload_button.click()
    assert document.situation.turns == 15
    assert not document.is_dirty
    assert document.undo_stack.undoText() == "Reload test.situation.yaml from Disk"
    document.undo_stack.undo()
    assert document.situation.turns == 8, "reloading is undoable, nothing is lost"


def test_a_changed_tables_file_is_noticed_too(qtbot, window: MainWindow) -> None:
    document = window.document
    notice = window.disk_changes.notice
    tables = document.path(FileKind.TABLES)
    model = load_file(tables).model
    save_file(model.model_copy(update={"description": "Edited elsewhere"}), tables)
    qtbot.waitUntil(notice.isVisible, timeout=20_000)
    assert "test.tables.yaml changed on disk" in notice.text


def test_save_asks_before_overwriting_a_situation_changed_on_disk(window: MainWindow) -> None:
    document = window.document
    path = document.scenario_path
    set_turns(document, 11)
    another_program_sets(path, turns=22)
    asked: list[str] = []
    window.disk_changes.choose = lambda _w, _t, text, answers: asked.append(text) or CANCEL
    assert not window.save()
    assert "test.situation.yaml was changed on disk" in asked[0]
    assert load_file(path).model.turns == 22, "their version is untouched"
    assert document.is_dirty

    window.disk_changes.choose = lambda *_: RELOAD_THEIRS
    assert window.save()
    assert document.situation.turns == 22
    document.undo_stack.undo()
    assert document.situation.turns == 11, "mine is one Undo away"
    window.disk_changes.choose = lambda *_: OVERWRITE
    assert window.save()
    assert load_file(path).model.turns == 11


def test_our_own_save_is_no_change_on_disk(qtbot, window: MainWindow) -> None:
    set_turns(window.document, 11)
    assert window.save()
    qtbot.wait(600)
    assert window.disk_changes.notice.isHidden()
    set_turns(window.document, 12)
    assert window.save(), "a second save meets no conflict with the first"

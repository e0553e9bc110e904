"""Recovery copies: a crash keeps the unsaved changes and the next start offers them back."""

from __future__ import annotations

import textwrap
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from editor.app import start
from editor.commands import SetValue
from editor.document import Document
from editor.recovery import Autosaver, find_copies
from schemas.io import FileKind, load_file
from tests.editor.gui.conftest import run_editor_script

Button = QMessageBox.StandardButton

CRASHING_SESSION = textwrap.dedent(
    """
    import os, sys
    from editor.app import start
    from editor.commands import SetValue
    from schemas.io import FileKind

    window = start([sys.argv[1]], ask=lambda *a: None)
    doc = window.document
    doc.push(SetValue(doc, FileKind.SCENARIO, ("header", "turns"), 13, "Set Scenario Turns"))
    assert window.autosaver.write_now() is not None
    os._exit(3)  # a crash: no close, no clean-up
    """
)


def test_a_crash_leaves_a_copy_that_the_next_start_restores(
    qtbot, ardennes: Path, private_settings: Path
) -> None:
    crashed = run_editor_script(CRASHING_SESSION, ardennes, private_settings)
    assert crashed.returncode == 3, crashed.stderr
    on_disk = load_file(ardennes).model.header.turns
    assert on_disk != 13

    offered = []
    window = start([], ask=lambda _parent, copy: offered.append(copy) or Button.Yes)
    qtbot.addWidget(window)
    assert offered[0].scenario == ardennes.resolve()
    assert offered[0].changed_files == ["road_to_bastogne.scenario.yaml"]
    document = window.document
    assert document.scenario.header.turns == 13
    assert document.is_dirty
    assert window.isWindowModified()
    assert find_copies(), "the restored changes are still unsaved, so still kept safe"

    window.save_action.trigger()
    assert load_file(ardennes).model.header.turns == 13
    assert not find_copies()


def test_discarding_the_copy_opens_the_file_as_saved(qtbot, document: Document) -> None:
    saver = Autosaver()
    saver.set_document(document)
    document.push(SetValue(document, FileKind.SCENARIO, ("header", "turns"), 14, "Set Turns"))
    saver.write_now()
    window = start([str(document.scenario_path)], ask=lambda *_: Button.Discard)
    qtbot.addWidget(window)
    assert window.document.scenario.header.turns != 14
    assert not find_copies()


def test_autosave_writes_only_when_something_changed(document: Document) -> None:
    saver = Autosaver()
    saver.set_document(document)
    assert saver.write_now() is None
    document.push(SetValue(document, FileKind.SCENARIO, ("header", "turns"), 15, "Set Turns"))
    assert saver.write_now() is not None
    assert saver.write_now() is None, "nothing new since the last copy"
    document.save()
    assert not find_copies(), "a clean save removes the copy"


def test_a_half_written_copy_is_ignored(private_settings: Path) -> None:
    broken = private_settings / "recovery" / "abc"
    broken.mkdir(parents=True)
    (broken / "manifest.json").write_text("{not json", encoding="utf-8")
    assert find_copies() == []

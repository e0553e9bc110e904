"""Recovery copies never lose or silently revert work: a copy put off stays for the next start,
a new session never overwrites it, restoring is one undo step, a file saved since the copy is
not reverted without asking, and leftovers of a killed save go at the next open."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from editor.app import start
from editor.commands import SetValue
from editor.document import Document
from editor.main_window import MainWindow
from editor.recovery import RESTORE_TEXT, Autosaver, find_copies, new_session, write_copy
from schemas.io import FileKind, load_file, save_file
from tests.editor.gui.conftest import run_editor_script

Button = QMessageBox.StandardButton


def set_turns(document: Document, turns: int) -> None:
    document.push(SetValue(document, FileKind.SCENARIO, ("header", "turns"), turns, "Set Turns"))


def crashed_with_turns(document: Document, turns: int) -> None:
    """A session that edited the turns, wrote its recovery copy and crashed."""
    set_turns(document, turns)
    write_copy(document, new_session())


def never_asked(_path: Path) -> bool:
    raise AssertionError("no question about files saved since was expected")


def started(qtbot, *arguments: str, **options: object) -> MainWindow:
    """The editor started as a designer would, closing without questions at the end."""
    window = start(list(arguments), **options)
    qtbot.addWidget(window)
    window.ask = lambda *_: Button.Discard
    return window


def test_not_now_keeps_the_copy_through_a_whole_session(qtbot, document: Document) -> None:
    crashed_with_turns(document, 14)
    path = document.scenario_path

    later = started(qtbot, str(path), ask=lambda *_: Button.Cancel, keep_disk=never_asked)
    set_turns(later.document, 15)
    later.autosaver.write_now()  # the new session's autosave of the same scenario
    later.close()  # a clean close

    offered = []
    again = started(qtbot, ask=lambda _w, copy: offered.append(copy) or Button.Yes)
    assert len(offered) == 1, "the put-off copy is offered once more, and only it"
    assert again.document.scenario.header.turns == 14


def test_a_restore_is_one_undo_step_back_to_the_saved_files(qtbot, document: Document) -> None:
    on_disk = load_file(document.scenario_path).model.header.turns
    crashed_with_turns(document, 14)

    window = started(qtbot, ask=lambda *_: Button.Yes, keep_disk=never_asked)
    restored = window.document
    assert restored.scenario.header.turns == 14
    assert restored.is_dirty
    assert restored.undo_stack.count() == 1
    assert restored.undo_stack.undoText() == RESTORE_TEXT

    restored.undo_stack.undo()
    assert restored.scenario.header.turns == on_disk
    assert not restored.is_dirty
    restored.undo_stack.redo()
    assert restored.scenario.header.turns == 14


def test_a_file_saved_since_the_copy_is_not_reverted_without_asking(
    qtbot, document: Document
) -> None:
    path = document.scenario_path
    crashed_with_turns(document, 14)
    newer = load_file(path).model
    save_file(
        newer.model_copy(update={"header": newer.header.model_copy(update={"turns": 20})}), path
    )

    asked: list[Path] = []
    kept = started(qtbot, ask=lambda *_: Button.Yes, keep_disk=lambda p: asked.append(p) or True)
    assert [p.resolve() for p in asked] == [path.resolve()]
    assert kept.document.scenario.header.turns == 20
    assert not kept.document.is_dirty


def test_choosing_the_recovered_changes_over_a_newer_file_is_undoable(
    qtbot, document: Document
) -> None:
    path = document.scenario_path
    crashed_with_turns(document, 14)
    newer = load_file(path).model
    save_file(
        newer.model_copy(update={"header": newer.header.model_copy(update={"turns": 20})}), path
    )

    window = started(qtbot, ask=lambda *_: Button.Yes, keep_disk=lambda _p: False)
    assert window.document.scenario.header.turns == 14
    window.document.undo_stack.undo()
    assert window.document.scenario.header.turns == 20


def test_a_copy_whose_changes_a_finished_save_holds_restores_nothing_twice(
    qtbot, document: Document
) -> None:
    crashed_with_turns(document, 14)
    document.save()  # the save ran to its end, but the copy was never removed (a kill)

    window = started(qtbot, ask=lambda *_: Button.Yes, keep_disk=never_asked)
    assert window.document.scenario.header.turns == 14
    assert not window.document.is_dirty
    assert not find_copies()


def test_the_copy_of_a_hexwright_still_running_is_not_offered(document: Document) -> None:
    crashed_with_turns(document, 14)
    [copy] = find_copies()
    manifest = copy.folder / "manifest.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    data["pid"] = 1  # a process that is alive (init)
    manifest.write_text(json.dumps(data), encoding="utf-8")
    assert find_copies() == []


def test_a_session_only_removes_its_own_copies(document: Document) -> None:
    crashed_with_turns(document, 14)
    saver = Autosaver()
    saver.set_document(document)
    assert saver.write_now() is not None
    assert len(find_copies()) == 2
    saver.close()
    assert len(find_copies()) == 1


def test_temporary_files_of_a_killed_save_go_when_the_title_opens(qtbot, ardennes: Path) -> None:
    leftover = ardennes.parent / f".{ardennes.name}.k1ll3d_x.tmp"
    leftover.write_text("half of a 6.7 MB map", encoding="utf-8")
    started(qtbot, str(ardennes), ask=lambda *_: Button.Cancel)
    assert not leftover.exists()


KILLED_MID_SAVE = textwrap.dedent(
    """
    import os, sys
    from editor.app import start
    from editor.commands import SetValue
    from schemas import save_journal
    from schemas.io import FileKind

    window = start([sys.argv[1]], ask=lambda *a: None)
    doc = window.document
    doc.push(SetValue(doc, FileKind.SCENARIO, ("header", "turns"), 13, "Set Scenario Turns"))
    doc.push(SetValue(doc, FileKind.MAP, ("name",), "Saved before the kill", "Set Map Name"))
    assert window.autosaver.write_now() is not None
    real_replace, renames = os.replace, []

    def replace(source, target):
        renames.append(target)
        if len(renames) == 3:  # the journal and the first file are in place
            os._exit(9)
        real_replace(source, target)

    save_journal.os.replace = replace
    window.save()
    """
)


def test_a_kill_mid_save_neither_mixes_the_files_nor_reverts_them(
    qtbot, ardennes: Path, private_settings: Path
) -> None:
    killed = run_editor_script(KILLED_MID_SAVE, ardennes, private_settings)
    assert killed.returncode == 9, killed.stderr

    window = started(qtbot, ask=lambda *_: Button.Yes, keep_disk=never_asked)

    document = window.document
    assert document.scenario.header.turns == 13
    assert document.map.name == "Saved before the kill"
    assert load_file(ardennes).model.header.turns == 13, "the save was completed on disk"
    assert not document.is_dirty, "what the copy held is what is on disk now"

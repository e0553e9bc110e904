"""Files changed by another program: the editor notices them, offers to reload them as an
undoable step, never overwrites one without asking, and Revert really reads the disk again;
any failure of a save is reported naming the file, with the document still open and dirty."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from editor.app import start
from editor.commands import SetValue
from editor.disk_changes import CANCEL, OVERWRITE, RELOAD_THEIRS
from editor.document import Document, DocumentError, SaveConflict
from editor.main_window import MainWindow
from schemas.io import FileKind, load_file, save_file

Button = QMessageBox.StandardButton


@pytest.fixture
def window(qtbot, ardennes: Path) -> MainWindow:
    win = start([str(ardennes)], ask=lambda *_: Button.Cancel)
    qtbot.addWidget(win)
    win.ask = lambda *args: Button.Discard
    return win


@pytest.fixture
def warnings(monkeypatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: shown.append(args[2]))
    return shown


def set_turns(document: Document, turns: int) -> None:
    document.push(SetValue(document, FileKind.SCENARIO, ("header", "turns"), turns, "Set Turns"))


def another_program_sets(path: Path, **header: object) -> None:
    """Another program (a text editor, a script) rewrites a file the way careful programs do:
    a new file renamed over the old one."""
    model = load_file(path).model
    if "name" in header:
        save_file(model.model_copy(update=header), path)
    else:
        save_file(model.model_copy(update={"header": model.header.model_copy(update=header)}), path)


def test_save_asks_before_overwriting_a_file_changed_on_disk(
    window: MainWindow, ardennes: Path
) -> None:
    document = window.document
    set_turns(document, 11)
    another_program_sets(ardennes, turns=22)
    asked: list[str] = []

    window.disk_changes.choose = lambda _w, _t, text, answers: asked.append(text) or CANCEL
    assert not window.save()
    assert "road_to_bastogne.scenario.yaml was changed on disk" in asked[0]
    assert load_file(ardennes).model.header.turns == 22, "their version is untouched"
    assert document.is_dirty

    window.disk_changes.choose = lambda *_: OVERWRITE
    assert window.save()
    assert load_file(ardennes).model.header.turns == 11
    assert not document.is_dirty


def test_reload_theirs_at_save_keeps_mine_in_the_undo_history(
    window: MainWindow, ardennes: Path
) -> None:
    document = window.document
    set_turns(document, 11)
    another_program_sets(ardennes, turns=22)
    window.disk_changes.choose = lambda *_: RELOAD_THEIRS

    assert window.save()

    assert document.scenario.header.turns == 22
    assert not document.is_dirty
    assert document.undo_stack.undoText() == "Reload road_to_bastogne.scenario.yaml from Disk"
    document.undo_stack.undo()
    assert document.scenario.header.turns == 11
    assert document.is_dirty


def test_a_change_the_watcher_never_saw_is_still_caught_by_save(document: Document) -> None:
    set_turns(document, 11)
    another_program_sets(document.scenario_path, turns=22)
    with pytest.raises(SaveConflict, match=r"road_to_bastogne\.scenario\.yaml changed on disk"):
        document.save()
    assert document.save(overwrite=[document.scenario_path]) == [document.scenario_path]


def test_a_file_rewritten_with_the_same_text_is_no_conflict(document: Document) -> None:
    path = document.scenario_path
    path.write_bytes(path.read_bytes())  # a newer time, the same bytes
    set_turns(document, 11)
    assert document.save() == [path]


def test_revert_reads_every_file_again_from_disk(window: MainWindow, ardennes: Path) -> None:
    document = window.document
    map_path = document.path(FileKind.MAP)
    set_turns(document, 11)
    another_program_sets(map_path, name="Changed elsewhere")
    window.ask = lambda *_: Button.Yes

    window.revert_action.trigger()

    assert document.scenario.header.turns == load_file(ardennes).model.header.turns
    assert document.map.name == "Changed elsewhere", "the clean file shows what is on disk"
    assert not document.is_dirty


def test_a_file_changed_on_disk_is_offered_for_reload_again_and_again(
    qtbot, window: MainWindow
) -> None:
    document = window.document
    notice = window.disk_changes.notice
    map_path = document.path(FileKind.MAP)
    old_name = document.map.name
    for name in ("First change", "Second change"):  # the watch survives the atomic rename
        another_program_sets(map_path, name=name)
        qtbot.waitUntil(lambda: not notice.isHidden(), timeout=5000)
        assert "ardennes44.map.yaml changed on disk" in notice.text
        notice.reload_button.click()
        assert document.map.name == name
        assert notice.isHidden()
        assert not document.is_dirty
    assert document.undo_stack.undoText() == "Reload ardennes44.map.yaml from Disk"
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.map.name == old_name, "reloading is undoable, nothing is lost"


def test_our_own_save_does_not_say_the_file_changed(qtbot, window: MainWindow) -> None:
    set_turns(window.document, 11)
    assert window.save()
    qtbot.wait(600)
    assert window.disk_changes.notice.isHidden()


def test_a_file_with_unsaved_edits_changed_on_disk_warns_of_the_conflict(
    qtbot, window: MainWindow, ardennes: Path
) -> None:
    notice = window.disk_changes.notice
    set_turns(window.document, 11)
    another_program_sets(ardennes, turns=22)
    qtbot.waitUntil(lambda: not notice.isHidden(), timeout=5000)
    assert "you have unsaved changes" in notice.text
    assert notice.reload_button.text() == "&Reload Theirs"

    notice.ignore_button.click()
    assert notice.isHidden()
    assert window.document.scenario.header.turns == 11
    window.disk_changes.choose = lambda *_: CANCEL
    assert not window.save(), "ignoring the notice does not let a save overwrite theirs"


def test_a_reloaded_file_that_does_not_load_is_named_and_what_is_open_stays(
    qtbot, window: MainWindow, warnings: list[str]
) -> None:
    document = window.document
    map_path = document.path(FileKind.MAP)
    before = document.map
    lines = map_path.read_text(encoding="utf-8").splitlines(keepends=True)
    width_line = next(n for n, line in enumerate(lines, 1) if line.startswith("width:"))
    lines[width_line - 1] = "width: -1\n"
    map_path.write_text("".join(lines), encoding="utf-8")
    notice = window.disk_changes.notice
    qtbot.waitUntil(lambda: not notice.isHidden(), timeout=5000)

    notice.reload_button.click()

    assert document.map is before
    assert f"{map_path}:{width_line}:" in warnings[0]
    assert "ardennes44.map.yaml on disk does not load" in warnings[0]


def test_a_save_failing_in_any_way_names_the_file_and_keeps_the_document(
    window: MainWindow, warnings: list[str], monkeypatch
) -> None:
    document = window.document
    set_turns(document, 11)

    def broken_dump(*_args: object, **_kwargs: object) -> str:
        raise ValueError("cannot serialize")

    monkeypatch.setattr("editor.document.dump_text", broken_dump)
    assert not window.save()

    assert "road_to_bastogne.scenario.yaml: cannot serialize" in warnings[0]
    assert window.document is document
    assert document.is_dirty
    assert window.isWindowModified()


def test_a_save_failing_in_any_way_raises_a_document_error(document: Document, monkeypatch) -> None:
    set_turns(document, 11)

    def refuse(*_args: object) -> None:
        raise RuntimeError("the disk went away")

    monkeypatch.setattr("schemas.io.os.replace", refuse)
    with pytest.raises(
        DocumentError, match=r"road_to_bastogne\.scenario\.yaml: the disk went away"
    ):
        document.save()
    assert document.is_dirty


def test_other_writes_report_any_failure_by_file_and_keep_the_window(
    window: MainWindow, warnings: list[str], tmp_path: Path, monkeypatch
) -> None:
    def refuse(*_args: object) -> None:
        raise UnicodeEncodeError("utf-8", "\udcff", 0, 1, "surrogates not allowed")

    monkeypatch.setattr("editor.docks.weather_dock.write_atomic", refuse)
    dock = window.docks["weather"]
    said: list[str] = []
    monkeypatch.setattr(dock, "message", lambda _icon, text, details="": said.append(text))
    target = tmp_path / "Weather.dat"
    assert not dock.export_weather_dat(target)
    assert said == [f"Could not write {target}."]

    window.testplay.start()
    monkeypatch.setattr("editor.window_testplay.save_record", refuse)
    saved = tmp_path / "evening.testplay.yaml"
    assert not window.testplay.save_session(saved)
    assert f"Could not save {saved}" in warnings[0]
    window.testplay.stop()
    assert window.document is not None


def test_a_file_deleted_on_disk_is_said_and_saving_writes_it_again(
    qtbot, window: MainWindow
) -> None:
    document = window.document
    notice = window.disk_changes.notice
    map_path = document.path(FileKind.MAP)
    map_path.unlink()
    qtbot.waitUntil(lambda: not notice.isHidden(), timeout=5000)
    assert "ardennes44.map.yaml was deleted or moved away on disk" in notice.text
    assert notice.reload_button.isHidden()
    notice.ignore_button.click()
    assert notice.isHidden()

    document.push(SetValue(document, FileKind.MAP, ("name",), "Written again", "Set Map Name"))
    assert window.save()
    assert load_file(map_path).model.name == "Written again"
    qtbot.wait(400)
    assert notice.isHidden()

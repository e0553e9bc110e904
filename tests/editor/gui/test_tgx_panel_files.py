"""Panel files are watched like the situation's other files (issue 18): a panel another program
changed reloads and the board redraws; with unsaved edits to it the designer is asked and keeps
them; Save asks before overwriting it. And the window shows the tool bar buttons and readable
panel tabs of the open title's ruleset."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox, QTabBar

from editor.app import start
from editor.disk_changes import CANCEL, RELOAD_THEIRS
from editor.main_window import MainWindow
from editor.recovery import Autosaver
from editor.tactical_gamex.document import PanelPart, TgxDocument, open_situation
from editor.tactical_gamex.new_panel import add_new_panel
from editor.tactical_gamex.panel_commands import EditPanels
from schemas.io import load_file, save_file
from schemas.tactical_gamex.vocabulary import Terrain
from tests.conftest import REPO
from tests.editor.gui.tgx_title import write_title
from tests.editor.gui.windows import opened_window

A = "../panels/a.panel.yaml"


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    win = opened_window(qtbot, write_title(tmp_path / "tgx"), size=(1280, 720))
    assert isinstance(win.document, TgxDocument)
    return win


def another_program_paints(path: Path, row: int, line: str) -> None:
    """Another program rewrites a panel's terrain row (a new file renamed over the old)."""
    model = load_file(path).model
    rows = list(model.terrain_rows)
    rows[row] = line
    save_file(model.model_copy(update={"terrain_rows": rows}), path)


def paint_here(document: TgxDocument, row: int, line: str) -> None:
    """The designer's own edit of panel A's terrain row, as the tools push it."""
    model = document.model(PanelPart(A))
    rows = list(model.terrain_rows)
    rows[row] = line
    document.push(
        EditPanels(document, {A: model.model_copy(update={"terrain_rows": rows})}, "Paint Town")
    )


def test_a_panel_changed_on_disk_reloads_and_the_board_redraws(qtbot, window) -> None:
    document = window.document
    notice = window.disk_changes.notice
    path = document.path(PanelPart(A))
    another_program_paints(path, 0, "SSSSSSS")
    qtbot.waitUntil(notice.isVisible, timeout=20_000)
    assert "a.panel.yaml changed on disk" in notice.text
    notice.reload_button.click()
    assert document.board().terrain_at(2, 0) is Terrain.SWAMP
    assert not document.is_dirty
    assert document.undo_stack.undoText() == "Reload a.panel.yaml from Disk"
    document.undo_stack.undo()
    assert document.board().terrain_at(2, 0) is Terrain.CLEAR, "the reload is undoable"


def test_unsaved_panel_edits_meet_a_change_on_disk(qtbot, window) -> None:
    document = window.document
    notice = window.disk_changes.notice
    path = document.path(PanelPart(A))
    paint_here(document, 0, "TTTTTTT")
    another_program_paints(path, 0, "SSSSSSS")
    qtbot.waitUntil(notice.isVisible, timeout=20_000)
    assert "a.panel.yaml" in notice.text
    assert "unsaved" in notice.text
    assert document.board().terrain_at(2, 0) is Terrain.TOWN, "nothing open is lost"

    asked: list[str] = []
    window.disk_changes.choose = lambda _w, _t, text, answers: asked.append(text) or CANCEL
    assert not window.save()
    assert "a.panel.yaml was changed on disk" in asked[0]
    assert load_file(path).model.terrain_rows[0] == "SSSSSSS", "their version is untouched"

    window.disk_changes.choose = lambda *_: RELOAD_THEIRS
    assert window.save()
    assert document.board().terrain_at(2, 0) is Terrain.SWAMP
    document.undo_stack.undo()
    assert document.board().terrain_at(2, 0) is Terrain.TOWN, "mine is one Undo away"


def visible_actions(window: MainWindow) -> set[str]:
    bar = window.findChild(object, "testplay_toolbar")
    return {a.text().replace("&", "") for a in bar.actions() if a.isVisible()}


def test_the_tool_bar_shows_the_open_titles_ruleset_only(window, tmp_path: Path) -> None:
    assert visible_actions(window) == {"Test-play"}, "no greyed Panzer test-play buttons"
    panzer = REPO / "sample_data/ardennes44/scenarios/road_to_bastogne.scenario.yaml"
    assert window.open_path(panzer)
    shown = visible_actions(window)
    assert "Take Back Move" in shown
    assert len(shown) == 3
    assert window.open_path(tmp_path / "tgx/scenarios/test.situation.yaml")
    assert visible_actions(window) == {"Test-play"}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_panel_tab_reads_whole(qtbot, window, size) -> None:
    window.resize(*size)
    window.rulesets.docks["tgx_setup"].raise_()
    qtbot.wait(50)
    bars = [bar for bar in window.findChildren(QTabBar) if bar.isVisible() and bar.count() > 1]
    assert bars
    for bar in bars:
        for i in range(bar.count()):
            text = bar.tabText(i)
            assert bar.tabRect(i).width() > bar.fontMetrics().horizontalAdvance(text), text
    # the window's own tab bars (the dock areas'), not the tabs inside a panel
    on_screen = [
        bar for bar in bars if bar.parent() is window and window.rect().intersects(bar.geometry())
    ]
    for i, bar in enumerate(on_screen):
        for other in on_screen[i + 1 :]:
            assert not bar.geometry().intersects(other.geometry()), "no bar left over under another"


def test_unsaved_panel_edits_are_offered_back_after_a_crash(qtbot, tmp_path: Path) -> None:
    path = write_title(tmp_path / "crashed")
    document = open_situation(path)
    saver = Autosaver()
    saver.set_document(document)
    paint_here(document, 0, "TTTTTTT")
    assert saver.write_now() is not None, "a panel edit is a change the autosaver copies"
    offered = []
    window = start(
        [], ask=lambda _parent, copy: offered.append(copy) or QMessageBox.StandardButton.Yes
    )
    qtbot.addWidget(window)
    assert offered[0].changed_files == ["a.panel.yaml"]
    restored = window.document
    assert isinstance(restored, TgxDocument)
    assert restored.board().terrain_at(3, 0) is Terrain.TOWN
    restored.undo_stack.undo()  # back to the files as saved
    assert restored.board().terrain_at(3, 0) is Terrain.CLEAR
    window.ask = lambda *_: QMessageBox.StandardButton.Discard


def test_a_panel_broken_on_disk_is_not_reloaded(qtbot, window, monkeypatch) -> None:
    document = window.document
    path = document.path(PanelPart(A))
    another_program_paints(path, 1, "..?")
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _w, _t, text: warned.append(text))
    window.disk_changes.check_now()
    window.disk_changes.reload_shown()
    assert "a.panel.yaml on disk does not pass its checks" in warned[0]
    assert "a.panel.yaml:9:5: error TGX001: terrain_rows[1] has 3 hexes" in warned[0]
    assert document.board().terrain_at(2, 1) is Terrain.TOWN, "what is open is kept"


def test_a_new_panel_is_watched_once_saved_and_revert_forgets_an_unsaved_one(
    qtbot, window, tmp_path: Path
) -> None:
    document = window.document
    notice = window.disk_changes.notice
    assert add_new_panel(document, "D", "Riverside", 7, 4) == ""
    assert window.save()
    written = tmp_path / "tgx" / "panels" / "d.panel.yaml"
    another_program_paints(written, 0, "WWWWWWW")
    qtbot.waitUntil(notice.isVisible, timeout=20_000)
    assert "d.panel.yaml changed on disk" in notice.text
    notice.reload_button.click()
    assert document.board().terrain_at(14, 0) is Terrain.WOODS

    assert add_new_panel(document, "E", "Marsh", 7, 4) == ""
    assert document.is_dirty
    document.revert()
    assert [p.file for p in document.situation.board.panels][-1] == "../panels/d.panel.yaml"
    assert PanelPart("../panels/e.panel.yaml") not in document.panel_parts()
    assert not document.is_dirty
    assert not (tmp_path / "tgx" / "panels" / "e.panel.yaml").exists()

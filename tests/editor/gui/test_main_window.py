"""The main window as a designer meets it: start-up, open, edit, undo, save, prompts, layout."""

from __future__ import annotations

from pathlib import Path

import numpy
import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QMessageBox

from editor import cli
from editor.app import SAMPLE_SCENARIO, start
from editor.commands import SetValue
from editor.main_window import MainWindow
from editor.map.export import render_whole_map
from editor.settings import recent_files
from schemas.io import FileKind
from tests.conftest import SAMPLE_DATA

Button = QMessageBox.StandardButton


def never_asked(*_args):
    raise AssertionError("no question was expected")


@pytest.fixture
def window(qtbot, ardennes: Path) -> MainWindow:
    win = start([str(ardennes)], ask=never_asked)
    qtbot.addWidget(win)
    # Closing at the end of a test throws unsaved edits away; tests that look at the question
    # replace this.
    win.ask = lambda *args: Button.Discard
    return win


def set_turns(window: MainWindow, turns: int) -> None:
    doc = window.document
    doc.push(SetValue(doc, FileKind.SCENARIO, ("header", "turns"), turns, "Set Scenario Turns"))


def test_with_no_argument_the_sample_scenario_opens(qtbot) -> None:
    win = start([], ask=never_asked)
    qtbot.addWidget(win)
    assert win.document.scenario_path == SAMPLE_SCENARIO
    assert "The Road to Bastogne" in win.windowTitle()


def test_the_command_line_opens_the_window_for_a_path(monkeypatch) -> None:
    opened = []
    monkeypatch.setattr("editor.app.run", lambda args: opened.append(args) or 0)
    assert cli.main(["sample_data/stoumont44"]) == 0
    assert cli.main([]) == 0
    assert opened == [["sample_data/stoumont44"], []]


def test_a_title_folder_opens_its_first_scenario(qtbot) -> None:
    win = start([str(SAMPLE_DATA / "stoumont44")], ask=never_asked)
    qtbot.addWidget(win)
    assert win.document.scenario_path.name == "cheneux-and-the-sanatorium.scenario.yaml"
    titles = [a.text() for a in win.title_menu.actions()]
    assert "stoumont-station.scenario.yaml" in titles


def test_an_edit_marks_the_window_and_undo_clears_it(window: MainWindow) -> None:
    set_turns(window, 30)
    assert window.isWindowModified()
    assert window.save_action.isEnabled()
    assert window.undo_action.text() == "&Undo Set Scenario Turns"
    window.undo_action.trigger()
    assert not window.isWindowModified()
    assert window.document.scenario.header.turns != 30
    window.redo_action.trigger()
    assert window.document.scenario.header.turns == 30


def test_save_writes_the_file_and_reopening_shows_the_edit(window: MainWindow, qtbot) -> None:
    set_turns(window, 31)
    window.save_action.trigger()
    assert not window.isWindowModified()
    again = start([str(window.document.scenario_path)], ask=never_asked)
    qtbot.addWidget(again)
    assert again.document.scenario.header.turns == 31


def test_closing_with_changes_asks_and_cancel_keeps_the_window(window: MainWindow) -> None:
    set_turns(window, 32)
    questions = []
    window.ask = lambda *args: questions.append(args[2]) or Button.Cancel
    assert not window.close()
    assert "road_to_bastogne.scenario.yaml" in questions[0]
    window.ask = lambda *args: Button.Discard
    assert window.close()


def test_opening_a_broken_scenario_keeps_the_open_one(window: MainWindow, monkeypatch) -> None:
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: shown.append(args[2]))
    set_turns(window, 33)
    window.ask = lambda *args: Button.Discard
    broken = SAMPLE_DATA / "broken" / "scenarios" / "syntax.scenario.yaml"
    assert not window.open_path(broken)
    assert "syntax.scenario.yaml:" in shown[0]
    assert window.document.scenario.header.turns == 33


def test_recent_files_and_layout_are_remembered(window: MainWindow, qtbot) -> None:
    assert recent_files()[0] == window.document.scenario_path.resolve()
    window.docks["history"].hide()
    window.docks["weather"].raise_()
    # The offscreen screen is 800x800: a saved size must fit on it (as must the window's least).
    window.resize(window.minimumSizeHint().expandedTo(QSize(780, 760)))
    window.close()
    again = MainWindow()
    qtbot.addWidget(again)
    again.show()
    assert again.docks["history"].isHidden()
    assert not again.docks["weather"].visibleRegion().isEmpty()
    assert again.docks["problems"].visibleRegion().isEmpty(), "behind the weather tab"
    assert again.size() == window.size()


def test_a_new_scenario_is_untitled_and_save_asks_for_a_name(
    window: MainWindow, monkeypatch
) -> None:
    window.new_action.trigger()
    document = window.document
    assert document.is_untitled
    assert document.scenario.placements == []
    target = document.title_folder / "scenarios" / "my-battle.scenario.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    window.save_action.trigger()
    assert target.is_file()
    assert not document.is_untitled
    assert window.document.scenario_path == target


def test_revert_asks_then_goes_back_to_the_disk(window: MainWindow) -> None:
    set_turns(window, 34)
    window.ask = lambda *args: Button.Yes
    window.revert_action.trigger()
    assert window.document.scenario.header.turns != 34
    assert not window.isWindowModified()
    assert window.document.undo_stack.count() == 0


def test_export_view_writes_a_png(window: MainWindow, monkeypatch, tmp_path: Path) -> None:
    target = tmp_path / "view.png"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    window.resize(800, 600)
    window.export_view_action.trigger()
    assert target.stat().st_size > 1000


def test_find_unit_takes_the_designer_to_the_order_of_battle_search(
    window: MainWindow, qtbot
) -> None:
    window.docks["history"].raise_()
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    window.find_action.trigger()
    search = window.docks["oob_tree"].search
    qtbot.waitUntil(search.hasFocus)
    assert not window.docks["oob_tree"].visibleRegion().isEmpty()


def test_a_path_that_does_not_exist_is_reported(qtbot, tmp_path: Path, monkeypatch) -> None:
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: shown.append(args[2]))
    win = start([str(tmp_path / "nowhere.scenario.yaml")], ask=never_asked)
    qtbot.addWidget(win)
    assert win.document is None
    assert shown == [f"{tmp_path / 'nowhere.scenario.yaml'} does not exist."]
    assert not win.save_action.isEnabled()


def test_export_whole_map_writes_the_map_band_by_band(
    window: MainWindow, monkeypatch, tmp_path: Path
) -> None:
    target = tmp_path / "map.png"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    monkeypatch.setattr("editor.map.export.BAND_HEIGHT", 256)
    window.export_map_action.trigger()
    written = QImage(str(target))
    whole = render_whole_map(window.document)
    assert written.size() == whole.size()
    assert written.height() > 256 * 4, "several bands"
    difference = abs(_pixels(written) - _pixels(whole)).max(axis=2)
    # Anti-aliased edges of lines and letters crossing a band edge may differ a little.
    assert difference.max() <= 64
    assert (difference > 8).mean() < 0.001, "no seams between the bands"


def _pixels(image: QImage) -> numpy.ndarray:
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    rows = numpy.frombuffer(image.constBits(), dtype=numpy.uint8)
    rows = rows.reshape(image.height(), image.bytesPerLine())[:, : image.width() * 4]
    return rows.reshape(image.height(), image.width(), 4).astype(int)


def test_the_window_title_follows_the_scenario_title(window: MainWindow) -> None:
    doc = window.document
    doc.push(SetValue(doc, FileKind.SCENARIO, ("header", "title"), "Bastogne Holds", "Set Title"))
    assert "Bastogne Holds" in window.windowTitle()


def test_each_tool_has_its_key_and_its_options(window: MainWindow, qtbot) -> None:
    keys = [tool.shortcut for tool in window.tools.tools]
    assert len(keys) == len(set(keys)), "one key per tool"
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.map_view.setFocus()
    qtbot.keyClick(window.map_view, Qt.Key.Key_B)
    brush = window.tools.current
    assert brush.name == "terrain_brush"
    assert window.map_view.tool is brush
    options = window.docks["tool_options"]
    assert options.pages.currentWidget() is not options.none, "the brush's settings show"
    assert not options.visibleRegion().isEmpty(), "in front of the Order of Battle"
    window.tools.actions["select"].trigger()
    assert window.map_view.tool.name == "select"
    assert options.pages.currentWidget() is options.none, "Select has no settings"


def test_the_map_aids_panel_draws_on_the_window_map(window: MainWindow) -> None:
    # The view draws the A/I order arrows' layer, which draws under the arrows the Timeline
    # scrubber's rings, which draw the aids under them.
    dock = window.docks["map_aids"]
    assert window.map_view.aids is dock.layer  # type: ignore[attr-defined]
    assert dock.layer.aids is dock.presence  # type: ignore[attr-defined]
    assert dock.presence.inner is dock.aids  # type: ignore[attr-defined]

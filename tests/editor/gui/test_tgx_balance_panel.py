"""The Balance panel on a Tactical GameX situation (issue 19): offered in the window, it plays the
situation as it now stands (an unsaved edit of its turns included) on worker processes with
progress, shows
the situation's own victory levels with their intervals, and a double-click on a game
test-plays that seed with the computer at both sides."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from editor.app import start
from editor.document import Change, ChangeAction
from editor.tactical_gamex.balance_dock import TgxBalanceDock
from editor.tactical_gamex.testplay.dock import TgxTestPlayDock
from schemas.io import FileKind
from schemas.vocabulary import Side
from tests.conftest import REPO

SAMPLE = REPO / "sample_data" / "tgx_steppe43"
SITUATION = "scenarios/hill-at-krasnaya-polyana.situation.yaml"


def test_the_balance_panel_runs_the_situation_and_test_plays_a_game(qtbot, tmp_path: Path) -> None:
    shutil.copytree(SAMPLE, tmp_path / "steppe")
    win = start([str(tmp_path / "steppe" / SITUATION)], ask=lambda *_: None)
    qtbot.addWidget(win)
    win.ask = lambda *_: QMessageBox.StandardButton.Discard
    win.show()
    qtbot.waitExposed(win)
    workspace = win.rulesets.workspace
    assert workspace is not None
    dock = workspace.docks["tgx_balance"]
    assert isinstance(dock, TgxBalanceDock)
    dock.show()
    dock.raise_()

    document = win.document
    situation = document.situation.model_copy(update={"turns": 6})
    document.install(
        FileKind.SITUATION, situation, Change(FileKind.SITUATION, (), ChangeAction.RESET)
    )
    assert document.is_dirty

    dock.games.setValue(2)
    assert dock.run(), dock.note.text()
    assert dock.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: not dock.controller.is_running, timeout=60_000)
    assert dock.progress.value() == dock.progress.maximum() == 2
    report = dock.report.toPlainText()
    assert report.startswith("2 games played")
    for level in (
        "Soviet decisive",
        "Soviet marginal",
        "draw",
        "German marginal",
        "German decisive",
    ):
        assert level in report
    assert "95 % confidence interval" in report
    assert "Game length: median 6 turns" in report  # the edit, not the saved 10 turns
    assert dock.list.count() == 2
    assert dock.note.text().startswith("Run finished: 2 games")

    item = dock.list.item(1)
    dock.list.itemActivated.emit(item)
    play = workspace.docks["tgx_testplay"]
    assert isinstance(play, TgxTestPlayDock)
    assert play.session is not None, play.refusal.text()
    assert play.session.seed == 2
    assert play.computer_sides() == frozenset(Side)
    play.stop()

"""The landing sample (Exit 2 at La Madeleine) in the editor: it opens with no problem, its board
shows the sea and the beach in their colours, and Test-play (F5) starts with the landing force
at sea; passing through turn 1 brings it ashore at Housekeeping [003 10.3]."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from editor.tactical_gamex.board_view import TERRAIN_COLOURS
from editor.tactical_gamex.problems_dock import situation_problems
from editor.tactical_gamex.testplay.dock import TgxTestPlayDock
from schemas.tactical_gamex.vocabulary import Terrain
from tests.conftest import REPO
from tests.editor.gui.tgx_title import open_sample

SAMPLE = REPO / "sample_data" / "tgx_landing44"
SITUATION = "scenarios/exit-2-at-la-madeleine.situation.yaml"


def test_the_landing_sample_opens_shows_the_sea_and_lands_in_test_play(
    qtbot, tmp_path: Path
) -> None:
    win = open_sample(qtbot, tmp_path / "landing", SAMPLE, SITUATION, size=(1280, 720))
    workspace = win.rulesets.workspace
    assert workspace is not None
    qtbot.waitUntil(lambda: win.problems_label.text() == "0 errors, 0 warnings")
    assert [p.code for p in situation_problems(workspace.view.document)] == []

    workspace.view.zoom_to_fit()
    image = workspace.view.viewport().grab().toImage()
    colours = {
        image.pixelColor(x, y).name()
        for x in range(0, image.width(), 4)
        for y in range(0, image.height(), 4)
    }
    assert TERRAIN_COLOURS[Terrain.SEA].name() in colours
    assert TERRAIN_COLOURS[Terrain.BEACH].name() in colours

    dock = workspace.docks["tgx_testplay"]
    assert isinstance(dock, TgxTestPlayDock)
    dock.setup_box.setChecked(False)  # turn 1 at once: the landing force put to sea by the seed
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win)
    qtbot.keyClick(win, Qt.Key.Key_F5)
    assert dock.session is not None, dock.refusal.text()
    game = dock.session.game
    craft = ("us.lvt1", "us.lvt2", "us.lvt3", "us.dukw1", "us.dukw2")
    assert all(game.state.units[c].at_sea for c in craft)
    assert game.state.units["us.ac"].carrier == "us.lvt1"
    lines = [dock.log.item(i).text() for i in range(dock.log.count())]
    assert sum("launched at" in line for line in lines) == 3  # the three DD Shermans

    for _ in range(50):  # both sides pass until Housekeeping ends turn 1
        if dock.session.game.turn > 1:
            break
        dock.pass_impulse()
    assert dock.session.game.turn == 2
    lines = [dock.log.item(i).text() for i in range(dock.log.count())]
    assert any("lands on the beach" in line and "disrupted" in line for line in lines)
    dock.stop()

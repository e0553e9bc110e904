"""The setup step's choices in the window (issue 19): a line of the list dragged onto the board
(refused with the sentence out of its area, placed in it), allotted improved positions left
unplaced, a passenger unloaded and loaded onto another carrier, and hot-seat secrecy: the board
covered when the side setting up changes, each side's secret mines drawn for it alone
[003 8.2]. Setting up by hand is on by default and the tester's choice is remembered."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from editor.settings import settings
from editor.tactical_gamex.board_view import BoardView
from editor.tactical_gamex.testplay.dock import TgxTestPlayDock
from editor.tactical_gamex.testplay.setup_panel import SetupPanel
from editor.tactical_gamex.testplay.tester_choices import SETUP_KEY
from schemas.vocabulary import Side
from tests.editor.gui.test_tgx_testplay import _click, _log
from tests.editor.gui.tgx_title import open_sample


def _drop(view: BoardView, panel: SetupPanel, spot: tuple[int, int]) -> None:
    """Drag the chosen line of the setup list and drop it on a hex of the board."""
    mime = panel.choices.mimeData([panel.choices.currentItem()])
    view.centerOn(view.center(spot))
    at = view.mapFromScene(view.center(spot))
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    action = Qt.DropAction.CopyAction
    enter = QDragEnterEvent(at, action, mime, buttons, keys)
    QApplication.sendEvent(view.viewport(), enter)
    assert enter.isAccepted()
    QApplication.sendEvent(view.viewport(), QDropEvent(QPointF(at), action, mime, buttons, keys))


def test_setup_choices_by_drag_load_and_leave_in_hot_seat(qtbot, tmp_path: Path) -> None:
    win = open_sample(qtbot, tmp_path / "steppe")
    workspace = win.rulesets.workspace
    assert workspace is not None
    dock = workspace.docks["tgx_testplay"]
    assert isinstance(dock, TgxTestPlayDock)
    dock.show()
    assert dock.setup_box.isChecked()  # set up by hand unless the tester said otherwise
    dock.setup_box.setChecked(False)
    assert str(settings().value(SETUP_KEY)).lower() == "false"  # remembered
    dock.setup_box.setChecked(True)
    assert dock.screen_box.isChecked()
    dock.mode.setCurrentIndex(0)  # hot-seat
    dock.start_button.click()
    assert dock.session is not None
    game = dock.session.game
    panel, view = dock.setup_panel, workspace.view
    names = {name: spot for spot, name in game.state.board.names.items()}
    assert dock.curtain is not None
    assert not dock.curtain.is_down  # the first side sits at the screen

    assert panel.choice() == ("unit", "sov.1rc")
    _drop(view, panel, names["B B3"])  # dragged out of its area: refused, with the sentence
    assert "outside sov.1rc's setup area" in dock.refusal.text()
    assert game.unit("sov.1rc").hex is None
    _drop(view, panel, names["A D3"])
    assert game.unit("sov.1rc").hex == names["A D3"]

    assert panel.choose(("marker", (1, None)))  # the allotted minefield
    _click(view, names["A E2"])
    assert names["A E2"] in game.state.counters.mines
    assert panel._sees_mines(Side.ALLIED)
    assert panel.choose(("marker", (0, None)))  # the two improved positions
    assert panel.more.leave_button.isEnabled()
    panel.more.leave_button.click()
    assert _log(dock)[-1] == "allied leaves 2 allotted improved position unplaced [003 8.0]"
    panel.rest_button.click()
    panel.finish_button.click()

    # the Germans set up: the board is covered until their player says they sit at the screen
    assert game.acting is Side.AXIS
    assert dock.curtain.is_down
    assert "Axis" in dock.curtain.button.text()
    assert "Setup, step 2 of 2: Axis sets up" in dock.curtain.label.text()
    dock.curtain.button.click()
    assert not dock.curtain.is_down
    assert not panel._sees_mines(Side.ALLIED)  # the Soviet minefield is noted secretly

    assert panel.choose(("unit", "ger.gren1"))
    assert "ger.gren1 — riding on ger.ht1" in [
        panel.choices.item(i).text() for i in range(panel.choices.count())
    ]
    assert set(panel.more.carriers()) == {"ger.opel1"}  # its own carrier aside, no tank
    panel.more.menu.aboutToShow.emit()
    assert [a.text() for a in panel.more.menu.actions()] == [
        "ger.opel1 — to place, empty (1 a load)"
    ]
    assert panel.more.unload_button.isEnabled()
    panel.more.unload_button.click()
    assert game.unit("ger.gren1").carrier is None
    assert panel.choice() == ("unit", "ger.gren1")
    assert panel.more.load("ger.opel1")
    assert game.unit("ger.gren1").carrier == "ger.opel1"
    assert "ger.gren1 — riding on ger.opel1" in [
        panel.choices.item(i).text() for i in range(panel.choices.count())
    ]
    assert panel.choose(("unit", "ger.mg"))
    assert not panel.more.load("ger.1pz")  # given all the same: the engine says why not
    assert "ger.1pz is not a transport [003 5.2]" in dock.refusal.text()
    panel.rest_button.click()
    panel.finish_button.click()
    assert game.phase.value == "activation"
    # in play too: the impulse passes to the other side, the board is covered for its player
    before = game.acting
    if dock.curtain.is_down:
        dock.curtain.button.click()
    dock.pass_button.click()
    assert game.acting is not before
    assert dock.curtain.is_down
    assert f"Turn 1: the {game.acting.value.capitalize()} player's impulse" in (
        dock.curtain.label.text()
    )

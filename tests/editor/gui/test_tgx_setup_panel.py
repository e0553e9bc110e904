"""The setup step of a Tactical GameX test-play in the window (issue 19): the sample set up
partly by hand (a click refused with the rules' sentence, a counter placed, another moved, an
allotted improved position placed, one taken back), the rest placed by the seed, the Germans
set up by the computer in their turn of the order, and the game played on into turn 1."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent

from editor.tactical_gamex.board_view import BoardView
from editor.tactical_gamex.testplay.dock import MODES, TgxTestPlayDock
from engine.tactical_gamex.events import UnitMoved
from schemas.vocabulary import Side
from tests.editor.gui.test_tgx_testplay import _click, _log, _mouse
from tests.editor.gui.tgx_title import open_sample


def _drag(view: BoardView, start: tuple[int, int], end: tuple[int, int]) -> None:
    view.centerOn(view.center(start))
    _mouse(view.viewport(), QEvent.Type.MouseButtonPress, view.mapFromScene(view.center(start)))
    _mouse(view.viewport(), QEvent.Type.MouseMove, view.mapFromScene(view.center(end)))
    _mouse(view.viewport(), QEvent.Type.MouseButtonRelease, view.mapFromScene(view.center(end)))


def test_the_sample_is_set_up_by_hand_then_by_seed_and_played(qtbot, tmp_path: Path) -> None:
    win = open_sample(qtbot, tmp_path / "steppe")
    workspace = win.rulesets.workspace
    assert workspace is not None
    dock = workspace.docks["tgx_testplay"]
    assert isinstance(dock, TgxTestPlayDock)
    dock.show()
    view = workspace.view
    computer_axis = next(i for i, (_t, s) in enumerate(MODES) if s == frozenset({Side.AXIS}))
    dock.mode.setCurrentIndex(computer_axis)
    dock.setup_box.setChecked(True)
    dock.start_button.click()
    assert dock.session is not None
    game = dock.session.game
    panel = dock.setup_panel
    assert panel.isVisible()
    assert dock.impulse_label.text().startswith("Setup: Allied to place, step 1 of 2")
    assert dock.turn_label.text() == "Setup, before turn 1 of 10"
    assert not dock.orders.isVisible()  # no order of play can be given while setting up
    assert panel.choice() == ("unit", "sov.1rc")  # the first counter to place is chosen
    names = {name: spot for spot, name in game.state.board.names.items()}
    assert names["A D3"] in panel.area()  # its area, panel A, is tinted

    _click(view, names["B B3"])  # outside panel A: refused, with the sentence
    assert "outside sov.1rc's setup area" in dock.refusal.text()
    _click(view, names["A D3"])
    assert game.unit("sov.1rc").hex == names["A D3"]
    assert panel.choice() == ("unit", "sov.2rc")  # the next one to place
    assert panel.choose(("unit", "sov.1rc"))  # chosen again, a click moves it
    _click(view, names["A D4"])
    assert game.unit("sov.1rc").hex == names["A D4"]
    assert _log(dock)[-1] == "sov.1rc moves at A D4"
    _drag(view, names["A D4"], names["A E4"])  # dragged on the board
    assert game.unit("sov.1rc").hex == names["A E4"]
    _drag(view, names["A E4"], names["B B3"])  # out of its area: refused, it stays
    assert game.unit("sov.1rc").hex == names["A E4"]
    assert "outside sov.1rc's setup area" in dock.refusal.text()
    assert not dock.pass_button.isEnabled()  # no impulse before turn 1
    assert panel.choose(("marker", (0, None)))  # an allotted improved position
    _click(view, names["A C2"])
    assert names["A C2"] in game.state.counters.improved
    dock.undo_button.click()  # taken back: no die was rolled
    assert names["A C2"] not in game.state.counters.improved

    panel.rest_button.click()
    assert all(game.unit(u).hex is not None for u in ("sov.2rc", "sov.t34a", "sov.scout"))
    assert game.unit("sov.1rc").hex == names["A E4"]  # what was placed by hand stays
    panel.finish_button.click()
    # the computer set up the Germans in their turn of the order; turn 1 began
    assert not panel.isVisible()
    assert game.phase.value == "activation"
    assert game.unit("ger.1pz").hex is not None
    assert game.acting is Side.ALLIED  # the computer's Germans had the first impulse
    assert dock.impulse_label.text().startswith("Impulse: Allied to act")
    assert dock.turn_label.text() == "Turn 1 of 10"
    assert dock.orders.isVisible()
    assert any("axis has finished" in line for line in _log(dock))
    # and play goes on: a Soviet T-34 moves by the board's play tool
    tank = game.unit("sov.t34a")
    assert tank.hex is not None
    _click(view, tank.hex)
    reach = workspace.player.marks.reach
    assert reach
    _click(view, max(reach, key=lambda h: (reach[h], h)))
    assert any(isinstance(e, UnitMoved) and e.unit == "sov.t34a" for e in game.log)

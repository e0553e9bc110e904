"""Against the computer in the main window: a side set to Computer on the Test-play panel's
Players tab plays its turn with its counters selected on the map one by one, F8 pauses and
Shift+F8 stops it, there is no hot-seat curtain under Fog of War, and a saved test-play opens
with the same players."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest

from editor.main_window import MainWindow
from editor.shortcuts import clashes
from editor.testplay.computer_turns import Speed
from editor.testplay.play_settings import TestPlaySettings
from editor.widgets.wheel_guard import takes_wheel_only_when_focused
from engine.panzer_campaigns.orders import EndPlayerTurn


def _key(window: MainWindow, keys: str) -> None:
    window.activateWindow()
    sequence = QKeySequence(keys)[0]
    QTest.keyClick(window, sequence.key(), sequence.keyboardModifiers())


def test_a_side_set_to_computer_plays_while_the_tester_watches_and_stops_it(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    controller = window.testplay
    assert controller.start(settings=TestPlaySettings(seed=2, fog_of_war=True))
    session = controller.session
    bar = controller.dock.players_bar
    first = session.game.phasing
    assert controller.turns is not None
    assert not bar.corner.isVisibleTo(controller.dock)  # hot seat: the tabs as they were
    assert bar.pause_action in controller.menu_actions()
    assert clashes(window) == {}
    assert all(takes_wheel_only_when_focused(box) for box in bar.findChildren(type(bar.speed_box)))
    selected: list[object] = []
    window.selection.hex_changed.connect(selected.append)

    bar.speed_box.setCurrentIndex(list(Speed).index(Speed.SLOW))
    bar.player_boxes[first].setCurrentText("Computer")
    assert session.settings.computer_sides == {first}
    assert bar.corner.isVisibleTo(controller.dock)
    qtbot.waitUntil(lambda: len(session.orders) >= 1, timeout=30000)
    assert session.viewer is not first  # the tester sees what their side may know
    assert window.statusBar().currentMessage().startswith(f"{first.value.capitalize()} computer")
    _key(window, bar.pause_action.shortcut().toString())  # F8
    assert controller.turns.is_paused
    assert bar.pause_action.text() == "&Resume Computer"
    held = len(session.orders)
    qtbot.wait(200)
    assert len(session.orders) == held
    _key(window, bar.stop_action.shortcut().toString())  # Shift+F8
    assert not controller.turns.is_running
    assert session.game.phasing is not first  # the tester's side is to move
    assert session.orders[-1] == EndPlayerTurn()
    assert controller.end_turn_action.isEnabled()
    assert not controller.turns.is_paused  # the computer plays its next turn when this one ends
    assert bar.pause_action.text() == "&Pause Computer"
    assert not controller.curtain.is_down  # nobody to pass the screen to
    controller.turns.showing.emit((40, 50))  # an order the tester may see: its counter
    assert selected[-1] == (40, 50)

    path = tmp_path / "against.testplay.yaml"
    assert controller.save_session(path)
    controller.stop()
    assert controller.open_session(path)
    assert controller.session.settings.computer_sides == {first}
    assert bar.player_boxes[first].currentText() == "Computer"
    assert bar.player_boxes[session.game.phasing].currentText() == "Human"

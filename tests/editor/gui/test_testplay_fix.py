"""From test to fix in the window: Ctrl+Z takes back a move in test-play and undoes edits
outside it, a log entry leads to the scenario element behind it, the last test-play replays on
the fixed scenario, and the game's positions are copied to the scenario as one undo step."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from editor.commands import SetValue
from editor.main_window import MainWindow
from editor.selection import Focus
from editor.testplay.session import TestPlaySession
from engine.panzer_campaigns.events import Arrived
from engine.panzer_campaigns.orders import EndPlayerTurn
from schemas.io import FileKind

Offset = tuple[int, int]


def _session(window: MainWindow) -> TestPlaySession:
    assert window.testplay.start()
    session = window.testplay.session
    assert session is not None
    return session


def _move_farthest(session: TestPlaySession) -> tuple[str, list[Offset]]:
    game = session.game
    for unit in game.iter_units(game.phasing):
        moves = game.legal_moves(unit.id)
        if moves and unit.id in {p.unit for p in session.scenario.placements}:
            path = game.path_to(unit.id, max(moves, key=lambda hex_: moves[hex_]))
            session.move(unit.id, path)
            return unit.id, path
    raise AssertionError("no placed unit of the side to move can move")


def test_ctrl_z_takes_back_a_move_in_test_play_and_undoes_edits_outside(
    qtbot, window: MainWindow
) -> None:
    document = window.document
    document.push(SetValue(document, FileKind.SCENARIO, ("header", "turns"), 30, "Set Turns"))
    session = _session(window)
    unit_id, path = _move_farthest(session)
    assert window.testplay.take_back_action.isEnabled()

    QTest.keyClick(window.map_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)

    assert session.game.offset_of(session.game.unit(unit_id).hex) == path[0]
    assert document.scenario.header.turns == 30  # the scenario's edit is still there
    assert "Took back" in window.testplay.dock.message.text()
    window.testplay.stop()

    QTest.keyClick(window.map_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)

    assert document.scenario.header.turns != 30


def test_ctrl_e_ends_the_player_turn(window: MainWindow) -> None:
    session = _session(window)
    side = session.game.phasing
    QTest.keyClick(window.map_view, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert session.game.phasing is not side
    assert session.orders == [EndPlayerTurn()]


def test_a_log_entry_leads_to_its_reinforcement_and_the_test_replays_after_the_fix(
    qtbot, window: MainWindow
) -> None:
    document = window.document
    session = _session(window)
    unit_id, path = _move_farthest(session)
    while not any(
        isinstance(e, Arrived) and e.reinforcement == "5fjd-guns" for e in session.game.log
    ):
        session.end_player_turn()
    turn, side = session.game.turn, session.game.phasing
    dock = window.testplay.dock
    row = next(
        number
        for number, event in enumerate(session.game.log)
        if isinstance(event, Arrived) and event.reinforcement == "5fjd-guns"
    )

    focus = dock.row_focus(dock.log_view, row)
    assert focus == Focus(
        FileKind.SCENARIO, ("reinforcements", focus.path[1]), object_id="5fjd-guns"
    )
    dock.fix_requested.emit(focus)

    assert not window.testplay.is_running
    assert window.map_view.document is document
    table = window.docks["schedule"].views[0].table
    assert table.currentIndex().row() == focus.path[1]
    assert "Shift+F5" in window.statusBar().currentMessage()

    # The fix: the reinforcement comes later (turn 6, 16:00); the replay shows the game with it.
    index = focus.path[1]
    later = datetime(1944, 12, 18, 16, 0)
    document.push(
        SetValue(document, FileKind.SCENARIO, ("reinforcements", index, "at"), later, "Set Time")
    )
    assert window.testplay.replay_last_action.isEnabled()
    window.testplay.replay_last_action.trigger()
    replayed = window.testplay.session
    assert replayed is not None
    qtbot.waitUntil(lambda: not replayed.is_busy, timeout=30_000)

    assert (replayed.game.turn, replayed.game.phasing) == (turn, side)
    assert replayed.game.offset_of(replayed.game.unit(unit_id).hex) == path[-1]
    assert not any(
        isinstance(e, Arrived) and e.reinforcement == "5fjd-guns" for e in replayed.game.log
    )


def test_a_problem_double_clicked_in_test_play_is_shown_in_the_scenario(
    qtbot, window: MainWindow
) -> None:
    _session(window)
    focus = Focus(FileKind.SCENARIO, ("objectives", 0, "hex"))
    window.selection.request_focus(focus)
    qtbot.waitUntil(lambda: not window.testplay.is_running)
    table = window.docks["objectives"].views[0].table
    assert table.currentIndex().row() == 0


def test_copy_positions_places_the_units_where_they_stand_as_one_undo_step(
    window: MainWindow,
) -> None:
    document = window.document
    steps = document.undo_stack.count()
    session = _session(window)
    unit_id, path = _move_farthest(session)
    before = next(p for p in document.scenario.placements if p.unit == unit_id)

    window.testplay.copy_positions_action.trigger()

    assert not window.testplay.is_running
    placed = next(p for p in document.scenario.placements if p.unit == unit_id)
    assert tuple(placed.hex) == path[-1]
    assert placed.mode == session.game.unit(unit_id).mode
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == "Copy Test-play Positions"
    assert "Copied 1 unit position to the scenario" in window.statusBar().currentMessage()
    document.undo_stack.undo()
    assert next(p for p in document.scenario.placements if p.unit == unit_id) == before


def test_a_saved_test_play_opens_where_it_was_and_its_log_exports(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    session = _session(window)
    unit_id, path = _move_farthest(session)
    session.end_player_turn()
    session.end_player_turn()
    turn, log = session.game.turn, list(session.game.log)
    saved = tmp_path / "evening.testplay.yaml"
    assert window.testplay.save_session(saved)
    assert window.testplay.export_log(tmp_path / "evening.csv")
    with (tmp_path / "evening.csv").open(encoding="utf-8") as exported:
        assert sum(1 for _ in exported) == len(log) + 1  # a heading, then one row an event
    window.testplay.stop()

    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _w, _t, text: told.append(text))
    assert window.testplay.open_session(saved)
    opened = window.testplay.session
    assert opened is not None
    qtbot.waitUntil(lambda: not opened.is_busy, timeout=30_000)

    assert told == []  # the same scenario, unchanged: nothing to warn about
    assert opened.game.turn == turn
    assert opened.game.log == log
    assert opened.game.offset_of(opened.game.unit(unit_id).hex) == path[-1]


def test_opening_a_test_play_of_a_changed_scenario_says_what_changed(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    _session(window)
    saved = tmp_path / "before.testplay.yaml"
    window.testplay.save_session(saved)
    window.testplay.stop()
    document = window.document
    document.push(SetValue(document, FileKind.SCENARIO, ("header", "turns"), 30, "Set Turns"))

    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _w, _t, text: told.append(text))
    assert window.testplay.open_session(saved)

    assert told == [
        "Changed since it was saved: scenario. Its orders are replayed on the scenario as it "
        "is now."
    ]


def test_a_broken_test_play_file_is_refused_with_its_line(
    window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    broken = tmp_path / "broken.testplay.yaml"
    broken.write_text("format_version: 2\nscenario: x.scenario.yaml\norders: [{kind: attack}]\n")
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _w, _t, text: warned.append(text))

    assert not window.testplay.open_session(broken)

    assert not window.testplay.is_running
    assert "broken.testplay.yaml" in warned[0]
    assert "broken.testplay.yaml:3:" in warned[0]


def test_a_new_test_play_keeps_the_last_seed_and_replay_needs_the_same_scenario(
    window: MainWindow, stoumont: Path
) -> None:
    session = _session(window)
    window.testplay.dock.settings_bar.seed_spin.setValue(77)
    window.testplay.dock.settings_bar.restart()
    assert session.seed == 77
    window.testplay.stop()
    assert window.testplay.replay_last_action.isEnabled()

    assert _session(window).seed == 77
    window.testplay.stop()

    assert window.open_path(stoumont)
    assert not window.testplay.replay_last_action.isEnabled()

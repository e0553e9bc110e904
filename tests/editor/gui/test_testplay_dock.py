"""The Test-play dock: a tester reads where the game stands, ends player turns, advances to a
turn, watches an objective change hands and an arrival come on, filters the log and jumps to an
event's hex, and restarts with a new seed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from editor.document import Document
from editor.selection import Focus, Selection
from editor.testplay.dock import TestPlayDock
from editor.testplay.session import TestPlaySession
from engine.panzer_campaigns.events import Arrived
from schemas.vocabulary import OptionalRule


@pytest.fixture
def session(qapp, document: Document) -> TestPlaySession:
    return TestPlaySession.start(document, seed=1)


@pytest.fixture
def dock(qtbot, selection: Selection, session: TestPlaySession) -> TestPlayDock:
    widget = TestPlayDock(selection)
    qtbot.addWidget(widget)
    widget.set_session(session)
    widget.resize(440, 720)
    widget.show()
    return widget


def _click(qtbot, button) -> None:
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _rows(model, column: int) -> list[str]:
    return [model.index(row, column).data() for row in range(model.rowCount())]


def test_the_models_pass_the_tester_with_and_without_a_session(
    qtmodeltester, dock: TestPlayDock, session: TestPlaySession
) -> None:
    for model in (dock.objectives_model, dock.arrivals_model, dock.log_model, dock.log_proxy):
        qtmodeltester.check(model)
    session.end_player_turn()
    qtmodeltester.check(dock.log_model)
    dock.set_session(None)
    for model in (dock.objectives_model, dock.arrivals_model, dock.log_model):
        assert model.rowCount() == 0
        qtmodeltester.check(model)
    assert dock.side_label.text() == "No test-play running"
    assert not dock.end_turn_button.isEnabled()
    assert not dock.settings_bar.restart_button.isEnabled()


def test_the_state_of_the_game_and_ending_player_turns(
    qtbot, dock: TestPlayDock, session: TestPlaySession
) -> None:
    assert "Axis" in dock.side_label.text()
    assert dock.turn_label.text() == "1 of 42"
    assert dock.time_label.text() == "Mon 18 Dec 1944, 06:00 (night)"
    assert dock.weather_label.text().startswith("Soft, no storm, visibility 3 hexes")
    assert dock.score_label.text() == session.game.score().describe()
    assert dock.log_model.rowCount() == len(session.game.log)

    _click(qtbot, dock.end_turn_button)
    assert "Allied" in dock.side_label.text()
    assert dock.turn_label.text() == "1 of 42"
    _click(qtbot, dock.end_turn_button)
    assert "Axis" in dock.side_label.text()
    assert dock.turn_label.text() == "2 of 42"
    assert dock.time_label.text() == "Mon 18 Dec 1944, 08:00 (dawn)"
    assert dock.log_model.rowCount() == len(session.game.log)
    assert dock.target_spin.minimum() == 3


def test_advance_to_a_turn_then_the_arrival_and_the_log(
    qtbot, dock: TestPlayDock, session: TestPlaySession, selection: Selection
) -> None:
    arrivals = _rows(dock.arrivals_model, 1)
    assert arrivals[0] == "5fjd-guns"
    assert _rows(dock.arrivals_model, 0)[0] == "3"
    assert _rows(dock.arrivals_model, 3)[0] == "[74, 64]"

    dock.target_spin.setValue(4)
    _click(qtbot, dock.advance_button)
    assert dock.advance_button.text() == "Stop"
    assert not dock.end_turn_button.isEnabled()
    assert not dock.settings_bar.restart_button.isEnabled()
    qtbot.waitUntil(lambda: not session.is_busy)
    assert dock.turn_label.text() == "4 of 42"
    assert dock.advance_button.text() == "Advance to"
    assert dock.end_turn_button.isEnabled()
    assert "5fjd-guns" not in _rows(dock.arrivals_model, 1)
    assert dock.log_model.rowCount() == len(session.game.log)

    dock.log_filter.setText("5FJD-GUNS arrived")
    assert dock.log_proxy.rowCount() == 1
    event = next(e for e in session.game.log if isinstance(e, Arrived))
    index = dock.log_proxy.index(0, 1)
    assert index.data() == event.describe()
    assert dock.log_proxy.index(0, 2).data() == "[74, 64]"
    dock.log_view.scrollTo(index)
    rect = dock.log_view.visualRect(index)
    viewport = dock.log_view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=rect.center())
    with qtbot.waitSignal(selection.focus_requested) as focus:
        qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=rect.center())
    assert focus.args == [Focus(hex=(74, 64))]
    assert selection.hex == (74, 64)
    dock.log_filter.clear()
    assert dock.log_proxy.rowCount() == len(session.game.log)


def test_an_objective_changes_hands_and_the_score_follows(
    qtbot, dock: TestPlayDock, session: TestPlaySession
) -> None:
    game = session.game
    row = _rows(dock.objectives_model, 0).index("Noville")
    assert dock.objectives_model.index(row, 2).data() == "Allied"
    score_before = dock.score_label.text()
    unit_id = "de.2pzd.pgr2.2bn"
    target = dock.objectives_model.hex_at(row)
    assert target is not None
    road = game.path_to(unit_id, target, this_turn=False)
    game.state.put(game.unit(unit_id), game.hex_of(road[-3]))  # a day's march, skipped

    session.move(unit_id, game.path_to(unit_id, target))

    assert dock.objectives_model.index(row, 2).data() == "Axis"
    assert dock.score_label.text() != score_before
    assert dock.score_label.text() == game.score().describe()
    assert "axis 200" in dock.score_label.text()
    assert dock.log_model.index(dock.log_model.rowCount() - 1, 1).data() == (
        "axis captured objective noville"
    )


def test_restart_and_restart_with_a_new_seed(
    qtbot, dock: TestPlayDock, session: TestPlaySession
) -> None:
    _click(qtbot, dock.end_turn_button)
    _click(qtbot, dock.end_turn_button)
    assert dock.turn_label.text() == "2 of 42"

    _click(qtbot, dock.settings_bar.new_seed_button)
    assert dock.turn_label.text() == "1 of 42"
    assert session.seed == dock.settings_bar.seed_spin.value() != 1
    assert dock.log_model.rowCount() == len(session.game.log)
    assert "Axis" in dock.side_label.text()

    dock.settings_bar.seed_spin.setValue(42)
    _click(qtbot, dock.settings_bar.restart_button)
    assert session.seed == 42
    assert session.game.state.seed == 42


def test_rules_chosen_in_the_bar_wait_for_the_restart(
    qtbot, dock: TestPlayDock, session: TestPlaySession, document: Document
) -> None:
    bar = dock.settings_bar
    actions = {action.text(): action for action in bar.rules_menu.actions()}
    assert "Locking ZOC" in actions
    assert actions["Fog of War"].isChecked() is False
    assert not actions["Locking ZOC"].isChecked()

    actions["Locking ZOC"].setChecked(True)
    assert "Changed" in bar.rules_text.text()
    assert not session.game.state.is_rule_on(OptionalRule.LOCKING_ZOC)

    _click(qtbot, bar.restart_button)

    assert session.game.state.is_rule_on(OptionalRule.LOCKING_ZOC)
    assert OptionalRule.LOCKING_ZOC not in document.scenario.header.optional_rules
    assert "Changed" not in bar.rules_text.text()
    assert "Locking ZOC" in bar.rules_text.text()


def test_take_back_moves_the_unit_back_and_shortens_the_log(
    qtbot, dock: TestPlayDock, session: TestPlaySession
) -> None:
    assert not dock.take_back_button.isEnabled()
    game = session.game
    unit = next(u for u in game.iter_units(game.phasing) if game.legal_moves(u.id))
    start = game.offset_of(unit.hex)
    moves = game.legal_moves(unit.id)
    session.move(unit.id, game.path_to(unit.id, max(moves, key=moves.__getitem__)))

    _click(qtbot, dock.take_back_button)

    assert game.offset_of(game.unit(unit.id).hex) == start
    assert dock.log_model.rowCount() == len(game.log)
    assert dock.message.text().startswith(f"Took back: move {unit.id} to ")
    assert not dock.take_back_button.isEnabled()
    assert "no move of this player turn" in dock.take_back_button.toolTip()

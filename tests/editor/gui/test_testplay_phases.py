"""Phased test-play [000 13.3]: with Manual Defensive Fire switched on for a test-play, the panel
names the phase, End Player Turn becomes End Phase on the same key, moves are refused outside the
Movement Phase, Automatic Defensive Fire can be chosen only with it and plays the Defensive Fire
Phase, and a saved phased test-play opens, and `hexwright replay` replays, at the same phase."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from editor.cli import main
from editor.main_window import MainWindow
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.session_file import load_record
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.orders import EndPhase
from engine.panzer_campaigns.phases import Step
from schemas.vocabulary import OptionalRule
from tests.editor.gui.windows import opened_window

MANUAL = frozenset({OptionalRule.MANUAL_DEFENSIVE_FIRE})


@pytest.fixture
def window(qtbot, ardennes: Path) -> MainWindow:
    win = opened_window(qtbot, ardennes, show=False)
    return win


def test_the_panel_and_the_play_menu_walk_the_phases(qtbot, window: MainWindow) -> None:
    controller = window.testplay
    assert controller.start(settings=TestPlaySettings(1, MANUAL))
    session = controller.session
    assert session is not None
    dock = controller.dock
    assert dock is not None
    assert dock.turn_label.text() == "1 of 42 · Axis Movement"
    assert "Axis" in dock.side_label.text()
    action = controller.end_turn_action
    assert action.text() == "&End Phase"
    assert action.shortcut() == QKeySequence("Ctrl+E")
    assert dock.end_turn_button.text() == "End Phase"

    game = session.game
    mover = next(u for u in game.iter_units(game.phasing) if game.legal_moves(u.id))
    action.trigger()
    assert dock.turn_label.text() == "1 of 42 · Allied Defensive Fire"
    assert "Allied" in dock.side_label.text()  # the defender gives the orders now
    with pytest.raises(IllegalMove, match="is axis; it is the Allied Defensive Fire Phase"):
        session.move(mover.id, [game.offset_of(mover.hex)])
    qtbot.mouseClick(dock.end_turn_button, Qt.MouseButton.LeftButton)
    assert dock.turn_label.text() == "1 of 42 · Axis Offensive Fire"
    assert session.orders == [EndPhase(), EndPhase()]

    controller.stop()
    assert action.text() == "&End Player Turn"


def test_automatic_defensive_fire_is_chosen_with_manual_and_the_engine_plays_it(
    window: MainWindow,
) -> None:
    controller = window.testplay
    assert controller.start(settings=TestPlaySettings(1))
    dock = controller.dock
    assert dock is not None
    bar = dock.settings_bar
    manual = bar._rule_actions[OptionalRule.MANUAL_DEFENSIVE_FIRE]
    automatic = bar._rule_actions[OptionalRule.AUTOMATIC_DEFENSIVE_FIRE]
    assert not automatic.isEnabled()  # "an additional Optional Rule" [000 13.3]
    manual.setChecked(True)
    assert automatic.isEnabled()
    automatic.setChecked(True)
    assert "Changed" in bar.rules_text.text()
    bar.restart()
    session = controller.session
    assert session is not None
    assert session.settings.optional_rules == MANUAL | {OptionalRule.AUTOMATIC_DEFENSIVE_FIRE}
    controller.end_turn_action.trigger()
    # The engine fired the Allied defenders and ended their phase.
    phase = session.game.phase
    assert phase is not None
    assert phase.step is Step.OFFENSIVE_FIRE
    assert dock.turn_label.text() == "1 of 42 · Axis Offensive Fire"


def test_a_saved_phased_test_play_opens_at_the_same_phase(
    qtbot, window: MainWindow, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    controller = window.testplay
    assert controller.start(settings=TestPlaySettings(5, MANUAL))
    session = controller.session
    assert session is not None
    for _ in range(3):
        controller.end_turn_action.trigger()
    assert controller.dock is not None
    assert controller.dock.turn_label.text() == "1 of 42 · Axis Assault"
    log = [event.describe() for event in session.game.log]
    path = tmp_path / "phased.testplay.yaml"
    assert controller.save_session(path)
    record = load_record(path)
    assert [order.kind for order in record.orders] == ["end_phase"] * 3
    assert OptionalRule.MANUAL_DEFENSIVE_FIRE in record.settings.optional_rules

    capsys.readouterr()
    assert main(["replay", str(path)]) == 0  # `hexwright replay` plays the phases too
    report = capsys.readouterr().out
    assert "Reached turn 1 of 42, the Axis Assault Phase" in report
    assert "Allied Defensive Fire Phase" in report
    assert "Replayed 3 of 3 orders" in report

    controller.stop()
    assert controller.open_session(path)
    replayed = controller.session
    assert replayed is not None
    qtbot.waitUntil(lambda: not replayed.is_replaying)
    assert controller.dock.turn_label.text() == "1 of 42 · Axis Assault"
    assert [event.describe() for event in replayed.game.log] == log

"""Opportunity Fire in the test-play window: on by default in the Rules menu, and in Panzer
Battles a dialog of N/S/M/L settings per side and unit type [001 "Opportunity Fire"], which
waits for the restart, plays in the engine and is saved in the test-play record."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import Qt

from editor.cli import main
from editor.document import Document
from editor.selection import Selection
from editor.testplay.dock import TestPlayDock
from editor.testplay.op_fire_dialog import OpFireDialog
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.session import TestPlaySession
from editor.testplay.session_file import (
    load_record,
    record_of,
    record_path_for,
    save_record,
    settings_of,
)
from engine.panzer_campaigns.combat.events import OpportunityFire
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.play_options import OpFireRange, PlayOptions
from engine.panzer_campaigns.report import event_to_json
from schemas.panzer_campaigns.oob import Component
from schemas.title import ScenarioBundle, load_scenario
from schemas.vocabulary import Side


def _dock(qtbot, selection: Selection, session: TestPlaySession) -> TestPlayDock:
    widget = TestPlayDock(selection)
    qtbot.addWidget(widget)
    widget.set_session(session)
    widget.show()
    return widget


def _actions(dock: TestPlayDock) -> dict[str, object]:
    return {action.text(): action for action in dock.settings_bar.rules_menu.actions()}


def test_opportunity_fire_is_on_for_a_new_test_play_and_can_be_turned_off(
    qtbot, qapp, document: Document, selection: Selection
) -> None:
    session = TestPlaySession.start(document, seed=1)
    assert session.game.state.options.opportunity_fire
    dock = _dock(qtbot, selection, session)
    actions = _actions(dock)
    assert actions["Opportunity Fire"].isChecked()  # type: ignore[attr-defined]
    assert "Opportunity Fire Settings…" not in actions  # Panzer Campaigns has no such dialog
    actions["Opportunity Fire"].setChecked(False)  # type: ignore[attr-defined]
    assert "Changed" in dock.settings_bar.rules_text.text()
    qtbot.mouseClick(dock.settings_bar.restart_button, Qt.MouseButton.LeftButton)
    assert not session.game.state.options.opportunity_fire


def test_panzer_battles_settings_wait_for_the_restart_play_and_are_saved(
    qtbot, qapp, stoumont: Path, selection: Selection, tmp_path: Path
) -> None:
    document = Document.open(stoumont)
    session = TestPlaySession.start(document, seed=1)
    dock = _dock(qtbot, selection, session)
    assert "Opportunity Fire Settings…" in _actions(dock)
    dialog = dock.settings_bar.edit_op_fire_ranges()
    assert isinstance(dialog, OpFireDialog)
    dialog.set_range(Side.AXIS, Component.MEN, Component.VEHICLES, OpFireRange.SHORT)
    dialog.set_range(Side.ALLIED, Component.VEHICLES, Component.MEN, OpFireRange.NONE)
    dialog.accept()
    options = session.game.state.options
    assert options.op_fire_range(Side.AXIS, Component.MEN, Component.VEHICLES) is OpFireRange.LONG
    assert "Changed" in dock.settings_bar.rules_text.text()

    qtbot.mouseClick(dock.settings_bar.restart_button, Qt.MouseButton.LeftButton)

    options = session.game.state.options
    assert options.op_fire_range(Side.AXIS, Component.MEN, Component.VEHICLES) is OpFireRange.SHORT
    assert options.op_fire_range(Side.ALLIED, Component.VEHICLES, Component.MEN) is OpFireRange.NONE
    assert options.op_fire_range(Side.AXIS, Component.MEN, Component.MEN) is OpFireRange.LONG
    path = tmp_path / "stoumont.testplay.yaml"
    save_record(record_of(session, path), path)
    text = path.read_text(encoding="utf-8")
    assert "opportunity_fire: true" in text
    assert "setting: S" in text
    assert settings_of(load_record(path)) == session.settings
    document.undo_stack.clear()


def test_the_dialog_shows_the_settings_it_was_given(qapp) -> None:
    given = ((Side.ALLIED, Component.GUNS, Component.VEHICLES, OpFireRange.MEDIUM),)
    dialog = OpFireDialog(given)
    assert dialog.ranges() == given
    box = dialog.boxes[(Side.ALLIED, Component.GUNS, Component.VEHICLES)]
    assert box.currentText().startswith("M (Medium)")


def _fire_with_return_fire(bundle: ScenarioBundle) -> tuple[TestPlaySettings, Game]:
    """A game of The Road to Bastogne in which a unit's fire drew opportunity fire."""
    for seed in range(1, 40):
        settings = TestPlaySettings(seed)
        game = settings.new_game(bundle)
        firer = next(u.id for u in game.iter_units(game.phasing) if game.fire_targets(u.id))
        events = game.fire(firer, next(iter(game.fire_targets(firer))))
        if any(isinstance(e, OpportunityFire) for e in events):
            game.end_player_turn()
            return settings, game
    raise AssertionError("no seed drew opportunity fire")


@dataclass
class Played:
    bundle: ScenarioBundle
    settings: TestPlaySettings
    game: Game


def test_hexwright_replay_reports_opportunity_fire(ardennes: Path, capsys) -> None:
    bundle = load_scenario(ardennes)
    settings, game = _fire_with_return_fire(bundle)
    path = record_path_for(ardennes)
    save_record(record_of(Played(bundle, settings, game), path), path)

    assert main(["replay", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["events"] == [event_to_json(e) for e in game.log]
    assert "OpportunityFire" in [event["type"] for event in result["events"]]

    assert main(["replay", str(path)]) == 0
    assert "opportunity fire as " in capsys.readouterr().out


def test_a_record_saved_before_opportunity_fire_replays_without_it(ardennes: Path, capsys) -> None:
    bundle = load_scenario(ardennes)
    settings, game = _fire_with_return_fire(bundle)
    path = record_path_for(ardennes)
    save_record(record_of(Played(bundle, settings, game), path), path)
    # The record as an older Hexwright wrote it: no opportunity fire fields at all.
    old = [
        line
        for line in path.read_text(encoding="utf-8").splitlines()
        if not line.strip().startswith(("opportunity_fire:", "move_by_knowledge:", "op_fire:"))
    ]
    path.write_text("\n".join(old) + "\n", encoding="utf-8")
    assert settings_of(load_record(path)).play_options() == PlayOptions()

    assert main(["replay", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    # The test-play's own rules (the record's), on an engine without opportunity fire.
    before = replace(settings, opportunity_fire=False).new_game(bundle)
    for order in game.orders:
        before.apply(order)
    assert result["events"] == [event_to_json(e) for e in before.log]
    assert "OpportunityFire" not in [event["type"] for event in result["events"]]


def test_take_back_says_a_move_that_drew_opportunity_fire_cannot_be_taken_back(
    qapp, document: Document
) -> None:
    session = TestPlaySession.start(document, seed=1)
    game = session.game
    enemy_hexes = {u.hex for u in game.iter_units() if u.side is not game.phasing}
    board = game.state.board
    for unit in list(game.iter_units(game.phasing)):
        for hex_, _cost in sorted(game.legal_moves(unit.id).items()):
            index = game.hex_of(hex_)
            if not any(n in enemy_hexes for n in board.neighbors[6 * index : 6 * index + 6]):
                continue
            events = session.move(unit.id, game.path_to(unit.id, hex_))
            if any(isinstance(e, OpportunityFire) for e in events):
                assert not session.can_undo
                assert "drew opportunity fire" in (session.undo_refusal() or "")
                return
            session.undo()
    raise AssertionError("no move drew opportunity fire")

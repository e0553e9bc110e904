"""Opportunity Fire in the test-play window: on by default in the Rules menu, and in Panzer
Battles a dialog of N/S/M/L settings per side and unit type [001 "Opportunity Fire"], which
waits for the restart, plays in the engine and is saved in the test-play record."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from editor.document import Document
from editor.selection import Selection
from editor.testplay.dock import TestPlayDock
from editor.testplay.op_fire_dialog import OpFireDialog
from editor.testplay.session import TestPlaySession
from editor.testplay.session_file import load_record, record_of, save_record, settings_of
from engine.play_options import OpFireRange
from schemas.oob import Component
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

"""Test-play in the window: start from the document as it is, play, stop, and find the
document exactly as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.commands import SetValue
from editor.main_window import MainWindow
from schemas.io import FileKind, dump_text
from tests.editor.gui.windows import opened_window


@pytest.fixture
def window(qtbot, ardennes: Path) -> MainWindow:
    win = opened_window(qtbot, ardennes, show=False)
    return win


def test_test_play_leaves_the_scenario_exactly_as_it_was(window: MainWindow) -> None:
    document = window.document
    # An unsaved edit: test-play plays what is on screen, saved or not.
    document.push(SetValue(document, FileKind.SCENARIO, ("header", "turns"), 30, "Set Turns"))
    before = {slot.kind: dump_text(slot.model) for slot in document.slots()}
    steps = document.undo_stack.count()

    window.testplay_action.trigger()
    session = window.testplay.session
    assert session is not None
    assert window.map_view.document is session.shadow
    assert "Test-play" in window.windowTitle()
    assert not window.docks["unit"].isEnabled()
    assert not window.undo_action.isEnabled()
    assert session.game.state.scenario.header.turns == 30

    game = session.game
    unit = next(u for u in game.iter_units(game.phasing) if game.legal_moves(u.id))
    target = max(game.legal_moves(unit.id).items(), key=lambda item: item[1])[0]
    session.move(unit.id, game.path_to(unit.id, target))
    assert game.offset_of(game.unit(unit.id).hex) == target
    session.end_player_turn()

    window.testplay_action.trigger()
    assert window.testplay.session is None
    assert window.map_view.document is document
    assert window.docks["unit"].isEnabled()
    assert {slot.kind: dump_text(slot.model) for slot in document.slots()} == before
    assert document.undo_stack.count() == steps
    assert window.undo_action.isEnabled()
    assert "Test-play" not in window.windowTitle()


def test_test_play_keeps_the_designers_zoom_and_centre(qtbot, window: MainWindow) -> None:
    window.show()
    qtbot.waitExposed(window)
    view = window.map_view
    view.set_zoom(48)
    view.center_on((30, 60))
    zoom, centre = view.zoom(), view.viewport.center()

    window.testplay_action.trigger()
    assert window.testplay.session is not None
    assert view.zoom() == zoom
    assert view.viewport.center() == centre
    # Looking around while playing: back in the editor the view stays where the designer left
    # it, to fix what the test-play showed there.
    view.center_on((32, 58))
    playing = view.viewport.center()
    window.testplay_action.trigger()
    assert window.testplay.session is None
    assert view.zoom() == zoom
    assert view.viewport.center() == playing

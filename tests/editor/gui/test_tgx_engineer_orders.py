"""The engineers' orders given from the Tactical GameX Test-play panel (issue 19) [003 9.0-9.4]:
clearing a minefield aimed at with a right-click, removing a wreck, and blowing a bridge over
three activations, each previewed with what it does and the die it needs, and refused with the
engine's sentence. The sample situation gets a wreck, and its Pioniere are set up where these
orders apply."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.tactical_gamex.testplay.dock import TgxTestPlayDock
from engine.tactical_gamex.events import EngineerWorked
from engine.tactical_gamex.units import Marker
from schemas.vocabulary import Side
from tests.editor.gui.tgx_play_window import SITUATION, play_window, right_click

MINES = (5, 4)
WRECK = (7, 4)
BRIDGE = (9, 6)
WITH_WRECK = (SITUATION, "markers:\n", "markers:\n  - {kind: wreck, hex: A H5}\n")


@pytest.fixture
def sappers(qtbot, tmp_path: Path) -> TgxTestPlayDock:
    """The Pioniere and their truck on the road between the minefield and the wreck."""
    return _window(qtbot, tmp_path, {"ger.pi": (6, 4), "ger.opel1": (6, 4)})


def _window(qtbot, tmp_path: Path, places: dict[str, tuple[int, int]]) -> TgxTestPlayDock:
    """A hot-seat game of the sample with a wreck at `WRECK` and these units moved."""
    dock = play_window(qtbot, tmp_path, places, WITH_WRECK)
    assert dock.session.game.state.counters.wrecks == {WRECK: 1}
    return dock


def test_clearing_the_minefield_aimed_at(sappers) -> None:
    dock = sappers
    player = dock.player
    game = dock.session.game
    player.choose("ger.pi")
    assert MINES in player.marks.reach  # mines do not stop engineers: a left-click would move
    right_click(dock, MINES)
    assert player.marks.target == MINES
    text = dock.preview.text()
    assert f"Clear: ger.pi moves into the minefield at {MINES}" in text
    assert "no roll" in text
    assert "Remove Wreck: not possible — no wreck at (5, 4)" in text
    dock.more_buttons["Clear"].click()
    assert game.unit("ger.pi").hex == MINES
    assert game.unit("ger.pi").marker is Marker.COMPLETED
    assert game.log[-1] == EngineerWorked(1, "ger.pi", MINES, "clearing begins")
    assert game.state.clearing == {MINES: "ger.pi"}
    # Nothing was rolled: the order is taken back whole.
    dock.undo_button.click()
    assert game.unit("ger.pi").hex == (6, 4)
    assert not game.state.clearing


def test_removing_a_wreck_and_the_engines_refusals(sappers) -> None:
    dock = sappers
    player = dock.player
    game = dock.session.game
    # A tank is no engineer: its preview stays quiet, the button is off and says why.
    player.choose("ger.1pz")
    right_click(dock, MINES)
    assert "Clear" not in dock.preview.text()
    assert not dock.more_buttons["Clear"].isEnabled()
    assert dock.more_buttons["Clear"].toolTip() == "ger.1pz is not an engineer [003 9.0]"

    player.choose("ger.pi")
    player.aim_at(WRECK)
    assert "Remove Wreck: ger.pi removes one wreck at (7, 4), no roll; 0 left" in (
        dock.preview.text()
    )
    assert "Clear: not possible — no minefield or block at (7, 4)" in dock.preview.text()
    dock.more_buttons["Remove Wreck"].click()
    assert WRECK not in game.state.counters.wrecks
    assert game.log[-1] == EngineerWorked(1, "ger.pi", WRECK, "wreck removed")
    # It has acted this turn: the next engineer order is refused as the game refuses it.
    player.choose("ger.pi")
    player.aim_at(MINES)
    assert "Clear: not possible — ger.pi has already acted this turn" in dock.preview.text()


def _to_the_germans_next_turn(dock: TgxTestPlayDock) -> None:
    game = dock.session.game
    turn = game.turn
    while game.turn == turn or game.acting is not Side.AXIS:
        dock.pass_button.click()
    assert not game.is_over


def test_blowing_the_bridge_over_three_activations(qtbot, tmp_path: Path) -> None:
    dock = _window(qtbot, tmp_path, {"ger.pi": BRIDGE, "ger.opel1": (9, 5)})
    player = dock.player
    game = dock.session.game
    player.choose("ger.pi")
    assert not dock.more_buttons["Blow Now"].isEnabled()  # a first attempt rolls after three
    assert "Blow Bridge: action 1 of attempt 1 at (9, 6), no roll: the roll comes after " in (
        dock.preview.text()
    )
    dock.more_buttons["Blow Bridge"].click()
    assert game.state.demolitions[BRIDGE] == ("ger.pi", 1, 1)
    _to_the_germans_next_turn(dock)
    player.choose("ger.pi")
    dock.more_buttons["Blow Bridge"].click()
    assert game.state.demolitions[BRIDGE] == ("ger.pi", 2, 1)
    _to_the_germans_next_turn(dock)
    player.choose("ger.pi")
    player.aim_at((9, 7))  # the hex it leaves to on the third action
    assert (
        "Blow Bridge: action 3 of attempt 1 at (9, 6), then ger.pi leaves to (9, 7) and needs "
        "1-5 on 1d6 (83%)"
    ) in dock.preview.text()
    dock.more_buttons["Blow Bridge"].click()
    assert game.unit("ger.pi").hex == (9, 7)
    # Saved and opened again, the three actions and the roll replay the same.
    saved = dock.session.save(tmp_path / "bridge.tgxplay.yaml")
    assert dock.open_game(str(saved))
    assert [e.describe() for e in dock.session.game.log] == [e.describe() for e in game.log]
    outcome = next(e for e in reversed(game.log) if isinstance(e, EngineerWorked))
    assert outcome.unit == "ger.pi"
    blown = outcome.work.startswith("bridge blown")
    assert blown == (not game.state.bridge_at(BRIDGE))
    assert blown == (BRIDGE in game.state.counters.blocks)

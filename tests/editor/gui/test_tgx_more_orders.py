"""The Test-play panel's orders beyond Move, Fire and Close Assault (issue 19): indirect fire
with a sighter, off-board artillery with its availability and accuracy chances, overrun, load
and unload, each previewed before it is given and refused with the rules' sentence, on the
sample situation with its units set up where these orders apply. The tests choose a unit and
press hexes through the player, as the board's play tool does on a click."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.commands import SetValue
from editor.main_window import MainWindow
from editor.tactical_gamex.forces import counter_path
from editor.tactical_gamex.testplay.dock import TgxTestPlayDock
from engine.tactical_gamex.events import (
    ArtilleryCalled,
    Attacked,
    QuickTimeRolled,
    SpotAttempted,
    Transported,
)
from schemas.io import FileKind
from schemas.vocabulary import Side
from tests.editor.gui.tgx_title import open_sample


@pytest.fixture
def playing(qtbot, tmp_path: Path) -> tuple[MainWindow, TgxTestPlayDock]:
    """A hot-seat game of the sample, the Panzer IV set up next to the T-34 at (12, 2) and the
    Pioniere in their truck's hex."""
    win = open_sample(qtbot, tmp_path / "steppe", show=False)
    workspace = win.rulesets.workspace
    assert workspace is not None
    document = workspace.view.document
    assert document is not None
    board = document.board()
    for unit, spot in (("ger.1pz", (13, 2)), ("ger.pi", (22, 5)), ("ger.opel1", (22, 5))):
        path = (*counter_path(document.situation, unit), "hex")
        document.push(SetValue(document, FileKind.SITUATION, path, board.address_of(*spot), "x"))
    dock = workspace.play_dock
    assert len(document.situation.sides) == 2
    dock.seed.setValue(17)  # the Germans' pool: 5 points; the T-34 set up at (12, 2)
    dock.mode.setCurrentIndex(0)
    dock.setup_box.setChecked(False)  # turn 1 at once: the situation's setup by the seed
    dock.start_button.click()
    assert dock.session is not None
    game = dock.session.game
    assert game.points_left == 5
    assert game.unit("sov.t34a").hex == (12, 2)
    assert game.unit("ger.pi").hex == game.unit("ger.opel1").hex == (22, 5)
    return win, dock


def test_indirect_fire_is_previewed_with_its_sighter_and_given(playing) -> None:
    _win, dock = playing
    player = dock.player
    assert player is not None
    game = dock.session.game
    player.choose("ger.mortar")
    player.hex_pressed((12, 2))
    planned = player.more["Indirect Fire"]
    assert not isinstance(planned, str)
    sighter = planned.order.sighter
    assert game.unit(sighter).side is Side.AXIS
    assert f"{sighter} sighting" in dock.preview.text()
    assert "indirect fire:" in dock.preview.text()
    button = dock.more_buttons["Indirect Fire"]
    assert button.isEnabled()
    button.click()
    assert any(isinstance(e, Attacked) and e.kind == "indirect fire" for e in game.log), (
        dock.refusal.text(),
        [e.describe() for e in game.log],
    )
    assert game.unit(sighter).marker is not None  # the sighter has acted [003 6.4.3]

    # A tank cannot fire indirectly: the button is off and the panel says why.
    player.choose("ger.2pz")
    player.hex_pressed((12, 2))
    assert not dock.more_buttons["Indirect Fire"].isEnabled()
    assert "Indirect Fire: not possible — ger.2pz cannot fire indirectly" in dock.preview.text()


def test_overrun_drives_through_the_aimed_hex(playing, qtbot) -> None:
    win, dock = playing
    player = dock.player
    game = dock.session.game
    # A halftrack may not overrun armour [003 6.4.5]: refused with the rules' sentence.
    player.choose("ger.ht1")
    player.hex_pressed((12, 2))
    assert not dock.more_buttons["Overrun"].isEnabled()
    assert "halftracks may not overrun armoured units" in dock.preview.text()

    player.choose("ger.1pz")
    player.hex_pressed((12, 2))
    planned = player.more["Overrun"]
    assert not isinstance(planned, str), planned
    assert "overrun:" in dock.preview.text()
    assert "column" in dock.preview.text()
    exit_ = planned.order.exits[0]
    dock.more_buttons["Overrun"].click()
    assert any(isinstance(e, Attacked) and e.kind == "overrun" for e in game.log)
    assert game.unit("ger.1pz").hex == exit_

    # The log line of the overrun centres the board on the overrun hex when clicked.
    view = win.rulesets.workspace.view
    view.selected_hex = None
    (line,) = [
        dock.log.item(i) for i in range(dock.log.count()) if "overrun" in dock.log.item(i).text()
    ]
    dock.log.scrollToItem(line)
    at = dock.log.visualItemRect(line).center()
    qtbot.mouseClick(dock.log.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert view.selected_hex == (12, 2)
    plain = dock.log.item(0)  # the impulse's pool: no place, the board stays
    assert plain.data(Qt.ItemDataRole.UserRole) is None


def test_load_and_unload(playing) -> None:
    _win, dock = playing
    player = dock.player
    game = dock.session.game
    player.choose("ger.ht1")
    assert dock.more_buttons["Unload"].isEnabled()
    assert not dock.more_buttons["Load"].isEnabled()
    assert "already carries ger.gren1" in dock.more_buttons["Load"].toolTip()
    dock.more_buttons["Unload"].click()
    assert isinstance(game.log[-1], Transported), [e.describe() for e in game.log]
    assert game.unit("ger.gren1").carrier is None

    player.choose("ger.opel1")
    assert dock.more_buttons["Load"].isEnabled(), dock.more_buttons["Load"].toolTip()
    assert "Load: ger.opel1 takes ger.pi" in dock.preview.text()
    dock.more_buttons["Load"].click()
    assert isinstance(game.log[-1], Transported)
    assert game.unit("ger.opel1").passenger == "ger.pi"
    assert dock.undo_button.isEnabled()  # no die rolled: it may be taken back
    dock.undo_button.click()
    assert game.unit("ger.opel1").passenger is None


def test_artillery_shows_its_chances_and_is_called(playing) -> None:
    _win, dock = playing
    player = dock.player
    game = dock.session.game
    dock.pass_button.click()
    assert game.acting is Side.ALLIED
    target = game.unit("ger.1pz").hex
    player.choose("sov.t34a")
    player.hex_pressed(target)
    planned = player.more["Artillery"]
    assert not isinstance(planned, str), planned
    # 2d6 at or under the Soviet morale 7: 21 of 36
    assert "available 58% (2d6 ≤ 7)" in dock.preview.text()
    dock.more_buttons["Artillery"].click()
    called = [e for e in game.log if isinstance(e, ArtilleryCalled)]
    assert called
    assert called[-1].battery == "sov-122"
    assert called[-1].turn == 1


def test_smoke_and_spot_are_previewed_or_refused(playing) -> None:
    _win, dock = playing
    player = dock.player
    game = dock.session.game
    # The 81 mm mortar alone has 10 AS: smoke needs 25 [003 20.1].
    player.choose("ger.mortar")
    player.hex_pressed((12, 2))
    assert not dock.more_buttons["Smoke"].isEnabled()
    assert "Smoke: not possible — smoke needs at least 25 AS points" in dock.preview.text()

    # A tank lays no smoke at all; it may try to spot the T-34 if it sees it.
    player.choose("ger.2pz")
    player.hex_pressed((12, 2))
    assert "ger.2pz cannot fire smoke" in dock.preview.text()
    # Too far to try a spotting roll [003 6.3.8]: refused with the rules' sentence.
    assert not dock.more_buttons["Spot"].isEnabled()
    assert "Spot: not possible — ger.2pz cannot try to spot (12, 2)" in dock.preview.text()
    player.choose("ger.1pz")
    player.hex_pressed((12, 2))
    # Next to it, the Panzer IV sees the hex without a roll: spotted, and free to fire at it.
    assert "Spot: ger.1pz sees (12, 2) without a roll" in dock.preview.text()
    dock.more_buttons["Spot"].click()
    attempt = game.log[-1]
    assert isinstance(attempt, SpotAttempted)
    assert (attempt.needed, attempt.success) == (0, True)
    assert (12, 2) in game.state.spotted


def test_quick_time_reaches_one_mp_further_then_rolls(playing) -> None:
    _win, dock = playing
    player = dock.player
    game = dock.session.game
    player.choose("ger.pi")
    walking = dict(player.marks.reach)
    dock.quick_box.setChecked(True)
    quick = player.marks.reach
    assert set(quick) - set(walking)  # one MP more reaches further [003 15.0]
    further = min(h for h in quick if h not in walking)
    player.hex_pressed(further)
    assert game.unit("ger.pi").hex == further
    assert any(isinstance(e, QuickTimeRolled) for e in game.log)

    # A tank does not march at quick time: the move is refused with the rules' sentence.
    player.choose("ger.2pz")
    before = game.unit("ger.2pz").hex
    target = min(h for h in player.marks.reach if not game.state.units_at(h))
    player.hex_pressed(target)
    assert game.unit("ger.2pz").hex == before
    assert "only non-MG infantry march at quick time" in dock.refusal.text()

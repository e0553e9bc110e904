"""Aircraft and off-board artillery's accuracy points from the Tactical GameX Test-play panel
(issue 19) [003 6.4.4, 6.4.7]: the sample's Il-2s, flying on turn 1 here, chosen by weapon,
previewed with the AA fire they meet and their attack, then flown; a battery called with
activation points spent on its accuracy die, the chances shown as the points change."""

from __future__ import annotations

from pathlib import Path

from engine.tactical_gamex.events import AircraftFlew, Attacked
from engine.tactical_gamex.orders import AirAttack, CallArtillery
from schemas.vocabulary import Side
from tests.editor.gui.tgx_play_window import SITUATION, play_window

ON_TURN_1 = (SITUATION, "turns: [4, 5, 6]", "turns: [1, 4, 5, 6]")
TANK = (13, 2)
"""The Panzer IV, set up next to the T-34 at (12, 2), which spots it."""


def test_an_il2_strike_then_a_battery_with_accuracy_points(qtbot, tmp_path: Path) -> None:
    dock = play_window(qtbot, tmp_path, {"ger.1pz": TANK}, ON_TURN_1)
    game = dock.session.game
    player = dock.player
    assert not dock.air.aircraft.isEnabled()  # the Germans have no aircraft
    dock.pass_button.click()
    assert game.acting is Side.ALLIED
    items = [dock.air.aircraft.itemText(i) for i in range(dock.air.aircraft.count())]
    assert items == ["sov-sturmoviks: (H)", "sov-sturmoviks: I"]
    assert not dock.air.fly_button.isEnabled()  # nothing aimed at yet
    player.choose("sov.t34a")
    player.hex_pressed(TANK)
    text = dock.preview.text()
    assert f"Air strike: Il-2 (sov-sturmoviks) (H) at {TANK}, after:" in text
    assert f"AA fire over {TANK}: none" in text
    assert "air attack: 30 against" in text
    # The I weapon cannot hurt the armour: the preview says so, Fly is off [003 6.3.6].
    dock.air.aircraft.setCurrentIndex(1)
    assert "Fly sov-sturmoviks I: not possible — the I weapon cannot attack" in (
        dock.preview.text()
    )
    assert not dock.air.fly_button.isEnabled()
    dock.air.aircraft.setCurrentIndex(0)
    points = game.points_left
    dock.air.fly_button.click()
    assert game.orders[-1] == AirAttack("sov-sturmoviks", "(H)", TANK)
    flew = [e for e in game.log if isinstance(e, AircraftFlew)]
    assert flew[-1] == AircraftFlew(1, "sov-sturmoviks", "(H)", TANK, 0, 0, "-")
    assert any(isinstance(e, Attacked) and e.kind == "air attack" for e in game.log)
    assert game.points_left == points - 1
    # Seed 17: the tank survives the bombs and the Soviet impulse goes on.
    assert game.unit("ger.1pz").hex == TANK
    assert game.acting is Side.ALLIED
    # Off-board artillery with two points on its accuracy die: the chances follow the points.
    assert dock.accuracy.points.maximum() == min(5, game.points_left - 1)
    player.choose("sov.t34a")
    player.hex_pressed(TANK)
    dock.accuracy.points.setValue(1)
    assert dock.accuracy.chances.text() == "on the hex 50%, scattered 50%, widely spread 0%"
    assert "on the hex 50%, scattered 50%, widely spread 0%, die −1" in dock.preview.text()
    dock.more_buttons["Artillery"].click()
    assert game.orders[-1] == CallArtillery("sov-122", TANK, "sov.t34a", 1)
    # Saved and opened again, the strike and the call (its accuracy point too) replay the same.
    saved = dock.session.save(tmp_path / "strike.tgxplay.yaml")
    before = [e.describe() for e in game.log]
    assert dock.open_game(str(saved))
    again = dock.session.game
    assert again is not game
    assert [e.describe() for e in again.log] == before
    assert again.orders[-1] == CallArtillery("sov-122", TANK, "sov.t34a", 1)

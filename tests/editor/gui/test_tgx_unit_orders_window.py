"""The Tactical GameX Test-play panel's remaining unit orders (issue 19): Opp Fire given from
the panel, and Exit, Stand Up, Turn Gun and Banzai off with the game's reason in their tips
where the sample's units and rules do not allow them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from engine.tactical_gamex.events import Attacked
from engine.tactical_gamex.orders import MarkOpportunityFire, MobileFire
from engine.tactical_gamex.units import Marker
from tests.editor.gui.tgx_play_window import play_window, press


def test_opportunity_fire_and_the_refused_orders_tips(qtbot, tmp_path: Path) -> None:
    dock = play_window(qtbot, tmp_path, {})
    game = dock.session.game
    player = dock.player
    player.choose("ger.1pz")
    buttons = dock.more_buttons
    assert buttons["Opp Fire"].isEnabled()
    assert "Opp Fire: ger.1pz fires at enemy units moving in its sight" in dock.preview.text()
    assert not buttons["Stand Up"].isEnabled()
    assert buttons["Stand Up"].toolTip() == "ger.1pz is not Down in a stream"
    assert not buttons["Exit"].isEnabled()
    assert buttons["Exit"].toolTip() == "ger.1pz is not on an edge its side may exit by"
    player.aim_at((12, 2))
    assert not buttons["Turn Gun"].isEnabled()
    assert not buttons["Banzai"].isEnabled()
    assert "Banzai" not in dock.preview.text()  # a refusal few units could lift: tip only
    buttons["Opp Fire"].click()
    assert game.orders[-1] == MarkOpportunityFire(("ger.1pz",))
    assert game.unit("ger.1pz").marker is Marker.OPP_FIRE


def test_mobile_fire_at_the_aimed_tank(qtbot, tmp_path: Path) -> None:
    """The Panzer IV next to the T-34 fires at half strength from where it stands [003 18.0]:
    the preview's column is the half strength's, and the attack is fought on it."""
    dock = play_window(qtbot, tmp_path, {"ger.1pz": (13, 2)})
    game = dock.session.game
    dock.player.choose("ger.1pz")
    dock.player.hex_pressed((12, 2))
    planned = dock.player.more["Mobile Fire"]
    assert not isinstance(planned, str), planned
    assert planned.order == MobileFire("ger.1pz", (), ("sov.t34a",))
    text = dock.preview.text()
    assert "Mobile Fire: ger.1pz fires at half strength from where it stands" in text
    # the direct fire's 28 (the WEC doubles the Pz IV's 14 next to its target), halved
    assert "direct fire: 28 against 11" in text
    assert "mobile fire: 14 against 11" in text
    dock.more_buttons["Mobile Fire"].click()
    fought = [e for e in game.log if isinstance(e, Attacked) and e.kind == "mobile fire"]
    assert [(a.attack, a.defense) for a in fought] == [(14, 11)]


def test_a_shift_click_joins_a_unit_to_the_fire(qtbot, tmp_path: Path) -> None:
    """The Panzer IV and the StuG in mutually adjacent hexes fire together at the T-34
    [003 6.4.1]: Shift+click on the StuG joins it, the preview adds its strength, Fire gives
    the combined fire; Shift+click again takes it out."""
    dock = play_window(qtbot, tmp_path, {"ger.1pz": (13, 2), "ger.stug1": (13, 1)})
    game = dock.session.game
    player = dock.player
    player.choose("ger.1pz")
    player.hex_pressed((12, 2))
    alone = player.fire
    assert not isinstance(alone, str)
    press(dock, (13, 1), modifiers=Qt.KeyboardModifier.ShiftModifier)
    assert player.marks.chosen == "ger.1pz"
    assert player.attackers() == ("ger.1pz", "ger.stug1")
    assert dock.preview.text().startswith("Chosen: ger.1pz + ger.stug1")
    together = player.fire
    assert not isinstance(together, str)
    assert together.attack > alone.attack
    press(dock, (13, 1), modifiers=Qt.KeyboardModifier.ShiftModifier)
    assert player.attackers() == ("ger.1pz",)
    press(dock, (13, 1), modifiers=Qt.KeyboardModifier.ShiftModifier)
    dock.fire_button.click()
    fought = [e for e in game.log if isinstance(e, Attacked) and e.kind == "direct fire"]
    assert fought[-1].attackers == ("ger.1pz", "ger.stug1")
    assert fought[-1].attack == together.attack

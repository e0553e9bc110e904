"""The Test-play panel at a temporary bridge, beyond one unit's fire [003 9.3]: Shift+click
joins a second tank to the chosen one's Bridge Fire, the preview showing their combined
strength [003 6.4.1]; the Aircraft row offers the sample's Il-2s "at bridge" when the aimed hex
is a temporary bridge, with the AA fire and the (H) attack halved in the preview [003 6.4.7]."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from engine.tactical_gamex.events import AircraftFlew, Attacked
from engine.tactical_gamex.orders import AirAttack, FireAtBridge
from engine.tactical_gamex.records import order_of, order_to_model
from tests.editor.gui.tgx_play_window import SITUATION, play_window, press

BRIDGE = (12, 6)
"""A stream hex of the sample with no printed bridge."""
ON_TURN_1 = (SITUATION, "turns: [4, 5, 6]", "turns: [1, 4, 5, 6]")


def _lay_bridge(dock) -> None:
    counters = dock.session.game.state.counters
    counters.laid_bridges.add(BRIDGE)  # as a bridge layer would have laid it (9.3)
    counters.bridge_defense[BRIDGE] = 7


def test_shift_click_joins_a_tank_to_the_bridge_fire(qtbot, tmp_path: Path) -> None:
    """Two Pz IVs next to the bridge and to each other: 14 doubled on the WEC each (armour, half
    range), 56 together against DS 7 - 8:1 read at 4:1; given, the order names both."""
    dock = play_window(qtbot, tmp_path, {"ger.1pz": (13, 5), "ger.2pz": (13, 6)})
    _lay_bridge(dock)
    game = dock.session.game
    dock.player.choose("ger.1pz")
    dock.player.aim_at(BRIDGE)
    assert "fire at bridge: 28 against bridge DS 7, column 4:1" in dock.preview.text()
    press(dock, (13, 6), modifiers=Qt.KeyboardModifier.ShiftModifier)
    assert dock.player.attackers() == ("ger.1pz", "ger.2pz")
    text = dock.preview.text()
    assert "Bridge Fire: ger.1pz + ger.2pz at" in text
    assert "(combined, 2 units)" in text
    assert "fire at bridge: 56 against bridge DS 7, column 4:1" in text
    # Shift+click again takes the tank back out, and once more joins it
    press(dock, (13, 6), modifiers=Qt.KeyboardModifier.ShiftModifier)
    assert "fire at bridge: 28 against bridge DS 7" in dock.preview.text()
    press(dock, (13, 6), modifiers=Qt.KeyboardModifier.ShiftModifier)
    assert dock.more_buttons["Bridge Fire"].isEnabled()
    dock.more_buttons["Bridge Fire"].click()
    assert game.orders[-1] == FireAtBridge(("ger.1pz", "ger.2pz"), BRIDGE)
    fought = [e for e in game.log if isinstance(e, Attacked) and e.kind == "fire at bridge"]
    assert (fought[-1].attackers, fought[-1].attack) == (("ger.1pz", "ger.2pz"), 56)


def test_the_il2_bombs_the_bridge_at_half_its_h(qtbot, tmp_path: Path) -> None:
    dock = play_window(qtbot, tmp_path, {"ger.1pz": (13, 5)}, ON_TURN_1)
    _lay_bridge(dock)
    game = dock.session.game
    dock.pass_button.click()  # the Soviet impulse
    dock.player.choose("sov.t34a")
    dock.player.aim_at(BRIDGE)
    items = [dock.air.aircraft.itemText(i) for i in range(dock.air.aircraft.count())]
    # the I weapon may not attack a bridge: no "I at bridge" [003 9.3]
    assert items == ["sov-sturmoviks: (H)", "sov-sturmoviks: I", "sov-sturmoviks: (H) at bridge"]
    dock.air.aircraft.setCurrentIndex(2)
    text = dock.preview.text()
    assert "Air strike: Il-2 (sov-sturmoviks) (H) at the bridge at" in text
    assert f"AA fire over {BRIDGE}: none" in text
    assert "air attack at bridge: 15 against bridge DS 7, column 2:1" in text
    assert "D and DD are ignored" in text
    assert dock.air.fly_button.isEnabled()
    points = game.points_left
    dock.air.fly_button.click()
    order = AirAttack("sov-sturmoviks", "(H)", BRIDGE, bridge=True)
    assert game.orders[-1] == order
    assert order_of(order_to_model(order)) == order
    flew = [e for e in game.log if isinstance(e, AircraftFlew)]
    assert flew[-1].hex == BRIDGE
    assert game.points_left == points - 1
    assert flew[-1].aa_result == "-"  # the Germans have no AA
    hit = [e for e in game.log if isinstance(e, Attacked) and e.kind == "air attack at bridge"]
    assert [(h.attack, h.results[0].unit) for h in hit] == [(15, "temporary bridge")]
    # aimed elsewhere, the bridge attack is no longer offered
    dock.player.aim_at((2, 2))
    items = [dock.air.aircraft.itemText(i) for i in range(dock.air.aircraft.count())]
    assert not any(i.endswith("at bridge") for i in items)

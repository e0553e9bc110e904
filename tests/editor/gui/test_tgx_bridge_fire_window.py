"""The Test-play panel's Bridge Fire, Bridge Indirect and Bridge Artillery [003 9.3]: aimed at
a temporary bridge, the preview gives the factors against the marker's DS, the column, the CRT
row and the chance of the X that alone destroys it; the button gives the order, recorded in
the game's orders."""

from __future__ import annotations

from pathlib import Path

from engine.tactical_gamex.events import Attacked
from engine.tactical_gamex.orders import FireAtBridge
from tests.editor.gui.tgx_play_window import play_window

BRIDGE = (12, 6)
"""A stream hex of the sample with no printed bridge."""


def _bridge_game(qtbot, tmp_path: Path):
    dock = play_window(qtbot, tmp_path, {"ger.1pz": (13, 5), "ger.mortar": (16, 5)})
    counters = dock.session.game.state.counters
    counters.laid_bridges.add(BRIDGE)  # as a bridge layer would have laid it (9.3)
    counters.bridge_defense[BRIDGE] = 7
    return dock


def test_bridge_fire_and_indirect_preview_the_x_chance(qtbot, tmp_path: Path) -> None:
    dock = _bridge_game(qtbot, tmp_path)
    game = dock.session.game
    # the mortar would fire indirectly at half its AS, the first unit seeing the hex sighting
    dock.player.choose("ger.mortar")
    dock.player.aim_at(BRIDGE)
    indirect = dock.player.more["Bridge Indirect"]
    assert not isinstance(indirect, str), indirect
    assert indirect.order.units == ("ger.mortar",)
    assert indirect.order.sighter
    mortar = game.unit("ger.mortar").type.attack
    assert f"indirect fire at bridge: {mortar / 2:g} against bridge DS 7" in indirect.describe()
    dock.player.choose("ger.1pz")
    dock.player.aim_at((12, 2))  # no bridge there: the button is off, its tip says why
    assert not dock.more_buttons["Bridge Fire"].isEnabled()
    assert "no temporary bridge" in dock.more_buttons["Bridge Fire"].toolTip()
    assert "Bridge Fire" not in dock.preview.text()
    dock.player.aim_at(BRIDGE)
    planned = dock.player.more["Bridge Fire"]
    assert not isinstance(planned, str), planned
    text = dock.preview.text()
    # the Pz IV next to the bridge: 14 doubled on the WEC (armour, half range) against DS 7
    assert "fire at bridge: 28 against bridge DS 7, column 4:1" in text
    assert "D and DD are ignored" in text
    faces = [game.state.tables.crt.result(5, roll).value for roll in range(1, 7)]  # 4:1
    assert "CRT row: " + ", ".join(f"{r} {f}" for r, f in enumerate(faces, 1)) in text
    assert f"X {faces.count('X') / 6:.0%} destroyed" in text
    assert dock.more_buttons["Bridge Fire"].isEnabled()
    dock.more_buttons["Bridge Fire"].click()
    assert game.orders[-1] == FireAtBridge(("ger.1pz",), BRIDGE)
    fought = [e for e in game.log if isinstance(e, Attacked) and e.kind == "fire at bridge"]
    assert len(fought) == 1
    assert fought[0].results[0].unit == "temporary bridge"
    destroyed = fought[0].results[0].result == "X"
    assert (BRIDGE in game.state.counters.laid_bridges) is not destroyed


def test_bridge_artillery_calls_the_battery_at_half_strength(qtbot, tmp_path: Path) -> None:
    """The Soviet 122 mm battalion (40) on the bridge, the rifle company next to it sighting:
    the call's chances, then 20 against DS 7; given, the play file's order says so."""
    from engine.tactical_gamex.orders import CallArtillery
    from engine.tactical_gamex.records import order_of, order_to_model

    dock = play_window(qtbot, tmp_path, {"sov.3rc": (12, 5), "ger.1pz": (13, 5)})
    counters = dock.session.game.state.counters
    counters.laid_bridges.add(BRIDGE)
    counters.bridge_defense[BRIDGE] = 7
    dock.pass_button.click()  # the Soviet impulse
    game = dock.session.game
    dock.player.choose("sov.3rc")
    dock.player.aim_at(BRIDGE)
    planned = dock.player.more["Bridge Artillery"]
    assert not isinstance(planned, str), planned
    assert planned.order == CallArtillery("sov-122", BRIDGE, "sov.3rc", bridge=True)
    text = planned.describe()
    assert "battery sov-122 (40), sov.3rc sighting; available" in text
    assert "artillery at bridge: 20 against bridge DS 7, column 2:1" in text
    dock.more_buttons["Bridge Artillery"].click()
    assert game.orders[-1] == planned.order
    assert order_of(order_to_model(planned.order)) == planned.order

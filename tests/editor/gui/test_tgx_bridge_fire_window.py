"""The Test-play panel's Bridge Fire and Bridge Indirect [003 9.3]: aimed at a temporary
bridge, the preview gives the factors against the marker's DS, the column and the chance of
the X that alone destroys it; the button gives the order, recorded in the game's orders."""

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


def test_bridge_fire_previews_the_x_chance_and_gives_the_order(qtbot, tmp_path: Path) -> None:
    dock = _bridge_game(qtbot, tmp_path)
    game = dock.session.game
    dock.player.choose("ger.1pz")
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


def test_bridge_indirect_halves_and_names_its_sighter(qtbot, tmp_path: Path) -> None:
    dock = _bridge_game(qtbot, tmp_path)
    dock.player.choose("ger.mortar")
    dock.player.aim_at(BRIDGE)
    planned = dock.player.more["Bridge Indirect"]
    assert not isinstance(planned, str), planned
    assert planned.order.units == ("ger.mortar",)
    assert planned.order.sighter
    mortar = dock.session.game.unit("ger.mortar").type.attack
    assert f"indirect fire at bridge: {mortar / 2:g} against bridge DS 7" in planned.describe()


def test_no_bridge_no_button(qtbot, tmp_path: Path) -> None:
    dock = _bridge_game(qtbot, tmp_path)
    dock.player.choose("ger.1pz")
    dock.player.aim_at((12, 2))
    assert not dock.more_buttons["Bridge Fire"].isEnabled()
    assert "no temporary bridge" in dock.more_buttons["Bridge Fire"].toolTip()
    assert "Bridge Fire" not in dock.preview.text()

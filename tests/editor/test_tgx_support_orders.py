"""The Test-play panel's support orders (Qt-free): counter-battery at half strength and with an
aircraft, previewed with its odds and availability or refused with the rules' sentence; naval
fire from the nearest sea-edge hex that may fire."""

from __future__ import annotations

import pytest

from editor.tactical_gamex.testplay import support_orders
from engine.tactical_gamex.orders import CounterBattery, NavalFire
from tests.engine.tactical_gamex.test_counter_battery import _game
from tests.engine.tactical_gamex.test_naval import _game as _naval_game


def test_counter_battery_is_refused_then_previewed_at_half_and_full_strength() -> None:
    game = _game([])
    with pytest.raises(ValueError, match="follows its first OBA attack"):
        support_orders.counter_battery(game, "r")
    game.state.batteries["ger-arty"].revealed = True
    half = support_orders.counter_battery(game, "r")
    assert half.order == CounterBattery("us-arty", "ger-arty")
    assert "half strength: 16 to 8 (2:1)" in half.describe()
    assert "available 58% (2d6 ≤ 7)" in half.describe()
    full = support_orders.counter_battery_air(game, "r")
    assert full.order == CounterBattery("us-arty", "ger-arty", "p47")
    assert "with p47, full strength: 32 to 8 (4:1)" in full.describe()


def test_naval_fire_picks_the_nearest_sea_edge_hex_that_may_fire() -> None:
    game = _naval_game()
    planned = support_orders.naval_fire(game, "spotter", (0, 7))
    assert planned.order == NavalFire("bb", (0, 0), ("rifle",))  # (0, 1) is six hexes away
    with pytest.raises(ValueError, match="no enemy"):
        support_orders.naval_fire(game, "spotter", (3, 3))

"""The Test-play panel's planners of optional-rule orders (`rule_orders`): Mobile Fire keeping
its attack (rule 18), indirect fire under stress (12) and on-board interdiction (21), each the
order the game then carries out, refused with the game's own sentence."""

from __future__ import annotations

import pytest

from editor.tactical_gamex.testplay.rule_orders import gun_interdict, keep_fire, stressed_indirect
from engine.tactical_gamex.events import Attacked
from engine.tactical_gamex.orders import Fire, IndirectFire, MobileFire
from engine.tactical_gamex.units import Marker
from tests.engine.tactical_gamex import test_indirect_rules, test_mobile_fire_later


def test_keep_fire_moves_and_the_later_fire_is_halved() -> None:
    game = test_mobile_fire_later._game()
    planned = keep_fire(game, "pz", (0, 4))
    assert planned.order == MobileFire("pz", test_mobile_fire_later.PATH, ())
    assert "later this turn it fires free at half strength" in planned.describe()
    game.apply(planned.order)
    assert game.unit("pz").marker is Marker.MOVED
    events = game.apply(Fire(("pz",), ("t35",)))
    assert [e.attack for e in events if isinstance(e, Attacked)] == [14]
    with pytest.raises(ValueError, match="rule 18"):
        keep_fire(test_mobile_fire_later._game(options=()), "pz", (0, 4))


def test_stressed_indirect_and_gun_interdict_are_the_orders_given() -> None:
    game = test_indirect_rules._game([6, 6, 2], defenders=1)  # 29 to 10: one point
    planned = stressed_indirect(game, "m1", (0, 10))
    assert planned.order == IndirectFire(("m1",), (0, 10), "m2", stress=True)
    with pytest.raises(ValueError, match="limits"):
        stressed_indirect(
            test_indirect_rules._game([6], mortar=test_indirect_rules.MORTAR_107), "m1", (0, 10)
        )
    placed = test_indirect_rules._game([6], options=("interdiction",))
    planned = gun_interdict(placed, "m1", (0, 6))
    assert planned.order == IndirectFire(("m1", "m2"), (0, 6), "m1", interdict=True)
    assert "(58 AS) mark (0, 6)" in planned.describe()
    placed.apply(planned.order)
    assert placed.state.counters.interdiction
    weak = test_indirect_rules._game(
        [6], options=("interdiction",), mortar=test_indirect_rules.MORTAR_107
    )
    weak.state.units["m2"].hex = (1, 0)
    with pytest.raises(ValueError, match="14"):
        gun_interdict(weak, "m1", (0, 6))

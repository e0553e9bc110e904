"""The test-play window's Blow Bridge preview on a bridge layer's bridge says what 9.3 does:
removed after the third action, no roll, no block [003 9.3]."""

from __future__ import annotations

from editor.tactical_gamex.testplay.engineer_orders import blow_bridge
from engine.tactical_gamex.orders import BlowBridge
from tests.engine.tactical_gamex.test_temporary_bridges import _game, _next_activation


def test_the_last_action_previews_the_removal_without_a_roll() -> None:
    game = _game()
    first = blow_bridge(game, "eng")
    assert "no roll: the temporary bridge goes after action 3" in first.describe()
    for _ in range(2):
        game.apply(BlowBridge("eng", (1, 3)))
        _next_activation(game)
    last = blow_bridge(game, "eng", (1, 3))
    assert last.order == BlowBridge("eng", (1, 3))
    assert "temporary bridge is gone, no roll and no block" in last.describe()
    assert "needs" not in last.describe()

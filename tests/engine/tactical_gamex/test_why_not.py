"""`TacticalGame.why_not`, the game's side-effect-free check of any order that the window's
previews ask: it gives the sentence `apply` would raise, or None for an order `apply` then
carries out, and changes nothing (units, log, orders, the dice's sequence)."""

from __future__ import annotations

import pytest

from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import ClearObstacle, Fire, Move, RemoveWreck
from tests.engine.tactical_gamex.test_engineers import _game


@pytest.mark.parametrize(
    "order",
    [
        ClearObstacle("eng", (0, 2)),
        ClearObstacle("r", (0, 2)),
        RemoveWreck("eng", (1, 1)),
        Move("r", ((0, 4), (0, 5))),
        Move("r", ((3, 3),)),
        Fire(("r",), ("x",)),
    ],
)
def test_why_not_is_what_apply_says_and_changes_nothing(order: object) -> None:
    game = _game()
    before = (
        {k: (u.hex, u.marker, u.disrupted) for k, u in game.state.units.items()},
        list(game.log),
        list(game.orders),
        list(game.state.dice._rolls),  # type: ignore[attr-defined]
        game.points_left,
    )
    why = game.why_not(order)
    after = (
        {k: (u.hex, u.marker, u.disrupted) for k, u in game.state.units.items()},
        list(game.log),
        list(game.orders),
        list(game.state.dice._rolls),  # type: ignore[attr-defined]
        game.points_left,
    )
    assert after == before
    if why is None:
        game.apply(order)
        assert game.orders[-1] == order
    else:
        with pytest.raises(IllegalOrder) as refused:
            game.apply(order)
        assert str(refused.value) == why

"""Temporary bridges [003 9.3]: an engineer removes a bridge layer's bridge as it would blow a
bridge (9.2) — three actions, the last leaving the hex — but always successfully, with no die
and no block; the vehicles on it go with it, infantry stay."""

from __future__ import annotations

import pytest

from engine.tactical_gamex.events import Eliminated
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import BlowBridge, Move
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import ENGINEERS, PZ4H, RIFLE, FixedDice, board, state

BRIDGE = (1, 2)


def _game():
    s = state(
        board(["....", "....", "SSSS", "....", "...."]),
        [
            ("eng", Side.ALLIED, ENGINEERS, BRIDGE),
            ("sherman", Side.ALLIED, PZ4H, BRIDGE),
            ("r", Side.ALLIED, RIFLE, BRIDGE),
            ("pz", Side.ALLIED, PZ4H, (1, 4)),
            ("x", Side.AXIS, RIFLE, (3, 0)),
        ],
    )
    s.counters.laid_bridges.add(BRIDGE)
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice([6] * 4)
    return TacticalGame(s)


def _next_activation(game):
    game.state.units["eng"].marker = None
    game.state.spent = 0
    game.state.paid = set()


def test_an_engineer_removes_a_laid_bridge_without_a_die_or_a_block() -> None:
    game = _game()
    game.apply(BlowBridge("eng", (1, 3)))
    _next_activation(game)
    with pytest.raises(IllegalOrder, match="may not leave"):
        game.apply(Move("eng", ((1, 3),)))
    game.apply(BlowBridge("eng", (1, 3)))
    _next_activation(game)
    dice_left = len(game.state.dice._rolls)
    events = game.apply(BlowBridge("eng", (1, 3)))
    assert len(game.state.dice._rolls) == dice_left  # automatically successful: no die
    assert events[-1].work == "temporary bridge removed"
    assert BRIDGE not in game.state.counters.laid_bridges
    assert BRIDGE not in game.state.counters.blocks
    assert game.unit("eng").hex == (1, 3)
    assert [e.unit for e in events if isinstance(e, Eliminated)] == ["sherman"]
    assert game.unit("r").hex == BRIDGE  # other unit types are ignored


def test_no_vehicle_crosses_where_the_bridge_was() -> None:
    game = _game()
    for _ in range(3):
        game.apply(BlowBridge("eng", (1, 3)))
        _next_activation(game)
    game.state.units["pz"].marker = None
    with pytest.raises(IllegalOrder, match="cross streams at bridges only"):
        game.apply(Move("pz", ((1, 3), BRIDGE)))

"""The Valentine bridge layer [003 9.3]: it enters a stream hex and halts there; leaving it in
a later activation for 3 MP more, it lays a bridge that vehicles then cross."""

from __future__ import annotations

import pytest

from engine.tactical_gamex.events import EngineerWorked
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import Move
from engine.tactical_gamex.units import BRIDGE_LAYER, UnitKind, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import PZ4H, FixedDice, board, state

LAYER = UnitType(
    "Valentine Bridge Layer",
    0,
    Weapon.A,
    0,
    8,
    6,
    UnitKind.ARMORED,
    traits=frozenset({BRIDGE_LAYER}),
    move_class="tracked",
)
STREAM = (1, 2)


def _game(layer_at=(1, 1)):
    s = state(
        board(["....", "....", "SSSS", "....", "...."]),
        [
            ("v", Side.ALLIED, LAYER, layer_at),
            ("pz", Side.ALLIED, PZ4H, (1, 0)),
            ("x", Side.AXIS, PZ4H, (3, 4)),
        ],
    )
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice([6] * 10)
    return TacticalGame(s)


def test_the_bridge_layer_enters_a_stream_and_halts_where_a_tank_may_not() -> None:
    game = _game()
    with pytest.raises(IllegalOrder, match="must stop"):
        game.apply(Move("v", (STREAM, (1, 3))))
    game.apply(Move("v", (STREAM,)))
    assert game.unit("v").hex == STREAM
    with pytest.raises(IllegalOrder, match="bridges only"):
        _game().apply(Move("pz", ((1, 1), STREAM)))


def test_leaving_the_stream_for_3_mp_more_lays_a_bridge_vehicles_cross() -> None:
    """Out of the stream into Clear (1 MP) plus 3: 4 of its 6 MP; the Pz IV then crosses."""
    game = _game(layer_at=STREAM)
    assert game.legal_moves("v")[(1, 3)] == 4
    events = game.apply(Move("v", ((1, 3),)))
    laid = [(e.hex, e.work) for e in events if isinstance(e, EngineerWorked)]
    assert laid == [(STREAM, "bridge laid")]
    assert game.unit("v").moved_mp == 4
    game.apply(Move("pz", ((1, 1), STREAM, (1, 3))))
    assert game.unit("pz").hex == (1, 3)

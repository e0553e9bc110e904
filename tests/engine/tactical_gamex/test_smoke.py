"""Smoke shells, optional rule 20 [003 20.1-20.4]: 25 AS points of artillery, not rockets,
not into streams nor onto friends, Smoke 2 for two turns, blocking sight and hiding units."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import FireSmoke
from engine.tactical_gamex.turns import housekeeping
from engine.tactical_gamex.units import Marker, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, FixedDice, board, state

HOWITZER = UnitType("105mm", 15, Weapon.H_INDIRECT, 20, 3, 0)


def _game(on=True, rows=None):
    units = [
        ("h1", Side.ALLIED, HOWITZER, (0, 0)),
        ("h2", Side.ALLIED, HOWITZER, (0, 1)),
        ("rocket", Side.ALLIED, replace(HOWITZER, traits=frozenset({"rocket"})), (1, 0)),
        ("r", Side.ALLIED, RIFLE, (0, 6)),
        ("x", Side.AXIS, RIFLE, (0, 9)),
    ]
    s = state(board(rows or ["...."] * 12), units)
    s.options = frozenset({"smoke"} if on else ())
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice([6, 6])
    return TacticalGame(s)


def test_smoke_needs_the_rule_25_points_and_no_rockets() -> None:
    with pytest.raises(IllegalOrder, match="rule 20"):
        _game(on=False).apply(FireSmoke(("h1", "h2"), (0, 8)))
    game = _game()
    with pytest.raises(IllegalOrder, match="25"):
        game.apply(FireSmoke(("h1",), (0, 8)))
    with pytest.raises(IllegalOrder, match="cannot fire smoke"):
        game.apply(FireSmoke(("h1", "rocket"), (0, 8)))
    with pytest.raises(IllegalOrder, match="friendly"):
        game.apply(FireSmoke(("h1", "h2"), (0, 6)))


def test_smoke_blocks_sight_for_two_turns() -> None:
    game = _game()
    assert has_los(game.state, (0, 6), (0, 11))
    game.apply(FireSmoke(("h1", "h2"), (0, 8)))
    assert game.state.counters.smoke == {(0, 8): 2}
    assert game.points_left == 4  # a point for each of the two firing hexes
    assert not has_los(game.state, (0, 6), (0, 11))
    assert game.unit("h1").marker is Marker.FIRED
    housekeeping(game.state)
    assert game.state.counters.smoke == {(0, 8): 1}
    housekeeping(game.state)
    assert game.state.counters.smoke == {}


def test_no_smoke_in_a_stream() -> None:
    rows = ["...."] * 12
    rows[8] = "S..."
    with pytest.raises(IllegalOrder, match="stream"):
        _game(rows=rows).apply(FireSmoke(("h1", "h2"), (0, 8)))

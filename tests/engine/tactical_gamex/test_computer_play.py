"""What a player sees the Tactical GameX computer do: it walks into an objective hex the enemy
left empty, rallies a disrupted unit when it has nothing better, drives its truck to foot
infantry too slow to arrive and loads it, and, as an attacker that can win, does not sit out
the game in a draw."""

from __future__ import annotations

from collections import Counter

from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.orders import CloseAssault, Load, Move, Rally
from engine.tactical_gamex.state import VictoryCondition, VictoryKind, VictoryLevel
from engine.tactical_gamex.units import INFANTRY, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import (
    ENGINEERS,
    RIFLE,
    TRUCK_TYPE,
    FixedDice,
    board,
    state,
)

SLOW = UnitType("Pioniere", 6, Weapon.I, 1, 6, 1, traits=frozenset({INFANTRY}))
"""Infantry of one MP a turn, as the sample's Pioniere."""
DUG_IN = UnitType("Dug-in company", 2, Weapon.I, 1, 15, 0, traits=frozenset({INFANTRY}))
"""Infantry that neither moves nor hurts much but defends at 15."""


def _hold(hex_: tuple[int, int], side: Side = Side.AXIS) -> VictoryCondition:
    return VictoryCondition(side, VictoryKind.HOLD, (hex_,), points=10)


def _game(units, rows, victory, *, last_turn: int = 6, seed: int = 0) -> TacticalGame:
    s = state(board(rows), units, victory=victory, last_turn=last_turn, seed=seed)
    s.first_initiative = Side.AXIS
    return TacticalGame(s)


def test_the_attacker_walks_into_the_objective_hex_the_defender_left_empty() -> None:
    units = [("g", Side.AXIS, RIFLE, (2, 1)), ("s", Side.ALLIED, RIFLE, (6, 8))]
    game = _game(units, ["......."] * 9, [_hold((2, 4))])
    game.state.dice = FixedDice([6] * 6)
    order = TgxComputerPlayer(Side.AXIS)._next(game)
    assert isinstance(order, Move)
    assert order.unit == "g"
    assert order.path[-1] == (2, 4)


def test_a_disrupted_unit_is_rallied_when_there_is_nothing_better() -> None:
    units = [("g", Side.AXIS, RIFLE, (2, 1)), ("s", Side.ALLIED, RIFLE, (6, 8))]
    game = _game(units, ["......."] * 9, [_hold((2, 1))])
    game.state.units["g"].disrupted = True
    game.state.dice = FixedDice([6] * 6)
    assert TgxComputerPlayer(Side.AXIS)._next(game) == Rally((2, 1))


def test_a_truck_drives_to_infantry_too_slow_to_arrive_and_loads_it() -> None:
    """The Pioniere walk one hex a turn and stand ten from the objective with six turns left:
    the empty truck drives to them and loads them in the same activation [003 5.2.2]."""
    units = [
        ("pi", Side.AXIS, SLOW, (0, 0)),
        ("truck", Side.AXIS, TRUCK_TYPE, (3, 0)),
        ("s", Side.ALLIED, RIFLE, (1, 10)),
    ]
    game = _game(units, ["......."] * 12, [_hold((1, 10))])
    game.state.dice = FixedDice([6] * 6)
    orders = TgxComputerPlayer(Side.AXIS).play_impulse(game)
    assert orders[:2] == [Move("truck", orders[0].path), Load("truck", "pi")]  # type: ignore[attr-defined]
    assert orders[0].path[-1] == (0, 0)  # type: ignore[attr-defined]
    assert game.state.units["pi"].carrier == "truck"


def test_an_attacker_that_can_win_does_not_sit_out_a_draw() -> None:
    """A rifle company with engineers and another rifle company next to a dug-in company (DS 15)
    they must take: 14 against 15 fires at 1:2, and closes in at 1:1 with the engineers' column
    [003 6.4.6], which costs the attacker nothing but the activity. The attacker assaults at
    the odds there are, turn after turn, instead of waiting for better ones that never come
    (and ending the game in a draw), and takes the hex in most games."""
    levels = (VictoryLevel("German win", Side.AXIS, 10),)
    outcomes: Counter[str] = Counter()
    for seed in range(1, 11):
        units = [
            ("g1", Side.AXIS, RIFLE, (3, 2)),
            ("pi", Side.AXIS, ENGINEERS, (3, 2)),
            ("g2", Side.AXIS, RIFLE, (2, 3)),
            ("s", Side.ALLIED, DUG_IN, (3, 3)),
        ]
        game = _game(units, ["......."] * 5, [_hold((3, 3))], seed=seed, last_turn=8)
        game.state.levels = levels
        players = {side: TgxComputerPlayer(side) for side in Side}
        assaults = 0
        while not game.is_over:
            given = players[game.acting].play_impulse(game)
            assaults += sum(isinstance(o, CloseAssault) for o in given)
        assert game.result is not None
        outcomes[game.result.outcome] += 1
        assert assaults
    assert outcomes["German win"] >= 6, outcomes

"""The computer's fire [003 6.4.1]: two rifle companies in adjacent hexes, each alone at 1:2
against a stack of two, fire together at 1:1; alone, the computer holds its fire. Under rule
19 a gun turns to the enemy behind it and fires [003 19.3]."""

from __future__ import annotations

from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.orders import Fire, TurnGun
from engine.tactical_gamex.units import ARTILLERY, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, FixedDice, board, state


def _game(shooters):
    units = [(f"g{i}", Side.AXIS, RIFLE, h) for i, h in enumerate(shooters)]
    units += [("s0", Side.ALLIED, RIFLE, (2, 6)), ("s1", Side.ALLIED, RIFLE, (2, 6))]
    s = state(board(["....."] * 9), units)
    s.first_initiative = Side.AXIS
    s.dice = FixedDice([6] * 6)
    return TacticalGame(s)


def test_adjacent_hexes_fire_together_where_each_alone_is_below_one_to_one() -> None:
    game = _game([(2, 3), (1, 3)])
    assert game.state.board.adjacent((2, 3), (1, 3))
    order = TgxComputerPlayer(Side.AXIS)._next(game)
    assert isinstance(order, Fire)
    assert (sorted(order.units), sorted(order.targets)) == (["g0", "g1"], ["s0", "s1"])


def test_one_hex_alone_does_not_fire_below_one_to_one() -> None:
    order = TgxComputerPlayer(Side.AXIS)._next(_game([(2, 3)]))
    assert not isinstance(order, Fire)


def test_a_gun_with_its_target_behind_it_turns_and_fires_under_rule_19() -> None:
    """[003 19.3] The 76 mm faces Down, the only enemy is behind it: it turns to face Up and
    fires in the same activation."""
    gun = UnitType("76mm", 12, Weapon.H, 12, 3, 0, traits=frozenset({ARTILLERY}))
    s = state(
        board(["......."] * 9),
        [("g", Side.ALLIED, gun, (3, 4)), ("t", Side.AXIS, RIFLE, (3, 1))],
    )
    s.units["g"].facing = "down"
    s.options = frozenset({"field_of_fire"})
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice([6] * 6)
    game = TacticalGame(s)
    orders = TgxComputerPlayer(Side.ALLIED).play_impulse(game)
    assert orders[:2] == [TurnGun("g", "up"), Fire(("g",), ("t",))]

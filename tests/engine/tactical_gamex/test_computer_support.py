"""The computer's artillery, prepared assaults and exits: it calls its off-board battery on a
spotted enemy stack out of its units' reach [003 6.4.4]; it walks up to close-assault a fort at
1:1 only once the garrison is disrupted [003 6.3.5, 6.4.6, 8.4]; it sends units off the board
for an exit condition when the turns left are just enough, not before."""

from __future__ import annotations

from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.orders import (
    CallArtillery,
    CloseAssault,
    ExitBoard,
    Load,
    Move,
    Unload,
)
from engine.tactical_gamex.state import (
    Battery,
    Fortification,
    VictoryCondition,
    VictoryKind,
    VictoryLevel,
)
from engine.tactical_gamex.units import INFANTRY, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import PZ4H, RIFLE, TRUCK_TYPE, FixedDice, board, state

SHORT = UnitType("Sturm", 6, Weapon.I, 1, 6, 4, traits=frozenset({INFANTRY}))
"""Rifles of range 1: from three hexes away they cannot fire, only walk up and assault."""
WEST = tuple((0, r) for r in range(9))


def _game(units, *, victory=(), last_turn: int = 6, first: Side = Side.AXIS) -> TacticalGame:
    s = state(board(["......."] * 9), units, victory=victory, last_turn=last_turn)
    s.first_initiative = first
    s.dice = FixedDice([6] * 6)
    return TacticalGame(s)


def test_the_battery_is_called_on_a_spotted_stack_beyond_the_rifles_reach() -> None:
    units = [("us", Side.ALLIED, RIFLE, (2, 0))]
    units += [("g0", Side.AXIS, RIFLE, (2, 8)), ("g1", Side.AXIS, RIFLE, (2, 8))]
    game = _game(units, first=Side.ALLIED)
    game.state.batteries["us-arty"] = Battery("us-arty", Side.ALLIED, "us", 32)
    order = TgxComputerPlayer(Side.ALLIED)._next(game)
    assert isinstance(order, CallArtillery)
    assert (order.battery, order.hex, order.sighter) == ("us-arty", (2, 8), "us")
    # 16 of the battery's 32 against each rifle's 6 is 2:1; without the battery it holds on
    del game.state.batteries["us-arty"]
    assert not isinstance(TgxComputerPlayer(Side.ALLIED)._next(game), CallArtillery)


def test_a_battery_too_weak_for_one_to_one_is_not_called() -> None:
    units = [("us", Side.ALLIED, RIFLE, (2, 0))]
    units += [("g0", Side.AXIS, RIFLE, (2, 8)), ("g1", Side.AXIS, RIFLE, (2, 8))]
    game = _game(units, first=Side.ALLIED)
    game.state.batteries["us-arty"] = Battery("us-arty", Side.ALLIED, "us", 10)
    assert not isinstance(TgxComputerPlayer(Side.ALLIED)._next(game), CallArtillery)


def _fort_game(disrupted: bool) -> TacticalGame:
    fort = (3, 4)
    units = [("s", Side.ALLIED, RIFLE, fort)]
    units += [(f"g{i}", Side.AXIS, SHORT, (3, 1)) for i in range(2)]
    units += [(f"h{i}", Side.AXIS, SHORT, (2, 1)) for i in range(2)]
    game = _game(units, victory=[VictoryCondition(Side.AXIS, VictoryKind.HOLD, (fort,), points=10)])
    game.state.counters.forts[fort] = Fortification(20)
    game.state.units["s"].in_fort = True
    game.state.units["s"].disrupted = disrupted
    return game


def test_the_fort_is_not_assaulted_at_one_to_one_even_once_its_garrison_is_disrupted() -> None:
    """24 AS against the fort's 20 is 1:1: against a disrupted garrison (-2 +2 -1) no face
    of the die is an X, and nothing less harms a unit inside a fort once disrupted [003 8.4]:
    the assault would only spend the rifles (see test_computer_assault for the one made)."""
    for disrupted in (True, False):
        order = TgxComputerPlayer(Side.AXIS)._next(_fort_game(disrupted=disrupted))
        assert not isinstance(order, CloseAssault)


def _exit_game(last_turn: int, at: tuple[int, int]) -> TacticalGame:
    units = [("g", Side.AXIS, SHORT, at), ("s", Side.ALLIED, RIFLE, (6, 8))]
    exit_ = VictoryCondition(Side.AXIS, VictoryKind.EXIT, WEST, count=1, points=5)
    village = VictoryCondition(Side.AXIS, VictoryKind.HOLD, ((6, 8),), points=10)
    game = _game(units, victory=[exit_, village], last_turn=last_turn)
    game.state.levels = (VictoryLevel("German marginal", Side.AXIS, 5),)  # the exit alone
    return game


def test_a_unit_heads_for_the_exit_edge_when_the_turns_left_are_just_enough() -> None:
    order = TgxComputerPlayer(Side.AXIS)._next(_exit_game(2, (4, 4)))
    assert isinstance(order, Move)
    assert order.unit == "g"
    assert order.path[-1][0] == 0
    # with six turns it fights for the village first
    early = TgxComputerPlayer(Side.AXIS)._next(_exit_game(6, (4, 4)))
    assert isinstance(early, Move)
    assert early.path[-1][0] > 4


def test_a_unit_on_the_exit_edge_leaves_the_board_for_the_condition() -> None:
    game = _exit_game(2, (0, 4))
    assert TgxComputerPlayer(Side.AXIS)._next(game) == ExitBoard("g")


def test_infantry_carried_next_to_the_objective_gets_down_before_anything_else() -> None:
    """Before the tank fires at the objective, the truck sets its rifles down beside it."""
    units = [("t", Side.AXIS, TRUCK_TYPE, (3, 2)), ("g", Side.AXIS, RIFLE, (3, 2))]
    units += [("p", Side.AXIS, PZ4H, (2, 2)), ("s", Side.ALLIED, RIFLE, (3, 4))]
    game = _game(
        units, victory=[VictoryCondition(Side.AXIS, VictoryKind.HOLD, ((3, 4),), points=10)]
    )
    game.apply(Load("t", "g"))
    game.state.units["t"].marker = None
    assert TgxComputerPlayer(Side.AXIS)._next(game) == Unload("t")

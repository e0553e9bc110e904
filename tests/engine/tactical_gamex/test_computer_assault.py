"""The computer against a fort the enemy garrisons and on its way to an exit edge: it goes into
the fort and close-assaults inside it when that destroys the fort often enough, and takes the
hex when the die falls right [003 6.4.6, 8.4]; its armour opens with the weaker gun on a steady
garrison and keeps the strongest pair for the fire that can roll the X; a unit whose way to the
exit edge lies through woods starts for it in time, where the hex distance at its printed MP
would have left it too late [003 4.4, 5.1]."""

from __future__ import annotations

from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.orders import CloseAssault, Fire, Move
from engine.tactical_gamex.state import (
    Fortification,
    VictoryCondition,
    VictoryKind,
    VictoryLevel,
)
from engine.tactical_gamex.units import INFANTRY, UnitKind, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import PZ4H, RIFLE, FixedDice, board, state

STORM = UnitType("Storm", 15, Weapon.I, 1, 6, 4, traits=frozenset({INFANTRY}))
"""Assault infantry: four of them are 60 AS, 3:1 against a fort of 20."""
CRAWLER = UnitType("Crawler", 6, Weapon.A, 4, 6, 3, UnitKind.ARMORED, move_class="tracked")
"""A tracked unit of 3 MP: a wood hex (2 MP) a turn, three clear hexes a turn."""
FORT = (3, 4)
WEST = tuple((0, r) for r in range(9))


def _game(units, rows, victory, *, last_turn: int = 6, rolls=(6,) * 8) -> TacticalGame:
    s = state(board(rows), units, victory=victory, last_turn=last_turn)
    s.first_initiative = Side.AXIS
    s.dice = FixedDice(list(rolls))
    return TacticalGame(s)


def _fort_game(*, disrupted: bool, rolls=(6,) * 8) -> TacticalGame:
    units = [("s", Side.ALLIED, RIFLE, FORT)]
    units += [(f"g{i}", Side.AXIS, STORM, (3, 2)) for i in range(4)]
    hold = VictoryCondition(Side.AXIS, VictoryKind.HOLD, (FORT,), points=10)
    game = _game(units, ["......."] * 9, [hold], rolls=rolls)
    game.state.counters.forts[FORT] = Fortification(20)
    game.state.units["s"].in_fort = True
    game.state.units["s"].disrupted = disrupted
    return game


def test_the_infantry_goes_into_a_fort_whose_garrison_is_disrupted_and_takes_it() -> None:
    """60 AS against the fort's 20 is 3:1; -2 for the assault, +2 for the fort, -1 for the
    disrupted garrison: a 1 or a 2 is an X, one chance in three. The storm troops walk into
    the fort's hex as far as stacking allows (none of the garrison outside it, [003 8.4]) and
    assault inside; on a 1 the fort and its garrison are gone and the hex is theirs at once."""
    game = _fort_game(disrupted=True, rolls=(6, 1, 6, 6))  # the pool, then the assault
    order = TgxComputerPlayer(Side.AXIS)._next(game)
    assert isinstance(order, CloseAssault)
    assert order.hex == FORT
    assert sorted(order.units) == ["g0", "g1", "g2", "g3"]
    # the fort counts one of the hex's four, so three go in and the fourth assaults from beside
    ends = sorted(path[-1] for path in order.paths)
    assert ends.count(FORT) == 3
    assert game.state.board.adjacent(next(e for e in ends if e != FORT), FORT)
    game.apply(order)
    assert "s" not in {u.id for u in game.state.units_at(FORT)}
    assert FORT not in game.state.counters.forts
    assert {u.side for u in game.state.units_at(FORT)} == {Side.AXIS}


def test_a_steady_garrison_is_not_assaulted_at_one_chance_in_six() -> None:
    """Against a garrison in good order only a 1 is an X (one in six): the storm troops wait
    for the garrison to be disrupted rather than walk into its fire."""
    order = TgxComputerPlayer(Side.AXIS)._next(_fort_game(disrupted=False))
    assert not (isinstance(order, CloseAssault) and order.hex == FORT)


def test_on_the_last_turn_one_chance_in_six_is_taken() -> None:
    game = _fort_game(disrupted=False)
    game.state.turn = game.state.last_turn
    order = TgxComputerPlayer(Side.AXIS)._next(game)
    assert isinstance(order, CloseAssault)
    assert order.hex == FORT


def test_the_weaker_gun_opens_on_a_steady_garrison_and_the_pair_is_kept_for_the_kill() -> None:
    """A garrison inside a fort is an armoured target: the panzers fire at double strength
    within half range [003 6.3.6]. The pair (56 against 10, 4:1) destroys the fort on a 1 or
    a 2 once the garrison is disrupted (+2 -1), the lone panzer (28, 2:1) disrupts it one time
    in two: it fires first."""
    units = [("s", Side.ALLIED, RIFLE, FORT)]
    units += [("p1", Side.AXIS, PZ4H, (3, 0)), ("p2", Side.AXIS, PZ4H, (3, 0))]
    units += [("p3", Side.AXIS, PZ4H, (6, 4))]
    hold = VictoryCondition(Side.AXIS, VictoryKind.HOLD, (FORT,), points=10)
    game = _game(units, ["......."] * 9, [hold])
    game.state.counters.forts[FORT] = Fortification(10)
    game.state.units["s"].in_fort = True
    order = TgxComputerPlayer(Side.AXIS)._next(game)
    assert order == Fire(("p3",), ("s",))
    # with the garrison disrupted the pair fires for the X
    game.state.units["s"].disrupted = True
    assert TgxComputerPlayer(Side.AXIS)._next(game) == Fire(("p1", "p2"), ("s",))


def _exit_game(rows: list[str], marginal: int = 5) -> TacticalGame:
    """A crawler three hexes from the west edge, which one unit must leave by (5 points, a
    German marginal victory at `marginal`); the village to take (10) is east."""
    units = [("g", Side.AXIS, CRAWLER, (3, 4)), ("s", Side.ALLIED, RIFLE, (6, 8))]
    exit_ = VictoryCondition(Side.AXIS, VictoryKind.EXIT, WEST, count=1, points=5)
    village = VictoryCondition(Side.AXIS, VictoryKind.HOLD, ((6, 8),), points=10)
    game = _game(units, rows, [exit_, village], last_turn=6)
    game.state.levels = (VictoryLevel("German marginal", Side.AXIS, marginal),)
    return game


def test_a_unit_three_wood_hexes_from_the_exit_starts_for_it_in_time() -> None:
    """Through woods the crawler makes a hex a turn: three turns to the edge and one to go
    off it. The hex distance at 3 MP said two turns, and sent it only with three turns left,
    a turn too late; by its real movement it leaves with six turns left (two in hand)."""
    order = TgxComputerPlayer(Side.AXIS)._next(_exit_game(["WWWW..."] * 9))
    assert isinstance(order, Move)
    assert order.unit == "g"
    assert order.path == ((2, 4),)


def test_over_open_ground_the_same_unit_fights_first() -> None:
    """Over clear ground it reaches the edge in one turn: with six turns left it goes for the
    village first."""
    order = TgxComputerPlayer(Side.AXIS)._next(_exit_game(["......."] * 9))
    assert isinstance(order, Move)
    assert order.path[-1][0] > 3


def test_an_exit_that_would_not_better_the_result_is_not_played() -> None:
    """With the marginal victory at 15 points the exit's 5 count only with the village's 10:
    while the village is the enemy's, the crawler goes for it however late the exit gets."""
    order = TgxComputerPlayer(Side.AXIS)._next(_exit_game(["WWWW..."] * 9, marginal=15))
    assert not (isinstance(order, Move) and order.path[-1][0] < 3)

"""The Sherman Flail [003 9.3]: immune to mines, it removes a minefield by spending half its
movement entering it (having spent no more than half before) or leaving it."""

from __future__ import annotations

from engine.tactical_gamex.events import EngineerWorked
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.orders import Move
from engine.tactical_gamex.units import FLAIL, UnitKind, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import FixedDice, board, state

FLAIL_TYPE = UnitType(
    "Sherman Crab",
    9,
    Weapon.A,
    8,
    8,
    8,
    UnitKind.ARMORED,
    traits=frozenset({FLAIL}),
    move_class="tracked",
)


def _game(start=(0, 0), mines=((0, 2),)):
    s = state(
        board(["...."] * 10),
        [("f", Side.ALLIED, FLAIL_TYPE, start), ("x", Side.AXIS, FLAIL_TYPE, (3, 9))],
    )
    for hex_ in mines:
        s.counters.mines[hex_] = 3
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice([6] * 10)
    return TacticalGame(s)


def test_entering_with_half_the_ma_left_clears_the_minefield_for_half_the_ma() -> None:
    """One clear hex (1 MP), then the minefield for half of 8, then one more: 6 MP."""
    game = _game()
    assert game.legal_moves("f")[(0, 2)] == 5
    events = game.apply(Move("f", ((0, 1), (0, 2), (0, 3))))
    assert (0, 2) not in game.state.counters.mines
    flailed = [e for e in events if isinstance(e, EngineerWorked)]
    assert [(e.unit, e.hex, e.work) for e in flailed] == [("f", (0, 2), "minefield flailed")]
    assert game.unit("f").moved_mp == 6


def test_more_than_half_spent_the_flail_passes_through_and_the_mines_stay() -> None:
    """Four hexes spent (exactly half) still clears; five spent does not, and entering costs
    the terrain's 1."""
    game = _game(mines=((0, 5),))
    game.apply(Move("f", tuple((0, r) for r in range(1, 6))))
    assert (0, 5) not in game.state.counters.mines
    game = _game(mines=((0, 6),))
    game.apply(Move("f", tuple((0, r) for r in range(1, 8))))
    assert (0, 6) in game.state.counters.mines
    assert game.unit("f").moved_mp == 7


def test_leaving_the_minefield_it_began_in_clears_it() -> None:
    game = _game(start=(0, 2))
    assert game.legal_moves("f")[(0, 3)] == 4
    game.apply(Move("f", tuple((0, r) for r in range(3, 8))))
    assert (0, 2) not in game.state.counters.mines
    assert (game.unit("f").hex, game.unit("f").moved_mp) == ((0, 7), 8)

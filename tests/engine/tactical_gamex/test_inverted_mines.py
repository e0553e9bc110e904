"""Inverted minefield markers [003 9.1, 2.3]: a marker whose engineer left or was disrupted
stays inverted from turn to turn, still attacking those who enter, until another good-order
engineer moves in and stays to Housekeeping, which removes it."""

from __future__ import annotations

from engine.tactical_gamex.engineers import take_over
from engine.tactical_gamex.events import Attacked, EngineerWorked
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.turns import housekeeping
from engine.tactical_gamex.walk import walk
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import ENGINEERS, RIFLE, FixedDice, board, state

MINES = (0, 2)


def _inverted(rolls=(6,) * 8) -> TgxState:
    """The first engineer inverted the marker and was disrupted: Housekeeping kept it."""
    units = [
        ("eng", Side.ALLIED, ENGINEERS, MINES),
        ("eng2", Side.ALLIED, ENGINEERS, (0, 0)),
        ("r", Side.ALLIED, RIFLE, (0, 4)),
        ("x", Side.AXIS, RIFLE, (5, 5)),
    ]
    s = state(board(["......"] * 6), units)
    s.counters.mines[MINES] = 3
    s.clearing[MINES] = "eng"
    s.units["eng"].disrupted = True
    s.dice = FixedDice(list(rolls))
    housekeeping(s)
    assert MINES in s.counters.mines
    assert MINES in s.clearing  # still inverted, for another engineer
    return s


def test_another_engineer_moving_in_and_staying_removes_it() -> None:
    s = _inverted()
    events = walk(s, s.units["eng2"], [(0, 1), MINES])
    assert EngineerWorked(s.turn, "eng2", MINES, "inverted marker taken over") in events
    events = housekeeping(s)
    assert EngineerWorked(s.turn - 1, "", MINES, "obstacle cleared") in events
    assert MINES not in s.counters.mines
    assert MINES not in s.clearing


def test_one_that_moves_on_removes_nothing_and_the_mines_still_attack() -> None:
    s = _inverted()
    walk(s, s.units["eng2"], [(0, 1), MINES, (0, 3)])
    housekeeping(s)
    assert MINES in s.counters.mines
    assert MINES in s.clearing
    rifle = s.units["r"]
    events = walk(s, rifle, [(0, 3), MINES])
    assert [e.kind for e in events if isinstance(e, Attacked)][:1] == ["mine attack"]


def test_only_a_good_order_engineer_takes_it_over() -> None:
    s = _inverted()
    eng2 = s.units["eng2"]
    eng2.hex = MINES
    eng2.disrupted = True
    assert not take_over(s, eng2, MINES)
    assert not take_over(s, s.units["r"], MINES)  # not an engineer
    housekeeping(s)
    assert MINES in s.counters.mines

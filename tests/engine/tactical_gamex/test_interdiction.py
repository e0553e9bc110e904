"""Interdiction, optional rule 21 [003 21.1-21.3], and B.15 #12: a battery of 14 AS or more
places the marker on a hex in sight (nothing there need be spotted); units spending MP in its
hex or the six around are attacked (armour 1:2, others 1:1), stopped before the hex by D or DD;
each marker attacks once; the markers go at the next Housekeeping."""

from __future__ import annotations

import pytest

from engine.tactical_gamex.events import Attacked
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import CallArtillery
from engine.tactical_gamex.state import Battery
from engine.tactical_gamex.turns import housekeeping
from engine.tactical_gamex.walk import walk
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import PZ4H, RIFLE, FixedDice, board, state


def _game(rolls, attack=20, on=True):
    units = [
        ("spotter", Side.ALLIED, RIFLE, (0, 0)),
        ("x", Side.AXIS, RIFLE, (0, 8)),
        ("tank", Side.AXIS, PZ4H, (1, 8)),
    ]
    s = state(board(["...."] * 10), units)
    s.options = frozenset({"interdiction"} if on else ())
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice(rolls)
    s.batteries["b"] = Battery("b", Side.ALLIED, "us", attack)
    return TacticalGame(s)


def test_placement_needs_the_rule_and_fourteen_points() -> None:
    with pytest.raises(IllegalOrder, match="rule 21"):
        _game([6], on=False).apply(CallArtillery("b", (0, 5), "spotter", interdict=True))
    with pytest.raises(IllegalOrder, match="14"):
        _game([6], attack=12).apply(CallArtillery("b", (0, 5), "spotter", interdict=True))


def test_an_empty_hex_in_sight_is_interdicted_until_housekeeping() -> None:
    game = _game([6, 3, 3, 1])  # pool, availability 6 (<= 7), accuracy 1: on target
    events = game.apply(CallArtillery("b", (0, 5), "spotter", interdict=True))
    assert not [e for e in events if isinstance(e, Attacked)]
    assert game.state.counters.interdiction == [((0, 5), Side.ALLIED)]
    housekeeping(game.state)
    assert game.state.counters.interdiction == []


def _interdicted(rolls, markers=1):
    game = _game([6])
    s = game.state
    s.counters.interdiction = [((0, 5), Side.ALLIED)] * markers
    s.dice = FixedDice(rolls)
    return s


def test_a_unit_entering_the_area_is_attacked_and_stopped_before_it() -> None:
    """A roll of 2 on 1:1 is D: the rifle stays where it was; armour reads the 1:2 column."""
    s = _interdicted([2])
    rifle = s.units["x"]
    events = walk(s, rifle, [(0, 7), (0, 6)])
    attack = next(e for e in events if isinstance(e, Attacked))
    assert (attack.column, attack.results[0].result) == ("1:1", "D")
    assert rifle.hex == (0, 7)  # (0, 6) is next to the marker: stopped before it
    assert rifle.disrupted
    s = _interdicted([6])
    events = walk(s, s.units["tank"], [(1, 7), (1, 6), (1, 5)])
    columns = [e.column for e in events if isinstance(e, Attacked)]
    assert columns == ["1:2"]  # only (1, 5) touches the marker's hex
    assert s.units["tank"].hex == (1, 5)  # a 6 is No Effect: it goes on


def test_b15_12_each_marker_attacks_once() -> None:
    s = _interdicted([6, 6], markers=2)
    events = walk(s, s.units["x"], [(0, 7), (0, 6)])
    assert len([e for e in events if isinstance(e, Attacked)]) == 2

"""Solitaire play, optional rule 23 [003 23.1, 23.2]: hesitation before moving in an enemy's
sight and range, and every unit not yet activated firing at movers."""

from __future__ import annotations

from engine.tactical_gamex.events import Attacked, MoraleChecked
from engine.tactical_gamex.walk import walk
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, FixedDice, board, state


def _state(rolls, on=True):
    s = state(
        board(["...."] * 8),
        [("r", Side.ALLIED, RIFLE, (0, 0)), ("x", Side.AXIS, RIFLE, (0, 3))],
    )
    s.options = frozenset({"solitaire"} if on else ())
    s.dice = FixedDice(rolls)
    return s


def test_a_failed_hesitation_check_forbids_moving_closer() -> None:
    """In sight and range (3) of a good-order rifle: 2d6 of 12 fails against US 7."""
    s = _state([6, 6])
    events = walk(s, s.units["r"], [(0, 1)])
    assert isinstance(events[1], MoraleChecked)
    assert not events[1].passed
    assert s.units["r"].hex == (0, 0)
    assert events[0].halted.startswith("hesitated")


def test_a_passed_check_moves_on_and_unmarked_units_fire() -> None:
    """2d6 of 4 passes; the enemy rifle, never activated, fires at the mover (a 6 misses)."""
    s = _state([2, 2, 6, 6])
    events = walk(s, s.units["r"], [(0, 1)])
    assert s.units["r"].hex == (0, 1)
    assert [e.kind for e in events if isinstance(e, Attacked)] == ["opportunity fire"]
    off = _state([], on=False)
    events = walk(off, off.units["r"], [(0, 1)])
    assert not [e for e in events if isinstance(e, Attacked | MoraleChecked)]

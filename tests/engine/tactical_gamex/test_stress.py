"""Combat Stress, optional rule 12 [003 12.1-12.3]: the text's example (29 to 10 is 2:1 and
needs one point for 3:1), the limits (five points, a third of the strength), and the die after
the attack that disrupts every attacker at or under the points added."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex.events import Attacked, StressRolled
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import Fire
from engine.tactical_gamex.stress import stress_points
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, FixedDice, board, state


def test_the_texts_example_and_the_limits() -> None:
    assert stress_points(29, 10) == 1  # 2:1 to 3:1
    assert stress_points(25, 10) == 5  # five points at most
    assert stress_points(24, 10) is None  # six needed
    assert stress_points(11, 10) is None  # nine needed, and more than a third
    assert stress_points(40, 10) is None  # 4:1 has no next column


def _game(rolls, on=True):
    a29 = replace(RIFLE, attack=29)
    d10 = replace(RIFLE, defense=10)
    s = state(
        board(["...."] * 4),
        [("a", Side.ALLIED, a29, (0, 0)), ("d", Side.AXIS, d10, (0, 1))],
    )
    s.options = frozenset({"combat_stress"} if on else ())
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice(rolls)
    return TacticalGame(s)


def test_a_stressed_attack_and_its_penalty() -> None:
    game = _game([6, 6, 1])
    events = game.apply(Fire(("a",), ("d",), stress=True))
    attack = next(e for e in events if isinstance(e, Attacked))
    assert (attack.attack, attack.column) == (30, "3:1")
    assert events[-1] == StressRolled(1, ("a",), 1, 1, True)
    assert game.unit("a").disrupted
    steady = _game([6, 6, 2])
    steady.apply(Fire(("a",), ("d",), stress=True))
    assert not steady.unit("a").disrupted


def test_stress_needs_the_rule() -> None:
    with pytest.raises(IllegalOrder, match="rule 12"):
        _game([6], on=False).apply(Fire(("a",), ("d",), stress=True))

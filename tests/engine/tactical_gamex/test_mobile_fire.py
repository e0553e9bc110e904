"""Mobile Fire, optional rule 18 [003 18.0-18.4]: a turreted vehicle moves up to half its MA
(no one-hex exception), then fires at half its WEC strength, for one activation point."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex.events import Attacked
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import MobileFire
from engine.tactical_gamex.units import TURRETED, Marker
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import PZ4H, STUG, T35, FixedDice, board, state

TURRET_PZ4 = replace(PZ4H, traits=frozenset({TURRETED}))


def _game(on=True):
    units = [
        ("pz", Side.AXIS, TURRET_PZ4, (0, 0)),
        ("stug", Side.AXIS, STUG, (1, 0)),
        ("t35", Side.ALLIED, T35, (0, 9)),
    ]
    s = state(board(["...."] * 12), units)
    s.options = frozenset({"mobile_fire"} if on else ())
    s.first_initiative = Side.AXIS
    s.dice = FixedDice([6, 6])
    return TacticalGame(s)


def test_half_the_move_then_half_the_strength() -> None:
    """The Pz IV H (MA 8) moves four clear hexes to range 5 of the T-35: 28 (doubled at half
    range) halved is 14 to 9 = 1:1."""
    game = _game()
    path = tuple((0, r) for r in range(1, 5))
    events = game.apply(MobileFire("pz", path, ("t35",)))
    assert game.unit("pz").hex == (0, 4)
    shot = next(e for e in events if isinstance(e, Attacked))
    assert (shot.kind, shot.attack, shot.column) == ("mobile fire", 14, "1:1")
    assert game.unit("pz").marker is Marker.FIRED
    assert game.points_left == 5


def test_no_more_than_half_the_ma_and_turrets_only() -> None:
    with pytest.raises(IllegalOrder, match="MP"):
        _game().apply(MobileFire("pz", tuple((0, r) for r in range(1, 6)), ("t35",)))
    with pytest.raises(IllegalOrder, match="turreted"):
        _game().apply(MobileFire("stug", ((1, 1),), ("t35",)))
    with pytest.raises(IllegalOrder, match="rule 18"):
        _game(on=False).apply(MobileFire("pz", ((0, 1),), ("t35",)))

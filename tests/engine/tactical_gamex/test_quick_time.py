"""Infantry Quick-Time, optional rule 15 [003 15.0-15.2]: non-MG infantry gain one MP, keep to
Clear hexes unless on a road (and then without the road rate), defend at half DS against
opportunity fire, are disrupted on a fatigue die of 4 or more, and may not close-assault."""

from __future__ import annotations

import pytest

from engine.tactical_gamex import attacks
from engine.tactical_gamex.events import Attacked, QuickTimeRolled
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import Move
from engine.tactical_gamex.units import Marker
from engine.tactical_gamex.walk import walk
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import MG_TYPE, RIFLE, FixedDice, board, state


def _game(rolls, rows=None, on=True):
    units = [
        ("r", Side.ALLIED, RIFLE, (0, 0)),
        ("mg", Side.ALLIED, MG_TYPE, (2, 0)),
        ("x", Side.AXIS, RIFLE, (3, 9)),
    ]
    s = state(board(rows or ["...."] * 10), units)
    s.options = frozenset({"quick_time"} if on else ())
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice(rolls)
    return TacticalGame(s)


def test_one_more_mp_then_the_fatigue_die() -> None:
    game = _game([6, 3])
    path = tuple((0, r) for r in range(1, 6))  # five clear hexes: RIFLE has 4 MP
    with pytest.raises(IllegalOrder):
        _game([6], on=False).apply(Move("r", path))
    events = game.apply(Move("r", path, quick_time=True))
    assert game.unit("r").hex == (0, 5)
    assert events[-1] == QuickTimeRolled(1, "r", 3, False)
    assert not game.unit("r").disrupted
    tired = _game([6, 4])
    tired.apply(Move("r", path, quick_time=True))
    assert tired.unit("r").disrupted


def test_clear_hexes_only_and_not_for_mgs_nor_without_the_rule() -> None:
    rows = ["...."] * 10
    rows[2] = "W..."
    with pytest.raises(IllegalOrder, match="Clear"):
        _game([6], rows).apply(Move("r", ((0, 1), (0, 2)), quick_time=True))
    with pytest.raises(IllegalOrder, match="MG"):
        _game([6]).apply(Move("mg", ((2, 1),), quick_time=True))
    with pytest.raises(IllegalOrder, match="rule 15"):
        _game([6], on=False).apply(Move("r", ((0, 1),), quick_time=True))


def test_half_defence_against_opportunity_fire_and_no_close_assault_after() -> None:
    s = state(
        board(["...."] * 10),
        [("r", Side.ALLIED, RIFLE, (0, 0)), ("x", Side.AXIS, RIFLE, (1, 2))],
    )
    s.units["x"].marker = Marker.OPP_FIRE
    s.dice = FixedDice([6, 1])  # the shot misses, the fatigue die spares it
    events = walk(s, s.units["r"], [(0, 1), (0, 2)], quick=True)
    shot = next(e for e in events if isinstance(e, Attacked))
    assert (shot.attack, shot.defense, shot.column) == (6, 3, "2:1")
    with pytest.raises(IllegalOrder, match="movement bonus"):
        attacks.close_assault_spec(s, [s.units["r"]], (1, 2))


def _walkable(s, unit_id: str, quick: bool) -> set[tuple[int, int]]:
    """Every hex a Move may end in, by trying every path on a copy of the game (the engine's
    own answer, with no reach search)."""
    found: set[tuple[int, int]] = set()
    start = s.units[unit_id].hex

    def extend(path: tuple[tuple[int, int], ...]) -> None:
        for to in s.board.neighbors(path[-1] if path else start):
            if to == start or to in path:
                continue
            game = TacticalGame(s.copy())
            try:
                game.apply(Move(unit_id, (*path, to), quick_time=quick))
            except IllegalOrder:
                continue
            found.add(to)
            extend((*path, to))

    extend(())
    return found


@pytest.mark.parametrize("quick", [False, True])
def test_the_reach_shown_is_every_hex_a_move_may_end_in(quick: bool) -> None:
    # A rifle beside a bridged stream, off the road: stepping into the stream there halts it
    # for no MP, while the road over the bridge goes on beyond. The reach once kept only the
    # cheaper, halting arrival and left out the hexes across the bridge.
    rows = ["....", "....", "SSSS", "....", "....", "...."]
    road = [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3)), ((0, 3), (0, 4))]
    s = state(board(rows, roads=road, bridges=[(0, 2)]), [("r", Side.ALLIED, RIFLE, (1, 1))])
    s.options = frozenset({"quick_time"})
    s.first_initiative = Side.ALLIED
    game = TacticalGame(s)
    shown = game.legal_moves("r", quick=quick)
    assert {(0, 3), (0, 4)} <= set(shown)
    assert set(shown) == _walkable(game.state, "r", quick)

"""Attacks given as orders [003 6.4]: indirect fire with its sighting unit, off-board artillery
with availability, accuracy and scatter, overrun and close assault, each paying its points and
marking its units."""

from __future__ import annotations

import pytest

from engine.tactical_gamex.events import ArtilleryCalled, Attacked
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import CallArtillery, CloseAssault, IndirectFire, Overrun
from engine.tactical_gamex.state import Battery
from engine.tactical_gamex.units import Marker
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import (
    MARDER,
    MORTAR_107,
    RIFLE,
    SECURITY,
    FixedDice,
    board,
    state,
)

ROWS = ["......"] * 12


def _game(units, rolls, rows=ROWS):
    s = state(board(rows), units)
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice(rolls)
    return TacticalGame(s)


def test_indirect_fire_needs_a_sighter_and_attacks_every_unit_of_the_hex() -> None:
    """The 107 mm mortars' example as orders: one point for the mortars' hex, the sighter free
    and Completed, three attacks at 6.67 to 5 [003 6.4.3]."""
    units = [
        ("m1", Side.ALLIED, MORTAR_107, (0, 0)),
        ("m2", Side.ALLIED, MORTAR_107, (0, 0)),
        ("rifle", Side.ALLIED, RIFLE, (0, 8)),
        *[(f"g{i}", Side.AXIS, SECURITY, (0, 10)) for i in range(3)],
    ]
    rows = list(ROWS)
    rows[5] = "W....."  # woods hide the target from the mortars, not from the rifle
    game = _game(units, [6, 6, 6, 6], rows)
    with pytest.raises(IllegalOrder, match="line of sight"):
        game.apply(IndirectFire(("m1", "m2"), (0, 10), "m1"))
    events = game.apply(IndirectFire(("m1", "m2"), (0, 10), "rifle"))
    attacks = [e for e in events if isinstance(e, Attacked)]
    assert [(a.column, a.attack, a.defense) for a in attacks] == [("1:1", 6.67, 5)] * 3
    assert game.points_left == 5
    assert game.unit("rifle").marker is Marker.COMPLETED
    assert game.unit("m1").marker is Marker.FIRED


def _oba_game(rolls):
    units = [
        ("rifle", Side.ALLIED, RIFLE, (0, 8)),
        ("g", Side.AXIS, SECURITY, (0, 10)),
        ("h", Side.AXIS, SECURITY, (1, 10)),
    ]
    game = _game(units, rolls)
    game.state.batteries["105"] = Battery("105", Side.ALLIED, "us", 20)
    return game


def test_oba_unavailable_on_a_failed_morale_check_may_try_again() -> None:
    """Availability is a morale check (US 7); failing costs the point, a retry costs another
    [003 6.4.4]."""
    game = _oba_game([6, 6, 5, 1, 1, 1, 6])
    events = game.apply(CallArtillery("105", (0, 10), "rifle"))
    assert events == [ArtilleryCalled(1, "105", False)]
    assert game.points_left == 5
    events = game.apply(CallArtillery("105", (0, 10), "rifle"))
    assert events[0] == ArtilleryCalled(1, "105", True, 1, (0, 10))
    attack = events[1]
    assert isinstance(attack, Attacked)
    assert (attack.attack, attack.defense, attack.column) == (20, 5, "4:1")


def test_oba_accuracy_lowered_by_points_and_scatter_by_the_diagram() -> None:
    """An accuracy 4 less one point is 3: it scatters; a scatter die of 3 is the third
    hexside clockwise from the top (down right) [003 6.4.4]; 6 is widely spread."""
    game = _oba_game([6, 1, 1, 4, 3, 6])
    events = game.apply(CallArtillery("105", (0, 10), "rifle", lowered=1))
    called = events[0]
    assert isinstance(called, ArtilleryCalled)
    assert called.accuracy == 3
    assert called.lands == (1, 10)  # the neighbour down right of (0, 10) in odd-q columns
    assert game.points_left == 4
    assert [e.hex for e in events if isinstance(e, Attacked)] == [(1, 10)]
    spread = _oba_game([6, 1, 1, 6])
    events = spread.apply(CallArtillery("105", (0, 10), "rifle"))
    assert events == [ArtilleryCalled(1, "105", True, 6, None)]


def test_overrun_and_close_assault_as_orders() -> None:
    """The Marder overruns into the hex beyond; infantry close-assaults next door."""
    units = [
        ("marder", Side.ALLIED, MARDER, (2, 3)),
        ("r", Side.ALLIED, RIFLE, (4, 5)),
        ("p", Side.AXIS, SECURITY, (2, 4)),
        ("q", Side.AXIS, SECURITY, (4, 6)),
    ]
    game = _game(units, [6, 6, 6])
    events = game.apply(Overrun(("marder",), (2, 4), ((2, 5),)))
    overrun = events[0]
    assert isinstance(overrun, Attacked)
    assert (overrun.kind, overrun.column, overrun.results[0].modifier) == ("overrun", "3:1", -2)
    assert game.unit("marder").hex == (2, 5)
    events = game.apply(CloseAssault(("r",), (4, 6)))
    assault = events[0]
    assert isinstance(assault, Attacked)
    assert (assault.kind, assault.column) == ("close assault", "1:1")
    assert game.unit("r").marker is Marker.FIRED


def test_close_assault_after_moving_next_to_the_hex_but_not_by_road() -> None:
    """Units may move before a Close Assault, without a movement bonus [003 6.4.6]."""
    units = [
        ("r", Side.ALLIED, RIFLE, (0, 2)),
        ("q", Side.AXIS, SECURITY, (0, 5)),
    ]
    game = _game(units, [6, 6, 2])
    events = game.apply(CloseAssault(("r",), (0, 5), (((0, 3), (0, 4)),)))
    assert game.unit("r").hex == (0, 4)
    assault = next(e for e in events if isinstance(e, Attacked))
    assert (assault.kind, assault.column) == ("close assault", "1:1")
    s = state(board(ROWS, roads=[((0, r), (0, r + 1)) for r in range(10)]), units)
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice([6])
    road = TacticalGame(s)
    with pytest.raises(IllegalOrder, match="road rate"):
        road.apply(CloseAssault(("r",), (0, 5), (((0, 3), (0, 4)),)))


def test_overrun_after_driving_up_to_the_hex() -> None:
    """The Marder drives two hexes, through the target and out: 1 + 1 + 1 + 1 MP of its 10."""
    units = [
        ("marder", Side.ALLIED, MARDER, (2, 1)),
        ("p", Side.AXIS, SECURITY, (2, 4)),
    ]
    game = _game(units, [6, 6])
    events = game.apply(Overrun(("marder",), (2, 4), ((2, 5),), (((2, 2), (2, 3)),)))
    overrun = next(e for e in events if isinstance(e, Attacked))
    assert overrun.kind == "overrun"
    assert game.unit("marder").hex == (2, 5)
    far = _game([("marder", Side.ALLIED, MARDER, (2, 0)), units[1]], [6])
    with pytest.raises(IllegalOrder, match="next to"):
        far.apply(Overrun(("marder",), (2, 4), ((2, 5),), (((2, 1), (2, 2)),)))

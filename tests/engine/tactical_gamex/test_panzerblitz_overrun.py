"""PanzerBlitz Assault after an overrun [003 16.2]: the riders of overrunning German armour
get off next to the target just before the overrun, then close-assault the units it attacked."""

from __future__ import annotations

import pytest

from engine.tactical_gamex.events import Attacked, Transported
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import Overrun
from engine.tactical_gamex.transport import load
from engine.tactical_gamex.units import Marker
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import (
    MG_TYPE,
    PZ4H,
    RIFLE,
    SECURITY,
    FixedDice,
    board,
    state,
)

ROWS = ["......"] * 8


def _game(rolls, rider=RIFLE, on=True, defender=SECURITY):
    s = state(
        board(ROWS),
        [
            ("pz", Side.AXIS, PZ4H, (2, 3)),
            ("gren", Side.AXIS, rider, (2, 3)),
            ("p", Side.ALLIED, defender, (2, 4)),
        ],
    )
    s.options = frozenset({"panzerblitz_assault"} if on else ())
    s.first_initiative = Side.AXIS
    if on:
        load(s, s.units["pz"], s.units["gren"])
        s.units["pz"].moved_mp = 0.0  # loaded before this turn's overrun
    s.dice = FixedDice(rolls)
    return TacticalGame(s)


def test_the_rider_gets_off_before_the_overrun_and_close_assaults_after() -> None:
    """14 AS against 5 is 2:1, one column right for the overrun (-2): a 6 disrupts; the rifle's
    6 against the survivor's 5 is 1:1 for the close assault, -2 and -1 for the disrupted
    defender."""
    game = _game([6, 6, 6])
    events = game.apply(Overrun(("pz",), (2, 4), ((2, 5),)))
    kinds = [(type(e).__name__, getattr(e, "kind", None)) for e in events]
    assert kinds == [
        ("Transported", None),
        ("Attacked", "overrun"),
        ("Attacked", "close assault"),
    ]
    got_off, overrun, assault = events
    assert isinstance(got_off, Transported)
    assert not got_off.loaded
    assert isinstance(overrun, Attacked)
    assert (overrun.column, overrun.attackers) == ("3:1", ("pz",))
    assert isinstance(assault, Attacked)
    assert assault.column == "1:1"
    assert assault.attackers == ("gren",)
    assert assault.results[0].modifier == -3
    assert game.unit("pz").hex == (2, 5)
    assert game.unit("pz").passenger is None
    assert game.unit("gren").hex == (2, 3)
    assert game.unit("gren").carrier is None
    assert game.unit("gren").marker is Marker.FIRED


def test_no_assault_when_the_overrun_left_no_one() -> None:
    """A 1 (-2) at 3:1 eliminates the security unit: the rider has no one to assault."""
    game = _game([6, 1, 6, 6])  # the first die is the impulse pool
    events = game.apply(Overrun(("pz",), (2, 4), ((2, 5),)))
    assert [e.kind for e in events if isinstance(e, Attacked)] == ["overrun"]
    assert game.unit("p").hex is None
    assert game.unit("gren").hex == (2, 3)
    assert game.unit("gren").marker is Marker.FIRED


def test_without_the_rule_nothing_rides_and_nothing_assaults() -> None:
    game = _game([6, 6, 6, 6], on=False)
    events = game.apply(Overrun(("pz",), (2, 4), ((2, 5),)))
    assert [e.kind for e in events if isinstance(e, Attacked)] == ["overrun"]
    assert game.unit("gren").marker is None


def test_a_lone_machine_gun_rider_is_refused_with_a_reason() -> None:
    game = _game([6, 6], rider=MG_TYPE)
    with pytest.raises(IllegalOrder, match="machine gun close-assaults only beside"):
        game.apply(Overrun(("pz",), (2, 4), ((2, 5),)))
    assert game.unit("gren").carrier == "pz"

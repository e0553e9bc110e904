"""Mobile Fire's marker [003 18.1-18.4]: a vehicle that keeps its attack for later attacks free
in the turn, alone or joining another direct fire or by opportunity fire, at half strength
(18.3, 18.4); and it moves or loads/unloads its rider, not both (18.2)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex import attacks
from engine.tactical_gamex.events import Attacked
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import Fire, Load, MobileFire, Unload
from engine.tactical_gamex.records import order_of, order_to_model
from engine.tactical_gamex.turns import housekeeping
from engine.tactical_gamex.units import TURRETED, Marker
from engine.tactical_gamex.walk import walk
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import PZ4H, RIFLE, STUG, T35, FixedDice, board, state

TURRET_PZ4 = replace(PZ4H, traits=frozenset({TURRETED}))
PATH = tuple((0, r) for r in range(1, 5))


def _game(rolls=(6, 6, 6, 6), options=("mobile_fire",)):
    units = [
        ("pz", Side.AXIS, TURRET_PZ4, (0, 0)),
        ("stug", Side.AXIS, STUG, (1, 4)),
        ("gren", Side.AXIS, RIFLE, (0, 0)),
        ("t35", Side.ALLIED, T35, (0, 9)),
    ]
    s = state(board(["...."] * 12), units)
    s.options = frozenset(options)
    s.first_initiative = Side.AXIS
    s.dice = FixedDice(list(rolls))
    return TacticalGame(s)


def _shots(events):
    return [(e.kind, e.attack, e.column) for e in events if isinstance(e, Attacked)]


def test_the_kept_attack_is_made_later_free_at_half_strength() -> None:
    """The Pz IV H moves four hexes and keeps its attack (one point); its later fire at the
    T-35 five hexes off costs nothing: 28 halved, 14 to 9 = 1:1."""
    game = _game()
    game.apply(MobileFire("pz", PATH, ()))
    assert game.unit("pz").marker is Marker.MOVED
    assert game.points_left == 5
    events = game.apply(Fire(("pz",), ("t35",)))
    assert _shots(events) == [("direct fire", 14, "1:1")]
    assert game.points_left == 5
    assert game.unit("pz").marker is Marker.FIRED
    with pytest.raises(IllegalOrder, match="already acted"):
        game.apply(Fire(("pz",), ("t35",)))


def test_joining_another_units_fire_adds_half_its_strength() -> None:
    game = _game()
    game.apply(MobileFire("pz", PATH, ()))
    s = game.state
    stug_alone = attacks.direct_fire_spec(s, [s.units["stug"]], [s.units["t35"]]).attack
    events = game.apply(Fire(("stug", "pz"), ("t35",)))
    assert [attack for _, attack, _ in _shots(events)] == [stug_alone + 14]
    assert game.points_left == 4  # the StuG's hex alone pays


def test_a_kept_attack_fires_as_opportunity_fire_then_lapses_with_the_turn() -> None:
    """The T-35 enters (0, 8), eight hexes from the Pz IV H still at (0, 0): 14 halved is 7."""
    game = _game()
    game.apply(MobileFire("pz", (), ()))
    s = game.state
    events = walk(s, s.units["t35"], [(0, 8)])
    assert _shots(events) == [("opportunity fire", 7, "1:2")]
    assert s.units["pz"].marker is Marker.FIRED
    kept = _game()
    kept.apply(MobileFire("pz", (), ()))
    housekeeping(kept.state)
    events = walk(kept.state, kept.state.units["t35"], [(0, 8)])
    assert not _shots(events)  # no Opp Fire marker and the Mobile Fire one is gone


def test_18_2_load_or_move_not_both() -> None:
    game = _game(options=("mobile_fire", "panzerblitz_assault"))
    game.apply(MobileFire("pz", (), ()))
    game.apply(Load("pz", "gren"))
    assert game.unit("gren").carrier == "pz"
    assert game.points_left == 5  # part of the Mobile Fire activation
    with pytest.raises(IllegalOrder, match="already loaded or unloaded"):
        game.apply(Unload("pz"))
    moved = _game(options=("mobile_fire", "panzerblitz_assault"))
    moved.apply(MobileFire("pz", ((0, 1),), ()))
    moved.state.units["gren"].hex = (0, 1)
    with pytest.raises(IllegalOrder, match=r"18\.2"):
        moved.apply(Load("pz", "gren"))


def test_the_kept_attack_order_is_saved() -> None:
    order = MobileFire("pz", PATH, ())
    assert order_of(order_to_model(order)) == order

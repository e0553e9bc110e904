"""Artillery field of fire, optional rule 19 [003 19.2, 19.3]: a gun facing Down fires into the
120 degrees centred on that hexside, the boundary lines included, not behind nor beside it;
mortars fire all round; a gun turns when activated, 88 mm and more one hexside only."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex import attacks
from engine.tactical_gamex.events import GunTurned
from engine.tactical_gamex.field_of_fire import in_arc
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import Fire, TurnGun
from engine.tactical_gamex.records import order_of, order_to_model
from engine.tactical_gamex.units import ARTILLERY, Marker, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import (
    GUN_75,
    GUN_88,
    MORTAR_107,
    RIFLE,
    FixedDice,
    board,
    state,
)

GUN = UnitType("76mm", 12, Weapon.H, 12, 3, 0, traits=frozenset({ARTILLERY}))


def _state(kind=GUN, on=True):
    s = state(board(["......."] * 9), [("g", Side.ALLIED, kind, (3, 4))])
    s.units["g"].facing = "down"
    s.options = frozenset({"field_of_fire"} if on else ())
    return s


def test_the_arc_of_a_gun_facing_down() -> None:
    s = _state()
    gun = s.units["g"]
    assert in_arc(s, gun, (3, 8))  # straight ahead
    assert in_arc(s, gun, (4, 5))  # the hex down right: the arc's boundary line
    assert in_arc(s, gun, (2, 5))  # and down left
    assert not in_arc(s, gun, (4, 4))  # up right of the gun: beside it
    assert not in_arc(s, gun, (3, 1))  # behind
    assert in_arc(_state(on=False), _state(on=False).units["g"], (3, 1))
    mortar = _state(replace(MORTAR_107, traits=frozenset({ARTILLERY})))
    assert in_arc(mortar, mortar.units["g"], (3, 1))


def test_fire_outside_the_arc_is_refused() -> None:
    s = _state()
    s.units["t"] = replace(s.units["g"], id="t", side=Side.AXIS, type=RIFLE, hex=(3, 1))
    with pytest.raises(IllegalOrder, match="field of fire"):
        attacks.direct_fire_spec(s, [s.units["g"]], [s.units["t"]])


def _game(kind=GUN, facing="down", on=True):
    """A gun at (3, 4) facing `facing`, a rifle squad behind it at (3, 1), the Allies to act
    with six activation points."""
    s = state(
        board(["......."] * 9),
        [("g", Side.ALLIED, kind, (3, 4)), ("t", Side.AXIS, RIFLE, (3, 1))],
    )
    s.units["g"].facing = facing
    s.options = frozenset({"field_of_fire"} if on else ())
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice([6] * 8)
    return TacticalGame(s)


def test_a_gun_turns_on_activation_and_fires_into_its_new_arc_for_one_point() -> None:
    """[003 19.3] the 76 mm faces Down, the rifles are behind it: turned to face Up it fires
    at them in the same activation, the turn and the fire one point together."""
    game = _game()
    with pytest.raises(IllegalOrder, match="field of fire"):
        game.apply(Fire(("g",), ("t",)))
    points = game.points_left
    events = game.apply(TurnGun("g", "up"))
    assert [e.describe() for e in events if isinstance(e, GunTurned)] == ["g turns to face up"]
    assert game.unit("g").facing == "up"
    game.apply(Fire(("g",), ("t",)))
    assert game.points_left == points - 1
    assert game.unit("g").marker is Marker.FIRED
    with pytest.raises(IllegalOrder, match="already acted"):
        game.apply(Fire(("g",), ("t",)))


def test_a_turned_gun_does_not_turn_again_and_a_fired_gun_does_not_turn() -> None:
    game = _game()
    game.apply(TurnGun("g", "up"))
    with pytest.raises(IllegalOrder, match="already acted"):
        game.apply(TurnGun("g", "down"))
    other = _game(facing="up")
    other.apply(Fire(("g",), ("t",)))
    with pytest.raises(IllegalOrder, match="already acted"):
        other.apply(TurnGun("g", "down"))


def test_guns_of_88_mm_or_more_turn_one_hexside_only() -> None:
    """[003 19.3] from Down, the 88 mm turns to Down Left or Down Right, not Up."""
    for facing in ("down_left", "down_right"):
        game = _game(GUN_88)
        game.apply(TurnGun("g", facing))
        assert game.unit("g").facing == facing
    with pytest.raises(IllegalOrder, match="88 mm"):
        _game(GUN_88).apply(TurnGun("g", "up"))
    with pytest.raises(IllegalOrder, match="88 mm"):
        _game(GUN_88).apply(TurnGun("g", "up_left"))
    assert _game(GUN_75).apply(TurnGun("g", "up_left"))


def test_turning_needs_the_rule_a_gun_and_a_facing() -> None:
    with pytest.raises(IllegalOrder, match="rule 19"):
        _game(on=False).apply(TurnGun("g", "up"))
    with pytest.raises(IllegalOrder, match="mortars"):
        _game(replace(MORTAR_107, traits=frozenset({ARTILLERY}))).apply(TurnGun("g", "up"))
    with pytest.raises(IllegalOrder, match="fires all round"):
        _game(facing=None).apply(TurnGun("g", "up"))
    with pytest.raises(IllegalOrder, match="already faces"):
        _game().apply(TurnGun("g", "down"))
    with pytest.raises(IllegalOrder, match="no hexside"):
        _game().apply(TurnGun("g", "sideways"))


def test_a_turn_is_saved_and_replayed() -> None:
    order = TurnGun("g", "up_right")
    model = order_to_model(order)
    assert model.model_dump()["kind"] == "turn_gun"
    assert order_of(model) == order

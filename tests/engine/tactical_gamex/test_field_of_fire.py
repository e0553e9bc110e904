"""Artillery field of fire, optional rule 19 [003 19.2]: a gun facing Down fires into the 120
degrees centred on that hexside, the boundary lines included, not behind nor beside it;
mortars fire all round."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex import attacks
from engine.tactical_gamex.field_of_fire import in_arc
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.units import ARTILLERY, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import MORTAR_107, RIFLE, board, state

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

"""PanzerBlitz Assault, optional rule 16 [003 16.1, 16.2]: German armour (not SPA) carries one
infantry unit, loaded as on a transport; the rider may be attacked on its own at DS 1; a
disrupted rider gets off at once, or without room is eliminated and the vehicle disrupted."""

from __future__ import annotations

import pytest

from engine.tactical_gamex import attacks
from engine.tactical_gamex.combat import apply_result, defense_of
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.tables import Result
from engine.tactical_gamex.transport import load
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import PZ4H, RIFLE, board, state


def _state(on=True, crowd=0):
    units = [
        ("pz", Side.AXIS, PZ4H, (0, 0)),
        ("gren", Side.AXIS, RIFLE, (0, 0)),
        ("r", Side.ALLIED, RIFLE, (0, 2)),
    ]
    units += [(f"c{i}", Side.AXIS, RIFLE, (0, 0)) for i in range(crowd)]
    s = state(board(["...."] * 4), units)
    s.options = frozenset({"panzerblitz_assault"} if on else ())
    return s


def test_german_armour_carries_one_infantry_unit() -> None:
    off = _state(on=False)
    with pytest.raises(IllegalOrder, match="not a transport"):
        load(off, off.units["pz"], off.units["gren"])
    s = _state()
    load(s, s.units["pz"], s.units["gren"])
    assert s.units["gren"].carrier == "pz"
    assert defense_of(s, s.units["gren"]) == 1
    spec = attacks.direct_fire_spec(s, [s.units["r"]], [s.units["gren"]])
    assert spec.defense == 1


def test_a_disrupted_rider_gets_off_or_without_room_is_lost() -> None:
    s = _state()
    load(s, s.units["pz"], s.units["gren"])
    apply_result(s, s.units["gren"], Result.D)
    assert s.units["gren"].carrier is None
    assert s.units["gren"].hex == (0, 0)
    assert not s.units["pz"].disrupted
    full = _state(crowd=3)  # the tank with its rider and three more: four, the limit
    load(full, full.units["pz"], full.units["gren"])
    events = apply_result(full, full.units["gren"], Result.D)
    assert full.units["gren"].hex is None
    assert full.units["pz"].disrupted
    assert events

"""Airborne assaults [003 11.0-11.6]: paratroops scatter one by one on the 11-66 diagram turned
to the flight line, a glider as a whole; all land disrupted; off the board, in water or a full
hex they are lost; a minefield attacks them; AA shooting a lift down loses its cargo."""

from __future__ import annotations

from dataclasses import replace

from engine.tactical_gamex.airborne import Lift, land, scatter
from engine.tactical_gamex.events import Eliminated, Landed
from engine.tactical_gamex.units import UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, FixedDice, board, state

SCATTER = {11: (0, 0), 12: (1, 0), 13: (0, 1), 14: (-1, 0), 66: (9, 9)}
"""Test data: on target, one ahead, one right, one short, and far off the board."""


def _state(rolls, rows=None):
    units = [(f"p{i}", Side.ALLIED, RIFLE, (0, 0)) for i in range(3)]
    s = state(board(rows or ["......"] * 8), units)
    for u in s.units.values():
        u.hex = None
    s.tables = replace(s.tables, airborne_scatter=SCATTER)
    s.dice = FixedDice(rolls)
    return s


def _lift(glider=False, heading=180):
    return Lift(Side.ALLIED, "c47", ("p0", "p1", "p2"), (2, 3), glider, heading)


def test_paratroops_scatter_one_by_one_along_the_flight_line() -> None:
    """Flying in from the top (heading down): ahead is down, right is to the west."""
    s = _state([1, 1, 1, 2, 1, 4])  # 11, 12, 14
    events = land(s, (_lift(),))
    landed = [e.hex for e in events if isinstance(e, Landed)]
    assert landed == [(2, 3), (2, 4), (2, 2)]
    assert all(s.units[f"p{i}"].disrupted for i in range(3))
    assert scatter(s, _lift(), 13) in {(1, 3), (1, 4)}  # one hex west, the zig-zag's first


def test_a_glider_lands_as_a_whole_and_off_the_board_is_lost() -> None:
    s = _state([6, 6])
    events = land(s, (_lift(glider=True),))
    assert [e.roll for e in events if isinstance(e, Landed)] == [66, 66, 66]
    assert len([e for e in events if isinstance(e, Eliminated)]) == 3
    assert s.eliminated[Side.ALLIED] == 3


def test_water_is_lost_and_mines_attack() -> None:
    rows = ["......"] * 8
    rows[4] = "..~..."
    # 11 into the mined target (its die a 6: no effect), 12 into the water, 11 again
    s = _state([1, 1, 6, 1, 2, 1, 1, 6], rows)
    s.counters.mines[(2, 3)] = 2
    events = land(s, (_lift(),))
    lost = [e.unit for e in events if isinstance(e, Eliminated)]
    assert lost == ["p1"]
    assert any(getattr(e, "kind", "") == "mine attack" for e in events)


def test_aa_shooting_the_lift_down_loses_its_cargo() -> None:
    flak = UnitType("Flak", 9, Weapon.AA, 4, 2, 0)
    s = _state([1])
    s.units["f"] = replace(s.units["p0"], id="f", side=Side.AXIS, type=flak, hex=(2, 4))
    s.tables = replace(s.tables, aa_fire=((1, ("X",) * 6),))
    events = land(s, (_lift(),))
    assert len([e for e in events if isinstance(e, Eliminated)]) == 3
    assert all(s.units[f"p{i}"].hex is None for i in range(3))


def test_a_full_hex_is_lost() -> None:
    s = _state([1, 1, 1, 1, 1, 2])  # 11, 11, 12
    s.stack_limits[Side.ALLIED] = 1
    events = land(s, (_lift(),))
    assert [e.unit for e in events if isinstance(e, Eliminated)] == ["p1"]

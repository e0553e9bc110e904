"""Aircraft attacks [003 6.4.7]: the P-38's (H) 40 and I 4, one attack per weapon in one
activation (one point), (H) on every unit of the hex at full strength, AA fire first (the
AA Fire Table, doubled strictly inside half range), driven off losing the rest."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex.aircraft import Aircraft
from engine.tactical_gamex.events import AircraftFlew, Attacked
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import AirAttack
from engine.tactical_gamex.units import UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, T35, FixedDice, board, state

FLAK = UnitType("20mm Flak", 4, Weapon.AA, 4, 2, 0)
AA_TABLE = ((1, ("D", "-", "-", "-", "-", "-")), (6, ("X", "D", "-", "-", "-", "-")))


def _game(rolls, flak_at=None):
    units = [
        ("spotter", Side.ALLIED, RIFLE, (0, 0)),
        ("g1", Side.AXIS, RIFLE, (0, 3)),
        ("g2", Side.AXIS, RIFLE, (0, 3)),
        ("tank", Side.AXIS, T35, (2, 3)),
    ]
    if flak_at:
        units.append(("flak", Side.AXIS, FLAK, flak_at))
    s = state(board(["...."] * 8), units)
    s.tables = replace(s.tables, aa_fire=AA_TABLE)
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice(rolls)
    s.aircraft["p38"] = Aircraft(
        "p38", Side.ALLIED, "P-38", {Weapon.H_INDIRECT: 40, Weapon.I: 4}, (1,)
    )
    return TacticalGame(s)


def test_the_p38_bombs_every_unit_of_the_hex_then_strafes_for_one_point() -> None:
    game = _game([6, 6, 6, 6])
    events = game.apply(AirAttack("p38", "(H)", (0, 3)))
    bombs = [e for e in events if isinstance(e, Attacked)]
    assert [(b.attack, b.defense, b.column) for b in bombs] == [(40, 6, "4:1")] * 2
    assert game.points_left == 5
    events = game.apply(AirAttack("p38", "I", (0, 3), ("g1",)))
    strafe = next(e for e in events if isinstance(e, Attacked))
    assert (strafe.attack, strafe.column) == (4, "1:2")
    assert game.points_left == 5  # the same activation
    with pytest.raises(IllegalOrder, match="not available"):
        game.apply(AirAttack("p38", "I", (0, 3), ("g1",)))


def test_an_i_weapon_cannot_strafe_armour() -> None:
    with pytest.raises(IllegalOrder, match="cannot attack"):
        _game([6]).apply(AirAttack("p38", "I", (2, 3), ("tank",)))


def test_aa_fire_drives_the_aircraft_off_before_it_attacks() -> None:
    """One 20 mm Flak next to the target, inside half its range of 4: 8 points, column 6+; a
    die of 2 is D: driven off, both attacks lost. At exactly half range (two hexes) it fires at
    its printed 4 (B.15 #6), column 1+, where a 6 misses."""
    game = _game([6, 2], flak_at=(0, 4))
    events = game.apply(AirAttack("p38", "(H)", (0, 3)))
    assert events == [AircraftFlew(1, "p38", "(H)", (0, 3), 8, 2, "D")]
    assert game.state.aircraft["p38"].gone
    flak_at_half = _game([6, 6, 6, 6], flak_at=(0, 5))
    (flew, *_) = flak_at_half.apply(AirAttack("p38", "(H)", (0, 3)))
    assert (flew.aa_strength, flew.aa_result) == (4, "-")

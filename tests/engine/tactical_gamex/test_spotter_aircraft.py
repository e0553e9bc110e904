"""Spotter aircraft [003 6.4.7]: no attacks, one activation a turn every turn until lost; placed
anywhere on the map, a spotter sights for an off-board battery after the enemy's AA fire,
and driven off it is lost and the battery does not fire."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex.aircraft import Aircraft
from engine.tactical_gamex.events import AircraftFlew, ArtilleryCalled, Attacked, SpotAttempted
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import AirAttack, CallArtillery, Spot
from engine.tactical_gamex.state import Battery
from engine.tactical_gamex.units import UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, SECURITY, FixedDice, board, state

FLAK = UnitType("20mm Flak", 4, Weapon.AA, 4, 2, 0)
AA_TABLE = ((1, ("D", "-", "-", "-", "-", "-")), (6, ("X", "D", "-", "-", "-", "-")))


def _game(rolls, flak=False):
    units = [("rifle", Side.ALLIED, RIFLE, (0, 0)), ("g", Side.AXIS, SECURITY, (0, 10))]
    if flak:
        units.append(("flak", Side.AXIS, FLAK, (0, 11)))
    s = state(board(["...."] * 12), units)
    s.tables = replace(s.tables, aa_fire=AA_TABLE)
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice(rolls)
    s.batteries["105"] = Battery("105", Side.ALLIED, "us", 20)
    s.batteries["155"] = Battery("155", Side.ALLIED, "us", 30)
    s.aircraft["l4"] = Aircraft("l4", Side.ALLIED, "L-4 Grasshopper", {}, spotter=True)
    return TacticalGame(s)


def test_a_spotter_sights_a_battery_where_no_ground_unit_sees() -> None:
    """The disrupted rifle cannot sight [003 7.2]; the L-4 can, for its point and the call's:
    available on 1+1, accuracy 1, the 105 mm's 20 against the Security's 5."""
    game = _game([6, 1, 1, 1, 6])
    game.unit("rifle").disrupted = True
    with pytest.raises(IllegalOrder):
        game.apply(CallArtillery("105", (0, 10), "rifle"))
    events = game.apply(CallArtillery("105", (0, 10), "l4"))
    assert events[:2] == [
        AircraftFlew(1, "l4", "spot", (0, 10), 0, 0, "-"),
        ArtilleryCalled(1, "105", True, 1, (0, 10)),
    ]
    attack = events[2]
    assert isinstance(attack, Attacked)
    assert (attack.attack, attack.column) == (20, "4:1")
    assert game.points_left == 4
    with pytest.raises(IllegalOrder, match="no activation left"):
        game.apply(CallArtillery("155", (0, 10), "l4"))
    assert game.state.aircraft["l4"].available(2)  # every turn until lost


def test_driven_off_by_aa_fire_the_spotter_is_lost_and_the_battery_silent() -> None:
    """The 20 mm Flak next to the hex fires at 8 (inside half range): column 6+, a 2 is D."""
    game = _game([6, 2], flak=True)
    events = game.apply(CallArtillery("105", (0, 10), "l4"))
    assert events == [AircraftFlew(1, "l4", "spot", (0, 10), 8, 2, "D")]
    assert game.state.aircraft["l4"].gone
    assert not game.state.batteries["105"].fired


def test_a_spotter_has_no_attack() -> None:
    with pytest.raises(IllegalOrder, match="no \\(H\\) attack"):
        _game([6]).apply(AirAttack("l4", "(H)", (0, 10)))


def test_a_spotter_spots_a_hex_at_any_range_once_a_turn() -> None:
    """The L-4 spots the Security ten hexes from any friend, in the open without a roll, for
    one point, once this turn."""
    game = _game([6, 6])
    events = game.apply(Spot("l4", (0, 10)))
    assert events == [
        AircraftFlew(1, "l4", "spot", (0, 10), 0, 0, "-"),
        SpotAttempted(1, "l4", (0, 10), 0, 0, True),
    ]
    assert (0, 10) in game.state.spotted
    assert game.points_left == 5
    with pytest.raises(IllegalOrder, match="no activation left"):
        game.apply(Spot("l4", (0, 10)))

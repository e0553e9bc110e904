"""The B.15 decisions not tested with their rules elsewhere: AA doubling strictly below half
range (#6), spotting terrain the text leaves out (#9), and the sample's CRT read by the
loader in the text's column order."""

from __future__ import annotations

from engine.tactical_gamex.anti_aircraft import AaColumn, aa_result, aa_strength
from engine.tactical_gamex.spotting import spot_roll_needed
from engine.tactical_gamex.tables import TerrainEffects
from engine.tactical_gamex.units import RECON, StreamState, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, TEC, TRUCK_TYPE, board, state

FLAK = UnitType("37mm Flak", 6, Weapon.AA, 6, 3, 0)


def test_b15_6_aa_doubles_strictly_below_half_range() -> None:
    assert aa_strength(FLAK, 2) == 12
    assert aa_strength(FLAK, 3) == 6  # exactly half: printed, where the WEC would double
    assert aa_strength(FLAK, 7) == 0


def test_the_aa_table_reads_the_column_of_the_summed_strength() -> None:
    table = [
        AaColumn(1, ("D", "-", "-", "-", "-", "-")),
        AaColumn(10, ("X", "D", "D", "-", "-", "-")),
    ]
    assert aa_result(table, 6, 2) == "-"
    assert aa_result(table, 12, 2) == "D"
    assert aa_result(table, 0, 1) == "-"


def _spotting(terrain: str):
    tec = dict(TEC)
    tec["city"] = TerrainEffects(
        "city", {"infantry": 1}, los_height=0.5, concealing=True, spot_roll=2
    )
    rows = ["."] * 9
    rows[5] = {"woods": "W", "town": "T", "clear": ".", "city": "."}[terrain]
    b = board(rows)
    b.tec = tec
    if terrain == "city":
        b.terrain[(0, 5)] = "city"
    return state(b, [("s", Side.ALLIED, RIFLE, (0, 2)), ("e", Side.AXIS, RIFLE, (0, 5))])


def test_b15_9_spot_rolls_by_terrain() -> None:
    """Woods 1-3, Town 1-2, City as the title's TEC gives it (Town's in the sample), open ground
    needs no roll; beyond four hexes an ordinary unit cannot try."""
    for terrain, needed in (("woods", 3), ("town", 2), ("city", 2), ("clear", 0)):
        s = _spotting(terrain)
        assert spot_roll_needed(s, s.units["s"], (0, 5)) == needed, terrain
    s = _spotting("woods")
    s.units["s"].hex = (0, 0)
    assert spot_roll_needed(s, s.units["s"], (0, 5)) is None


def test_b15_9_smoke_and_a_unit_under_a_bridge_cannot_be_found_by_a_roll() -> None:
    s = _spotting("woods")
    s.counters.smoke[(0, 5)] = 2
    assert spot_roll_needed(s, s.units["s"], (0, 5)) is None
    s2 = state(
        board(["."] * 5 + ["S"], bridges=[(0, 5)]),
        [("s", Side.ALLIED, RIFLE, (0, 4)), ("e", Side.AXIS, RIFLE, (0, 5))],
    )
    s2.units["e"].stream = StreamState.DOWN
    s2.units["s"].hex = (0, 3)
    assert spot_roll_needed(s2, s2.units["s"], (0, 5)) is None


def test_recon_spots_without_a_roll_within_four_and_rolls_to_eight() -> None:
    """Scouts, recon and CPs spot automatically within four hexes, roll at five to eight."""
    recon = UnitType("BA-64", 1, Weapon.I, 1, 3, 10, traits=frozenset({RECON}))
    s = state(
        board(["W"] + ["."] * 9),
        [("r", Side.ALLIED, recon, (0, 4)), ("e", Side.AXIS, RIFLE, (0, 0))],
    )
    assert spot_roll_needed(s, s.units["r"], (0, 0)) == 0
    s.units["r"].hex = (0, 7)
    assert spot_roll_needed(s, s.units["r"], (0, 0)) == 3
    s.units["r"].hex = (0, 9)
    assert spot_roll_needed(s, s.units["r"], (0, 0)) is None


def test_trucks_and_passengers_cannot_spot() -> None:
    s = state(
        board(["W"] + ["."] * 4),
        [("t", Side.ALLIED, TRUCK_TYPE, (0, 3)), ("e", Side.AXIS, RIFLE, (0, 0))],
    )
    assert spot_roll_needed(s, s.units["t"], (0, 0)) is None

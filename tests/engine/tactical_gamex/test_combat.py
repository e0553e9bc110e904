"""Combat [003 6.3, 6.4]: the worked examples of section 6 (direct fire A, B and C, the
107 mm mortars' indirect fire, the Marder's overrun, the close assault with MGs and
engineers), results D/DD/X with wrecks, and the B.15 decisions on odds, the WEC and fire."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex import attacks
from engine.tactical_gamex.combat import AttackSpec, apply_result, resolve, wec_attack
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.state import Fortification
from engine.tactical_gamex.tables import COLUMNS, Result, final_column
from engine.tactical_gamex.units import UnitKind, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import (
    ENGINEERS,
    HALFTRACK_TYPE,
    MARDER,
    MG_TYPE,
    MORTAR_107,
    PZ4H,
    RIFLE,
    SECURITY,
    STUG,
    T35,
    FixedDice,
    board,
    state,
)

COLUMN = ["."] * 12
"""A straight line of hexes: (0, 0) … (0, 11)."""


def _fire_state(*units):
    return state(board(COLUMN), list(units))


def _column_of(spec: AttackSpec) -> str:
    column = final_column(spec.attack, spec.defense, spec.shifts)
    return "none" if column is None else COLUMNS[column]


def test_attack_a_pz_iv_h_at_half_range_doubles() -> None:
    """Attack A [003 6.4.1]: the Pz IV H at range 4 (half range or less) doubles: 28 to 9 =
    3-1. [DERIVED: AS 14, T-35 DS 9.]"""
    s = _fire_state(("pz", Side.AXIS, PZ4H, (0, 0)), ("t35", Side.ALLIED, T35, (0, 4)))
    spec = attacks.direct_fire_spec(s, [s.units["pz"]], [s.units["t35"]])
    assert (spec.attack, spec.defense, _column_of(spec)) == (28, 9, "3:1")


def test_attack_b_stug_beyond_half_range_fires_at_printed_strength() -> None:
    """Attack B: the StuG III G at range 6 uses its printed AS: 12 to 9 = 1-1."""
    s = _fire_state(("stug", Side.AXIS, STUG, (0, 0)), ("t35", Side.ALLIED, T35, (0, 6)))
    spec = attacks.direct_fire_spec(s, [s.units["stug"]], [s.units["t35"]])
    assert (spec.attack, _column_of(spec)) == (12, "1:1")


def test_attack_c_75mm_and_20mm_combine() -> None:
    """Attack C: the 75 mm at 6 hexes keeps its AS, the 20 mm beyond 6 is halved: 22 to 9 =
    2-1. [DERIVED: 75 mm AS 16, 20 mm AS 12, both H, in adjacent hexes.]"""
    gun75 = UnitType("75mm", 16, Weapon.H, 16, 3, 0)
    gun20 = UnitType("20mm", 12, Weapon.H, 12, 3, 0)
    s = _fire_state(
        ("g75", Side.AXIS, gun75, (0, 1)),
        ("g20", Side.AXIS, gun20, (0, 0)),
        ("t35", Side.ALLIED, T35, (0, 7)),
    )
    spec = attacks.direct_fire_spec(s, [s.units["g75"], s.units["g20"]], [s.units["t35"]])
    assert (spec.attack, _column_of(spec)) == (22, "2:1")


def test_combined_fire_needs_mutually_adjacent_hexes() -> None:
    """Fire from hexes not all adjacent to each other cannot combine [003 4.2.2]."""
    s = _fire_state(
        ("a", Side.AXIS, RIFLE, (0, 0)),
        ("b", Side.AXIS, RIFLE, (0, 2)),
        ("t", Side.ALLIED, RIFLE, (0, 3)),
    )
    with pytest.raises(IllegalOrder, match="adjacent"):
        attacks.direct_fire_spec(s, [s.units["a"], s.units["b"]], [s.units["t"]])


def test_infantry_cannot_fire_at_armour_and_star_units_reach_double_range() -> None:
    """The WEC's I row [003 6.3.6]: no fire at armour but by Close Assault; `*` units fire to
    twice their range at half AS."""
    from tests.engine.tactical_gamex.boards import RIFLE_STAR

    assert wec_attack(RIFLE, 2, UnitKind.ARMORED) == 0
    assert wec_attack(RIFLE_STAR, 2, UnitKind.SOFT) == 4
    assert wec_attack(RIFLE_STAR, 4, UnitKind.SOFT) == 2
    assert wec_attack(RIFLE_STAR, 5, UnitKind.SOFT) == 0


def test_the_107mm_mortars_indirect_fire_splits_over_three_defenders() -> None:
    """Two US 107 mm mortars, combined 20, fire indirectly at three German units of DS 5: 20/3
    = 6.67 to 5, 1-1 against each, each its own attack [003 6.4.3]."""
    s = _fire_state(
        ("m1", Side.ALLIED, MORTAR_107, (0, 0)),
        ("m2", Side.ALLIED, MORTAR_107, (0, 1)),
        *[(f"g{i}", Side.AXIS, SECURITY, (0, 10)) for i in range(3)],
    )
    attacks.check_indirect(s, [s.units["m1"], s.units["m2"]], (0, 10))
    specs = attacks.indirect_specs(s, [s.units["m1"], s.units["m2"]], (0, 10))
    assert len(specs) == 3
    for spec in specs:
        assert spec.attack == pytest.approx(20 / 3)
        assert spec.defense == 5
        assert _column_of(spec) == "1:1"
        assert not spec.direct


def test_h_minimum_indirect_range_is_a_quarter_rounded() -> None:
    """(H) units fire indirectly no closer than 1/4 of their range [003 6.4.3]."""
    how = UnitType("105mm", 20, Weapon.H_INDIRECT, 10, 3, 0)
    s = _fire_state(("h", Side.ALLIED, how, (0, 0)), ("t", Side.AXIS, RIFLE, (0, 2)))
    with pytest.raises(IllegalOrder, match="range"):
        attacks.check_indirect(s, [s.units["h"]], (0, 2))
    s.units["t"].hex = (0, 3)
    attacks.check_indirect(s, [s.units["h"]], (0, 3))


def test_the_marder_and_halftrack_overrun() -> None:
    """Marder II 12 + Halftrack 2 = 14 to two Polish rifles' 12: 1-1 shifted to 2-1, -2
    [003 6.4.5]."""
    rifle6 = replace(RIFLE, defense=6)
    s = _fire_state(
        ("marder", Side.AXIS, MARDER, (0, 0)),
        ("ht", Side.AXIS, HALFTRACK_TYPE, (0, 0)),
        ("p1", Side.ALLIED, rifle6, (0, 1)),
        ("p2", Side.ALLIED, rifle6, (0, 1)),
    )
    spec = attacks.overrun_spec(s, [s.units["marder"], s.units["ht"]], (0, 1))
    assert (spec.attack, spec.defense, spec.shifts, spec.drm) == (14, 12, 1, -2)
    assert _column_of(spec) == "2:1"


def test_halftracks_do_not_overrun_armour_nor_anyone_woods() -> None:
    s = _fire_state(("ht", Side.AXIS, HALFTRACK_TYPE, (0, 0)), ("t", Side.ALLIED, T35, (0, 1)))
    with pytest.raises(IllegalOrder, match="halftracks"):
        attacks.overrun_spec(s, [s.units["ht"]], (0, 1))
    s2 = state(
        board([".", "W"]), [("m", Side.AXIS, MARDER, (0, 0)), ("r", Side.ALLIED, RIFLE, (0, 1))]
    )
    with pytest.raises(IllegalOrder, match="open"):
        attacks.overrun_spec(s2, [s2.units["m"]], (0, 1))


def _assault_board():
    """The close-assault example [003 6.4.6] around a Bersaglieri at (2, 2): A (1,2) an MG
    alone, B (2,1) an MG with a rifle, C (3,2) an engineer with a rifle, D (2,3) an engineer
    alone. MGs and engineers AS 2, the rifles 1 [DERIVED so the sum is 8]; the Bersaglieri DS 6."""
    bers = UnitType("Bersaglieri", 5, Weapon.I, 2, 6, 5, traits=RIFLE.traits)
    rifle2 = replace(RIFLE, attack=1)
    units = [
        ("mgA", Side.ALLIED, MG_TYPE, (1, 2)),
        ("mgB", Side.ALLIED, MG_TYPE, (2, 1)),
        ("rB", Side.ALLIED, rifle2, (2, 1)),
        ("engC", Side.ALLIED, ENGINEERS, (3, 2)),
        ("rC", Side.ALLIED, rifle2, (3, 2)),
        ("engD", Side.ALLIED, ENGINEERS, (2, 3)),
        ("bers", Side.AXIS, bers, (2, 2)),
    ]
    return state(board(["....."] * 5), units)


def test_the_close_assault_example() -> None:
    """The MG in A cannot join (not stacked with a non-MG infantry unit); B's MG can; C's
    engineer, stacked with infantry, shifts one column; D's engineer joins without a shift:
    8 to 6 = 1-1, raised to 2-1, -2 [003 6.4.6]."""
    s = _assault_board()
    with pytest.raises(IllegalOrder, match="MG"):
        attacks.close_assault_spec(s, [s.units["mgA"], s.units["rB"]], (2, 2))
    ids = ["mgB", "rB", "engC", "rC", "engD"]
    spec = attacks.close_assault_spec(s, [s.units[i] for i in ids], (2, 2))
    assert (spec.attack, spec.defense, spec.shifts, spec.drm) == (8, 6, 1, -2)
    assert _column_of(spec) == "2:1"
    alone = attacks.close_assault_spec(s, [s.units["engD"], s.units["rB"]], (2, 2))
    assert alone.shifts == 0


def test_b15_13_shift_first_then_the_cap_then_the_floor() -> None:
    """B.15 #13: 1:4 with a column shift is fought at 1:3; 5:1 with a shift stays 4:1; 1:4
    without a shift has No Effect (B.15 #7)."""
    assert final_column(7, 24, 1) == 0
    assert final_column(50, 10, 1) == 5
    assert final_column(7, 24) is None


def test_b15_7_worse_than_1_3_has_no_effect_and_rolls_no_die() -> None:
    s = _fire_state(("a", Side.AXIS, RIFLE, (0, 0)), ("t", Side.ALLIED, RIFLE, (0, 1)))
    s.dice = FixedDice([])
    spec = AttackSpec("direct fire", (s.units["a"],), (0, 1), (s.units["t"],), 7, 24)
    (event,) = resolve(s, spec)
    assert event.column == "<1:3"
    assert s.units["t"].hex == (0, 1)


def test_b15_14_close_assault_and_overrun_ignore_the_wec() -> None:
    """Infantry close-assaulting armour uses its printed AS (the WEC allows I only in CAT)."""
    s = _fire_state(("r", Side.ALLIED, RIFLE, (0, 0)), ("t", Side.AXIS, T35, (0, 1)))
    spec = attacks.close_assault_spec(s, [s.units["r"]], (0, 1))
    assert spec.attack == RIFLE.attack


def test_each_defender_reads_its_own_modified_row() -> None:
    """One die, each defender's modifiers [003 6.3.5]: the disrupted one reads one row lower."""
    s = _fire_state(
        ("a", Side.AXIS, RIFLE, (0, 0)),
        ("t1", Side.ALLIED, RIFLE, (0, 1)),
        ("t2", Side.ALLIED, RIFLE, (0, 1)),
    )
    s.units["t2"].disrupted = True
    s.dice = FixedDice([4])
    spec = AttackSpec("direct fire", (s.units["a"],), (0, 1), (s.units["t1"], s.units["t2"]), 6, 6)
    event, *_rest = resolve(s, spec)
    assert [(r.unit, r.modifier, r.result) for r in event.results] == [
        ("t1", 0, "D"),
        ("t2", -1, "D"),
    ]


def test_disrupted_in_a_fortification_the_texts_modifier_example() -> None:
    """A disrupted unit (-1) in a fortification (+2) modifies the roll by +1 [003 6.3.5]."""
    from engine.tactical_gamex.combat import defender_modifier

    s = _fire_state(("a", Side.AXIS, RIFLE, (0, 0)), ("t", Side.ALLIED, RIFLE, (0, 1)))
    s.counters.forts[(0, 1)] = Fortification(20)
    t = s.units["t"]
    t.in_fort, t.disrupted = True, True
    spec = AttackSpec("direct fire", (s.units["a"],), (0, 1), (t,), 6, 20)
    assert defender_modifier(s, spec, t) == 1


def test_dd_eliminates_the_disrupted_and_x_leaves_a_wreck_of_armour() -> None:
    """DD [003 6.3.4]; B.15 #4: a wreck for an Armored unit, none for a soft one, three at
    most [003 8.1]."""
    s = _fire_state(
        ("r", Side.ALLIED, RIFLE, (0, 1)),
        ("t", Side.ALLIED, T35, (0, 1)),
    )
    apply_result(s, s.units["r"], Result.DD)
    assert s.units["r"].disrupted
    assert s.units["r"].hex == (0, 1)
    apply_result(s, s.units["r"], Result.DD)
    assert s.units["r"].hex is None
    assert (0, 1) not in s.counters.wrecks
    apply_result(s, s.units["t"], Result.X)
    assert s.counters.wrecks[(0, 1)] == 1
    s.counters.wrecks[(0, 1)] = 3
    t2 = replace(s.units["t"], id="t2", hex=(0, 1))
    s.units["t2"] = t2
    apply_result(s, t2, Result.X)
    assert s.counters.wrecks[(0, 1)] == 3


def test_a_fortifications_x_destroys_everyone_inside_and_leaves_one_wreck() -> None:
    s = _fire_state(("r", Side.ALLIED, RIFLE, (0, 1)), ("q", Side.ALLIED, RIFLE, (0, 1)))
    s.counters.forts[(0, 1)] = Fortification(20)
    for u in s.units.values():
        u.in_fort = True
    apply_result(s, s.units["r"], Result.DD)
    apply_result(s, s.units["r"], Result.DD)
    assert s.units["r"].hex == (0, 1)  # further disruptions inside are ignored [003 8.4]
    apply_result(s, s.units["r"], Result.X)
    assert all(u.hex is None for u in s.units.values())
    assert (0, 1) not in s.counters.forts
    assert s.counters.wrecks[(0, 1)] == 1


def test_b15_11_g_weapons_fire_at_printed_strength() -> None:
    g = UnitType("P-47 G", 8, Weapon.G, 12, 4, 0, UnitKind.AIRCRAFT)
    assert wec_attack(g, 10, UnitKind.ARMORED) == 8
    assert wec_attack(g, 10, UnitKind.SOFT) == 8

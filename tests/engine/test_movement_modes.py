"""Mode changes [000 4.1]: the cost table for most units, towed guns, heavy towed artillery and
siege guns; Rail Mode's railway, capacity and stacking conditions; Manual Defensive Fire
[000 13.3]. Every unit here has a movement allowance of 12."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panzer_campaigns.movement import (
    IllegalMove,
    change_mode,
    mode_change_cost,
    move,
    mp_left,
)
from engine.panzer_campaigns.state import GameState
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_title

GUNS = {"component": "guns", "strength": 10, "indirect_fire": True}
KINDS: dict[str, dict[str, Any]] = {
    "infantry": {},
    "towed gun": {"unit_class": "anti_tank", "towed": True, "anti_tank": True, **GUNS},
    "heavy artillery": {
        "unit_class": "heavy_artillery",
        "artillery_kind": "heavy_artillery",
        "towed": True,
        **GUNS,
    },
    "siege gun": {
        "unit_class": "siege_gun",
        "artillery_kind": "siege_gun",
        "towed": True,
        **GUNS,
    },
}
RAIL = {"railroad": [[(0, 0), (1, 0)]]}


def game(spec: dict[str, Any], art: str = ".A  .", **title: Any) -> GameState:
    return ascii_title(art, units={"A": spec}, roads=RAIL, **title).game()


@pytest.mark.parametrize(
    ("kind", "start", "target", "expected"),
    [
        ("infantry", "deployed", "travel", 0),
        ("infantry", "travel", "deployed", 4),
        ("towed gun", "deployed", "travel", 4),
        ("towed gun", "travel", "deployed", 4),
        ("heavy artillery", "deployed", "travel", 12),
        ("heavy artillery", "travel", "deployed", 12),
        ("siege gun", "deployed", "travel", 12),
        ("siege gun", "travel", "deployed", 12),
        ("infantry", "deployed", "rail", 12),
        ("infantry", "rail", "deployed", 12),
        ("towed gun", "travel", "rail", 12),
        ("heavy artillery", "rail", "travel", 12),
    ],
)
def test_mode_change_costs_follow_the_manuals_table(
    kind: str, start: str, target: str, expected: float
) -> None:
    state = game({**KINDS[kind], "mode": start})
    unit = state.units["A"]
    assert change_mode(state, unit, Mode(target)) == pytest.approx(expected)
    assert unit.mode is Mode(target)
    assert unit.mp_spent == pytest.approx(expected)


@pytest.mark.parametrize(
    ("kind", "start", "target", "expected"),
    [
        ("infantry", "travel", "deployed", 0),
        ("towed gun", "deployed", "travel", 4),
        ("towed gun", "travel", "deployed", 8 / 3),
        ("heavy artillery", "travel", "deployed", 4),
        ("heavy artillery", "deployed", "travel", 8),
        ("siege gun", "travel", "deployed", 8),
    ],
)
def test_manual_defensive_fire_mode_change_costs(
    kind: str, start: str, target: str, expected: float
) -> None:
    state = game(
        {**KINDS[kind], "mode": start}, header={"optional_rules": ["manual_defensive_fire"]}
    )
    # The allowance itself is 2/3 of 12 under Manual Defensive Fire [000 13.3].
    assert mode_change_cost(state, state.units["A"], Mode(target)) == pytest.approx(expected)


def test_a_change_to_the_same_mode_costs_nothing() -> None:
    state = game({"mode": "travel"})
    assert change_mode(state, state.units["A"], Mode.TRAVEL) == 0
    assert state.units["A"].mp_spent == 0


def test_a_mode_change_needs_the_movement_points() -> None:
    state = game({"mode": "travel"})
    unit = state.units["A"]
    unit.mp_spent = 10
    with pytest.raises(IllegalMove, match=r"costs 4 movement points and 2 are left"):
        change_mode(state, unit, Mode.DEPLOYED)
    assert unit.mode is Mode.TRAVEL
    with pytest.raises(IllegalMove, match="costs 12"):
        change_mode(state, unit, Mode.RAIL)


def test_rail_mode_needs_a_railway() -> None:
    state = game({}, art=".   .  .A")
    with pytest.raises(IllegalMove, match=r"on \(2, 0\).*no usable railway"):
        change_mode(state, state.units["A"], Mode.RAIL)
    damaged = game({})
    damaged.rail_damage.add(damaged.board.index(0, 0))
    with pytest.raises(IllegalMove, match="no usable railway"):
        change_mode(damaged, damaged.units["A"], Mode.RAIL)


def test_rail_mode_uses_the_sides_rail_capacity_except_for_rail_units() -> None:
    state = game({})
    state.rail_capacity[Side.ALLIED] = 400
    with pytest.raises(
        IllegalMove, match="rail capacity left is 400 men-equivalents, it needs 500"
    ):
        change_mode(state, state.units["A"], Mode.RAIL)
    state.rail_capacity[Side.ALLIED] = 0
    train = game({"rail_unit": True, "unit_class": "armored_train"})
    train.rail_capacity[Side.ALLIED] = 0
    assert change_mode(train, train.units["A"], Mode.RAIL) == 12


def test_capacity_already_in_use_by_other_rail_mode_units_counts() -> None:
    state = ascii_title(
        ".A  .B", units={"B": {"mode": "rail"}}, roads={"railroad": [[(0, 0), (1, 0)]]}
    ).game()
    state.rail_capacity[Side.ALLIED] = 900
    with pytest.raises(IllegalMove, match="rail capacity left is 400"):
        change_mode(state, state.units["A"], Mode.RAIL)


def test_no_rail_mode_change_in_an_over_stacked_hex() -> None:
    state = ascii_title(
        ".AB  .", units={"B": {"strength": 600}}, roads={"railroad": [[(0, 0), (1, 0)]]}
    ).game()
    with pytest.raises(IllegalMove, match="over-stacked"):
        change_mode(state, state.units["A"], Mode.RAIL)


def test_leaving_rail_mode_may_not_over_stack_the_hex() -> None:
    state = ascii_title(
        ".AB  .",
        units={"A": {"mode": "rail"}, "B": {"strength": 600}},
        roads={"railroad": [[(0, 0), (1, 0)]]},
    ).game()
    with pytest.raises(IllegalMove, match="1100 men-equivalents"):
        change_mode(state, state.units["A"], Mode.DEPLOYED)


def test_towed_guns_deploy_within_the_towed_gun_limitation() -> None:
    gun = KINDS["towed gun"]
    state = ascii_title(
        ".ABC  .",
        units={"A": {**gun, "mode": "travel"}, "B": dict(gun), "C": dict(gun)},
    ).game()
    with pytest.raises(IllegalMove, match="Towed Gun Limitation is 2"):
        change_mode(state, state.units["A"], Mode.DEPLOYED)


def test_towed_guns_may_deploy_in_road_only_terrain() -> None:
    state = ascii_title(
        ".  ,A  .",
        units={"A": {**KINDS["towed gun"], "movement_class": "motorized", "mode": "travel"}},
        roads={"primary_road": [[(0, 0), (1, 0), (2, 0)]]},
    ).game()
    assert change_mode(state, state.units["A"], Mode.DEPLOYED) == 4


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ({"fixed": True}, "Fixed"),
        ({"speed": 0}, "immobile"),
        ({"naval": True, "movement_class": "naval"}, "no movement modes"),
    ],
)
def test_units_that_cannot_change_mode(spec: dict[str, Any], reason: str) -> None:
    state = game(spec)
    with pytest.raises(IllegalMove, match=reason):
        change_mode(state, state.units["A"], Mode.TRAVEL)
    assert mp_left(state, state.units["A"]) == state.units["A"].unit.speed


def test_moving_in_rail_mode_is_not_movement_for_refuelling() -> None:
    state = game({"mode": "rail"})
    unit = state.units["A"]
    move(state, unit, [state.board.index(1, 0)])
    assert unit.mp_spent == 1  # the rail class's cost per hex
    assert not unit.moved  # [000 10.2]


def test_a_refusal_gives_fractional_movement_points_in_tenths() -> None:
    # Under Manual Defensive Fire the allowance is 8; a towed gun limbering down pays a third.
    state = game(
        {**KINDS["towed gun"], "mode": "travel"},
        header={"optional_rules": ["manual_defensive_fire"]},
    )
    unit = state.units["A"]
    unit.mp_spent = 6.75
    with pytest.raises(IllegalMove, match=r"costs 2\.7 movement points and 1\.2 are left"):
        change_mode(state, unit, Mode.DEPLOYED)

"""Units and features with movement rules of their own [000 4.2, 4.5, 3.3; 001 #26]: commandos
and mountain units over impassable hexsides, amphibious units, full-hex ferries, ships and
their stacking limit, shallow water in Panzer Battles, and the stacking queries the setup checks
use. Every ground unit here is foot infantry with 12 MP; clear costs 2."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panzer_campaigns.movement import (
    IllegalMove,
    is_over_stacked,
    min_path,
    move,
    reachable,
    stacking_in,
    step_cost,
)
from engine.panzer_campaigns.state import GameState
from schemas.panzer_campaigns.map import FullHexFeature, FullHexKind, TerrainType
from schemas.panzer_campaigns.parameters import ParameterFile
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_parameters, ascii_title

DOWN_RIGHT = 2


def cost(state: GameState, label: str, direction: int = DOWN_RIGHT) -> float | None:
    unit = state.units[label]
    return step_cost(state, unit, unit.hex, direction)


def at(state: GameState, column: int, row: int) -> int:
    return state.board.index(column, row)


def naval_parameters() -> ParameterFile:
    """The ASCII parameters with water at 1 MP for ships."""
    parameters = ascii_parameters()
    terrain = dict(parameters.movement.terrain)
    terrain["water"] = {**terrain["water"], "naval": 1}
    return parameters.model_copy(
        update={"movement": parameters.movement.model_copy(update={"terrain": terrain})}
    )


# --- hexsides that stop most units [000 4.2] ---------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "spec", "expected"),
    [
        ("cliff", {}, None),
        ("cliff", {"commando": True}, 12),
        ("cliff", {"mountain": True}, 12),
        ("river", {"mountain": True}, None),
        ("river", {"commando": True}, 12),
        ("river", {"amphibious": True}, None),  # deployed
        ("river", {"amphibious": True, "mode": "travel"}, 12),
        ("canal", {"amphibious": True, "mode": "travel"}, 12),
        ("cliff", {"amphibious": True, "mode": "travel"}, None),
        ("stream", {"commando": True}, 4),  # passable: the ordinary cost, 2 + 2
    ],
)
def test_whole_allowance_crossings_of_impassable_hexsides(
    kind: str, spec: dict[str, Any], expected: float | None
) -> None:
    state = ascii_title(".A  .", units={"A": spec}, hexsides=[((0, 0), "down_right", kind)])
    assert cost(state.game(), "A") == expected


def test_a_whole_allowance_crossing_needs_a_fresh_unit() -> None:
    state = ascii_title(
        ".A  .",
        units={"A": {"commando": True}},
        hexsides=[((0, 0), "down_right", "cliff")],
    ).game()
    unit = state.units["A"]
    unit.mp_spent = 1
    with pytest.raises(IllegalMove, match="whole movement allowance"):
        move(state, unit, [at(state, 1, 0)])


def test_amphibious_units_enter_and_leave_water_under_the_optional_rule() -> None:
    units = {"A": {"amphibious": True, "mode": "travel"}}
    without = ascii_title(".A  ~  .", units=units).game()
    assert cost(without, "A") is None
    state = ascii_title(".A  ~  .", units=units, header={"optional_rules": ["amphibious"]}).game()
    assert cost(state, "A") == 12
    unit = state.units["A"]
    move(state, unit, [at(state, 1, 0)])
    unit.mp_spent = 0  # a new turn
    assert step_cost(state, unit, unit.hex, 1) == 12  # out again, Up Right to (2, 0)


# --- full-hex ferries [000 4.5] ----------------------------------------------------------------


def ferry_game(**units: dict[str, Any]) -> GameState:
    title = ascii_title(".A  ~  .", units=units or None)
    title.map_file = title.map_file.model_copy(
        update={"full_hex_features": [FullHexFeature(hex=(1, 0), kind=FullHexKind.FERRY)]}
    )
    return title.game()


def test_a_full_hex_ferry_takes_the_whole_allowance_in_travel_mode() -> None:
    assert cost(ferry_game(), "A") is None
    state = ferry_game(A={"mode": "travel"})
    assert cost(state, "A") == 12
    unit = state.units["A"]
    move(state, unit, [at(state, 1, 0)])
    unit.mp_spent = 0
    assert step_cost(state, unit, unit.hex, 1) == 2  # "The unit moves off the Ferry normally."


def test_a_full_hex_ferry_carries_stacks_within_the_road_stacking_limit() -> None:
    assert cost(ferry_game(A={"mode": "travel", "strength": 1001}), "A") is None


# --- ships [000 4.2, 3.3] ----------------------------------------------------------------------

SEA = """
    ~   ~  ~  ~
    ~   ~  ~  ~
    ~   ~  ~  ~
"""
SHIP = {"naval": True, "movement_class": "naval", "unit_class": "naval", "speed": 10}


def test_only_four_ships_may_end_in_one_hex() -> None:
    units = {label: {**SHIP, "hex": (1, 1)} for label in "BCDE"}
    units["A"] = {**SHIP, "hex": (0, 1)}
    state = ascii_title(SEA, units=units, parameters=naval_parameters()).game()
    ship = state.units["A"]
    assert at(state, 1, 1) not in reachable(state, ship)
    with pytest.raises(IllegalMove, match="5 ships would share the hex; at most 4"):
        move(state, ship, [at(state, 1, 1)])
    assert stacking_in(state, at(state, 1, 1), Side.ALLIED) == 0  # ships have their own limit


def test_ships_cannot_cross_hexside_features_such_as_dikes() -> None:
    state = ascii_title(
        SEA,
        units={"A": {**SHIP, "hex": (1, 1)}},
        hexsides=[((1, 1), "down_right", "dike")],
        parameters=naval_parameters(),
    ).game()
    assert cost(state, "A") is None
    assert cost(state, "A", 1) == 1


# --- Panzer Battles shallow water [001 #26] ----------------------------------------------------


def test_shallow_water_halves_obstacles_and_mines() -> None:
    title = ascii_title(
        ".A  ~  .",
        header={"ruleset": "panzer_battles"},
        scenario={
            "overlays": {
                "obstacles": [{"hex": (1, 0)}],
                "minefields": [{"hex": (1, 0), "strength": 3}],
            }
        },
    )
    legend = [
        TerrainType(id="water", code="~", name="Shallow Water", shallow_water=True)
        if t.id == "water"
        else t
        for t in title.map_file.terrain
    ]
    title.map_file = title.map_file.model_copy(update={"terrain": legend})
    parameters = ascii_parameters()
    terrain = dict(parameters.movement.terrain)
    terrain["water"] = dict.fromkeys(terrain["clear"], 3)
    title.parameters = parameters.model_copy(
        update={"movement": parameters.movement.model_copy(update={"terrain": terrain})}
    )
    state = title.game()
    unit = state.units["A"]
    assert cost(state, "A") == 6  # half the allowance rather than all of it
    unit.mp_spent = 1  # half the allowance does not need a fresh unit
    move(state, unit, [at(state, 1, 0)])
    assert unit.mp_spent == 12  # 1 + 6, then 3/3 x 12 / 2 = 6 lost: capped at 12


# --- stacking queries [000 3.3] ----------------------------------------------------------------


def test_stacking_in_counts_men_equivalents_without_rail_mode_units() -> None:
    state = ascii_title(
        ".ABC  .d",
        units={
            "A": {"strength": 300},
            "B": {"component": "vehicles", "strength": 20},
            "C": {"strength": 900, "mode": "rail"},
        },
    ).game()
    hex_index = at(state, 0, 0)
    assert stacking_in(state, hex_index, Side.ALLIED) == 500
    assert stacking_in(state, hex_index, Side.AXIS) == 0
    assert not is_over_stacked(state, hex_index, Side.ALLIED)
    state.units["A"].strength = 801
    assert is_over_stacked(state, hex_index, Side.ALLIED)
    assert min_path(state, state.units["d"], hex_index) is None  # enemy-held

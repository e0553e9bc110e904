"""Zones of control and movement [000 4.4]: the manual's three ZOC-to-ZOC cases with their exact
outcomes, the units exempt from them, facings, Forced Bridge Movement [000 4.5] and full-hex
bridges [000 7.4].

Every map puts enemy unit `b` at (2, 1); its ZOC covers (2, 0), (3, 0), (3, 1), (2, 2), (1, 1)
and (1, 0). Unit `A` (foot, 12 MP, clear costs 2) stands at (1, 0), so stepping Up Right to
(2, 0) goes from enemy ZOC to enemy ZOC, and stepping Up Left to (0, 0) leaves it.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.panzer_campaigns.movement import IllegalMove, move, step_cost
from engine.panzer_campaigns.state import GameState
from schemas.panzer_campaigns.map import FullHexFeature, FullHexKind
from tests.engine.ascii_title import ascii_parameters, ascii_title

UP_RIGHT, UP_LEFT, DOWN_LEFT = 1, 5, 4

FIELD = """
    .  .A  .   .
    .  .   .b  .
    .  .   .   .
"""


def game(
    art: str = FIELD,
    *,
    units: dict[str, dict[str, Any]] | None = None,
    multiplier: float = 2,
    locking: bool = False,
    **title: Any,
) -> GameState:
    header = dict(title.pop("header", {}))
    if locking:
        header["optional_rules"] = ["locking_zoc"]
    return ascii_title(
        art,
        units=units,
        parameters=ascii_parameters(zoc_multiplier=multiplier),
        header=header,
        **title,
    ).game()


def cost(state: GameState, label: str, direction: int, spent: float = 0.0) -> float | None:
    unit = state.units[label]
    return step_cost(state, unit, unit.hex, direction, spent=spent)


# --- the three cases [000 4.4] -----------------------------------------------------------------


def test_leaving_or_entering_a_zoc_costs_the_terrain() -> None:
    state = game()
    assert cost(state, "A", UP_LEFT) == 2
    assert cost(state, "A", DOWN_LEFT) == 2  # (0, 1): outside b's ZOC


def test_case_1_locking_zoc_forbids_zoc_to_zoc_even_into_a_friendly_hex() -> None:
    friendly = FIELD.replace(".  .A  .   .", ".  .A  .C  .")
    state = game(friendly, locking=True)
    assert cost(state, "A", UP_RIGHT) is None
    with pytest.raises(IllegalMove, match=r"A cannot move from \(1, 0\) to \(2, 0\).*Locking ZOC"):
        move(state, state.units["A"], [state.board.index(2, 0)])
    assert cost(state, "A", UP_LEFT) == 2


def test_case_2_multiplier_zero_only_into_a_friendly_hex_for_the_whole_allowance() -> None:
    state = game(multiplier=0)
    assert cost(state, "A", UP_RIGHT) is None  # (2, 0) is empty
    occupied = game(FIELD.replace(".  .A  .   .", ".  .A  .C  ."), multiplier=0)
    assert cost(occupied, "A", UP_RIGHT) == 12  # the entire movement allowance
    assert cost(occupied, "A", UP_RIGHT, spent=1) is None  # not the entire allowance left


def test_case_3_multiplier_multiplies_the_normal_cost() -> None:
    assert cost(game(multiplier=2), "A", UP_RIGHT) == 4
    assert cost(game(multiplier=1.5), "A", UP_RIGHT) == 3
    forest = game(FIELD.replace(".  .A  .   .", ".  .A  ^   ."), multiplier=2)
    assert cost(forest, "A", UP_RIGHT) == 6  # forest 3 x 2


def test_case_3_move_spends_the_multiplied_cost() -> None:
    state = game(multiplier=2)
    unit = state.units["A"]
    move(state, unit, [state.board.index(2, 0)])
    assert unit.mp_spent == 4


# --- exempt units [000 3.3, 4.2] ---------------------------------------------------------------


@pytest.mark.parametrize("flag", ["commando", "irregular", "partisan"])
def test_exempt_units_move_zoc_to_zoc_for_the_whole_allowance_under_locking(flag: str) -> None:
    state = game(units={"A": {flag: True}}, locking=True)
    assert cost(state, "A", UP_RIGHT) == 12
    assert cost(state, "A", UP_RIGHT, spent=2) is None


@pytest.mark.parametrize("flag", ["commando", "irregular", "partisan"])
def test_exempt_units_into_an_empty_hex_when_the_multiplier_is_zero(flag: str) -> None:
    assert cost(game(units={"A": {flag: True}}, multiplier=0), "A", UP_RIGHT) == 12


def test_exempt_units_keep_the_cheaper_case_3_cost() -> None:
    assert cost(game(units={"A": {"irregular": True}}, multiplier=2), "A", UP_RIGHT) == 4


# --- who exerts a ZOC, and facings [000 3.3, 5.4] ----------------------------------------------


def test_a_faced_unit_exerts_zoc_only_toward_its_facing() -> None:
    assert cost(game(units={"b": {"facing": "up"}}), "A", UP_RIGHT) == 4
    assert cost(game(units={"b": {"facing": "down"}}), "A", UP_RIGHT) == 2


@pytest.mark.parametrize(
    "spec",
    [
        {"unit_class": "headquarters"},
        {"supply_unit": True},
        {"partisan": True},
        {"irregular": True},
        {"towed": True, "anti_tank": True, "mode": "travel"},
    ],
)
def test_units_without_zoc_do_not_hinder_movement(spec: dict[str, Any]) -> None:
    assert cost(game(units={"b": spec}, locking=True), "A", UP_RIGHT) == 2


def test_broken_units_exert_no_zoc() -> None:
    state = game(locking=True)
    state.units["b"].broken = True
    state.touch()
    assert cost(state, "A", UP_RIGHT) == 2


# --- Forced Bridge Movement [000 4.5] and full-hex bridges [000 7.4] ---------------------------

BRIDGED: dict[str, Any] = {
    "hexsides": [((1, 0), "up_right", "river")],
    "crossings": [((1, 0), "up_right", "heavy_bridge")],
}


def test_forced_bridge_movement_crosses_zoc_to_zoc_for_the_whole_allowance() -> None:
    state = game(units={"A": {"mode": "travel"}}, locking=True, **BRIDGED)
    assert cost(state, "A", UP_RIGHT) == 12
    unit = state.units["A"]
    move(state, unit, [state.board.index(2, 0)])
    assert unit.mp_spent == 12


@pytest.mark.parametrize(
    "spec",
    [{"mode": "travel", "disrupted": True}, {"mode": "deployed"}],
    ids=["disrupted", "deployed"],
)
def test_forced_bridge_movement_needs_a_sound_unit_in_travel_mode(spec: dict[str, Any]) -> None:
    assert cost(game(units={"A": spec}, locking=True, **BRIDGED), "A", UP_RIGHT) is None


def test_forced_bridge_movement_needs_a_unit_that_has_not_moved() -> None:
    state = game(units={"A": {"mode": "travel"}}, locking=True, **BRIDGED)
    state.units["A"].mp_spent = 1
    assert cost(state, "A", UP_RIGHT) is None


def test_forced_bridge_movement_is_not_a_panzer_battles_rule() -> None:
    state = game(
        units={"A": {"mode": "travel"}},
        locking=True,
        header={"ruleset": "panzer_battles"},
        **BRIDGED,
    )
    assert cost(state, "A", UP_RIGHT) is None


def test_without_locking_a_bridge_is_crossed_at_the_multiplied_cost() -> None:
    assert cost(game(units={"A": {"mode": "travel"}}, **BRIDGED), "A", UP_RIGHT) == 4


def test_full_hex_bridges_are_not_zoc_blocked() -> None:
    art = """
        .  .A  ~   .
        .  .   .b  .
    """
    title = ascii_title(
        art,
        units={"A": {"mode": "travel"}},
        header={"optional_rules": ["locking_zoc"]},
    )
    title.map_file = title.map_file.model_copy(
        update={"full_hex_features": [FullHexFeature(hex=(2, 0), kind=FullHexKind.BRIDGE)]}
    )
    state = title.game()
    # (2, 0) is a water hex in b's ZOC spanned by a full-hex bridge: the cheapest land (2).
    assert cost(state, "A", UP_RIGHT) == 2

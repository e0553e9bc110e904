"""Objectives, exits, limited objectives, surrender, losses and the score on small ASCII maps
[000 2.0, 3.4, 4.2, 4.7]."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panzer_campaigns.arrivals import process_arrivals
from engine.panzer_campaigns.events import (
    ObjectiveCaptured,
    ObjectiveExpired,
    Surrendered,
    UnitExited,
)
from engine.panzer_campaigns.objectives import (
    Outcome,
    apply_loss,
    check_surrender,
    eliminate,
    exit_unit,
    expire_limited,
    is_major_victory,
    loss_points,
    record_loss,
    score,
    update_owners,
    victory_points,
    victory_points_detail,
)
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitStatus
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_title, oob_tree

# Default victory levels of ASCII titles: major allied 100, minor allied 20, minor axis -20,
# major axis -100; loss points 1 per man, 10 per gun or vehicle, elite factor 1.5.

ROAD = """
.A .  .  .  .b
.  .  .  .  .
"""


def game(
    art: str = ROAD,
    objectives: list[dict[str, Any]] | None = None,
    units: dict[str, dict[str, Any]] | None = None,
    header: dict[str, Any] | None = None,
    **scenario: Any,
) -> GameState:
    return ascii_title(
        art,
        units=units,
        header=header,
        scenario={"objectives": objectives or [], **scenario},
    ).game()


def town(owner: str | None = "axis", points: int = 50, **fields: Any) -> dict[str, Any]:
    return {
        "kind": "normal",
        "id": "town",
        "hex": [2, 0],
        "points": points,
        "owner": owner,
        **fields,
    }


def step(state: GameState, unit: str, where: tuple[int, int]) -> None:
    state.put(state.units[unit], state.board.index(*where))


# --- capture ----------------------------------------------------------------------------------


def test_moving_onto_an_objective_captures_it_and_leaving_keeps_it() -> None:
    state = game(objectives=[town()])
    assert update_owners(state) == []
    step(state, "A", (2, 0))
    assert update_owners(state) == [ObjectiveCaptured(1, "town", Side.ALLIED, Side.AXIS)]
    step(state, "A", (1, 0))
    assert update_owners(state) == []
    assert state.objectives[0].owner is Side.ALLIED
    step(state, "b", (2, 0))
    assert update_owners(state) == [ObjectiveCaptured(1, "town", Side.AXIS, Side.ALLIED)]


def test_a_neutral_objective_is_nobodys_until_entered() -> None:
    state = game(objectives=[town(owner=None)])
    assert score(state).score == 0
    step(state, "b", (2, 0))
    assert update_owners(state) == [ObjectiveCaptured(1, "town", Side.AXIS, None)]


def test_exit_objectives_never_change_hands() -> None:
    state = game(
        objectives=[{"kind": "exit", "id": "out", "hex": [4, 0], "points": 0, "owner": "allied"}]
    )
    assert update_owners(state) == []  # b stands on it
    assert state.objectives[0].owner is Side.ALLIED


def test_limited_objective_can_be_taken_only_while_in_play() -> None:
    limited = town(kind="limited", first_turn=3, last_turn=4)
    state = game(objectives=[limited])
    step(state, "A", (2, 0))
    state.turn = 2
    assert update_owners(state) == []  # not on the map yet
    assert victory_points(state, Side.AXIS) == 0  # and worth nothing yet
    state.turn = 3
    assert [e.side for e in update_owners(state)] == [Side.ALLIED]
    assert victory_points(state, Side.ALLIED) == 50  # counts while in play


# --- limited objectives -----------------------------------------------------------------------


def test_limited_objective_banks_its_points_with_the_holder_when_it_expires() -> None:
    state = game(objectives=[town(kind="limited", last_turn=3, points=40)])
    state.turn = 2
    assert expire_limited(state) == []
    state.turn = 3
    assert expire_limited(state) == [ObjectiveExpired(3, "town", Side.AXIS, 40)]
    assert state.banked_points[Side.AXIS] == 40
    assert expire_limited(state) == []  # once only
    step(state, "A", (2, 0))
    state.turn = 4
    assert update_owners(state) == []  # gone from the map: no more captures
    detail = victory_points_detail(state, Side.AXIS)
    assert (detail.objectives, detail.banked) == (0, 40)  # counted once, as banked points
    assert victory_points(state, Side.ALLIED) == 0


def test_expiring_neutral_limited_objective_banks_nothing() -> None:
    state = game(objectives=[town(owner=None, kind="limited", last_turn=1)])
    assert expire_limited(state) == [ObjectiveExpired(1, "town", None, 50)]
    assert state.banked_points == {Side.ALLIED: 0, Side.AXIS: 0}


# --- exits ------------------------------------------------------------------------------------

EXIT = {"kind": "exit", "id": "out", "hex": [0, 1], "points": 0, "owner": "allied"}


def test_exiting_unit_scores_what_destroying_it_would_earn() -> None:
    state = game(
        """
        .  .  .b
        .AT .  .
        """,
        objectives=[EXIT],
        units={"T": {"unit_class": "armor", "component": "vehicles", "strength": 12}},
    )
    infantry = exit_unit(state, state.units["A"], "out")
    assert infantry == UnitExited(1, "A", "out", Side.ALLIED, 500)  # 500 men x 1
    assert exit_unit(state, state.units["T"], "out").points == 120  # 12 tanks x 10
    assert state.units["A"].status is UnitStatus.EXITED
    assert not state.units_at(state.board.index(0, 1))
    assert state.objectives[0].points == 620
    assert state.exit_points[Side.ALLIED] == 620
    assert victory_points(state, Side.ALLIED) == 620  # counted once, through the objective
    assert state.losses[Side.ALLIED].men == 0  # exits are not losses


def test_exit_is_denied_to_the_enemy_and_to_units_elsewhere() -> None:
    state = game(
        """
        .A .  .
        .b .  .
        """,
        objectives=[EXIT],
    )
    with pytest.raises(ValueError, match="is for allied units; b is axis"):
        exit_unit(state, state.units["b"], "out")
    with pytest.raises(ValueError, match="A does not stand on exit objective 'out'"):
        exit_unit(state, state.units["A"], "out")
    with pytest.raises(ValueError, match="no objective 'nowhere'"):
        exit_unit(state, state.units["A"], "nowhere")
    assert state.units["b"].on_map
    assert state.objectives[0].points == 0


def test_exit_is_denied_while_the_enemy_is_in_the_hex() -> None:
    state = game(
        """
        .A .  .
        .b .  .
        """,
        objectives=[EXIT],
    )
    # Only the engine could put both sides in one hex; the rule still holds if it does.
    state.stacks[state.board.index(0, 1)].insert(0, state.units["A"])
    state.units["A"].hex = state.board.index(0, 1)
    with pytest.raises(ValueError, match="enemy holds the hex of exit objective 'out'"):
        exit_unit(state, state.units["A"], "out")


# --- losses -----------------------------------------------------------------------------------


def test_losses_count_by_component_and_elite_units_are_worth_more() -> None:
    state = game(
        """
        .A .C .M .G
        """,
        units={
            "C": {"unit_class": "cavalry", "cavalry": True},
            "M": {"mountain": True},
            "G": {"unit_class": "artillery", "component": "guns", "strength": 8},
        },
    )
    assert record_loss(state, state.units["A"], 100) == 100
    assert record_loss(state, state.units["C"], 100) == 150  # elite factor 1.5 [000 4.2]
    assert record_loss(state, state.units["M"], 10) == 15
    assert record_loss(state, state.units["G"], 2) == 20
    losses = state.losses[Side.ALLIED]
    assert (losses.men, losses.guns, losses.vehicles) == (210, 2, 0)
    assert losses.elite_men_equivalent == 110
    assert loss_points(state, Side.ALLIED) == 285
    assert victory_points(state, Side.AXIS) == 285  # the enemy earns them
    assert victory_points(state, Side.ALLIED) == 0


def test_unit_with_its_own_victory_points_scores_them_pro_rata() -> None:
    state = game(
        """
        .A .B .
        """,
        units={"A": {"victory_points": 200}, "B": {"victory_points": 200, "cavalry": True}},
    )
    assert not apply_loss(state, state.units["A"], 250)  # half the battalion
    assert loss_points(state, Side.ALLIED) == 100
    eliminate(state, state.units["A"])
    assert loss_points(state, Side.ALLIED) == 200  # the whole unit: exactly its points
    assert state.units["A"].status is UnitStatus.ELIMINATED
    eliminate(state, state.units["B"])
    assert loss_points(state, Side.ALLIED) == 400  # no elite factor on the designer's number


def test_apply_loss_eliminates_a_unit_left_with_nothing() -> None:
    state = game()
    unit = state.units["b"]
    assert apply_loss(state, unit, 900)
    assert unit.status is UnitStatus.ELIMINATED
    assert state.losses[Side.AXIS].men == 500  # never more than it had


# --- surrender --------------------------------------------------------------------------------

SURRENDER_OOB = oob_tree(
    {
        Side.ALLIED: {"us": {"us.1": ["A", "B"]}},
        Side.AXIS: {"de": {"de.1": ["d"]}, "it": {"it.1": ["i", "j", "k"]}},
    }
)


def surrender_game() -> GameState:
    return ascii_title(
        """
        .A .  .i .d
        .B .  .  .
        """,
        units={"j": {"hex": None}, "k": {"hex": None}},
        oob=SURRENDER_OOB,
        scenario={
            "objectives": [
                {
                    "kind": "surrender",
                    "id": "rome",
                    "hex": [1, 0],
                    "points": 500,
                    "owner": "axis",
                    "nation": "it",
                },
                {
                    "kind": "surrender",
                    "id": "naples",
                    "hex": [1, 1],
                    "points": 100,
                    "owner": "axis",
                    "nation": "it",
                },
            ],
            "reinforcements": [
                {"id": "late", "turn": 3, "hex": [3, 1], "units": ["j"]},
                {"id": "later", "turn": 3, "hex": [3, 1], "units": ["k"]},
            ],
        },
    ).game()


def test_nation_surrenders_when_all_its_surrender_objectives_are_taken() -> None:
    state = surrender_game()
    step(state, "A", (1, 0))
    update_owners(state)
    assert check_surrender(state) == []  # one of two is not enough
    step(state, "B", (1, 1))
    update_owners(state)
    assert check_surrender(state) == [Surrendered(1, "it", Side.AXIS, ("i", "j", "k"))]
    assert state.surrendered == {"it"}
    assert state.units["i"].status is UnitStatus.SURRENDERED
    assert state.units["j"].status is UnitStatus.SURRENDERED  # future reinforcements too
    assert state.units["d"].on_map  # the other Axis nation fights on
    assert check_surrender(state) == []  # once only
    state.turn = 3
    assert process_arrivals(state, Side.AXIS) == []  # its reinforcements never come
    assert state.losses[Side.AXIS].men == 0  # surrender is not a loss
    assert victory_points(state, Side.ALLIED) == 600  # but the objectives score


def test_surrender_needs_the_enemy_to_hold_them_not_a_neutral() -> None:
    state = surrender_game()
    for objective in state.objectives:
        objective.owner = None
    assert check_surrender(state) == []


# --- score ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("allied", "axis", "outcome"),
    [
        (100, 0, Outcome.ALLIED_MAJOR_VICTORY),
        (99, 0, Outcome.ALLIED_MINOR_VICTORY),
        (20, 0, Outcome.ALLIED_MINOR_VICTORY),
        (30, 11, Outcome.DRAW),
        (0, 19, Outcome.DRAW),
        (0, 20, Outcome.AXIS_MINOR_VICTORY),
        (5, 104, Outcome.AXIS_MINOR_VICTORY),
        (0, 100, Outcome.AXIS_MAJOR_VICTORY),
    ],
)
def test_score_is_allied_minus_axis_read_against_the_levels(
    allied: int, axis: int, outcome: Outcome
) -> None:
    state = game(
        objectives=[
            {"kind": "normal", "id": "a", "hex": [0, 1], "points": allied, "owner": "allied"},
            {"kind": "normal", "id": "x", "hex": [4, 1], "points": axis, "owner": "axis"},
        ]
    )
    result = score(state)
    assert (result.allied, result.axis, result.score) == (allied, axis, allied - axis)
    assert result.outcome is outcome
    assert is_major_victory(result) == (
        outcome in (Outcome.ALLIED_MAJOR_VICTORY, Outcome.AXIS_MAJOR_VICTORY)
    )


@pytest.mark.parametrize(
    ("advantage", "outcome"),
    [(0, Outcome.DRAW), (30, Outcome.ALLIED_MINOR_VICTORY), (-90, Outcome.AXIS_MAJOR_VICTORY)],
)
def test_advantage_shifts_the_score(advantage: int, outcome: Outcome) -> None:
    state = game(objectives=[town(points=10)], header={"advantage": advantage})
    result = score(state)
    assert result.score == -10 + advantage
    assert result.outcome is outcome


def test_score_adds_objectives_banked_points_and_inflicted_losses() -> None:
    state = game(
        objectives=[
            town(points=30),
            {
                "kind": "limited",
                "id": "bridge",
                "hex": [3, 1],
                "points": 25,
                "owner": "allied",
                "last_turn": 1,
            },
        ]
    )
    expire_limited(state)
    eliminate(state, state.units["b"])  # 500 men
    result = score(state)
    assert (result.allied, result.axis) == (525, 30)
    assert result.score == 495
    assert result.outcome is Outcome.ALLIED_MAJOR_VICTORY
    assert "allied major victory" in result.describe()

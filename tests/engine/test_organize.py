"""Combining companies of one battalion and breaking them down again [000 4.9]: who may combine,
the combined counter's strength, fatigue, movement points and conditions, breaking down into the
OOB's companies (those combined at the start included), taking back, replaying and saving."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from editor.testplay.session_file import engine_order, recorded_order
from engine.panzer_campaigns.combat.fatigue import fatigue_factor
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.orders import BreakDown, Combine, DigIn
from engine.panzer_campaigns.organize import BrokeDown, Combined
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitStatus
from schemas.panzer_campaigns.testplay import RecordedOrder
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_title, oob_tree

FIELD = """
.ABCD .E .  .  .  .  .  .  .  .a
.     .  .  .  .  .  .  .  .  .
"""

COMPANY = {"size": "company", "strength": 100}


def _state(units: dict[str, dict[str, Any]], *, ruleset: str = "panzer_campaigns") -> GameState:
    specs = {"A": COMPANY, "B": COMPANY, "C": COMPANY, "D": COMPANY, "E": COMPANY, **units}
    title = ascii_title(
        FIELD,
        units=specs,
        header={"ruleset": ruleset},
        oob=oob_tree(
            {
                Side.ALLIED: {
                    "us": {
                        "1bn": [x for x in specs if x.isupper() and x != "D"],
                        "2bn": ["D"],
                    }
                },
                Side.AXIS: {"de": {"foe": ["a"]}},
            }
        ),
    )
    return title.game()


# --- combining -------------------------------------------------------------------------------


def test_companies_combine_with_summed_strength_and_averaged_fatigue() -> None:
    game = Game(_state({"A": {**COMPANY, "fatigue": 90}, "B": {**COMPANY, "strength": 80}}))
    assert game.combinable("A") == ["B", "C"]  # D is of another battalion, E elsewhere
    event = game.combine(["A", "B"])
    assert isinstance(event, Combined)
    assert event.describe() == "B combined into A: strength 180, fatigue 45"
    a, b = game.unit("A"), game.unit("B")
    assert (a.strength, a.fatigue, a.subunits, a.combined) == (180, 45, 2, ("B",))
    assert b.status is UnitStatus.COMBINED
    assert not b.on_map
    assert [u.id for u in game.state.units_at(a.hex)] == ["A", "C", "D"]


def test_fatigue_averages_over_companies_and_the_factor_follows_their_number() -> None:
    game = Game(_state({"C": {**COMPANY, "fatigue": 30}, "A": {**COMPANY, "fatigue": 90}}))
    game.combine(["A", "B"])  # a counter of two companies at fatigue 45
    assert fatigue_factor(game.state, game.unit("A")) == 4
    game.combine(["A", "C"])
    assert game.unit("A").fatigue == 40  # (45 * 2 + 30) / 3
    assert fatigue_factor(game.state, game.unit("A")) == 2


def test_the_combined_counter_has_the_worst_conditions_and_the_least_movement_points() -> None:
    game = Game(_state({"B": {**COMPANY, "disrupted": True, "low_ammo": True}}))
    game.move("A", [(1, 0)])
    game.move("A", [(0, 0)])
    spent = game.unit("A").mp_spent
    game.combine(["B", "A"])
    b = game.unit("B")
    assert b.disrupted
    assert b.low_ammo
    assert b.mp_spent == pytest.approx(spent)


@pytest.mark.parametrize(
    ("units", "ids", "why"),
    [
        ({}, ["A", "D"], "not of the battalion"),
        ({}, ["A", "E"], "not in the hex"),
        ({"B": {**COMPANY, "component": "vehicles"}}, ["A", "B"], "counts vehicles"),
        ({"B": {"strength": 100}}, ["A", "B"], "battalion; only smaller units combine"),
        ({"B": {**COMPANY, "mode": "travel"}}, ["A", "B"], "travel mode"),
        ({"B": {**COMPANY, "unit_class": "headquarters"}}, ["A", "B"], "headquarters"),
        ({}, ["A"], "two or more"),
    ],
)
def test_only_small_units_of_one_battalion_component_and_hex_combine(
    units: dict[str, dict[str, Any]], ids: list[str], why: str
) -> None:
    game = Game(_state(units))
    with pytest.raises(IllegalMove, match=why):
        game.combine(ids)
    assert game.orders == []
    assert game.unit("A").subunits == 1


def test_panzer_battles_combines_platoons_not_companies() -> None:
    game = Game(_state({}, ruleset="panzer_battles"))
    with pytest.raises(IllegalMove, match="company; only smaller units combine"):
        game.combine(["A", "B"])
    platoons = {x: {"size": "platoon", "strength": 30} for x in "AB"}
    assert Game(_state(platoons, ruleset="panzer_battles")).combinable("A") == ["B"]


def test_a_digging_company_that_joins_a_mover_stops_digging() -> None:
    game = Game(_state({}))
    game.dig_in("A")
    game.combine(["A", "B"])
    assert not game.unit("A").digging_in


# --- breaking down ---------------------------------------------------------------------------


def test_breaking_down_splits_off_the_last_company_with_its_share() -> None:
    game = Game(_state({}))  # three companies of OOB strength 500 each, placed at 100
    game.combine(["A", "B", "C"])
    game.unit("A").strength = 110
    event = game.break_down("A")
    assert isinstance(event, BrokeDown)
    assert event.describe() == "C broke down from A with strength 37"  # a third, rounded
    a, c = game.unit("A"), game.unit("C")
    assert (a.strength, a.subunits, a.combined) == (73, 2, ("B",))
    assert (c.on_map, c.hex, c.strength, c.fatigue) == (True, a.hex, 37, a.fatigue)
    game.break_down("A")
    assert game.unit("B").on_map
    with pytest.raises(IllegalMove, match="not a combined unit"):
        game.break_down("A")


def test_a_counter_combined_at_the_start_breaks_down_into_its_oob_companies() -> None:
    company = {"size": "company"}  # OOB strength 500, placed without a strength: full
    state = _state({"A": {**company, "combined_with": ["F"]}, "F": {**company, "hex": None}})
    a = state.units["A"]
    assert (a.strength, a.subunits, a.combined) == (1000, 2, ("F",))
    assert state.units["F"].status is UnitStatus.COMBINED
    game = Game(state)
    game.break_down("A")
    assert (game.unit("A").strength, game.unit("F").strength) == (500, 500)
    assert game.unit("F").hex == game.unit("A").hex


# --- orders: take-back, replay, saving ---------------------------------------------------------


def test_combining_and_breaking_down_can_be_taken_back() -> None:
    game = Game(_state({}))
    game.combine(["A", "B"])
    game.break_down("A")
    assert game.undo() == BreakDown("A")
    assert not game.unit("B").on_map
    assert game.undo() == Combine(("A", "B"))
    a, b = game.unit("A"), game.unit("B")
    assert (a.strength, a.subunits, b.strength) == (100, 1, 100)
    assert b.on_map
    assert b in game.state.units_at(a.hex)


def test_the_orders_replay_and_survive_a_saved_record() -> None:
    game = Game(_state({}))
    game.combine(["A", "B", "C"])
    game.break_down("A")
    game.dig_in("A")
    game.end_player_turn()
    recorded = [recorded_order(order).model_dump(mode="json") for order in game.orders]
    assert [r["kind"] for r in recorded] == ["combine", "break_down", "dig_in", "end_turn"]
    replay = Game(_state({}))
    for data in recorded:
        order = engine_order(_validated(data))
        replay.apply(order)
    assert replay.orders == game.orders
    assert [e.describe() for e in replay.log] == [e.describe() for e in game.log]
    assert replay.orders[2] == DigIn("A")


def _validated(data: dict[str, Any]) -> Any:
    return TypeAdapter(RecordedOrder).validate_python(data)


def test_the_companies_of_a_counter_that_leaves_the_map_share_its_fate() -> None:
    game = Game(_state({}))
    game.combine(["A", "B", "C"])
    game.state.remove(game.unit("A"), UnitStatus.ELIMINATED)
    assert {game.unit(x).status for x in "ABC"} == {UnitStatus.ELIMINATED}

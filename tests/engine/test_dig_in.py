"""Digging-In [000 4.9, 5.3, 7.2]: who may start it and what it costs, the per-turn chance by
size and engineers, the Improved Position -> Trench -> Bunker steps in the game's fortifications,
no rest while digging, taking the order back, and replaying it."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panzer_campaigns.combat.dig_in import (
    DugIn,
    StartedDiggingIn,
    StoppedDiggingIn,
    dig_in_chance,
    progress_digging,
)
from engine.panzer_campaigns.combat.events import FatigueRecovered
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.report import format_turn_report, iter_turn_reports
from engine.panzer_campaigns.state import GameState
from schemas.panzer_campaigns.scenario import FortificationKind
from schemas.vocabulary import PerSidePercent, Side
from tests.engine.ascii_title import ascii_parameters, ascii_title, oob_tree

FIELD = """
.A .B .C .  .  .  .  .  .  .a
.D .E .F .  .  .  .  .  .  .
"""

COMPANY = {"size": "company", "strength": 150}
ENGINEER = {"size": "company", "strength": 150, "engineer": True}


def _state(
    units: dict[str, dict[str, Any]],
    *,
    dig_in: int = 100,
    bunker: int = 100,
    forts: list[dict[str, Any]] | None = None,
    conditions: str = "normal",
    ruleset: str = "panzer_campaigns",
    seed: int = 0,
) -> GameState:
    parameters = ascii_parameters()
    fortifications = parameters.fortifications.model_copy(
        update={
            "dig_in": PerSidePercent(allied=dig_in, axis=dig_in),
            "bunker_building": PerSidePercent(allied=bunker, axis=bunker),
        }
    )
    parameters = parameters.model_copy(update={"fortifications": fortifications})
    labels = ["A", "B", "C", "D", "E", "F", *units]
    title = ascii_title(
        FIELD,
        units=units,
        header={"conditions": conditions, "conditions_allowed": [conditions], "ruleset": ruleset},
        scenario={"overlays": {"fortifications": forts or []}},
        parameters=parameters,
        oob=oob_tree(
            {
                Side.ALLIED: {"us": {"1bn": sorted({x for x in labels if x.isupper()})}},
                Side.AXIS: {"de": {"foe": ["a"]}},
            }
        ),
    )
    return title.game(seed)


def _fort(game: Game, offset: tuple[int, int]) -> FortificationKind | None:
    return game.state.fortifications.get(game.hex_of(offset))


def _next_allied_turn(game: Game) -> None:
    game.end_player_turn()
    game.end_player_turn()


# --- who may dig in, and what it costs -----------------------------------------------------


def test_digging_in_spends_the_whole_allowance_and_is_logged() -> None:
    game = Game(_state({"A": COMPANY}))
    assert game.can_dig_in("A")
    event = game.dig_in("A")
    assert isinstance(event, StartedDiggingIn)
    assert event.hex == (0, 0)
    assert game.unit("A").digging_in
    assert game.legal_moves("A") == {}  # no movement points left this turn
    assert not game.can_dig_in("A")  # already digging
    assert "A is digging in at 0,0" in [e.describe() for e in game.log]


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ({"mode": "travel"}, "not deployed"),
        ({"disrupted": True}, "disrupted"),
        ({"unit_class": "headquarters"}, "headquarters unit"),
        ({"unit_class": "supply"}, "supply unit"),
    ],
)
def test_only_deployed_orderly_combat_units_dig_in(spec: dict[str, Any], why: str) -> None:
    game = Game(_state({"A": {**COMPANY, **spec}}))
    assert not game.can_dig_in("A")
    with pytest.raises(IllegalMove, match=why):
        game.dig_in("A")
    assert not game.unit("A").digging_in
    assert game.orders == []


def test_a_unit_that_moved_this_turn_cannot_start_digging_in() -> None:
    game = Game(_state({"A": COMPANY}))
    game.move("A", [(1, 0)])
    with pytest.raises(IllegalMove, match="moved or fired this turn"):
        game.dig_in("A")


def test_no_digging_in_frozen_ground_nor_in_a_pillbox() -> None:
    frozen = Game(_state({"A": COMPANY}, conditions="frozen"))
    with pytest.raises(IllegalMove, match="frozen"):
        frozen.dig_in("A")
    pillbox = Game(_state({"A": COMPANY}, forts=[{"hex": [0, 0], "kind": "pillbox"}]))
    with pytest.raises(IllegalMove, match="pillbox"):
        pillbox.dig_in("A")


def test_a_trench_is_as_far_as_a_unit_other_than_an_engineer_digs() -> None:
    game = Game(_state({"A": COMPANY}, forts=[{"hex": [0, 0], "kind": "trench"}]))
    with pytest.raises(IllegalMove, match="nothing beyond the trench"):
        game.dig_in("A")
    no_bunkers = Game(_state({"A": ENGINEER}, bunker=0, forts=[{"hex": [0, 0], "kind": "trench"}]))
    assert not no_bunkers.can_dig_in("A")  # Bunker Prob 0: bunkers are never built
    bridge = {**ENGINEER, "bridge_engineer": True}
    bridging = Game(_state({"A": bridge}, forts=[{"hex": [0, 0], "kind": "trench"}]))
    assert not bridging.can_dig_in("A")
    assert Game(_state({"A": ENGINEER}, forts=[{"hex": [0, 0], "kind": "trench"}])).can_dig_in("A")


# --- the steps -------------------------------------------------------------------------------


def test_each_later_turn_digs_one_step_until_the_trench() -> None:
    game = Game(_state({"A": COMPANY}))
    game.dig_in("A")
    assert _fort(game, (0, 0)) is None  # "On subsequent turns"
    _next_allied_turn(game)
    assert _fort(game, (0, 0)) is FortificationKind.IMPROVED_POSITION
    assert game.unit("A").digging_in
    _next_allied_turn(game)
    assert _fort(game, (0, 0)) is FortificationKind.TRENCH
    assert not game.unit("A").digging_in  # nothing more it may build
    stopped = [e for e in game.iter_log(game.turn) if isinstance(e, StoppedDiggingIn)]
    assert [e.reason for e in stopped] == ["nothing more to build"]


def test_engineers_turn_a_trench_into_a_bunker_with_the_bunker_probability() -> None:
    game = Game(_state({"A": ENGINEER}, forts=[{"hex": [0, 0], "kind": "trench"}]))
    game.dig_in("A")
    _next_allied_turn(game)
    assert _fort(game, (0, 0)) is FortificationKind.BUNKER
    dug = [e for e in game.iter_log(game.turn) if isinstance(e, DugIn)]
    assert [e.describe() for e in dug] == ["A dug in: bunker at 0,0"]


def test_the_fortification_shows_in_the_turn_report() -> None:
    game = Game(_state({"A": COMPANY}))
    game.dig_in("A")
    text = format_turn_report(list(iter_turn_reports(game, 2))[1])
    assert "A dug in: improved position at 0,0" in text


def test_a_unit_that_moves_or_changes_mode_stops_digging_in() -> None:
    game = Game(_state({"A": COMPANY, "B": COMPANY}, dig_in=0))
    game.dig_in("A")
    game.dig_in("B")
    _next_allied_turn(game)
    game.move("A", [(0, 1)])
    game.change_mode("B", "travel")
    assert not game.unit("A").digging_in
    assert not game.unit("B").digging_in


def test_a_disrupted_digger_stops_without_a_roll() -> None:
    game = Game(_state({"A": COMPANY}))
    game.dig_in("A")
    game.end_player_turn()
    game.unit("A").disrupted = True
    game.end_player_turn()
    assert _fort(game, (0, 0)) is None
    assert not game.unit("A").digging_in


def test_two_diggers_improve_a_hex_one_step_per_turn() -> None:
    state = _state({"A": COMPANY, "G": {**COMPANY, "hex": [0, 0]}})
    for unit in state.iter_units(Side.ALLIED):
        unit.digging_in = unit.id in ("A", "G")
    events = progress_digging(state, Side.ALLIED)
    assert [type(e) for e in events] == [DugIn]
    assert state.fortifications[state.board.index(0, 0)] is FortificationKind.IMPROVED_POSITION


# --- the chance ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "factor"),
    [
        (COMPANY, 1),
        ({"size": "platoon"}, 1),
        ({}, 3),  # a battalion
        (ENGINEER, 3),
        ({"engineer": True}, 9),  # an engineer battalion: the factors multiply
        ({**ENGINEER, "bridge_engineer": True}, 1),
    ],
)
def test_the_chance_is_the_parameter_times_size_and_engineer_factors(
    spec: dict[str, Any], factor: int
) -> None:
    state = _state({"A": spec}, dig_in=10)
    assert dig_in_chance(state, state.units["A"]) == pytest.approx(min(0.1 * factor, 1))


def test_in_panzer_battles_companies_dig_three_times_as_fast_as_platoons() -> None:
    state = _state({"A": COMPANY, "B": {"size": "platoon"}}, dig_in=10, ruleset="panzer_battles")
    assert dig_in_chance(state, state.units["A"]) == pytest.approx(0.3)
    assert dig_in_chance(state, state.units["B"]) == pytest.approx(0.1)


def test_combined_companies_dig_two_or_three_times_as_fast() -> None:
    state = _state({"A": COMPANY}, dig_in=10)
    unit = state.units["A"]
    unit.subunits = 2
    assert dig_in_chance(state, unit) == pytest.approx(0.2)
    unit.subunits = 3
    assert dig_in_chance(state, unit) == pytest.approx(0.3)


def test_the_bunker_chance_has_no_engineer_factor() -> None:
    state = _state({"A": ENGINEER}, dig_in=10, bunker=5, forts=[{"hex": [0, 0], "kind": "trench"}])
    assert dig_in_chance(state, state.units["A"]) == pytest.approx(0.05)


@pytest.mark.parametrize(("spec", "expected"), [(COMPANY, 0.2), ({}, 0.6)])
def test_the_rolls_succeed_as_often_as_the_chance_says(
    spec: dict[str, Any], expected: float
) -> None:
    state = _state({"A": spec}, dig_in=20, seed=7)
    unit = state.units["A"]
    runs, successes = 3000, 0
    for _ in range(runs):
        state.fortifications.clear()
        unit.digging_in = True
        successes += any(isinstance(e, DugIn) for e in progress_digging(state, Side.ALLIED))
    assert successes / runs == pytest.approx(expected, abs=0.03)


# --- rest, take-back, replay -----------------------------------------------------------------


def test_digging_units_do_not_rest() -> None:
    worn = {**COMPANY, "fatigue": 200}
    game = Game(_state({"A": worn, "B": worn}, dig_in=0))
    game.dig_in("A")
    for _ in range(3):
        _next_allied_turn(game)
    rested = {u for e in game.log if isinstance(e, FatigueRecovered) for u, _ in e.units}
    assert "B" in rested
    assert "A" not in rested
    assert game.unit("A").fatigue == 200


def test_digging_in_rolls_no_die_and_can_be_taken_back() -> None:
    game = Game(_state({"A": COMPANY}))
    rng = game.state.rng.getstate()
    game.dig_in("A")
    assert game.state.rng.getstate() == rng
    assert game.can_undo
    assert game.undo().describe() == "dig in A"
    unit = game.unit("A")
    assert not unit.digging_in
    assert unit.mp_spent == 0
    assert game.legal_moves("A")
    assert not [e for e in game.log if isinstance(e, StartedDiggingIn)]


def test_the_same_seed_and_orders_replay_the_same_diggings() -> None:
    game = Game(_state({"A": COMPANY, "B": {}}, dig_in=30, seed=5))
    game.dig_in("A")
    game.dig_in("B")
    for _ in range(4):
        _next_allied_turn(game)
    replay = Game(_state({"A": COMPANY, "B": {}}, dig_in=30, seed=5))
    for order in game.orders:
        replay.apply(order)
    assert [e.describe() for e in replay.log] == [e.describe() for e in game.log]
    assert replay.state.fortifications == game.state.fortifications
    assert any(isinstance(e, DugIn) for e in game.log)


def test_a_snapshot_restores_the_diggings() -> None:
    game = Game(_state({"A": COMPANY}))
    snapshot = game.state.snapshot()
    game.dig_in("A")
    _next_allied_turn(game)
    assert game.state.fortifications
    game.state.restore(snapshot)
    assert not game.state.fortifications
    assert not game.unit("A").digging_in


def test_a_vacated_trench_is_halved_until_digging_in_restores_it() -> None:
    # [000 5.3] benefits "cut in half whenever a Fortification is vacated"; a successful
    # Digging-In restores an IP or Trench; a vacated Pillbox never comes back.
    state = _state({"A": COMPANY}, forts=[{"hex": [0, 0], "kind": "trench"}])
    game = Game(state)
    home = game.hex_of((0, 0))
    unit = game.unit("A")
    assert game.offset_of(unit.hex) == (0, 0)
    game.move("A", [(0, 0), (0, 1)])
    assert home in state.reduced_forts
    game.end_player_turn()
    game.end_player_turn()
    game.move("A", [(0, 1), (0, 0)])
    game.end_player_turn()
    game.end_player_turn()
    assert game.can_dig_in("A")
    game.dig_in("A")
    game.end_player_turn()
    events = game.end_player_turn()
    assert any(isinstance(e, DugIn) and e.fortification is FortificationKind.TRENCH for e in events)
    assert home not in state.reduced_forts
    assert state.fortifications[home] is FortificationKind.TRENCH


def test_a_vacated_pillbox_is_never_restored() -> None:
    state = _state({"A": COMPANY}, forts=[{"hex": [0, 0], "kind": "pillbox", "vacated": True}])
    game = Game(state)
    assert game.hex_of((0, 0)) in state.reduced_forts
    assert not game.can_dig_in("A")

"""The Night Fatigue optional rule's stand-in [000 9.3]: units that move, fire or assault in a
night player turn gain 0 to twice the night rest value, short of Maximum; resting units and day
turns gain nothing; off unless the scenario turns it on, never under Panzer Battles [001 #17];
in the turn report and the same again when the orders are replayed."""

from __future__ import annotations

from statistics import mean
from typing import Any

import pytest

from editor.testplay.event_places import event_place
from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.night_fatigue import NightFatigueGained, end_of_night_player_turn
from engine.panzer_campaigns.report import format_turn_report, iter_turn_reports
from engine.panzer_campaigns.state import GameState
from tests.engine.ascii_title import ascii_parameters, ascii_title

NIGHT = {"start": "1944-12-16 22:00", "optional_rules": ["night_fatigue"]}
DAY = {"start": "1944-12-16 10:00", "optional_rules": ["night_fatigue"]}
ART = """
.A .B .  .  .  .  .  .a
"""


def _state(header: dict[str, Any], *, rest: int = 20, seed: int = 0) -> GameState:
    parameters = ascii_parameters()
    recovery = parameters.recovery.model_copy(update={"rest": rest})
    parameters = parameters.model_copy(update={"recovery": recovery})
    return ascii_title(ART, header=header, parameters=parameters).game(seed)


def _gained(game: Game) -> list[NightFatigueGained]:
    return [e for e in game.log if isinstance(e, NightFatigueGained)]


def test_a_unit_that_moves_at_night_tires_and_one_that_rests_does_not() -> None:
    state = _state(NIGHT)
    assert state.clock.phase_of(1).value == "night"
    game = Game(state)
    game.move("A", [(1, 0), (2, 0)])
    game.end_player_turn()

    (event,) = _gained(game)
    ((unit, amount),) = event.units
    assert unit == "A"
    assert 0 < amount <= 80  # 0 to twice the night rest of 2 x 20
    assert game.unit("A").fatigue == amount
    assert game.unit("B").fatigue == 0
    assert "1 unit(s) gained night fatigue for acting at night (A(+" in event.describe()
    assert event_place(game, event) == ((2, 0), ("A",))  # the log leads to the unit


@pytest.mark.parametrize(
    ("header", "ruleset"),
    [
        (DAY, "panzer_campaigns"),  # the rule plays only in night turns
        ({"start": NIGHT["start"]}, "panzer_campaigns"),  # the scenario does not turn it on
        (NIGHT, "panzer_battles"),  # "No night fatigue" [001 #17]
    ],
)
def test_no_night_fatigue_by_day_when_off_or_under_panzer_battles(
    header: dict[str, Any], ruleset: str
) -> None:
    game = Game(_state({**header, "ruleset": ruleset}))
    game.move("A", [(1, 0), (2, 0)])
    game.end_player_turn()
    assert _gained(game) == []
    assert game.unit("A").fatigue == 0


def test_the_gain_is_uniform_from_zero_to_twice_the_night_rest_value() -> None:
    state = _state(NIGHT, rest=20, seed=7)
    unit = state.units["A"]
    draws = []
    for _ in range(4000):
        unit.fatigue, unit.mp_spent = 0, 3.0
        end_of_night_player_turn(state)
        draws.append(unit.fatigue)
    assert (min(draws), max(draws)) == (0, 80)
    assert mean(draws) == pytest.approx(40, abs=1.5)  # the mean of uniform(0, 80)
    assert mean(d <= 20 for d in draws) == pytest.approx(0.25, abs=0.03)


def test_firing_in_the_enemys_night_turn_tires_and_being_fired_on_does_not() -> None:
    state = _state(NIGHT)
    axis = state.units["a"]
    axis.fired = player_turn_index(state)  # opportunity fire in the allied player turn
    state.units["B"].last_active = player_turn_index(state)  # fired on
    (event,) = end_of_night_player_turn(state)
    assert (event.side.value, [u for u, _ in event.units]) == ("axis", ["a"])
    assert state.units["B"].fatigue == 0


def test_night_fatigue_stops_short_of_maximum() -> None:
    state = _state(NIGHT, rest=40)
    unit = state.units["A"]
    for _ in range(200):
        unit.mp_spent = 1.0
        end_of_night_player_turn(state)
    assert unit.fatigue == state.profile.fatigue_max - 1


def test_the_turn_report_shows_it_and_the_same_orders_replay_the_same_fatigue() -> None:
    game = Game(_state(NIGHT, seed=3))
    game.move("A", [(1, 0), (2, 0)])
    game.end_player_turn()
    game.end_player_turn()
    (report,) = list(iter_turn_reports(Game(_state(NIGHT, seed=3)), 1, _move_a))
    assert "gained night fatigue for acting at night (A(+" in format_turn_report(report)

    replayed = Game(_state(NIGHT, seed=3))
    for order in game.orders:
        replayed.apply(order)
    assert replayed.unit("A").fatigue == game.unit("A").fatigue > 0
    assert _gained(replayed) == _gained(game)


def _move_a(game: Game) -> None:
    if game.phasing.value == "allied":
        game.move("A", [(1, 0), (2, 0)])

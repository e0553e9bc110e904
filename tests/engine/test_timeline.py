"""The schedule as a timeline and who is on the map at a turn, on The Road to Bastogne: the
101st Airborne arriving by night on the 18th/19th, VIII Corps HQ leaving, a reinforcement
left to chance."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from engine.panzer_campaigns.arrivals import process_arrivals
from engine.panzer_campaigns.clock import TurnClock
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.timeline import EventKind, presence_at, timeline_events, weather_days
from schemas.panzer_campaigns.oob import OobFile
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.scenario import ScenarioFile
from schemas.panzer_campaigns.weather import WeatherFile
from schemas.title import load_scenario
from schemas.vocabulary import Side
from tests.conftest import SAMPLE_DATA

BASTOGNE = SAMPLE_DATA / "ardennes44" / "scenarios" / "road_to_bastogne.scenario.yaml"


class Title:
    """The scenario and OOB models of The Road to Bastogne."""

    def __init__(self, bundle: Title) -> None:
        assert bundle.oob is not None
        self.scenario: ScenarioFile = bundle.scenario.model
        self.oob: OobFile = bundle.oob.model


@pytest.fixture(scope="module")
def bundle() -> Title:
    return Title(load_scenario(BASTOGNE))


def _clock(bundle: Title) -> TurnClock:
    return TurnClock.from_header(bundle.scenario.header)


def test_events_sit_on_their_turns_and_tracks(bundle: Title) -> None:
    index = OobIndex.from_oob(bundle.oob)
    events = timeline_events(bundle.scenario, index, _clock(bundle))
    arrivals = {(e.item_id, e.track): e for e in events if e.kind is EventKind.REINFORCEMENT}
    # "101ab-501pir" is due at 22:00 on the 18th: turn 8 after the four-hour night turns;
    # its HQ is filed under the division, the regiment under itself.
    hq = arrivals[("101ab-501pir", "us.101ab")]
    regiment = arrivals[("101ab-501pir", "us.101ab.501pir")]
    assert (hq.turn, hq.units, hq.by_time) == (8, 1, True)
    assert regiment.turn == 8
    assert regiment.units > 1
    releases = [e for e in events if e.kind is EventKind.RELEASE]
    # Wiltz falls back at 16:00 on the 19th (turn 15); regiment 901 follows at 14:00 on the 18th.
    assert {(e.track, e.turn) for e in releases} == {("us.28id", 15), ("de.pzl.pglr901", 5)}
    placed = [e for e in events if e.kind is EventKind.PLACED]
    assert sum(e.units for e in placed) == len(bundle.scenario.placements)


def test_a_unit_to_be_fixed_later_shows_on_its_turn_and_track(bundle: Title) -> None:
    # [000 4.6] "some units may become Fixed after the scenario starts"
    index = OobIndex.from_oob(bundle.oob)
    placements = list(bundle.scenario.placements)
    placements[0] = placements[0].model_copy(update={"fixed_from_turn": 5})
    scenario = bundle.scenario.model_copy(update={"placements": placements})
    events = timeline_events(scenario, index, _clock(bundle))
    [fixed] = [e for e in events if e.kind is EventKind.FIXED]
    unit = placements[0].unit
    assert (fixed.turn, fixed.item_id, fixed.track) == (5, unit, index.units[unit].parent)
    assert fixed.path == ("placements", 0)
    late = placements[0].model_copy(update={"fixed_from_turn": 999})
    beyond = scenario.model_copy(update={"placements": [late, *placements[1:]]})
    assert not [
        e for e in timeline_events(beyond, index, _clock(bundle)) if e.kind is EventKind.FIXED
    ]


def test_presence_follows_arrivals_and_withdrawals(bundle: Title) -> None:
    index = OobIndex.from_oob(bundle.oob)
    clock = _clock(bundle)
    paratroopers = set(index.iter_units_under("us.101ab.501pir")) | {"us.101ab.hq"}
    before = presence_at(bundle.scenario, index, clock, 7)
    after = presence_at(bundle.scenario, index, clock, 8)
    assert not paratroopers & before.certain
    assert paratroopers <= after.certain
    placed = {p.unit for p in bundle.scenario.placements}
    assert placed <= before.certain
    withdrawal = bundle.scenario.withdrawals[0]
    due = clock.turn_at(withdrawal.at) if withdrawal.at else withdrawal.turn
    assert due is not None
    leaving = set(withdrawal.units)
    assert leaving <= presence_at(bundle.scenario, index, clock, due - 1).certain
    assert not leaving & presence_at(bundle.scenario, index, clock, due).certain


def test_a_reinforcement_left_to_chance_is_probable_with_its_cumulative_chance(
    bundle: Title,
) -> None:
    index = OobIndex.from_oob(bundle.oob)
    clock = _clock(bundle)
    arrivals = list(bundle.scenario.reinforcements)
    number = next(i for i, r in enumerate(arrivals) if r.id == "101ab-501pir")
    arrivals[number] = arrivals[number].model_copy(update={"probability": 50})
    scenario = bundle.scenario.model_copy(update={"reinforcements": arrivals})
    # One roll a turn from turn 8 on: 1/2 on turn 8, 1 - 1/8 by turn 10 [000 4.7].
    assert presence_at(scenario, index, clock, 8).probable["us.101ab.hq"] == pytest.approx(0.5)
    assert presence_at(scenario, index, clock, 10).probable["us.101ab.hq"] == pytest.approx(0.875)
    assert "us.101ab.hq" not in presence_at(scenario, index, clock, 10).certain


def test_programmed_weather_bands_follow_the_weather_file(bundle: Title) -> None:
    loaded = load_scenario(BASTOGNE)
    assert loaded.weather is not None
    weather: WeatherFile = loaded.weather.model
    clock = _clock(bundle)
    days = weather_days(bundle.scenario.header, weather, clock)
    # Every turn is under exactly one row, in order, and each row is the last one dated on or
    # before the turn's day.
    covered = [turn for first, last, _row in days for turn in range(first, last + 1)]
    assert covered == list(range(covered[0], clock.last_turn + 1))
    for first, last, row in days:
        for turn in (first, last):
            day = clock.time_of(turn).date()
            assert row.date <= day
            assert not [r for r in weather.rows if row.date < r.date <= day]
    rules = [r for r in bundle.scenario.header.optional_rules if r.value != "programmed_weather"]
    header = bundle.scenario.header.model_copy(update={"optional_rules": rules})
    assert weather_days(header, weather, clock) == []


def test_the_chance_shown_matches_the_engines_own_arrival_rolls() -> None:
    """The engine rolls the 50 % arrival once a turn from turn 8: over 300 seeded games the
    share of games in which it has come by turns 8 and 10 matches what the timeline shows."""
    bundle = load_scenario(BASTOGNE)
    scenario: ScenarioFile = bundle.scenario.model
    arrivals = list(scenario.reinforcements)
    number = next(i for i, r in enumerate(arrivals) if r.id == "101ab-501pir")
    arrivals[number] = arrivals[number].model_copy(update={"probability": 50})
    changed = scenario.model_copy(update={"reinforcements": arrivals})
    bundle = replace(bundle, scenario=replace(bundle.scenario, model=changed))
    assert bundle.oob is not None
    index = OobIndex.from_oob(bundle.oob.model)
    clock = TurnClock.from_header(changed.header)
    games = 300
    came = {8: 0, 10: 0}
    for seed in range(games):
        state = GameState.from_bundle(bundle, seed)
        for turn in (8, 9, 10):
            state.turn = turn
            process_arrivals(state, Side.ALLIED)
            if turn in came and "101ab-501pir" in state.arrived:
                came[turn] += 1
    for turn, count in came.items():
        shown = presence_at(changed, index, clock, turn).probable["us.101ab.hq"]
        spread = 4 * math.sqrt(shown * (1 - shown) / games)
        assert abs(count / games - shown) <= spread, (turn, count, shown)

"""Weather against the manual: its Weather.dat example drawn many times [000 11.0], the
visibility table, frozen terrain, storm effects, the daily rhythm of draws and determinism."""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime
from itertools import pairwise
from random import Random

import pytest

from engine.panzer_campaigns.weather import (
    Climate,
    ConditionChanged,
    StormChanged,
    VisibilityChanged,
    Weather,
    WeatherEngine,
    air_missions_allowed,
    airborne_or_amphibious_arrivals_allowed,
    attack_multiplier,
    drift_visibility,
    effective_visibility,
    freezes_terrain,
    frozen_terrain,
    movement_multiplier,
)
from schemas.panzer_campaigns.map import TerrainType
from schemas.panzer_campaigns.scenario import DayPhase, Header
from schemas.panzer_campaigns.weather import WeatherFile
from schemas.panzer_campaigns.weather_dat import parse_weather_dat
from schemas.vocabulary import Condition, OptionalRule
from tests.tiny_title import tiny_scenario

# Verbatim from the Panzer Campaigns manual, section 11.0 "Programmed Weather".
MANUAL_EXAMPLE = """16 12 1944 0 100 0 0 0 2 3 0
18 12 1944 0 80 0 20 0 3 4 30
25 12 1944 0 20 20 60 0 3 5 80
30 12 1944 10 40 20 30 0 4 5 10
"""
DRAWS = 20_000


def manual_weather() -> WeatherFile:
    weather, problems = parse_weather_dat(MANUAL_EXAMPLE)
    assert weather is not None
    assert problems == []
    return weather


def header(**changes: object) -> Header:
    """The tiny title's header: 8 turns a day (the night is two 6-hour turns), programmed."""
    return tiny_scenario().header.model_copy(update=changes)


def programmed(**changes: object) -> WeatherEngine:
    return WeatherEngine.from_header(header(**changes), manual_weather())


def shares(day: date, seed: int = 1) -> tuple[Counter[Condition], float, set[tuple[int, int]]]:
    climate = programmed().climate
    rng = Random(seed)
    draws = [climate.draw_day(day, rng) for _ in range(DRAWS)]
    conditions = Counter(d.condition for d in draws)
    storms = sum(d.storm for d in draws) / DRAWS
    return conditions, storms, {(d.visibility_min, d.visibility_max) for d in draws}


def test_from_18_december_soft_80_snow_20_storm_30_visibility_3_to_4() -> None:
    conditions, storms, ranges = shares(date(1944, 12, 20))
    assert set(conditions) == {Condition.SOFT, Condition.SNOW}
    assert conditions[Condition.SOFT] / DRAWS == pytest.approx(0.80, abs=0.015)
    assert conditions[Condition.SNOW] / DRAWS == pytest.approx(0.20, abs=0.015)
    assert storms == pytest.approx(0.30, abs=0.015)
    assert ranges == {(3, 4)}


def test_on_16_december_always_soft_without_storms_visibility_2_to_3() -> None:
    conditions, storms, ranges = shares(date(1944, 12, 16))
    assert conditions == Counter({Condition.SOFT: DRAWS})
    assert storms == 0
    assert ranges == {(2, 3)}


def test_storm_chance_80_on_25_december_and_normal_10_on_30_december() -> None:
    _, storms, _ = shares(date(1944, 12, 25))
    assert storms == pytest.approx(0.80, abs=0.015)
    conditions, storms, ranges = shares(date(1945, 1, 15))
    assert conditions[Condition.NORMAL] / DRAWS == pytest.approx(0.10, abs=0.015)
    assert storms == pytest.approx(0.10, abs=0.015)
    assert ranges == {(4, 5)}


def test_each_day_takes_the_last_row_dated_on_or_before_it() -> None:
    climate = programmed().climate
    row_dates = {day: climate.row_for(date(1944, 12, day)) for day in (1, 16, 17, 18, 24, 25, 31)}
    assert {day: row.date.day for day, row in row_dates.items() if row} == {
        1: 16,  # before the first row: the first row
        16: 16,
        17: 16,
        18: 18,
        24: 18,
        25: 25,
        31: 30,
    }


def test_visibility_stays_in_each_days_range_over_many_games() -> None:
    for seed in range(150):
        # 70 turns: 16 Dec 08:00 to 24 Dec 18:00, the days of the first two rows.
        engine = programmed(start=datetime(1944, 12, 16, 8, 0), turns=70, visibility=3)
        assert engine.clock.time_of(70) == datetime(1944, 12, 24, 18, 0)
        for weather in engine.iter_weather(Random(seed)):
            low, high = (2, 3) if weather.date.day < 18 else (3, 4)
            assert (weather.visibility_min, weather.visibility_max) == (low, high)
            assert low <= weather.visibility <= high, (seed, weather)


def test_turn_one_keeps_the_headers_weather_and_days_are_drawn_on_their_first_turn() -> None:
    engine = programmed(conditions=Condition.MUD, storm_at_start=True, visibility=2)
    first = engine.start()
    assert (first.condition, first.storm, first.visibility) == (Condition.MUD, True, 2)
    weather = list(engine.iter_weather(Random(3)))
    # Turns 1-6 are 16 Dec; turn 7 (00:00) opens 17 Dec, which the programme makes Soft.
    assert all(w.condition is Condition.MUD and w.storm for w in weather[:6])
    assert all(w.condition is Condition.SOFT and not w.storm for w in weather[6:])


def test_conditions_and_storms_last_the_whole_day() -> None:
    engine = programmed(start=datetime(1944, 12, 18, 8, 0), turns=400)
    by_day: dict[date, set[tuple[Condition, bool]]] = {}
    for weather in engine.iter_weather(Random(11)):
        by_day.setdefault(weather.date, set()).add((weather.condition, weather.storm))
    assert all(len(states) == 1 for states in by_day.values())
    assert len({states.pop()[1] for states in by_day.values()}) == 2  # storms came and went


def test_unprogrammed_weather_is_uniform_over_the_allowed_conditions_without_storms() -> None:
    allowed = [Condition.NORMAL, Condition.SOFT, Condition.MUD]
    engine = WeatherEngine.from_header(
        header(optional_rules=[], conditions_allowed=allowed, turns=2000), manual_weather()
    )
    assert not engine.climate.is_programmed
    rng = Random(5)
    draws = [engine.climate.draw_day(date(1944, 12, 25), rng) for _ in range(DRAWS)]
    counts = Counter(d.condition for d in draws)
    assert set(counts) == set(allowed)
    assert all(n / DRAWS == pytest.approx(1 / 3, abs=0.015) for n in counts.values())
    assert not any(d.storm for d in draws)
    assert {(d.visibility_min, d.visibility_max) for d in draws} == {(1, 4)}
    assert all(1 <= w.visibility <= 4 for w in engine.iter_weather(Random(5)))


def test_a_storm_at_start_lasts_day_one_only_without_a_programme() -> None:
    engine = WeatherEngine.from_header(header(optional_rules=[], storm_at_start=True))
    storms = [(w.turn, w.storm) for w in engine.iter_weather(Random(0))]
    assert storms[:6] == [(t, True) for t in range(1, 7)]
    assert not any(storm for _, storm in storms[6:])


def test_the_programme_needs_the_rule_and_a_file() -> None:
    assert programmed().climate.is_programmed
    assert not WeatherEngine.from_header(header()).climate.is_programmed
    rules_off = WeatherEngine.from_header(header(), manual_weather(), rules=set())
    assert not rules_off.climate.is_programmed
    rules_on = WeatherEngine.from_header(
        header(optional_rules=[]), manual_weather(), rules={OptionalRule.PROGRAMMED_WEATHER}
    )
    assert rules_on.climate.is_programmed


def test_events_report_exactly_what_changed() -> None:
    engine = programmed(start=datetime(1944, 12, 18, 8, 0), turns=200)
    rng = Random(2)
    weather = engine.start()
    seen: Counter[type] = Counter()
    while weather.turn < engine.clock.last_turn:
        following, events = engine.advance(weather, rng)
        expected = []
        if following.condition is not weather.condition:
            expected.append(
                ConditionChanged(following.turn, following.condition, weather.condition)
            )
        if following.storm != weather.storm:
            expected.append(StormChanged(following.turn, following.storm))
        if following.visibility != weather.visibility:
            expected.append(
                VisibilityChanged(following.turn, following.visibility, weather.visibility)
            )
        assert events == tuple(expected)
        seen.update(type(e) for e in events)
        weather = following
    assert set(seen) == {ConditionChanged, StormChanged, VisibilityChanged}
    with pytest.raises(ValueError, match="outside"):
        engine.advance(weather, rng)


def test_same_seed_same_weather_and_another_seed_other_weather() -> None:
    def run(seed: int) -> list[Weather]:
        engine = programmed(start=datetime(1944, 12, 16, 8, 0), turns=300)
        return list(engine.iter_weather(Random(seed)))

    assert run(42) == run(42)
    assert run(42) != run(43)


def test_visibility_changes_persist() -> None:
    # With the range wide open, a change is far likelier right after a change than after a
    # steady turn: "Once Visibility starts to change, it will tend to continue" [000 11.0].
    rng = Random(9)
    visibility, trend, changes = 5, 0, []
    for _ in range(DRAWS):
        following, trend = drift_visibility(visibility, trend, 1, 9, rng)
        changes.append(following != visibility)
        visibility = following
    after_change = [b for a, b in pairwise(changes) if a]
    after_steady = [b for a, b in pairwise(changes) if not a]
    assert sum(after_change) / len(after_change) > 0.6
    assert sum(after_steady) / len(after_steady) < 0.3
    assert drift_visibility(5, 1, 2, 3, rng)[0] in (2, 3)  # a new day's range clamps first


@pytest.mark.parametrize(
    ("nominal", "phase", "storm", "expected"),
    [
        (5, DayPhase.DAY, False, 5),
        (5, DayPhase.DAWN, False, 2),
        (3, DayPhase.DUSK, False, 1),
        (1, DayPhase.DAWN, False, 1),
        (5, DayPhase.NIGHT, False, 1),
        (5, DayPhase.DAY, True, 1),
    ],
)
def test_effective_visibility_table(nominal, phase, storm, expected) -> None:
    assert effective_visibility(nominal, phase, storm) == expected


LEGEND = [
    TerrainType(id="clear", code=".", name="Clear"),
    TerrainType(id="forest", code="f", name="Forest"),
    TerrainType(id="field", code=",", name="Field", frozen_as="clear"),
    TerrainType(id="marsh", code="m", name="Marsh", frozen_as="clear"),
    TerrainType(id="swamp", code="s", name="Swamp", frozen_as="forest"),
]


def test_frozen_terrain_under_snow_and_frozen_only() -> None:
    ids = [t.id for t in LEGEND]
    frozen = ["clear", "forest", "clear", "clear", "forest"]
    for condition in Condition:
        seen = [frozen_terrain(i, condition, LEGEND) for i in ids]
        assert seen == (frozen if freezes_terrain(condition) else ids), condition
    assert {c for c in Condition if freezes_terrain(c)} == {Condition.SNOW, Condition.FROZEN}
    assert frozen_terrain("unknown", Condition.SNOW, LEGEND) == "unknown"


def test_storm_effects() -> None:
    assert (movement_multiplier(True), movement_multiplier(False)) == (2, 1)
    assert (attack_multiplier(True), attack_multiplier(False)) == (0.5, 1.0)
    assert not airborne_or_amphibious_arrivals_allowed(True)
    assert airborne_or_amphibious_arrivals_allowed(False)


@pytest.mark.parametrize(
    ("storm", "nominal", "phase", "recon", "allowed"),
    [
        (False, 3, DayPhase.DAY, False, True),
        (False, 1, DayPhase.DAY, False, False),
        (False, 2, DayPhase.DAWN, False, True),  # effective 1, still allowed [000 8.1]
        (False, 2, DayPhase.DUSK, False, True),
        (False, 5, DayPhase.NIGHT, False, False),
        (True, 5, DayPhase.DAY, False, False),
        (False, 1, DayPhase.NIGHT, True, True),
        (True, 5, DayPhase.DAY, True, False),
    ],
)
def test_air_missions(storm, nominal, phase, recon, allowed) -> None:
    assert air_missions_allowed(storm, nominal, phase, recon=recon) is allowed


def test_climate_from_scratch_for_the_editor_preview() -> None:
    climate = Climate((Condition.SNOW,), visibility_min=5, visibility_max=2)
    assert climate.visibility_range(date(1944, 12, 16)) == (2, 5)
    assert climate.row_for(date(1944, 12, 16)) is None

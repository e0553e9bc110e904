"""The turn clock against schedules checked by hand: the tiny title's day with long night turns,
midnight turns that exist or do not, a Panzer Battles day of 30-minute turns, and agreement with
the schema checks SCN001/SCN002 on which schedules are usable at all."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.panzer_campaigns.clock import TurnClock
from schemas.panzer_campaigns.checks import check_scenario_header
from schemas.panzer_campaigns.scenario import DayPhase, Header, PhasePeriod
from tests.tiny_title import tiny_scenario

DAWN, DAY, DUSK, NIGHT = DayPhase.DAWN, DayPhase.DAY, DayPhase.DUSK, DayPhase.NIGHT


def header(**changes: object) -> Header:
    return tiny_scenario().header.model_copy(update=changes)


def listing(clock: TurnClock) -> list[tuple[int, str, DayPhase, int]]:
    return [
        (t, f"{clock.time_of(t):%d %H:%M}", clock.phase_of(t), clock.minutes_of(t))
        for t in clock.iter_turns()
    ]


def test_the_tiny_title_by_hand() -> None:
    # Dawn 06:00, day 08:00, dusk 16:00 (120-minute turns); night 18:00 in 360-minute turns,
    # so the night is two turns, 18:00 and 00:00: eight turns a day.
    clock = TurnClock.from_header(header(turns=14))
    assert listing(clock) == [
        (1, "16 08:00", DAY, 120),
        (2, "16 10:00", DAY, 120),
        (3, "16 12:00", DAY, 120),
        (4, "16 14:00", DAY, 120),
        (5, "16 16:00", DUSK, 120),
        (6, "16 18:00", NIGHT, 360),
        (7, "17 00:00", NIGHT, 360),
        (8, "17 06:00", DAWN, 120),
        (9, "17 08:00", DAY, 120),
        (10, "17 10:00", DAY, 120),
        (11, "17 12:00", DAY, 120),
        (12, "17 14:00", DAY, 120),
        (13, "17 16:00", DUSK, 120),
        (14, "17 18:00", NIGHT, 360),
    ]
    assert [t for t in clock.iter_turns() if clock.is_midnight_turn(t)] == [7]
    assert [t for t in clock.iter_turns() if clock.is_first_turn_of_day(t)] == [1, 7]
    assert clock.last_turn == 14
    assert clock.end == datetime(1944, 12, 18, 0, 0)
    assert repr(clock) == "<TurnClock 1944-12-16 08:00, 14 turns>"


def test_scheduled_times_map_to_the_turn_in_progress() -> None:
    clock = TurnClock.from_header(header())
    # The tiny scenario's "second-bn" reinforcement is due at 16 Dec 12:00.
    due = tiny_scenario().reinforcements[1].at
    assert due is not None
    assert clock.turn_at(due) == 3
    assert clock.turn_at(datetime(1944, 12, 17, 3, 0)) == 7  # inside the long night turn
    assert clock.turn_at(datetime(1944, 12, 16, 7, 59)) is None
    assert clock.turn_at(clock.time_of(12)) == 12
    assert clock.turn_at(clock.end - timedelta(minutes=1)) == 12
    assert clock.turn_at(clock.end) is None


def test_without_a_midnight_turn_the_first_turn_after_midnight_is_the_midnight_turn() -> None:
    schedule = [
        PhasePeriod(phase=DAY, start=6 * 60),
        PhasePeriod(phase=NIGHT, start=18 * 60, turn_minutes=240),
    ]
    clock = TurnClock(datetime(1944, 12, 16, 14, 0), 14, schedule)
    times = {t: f"{clock.time_of(t):%d %H:%M}" for t in clock.iter_turns()}
    assert [times[t] for t in clock.iter_turns() if clock.is_midnight_turn(t)] == [
        "17 02:00",
        "18 02:00",
    ]
    assert times[3] == "16 18:00"
    assert times[4] == "16 22:00"
    assert clock.is_midnight_turn(5)
    assert not clock.is_midnight_turn(1)
    assert clock.is_first_turn_of_day(1)


def test_turn_one_is_a_midnight_turn_only_when_it_starts_at_midnight() -> None:
    schedule = [PhasePeriod(phase=NIGHT, start=0), PhasePeriod(phase=DAY, start=6 * 60)]
    at_midnight = TurnClock(datetime(1944, 12, 17, 0, 0), 3, schedule)
    after_midnight = TurnClock(datetime(1944, 12, 17, 2, 0), 3, schedule)
    assert at_midnight.is_midnight_turn(1)
    assert not after_midnight.is_midnight_turn(1)
    assert after_midnight.is_first_turn_of_day(1)
    assert not after_midnight.is_first_turn_of_day(2)


def test_a_panzer_battles_day_of_30_minute_turns() -> None:
    schedule = [
        PhasePeriod(phase=DAWN, start=5 * 60),
        PhasePeriod(phase=DAY, start=6 * 60),
        PhasePeriod(phase=DUSK, start=21 * 60),
        PhasePeriod(phase=NIGHT, start=22 * 60),
    ]
    clock = TurnClock(datetime(1944, 6, 6, 5, 0), 96, schedule, minutes_per_turn=30)
    assert listing(clock)[:4] == [
        (1, "06 05:00", DAWN, 30),
        (2, "06 05:30", DAWN, 30),
        (3, "06 06:00", DAY, 30),
        (4, "06 06:30", DAY, 30),
    ]
    assert [clock.phase_of(t) for t in (32, 33, 34, 35)] == [DAY, DUSK, DUSK, NIGHT]
    # 05:00 + 38 turns of 30 minutes = 00:00 on 7 June.
    assert clock.time_of(39) == datetime(1944, 6, 7, 0, 0)
    assert [t for t in clock.iter_turns() if clock.is_midnight_turn(t)] == [39, 87]
    assert clock.time_of(96) == datetime(1944, 6, 8, 4, 30)
    assert sum(clock.phase_of(t) is NIGHT for t in range(1, 49)) == 14


@pytest.mark.parametrize(
    ("schedule", "start", "message"),
    [
        ([PhasePeriod(phase=DAY, start=600), PhasePeriod(phase=NIGHT, start=360)], 600, "SCN001"),
        ([PhasePeriod(phase=DAY, start=360, turn_minutes=300)], 360, "SCN001"),
        ([PhasePeriod(phase=DAY, start=360)], 7 * 60, "SCN002"),
    ],
)
def test_unusable_schedules_raise_with_the_check_code(schedule, start, message) -> None:
    moment = datetime(1944, 12, 16) + timedelta(minutes=start)
    with pytest.raises(ValueError, match=message):
        TurnClock(moment, 10, schedule)


def test_turns_outside_the_game_are_refused() -> None:
    clock = TurnClock.from_header(header())
    for turn in (0, 13):
        with pytest.raises(ValueError, match=r"outside 1\.\.12"):
            clock.time_of(turn)


period_lengths = st.sampled_from([None, 30, 60, 120, 180, 240, 360])


@given(
    starts=st.lists(st.integers(0, 47), min_size=1, max_size=5),
    lengths=st.lists(period_lengths, min_size=5, max_size=5),
    default=st.sampled_from([30, 60, 120]),
    start=st.integers(0, 47),
)
def test_the_clock_builds_exactly_when_the_schema_checks_pass(
    starts, lengths, default, start
) -> None:
    schedule = [
        PhasePeriod(phase=DAY, start=half_hours * 30, turn_minutes=length)
        for half_hours, length in zip(starts, lengths, strict=False)
    ]
    scenario_header = header(
        day_schedule=schedule,
        minutes_per_turn=default,
        start=datetime(1944, 12, 16) + timedelta(minutes=start * 30),
        turns=40,
    )
    scenario = tiny_scenario().model_copy(update={"header": scenario_header})
    schedule_codes = {p.code for p in check_scenario_header(scenario)} & {"SCN001", "SCN002"}
    if schedule_codes:
        with pytest.raises(ValueError, match="|".join(schedule_codes)):
            TurnClock.from_header(scenario_header)
        return
    clock = TurnClock.from_header(scenario_header)
    for turn in clock.iter_turns():
        following = clock.end if turn == clock.last_turn else clock.time_of(turn + 1)
        assert following - clock.time_of(turn) == timedelta(minutes=clock.minutes_of(turn))
        assert clock.turn_at(clock.time_of(turn)) == turn

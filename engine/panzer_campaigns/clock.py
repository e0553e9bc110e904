"""The turn clock: when each turn of a scenario starts, how long it lasts and what kind of turn
it is, computed by walking the header's day schedule from the start time.

>>> schedule = [PhasePeriod(phase="day", start="06:00"),
...             PhasePeriod(phase="night", start="18:00", turn_minutes=180)]
>>> clock = TurnClock(datetime(1944, 12, 16, 16, 0), 5, schedule)
>>> for turn in clock.iter_turns():
...     midnight = " (midnight)" if clock.is_midnight_turn(turn) else ""
...     print(f"{turn} {clock.time_of(turn):%d %H:%M} {clock.phase_of(turn).value}{midnight}")
1 16 16:00 day
2 16 18:00 night
3 16 21:00 night
4 17 00:00 night (midnight)
5 17 03:00 night
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta

from schemas.panzer_campaigns.checks.scenario_settings import day_turn_starts
from schemas.panzer_campaigns.scenario import DayPhase, Header, PhasePeriod

_DAY = 24 * 60


def _turns_of_day(
    day_schedule: Sequence[PhasePeriod], minutes_per_turn: int, start: datetime
) -> list[tuple[int, int]]:
    """(minute of day, period index) of every turn start of one day, from the first period on.

    Raises ValueError with the schema check's message: a half-built scenario can reach the
    engine, and the code in the message lets the designer find the same problem in both places.
    """
    if not day_schedule:
        raise ValueError("the day schedule has no periods (SCN001)")
    starts, problems = day_turn_starts(day_schedule, minutes_per_turn, start)
    if problems:
        raise ValueError(f"{problems[0].message} ({problems[0].code})")
    return [(minute % _DAY, period) for minute, period in starts]


class TurnClock:
    """The start time, length and kind of every turn of a scenario; turn 1 starts at the start.

    Raises ValueError for a schedule or start the schema checks report as SCN001 or SCN002
    (periods out of order, periods that are not whole numbers of turns, a start time that is
    not a turn start), because no turn times can be derived from them.
    """

    __slots__ = ("_first_of_day", "_midnight", "_minutes", "_phases", "_starts")

    def __init__(
        self,
        start: datetime,
        turns: int,
        day_schedule: Sequence[PhasePeriod],
        minutes_per_turn: int = 120,
    ) -> None:
        if turns < 1:
            raise ValueError(f"a scenario has at least one turn, not {turns}")
        day = _turns_of_day(day_schedule, minutes_per_turn, start)
        start_minute = start.hour * 60 + start.minute
        index = next(
            (i for i, (minute, _) in enumerate(day) if minute == start_minute),
            None,
        )
        if index is None or start.second or start.microsecond:
            raise ValueError(
                f"the scenario starts at {start:%H:%M}, not the start of a turn "
                "in the day schedule (SCN002)"
            )
        # One extra start time: the end of the last turn, so turn_at() can tell "during the
        # last turn" from "after the game".
        starts: list[datetime] = []
        phases: list[DayPhase] = []
        minutes: list[int] = []
        moment = start
        for _ in range(turns + 1):
            period = day_schedule[day[index][1]]
            length = period.turn_minutes if period.turn_minutes is not None else minutes_per_turn
            starts.append(moment)
            phases.append(period.phase)
            minutes.append(length)
            moment += timedelta(minutes=length)
            index = (index + 1) % len(day)
        self._starts: tuple[datetime, ...] = tuple(starts)
        self._phases: tuple[DayPhase, ...] = tuple(phases[:turns])
        self._minutes: tuple[int, ...] = tuple(minutes[:turns])
        # [000 9.1]: "the turn at midnight (or if no midnight turn, during the first turn
        # thereafter)". Turn 1 counts only when it starts exactly at 00:00: the midnight
        # before the game belongs to no turn of it.
        midnight = [start_minute == 0]
        midnight += [starts[i].date() != starts[i - 1].date() for i in range(1, turns)]
        self._midnight: tuple[bool, ...] = tuple(midnight)
        self._first_of_day: tuple[bool, ...] = (True, *midnight[1:])

    @classmethod
    def from_header(cls, header: Header) -> TurnClock:
        """The clock of a scenario header.

        >>> header = Header.model_validate({
        ...     "title": "Tiny", "ruleset": "panzer_campaigns", "start": "1944-12-16 08:00",
        ...     "turns": 12, "first_side": "axis", "visibility": 3,
        ...     "day_schedule": [{"phase": "day", "start": "06:00"},
        ...                      {"phase": "night", "start": "18:00", "turn_minutes": 360}],
        ...     "visibility_min": 1, "visibility_max": 4, "conditions": "soft",
        ...     "conditions_allowed": ["soft"], "global_supply": {"allied": 80, "axis": 60},
        ...     "victory": {"levels": {"major_allied": 3, "minor_allied": 1, "minor_axis": -1,
        ...                            "major_axis": -3}}})
        >>> TurnClock.from_header(header)
        <TurnClock 1944-12-16 08:00, 12 turns>
        """
        return cls(header.start, header.turns, header.day_schedule, header.minutes_per_turn)

    def __repr__(self) -> str:
        return f"<TurnClock {self.start:%Y-%m-%d %H:%M}, {self.last_turn} turns>"

    def _index(self, turn: int) -> int:
        if not 1 <= turn <= len(self._phases):
            raise ValueError(f"turn {turn} is outside 1..{len(self._phases)}")
        return turn - 1

    @property
    def start(self) -> datetime:
        """When turn 1 starts."""
        return self._starts[0]

    @property
    def end(self) -> datetime:
        """When the last turn ends."""
        return self._starts[-1]

    @property
    def last_turn(self) -> int:
        """The number of the last turn (the scenario's turn count)."""
        return len(self._phases)

    def time_of(self, turn: int) -> datetime:
        """When `turn` starts.

        >>> clock = TurnClock(datetime(1944, 12, 16, 8, 0), 3, [PhasePeriod(phase="day", start=0)])
        >>> clock.time_of(3)
        datetime.datetime(1944, 12, 16, 12, 0)
        """
        return self._starts[self._index(turn)]

    def phase_of(self, turn: int) -> DayPhase:
        """The kind of turn: the day-schedule period containing the turn's start time.

        >>> schedule = [PhasePeriod(phase="day", start="06:00"),
        ...             PhasePeriod(phase="dusk", start="18:00"),
        ...             PhasePeriod(phase="night", start="20:00", turn_minutes=600)]
        >>> clock = TurnClock(datetime(1944, 12, 16, 16, 0), 3, schedule)
        >>> [clock.phase_of(t).value for t in clock.iter_turns()]
        ['day', 'dusk', 'night']
        """
        return self._phases[self._index(turn)]

    def minutes_of(self, turn: int) -> int:
        """How long `turn` lasts: its period's `turn_minutes`, else the header's default.

        >>> schedule = [PhasePeriod(phase="day", start="06:00"),
        ...             PhasePeriod(phase="night", start="18:00", turn_minutes=720)]
        >>> clock = TurnClock(datetime(1944, 12, 16, 16, 0), 2, schedule)
        >>> clock.minutes_of(1), clock.minutes_of(2)
        (120, 720)
        """
        return self._minutes[self._index(turn)]

    def is_midnight_turn(self, turn: int) -> bool:
        """Whether `turn` is the midnight turn: the first turn starting at or after midnight of
        a new day [000 9.1]. Turn 1 is one only when it starts at 00:00.

        >>> schedule = [PhasePeriod(phase="day", start="06:00"),
        ...             PhasePeriod(phase="night", start="18:00", turn_minutes=240)]
        >>> clock = TurnClock(datetime(1944, 12, 16, 18, 0), 4, schedule)
        >>> [f"{clock.time_of(t):%H:%M}" for t in clock.iter_turns() if clock.is_midnight_turn(t)]
        ['02:00']
        """
        return self._midnight[self._index(turn)]

    def is_first_turn_of_day(self, turn: int) -> bool:
        """Whether `turn` opens a day of the game: turn 1, or the first turn whose date differs
        from the previous turn's; the daily weather is drawn on it [000 11.0].

        >>> clock = TurnClock(datetime(1944, 12, 16, 20, 0), 4, [PhasePeriod(phase="day", start=0)])
        >>> [clock.is_first_turn_of_day(t) for t in clock.iter_turns()]
        [True, False, True, False]
        """
        return self._first_of_day[self._index(turn)]

    def turn_at(self, when: datetime) -> int | None:
        """The turn in progress at `when` (a scheduled event's date and time), or None before
        the start or after the end. A time between two turn starts belongs to the earlier turn.

        >>> clock = TurnClock(datetime(1944, 12, 16, 8, 0), 3, [PhasePeriod(phase="day", start=0)])
        >>> clock.turn_at(datetime(1944, 12, 16, 12, 0)), clock.turn_at(datetime(1944, 12, 16, 11))
        (3, 2)
        >>> clock.turn_at(datetime(1944, 12, 16, 14, 0)) is None
        True
        """
        if when < self.start or when >= self.end:
            return None
        return bisect_right(self._starts, when)

    def iter_turns(self) -> Iterator[int]:
        """The turn numbers from 1 to the last turn.

        >>> clock = TurnClock(datetime(1944, 12, 16), 3, [PhasePeriod(phase="day", start=0)])
        >>> list(clock.iter_turns())
        [1, 2, 3]
        """
        return iter(range(1, self.last_turn + 1))

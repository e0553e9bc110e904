"""Weather during play: the daily ground conditions and storms, the visibility of each turn, and
the effects other rules ask about (visibility by kind of turn, frozen terrain, storm penalties).

All chance comes from a `random.Random` the game owns and passes in, so the same scenario, seed
and weather file always give the same weather.

>>> from datetime import datetime
>>> from schemas.panzer_campaigns.scenario import PhasePeriod
>>> clock = TurnClock(datetime(1944, 12, 16, 8, 0), 24, [PhasePeriod(phase="day", start=0)])
>>> climate = Climate((Condition.SOFT, Condition.MUD), visibility_min=2, visibility_max=4)
>>> engine = WeatherEngine(clock, climate, condition=Condition.SOFT, visibility=3)
>>> for weather in engine.iter_weather(Random(1)):
...     if clock.is_first_turn_of_day(weather.turn):
...         print(f"{weather.date:%d %b}", weather.condition.value, weather.visibility)
16 Dec soft 3
17 Dec mud 2
18 Dec soft 2
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import date
from itertools import accumulate
from random import Random

from engine.panzer_campaigns.clock import TurnClock
from schemas.panzer_campaigns.map import TerrainType
from schemas.panzer_campaigns.scenario import DayPhase, Header
from schemas.panzer_campaigns.weather import WeatherFile, WeatherRow
from schemas.vocabulary import Condition, OptionalRule

VISIBILITY_CONTINUE = 2 / 3
"""Chance that a visibility change in progress goes on for one more turn."""
VISIBILITY_START = 1 / 4
"""Chance per turn that a steady visibility starts to change."""


def effective_visibility(nominal: int, phase: DayPhase, storm: bool) -> int:
    """Hexes units can spot at: half the nominal value at dawn and dusk (rounded down, at
    least 1), 1 at night and in a storm [000 11.0].

    >>> [effective_visibility(5, phase, False) for phase in DayPhase]
    [2, 5, 2, 1]
    """
    if storm or phase == DayPhase.NIGHT:
        return 1
    if phase in (DayPhase.DAWN, DayPhase.DUSK):
        return max(1, nominal // 2)
    return nominal


def drift_visibility(
    visibility: int, trend: int, low: int, high: int, rng: Random
) -> tuple[int, int]:
    """One turn's change of the nominal visibility within [low, high]: `(visibility, trend)`.

    The manual says only "Once Visibility starts to change, it will tend to continue changing
    for multiple turns" [000 11.0], leaving the law open (a GAP). Decision: a persistent random
    walk. A change in progress (`trend` -1 or +1) goes on with VISIBILITY_CONTINUE (2/3, so a
    change lasts three turns on average); otherwise a change starts with VISIBILITY_START (1/4),
    up or down alike, or visibility stays. A step that would leave the range ends the change.
    Visibility outside the range (a new day's range) is first brought to its nearest bound.

    >>> drift_visibility(3, 0, 3, 3, Random(0)), drift_visibility(5, 1, 2, 3, Random(0))[0]
    ((3, 0), 3)
    """
    low, high = min(low, high), max(low, high)
    visibility = min(max(visibility, low), high)
    if not (trend and rng.random() < VISIBILITY_CONTINUE):
        trend = rng.choice((-1, 1)) if rng.random() < VISIBILITY_START else 0
    if not low <= visibility + trend <= high:
        return visibility, 0
    return visibility + trend, trend


def freezes_terrain(condition: Condition) -> bool:
    """Whether Field, Marsh and Swamp count as frozen under `condition`.

    The manual states it for Snow only [000 11.0], and the digest leaves Frozen open (Appendix
    C #8). Decision: Snow and Frozen, since Frozen is "snow-covered ground with cold temperatures
    sufficient to freeze streams and rivers" [000 11.0], which is colder than Snow.

    >>> [c.value for c in Condition if freezes_terrain(c)]
    ['snow', 'frozen']
    """
    return condition in (Condition.SNOW, Condition.FROZEN)


def frozen_terrain(terrain_id: str, condition: Condition, legend: Iterable[TerrainType]) -> str:
    """The terrain `terrain_id` counts as under `condition`: the legend's `frozen_as` when the
    ground freezes (Field, Marsh -> Clear; Swamp -> Forest) [000 11.0], else itself.

    >>> legend = [TerrainType(id="marsh", code="m", name="Marsh", frozen_as="clear")]
    >>> [frozen_terrain("marsh", condition, legend) for condition in Condition]
    ['marsh', 'marsh', 'marsh', 'clear', 'clear']
    """
    if freezes_terrain(condition):
        for terrain in legend:
            if terrain.id == terrain_id:
                return terrain.frozen_as or terrain_id
    return terrain_id


def movement_multiplier(storm: bool) -> int:
    """Factor on movement costs: "Movement costs are doubled" in a storm [000 11.0].

    >>> movement_multiplier(True), movement_multiplier(False)
    (2, 1)
    """
    return 2 if storm else 1


def attack_multiplier(storm: bool) -> float:
    """Factor on attack and assault values: "reduced by 1/2" in a storm [000 11.0].

    >>> attack_multiplier(True), attack_multiplier(False)
    (0.5, 1.0)
    """
    return 0.5 if storm else 1.0


def air_missions_allowed(
    storm: bool, nominal: int, phase: DayPhase, *, recon: bool = False
) -> bool:
    """Whether air missions may fly this turn.

    A storm prohibits all of them [000 11.0]. A strike also needs "the current visibility [to]
    exceed 1 hex", and "in Dawn or Dusk turns where the nominal visibility is 2, but the
    effective visibility is 1, air missions are still possible" [000 8.1]: so the test is on
    the nominal visibility, except at night, when visibility is one hex whatever the nominal.
    The visibility rule is stated for strikes; recon missions are barred only by storms.

    >>> air_missions_allowed(False, 2, DayPhase.DUSK)
    True
    >>> air_missions_allowed(False, 3, DayPhase.NIGHT), air_missions_allowed(True, 5, DayPhase.DAY)
    (False, False)
    """
    if storm:
        return False
    return recon or (phase != DayPhase.NIGHT and nominal > 1)


def airborne_or_amphibious_arrivals_allowed(storm: bool) -> bool:
    """Whether amphibious, parachute and glider reinforcements may arrive [000 11.0]; other
    kinds (naval included, which the manual does not name) arrive in storms too.

    >>> airborne_or_amphibious_arrivals_allowed(True)
    False
    """
    return not storm


@dataclass(frozen=True, slots=True)
class DayDraw:
    """What a day's draw decided: the condition, the storm and the visibility range."""

    condition: Condition
    storm: bool
    visibility_min: int
    visibility_max: int


@dataclass(frozen=True, slots=True)
class Climate:
    """What a day's weather may be: the header's ranges, or the rows of a weather programme
    when the Programmed Weather rule is on and a weather file is given [000 11.0]."""

    conditions_allowed: tuple[Condition, ...]
    """Conditions the unprogrammed draw picks from."""
    visibility_min: int
    """Least nominal visibility without a programme."""
    visibility_max: int
    """Greatest nominal visibility without a programme."""
    programme: tuple[WeatherRow, ...] = ()
    """Weather rows; empty = not programmed."""

    @property
    def is_programmed(self) -> bool:
        """Whether days are drawn from a weather programme rather than the header's ranges."""
        return bool(self.programme)

    def row_for(self, day: date) -> WeatherRow | None:
        """The programme row for `day`: the last one dated on or before it; for days before
        the first row, the first row, as the nearest thing the designer gave. None without a
        programme. Rows out of order (WEATHER001) are taken by date, not by position.

        >>> rows = tuple(WeatherRow(date=date(1944, 12, d), normal=100, soft=0, mud=0, snow=0,
        ...                         frozen=0, visibility_min=1, visibility_max=5) for d in (16, 18))
        >>> climate = Climate((Condition.NORMAL,), 1, 5, rows)
        >>> [climate.row_for(date(1944, 12, d)).date.day for d in (1, 16, 17, 18, 31)]
        [16, 16, 16, 18, 18]
        """
        if not self.programme:
            return None
        started = [row for row in self.programme if row.date <= day]
        if not started:
            return min(self.programme, key=lambda row: row.date)
        return max(started, key=lambda row: row.date)

    def visibility_range(self, day: date) -> tuple[int, int]:
        """Least and greatest nominal visibility on `day`.

        >>> climate = Climate((Condition.NORMAL,), visibility_min=4, visibility_max=2)
        >>> climate.visibility_range(date(1944, 12, 16))
        (2, 4)
        """
        row = self.row_for(day)
        low, high = (
            (self.visibility_min, self.visibility_max)
            if row is None
            else (row.visibility_min, row.visibility_max)
        )
        # A reversed range, which the checks report, still bounds visibility.
        return min(low, high), max(low, high)

    def draw_day(self, day: date, rng: Random) -> DayDraw:
        """Draw the condition, storm and visibility range of `day` [000 11.0].

        Programmed: the condition by the row's five chances and a storm with its storm chance,
        rolled afresh each day, so a storm lasts the day and may go on (the digest's reading of
        "possibly additional days", a GAP); a row whose chances add up to 0 (WEATHER002) draws
        as if unprogrammed. Unprogrammed: a condition picked uniformly from `conditions_allowed`
        (the digest's recommendation for the GAP, B.6) and no storm, since storms "can only
        occur when using the Programmed Weather Optional Rule" or at the start [000 11.0].

        >>> climate = Climate((Condition.SNOW, Condition.FROZEN), 1, 3)
        >>> draw = climate.draw_day(date(1944, 12, 17), Random(7))
        >>> draw.condition in (Condition.SNOW, Condition.FROZEN), draw.storm
        (True, False)
        """
        row = self.row_for(day)
        # zip with Condition relies on its order, Normal to Frozen, which is the file's order.
        chances = () if row is None else (row.normal, row.soft, row.mud, row.snow, row.frozen)
        total = sum(chances)
        if total > 0:
            roll = rng.randrange(total)
            condition = next(
                c for c, upto in zip(Condition, accumulate(chances), strict=True) if roll < upto
            )
        else:
            condition = rng.choice(self.conditions_allowed)
        storm = row is not None and rng.randrange(100) < (row.storm or 0)
        return DayDraw(condition, storm, *self.visibility_range(day))


@dataclass(frozen=True, slots=True)
class Weather:
    """The environment during one turn: its ground condition, storm and visibility."""

    turn: int
    date: date
    phase: DayPhase
    condition: Condition
    storm: bool
    visibility: int
    """Nominal (daylight) visibility in hexes; `effective_visibility` is what spotting uses."""
    visibility_min: int
    """Least nominal visibility of the day."""
    visibility_max: int
    """Greatest nominal visibility of the day."""
    trend: int = 0
    """Visibility change in progress: -1, 0 or +1 hex per turn."""

    @property
    def effective_visibility(self) -> int:
        """Hexes units can spot at this turn, after dawn, dusk, night and storm."""
        return effective_visibility(self.visibility, self.phase, self.storm)


@dataclass(frozen=True, slots=True)
class ConditionChanged:
    """The ground condition changed at the start of `turn`."""

    turn: int
    condition: Condition
    previous: Condition

    def describe(self) -> str:
        """One sentence for a report."""
        return f"conditions {self.previous.value} -> {self.condition.value}"


@dataclass(frozen=True, slots=True)
class StormChanged:
    """A storm began (`storm` true) or ended at the start of `turn`; supply variations of
    probability 0 fire on these [000 10.2]."""

    turn: int
    storm: bool

    def describe(self) -> str:
        """One sentence for a report."""
        return "a storm began" if self.storm else "the storm ended"


@dataclass(frozen=True, slots=True)
class VisibilityChanged:
    """The nominal visibility changed at the start of `turn` (the Command Dialog reports it)."""

    turn: int
    visibility: int
    previous: int

    def describe(self) -> str:
        """One sentence for a report."""
        return f"visibility {self.previous} -> {self.visibility} hexes"


WeatherEvent = ConditionChanged | StormChanged | VisibilityChanged
"""Any change the weather reports to the turn loop and the editor."""


class WeatherEngine:
    """The weather of each turn of `clock` under `climate`: turn 1 has the header's starting
    condition, visibility and storm with no draw; the first turn of each later day draws the day
    (`Climate.draw_day`), and every later turn lets visibility drift within the day's range
    (`drift_visibility`)."""

    __slots__ = ("_first", "climate", "clock")

    def __init__(
        self,
        clock: TurnClock,
        climate: Climate,
        *,
        condition: Condition,
        visibility: int,
        storm: bool = False,
    ) -> None:
        self.clock = clock
        self.climate = climate
        day = clock.start.date()
        low, high = climate.visibility_range(day)
        self._first = Weather(1, day, clock.phase_of(1), condition, storm, visibility, low, high)

    @classmethod
    def from_header(
        cls,
        header: Header,
        weather_file: WeatherFile | None = None,
        rules: Collection[OptionalRule] | None = None,
    ) -> WeatherEngine:
        """The weather of a scenario; programmed when the Programmed Weather rule is among
        `rules` (default: the header's optional rules) and a weather file is given [000 11.0].
        Raises ValueError where TurnClock does.

        >>> header = Header.model_validate({
        ...     "title": "Tiny", "ruleset": "panzer_campaigns", "start": "1944-12-16 08:00",
        ...     "turns": 12, "first_side": "axis", "visibility": 3,
        ...     "day_schedule": [{"phase": "day", "start": "00:00"}],
        ...     "visibility_min": 1, "visibility_max": 4, "conditions": "soft",
        ...     "conditions_allowed": ["soft"], "global_supply": {"allied": 80, "axis": 60},
        ...     "victory": {"levels": {"major_allied": 3, "minor_allied": 1, "minor_axis": -1,
        ...                            "major_axis": -3}}, "storm_at_start": True})
        >>> WeatherEngine.from_header(header).start().effective_visibility
        1
        """
        rules = header.optional_rules if rules is None else rules
        programmed = weather_file is not None and OptionalRule.PROGRAMMED_WEATHER in rules
        climate = Climate(
            tuple(header.conditions_allowed) or (header.conditions,),
            header.visibility_min,
            header.visibility_max,
            tuple(weather_file.rows) if programmed and weather_file else (),
        )
        return cls(
            TurnClock.from_header(header),
            climate,
            condition=header.conditions,
            visibility=header.visibility,
            storm=header.storm_at_start,
        )

    def start(self) -> Weather:
        """The weather of turn 1.

        >>> from datetime import datetime; from schemas.panzer_campaigns.scenario import PhasePeriod
        >>> clock = TurnClock(datetime(1944, 12, 16), 1, [PhasePeriod(phase="day", start=0)])
        >>> engine = WeatherEngine(clock, Climate((Condition.MUD,), 1, 5),
        ...                        condition=Condition.MUD, visibility=4, storm=True)
        >>> first = engine.start()
        >>> first.condition.value, first.storm, first.visibility, first.effective_visibility
        ('mud', True, 4, 1)
        """
        return self._first

    def advance(self, weather: Weather, rng: Random) -> tuple[Weather, tuple[WeatherEvent, ...]]:
        """The weather of the turn after `weather`'s, and what changed; ValueError past the
        last turn.

        >>> from datetime import datetime; from schemas.panzer_campaigns.scenario import PhasePeriod
        >>> clock = TurnClock(datetime(1944, 12, 16, 22), 2, [PhasePeriod(phase="day", start=0)])
        >>> engine = WeatherEngine(clock, Climate((Condition.NORMAL,), 2, 2),
        ...                        condition=Condition.MUD, visibility=2, storm=True)
        >>> second, events = engine.advance(engine.start(), Random(0))
        >>> [type(event).__name__ for event in events], second.storm
        (['ConditionChanged', 'StormChanged'], False)
        """
        turn = weather.turn + 1
        clock = self.clock
        day = clock.time_of(turn).date()
        state = replace(weather, turn=turn, date=day, phase=clock.phase_of(turn))
        if clock.is_first_turn_of_day(turn):
            draw = self.climate.draw_day(day, rng)
            state = replace(
                state,
                condition=draw.condition,
                storm=draw.storm,
                visibility_min=draw.visibility_min,
                visibility_max=draw.visibility_max,
            )
        visibility, trend = drift_visibility(
            state.visibility, state.trend, state.visibility_min, state.visibility_max, rng
        )
        state = replace(state, visibility=visibility, trend=trend)
        events: list[WeatherEvent] = []
        if state.condition != weather.condition:
            events.append(ConditionChanged(turn, state.condition, weather.condition))
        if state.storm != weather.storm:
            events.append(StormChanged(turn, state.storm))
        if state.visibility != weather.visibility:
            events.append(VisibilityChanged(turn, state.visibility, weather.visibility))
        return state, tuple(events)

    def iter_weather(self, rng: Random) -> Iterator[Weather]:
        """The weather of every turn from 1 to the last, drawing from `rng`.

        >>> from datetime import datetime; from schemas.panzer_campaigns.scenario import PhasePeriod
        >>> clock = TurnClock(datetime(1944, 12, 16), 30, [PhasePeriod(phase="day", start=0)])
        >>> engine = WeatherEngine(clock, Climate((Condition.SOFT,), 1, 5),
        ...                        condition=Condition.SOFT, visibility=3)
        >>> len(list(engine.iter_weather(Random(0))))
        30
        """
        weather = self._first
        yield weather
        while weather.turn < self.clock.last_turn:
            weather, _ = self.advance(weather, rng)
            yield weather

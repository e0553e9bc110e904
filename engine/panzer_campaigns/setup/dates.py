"""Setup checks of dates that need the turn clock: scheduled events after the last turn, and a
weather programme that begins after the scenario does [000 4.7, 11.0].
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.panzer_campaigns.setup._context import SetupContext
from schemas.panzer_campaigns.scenario import Reinforcement
from schemas.panzer_campaigns.scheduled import Scheduled
from schemas.problems import ModelPath, Problem, Severity
from schemas.vocabulary import OptionalRule


def check_schedule(context: SetupContext) -> Iterator[Problem]:
    """SCN006 for events given by date and time after the scenario's last turn ends.

    The schema check (SCN006) catches turn numbers past the last turn and times before the
    start; only the turn clock knows when the last turn ends, so that case is checked here,
    under the same code.
    """
    state = context.state
    scenario = state.scenario
    end = state.clock.end
    scheduled: list[tuple[ModelPath, Sequence[Scheduled]]] = [
        (("reinforcements",), scenario.reinforcements),
        (("withdrawals",), scenario.withdrawals),
        (("releases",), scenario.releases),
        (("air", "changes"), scenario.air.changes),
    ]
    for path, events in scheduled:
        for number, event in enumerate(events):
            if event.at is not None and event.at >= end:
                yield Problem(
                    Severity.WARNING,
                    "SCN006",
                    f"{path[0]} '{event.id}' is at {event.at:%Y-%m-%d %H:%M}, after the "
                    f"scenario's last turn (turn {state.clock.last_turn} ends "
                    f"{end:%Y-%m-%d %H:%M}), so it never happens",
                    path=(*path, number, "at"),
                    hex=event.hex if isinstance(event, Reinforcement) else None,
                    object_id=event.id,
                )


def check_weather_dates(context: SetupContext) -> Iterator[Problem]:
    """SETUP022: Programmed Weather is on and the first weather row is dated after the start.

    A row applies from its date until the next row's [000 11.0], so only the first row can leave
    days uncovered; the engine then uses the first row (see `Climate.row_for`), which the
    designer may not expect.
    """
    state = context.state
    weather = state.weather_file
    if weather is None or not weather.rows:
        return
    if not state.is_rule_on(OptionalRule.PROGRAMMED_WEATHER):
        return
    first = min(row.date for row in weather.rows)
    start = state.clock.start
    if first > start.date():
        yield Problem(
            Severity.WARNING,
            "SETUP022",
            f"Programmed Weather is on but the weather file '{weather.name}' starts on "
            f"{first:%Y-%m-%d}, after the scenario's start on {start:%Y-%m-%d}; the days "
            "before use its first row [000 11.0]",
            path=("files", "weather"),
        )

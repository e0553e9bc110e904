"""A scenario's schedule as a timeline: every placement, reinforcement, release, withdrawal,
A/I order, air change and unit becoming Fixed later on the turn it happens, filed under the
organization it concerns, and which units are on the map at a chosen turn, certainly or by
chance."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from engine.panzer_campaigns.ai_orders import clock_turn_of
from engine.panzer_campaigns.clock import TurnClock
from engine.panzer_campaigns.weather import Climate
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.scenario import Header, ScenarioFile, ScheduledUnits
from schemas.panzer_campaigns.scheduled import Scheduled
from schemas.panzer_campaigns.weather import WeatherFile, WeatherRow
from schemas.problems import ModelPath
from schemas.vocabulary import OptionalRule


class EventKind(StrEnum):
    """What a timeline event is."""

    PLACED = "placed"
    REINFORCEMENT = "reinforcement"
    RELEASE = "release"
    WITHDRAWAL = "withdrawal"
    AI_ORDER = "ai_order"
    AIR = "air"
    FIXED = "fixed"
    """A placed unit becomes Fixed on a later turn (`fixed_from_turn`) [000 4.6]."""


MOVABLE = frozenset(
    {
        EventKind.REINFORCEMENT,
        EventKind.RELEASE,
        EventKind.WITHDRAWAL,
        EventKind.AI_ORDER,
        EventKind.AIR,
    }
)
"""The kinds a designer may move in time: the scheduled ones (a placement is turn 1 by
definition)."""


@dataclass(frozen=True, slots=True)
class TimelineEvent:
    """One scheduled item on one track. `path` is the item in the scenario file (the same item
    shows on every track it concerns); `units` how many units it moves on this track."""

    kind: EventKind
    turn: int
    track: str
    """An organization id, or a side's value for side-wide tracks (air)."""
    path: ModelPath
    item_id: str
    probability: int = 100
    units: int = 0
    by_time: bool = False
    """Scheduled by date and time rather than by turn number."""
    detail: str = ""


def scheduled_turn(clock: TurnClock, event: Scheduled) -> int | None:
    """The turn a scheduled item happens on, as the engine reads it (`GameState.turn_of`):
    its turn number, or the turn in progress at its date and time; None outside the game."""
    if event.turn is not None:
        return event.turn if event.turn <= clock.last_turn else None
    assert event.at is not None
    return clock.turn_at(event.at)


def _tracks_of(index: OobIndex, event: ScheduledUnits) -> dict[str, int]:
    """The organizations whose track shows a scheduled event, with how many of the event's
    units each holds: a named organization itself; a named unit under its parent."""
    tracks: dict[str, int] = defaultdict(int)
    for organization in event.organizations:
        tracks[organization] += sum(1 for _ in index.iter_units_under(organization))
    for unit in event.units:
        entry = index.units.get(unit)
        if entry is not None and entry.parent is not None:
            tracks[entry.parent] += 1
    return dict(tracks)


def timeline_events(
    scenario: ScenarioFile, index: OobIndex, clock: TurnClock
) -> list[TimelineEvent]:
    """Every event of the scenario on its tracks; items outside the game's turns are left
    out (the setup checks report them)."""
    events: list[TimelineEvent] = []
    placed: dict[str, int] = defaultdict(int)
    for placement in scenario.placements:
        entry = index.units.get(placement.unit)
        if entry is not None and entry.parent is not None:
            placed[entry.parent] += 1
    for organization, count in placed.items():
        events.append(
            TimelineEvent(EventKind.PLACED, 1, organization, ("placements",), "", units=count)
        )
    for number, placement in enumerate(scenario.placements):
        entry = index.units.get(placement.unit)
        turn = placement.fixed_from_turn
        if entry is None or entry.parent is None or turn is None or turn > clock.last_turn:
            continue
        events.append(
            TimelineEvent(
                EventKind.FIXED,
                turn,
                entry.parent,
                ("placements", number),
                placement.unit,
                units=1,
                detail="halted until released, assaulted or spotted",
            )
        )
    kinds = (
        (EventKind.REINFORCEMENT, "reinforcements", scenario.reinforcements),
        (EventKind.WITHDRAWAL, "withdrawals", scenario.withdrawals),
    )
    for kind, field, items in kinds:
        for number, item in enumerate(items):
            turn = scheduled_turn(clock, item)
            if turn is None:
                continue
            chance = getattr(item, "probability", 100)
            for track, count in _tracks_of(index, item).items():
                events.append(
                    TimelineEvent(
                        kind,
                        turn,
                        track,
                        (field, number),
                        item.id,
                        chance,
                        count,
                        item.at is not None,
                    )
                )
    for number, release in enumerate(scenario.releases):
        turn = scheduled_turn(clock, release)
        if turn is not None:
            detail = "rolled daily" if release.daily else ""
            events.append(
                TimelineEvent(
                    EventKind.RELEASE,
                    turn,
                    release.organization,
                    ("releases", number),
                    release.id,
                    release.probability,
                    by_time=release.at is not None,
                    detail=detail,
                )
            )
    turn_of_order = clock_turn_of(clock)
    for group_number, group in enumerate(scenario.ai.organizations):
        for number, order in enumerate(group.orders):
            turn = turn_of_order(order)
            if turn is not None:
                path = ("ai", "organizations", group_number, "orders", number)
                events.append(
                    TimelineEvent(
                        EventKind.AI_ORDER,
                        turn,
                        group.organization,
                        path,
                        order.id,
                        by_time=order.at is not None,
                        detail=order.stance.value,
                    )
                )
    for number, change in enumerate(scenario.air.changes):
        turn = scheduled_turn(clock, change)
        if turn is not None:
            events.append(
                TimelineEvent(
                    EventKind.AIR,
                    turn,
                    change.side.value,
                    ("air", "changes", number),
                    change.id,
                    change.availability,
                    by_time=change.at is not None,
                )
            )
    return events


@dataclass(frozen=True, slots=True)
class Presence:
    """Which units are on the map at a turn: `certain` surely; `probable` maps each unit whose
    arrival is left to chance to the chance it has arrived by then."""

    certain: frozenset[str]
    probable: dict[str, float]


def _units_of(index: OobIndex, event: ScheduledUnits) -> Iterable[str]:
    yield from (unit for unit in event.units if unit in index.units)
    for organization in event.organizations:
        yield from index.iter_units_under(organization)


def presence_at(scenario: ScenarioFile, index: OobIndex, clock: TurnClock, turn: int) -> Presence:
    """The units on the map during `turn`, before anything is lost in play.

    Placed units are there from turn 1. A reinforcement is due from its turn on and, as
    `engine.panzer_campaigns.arrivals.process_arrivals` rolls it, comes on with its probability p
    once per
    player turn of its side until it arrives [000 3.3, 4.7]: by turn t it has arrived with
    chance 1 - (1 - p)^(t - due + 1). Decision: a unit both placed and scheduled counts as
    placed (the setup check flags the double booking). A withdrawal due on or before `turn`
    takes its units away [000 4.7] (the engine removes them at their side's first player turn
    on or after it, so during that turn they are shown gone).
    """
    chance: dict[str, float] = {}
    for placement in scenario.placements:
        if placement.unit in index.units:
            chance[placement.unit] = 1.0
    for reinforcement in scenario.reinforcements:
        due = scheduled_turn(clock, reinforcement)
        if due is None or due > turn:
            continue
        p = reinforcement.probability / 100
        arrived = 1.0 - (1.0 - p) ** (turn - due + 1)
        for unit in _units_of(index, reinforcement):
            chance[unit] = max(chance.get(unit, 0.0), arrived)
    for withdrawal in scenario.withdrawals:
        due = scheduled_turn(clock, withdrawal)
        if due is not None and due <= turn:
            for unit in _units_of(index, withdrawal):
                chance.pop(unit, None)
    certain = frozenset(unit for unit, value in chance.items() if value >= 1.0)
    probable = {unit: value for unit, value in chance.items() if 0.0 < value < 1.0}
    return Presence(certain, probable)


def weather_days(
    header: Header, weather_file: WeatherFile | None, clock: TurnClock
) -> list[tuple[int, int, WeatherRow]]:
    """(first turn, last turn, programmed weather row) of each run of days under one row, read
    as the weather roll reads it (`engine.panzer_campaigns.weather.Climate.row_for`: the last row
    dated on or
    before the day) [000 11.0]; empty when the weather is not programmed (no weather file or
    the Programmed Weather rule off), the days then being drawn from the header's ranges."""
    if weather_file is None or OptionalRule.PROGRAMMED_WEATHER not in header.optional_rules:
        return []
    climate = Climate((header.conditions,), 1, 1, tuple(weather_file.rows))
    days: list[tuple[int, int, WeatherRow]] = []
    for turn in clock.iter_turns():
        row = climate.row_for(clock.time_of(turn).date())
        if row is None:
            continue
        if days and days[-1][2] is row:
            days[-1] = (days[-1][0], turn, row)
        else:
            days.append((turn, turn, row))
    return days

"""Self-checks of a scenario that need none of its title's other files: the day schedule,
ranges, victory levels, optional rules, ids and scheduled events."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from schemas.panzer_campaigns.checks._shared import duplicate_ids
from schemas.panzer_campaigns.scenario import (
    ExitObjective,
    LimitedObjective,
    ObjectiveBase,
    PhasePeriod,
    ScenarioFile,
    ScheduledUnits,
)
from schemas.panzer_campaigns.scheduled import Scheduled
from schemas.problems import ModelPath, Problem, error, info, warning
from schemas.vocabulary import OPTIONAL_RULES_BY_RULESET, OptionalRule

_DAY = 24 * 60


def check_scenario_header(scenario: ScenarioFile) -> list[Problem]:
    """Self-checks of a scenario that need none of its title's other files."""
    problems: list[Problem] = []
    header = scenario.header
    problems.extend(_check_schedule(scenario))

    if not header.visibility_min <= header.visibility <= header.visibility_max:
        problems.append(
            error(
                "SCN003",
                f"visibility {header.visibility} lies outside the range "
                f"{header.visibility_min}-{header.visibility_max}",
                path=("header", "visibility"),
            )
        )
    if header.conditions not in header.conditions_allowed:
        problems.append(
            error(
                "SCN003",
                f"starting conditions '{header.conditions.value}' are not among conditions_allowed",
                path=("header", "conditions"),
            )
        )
    levels = header.victory.levels
    if not levels.major_allied > levels.minor_allied > levels.minor_axis > levels.major_axis:
        problems.append(
            error(
                "SCN004",
                "victory levels must run major_allied > minor_allied > minor_axis > major_axis",
                path=("header", "victory", "levels"),
            )
        )
    known = OPTIONAL_RULES_BY_RULESET[header.ruleset]
    for number, rule in enumerate(header.optional_rules):
        if rule not in known:
            problems.append(
                warning(
                    "SCN005",
                    f"optional rule '{rule.value}' is not a rule of {header.ruleset.value}",
                    path=("header", "optional_rules", number),
                )
            )
    if OptionalRule.PROGRAMMED_WEATHER in header.optional_rules and scenario.files.weather is None:
        problems.append(
            error(
                "SCN008", "programmed weather is on but files.weather is not set", path=("files",)
            )
        )

    collections: dict[str, Sequence[ObjectiveBase | Scheduled]] = {
        "objectives": scenario.objectives,
        "reinforcements": scenario.reinforcements,
        "withdrawals": scenario.withdrawals,
        "releases": scenario.releases,
    }
    for name, items in collections.items():
        problems.extend(
            duplicate_ids(((item.id, (name, n, "id")) for n, item in enumerate(items)), name[:-1])
        )
    problems.extend(
        duplicate_ids(
            ((s.id, ("supply", "sources", n, "id")) for n, s in enumerate(scenario.supply.sources)),
            "supply source",
        )
    )
    problems.extend(
        duplicate_ids(
            (
                (v.id, ("supply", "variations", n, "id"))
                for n, v in enumerate(scenario.supply.variations)
            ),
            "supply variation",
        )
    )
    problems.extend(
        duplicate_ids(
            ((c.id, ("air", "changes", n, "id")) for n, c in enumerate(scenario.air.changes)),
            "air change",
        )
    )

    for number, variation in enumerate(scenario.supply.variations):
        if not variation.rail_capacity and not -100 <= variation.value <= 100:
            problems.append(
                error(
                    "SCHEMA004",
                    f"supply variation '{variation.id}' changes supply by {variation.value}%; "
                    "supply variations lie between -100 and 100 (rail capacity ones may be more)",
                    path=("supply", "variations", number, "value"),
                    object_id=variation.id,
                )
            )

    for number, objective in enumerate(scenario.objectives):
        where = ("objectives", number)
        if isinstance(objective, LimitedObjective):
            if objective.first_turn > objective.last_turn:
                problems.append(
                    error(
                        "SCN007",
                        f"limited objective '{objective.id}' runs from "
                        f"turn {objective.first_turn} to {objective.last_turn}",
                        path=(*where, "last_turn"),
                        object_id=objective.id,
                    )
                )
            if objective.last_turn > header.turns:
                problems.append(
                    warning(
                        "SCN006",
                        f"limited objective '{objective.id}' expires "
                        f"after turn {objective.last_turn}; the scenario has "
                        f"{header.turns} turns",
                        path=(*where, "last_turn"),
                        object_id=objective.id,
                    )
                )
        if objective.owner is None and not isinstance(objective, ExitObjective):
            problems.append(
                info(
                    "SCN009",
                    f"objective '{objective.id}' starts neutral; the "
                    "manuals only show owned objectives",
                    path=(*where, "owner"),
                    object_id=objective.id,
                )
            )
        if isinstance(objective, ExitObjective) and objective.owner is None:
            problems.append(
                error(
                    "SCHEMA002",
                    f"exit objective '{objective.id}' needs the side "
                    "whose units exit there (owner)",
                    path=(*where, "owner"),
                    object_id=objective.id,
                )
            )

    scheduled: list[tuple[str, Sequence[Scheduled]]] = [
        ("reinforcements", scenario.reinforcements),
        ("withdrawals", scenario.withdrawals),
        ("releases", scenario.releases),
        ("air", scenario.air.changes),
    ]
    for name, events in scheduled:
        for number, event in enumerate(events):
            path: ModelPath = (name, "changes", number) if name == "air" else (name, number)
            if event.turn is not None and event.turn > header.turns:
                problems.append(
                    warning(
                        "SCN006",
                        f"{name} '{event.id}' is on turn {event.turn}; "
                        f"the scenario has {header.turns} turns",
                        path=(*path, "turn"),
                        object_id=event.id,
                    )
                )
            if event.at is not None and event.at < header.start:
                problems.append(
                    warning(
                        "SCN006",
                        f"{name} '{event.id}' is at "
                        f"{event.at:%Y-%m-%d %H:%M}, before the scenario starts",
                        path=(*path, "at"),
                        object_id=event.id,
                    )
                )
    for number, placement in enumerate(scenario.placements):
        turn = placement.fixed_from_turn
        if turn is not None and turn > header.turns:
            problems.append(
                warning(
                    "SCN011",
                    f"unit '{placement.unit}' is to become Fixed on turn {turn}; "
                    f"the scenario has {header.turns} turns, so it never does [000 4.6]",
                    path=("placements", number, "fixed_from_turn"),
                    object_id=placement.unit,
                )
            )
    unit_events: tuple[tuple[str, Sequence[ScheduledUnits]], ...] = (
        ("reinforcements", scenario.reinforcements),
        ("withdrawals", scenario.withdrawals),
    )
    for name, events in unit_events:
        for number, event in enumerate(events):
            if not event.units and not event.organizations:
                problems.append(
                    warning(
                        "SCN010",
                        f"{name[:-1]} '{event.id}' names no units or organizations",
                        path=(name, number),
                        object_id=event.id,
                    )
                )
    return problems


def day_turn_starts(
    day_schedule: Sequence[PhasePeriod], minutes_per_turn: int, start: datetime | None = None
) -> tuple[list[tuple[int, int]], list[Problem]]:
    """Every turn start of one day as (minute of day, period number), from the first period on,
    and the problems (SCN001, SCN002) that keep a schedule or start time from defining turns.

    The schema checks report those problems; the engine's turn clock builds on the list.

    >>> day = [PhasePeriod(phase="day", start="06:00"),
    ...        PhasePeriod(phase="night", start="18:00", turn_minutes=360)]
    >>> day_turn_starts(day, 240)[0]
    [(360, 0), (600, 0), (840, 0), (1080, 1), (1440, 1)]
    """
    problems: list[Problem] = []
    for number, period in enumerate(day_schedule):
        if number and period.start <= day_schedule[number - 1].start:
            problems.append(
                error(
                    "SCN001",
                    "day_schedule periods must be in order of their start times",
                    path=("header", "day_schedule", number, "start"),
                )
            )
            return [], problems
    starts: list[tuple[int, int]] = []
    for number, period in enumerate(day_schedule):
        last = number + 1 == len(day_schedule)
        end = day_schedule[0].start + _DAY if last else day_schedule[number + 1].start
        length = period.turn_minutes or minutes_per_turn
        if (end - period.start) % length:
            problems.append(
                error(
                    "SCN001",
                    f"the {period.phase.value} period from "
                    f"{period.start // 60:02d}:{period.start % 60:02d} lasts "
                    f"{end - period.start} minutes, not a whole number of "
                    f"{length}-minute turns",
                    path=("header", "day_schedule", number),
                )
            )
        starts.extend((minute, number) for minute in range(period.start, end, length))
    if start is not None and not problems:
        start_minute = start.hour * 60 + start.minute
        if all(minute % _DAY != start_minute for minute, _ in starts):
            problems.append(
                error(
                    "SCN002",
                    f"the scenario starts at {start:%H:%M}, not "
                    "the start of a turn in the day schedule",
                    path=("header", "start"),
                )
            )
    return starts, problems


def _check_schedule(scenario: ScenarioFile) -> list[Problem]:
    header = scenario.header
    return day_turn_starts(header.day_schedule, header.minutes_per_turn, header.start)[1]

"""Consistency and reference checks that need no rules engine.

Each file kind has self-checks (a map's rows fit its size, weather rows add up to 100…) and a
scenario has cross-file checks against its map, OOB and parameters (ids resolve, hexes lie on
the map, each unit is placed at most once, parameters cover what is in use). Checks return
Problems with model paths; the caller turns paths into lines. They never raise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from schemas.map import CONNECTION_NONE, MapFile
from schemas.oob import OobFile, OrgLevel, Unit, UnitClass
from schemas.oob_index import OobIndex
from schemas.parameters import ParameterFile
from schemas.problems import ModelPath, Problem, error, format_path, info, warning
from schemas.scenario import (
    ExitObjective,
    LimitedObjective,
    Mode,
    ObjectiveBase,
    Reinforcement,
    ScenarioFile,
    Scheduled,
    ScheduledUnits,
    SurrenderObjective,
)
from schemas.vocabulary import (
    FATIGUE_MAX_BY_RULESET,
    OPTIONAL_RULES_BY_RULESET,
    MovementClass,
    OptionalRule,
)
from schemas.weather import WeatherFile

_CONNECTION_CHARS = frozenset(CONNECTION_NONE + "1234567")


def _duplicate_ids(items: Iterable[tuple[str, ModelPath]], what: str) -> Iterator[Problem]:
    seen: set[str] = set()
    for item_id, path in items:
        if item_id in seen:
            yield error(
                "ID001", f"{what} id '{item_id}' is used twice", path=path, object_id=item_id
            )
        seen.add(item_id)


# --- map ---------------------------------------------------------------------------------------


def check_map(map_file: MapFile) -> list[Problem]:
    """Self-checks of a map: legend, dense layers against the size, sparse features on the map."""
    problems: list[Problem] = []
    width, height = map_file.width, map_file.height

    for key, label in (("id", "terrain id"), ("code", "terrain code")):
        seen: set[str] = set()
        for number, terrain in enumerate(map_file.terrain):
            value = getattr(terrain, key)
            if value in seen:
                problems.append(
                    error(
                        "MAP006",
                        f"{label} '{value}' is already used by an earlier legend entry",
                        path=("terrain", number, key),
                    )
                )
            seen.add(value)
    ids = {t.id for t in map_file.terrain}
    for number, terrain in enumerate(map_file.terrain):
        if terrain.frozen_as is not None and terrain.frozen_as not in ids:
            problems.append(
                error(
                    "REF004",
                    f"frozen_as '{terrain.frozen_as}' is not a terrain id of the legend",
                    path=("terrain", number, "frozen_as"),
                )
            )

    codes = frozenset(t.code for t in map_file.terrain)
    rows = map_file.terrain_rows
    if len(rows) != height:
        problems.append(
            error(
                "MAP001",
                f"{len(rows)} terrain rows for a map {height} rows high",
                path=("terrain_rows",),
            )
        )
    for row_number, row in enumerate(rows):
        if len(row) != width:
            problems.append(
                error(
                    "MAP002",
                    f"terrain row {row_number} has {len(row)} hexes; the map is {width} wide",
                    path=("terrain_rows", row_number),
                )
            )
        unknown = set(row) - codes
        if unknown:
            column = min(row.index(ch) for ch in unknown)
            shown = ", ".join(repr(ch) for ch in sorted(unknown))
            problems.append(
                error(
                    "MAP003",
                    f"terrain row {row_number} uses code(s) {shown} not in "
                    f"the legend (first at column {column})",
                    path=("terrain_rows", row_number),
                    hex=(column, row_number),
                )
            )

    if map_file.elevation_rows:
        elevations = map_file.elevation_rows
        if len(elevations) != height:
            problems.append(
                error(
                    "MAP004",
                    f"{len(elevations)} elevation rows for a map {height} rows high",
                    path=("elevation_rows",),
                )
            )
        for row_number, row in enumerate(elevations):
            values = row.split()
            if len(values) != width:
                problems.append(
                    error(
                        "MAP004",
                        f"elevation row {row_number} has {len(values)} "
                        f"values; the map is {width} wide",
                        path=("elevation_rows", row_number),
                    )
                )
            elif not all(v.isdigit() or (v[:1] == "-" and v[1:].isdigit()) for v in values):
                problems.append(
                    error(
                        "MAP004",
                        f"elevation row {row_number} holds something other than whole metres",
                        path=("elevation_rows", row_number),
                    )
                )

    layers: list[tuple[ModelPath, str, list[str]]] = [
        (("connections", kind.value), kind.value, rows)
        for kind, rows in map_file.connections.items()
    ]
    if map_file.raised:
        layers.append((("raised",), "raised", map_file.raised))
    for path, name, rows in layers:
        if len(rows) != height:
            problems.append(
                error("MAP005", f"{name}: {len(rows)} rows for a map {height} rows high", path=path)
            )
        for row_number, row in enumerate(rows):
            if len(row) != width or not set(row) <= _CONNECTION_CHARS:
                problems.append(
                    error(
                        "MAP005",
                        f"{name} row {row_number} must be {width} characters of '.' or 1-7",
                        path=(*path, row_number),
                    )
                )
    problems.extend(_check_raised(map_file))

    for collection in ("hexsides", "crossings", "full_hex_features", "places"):
        for number, item in enumerate(getattr(map_file, collection)):
            problems.extend(_off_map(item.hex, width, height, (collection, number, "hex")))
    return problems


def _check_raised(map_file: MapFile) -> Iterator[Problem]:
    """Every raised link must lie on a road or rail link (bitwise: no geometry needed)."""
    if not map_file.raised:
        return
    layers = list(map_file.connections.values())
    for row_number, row in enumerate(map_file.raised):
        for column, digit in enumerate(row):
            if digit == CONNECTION_NONE or not digit.isdigit():
                continue
            carried = 0
            for layer in layers:
                if row_number < len(layer) and column < len(layer[row_number]):
                    other = layer[row_number][column]
                    carried |= int(other) if other.isdigit() else 0
            if int(digit) & ~carried:
                yield error(
                    "MAP007",
                    f"raised link at [{column}, {row_number}] where no road or railway runs",
                    path=("raised", row_number),
                    hex=(column, row_number),
                )


def _off_map(hex_: tuple[int, int], width: int, height: int, path: ModelPath) -> Iterator[Problem]:
    column, row = hex_
    if column >= width or row >= height:
        yield error(
            "HEX001",
            f"hex [{column}, {row}] is outside the {width}x{height} map",
            path=path,
            hex=hex_,
        )


# --- order of battle ---------------------------------------------------------------------------


def check_oob(oob: OobFile, index: OobIndex | None = None) -> list[Problem]:
    """Self-checks of an OOB: unique ids, nations, HQs, sides, contradictory unit flags."""
    index = index or OobIndex.from_oob(oob)
    problems = [
        error(
            "ID001",
            f"id '{node_id}' is used twice in the order of battle",
            path=path,
            object_id=node_id,
        )
        for node_id, path in index.duplicates
    ]
    sides = Counter(side.side for side in oob.sides)
    for number, side in enumerate(oob.sides):
        if sides[side.side] > 1:
            problems.append(
                error(
                    "ID001",
                    f"side '{side.side.value}' appears twice",
                    path=("sides", number, "side"),
                )
            )
            sides[side.side] = 1
    for node_id, org_entry in index.organizations.items():
        org = org_entry.organization
        if org.nation is not None and org.nation not in index.nations:
            problems.append(
                error(
                    "REF003",
                    f"organization '{node_id}' names nation "
                    f"'{org.nation}', which is not in the order of battle",
                    path=(*org_entry.path, "nation"),
                    object_id=node_id,
                )
            )
        if org.hq is None:
            continue
        hq = index.units.get(org.hq)
        if hq is None or hq.parent != node_id:
            problems.append(
                error(
                    "REF005",
                    f"HQ '{org.hq}' of '{node_id}' must be one of its direct child units",
                    path=(*org_entry.path, "hq"),
                    object_id=node_id,
                )
            )
        elif hq.unit.unit_class is not UnitClass.HEADQUARTERS or hq.unit.command_range <= 0:
            problems.append(
                warning(
                    "OOB001",
                    f"HQ '{org.hq}' of '{node_id}' should be of class "
                    "headquarters with a command range above 0",
                    path=(*hq.path, "command_range"),
                    object_id=org.hq,
                )
            )
    for node_id, unit_entry in index.units.items():
        unit = unit_entry.unit
        if unit.nation is not None and unit.nation not in index.nations:
            problems.append(
                error(
                    "REF003",
                    f"unit '{node_id}' names nation '{unit.nation}', "
                    "which is not in the order of battle",
                    path=(*unit_entry.path, "nation"),
                    object_id=node_id,
                )
            )
        problems.extend(_unit_contradictions(unit, unit_entry.path))
        if (
            unit.air is not None
            and unit.air.owner is not None
            and (unit.air.owner not in index.organizations)
        ):
            problems.append(
                error(
                    "REF002",
                    f"air unit '{node_id}' is owned by "
                    f"'{unit.air.owner}', which is not an organization",
                    path=(*unit_entry.path, "air", "owner"),
                    object_id=node_id,
                )
            )
    return problems


def _unit_contradictions(unit: Unit, path: ModelPath) -> Iterator[Problem]:
    def flag(field_name: str, message: str) -> Problem:
        return warning(
            "OOB002", f"unit '{unit.id}': {message}", path=(*path, field_name), object_id=unit.id
        )

    if unit.unit_class is UnitClass.AIR and unit.air is None:
        yield flag("air", "class air but no air profile")
    if unit.air is not None and unit.unit_class is not UnitClass.AIR:
        yield flag("unit_class", "has an air profile but is not of class air")
    if unit.naval and unit.movement_class is not MovementClass.NAVAL:
        yield flag("movement_class", "naval units move in the naval class")
    if unit.supply_unit and unit.supply_range == 0:
        yield flag("supply_range", "a supply unit needs a supply range above 0")
    if unit.indirect_fire and unit.soft_range < 2:
        yield flag("soft_range", "indirect fire with a range below 2 hexes")
    if (
        unit.bridge_engineer
        and not unit.engineer
        and (unit.engineering_vehicle.value != "bridge_layer")
    ):
        yield flag("bridge_engineer", "bridge engineers should also be engineers")
    if unit.command_range > 0 and unit.unit_class is not UnitClass.HEADQUARTERS:
        yield flag("command_range", "only HQs have a command range")


# --- weather -----------------------------------------------------------------------------------


def check_weather(weather: WeatherFile) -> list[Problem]:
    """Self-checks of programmed weather: date order, chances adding to 100, visibility range."""
    problems: list[Problem] = []
    previous = None
    for number, row in enumerate(weather.rows):
        if previous is not None and row.date <= previous:
            problems.append(
                error(
                    "WEATHER001",
                    f"row {number + 1} ({row.date}) does not follow the row before it ({previous})",
                    path=("rows", number, "date"),
                )
            )
        previous = row.date
        total = row.condition_total()
        if total != 100:
            problems.append(
                error(
                    "WEATHER002",
                    f"row {number + 1} ({row.date}): condition chances add up to {total}, not 100",
                    path=("rows", number),
                )
            )
        if row.visibility_min > row.visibility_max:
            problems.append(
                error(
                    "WEATHER003",
                    f"row {number + 1} ({row.date}): least visibility "
                    f"{row.visibility_min} exceeds maximum {row.visibility_max}",
                    path=("rows", number, "visibility_min"),
                )
            )
    return problems


# --- scenario on its own -----------------------------------------------------------------------


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
            _duplicate_ids(((item.id, (name, n, "id")) for n, item in enumerate(items)), name[:-1])
        )
    problems.extend(
        _duplicate_ids(
            ((s.id, ("supply", "sources", n, "id")) for n, s in enumerate(scenario.supply.sources)),
            "supply source",
        )
    )
    problems.extend(
        _duplicate_ids(
            (
                (v.id, ("supply", "variations", n, "id"))
                for n, v in enumerate(scenario.supply.variations)
            ),
            "supply variation",
        )
    )
    problems.extend(
        _duplicate_ids(
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


def _check_schedule(scenario: ScenarioFile) -> list[Problem]:
    header = scenario.header
    problems: list[Problem] = []
    periods = header.day_schedule
    for number, period in enumerate(periods):
        if number and period.start <= periods[number - 1].start:
            problems.append(
                error(
                    "SCN001",
                    "day_schedule periods must be in order of their start times",
                    path=("header", "day_schedule", number, "start"),
                )
            )
            return problems
    turn_starts: set[int] = set()
    for number, period in enumerate(periods):
        end = periods[number + 1].start if number + 1 < len(periods) else periods[0].start + 1440
        length = period.turn_minutes or header.minutes_per_turn
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
        turn_starts.update(t % 1440 for t in range(period.start, end, length))
    start_minute = header.start.hour * 60 + header.start.minute
    if not problems and start_minute not in turn_starts:
        problems.append(
            error(
                "SCN002",
                f"the scenario starts at {header.start:%H:%M}, not "
                "the start of a turn in the day schedule",
                path=("header", "start"),
            )
        )
    return problems


# --- scenario against its title ----------------------------------------------------------------


@dataclass
class CrossProblems:
    """Problems found by the cross-file checks, by the file they belong to."""

    scenario: list[Problem]
    parameters: list[Problem]


def check_scenario_references(
    scenario: ScenarioFile,
    map_file: MapFile,
    oob: OobFile,
    parameters: ParameterFile,
    index: OobIndex | None = None,
) -> CrossProblems:
    """Cross-file checks of a scenario against its map, OOB and parameters."""
    index = index or OobIndex.from_oob(oob)
    found: list[Problem] = []
    width, height = map_file.width, map_file.height

    def on_map(hex_: tuple[int, int], path: ModelPath) -> None:
        found.extend(_off_map(hex_, width, height, path))

    def unit_ref(unit_id: str, path: ModelPath) -> Unit | None:
        entry = index.units.get(unit_id)
        if entry is None:
            kind = "an organization" if unit_id in index.organizations else "not in the OOB"
            found.append(
                error("REF001", f"unit '{unit_id}' is {kind}", path=path, object_id=unit_id)
            )
            return None
        return entry.unit

    def org_ref(org_id: str, path: ModelPath) -> bool:
        if org_id not in index.organizations:
            kind = "a unit, not an organization" if org_id in index.units else "not in the OOB"
            found.append(
                error("REF002", f"organization '{org_id}' is {kind}", path=path, object_id=org_id)
            )
            return False
        return True

    ruleset = scenario.header.ruleset
    fatigue_max = FATIGUE_MAX_BY_RULESET[ruleset]
    placed_as: dict[str, str] = {}

    def claim(unit_id: str, path: ModelPath, how: str) -> None:
        earlier = placed_as.get(unit_id)
        if earlier is not None:
            found.append(
                error(
                    "PLACE001",
                    f"unit '{unit_id}' is {how} but is already {earlier}",
                    path=path,
                    object_id=unit_id,
                )
            )
        else:
            placed_as[unit_id] = how

    for number, placement in enumerate(scenario.placements):
        path: ModelPath = ("placements", number)
        on_map(placement.hex, (*path, "hex"))
        unit = unit_ref(placement.unit, (*path, "unit"))
        if unit is None:
            continue
        column, row = placement.hex
        claim(placement.unit, path, f"on the map at [{column}, {row}] ({format_path(path)})")
        for other_number, other in enumerate(placement.combined_with):
            if unit_ref(other, (*path, "combined_with", other_number)) is not None:
                claim(
                    other,
                    (*path, "combined_with", other_number),
                    f"combined into '{placement.unit}' ({format_path(path)})",
                )
        if placement.strength is not None and placement.strength > unit.strength:
            found.append(
                error(
                    "PLACE002",
                    f"unit '{unit.id}' starts at strength "
                    f"{placement.strength}, above its full strength {unit.strength}",
                    path=(*path, "strength"),
                    object_id=unit.id,
                )
            )
        if placement.fatigue > fatigue_max:
            found.append(
                error(
                    "PLACE002",
                    f"fatigue {placement.fatigue} exceeds the "
                    f"{ruleset.value} maximum of {fatigue_max}",
                    path=(*path, "fatigue"),
                    object_id=unit.id,
                )
            )
        if placement.mode is Mode.RAIL and unit.movement_class is MovementClass.NAVAL:
            found.append(
                error(
                    "PLACE002",
                    f"naval unit '{unit.id}' cannot be in Rail Mode",
                    path=(*path, "mode"),
                    object_id=unit.id,
                )
            )
        if unit.air is not None:
            found.append(
                error(
                    "PLACE002",
                    f"air unit '{unit.id}' cannot be placed on the map; list it under air.units",
                    path=(*path, "unit"),
                    object_id=unit.id,
                )
            )
        if placement.stockpiled and not unit.indirect_fire:
            found.append(
                warning(
                    "PLACE002",
                    f"unit '{unit.id}' starts stockpiled but has no indirect fire",
                    path=(*path, "stockpiled"),
                    object_id=unit.id,
                )
            )

    unit_events: tuple[tuple[str, Sequence[ScheduledUnits]], ...] = (
        ("reinforcements", scenario.reinforcements),
        ("withdrawals", scenario.withdrawals),
    )
    for name, events in unit_events:
        for number, event in enumerate(events):
            path = (name, number)
            if isinstance(event, Reinforcement):
                on_map(event.hex, (*path, "hex"))
            for unit_number, unit_id in enumerate(event.units):
                if unit_ref(unit_id, (*path, "units", unit_number)) and name == "reinforcements":
                    claim(unit_id, (*path, "units", unit_number), f"arriving as '{event.id}'")
            for org_number, org_id in enumerate(event.organizations):
                org_path = (*path, "organizations", org_number)
                if org_ref(org_id, org_path) and name == "reinforcements":
                    for unit_id in index.iter_units_under(org_id):
                        claim(unit_id, org_path, f"arriving with '{org_id}' as '{event.id}'")

    for number, release in enumerate(scenario.releases):
        org_ref(release.organization, ("releases", number, "organization"))
    for number, attachment in enumerate(scenario.attachments):
        path = ("attachments", number)
        if org_ref(attachment.organization, (*path, "organization")) and org_ref(
            attachment.attach_to, (*path, "attach_to")
        ):
            target = index.organizations[attachment.attach_to]
            level = (
                index.nations[target.nation].nation.attachment_level
                if (target.nation in index.nations)
                else OrgLevel.CORPS
            )
            if target.organization.level is not level:
                found.append(
                    warning(
                        "REF005",
                        f"'{attachment.attach_to}' is a "
                        f"{target.organization.level.value}; attachments go to "
                        f"{level.value}-level organizations [9.1]",
                        path=(*path, "attach_to"),
                    )
                )

    surrender_held: dict[str, list[tuple[int, bool]]] = {}
    for number, objective in enumerate(scenario.objectives):
        path = ("objectives", number)
        on_map(objective.hex, (*path, "hex"))
        if isinstance(objective, SurrenderObjective):
            nation = index.nations.get(objective.nation)
            if nation is None:
                found.append(
                    error(
                        "REF003",
                        f"nation '{objective.nation}' is not in the OOB",
                        path=(*path, "nation"),
                        object_id=objective.id,
                    )
                )
            elif not nation.nation.may_surrender:
                found.append(
                    error(
                        "REF005",
                        f"nation '{objective.nation}' may not surrender "
                        "(may_surrender is false in the OOB)",
                        path=(*path, "nation"),
                        object_id=objective.id,
                    )
                )
            else:
                surrender_held.setdefault(objective.nation, []).append(
                    (number, objective.owner is not None and objective.owner is not nation.side)
                )
        if isinstance(objective, ExitObjective):
            column, row = objective.hex
            if column not in (0, width - 1) and row not in (0, height - 1):
                found.append(
                    warning(
                        "HEX001",
                        f"exit objective '{objective.id}' is not on the map "
                        "edge, where exits are found [3.4]",
                        path=(*path, "hex"),
                        object_id=objective.id,
                    )
                )

    # [3.4] A nation surrenders when the enemy holds all its surrender objectives at the end of
    # a player turn, so starting with all of them in enemy hands ends that nation at once.
    for nation_id, held in surrender_held.items():
        if all(enemy_holds for _, enemy_holds in held):
            found.append(
                warning(
                    "REF005",
                    f"every surrender objective of '{nation_id}' starts in enemy hands; the "
                    "nation surrenders at the end of the first player turn [3.4]",
                    path=("objectives", held[0][0], "owner"),
                )
            )

    for number, source in enumerate(scenario.supply.sources):
        on_map(source.hex, ("supply", "sources", number, "hex"))
    overlays = scenario.overlays
    for name in (
        "minefields",
        "obstacles",
        "congestion",
        "bridges",
        "rubble",
        "rail_damage",
        "fortifications",
        "wrecks",
    ):
        for number, item in enumerate(getattr(overlays, name)):
            on_map(item.hex, ("overlays", name, number, "hex"))

    for number, unit_id in enumerate(scenario.air.units):
        unit = unit_ref(unit_id, ("air", "units", number))
        if unit is not None and unit.air is None:
            found.append(
                error(
                    "REF005",
                    f"'{unit_id}' in air.units is not an air unit",
                    path=("air", "units", number),
                    object_id=unit_id,
                )
            )
    for number, change in enumerate(scenario.air.changes):
        for unit_number, unit_id in enumerate(change.units):
            unit_ref(unit_id, ("air", "changes", number, "units", unit_number))

    return CrossProblems(
        scenario=found, parameters=check_parameter_coverage(map_file, oob, parameters, index)
    )


def check_parameter_coverage(
    map_file: MapFile, oob: OobFile, parameters: ParameterFile, index: OobIndex | None = None
) -> list[Problem]:
    """Movement costs must exist for every terrain, hexside and road class on the map and every
    movement class in the OOB."""
    index = index or OobIndex.from_oob(oob)
    classes = sorted(
        {e.unit.movement_class for e in index.units.values() if e.unit.air is None},
        key=list(MovementClass).index,
    )
    costs = parameters.movement
    problems: list[Problem] = []

    def need(table: str, key: str, row: dict[MovementClass, int] | None, what: str) -> None:
        if row is None:
            problems.append(
                error("PARAM001", f"no movement costs for {what} '{key}'", path=("movement", table))
            )
            return
        missing = [c.value for c in classes if c not in row]
        if missing:
            problems.append(
                error(
                    "PARAM001",
                    f"movement costs for {what} '{key}' lack the class(es) {', '.join(missing)}",
                    path=("movement", table, key),
                )
            )

    for terrain in map_file.terrain:
        need("terrain", terrain.id, costs.terrain.get(terrain.id), "terrain")
    for hexside in sorted({h.kind for h in map_file.hexsides}, key=lambda k: k.value):
        need("hexsides", hexside.value, costs.hexsides.get(hexside), "hexside")
    for connection in map_file.connections:
        need(
            "connections", connection.value, costs.connections.get(connection), "road or rail class"
        )
    return problems

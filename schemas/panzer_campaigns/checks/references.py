"""Cross-file checks of a scenario against its map, OOB and parameters: ids resolve, hexes lie
on the map, each unit is placed at most once, parameters cover what is in use."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from schemas.panzer_campaigns.checks._shared import off_map
from schemas.panzer_campaigns.checks.ai_orders import check_ai_orders
from schemas.panzer_campaigns.checks.unit_types import check_in_service
from schemas.panzer_campaigns.map import MapFile
from schemas.panzer_campaigns.oob import OobFile, OrgLevel, Unit
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.parameters import ParameterFile
from schemas.panzer_campaigns.scenario import (
    Mode,
    Overlays,
    Reinforcement,
    ScenarioFile,
    ScheduledUnits,
    SurrenderObjective,
)
from schemas.problems import ModelPath, Problem, error, format_path, warning
from schemas.vocabulary import FATIGUE_MAX_BY_RULESET, MovementClass


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

    def on_map(hex_: tuple[int, int], path: ModelPath, object_id: str | None = None) -> None:
        found.extend(off_map(hex_, width, height, path, object_id))

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
        on_map(placement.hex, (*path, "hex"), placement.unit)
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
        # A combined counter's full strength is that of all its companies [000 4.9].
        full = index.full_strength(unit.id, placement.combined_with)
        if placement.strength is not None and placement.strength > full:
            found.append(
                error(
                    "PLACE002",
                    f"unit '{unit.id}' starts at strength "
                    f"{placement.strength}, above its full strength {full}",
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
                on_map(event.hex, (*path, "hex"), event.id)
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
        on_map(objective.hex, (*path, "hex"), objective.id)
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
        on_map(source.hex, ("supply", "sources", number, "hex"), source.id)
    overlays = scenario.overlays
    for name in Overlays.model_fields:
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
    found.extend(check_ai_orders(scenario, index, width, height))
    if oob.unit_types:
        used = [*placed_as, *scenario.air.units]
        found.extend(check_in_service(oob, index, scenario.header.start.date(), used))

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

"""Self-checks of an order of battle: unique ids, nations, HQs and unit attributes that
contradict each other."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from schemas.panzer_campaigns.checks.unit_types import check_unit_types
from schemas.panzer_campaigns.oob import OobFile, Unit, UnitClass
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.problems import ModelPath, Problem, error, warning
from schemas.vocabulary import MovementClass


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
    problems.extend(check_unit_types(oob, index))
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

"""Checks of the title's unit types: units naming a type the OOB lacks, types no unit uses, and
types not in service on the scenario's date."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import date

from schemas.panzer_campaigns.oob import OobFile
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.unit_types import units_of_types
from schemas.problems import Problem, error, info, warning


def check_unit_types(oob: OobFile, index: OobIndex) -> list[Problem]:
    """Self-checks of an OOB's unit types: unique ids (ID001), every named type exists
    (OOB003), every type is used (OOB004, information only: a library may hold types for a
    later revision)."""
    problems: list[Problem] = []
    counts = Counter(unit_type.id for unit_type in oob.unit_types)
    used = units_of_types(index)
    for type_id, unit_ids in used.items():
        if type_id in counts:
            continue
        for unit_id in unit_ids:
            entry = index.units[unit_id]
            problems.append(
                error(
                    "OOB003",
                    f"unit '{unit_id}' names unit type '{type_id}', which is not in the "
                    "order of battle's unit types",
                    path=(*entry.path, "unit_type"),
                    object_id=unit_id,
                )
            )
    reported: set[str] = set()
    for number, unit_type in enumerate(oob.unit_types):
        path = ("unit_types", number)
        if counts[unit_type.id] > 1 and unit_type.id in reported:
            problems.append(
                error(
                    "ID001",
                    f"unit type id '{unit_type.id}' is used twice",
                    path=(*path, "id"),
                    object_id=unit_type.id,
                )
            )
        reported.add(unit_type.id)
        if unit_type.id not in used:
            problems.append(
                info(
                    "OOB004",
                    f"unit type '{unit_type.name}' ({unit_type.id}) is used by no unit",
                    path=(*path, "id"),
                    object_id=unit_type.id,
                )
            )
    return problems


def check_in_service(
    oob: OobFile, index: OobIndex, day: date, scenario_units: Iterable[str]
) -> list[Problem]:
    """A warning (OOB005, on the scenario's start) for each unit type with in-service dates
    that one of the scenario's units has while `day` lies outside them.

    The manuals give equipment no dates; the check is the designer's own research against
    the scenario's first day, on the units the scenario places or brings in, both dates
    inclusive. A unit withdrawn or arriving later in a long scenario is still checked
    against the first day: a type that enters service during the scenario is worth a look.
    """
    dated = {
        unit_type.id: unit_type
        for unit_type in oob.unit_types
        if unit_type.in_service_from is not None or unit_type.in_service_to is not None
    }
    if not dated:
        return []
    users: dict[str, list[str]] = {}
    for unit_id in scenario_units:
        entry = index.units.get(unit_id)
        if entry is not None and entry.unit.unit_type in dated:
            users.setdefault(entry.unit.unit_type, []).append(unit_id)
    problems = []
    for type_id, unit_ids in users.items():
        unit_type = dated[type_id]
        start, end = unit_type.in_service_from, unit_type.in_service_to
        if (start is None or start <= day) and (end is None or day <= end):
            continue
        span = f"{start.isoformat() if start else '…'} to {end.isoformat() if end else '…'}"
        more = len(unit_ids) - 3
        shown = ", ".join(unit_ids[:3]) + (f" and {more} more" if more > 0 else "")
        problems.append(
            warning(
                "OOB005",
                f"unit type '{unit_type.name}' ({type_id}) was in service {span}, not on "
                f"the scenario's date {day.isoformat()} (units {shown})",
                path=("header", "start"),
                object_id=type_id,
            )
        )
    return problems

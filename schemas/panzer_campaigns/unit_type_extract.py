"""Extract Unit Types: today's per-unit equipment values turned into the title's unit types.

Units with no type that share a type name and every equipment value (`TYPE_FIELDS`) become
units of one new type; a unit whose values are exactly those of a type the OOB already has
joins it. No unit's effective value changes, so the engine plays the title as before; only the
file gets shorter and an edit of a type reaches all its units. Used by the editor (one undo
step) and by `hexwright oob types extract`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from schemas.panzer_campaigns.oob import OobFile, OobNode, Organization, Unit, UnitType
from schemas.panzer_campaigns.unit_types import TYPE_FIELDS

MIN_UNITS = 2
"""How many units must share values before they become a type (a type of one saves nothing)."""

_SLUG = re.compile(r"[^a-z0-9]+")


@dataclass
class Extraction:
    """What an extraction made: the new OOB, the types it created and the units it typed."""

    oob: OobFile
    created: list[UnitType] = field(default_factory=list)
    typed: dict[str, str] = field(default_factory=dict)
    """Unit id -> the type id it now names."""
    by_unit: dict[int, str] = field(default_factory=dict)
    """The same by the unit model's identity (ids may be used twice in a broken OOB)."""

    def summary(self) -> str:
        """One line a designer reads: how many types and units."""
        joined = len(self.typed)
        return (
            f"{len(self.created)} unit types created, {joined} units now name a type"
            if joined
            else "no units share their equipment values: no unit types created"
        )


def _values(unit: Unit | UnitType) -> tuple[Any, ...]:
    return tuple(getattr(unit, name) for name in TYPE_FIELDS)


def _units(nodes: Iterable[OobNode]) -> Iterable[Unit]:
    for node in nodes:
        if isinstance(node, Organization):
            yield from _units(node.children)
        else:
            yield node


def _all_units(oob: OobFile) -> Iterable[Unit]:
    for side in oob.sides:
        for nation in side.nations:
            yield from _units(nation.organizations)


def _new_id(name: str, taken: set[str]) -> str:
    """An id for a type named `name`, unused so far.

    >>> _new_id("7.5 cm PaK 40", {"7_5_cm_pak_40"})
    '7_5_cm_pak_40-2'
    """
    base = _SLUG.sub("_", name.lower()).strip("_") or "type"
    if not base[0].isalnum():
        base = f"t{base}"
    base = base[:70]
    candidate, number = base, 1
    while candidate in taken:
        number += 1
        candidate = f"{base}-{number}"
    taken.add(candidate)
    return candidate


def _type_name(unit: Unit) -> str:
    return unit.type_name or unit.unit_class.value.replace("_", " ").capitalize()


def extract_unit_types(oob: OobFile, min_units: int = MIN_UNITS) -> Extraction:
    """Turn shared per-unit values into unit types (see the module's docstring)."""
    existing = {_values(unit_type): unit_type.id for unit_type in oob.unit_types}
    groups: dict[tuple[Any, ...], list[Unit]] = {}
    for unit in _all_units(oob):
        if unit.unit_type is None:
            groups.setdefault(_values(unit), []).append(unit)
    taken = {unit_type.id for unit_type in oob.unit_types}
    names = {unit_type.name for unit_type in oob.unit_types}
    result = Extraction(oob)
    for values, units in groups.items():
        type_id = existing.get(values)
        if type_id is None:
            if len(units) < min_units:
                continue
            name = _type_name(units[0])
            shown, number = name, 1
            if shown in names:
                # The same equipment as another class (an HQ's tanks) reads best by its class.
                shown = f"{name} ({units[0].unit_class.value.replace('_', ' ')})"
            while shown in names:
                number += 1
                shown = f"{name} ({number})"
            names.add(shown)
            created = UnitType.model_validate(
                {
                    "id": _new_id(name, taken),
                    "name": shown,
                    **dict(zip(TYPE_FIELDS, values, strict=True)),
                }
            )
            result.created.append(created)
            type_id = created.id
        for unit in units:
            result.typed[unit.id] = type_id
            result.by_unit[id(unit)] = type_id
    if result.typed:
        result.oob = _with_types(oob, result)
    return result


def _with_types(oob: OobFile, result: Extraction) -> OobFile:
    def nodes(items: list[OobNode]) -> list[OobNode]:
        out: list[OobNode] = []
        for node in items:
            if isinstance(node, Organization):
                out.append(node.model_copy(update={"children": nodes(node.children)}))
            elif id(node) in result.by_unit:
                out.append(node.model_copy(update={"unit_type": result.by_unit[id(node)]}))
            else:
                out.append(node)
        return out

    sides = [
        side.model_copy(
            update={
                "nations": [
                    nation.model_copy(update={"organizations": nodes(nation.organizations)})
                    for nation in side.nations
                ]
            }
        )
        for side in oob.sides
    ]
    return oob.model_copy(update={"unit_types": [*oob.unit_types, *result.created], "sides": sides})

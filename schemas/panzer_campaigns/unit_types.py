"""Unit types: which of a unit's values its type gives, and the one resolver of effective values.

A unit naming a type (`Unit.unit_type`) takes each equipment value (`TYPE_FIELDS`) from the
type unless it gives its own. The resolver runs once, on the raw data of the OOB file before it
is validated (`fill_inherited`), so the models hold effective values and every reader (the
engine, the checks, the OOB Table, export, the map) reads a unit's fields as before, at no
cost per read. Saving leaves out of a typed unit the values equal to its type's
(`leave_out_inherited`), so the file keeps only the overrides. A value equal to the type's is
therefore inherited and one that differs is an override: editing a type changes the units whose
value was the type's, and no other (`follow_type`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from schemas.panzer_campaigns.oob import OobFile, Unit, UnitType
    from schemas.panzer_campaigns.oob_index import OobIndex
    from schemas.problems import ModelPath

TYPE_FIELDS: tuple[str, ...] = (
    "type_name",
    "unit_class",
    "component",
    "speed",
    "movement_class",
    "hard_attack",
    "hard_range",
    "soft_attack",
    "soft_range",
    "assault",
    "aa_attack",
    "aa_range",
    "defense",
    "hard_target",
    "indirect_fire",
    "artillery_kind",
    "towed",
    "self_propelled",
    "anti_tank",
    "aa_kind",
)
"""The equipment values a unit type gives its units, in the Unit panel's order. Strength,
quality, size, command and the special abilities stay the unit's own: two battalions of the
same equipment differ in them."""

_TYPE_SET = frozenset(TYPE_FIELDS)

_REQUIRED_UNLESS_TYPED = ("unit_class", "speed")


def typed_unit_json_schema(schema: dict[str, Any]) -> None:
    """The JSON Schema of a unit: class and speed are required only of a unit with no type."""
    required = [name for name in schema.get("required", []) if name not in _REQUIRED_UNLESS_TYPED]
    schema["required"] = required
    schema["if"] = {"not": {"required": ["unit_type"]}}
    schema["then"] = {"required": list(_REQUIRED_UNLESS_TYPED)}


# Loading ----------------------------------------------------------------------------------------


def fill_inherited(data: Any) -> Any:
    """The raw OOB data with each typed unit given its type's values where it has none.

    Data without unit types is returned as it is (the same object), so a title without types
    pays one dictionary look-up. A unit naming an unknown type is left as written: the OOB
    checks report it (OOB003), and its missing class or speed are schema errors.
    """
    if not isinstance(data, dict):
        return data
    raw_types = data.get("unit_types")
    if not raw_types or not isinstance(raw_types, list):
        return data
    types = {
        raw["id"]: {k: v for k, v in raw.items() if k in _TYPE_SET}
        for raw in raw_types
        if isinstance(raw, dict) and isinstance(raw.get("id"), str)
    }
    if not types:
        return data
    sides = data.get("sides")
    if not isinstance(sides, list):
        return data
    return {**data, "sides": [_fill_side(side, types) for side in sides]}


def _fill_side(side: Any, types: dict[str, dict[str, Any]]) -> Any:
    if not isinstance(side, dict) or not isinstance(side.get("nations"), list):
        return side
    nations = [
        {**nation, "organizations": _fill_nodes(nation["organizations"], types)}
        if isinstance(nation, dict) and isinstance(nation.get("organizations"), list)
        else nation
        for nation in side["nations"]
    ]
    return {**side, "nations": nations}


def _fill_nodes(nodes: list[Any], types: dict[str, dict[str, Any]]) -> list[Any]:
    filled: list[Any] = []
    for raw in nodes:
        node = raw
        if isinstance(node, dict):
            children = node.get("children")
            if isinstance(children, list):
                node = {**node, "children": _fill_nodes(children, types)}
            if node.get("kind") == "unit":
                given = types.get(node.get("unit_type"))  # type: ignore[arg-type]
                node = with_type_values(node, given)
        filled.append(node)
    return filled


def with_type_values(unit: dict[str, Any], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """A unit's data with its type's values (`given`, by field) where the unit gives none: the
    one resolver of inherited values, for a loaded file and an imported row alike."""
    return unit if given is None else {**given, **unit}


# Saving -----------------------------------------------------------------------------------------


def _plain(value: Any, json: bool) -> Any:
    return value.value if json and isinstance(value, Enum) else value


def leave_out_inherited(oob: OobFile, data: dict[str, Any], *, json: bool) -> dict[str, Any]:
    """The dumped OOB with each typed unit keeping only the values that differ from its type's
    (an override equal to a field's default is written too, or the type's would return)."""
    types = {unit_type.id: unit_type for unit_type in oob.unit_types}
    for side, side_data in zip(oob.sides, data.get("sides", []), strict=False):
        for nation, nation_data in zip(side.nations, side_data.get("nations", []), strict=False):
            nodes = nation_data.get("organizations")
            if nodes:
                _strip_nodes(nation.organizations, nodes, types, json)
    return data


def _strip_nodes(
    nodes: list[Any], dumped: list[dict[str, Any]], types: dict[str, UnitType], json: bool
) -> None:
    for position, (node, node_data) in enumerate(zip(nodes, dumped, strict=False)):
        if node.kind == "organization":
            children = node_data.get("children")
            if children:
                _strip_nodes(node.children, children, types, json)
            continue
        unit_type = types.get(node.unit_type) if node.unit_type is not None else None
        if unit_type is None:
            continue
        kept: dict[str, Any] = {}
        for name in type(node).model_fields:
            if name in _TYPE_SET:
                value = getattr(node, name)
                if value != getattr(unit_type, name):
                    kept[name] = _plain(value, json)
            elif name in node_data:
                kept[name] = node_data[name]
        dumped[position] = kept


# Reading ----------------------------------------------------------------------------------------


def type_values(unit_type: UnitType) -> dict[str, Any]:
    """The equipment values a type gives its units."""
    return {name: getattr(unit_type, name) for name in TYPE_FIELDS}


def overridden(unit: Unit, unit_type: UnitType) -> list[str]:
    """The fields in which a unit of the type gives its own value, in `TYPE_FIELDS` order."""
    return [name for name in TYPE_FIELDS if getattr(unit, name) != getattr(unit_type, name)]


def type_by_id(oob: OobFile) -> dict[str, UnitType]:
    """The OOB's unit types by id."""
    return {unit_type.id: unit_type for unit_type in oob.unit_types}


def units_of_types(index: OobIndex) -> dict[str, list[str]]:
    """The ids of the units naming each type id (unknown ids included), in OOB order."""
    found: dict[str, list[str]] = {}
    for unit_id, entry in index.units.items():
        if entry.unit.unit_type is not None:
            found.setdefault(entry.unit.unit_type, []).append(unit_id)
    return found


def follow_type(
    index: OobIndex, type_id: str, old: UnitType, new: UnitType
) -> Iterator[tuple[ModelPath, Any]]:
    """The unit fields to set when type `type_id` changes from `old` to `new`: each unit of the
    type whose value was the old type's (inherited) takes the new one; overrides stay."""
    changed = [name for name in TYPE_FIELDS if getattr(old, name) != getattr(new, name)]
    if not changed:
        return
    for entry in index.units.values():
        unit = entry.unit
        if unit.unit_type != type_id:
            continue
        for name in changed:
            if getattr(unit, name) == getattr(old, name):
                yield (*entry.path, name), getattr(new, name)


def adopt_type(unit: Unit, unit_type: UnitType) -> dict[str, Any]:
    """The fields that make `unit` a plain unit of the type: its id and every equipment value
    the type gives (an assigned type replaces the unit's own values; overrides come after)."""
    given = type_values(unit_type)
    values = {name: value for name, value in given.items() if getattr(unit, name) != value}
    if unit.unit_type != unit_type.id:
        values["unit_type"] = unit_type.id
    return values

"""The undoable edits of unit types: a type's value (its units following), a type assigned to
units, a unit's value reverted to its type's, types extracted, added and deleted. Each is one
undo step; the rules of what follows what are `schemas.unit_types`'."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from editor.commands import EditFile, ReplaceFile
from editor.document import Document
from editor.model_paths import validate_at
from schemas.io import FileKind
from schemas.oob import OobFile, UnitType
from schemas.oob_index import OobIndex
from schemas.problems import ModelPath
from schemas.unit_type_extract import Extraction, extract_unit_types
from schemas.unit_types import TYPE_FIELDS, adopt_type, follow_type, type_by_id, units_of_types


def type_row(oob: OobFile, type_id: str) -> int | None:
    """The position of a type in the OOB's list, or None."""
    for number, unit_type in enumerate(oob.unit_types):
        if unit_type.id == type_id:
            return number
    return None


def set_type_value(document: Document, type_id: str, field: str, value: Any, label: str) -> bool:
    """Set one value of a type; every unit of the type inheriting it follows, in one undo step.
    Raises `EditError` for a value the field refuses."""
    oob = document.oob
    row = type_row(oob, type_id)
    if row is None:
        return False
    path: ModelPath = ("unit_types", row, field)
    value = validate_at(oob, path, value)
    old = oob.unit_types[row]
    if getattr(old, field) == value:
        return False
    command = EditFile(document, FileKind.OOB, f"Set Unit Type {label}")
    command.set(path, value, validate=False)
    new = command.root.unit_types[row]
    index = document.oob_index
    if field in TYPE_FIELDS:
        for unit_path, unit_value in follow_type(index, type_id, old, new):
            command.set(unit_path, unit_value, validate=False)
    elif field == "id":
        # A rename never breaks a reference: the units name the type by its new id.
        for unit_id in units_of_types(index).get(type_id, []):
            command.set((*index.units[unit_id].path, "unit_type"), value, validate=False)
    document.push(command)
    return True


def adopt_into(command: EditFile, index: OobIndex, unit_id: str, type_id: str | None) -> bool:
    """Add to `command` the steps that make a unit one of type `type_id` (its values become the
    type's) or, with None, a unit of no type keeping its values. False for an unknown type."""
    entry = index.units[unit_id]
    if type_id is None:
        if entry.unit.unit_type is not None:
            command.set((*entry.path, "unit_type"), None, validate=False)
        return True
    unit_type = type_by_id(command.root).get(type_id)
    if unit_type is None:
        return False
    for name, value in adopt_type(entry.unit, unit_type).items():
        command.set((*entry.path, name), value, validate=False)
    return True


def assign_type(document: Document, unit_ids: Sequence[str], type_id: str | None) -> bool:
    """Give the units a type (their equipment values become the type's) or take theirs away
    (they keep their values as their own), as one undo step."""
    index = document.oob_index
    noun = "Units" if len(unit_ids) > 1 else "Unit"
    text = f"Assign Unit Type to {noun}" if type_id else f"Clear Unit Type of {noun}"
    command = EditFile(document, FileKind.OOB, text)
    for unit_id in unit_ids:
        if unit_id in index.units and not adopt_into(command, index, unit_id, type_id):
            return False
    document.push(command)
    return not command.is_empty


def revert_to_type(document: Document, unit_ids: Sequence[str], fields: Iterable[str]) -> bool:
    """Set the fields of the units to their type's values (ending the overrides), one undo
    step; units of no type are left alone."""
    index = document.oob_index
    types = type_by_id(document.oob)
    wanted = list(fields)
    command = EditFile(document, FileKind.OOB, "Revert Unit to Type")
    for unit_id in unit_ids:
        entry = index.units.get(unit_id)
        unit_type = types.get(entry.unit.unit_type or "") if entry is not None else None
        if entry is None or unit_type is None:
            continue
        for name in wanted:
            value = getattr(unit_type, name)
            if getattr(entry.unit, name) != value:
                command.set((*entry.path, name), value, validate=False)
    document.push(command)
    return not command.is_empty


def extract_types(document: Document) -> Extraction:
    """Extract Unit Types on the open OOB, one undo step (nothing when no units share)."""
    extraction = extract_unit_types(document.oob)
    if extraction.typed:
        document.push(ReplaceFile(document, FileKind.OOB, extraction.oob, "Extract Unit Types"))
    return extraction


def new_type_from_unit(document: Document, unit_id: str) -> str | None:
    """A new type with the unit's equipment values, given to the unit; its id, or None."""
    index = document.oob_index
    entry = index.units.get(unit_id)
    if entry is None:
        return None
    unit = entry.unit
    taken = {unit_type.id for unit_type in document.oob.unit_types}
    base = f"{unit.id}.type"
    type_id, number = base, 1
    while type_id in taken:
        number += 1
        type_id = f"{base}-{number}"
    name = unit.type_name or unit.name
    unit_type = UnitType.model_validate(
        {"id": type_id, "name": name, **{f: getattr(unit, f) for f in TYPE_FIELDS}}
    )
    command = EditFile(document, FileKind.OOB, "Add Unit Type")
    command.insert(("unit_types",), len(document.oob.unit_types), [unit_type])
    command.set((*entry.path, "unit_type"), type_id, validate=False)
    document.push(command)
    return type_id


def delete_type(document: Document, type_id: str) -> bool:
    """Delete a type; its units keep their values as their own. One undo step."""
    row = type_row(document.oob, type_id)
    if row is None:
        return False
    index = document.oob_index
    command = EditFile(document, FileKind.OOB, "Delete Unit Type")
    for unit_id in units_of_types(index).get(type_id, []):
        command.set((*index.units[unit_id].path, "unit_type"), None, validate=False)
    command.remove(("unit_types",), row)
    document.push(command)
    return True

"""The undoable edits of unit types: a type's value (its units following), a type assigned to
units, a unit's value reverted to its type's, types extracted, added and deleted. Each is one
undo step; the rules of what follows what are `schemas.panzer_campaigns.unit_types`'."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from editor.commands import EditFile, ReplaceFile
from editor.document import Change, ChangeAction, Document
from editor.model_paths import get_at, replace_at, validate_at
from schemas.io import FileKind
from schemas.panzer_campaigns.oob import OobFile, UnitType
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.unit_type_extract import Extraction, extract_unit_types
from schemas.panzer_campaigns.unit_types import (
    TYPE_FIELDS,
    adopt_type,
    follow_type,
    type_by_id,
    units_of_types,
)
from schemas.problems import ModelPath

MANY = 20
"""Above this many unit fields, an edit replaces the tree in one step rather than one step per
field (835 units of one type on the benchmark title: 9 ms instead of a quarter of a second)."""


def set_fields(command: EditFile, steps: Iterable[tuple[ModelPath, Any]]) -> None:
    """Add already-validated field values to `command`: one step each when they are few, one
    step for the whole changed subtree when they are many."""
    pairs = list(steps)
    if len(pairs) <= MANY:
        for path, value in pairs:
            command.set(path, value, validate=False)
        return
    prefix = list(pairs[0][0][:-1])
    for path, _value in pairs[1:]:
        while tuple(path[: len(prefix)]) != tuple(prefix):
            prefix.pop()
    root = command.root
    subtree = get_at(root, tuple(prefix))
    depth = len(prefix)
    updated = replace_many(subtree, [(tuple(path[depth:]), value) for path, value in pairs])
    command.step(
        Change(command.kind, tuple(prefix), ChangeAction.SET),
        replace_at(root, tuple(prefix), updated),
    )


def replace_many(root: Any, updates: Sequence[tuple[ModelPath, Any]]) -> Any:
    """A copy of `root` with every `(path, value)` replaced, each subtree copied once and
    untouched ones shared.

    >>> replace_many([[1, 2], [3]], [((0, 1), 9), ((1, 0), 8)])
    [[1, 9], [8]]
    """
    direct: dict[Any, Any] = {}
    deeper: dict[Any, list[tuple[ModelPath, Any]]] = {}
    for path, value in updates:
        if len(path) == 1:
            direct[path[0]] = value
        else:
            deeper.setdefault(path[0], []).append((path[1:], value))
    if isinstance(root, list):
        copy = list(root)
        for key, value in direct.items():
            copy[key] = value
        for key, below in deeper.items():
            copy[key] = replace_many(root[key], below)
        return copy
    update = dict(direct)
    for key, below in deeper.items():
        update[key] = replace_many(getattr(root, key), below)
    return root.model_copy(update=update)


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
        set_fields(command, follow_type(index, type_id, old, new))
    elif field == "id":
        # A rename never breaks a reference: the units name the type by its new id.
        users = units_of_types(index).get(type_id, [])
        set_fields(command, [((*index.units[u].path, "unit_type"), value) for u in users])
    document.push(command)
    return True


def adoption(
    oob: OobFile, index: OobIndex, unit_id: str, type_id: str | None
) -> list[tuple[ModelPath, Any]] | None:
    """The fields to set to make a unit one of type `type_id` (or of none); None for an
    unknown type."""
    entry = index.units[unit_id]
    if type_id is None:
        return [((*entry.path, "unit_type"), None)] if entry.unit.unit_type is not None else []
    unit_type = type_by_id(oob).get(type_id)
    if unit_type is None:
        return None
    return [((*entry.path, n), v) for n, v in adopt_type(entry.unit, unit_type).items()]


def assign_type(document: Document, unit_ids: Sequence[str], type_id: str | None) -> bool:
    """Give the units a type (their equipment values become the type's) or take theirs away
    (they keep their values as their own), as one undo step."""
    index = document.oob_index
    noun = "Units" if len(unit_ids) > 1 else "Unit"
    text = f"Assign Unit Type to {noun}" if type_id else f"Clear Unit Type of {noun}"
    command = EditFile(document, FileKind.OOB, text)
    steps: list[tuple[ModelPath, Any]] = []
    for unit_id in unit_ids:
        if unit_id in index.units:
            found = adoption(document.oob, index, unit_id, type_id)
            if found is None:
                return False
            steps.extend(found)
    set_fields(command, steps)
    document.push(command)
    return not command.is_empty


def revert_to_type(document: Document, unit_ids: Sequence[str], fields: Iterable[str]) -> bool:
    """Set the fields of the units to their type's values (ending the overrides), one undo
    step; units of no type are left alone."""
    index = document.oob_index
    types = type_by_id(document.oob)
    wanted = list(fields)
    command = EditFile(document, FileKind.OOB, "Revert Unit to Type")
    steps: list[tuple[ModelPath, Any]] = []
    for unit_id in unit_ids:
        entry = index.units.get(unit_id)
        unit_type = types.get(entry.unit.unit_type or "") if entry is not None else None
        if entry is None or unit_type is None:
            continue
        for name in wanted:
            value = getattr(unit_type, name)
            if getattr(entry.unit, name) != value:
                steps.append(((*entry.path, name), value))
    set_fields(command, steps)
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
    users = units_of_types(index).get(type_id, [])
    set_fields(command, [((*index.units[u].path, "unit_type"), None) for u in users])
    command.remove(("unit_types",), row)
    document.push(command)
    return True

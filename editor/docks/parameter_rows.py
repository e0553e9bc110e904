"""What the Parameter Data dock shows, without Qt: its groups, the rows of each property table
with their units and descriptions, and how a typed value becomes an edit of the file."""

from __future__ import annotations

import types
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from editor.model_paths import EditError, get_at, validate_at
from schemas.panzer_campaigns.parameters import MovementCosts, ParameterFile
from schemas.problems import ModelPath
from schemas.vocabulary import PerSide

GRID_TABLES = ("terrain", "hexsides", "connections", "condition_modifiers")
"""The movement tables shown as a grid of row keys by movement class."""

_MISSING: Any = object()


@dataclass(frozen=True, slots=True)
class Group:
    """One page of the dock: a movement grid or a table of properties."""

    key: str
    title: str
    path: ModelPath
    """Where its values live in the ParameterFile."""
    grid: str | None = None
    """The movement table of a grid page, one of GRID_TABLES."""
    fields: tuple[str, ...] | None = None
    """The fields of the section a property page shows; None = all of them."""

    @property
    def description(self) -> str:
        """What the page holds, from the file format's documentation."""
        if self.grid is not None:
            return MovementCosts.model_fields[self.grid].description or ""
        if not self.path:
            return "The name of the parameter set and notes for modders."
        if self.fields is not None:
            return "Climbing, fords, ZOC, night movement and breakdowns [000 4.1-4.5]."
        section = ParameterFile.model_fields[str(self.path[0])].annotation
        return (getattr(section, "__doc__", "") or "").split("\n\n")[0].replace("\n", " ")


_MOVEMENT_OTHER = tuple(
    name
    for name, field in MovementCosts.model_fields.items()
    if get_origin(field.annotation) is not dict
)

GROUPS: tuple[Group, ...] = (
    Group("movement.terrain", "Movement: terrain", ("movement", "terrain"), grid="terrain"),
    Group("movement.hexsides", "Movement: hexsides", ("movement", "hexsides"), grid="hexsides"),
    Group(
        "movement.connections",
        "Movement: roads and rail",
        ("movement", "connections"),
        grid="connections",
    ),
    Group(
        "movement.conditions",
        "Movement: ground conditions",
        ("movement", "condition_modifiers"),
        grid="condition_modifiers",
    ),
    Group("movement.other", "Movement: other", ("movement",), fields=_MOVEMENT_OTHER),
    *(
        Group(name, name.capitalize(), (name,))
        for name in (
            "stacking",
            "combat",
            "fortifications",
            "engineering",
            "obstacles",
            "supply",
            "air",
            "deception",
            "spotting",
            "recovery",
        )
    ),
    Group("general", "Parameter set", (), fields=("name", "description")),
)


def group_of(path: ModelPath) -> Group | None:
    """The group that shows the value at `path` (a Problem's or a Focus's path)."""
    if not path:
        return None
    if path[0] == "movement":
        for group in GROUPS:
            if group.grid is not None and len(path) > 1 and path[1] == group.grid:
                return group
        return next(g for g in GROUPS if g.key == "movement.other")
    for group in GROUPS:
        if group.path and group.path[0] == path[0]:
            return group
    return GROUPS[-1] if path[0] in ("name", "description") else None


# Labels ---------------------------------------------------------------------------------------

_LABELS = {
    "zoc_multiplier": "ZOC multiplier",
    "elevation_per_100m": "Climbing per 100 m",
    "at_ditch": "AT ditch",
    "low_combat_value": "Low combat value (LCV)",
    "high_combat_value": "High combat value (HCV)",
    "assault_low_combat_value": "Assault LCV",
    "assault_high_combat_value": "Assault HCV",
    "improved_position": "Improved position (IP)",
    "counterbattery": "Counterbattery",
}


def label_of(key: object) -> str:
    """A field name or table key as a designer reads it: `max_stacking` -> `Max stacking`."""
    text = key.value if isinstance(key, Enum) else str(key)
    return _LABELS.get(text) or text.replace("_", " ").capitalize()


def unit_of(field: FieldInfo) -> str:
    """The field's unit (`x-unit` of the JSON Schema), or "" for a plain number or text."""
    extra = field.json_schema_extra
    unit = extra.get("x-unit") if isinstance(extra, dict) else None
    return str(unit) if unit else ""


def choices_of(annotation: Any) -> tuple[str, ...]:
    """The values an enum, Literal or union of them allows; () for a free value."""
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return tuple(str(member.value) for member in annotation)
    origin = get_origin(annotation)
    if origin is Literal:
        return tuple(str(value) for value in get_args(annotation))
    if origin in (Union, types.UnionType):
        return tuple(value for member in get_args(annotation) for value in choices_of(member))
    return ()


# Property rows -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ParameterRow:
    """One line of a property table: a value, or a pair of values per side."""

    label: str
    path: ModelPath
    """The value's path; for a per-side row the path of the pair (`allied`/`axis` below it)."""
    description: str
    unit: str
    per_side: bool = False
    choices: tuple[str, ...] = ()
    multiline: bool = False

    @property
    def name(self) -> str:
        """The value's key in the file, e.g. `combat.indirect_modifier`."""
        return ".".join(part.value if isinstance(part, Enum) else str(part) for part in self.path)

    def value_paths(self) -> tuple[ModelPath, ...]:
        """The paths of the values the row shows: one, or Allied then Axis."""
        if self.per_side:
            return ((*self.path, "allied"), (*self.path, "axis"))
        return (self.path,)

    def matches(self, text: str) -> bool:
        """Whether a search for `text` (lower case) finds this row."""
        return any(text in part.lower() for part in (self.label, self.name, self.description))


def property_rows(group: Group, parameters: ParameterFile) -> list[ParameterRow]:
    """The rows of a property group, in the file format's field order."""
    section: BaseModel = get_at(parameters, group.path) if group.path else parameters
    rows: list[ParameterRow] = []
    for name, field in type(section).model_fields.items():
        if group.fields is not None and name not in group.fields:
            continue
        if group.fields is None and name == "format_version":
            continue
        rows.extend(_field_rows((*group.path, name), field, getattr(section, name)))
    return rows


def _field_rows(path: ModelPath, field: FieldInfo, value: Any) -> list[ParameterRow]:
    name = str(path[-1])
    description = field.description or ""
    annotation = field.annotation
    if isinstance(annotation, type) and issubclass(annotation, PerSide):
        return [ParameterRow(label_of(name), path, description, unit_of(field), per_side=True)]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        # A small record such as a fortification: one row per value, named after both.
        return [
            ParameterRow(
                f"{label_of(name)}: {label_of(sub).lower()}",
                (*path, sub),
                f"{description} {sub_field.description or ''}".strip(),
                unit_of(sub_field),
            )
            for sub, sub_field in annotation.model_fields.items()
        ]
    if get_origin(annotation) is dict:
        key_type = get_args(annotation)[0]
        is_enum = isinstance(key_type, type) and issubclass(key_type, Enum)
        keys: list[Any] = list(key_type) if is_enum else []
        keys += sorted(k for k in value if k not in keys)
        # Percent-valued tables without an x-unit (availability by visibility) are in %.
        unit = unit_of(field) or "%"
        if key_type is int:
            return [
                ParameterRow(
                    f"{label_of(name)} at {key} {'hex' if key == 1 else 'hexes'}",
                    (*path, key),
                    description,
                    unit,
                )
                for key in keys
            ]
        return [
            ParameterRow(
                f"{label_of(name)}: {label_of(key).lower()}", (*path, key), description, unit
            )
            for key in keys
        ]
    return [
        ParameterRow(
            label_of(name),
            path,
            description,
            unit_of(field),
            choices=choices_of(annotation),
            multiline=name == "description",
        )
    ]


# Values and edits ----------------------------------------------------------------------------


def lookup(root: Any, path: ModelPath) -> Any:
    """The value at `path`, or MISSING where a table has no entry (or there is no root)."""
    if root is None:
        return _MISSING
    try:
        return get_at(root, path)
    except (KeyError, IndexError, AttributeError):
        return _MISSING


def is_missing(value: Any) -> bool:
    """Whether `lookup` found no value."""
    return value is _MISSING


def format_value(value: Any) -> str:
    """A value as the tables show and edit it."""
    if value is _MISSING or value is None:
        return ""
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def plan_edit(root: BaseModel, path: ModelPath, text: str) -> tuple[ModelPath, Any]:
    """The (path, value) to set so that the value at `path` becomes `text`, validated.

    A table entry that does not exist yet is added to its table (or the table to its parent);
    an empty text removes a table entry. Raises EditError with a readable message.
    """
    text = text.strip()
    depth = len(path)
    while depth and is_missing(lookup(root, path[:depth])):
        depth -= 1
    if depth == len(path):
        parent = lookup(root, path[:-1]) if path else None
        if not text and isinstance(parent, dict):
            return _without(root, path)
        try:
            return path, validate_at(root, path, text)
        except EditError:
            if text:
                raise
            # An empty optional value (a storm chance) is "none given".
            return path, validate_at(root, path, None)
    if not text:
        return path, _MISSING  # nothing to remove
    container = get_at(root, path[:depth])
    if not isinstance(container, dict):
        raise EditError(f"{'.'.join(map(str, path))}: no such value")
    entry: Any = text
    for key in reversed(path[depth + 1 :]):
        entry = {key: entry}
    return path[:depth], validate_at(root, path[:depth], {**container, path[depth]: entry})


def _without(root: BaseModel, path: ModelPath) -> tuple[ModelPath, Any]:
    """Remove a table entry; a table left empty inside another table goes too."""
    parent_path, key = path[:-1], path[-1]
    parent = {k: v for k, v in get_at(root, parent_path).items() if k != key}
    grand = lookup(root, parent_path[:-1]) if len(parent_path) > 1 else None
    if not parent and isinstance(grand, dict):
        return _without(root, parent_path)
    return parent_path, validate_at(root, parent_path, parent)


def plan_is_noop(root: BaseModel, plan: tuple[ModelPath, Any]) -> bool:
    """Whether applying the plan would leave the file as it is."""
    path, value = plan
    return is_missing(value) or lookup(root, path) == value

"""The generic part of the diff: two versions of a model compared field by field, lists of
things with a stable id paired by that id, each difference one `Change` with its field's unit
(`measured(unit=…)` in the schema, inherited by the values of a per-side or per-class table).

A `Rule` per list says what pairs its items (`id`, `unit`, `organization`, `date`) and how a
designer names one item; lists without a rule and without ids are compared as sets of records.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from pydantic import BaseModel

from schemas.diffing.changes import Change, Place
from schemas.diffing.names import Names

Label = Callable[[Any, Names], str]


@dataclass(frozen=True)
class Rule:
    """How the items of one list are paired and named; `within` names an item of a list inside
    another list's item from its own name and its owner's ("A/I order x of 2. Panzer-Division")."""

    key: str
    label: Label
    within: Callable[[str, str], str] | None = None


_SIDES = {"allied", "axis"}


class Key(str):
    """A dict key in a field's trail (a side, a movement class), shown in brackets."""

    __slots__ = ()


@dataclass
class Walk:
    """One comparison under way: the file kind, its rules, names, and the changes found."""

    kind: str
    names: Names
    rules: dict[tuple[str, ...], Rule] = field(default_factory=dict)
    sections: dict[str, str] = field(default_factory=dict)
    skip: frozenset[str] = frozenset()
    """Top-level fields compared elsewhere (the map's dense rows)."""
    changes: list[Change] = field(default_factory=list)

    def section(self, top: str) -> str:
        """The section a top-level field's changes are listed under."""
        return self.sections.get(top) or top.replace("_", " ").capitalize()

    def model(self, old: BaseModel, new: BaseModel, subject: str, top: str | None = None) -> None:
        """Compare two models field by field (the root when `top` is None)."""
        self._fields(old, new, At(subject, (), (), top or "", None), root=top is None)

    def _fields(self, old: BaseModel, new: BaseModel, at: At, root: bool = False) -> None:
        if type(old) is not type(new):
            self._changed(at, _kind_of(old), _kind_of(new))
            return
        for name, info in type(old).model_fields.items():
            if root and name in self.skip:
                continue
            before, after = getattr(old, name), getattr(new, name)
            if before == after:
                continue
            extra = info.json_schema_extra
            own = extra.get("x-unit") if isinstance(extra, dict) else None
            # A per-side value reads as "max stacking (axis)", as a table's key does.
            per_side = name in _SIDES and set(type(old).model_fields) <= _SIDES
            inner = at.into(name, own if isinstance(own, str) else at.unit, keyed=per_side)
            self._value(before, after, replace(inner, top=at.top or name))

    def _value(self, old: Any, new: Any, at: At) -> None:
        rule = self.rules.get(_shape(at.path))
        if isinstance(old, BaseModel) and isinstance(new, BaseModel):
            self._fields(old, new, at)
        elif isinstance(old, dict) and isinstance(new, dict):
            for key in [*old, *(k for k in new if k not in old)]:
                if old.get(key) != new.get(key):
                    inner = at.into(key, at.unit, keyed=True)
                    if key in old and key in new:
                        self._value(old[key], new[key], inner)
                    else:
                        self._changed(inner, old.get(key), new.get(key))
        elif rule is not None and isinstance(old, list) and isinstance(new, list):
            self._keyed(old, new, rule, at)
        elif (
            isinstance(old, list)
            and isinstance(new, list)
            and any(isinstance(v, BaseModel) for v in (*old, *new))
        ):
            self._records(old, new, at)
        else:
            self._changed(at, old, new)

    def _keyed(self, old: list[Any], new: list[Any], rule: Rule, at: At) -> None:
        before = {getattr(item, rule.key): item for item in old}
        after = {getattr(item, rule.key): (i, item) for i, item in enumerate(new)}
        section = self.section(at.top)
        for key, item in before.items():
            if key not in after:
                self.changes.append(
                    Change(
                        self.kind,
                        section,
                        "removed",
                        rule.label(item, self.names),
                        hex=_hex(item),
                        unit_id=_unit_id(item),
                        path=at.path,
                    )
                )
        for key, (index, item) in after.items():
            subject = rule.label(item, self.names)
            if rule.within is not None:
                subject = rule.within(subject, at.subject)
            if key not in before:
                self.changes.append(
                    Change(
                        self.kind,
                        section,
                        "added",
                        subject,
                        hex=_hex(item),
                        unit_id=_unit_id(item),
                        path=(*at.path, index),
                    )
                )
            elif before[key] != item:
                first = len(self.changes)
                self._fields(before[key], item, At(subject, (*at.path, index), (), at.top, None))
                self.changes[first:] = [_placed(c, item) for c in self.changes[first:]]

    def _records(self, old: Sequence[Any], new: Sequence[Any], at: At) -> None:
        """Lists of records without identity (hexsides, overlays, place names): what is new
        and what is gone, each named by its attributes."""
        kept = set(old)
        gained = set(new)
        noun = (at.trail[-1] if at.trail else at.top).replace("_", " ")
        noun = noun.removesuffix("s")
        for item in old:
            if item not in gained:
                self._record("removed", item, noun, at.path)
        for index, item in enumerate(new):
            if item not in kept:
                self._record("added", item, noun, (*at.path, index))

    def _record(self, action: str, item: Any, noun: str, path: Place) -> None:
        details = ", ".join(
            f"{k.replace('_', ' ')} {v}"
            for k, v in item.model_dump(mode="json", exclude={"hex"}).items()
            if v not in (None, False, "", [])
        )
        subject = noun.capitalize() + (f" ({details})" if details else "")
        self.changes.append(
            Change(
                self.kind, self.section(str(path[0])), action, subject, hex=_hex(item), path=path
            )
        )

    def _changed(self, at: At, old: Any, new: Any) -> None:
        trail = at.trail
        name = field_name(trail) or None
        is_hex = bool(trail) and trail[-1] == "hex" and _is_hex(old) and _is_hex(new)
        self.changes.append(
            Change(
                self.kind,
                self.section(at.top),
                "moved" if is_hex else "changed",
                at.subject,
                field=None if is_hex else name,
                old=_named(old, trail, self.names),
                new=_named(new, trail, self.names),
                unit=at.unit,
                hex=(new[0], new[1]) if is_hex else None,
                path=at.path,
            )
        )


@dataclass(frozen=True)
class At:
    """Where the comparison stands: the thing's name, the model path, the field names inside
    the thing, the top-level field (its section) and the unit inherited from a measured field."""

    subject: str
    path: Place
    trail: tuple[str, ...]
    top: str
    unit: str | None

    def into(self, name: str | Any, unit: str | None, keyed: bool = False) -> At:
        """One field (or, `keyed`, one dict key) deeper."""
        part = Key(_plain_key(name)) if keyed else str(name)
        return replace(self, path=(*self.path, name), trail=(*self.trail, part), unit=unit)


def _plain_key(key: Any) -> str:
    value = getattr(key, "value", key)
    return str(value).replace("_", " ")


def field_name(trail: Sequence[str]) -> str:
    """A field's trail as a designer reads it: "max stacking (axis)", "terrain (forest, foot)"."""
    words: list[str] = []
    keys: list[str] = []
    for part in trail:
        if isinstance(part, Key):
            keys.append(part)
            continue
        if keys:
            words[-1] += f" ({', '.join(keys)})"
            keys = []
        words.append(part.replace("_", " "))
    if keys:
        if words:
            words[-1] += f" ({', '.join(keys)})"
        else:
            words.append(", ".join(keys))
    return " ".join(words)


def _placed(change: Change, item: Any) -> Change:
    """A change inside an item goes to the item's hex and unit when it has none of its own."""
    return replace(
        change,
        hex=change.hex if change.hex is not None else _hex(item),
        unit_id=change.unit_id or _unit_id(item),
    )


_ID_LISTS = {"units": "unit", "organizations": "organization", "combined_with": "unit"}


def _named(value: Any, trail: tuple[str, ...], names: Names) -> Any:
    """Ids in lists of units or organizations shown by name."""
    if isinstance(value, list) and trail and trail[-1] in _ID_LISTS:
        return [names.any(v) for v in value]
    if (
        trail
        and trail[-1] in ("organization", "attach_to", "hq", "owner")
        and isinstance(value, str)
    ):
        return names.any(value)
    if trail and trail[-1] == "objective" and isinstance(value, str):
        return names.objectives.get(value, value)
    if isinstance(value, Enum):
        return str(value.value).replace("_", " ")
    return value


def _shape(path: Place) -> tuple[str, ...]:
    return tuple(p for p in path if isinstance(p, str))


def _is_hex(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value)


def _hex(item: Any) -> tuple[int, int] | None:
    value: Any = getattr(item, "hex", None)
    return (value[0], value[1]) if _is_hex(value) else None


def _unit_id(item: Any) -> str | None:
    ident = getattr(item, "unit", None)
    if isinstance(ident, str):
        return ident
    if getattr(item, "kind", None) == "unit":
        return str(item.id)
    return None


def _kind_of(model: Any) -> Any:
    return getattr(model, "kind", type(model).__name__)

"""A unit type's edit as one change naming how many units follow it ("Unit type Panther
company: hard attack 30 → 32 (12 units follow, 1 overrides it)"), rather than one change per
unit: a unit of the type whose value moved from the old type's to the new type's only
followed its type (`schemas.panzer_campaigns.unit_types`), and is not listed on its own."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from schemas.diffing.changes import Change
from schemas.panzer_campaigns.unit_types import TYPE_FIELDS


class TypeEdits:
    """The unit types edited between two OOB versions, and the units that followed them."""

    def __init__(self, old: Any, new: Any) -> None:
        before = {unit_type.id: unit_type for unit_type in old.unit_types}
        self.new_ids = [unit_type.id for unit_type in new.unit_types]
        """The new version's type ids by position: a change's path names a type by its index."""
        self.edited: dict[str, tuple[Any, Any, list[str]]] = {}
        for unit_type in new.unit_types:
            was = before.get(unit_type.id)
            if was is None or was == unit_type:
                continue
            fields = [f for f in TYPE_FIELDS if getattr(was, f) != getattr(unit_type, f)]
            if fields:
                self.edited[unit_type.id] = (was, unit_type, fields)
        self.follow: Counter[tuple[str, str]] = Counter()
        self.keep: Counter[tuple[str, str]] = Counter()

    def followed(self, was: Any, now: Any) -> Any:
        """The old unit with the values it took from its edited type already taken, so only
        what the unit itself changed is left to report; counts who followed and who kept an
        override."""
        type_id = now.unit_type
        if type_id is None or was.unit_type != type_id or type_id not in self.edited:
            return was
        old_type, new_type, fields = self.edited[type_id]
        taken = {}
        for name in fields:
            before, after = getattr(was, name), getattr(now, name)
            if before == getattr(old_type, name) and after == getattr(new_type, name):
                taken[name] = after
                self.follow[type_id, name] += 1
            elif before == after:
                self.keep[type_id, name] += 1
        return was.model_copy(update=taken) if taken else was

    def told(self, changes: list[Change]) -> list[Change]:
        """The changes with each edited type value saying how many units follow it."""
        if not self.edited:
            return changes
        told = []
        for change in changes:
            path = change.path
            type_id = None
            if len(path) == 3 and path[0] == "unit_types" and change.action == "changed":
                type_id = self._type_at(path[1])
            if type_id in self.edited:
                assert type_id is not None
                told.append(replace(change, detail=self._followers(type_id, str(path[2]))))
            else:
                told.append(change)
        return told

    def _type_at(self, index: Any) -> str | None:
        ids = self.new_ids
        return ids[index] if isinstance(index, int) and 0 <= index < len(ids) else None

    def _followers(self, type_id: str, name: str) -> str:
        follow, keep = self.follow[type_id, name], self.keep[type_id, name]
        said = f"{follow} unit{'s' if follow != 1 else ''} follow{'' if follow != 1 else 's'}"
        if keep:
            said += f", {keep} override{'' if keep != 1 else 's'} it"
        return said

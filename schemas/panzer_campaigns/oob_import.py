"""What OOB import from a spreadsheet or an indented text shares: the result (new organizations
and units, and what was refused, by line), units built from text fields with pydantic's
reasons, fresh ids from names, and the grafting of the new nodes under an organization.
Qt-free, so `hexwright oob import` runs without the editor."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from schemas.panzer_campaigns.oob import Nation, OobFile, OobNode, Organization, Unit, UnitType
from schemas.panzer_campaigns.oob_cells import parse_cell
from schemas.panzer_campaigns.unit_types import TYPE_FIELDS, type_values, with_type_values

UNIT_FIELDS: tuple[str, ...] = tuple(
    n for n in Unit.model_fields if n not in ("kind", "air", "tags")
)
"""The unit fields a spreadsheet column or a `key=value` may set."""


@dataclass
class ImportResult:
    """New nodes to put under one organization, and a report line per refused entry."""

    nodes: list[OobNode] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """Refused entries, `file:line: field: reason`, in the order of the file."""
    notes: list[str] = field(default_factory=list)
    """What was taken but changed: an id already in use given a fresh one."""
    renamed: dict[str, str] = field(default_factory=dict)
    """Ids of the source given fresh ones, so an organization's `hq` follows its unit."""
    unit_types: dict[str, UnitType] = field(default_factory=dict)
    """The title's unit types by id, whose values a unit naming one takes where it gives none."""

    def counts(self) -> tuple[int, int]:
        """Organizations and units created."""
        organizations = units = 0
        for node in walk(self.nodes):
            if isinstance(node, Organization):
                organizations += 1
            else:
                units += 1
        return organizations, units

    def report(self) -> str:
        organizations, units = self.counts()
        lines = [f"{organizations} organizations and {units} units created"]
        lines += [f"  {n}" for n in self.notes]
        if self.problems:
            lines.append(f"{len(self.problems)} lines refused:")
            lines += [f"  {p}" for p in self.problems]
        return "\n".join(lines)


def walk(nodes: Iterable[OobNode]) -> Iterator[OobNode]:
    """Every node of the trees, parents before their children."""
    for node in nodes:
        yield node
        if isinstance(node, Organization):
            yield from walk(node.children)


def fresh_id(name: str, taken: set[str]) -> str:
    """An id made from a name (`I./SS-Pz.Rgt. 2` -> `i.ss-pz.rgt.2`), numbered when taken;
    added to `taken`."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    base = re.sub(r"[^a-z0-9_.\-]+", "", ascii_name.lower().replace(" ", "").replace("/", "."))
    base = re.sub(r"\.{2,}", ".", base).strip(".-_") or "unit"
    base = base[:72]
    candidate, number = base, 2
    while candidate in taken:
        candidate = f"{base}-{number}"
        number += 1
    taken.add(candidate)
    return candidate


def build_unit(
    values: Mapping[str, str],
    where: str,
    taken: set[str],
    result: ImportResult,
    *,
    unit_types: Mapping[str, UnitType] | None = None,
    guessed: Collection[str] = (),
) -> Unit | None:
    """A unit from text values by field name (`strength` -> `600`); its id made from its name
    when not given. None, with one report line per bad field naming `where` (file:line), when
    a value is refused.

    A unit naming one of `unit_types` takes the type's values for the fields the import leaves
    out, as a loaded file's unit does (`schemas.panzer_campaigns.unit_types.with_type_values`). The
    fields in
    `guessed` were read from the name's keywords, not written: the type's values win over them
    (a "Panzer" battalion of a Flak type is anti-aircraft). A type the title lacks refuses the
    unit: nothing would give it the values it leaves out."""
    problems = result.problems
    data: dict[str, Any] = {}
    bad = False
    for name, text in values.items():
        if name not in UNIT_FIELDS:
            problems.append(f"{where}: {name}: not a unit field")
            bad = True
            continue
        if text.strip() == "":
            continue
        try:
            data[name] = parse_cell(Unit, name, text)
        except ValueError as exc:
            problems.append(f"{where}: {name}: {exc}")
            bad = True
    if bad:
        return None
    type_id = data.get("unit_type")
    if type_id is not None:
        unit_type = (unit_types or {}).get(type_id)
        if unit_type is None:
            problems.append(f"{where}: unit_type: no unit type {type_id!r} in this title")
            return None
        own = {k: v for k, v in data.items() if k not in guessed or k not in TYPE_FIELDS}
        data = with_type_values(own, type_values(unit_type))
    explicit = data.get("id")
    if isinstance(explicit, str) and explicit not in taken:
        taken.add(explicit)
    else:
        data["id"] = fresh_id(str(data.get("name", "unit")), taken)
        if explicit is not None:
            result.notes.append(f"{where}: id: {explicit!r} is already used; given {data['id']!r}")
            result.renamed[str(explicit)] = data["id"]
    try:
        return Unit.model_validate(data)
    except ValidationError as exc:
        for error in exc.errors():
            name = ".".join(str(p) for p in error["loc"]) or "unit"
            message = "required" if error["type"] == "missing" else error["msg"]
            problems.append(f"{where}: {name}: {message}")
        taken.discard(data["id"])
        return None


def taken_ids(oob: OobFile) -> set[str]:
    """Every id the OOB already uses (units, organizations, nations)."""
    ids: set[str] = set()
    for side in oob.sides:
        for nation in side.nations:
            ids.add(nation.id)
            ids.update(node.id for node in walk(nation.organizations))
    return ids


def subtree(oob: OobFile, organization_id: str) -> Organization | None:
    """The organization with that id, wherever it stands."""
    for side in oob.sides:
        for nation in side.nations:
            for node in walk(nation.organizations):
                if isinstance(node, Organization) and node.id == organization_id:
                    return node
    return None


def graft(oob: OobFile, parent_id: str, nodes: list[OobNode]) -> OobFile:
    """The OOB with `nodes` appended to the children of organization (or nation) `parent_id`.
    Raises KeyError when there is no such organization or nation."""

    def into(children: list[OobNode]) -> tuple[list[OobNode], bool]:
        result: list[OobNode] = []
        found = False
        for node in children:
            kept: OobNode = node
            if isinstance(node, Organization) and not found:
                if node.id == parent_id:
                    kept = node.model_copy(update={"children": [*node.children, *nodes]})
                    found = True
                else:
                    grown, found = into(node.children)
                    if found:
                        kept = node.model_copy(update={"children": grown})
            result.append(kept)
        return result, found

    sides = []
    done = False
    for side in oob.sides:
        nations: list[Nation] = []
        for nation in side.nations:
            new = nation
            if not done and nation.id == parent_id:
                new = nation.model_copy(update={"organizations": [*nation.organizations, *nodes]})
                done = True
            elif not done:
                grown, done = into(nation.organizations)
                if done:
                    new = nation.model_copy(update={"organizations": grown})
            nations.append(new)
        sides.append(side.model_copy(update={"nations": nations}))
    if not done:
        raise KeyError(f"no organization or nation with id {parent_id!r}")
    return oob.model_copy(update={"sides": sides})

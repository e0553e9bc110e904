"""OOB to and from a spreadsheet (CSV or TSV): one row per unit, or per organization and unit
with a `kind` and a `parent` column, each column mapped to a unit field by its header or by
the designer's choice, and a preview of what the first rows become."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass

from pydantic import ValidationError

from schemas.panzer_campaigns.oob import OobNode, Organization, OrgLevel, Unit, UnitType
from schemas.panzer_campaigns.oob_cells import cell_text
from schemas.panzer_campaigns.oob_import import (
    UNIT_FIELDS,
    ImportResult,
    build_unit,
    fresh_id,
    walk,
)
from schemas.panzer_campaigns.oob_text import guess_level, guess_unit

STRUCTURE = ("kind", "parent", "organization", "level", "hq", "replacements")
"""Columns that place a row in the tree rather than set a unit field: `kind` (organization or
unit), `parent` (the id, in the file, of the organization above), `organization` (a name: units
with the same one are grouped under a new organization), and an organization's own fields."""
TARGETS = (*STRUCTURE, *UNIT_FIELDS)
"""What a column may become; "" ignores it."""
_ALIASES = {
    "class": "unit_class",
    "type": "type_name",
    "vp": "victory_points",
    "org": "organization",
}


@dataclass(frozen=True)
class Table:
    """A spreadsheet read as text: its header and rows, with each row's line in the file."""

    header: list[str]
    rows: list[tuple[int, list[str]]]


def read_table(text: str) -> Table:
    """The rows of a CSV or TSV text (tab, semicolon or comma, from the first line)."""
    first = text.split("\n", 1)[0]
    delimiter = "\t" if "\t" in first else ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    rows: list[tuple[int, list[str]]] = []
    header: list[str] = []
    for cells in reader:
        if not any(c.strip() for c in cells):
            continue
        if not header:
            header = [c.strip() for c in cells]
            continue
        rows.append((reader.line_num, cells))
    return Table(header, rows)


def default_mapping(header: list[str]) -> dict[str, str]:
    """Each header's field, matched by name, label (`Unit class`) or alias (`class`); ""
    for a header that matches none."""
    mapping = {}
    for name in header:
        key = name.strip().lower().replace(" ", "_").replace("-", "_")
        key = _ALIASES.get(key, key)
        mapping[name] = key if key in TARGETS else ""
    return mapping


def read_oob_csv(
    text: str,
    where: str,
    taken: set[str],
    mapping: Mapping[str, str] | None = None,
    unit_types: Mapping[str, UnitType] | None = None,
) -> ImportResult:
    """The organizations and units of a spreadsheet; `mapping` says what each header becomes
    (by default `default_mapping`). Ids in the file are kept when free; `parent` columns refer
    to the file's ids. A row naming one of the title's `unit_types` (a `unit_type` column)
    takes the type's values for the cells it leaves empty or has no column for. A refused row
    is reported with its line."""
    table = read_table(text)
    mapping = dict(mapping or default_mapping(table.header))
    result = ImportResult(unit_types=dict(unit_types or {}))
    organizations: dict[str, Organization] = {}  # the file's id -> the organization so far
    order: list[tuple[str | None, str | Unit]] = []  # (parent's file id, file id or unit)
    grouped: dict[str, str] = {}  # an `organization` column's name -> its file id
    for line, cells in table.rows:
        at = f"{where}:{line}"
        values: dict[str, str] = {}
        for header, cell in zip(table.header, cells, strict=False):
            target = mapping.get(header, "")
            if target and cell.strip():
                values[target] = cell.strip()
        parent = values.pop("parent", None)
        group = values.pop("organization", None)
        if group and not parent:
            if group not in grouped:
                grouped[group] = fresh_id(group, set(grouped.values()) | set(organizations))
                level = guess_level(group) or OrgLevel.REGIMENT
                organizations[grouped[group]] = Organization(
                    id=fresh_id(group, taken), name=group, level=level
                )
                order.append((None, grouped[group]))
            parent = grouped[group]
        if values.pop("kind", "unit").lower().startswith("org"):
            file_id = values.get("id") or values.get("name", "")
            try:
                organization = Organization.model_validate(
                    {
                        "id": file_id if file_id not in taken else fresh_id(file_id, taken),
                        "name": values.get("name", ""),
                        "level": values.get("level") or guess_level(values.get("name", "")),
                        "nation": values.get("nation"),
                        "replacements": values.get("replacements") or 0,
                        "hq": values.get("hq"),
                    }
                )
            except ValidationError as exc:
                for error in exc.errors():
                    result.problems.append(
                        f"{at}: {'.'.join(map(str, error['loc']))}: {error['msg']}"
                    )
                continue
            taken.add(organization.id)
            organizations[file_id] = organization
            order.append((parent, file_id))
            continue
        for key in ("level", "hq", "replacements"):
            values.pop(key, None)
        guesses = guess_unit(values.get("name", ""))
        unit_values = guesses | values
        if "type_name" in values:
            unit_values["name"] = values.get("name", "")
        guessed = set(guesses) - set(values)
        unit = build_unit(
            unit_values, at, taken, result, unit_types=result.unit_types, guessed=guessed
        )
        if unit is None:
            continue
        if parent is None or parent in organizations:
            order.append((parent, unit))
        else:
            result.problems.append(f"{at}: parent: no organization {parent!r} above this row")
    result.nodes = _assemble(organizations, order, result.problems, where, result.renamed)
    return result


def _assemble(
    organizations: dict[str, Organization],
    order: list[tuple[str | None, str | Unit]],
    problems: list[str],
    where: str,
    renamed: dict[str, str],
) -> list[OobNode]:
    """The tree: organizations and units in file order under their parents."""
    below: dict[str | None, list[str | Unit]] = {}
    for parent, item in order:
        below.setdefault(parent if parent in organizations else None, []).append(item)

    def node(item: str | Unit) -> OobNode:
        return item if isinstance(item, Unit) else make(item)

    def make(file_id: str) -> Organization:
        organization = organizations[file_id]
        kids = [node(k) for k in below.get(file_id, [])]
        ids = {k.id for k in kids}
        wanted = organization.hq
        wanted = renamed.get(wanted, wanted) if wanted else None
        hq = wanted if wanted in ids else None
        if organization.hq and hq is None:
            problems.append(f"{where}: hq: {organization.hq!r} is not a unit below {file_id!r}")
        return organization.model_copy(update={"children": kids, "hq": hq})

    return [node(k) for k in below.get(None, [])]


def write_oob_csv(nodes: list[OobNode], delimiter: str = ",") -> str:
    """The nodes as a spreadsheet `read_oob_csv` reads back to the same nodes: a row per
    organization and unit, parents first, with `kind` and `parent` columns. Tags and air
    profiles are not written."""
    header = ["kind", "parent", "level", "hq", "replacements", *UNIT_FIELDS]
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow(header)
    parents: dict[str, str] = {}
    for node in walk(nodes):
        if isinstance(node, Organization):
            for child in node.children:
                parents[child.id] = node.id
    for node in walk(nodes):
        row = {"parent": parents.get(node.id, "")}
        if isinstance(node, Organization):
            row |= {
                "kind": "organization",
                "id": node.id,
                "name": node.name,
                "level": node.level.value,
                "hq": node.hq or "",
                "replacements": str(node.replacements),
                "nation": node.nation or "",
            }
        else:
            assert isinstance(node, Unit)
            row |= {"kind": "unit"} | {f: cell_text(getattr(node, f)) for f in UNIT_FIELDS}
        writer.writerow([row.get(h, "") for h in header])
    return out.getvalue()


@dataclass(frozen=True)
class PreviewRow:
    """One row of the import preview: its line, its cells, and the problems it has."""

    line: int
    cells: list[str]
    problems: list[str]


def preview(
    text: str,
    mapping: Mapping[str, str],
    rows: int = 12,
    unit_types: Mapping[str, UnitType] | None = None,
) -> list[PreviewRow]:
    """The first rows as the import will read them (with the title's `unit_types`), with each
    row's problems, for the column-mapping dialog."""
    table = read_table(text)
    shown = []
    for line, cells in table.rows[:rows]:
        one = "\n".join([",".join(f'"{h}"' for h in table.header), _csv_line(cells)])
        result = read_oob_csv(one, "row", set(), mapping, unit_types)
        problems = [p.split(": ", 1)[-1] for p in result.problems]
        shown.append(PreviewRow(line, cells, problems))
    return shown


def _csv_line(cells: list[str]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(cells)
    return out.getvalue()

"""Text to OOB and back: one line per organization or unit, indentation for the hierarchy,
echelon and class read from keywords of the name ("2. SS-Panzer-Division", "Pz.Rgt. 2",
"I./Pz.Rgt. 2 (Panther)"), fields after a bar (`| strength=600 quality=B speed=6`).

A line with lines indented below it is an organization, any other line a unit (a `level=`
makes a lone line an organization). Fields written on an organization's line that are unit
fields are the defaults of every unit below it, so `Pz.Rgt. 2 | speed=10 quality=B` need not
be repeated on each battalion."""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field

from pydantic import ValidationError

from schemas.panzer_campaigns.oob import (
    Component,
    OobNode,
    Organization,
    OrgLevel,
    Unit,
    UnitClass,
    UnitSize,
    UnitType,
)
from schemas.panzer_campaigns.oob_cells import cell_text
from schemas.panzer_campaigns.oob_import import UNIT_FIELDS, ImportResult, build_unit, fresh_id

_ORG_FIELDS = ("id", "level", "nation", "hq", "replacements")
_ALIASES = {"class": "unit_class", "type": "type_name", "vp": "victory_points"}

_LEVELS: tuple[tuple[str, OrgLevel], ...] = (
    (r"^[ivx]+\./", OrgLevel.BATTALION),  # I./Pz.Rgt. 2: a battalion of a regiment
    (r"^\d+\./", OrgLevel.COMPANY),  # 5./Pz.Rgt. 2: a company
    (r"heeresgruppe|army group|\bfront\b", OrgLevel.ARMY_GROUP),
    (r"armee\b|\barmy\b", OrgLevel.ARMY),
    (r"korps|corps", OrgLevel.CORPS),
    (r"division|\bdiv\b", OrgLevel.DIVISION),
    (r"brigade|\bbde\b", OrgLevel.BRIGADE),
    (r"regiment|\brgt\b|\bregt\b|\bkampfgruppe\b|\bkgr?\b", OrgLevel.REGIMENT),
    (r"bataillon|battalion|\bbtl\b|\bbn\b|abteilung|\babt\b", OrgLevel.BATTALION),
    (r"kompanie|company|\bkp\b|\bco\b|batterie|battery|troop|schwadron", OrgLevel.COMPANY),
    (r"\bzug\b|platoon|\bplt\b", OrgLevel.PLATOON),
)
"""Echelon keywords of German, British and American names, the most telling first."""

_CLASSES: tuple[tuple[str, UnitClass], ...] = (
    (r"\bstab\b|\bhq\b|headquarters|kommand", UnitClass.HEADQUARTERS),
    (r"panzergrenadier|pz\.?\s*gren", UnitClass.MECHANIZED_INFANTRY),
    (
        r"panzerj[aä]e?ger|pz\.?\s*jg|jagdpanzer|anti-tank|\bpak\b|tank destroyer|\bat\b",
        UnitClass.ANTI_TANK,
    ),
    (r"granatwerfer|m[oö]e?rser|mortar", UnitClass.MORTAR),
    (r"werfer|rocket", UnitClass.ROCKET),
    (r"artiller|\bart\b|haubitz|howitzer|\bfa\b", UnitClass.ARTILLERY),
    (r"flak|anti-aircraft|\baa\b", UnitClass.ANTI_AIRCRAFT),
    (r"pionier|engineer|\bpi\b", UnitClass.ENGINEER),
    (r"aufkl|recon", UnitClass.RECON),
    (r"panzer|\bpz\b|tank|armou?r|panther|tiger|sherman|sturmgesch|stug", UnitClass.ARMOR),
    (r"kavallerie|cavalry|reiter", UnitClass.CAVALRY),
    (r"fallschirm|parachute|airborne", UnitClass.AIRBORNE),
)
"""Class keywords, the most specific first: a Panzer-Artillerie-Regiment is artillery, a
Panzergrenadier-Regiment mechanized infantry, a Panzer-Regiment armour; anything else is
infantry."""

_GUNS = {
    UnitClass.ARTILLERY,
    UnitClass.ANTI_TANK,
    UnitClass.MORTAR,
    UnitClass.ROCKET,
    UnitClass.ANTI_AIRCRAFT,
}


def guess_level(name: str) -> OrgLevel | None:
    """The echelon a name's keywords give, or None."""
    lowered = name.lower()
    for pattern, level in _LEVELS:
        if re.search(pattern, lowered):
            return level
    return None


def guess_class(name: str) -> UnitClass:
    """The class a name's keywords give; infantry when none does."""
    lowered = name.lower()
    for pattern, unit_class in _CLASSES:
        if re.search(pattern, lowered):
            return unit_class
    return UnitClass.INFANTRY


def guess_unit(name: str) -> dict[str, str]:
    """Class, size, component and type a unit's name suggests, as text fields. [000 3.3] A
    gun's or vehicle's strength point is ten men, so armour counts vehicles and artillery,
    anti-tank, mortar, rocket and AA units count guns; the rest men. A trailing `(Panther)` is
    the type shown above the name."""
    unit_class = guess_class(name)
    fields = {"unit_class": unit_class.value}
    level = guess_level(name)
    if level in (OrgLevel.COMPANY, OrgLevel.PLATOON):
        fields["size"] = UnitSize(level.value).value
    if unit_class is UnitClass.ARMOR:
        fields["component"] = Component.VEHICLES.value
    elif unit_class in _GUNS:
        fields["component"] = Component.GUNS.value
    match = re.search(r"\(([^()]+)\)\s*$", name)
    if match:
        fields["type_name"] = match.group(1).strip()
        fields["name"] = name[: match.start()].strip()
    return fields


@dataclass
class _Line:
    number: int
    indent: int
    name: str
    fields: dict[str, str]
    children: list[_Line] = field(default_factory=list)


def _parse_line(number: int, raw: str, where: str, problems: list[str]) -> _Line | None:
    expanded = raw.replace("\t", "    ")
    indent = len(expanded) - len(expanded.lstrip(" "))
    name, _, rest = expanded.strip().partition("|")
    fields: dict[str, str] = {}
    try:
        words = shlex.split(rest)
    except ValueError as exc:
        problems.append(f"{where}:{number}: fields: {exc}")
        return None
    for word in words:
        key, equals, value = word.partition("=")
        if not equals:
            problems.append(f"{where}:{number}: {word}: write fields as key=value")
            return None
        key = _ALIASES.get(key.strip().lower(), key.strip().lower())
        fields[key] = value
    return _Line(number, indent, name.strip(), fields)


def read_oob_text(
    text: str, where: str, taken: set[str], unit_types: Mapping[str, UnitType] | None = None
) -> ImportResult:
    """The organizations and units of an indented text. Ids are made from the names unless
    given (`id=`); `taken` holds the ids in use and receives the new ones. A unit naming one of
    the title's `unit_types` (`unit_type=`, on its line or its organization's) takes the type's
    values for the fields it leaves out. A refused line is reported with its number; the lines
    below a refused organization are refused with it."""
    result = ImportResult(unit_types=dict(unit_types or {}))
    roots: list[_Line] = []
    stack: list[_Line] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        line = _parse_line(number, raw, where, result.problems)
        if line is None:
            continue
        while stack and stack[-1].indent >= line.indent:
            stack.pop()
        (stack[-1].children if stack else roots).append(line)
        stack.append(line)
    result.nodes = _build(roots, {}, where, taken, result)
    return result


def _build(
    lines: list[_Line], inherited: dict[str, str], where: str, taken: set[str], result: ImportResult
) -> list[OobNode]:
    nodes: list[OobNode] = []
    for line in lines:
        at = f"{where}:{line.number}"
        if not line.name:
            result.problems.append(f"{at}: name: empty")
            continue
        if line.children or "level" in line.fields:
            organization = _organization(line, inherited, at, where, taken, result)
            if organization is not None:
                nodes.append(organization)
            continue
        guesses = guess_unit(line.name)
        values = {"name": line.name} | guesses | inherited | line.fields
        if "type_name" in line.fields or "name" in line.fields:
            values["name"] = line.fields.get("name", line.name)
        guessed = set(guesses) - set(inherited) - set(line.fields)
        unit = build_unit(values, at, taken, result, unit_types=result.unit_types, guessed=guessed)
        if unit is not None:
            nodes.append(unit)
    return nodes


def _organization(  # noqa: PLR0917 - the walk's state, passed down as _build has it
    line: _Line,
    inherited: dict[str, str],
    at: str,
    where: str,
    taken: set[str],
    result: ImportResult,
) -> Organization | None:
    """[000 3.1] The tree holds organizations of any echelon; a name with no echelon keyword
    is taken as a regiment's worth of units, reported so the designer can say `level=`."""
    fields = line.fields
    problems = result.problems
    unknown = [k for k in fields if k not in _ORG_FIELDS and k not in UNIT_FIELDS]
    if unknown:
        problems.append(f"{at}: {unknown[0]}: not an organization or unit field")
        return None
    level_text = fields.get("level") or ""
    level = guess_level(line.name)
    if not level_text and level is None:
        problems.append(f"{at}: level: no echelon keyword in the name; taken as a regiment")
    given_id = fields.get("id")
    org_id = given_id if given_id and given_id not in taken else fresh_id(line.name, taken)
    taken.add(org_id)
    if given_id and given_id != org_id:
        result.notes.append(f"{at}: id: {given_id!r} is already used; given {org_id!r}")
    defaults = inherited | {
        k: v for k, v in fields.items() if k in UNIT_FIELDS and k not in _ORG_FIELDS
    }
    children = _build(line.children, defaults, where, taken, result)
    hq = fields.get("hq")
    hq = result.renamed.get(hq, hq) if hq else None
    hq = hq or next(
        (c.id for c in children if isinstance(c, Unit) and c.unit_class is UnitClass.HEADQUARTERS),
        None,
    )
    if hq is not None and hq not in {c.id for c in children}:
        problems.append(f"{at}: hq: {hq!r} is not a unit directly below; left out")
        hq = None
    data = {
        "id": org_id,
        "name": line.name,
        "level": level_text or (level or OrgLevel.REGIMENT),
        "nation": fields.get("nation") or None,
        "hq": hq,
        "replacements": fields.get("replacements") or 0,
        "children": children,
    }
    try:
        return Organization.model_validate(data)
    except ValidationError as exc:
        for error in exc.errors():
            problems.append(f"{at}: {'.'.join(map(str, error['loc']))}: {error['msg']}")
        return None


def write_oob_text(nodes: list[OobNode], indent: str = "  ") -> str:
    """The nodes as indented text that `read_oob_text` reads back to the same nodes: every
    organization's id and level, every unit's id, class, strength, speed and the fields it
    sets away from their defaults. Tags and air profiles are not written."""
    lines: list[str] = []

    def fields_text(values: dict[str, object]) -> str:
        return " ".join(f"{k}={shlex.quote(cell_text(v))}" for k, v in values.items())

    def write(node: OobNode, depth: int) -> None:
        pad = indent * depth
        if isinstance(node, Organization):
            values: dict[str, object] = {"id": node.id, "level": node.level}
            values |= {
                k: getattr(node, k)
                for k in ("nation", "hq", "replacements")
                if getattr(node, k) not in (None, 0)
            }
            lines.append(f"{pad}{node.name} | {fields_text(values)}")
            for child in node.children:
                write(child, depth + 1)
            return
        dump = node.model_dump(exclude_defaults=True, exclude={"air", "tags", "name"})
        dump.pop("kind", None)  # Tagged writes it whatever `exclude` says
        dump = {"id": node.id, "unit_class": node.unit_class} | dump
        # Written even at their defaults: the name's keywords would suggest others.
        dump |= {"size": node.size, "component": node.component}
        dump |= {"strength": node.strength, "speed": node.speed}
        # Without an explicit type a trailing "(…)" of the name would be read as one.
        dump.setdefault("type_name", node.type_name)
        if node.type_name == "" and not node.name.endswith(")"):
            dump.pop("type_name")
        lines.append(f"{pad}{node.name} | {fields_text(dump)}")

    for node in nodes:
        write(node, 0)
    return "\n".join(lines) + "\n"

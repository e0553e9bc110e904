"""Each file kind's diff: which lists pair their items by what, how a designer names an item
and under which section its changes are listed. `diff_models` is the entry point."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from schemas.diffing.changes import Change
from schemas.diffing.maps import layer_changes, terrain_changes
from schemas.diffing.names import Names, tree
from schemas.diffing.texts import briefing_changes
from schemas.diffing.unit_types import TypeEdits
from schemas.diffing.walk import Rule, Walk


def _scheduled_names(item: Any, names: Names) -> str:
    listed = [names.any(i) for i in (*item.organizations, *item.units)]
    if not listed:
        return str(item.id)
    more = f" and {len(listed) - 2} more" if len(listed) > 2 else ""
    return ", ".join(listed[:2]) + more


def _objective(item: Any, names: Names) -> str:
    return f"Objective {names.objective(item)}"


SCENARIO_RULES: dict[tuple[str, ...], Rule] = {
    ("placements",): Rule("unit", lambda p, n: f"Unit {n.unit(p.unit)}"),
    ("attachments",): Rule("organization", lambda a, n: f"Attachment of {n.any(a.organization)}"),
    ("objectives",): Rule("id", _objective),
    ("reinforcements",): Rule("id", lambda r, n: f"Reinforcement of {_scheduled_names(r, n)}"),
    ("withdrawals",): Rule("id", lambda w, n: f"Withdrawal of {_scheduled_names(w, n)}"),
    ("releases",): Rule("id", lambda r, n: f"Release of {n.any(r.organization)}"),
    ("supply", "sources"): Rule("id", lambda s, n: f"Supply source {s.id} ({s.side.value})"),
    ("supply", "variations"): Rule("id", lambda v, n: f"Supply variation {v.id} ({v.side.value})"),
    ("air", "changes"): Rule("id", lambda c, n: f"Air change {c.id} ({c.side.value})"),
    ("ai", "organizations"): Rule(
        "organization", lambda o, n: f"A/I orders of {n.any(o.organization)}"
    ),
    ("ai", "organizations", "orders"): Rule(
        "id",
        lambda o, n: f"A/I order {o.id}",
        lambda own, owner: f"{own} of {owner.removeprefix('A/I orders of ')}",
    ),
}
SCENARIO_SECTIONS = {
    "header": "Header",
    "files": "Files",
    "placements": "Setup",
    "ai": "A/I orders",
    "air": "Air",
}

MAP_RULES: dict[tuple[str, ...], Rule] = {
    ("terrain",): Rule("id", lambda t, n: f"Terrain type {t.name}"),
}
MAP_DENSE = frozenset({"terrain_rows", "elevation_rows", "connections", "raised"})

WEATHER_RULES: dict[tuple[str, ...], Rule] = {
    ("rows",): Rule("date", lambda r, n: f"Weather on {r.date}"),
}

TABLES_RULES: dict[tuple[str, ...], Rule] = {
    ("action_deck",): Rule("id", lambda c, n: f"Card {c.id}"),
}
"""A Tactical GameX title's Action Deck pairs its cards by id [003 24.1]: a card moved in the
list is the same card."""

OOB_RULES: dict[tuple[str, ...], Rule] = {
    ("sides",): Rule("side", lambda s, n: f"Side {s.side.value}"),
    ("unit_types",): Rule("id", lambda t, n: f"Unit type {t.name}"),
}


def diff_models(kind: str, old: Any, new: Any, names: Names) -> list[Change]:
    """The changes from `old` to `new`, two models of the file kind `kind`."""
    if kind == "scenario":
        walk = Walk(kind, names, SCENARIO_RULES, SCENARIO_SECTIONS, frozenset({"briefings"}))
        walk.model(old, new, "Scenario")
        changes = walk.changes
        if old.briefings != new.briefings:
            changes += briefing_changes(old.briefings, new.briefings)
    elif kind == "map":
        changes = _map(old, new, names)
    elif kind == "oob":
        changes = _oob(old, new, names)
    elif kind in ("weather", "testplay"):
        walk = Walk(kind, names, WEATHER_RULES, {"rows": "Weather"})
        walk.model(old, new, "Weather")
        changes = walk.changes
    else:
        walk = Walk(kind, names, TABLES_RULES if kind == "tables" else {})
        walk.model(old, new, "Parameter")
        # A parameter is named by where it stands: "Movement: terrain (forest, foot) 2 → 3 MP";
        # an item of an id-keyed list keeps its own name ("Card c07").
        changes = [
            c if c.subject != "Parameter" else replace(c, subject=c.section) for c in walk.changes
        ]
    return [_inside_section(c) for c in changes]


def _inside_section(change: Change) -> Change:
    """The field named inside its section: "Scenario: turns 21 → 31" under Header, not "header
    turns"; a field that is the whole section keeps its name."""
    top = str(change.path[0]).replace("_", " ") if change.path else ""
    field = change.field or ""
    if not top or not field.startswith(top + " "):
        return change
    return replace(change, field=field.removeprefix(top).strip())


def _map(old: Any, new: Any, names: Names) -> list[Change]:
    walk = Walk("map", names, MAP_RULES, {"terrain": "Terrain legend"}, MAP_DENSE)
    walk.model(old, new, "Map")
    changes = walk.changes
    changes += terrain_changes(old.terrain_rows, new.terrain_rows, names)
    changes += layer_changes(
        "Elevation", "Elevation", old.elevation_rows, new.elevation_rows, "elevation_rows"
    )
    for layer in sorted({*old.connections, *new.connections}):
        before, after = old.connections.get(layer, []), new.connections.get(layer, [])
        if before != after:
            what = f"{layer.value.replace('_', ' ').capitalize()} links"
            changes += layer_changes("Roads and rail", what, before, after, "connections")
    if old.raised != new.raised:
        changes += layer_changes("Roads and rail", "Raised links", old.raised, new.raised, "raised")
    return changes


def _oob(old: Any, new: Any, names: Names) -> list[Change]:
    """Units and organizations by id wherever they stand in the tree: their attributes, and
    their moves from one parent to another."""
    walk = Walk("oob", names, OOB_RULES, {"sides": "Sides"})
    header_old = old.model_copy(update={"sides": []})
    header_new = new.model_copy(update={"sides": []})
    walk.model(header_old, header_new, "OOB")
    following = TypeEdits(old, new)
    before = {node.id: (node, parent) for node, parent in tree(old)}
    after = [(node, parent) for node, parent in tree(new)]
    seen = set()
    for node, parent in after:
        seen.add(node.id)
        noun = "Unit" if node.kind == "unit" else "Organization"
        section = "Units" if node.kind == "unit" else "Organizations"
        subject = f"{noun} {node.name}"
        unit_id = node.id if node.kind == "unit" else None
        if node.id not in before:
            walk.changes.append(
                Change(
                    "oob",
                    section,
                    "added",
                    f"{subject} (under {names.any(parent or '')})",
                    unit_id=unit_id or node.id,
                )
            )
            continue
        was, old_parent = before[node.id]
        if old_parent != parent:
            walk.changes.append(
                Change(
                    "oob",
                    section,
                    "changed",
                    subject,
                    field="parent",
                    old=names.any(old_parent or ""),
                    new=names.any(parent or ""),
                    unit_id=unit_id or node.id,
                )
            )
        now = node
        if node.kind == "organization" and was.kind == "organization":
            was = was.model_copy(update={"children": []})
            now = node.model_copy(update={"children": []})
        elif node.kind == "unit" and was.kind == "unit":
            was = following.followed(was, now)
        if was != now:
            first = len(walk.changes)
            walk.model(was, now, subject, top=section.lower())
            for index in range(first, len(walk.changes)):
                walk.changes[index] = _owned(walk.changes[index], section, unit_id or node.id)
    for ident, (node, parent) in before.items():
        if ident not in seen:
            noun = "Unit" if node.kind == "unit" else "Organization"
            walk.changes.append(
                Change(
                    "oob",
                    "Units" if node.kind == "unit" else "Organizations",
                    "removed",
                    f"{noun} {node.name} (under {names.any(parent or '')})",
                )
            )
    # The tree's structure is compared above by id; the sides' own fields (names, nations).
    return following.told(walk.changes) + _nations(old, new, names)


def _owned(change: Change, section: str, ident: str) -> Change:
    return replace(change, section=section, unit_id=ident)


def _nations(old: Any, new: Any, names: Names) -> list[Change]:
    def flat(oob: Any) -> dict[str, Any]:
        return {
            nation.id: nation.model_copy(update={"organizations": []})
            for side in oob.sides
            for nation in side.nations
        }

    before, after = flat(old), flat(new)
    walk = Walk("oob", names, {}, {})
    for ident, nation in after.items():
        if ident not in before:
            walk.changes.append(Change("oob", "Nations", "added", f"Nation {nation.name}"))
        elif before[ident] != nation:
            walk.model(before[ident], nation, f"Nation {nation.name}", top="nations")
    for ident, nation in before.items():
        if ident not in after:
            walk.changes.append(Change("oob", "Nations", "removed", f"Nation {nation.name}"))
    return walk.changes

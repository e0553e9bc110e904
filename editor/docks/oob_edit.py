"""The OOB tree's edits as undoable commands: move, add, duplicate and delete units and
organizations, keeping the scenario's references to deleted ids valid in the same undo step.

Tree places are named by `NodeKey`s: `("side", "allied")`, `("nation", "us")`,
`("org", "us.28id")`. Nations and organizations hold children; sides hold nations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from editor.commands import EditFile, MoveItem
from editor.docks.oob_changes import NodeKey
from editor.document import Document
from schemas.io import FileKind
from schemas.panzer_campaigns.oob import OobFile, Organization, OrgLevel, Unit, UnitClass
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.scenario import ScenarioFile
from schemas.problems import ModelPath
from schemas.vocabulary import Side

_LEVELS = list(OrgLevel)


class OobEditError(ValueError):
    """An edit of the tree that cannot be made, with a message for the designer."""


# Reading the tree -----------------------------------------------------------------------------


def node_path(index: OobIndex, node_id: str) -> ModelPath | None:
    """The model path of a unit or organization, or None if the id is unknown."""
    entry = index.units.get(node_id) or index.organizations.get(node_id)
    return entry.path if entry is not None else None


def children_path(oob: OobFile, index: OobIndex, key: NodeKey) -> ModelPath:
    """The path of the list holding the children of a tree place."""
    kind, ident = key
    if kind == "root":
        return ("sides",)
    if kind == "side":
        for number, side in enumerate(oob.sides):
            if side.side == ident:
                return ("sides", number, "nations")
    elif kind == "nation" and ident in index.nations:
        return (*index.nations[ident].path, "organizations")
    elif kind == "org" and ident in index.organizations:
        return (*index.organizations[ident].path, "children")
    raise OobEditError(f"{kind} '{ident}' is not in the order of battle")


def parent_key(oob: OobFile, index: OobIndex, node_id: str) -> NodeKey:
    """The tree place holding a unit or organization."""
    entry = index.units.get(node_id) or index.organizations.get(node_id)
    if entry is None:
        raise OobEditError(f"'{node_id}' is not in the order of battle")
    if entry.parent is not None:
        return ("org", entry.parent)
    return ("nation", oob.sides[int(entry.path[1])].nations[int(entry.path[3])].id)


def side_of_key(oob: OobFile, index: OobIndex, key: NodeKey) -> Side | None:
    """The side a tree place belongs to."""
    kind, ident = key
    if kind == "side":
        return Side(ident)
    if kind == "nation":
        entry = index.nations.get(ident)
        return entry.side if entry is not None else None
    if kind == "org":
        return index.side_of(ident)
    return None


def ancestors(index: OobIndex, node_id: str) -> list[str]:
    """Ids of the organizations above a node, nearest first."""
    chain: list[str] = []
    entry = index.units.get(node_id) or index.organizations.get(node_id)
    while entry is not None and entry.parent is not None:
        chain.append(entry.parent)
        entry = index.organizations.get(entry.parent)
    return chain


def topmost(index: OobIndex, ids: Iterable[str]) -> list[str]:
    """The ids without those lying under another of them, in tree order."""
    chosen = {i for i in ids if i in index.units or i in index.organizations}
    kept = [i for i in chosen if not any(a in chosen for a in ancestors(index, i))]
    return sorted(kept, key=lambda i: _sort_key(node_path(index, i) or ()))


def _sort_key(path: ModelPath) -> tuple[Any, ...]:
    return tuple(part if isinstance(part, int) else 0 for part in path)


def all_ids(index: OobIndex) -> set[str]:
    """Every id of the OOB: nations, organizations and units."""
    return set(index.units) | set(index.organizations) | set(index.nations)


def fresh_id(taken: set[str], base: str) -> str:
    """An id not in `taken` made from `base`, which is then reserved in `taken`.

    >>> fresh_id({"a", "a_2"}, "a")
    'a_3'
    """
    candidate, number = base, 1
    while candidate in taken:
        number += 1
        candidate = f"{base}_{number}"
    taken.add(candidate)
    return candidate


# Moving -------------------------------------------------------------------------------------


def check_move(document: Document, ids: Sequence[str], target: NodeKey) -> str | None:
    """Why these nodes cannot go under `target`, or None when they can."""
    oob, index = document.oob, document.oob_index
    kind, ident = target
    if kind not in {"nation", "org"}:
        return "units and organizations go into a nation or an organization"
    target_side = side_of_key(oob, index, target)
    if target_side is None:
        return f"'{ident}' is not in the order of battle"
    if not ids:
        return "nothing to move"
    target_chain = {ident, *ancestors(index, ident)} if kind == "org" else set()
    for node_id in ids:
        side = index.side_of(node_id)
        if side is None:
            return f"'{node_id}' is not in the order of battle"
        if side is not target_side:
            return "units stay on their side: drop them into an organization of the same side"
        if node_id in target_chain:
            return "an organization cannot go inside itself"
    return None


def move_nodes(
    document: Document,
    ids: Sequence[str],
    target: NodeKey,
    row: int = -1,
    *,
    then: Callable[[], None] | None = None,
) -> None:
    """Move units and organizations under `target` before `row` (-1 = at the end), keeping
    their order, in one undo step; `then` pushes follow-up edits into that same step."""
    problem = check_move(document, ids, target)
    if problem is not None:
        raise OobEditError(problem)
    moving = topmost(document.oob_index, ids)
    organizations = [i for i in moving if i in document.oob_index.organizations]
    noun = "Organization" if organizations else "Unit"
    text = f"Move {noun}{'s' if len(moving) > 1 else ''}"
    with document.macro(text):
        for node_id in moving:
            oob, index = document.oob, document.oob_index
            source = node_path(index, node_id)
            assert source is not None
            target_list = children_path(oob, index, target)
            length = len(_get(oob, target_list))
            position = length if row < 0 or row > length else row
            source_row = int(source[-1])
            if source[:-1] == target_list and position in {source_row, source_row + 1}:
                row = source_row + 1  # already in place
                continue
            document.push(
                MoveItem(
                    document,
                    FileKind.OOB,
                    source[:-1],
                    int(source[-1]),
                    target=target_list,
                    target_index=position,
                    text=text,
                )
            )
            moved = node_path(document.oob_index, node_id)
            assert moved is not None
            row = int(moved[-1]) + 1
        if then is not None:
            then()


def _get(root: Any, path: ModelPath) -> Any:
    value = root
    for part in path:
        value = value[part] if isinstance(part, int) else getattr(value, part)
    return value


# Adding -------------------------------------------------------------------------------------


def insertion_place(document: Document, selected: str | NodeKey | None) -> tuple[NodeKey, int]:
    """Where a new node goes for the current selection: inside a selected organization or
    nation (at the end), after a selected unit, or in the first nation."""
    oob, index = document.oob, document.oob_index
    if isinstance(selected, tuple):
        if selected[0] in {"org", "nation"}:
            return selected, -1
        if selected[0] == "side":
            side = next(s for s in oob.sides if s.side == selected[1])
            return ("nation", side.nations[0].id), -1
    elif isinstance(selected, str) and selected in index.organizations:
        return ("org", selected), -1
    elif isinstance(selected, str) and selected in index.units:
        path = index.units[selected].path
        return parent_key(oob, index, selected), int(path[-1]) + 1
    return ("nation", oob.sides[0].nations[0].id), -1


def add_organization(document: Document, parent: NodeKey, row: int = -1) -> str:
    """Add an empty organization one echelon below its parent; return its id."""
    index = document.oob_index
    level = OrgLevel.DIVISION
    if parent[0] == "org":
        above = index.organizations[parent[1]].organization.level
        level = _LEVELS[min(_LEVELS.index(above) + 1, len(_LEVELS) - 1)]
    base = f"{parent[1]}.new" if parent[0] == "org" else "new_organization"
    new_id = fresh_id(all_ids(index), base)
    name = f"New {level.value.replace('_', ' ').title()}"
    organization = Organization(id=new_id, name=name, level=level)
    _insert(document, parent, row, organization, "Add Organization")
    return new_id


def add_unit(document: Document, parent: NodeKey, row: int = -1) -> str:
    """Add a plain infantry battalion; return its id."""
    index = document.oob_index
    base = f"{parent[1]}.new_unit" if parent[0] == "org" else "new_unit"
    new_id = fresh_id(all_ids(index), base)
    unit = Unit(
        id=new_id,
        name="New Unit",
        unit_class=UnitClass.INFANTRY,
        strength=600,
        speed=6,
        soft_attack=5.0,
        soft_range=1,
        assault=12.0,
        defense=12.0,
    )
    _insert(document, parent, row, unit, "Add Unit")
    return new_id


def _insert(document: Document, parent: NodeKey, row: int, item: Any, text: str) -> None:
    list_path = children_path(document.oob, document.oob_index, parent)
    length = len(_get(document.oob, list_path))
    command = EditFile(document, FileKind.OOB, text)
    command.insert(list_path, length if row < 0 or row > length else row, [item])
    document.push(command)


def duplicate_nodes(document: Document, ids: Sequence[str]) -> list[str]:
    """Copy units and whole organizations (with fresh ids throughout) next to the originals,
    in one undo step; return the new ids of the copies' tops, in tree order."""
    oob, index = document.oob, document.oob_index
    originals = topmost(index, ids)
    if not originals:
        return []
    taken = all_ids(index)
    copies: list[tuple[ModelPath, Unit | Organization]] = []
    for node_id in originals:
        path = node_path(index, node_id)
        assert path is not None
        node = _get(oob, path)
        renamed: dict[str, str] = {}
        copy = _copy_tree(node, taken, renamed)
        copies.append((path, copy.model_copy(update={"name": f"{node.name} (copy)"})))
    noun = "Organization" if any(isinstance(c, Organization) for _, c in copies) else "Unit"
    command = EditFile(document, FileKind.OOB, f"Duplicate {noun}{'s' if len(copies) > 1 else ''}")
    # From the last place backwards, so each insertion leaves the earlier paths valid.
    for path, copy in sorted(copies, key=lambda c: _sort_key(c[0]), reverse=True):
        command.insert(path[:-1], int(path[-1]) + 1, [copy])
    document.push(command)
    return [copy.id for _, copy in copies]


def _copy_tree(
    node: Unit | Organization, taken: set[str], renamed: dict[str, str]
) -> Unit | Organization:
    """A deep copy of a node with fresh ids; HQ and air-owner references inside the copy
    follow the copied nodes."""
    pending: list[Unit | Organization] = [node]
    while pending:
        current = pending.pop()
        renamed[current.id] = fresh_id(taken, f"{current.id}_copy")
        if isinstance(current, Organization):
            pending.extend(reversed(current.children))
    return _renamed(node, renamed)


def _renamed(node: Unit | Organization, renamed: dict[str, str]) -> Unit | Organization:
    if isinstance(node, Unit):
        update: dict[str, Any] = {"id": renamed[node.id]}
        if node.air is not None and node.air.owner in renamed:
            update["air"] = node.air.model_copy(update={"owner": renamed[node.air.owner]})
        return node.model_copy(update=update)
    return node.model_copy(
        update={
            "id": renamed[node.id],
            "children": [_renamed(child, renamed) for child in node.children],
            "hq": renamed.get(node.hq, node.hq) if node.hq is not None else None,
        }
    )


# Deleting -----------------------------------------------------------------------------------


def deleted_ids(index: OobIndex, ids: Iterable[str]) -> tuple[set[str], set[str]]:
    """The units and organizations a deletion removes: the nodes and everything below."""
    units: set[str] = set()
    organizations: set[str] = set()
    for node_id in topmost(index, ids):
        if node_id in index.units:
            units.add(node_id)
            continue
        organizations.add(node_id)
        pending = [node_id]
        while pending:
            for child in index.children_of(pending.pop()):
                if child in index.units:
                    units.add(child)
                else:
                    organizations.add(child)
                    pending.append(child)
    return units, organizations


def delete_nodes(document: Document, ids: Sequence[str]) -> int:
    """Delete units and organizations (with everything below) and every reference the
    scenario and the OOB make to them, in one undo step; return how many units went."""
    index = document.oob_index
    tops = topmost(index, ids)
    if not tops:
        return 0
    units, organizations = deleted_ids(index, tops)
    gone = units | organizations
    noun = "Organization" if any(t in index.organizations for t in tops) else "Unit"
    text = f"Delete {noun}{'s' if len(tops) > 1 else ''}"
    with document.macro(text):
        oob_edit = EditFile(document, FileKind.OOB, text)
        _unlink_oob(oob_edit, index, gone)
        for node_id in sorted(
            tops, key=lambda i: _sort_key(node_path(index, i) or ()), reverse=True
        ):
            path = node_path(index, node_id)
            assert path is not None
            oob_edit.remove(path[:-1], int(path[-1]))
        document.push(oob_edit)
        scenario_edit = EditFile(document, FileKind.SCENARIO, text)
        _unlink_scenario(scenario_edit, document.scenario, gone)
        document.push(scenario_edit)
    return len(units)


def _unlink_oob(command: EditFile, index: OobIndex, gone: set[str]) -> None:
    """Clear HQ and air-owner references that point at deleted nodes from surviving ones."""
    for org_id, entry in index.organizations.items():
        if org_id not in gone and entry.organization.hq in gone:
            command.set((*entry.path, "hq"), None)
    for unit_id, unit_entry in index.units.items():
        air = unit_entry.unit.air
        if unit_id not in gone and air is not None and air.owner in gone:
            command.set((*unit_entry.path, "air", "owner"), None)


def _unlink_scenario(command: EditFile, scenario: ScenarioFile, gone: set[str]) -> None:
    """Drop placements, schedules and lists entries that name deleted units or organizations;
    a schedule left naming nobody goes too (an empty air change would mean every unit)."""
    removals: list[tuple[ModelPath, int]] = []
    for number, placement in enumerate(scenario.placements):
        if placement.unit in gone:
            removals.append((("placements",), number))
        elif any(i in gone for i in placement.combined_with):
            kept = [i for i in placement.combined_with if i not in gone]
            command.set(("placements", number, "combined_with"), kept)
    for number, attachment in enumerate(scenario.attachments):
        if attachment.organization in gone or attachment.attach_to in gone:
            removals.append((("attachments",), number))
    for name in ("reinforcements", "withdrawals"):
        for number, event in enumerate(getattr(scenario, name)):
            units = [i for i in event.units if i not in gone]
            orgs = [i for i in event.organizations if i not in gone]
            if (units, orgs) == (event.units, event.organizations):
                continue
            if not units and not orgs:
                removals.append(((name,), number))
                continue
            command.set((name, number, "units"), units)
            command.set((name, number, "organizations"), orgs)
    for number, release in enumerate(scenario.releases):
        if release.organization in gone:
            removals.append((("releases",), number))
    if any(i in gone for i in scenario.air.units):
        command.set(("air", "units"), [i for i in scenario.air.units if i not in gone])
    for number, change in enumerate(scenario.air.changes):
        if any(i in gone for i in change.units):
            kept = [i for i in change.units if i not in gone]
            if kept:
                command.set(("air", "changes", number, "units"), kept)
            else:
                removals.append((("air", "changes"), number))
    for list_path, number in sorted(removals, key=lambda r: (r[0], r[1]), reverse=True):
        command.remove(list_path, number)


# Renaming -----------------------------------------------------------------------------------


def rename_node(document: Document, old: str, new: str) -> None:
    """Give a unit or organization a new id and follow it everywhere the OOB and the scenario
    name it, in one undo step. Raises EditError for an invalid id, OobEditError for a taken one.
    """
    index = document.oob_index
    path = node_path(index, old)
    if path is None:
        raise OobEditError(f"'{old}' is not in the order of battle")
    if new == old:
        return
    if new in all_ids(index):
        raise OobEditError(f"id '{new}' is already used in the order of battle")
    is_unit = old in index.units
    text = f"Rename {'Unit' if is_unit else 'Organization'} Id"
    oob_edit = EditFile(document, FileKind.OOB, text)
    oob_edit.set((*path, "id"), new)
    for entry in index.organizations.values():
        if entry.organization.hq == old:
            oob_edit.set((*entry.path, "hq"), new)
    for unit_entry in index.units.values():
        if unit_entry.unit.air is not None and unit_entry.unit.air.owner == old:
            oob_edit.set((*unit_entry.path, "air", "owner"), new)
    scenario_edit = EditFile(document, FileKind.SCENARIO, text)
    _rename_in_scenario(scenario_edit, document.scenario, old, new)
    with document.macro(text):
        document.push(oob_edit)
        document.push(scenario_edit)


def _rename_in_scenario(command: EditFile, scenario: ScenarioFile, old: str, new: str) -> None:
    def swap(ids: list[str]) -> list[str]:
        return [new if i == old else i for i in ids]

    for number, placement in enumerate(scenario.placements):
        if placement.unit == old:
            command.set(("placements", number, "unit"), new)
        if old in placement.combined_with:
            command.set(("placements", number, "combined_with"), swap(placement.combined_with))
    for number, attachment in enumerate(scenario.attachments):
        for field in ("organization", "attach_to"):
            if getattr(attachment, field) == old:
                command.set(("attachments", number, field), new)
    for name in ("reinforcements", "withdrawals"):
        for number, event in enumerate(getattr(scenario, name)):
            for field in ("units", "organizations"):
                if old in getattr(event, field):
                    command.set((name, number, field), swap(getattr(event, field)))
    for number, release in enumerate(scenario.releases):
        if release.organization == old:
            command.set(("releases", number, "organization"), new)
    if old in scenario.air.units:
        command.set(("air", "units"), swap(scenario.air.units))
    for number, change in enumerate(scenario.air.changes):
        if old in change.units:
            command.set(("air", "changes", number, "units"), swap(change.units))

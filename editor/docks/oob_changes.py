"""How an edit of the OOB file changes the tree: rows inserted or removed under a side, nation
or organization, one node's data, or (for a replaced list or a renamed parent) everything.

The OOB tree model brackets its row signals with this, read on the file as it was before the
edit; nothing here imports Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from editor.document import Change, ChangeAction
from schemas.panzer_campaigns.oob import Nation, OobFile, Organization, SideOob, Unit
from schemas.problems import ModelPath

NodeKey = tuple[str, str]
"""A place of the tree that holds children: ("side", value), ("nation", id) or ("org", id)."""

ROOT: NodeKey = ("root", "")

_TREE_LISTS = {"sides", "nations", "organizations", "children"}
_STRUCTURE_FIELDS = {"nations", "organizations", "children"}


@dataclass(frozen=True, slots=True)
class TreeChange:
    """What the tree model must tell its views about one edit."""

    action: Literal["insert", "remove", "data", "reset"]
    owner: NodeKey = ROOT
    """The place whose rows are inserted or removed."""
    first: int = 0
    last: int = -1
    node_path: ModelPath = ()
    """The node whose data changed."""


def key_of(node: Any) -> NodeKey | None:
    """The tree place a node stands for (None for units, which hold nothing)."""
    if isinstance(node, SideOob):
        return ("side", node.side.value)
    if isinstance(node, Nation):
        return ("nation", node.id)
    if isinstance(node, Organization):
        return ("org", node.id)
    return None


def node_at(oob: OobFile, path: ModelPath) -> Any:
    """The value at a path of the OOB."""
    value: Any = oob
    for part in path:
        value = value[part] if isinstance(part, int) else getattr(value, part)
    return value


def node_prefix(path: ModelPath) -> tuple[ModelPath, str | None]:
    """The path of the deepest tree node on `path` and the field below it (or None).

    >>> node_prefix(("sides", 0, "nations", 1, "organizations", 2, "children", 0, "speed"))
    (('sides', 0, 'nations', 1, 'organizations', 2, 'children', 0), 'speed')
    """
    node_end = 0
    for position in range(1, len(path)):
        if isinstance(path[position], int) and path[position - 1] in _TREE_LISTS:
            node_end = position + 1
    field = path[node_end] if node_end < len(path) else None
    return path[:node_end], (str(field) if field is not None else None)


def list_owner(oob: OobFile, list_path: ModelPath) -> NodeKey | None:
    """The tree place whose children the list at `list_path` holds, or None for a list that
    is not part of the tree."""
    if list_path == ("sides",):
        return ROOT
    if not list_path or list_path[-1] not in _TREE_LISTS:
        return None
    return key_of(node_at(oob, list_path[:-1]))


def plan(oob: OobFile, change: Change) -> TreeChange:
    """What an OOB change does to the tree, read on the file before the change."""
    action = change.action
    if action in {ChangeAction.INSERT, ChangeAction.REMOVE}:
        owner = list_owner(oob, change.path)
        last = change.first + change.count - 1
        if owner is not None:
            if action is ChangeAction.INSERT:
                return TreeChange("insert", owner, change.first, last)
            return TreeChange("remove", owner, change.first, last)
        node_path, _ = node_prefix(change.path)
        if node_path:
            return TreeChange("data", node_path=node_path)
    elif action is ChangeAction.SET:
        node_path, field = node_prefix(change.path)
        node = node_at(oob, node_path) if node_path else None
        # Ids of sides, nations and organizations name places of the tree; units' do not.
        renames_place = field in {"id", "side"} and not isinstance(node, Unit)
        if node_path and field is not None and field not in _STRUCTURE_FIELDS and not renames_place:
            return TreeChange("data", node_path=node_path)
        if isinstance(node, Unit) and field is None:
            return TreeChange("data", node_path=node_path)
    return TreeChange("reset")

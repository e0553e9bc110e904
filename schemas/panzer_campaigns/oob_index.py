"""An index over an order of battle: every unit, organization and nation by id, with its place.

Reference checks, the engine and the editor all ask "which unit is `x`, under which organization,
of which side?"; the index answers in constant time and remembers where each entry stands in the
file (its model path) so problems can point at it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from schemas.panzer_campaigns.oob import Nation, OobFile, Organization, Unit
from schemas.problems import ModelPath
from schemas.vocabulary import Side


@dataclass(frozen=True, slots=True)
class UnitEntry:
    """A unit with its side, effective nation, parent organization and model path."""

    unit: Unit
    side: Side
    nation: str
    parent: str | None
    path: ModelPath


@dataclass(frozen=True, slots=True)
class OrganizationEntry:
    """An organization with its side, effective nation, parent and model path."""

    organization: Organization
    side: Side
    nation: str
    parent: str | None
    path: ModelPath


@dataclass(frozen=True, slots=True)
class NationEntry:
    """A nation with its side and model path."""

    nation: Nation
    side: Side
    path: ModelPath


_LAST_BUILT: list[tuple[OobFile, OobIndex]] = []
"""The OOB indexed last and its index."""


@dataclass
class OobIndex:
    """Lookup tables over an OobFile; `duplicates` lists ids used twice (first use kept)."""

    units: dict[str, UnitEntry] = field(default_factory=dict)
    organizations: dict[str, OrganizationEntry] = field(default_factory=dict)
    nations: dict[str, NationEntry] = field(default_factory=dict)
    duplicates: list[tuple[str, ModelPath]] = field(default_factory=list)
    _children: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def from_oob(cls, oob: OobFile) -> OobIndex:
        """Index every node of the tree. The index of the OOB indexed last is handed out again
        for the same OOB object: the models are frozen, so it cannot have changed, and no
        caller changes an index (validating a title indexes its OOB for the reference checks
        and again for the rules engine's setup checks)."""
        last = _LAST_BUILT[0] if _LAST_BUILT else None
        if last is not None and last[0] is oob and type(last[1]) is cls:
            return last[1]
        index = cls._build(oob)
        _LAST_BUILT[:] = [(oob, index)]
        return index

    @classmethod
    def _build(cls, oob: OobFile) -> OobIndex:
        index = cls()
        for side_number, side in enumerate(oob.sides):
            for nation_number, nation in enumerate(side.nations):
                nation_path: ModelPath = ("sides", side_number, "nations", nation_number)
                if nation.id in index.nations:
                    index.duplicates.append((nation.id, (*nation_path, "id")))
                else:
                    index.nations[nation.id] = NationEntry(nation, side.side, nation_path)
                index._walk(
                    nation.organizations,
                    (*nation_path, "organizations"),
                    side.side,
                    nation.id,
                    None,
                )
        return index

    def full_strength(self, unit_id: str, combined_with: Iterable[str] = ()) -> int:
        """The full strength of a counter: its unit's OOB strength plus that of every company
        combined into it [000 4.9]; ids not in the OOB add nothing (their own check reports
        them)."""
        return sum(
            self.units[i].unit.strength for i in (unit_id, *combined_with) if i in self.units
        )

    def _walk(
        self,
        nodes: list[Organization | Unit],
        path: ModelPath,
        side: Side,
        nation: str,
        parent: str | None,
    ) -> None:
        siblings = self._children.setdefault(parent, []) if parent is not None else None
        # An explicit stack keeps very deep trees from exhausting Python's recursion limit.
        stack = [(nodes, path, nation, parent, siblings)]
        while stack:
            items, items_path, items_nation, items_parent, items_siblings = stack.pop()
            for number, node in enumerate(items):
                node_path = (*items_path, number)
                node_nation = node.nation or items_nation
                if node.id in self.units or node.id in self.organizations:
                    self.duplicates.append((node.id, (*node_path, "id")))
                    continue
                if items_siblings is not None:
                    items_siblings.append(node.id)
                if isinstance(node, Unit):
                    self.units[node.id] = UnitEntry(
                        node, side, node_nation, items_parent, node_path
                    )
                else:
                    self.organizations[node.id] = OrganizationEntry(
                        node, side, node_nation, items_parent, node_path
                    )
                    children = self._children.setdefault(node.id, [])
                    stack.append(
                        (node.children, (*node_path, "children"), node_nation, node.id, children)
                    )

    def children_of(self, organization_id: str) -> list[str]:
        """Ids of the direct children of an organization."""
        return self._children.get(organization_id, [])

    def iter_units_under(self, organization_id: str) -> Iterator[str]:
        """Ids of every unit below an organization, at any depth."""
        pending = [organization_id]
        while pending:
            for child in self._children.get(pending.pop(), []):
                if child in self.units:
                    yield child
                else:
                    pending.append(child)

    def side_of(self, node_id: str) -> Side | None:
        """The side of a unit or organization, or None if the id is unknown."""
        entry = self.units.get(node_id) or self.organizations.get(node_id)
        return entry.side if entry is not None else None

"""The OOB tree's search and placement filter: a proxy that shows the matching units and
organizations with their ancestors, and everything under a matching organization.

Which nodes are visible is worked out once per search over the OOB index (a few milliseconds
for 8,000 units), so the proxy answers each row with a set lookup and Qt only asks about the
rows of expanded branches.
"""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
)

from editor.docks.oob_model import NODE_ID_ROLE, NODE_KIND_ROLE, OobModel
from editor.docks.oob_status import Placed
from schemas.io import FileKind
from schemas.panzer_campaigns.oob_index import OobIndex


class StatusFilter(StrEnum):
    """Which units the tree shows by their part in the scenario."""

    ALL = "All units"
    ON_MAP = "On the map"
    REINFORCEMENTS = "Reinforcements"
    UNPLACED = "Unplaced"
    WITHDRAWN = "Withdrawn"
    AIR = "Air units"


_WANTED = {
    StatusFilter.ON_MAP: {Placed.ON_MAP, Placed.COMBINED},
    StatusFilter.REINFORCEMENTS: {Placed.REINFORCEMENT},
    StatusFilter.UNPLACED: {Placed.UNPLACED},
    StatusFilter.AIR: {Placed.AIR},
}


class OobFilterModel(QSortFilterProxyModel):
    """Shows the nodes whose name, id, type or class contains every word of the search text
    (and everything under a matching organization or nation), and only units of the chosen
    placement status, with their ancestors."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # Keep the OOB's own order: sorting would misplace drops.
        self.setDynamicSortFilter(False)
        self._words: list[str] = []
        self._status = StatusFilter.ALL
        self._visible: set[tuple[str, str]] = set()
        self._visible_for: tuple[object, ...] | None = None
        self._direct: list[str] = []

    def setSourceModel(self, source: QAbstractItemModel) -> None:
        previous = self.sourceModel()
        if isinstance(previous, OobModel):
            previous.settled.disconnect(self.refilter)
        super().setSourceModel(source)
        # Only once an edit's row signals are all out: filtering in between (a slot of the
        # document's own signal may run first) maps rows the source has not announced, and a
        # moved organization shows twice.
        if isinstance(source, OobModel):
            source.settled.connect(self.refilter)

    @property
    def is_filtering(self) -> bool:
        """Whether anything may be hidden."""
        return bool(self._words) or self._status is not StatusFilter.ALL

    @property
    def status(self) -> StatusFilter:
        """The placement status shown."""
        return self._status

    def set_search(self, text: str) -> None:
        """Filter by words of a name, id, type or class (case-insensitive)."""
        words = text.lower().split()
        if words != self._words:
            self.beginFilterChange()
            self._words = words
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_status(self, status: StatusFilter) -> None:
        """Show only units of one placement status (ALL shows every unit)."""
        if status is not self._status:
            self.beginFilterChange()
            self._status = status
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def refilter(self) -> None:
        """Filter again after an edit changed what matches."""
        if self.is_filtering:
            self.beginFilterChange()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def visible_count(self) -> int:
        """How many units and organizations the filters show."""
        if not self.is_filtering:
            return 0
        return sum(1 for kind, _ in self._visible_nodes() if kind in {"unit", "org"})

    def direct_matches(self) -> list[str]:
        """Ids of the units and organizations matching by themselves (not only through an
        organization above them), for the dock to reveal."""
        if not self.is_filtering:
            return []
        self._visible_nodes()
        return list(self._direct)

    def filterAcceptsRow(
        self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex
    ) -> bool:
        if not self.is_filtering:
            return True
        model = self.sourceModel()
        index = model.index(source_row, 0, source_parent)
        key = (str(model.data(index, NODE_KIND_ROLE)), str(model.data(index, NODE_ID_ROLE)))
        return key in self._visible_nodes()

    def _visible_nodes(self) -> set[tuple[str, str]]:
        model = self.sourceModel()
        if not isinstance(model, OobModel) or model.document is None:
            return set()
        document = model.document
        state = (
            document,
            document.version(FileKind.OOB),
            document.version(FileKind.SCENARIO),
            tuple(self._words),
            self._status,
        )
        if state != self._visible_for:
            self._visible = self._compute(model, document.oob_index)
            self._visible_for = state
        return self._visible

    def _compute(self, model: OobModel, index: OobIndex) -> set[tuple[str, str]]:
        words = self._words

        def matches(*texts: str) -> bool:
            text = "\n".join(texts).lower()
            return all(word in text for word in words)

        # Everything under a matching nation or organization matches too.
        matched_nations = {n for n, e in index.nations.items() if matches(e.nation.name, n)}
        matched_orgs = {
            org_id
            for org_id, entry in index.organizations.items()
            if matches(entry.organization.name, org_id)
        }

        def under_match(parent: str | None, nation: str) -> bool:
            while parent is not None:
                if parent in matched_orgs:
                    return True
                entry = index.organizations.get(parent)
                parent = entry.parent if entry is not None else None
            return nation in matched_nations

        visible: set[tuple[str, str]] = set()
        direct = self._direct = []
        shown: list[tuple[str | None, str, str]] = []  # parent, nation id, side of each match
        oob = model.document.oob if model.document is not None else None
        assert oob is not None
        for unit_id, entry in index.units.items():
            unit = entry.unit
            if self._status is not StatusFilter.ALL:
                status = model.status_of(unit_id)
                wanted = (
                    status.withdrawn is not None
                    if self._status is StatusFilter.WITHDRAWN
                    else status.placed in _WANTED[self._status]
                )
                if not wanted:
                    continue
            nation = str(oob.sides[int(entry.path[1])].nations[int(entry.path[3])].id)
            itself = not words or matches(unit.name, unit_id, unit.type_name, unit.unit_class.value)
            if not itself and not under_match(entry.parent, nation):
                continue
            if itself:
                direct.append(unit_id)
            visible.add(("unit", unit_id))
            shown.append((entry.parent, nation, entry.side.value))
        if self._status is StatusFilter.ALL:
            for org_id, org_entry in index.organizations.items():
                nation = str(oob.sides[int(org_entry.path[1])].nations[int(org_entry.path[3])].id)
                if org_id in matched_orgs:
                    direct.append(org_id)
                if org_id in matched_orgs or under_match(org_entry.parent, nation):
                    visible.add(("org", org_id))
                    shown.append((org_entry.parent, nation, org_entry.side.value))
        for first_parent, nation, side in shown:
            parent = first_parent
            while parent is not None and ("org", parent) not in visible:
                visible.add(("org", parent))
                above = index.organizations.get(parent)
                parent = above.parent if above is not None else None
            visible.add(("nation", nation))
            visible.add(("side", side))
        return visible

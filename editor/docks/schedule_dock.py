"""The Reinforcements dock: what arrives, leaves and is released during the scenario, in three
tabs (Reinforcements, Withdrawals, Releases), each item at a turn or a date and time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabWidget

from editor.docks.list_table import ListTableModel
from editor.docks.list_table_view import ListTablesDock, ListTableView
from editor.docks.objectives_dock import map_centre
from editor.docks.table_columns import (
    Column,
    Editor,
    Pick,
    derived_side_column,
    enum_choices,
    fresh_id,
    hex_column,
    id_column,
    ids_column,
    schedule_columns,
)
from editor.document import Document
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import ArrivalKind, Mode, Reinforcement, Release, Withdrawal

UNITS = Pick("units")
ORGANIZATIONS = Pick("organizations")
ORGANIZATION = Pick("organizations", multiple=False)


def first_new_turn(document: Document) -> int:
    """The turn new scheduled items get: the second turn (arrivals on turn 1 are placements)."""
    return min(2, document.scenario.header.turns)


def reinforcement_columns() -> list[Column]:
    """Id, turn, time, side, units, organizations, hex, how they arrive."""
    return [
        id_column(),
        *schedule_columns(),
        derived_side_column(),
        ids_column("Units", ("units",), UNITS, width=30),
        ids_column("Organizations", ("organizations",), ORGANIZATIONS, width=28),
        hex_column(),
        Column(
            header="Arrival",
            field=("kind",),
            editor=Editor.CHOICE,
            choices=lambda _document: enum_choices(ArrivalKind),
            width=11,
        ),
        Column(
            header="Mode",
            field=("mode",),
            editor=Editor.CHOICE,
            choices=lambda _document: enum_choices(Mode),
            width=9,
        ),
        Column(header="Protection", field=("protection",), editor=Editor.INT, width=9),
        Column(header="Scatter", field=("scatter",), editor=Editor.INT, width=7),
        Column(header="Chance %", name="Chance", field=("probability",), editor=Editor.INT),
    ]


def withdrawal_columns() -> list[Column]:
    """Id, turn, time, side, units, organizations."""
    return [
        id_column(),
        *schedule_columns(),
        derived_side_column(),
        ids_column("Units", ("units",), UNITS, width=30),
        ids_column("Organizations", ("organizations",), ORGANIZATIONS, width=28),
    ]


def release_columns() -> list[Column]:
    """Id, turn, time, side, organization, chance, rolled daily, on spotted."""
    return [
        id_column(),
        *schedule_columns(),
        derived_side_column(),
        ids_column("Organization", ("organization",), ORGANIZATION, width=30),
        Column(header="Chance %", name="Chance", field=("probability",), editor=Editor.INT),
        Column(header="Daily", field=("daily",), editor=Editor.CHECK, width=6),
        Column(header="On spotted", field=("on_spotted",), editor=Editor.CHECK, width=9),
    ]


class ScheduleDock(ListTablesDock):
    """Reinforcements, withdrawals and releases, one tab each."""

    title = "Reinforcements"
    object_name = "schedule"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea
    built_when_shown = True

    def build(self) -> None:
        scenario = FileKind.SCENARIO
        self.reinforcements = ListTableModel(
            None, scenario, ("reinforcements",), reinforcement_columns(), noun="Reinforcement"
        )
        self.withdrawals = ListTableModel(
            None, scenario, ("withdrawals",), withdrawal_columns(), noun="Withdrawal"
        )
        self.releases = ListTableModel(
            None, scenario, ("releases",), release_columns(), noun="Release"
        )
        units_column = 4
        self.reinforcements_view = ListTableView(
            self.reinforcements,
            self.selection,
            new_items=self._new_reinforcements,
            edit_column=units_column,
        )
        self.withdrawals_view = ListTableView(
            self.withdrawals,
            self.selection,
            new_items=self._new_withdrawals,
            edit_column=units_column,
        )
        self.releases_view = ListTableView(
            self.releases, self.selection, new_items=self._new_release
        )
        self.views = [self.reinforcements_view, self.withdrawals_view, self.releases_view]
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        for view in self.views:
            self.tabs.addTab(view, view.model.plural)
            for signal in (view.model.rowsInserted, view.model.rowsRemoved, view.model.modelReset):
                signal.connect(self._update_tab_titles)
        self.setWidget(self.tabs)

    def _update_tab_titles(self, *_: object) -> None:
        for number, view in enumerate(self.views):
            count = view.model.rowCount()
            title = view.model.plural
            self.tabs.setTabText(number, f"{title} ({count})" if count else title)

    def _taken(self, model: ListTableModel) -> list[str]:
        return [item.id for item in model.items()]

    def _new_reinforcements(self) -> Sequence[Any]:
        document = self.document
        if document is None:
            return []
        reinforcement = Reinforcement(
            id=fresh_id(self._taken(self.reinforcements), "reinforcement"),
            turn=first_new_turn(document),
            hex=self.selection.hex or map_centre(document),
        )
        return [reinforcement]

    def _new_withdrawals(self) -> Sequence[Any]:
        document = self.document
        if document is None:
            return []
        withdrawal = Withdrawal(
            id=fresh_id(self._taken(self.withdrawals), "withdrawal"),
            turn=first_new_turn(document),
        )
        return [withdrawal]

    def _new_release(self) -> Sequence[Any]:
        # A release needs its organization: pick it first, then the row appears.
        document = self.document
        if document is not None:
            self.releases_view.pick_new(ORGANIZATION, "Organization to release", self._releases)
        return []

    def _releases(self, organizations: list[str]) -> list[Release]:
        if self.document is None or not organizations:
            return []
        release = Release(
            id=fresh_id(self._taken(self.releases), "release"),
            turn=first_new_turn(self.document),
            organization=organizations[0],
        )
        return [release]

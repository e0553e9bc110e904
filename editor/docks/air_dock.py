"""The Air dock: the OOB air units available in the scenario and the scheduled changes to their
availability [000 8.0, 8.3]."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt

from editor.docks.list_table import ListTableModel
from editor.docks.list_table_view import ListTablesDock, ListTableView
from editor.docks.schedule_dock import first_new_turn
from editor.docks.table_columns import (
    Column,
    Editor,
    Pick,
    derived_side_column,
    fresh_id,
    id_column,
    ids_column,
    label,
    schedule_columns,
    side_column,
)
from editor.document import Document
from editor.widgets.adaptive_splitter import AdaptiveSplitter
from schemas.io import FileKind
from schemas.panzer_campaigns.oob import Unit
from schemas.panzer_campaigns.scenario import AirChange
from schemas.vocabulary import Side

AIR_UNIT = Pick("air_units", multiple=False)
AIR_UNITS = Pick("air_units")


def _air_unit(document: Document, unit_id: Any) -> Unit | None:
    entry = document.oob_index.units.get(unit_id)
    return entry.unit if entry is not None else None


def _role(document: Document, unit_id: Any) -> str:
    unit = _air_unit(document, unit_id)
    if unit is None or unit.air is None:
        return ""
    extras = [
        name
        for name, on in (
            ("heavy bomber", unit.air.heavy_bomber),
            ("jet", unit.air.jet),
            ("single use", unit.air.single_use),
        )
        if on
    ]
    return ", ".join([label(unit.air.role), *extras])


def _aircraft(document: Document, unit_id: Any) -> int | None:
    unit = _air_unit(document, unit_id)
    return unit.strength if unit is not None else None


def air_unit_columns() -> list[Column]:
    """Unit (by name), side, role, aircraft, id: read from the OOB but the unit."""
    return [
        Column(
            header="Air unit",
            name="Air Unit",
            editor=Editor.PICK,
            pick=AIR_UNIT,
            tooltip="An OOB air unit available to its side in this scenario.",
            width=30,
        ),
        derived_side_column(),
        Column(
            header="Role",
            editor=Editor.NONE,
            value=_role,
            tooltip="Combat aircraft strike, recon aircraft spot (from the OOB).",
            width=20,
        ),
        Column(
            header="Aircraft",
            editor=Editor.NONE,
            value=_aircraft,
            display=lambda _document, value: "" if value is None else str(value),
            tooltip="Strength of the air unit in aircraft (from the OOB).",
            numeric=True,
            width=8,
        ),
        Column(
            header="Id",
            editor=Editor.NONE,
            value=lambda _document, unit_id: unit_id,
            tooltip="Id of the OOB unit.",
            width=22,
        ),
    ]


def air_change_columns() -> list[Column]:
    """Id, turn, time, side, availability, units (none = all of the side's)."""
    units = replace(
        ids_column("Air units", ("units",), AIR_UNITS),
        display=_units_text,
        inferred=lambda change: not change.units,
    )
    return [
        id_column(),
        *schedule_columns(),
        side_column(),
        Column(
            header="Availability %",
            name="Availability",
            field=("availability",),
            editor=Editor.INT,
            width=12,
        ),
        units,
    ]


def _units_text(document: Document, ids: Sequence[str]) -> str:
    names = [
        (unit.name if (unit := _air_unit(document, unit_id)) else f"? {unit_id}") for unit_id in ids
    ]
    return ", ".join(names) if names else "All of the side's"


class AirDock(ListTablesDock):
    """Air units available and availability changes."""

    title = "Air"
    object_name = "air"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea
    built_when_shown = True

    def build(self) -> None:
        scenario = FileKind.SCENARIO
        self.units = ListTableModel(
            None, scenario, ("air", "units"), air_unit_columns(), noun="Air Unit"
        )
        self.changes = ListTableModel(
            None, scenario, ("air", "changes"), air_change_columns(), noun="Air Change"
        )
        self.units_view = ListTableView(
            self.units, self.selection, new_items=self._add_units, title="Air units"
        )
        self.changes_view = ListTableView(
            self.changes,
            self.selection,
            new_items=self._new_changes,
            edit_column=0,
            title="Availability changes",
        )
        self.views = [self.units_view, self.changes_view]
        splitter = AdaptiveSplitter()
        splitter.addWidget(self.units_view)
        splitter.addWidget(self.changes_view)
        self.setWidget(splitter)

    def _add_units(self) -> Sequence[Any]:
        # Air units are chosen from the OOB: the rows appear when the picker is accepted.
        if self.document is not None:
            self.units_view.pick_new(AIR_UNITS, "Air units to add", self._units_not_listed)
        return []

    def _units_not_listed(self, unit_ids: list[str]) -> list[str]:
        listed = set(self.units.items())
        return [unit_id for unit_id in unit_ids if unit_id not in listed]

    def _new_changes(self) -> Sequence[Any]:
        document = self.document
        if document is None:
            return []
        taken = [change.id for change in document.scenario.air.changes]
        change = AirChange(
            id=fresh_id(taken, "air-change"),
            turn=first_new_turn(document),
            side=Side.ALLIED,
            availability=50,
        )
        return [change]

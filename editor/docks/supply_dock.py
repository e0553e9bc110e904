"""The Supply dock: each side's Global Supply Value from the header, the supply sources on the
map, and the daily supply variations [000 10.1, 10.2]."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from editor.commands import SetValue
from editor.docks.list_table import ListTableModel
from editor.docks.list_table_view import ListTablesDock, ListTableView
from editor.docks.objectives_dock import map_centre
from editor.docks.table_columns import (
    Column,
    Editor,
    field_tooltip,
    fresh_id,
    hex_column,
    id_column,
    label,
    side_colour,
    side_column,
)
from editor.document import Change, Document
from editor.selection import Focus
from editor.widgets.adaptive_splitter import AdaptiveSplitter
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import Header, SupplySource, SupplyVariation
from schemas.vocabulary import Side

GLOBAL_SUPPLY = ("header", "global_supply")


def source_columns() -> list[Column]:
    """Id, side, hex, value."""
    return [
        id_column(),
        side_column(),
        hex_column(),
        Column(header="Value %", name="Value", field=("value",), editor=Editor.INT, width=8),
    ]


def variation_columns() -> list[Column]:
    """Id, side, value, chance, one time, global, rail capacity."""
    return [
        id_column(26),
        side_column(),
        Column(header="Value", field=("value",), editor=Editor.INT, width=8),
        Column(header="Chance %", name="Chance", field=("probability",), editor=Editor.INT),
        Column(header="One time", field=("one_time",), editor=Editor.CHECK, width=8),
        Column(header="Global", field=("is_global",), editor=Editor.CHECK, width=7),
        Column(header="Rail capacity", field=("rail_capacity",), editor=Editor.CHECK, width=11),
    ]


def _swatch(colour: QColor | None) -> QLabel:
    pixmap = QPixmap(12, 12)
    pixmap.fill(colour or QColor("transparent"))
    swatch = QLabel()
    swatch.setPixmap(pixmap)
    return swatch


class SupplyDock(ListTablesDock):
    """Global supply per side, sources and variations."""

    title = "Supply"
    object_name = "supply"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea
    built_when_shown = True

    def build(self) -> None:
        scenario = FileKind.SCENARIO
        self.sources = ListTableModel(
            None, scenario, ("supply", "sources"), source_columns(), noun="Supply Source"
        )
        self.variations = ListTableModel(
            None, scenario, ("supply", "variations"), variation_columns(), noun="Supply Variation"
        )
        self.sources_view = ListTableView(
            self.sources,
            self.selection,
            new_items=self._new_sources,
            edit_column=0,
            title="Sources",
        )
        self.variations_view = ListTableView(
            self.variations,
            self.selection,
            new_items=self._new_variations,
            edit_column=0,
            title="Variations",
        )
        self.views = [self.sources_view, self.variations_view]
        self.global_supply: dict[Side, QSpinBox] = {}

        tip = field_tooltip([Header], ("global_supply",))
        heading = QLabel("Global supply")
        heading.setStyleSheet("font-weight: 600; padding-right: 8px;")
        heading.setToolTip(tip)
        # The heading above the sides' fields: in one row they made the panel too wide for the
        # bottom of a laptop's screen.
        top = QVBoxLayout()
        top.setContentsMargins(4, 4, 4, 0)
        top.setSpacing(2)
        top.addWidget(heading)
        header = QHBoxLayout()
        top.addLayout(header)
        for side in Side:
            spin = QSpinBox()
            spin.setRange(0, 100)
            spin.setSuffix(" %")
            spin.setAlignment(Qt.AlignmentFlag.AlignRight)
            spin.setToolTip(f"{label(side)}: {tip}\nUnit: %")
            spin.setEnabled(False)
            spin.valueChanged.connect(lambda value, side=side: self._set_global(side, value))
            self.global_supply[side] = spin
            header.addSpacing(6)
            header.addWidget(_swatch(side_colour(side)))
            header.addWidget(QLabel(label(side)))
            header.addWidget(spin)
        header.addStretch(1)

        splitter = AdaptiveSplitter()
        splitter.addWidget(self.sources_view)
        splitter.addWidget(self.variations_view)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        self.setWidget(body)

    def set_document(self, document: Document | None) -> None:
        super().set_document(document)
        self._show_global()

    def document_changed(self, change: Change) -> None:
        if change.kind is FileKind.SCENARIO and change.touches(GLOBAL_SUPPLY):
            self._show_global()

    def _show_global(self) -> None:
        values = self.document.scenario.header.global_supply if self.document else None
        for side, spin in self.global_supply.items():
            spin.blockSignals(True)
            # Nothing open: a dash, not a 0 % that no file holds.
            spin.setSpecialValueText("—" if values is None else "")
            spin.setValue(getattr(values, side.value) if values is not None else 0)
            spin.setEnabled(values is not None)
            spin.blockSignals(False)

    def _set_global(self, side: Side, value: int) -> None:
        document = self.document
        if document is None:
            return
        path = (*GLOBAL_SUPPLY, side.value)
        # Spinning or typing merges into one undo step.
        document.push(
            SetValue(document, FileKind.SCENARIO, path, value, "Set Global Supply", merge=True)
        )

    def show_focus(self, focus: Focus) -> bool:
        path = tuple(focus.path)
        if focus.kind is FileKind.SCENARIO and path[:2] == GLOBAL_SUPPLY:
            side = Side(path[2]) if len(path) > 2 and path[2] in tuple(Side) else Side.ALLIED
            self.global_supply[side].setFocus()
            self.global_supply[side].selectAll()
            return True
        return super().show_focus(focus)

    def _new_sources(self) -> Sequence[Any]:
        document = self.document
        if document is None:
            return []
        taken = [source.id for source in document.scenario.supply.sources]
        source = SupplySource(
            id=fresh_id(taken, "source"),
            hex=self.selection.hex or map_centre(document),
            side=Side.ALLIED,
            value=document.scenario.header.global_supply.allied,
        )
        return [source]

    def _new_variations(self) -> Sequence[Any]:
        document = self.document
        if document is None:
            return []
        taken = [variation.id for variation in document.scenario.supply.variations]
        variation = SupplyVariation(
            id=fresh_id(taken, "variation"), side=Side.ALLIED, value=-10, probability=10
        )
        return [variation]

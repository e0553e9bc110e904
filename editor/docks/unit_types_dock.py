"""The Unit Types panel: the title's unit types (equipment shared by units) with their values and
how many units use each; an edited value reaches every unit of the type that inherits it, as
one undo step. Extract Unit Types, a new type from the selected unit, deleting a type and
selecting a type's units are its buttons."""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from editor.docks.base import DocumentDock
from editor.docks.unit_types_model import USERS, UnitTypesModel
from editor.document import Change, Document
from editor.unit_type_edits import delete_type, extract_types, new_type_from_unit
from editor.widgets.button_rows import WrappingButtons
from schemas.io import FileKind
from schemas.panzer_campaigns.oob import UnitType

_WORDED = frozenset(
    name
    for name, info in UnitType.model_fields.items()
    if isinstance(info.annotation, type) and issubclass(info.annotation, StrEnum)
)
"""The values shown as words (class, component, movement class…): wider than a number's."""


class UnitTypesDock(DocumentDock):
    """Every unit type of the open title, editable in place."""

    title = "Unit Types"
    object_name = "unit_types"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea

    built_when_shown = True
    """Behind another panel's tab at start: built when first brought into sight."""

    def build(self) -> None:
        self.model = UnitTypesModel(self)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.extract_button = QPushButton("Extract Unit Types")
        self.extract_button.setToolTip(
            "Make a unit type of every set of units sharing a type name and all equipment "
            "values; no unit's values change"
        )
        self.new_button = QPushButton("New from Unit")
        self.new_button.setToolTip("A new type with the selected unit's values, given to it")
        self.delete_button = QPushButton("Delete Type")
        self.delete_button.setToolTip("Delete the type; its units keep its values as their own")
        self.select_button = QPushButton("Select Units")
        self.select_button.setToolTip("Select the units of the type (also: double-click Units)")
        self.buttons = WrappingButtons(
            [self.extract_button, self.new_button, self.delete_button, self.select_button]
        )
        layout.addWidget(self.buttons)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self._fit_columns()
        layout.addWidget(self.table, 1)
        self.message = QLabel(wordWrap=True)
        self.message.setStyleSheet("color: palette(placeholder-text)")
        layout.addWidget(self.message)
        self.setWidget(body)
        self.extract_button.clicked.connect(self.extract)
        self.new_button.clicked.connect(self.new_from_unit)
        self.delete_button.clicked.connect(self.delete_current)
        self.select_button.clicked.connect(self.select_units)
        self.table.doubleClicked.connect(self._double_clicked)
        self.model.edit_refused.connect(self._refused)
        self.selection.units_changed.connect(lambda _ids: self._enable())
        self.table.selectionModel().currentChanged.connect(lambda *_: self._enable())
        self._enable()

    def _fit_columns(self) -> None:
        """Each value's column as wide as its header ("Movement class" whole, at any font size
        and screen scale), at least as wide as a short value; the name's wider."""
        header = self.table.horizontalHeader()
        text = self.fontMetrics().horizontalAdvance
        number, word = text("000000"), text("heavy_artillery")
        worded = {"id", "type_name", *_WORDED}
        for column, name in enumerate(self.model.columns):
            least = word if name in worded else number
            header.resizeSection(column, max(header.sectionSizeHint(column), least))
        header.resizeSection(0, max(text("M" * 14), header.sectionSize(0)))

    # Document ---------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        super().set_document(document)
        self.model.set_document(document)
        self._enable()

    def document_changed(self, change: Change) -> None:
        if change.kind is FileKind.OOB:
            self._enable()

    def _enable(self) -> None:
        document = self.document
        has_oob = document is not None and document.has(FileKind.OOB)
        units = self.selection.units
        one_unit = has_oob and len(units) == 1 and units[0] in document.oob_index.units  # type: ignore[union-attr]
        current = self.current_type()
        self.extract_button.setEnabled(has_oob)
        self.new_button.setEnabled(bool(one_unit))
        self.delete_button.setEnabled(current is not None)
        self.select_button.setEnabled(current is not None)
        count = len(self.model.types())
        if not has_oob:
            self.message.setText("")
        elif count == 0:
            self.message.setText(
                "No unit types yet: Extract Unit Types makes them from the units that share "
                "their values, or New from Unit from the selected unit."
            )
        else:
            self.message.setText(
                f"{count} unit types. Editing a value changes every unit of the type that does "
                "not override it."
            )

    def current_type(self) -> str | None:
        row = self.table.currentIndex().row() if self.table.currentIndex().isValid() else -1
        unit_type = self.model.type_at(row)
        return unit_type.id if unit_type is not None else None

    # Actions ----------------------------------------------------------------------------------

    def extract(self) -> None:
        """Extract Unit Types on the open OOB (one undo step)."""
        if self.document is None:
            return
        self.message.setText(extract_types(self.document).summary() + ".")

    def new_from_unit(self) -> None:
        """A new type from the one selected unit."""
        units = self.selection.units
        if self.document is None or len(units) != 1:
            return
        type_id = new_type_from_unit(self.document, units[0])
        if type_id is not None:
            self.select_type(type_id)

    def delete_current(self) -> None:
        type_id = self.current_type()
        if self.document is not None and type_id is not None:
            delete_type(self.document, type_id)

    def select_units(self) -> None:
        """Select the units of the current type (in the tree, the table and on the map)."""
        type_id = self.current_type()
        if type_id is not None:
            self.selection.select_units(list(self.model.users().get(type_id, [])))

    def select_type(self, type_id: str) -> None:
        for row, unit_type in enumerate(self.model.types()):
            if unit_type.id == type_id:
                self.table.setCurrentIndex(self.model.index(row, 0))
                return

    def _double_clicked(self, index: QModelIndex) -> None:
        if self.model.columns[index.column()] == USERS:
            self.select_units()

    def _refused(self, text: str) -> None:
        self.message.setText(text)

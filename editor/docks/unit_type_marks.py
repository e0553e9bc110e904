"""The Unit panel's unit type: the type of the selected units, which of their values are
inherited from it and which override it (marked on each field's label), and the ways back to
the type's values. Its edits are `editor.unit_type_edits`'."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QGroupBox,
    QLabel,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.docks.table_columns import label as field_label
from editor.document import Document
from editor.unit_type_edits import assign_type, revert_to_type
from editor.widgets.binding import Binding
from editor.widgets.field_layout import field_grid
from editor.widgets.fields import BoolEditor
from schemas.panzer_campaigns.oob import Unit, UnitType
from schemas.panzer_campaigns.oob_cells import cell_text
from schemas.panzer_campaigns.unit_types import TYPE_FIELDS, type_by_id
from schemas.problems import ModelPath

OVERRIDE_MARK = " •"
"""Appended to the label of a value a selected unit overrides."""


class UnitTypeMarks:
    """The Unit panel's Unit type section and the marks on the labels of the type's values."""

    def __init__(self, binding: Binding, unit_ids: Callable[[], list[str]]) -> None:
        self.binding = binding
        self.unit_ids = unit_ids
        self.document: Document | None = None
        self.labels: dict[str, QLabel | QAbstractButton] = {}
        self.texts: dict[str, str] = {}
        self.overrides: dict[str, list[str]] = {}
        """Each overridden field and the selected units that override it."""
        binding.editor(
            "unit_type",
            choices=self._choices,
            none_text="(none: its own values)",
            hook=self._assign,
        )

    # Building ---------------------------------------------------------------------------------

    def section(self) -> QGroupBox:
        """The Unit type group: the type chooser, what is inherited, Revert All to Type."""
        box = QGroupBox("Unit type")
        layout = QVBoxLayout(box)
        layout.setContentsMargins(8, 6, 8, 8)
        layout.addWidget(field_grid(self.binding, ["unit_type"]))
        self.summary = QLabel(wordWrap=True)
        self.summary.setStyleSheet("color: palette(placeholder-text);")
        layout.addWidget(self.summary)
        self.revert_button = QPushButton("Revert All to Type")
        self.revert_button.setToolTip("Give the selected units their type's value in every field")
        self.revert_button.clicked.connect(self.revert_all)
        layout.addWidget(self.revert_button, 0, Qt.AlignmentFlag.AlignLeft)
        return box

    def find_labels(self, page: QWidget) -> None:
        """Find each type value's label on the built page (check boxes are their own label)."""
        focus = {}
        for name in TYPE_FIELDS:
            editor = self.binding.editors.get(name)
            if editor is None:
                continue
            if isinstance(editor, BoolEditor):
                self.labels[name] = editor.box
                self.texts[name] = editor.box.text()
            else:
                focus[editor.focus_widget] = name
        for label in page.findChildren(QLabel):
            field = focus.get(label.buddy())
            if field is not None:
                self.labels[field] = label
                self.texts[field] = label.text()
        for name, widget in self.labels.items():
            widget.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            widget.customContextMenuRequested.connect(
                lambda point, name=name: self._menu(name, point)
            )

    # Showing ----------------------------------------------------------------------------------

    def show(self, document: Document | None) -> None:
        """Mark the labels for the selected units."""
        self.document = document
        units, types = self._units_and_types()
        self.overrides = {}
        inherited_from: set[str] = set()
        for unit in units:
            unit_type = types.get(unit.unit_type or "")
            if unit_type is None:
                continue
            inherited_from.add(unit_type.name)
            for name in TYPE_FIELDS:
                if getattr(unit, name) != getattr(unit_type, name):
                    self.overrides.setdefault(name, []).append(unit.id)
        typed = [u for u in units if u.unit_type in types]
        single = types.get(typed[0].unit_type or "") if len(typed) == 1 else None
        for name, widget in self.labels.items():
            self._mark(name, widget, bool(typed), single, inherited_from)
        self._summarize(units, typed, inherited_from)

    def _mark(
        self,
        name: str,
        widget: QLabel | QAbstractButton,
        typed: bool,
        single: UnitType | None,
        types: set[str],
    ) -> None:
        text = self.texts[name]
        font = widget.font()
        overridden = name in self.overrides
        font.setBold(overridden)
        widget.setFont(font)
        widget.setText(text + (OVERRIDE_MARK if overridden else ""))
        description = Unit.model_fields[name].description or ""
        if not typed:
            tip = description
        elif overridden and single is not None:
            type_value = _shown(getattr(single, name))
            tip = (
                f"Overrides type {single.name}, whose value is {type_value}. Right-click to "
                "revert to the type's value."
            )
        elif overridden:
            tip = (
                f"{len(self.overrides[name])} selected units override their type's value. "
                "Right-click to revert to the type's value."
            )
        else:
            tip = f"Inherited from type {', '.join(sorted(types))}. Type a value to override it."
        widget.setToolTip(tip if not typed else f"{tip}\n\n{description}")
        widget.setProperty("inherited", typed and not overridden)

    def _summarize(self, units: list[Unit], typed: list[Unit], names: set[str]) -> None:
        if not hasattr(self, "summary"):
            return
        if not typed:
            self.summary.setText(
                "No unit type: the unit's equipment values are its own." if units else ""
            )
        else:
            shown = ", ".join(
                field_label(name).lower() if i else field_label(name)
                for i, name in enumerate(self.overrides)
            )
            of = f"{len(typed)} of {len(units)} units" if len(typed) < len(units) else ""
            inherits = f"Inherits from {', '.join(sorted(names))}"
            overrides = f"; overrides {shown.lower()}" if shown else "; overrides nothing"
            self.summary.setText(f"{inherits}{overrides}{f' ({of})' if of else ''}.")
        self.revert_button.setEnabled(bool(self.overrides))

    # Edits ------------------------------------------------------------------------------------

    def _units_and_types(self) -> tuple[list[Unit], dict[str, UnitType]]:
        document = self.document
        if document is None:
            return [], {}
        index = document.oob_index
        units = [index.units[i].unit for i in self.unit_ids() if i in index.units]
        return units, type_by_id(document.oob)

    def _choices(self) -> list[tuple[Any, str]]:
        if self.document is None:
            return []
        return [(t.id, f"{t.name} ({t.id})") for t in self.document.oob.unit_types]

    def _assign(self, _targets: list[ModelPath], value: Any) -> None:
        if self.document is not None:
            assign_type(self.document, self.unit_ids(), value or None)

    def revert(self, name: str) -> None:
        """Give the selected units their type's value of one field (one undo step)."""
        if self.document is not None:
            revert_to_type(self.document, self.unit_ids(), [name])

    def revert_all(self) -> None:
        """Give the selected units their type's value in every field (one undo step)."""
        if self.document is not None:
            revert_to_type(self.document, self.unit_ids(), TYPE_FIELDS)

    def _menu(self, name: str, point: QPoint) -> None:
        widget = self.labels[name]
        menu = QMenu(widget)
        action = menu.addAction("Revert to Type Value")
        action.setEnabled(name in self.overrides)
        action.triggered.connect(lambda: self.revert(name))
        menu.popup(widget.mapToGlobal(point))


def _shown(value: Any) -> str:
    return cell_text(value) or "empty"


def add_assign_menu(menu: QMenu, document: Document, unit_ids: list[str]) -> QMenu:
    """An Assign Unit Type submenu of `menu` for the units: each type, and none."""
    noun = f"{len(unit_ids)} Units" if len(unit_ids) > 1 else "Unit"
    submenu = menu.addMenu(f"Assign Unit Type to {noun}")
    types = document.oob.unit_types
    submenu.setEnabled(bool(types))
    for unit_type in types:
        action = submenu.addAction(f"{unit_type.name} ({unit_type.id})")
        action.triggered.connect(
            lambda _checked=False, type_id=unit_type.id: assign_type(document, unit_ids, type_id)
        )
    submenu.addSeparator()
    clear = submenu.addAction("No Type (Keep Values)")
    clear.triggered.connect(lambda _checked=False: assign_type(document, unit_ids, None))
    return submenu

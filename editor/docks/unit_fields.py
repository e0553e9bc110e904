"""Field editors for the unit form, built from the file models' fields: line edits for text and
numbers, combo boxes for enums and ids, check boxes for flags, each able to show several
objects' differing values as mixed and to show why a typed value is refused."""

from __future__ import annotations

import types
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Annotated, Any, Union, get_args, get_origin

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QFocusEvent, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from schemas.base import Node

NUMBER_WIDTH = 100
"""Width of a number field in pixels."""

MIXED = "—"
"""What a field shows when the selected objects differ."""

_LABELS = {
    "id": "Id",
    "type_name": "Type",
    "unit_class": "Class",
    "aa_attack": "AA attack",
    "aa_range": "AA range",
    "aa_kind": "AA kind",
    "hq": "HQ unit",
    "hard_target": "Hard target",
    "can_dismount": "Can dismount",
    "rail_unit": "Rail only",
    "low_reliability": "Low reliability",
    "victory_points": "Victory points",
    "engineering_vehicle": "Engineer vehicle",
    "has_boats": "Has boats",
    "on_foot": "On foot",
    "low_ammo": "Low ammo",
    "low_fuel": "Low fuel",
    "combined_with": "Combined with",
    "heavy_bomber": "Heavy bomber",
    "single_use": "Single use",
    "replacements": "Replacements",
}

Choices = Callable[[], Sequence[tuple[Any, str]]]
"""The values an id field may take, with their labels, read when the form loads."""


def field_label(name: str) -> str:
    """The label of a field, e.g. "Hard attack" for `hard_attack`."""
    return _LABELS.get(name) or name.replace("_", " ").capitalize()


def enum_label(value: Enum) -> str:
    """How an enum value reads in a combo box."""
    text = str(value.value)
    return text if len(text) == 1 else text.replace("_", " ").capitalize()


def _strip(annotation: Any) -> tuple[Any, bool]:
    """The bare type of an annotation and whether it allows None."""
    optional = False
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            annotation = get_args(annotation)[0]
        elif origin in (Union, types.UnionType):
            members = [m for m in get_args(annotation) if m is not type(None)]
            optional = optional or len(members) < len(get_args(annotation))
            if len(members) != 1:
                return annotation, optional
            annotation = members[0]
        else:
            return annotation, optional


class FieldEditor(QObject):
    """One field's editor: a row widget, its error line, loading and committing values."""

    committed = Signal(object, object)
    """A value to set, and False or the typing session it belongs to: edits of one session
    merge into one undo step; leaving the field and coming back starts another."""

    def __init__(self, model: type[Node], name: str) -> None:
        super().__init__()
        self.name = name
        self.label = field_label(name)
        info = model.model_fields[name]
        self.bare, self.optional = _strip(info.annotation)
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        self.unit = str(extra.get("x-unit", ""))
        self.description = info.description or ""
        self.error = QLabel()
        self.error.setObjectName("fieldError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828; font-size: 11px;")
        self.error.hide()
        self.widget = self._build()
        tip = self.description + (f" [{self.unit}]" if self.unit else "")
        self.widget.setToolTip(tip)
        self._loading = False

    def _build(self) -> QWidget:
        raise NotImplementedError

    def show_values(self, values: Sequence[Any]) -> None:
        """Show the field of every edited object: one value, or mixed when they differ."""
        self._loading = True
        try:
            distinct = _distinct(values)
            self._show(distinct[0] if len(distinct) == 1 else None, mixed=len(distinct) > 1)
        finally:
            self._loading = False

    def _show(self, value: Any, *, mixed: bool) -> None:
        raise NotImplementedError

    def show_error(self, message: str | None) -> None:
        """Show why a value was refused (None clears)."""
        self.error.setText(message or "")
        self.error.setVisible(bool(message))

    def _commit(self, value: Any, merge: object = False) -> None:
        if not self._loading:
            self.committed.emit(value, merge)


def _distinct(values: Sequence[Any]) -> list[Any]:
    distinct: list[Any] = []
    for value in values:
        if not any(value == seen for seen in distinct):
            distinct.append(value)
    return distinct or [None]


class _LineEdit(QLineEdit):
    """A line edit that says when it loses focus and can show a greyed unit inside, at the
    right (like a spin box suffix)."""

    left = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.suffix = QLabel(self)
        self.suffix.setStyleSheet("color: palette(placeholder-text); background: transparent;")
        self.suffix.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.suffix.hide()
        self.textChanged.connect(self._suffix_visibility)

    def set_suffix(self, text: str) -> None:
        """Show a unit inside the field, right-aligned after the text (hidden while the
        field is empty, where the placeholder speaks instead)."""
        self.suffix.setText(text)
        self._suffix_visibility()
        self._place_suffix()

    def _suffix_visibility(self) -> None:
        shown = bool(self.suffix.text()) and bool(self.text())
        self.suffix.setVisible(shown)
        width = self.suffix.sizeHint().width() + 6 if shown else 0
        self.setTextMargins(0, 0, width, 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_suffix()

    def _place_suffix(self) -> None:
        hint = self.suffix.sizeHint()
        self.suffix.setGeometry(
            self.width() - hint.width() - 6,
            (self.height() - hint.height()) // 2,
            hint.width(),
            hint.height(),
        )

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.left.emit()


class TextEditor(FieldEditor):
    """Text and numbers. Typing commits as it goes (merged into one undo step); `on_finish`
    editors (ids) commit when editing ends instead."""

    def __init__(self, model: type[Node], name: str, *, on_finish: bool = False) -> None:
        self.on_finish = on_finish
        self._session: object | None = None
        super().__init__(model, name)
        self._shown: Any = None

    def _build(self) -> QWidget:
        self.edit = _LineEdit()
        self.empty_text = "default" if self.optional else ""
        """What an empty optional field means, shown greyed in it."""
        self.edit.setPlaceholderText(self.empty_text)
        if self.on_finish:
            self.edit.editingFinished.connect(self._finish)
        else:
            self.edit.textEdited.connect(self._typed)
            self.edit.left.connect(self._left)
        if self.bare not in (int, float):
            return self.edit
        self.edit.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        # "Hard attack" needs no "attack" beside it; hexes, MP, men and % do.
        shown = self.unit if self.unit.lower() not in self.label.lower() else ""
        self.set_unit(shown)
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit)
        layout.addStretch(1)
        return row

    def set_unit(self, unit: str) -> None:
        """Show this unit inside the field (a number's field widens to hold it)."""
        self.edit.set_suffix(unit)
        if self.bare in (int, float):
            # One width for every number field (wider only for long units) keeps the
            # form's columns even.
            extra = self.edit.suffix.sizeHint().width() + 6 if unit else 0
            self.edit.setFixedWidth(max(56 + extra, NUMBER_WIDTH))

    def show_error(self, message: str | None) -> None:
        super().show_error(message)
        # A type selector: a bare rule would also frame the unit label inside the field.
        style = "QLineEdit { border: 1px solid #c62828; border-radius: 2px; }"
        self.edit.setStyleSheet(style if message else "")

    def value(self) -> Any:
        """The typed value as the file format would read it (validated later)."""
        text = self.edit.text().strip()
        if self.optional and not text:
            return None
        if self.bare is list:
            return [part.strip() for part in text.split(",") if part.strip()]
        return text

    def _typed(self, _text: str) -> None:
        if self._session is None:
            self._session = object()
        self._commit(self.value(), self._session)

    def _left(self) -> None:
        self._session = None
        self._restore_if_refused()

    def _finish(self) -> None:
        if self.edit.isModified():
            self.edit.setModified(False)
            self._commit(self.value())

    def _restore_if_refused(self) -> None:
        # Leaving a field with a refused value puts back the value in the file.
        if self.error.isVisible():
            self.show_error(None)
            self._loading = True
            try:
                self._show(self._shown, mixed=self._shown is MIXED)
            finally:
                self._loading = False

    def _show(self, value: Any, *, mixed: bool) -> None:
        self._shown = MIXED if mixed else value
        if mixed:
            self.edit.setText("")
            self.edit.setPlaceholderText(MIXED)
            return
        self.edit.setPlaceholderText(self.empty_text)
        text = _format(value)
        if self.edit.hasFocus() and not self.error.isVisible() and self._same(text):
            return  # the designer is typing this very value: keep the cursor where it is
        self.edit.setText(text)
        self.edit.setModified(False)

    def _same(self, text: str) -> bool:
        return self.edit.text().strip() == text or _numbers_equal(self.edit.text(), text)


def _format(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _numbers_equal(a: str, b: str) -> bool:
    try:
        return float(a) == float(b)
    except ValueError:
        return False


class ChoiceEditor(FieldEditor):
    """An enum, or an id picked from a list; optional fields offer `none_label` first."""

    def __init__(
        self,
        model: type[Node],
        name: str,
        *,
        choices: Choices | None = None,
        none_label: str = "(none)",
    ) -> None:
        self._choices = choices
        self._none_label = none_label
        super().__init__(model, name)

    def _build(self) -> QWidget:
        self.combo = QComboBox()
        # Long entries (ids with names) must not widen the form beyond a narrow dock.
        self.combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.combo.setMinimumContentsLength(12)
        self.combo.setPlaceholderText(f"{MIXED} mixed")
        self.combo.activated.connect(lambda row: self._commit(self.combo.itemData(row)))
        self._fill()
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.combo)
        layout.addStretch(1)
        return row

    def _fill(self) -> None:
        items: list[tuple[Any, str]] = []
        if self.optional:
            items.append((None, self._none_label))
        if self._choices is not None:
            items.extend(self._choices())
        elif isinstance(self.bare, type) and issubclass(self.bare, Enum):
            items.extend((member, enum_label(member)) for member in self.bare)
        current = [
            (self.combo.itemData(i), self.combo.itemText(i)) for i in range(self.combo.count())
        ]
        if current != items:
            self.combo.clear()
            for value, label in items:
                self.combo.addItem(label, value)

    def _show(self, value: Any, *, mixed: bool) -> None:
        if self._choices is not None:
            self._fill()
        if mixed:
            self.combo.setCurrentIndex(-1)
            return
        row = self.combo.findData(value)
        if row < 0 and value is not None:
            # A value the list does not offer (an unknown id): show it rather than hide it.
            self.combo.addItem(f"{value} (unknown)", value)
            row = self.combo.count() - 1
        self.combo.setCurrentIndex(row)


class FlagEditor(FieldEditor):
    """A yes/no field as a check box; mixed values show partly checked."""

    def _build(self) -> QWidget:
        self.box = QCheckBox(self.label)
        self.box.clicked.connect(self._clicked)
        return self.box

    def _clicked(self, checked: bool) -> None:
        # A click on a mixed box sets every object: leave the third state for good.
        self.box.setTristate(False)
        self._commit(bool(checked))

    def _show(self, value: Any, *, mixed: bool) -> None:
        self.box.setTristate(mixed)
        if mixed:
            self.box.setCheckState(Qt.CheckState.PartiallyChecked)
        else:
            self.box.setCheckState(Qt.CheckState.Checked if value else Qt.CheckState.Unchecked)


class HexEditor(FieldEditor):
    """A hex as column and row."""

    def _build(self) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        self.column = _LineEdit()
        self.row = _LineEdit()
        for caption, edit in (("column", self.column), ("row", self.row)):
            edit.setMaximumWidth(64)
            edit.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            edit.setPlaceholderText(MIXED)
            edit.editingFinished.connect(self._finish)
            label = QLabel(caption)
            label.setStyleSheet("color: palette(placeholder-text);")
            layout.addWidget(edit)
            layout.addWidget(label)
        layout.addStretch(1)
        return row

    def _finish(self) -> None:
        if self.column.isModified() or self.row.isModified():
            self.column.setModified(False)
            self.row.setModified(False)
            self._commit([self.column.text().strip(), self.row.text().strip()])

    def _show(self, value: Any, *, mixed: bool) -> None:
        column, row = ("", "") if mixed or value is None else value
        self.column.setText(str(column))
        self.row.setText(str(row))


def make_editor(
    model: type[Node],
    name: str,
    *,
    choices: Choices | None = None,
    none_label: str = "(none)",
) -> FieldEditor:
    """The editor that suits a field of a model."""
    bare, _ = _strip(model.model_fields[name].annotation)
    if choices is not None or (isinstance(bare, type) and issubclass(bare, Enum)):
        return ChoiceEditor(model, name, choices=choices, none_label=none_label)
    if bare is bool:
        return FlagEditor(model, name)
    if get_origin(bare) is tuple:
        return HexEditor(model, name)
    return TextEditor(model, name, on_finish=name in {"id", "combined_with"})


def editor_cell(editor: FieldEditor) -> QWidget:
    """An editor's widget with its error line below it."""
    cell = QWidget()
    layout = QVBoxLayout(cell)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(1)
    layout.addWidget(editor.widget)
    layout.addWidget(editor.error)
    return cell

"""Editors bound to one field of a file model: each shows the value, checks it as the designer
types, and turns every change into an undoable command on the document.

`field_editor(Header, "turns", ("header", "turns"), text="Set Scenario Turns")` picks the editor
from the field's type (spin box, combo box, check box, text, date and time, a check box per
choice of a list) and takes its range, unit and tool tip from the pydantic field. `field_row`
lays one or more editors out on a form row with their messages beneath.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import QDate, QDateTime, Qt, QTime, QTimeZone
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QDoubleSpinBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from editor.widgets.field_base import (
    FieldEditor,
    FieldMeta,
    MessageLabel,
    field_meta,
    markup,
    readable_error,
    readable_label,
    unit_suffix,
)
from schemas.io import FileKind
from schemas.problems import ModelPath

__all__ = [
    "BoolEditor",
    "ChoiceEditor",
    "DateTimeEditor",
    "EnumSetEditor",
    "FieldEditor",
    "FieldMeta",
    "FloatEditor",
    "IntEditor",
    "LongTextEditor",
    "MessageLabel",
    "TextEditor",
    "TimeOfDayEditor",
    "editor_class",
    "field_editor",
    "field_meta",
    "field_row",
    "markup",
    "readable_error",
    "readable_label",
]

_UNBOUNDED = 1_000_000
"""The range of a number field without limits (victory levels, advantage)."""

_UTC = QTimeZone(QTimeZone.Initialization.UTC)


class IntEditor(FieldEditor):
    """A whole number in a spin box with its unit as suffix and the field's range."""

    def __init__(
        self,
        meta: FieldMeta,
        path: ModelPath,
        *,
        none_text: str = "none",
        prefix: str = "",
        suffix: str | None = None,
        unit: str | None = None,
        step: int = 1,
        **options: Any,
    ) -> None:
        super().__init__(meta, path, **options)
        self._unit = unit or meta.unit
        self._suffix = suffix
        self.spin = QSpinBox()
        low = int(meta.minimum) if meta.minimum is not None else -_UNBOUNDED
        high = int(meta.maximum) if meta.maximum is not None else _UNBOUNDED
        if meta.optional:
            # The value below the range stands for None, shown as `none_text`.
            low -= 1
            self.spin.setSpecialValueText(none_text)
        self.spin.setRange(low, high)
        self.spin.setSingleStep(step)
        self.spin.setPrefix(prefix)
        self._update_suffix(self.spin.value())
        self.spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.spin.setAccelerated(True)
        self.spin.valueChanged.connect(self._on_value)
        # The line edit reports every keystroke; the spin box only those that make a value.
        self.spin.lineEdit().textChanged.connect(self._on_text)
        self.spin.editingFinished.connect(self.new_session)
        self._add(self.spin)

    def _update_suffix(self, number: int) -> None:
        suffix = unit_suffix(self._unit, number) if self._suffix is None else self._suffix
        if self.spin.suffix() != suffix:
            self.spin.setSuffix(suffix)

    def _display(self, value: Any) -> bool:
        shown = self.spin.minimum() if value is None else int(value)
        if self.spin.value() == shown and self.spin.hasAcceptableInput():
            return False
        self.spin.setValue(shown)  # also rewrites text left half-typed
        self._update_suffix(shown)
        return True

    def _on_value(self, number: int) -> None:
        self._update_suffix(number)
        if self._loading:
            return
        none = self.meta.optional and number == self.spin.minimum()
        self.commit(None if none else number, merge=True)

    def _on_text(self, _text: str) -> None:
        if self._loading:
            return
        if self.spin.hasAcceptableInput():
            self.message.set_message(None)
            return
        typed = self.spin.cleanText()
        try:
            number = int(typed)
        except ValueError:
            self.message.set_message(f"{self.meta.label} must be a whole number")
            return
        self.check(number)


class FloatEditor(FieldEditor):
    """A decimal number in a spin box with its unit as suffix and the field's range."""

    def __init__(
        self,
        meta: FieldMeta,
        path: ModelPath,
        *,
        decimals: int = 2,
        step: float = 1.0,
        prefix: str = "",
        suffix: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__(meta, path, **options)
        self.spin = QDoubleSpinBox()
        self.spin.setDecimals(decimals)
        self.spin.setRange(
            meta.minimum if meta.minimum is not None else -_UNBOUNDED,
            meta.maximum if meta.maximum is not None else _UNBOUNDED,
        )
        self.spin.setSingleStep(step)
        self.spin.setPrefix(prefix)
        self.spin.setSuffix(unit_suffix(meta.unit) if suffix is None else suffix)
        self.spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.spin.valueChanged.connect(self._on_value)
        # The line edit reports every keystroke; the spin box only those that make a value.
        self.spin.lineEdit().textChanged.connect(self._on_text)
        self.spin.editingFinished.connect(self.new_session)
        self._add(self.spin)

    def _display(self, value: Any) -> bool:
        if value is None or (self.spin.value() == value and self.spin.hasAcceptableInput()):
            return False
        self.spin.setValue(float(value))
        return True

    def _on_value(self, number: float) -> None:
        if not self._loading:
            self.commit(number, merge=True)

    def _on_text(self, _text: str) -> None:
        if self._loading:
            return
        if self.spin.hasAcceptableInput():
            self.message.set_message(None)
            return
        try:
            number = float(self.spin.cleanText().replace(self.spin.locale().decimalPoint(), "."))
        except ValueError:
            self.message.set_message(f"{self.meta.label} must be a number")
            return
        self.check(number)


class ChoiceEditor(FieldEditor):
    """One choice of an enumeration in a combo box (with a "none" entry for optional fields)."""

    def __init__(
        self,
        meta: FieldMeta,
        path: ModelPath,
        *,
        labels: Mapping[Any, str] | None = None,
        descriptions: Mapping[Any, str] | None = None,
        none_text: str = "none",
        **options: Any,
    ) -> None:
        super().__init__(meta, path, **options)
        self.choices: type[StrEnum] = meta.value_type
        self.combo = QComboBox()
        labels = labels or {}
        descriptions = descriptions or {}
        if meta.optional:
            self.combo.addItem(none_text, "")
        for member in self.choices:
            self.combo.addItem(labels.get(member, readable_label(member.value)), member.value)
            if member in descriptions:
                tip = f"<p>{markup(descriptions[member])}</p>"
                self.combo.setItemData(self.combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        self.combo.currentIndexChanged.connect(self._on_index)
        self._add(self.combo)

    def _display(self, value: Any) -> bool:
        index = self.combo.findData("" if value is None else str(value))
        if index == self.combo.currentIndex():
            return False
        self.combo.setCurrentIndex(index)
        return True

    def _on_index(self, index: int) -> None:
        if self._loading or index < 0:
            return
        data = self.combo.itemData(index)
        if not self.commit(self.choices(data) if data else None):
            self._revert()


class BoolEditor(FieldEditor):
    """A yes/no field as a check box carrying the field's label."""

    def __init__(self, meta: FieldMeta, path: ModelPath, **options: Any) -> None:
        super().__init__(meta, path, **options)
        self.box = QCheckBox(meta.label)
        self.box.toggled.connect(self._on_toggled)
        self._add(self.box)

    def _display(self, value: Any) -> bool:
        if self.box.isChecked() == bool(value):
            return False
        self.box.setChecked(bool(value))
        return True

    def _on_toggled(self, checked: bool) -> None:
        if not self._loading and not self.commit(checked):
            self._revert()


class TextEditor(FieldEditor):
    """One line of text; typing is one undo step until the field loses focus or Enter."""

    expands = True

    def __init__(self, meta: FieldMeta, path: ModelPath, **options: Any) -> None:
        super().__init__(meta, path, **options)
        self.line = QLineEdit()
        self.line.textEdited.connect(self._on_edited)
        self.line.editingFinished.connect(self._on_finished)
        self._add(self.line)

    def _display(self, value: Any) -> bool:
        text = value or ""
        if self.line.text() == text:
            return False
        self.line.setText(text)
        return True

    def _on_edited(self, text: str) -> None:
        self.commit(text, merge=True)

    def _on_finished(self) -> None:
        self.new_session()
        if self.message.text():
            # The refused text never reached the document: show what it holds.
            self.refresh()
            self.message.set_message(None)


class LongTextEditor(FieldEditor):
    """Several lines of text (a briefing); typing merges like `TextEditor`."""

    expands = True

    def __init__(self, meta: FieldMeta, path: ModelPath, *, lines: int = 8, **options: Any):
        super().__init__(meta, path, **options)
        self.edit = QPlainTextEdit()
        self.edit.setTabChangesFocus(True)
        self.edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        height = self.edit.fontMetrics().lineSpacing() * lines + 12
        self.edit.setFixedHeight(height)
        self.edit.textChanged.connect(self._on_changed_text)
        self._add(self.edit)
        self.edit.installEventFilter(self._keys)

    def _display(self, value: Any) -> bool:
        text = value or ""
        if self.edit.toPlainText() == text:
            return False
        self.edit.setPlainText(text)
        return True

    def _on_changed_text(self) -> None:
        if not self._loading:
            self.commit(self.edit.toPlainText(), merge=True)


class DateTimeEditor(FieldEditor):
    """A date and time to the minute, with a calendar."""

    def __init__(self, meta: FieldMeta, path: ModelPath, **options: Any) -> None:
        super().__init__(meta, path, **options)
        self.edit = QDateTimeEdit()
        # UTC: game times are wall-clock times and must not shift over a daylight-saving gap.
        self.edit.setTimeZone(_UTC)
        self.edit.setDisplayFormat("yyyy-MM-dd HH:mm")
        self.edit.setCalendarPopup(True)
        self.edit.dateTimeChanged.connect(self._on_changed_time)
        self.edit.editingFinished.connect(self.new_session)
        self._add(self.edit)

    def _display(self, value: Any) -> bool:
        if value is None or self._read() == value:
            return False
        self.edit.setDateTime(
            QDateTime(
                QDate(value.year, value.month, value.day), QTime(value.hour, value.minute), _UTC
            )
        )
        return True

    def _read(self) -> datetime:
        day, time = self.edit.date(), self.edit.time()
        return datetime(day.year(), day.month(), day.day(), time.hour(), time.minute())

    def _on_changed_time(self) -> None:
        if not self._loading:
            self.commit(self._read(), merge=True)


class TimeOfDayEditor(FieldEditor):
    """A time of day held as minutes after midnight, shown HH:MM."""

    def __init__(self, meta: FieldMeta, path: ModelPath, **options: Any) -> None:
        super().__init__(meta, path, **options)
        self.edit = QTimeEdit()
        self.edit.setDisplayFormat("HH:mm")
        self.edit.timeChanged.connect(self._on_changed_time)
        self.edit.editingFinished.connect(self.new_session)
        self._add(self.edit)

    def _display(self, value: Any) -> bool:
        current = self.edit.time()
        if value is None or current.hour() * 60 + current.minute() == value:
            return False
        self.edit.setTime(QTime(value // 60, value % 60))
        return True

    def _on_changed_time(self, time: QTime) -> None:
        if not self._loading:
            self.commit(time.hour() * 60 + time.minute(), merge=True)


class EnumSetEditor(FieldEditor):
    """A list of enumeration members as a check box per member; ticking adds the member at the
    end and unticking removes it, so the file keeps the order the designer chose."""

    expands = True

    def __init__(
        self,
        meta: FieldMeta,
        path: ModelPath,
        *,
        members: Sequence[StrEnum] | None = None,
        labels: Mapping[Any, str] | None = None,
        descriptions: Mapping[Any, str] | None = None,
        columns: int = 0,
        captions: bool = False,
        **options: Any,
    ) -> None:
        super().__init__(meta, path, **options)
        labels = labels or {}
        descriptions = descriptions or {}
        self.members: list[StrEnum] = list(members if members is not None else meta.item_type)
        self.boxes: dict[StrEnum, QCheckBox] = {}
        self.captions: dict[StrEnum, QLabel] = {}
        grid_widget = QWidget()
        grid = QGridLayout(grid_widget)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(16)
        grid.setVerticalSpacing(2 if captions else 4)
        per_row = columns or len(self.members)
        for number, member in enumerate(self.members):
            box = QCheckBox(labels.get(member, readable_label(member.value)))
            box.toggled.connect(lambda checked, m=member: self._on_toggled(m, checked))
            row, column = divmod(number, per_row)
            description = descriptions.get(member)
            if description:
                box.setToolTip(f"<p>{markup(description)}</p>")
            self.boxes[member] = box
            if captions:
                caption = QLabel(markup(description or ""))
                caption.setTextFormat(Qt.TextFormat.RichText)
                caption.setWordWrap(True)
                font = caption.font()
                font.setPointSizeF(font.pointSizeF() * 0.92)
                caption.setFont(font)
                caption.setIndent(box.iconSize().width() + 8)
                caption.setStyleSheet("color: palette(placeholder-text);")
                self.captions[member] = caption
                grid.addWidget(box, row * 2, column)
                grid.addWidget(caption, row * 2 + 1, column)
                grid.setRowMinimumHeight(row * 2 + 1, 0)
            else:
                grid.addWidget(box, row, column)
        if not captions:
            grid.setColumnStretch(per_row, 1)
        self._add(grid_widget)

    @property
    def focus_widget(self) -> QWidget:
        return self.boxes[self.members[0]]

    def _display(self, value: Any) -> bool:
        chosen = set(value or ())
        changed = False
        for member, box in self.boxes.items():
            if box.isChecked() != (member in chosen):
                box.setChecked(member in chosen)
                changed = True
        return changed

    def _on_toggled(self, member: StrEnum, checked: bool) -> None:
        if self._loading:
            return
        current = list(self.value() or ())
        if checked and member not in current:
            chosen = [*current, member]
        else:
            chosen = [m for m in current if m != member]
        if not self.commit(chosen):
            self._revert()

    def show_focus(self, rest: ModelPath = ()) -> QWidget:
        box = self.focus_widget
        chosen = self.value() or []
        if rest and isinstance(rest[0], int) and 0 <= rest[0] < len(chosen):
            box = self.boxes.get(chosen[rest[0]], box)
        box.setFocus(Qt.FocusReason.OtherFocusReason)
        return box


def editor_class(meta: FieldMeta, *, multiline: bool = False) -> type[FieldEditor]:
    """The editor for a field's type."""
    kind = meta.value_type
    if kind is list and isinstance(meta.item_type, type) and issubclass(meta.item_type, StrEnum):
        return EnumSetEditor
    if kind is bool:
        return BoolEditor
    if isinstance(kind, type) and issubclass(kind, StrEnum):
        return ChoiceEditor
    if meta.clock_time:
        return TimeOfDayEditor
    if kind is int:
        return IntEditor
    if kind is float:
        return FloatEditor
    if kind is datetime:
        return DateTimeEditor
    if kind is str:
        return LongTextEditor if multiline else TextEditor
    raise TypeError(f"no field editor for {meta.label!r} of type {kind!r}")


def field_editor(
    model: type[BaseModel],
    name: str,
    path: ModelPath,
    *,
    text: str = "",
    kind: FileKind = FileKind.SCENARIO,
    label: str | None = None,
    description: str | None = None,
    multiline: bool = False,
    **options: Any,
) -> FieldEditor:
    """The editor of field `name` of `model`, which lives at `path` in files of `kind`.

    `text` names the command ("Set Scenario Turns"); `options` go to the editor class (e.g.
    `labels`, `descriptions`, `none_text`, `prefix`, `step`, `decimals`, `lines`, `columns`).
    """
    meta = field_meta(model, name, label=label, description=description)
    cls = editor_class(meta, multiline=multiline)
    return cls(meta, path, kind=kind, text=text, **options)


def field_row(*parts: QWidget | str) -> QWidget:
    """A form row: editors and words side by side, the editors' messages beneath."""
    row = QWidget()
    column = QVBoxLayout(row)
    column.setContentsMargins(0, 0, 0, 0)
    column.setSpacing(2)
    line = QHBoxLayout()
    line.setSpacing(6)
    for part in parts:
        line.addWidget(QLabel(part) if isinstance(part, str) else part)
    editors = [part for part in parts if isinstance(part, FieldEditor)]
    if not any(editor.expands for editor in editors):
        line.addStretch(1)
    column.addLayout(line)
    for editor in editors:
        column.addWidget(editor.message)
    return row

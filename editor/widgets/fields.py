"""The field editors: each shows one field of one or several objects (blank, "—" or partly
checked where they differ), reads its label, unit, limits and tool tip from the pydantic field,
shows why a value is refused under itself, and offers the designer's values to a `Binding`
(editor.widgets.binding), which edits the document.

`make_editor(field_meta(Header, "turns"))` picks the editor from the field's type: a spin box
or a typed number, a combo box, a check box, text, date and time, a check box per choice of a
list, a hex. A `FieldStyle` says how a form shows numbers and choices.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum, StrEnum
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from editor.widgets.field_base import (
    MIXED,
    FieldEditor,
    FieldMeta,
    MessageLabel,
    Update,
    field_meta,
    markup,
    readable_error,
    readable_label,
    unit_suffix,
)
from editor.widgets.text_fields import (
    DateTimeEditor,
    HexEditor,
    LongTextEditor,
    TextEditor,
    TimeOfDayEditor,
)
from schemas.problems import ModelPath

__all__ = [
    "DENSE",
    "MIXED",
    "BoolEditor",
    "ChoiceEditor",
    "Choices",
    "DateTimeEditor",
    "EnumSetEditor",
    "FieldEditor",
    "FieldMeta",
    "FieldStyle",
    "FloatEditor",
    "HexEditor",
    "IntEditor",
    "LongTextEditor",
    "MessageLabel",
    "TextEditor",
    "TimeOfDayEditor",
    "Update",
    "editor_class",
    "field_meta",
    "make_editor",
    "markup",
    "readable_error",
    "readable_label",
]

_UNBOUNDED = 1_000_000
"""The range of a number field without limits (victory levels, advantage)."""

Choices = Callable[[], Sequence[tuple[Any, str]]]
"""The values a field may take with their labels (ids from the file), read at each showing."""


@dataclass(frozen=True, slots=True)
class FieldStyle:
    """How a form shows its fields."""

    typed_numbers: bool = False
    """Numbers typed in line edits with the unit inside, instead of spin boxes: a dense form
    of many numbers, where values the field refuses are typed and then explained."""
    choice_width: int = 0
    """The width of choice lists in characters, so a form's lists line up (0: fit them)."""
    named_messages: bool = True
    """Whether a refusal names its field ("Turns must be at least 1"), for rows holding
    several fields; a form with a label beside every field says "Must be at least 1"."""


DENSE = FieldStyle(typed_numbers=True, choice_width=12, named_messages=False)
"""A label beside every field, two columns of numbers (the Unit dock)."""


# Numbers in spin boxes ------------------------------------------------------------------------


class _BlankSpinBox(QSpinBox):
    """A spin box that shows nothing while `blank` (the objects differ)."""

    blank = False

    def textFromValue(self, value: int) -> str:
        return "" if self.blank else super().textFromValue(value)


class _BlankDoubleSpinBox(QDoubleSpinBox):
    """A decimal spin box that shows nothing while `blank` (the objects differ)."""

    blank = False

    def textFromValue(self, value: float) -> str:
        return "" if self.blank else super().textFromValue(value)


class _SpinEditor(FieldEditor):
    """The common part of number editors in spin boxes: prefix, unit suffix, steps, blank
    while the objects differ, and messages while a typed number is out of range."""

    spin: _BlankSpinBox | _BlankDoubleSpinBox

    def _setup(self, spin: _BlankSpinBox | _BlankDoubleSpinBox, prefix: str, step: float) -> None:
        self.spin = spin
        self._prefix = prefix
        self._special = ""
        self._width = 0
        spin.setSingleStep(step)  # type: ignore[arg-type]
        spin.setPrefix(prefix)
        spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        spin.setAccelerated(True)
        # The line edit reports every keystroke; the spin box only those that make a value.
        spin.lineEdit().textChanged.connect(self._on_text)
        spin.editingFinished.connect(self.new_session)
        self._update_suffix(spin.value())
        self._add(spin)

    def _suffix(self, number: float) -> str:
        return unit_suffix(self.meta.unit)

    def _update_suffix(self, number: float) -> None:
        suffix = "" if self.spin.blank else self._suffix(number)
        if self.spin.suffix() != suffix:
            self.spin.setSuffix(suffix)

    def _set_blank(self, blank: bool) -> None:
        spin = self.spin
        if spin.blank == blank:
            return
        if blank:
            # The box would shrink to fit no text: keep the width it has with a number.
            self._width = spin.minimumWidth()
            spin.setMinimumWidth(spin.sizeHint().width())
            self._special = spin.specialValueText()
        spin.blank = blank
        spin.lineEdit().setPlaceholderText(MIXED if blank else "")
        spin.setSpecialValueText("" if blank else self._special)
        spin.setPrefix("" if blank else self._prefix)
        self._update_suffix(spin.value())
        if blank:
            spin.lineEdit().setText("")
        else:
            spin.setMinimumWidth(self._width)

    def _show_number(self, number: float, *, mixed: bool) -> None:
        self._set_blank(mixed)
        if mixed or (self.spin.value() == number and self.spin.hasAcceptableInput()):
            return
        self.spin.setValue(number)  # type: ignore[arg-type]  # also rewrites half-typed text
        self._update_suffix(number)

    def _value_of(self, number: float) -> Any:
        return number

    def _on_value(self, number: float) -> None:
        if self._loading:
            return
        self._set_blank(False)
        self._update_suffix(number)
        self.commit(self._value_of(number), merge=True)

    def _on_text(self, _text: str) -> None:
        if self._loading:
            return
        if self.spin.hasAcceptableInput():
            if self.spin.blank:
                # The objects differ and the designer typed the number the box held hidden:
                # no valueChanged, yet every object should take it.
                self._on_value(self.spin.value())
            else:
                self.show_message(None)
            return
        if not self.spin.cleanText():
            return
        self._check_typed(self.spin.cleanText())

    def _check_typed(self, typed: str) -> None:
        raise NotImplementedError


class IntEditor(_SpinEditor):
    """A whole number in a spin box with its unit as suffix and the field's range."""

    def __init__(
        self,
        meta: FieldMeta,
        *,
        none_text: str = "none",
        prefix: str = "",
        suffix: str | None = None,
        unit: str | None = None,
        step: int = 1,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(meta, parent=parent)
        self._unit = unit or meta.unit
        self._fixed_suffix = suffix
        spin = _BlankSpinBox()
        low = int(meta.minimum) if meta.minimum is not None else -_UNBOUNDED
        high = int(meta.maximum) if meta.maximum is not None else _UNBOUNDED
        if meta.optional:
            # The value below the range stands for None, shown as `none_text`.
            low -= 1
            spin.setSpecialValueText(none_text)
        spin.setRange(low, high)
        spin.valueChanged.connect(self._on_value)
        self._setup(spin, prefix, step)

    def _suffix(self, number: float) -> str:
        return unit_suffix(self._unit, number) if self._fixed_suffix is None else self._fixed_suffix

    def _display(self, value: Any, *, mixed: bool) -> None:
        self._show_number(self.spin.minimum() if value is None else int(value), mixed=mixed)

    def _value_of(self, number: float) -> Any:
        return None if self.meta.optional and number == self.spin.minimum() else number

    def _check_typed(self, typed: str) -> None:
        try:
            number = int(typed)
        except ValueError:
            self.show_message(f"{self.meta.label} must be a whole number")
            return
        self.check(number)


class FloatEditor(_SpinEditor):
    """A decimal number in a spin box with its unit as suffix and the field's range."""

    def __init__(
        self,
        meta: FieldMeta,
        *,
        decimals: int = 2,
        step: float = 1.0,
        prefix: str = "",
        suffix: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(meta, parent=parent)
        self._fixed_suffix = suffix
        spin = _BlankDoubleSpinBox()
        spin.setDecimals(decimals)
        spin.setRange(
            meta.minimum if meta.minimum is not None else -_UNBOUNDED,
            meta.maximum if meta.maximum is not None else _UNBOUNDED,
        )
        spin.valueChanged.connect(self._on_value)
        self._setup(spin, prefix, step)

    def _suffix(self, number: float) -> str:
        return unit_suffix(self.meta.unit) if self._fixed_suffix is None else self._fixed_suffix

    def _display(self, value: Any, *, mixed: bool) -> None:
        if value is not None or mixed:
            self._show_number(float(value or 0.0), mixed=mixed)

    def _check_typed(self, typed: str) -> None:
        try:
            number = float(typed.replace(self.spin.locale().decimalPoint(), "."))
        except ValueError:
            self.show_message(f"{self.meta.label} must be a number")
            return
        self.check(number)


# Choices --------------------------------------------------------------------------------------


class ChoiceEditor(FieldEditor):
    """One choice in a combo box: a member of an enumeration, or an id of the file picked
    from `choices`. Optional fields offer `none_text` first; differing objects show none."""

    def __init__(
        self,
        meta: FieldMeta,
        *,
        choices: Choices | None = None,
        labels: Mapping[Any, str] | None = None,
        descriptions: Mapping[Any, str] | None = None,
        none_text: str = "(none)",
        width: int = 0,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(meta, parent=parent)
        kind = meta.value_type
        self.enum: type[Enum] | None = (
            kind if isinstance(kind, type) and issubclass(kind, Enum) else None
        )
        self._choices = choices
        self.follows_file = choices is not None
        """Whether the choices come from the file, to be read again as it changes."""
        self._labels = labels or {}
        self._descriptions = descriptions or {}
        self._none_text = none_text
        self.combo = QComboBox()
        if width:
            # Long entries (ids with names) must not widen the form beyond a narrow dock.
            self.combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            self.combo.setMinimumContentsLength(width)
        self._fill()
        self.combo.currentIndexChanged.connect(self._on_index)
        self._add(self.combo)

    def _items(self) -> list[tuple[str, str]]:
        items: list[tuple[str, str]] = []
        if self.meta.optional:
            items.append(("", self._none_text))
        if self._choices is not None:
            items.extend((_data(value), label) for value, label in self._choices())
        elif self.enum is not None:
            items.extend(
                (_data(member), self._labels.get(member, readable_label(str(member.value))))
                for member in self.enum
            )
        return items

    def _fill(self) -> None:
        items = self._items()
        count = self.combo.count()
        if [(self.combo.itemData(i), self.combo.itemText(i)) for i in range(count)] == items:
            return
        with self._quiet():
            self.combo.clear()
            for data, label in items:
                self.combo.addItem(label, data)
                description = self.enum is not None and data and self._descriptions.get(data)
                if description:
                    tip = f"<p>{markup(description)}</p>"
                    self.combo.setItemData(self.combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)

    def _display(self, value: Any, *, mixed: bool) -> None:
        if self._choices is not None:
            self._fill()
        if mixed:
            # Set at the first need only: the placeholder widens a list sized to its choices.
            self.combo.setPlaceholderText(f"{MIXED} mixed")
            self.combo.setCurrentIndex(-1)
            return
        index = self.combo.findData(_data(value))
        if index < 0 and value is not None:
            # A value the list does not offer (an unknown id): show it rather than hide it.
            self.combo.addItem(f"{value} (unknown)", _data(value))
            index = self.combo.count() - 1
        self.combo.setCurrentIndex(index)

    def _on_index(self, index: int) -> None:
        if self._loading or index < 0:
            return
        data = self.combo.itemData(index)
        if not data:
            self.commit(None)
        else:
            self.commit(self.enum(data) if self.enum is not None else data)


def _data(value: Any) -> str:
    """A choice as combo box item data: "" for none, an enumeration member by its value."""
    if value is None:
        return ""
    return str(value.value) if isinstance(value, Enum) else str(value)


class BoolEditor(FieldEditor):
    """A yes/no field as a check box carrying the field's label; differing objects show it
    partly checked, and a click sets them all."""

    def __init__(self, meta: FieldMeta, *, parent: QWidget | None = None) -> None:
        super().__init__(meta, parent=parent)
        self.box = QCheckBox(meta.label)
        self.box.clicked.connect(self._on_clicked)
        self._add(self.box)

    @property
    def focus_widget(self) -> QWidget:
        return self.box

    def _display(self, value: Any, *, mixed: bool) -> None:
        self.box.setTristate(mixed)
        if mixed:
            self.box.setCheckState(Qt.CheckState.PartiallyChecked)
        else:
            self.box.setCheckState(Qt.CheckState.Checked if value else Qt.CheckState.Unchecked)

    def _on_clicked(self, checked: bool) -> None:
        # A click on a partly checked box sets every object: leave the third state for good.
        self.box.setTristate(False)
        self.commit(bool(checked))


class EnumSetEditor(FieldEditor):
    """A list of enumeration members as a check box per member; ticking adds the member at the
    end and unticking removes it, so the file keeps the order the designer chose. A member
    some of the objects have shows partly checked."""

    expands = True

    def __init__(
        self,
        meta: FieldMeta,
        *,
        members: Sequence[StrEnum] | None = None,
        labels: Mapping[Any, str] | None = None,
        descriptions: Mapping[Any, str] | None = None,
        columns: int = 0,
        captions: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(meta, parent=parent)
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
            box.clicked.connect(lambda checked, m=member: self._on_clicked(m, checked))
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

    def _display(self, value: Any, *, mixed: bool) -> None:
        chosen = [set(members or ()) for members in self.values]
        for member, box in self.boxes.items():
            count = sum(member in members for members in chosen)
            partly = 0 < count < len(chosen)
            box.setTristate(partly)
            if partly:
                box.setCheckState(Qt.CheckState.PartiallyChecked)
            else:
                box.setCheckState(Qt.CheckState.Checked if count else Qt.CheckState.Unchecked)

    def _on_clicked(self, member: StrEnum, checked: bool) -> None:
        self.boxes[member].setTristate(False)

        def ticked(old: Any) -> list[Any]:
            current = list(old or ())
            return current if member in current else [*current, member]

        def unticked(old: Any) -> list[Any]:
            return [m for m in old or () if m != member]

        self.commit(Update(ticked if checked else unticked))

    def show_focus(self, rest: ModelPath = ()) -> QWidget:
        box = self.focus_widget
        chosen = self.value or []
        if rest and isinstance(rest[0], int) and 0 <= rest[0] < len(chosen):
            box = self.boxes.get(chosen[rest[0]], box)
        box.setFocus(Qt.FocusReason.OtherFocusReason)
        return box


# Choosing the editor --------------------------------------------------------------------------


def editor_class(
    meta: FieldMeta,
    *,
    style: FieldStyle | None = None,
    multiline: bool = False,
    choices: bool = False,
) -> type[FieldEditor]:
    """The editor for a field's type (`choices`: the field takes ids of the file)."""
    style = style or FieldStyle()
    kind = meta.value_type
    if kind is list and isinstance(meta.item_type, type) and issubclass(meta.item_type, StrEnum):
        return EnumSetEditor
    if choices or (isinstance(kind, type) and issubclass(kind, Enum)):
        return ChoiceEditor
    if kind is bool:
        return BoolEditor
    if kind is tuple:
        return HexEditor
    if meta.clock_time:
        return TimeOfDayEditor
    if kind is datetime:
        return DateTimeEditor
    if kind in (int, float) and style.typed_numbers:
        return TextEditor
    if kind is int:
        return IntEditor
    if kind is float:
        return FloatEditor
    if kind is str:
        return LongTextEditor if multiline else TextEditor
    if kind is list:
        return TextEditor
    raise TypeError(f"no field editor for {meta.label!r} of type {kind!r}")


def make_editor(
    meta: FieldMeta,
    *,
    style: FieldStyle | None = None,
    multiline: bool = False,
    choices: Choices | None = None,
    **options: Any,
) -> FieldEditor:
    """The editor of a field: `options` go to the editor class (e.g. `labels`, `descriptions`,
    `none_text`, `prefix`, `suffix`, `step`, `decimals`, `lines`, `columns`, `on_finish`)."""
    style = style or FieldStyle()
    cls = editor_class(meta, style=style, multiline=multiline, choices=choices is not None)
    if cls is ChoiceEditor:
        options.setdefault("width", style.choice_width)
        return ChoiceEditor(meta, choices=choices, **options)
    return cls(meta, **options)

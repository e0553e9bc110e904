"""Field editors the designer types into (see `editor.widgets.fields`): one line of text, a
number with its unit shown inside the field, a list of ids, a hex as column and row, several
lines of text, a date and time, a time of day."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtCore import QDate, QDateTime, Qt, QTime, QTimeZone, Signal
from PySide6.QtGui import QFocusEvent, QResizeEvent
from PySide6.QtWidgets import (
    QDateTimeEdit,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTimeEdit,
    QWidget,
)

from editor.widgets.field_base import MIXED, FieldEditor, FieldMeta, Update

NUMBER_WIDTH = 100
"""Width of a typed number field in pixels, so a form's number columns line up."""

_UTC = QTimeZone(QTimeZone.Initialization.UTC)

_REFUSED_STYLE = "QLineEdit { border: 1px solid #b3261e; border-radius: 2px; }"
"""A type selector: a bare rule would also frame the unit label inside the field."""


class UnitLineEdit(QLineEdit):
    """A line edit that says when it has lost the focus and can show a greyed unit inside, at
    the right (like a spin box suffix)."""

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
    """One line of text, a number typed with its unit inside, or a comma-separated list.

    Typing is one undo step until the field loses focus or Enter; a refused value stays for
    the designer to fix until they leave the field. `on_finish` editors (ids, whose every
    keystroke would be a rename) commit when editing ends instead.
    """

    expands = True
    keeps_refused_input = True

    def __init__(
        self,
        meta: FieldMeta,
        *,
        on_finish: bool = False,
        empty_text: str | None = None,
        unit: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(meta, parent=parent)
        self.on_finish = on_finish
        self.numeric = meta.value_type in (int, float)
        self.expands = not self.numeric
        self.empty_text = ("default" if meta.optional else "") if empty_text is None else empty_text
        """What an empty optional field means, shown greyed in it."""
        self.line = UnitLineEdit()
        self.line.setPlaceholderText(self.empty_text)
        if on_finish:
            self.line.editingFinished.connect(self._commit_finished)
        else:
            self.line.textEdited.connect(self._on_edited)
            self.line.editingFinished.connect(self._on_finished)
            self.line.left.connect(self.restore)
        if self.numeric:
            self.line.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if unit is None:
                # "Hard attack" needs no "attack" beside it; hexes, MP, men and % do.
                unit = (
                    meta.unit if meta.unit and meta.unit.lower() not in meta.label.lower() else ""
                )
            self.set_unit(unit)
        self._add(self.line)

    def set_unit(self, unit: str) -> None:
        """Show this unit inside the field (a number's field widens to hold it)."""
        self.line.set_suffix(unit)
        if self.numeric:
            # One width for every number field (wider only for long units) keeps the
            # form's columns even.
            extra = self.line.suffix.sizeHint().width() + 6 if unit else 0
            self.line.setFixedWidth(max(56 + extra, NUMBER_WIDTH))

    def show_message(self, text: str | None) -> None:
        super().show_message(text)
        self.line.setStyleSheet(_REFUSED_STYLE if text else "")

    def typed_value(self) -> Any:
        """The typed value as the file format would read it (validated by the binding)."""
        text = self.line.text().strip()
        if self.meta.optional and not text:
            return None
        if self.meta.value_type is list:
            return [part.strip() for part in text.split(",") if part.strip()]
        return text

    def _on_edited(self, _text: str) -> None:
        self.commit(self.typed_value(), merge=True)

    def _on_finished(self) -> None:
        self.new_session()
        # Enter on a refused value puts back the value in the file.
        self.restore()

    def _commit_finished(self) -> None:
        self.new_session()
        if self.line.isModified():
            self.line.setModified(False)
            self.commit(self.typed_value())

    def _display(self, value: Any, *, mixed: bool) -> None:
        if mixed:
            self.line.setText("")
            self.line.setPlaceholderText(MIXED)
            return
        self.line.setPlaceholderText(self.empty_text)
        text = _format(value)
        if self.line.text() == text or (self.line.hasFocus() and self._same(text)):
            return  # the designer is typing this very value: keep the cursor where it is
        self.line.setText(text)
        self.line.setModified(False)

    def _same(self, text: str) -> bool:
        return self.line.text().strip() == text or _numbers_equal(self.line.text(), text)


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


class HexEditor(FieldEditor):
    """A hex as column and row. Objects on different hexes show the coordinates they share;
    typing one coordinate moves each object along it and keeps its other one."""

    keeps_refused_input = True

    def __init__(self, meta: FieldMeta, *, parent: QWidget | None = None) -> None:
        super().__init__(meta, parent=parent)
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        self.column = UnitLineEdit()
        self.row = UnitLineEdit()
        for caption, edit in (("column", self.column), ("row", self.row)):
            edit.setMaximumWidth(64)
            edit.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            edit.setPlaceholderText(MIXED)
            edit.editingFinished.connect(self._on_finished)
            label = QLabel(caption)
            label.setStyleSheet("color: palette(placeholder-text);")
            layout.addWidget(edit)
            layout.addWidget(label)
        layout.addStretch(1)
        self._add(row)

    @property
    def focus_widget(self) -> QWidget:
        return self.column

    def _on_finished(self) -> None:
        self.new_session()
        edits = (self.column, self.row)
        if not any(edit.isModified() for edit in edits):
            return
        for edit in edits:
            edit.setModified(False)
        typed = [edit.text().strip() for edit in edits]
        if not self.mixed:
            self.commit(typed)
            return

        def moved(old: Any) -> list[Any]:
            return [new or old_part for new, old_part in zip(typed, old, strict=True)]

        self.commit(Update(moved))

    def _display(self, value: Any, *, mixed: bool) -> None:
        for index, edit in enumerate((self.column, self.row)):
            parts = {hex_[index] for hex_ in self.values if hex_ is not None}
            edit.setText(str(parts.pop()) if len(parts) == 1 else "")
            edit.setModified(False)


# Long text, dates and times ---------------------------------------------------------------


class LongTextEditor(FieldEditor):
    """Several lines of text (a briefing); typing merges like `TextEditor`."""

    expands = True
    keeps_refused_input = True

    def __init__(self, meta: FieldMeta, *, lines: int = 8, parent: QWidget | None = None) -> None:
        super().__init__(meta, parent=parent)
        self.edit = QPlainTextEdit()
        self.edit.setTabChangesFocus(True)
        self.edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        height = self.edit.fontMetrics().lineSpacing() * lines + 12
        self.edit.setFixedHeight(height)
        self.edit.textChanged.connect(self._on_changed_text)
        self._add(self.edit)
        self.edit.installEventFilter(self._keys)

    def _display(self, value: Any, *, mixed: bool) -> None:
        self.edit.setPlaceholderText(MIXED if mixed else "")
        text = "" if mixed else value or ""
        if self.edit.toPlainText() != text:
            self.edit.setPlainText(text)

    def _on_changed_text(self) -> None:
        if not self._loading:
            self.commit(self.edit.toPlainText(), merge=True)


class DateTimeEditor(FieldEditor):
    """A date and time to the minute, with a calendar; differing objects show "—"."""

    def __init__(self, meta: FieldMeta, *, parent: QWidget | None = None) -> None:
        super().__init__(meta, parent=parent)
        self.edit = QDateTimeEdit()
        # UTC: game times are wall-clock times and must not shift over a daylight-saving gap.
        self.edit.setTimeZone(_UTC)
        self.edit.setDisplayFormat("yyyy-MM-dd HH:mm")
        self.edit.setCalendarPopup(True)
        self.edit.dateTimeChanged.connect(self._on_changed_time)
        self.edit.editingFinished.connect(self.new_session)
        self._add(self.edit)

    def _display(self, value: Any, *, mixed: bool) -> None:
        # The earliest date stands for "they differ", shown as the special text.
        self.edit.setSpecialValueText(MIXED if mixed else "")
        if mixed:
            self.edit.setDateTime(self.edit.minimumDateTime())
        elif value is not None and self._read() != value:
            day, time = QDate(value.year, value.month, value.day), QTime(value.hour, value.minute)
            self.edit.setDateTime(QDateTime(day, time, _UTC))

    def _read(self) -> datetime:
        day, time = self.edit.date(), self.edit.time()
        return datetime(day.year(), day.month(), day.day(), time.hour(), time.minute())

    def _on_changed_time(self) -> None:
        if not self._loading:
            self.commit(self._read(), merge=True)


class TimeOfDayEditor(FieldEditor):
    """A time of day held as minutes after midnight, shown HH:MM; differing objects show "—"."""

    def __init__(self, meta: FieldMeta, *, parent: QWidget | None = None) -> None:
        super().__init__(meta, parent=parent)
        self.edit = QTimeEdit()
        self.edit.setDisplayFormat("HH:mm")
        self.edit.timeChanged.connect(self._on_changed_time)
        self.edit.editingFinished.connect(self.new_session)
        self._add(self.edit)

    def _display(self, value: Any, *, mixed: bool) -> None:
        # Midnight stands for "they differ" while the special text is set.
        self.edit.setSpecialValueText(MIXED if mixed else "")
        current = self.edit.time()
        minutes = 0 if mixed else value
        if minutes is not None and current.hour() * 60 + current.minute() != minutes:
            self.edit.setTime(QTime(minutes // 60, minutes % 60))

    def _on_changed_time(self, time: QTime) -> None:
        if not self._loading:
            self.commit(time.hour() * 60 + time.minute(), merge=True)

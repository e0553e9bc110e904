"""The base of the field editors (see `editor.widgets.fields`): what a field's schema says about
it, readable validation messages, and `FieldEditor`, which shows one value of a file and turns
the designer's changes into undoable commands."""

from __future__ import annotations

import html
import itertools
import re
import types
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QWidget,
)

from editor.commands import SetValue
from editor.document import Change, Document
from editor.model_paths import EditError, get_at, validate_at
from schemas.base import ClockTime
from schemas.io import FileKind
from schemas.problems import ModelPath

_CLOCK_MARKERS = get_args(ClockTime)[1:]
_SESSIONS = itertools.count(1)

ERROR_STYLE = "color: #b3261e;"


def readable_label(name: str) -> str:
    """A field or choice name as a designer reads it.

    >>> readable_label("minutes_per_turn"), readable_label("panzer_campaigns")
    ('Minutes per turn', 'Panzer campaigns')
    """
    return name.replace("_", " ").capitalize()


@dataclass(frozen=True, slots=True)
class FieldMeta:
    """What an editor needs to know about a field: label, documentation, unit and limits."""

    label: str
    description: str
    value_type: Any
    """int, float, bool, str, datetime, a StrEnum class, or list (see `item_type`)."""
    item_type: Any = None
    unit: str | None = None
    minimum: float | None = None
    maximum: float | None = None
    optional: bool = False
    """Whether the field takes None ("default", "none")."""
    clock_time: bool = False
    """An int held as minutes after midnight and shown as HH:MM."""

    def limits_text(self) -> str:
        """The unit and range, e.g. "minutes, 5 to 1440"."""
        parts = []
        if self.unit:
            parts.append(self.unit)
        low, high = self.minimum, self.maximum
        if self.clock_time:
            parts.append("time of day, HH:MM")
        elif low is not None and high is not None:
            parts.append(f"{_number(low)} to {_number(high)}")
        elif low is not None:
            parts.append(f"at least {_number(low)}")
        elif high is not None:
            parts.append(f"at most {_number(high)}")
        return ", ".join(parts)

    def tool_tip(self) -> str:
        """Rich text: the label, the field's description, and its unit and range."""
        parts = [f"<b>{html.escape(self.label)}</b>"]
        if self.description:
            parts.append(markup(self.description))
        limits = self.limits_text()
        if limits:
            parts.append(f"<span style='color:#666'>{html.escape(limits)}</span>")
        return "<p>" + "</p><p>".join(parts) + "</p>"


def markup(text: str) -> str:
    """Docstring text as rich text: escaped, `code` in a fixed font, paragraphs kept."""
    escaped = html.escape(" ".join(text.split("\n\n", maxsplit=1)[0].split()), quote=False)
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", escaped)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def field_meta(
    model: type[BaseModel], name: str, *, label: str | None = None, description: str | None = None
) -> FieldMeta:
    """The label, documentation, unit and limits of `model.name`."""
    field = model.model_fields[name]
    annotation: Any = field.annotation
    optional = False
    if get_origin(annotation) in (Union, types.UnionType):
        members = [m for m in get_args(annotation) if m is not type(None)]
        optional = len(members) < len(get_args(annotation))
        annotation = members[0] if len(members) == 1 else annotation
    item_type = None
    if get_origin(annotation) is list:
        item_type = get_args(annotation)[0]
        annotation = list
    minimum = maximum = None
    integral = annotation is int
    for constraint in field.metadata:
        if isinstance(constraint, annotated_types.Ge):
            minimum = constraint.ge
        elif isinstance(constraint, annotated_types.Gt):
            above: Any = constraint.gt
            minimum = above + 1 if integral else above
        elif isinstance(constraint, annotated_types.Le):
            maximum = constraint.le
        elif isinstance(constraint, annotated_types.Lt):
            below: Any = constraint.lt
            maximum = below - 1 if integral else below
    extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
    unit = extra.get("x-unit")
    return FieldMeta(
        label=label or readable_label(name),
        description=description if description is not None else field.description or "",
        value_type=annotation,
        item_type=item_type,
        unit=str(unit) if unit else None,
        minimum=minimum,  # type: ignore[arg-type]
        maximum=maximum,  # type: ignore[arg-type]
        optional=optional,
        clock_time=any(m is marker for m in field.metadata for marker in _CLOCK_MARKERS),
    )


_PHRASES = (
    (r"Input should be greater than or equal to (\S+)", r"must be at least \1"),
    (r"Input should be less than or equal to (\S+)", r"must be at most \1"),
    (r"Input should be greater than (\S+)", r"must be more than \1"),
    (r"Input should be less than (\S+)", r"must be less than \1"),
    (r"String should have at least 1 character", "must not be empty"),
    (r"List should have at least 1 item.*", "needs at least one choice"),
    (r"Input should be a valid integer.*", "must be a whole number"),
    (r"Value error, ", ""),
)


def readable_error(label: str, error: EditError | str) -> str:
    """A validation message as a sentence about the field.

    >>> readable_error("Turns", "header.turns: Input should be greater than or equal to 1")
    'Turns must be at least 1'
    """
    text = str(error)
    _, separator, rest = text.partition(": ")
    message = rest if separator else text
    for pattern, replacement in _PHRASES:
        message = re.sub(pattern, replacement, message)
    joiner = " " if message.startswith(("must", "needs")) else ": "
    return f"{label}{joiner}{message}"


_SINGULAR = {"hexes": "hex", "minutes": "minute", "turns": "turn", "days": "day"}


def unit_suffix(unit: str | None, count: float | None = None) -> str:
    """The spin box suffix of a unit: "%" sticks to the number, words get a space, and a
    plural unit turns singular for a count of one.

    >>> unit_suffix("%"), unit_suffix("hexes", 3), unit_suffix("hexes", 1)
    ('%', ' hexes', ' hex')
    """
    if not unit:
        return ""
    if unit.startswith("%"):
        return unit
    if count == 1:
        unit = _SINGULAR.get(unit, unit)
    return f" {unit}"


class MessageLabel(QLabel):
    """The red line under a field that says why a typed value is refused; hidden when empty."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setStyleSheet(ERROR_STYLE)
        self.setVisible(False)

    def set_message(self, text: str | None) -> None:
        """Show `text`, or hide the label for None."""
        self.setText(text or "")
        # A label nobody placed in a layout would pop up as a window of its own.
        self.setVisible(bool(text) and self.parentWidget() is not None)


class _FieldKeys(QObject):
    """Routes Undo/Redo keys in a field to the document's undo stack rather than the widget's
    own text undo, and starts a new merge session whenever the field gains or loses focus."""

    def __init__(self, editor: FieldEditor) -> None:
        super().__init__(editor)
        self._editor = editor

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.FocusIn, QEvent.Type.FocusOut):
            self._editor.new_session()
        elif kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and _is_undo_key(event):
            # Ignored override: the window's Undo action gets the key; a plain key press must
            # not reach the widget's private text undo.
            event.ignore()
            return True
        return False


def _is_undo_key(event: QEvent) -> bool:
    return isinstance(event, QKeyEvent) and (
        event.matches(QKeySequence.StandardKey.Undo) or event.matches(QKeySequence.StandardKey.Redo)
    )


class FieldEditor(QWidget):
    """One field of a file at a model path, shown from the document and edited by commands.

    Subclasses build their widget with `_add`, show a value in `_display` (returning whether
    the widget changed) and call `commit` with each value the designer enters.
    """

    expands = False
    """Whether the editor should take the row's width (text) or keep its size (numbers)."""

    def __init__(
        self,
        meta: FieldMeta,
        path: ModelPath,
        *,
        kind: FileKind = FileKind.SCENARIO,
        text: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.meta = meta
        self.path: ModelPath = tuple(path)
        self.kind = kind
        self.text = text or f"Set {meta.label.title()}"
        self.document: Document | None = None
        self.message = MessageLabel()
        self._loading = False
        self._session = next(_SESSIONS)
        self._keys = _FieldKeys(self)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.setToolTip(meta.tool_tip())
        self.setEnabled(False)

    def _add(self, widget: QWidget) -> None:
        self._layout.addWidget(widget)
        for target in (widget, *widget.findChildren(QLineEdit)):
            target.installEventFilter(self._keys)
        if not self.expands:
            self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)

    @property
    def focus_widget(self) -> QWidget:
        """The widget that takes the keyboard focus."""
        item = self._layout.itemAt(0)
        widget = item.widget() if item is not None else None
        return widget or self

    # Document ---------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        """Edit the field in another document (None: show nothing)."""
        if self.document is not None:
            self.document.changed.disconnect(self._on_changed)
        self.document = document
        if document is not None:
            document.changed.connect(self._on_changed)
        self.setEnabled(document is not None)
        self.message.set_message(None)
        self.refresh()

    def value(self) -> Any:
        """The field's value in the document (None without one)."""
        if self.document is None:
            return None
        return get_at(self.document.model(self.kind), self.path)

    def refresh(self) -> None:
        """Show the document's value; a message about refused typing goes with the old text."""
        if self.document is None:
            return
        with self._quiet():
            changed = self._display(self.value())
        if changed:
            self.message.set_message(None)

    def _on_changed(self, change: Change) -> None:
        if change.kind is self.kind and change.touches(self.path):
            self.refresh()

    @contextmanager
    def _quiet(self) -> Iterator[None]:
        """Widget updates inside are the document's, not the designer's edits."""
        loading, self._loading = self._loading, True
        try:
            yield
        finally:
            self._loading = loading

    def _display(self, value: Any) -> bool:
        raise NotImplementedError

    # Editing ----------------------------------------------------------------------------------

    def commit(self, value: Any, *, merge: bool = False) -> bool:
        """Put `value` in the document as one command; return False, showing why, when the
        field refuses it. An unchanged value pushes nothing. With `merge`, the edits of one
        focus session of this field (typing, spinning) make a single undo step."""
        document = self.document
        if document is None or self._loading:
            return False
        root = document.model(self.kind)
        try:
            value = validate_at(root, self.path, value)
        except EditError as exc:
            self.message.set_message(readable_error(self.meta.label, exc))
            return False
        self.message.set_message(None)
        if value == get_at(root, self.path):
            return True
        command = SetValue(document, self.kind, self.path, value, self.text, merge=merge)
        if merge:
            command.merge_key = ("set", self.path, self._session)
        document.push(command)
        return True

    def check(self, value: Any) -> bool:
        """Show whether the field would take `value`, without editing anything."""
        if self.document is None:
            return False
        try:
            validate_at(self.document.model(self.kind), self.path, value)
        except EditError as exc:
            self.message.set_message(readable_error(self.meta.label, exc))
            return False
        self.message.set_message(None)
        return True

    def _revert(self) -> None:
        """Show the document's value again after a refused choice, keeping the message."""
        if self.document is not None:
            with self._quiet():
                self._display(self.value())

    def new_session(self) -> None:
        """Start a new undo step for the next typing or spinning in this field."""
        self._session = next(_SESSIONS)

    def show_focus(self, rest: ModelPath = ()) -> QWidget:
        """Give the keyboard focus to the editor (or to the part of it at `rest`, a path below
        the field); return the widget focused."""
        widget = self.focus_widget
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        return widget

"""The base of the field editors (see `editor.widgets.fields`): what a field's schema says about
it, readable validation messages, and `FieldEditor`, which shows the value of one field of one
or several objects and offers the designer's changes to a `Binding` that edits the document."""

from __future__ import annotations

import html
import itertools
import re
import types
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel
from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QSizePolicy, QWidget

from editor.widgets.undo_keys import is_undo_key
from schemas.base import ClockTime
from schemas.problems import ModelPath

if TYPE_CHECKING:
    from editor.document import Document
    from editor.widgets.binding import Binding

_CLOCK_MARKERS = get_args(ClockTime)[1:]
_SESSIONS = itertools.count(1)

ERROR_STYLE = "color: #b3261e;"

MIXED = "—"
"""What a field shows where the objects it edits differ."""


def readable_label(name: str) -> str:
    """A field or choice name as a designer reads it.

    >>> readable_label("minutes_per_turn"), readable_label("panzer_campaigns")
    ('Minutes per turn', 'Panzer campaigns')
    """
    return name.replace("_", " ").capitalize()


def title_case(label: str) -> str:
    """A label in a command name: each word capitalised, abbreviations kept.

    >>> title_case("AA attack"), title_case("Victory points")
    ('AA Attack', 'Victory Points')
    """
    return " ".join(word[:1].upper() + word[1:] for word in label.split())


@dataclass(frozen=True, slots=True)
class FieldMeta:
    """What an editor needs to know about a field: label, documentation, unit and limits."""

    name: str
    label: str
    description: str
    value_type: Any
    """int, float, bool, str, datetime, a StrEnum class, list or tuple (see `item_type`)."""
    item_type: Any = None
    """The members' type of a list; the tuple of member types of a tuple."""
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
        """Rich text: the label with its unit, the field's description, and its range."""
        unit = f" [{html.escape(self.unit)}]" if self.unit else ""
        parts = [f"<b>{html.escape(self.label)}</b>{unit}"]
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


def _bare(annotation: Any) -> tuple[Any, bool]:
    """The type inside Annotated and Optional, and whether it allows None."""
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


def field_meta(
    model: type[BaseModel], name: str, *, label: str | None = None, description: str | None = None
) -> FieldMeta:
    """The label, documentation, unit and limits of `model.name`."""
    field = model.model_fields[name]
    annotation, optional = _bare(field.annotation)
    item_type = None
    if get_origin(annotation) is list:
        item_type = _bare(get_args(annotation)[0])[0]
        annotation = list
    elif get_origin(annotation) is tuple:
        item_type = tuple(_bare(arg)[0] for arg in get_args(annotation))
        annotation = tuple
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
        name=name,
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
    (
        r"String should match pattern.*",
        "use letters, digits and _ . - only, starting with a letter or digit",
    ),
    (r"List should have at least 1 item.*", "needs at least one choice"),
    (r"Input should be a valid integer.*", "must be a whole number"),
    (r"Input should be a valid number.*", "must be a number"),
    (r"Value error, ", ""),
)


def readable_error(label: str, error: Exception | str) -> str:
    """A validation message as a sentence about the field (or, without a label, about the
    field beside it), without the model path in front.

    >>> readable_error("Turns", "header.turns: Input should be greater than or equal to 1")
    'Turns must be at least 1'
    >>> readable_error("", "units[3].speed: Input should be less than or equal to 255")
    'Must be at most 255'
    """
    text = str(error)
    head, separator, rest = text.partition(": ")
    message = rest if separator and " " not in head else text
    for pattern, replacement in _PHRASES:
        message = re.sub(pattern, replacement, message)
    if not label:
        return message[:1].upper() + message[1:]
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


@dataclass(frozen=True, slots=True)
class Update:
    """A value worked out from each object's own value (tick one member of each object's
    list), so an edit of several objects keeps what differs between them."""

    apply: Callable[[Any], Any]


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
        elif kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and is_undo_key(event):
            # Ignored override: the window's Undo action gets the key; a plain key press must
            # not reach the widget's private text undo.
            event.ignore()
            return True
        return False


def distinct(values: Sequence[Any]) -> list[Any]:
    """The different values among `values`, in order (one None for no values)."""
    found: list[Any] = []
    for value in values:
        if not any(value == seen for seen in found):
            found.append(value)
    return found or [None]


class FieldEditor(QWidget):
    """One field of one or several objects: shows their value (or that they differ) and offers
    each value the designer enters as `committed(value, merge_token)`.

    A `Binding` listens, validates and edits the document, then calls `accept` or `refuse`.
    Subclasses build their widget with `_add`, show a value in `_display` and call `commit`
    with each value the designer enters (`merge=True` while typing or spinning).
    """

    committed = Signal(object, object)
    """A value (or an `Update`) and the merge token: None for an undo step of its own, else
    the typing session, whose edits merge into one undo step."""
    check_requested = Signal(object)
    """A value being typed that the widget cannot take yet: say whether the field would."""

    expands = False
    """Whether the editor should take the row's width (text) or keep its size (numbers)."""
    keeps_refused_input = False
    """Whether a refused value stays on screen for the designer to fix (typed text) or the
    editor goes back to the value of the objects (a choice, a check box)."""

    def __init__(self, meta: FieldMeta, *, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.meta = meta
        self.binding: Binding | None = None
        """What edits the document with this editor's values (set by the Binding)."""
        self.message = MessageLabel()
        self.mixed = False
        """Whether the objects shown differ."""
        self.values: list[Any] = [None]
        """The different values of the objects shown, one when they agree."""
        self._loading = False
        self._accepted = False
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

    @property
    def value(self) -> Any:
        """The value shown (None when the objects differ)."""
        return None if self.mixed else self.values[0]

    # Showing ----------------------------------------------------------------------------------

    def show_values(self, values: Sequence[Any]) -> None:
        """Show the field of every object edited: their value, or blank when they differ.

        A refused value stays on screen with its message while the objects keep their values;
        once they change (an undo, an edit elsewhere) the editor shows the new ones."""
        found = distinct(values)
        if self.message.text() and found == self.values:
            return
        self.values = found
        self.mixed = len(found) > 1
        self.show_message(None)
        self._redisplay()

    def show_nothing(self) -> None:
        """Show no value at all (nothing is open): blank, as when the objects differ."""
        self.values = [None]
        self.mixed = True
        self.show_message(None)
        self._redisplay()

    def _redisplay(self) -> None:
        with self._quiet():
            self._display(self.value, mixed=self.mixed)

    def _display(self, value: Any, *, mixed: bool) -> None:
        raise NotImplementedError

    @contextmanager
    def _quiet(self) -> Iterator[None]:
        """Widget updates inside are the document's, not the designer's edits."""
        loading, self._loading = self._loading, True
        try:
            yield
        finally:
            self._loading = loading

    def show_message(self, text: str | None) -> None:
        """Show why a value was refused under the editor (None clears)."""
        self.message.set_message(text)

    # Editing ----------------------------------------------------------------------------------

    def commit(self, value: Any, *, merge: bool = False) -> bool:
        """Offer a value the designer entered; return whether it was accepted. With `merge`,
        the edits of one focus session of this field (typing, spinning) make one undo step."""
        if self._loading:
            return False
        self._accepted = False
        self.committed.emit(value, self._session if merge else None)
        return self._accepted

    def check(self, value: Any) -> None:
        """Show whether the field would take `value`, without editing anything."""
        if not self._loading:
            self.check_requested.emit(value)

    def accept(self) -> None:
        """The value offered was taken (or already held): clear any message."""
        self._accepted = True
        self.show_message(None)

    def refuse(self, message: str) -> None:
        """The value offered was refused: say why, and go back to the objects' value unless
        the designer typed it and may fix it."""
        self._accepted = False
        self.show_message(message)
        if not self.keeps_refused_input:
            self._redisplay()

    def restore(self) -> None:
        """Drop a refused value the designer left behind: show the objects' value again."""
        if self.message.text():
            self.show_message(None)
            self._redisplay()

    def new_session(self) -> None:
        """Start a new undo step for the next typing or spinning in this field."""
        self._session = next(_SESSIONS)

    # Conveniences -----------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        """Edit the objects of this editor's binding in another document (None: nothing)."""
        if self.binding is not None:
            self.binding.set_document(document)

    def show_focus(self, rest: ModelPath = ()) -> QWidget:
        """Give the keyboard focus to the editor (or to the part of it at `rest`, a path below
        the field); return the widget focused."""
        widget = self.focus_widget
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        return widget

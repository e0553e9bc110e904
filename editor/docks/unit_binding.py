"""Ties field editors to the objects being edited: loads their values, validates what the
designer types and pushes it to every selected object in one undo step."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QVBoxLayout, QWidget

from editor.commands import EditFile, SetValue
from editor.docks.unit_fields import Choices, FieldEditor, editor_cell, make_editor
from editor.document import Document
from editor.model_paths import EditError, get_at, validate_at
from schemas.base import Node
from schemas.io import FileKind
from schemas.problems import ModelPath

Layout = Sequence[str | tuple[str, str]]
"""A section's rows: a field, or two fields side by side."""

LABEL_WIDTH = 110
"""The label column of every section, so fields line up from one section to the next."""

CommitHook = Callable[[list[ModelPath], Any], None]
"""A field with an edit of its own (an id that the scenario follows): targets and value."""


_PLAIN_WORDS = (
    (re.compile(r"Input should be greater than or equal to (\S+)"), "must be at least {0}"),
    (re.compile(r"Input should be less than or equal to (\S+)"), "must be at most {0}"),
    (re.compile(r"Input should be greater than (\S+)"), "must be more than {0}"),
    (re.compile(r"Input should be less than (\S+)"), "must be less than {0}"),
    (re.compile(r"Input should be a valid integer.*"), "must be a whole number"),
    (re.compile(r"Input should be a valid number.*"), "must be a number"),
    (re.compile(r"String should have at least 1 character"), "must not be empty"),
    (
        re.compile(r"String should match pattern.*"),
        "use letters, digits and _ . - only, starting with a letter or digit",
    ),
)


def refusal(error: Exception) -> str:
    """A validation message for the designer, without the model path in front.

    >>> refusal(ValueError("units[3].speed: Input should be less than or equal to 255"))
    'Must be at most 255'
    """
    text = str(error)
    head, _, tail = text.partition(": ")
    if tail and " " not in head:
        text = tail
    for pattern, words in _PLAIN_WORDS:
        match = pattern.fullmatch(text)
        if match:
            text = words.format(*match.groups())
            break
    return text[:1].upper() + text[1:]


class Binding(QObject):
    """The editors of one model class over a set of objects of one file (their model paths)."""

    def __init__(self, kind: FileKind, model: type[Node], noun: str) -> None:
        super().__init__()
        self.kind = kind
        self.model = model
        self.noun = noun
        self.document: Document | None = None
        self.targets: list[ModelPath] = []
        self.editors: dict[str, FieldEditor] = {}
        self.hooks: dict[str, CommitHook] = {}

    def editor(
        self,
        name: str,
        *,
        choices: Choices | None = None,
        none_label: str = "(none)",
        hook: CommitHook | None = None,
    ) -> FieldEditor:
        """Make (once) the editor of a field."""
        editor = self.editors.get(name)
        if editor is None:
            editor = make_editor(self.model, name, choices=choices, none_label=none_label)
            editor.committed.connect(
                lambda value, merge, name=name: self.commit(name, value, merge=merge)
            )
            self.editors[name] = editor
            if hook is not None:
                self.hooks[name] = hook
        return editor

    def section(self, title: str, rows: Layout, flags: Sequence[str] = ()) -> QGroupBox:
        """A titled group of fields: labelled rows, then check boxes in two columns."""
        box = QGroupBox(title)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(8, 6, 8, 8)
        layout.addWidget(self.fields(rows, flags))
        return box

    def fields(self, rows: Layout, flags: Sequence[str] = ()) -> QWidget:
        """Labelled rows (one field, or two side by side), then check boxes in two columns."""
        holder = QWidget()
        grid = QGridLayout(holder)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        grid.setColumnMinimumWidth(0, LABEL_WIDTH)
        line = 0
        for row in rows:
            names = (row,) if isinstance(row, str) else row
            for position, name in enumerate(names):
                editor = self.editor(name)
                label = QLabel(editor.label)
                label.setToolTip(editor.widget.toolTip())
                # As tall as the field, so it stays level with it when an error shows below.
                label.setFixedHeight(editor.widget.sizeHint().height())
                label.setBuddy(editor.widget)
                column = position * 2
                grid.addWidget(label, line, column, Qt.AlignmentFlag.AlignTop)
                span = 3 if len(names) == 1 else 1
                grid.addWidget(editor_cell(editor), line, column + 1, 1, span)
            line += 1
        for number, name in enumerate(flags):
            grid.addWidget(self.editor(name).widget, line + number // 2, (number % 2) * 2, 1, 2)
        return holder

    # Loading --------------------------------------------------------------------------------

    def bind(self, document: Document | None, targets: list[ModelPath]) -> None:
        """Edit these objects (empty: nothing)."""
        self.document = document
        self.targets = list(targets)
        self.refresh(clear_errors=True)

    def refresh(self, *, clear_errors: bool = False) -> None:
        """Show the objects' current values."""
        if self.document is None or not self.targets:
            return
        root = self.document.model(self.kind)
        objects = [get_at(root, path) for path in self.targets]
        for name, editor in self.editors.items():
            if clear_errors:
                editor.show_error(None)
            if editor.error.isVisible():
                continue  # keep the refused text on screen until the designer fixes it
            editor.show_values([getattr(obj, name) for obj in objects])

    # Committing ------------------------------------------------------------------------------

    def commit(self, name: str, value: Any, *, merge: object = False) -> bool:
        """Validate a value and set it on every target in one undo step; show a refusal
        under the field instead. Return whether it was accepted."""
        editor = self.editors[name]
        if self.document is None or not self.targets:
            return False
        root = self.document.model(self.kind)
        paths = [(*target, name) for target in self.targets]
        try:
            checked = validate_at(root, paths[0], value)
        except EditError as exc:
            editor.show_error(refusal(exc))
            return False
        editor.show_error(None)
        hook = self.hooks.get(name)
        if hook is not None:
            try:
                hook(self.targets, checked)
            except (EditError, ValueError) as exc:
                editor.show_error(refusal(exc))
                return False
            return True
        changing = [path for path in paths if get_at(root, path) != checked]
        if not changing:
            return True
        text = f"Set {self.noun} {editor.label.title()}"
        if len(paths) == 1:
            command: EditFile = SetValue(
                self.document, self.kind, paths[0], checked, text, merge=merge
            )
        else:
            command = EditFile(
                self.document,
                self.kind,
                text,
                merge_key=None if merge is False else ("many", tuple(paths), merge),
            )
            for path in changing:
                command.set(path, checked)
        self.document.push(command)
        return True

"""Ties field editors to the document: a `Binding` shows one field of every target (the model
paths of objects of one class in one file), validates what the designer enters and sets it on
every target in one undoable command, and follows the document's changes.

The Scenario dock binds each group of settings to one target (`("header",)`); the Unit dock
binds the selected units, several at a time. `field_editor` makes one editor bound to one path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import QObject

from editor.commands import EditFile, SetValue, SetValues
from editor.document import Change, Document
from editor.model_paths import EditError, get_at, validate_at
from editor.widgets.field_base import FieldEditor, Update, field_meta, readable_error, title_case
from editor.widgets.fields import ChoiceEditor, Choices, FieldStyle, make_editor
from schemas.io import FileKind
from schemas.problems import ModelPath

CommitHook = Callable[[list[ModelPath], Any], None]
"""A field with an edit of its own (an id that the scenario follows): the targets and the
validated value. It raises EditError or ValueError to refuse the value."""


class Binding(QObject):
    """The editors of fields of one model class over a list of objects of one file."""

    def __init__(
        self,
        kind: FileKind,
        model: type[BaseModel],
        noun: str = "",
        *,
        targets: Sequence[ModelPath] = (),
        style: FieldStyle | None = None,
        labels: Mapping[str, str] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.kind = kind
        self.model = model
        self.noun = noun
        """The objects' name in command texts: "Set Unit Strength"."""
        self.style = style or FieldStyle()
        self.labels: Mapping[str, str] = labels or {}
        self.document: Document | None = None
        self.targets: list[ModelPath] = [tuple(target) for target in targets]
        self.editors: dict[str, FieldEditor] = {}
        self._hooks: dict[str, CommitHook] = {}
        self._texts: dict[str, str] = {}
        self._single: set[str] = set()
        self._pushing = False

    # Editors ----------------------------------------------------------------------------------

    def editor(
        self,
        name: str,
        *,
        text: str = "",
        hook: CommitHook | None = None,
        single: bool = False,
        label: str | None = None,
        description: str | None = None,
        multiline: bool = False,
        choices: Choices | None = None,
        **options: Any,
    ) -> FieldEditor:
        """The editor of field `name`, made at the first call (later calls return it).

        `text` names the command ("Set Scenario Turns"; default "Set <noun> <Label>"); a
        `hook` makes the edit itself; a `single` field edits one target at a time (an id);
        `options` go to the editor (see `make_editor`)."""
        editor = self.editors.get(name)
        if editor is not None:
            return editor
        meta = field_meta(
            self.model, name, label=label or self.labels.get(name), description=description
        )
        editor = make_editor(
            meta, style=self.style, multiline=multiline, choices=choices, **options
        )
        editor.binding = self
        editor.committed.connect(
            lambda value, merge, name=name: self.commit(name, value, merge=merge)
        )
        editor.check_requested.connect(lambda value, name=name: self.check(name, value))
        self.editors[name] = editor
        self._texts[name] = text or f"Set {self.noun} {title_case(meta.label)}".replace("  ", " ")
        if hook is not None:
            self._hooks[name] = hook
        if single:
            self._single.add(name)
        self._enable(editor)
        self.refresh([name])
        return editor

    def _enable(self, editor: FieldEditor) -> None:
        count = len(self.targets) if self.document is not None else 0
        one = editor.meta.name in self._single
        editor.setEnabled(count == 1 if one else count > 0)

    # Targets ----------------------------------------------------------------------------------

    def bind(self, document: Document | None, targets: Sequence[ModelPath]) -> None:
        """Edit these objects of `document` (None or no targets: nothing). Binding the same
        objects again keeps what the editors show, refused values included."""
        targets = [tuple(target) for target in targets]
        if document is self.document and targets == self.targets:
            return
        if document is not self.document:
            if self.document is not None:
                self.document.changed.disconnect(self._on_changed)
                if document is None:
                    # The file closed (File > Close): none of its values stays on screen.
                    for editor in self.editors.values():
                        editor.show_nothing()
            if document is not None:
                document.changed.connect(self._on_changed)
        self.document = document
        self.targets = targets
        for editor in self.editors.values():
            editor.show_message(None)
            self._enable(editor)
        self.refresh()

    def set_document(self, document: Document | None) -> None:
        """Edit the same targets in another document."""
        self.bind(document, self.targets)

    def refresh(self, names: Sequence[str] | None = None) -> None:
        """Show the targets' current values (in the editors of `names`, or all)."""
        if self.document is None or not self.targets:
            return
        root = self.document.model(self.kind)
        try:
            objects = [get_at(root, target) for target in self.targets]
        except (LookupError, AttributeError, TypeError):
            return  # targets gone stale: whoever bound them rebinds on this same change
        for name in self.editors if names is None else names:
            self.editors[name].show_values([getattr(obj, name) for obj in objects])

    def _on_changed(self, change: Change) -> None:
        if change.kind is not self.kind or self._pushing:
            return
        if any(change.touches(target) for target in self.targets):
            self.refresh()
        else:
            # Lists of ids come from elsewhere in the file (nations, organizations).
            self.refresh(
                [
                    name
                    for name, editor in self.editors.items()
                    if isinstance(editor, ChoiceEditor) and editor.follows_file
                ]
            )

    # Editing ----------------------------------------------------------------------------------

    def _refusal(self, editor: FieldEditor, error: Exception) -> str:
        return readable_error(editor.meta.label if self.style.named_messages else "", error)

    def _validated(self, name: str, value: Any) -> list[tuple[ModelPath, Any]]:
        """The value for each target's field, as the file format reads it."""
        assert self.document is not None
        root = self.document.model(self.kind)
        paths = [(*target, name) for target in self.targets]
        if isinstance(value, Update):
            return [
                (path, validate_at(root, path, value.apply(get_at(root, path)))) for path in paths
            ]
        checked = validate_at(root, paths[0], value)
        return [(path, checked) for path in paths]

    def check(self, name: str, value: Any) -> bool:
        """Show under the field whether it would take `value`, without editing anything."""
        editor = self.editors[name]
        if self.document is None or not self.targets:
            return False
        try:
            self._validated(name, value)
        except EditError as exc:
            editor.show_message(self._refusal(editor, exc))
            return False
        editor.show_message(None)
        return True

    def commit(self, name: str, value: Any, *, merge: object = None) -> bool:
        """Validate a value (or an `Update`) and set it on every target in one undo step,
        pushing nothing when no target changes; show a refusal under the field instead.
        Edits with the same `merge` token merge into one undo step. Return whether the value
        was accepted."""
        editor = self.editors[name]
        document = self.document
        if document is None or not self.targets:
            return False
        if name in self._single and len(self.targets) != 1:
            editor.refuse(f"Select one to change its {editor.meta.label.lower()}")
            return False
        try:
            values = self._validated(name, value)
        except EditError as exc:
            editor.refuse(self._refusal(editor, exc))
            return False
        hook = self._hooks.get(name)
        if hook is not None:
            try:
                hook(list(self.targets), values[0][1])
            except (EditError, ValueError) as exc:
                editor.refuse(self._refusal(editor, exc))
                return False
            editor.accept()
            return True
        editor.accept()
        root = document.model(self.kind)
        changing = [(path, new) for path, new in values if get_at(root, path) != new]
        if not changing:
            return True
        text = self._texts[name]
        command: EditFile
        if len(values) == 1:
            path, new = changing[0]
            command = SetValue(
                document, self.kind, path, new, text, merge=False if merge is None else merge
            )
        else:
            command = SetValues(document, self.kind, changing, text)
            if merge is not None:
                command.merge_key = ("set many", tuple(path for path, _ in values), merge)
        # One refresh once every target has the value: halfway through, the targets would
        # differ and the editor the designer is typing in would go blank.
        self._pushing = True
        try:
            document.push(command)
        finally:
            self._pushing = False
        self.refresh()
        return True


def field_editor(
    model: type[BaseModel],
    name: str,
    path: ModelPath,
    *,
    text: str = "",
    kind: FileKind = FileKind.SCENARIO,
    **options: Any,
) -> FieldEditor:
    """An editor of field `name` of `model` bound to the one object at `path[:-1]` in files of
    `kind`; `editor.set_document(document)` shows it. Options as `Binding.editor`."""
    binding = Binding(kind, model, targets=[tuple(path[:-1])])
    editor = binding.editor(name, text=text, **options)
    binding.setParent(editor)
    return editor

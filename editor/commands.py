"""The undoable edits: every change a designer makes is one of these commands on the stack.

Each command is a short list of steps on one file; a step is a `Change` and the root model after
it. Redo installs the roots forwards, undo installs the earlier roots backwards, each time
telling listeners what changed. Because models are frozen and edits share untouched subtrees,
a command costs a few references, even on a 250,000-hex map. Edits across files are macros
(`Document.macro`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtGui import QUndoCommand

from editor.document import Change, ChangeAction, Document
from editor.model_paths import get_at, insert_at, remove_at, replace_at, validate_at
from schemas.io import FileKind
from schemas.problems import ModelPath

_MERGE_ID = 1


class EditFile(QUndoCommand):
    """Steps on one file. Subclasses build the steps; `merge_key` lets a continuous gesture
    (typing in a field, a brush stroke, a drag) merge into one undo step."""

    def __init__(
        self, document: Document, kind: FileKind, text: str, merge_key: object = None
    ) -> None:
        super().__init__(text)
        self.document = document
        self.kind = kind
        self.merge_key = merge_key
        self._roots: list[Any] = [document.model(kind)]
        self._changes: list[Change] = []

    # Building ---------------------------------------------------------------------------------

    @property
    def root(self) -> Any:
        """The root model after the steps built so far."""
        return self._roots[-1]

    def step(self, change: Change, root: Any) -> None:
        """Record one step: the change it makes and the root model after it."""
        self._changes.append(change)
        self._roots.append(root)

    def set(self, path: ModelPath, value: Any, *, validate: bool = True) -> None:
        """Replace the value at `path` (validated for its field unless told otherwise)."""
        if validate:
            value = validate_at(self.root, path, value)
        self.step(
            Change(self.kind, tuple(path), ChangeAction.SET), replace_at(self.root, path, value)
        )

    def insert(self, list_path: ModelPath, index: int, items: Sequence[Any]) -> None:
        """Insert already-validated items into the list at `list_path` before `index`."""
        change = Change(self.kind, tuple(list_path), ChangeAction.INSERT, index, len(items))
        self.step(change, insert_at(self.root, list_path, index, items))

    def remove(self, list_path: ModelPath, index: int, count: int = 1) -> None:
        """Remove `count` items from the list at `list_path`, starting at `index`."""
        change = Change(self.kind, tuple(list_path), ChangeAction.REMOVE, index, count)
        self.step(change, remove_at(self.root, list_path, index, count))

    @property
    def is_empty(self) -> bool:
        """Whether the command would change nothing."""
        return not self._changes

    # QUndoCommand -----------------------------------------------------------------------------

    def redo(self) -> None:
        for change, root in zip(self._changes, self._roots[1:], strict=True):
            self.document.install(self.kind, root, change)

    def undo(self) -> None:
        for change, root in zip(reversed(self._changes), reversed(self._roots[:-1]), strict=True):
            self.document.install(self.kind, root, change.inverse())

    def id(self) -> int:
        return _MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not (
            isinstance(other, EditFile)
            and other.kind is self.kind
            and other.merge_key is not None
            and other.merge_key == self.merge_key
            and other._roots[0] is self.root
        ):
            return False
        self._changes.extend(other._changes)
        self._roots.extend(other._roots[1:])
        return True


class SetValue(EditFile):
    """Set one field, e.g. a unit's strength. With `merge` True, consecutive edits of the same
    field merge into one undo step (typing, spinning); any other value of `merge` also merges,
    but only with edits given the same value (a widget passes one per focus session, so
    leaving the field and coming back starts a new step)."""

    def __init__(
        self,
        document: Document,
        kind: FileKind,
        path: ModelPath,
        value: Any,
        text: str,
        *,
        merge: object = False,
    ) -> None:
        key = ("set", tuple(path)) if merge is True else ("set", tuple(path), merge)
        super().__init__(document, kind, text, merge_key=key if merge is not False else None)
        self.set(path, value)


class SetValues(EditFile):
    """Set several fields at once, e.g. the quality of every selected unit."""

    def __init__(
        self, document: Document, kind: FileKind, values: Iterable[tuple[ModelPath, Any]], text: str
    ) -> None:
        super().__init__(document, kind, text)
        for path, value in values:
            self.set(path, value)


class InsertItems(EditFile):
    """Add items to a list: objectives, reinforcements, units of an organization."""

    def __init__(
        self,
        document: Document,
        kind: FileKind,
        list_path: ModelPath,
        *,
        index: int,
        items: Sequence[Any],
        text: str,
    ) -> None:
        super().__init__(document, kind, text)
        self.insert(list_path, index, items)


class RemoveItems(EditFile):
    """Delete items of a list by index (any order; each contiguous run is one step)."""

    def __init__(
        self,
        document: Document,
        kind: FileKind,
        list_path: ModelPath,
        indices: Iterable[int],
        text: str,
    ) -> None:
        super().__init__(document, kind, text)
        for first, count in reversed(_runs(sorted(set(indices)))):
            self.remove(list_path, first, count)


class MoveItem(EditFile):
    """Move one item to another list of the same file (re-parent an OOB node) or to another
    place in the same list."""

    def __init__(
        self,
        document: Document,
        kind: FileKind,
        source: ModelPath,
        index: int,
        *,
        target: ModelPath,
        target_index: int,
        text: str,
    ) -> None:
        super().__init__(document, kind, text)
        source, target = tuple(source), tuple(target)
        if target[: len(source) + 1] == (*source, index):
            raise ValueError("an item cannot be moved inside itself")
        item = get_at(self.root, (*source, index))
        self.remove(source, index)
        if target == source and target_index > index:
            target_index -= 1
        elif target[: len(source)] == source:
            sibling = target[len(source)]
            if isinstance(sibling, int) and sibling > index:
                # The target list sits inside a later sibling, which moved up one place.
                target = (*source, sibling - 1, *target[len(source) + 1 :])
        self.insert(target, target_index, [item])


class ReplaceFile(EditFile):
    """Replace a whole file's model (import a Weather.dat, restore a recovery copy)."""

    def __init__(self, document: Document, kind: FileKind, model: Any, text: str) -> None:
        super().__init__(document, kind, text)
        self.step(Change(kind, (), ChangeAction.RESET), model)


def _runs(indices: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted indices as (first, count) runs.

    >>> _runs([1, 2, 3, 7, 9, 10])
    [(1, 3), (7, 1), (9, 2)]
    """
    runs: list[tuple[int, int]] = []
    for index in indices:
        if runs and runs[-1][0] + runs[-1][1] == index:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((index, 1))
    return runs

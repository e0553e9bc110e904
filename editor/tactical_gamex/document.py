"""The open Tactical GameX situation: its situation file, the title's unit-type library and
ruleset tables, the panels its board is assembled from, the undo stack, and saving.

Like the Panzer `Document` it is the only writer of its models: every edit is a command of
`editor.commands` (they ask only `model(part)` and `install(part, root, change)`), the models are
frozen, and a file is clean exactly when its model is the one last read or written. The panels
are read, never edited here: the situation lays them out.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from editor.document import Change, ChangeAction, DocumentError
from editor.rulesets import Family
from schemas.io import FileKind, dump_text, is_json
from schemas.save_journal import SaveFailed, save_set
from schemas.title import title_root

TGX_PARTS = (FileKind.SITUATION, FileKind.UNIT_TYPES, FileKind.TABLES)
"""The files of a Tactical GameX title a situation edits."""


@dataclass
class TgxSlot:
    """One edited file: where it lives, its current model and the model as on disk."""

    part: FileKind
    path: Path
    model: Any
    saved: Any
    disk: Any = None
    """The disk version a recovery copy is based on: not kept for these files (None), so a
    recovered change is always offered."""

    @property
    def kind(self) -> FileKind:
        """The file's kind (as recovery copies name it)."""
        return self.part

    @property
    def is_dirty(self) -> bool:
        """Whether the model differs from the file on disk."""
        return self.model is not self.saved and self.model != self.saved


class TgxDocument(QObject):
    """One open Tactical GameX situation with its title's unit types, tables and panels."""

    family = Family.TACTICAL_GAMEX
    about_to_change = Signal(object)
    """Emitted with a Change before the models change."""
    changed = Signal(object)
    """Emitted with a Change after the models changed."""
    dirty_changed = Signal(bool)
    """Emitted when the document as a whole becomes dirty or clean."""
    saved = Signal(list)
    """Emitted with the paths written by a save."""
    scenario_path_changed = Signal(object)
    """Emitted with the new situation path after Save As."""

    def __init__(
        self, slots: dict[FileKind, TgxSlot], panels: dict[str, Any], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._slots = slots
        self.panels = panels
        """The title's panels by Map ID (read only)."""
        self._was_dirty = self.is_dirty
        self._versions: dict[FileKind, int] = {}
        self._board: tuple[Any, Any] | None = None
        self.undo_stack = QUndoStack(self)

    # Reading ---------------------------------------------------------------------------------

    def model(self, part: FileKind) -> Any:
        """The current root model of one file."""
        return self._slots[part].model

    @property
    def situation(self) -> Any:
        """The situation being edited."""
        return self._slots[FileKind.SITUATION].model

    @property
    def unit_types(self) -> Any:
        """The title's unit-type library."""
        return self._slots[FileKind.UNIT_TYPES].model

    @property
    def tables(self) -> Any:
        """The title's ruleset tables."""
        return self._slots[FileKind.TABLES].model

    def slots(self) -> list[TgxSlot]:
        """Every edited file (recovery copies write the changed ones)."""
        return list(self._slots.values())

    def slot(self, part: FileKind) -> TgxSlot:
        """One edited file."""
        return self._slots[part]

    def has(self, part: FileKind) -> bool:
        """Whether the document edits a file of this kind."""
        return part in self._slots

    def version(self, part: FileKind) -> int:
        """How many edits a file has had: the autosaver writes a copy when it changed."""
        return self._versions.get(part, 0)

    def path(self, part: FileKind) -> Path:
        """Where one file lives."""
        return self._slots[part].path

    @property
    def scenario_path(self) -> Path:
        """The situation file (named as the Panzer document's scenario, which the window
        reads for its title bar and dialogs)."""
        return self._slots[FileKind.SITUATION].path

    @property
    def title_folder(self) -> Path:
        """The title's folder: the situation's folder, or its parent for `scenarios/`."""
        folder = self.scenario_path.parent
        return folder.parent if folder.name == "scenarios" else folder

    @property
    def display_title(self) -> str:
        """The situation's title, for the window's title bar."""
        return str(getattr(self.situation, "title", "") or self.scenario_path.name)

    @property
    def is_untitled(self) -> bool:
        """Whether the situation was never saved."""
        return self._slots[FileKind.SITUATION].saved is None

    @property
    def is_dirty(self) -> bool:
        """Whether any file differs from disk."""
        return any(slot.is_dirty for slot in self._slots.values())

    def dirty_files(self) -> list[TgxSlot]:
        """The files a save would write."""
        return [slot for slot in self._slots.values() if slot.is_dirty]

    def board(self) -> Any:
        """The board assembled from the situation's panel layout, rebuilt when it changed."""
        from editor.tactical_gamex.title import assemble  # noqa: PLC0415  # after the models

        situation = self.situation
        if self._board is None or self._board[0] is not situation:
            self._board = (situation, assemble(situation, self.panels))
        return self._board[1]

    # Editing ---------------------------------------------------------------------------------

    @contextmanager
    def macro(self, text: str) -> Iterator[None]:
        """Group the commands pushed inside into one undo step named `text`."""
        self.undo_stack.beginMacro(text)
        try:
            yield
        finally:
            self.undo_stack.endMacro()

    def push(self, command: QUndoCommand) -> None:
        """Run an edit and put it on the undo stack (an edit that changes nothing is dropped)."""
        if getattr(command, "is_empty", False):
            return
        self.undo_stack.push(command)

    def install(self, part: FileKind, root: Any, change: Change) -> None:
        """Put a new root model in place, telling listeners. Only commands call this."""
        slot = self._slots[part]
        self.about_to_change.emit(change)
        slot.model = root
        self._versions[part] = self._versions.get(part, 0) + 1
        self.changed.emit(change)
        self._check_dirty()

    # Saving ----------------------------------------------------------------------------------

    def save(self) -> list[Path]:
        """Write every changed file as one set; return the paths written. A failure raises
        DocumentError naming the file, and no model is lost."""
        dirty = self.dirty_files()
        texts = {slot.path: (slot, slot.model) for slot in dirty}
        written: list[Path] = []

        def renamed(path: Path) -> None:
            slot, model = texts[path]
            slot.saved = model
            written.append(path)

        try:
            sets = []
            for slot in dirty:
                slot.path.parent.mkdir(parents=True, exist_ok=True)
                sets.append((slot.path, dump_text(slot.model, as_json=is_json(slot.path))))
            save_set(sets, self.title_folder, renamed)
        except Exception as exc:  # a save must never lose the open document
            self._check_dirty()
            if isinstance(exc, SaveFailed):
                raise DocumentError(str(exc)) from exc
            raise DocumentError(f"could not save: {exc}") from exc
        self._check_dirty()
        if not self.is_dirty:
            self.undo_stack.setClean()
        self.saved.emit(written)
        return written

    def save_as(self, path: Path | str) -> list[Path]:
        """Save the situation under a new name inside the title folder, its references to the
        unit types, tables and panels rewritten relative to the new place (not an undo step:
        the references follow the file, not the designer's edits)."""
        slot = self._slots[FileKind.SITUATION]
        target = Path(os.path.abspath(path))
        if title_root(target) != title_root(slot.path):
            raise DocumentError(
                f"{target} is outside the title folder {self.title_folder}: save a situation "
                "in the title's scenarios folder (or the title folder itself)"
            )
        old, new = slot.path.parent, target.parent

        def moved(relative: str) -> str:
            return Path(os.path.relpath(os.path.normpath(old / relative), new)).as_posix()

        situation = slot.model
        files = situation.files.model_copy(
            update={"units": moved(situation.files.units), "tables": moved(situation.files.tables)}
        )
        panels = [p.model_copy(update={"file": moved(p.file)}) for p in situation.board.panels]
        board = situation.board.model_copy(update={"panels": panels})
        slot.model = situation.model_copy(update={"files": files, "board": board})
        self.panels = {moved(name): panel for name, panel in self.panels.items()}
        self._board = None
        slot.path = target
        slot.saved = None
        self.scenario_path_changed.emit(slot.path)
        return self.save()

    def revert(self) -> None:
        """Read every file again from disk; the undo history is cleared."""
        fresh = open_situation(self.scenario_path)
        for part, slot in fresh._slots.items():
            self._slots[part].saved = slot.saved
            self.install(part, slot.model, Change(part, (), ChangeAction.RESET))
        self.undo_stack.clear()

    def _check_dirty(self) -> None:
        dirty = self.is_dirty
        if dirty != self._was_dirty:
            self._was_dirty = dirty
            self.dirty_changed.emit(dirty)


def open_situation(path: Path | str) -> TgxDocument:
    """Open a situation with its title's files; raise DocumentError with the Problems when a
    file does not load."""
    from editor.tactical_gamex.title import read_title  # noqa: PLC0415

    loaded, panels, problems = read_title(Path(path))
    if loaded is None:
        raise DocumentError(f"cannot open {Path(path).name}", problems)
    slots = {
        part: TgxSlot(part, file_path, model, model) for part, (file_path, model) in loaded.items()
    }
    return TgxDocument(slots, panels)


def is_situation(path: Path) -> bool:
    """Whether a path names a Tactical GameX situation file."""
    return ".situation." in path.name

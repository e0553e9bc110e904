"""The open Tactical GameX situation: its situation file, the title's unit-type library and
ruleset tables, the panels its board is assembled from, the undo stack, and saving.

Like the Panzer `Document` it is the only writer of its models: every edit is a command of
`editor.commands` (they ask only `model(part)` and `install(part, root, change)`), the models are
frozen, and a file is clean exactly when its model is the one last read or written. Each panel
file is one more edited file, keyed by `PanelPart` (its path as the layout writes it), so the
panel tools' edits, Save, the recovery copies and the disk watch treat it as any other file.

Each file remembers the version on disk it was read from or written as (`TgxSlot.disk`, as the
Panzer `FileSlot` does), so `editor.disk_changes` watches a situation's files as a scenario's:
another program's change is offered for reload (an undoable step), and Save refuses to
overwrite it unasked (`SaveConflict`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from editor.document import Change, ChangeAction, DocumentError, SaveConflict, UndoSteps
from editor.rulesets import Family
from schemas.disk_identity import DiskIdentity
from schemas.io import FileKind, LoadedFile, dump_text, is_json, load_file
from schemas.save_journal import SaveFailed, save_set
from schemas.title import title_root

TGX_PARTS = (FileKind.SITUATION, FileKind.UNIT_TYPES, FileKind.TABLES)
"""The files of a Tactical GameX title a situation edits, besides its panels."""


@dataclass(frozen=True)
class PanelPart:
    """The key of one panel file among a document's files: its path relative to the situation,
    as the layout names it. It stands where the other files have their `FileKind`."""

    file: str
    value = FileKind.PANEL.value
    """What recovery copies record as the file's kind."""

    def __str__(self) -> str:
        return self.file


def file_kind(part: Any) -> FileKind:
    """The file kind of a part: a panel's for a `PanelPart`."""
    return FileKind.PANEL if isinstance(part, PanelPart) else FileKind(part)


@dataclass
class TgxSlot:
    """One edited file: where it lives, its current model and the model as on disk."""

    part: Any
    """A `FileKind`, or a `PanelPart` for a panel."""
    path: Path
    model: Any
    saved: Any
    disk: DiskIdentity | None = None
    """The version on disk that `saved` was read from or written as; None if never on disk."""

    @property
    def kind(self) -> Any:
        """The file's key in the document (a `FileKind`, or a `PanelPart`)."""
        return self.part

    @property
    def is_dirty(self) -> bool:
        """Whether the model differs from the file on disk."""
        return self.model is not self.saved and self.model != self.saved

    @property
    def changed_on_disk(self) -> bool:
        """Whether another program wrote the file since it was read or saved (a file deleted
        since is not: saving writes it again)."""
        if self.disk is None:
            return self.path.exists()
        return self.path.exists() and not self.disk.is_on(self.path)


class TgxDocument(UndoSteps, QObject):
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

    def __init__(self, slots: dict[Any, TgxSlot], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._slots = slots
        self._was_dirty = self.is_dirty
        self._versions: dict[Any, int] = {}
        self._board: tuple[tuple[Any, ...], Any] | None = None
        self.undo_stack = QUndoStack(self)

    # Reading ---------------------------------------------------------------------------------

    @property
    def panels(self) -> dict[str, Any]:
        """The panels the document holds, by their path as the layout writes it."""
        return {
            part.file: slot.model
            for part, slot in self._slots.items()
            if isinstance(part, PanelPart)
        }

    def panel_parts(self) -> list[PanelPart]:
        """The keys of the panel files the document holds."""
        return [part for part in self._slots if isinstance(part, PanelPart)]

    def part_at(self, path: Path) -> Any:
        """The key of the file at a path, or None."""
        wanted = Path(path).resolve()
        for part, slot in self._slots.items():
            if slot.path.resolve() == wanted:
                return part
        return None

    def add_panel(self, file: str, path: Path, model: Any, saved: Any, disk: Any = None) -> None:
        """Hold one more panel file (read from disk, or new when `saved` is None). Commands and
        the Panel Layout panel call this; a panel already held is left as it is."""
        part = PanelPart(file)
        if part not in self._slots:
            self._slots[part] = TgxSlot(part, path, model, saved, disk)
            self._board = None
            self._check_dirty()

    def drop_panel(self, file: str) -> None:
        """Forget a panel file never saved (the undo of New Panel)."""
        slot = self._slots.get(PanelPart(file))
        if slot is not None and slot.saved is None:
            del self._slots[PanelPart(file)]
            self._board = None
            self._check_dirty()

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

    def version(self, part: Any) -> int:
        """How many edits a file has had: the autosaver writes a copy when it changed (for
        `FileKind.PANEL`, the edits of every panel)."""
        if part == FileKind.PANEL and not isinstance(part, PanelPart):
            return sum(n for key, n in self._versions.items() if isinstance(key, PanelPart))
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
        key = (situation, *(slot.model for slot in self._slots.values()))
        cached = self._board
        if (
            cached is None
            or len(cached[0]) != len(key)
            or any(a is not b for a, b in zip(cached[0], key, strict=True))
        ):
            self._board = (key, assemble(situation, self.panels))
        return self._board[1]

    # Editing ---------------------------------------------------------------------------------

    def install(self, part: FileKind, root: Any, change: Change) -> None:
        """Put a new root model in place, telling listeners. Only commands call this."""
        slot = self._slots[part]
        self.about_to_change.emit(change)
        slot.model = root
        self._versions[part] = self._versions.get(part, 0) + 1
        self.changed.emit(change)
        self._check_dirty()

    # Saving ----------------------------------------------------------------------------------

    def save(self, overwrite: Iterable[Path] = ()) -> list[Path]:
        """Write every changed file as one set; return the paths written. A file another
        program changed since it was read raises SaveConflict (nothing written) unless its
        path is in `overwrite`; a failure raises DocumentError naming the file, and no model
        is lost."""
        dirty = self.dirty_files()
        allowed = {Path(p) for p in overwrite}
        conflicts = [s for s in dirty if s.path not in allowed and s.changed_on_disk]
        if conflicts:
            raise SaveConflict(conflicts)  # type: ignore[arg-type]  # a slot of the same shape
        texts: dict[Path, tuple[TgxSlot, Any, str]] = {}
        written: list[Path] = []

        def renamed(path: Path) -> None:
            slot, model, text = texts[path]
            slot.saved = model
            slot.disk = DiskIdentity.of_bytes(path, text.encode("utf-8"))
            written.append(path)

        try:
            sets = []
            for slot in dirty:
                slot.path.parent.mkdir(parents=True, exist_ok=True)
                text = dump_text(slot.model, as_json=is_json(slot.path))
                texts[slot.path] = (slot, slot.model, text)
                sets.append((slot.path, text))
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
        self._slots = {
            PanelPart(moved(part.file)) if isinstance(part, PanelPart) else part: held
            for part, held in self._slots.items()
        }
        for part, held in self._slots.items():
            held.part = part
        self._board = None
        slot.path = target
        slot.saved = None
        slot.disk = None
        self.scenario_path_changed.emit(slot.path)
        return self.save(overwrite=[target])  # the Save As dialog asked about the target

    def revert(self) -> None:
        """Read every file again from disk; the undo history is cleared."""
        fresh = open_situation(self.scenario_path)
        for part in [p for p in self._slots if p not in fresh._slots]:
            del self._slots[part]  # a panel made since, never saved, or no longer laid out
        for part, slot in fresh._slots.items():
            if part not in self._slots:
                self._slots[part] = slot
            self._slots[part].saved = slot.saved
            self._slots[part].disk = slot.disk
            self.install(part, slot.model, Change(part, (), ChangeAction.RESET))
        self.undo_stack.clear()

    def read_from_disk(self, part: FileKind) -> tuple[LoadedFile, DiskIdentity | None]:
        """A file as it is on disk now, with that version's identity; DocumentError with its
        Problems (file:line) if it does not load."""
        path = self.path(part)
        loaded = load_file(path, file_kind(part))
        if not loaded.ok:
            raise DocumentError(
                f"{path.name} on disk does not load; what is open is kept", loaded.problems
            )
        if isinstance(part, PanelPart):
            # The board is assembled only from panels whose rows fit (`board.assemble`).
            from schemas.tactical_gamex.file_checks import check_panel  # noqa: PLC0415

            broken = [p for p in check_panel(loaded.model) if p.is_error]
            if broken:
                raise DocumentError(
                    f"{path.name} on disk does not pass its checks; what is open is kept",
                    loaded.place(broken),
                )
        return loaded, disk_of(loaded)

    def take_from_disk(self, part: FileKind, loaded: LoadedFile, disk: DiskIdentity | None) -> None:
        """Make a version just read from disk the file's saved state; the model stays until a
        command installs the new one (so the edits are clean or dirty against it)."""
        slot = self._slots[part]
        slot.saved = loaded.model
        slot.disk = disk
        self._check_dirty()

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
    slots: dict[Any, TgxSlot] = {
        part: TgxSlot(part, file.path, file.model, file.model, disk_of(file))
        for part, file in loaded.items()
    }
    for name, panel in panels.items():
        slots[PanelPart(name)] = TgxSlot(
            PanelPart(name), panel.path, panel.model, panel.model, disk_of(panel)
        )
    return TgxDocument(slots)


def disk_of(loaded: LoadedFile) -> DiskIdentity | None:
    """The version on disk a file was read from (as reading took it, else from its text)."""
    if loaded.disk is not None:
        return loaded.disk
    return DiskIdentity.of_text(loaded.path, loaded.text)


def is_situation(path: Path) -> bool:
    """Whether a path names a Tactical GameX situation file."""
    return ".situation." in path.name

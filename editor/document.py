"""The open scenario: its files' models, their dirty state, the undo stack, and saving.

A `Document` is the only writer of the models. Every edit goes through a command on its
`undo_stack` (see `editor.commands`), and the document tells listeners what changed with
`about_to_change` / `changed`, each carrying a `Change`, so item models can bracket their row
updates. Models are frozen: a file is clean exactly when its current root *is* the root last
read from or written to disk, so undoing back to the saved state makes it clean again.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from schemas.disk_identity import DiskIdentity
from schemas.io import FileKind, LoadedFile, dump_text, is_json, load_file
from schemas.problems import ModelPath, Problem
from schemas.save_journal import SaveFailed, save_set
from schemas.title import FileStore, ScenarioBundle, load_scenario, title_root

if TYPE_CHECKING:
    # Each kind's models are built when a file of that kind is read: a document over a map
    # alone (`hexwright render MAP`) never pays for the scenario's and OOB's.
    from schemas.panzer_campaigns.map import MapFile
    from schemas.panzer_campaigns.oob import OobFile
    from schemas.panzer_campaigns.oob_index import OobIndex
    from schemas.panzer_campaigns.parameters import ParameterFile
    from schemas.panzer_campaigns.scenario import ScenarioFile
    from schemas.panzer_campaigns.weather import WeatherFile

T = TypeVar("T")

TITLE_KINDS = (FileKind.MAP, FileKind.OOB, FileKind.PARAMETERS, FileKind.WEATHER)
"""The title files a scenario references, in the order its `files` header lists them."""

_REFERENCE_FIELD = {
    FileKind.MAP: "map",
    FileKind.OOB: "oob",
    FileKind.PARAMETERS: "parameters",
    FileKind.WEATHER: "weather",
}


class ChangeAction(StrEnum):
    """What an edit did at its model path."""

    SET = "set"
    """The value at the path was replaced."""
    INSERT = "insert"
    """Rows `first .. first + count - 1` were inserted into the list at the path."""
    REMOVE = "remove"
    """Rows `first .. first + count - 1` were removed from the list at the path."""
    RESET = "reset"
    """The whole file was replaced (revert, import, restore)."""


@dataclass(frozen=True, slots=True)
class Change:
    """One step of an edit: which file, where, and what happened there."""

    kind: FileKind
    path: ModelPath
    action: ChangeAction
    first: int = 0
    count: int = 0

    def touches(self, path: ModelPath) -> bool:
        """Whether the value at `path` may have changed: it lies on the changed path or below."""
        shorter = min(len(path), len(self.path))
        return self.action is ChangeAction.RESET or tuple(path[:shorter]) == tuple(
            self.path[:shorter]
        )

    def inverse(self) -> Change:
        """The change that undoes this one."""
        flipped = {
            ChangeAction.INSERT: ChangeAction.REMOVE,
            ChangeAction.REMOVE: ChangeAction.INSERT,
        }
        return Change(
            self.kind, self.path, flipped.get(self.action, self.action), self.first, self.count
        )


class DocumentError(Exception):
    """A scenario that cannot be opened or saved, with the Problems that say why."""

    def __init__(self, message: str, problems: Sequence[Problem] = ()) -> None:
        super().__init__(message)
        self.problems = list(problems)

    def details(self) -> str:
        """The message followed by every error, one per line, as `file:line:col: ...`."""
        lines = [str(self)] + [p.format() for p in self.problems if p.is_error]
        return "\n".join(lines)


class SaveConflict(DocumentError):
    """A save that would overwrite files another program changed since they were read."""

    def __init__(self, slots: Sequence[FileSlot]) -> None:
        names = ", ".join(slot.path.name for slot in slots)
        super().__init__(f"{names} changed on disk since Hexwright read it")
        self.slots = list(slots)


@dataclass
class FileSlot:
    """One file the document edits: where it lives, its current model and the saved one."""

    kind: FileKind
    path: Path
    model: Any
    saved: Any
    """The model as on disk; None for a file never saved."""
    loaded: LoadedFile | None = None
    """The file as read, for mapping model paths to lines; None once the model changed."""
    disk: DiskIdentity | None = None
    """The version on disk that `saved` was read from or written as; None if never on disk."""

    def __post_init__(self) -> None:
        self._dirty = self.model is not self.saved

    @property
    def is_dirty(self) -> bool:
        """Whether the model differs from the file on disk."""
        return self._dirty

    @property
    def changed_on_disk(self) -> bool:
        """Whether another program wrote the file since it was read or saved (a file deleted
        since is not: saving writes it again, and nothing of anyone's is lost)."""
        if self.disk is None:
            return self.path.exists()
        return self.path.exists() and not self.disk.is_on(self.path)

    def update_dirty(self) -> None:
        """Compare the model with the saved one again: an edit that puts back the value on
        disk makes the file clean. Edits share untouched subtrees, so the comparison mostly
        meets identical objects and costs microseconds even for a big map."""
        self._dirty = self.model is not self.saved and self.model != self.saved


class UndoSteps:
    """What every document of either ruleset does with its undo stack (`undo_stack`): run an
    edit and keep it, and group edits into one step. A mixin before the Qt base class."""

    undo_stack: QUndoStack

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


class Document(UndoSteps, QObject):
    """One open scenario with its title files, the undo stack and the files' dirty state."""

    about_to_change = Signal(object)
    """Emitted with a Change before the models change."""
    changed = Signal(object)
    """Emitted with a Change after the models changed."""
    dirty_changed = Signal(bool)
    """Emitted when the document as a whole becomes dirty or clean."""
    saved = Signal(list)
    """Emitted with the paths written by a save."""
    scenario_path_changed = Signal(object)
    """Emitted with the new scenario path after Save As."""

    def __init__(self, slots: dict[FileKind, FileSlot], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._slots = slots
        self._versions = dict.fromkeys(FileKind, 0)
        self._cache: dict[tuple[FileKind, str], tuple[int, Any]] = {}
        self._was_dirty = self.is_dirty
        self.undo_stack = QUndoStack(self)

    # Opening ---------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | str, store: FileStore | None = None) -> Document:
        """Open a scenario and its title files; raise DocumentError with the Problems if the
        scenario, its map, OOB or parameter data do not load."""
        return cls.from_bundle(load_scenario(Path(path), store))

    @classmethod
    def from_bundle(cls, bundle: ScenarioBundle) -> Document:
        """A document over a loaded scenario bundle (see `open`)."""
        if not bundle.is_complete:
            broken = [f for f in bundle.files if not f.ok] or [bundle.scenario]
            names = ", ".join(f.path.name for f in broken)
            raise DocumentError(
                f"cannot open {bundle.scenario.path.name}: {names} did not load", bundle.problems
            )
        slots = {FileKind.SCENARIO: _slot(bundle.scenario)}
        for kind in TITLE_KINDS:
            loaded = getattr(bundle, _REFERENCE_FIELD[kind])
            if loaded is not None and loaded.ok:
                slots[kind] = _slot(loaded)
        return cls(slots)

    @classmethod
    def new_scenario(cls, template: Document, path: Path, title: str = "New scenario") -> Document:
        """An unsaved scenario at `path` over the title files of `template`: the same header
        (dates, weather, victory levels), nothing placed, scheduled or scored yet."""
        base: ScenarioFile = template.scenario
        files = {
            attr: _relative(template.path(kind), path.parent)
            for kind, attr in _REFERENCE_FIELD.items()
            if template.has(kind)
        }
        from schemas.panzer_campaigns.scenario import ScenarioFile  # noqa: PLC0415  # see the imports

        scenario = ScenarioFile(
            format_version=base.format_version,
            header=base.header.model_copy(update={"title": title, "description": ""}),
            files=base.files.model_copy(update=files),
        )
        slots = {FileKind.SCENARIO: FileSlot(FileKind.SCENARIO, path, scenario, None)}
        for kind in TITLE_KINDS:
            if template.has(kind):
                source = template.slot(kind)
                slots[kind] = FileSlot(
                    kind, source.path, source.saved, source.saved, source.loaded, source.disk
                )
        return cls(slots)

    # Reading ---------------------------------------------------------------------------------

    @property
    def scenario(self) -> ScenarioFile:
        """The scenario being edited."""
        model: ScenarioFile = self._slots[FileKind.SCENARIO].model
        return model

    @property
    def map(self) -> MapFile:
        """The title's map."""
        model: MapFile = self._slots[FileKind.MAP].model
        return model

    @property
    def oob(self) -> OobFile:
        """The title's order of battle."""
        model: OobFile = self._slots[FileKind.OOB].model
        return model

    @property
    def parameters(self) -> ParameterFile:
        """The title's parameter data."""
        model: ParameterFile = self._slots[FileKind.PARAMETERS].model
        return model

    @property
    def weather(self) -> WeatherFile | None:
        """The title's programmed weather, if the scenario uses one."""
        slot = self._slots.get(FileKind.WEATHER)
        return slot.model if slot else None

    def has(self, kind: FileKind) -> bool:
        """Whether the document holds a file of this kind."""
        return kind in self._slots

    def slot(self, kind: FileKind) -> FileSlot:
        """The file of a kind (KeyError when the scenario has none, e.g. no weather)."""
        return self._slots[kind]

    def slots(self) -> list[FileSlot]:
        """Every file, the scenario first."""
        return [self._slots[k] for k in (FileKind.SCENARIO, *TITLE_KINDS) if k in self._slots]

    def model(self, kind: FileKind) -> Any:
        """The current root model of a file."""
        return self._slots[kind].model

    def path(self, kind: FileKind) -> Path:
        """Where a file lives on disk."""
        return self._slots[kind].path

    @property
    def scenario_path(self) -> Path:
        """The scenario's file."""
        return self.path(FileKind.SCENARIO)

    @property
    def title_folder(self) -> Path:
        """The title folder the scenario belongs to."""
        return title_root(self.scenario_path)

    @property
    def is_untitled(self) -> bool:
        """Whether the scenario has never been saved (New Scenario)."""
        return self._slots[FileKind.SCENARIO].saved is None

    @property
    def is_dirty(self) -> bool:
        """Whether any file differs from the disk."""
        return any(slot.is_dirty for slot in self._slots.values())

    def dirty_files(self) -> list[FileSlot]:
        """The files a save would write."""
        return [slot for slot in self.slots() if slot.is_dirty]

    def version(self, kind: FileKind) -> int:
        """A counter bumped at every change of a file, for caches."""
        return self._versions[kind]

    def cached(self, kind: FileKind, name: str, build: Callable[[], T]) -> T:
        """A value derived from one file, rebuilt only after that file changes."""
        key = (kind, name)
        hit = self._cache.get(key)
        if hit is not None and hit[0] == self._versions[kind]:
            value: T = hit[1]
            return value
        value = build()
        self._cache[key] = (self._versions[kind], value)
        return value

    @property
    def oob_index(self) -> OobIndex:
        """Units, organizations and nations of the OOB by id, kept up to date."""
        from schemas.panzer_campaigns.oob_index import OobIndex  # noqa: PLC0415  # see the imports

        return self.cached(FileKind.OOB, "index", lambda: OobIndex.from_oob(self.oob))

    def bundle(self) -> ScenarioBundle:
        """A snapshot of the current models as a bundle, for the engine and the checks."""
        files = {kind: _snapshot(slot) for kind, slot in self._slots.items()}
        return ScenarioBundle(
            scenario=files[FileKind.SCENARIO],
            map=files.get(FileKind.MAP),
            oob=files.get(FileKind.OOB),
            parameters=files.get(FileKind.PARAMETERS),
            weather=files.get(FileKind.WEATHER),
        )

    # Editing ---------------------------------------------------------------------------------

    def install(self, kind: FileKind, root: Any, change: Change) -> None:
        """Put a new root model in place, telling listeners. Only commands call this."""
        slot = self._slots[kind]
        self.about_to_change.emit(change)
        slot.model = root
        slot.update_dirty()
        if root is not slot.saved:
            slot.loaded = None
        self._versions[kind] += 1
        self.changed.emit(change)
        self._check_dirty()

    # Saving ----------------------------------------------------------------------------------

    def save(self, overwrite: Iterable[Path] = ()) -> list[Path]:
        """Write every changed file as one set (see `save_set`); return the paths written.

        A file another program changed since it was read raises SaveConflict, unless its path
        is in `overwrite`. Any failure raises DocumentError naming the file; files written
        before it stay written and clean, the rest stay dirty, and no model is lost.
        """
        dirty = self.dirty_files()
        allowed = {Path(path) for path in overwrite}
        conflicts = [s for s in dirty if s.path not in allowed and s.changed_on_disk]
        if conflicts:
            raise SaveConflict(conflicts)
        texts: dict[Path, tuple[FileSlot, Any, str]] = {}
        written: list[Path] = []
        current = self.scenario_path
        try:
            for slot in dirty:
                current = slot.path
                text = dump_text(slot.model, as_json=is_json(slot.path))
                texts[slot.path] = (slot, slot.model, text)
                slot.path.parent.mkdir(parents=True, exist_ok=True)

            def renamed(path: Path) -> None:
                slot, model, text = texts[path]
                slot.saved = model
                slot.disk = DiskIdentity.of_bytes(path, text.encode("utf-8"))
                slot.update_dirty()
                written.append(path)

            sets = [(path, text) for path, (_slot, _model, text) in texts.items()]
            save_set(sets, self.title_folder, renamed)
        except Exception as exc:  # not only OSError: a save must never lose the open document
            self._check_dirty()
            if written:
                self.saved.emit(written)
            if isinstance(exc, SaveFailed):
                raise DocumentError(str(exc)) from exc
            raise DocumentError(f"could not save {current}: {exc}") from exc
        self._check_dirty()
        if not self.is_dirty:
            self.undo_stack.setClean()  # the History dock marks the step that is on disk
        self.saved.emit(written)
        return written

    def save_as(self, path: Path | str) -> list[Path]:
        """Save the scenario under a new name inside the same title folder, with its file
        references rewritten relative to the new place, then save any changed title file."""
        path = Path(os.path.abspath(path))
        root = self.title_folder
        if title_root(path) != root:
            raise DocumentError(
                f"{path} is outside the title folder {root}: save a scenario in the title's "
                "scenarios folder (or the title folder itself)"
            )
        scenario_slot = self._slots[FileKind.SCENARIO]
        references = {
            _REFERENCE_FIELD[kind]: _relative(self.path(kind), path.parent)
            for kind in TITLE_KINDS
            if kind in self._slots
        }
        files = self.scenario.files.model_copy(update=references)
        if files != self.scenario.files:
            # Not undoable on purpose: the references follow the file, not the designer's edits.
            scenario_slot.model = self.scenario.model_copy(update={"files": files})
            self._versions[FileKind.SCENARIO] += 1
        scenario_slot.path = path
        scenario_slot.saved = None
        # The Save As dialog asked before replacing a file there: that version is the base.
        scenario_slot.disk = DiskIdentity.read(path)
        scenario_slot.update_dirty()
        self.scenario_path_changed.emit(path)
        return self.save()

    def revert(self) -> None:
        """Throw away every unsaved change: each file is read again from disk (also a clean
        one another program changed) and the undo history is cleared (a revert is not itself
        undoable, as in every desktop editor). A file on disk that does not load raises
        DocumentError naming its problems, and nothing changes."""
        if self.is_untitled:
            raise DocumentError("an unsaved new scenario has nothing on disk to revert to")
        fresh = {
            slot.kind: self.read_from_disk(slot.kind)
            for slot in self.slots()
            if slot.is_dirty or slot.changed_on_disk
        }
        for kind, (loaded, disk) in fresh.items():
            self.take_from_disk(kind, loaded, disk)
            self.install(kind, loaded.model, Change(kind, (), ChangeAction.RESET))
        self.undo_stack.clear()

    def read_from_disk(self, kind: FileKind) -> tuple[LoadedFile, DiskIdentity | None]:
        """A file of the document as it is on disk now, with that version's identity; raise
        DocumentError with its Problems (file:line) if it does not load."""
        path = self.path(kind)
        loaded = load_file(path, kind)
        if not loaded.ok:
            raise DocumentError(
                f"{path.name} on disk does not load; what is open is kept", loaded.problems
            )
        return loaded, _disk_of(loaded)

    def take_from_disk(self, kind: FileKind, loaded: LoadedFile, disk: DiskIdentity | None) -> None:
        """Make a version just read from disk the file's saved state; the model stays as it is
        until a command installs the new one (so the edits are clean or dirty against it)."""
        slot = self._slots[kind]
        slot.saved = loaded.model
        slot.loaded = loaded  # used once the model is this one (see `_snapshot`)
        slot.disk = disk
        slot.update_dirty()
        self._check_dirty()

    def _check_dirty(self) -> None:
        dirty = self.is_dirty
        if dirty != self._was_dirty:
            self._was_dirty = dirty
            self.dirty_changed.emit(dirty)


def _slot(loaded: LoadedFile) -> FileSlot:
    assert loaded.kind is not None
    disk = _disk_of(loaded)
    return FileSlot(loaded.kind, loaded.path, loaded.model, loaded.model, loaded, disk)


def _disk_of(loaded: LoadedFile) -> DiskIdentity | None:
    """The version on disk a file was read from: as reading took it (reading it all again, to
    digest it, was a twentieth of opening a big title), else from the file now."""
    if loaded.disk is not None:
        return loaded.disk
    return DiskIdentity.of_text(loaded.path, loaded.text)


def _snapshot(slot: FileSlot) -> LoadedFile:
    if slot.loaded is not None and slot.model is slot.loaded.model:
        return slot.loaded
    return LoadedFile(path=slot.path, kind=slot.kind, model=slot.model)


def _relative(target: Path, folder: Path) -> str:
    return Path(os.path.relpath(target.resolve(), folder.resolve())).as_posix()

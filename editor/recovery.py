"""Recovery copies: the unsaved files of the open document, written every little while so that
a crash loses at most a minute of work, and offered back at the next start.

Each window's autosaver writes into a session folder of its own under the data folder, one
sub-folder per scenario, with a `manifest.json` naming every file of the document, the version
on disk each was based on, and, for each changed file, its text as a save would write it. A
session removes only its own copies (after a clean save or close), so a copy another session
left is kept until it is restored or discarded, however many times its offer is put off.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer

from editor.commands import ReplaceFile
from editor.document import Document, DocumentError, FileSlot
from editor.settings import data_dir
from editor.tactical_gamex.document import is_situation, open_situation
from editor.tactical_gamex.panel_commands import HoldNewPanel
from schemas.disk_identity import DiskIdentity
from schemas.io import FileKind, dump_text, is_json, load_file, load_text, write_atomic
from schemas.save_journal import digest_of

MANIFEST = "manifest.json"
DEFAULT_INTERVAL_MS = 60_000
RESTORE_TEXT = "Restore Unsaved Changes"

KeepDisk = Callable[[Path], bool]
"""Asked for each file changed on disk since its recovery copy was made: True keeps the file
on disk, False puts the recovered changes over it (undoably)."""


def recovery_root() -> Path:
    """The folder holding one session folder per editor window that had unsaved changes."""
    return data_dir() / "recovery"


@dataclass(frozen=True)
class RecoveryCopy:
    """The recovery copy of one scenario, as found on disk at start-up."""

    folder: Path
    scenario: Path
    written: datetime
    files: list[dict[str, Any]]

    @property
    def changed_files(self) -> list[str]:
        """Names of the files holding unsaved changes."""
        return [Path(entry["path"]).name for entry in self.files if entry.get("copy")]

    def discard(self) -> None:
        """Delete the copy (and its session folder once it holds no other)."""
        shutil.rmtree(self.folder, ignore_errors=True)
        _remove_if_empty(self.folder.parent)

    def restore(self, keep_disk: KeepDisk = lambda _path: False) -> Document:
        """A document over the files on disk with the recovered changes applied as one undo
        step, "Restore Unsaved Changes" (Undo goes back to the files as saved).

        A file whose disk version is not the one the copy was based on is not reverted
        silently: if it already holds the recovered text it is simply used, else `keep_disk`
        decides. Raises ValueError (or DocumentError) when a copy no longer loads.
        """
        try:
            document = _open(self.scenario)
        except DocumentError:
            document = None
        new_panels = [e for e in self.files if document is not None and _new_panel(document, e)]
        if document is None or not self._fits(document, new_panels):
            return self._restore_unopened(keep_disk)
        changes = []
        for entry in self.files:
            if not entry.get("copy") or entry in new_panels:
                continue
            kind, path = FileKind(entry["kind"]), Path(entry["path"])
            part = _part(document, kind, path)
            text = self._text(entry)
            if self._use_recovered(document.slot(part), entry, text, keep_disk):
                changes.append((part, self._model(kind, path, text)))
        if changes or new_panels:
            with document.macro(RESTORE_TEXT):
                for entry in new_panels:  # held first: the recovered layout places them
                    path = Path(entry["path"])
                    model = self._model(FileKind.PANEL, path, self._text(entry))
                    document.push(HoldNewPanel(document, path, model, RESTORE_TEXT))
                for part, model in changes:
                    document.push(ReplaceFile(document, part, model, RESTORE_TEXT))
        return document

    def _fits(self, document: Document, new_panels: list[dict[str, Any]]) -> bool:
        return all(
            (part := _part(document, FileKind(entry["kind"]), Path(entry["path"]))) is not None
            and document.has(part)
            and document.path(part).resolve() == Path(entry["path"]).resolve()
            for entry in self.files
            if entry not in new_panels
        )

    def _use_recovered(
        self, slot: FileSlot, entry: dict[str, Any], text: str, keep_disk: KeepDisk
    ) -> bool:
        base = _identity(entry.get("base"))
        on_disk = slot.disk
        if on_disk is not None and on_disk.sha256 == digest_of(text.encode("utf-8")):
            return False  # a save finished after the copy was made: the disk holds it already
        if base is None and on_disk is None:
            return True  # never saved, then or now
        if base is not None and on_disk is not None and base.sha256 == on_disk.sha256:
            return True  # the disk still holds what the changes were made over
        return not keep_disk(slot.path)

    def _restore_unopened(self, keep_disk: KeepDisk) -> Document:
        """A scenario that does not open from disk (never saved, or broken since): the copy
        is the document, each file unsaved over what is on disk, as far as that loads. A
        Tactical GameX situation needs its panels from disk: without them there is nothing
        to restore it over."""
        if is_situation(self.scenario):
            raise ValueError(f"{self.scenario.name} and its panels no longer open from disk")
        slots: dict[FileKind, FileSlot] = {}
        for entry in self.files:
            kind, path = FileKind(entry["kind"]), Path(entry["path"])
            on_disk = load_file(path, kind) if path.is_file() else None
            saved = on_disk.model if on_disk is not None and on_disk.ok else None
            disk = DiskIdentity.of_text(path, on_disk.text) if on_disk is not None else None
            model = saved
            if entry.get("copy"):
                text = self._text(entry)
                slot = FileSlot(kind, path, saved, saved, None, disk)
                if saved is None or self._use_recovered(slot, entry, text, keep_disk):
                    model = self._model(kind, path, text)
            if model is None:
                raise ValueError(f"{path} is gone and has no recovery copy")
            slots[kind] = FileSlot(kind, path, model, saved, None, disk)
            slots[kind].update_dirty()
        return Document(slots)

    def _text(self, entry: dict[str, Any]) -> str:
        return (self.folder / str(entry["copy"])).read_text(encoding="utf-8")

    @staticmethod
    def _model(kind: FileKind, path: Path, text: str) -> Any:
        loaded = load_text(text, kind, as_json=is_json(path), name=str(path))
        if not loaded.ok:
            raise ValueError(f"the recovery copy of {path.name} does not load")
        return loaded.model


def _open(path: Path) -> Any:
    """The document of a scenario, or of a Tactical GameX situation."""
    return open_situation(path) if is_situation(path) else Document.open(path)


def new_session() -> Path:
    """A session folder of its own for one window's copies (not created yet)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return recovery_root() / f"{stamp}-{os.getpid()}-{uuid.uuid4().hex[:8]}"


def folder_for(session: Path, scenario: Path) -> Path:
    """The recovery folder of a scenario path in a session."""
    digest = hashlib.sha1(str(scenario.resolve()).encode(), usedforsecurity=False).hexdigest()
    return session / digest[:16]


def write_copy(document: Document, session: Path) -> Path:
    """Write the recovery copy of a document's changed files; return its folder."""
    folder = folder_for(session, document.scenario_path)
    folder.mkdir(parents=True, exist_ok=True)
    entries = []
    for index, slot in enumerate(document.slots()):
        base = slot.disk
        entry: dict[str, Any] = {
            "kind": slot.kind.value,
            "path": str(slot.path.resolve()),
            "base": None if base is None else [base.size, base.mtime_ns, base.sha256],
        }
        if slot.is_dirty:
            entry["copy"] = f"{index}-{slot.path.name}"
            text = dump_text(slot.model, as_json=is_json(slot.path))
            write_atomic(folder / entry["copy"], text)
        entries.append(entry)
    manifest = {
        "scenario": str(document.scenario_path.resolve()),
        "written": datetime.now().isoformat(timespec="seconds"),
        "pid": os.getpid(),
        "files": entries,
    }
    write_atomic(folder / MANIFEST, json.dumps(manifest, indent=2))
    return folder


def find_copies(own_session: Path | None = None) -> list[RecoveryCopy]:
    """Recovery copies left by sessions that did not close cleanly, newest first: not those of
    `own_session`, nor of another Hexwright still running."""
    root = recovery_root()
    manifests = (
        [*root.glob(f"*/*/{MANIFEST}"), *root.glob(f"*/{MANIFEST}")] if root.is_dir() else []
    )
    found = []
    for manifest in manifests:
        if own_session is not None and own_session in manifest.parents:
            continue
        try:
            data = json.loads(manifest.read_text(encoding="utf-8"))
            if _still_running(data.get("pid")):
                continue
            found.append(
                RecoveryCopy(
                    manifest.parent,
                    Path(data["scenario"]),
                    datetime.fromisoformat(data["written"]),
                    list(data["files"]),
                )
            )
        except (OSError, ValueError, KeyError, TypeError):
            continue  # a half-written copy from a crash during autosave: nothing to offer
    return sorted(found, key=lambda copy: copy.written, reverse=True)


class Autosaver(QObject):
    """Writes the recovery copy of the open document on a timer, when it changed, into a
    session folder of its own."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = DEFAULT_INTERVAL_MS):
        super().__init__(parent)
        self.session = new_session()
        self._document: Document | None = None
        self._written_versions: tuple[int, ...] | None = None
        self._folder: Path | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.write_now)
        self._timer.start()

    def set_document(self, document: Document | None) -> None:
        """Watch another document (the previous one's copy is left to `close`)."""
        if self._document is not None:
            self._document.saved.disconnect(self._on_saved)
        self._document = document
        self._written_versions = None
        if document is not None:
            document.saved.connect(self._on_saved)

    def write_now(self) -> Path | None:
        """Write the copy if the document has changes not yet in it; return its folder."""
        document = self._document
        if document is None or not document.is_dirty:
            return None
        versions = tuple(document.version(kind) for kind in FileKind)
        if versions == self._written_versions:
            return None
        folder = write_copy(document, self.session)
        if self._folder is not None and self._folder != folder:
            # The scenario was saved under a new name: its copy under the old one goes.
            shutil.rmtree(self._folder, ignore_errors=True)
        self._folder = folder
        self._written_versions = versions
        return folder

    def close(self) -> None:
        """The document closes cleanly: its copy is no longer needed."""
        self._forget()
        self.set_document(None)

    def _on_saved(self, _paths: list[Path]) -> None:
        document = self._document
        if document is not None and not document.is_dirty:
            self._forget()

    def _forget(self) -> None:
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
        if self._document is not None:
            shutil.rmtree(folder_for(self.session, self._document.scenario_path), True)
        _remove_if_empty(self.session)
        self._folder = None
        self._written_versions = None


def _part(document: Any, kind: FileKind, path: Path) -> Any:
    """The key of a recorded file in a document: its kind, or for a Tactical GameX panel (a
    title has several) the panel at its path (None when the document holds none there)."""
    if kind is FileKind.PANEL and hasattr(document, "part_at"):
        return document.part_at(path)
    return kind


def _new_panel(document: Any, entry: dict[str, Any]) -> bool:
    """Whether a recorded file is a Tactical GameX panel made by New Panel… and never saved:
    it has a copy, was based on no disk version, is still not on disk, and the situation as
    saved does not hold it (the recovered layout does)."""
    path = Path(entry["path"])
    return (
        entry.get("kind") == FileKind.PANEL.value
        and bool(entry.get("copy"))
        and entry.get("base") is None
        and hasattr(document, "part_at")
        and document.part_at(path) is None
        and not path.exists()
    )


def _identity(stored: Any) -> DiskIdentity | None:
    if not isinstance(stored, list) or len(stored) != 3:
        return None
    return DiskIdentity(int(stored[0]), int(stored[1]), str(stored[2]))


def _still_running(pid: Any) -> bool:
    """Whether another process with this id runs (then its copies are in use, not left)."""
    if not isinstance(pid, int) or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, under another user
    return True


def _remove_if_empty(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not empty (another copy of the session), or gone
        folder.rmdir()

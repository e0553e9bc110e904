"""Recovery copies: the unsaved files of the open document, written every little while so that
a crash loses at most a minute of work, and offered back at the next start.

A copy is a folder per scenario under the data folder with a `manifest.json` naming every file
of the document and, for each changed file, its text as a save would write it. A clean save or
a clean close removes the folder.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from editor.document import Document, FileSlot
from editor.settings import data_dir
from schemas.io import FileKind, dump_text, is_json, load_file, load_text, write_atomic

MANIFEST = "manifest.json"
DEFAULT_INTERVAL_MS = 60_000


def recovery_root() -> Path:
    """The folder holding one sub-folder per scenario with unsaved changes."""
    return data_dir() / "recovery"


@dataclass(frozen=True)
class RecoveryCopy:
    """The recovery copy of one scenario, as found on disk at start-up."""

    folder: Path
    scenario: Path
    written: datetime
    files: list[dict[str, str]]

    @property
    def changed_files(self) -> list[str]:
        """Names of the files holding unsaved changes."""
        return [Path(entry["path"]).name for entry in self.files if entry.get("copy")]

    def discard(self) -> None:
        """Delete the copy."""
        shutil.rmtree(self.folder, ignore_errors=True)

    def restore(self) -> Document:
        """A document holding the recovered changes, unsaved, over the files on disk.

        Raises DocumentError-like ValueError when a copy no longer loads.
        """
        slots: dict[FileKind, FileSlot] = {}
        for entry in self.files:
            kind, path = FileKind(entry["kind"]), Path(entry["path"])
            on_disk = load_file(path, kind) if path.is_file() else None
            saved = on_disk.model if on_disk is not None and on_disk.ok else None
            model = saved
            if entry.get("copy"):
                text = (self.folder / entry["copy"]).read_text(encoding="utf-8")
                loaded = load_text(text, kind, as_json=is_json(path), name=str(path))
                if not loaded.ok:
                    raise ValueError(f"the recovery copy of {path.name} does not load")
                model = loaded.model
            if model is None:
                raise ValueError(f"{path} is gone and has no recovery copy")
            slots[kind] = FileSlot(kind, path, model, saved)
            slots[kind].update_dirty()
        return Document(slots)


def folder_for(scenario: Path) -> Path:
    """The recovery folder of a scenario path."""
    digest = hashlib.sha1(str(scenario.resolve()).encode(), usedforsecurity=False).hexdigest()
    return recovery_root() / digest[:16]


def write_copy(document: Document) -> Path:
    """Write the recovery copy of a document's changed files; return its folder."""
    folder = folder_for(document.scenario_path)
    folder.mkdir(parents=True, exist_ok=True)
    entries = []
    for index, slot in enumerate(document.slots()):
        entry = {"kind": slot.kind.value, "path": str(slot.path.resolve())}
        if slot.is_dirty:
            entry["copy"] = f"{index}-{slot.path.name}"
            text = dump_text(slot.model, as_json=is_json(slot.path))
            write_atomic(folder / entry["copy"], text)
        entries.append(entry)
    manifest = {
        "scenario": str(document.scenario_path.resolve()),
        "written": datetime.now().isoformat(timespec="seconds"),
        "files": entries,
    }
    write_atomic(folder / MANIFEST, json.dumps(manifest, indent=2))
    return folder


def remove_copy(scenario: Path) -> None:
    """Forget the recovery copy of a scenario (after a save or a clean close)."""
    shutil.rmtree(folder_for(scenario), ignore_errors=True)


def find_copies() -> list[RecoveryCopy]:
    """Recovery copies left by a session that did not close cleanly, newest first."""
    root = recovery_root()
    found = []
    for manifest in root.glob(f"*/{MANIFEST}") if root.is_dir() else []:
        try:
            data = json.loads(manifest.read_text(encoding="utf-8"))
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
    """Writes the recovery copy of the open document on a timer, when it changed."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = DEFAULT_INTERVAL_MS):
        super().__init__(parent)
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
        folder = write_copy(document)
        if self._folder is not None and self._folder != folder:
            shutil.rmtree(
                self._folder, ignore_errors=True
            )  # the scenario was saved under a new name
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
            remove_copy(self._document.scenario_path)
        self._folder = None
        self._written_versions = None

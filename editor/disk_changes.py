"""Files of the open title changed by another program: noticing them, offering to reload them
(an undoable step), and asking before a save overwrites one.

The document remembers which version of each file it read or wrote (`FileSlot.disk`), so our
own saves never count as changes, and a change the watcher missed is still caught by Save.
"""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox, QWidget

from editor.commands import ReplaceFile
from editor.disk_notice import Choose, DiskNotice, around, choose
from editor.document import Document, DocumentError, FileSlot, SaveConflict
from editor.file_watch import FileWatcher
from schemas.disk_identity import DiskIdentity
from schemas.io import FileKind

OVERWRITE = "Overwrite"
RELOAD_THEIRS = "Reload Theirs"
CANCEL = "Cancel"


def reload_file(document: Document, kind: FileKind) -> None:
    """Read a file of the document again from disk as one undo step, "Reload <name> from
    Disk": Undo brings back what was open. DocumentError (naming file:line) if the file on
    disk does not load; then nothing changes."""
    loaded, disk = document.read_from_disk(kind)
    document.take_from_disk(kind, loaded, disk)
    if document.model(kind) != loaded.model:
        name = document.path(kind).name
        document.push(ReplaceFile(document, kind, loaded.model, f"Reload {name} from Disk"))
    if not document.is_dirty:
        document.undo_stack.setClean()


class DiskChanges(QObject):
    """Watches the open document's files and deals with what other programs do to them."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self.document: Document | None = None
        self.notice = DiskNotice()
        self.choose: Choose = choose
        """How a save asks about a file changed on disk (tests replace it)."""
        self.watcher = FileWatcher(self)
        self.watcher.touched.connect(self._touched)
        self.notice.reload_requested.connect(self.reload_shown)
        self.notice.ignore_requested.connect(self.ignore_shown)
        self._shown: list[FileKind] = []
        self._ignored: dict[Path, DiskIdentity | None] = {}

    def around(self, central: QWidget) -> QWidget:
        """The map with the notice bar above it, for the window's centre."""
        return around(self.notice, central)

    def set_document(self, document: Document | None) -> None:
        """Watch another document's files (none for None)."""
        if self.document is not None:
            self.document.saved.disconnect(self._saved)
            self.document.changed.disconnect(self._follow)
        self.document = document
        self._ignored.clear()
        self._shown = []
        self.notice.show_changes([], [])
        self.watcher.watch([slot.path for slot in document.slots()] if document is not None else [])
        if document is not None:
            document.saved.connect(self._saved)
            document.changed.connect(self._follow)

    def _watch(self, *_: object) -> None:
        self.watcher.watch([slot.path for slot in self._slots()])

    def _follow(self, *_: object) -> None:
        """Watch a file the document took on since (a Tactical GameX panel added or made)."""
        if {slot.path.absolute() for slot in self._slots()} != self.watcher.files:
            self._watch()

    def check_now(self) -> None:
        """Look at every file of the document now (what the watcher reports does the same)."""
        self._touched([slot.path.absolute() for slot in self._slots()])

    # The notice -------------------------------------------------------------------------------

    def reload_shown(self) -> None:
        """Reload every file the notice names; one that does not load is reported and kept."""
        document = self.document
        if document is None:
            return
        kinds = [kind for kind in self._shown if not _deleted(self._slot(kind))]
        self._shown = [kind for kind in self._shown if kind not in kinds]
        failures = []
        together = document.macro("Reload from Disk") if len(kinds) > 1 else nullcontext()
        with together:
            for kind in kinds:
                try:
                    reload_file(document, kind)
                except DocumentError as exc:
                    failures.append(exc.details())
        self._refresh()
        if failures:
            QMessageBox.warning(self._window, "Reload", "\n\n".join(failures))

    def ignore_shown(self) -> None:
        """Keep what is open; the same version on disk is not mentioned again (Save still
        asks before overwriting it)."""
        for kind in self._shown:
            path = self._path(kind)
            self._ignored[path] = DiskIdentity.read(path)
        self._shown = []
        self.notice.show_changes([], [])

    # Saving -----------------------------------------------------------------------------------

    def save_over(self, conflict: SaveConflict) -> list[Path] | None:
        """Ask about each file a save would overwrite although it changed on disk: Overwrite
        it, Reload Theirs (an undoable step) or Cancel. Save what is left; None if cancelled.
        DocumentError as `Document.save`."""
        document = self.document
        if document is None:
            return None
        overwrite: set[Path] = set()
        while True:
            for slot in conflict.slots:
                answer = self.choose(
                    self._window,
                    "Save",
                    f"{slot.path.name} was changed on disk by another program since Hexwright "
                    "read it.\n\nOverwrite it with your version, reload the version on disk "
                    "(Undo brings your changes back), or cancel the save?",
                    [OVERWRITE, RELOAD_THEIRS, CANCEL],
                )
                if answer == OVERWRITE:
                    overwrite.add(slot.path)
                elif answer == RELOAD_THEIRS:
                    reload_file(document, slot.kind)
                else:
                    return None
            try:
                return document.save(overwrite)
            except SaveConflict as again:  # yet another change while we were asking
                conflict = again
            finally:
                self._refresh()

    # Reactions --------------------------------------------------------------------------------

    def _touched(self, paths: list[Path]) -> None:
        touched = {Path(path) for path in paths}
        for slot in self._slots():
            path = slot.path.absolute()
            if path not in touched:
                continue
            unchanged = not (slot.changed_on_disk or _deleted(slot))
            ignored = path in self._ignored and DiskIdentity.read(path) == self._ignored[path]
            if unchanged or ignored:
                if slot.kind in self._shown:
                    self._shown.remove(slot.kind)
            elif slot.kind not in self._shown:
                self._shown.append(slot.kind)
        self._show()

    def _saved(self, _paths: list[Path]) -> None:
        self._follow()
        self._refresh()

    def _refresh(self) -> None:
        self._shown = [
            kind
            for kind in self._shown
            if self._slot(kind).changed_on_disk or _deleted(self._slot(kind))
        ]
        self._show()

    def _show(self) -> None:
        slots = [self._slot(kind) for kind in self._shown]
        present = [s for s in slots if not _deleted(s)]
        self.notice.show_changes(
            [s.path.name for s in present if not s.is_dirty],
            [s.path.name for s in present if s.is_dirty],
            [s.path.name for s in slots if _deleted(s)],
        )

    def _slots(self) -> list[FileSlot]:
        return self.document.slots() if self.document is not None else []

    def _slot(self, kind: FileKind) -> FileSlot:
        assert self.document is not None
        return self.document.slot(kind)

    def _path(self, kind: FileKind) -> Path:
        return self._slot(kind).path.absolute()


def _deleted(slot: FileSlot) -> bool:
    """Whether a file that was on disk is gone (deleted, or moved away)."""
    return slot.disk is not None and not slot.path.exists()

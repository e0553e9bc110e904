"""Watching the open title's files for changes made by other programs.

`QFileSystemWatcher` loses a file when a program replaces it by renaming another file over it
(as every careful save does, ours included), so the folders are watched too and a file is
watched again as soon as it is back. Bursts of events are gathered into one report.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

GATHER_MS = 150
"""How long to gather events before reporting: a save is several renames in a row."""


class FileWatcher(QObject):
    """Reports which of some files may have changed on disk."""

    touched = Signal(list)
    """Emitted with the watched paths (absolute) that may have changed."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._watcher: QFileSystemWatcher | None = None
        self._files: set[Path] = set()
        self._pending: set[Path] = set()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(GATHER_MS)
        self._timer.timeout.connect(self._report)

    def watch(self, paths: Iterable[Path]) -> None:
        """Watch these files (and their folders) instead of the ones watched before."""
        if self._watcher is not None:
            # A new watcher each time: the system's watches are few and shared by every
            # program of the user, so none is held while no document is open.
            self._watcher.deleteLater()
            self._watcher = None
        self._files = {Path(path).absolute() for path in paths}
        self._pending.clear()
        if not self._files:
            return
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._file_changed)
        self._watcher.directoryChanged.connect(self._folder_changed)
        folders = {str(path.parent) for path in self._files if path.parent.is_dir()}
        if folders:
            self._watcher.addPaths(sorted(folders))
        self._rewatch(self._files)

    @property
    def files(self) -> set[Path]:
        """The files watched (also those gone for the moment)."""
        return set(self._files)

    def _rewatch(self, paths: Iterable[Path]) -> None:
        if self._watcher is None:
            return
        watched = set(self._watcher.files())
        missing = [str(path) for path in paths if path.is_file() and str(path) not in watched]
        if missing:
            self._watcher.addPaths(missing)

    def _file_changed(self, name: str) -> None:
        path = Path(name)
        self._rewatch([path])
        self._gather([path])

    def _folder_changed(self, name: str) -> None:
        folder = Path(name)
        inside = [path for path in self._files if path.parent == folder]
        self._rewatch(inside)
        self._gather(inside)

    def _gather(self, paths: Iterable[Path]) -> None:
        self._pending.update(path for path in paths if path in self._files)
        if self._pending:
            self._timer.start()

    def _report(self) -> None:
        paths = sorted(self._pending)
        self._pending.clear()
        if paths:
            self.touched.emit(paths)

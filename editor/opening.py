"""Opening a scenario without freezing the window: the files are read on a worker thread while
a progress dialog names each one; the document is built on the GUI thread at the end."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEventLoop, QThread, Signal
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

from editor.document import Document
from schemas.title import ScenarioBundle, load_scenario

_STEPS = 6
"""The scenario, four title files and the reference checks."""


class _Reader(QThread):
    """Reads a scenario bundle off the GUI thread (models are plain Python, not Qt objects)."""

    step = Signal(str)

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.bundle: ScenarioBundle | None = None
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            self.bundle = load_scenario(self.path, progress=self.step.emit)
        except Exception as exc:  # reported on the GUI thread; a bad file never kills the app
            self.failure = exc


def read_with_progress(path: Path, parent: QWidget | None = None) -> ScenarioBundle | None:
    """Read a scenario and its title files with a progress dialog; None if cancelled.

    The dialog shows only when reading takes more than half a second (the sample titles open
    without it; the 500x500 benchmark title shows it).
    """
    dialog = QProgressDialog(f"Opening {path.name}…", "Cancel", 0, _STEPS, parent)
    dialog.setWindowTitle("Opening")
    dialog.setMinimumDuration(500)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    reader = _Reader(path)
    loop = QEventLoop()
    done = 0

    def on_step(name: str) -> None:
        nonlocal done
        done += 1
        dialog.setLabelText(f"Opening {path.name}: {name}…")
        dialog.setValue(min(done, _STEPS - 1))

    reader.step.connect(on_step)
    reader.finished.connect(loop.quit)
    reader.start()
    if not reader.isFinished():
        loop.exec()
    reader.wait()
    cancelled = dialog.wasCanceled()
    dialog.close()
    dialog.deleteLater()
    QApplication.processEvents()
    if reader.failure is not None:
        raise reader.failure
    return None if cancelled else reader.bundle


def open_with_progress(path: Path, parent: QWidget | None = None) -> Document | None:
    """Open a scenario as a Document with a progress dialog (DocumentError if it cannot be)."""
    bundle = read_with_progress(path, parent)
    return None if bundle is None else Document.from_bundle(bundle)

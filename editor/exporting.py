"""File > Export as PNG: the picture is drawn with a progress dialog and written by a worker
thread, so exporting the whole of a 500x500 map (seconds of work) never freezes the window."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEventLoop, QThread
from PySide6.QtGui import QImage, QImageWriter
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

Render = Callable[[Callable[[int, int], bool]], QImage | None]
"""Draws a picture, telling a progress callback (done, total) and stopping when it says no."""


class _Writer(QThread):
    """Writes a PNG off the GUI thread (QImage data is shared, never copied, and only read)."""

    def __init__(self, image: QImage, path: Path) -> None:
        super().__init__()
        self.image = image
        self.path = path
        self.error = ""

    def run(self) -> None:
        writer = QImageWriter(str(self.path), b"png")
        if not writer.write(self.image):
            self.error = writer.errorString()


def export_png(render: Render, path: Path, parent: QWidget | None = None) -> str | None:
    """Draw a picture and write it as PNG at `path` with a progress dialog.

    Returns None when written, "" when the designer cancelled, else the reason it failed.
    """
    dialog = QProgressDialog(f"Drawing {path.name}…", "Cancel", 0, 100, parent)
    dialog.setWindowTitle("Export")
    dialog.setMinimumDuration(300)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)

    def drawn(done: int, total: int) -> bool:
        dialog.setValue(int(80 * done / max(total, 1)))
        QApplication.processEvents()
        return not dialog.wasCanceled()

    try:
        image = render(drawn)
        if image is None or dialog.wasCanceled():
            return ""
        dialog.setLabelText(f"Writing {path.name}…")
        dialog.setValue(85)
        writer = _Writer(image, path)
        loop = QEventLoop()
        writer.finished.connect(loop.quit)
        writer.start()
        if not writer.isFinished():
            loop.exec()
        writer.wait()
        return writer.error or None
    finally:
        dialog.close()
        dialog.deleteLater()

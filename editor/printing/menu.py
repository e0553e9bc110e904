"""File > Print and File > Export PDF: the order of battle or a side's briefing of the open
scenario, shown in Qt's print preview (from which it is printed) or written as a PDF, with a
progress dialog that cancels a long document."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence, QPagedPaintDevice
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressDialog,
    QWidget,
)

from editor import icons
from editor.printing.subjects import Subject
from schemas.vocabulary import Side

if TYPE_CHECKING:
    # The jobs, their page layout and reports come with the first print, not the start.
    from editor.printing.jobs import PrintJob
    from editor.printing.paging import Progress

CHOICES = (
    ("Order of &Battle…", Subject.OOB, None),
    ("&Allied Briefing…", Subject.BRIEFING, Side.ALLIED),
    ("A&xis Briefing…", Subject.BRIEFING, Side.AXIS),
)
"""What the two submenus offer: (label, subject, side)."""


class ProgressDialog:
    """A progress dialog over a print job's pages, shown only when the job takes a while;
    its Cancel stops the job."""

    def __init__(self, parent: QWidget | None, text: str) -> None:
        self.dialog = QProgressDialog(text, "Cancel", 0, 100, parent)
        self.dialog.setWindowTitle("Print")
        self.dialog.setMinimumDuration(300)
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)

    def progress(self) -> Progress:
        """The job's progress callback."""

        def heard(done: int, total: int) -> bool:
            self.dialog.setValue(int(100 * done / max(total, 1)))
            QApplication.processEvents()
            return not self.dialog.wasCanceled()

        return heard

    def close(self) -> None:
        """Take the dialog away."""
        self.dialog.close()
        self.dialog.deleteLater()


class PrintMenus(QObject):
    """The File menu's Print and Export PDF submenus of a main window with a `document`."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.print_menu = QMenu("&Print", window)
        self.print_menu.setIcon(icons.icon("printer"))
        self.pdf_menu = QMenu("Export P&DF", window)
        self.pdf_menu.setIcon(icons.icon("file-text"))
        self.print_actions: list[QAction] = []
        self.pdf_actions: list[QAction] = []
        for label, subject, side in CHOICES:
            shown = QAction(label, window)
            shown.setStatusTip(f"Preview the {_what(subject, side)} of the scenario and print it")
            shown.triggered.connect(lambda _=False, s=subject, d=side: self.preview(s, d))
            self.print_actions.append(shown)
            written = QAction(label, window)
            written.setStatusTip(f"Write the {_what(subject, side)} of the scenario as a PDF")
            written.triggered.connect(lambda _=False, s=subject, d=side: self.export_pdf(s, d))
            self.pdf_actions.append(written)
        self.print_actions[0].setShortcut(QKeySequence.StandardKey.Print)
        self.print_menu.addActions(self.print_actions)
        self.pdf_menu.addActions(self.pdf_actions)
        for menu in (self.print_menu, self.pdf_menu):
            menu.aboutToShow.connect(self._enable)

    def _enable(self) -> None:
        has = self.job(Subject.OOB, None) is not None
        for action in self.print_actions + self.pdf_actions:
            action.setEnabled(has)

    def job(self, subject: Subject, side: Side | None) -> PrintJob | None:
        """The print job of the open scenario as it is now, saved or not (None: nothing open)."""
        document = getattr(self.window, "document", None)
        if document is None:
            return None
        from editor.printing.jobs import PrintJob  # noqa: PLC0415

        return PrintJob(document.bundle(), subject, side)

    def preview(self, subject: Subject, side: Side | None) -> QDialog | None:
        """Show the print preview of the subject; its Print button prints it."""
        # Qt's print support is loaded when first used, not at the editor's start.
        from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog  # noqa: PLC0415

        job = self.job(subject, side)
        if job is None:
            return None
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(job.title())
        dialog = QPrintPreviewDialog(printer, self.window)
        dialog.setWindowTitle(f"Print {job.title()}")
        dialog.paintRequested.connect(lambda device: self._paint(job, device))
        dialog.resize(self.window.size() * 0.8)
        dialog.open()
        return dialog

    def _paint(self, job: PrintJob, device: QPagedPaintDevice) -> None:
        progress = ProgressDialog(self.window, f"Laying out {job.title()}…")
        try:
            job.paint(device, progress.progress())
        finally:
            progress.close()

    def export_pdf(self, subject: Subject, side: Side | None, path: Path | None = None) -> bool:
        """Write the subject as a PDF at `path` (asked for when None); whether it was written."""
        job = self.job(subject, side)
        if job is None:
            return False
        if path is None:
            stem = job.bundle.scenario.path.name.split(".")[0]
            which = subject.value if side is None else f"{side.value}-{subject.value}"
            default = job.bundle.scenario.path.with_name(f"{stem}-{which}.pdf")
            chosen, _ = QFileDialog.getSaveFileName(
                self.window, "Export PDF", str(default), "PDF (*.pdf)"
            )
            if not chosen:
                return False
            path = Path(chosen)
        progress = ProgressDialog(self.window, f"Writing {path.name}…")
        try:
            written = job.write_pdf(path, progress.progress())
        except OSError as exc:
            QMessageBox.warning(self.window, "Export PDF", f"Could not write {path}: {exc}")
            return False
        finally:
            progress.close()
        if written:
            self.window.statusBar().showMessage(f"Exported {path}", 5000)
        return written


def _what(subject: Subject, side: Side | None) -> str:
    if subject is Subject.OOB:
        return "order of battle"
    return f"{side.value.capitalize()} briefing" if side else "briefings"

"""File > Print and File > Export PDF in the window: the submenus offer the OOB and each side's
briefing, the preview lays out the pages of the scenario as it is open (unsaved edits too),
Export PDF writes them, and the progress dialog's Cancel leaves no file."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from pypdf import PdfReader
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QApplication

from editor.commands import SetValue
from editor.main_window import MainWindow
from editor.printing import menu
from editor.printing.jobs import Subject
from schemas.io import FileKind
from schemas.vocabulary import Side


def _text(pdf: Path) -> str:
    pages = PdfReader(pdf).pages
    return " ".join(
        unicodedata.normalize("NFKC", " ".join(p.extract_text() for p in pages)).split()
    )


def test_print_previews_and_exports_the_briefing_as_edited_and_not_yet_saved(
    qtbot, window: MainWindow
) -> None:
    file_menu = window.menuBar().actions()[0].menu()
    titles = [a.text() for a in file_menu.actions()]
    assert "&Print" in titles
    assert "Export P&DF" in titles
    labels = [a.text() for a in window.printing.print_actions]
    assert labels == ["Order of &Battle…", "&Allied Briefing…", "A&xis Briefing…"]
    assert window.printing.print_actions[0].shortcut().toString() == "Ctrl+P"

    document = window.document
    document.push(
        SetValue(
            document,
            FileKind.SCENARIO,
            ("briefings", "allied"),
            "## Orders\n\nHold **Noville** until the 101st is in.\n",
            "Edit Allied Briefing",
        )
    )
    pages: list[int] = []
    original = menu.PrintMenus._paint

    def painted(self, job, device) -> None:
        original(self, job, device)
        pages.append(device.pageLayout().pageSize().id())

    menu.PrintMenus._paint = painted
    try:
        dialog = window.printing.preview(Subject.BRIEFING, Side.ALLIED)
        qtbot.waitUntil(lambda: bool(pages), timeout=10000)
    finally:
        menu.PrintMenus._paint = original
    assert dialog is not None
    assert "Allied Briefing" in dialog.windowTitle()
    dialog.close()

    out = window.document.scenario_path.with_name("allied.pdf")
    assert window.printing.export_pdf(Subject.BRIEFING, Side.ALLIED, out)
    text = _text(out)
    assert "Hold Noville until the 101st is in." in text
    assert document.is_dirty  # printing never saves or changes the scenario

    # The Briefing panel's Print Preview shows the briefing of the tab in front.
    panel = window.docks["briefing"]
    panel.show()
    panel.raise_()
    panel.tabs.setCurrentIndex(1)
    panel.preview_action.trigger()
    shown = [w for w in QApplication.topLevelWidgets() if isinstance(w, QPrintPreviewDialog)]
    assert any(w.isVisible() and "Axis Briefing" in w.windowTitle() for w in shown)
    for dialog in shown:
        dialog.close()


def test_cancel_in_the_progress_dialog_writes_no_pdf(window: MainWindow, monkeypatch) -> None:
    out = window.document.scenario_path.with_name("oob.pdf")

    def cancelled(self) -> menu.Progress:
        def heard(done: int, total: int) -> bool:
            QApplication.processEvents()
            return done == 0

        return heard

    monkeypatch.setattr(menu.ProgressDialog, "progress", cancelled)
    assert window.printing.export_pdf(Subject.OOB, None, out) is False
    assert not out.exists()
    assert not any(p.name.endswith(".part") for p in out.parent.iterdir())

"""Starting the editor: the Qt application, the window, recovery after a crash, and what to
open (the path given, else the bundled sample scenario)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from editor import icons
from editor.document import DocumentError
from editor.main_window import APP_NAME, MainWindow
from editor.recovery import RecoveryCopy, find_copies
from editor.settings import APPLICATION, ORGANIZATION
from editor.widgets import wheel_guard

SAMPLE_SCENARIO = (
    Path(__file__).resolve().parents[1]
    / "sample_data"
    / "ardennes44"
    / "scenarios"
    / "road_to_bastogne.scenario.yaml"
)
"""What `hexwright` opens with no argument: "The Road to Bastogne"."""

Ask = Callable[[QWidget | None, RecoveryCopy], QMessageBox.StandardButton]


def application(argv: Sequence[str] = ()) -> QApplication:
    """The Qt application (created once), named so settings land in the right place."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication([sys.argv[0] if sys.argv else "hexwright", *argv])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(APP_NAME)
    app.setStyle("Fusion")
    wheel_guard.install(app)  # the wheel scrolls panels; it changes a value only in focus
    app.setWindowIcon(icons.icon("hexwright"))
    return app


def ask_to_restore(parent: QWidget | None, copy: RecoveryCopy) -> QMessageBox.StandardButton:
    """Ask whether to restore a recovery copy (Yes), drop it (Discard) or leave it (Cancel)."""
    files = "\n".join(f"  {name}" for name in copy.changed_files)
    return QMessageBox.question(
        parent,
        "Restore unsaved changes?",
        f"Hexwright did not close normally while editing {copy.scenario.name}.\n"
        f"Unsaved changes from {copy.written:%d %b %Y %H:%M} were kept:\n\n{files}\n\n"
        "Restore them?",
        QMessageBox.StandardButton.Yes
        | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel,
    )


def start(arguments: Sequence[str] = (), ask: Ask = ask_to_restore) -> MainWindow:
    """Build the window and open what the user asked for, offering a recovery copy first."""
    application()
    window = MainWindow()
    if not _offer_recovery(window, ask):
        target = Path(arguments[0]) if arguments else SAMPLE_SCENARIO
        window.open_path(target)
    return window


def _offer_recovery(window: MainWindow, ask: Ask) -> bool:
    """Offer the newest recovery copy; True if a document was restored."""
    for copy in find_copies():
        answer = ask(window, copy)
        if answer == QMessageBox.StandardButton.Discard:
            copy.discard()
            continue
        if answer != QMessageBox.StandardButton.Yes:
            return False
        try:
            document = copy.restore()
        except (OSError, ValueError, DocumentError) as exc:
            QMessageBox.warning(window, APP_NAME, f"The recovery copy cannot be used: {exc}")
            return False
        window.set_document(document)
        copy.discard()
        window.autosaver.write_now()  # the restored changes are unsaved: keep them safe
        return True
    return False


def run(arguments: Sequence[str] = ()) -> int:
    """`hexwright [PATH]`: run the editor until its window closes."""
    app = application()
    window = start(arguments)
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
    window.show()
    return app.exec()

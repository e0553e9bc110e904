"""Starting the editor: the Qt application, the window, recovery after a crash, and what to
open (the path given, else the bundled sample scenario)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from editor import icons, qt_imports, regex_cache  # noqa: F401  # qt_imports: before the window's modules
from editor.disk_notice import choose
from editor.document import DocumentError
from editor.main_window import APP_NAME, MainWindow
from editor.recovery import KeepDisk, RecoveryCopy, find_copies
from editor.settings import APPLICATION, ORGANIZATION
from editor.startup import paused_collection
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
    """Ask whether to restore a recovery copy (Yes), drop it (Discard) or leave it for the
    next start (Cancel, shown as "Not Now")."""
    files = "\n".join(f"  {name}" for name in copy.changed_files)
    box = QMessageBox(
        QMessageBox.Icon.Question,
        "Restore unsaved changes?",
        f"Hexwright did not close normally while editing {copy.scenario.name}.\n"
        f"Unsaved changes from {copy.written:%d %b %Y %H:%M} were kept:\n\n{files}\n\n"
        "Restore them? Not Now keeps them for the next start.",
        QMessageBox.StandardButton.Yes
        | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel,
        parent,
    )
    box.button(QMessageBox.StandardButton.Yes).setText("Restore")
    box.button(QMessageBox.StandardButton.Cancel).setText("Not Now")
    return QMessageBox.StandardButton(box.exec())


def ask_to_keep_disk(parent: QWidget | None) -> KeepDisk:
    """For each file saved after its recovery copy was made: keep the file on disk (True) or
    put the recovered changes over it (False, undoable)?"""

    def keep_disk(path: Path) -> bool:
        answer = choose(
            parent,
            "Restore unsaved changes?",
            f"{path.name} was saved after these unsaved changes were kept, so the file on "
            "disk is newer than what they were made over.\n\nUse the recovered changes "
            "(Undo goes back to the file on disk), or keep the file on disk as it is?",
            ["Use Recovered Changes", "Keep File on Disk"],
        )
        return answer == "Keep File on Disk"

    return keep_disk


def start(
    arguments: Sequence[str] = (),
    ask: Ask = ask_to_restore,
    keep_disk: KeepDisk | None = None,
) -> MainWindow:
    """Build the window and open what the user asked for, offering a recovery copy first
    (`keep_disk` decides about files saved since the copy; by default the designer is asked)."""
    application()
    window = MainWindow()
    if not _offer_recovery(window, ask, keep_disk or ask_to_keep_disk(window)):
        target = Path(arguments[0]) if arguments else SAMPLE_SCENARIO
        window.open_path(target)
    return window


def _offer_recovery(window: MainWindow, ask: Ask, keep_disk: KeepDisk) -> bool:
    """Offer the newest recovery copy; True if a document was restored. A copy put off
    (Not Now) stays for the next start."""
    for copy in find_copies(window.autosaver.session):
        answer = ask(window, copy)
        if answer == QMessageBox.StandardButton.Discard:
            copy.discard()
            continue
        if answer != QMessageBox.StandardButton.Yes:
            return False
        try:
            document = copy.restore(keep_disk)
        except (OSError, ValueError, DocumentError) as exc:
            QMessageBox.warning(window, APP_NAME, f"The recovery copy cannot be used: {exc}")
            return False
        window.set_document(document)
        window.autosaver.write_now()  # the restored changes are unsaved: keep them safe first
        copy.discard()
        return True
    return False


def run(arguments: Sequence[str] = ()) -> int:
    """`hexwright [PATH]`: run the editor until its window closes."""
    app = application()
    with paused_collection(keep=True):
        window = start(arguments)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        window.show()
    regex_cache.remember_start()  # kept for the next start when this process ends
    return app.exec()

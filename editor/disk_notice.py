"""The bar above the map that says files changed on disk, with Reload and Ignore, and the
question a save asks before it overwrites such a file."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

Choose = Callable[[QWidget | None, str, str, Sequence[str]], str]
"""Ask a question with named answers; returns the answer chosen (the last one if closed)."""


def choose(parent: QWidget | None, title: str, text: str, answers: Sequence[str]) -> str:
    """A warning box with one button per answer; the last answer is Escape's."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.NoButton)
    box.setParent(parent, box.windowFlags())
    buttons = [box.addButton(answer, QMessageBox.ButtonRole.ActionRole) for answer in answers]
    box.setDefaultButton(buttons[-1])
    box.setEscapeButton(buttons[-1])
    box.exec()
    clicked = box.clickedButton()
    return answers[buttons.index(clicked)] if clicked in buttons else answers[-1]


class DiskNotice(QWidget):
    """A non-modal tinted bar: which files changed on disk, Reload and Ignore; hidden when
    nothing is to be said."""

    reload_requested = Signal()
    ignore_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("disk_notice")
        self.setStyleSheet(
            "#disk_notice { background: #fff4d6; border-bottom: 1px solid #e0a800; }"
        )
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)  # show the tint
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.reload_button = QPushButton("&Reload")
        self.ignore_button = QPushButton("I&gnore")
        self.reload_button.clicked.connect(self.reload_requested)
        self.ignore_button.clicked.connect(self.ignore_requested)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.reload_button)
        layout.addWidget(self.ignore_button)
        self.setVisible(False)

    def show_changes(
        self, clean: Sequence[str], conflicting: Sequence[str], gone: Sequence[str] = ()
    ) -> None:
        """Say which files changed on disk: `clean` ones have no unsaved edits, the
        `conflicting` ones do (reloading them keeps those edits in the undo history), and the
        `gone` ones were deleted or moved away."""
        lines = []
        if clean:
            lines.append(f"<b>{_names(clean)}</b> changed on disk.")
        if conflicting:
            lines.append(
                f"<b>{_names(conflicting)}</b> changed on disk, and you have unsaved changes "
                "to it: Reload takes the version on disk (Undo brings your changes back); "
                "Ignore keeps yours, and saving asks before overwriting."
            )
        if gone:
            lines.append(
                f"<b>{_names(gone)}</b> was deleted or moved away on disk; what is open is "
                "kept, and saving writes it again."
            )
        self.label.setText("<br>".join(lines))
        self.reload_button.setText("&Reload Theirs" if conflicting else "&Reload")
        self.reload_button.setVisible(bool(clean or conflicting))
        self.setVisible(bool(lines))

    @property
    def text(self) -> str:
        """What the bar says, as plain text (for tests and screen readers)."""
        return self.label.text().replace("<b>", "").replace("</b>", "").replace("<br>", "\n")


def around(notice: DiskNotice, central: QWidget) -> QWidget:
    """A widget with the notice bar above `central` (the map)."""
    holder = QWidget()
    layout = QVBoxLayout(holder)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(0)
    layout.addWidget(notice)
    layout.addWidget(central, 1)
    return holder


def _names(names: Sequence[str]) -> str:
    return ", ".join(html.escape(name) for name in names)

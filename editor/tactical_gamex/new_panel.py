"""Panel Layout > New Panel…: a blank geomorphic panel (every hex Clear, "hexes without terrain
art are Clear" [003 3.2.1]) with the Map ID, name and size the designer gives, written beside
the title's other panels on the next Save and laid to the right of the board, one undo step."""

from __future__ import annotations

import os
import re
from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from editor.tactical_gamex.document import TgxDocument
from editor.tactical_gamex.new_title import blank_panel
from editor.tactical_gamex.panel_commands import AddNewPanel

_MAP_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_\-]*$")


def new_panel_refusal(document: TgxDocument, panel_id: str, name: str) -> str:
    """Why a new panel of this Map ID cannot be made ("" when it can)."""
    if not _MAP_ID.match(panel_id) or len(panel_id) > 40:
        return "a Map ID is letters, digits, - and _, beginning with a letter or digit"
    if not name.strip():
        return "give the panel a name"
    taken = {panel.id.casefold() for panel in document.panels.values()}
    if panel_id.casefold() in taken:
        return f"the title already has a panel {panel_id}: addresses would be ambiguous"
    path = panel_path(document, panel_id)
    if path.exists():
        return f"{path.name} already exists in {path.parent}"
    return ""


def panel_path(document: TgxDocument, panel_id: str) -> Path:
    """Where a new panel's file goes: beside the layout's first panel, else the title folder."""
    parts = document.panel_parts()
    folder = document.path(parts[0]).parent if parts else document.title_folder
    return folder / f"{panel_id.lower()}.panel.yaml"


def add_new_panel(document: TgxDocument, panel_id: str, name: str, width: int, height: int) -> str:
    """Make a blank panel and lay it right of the board as one undo step; the refusal, or ""."""
    refused = new_panel_refusal(document, panel_id, name)
    if refused:
        return refused
    path = panel_path(document, panel_id)
    file = Path(os.path.relpath(path, document.scenario_path.parent)).as_posix()
    model = blank_panel(panel_id, width, height).model_copy(update={"name": name.strip()})
    panels = document.situation.board.panels
    column = max((p.column for p in panels), default=-1) + 1
    document.push(AddNewPanel(document, file, path, model, column=column, row=0))
    return ""


class NewPanelDialog(QDialog):
    """Asks for a new panel's Map ID, name and size; refuses with the reason."""

    def __init__(self, document: TgxDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Panel")
        self.document = document
        first = next(iter(document.panels.values()), None)
        form = QFormLayout(self)
        self.map_id = QLineEdit(_free_letter(document))
        self.map_id.setToolTip("The Map ID every address on the panel begins with: A, Village…")
        self.name = QLineEdit(f"Panel {self.map_id.text()}")
        self.width = QSpinBox()
        self.width.setRange(3, 99)
        self.width.setValue(first.width if first is not None else 17)
        self.width.setToolTip(
            "Columns, both half-hex edge columns included: panels of one board share a size, "
            "odd widths join side by side"
        )
        self.height = QSpinBox()
        self.height.setRange(2, 99)
        self.height.setValue(first.height if first is not None else 10)
        self.why = QLabel()
        self.why.setWordWrap(True)
        self.why.setObjectName("new_panel_refusal")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        form.addRow("Map ID", self.map_id)
        form.addRow("Name", self.name)
        form.addRow("Columns", self.width)
        form.addRow("Rows", self.height)
        form.addRow(self.why)
        form.addRow(buttons)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

    def accept(self) -> None:
        refused = add_new_panel(
            self.document,
            self.map_id.text().strip(),
            self.name.text(),
            self.width.value(),
            self.height.value(),
        )
        if refused:
            self.why.setText(f"Refused — {refused}")
            return
        super().accept()


def _free_letter(document: TgxDocument) -> str:
    taken = {panel.id.casefold() for panel in document.panels.values()}
    return next((c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c.casefold() not in taken), "")

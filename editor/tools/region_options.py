"""The Tool Options page of the Region tool: the selected rectangle, what the clipboard holds,
and the Copy and Paste buttons (the same as Ctrl+C and Ctrl+V over the map)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from editor.mapops.subscenario import Crop

if TYPE_CHECKING:
    from editor.tools.region_tool import RegionTool


def describe(crop: Crop) -> str:
    """A rectangle as the designer reads it.

    >>> describe(Crop(3, 5, 10, 4))
    'Columns 3-12, rows 5-8 (10 x 4 hexes)'
    """
    return (
        f"Columns {crop.first_column}-{crop.first_column + crop.width - 1}, rows "
        f"{crop.first_row}-{crop.first_row + crop.height - 1} "
        f"({crop.width} x {crop.height} hexes)"
    )


class RegionOptions(QWidget):
    """Shows the region and the clipboard; Copy copies the region, Paste arms pasting."""

    def __init__(self, tool: RegionTool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tool = tool
        self.region_label = QLabel()
        self.region_label.setWordWrap(True)
        self.region_label.setToolTip("The rectangle of hexes dragged on the map")
        self.clip_label = QLabel()
        self.clip_label.setWordWrap(True)
        self.clip_label.setToolTip("What a paste puts on the map")
        self.copy_button = QPushButton("Copy")
        self.copy_button.setToolTip(
            "Copy the region's terrain, elevation, hexsides, crossings, road and rail links "
            "and full-hex features (Ctrl+C)"
        )
        self.paste_button = QPushButton("Paste")
        self.paste_button.setCheckable(True)
        self.paste_button.setToolTip(
            "Show the copied region under the mouse; a click pastes it with its top-left hex "
            "there, as one undo step; Escape cancels (Ctrl+V)"
        )
        self.copy_button.clicked.connect(self.tool.copy)
        self.paste_button.clicked.connect(self._paste_clicked)
        buttons = QHBoxLayout()
        buttons.addWidget(self.copy_button)
        buttons.addWidget(self.paste_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<b>Region</b>"))
        layout.addWidget(self.region_label)
        layout.addWidget(QLabel("<b>Clipboard</b>"))
        layout.addWidget(self.clip_label)
        layout.addLayout(buttons)
        layout.addStretch(1)
        self.refresh()

    def _paste_clicked(self, checked: bool) -> None:
        if checked:
            self.tool.arm_paste()
        else:
            self.tool.cancel()
        self.refresh()

    def refresh(self) -> None:
        """Show the tool's current region and clipboard."""
        region = self.tool.region
        self.region_label.setText(
            describe(region) if region is not None else "Drag over the map to select hexes."
        )
        clip = self.tool.current_clip()
        self.clip_label.setText(clip.summary() if clip is not None else "Empty: copy a region.")
        self.copy_button.setEnabled(region is not None and self.tool.document is not None)
        self.paste_button.setEnabled(clip is not None and self.tool.document is not None)
        self.paste_button.setChecked(self.tool.pasting)

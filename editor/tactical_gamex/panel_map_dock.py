"""The Panel Map panel: what the panel tools paint (terrain, hill level and mass, hexside kind,
bridge or ford), buttons that pick each tool, and the panels under the hex chosen (or under
the mouse while a panel tool is in use). The
tools themselves are `panel_tools.py`; New Panel… is in the Panel Layout panel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.selection import Selection
from editor.tactical_gamex.dock import TgxDock
from editor.tactical_gamex.document import TgxDocument
from editor.tactical_gamex.panel_edits import MASS_LETTERS
from editor.widgets.button_rows import WrappingButtons
from schemas.tactical_gamex.vocabulary import HexFeature, HexsideKind, Terrain

TERRAIN_HINTS: dict[Terrain, str] = {
    Terrain.STREAM: "a stream hex: vehicles in it are Down, and Up when they leave [003 6.3.9]",
}


class PanelMapDock(TgxDock):
    """The Panel Map panel."""

    title = "Panel Map"
    object_name = "tgx_panel_map"
    default_area = Qt.DockWidgetArea.LeftDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.use_tool: Callable[[str], None] | None = None
        """Makes the board tool of a name the current one (set by the workspace)."""
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        form = QFormLayout()
        self.terrain = QComboBox()
        for terrain in Terrain:
            self.terrain.addItem(terrain.value.title(), terrain.value)
        self.terrain.setToolTip("The terrain Panel Terrain paints")
        self.level = QSpinBox()
        self.level.setRange(1, 9)
        self.level.setToolTip(
            "The hill level Panel Hills paints: 1 a hill mass, 2 a mass on a mass… [003 6.3.7]"
        )
        self.mass = QComboBox()
        self.mass.addItems(list(MASS_LETTERS))
        self.mass.setToolTip(
            "The hill mass Panel Hills paints: a slope between hexes of one mass is the "
            "viewer's own mass, another mass blocks sight [003 6.3.7]"
        )
        self.hexside = QComboBox()
        for kind in HexsideKind:
            self.hexside.addItem(kind.value.title(), kind.value)
        self.hexside.setToolTip("The hexside Panel Hexsides draws; kinds combine on one edge")
        self.feature = QComboBox()
        for feature in HexFeature:
            self.feature.addItem(feature.value.title(), feature.value)
        self.feature.setToolTip("What Panel Fords & Bridges puts in a stream hex")
        form.addRow("Terrain", self.terrain)
        form.addRow("Hill level", self.level)
        form.addRow("Hill mass", self.mass)
        form.addRow("Hexside", self.hexside)
        form.addRow("Stream", self.feature)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.tool_buttons: dict[str, QPushButton] = {}
        for name, label in (
            ("tgx_paint_terrain", "Terrain"),
            ("tgx_paint_hills", "Hills"),
            ("tgx_paint_hexsides", "Hexsides"),
            ("tgx_paint_roads", "Roads"),
            ("tgx_paint_features", "Fords/Bridges"),
            ("tgx_panel_names", "Names"),
        ):
            button = QPushButton(label)
            button.setToolTip(f"Paint {label.lower()} on the board (the tool of the same name)")
            button.clicked.connect(lambda _c=False, name=name: self._pick(name))
            self.tool_buttons[name] = button
        self.under = QLabel()
        self.under.setWordWrap(True)
        self.under.setObjectName("panel_under_hex")
        layout.addLayout(form)
        layout.addWidget(self.hint)
        layout.addWidget(WrappingButtons(list(self.tool_buttons.values())))
        layout.addWidget(self.under)
        layout.addStretch(1)
        self.setWidget(body)
        self.terrain.currentIndexChanged.connect(self._changed)
        self.level.valueChanged.connect(self._changed)
        self.mass.currentIndexChanged.connect(self._changed)
        self.hexside.currentIndexChanged.connect(self._changed)
        self.feature.currentIndexChanged.connect(self._changed)

    def show_document(self, document: TgxDocument | None) -> None:
        self.setEnabled(document is not None)
        self._read_brush()
        self.show_hex(None)

    def _read_brush(self) -> None:
        brush = getattr(self.chosen, "brush", None)
        if brush is None:
            return
        self.terrain.setCurrentIndex(self.terrain.findData(brush.terrain.value))
        self.level.setValue(brush.level)
        self.mass.setCurrentText(brush.mass)
        self.hexside.setCurrentIndex(self.hexside.findData(brush.hexside.value))
        self.feature.setCurrentIndex(self.feature.findData(brush.feature.value))

    def _changed(self, *_: Any) -> None:
        brush = getattr(self.chosen, "brush", None)
        if brush is None:
            return
        # Qt hands a StrEnum item's data back as its text.
        brush.terrain = Terrain(self.terrain.currentData())
        brush.level = self.level.value()
        brush.mass = self.mass.currentText()
        brush.hexside = HexsideKind(self.hexside.currentData())
        brush.feature = HexFeature(self.feature.currentData())
        self.hint.setText(TERRAIN_HINTS.get(brush.terrain, ""))

    def _pick(self, name: str) -> None:
        if self.use_tool is not None:
            self.use_tool(name)

    def show_hex(self, spot: tuple[int, int] | None) -> None:
        """Say which panels a hex is painted into (two on a seam)."""
        document = self.document
        board = document.board() if isinstance(document, TgxDocument) else None
        if board is None or spot is None or not board.contains(*spot):
            self.under.setText("")
            return
        addresses = board.addresses.get(spot, ())
        if not addresses:
            self.under.setText("This hex is on no panel's numbered hexes: nothing is painted here")
            return
        seam = " (a seam hex: both panels are painted)" if len(addresses) > 1 else ""
        self.under.setText(f"{' / '.join(addresses)}{seam}")

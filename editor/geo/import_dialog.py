"""The Import Geography dialog: pick a GeoJSON file, say what each of its layers becomes on the
map (a terrain, a hexside feature, a road class or nothing), place the hex grid on its
coordinates, preview the result and apply it as one undo step."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.document import Document
from editor.geo.convert import (
    ConnectionTarget,
    Conversion,
    HexsideTarget,
    Layer,
    LayerKey,
    Placement,
    Target,
    TerrainTarget,
    convert,
    default_placement,
    property_names,
    read_layers,
    suggest_target,
)
from editor.tools.map_edit_commands import DrawConnections, DrawHexsides, feature_label
from editor.tools.terrain_commands import PaintTerrain
from editor.widgets.screen_fit import resize_within_screen
from engine.hexgrid import Grid, Layout
from schemas.panzer_campaigns.map import MapFile
from schemas.reading import read_regular_file
from schemas.vocabulary import ConnectionKind, HexsideKind

COMMAND_TEXT = "Import Geography"
IGNORE = "Ignore"
_PREVIEW_SIZE = 300
_RIVER_COLOR = QColor("#2f6fb8")
_ROAD_COLOR = QColor("#b03a2e")


def apply_conversion(document: Document, conversion: Conversion) -> bool:
    """Put an import on the map as one undo step named "Import Geography", through the
    terrain, hexside and road tools' own commands; returns whether anything changed."""
    if conversion.is_empty:
        return False
    with document.macro(COMMAND_TEXT):
        if conversion.terrain:
            document.push(PaintTerrain(document, conversion.terrain, text="Import Terrain"))
        for side_kind, edges in conversion.hexsides.items():
            document.push(DrawHexsides(document, side_kind, edges))
        for road_kind, links in conversion.links.items():
            document.push(DrawConnections(document, road_kind, links))
    return True


def _choices(key: LayerKey, map_file: MapFile) -> list[tuple[str, Target | None]]:
    """What a layer may become: terrains for areas, hexside features and roads for lines."""
    choices: list[tuple[str, Target | None]] = [(IGNORE, None)]
    if key.family == "area":
        choices += [(f"Terrain: {t.name}", TerrainTarget(t.id)) for t in map_file.terrain]
        return choices
    choices += [(f"Hexside: {feature_label(k)}", HexsideTarget(k)) for k in HexsideKind]
    choices += [(f"Road: {feature_label(k)}", ConnectionTarget(k)) for k in ConnectionKind]
    return choices


class GeographyImportDialog(QDialog):
    """Reads a GeoJSON file and imports its geography onto the document's map."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import Geography")
        self.document = document
        self.data: dict[str, Any] = {}
        self.layers: list[Layer] = []
        self.conversion: Conversion | None = None
        self._combos: dict[LayerKey, QComboBox] = {}
        self._timer = QTimer(self, singleShot=True, interval=150)
        self._timer.timeout.connect(self.refresh_preview)

        self.file_edit = QLineEdit(readOnly=True, placeholderText="No file chosen")
        browse = QPushButton("Browse…")
        browse.clicked.connect(self.browse)
        self.group_by = QComboBox()
        self.group_by.setToolTip("The feature property whose values name the layers")
        self.group_by.currentTextChanged.connect(self._regroup)
        file_row = QHBoxLayout()
        file_row.addWidget(self.file_edit, 1)
        file_row.addWidget(browse)
        file_row.addWidget(QLabel("Group by:"))
        file_row.addWidget(self.group_by)

        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Layer", "Features", "Becomes"])
        self.table.verticalHeader().hide()
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)

        self.origin_x = self._spin(-1e9, 1e9, "The x coordinate of the centre of hex (0, 0)")
        self.origin_y = self._spin(-1e9, 1e9, "The y coordinate (north up) of hex (0, 0)")
        self.hex_size = self._spin(0.001, 1e7, "Distance between the centres of neighbouring hexes")
        self.rotation = self._spin(-360.0, 360.0, "Turn of the map's columns, counter-clockwise")
        self.rotation.setSuffix(" °")
        self.threshold = self._spin(1.0, 100.0, "Least share of a hex an area must cover")
        self.threshold.setSuffix(" %")
        self.threshold.setDecimals(0)
        self.threshold.setValue(50.0)
        placement = default_placement(document.map)
        self.set_placement(placement)
        form = QFormLayout()
        form.addRow("Origin x:", self.origin_x)
        form.addRow("Origin y:", self.origin_y)
        form.addRow("Hex size:", self.hex_size)
        form.addRow("Rotation:", self.rotation)
        form.addRow("Terrain when covering at least:", self.threshold)
        placement_box = QGroupBox("Placement of hex (0, 0) in the file's coordinates")
        placement_box.setLayout(form)

        self.summary = QLabel("Choose a GeoJSON file.", wordWrap=True)
        self.picture = QLabel(alignment=Qt.AlignmentFlag.AlignCenter)
        self.picture.setMinimumSize(_PREVIEW_SIZE, _PREVIEW_SIZE)
        preview_box = QGroupBox("Preview")
        preview_layout = QVBoxLayout(preview_box)
        preview_layout.addWidget(self.summary)
        preview_layout.addWidget(self.picture, 1)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Cancel
        )
        self.apply_button = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.apply_button.setEnabled(False)
        self.apply_button.clicked.connect(self.apply)
        self.buttons.rejected.connect(self.reject)

        left = QVBoxLayout()
        left.addWidget(self.table, 1)
        left.addWidget(placement_box)
        body = QHBoxLayout()
        body.addLayout(left, 3)
        body.addWidget(preview_box, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(file_row)
        layout.addLayout(body, 1)
        layout.addWidget(self.buttons)
        resize_within_screen(self, 860, 560)

    def _spin(self, low: float, high: float, tip: str) -> QDoubleSpinBox:
        spin = QDoubleSpinBox(minimum=low, maximum=high, decimals=2)
        spin.setToolTip(tip)
        spin.setMinimumWidth(140)
        spin.setMaximumWidth(180)
        spin.valueChanged.connect(self.schedule_preview)
        return spin

    # The file --------------------------------------------------------------------------------

    def choose_file(self) -> Path | None:
        """Ask for a GeoJSON file (tests replace this)."""
        name, _ = QFileDialog.getOpenFileName(
            self, "Import Geography", "", "GeoJSON (*.geojson *.json);;All files (*)"
        )
        return Path(name) if name else None

    def browse(self) -> None:
        """Choose a file and read it."""
        path = self.choose_file()
        if path is not None:
            self.open_file(path)

    def open_file(self, path: Path) -> None:
        """Read a GeoJSON file, list its layers and fit the grid's top left to its extent."""
        try:
            data = json.loads(read_regular_file(path).decode("utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a GeoJSON object")
            names = property_names(data)
            read_layers(data)
        except (OSError, ValueError, RecursionError) as error:
            self.summary.setText(f"Cannot read {path.name}: {error}")
            return
        self.data = data
        self.file_edit.setText(str(path))
        self._fit_to(data)
        self.group_by.blockSignals(True)
        self.group_by.clear()
        self.group_by.addItems(names)
        self.group_by.setCurrentText("kind" if "kind" in names else (names[0] if names else ""))
        self.group_by.blockSignals(False)
        self._regroup()

    def _fit_to(self, data: dict[str, Any]) -> None:
        # The hex (0, 0) centre half a hex inside the top left corner of the file's extent.
        extent = [layer.geometries for layer in read_layers(data)]
        bounds = [geometry.bounds for geometries in extent for geometry in geometries]
        if not bounds:
            return
        half = self.hex_size.value() / 2
        left = min(b[0] for b in bounds)
        top = max(b[3] for b in bounds)
        self.set_placement(Placement(left + half, top - half, self.hex_size.value()))

    def _regroup(self) -> None:
        self.layers = read_layers(self.data, self.group_by.currentText() or "kind")
        map_file = self.document.map
        self._combos.clear()
        self.table.setRowCount(len(self.layers))
        for row, layer in enumerate(self.layers):
            family = "Areas" if layer.key.family == "area" else "Lines"
            name = QTableWidgetItem(layer.key.name)
            name.setToolTip(f"{family} whose {self.group_by.currentText()} is {layer.key.name}")
            self.table.setItem(row, 0, name)
            number = len(layer.geometries)
            noun = layer.key.family if number == 1 else family.lower()
            count = QTableWidgetItem(f"{number} {noun}")
            count.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, 1, count)
            combo = QComboBox()
            combo.setToolTip("What this layer becomes on the map")
            choices = _choices(layer.key, map_file)
            for label, target in choices:
                combo.addItem(label, target)
            suggested = suggest_target(layer.key, map_file)
            combo.setCurrentIndex(next(i for i, c in enumerate(choices) if c[1] == suggested))
            combo.currentIndexChanged.connect(self.schedule_preview)
            self.table.setCellWidget(row, 2, combo)
            self._combos[layer.key] = combo
        self.refresh_preview()

    # Settings ---------------------------------------------------------------------------------

    def placement(self) -> Placement:
        """The placement the fields describe."""
        return Placement(
            self.origin_x.value(),
            self.origin_y.value(),
            self.hex_size.value(),
            self.rotation.value(),
        )

    def set_placement(self, placement: Placement) -> None:
        """Show a placement in the fields."""
        self.origin_x.setValue(placement.origin_x)
        self.origin_y.setValue(placement.origin_y)
        self.hex_size.setValue(placement.hex_size)
        self.rotation.setValue(placement.rotation)

    def targets(self) -> dict[LayerKey, Target | None]:
        """What each layer becomes, as chosen."""
        return {key: combo.currentData() for key, combo in self._combos.items()}

    def set_target(self, key: LayerKey, target: Target | None) -> None:
        """Choose what a layer becomes."""
        combo = self._combos[key]
        # findData compares wrapped Python objects by identity; targets compare by value.
        found = [i for i in range(combo.count()) if combo.itemData(i) == target]
        if not found:
            raise ValueError(f"{key.name} cannot become {target}")
        combo.setCurrentIndex(found[0])

    # Preview and apply ------------------------------------------------------------------------

    def schedule_preview(self) -> None:
        """Recompute the preview shortly (a spin of the placement fires many changes)."""
        self.conversion = None
        self._timer.start()

    def refresh_preview(self) -> Conversion | None:
        """Convert with the current settings and show the counts and a picture."""
        self._timer.stop()
        if not self.layers:
            self.conversion = None
            self.apply_button.setEnabled(False)
            return None
        map_file = self.document.map
        self.conversion = convert(
            map_file,
            self.layers,
            self.targets(),
            self.placement(),
            self.threshold.value() / 100.0,
        )
        self.summary.setText(self.conversion.summary())
        self.picture.setPixmap(preview_pixmap(map_file, self.conversion, _PREVIEW_SIZE))
        self.apply_button.setEnabled(not self.conversion.is_empty)
        return self.conversion

    def apply(self) -> None:
        """Put the import on the map as one undo step and close."""
        conversion = self.conversion or self.refresh_preview()
        if conversion is not None and apply_conversion(self.document, conversion):
            self.accept()


def _changed_region(map_file: MapFile, conversion: Conversion) -> tuple[int, int, int, int]:
    """The columns and rows (first, last) around what an import changes, a couple of hexes
    wider; the whole map when it changes nothing."""
    touched = list(conversion.terrain)
    touched += [hex_ for edges in conversion.hexsides.values() for hex_, _ in edges]
    touched += [hex_ for links in conversion.links.values() for link in links for hex_ in link]
    if not touched:
        return 0, map_file.width - 1, 0, map_file.height - 1
    margin = 2
    columns = [column for column, _ in touched]
    rows = [row for _, row in touched]
    return (
        max(0, min(columns) - margin),
        min(map_file.width - 1, max(columns) + margin),
        max(0, min(rows) - margin),
        min(map_file.height - 1, max(rows) + margin),
    )


def preview_pixmap(map_file: MapFile, conversion: Conversion, size: int) -> QPixmap:
    """A small picture of the part of the map an import changes: changed hexes in their new
    terrain, the rest faded, new hexsides in blue and new links in red."""
    grid = Grid(map_file.width, map_file.height, map_file.shifted_columns)
    first_column, last_column, first_row, last_row = _changed_region(map_file, conversion)
    hexes = [
        (column, row)
        for row in range(first_row, last_row + 1)
        for column in range(first_column, last_column + 1)
    ]
    unit = Layout(1.0)
    corners = [point for hex_ in hexes for point in unit.corners(grid.hex_at(*hex_))]
    left, top = min(x for x, _ in corners), min(y for _, y in corners)
    span_x, span_y = max(x for x, _ in corners) - left, max(y for _, y in corners) - top
    scale = (size - 2) / max(span_x, span_y)
    layout = Layout(scale, 1 - left * scale, 1 - top * scale)
    colors = {t.code: QColor(t.color) for t in map_file.terrain}
    pixmap = QPixmap(round(span_x * scale) + 2, round(span_y * scale) + 2)
    pixmap.fill(QColor("white"))
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor(0, 0, 0, 40), 0.5))
    for column, row in hexes:
        new = conversion.terrain.get((column, row))
        color = QColor(colors.get(new or map_file.terrain_rows[row][column], QColor("gray")))
        if new is None:
            color.setAlpha(60)
        painter.setBrush(color)
        outline = layout.corners(grid.hex_at(column, row))
        painter.drawPolygon(QPolygonF([QPointF(x, y) for x, y in outline]))
    width = max(1.5, scale * 0.2)
    painter.setPen(_line_pen(_RIVER_COLOR, width))
    for edges in conversion.hexsides.values():
        for (column, row), side in edges:
            a, b = layout.side_ends(grid.hex_at(column, row), side)
            painter.drawLine(QPointF(*a), QPointF(*b))
    painter.setPen(_line_pen(_ROAD_COLOR, width))
    for links in conversion.links.values():
        for start, end in links:
            a = layout.center(grid.hex_at(*start))
            b = layout.center(grid.hex_at(*end))
            painter.drawLine(QPointF(*a), QPointF(*b))
    painter.end()
    return pixmap


def _line_pen(color: QColor, width: float) -> QPen:
    pen = QPen(color, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


def import_geography(document: Document, parent: QWidget | None = None) -> bool:
    """Run the dialog on a document (for File > Import Geography…); returns whether an import
    was applied."""
    dialog = GeographyImportDialog(document, parent)
    return dialog.exec() == QDialog.DialogCode.Accepted

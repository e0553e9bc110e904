"""The Map > Resize / Crop dialog (one undo step over map and scenario) and the File > New Title
dialog (a blank map plus an existing title's OOB, parameters and weather)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.commands import ReplaceFile
from editor.document import Document
from editor.mapops.new_map import create_title, new_map, title_files
from editor.mapops.resize import (
    MAX_SIDE,
    Margins,
    ResizeReport,
    new_stagger,
    resize_map_reported,
    shift_scenario,
)
from editor.open_places import SCENARIO_FILTER
from editor.widgets.screen_fit import resize_within_screen
from schemas.io import FileKind, load_file
from schemas.panzer_campaigns.map import MapFile, TerrainType
from schemas.panzer_campaigns.scenario import ScenarioFile
from schemas.save_journal import SaveFailed
from schemas.title import discover

MAP_FILTER = "Maps (*.map.yaml *.map.json)"
_STAGGERS: tuple[tuple[str, Literal["odd", "even"]], ...] = (
    ("Odd columns (1, 3, 5…) sit lower", "odd"),
    ("Even columns (0, 2, 4…) sit lower", "even"),
)


def _swatch(colour: str) -> QIcon:
    pixmap = QPixmap(12, 12)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


def _fill_terrain_combo(combo: QComboBox, legend: list[TerrainType], keep: str | None) -> None:
    """Fill a combo with the legend (data = terrain id), keeping the chosen id where it exists."""
    combo.clear()
    for terrain in legend:
        combo.addItem(_swatch(terrain.color), f"{terrain.name}  ({terrain.code})", terrain.id)
        combo.setItemData(
            combo.count() - 1, f"Terrain id '{terrain.id}'", Qt.ItemDataRole.ToolTipRole
        )
    index = combo.findData(keep) if keep is not None else -1
    combo.setCurrentIndex(max(index, 0))


# Resize / crop ---------------------------------------------------------------------------------


class ResizeDialog(QDialog):
    """Add or cut columns and rows on each side of the map, with a preview of what falls off;
    Apply resizes the map and moves the scenario in one undo step."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resize_map_dialog")
        self.setWindowTitle("Resize / Crop Map")
        self.document = document
        map_file = document.map
        self._timer = QTimer(self, singleShot=True, interval=150)
        self._timer.timeout.connect(self.refresh)

        sides = QGroupBox("Add (positive) or cut (negative) on each side")
        grid = QGridLayout(sides)
        self.left = self._side_spin(map_file.width, " columns", "left")
        self.right = self._side_spin(map_file.width, " columns", "right")
        self.top = self._side_spin(map_file.height, " rows", "top")
        self.bottom = self._side_spin(map_file.height, " rows", "bottom")
        # Laid out like the map: top above, left and right beside, bottom below.
        for spin, label, row, column in (
            (self.top, "Top", 0, 2),
            (self.left, "Left", 1, 0),
            (self.right, "Right", 1, 4),
            (self.bottom, "Bottom", 2, 2),
        ):
            grid.addWidget(QLabel(label), row, column, Qt.AlignmentFlag.AlignRight)
            grid.addWidget(spin, row, column + 1)
        self.size_label = QLabel()
        self.size_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        grid.addWidget(self.size_label, 1, 2, 1, 2)

        self.fill = QComboBox()
        self.fill.setToolTip("Terrain of the hexes the resize adds")
        _fill_terrain_combo(self.fill, map_file.terrain, map_file.terrain[0].id)
        form = QFormLayout()
        form.addRow("Fill new hexes with", self.fill)

        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.report_view = QPlainTextEdit(readOnly=True)
        self.report_view.setObjectName("resize_report")
        self.report_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        others = _other_scenarios_on_map(document)
        self.others_label = QLabel(
            "Other scenarios on this map are not moved; check them after the resize: "
            + ", ".join(others)
            if others
            else ""
        )
        self.others_label.setWordWrap(True)
        self.others_label.setVisible(bool(others))

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = self.buttons.addButton("Apply", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(sides)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        layout.addWidget(self.report_view, 1)
        layout.addWidget(self.others_label)
        layout.addWidget(self.buttons)
        self.fill.currentIndexChanged.connect(self._timer.start)
        resize_within_screen(self, 620, 520)
        self.refresh()

    def _side_spin(self, extent: int, suffix: str, side: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(-(extent - 1), MAX_SIDE - extent)
        spin.setSuffix(suffix)
        spin.setToolTip(f"{suffix.strip().capitalize()} added on the {side} (negative: cut off)")
        spin.setMinimumWidth(110)
        spin.valueChanged.connect(self._timer.start)
        return spin

    def margins(self) -> Margins:
        """The amounts the spin boxes give."""
        return Margins(self.left.value(), self.top.value(), self.right.value(), self.bottom.value())

    def preview(self) -> tuple[MapFile, ScenarioFile, ResizeReport]:
        """The resized map and moved scenario with the report, for the current settings
        (ValueError for an impossible size)."""
        margins = self.margins()
        resized, report = resize_map_reported(
            self.document.map, margins, str(self.fill.currentData())
        )
        scenario, moved = shift_scenario(
            self.document.scenario, margins.left, margins.top, resized.width, resized.height
        )
        return resized, scenario, report + moved

    def refresh(self) -> None:
        """Show the new size and what the resize would remove or move."""
        old = self.document.map
        margins = self.margins()
        width = old.width + margins.left + margins.right
        height = old.height + margins.top + margins.bottom
        self.size_label.setText(f"{old.width} × {old.height}  →  <b>{width} × {height}</b> hexes")
        try:
            _, _, report = self.preview()
        except ValueError as exc:
            self.summary.setText(str(exc))
            self.report_view.setPlainText("")
            self.apply_button.setEnabled(False)
            return
        self.apply_button.setEnabled(margins != Margins())
        notes = []
        if new_stagger(old, margins.left) != old.shifted_columns:
            notes.append(
                "An odd number of columns on the left: the column stagger flips so every hex "
                "keeps its neighbours."
            )
        lines = report.lines()
        if lines:
            counts = ", ".join(f"{what} × {n}" for what, n in report.counts().items())
            notes.append(f"Off the new map, removed or moved: {counts}.")
        elif margins != Margins():
            notes.append("Nothing falls off the map.")
        self.summary.setText(" ".join(notes))
        self.report_view.setPlainText("\n".join(lines))

    def apply(self) -> bool:
        """Resize the map and move the scenario as one undo step; False if nothing to do."""
        if self.margins() == Margins():
            return False
        resized, scenario, _ = self.preview()
        with self.document.macro("Resize Map"):
            self.document.push(ReplaceFile(self.document, FileKind.MAP, resized, "Resize Map"))
            self.document.push(
                ReplaceFile(self.document, FileKind.SCENARIO, scenario, "Move Scenario Hexes")
            )
        return True


def _other_scenarios_on_map(document: Document) -> list[str]:
    """Names of the title's other scenario files that use the same map file."""
    map_path = document.path(FileKind.MAP).resolve()
    names = []
    for path in discover(document.title_folder):
        if FileKind.from_path(path) is not FileKind.SCENARIO:
            continue
        if path.resolve() == document.scenario_path.resolve():
            continue
        model = load_file(path, FileKind.SCENARIO).model
        if isinstance(model, ScenarioFile) and (path.parent / model.files.map).resolve() == (
            map_path
        ):
            names.append(path.name)
    return names


def resize_dialog(window_document: Document, parent: QWidget | None = None) -> bool:
    """Ask for the resize and apply it; True when the map changed."""
    dialog = ResizeDialog(window_document, parent)
    return dialog.exec() == QDialog.DialogCode.Accepted and dialog.apply()


# New title -------------------------------------------------------------------------------------


class _PathField(QWidget):
    """A path line edit with a Browse… button."""

    def __init__(self, browse_title: str, file_filter: str | None, parent: QWidget) -> None:
        super().__init__(parent)
        self.edit = QLineEdit()
        button = QPushButton("Browse…")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit, 1)
        layout.addWidget(button)
        self._title, self._filter = browse_title, file_filter
        button.clicked.connect(self._browse)

    def _browse(self) -> None:
        start = self.edit.text() or str(Path.home())
        if self._filter is None:
            chosen = QFileDialog.getExistingDirectory(self, self._title, start)
        else:
            chosen, _ = QFileDialog.getOpenFileName(self, self._title, start, self._filter)
        if chosen:
            self.edit.setText(chosen)

    def path(self) -> Path | None:
        text = self.edit.text().strip()
        return Path(text) if text else None


class NewTitleDialog(QDialog):
    """A new title folder: a blank map (size, stagger, base terrain, legend from an existing
    map) with the OOB, parameter data and weather of an existing scenario's title."""

    def __init__(self, parent: QWidget | None = None, template: Path | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("new_title_dialog")
        self.setWindowTitle("New Title")
        self.created: Path | None = None
        self._legend: list[TerrainType] = []

        self.template = _PathField("Start from Scenario", SCENARIO_FILTER, self)
        self.template.setToolTip(
            "The OOB, parameter data and weather of this scenario's title are copied, and its "
            "header (dates, turns, victory levels) starts the new scenario"
        )
        self.location = _PathField("Create the Title Folder in", None, self)
        self.location.setToolTip("The folder the new title folder is created in")
        self.folder_name = QLineEdit()
        self.folder_name.setToolTip("Name of the new title folder; its files are named after it")
        self.title = QLineEdit("New scenario")
        self.title.setToolTip("Title of the first, empty scenario")
        self.map_name = QLineEdit("New map")
        self.map_name.setToolTip(MapFile.model_fields["name"].description or "")
        self.width_spin = self._size_spin(50, MapFile.model_fields["width"].description)
        self.height_spin = self._size_spin(40, MapFile.model_fields["height"].description)
        self.stagger = QComboBox()
        for text, value in _STAGGERS:
            self.stagger.addItem(text, value)
        self.stagger.setToolTip(MapFile.model_fields["shifted_columns"].description or "")
        self.legend_from = _PathField("Legend from Map", MAP_FILTER, self)
        self.legend_from.setToolTip(
            "A map whose terrain legend and hex size the new map takes; empty = the default "
            "Panzer Campaigns legend. Its terrain ids must have movement costs in the copied "
            "parameter data."
        )
        self.base = QComboBox()
        self.base.setToolTip("Terrain every hex of the new map starts with")
        self.legend_note = QLabel()
        self.legend_note.setWordWrap(True)

        self.ruleset = QComboBox()
        self.ruleset.addItem("Panzer Campaigns / Panzer Battles", "panzer")
        self.ruleset.addItem("Tactical GameX", "tactical_gamex")
        self.ruleset.setToolTip(
            "The game system of the title: it decides the files, panels and tools it is edited with"
        )
        from editor.tactical_gamex.new_title_form import TgxTitleForm  # noqa: PLC0415

        self.tgx_form = TgxTitleForm(self)
        form = QFormLayout()
        self._form = form
        form.addRow("Ruleset", self.ruleset)
        form.addRow("Start from scenario", self.template)
        form.addRow("Create in", self.location)
        form.addRow("Title folder name", self.folder_name)
        form.addRow("Scenario title", self.title)
        form.addRow("Map name", self.map_name)
        size = QHBoxLayout()
        size.addWidget(self.width_spin)
        size.addWidget(QLabel("×"))
        size.addWidget(self.height_spin)
        size.addStretch(1)
        form.addRow("Size", size)
        form.addRow("Stagger", self.stagger)
        form.addRow("Legend from", self.legend_from)
        form.addRow("Base terrain", self.base)
        form.addRow("", self.legend_note)
        form.addRow(self.tgx_form)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.create_button = buttons.addButton("Create", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self._create_and_close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

        self.ruleset.currentIndexChanged.connect(self._ruleset_changed)
        self._ruleset_changed()
        self.template.edit.textChanged.connect(self._template_changed)
        self.legend_from.edit.textChanged.connect(self._load_legend)
        if template is not None:
            self.template.edit.setText(str(template))
            self.location.edit.setText(str(template.resolve().parent.parent.parent))
        self._load_legend()
        self.resize(640, 0)

    def _ruleset_changed(self) -> None:
        """Show the fields of the chosen ruleset's titles only."""
        tgx = self.ruleset.currentData() == "tactical_gamex"
        panzer_only = (
            self.template,
            self.map_name,
            self.width_spin,
            self.stagger,
            self.legend_from,
            self.base,
            self.legend_note,
        )
        for widget in panzer_only:
            self._form.setRowVisible(_form_row(self._form, widget), not tgx)
        self._form.setRowVisible(_form_row(self._form, self.tgx_form), tgx)

    def _size_spin(self, value: int, tip: str | None) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(1, MAX_SIDE)
        spin.setValue(value)
        spin.setSuffix(" hexes")
        spin.setToolTip(tip or "")
        spin.setMinimumWidth(110)
        return spin

    def _template_changed(self) -> None:
        # The template's own map legend matches its parameter data: offer it first.
        template = self.template.path()
        if template is None or not template.is_file():
            return
        try:
            map_path = title_files(template)[FileKind.MAP]
        except ValueError:
            return
        self.legend_from.edit.setText(str(map_path))

    def _load_legend(self) -> None:
        source = self.legend_from.path()
        legend_map = self._legend_map()
        if legend_map is None:
            self._legend = []
            self.legend_note.setText(
                f"Cannot read a map from {source.name}: the default legend is used."
                if source is not None
                else "The default legend and 1 km hexes are used."
            )
            legend = new_map("x", 1, 1).terrain
        else:
            legend = legend_map.terrain
            self.legend_note.setText(
                f"{len(legend)} terrain types, {legend_map.hex_size_m} m hexes, "
                f"from {legend_map.name}."
            )
        _fill_terrain_combo(self.base, legend, self.base.currentData())

    def _legend_map(self) -> MapFile | None:
        source = self.legend_from.path()
        if source is None or not source.is_file():
            return None
        model = load_file(source, FileKind.MAP).model
        return model if isinstance(model, MapFile) else None

    def build_map(self) -> MapFile:
        """The blank map the settings describe."""
        return new_map(
            self.map_name.text().strip() or "New map",
            self.width_spin.value(),
            self.height_spin.value(),
            self.stagger.currentData(),
            base_terrain_id=self.base.currentData(),
            legend_from=self._legend_map(),
        )

    def create_title_folder(self) -> Path:
        """Write the new title; return its scenario path (raises ValueError, OSError)."""
        template, location = self.template.path(), self.location.path()
        name = self.folder_name.text().strip()
        if self.ruleset.currentData() == "tactical_gamex":
            if location is None or not name or any(ch in name for ch in "/\\:"):
                raise ValueError("Choose where to create the title and name its folder.")
            self.created = self.tgx_form.create(
                location / name, self.title.text().strip() or "New situation"
            )
            return self.created
        if template is None or not template.is_file():
            raise ValueError("Choose the scenario whose OOB and parameter data to start from.")
        if location is None or not name:
            raise ValueError("Choose where to create the title and name its folder.")
        if any(ch in name for ch in "/\\:"):
            raise ValueError("The folder name cannot hold / \\ or :.")
        self.created = create_title(
            location / name,
            self.build_map(),
            template_scenario=template,
            title=self.title.text().strip() or "New scenario",
        )
        return self.created

    def _create_and_close(self) -> None:
        try:
            self.create_title_folder()
        except (ValueError, OSError, SaveFailed) as exc:
            QMessageBox.warning(self, "New Title", str(exc))
            return
        self.accept()


def _form_row(form: QFormLayout, widget: QWidget) -> int:
    """The row of a form that holds a widget (or the layout holding it)."""
    for row in range(form.rowCount()):
        for role in (QFormLayout.ItemRole.FieldRole, QFormLayout.ItemRole.SpanningRole):
            item = form.itemAt(row, role)
            if item is None:
                continue
            if item.widget() is widget:
                return row
            layout = item.layout()
            if layout is not None and layout.indexOf(widget) >= 0:
                return row
    raise ValueError("not in the form")


def new_title_dialog(parent: QWidget | None = None, template: Path | None = None) -> Path | None:
    """Ask for and create a new title; the path of its empty scenario, to open, or None.

    `template` (usually the open scenario) preselects the title to copy OOB and parameters from.
    """
    dialog = NewTitleDialog(parent, template)
    if dialog.exec() == QDialog.DialogCode.Accepted:
        return dialog.created
    return None

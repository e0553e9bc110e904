"""File > Convert to Sub-Scenario…: ask for a rectangle of the map, what becomes of the units
outside it and a name, show what the cut would change, and write the result as a new title.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QRadioButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.document import Document
from editor.mapops.subscenario import Crop, Outside, SubScenarioReport, cut_subscenario
from editor.tools.region_tool import selected_region
from editor.widgets.screen_fit import resize_within_screen
from schemas.io import FileKind, dump_text, is_json
from schemas.save_journal import SaveFailed, save_set
from schemas.title import SCENARIO_FOLDER

TITLE_FILE_FIELDS = {
    FileKind.OOB: "oob",
    FileKind.PARAMETERS: "parameters",
    FileKind.WEATHER: "weather",
}
"""The title files copied unchanged into the new title, by the scenario's reference field."""


def slug(name: str) -> str:
    """A file name made from a scenario name.

    >>> slug("The Road to Bastogne: Wiltz!")
    'the-road-to-bastogne-wiltz'
    """
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "sub-scenario"


class SubScenarioDialog(QDialog):
    """Asks the rectangle, the fate of the units outside and a name; previews the report."""

    def __init__(
        self, document: Document, region: Crop | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.setWindowTitle("Convert to Sub-Scenario")
        map_file = document.map
        region = region or Crop(0, 0, map_file.width, map_file.height)

        self.name = QLineEdit(f"{document.scenario.header.title} (part)")
        self.name.setToolTip("Title of the new scenario; also names the new title's files")
        self.first_column = self._spin(region.first_column, 0, map_file.width - 1, "column")
        self.first_row = self._spin(region.first_row, 0, map_file.height - 1, "row")
        self.width_spin = self._spin(region.width, 1, map_file.width, "columns")
        self.height_spin = self._spin(region.height, 1, map_file.height, "rows")
        self.first_column.setToolTip("Column of the rectangle's top-left hex: it becomes [0, 0]")
        self.first_row.setToolTip("Row of the rectangle's top-left hex: it becomes [0, 0]")
        self.width_spin.setToolTip("Number of columns of the new map")
        self.height_spin.setToolTip("Number of rows of the new map")

        self.as_reinforcements = QRadioButton("Bring them on as reinforcements on turn")
        self.as_reinforcements.setToolTip(
            "Units placed outside arrive at the nearest hex of the new map's edge, grouped by hex"
        )
        self.drop = QRadioButton("Leave them unplaced")
        self.drop.setToolTip("Units placed outside are not in the new scenario")
        self.as_reinforcements.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.as_reinforcements)
        group.addButton(self.drop)
        self.turn = self._spin(1, 1, document.scenario.header.turns, "turn")
        self.turn.setToolTip("The turn the units placed outside arrive on")

        corner = QHBoxLayout()
        corner.addWidget(self.first_column)
        corner.addWidget(QLabel("row"))
        corner.addWidget(self.first_row)
        corner.addStretch(1)
        size = QHBoxLayout()
        size.addWidget(self.width_spin)
        size.addWidget(QLabel("x"))
        size.addWidget(self.height_spin)
        size.addWidget(QLabel("hexes"))
        size.addStretch(1)
        arrive = QHBoxLayout()
        arrive.addWidget(self.as_reinforcements)
        arrive.addWidget(self.turn)
        arrive.addStretch(1)
        form = QFormLayout()
        form.addRow("Name:", self.name)
        form.addRow("Top-left column:", corner)
        form.addRow("Size:", size)
        form.addRow("Units outside:", arrive)
        form.addRow("", self.drop)

        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setToolTip("What the cut changes")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Write Title…")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel("What changes:"))
        layout.addWidget(self.preview, 1)
        layout.addWidget(buttons)
        for spin in (self.first_column, self.first_row, self.width_spin, self.height_spin):
            spin.valueChanged.connect(self.update_preview)
        self.turn.valueChanged.connect(self.update_preview)
        self.as_reinforcements.toggled.connect(self.update_preview)
        resize_within_screen(self, 640, 520)
        self.update_preview()

    def _spin(self, value: int, low: int, high: int, suffix: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(low, high)
        spin.setValue(value)
        spin.setAccessibleName(suffix)
        spin.setMinimumWidth(80)
        spin.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        return spin

    # What the user asked -----------------------------------------------------------------------

    @property
    def crop(self) -> Crop:
        """The rectangle as set."""
        return Crop(
            self.first_column.value(),
            self.first_row.value(),
            self.width_spin.value(),
            self.height_spin.value(),
        )

    @property
    def outside(self) -> Outside:
        """What becomes of units placed outside."""
        return "reinforcements" if self.as_reinforcements.isChecked() else "drop"

    def cut(self) -> tuple[object, object, SubScenarioReport]:
        """The new map, scenario and report (ValueError when the rectangle leaves the map)."""
        crop = self.crop
        doc = self.document
        return cut_subscenario(
            doc.map,
            doc.scenario,
            doc.oob,
            first_column=crop.first_column,
            first_row=crop.first_row,
            width=crop.width,
            height=crop.height,
            outside=self.outside,
            turn=self.turn.value(),
        )

    def update_preview(self) -> None:
        """Show what the cut would change, or why it cannot be made."""
        self.turn.setEnabled(self.as_reinforcements.isChecked())
        try:
            _, _, report = self.cut()
        except ValueError as exc:
            self.preview.setPlainText(str(exc))
            self.ok_button.setEnabled(False)
            return
        self.ok_button.setEnabled(True)
        self.preview.setPlainText("\n".join(report.lines()))

    # Writing -----------------------------------------------------------------------------------

    def choose_folder(self) -> Path | None:
        """Ask where the new title folder goes (tests replace this)."""
        parent = QFileDialog.getExistingDirectory(
            self, "Folder for the New Title", str(self.document.title_folder.parent)
        )
        return Path(parent) / slug(self.name.text()) if parent else None

    def offer_to_open(self, scenario_path: Path) -> bool:
        """Ask whether to open the new scenario (tests replace this)."""
        answer = QMessageBox.question(
            self,
            "Convert to Sub-Scenario",
            f"The new title was written to {scenario_path.parent.parent}.\n\nOpen the new "
            "scenario now?",
        )
        return answer == QMessageBox.StandardButton.Yes

    def write(self, folder: Path) -> Path:
        """Write the new title into `folder` (new or empty): the cropped map, copies of the
        OOB, parameter data and weather, and the new scenario; return the scenario's path."""
        if folder.exists() and any(folder.iterdir()):
            raise FileExistsError(f"{folder} is not empty: choose a new folder for the title")
        new_map, new_scenario, _ = self.cut()
        (folder / SCENARIO_FOLDER).mkdir(parents=True, exist_ok=True)
        doc = self.document
        name = slug(self.name.text())
        map_path = folder / f"{name}{_suffix(doc.path(FileKind.MAP))}"
        files = [(map_path, dump_text(new_map, as_json=is_json(map_path)))]  # type: ignore[arg-type]
        references = {"map": f"../{map_path.name}"}
        for kind, field in TITLE_FILE_FIELDS.items():
            if not doc.has(kind):
                continue
            target = folder / doc.path(kind).name
            files.append((target, dump_text(doc.model(kind), as_json=is_json(target))))
            references[field] = f"../{target.name}"
        scenario = new_scenario.model_copy(  # type: ignore[attr-defined]
            update={
                "header": doc.scenario.header.model_copy(update={"title": self.name.text()}),
                "files": doc.scenario.files.model_copy(update=references),
            }
        )
        scenario_path = folder / SCENARIO_FOLDER / f"{name}{_suffix(doc.path(FileKind.SCENARIO))}"
        files.append((scenario_path, dump_text(scenario, as_json=is_json(scenario_path))))
        save_set(files, folder)  # a crash leaves the whole new title or none of it
        return scenario_path


def _suffix(path: Path) -> str:
    """The double suffix of a Hexwright file, e.g. `.map.yaml`."""
    return "".join(path.suffixes[-2:])


def convert_to_subscenario_dialog(document: Document, parent: QWidget | None = None) -> Path | None:
    """Run File > Convert to Sub-Scenario…: returns the new scenario's path when the user wants
    it opened (the caller opens it), None when cancelled or not to be opened."""
    dialog = SubScenarioDialog(document, selected_region(document), parent)
    while dialog.exec() == QDialog.DialogCode.Accepted:
        folder = dialog.choose_folder()
        if folder is None:
            continue
        try:
            written = dialog.write(folder)
        except (OSError, ValueError, SaveFailed) as exc:
            QMessageBox.warning(dialog, "Convert to Sub-Scenario", str(exc))
            continue
        return written if dialog.offer_to_open(written) else None
    return None

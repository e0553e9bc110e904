"""File > Import OOB… and Export OOB…: a dialog that reads a spreadsheet (CSV/TSV) or an
indented text, lets the designer say what each column becomes, previews the first rows with
their problems and puts everything accepted under a chosen organization as one undo step."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.commands import InsertItems
from editor.document import Document
from schemas.io import FileKind
from schemas.panzer_campaigns.oob import OobNode
from schemas.panzer_campaigns.oob_csv import (
    TARGETS,
    default_mapping,
    preview,
    read_oob_csv,
    read_table,
    write_oob_csv,
)
from schemas.panzer_campaigns.oob_import import ImportResult, subtree, taken_ids
from schemas.panzer_campaigns.oob_text import read_oob_text, write_oob_text
from schemas.panzer_campaigns.unit_types import type_by_id

_FILTER = "OOB tables and texts (*.csv *.tsv *.txt);;All files (*)"


def is_table(path: Path) -> bool:
    return path.suffix.lower() in (".csv", ".tsv", ".tab")


class OobImportDialog(QDialog):
    """Choose a file and an organization, map the columns, look at the preview, import."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import OOB")
        self.document = document
        self.text = ""
        self.result: ImportResult | None = None
        self.report_box: QMessageBox | None = None
        layout = QVBoxLayout(self)
        form = QFormLayout()
        row = QHBoxLayout()
        self.path = QLineEdit(placeholderText="A .csv, .tsv or indented .txt file")
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row.addWidget(self.path, 1)
        row.addWidget(browse)
        form.addRow("File", row)
        self.under = QComboBox()
        index = document.oob_index
        for nation_id, nation in index.nations.items():
            self.under.addItem(f"{nation.nation.name} (nation)", nation_id)
        for org_id, entry in index.organizations.items():
            depth = max(len(entry.path) // 2 - 3, 0)
            self.under.addItem("  " * (depth + 1) + entry.organization.name, org_id)
        form.addRow("Put under", self.under)
        layout.addLayout(form)
        self.mapping = QTableWidget(0, 2)
        self.mapping.setHorizontalHeaderLabels(["Column", "Becomes"])
        self.mapping.horizontalHeader().setStretchLastSection(True)
        self.mapping.verticalHeader().hide()
        layout.addWidget(QLabel("Columns (CSV and TSV)"))
        layout.addWidget(self.mapping, 1)
        self.preview = QTableWidget(0, 0)
        self.preview.verticalHeader().hide()
        layout.addWidget(QLabel("Preview: the first rows and what is wrong with them"))
        layout.addWidget(self.preview, 2)
        self.report = QPlainTextEdit(readOnly=True)
        self.report.setMaximumBlockCount(500)
        layout.addWidget(self.report, 1)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Import")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.path.editingFinished.connect(self.load)
        self.under.currentIndexChanged.connect(self.refresh)
        self.resize(820, 640)

    def _browse(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Import OOB", "", _FILTER)
        if name:
            self.path.setText(name)
            self.load()

    def load(self) -> None:
        """Read the file and show its columns, preview and report."""
        path = Path(self.path.text())
        try:
            self.text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            self.text = ""
            self.report.setPlainText(f"{path}:1: cannot read the file: {exc}")
            return
        self.mapping.setRowCount(0)
        if is_table(path):
            header = read_table(self.text).header
            mapping = default_mapping(header)
            self.mapping.setRowCount(len(header))
            for number, name in enumerate(header):
                self.mapping.setItem(number, 0, QTableWidgetItem(name))
                combo = QComboBox()
                combo.addItem("(ignore)", "")
                for target in TARGETS:
                    combo.addItem(target.replace("_", " "), target)
                combo.setCurrentIndex(max(combo.findData(mapping[name]), 0))
                combo.currentIndexChanged.connect(self.refresh)
                self.mapping.setCellWidget(number, 1, combo)
        self.refresh()

    def chosen_mapping(self) -> dict[str, str]:
        mapping = {}
        for number in range(self.mapping.rowCount()):
            combo = self.mapping.cellWidget(number, 1)
            assert isinstance(combo, QComboBox)
            mapping[self.mapping.item(number, 0).text()] = combo.currentData() or ""
        return mapping

    def refresh(self, *_: object) -> None:
        """Read the whole file as it would be imported, and show the preview and report."""
        if not self.text:
            return
        path = Path(self.path.text())
        taken = taken_ids(self.document.oob)
        types = type_by_id(self.document.oob)
        if is_table(path):
            mapping = self.chosen_mapping()
            self.result = read_oob_csv(self.text, str(path), taken, mapping, types)
            self._show_preview(mapping)
        else:
            self.result = read_oob_text(self.text, str(path), taken, types)
            self.preview.setRowCount(0)
        self.report.setPlainText(self.result.report())
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.result.nodes))

    def _show_preview(self, mapping: dict[str, str]) -> None:
        header = list(mapping)
        rows = preview(self.text, mapping, unit_types=type_by_id(self.document.oob))
        self.preview.setColumnCount(len(header) + 2)
        labels = ["Line"]
        labels += [f"{h} → {mapping[h] or '(ignored)'}" for h in header]
        self.preview.setHorizontalHeaderLabels([*labels, "Problems"])
        self.preview.setRowCount(len(rows))
        for number, row in enumerate(rows):
            self.preview.setItem(number, 0, QTableWidgetItem(str(row.line)))
            for column, cell in enumerate(row.cells[: len(header)]):
                self.preview.setItem(number, column + 1, QTableWidgetItem(cell))
            self.preview.setItem(number, len(header) + 1, QTableWidgetItem("; ".join(row.problems)))
        self.preview.resizeColumnsToContents()


def insert_nodes(document: Document, parent_id: str, nodes: list[OobNode], text: str) -> None:
    """Append the nodes to an organization's children (or a nation's top), one undo step."""
    index = document.oob_index
    if parent_id in index.organizations:
        entry = index.organizations[parent_id]
        list_path = (*entry.path, "children")
        end = len(entry.organization.children)
    else:
        nation = index.nations[parent_id]
        list_path = (*nation.path, "organizations")
        end = len(nation.nation.organizations)
    document.push(InsertItems(document, FileKind.OOB, list_path, index=end, items=nodes, text=text))


def import_oob(document: Document, parent: QWidget | None = None) -> OobImportDialog:
    """Open the import dialog; on Import, put what was accepted in as one undo step."""
    dialog = OobImportDialog(document, parent)

    def done() -> None:
        result = dialog.result
        if result is None or not result.nodes:
            return
        under = dialog.under.currentData()
        _, units = result.counts()
        name = Path(dialog.path.text()).name
        insert_nodes(document, under, result.nodes, f"Import {units} units from {name}")
        if result.problems:
            # Not modal: the import is done; the report says what was left out.
            box = QMessageBox(QMessageBox.Icon.Information, "Import OOB", result.report())
            box.setParent(parent, box.windowFlags())
            box.open()
            dialog.report_box = box

    dialog.accepted.connect(done)
    dialog.open()
    return dialog


def export_oob(document: Document, organization: str | None, parent: QWidget | None = None) -> None:
    """Ask for a file and write the organization (or the whole OOB) as CSV, TSV or text."""
    name, _ = QFileDialog.getSaveFileName(parent, "Export OOB", "", _FILTER)
    if name:
        write_export(document, organization, Path(name))


def write_export(document: Document, organization: str | None, path: Path) -> None:
    oob = document.oob
    found = subtree(oob, organization) if organization else None
    nodes: list[OobNode] = (
        [found]
        if found is not None
        else [n for side in oob.sides for nation in side.nations for n in nation.organizations]
    )
    if is_table(path):
        text = write_oob_csv(nodes, "\t" if path.suffix.lower() != ".csv" else ",")
    else:
        text = write_oob_text(nodes)
    path.write_text(text, encoding="utf-8")

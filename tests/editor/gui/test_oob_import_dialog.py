"""File > Import OOB…: a text OOB or a mapped spreadsheet previewed with its problems and put
under the chosen organization as one undo step; Export OOB… writes what reads back the same."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox

from editor.document import Document
from editor.oob_exchange_dialog import OobImportDialog, import_oob, write_export
from editor.unit_type_edits import extract_types
from schemas.panzer_campaigns.oob_import import subtree, walk
from schemas.panzer_campaigns.unit_types import type_by_id, units_of_types

FIXTURE = Path(__file__).parents[2] / "schemas" / "fixtures" / "das_reich_1944.txt"


def _open(qtbot, document: Document, path: Path, under: str) -> OobImportDialog:
    dialog = import_oob(document)
    qtbot.addWidget(dialog)
    dialog.under.setCurrentIndex(dialog.under.findData(under))
    dialog.path.setText(str(path))
    dialog.load()
    return dialog


def test_a_text_oob_is_imported_as_one_undo_step(qtbot, document: Document) -> None:
    before = document.oob
    dialog = _open(qtbot, document, FIXTURE, "de.6pza")
    assert "8 organizations and 50 units created" in dialog.report.toPlainText()
    dialog.accept()
    division = subtree(document.oob, "de.2ssd")
    assert division is not None
    assert document.oob_index.organizations["de.2ssd"].parent == "de.6pza"
    assert sum(1 for n in walk([division]) if n.kind == "unit") == 50
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.oob == before


def test_a_spreadsheet_is_mapped_previewed_and_imported(qtbot, document, tmp_path) -> None:
    sheet = tmp_path / "vgd.csv"
    sheet.write_text(
        "Einheit,Stärke,MP\nI./Gren.Rgt. 989,520,6\nII./Gren.Rgt. 989,viele,6\n", encoding="utf-8"
    )
    dialog = _open(qtbot, document, sheet, "de.6pza")
    assert dialog.mapping.rowCount() == 3
    for row, target in enumerate(("name", "strength", "speed")):
        combo = dialog.mapping.cellWidget(row, 1)
        assert isinstance(combo, QComboBox)
        combo.setCurrentIndex(combo.findData(target))
    problems = dialog.preview.columnCount() - 1
    assert dialog.preview.item(0, problems).text() == ""
    assert "strength" in dialog.preview.item(1, problems).text()
    assert f"{sheet}:3: strength" in dialog.report.toPlainText()
    dialog.accept()
    army = subtree(document.oob, "de.6pza")
    assert army.children[-1].name == "I./Gren.Rgt. 989"
    assert document.undo_stack.count() == 1


def test_export_of_an_organization_reads_back_the_same(qtbot, document, tmp_path) -> None:
    out = tmp_path / "fbb.tsv"
    write_export(document, "de.fbb", out)
    original = subtree(document.oob, "de.fbb")
    dialog = _open(qtbot, document, out, "de.5pza")
    dialog.accept()
    copy = subtree(document.oob, "de.5pza").children[-1]
    assert [n.name for n in walk([copy])] == [n.name for n in walk([original])]
    assert copy.hq == copy.children[0].id


def test_a_tsv_naming_a_unit_type_imports_units_with_the_types_values(
    qtbot, document, tmp_path
) -> None:
    extract_types(document)
    users = units_of_types(document.oob_index)
    type_id = max(users, key=lambda t: len(users[t]))
    unit_type = type_by_id(document.oob)[type_id]
    sheet = tmp_path / "typed.tsv"
    sheet.write_text(
        f"name\tunit_type\tstrength\nNew Bn 1\t{type_id}\t500\nNew Bn 2\t{type_id}\t450\n",
        encoding="utf-8",
    )
    dialog = _open(qtbot, document, sheet, "de.6pza")
    problems = dialog.preview.columnCount() - 1
    assert [dialog.preview.item(r, problems).text() for r in range(2)] == ["", ""]
    dialog.accept()
    new = subtree(document.oob, "de.6pza").children[-2:]
    assert [u.strength for u in new] == [500, 450]
    for unit in new:
        assert unit.unit_type == type_id
        assert (unit.unit_class, unit.speed, unit.hard_attack) == (
            unit_type.unit_class,
            unit_type.speed,
            unit_type.hard_attack,
        )

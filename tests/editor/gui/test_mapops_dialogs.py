"""The Resize / Crop dialog (one undo step over map and scenario, a report of what falls off) and
the New Title dialog (a title folder that opens)."""

from __future__ import annotations

from pathlib import Path

from editor.document import Document
from editor.mapops.dialogs import NewTitleDialog, ResizeDialog
from schemas.io import dump_text
from schemas.title import load_scenario

SHOTS = Path("/tmp/shots")


def _errors(path: Path) -> list[str]:
    return [p.format() for p in load_scenario(path).problems if p.is_error]


def test_resize_is_one_undo_step_and_saves_clean(qtbot, document: Document) -> None:
    map_before, scenario_before = dump_text(document.map), dump_text(document.scenario)
    steps = document.undo_stack.count()
    dialog = ResizeDialog(document)
    qtbot.addWidget(dialog)
    dialog.left.setValue(3)
    dialog.top.setValue(-1)
    dialog.refresh()
    assert "stagger flips" in dialog.summary.text()
    assert dialog.apply_button.isEnabled()

    assert dialog.apply()

    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == "Resize Map"
    assert (document.map.width, document.map.height) == (78, 79)
    assert document.map.shifted_columns == "even"
    document.undo_stack.undo()
    assert dump_text(document.map) == map_before
    assert dump_text(document.scenario) == scenario_before
    assert not document.is_dirty
    document.undo_stack.redo()
    assert document.map.width == 78

    document.save()
    assert not _errors(document.scenario_path)
    reopened = Document.open(document.scenario_path)
    assert reopened.map == document.map
    assert reopened.scenario == document.scenario


def test_crop_preview_lists_what_falls_off(qtbot, document: Document) -> None:
    dialog = ResizeDialog(document)
    qtbot.addWidget(dialog)
    dialog.right.setValue(-40)
    # The preview follows the spin boxes after a short pause.
    qtbot.waitUntil(lambda: "Placement: " in dialog.report_view.toPlainText())
    report = dialog.report_view.toPlainText()
    assert "Place: Bastogne" not in report  # Bastogne lies west of the cut
    assert "Objective: " in report
    assert "Off the new map, removed or moved: Placement × " in dialog.summary.text()
    assert report.startswith("Placement: ")  # the designer's own work is listed first
    assert "into_the_ardennes.scenario.yaml" in dialog.others_label.text()
    placed = len(document.scenario.placements)
    SHOTS.mkdir(exist_ok=True)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.grab().save(str(SHOTS / "resize_dialog.png"))

    assert dialog.apply()
    unplaced = report.count("Placement: ")
    assert len(document.scenario.placements) == placed - unplaced
    document.save()
    assert not _errors(document.scenario_path)


def test_impossible_size_disables_apply(qtbot, document: Document) -> None:
    dialog = ResizeDialog(document)
    qtbot.addWidget(dialog)
    dialog.left.setValue(-40)
    dialog.right.setValue(-40)
    dialog.refresh()
    assert not dialog.apply_button.isEnabled()
    assert "1-4000" in dialog.summary.text()


def test_new_title_dialog_creates_a_title_that_opens(qtbot, ardennes: Path, tmp_path: Path) -> None:
    dialog = NewTitleDialog(template=ardennes)
    qtbot.addWidget(dialog)
    assert dialog.legend_from.edit.text().endswith("ardennes44.map.yaml")
    assert dialog.base.count() == 7
    dialog.location.edit.setText(str(tmp_path))
    dialog.folder_name.setText("meuse44")
    dialog.title.setText("Crossing the Meuse")
    dialog.map_name.setText("The Meuse")
    dialog.width_spin.setValue(30)
    dialog.height_spin.setValue(20)
    dialog.stagger.setCurrentIndex(1)
    dialog.base.setCurrentIndex(dialog.base.findData("forest"))

    SHOTS.mkdir(exist_ok=True)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.grab().save(str(SHOTS / "new_title_dialog.png"))

    with qtbot.waitSignal(dialog.accepted):
        dialog.create_button.click()
    path = dialog.created
    assert path == tmp_path / "meuse44" / "scenarios" / "meuse44.scenario.yaml"
    assert not _errors(path)
    opened = Document.open(path)
    assert (opened.map.width, opened.map.height, opened.map.shifted_columns) == (30, 20, "even")
    assert set("".join(opened.map.terrain_rows)) == {"f"}
    assert opened.scenario.header.title == "Crossing the Meuse"
    assert opened.scenario.placements == []


def test_new_title_dialog_refuses_a_folder_in_use(qtbot, ardennes: Path, monkeypatch) -> None:
    warnings: list[str] = []
    monkeypatch.setattr(
        "editor.mapops.dialogs.QMessageBox.warning",
        lambda _parent, _title, text: warnings.append(text),
    )
    dialog = NewTitleDialog(template=ardennes)
    qtbot.addWidget(dialog)
    dialog.location.edit.setText(str(ardennes.parent.parent.parent))
    dialog.folder_name.setText("ardennes44")
    dialog.create_button.click()
    assert dialog.created is None
    assert len(warnings) == 1
    assert "already holds files" in warnings[0]
    assert dialog.result() == 0

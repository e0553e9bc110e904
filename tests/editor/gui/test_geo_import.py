"""The Import Geography dialog: a designer picks a GeoJSON file, checks what each layer
becomes and where the grid lies, sees the preview and applies it as one undo step."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.document import Document
from editor.geo.convert import HexsideTarget, LayerKey, Placement, TerrainTarget
from editor.geo.import_dialog import GeographyImportDialog
from editor.tools.map_edit_commands import has_link, hexside_kinds
from engine.hexgrid import Grid
from schemas.io import dump_text
from schemas.vocabulary import ConnectionKind, Direction, HexsideKind

FIXTURE = Path(__file__).parents[1] / "fixtures" / "small_geography.geojson"
ROAD = [((0, 4), (1, 3)), ((1, 3), (2, 3)), ((2, 3), (3, 2)), ((3, 2), (4, 2))]
RIVER = [((1, 2), Direction.DOWN_RIGHT), ((0, 3), Direction.UP), ((2, 3), Direction.UP_RIGHT)]


@pytest.fixture
def dialog(qtbot, document: Document, monkeypatch: pytest.MonkeyPatch) -> GeographyImportDialog:
    """The dialog over The Road to Bastogne with the fixture chosen through Browse."""
    widget = GeographyImportDialog(document)
    qtbot.addWidget(widget)
    monkeypatch.setattr(widget, "choose_file", lambda: FIXTURE)
    widget.browse()
    # The fixture is drawn in metres for hexes 100 m apart with hex (0, 0) at (1000, 2000).
    widget.set_placement(Placement(1000.0, 2000.0, 100.0))
    widget.refresh_preview()
    return widget


def test_layers_are_listed_with_suggestions(dialog: GeographyImportDialog) -> None:
    names = [dialog.table.item(row, 0).text() for row in range(dialog.table.rowCount())]
    assert names == ["forest", "town", "water", "power_line", "river", "road"]
    assert dialog.table.item(0, 1).text() == "1 area"
    becomes = [dialog.table.cellWidget(row, 2).currentText() for row in range(len(names))]
    assert becomes == [
        "Terrain: Forest",
        "Terrain: Town",
        "Terrain: Water",
        "Ignore",
        "Hexside: River",
        "Road: Secondary Road",
    ]
    assert dialog.group_by.currentText() == "kind"
    assert dialog.apply_button.isEnabled()


def test_apply_is_one_undo_step_and_undo_restores_the_file(
    qtbot, dialog: GeographyImportDialog, document: Document, tmp_path: Path
) -> None:
    before = dump_text(document.map)
    grid = Grid(document.map.width, document.map.height, document.map.shifted_columns)
    summary = dialog.summary.text()
    assert "change terrain" in summary
    dialog.resize(900, 600)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.grab().save("/tmp/shots/geo_import_dialog.png")

    count = document.undo_stack.count()
    with qtbot.waitSignal(dialog.accepted):
        dialog.apply_button.click()
    assert document.undo_stack.count() == count + 1
    assert document.undo_stack.text(count) == "Import Geography"

    imported = document.map
    assert imported.terrain_rows[1][5] == "t"  # the town
    assert imported.terrain_rows[4][7] == "w"  # the pond
    assert imported.terrain_rows[1][1] == "f"
    for hex_, side in RIVER:
        assert HexsideKind.RIVER in hexside_kinds(imported, grid.hexside_key(*hex_, side))
    for link in ROAD:
        assert has_link(imported, ConnectionKind.SECONDARY_ROAD, link)

    document.undo_stack.undo()
    assert dump_text(document.map) == before
    document.undo_stack.redo()
    assert dump_text(document.map) == dump_text(imported)

    document.save()
    reopened = Document.open(document.scenario_path)
    assert dump_text(reopened.map) == dump_text(imported)


def test_choices_and_placement_change_the_preview(dialog: GeographyImportDialog) -> None:
    full = dialog.conversion
    assert full is not None
    assert HexsideKind.RIVER in full.hexsides
    dialog.set_target(LayerKey("line", "river"), HexsideTarget(HexsideKind.STREAM))
    dialog.set_target(LayerKey("area", "town"), None)
    dialog.set_target(LayerKey("area", "forest"), TerrainTarget("water"))
    conversion = dialog.refresh_preview()
    assert conversion is not None
    assert set(conversion.hexsides) == {HexsideKind.STREAM}
    assert (5, 1) not in conversion.terrain
    assert conversion.terrain[(2, 2)] == "w"
    assert dialog.summary.text() == conversion.summary()

    # Far away from the file's features nothing changes, and Apply is off.
    dialog.origin_x.setValue(-1e6)
    assert dialog.conversion is None  # stale until the preview runs again
    conversion = dialog.refresh_preview()
    assert conversion is not None
    assert conversion.is_empty
    assert not dialog.apply_button.isEnabled()


def test_a_file_that_is_not_geojson_is_reported(qtbot, document: Document, tmp_path: Path) -> None:
    widget = GeographyImportDialog(document)
    qtbot.addWidget(widget)
    broken = tmp_path / "broken.geojson"
    broken.write_text("[1, 2", encoding="utf-8")
    widget.open_file(broken)
    assert widget.summary.text().startswith("Cannot read broken.geojson")
    assert widget.table.rowCount() == 0
    assert not widget.apply_button.isEnabled()

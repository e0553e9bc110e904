"""Convert to Sub-Scenario on The Road to Bastogne: the cut keeps what lies inside at shifted
hexes, brings the rest on as reinforcements at the map edge (or drops it), and the title the
dialog writes validates."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from editor.document import Document
from editor.mapops.subscenario import cut_subscenario
from editor.mapops.subscenario_dialog import SubScenarioDialog, convert_to_subscenario_dialog
from engine.hexgrid import Grid
from engine.panzer_campaigns.validation import validate_paths
from schemas.title import load_scenario
from tests.conftest import SAMPLE_DATA

CROP = {"first_column": 11, "first_row": 45, "width": 30, "height": 20}


@pytest.fixture
def ardennes(tmp_path: Path) -> Path:
    title = tmp_path / "ardennes44"
    shutil.copytree(SAMPLE_DATA / "ardennes44", title)
    return title / "scenarios" / "road_to_bastogne.scenario.yaml"


def _cut(path: Path, outside: str) -> tuple:
    bundle = load_scenario(path)
    assert bundle.map
    assert bundle.oob
    old_map, scenario = bundle.map.model, bundle.scenario.model
    cut = cut_subscenario(old_map, scenario, bundle.oob.model, outside=outside, turn=3, **CROP)
    return old_map, scenario, *cut


def _inside(hex_: tuple[int, int]) -> bool:
    column, row = hex_
    return 11 <= column < 41 and 45 <= row < 65


def test_units_inside_keep_their_hexes_shifted_and_the_rest_arrive_at_the_edge(ardennes):
    old_map, scenario, new_map, new_scenario, report = _cut(ardennes, "reinforcements")
    assert (new_map.width, new_map.height) == (30, 20)
    # Column 11 is odd: the stagger flips so that every hex keeps its neighbours.
    assert (old_map.shifted_columns, new_map.shifted_columns) == ("odd", "even")
    inside = {p.unit: tuple(p.hex) for p in scenario.placements if _inside(tuple(p.hex))}
    outside = {p.unit for p in scenario.placements} - set(inside)
    assert inside
    assert outside
    assert {p.unit: tuple(p.hex) for p in new_scenario.placements} == {
        unit: (c - 11, r - 45) for unit, (c, r) in inside.items()
    }
    grid = Grid(30, 20, "even")
    arriving = {u for r in new_scenario.reinforcements if r.id.startswith("cut-") for u in r.units}
    assert arriving == outside
    for reinforcement in new_scenario.reinforcements:
        assert grid.is_edge(*reinforcement.hex), reinforcement
        if reinforcement.id.startswith("cut-"):
            assert reinforcement.turn == 3
    # Grouped by hex: no two new reinforcements arrive at the same hex.
    hexes = [tuple(r.hex) for r in new_scenario.reinforcements if r.id.startswith("cut-")]
    assert len(hexes) == len(set(hexes))
    assert report.kept_units == len(inside)
    assert {u for _, _, units in report.new_reinforcements for u in units} == outside
    # The terrain is the rectangle of the old rows; a hexside keeps its two hexes.
    assert new_map.terrain_rows[0] == old_map.terrain_rows[45][11:41]
    old_sides = {(tuple(h.hex), h.side, h.kind) for h in old_map.hexsides}
    for side in new_map.hexsides:
        column, row = side.hex
        assert ((column + 11, row + 45), side.side, side.kind) in old_sides


def test_objectives_sources_and_overlays_outside_are_dropped_and_reported(ardennes):
    _, scenario, _, new_scenario, report = _cut(ardennes, "reinforcements")
    kept = {o.id for o in scenario.objectives if _inside(tuple(o.hex))}
    assert {o.id for o in new_scenario.objectives} == kept
    assert set(report.dropped_objectives) == {o.id for o in scenario.objectives} - kept
    assert "bastogne" in kept
    assert "exit-marche" in report.dropped_objectives
    assert {s.id for s in new_scenario.supply.sources} == {
        s.id for s in scenario.supply.sources if _inside(tuple(s.hex))
    }
    assert report.dropped_sources
    assert report.dropped_overlays["congestion"] == 2
    text = "\n".join(report.lines())
    assert "Objectives outside dropped: " in text
    assert "exit-marche" in text
    assert "rows 45-64 (30 x 20 hexes)" in text
    assert "Reinforcement 705td now arrives at" in text


def test_a_orders_aimed_outside_are_dropped_and_the_others_kept(ardennes):
    _, scenario, _, new_scenario, report = _cut(ardennes, "reinforcements")
    kept = {o.id for o in new_scenario.objectives}
    aimed = {o.id: o.objective for e in scenario.ai.organizations for o in e.orders}
    assert set(report.dropped_ai_orders) == {i for i, t in aimed.items() if t and t not in kept}
    assert "2pzd-marche" in report.dropped_ai_orders  # its exit objective is cut away
    left = {o.id for e in new_scenario.ai.organizations for o in e.orders}
    assert left == set(aimed) - set(report.dropped_ai_orders)
    assert "8c-hold-bastogne" in left
    assert all(e.orders for e in new_scenario.ai.organizations)
    assert "A/I orders aimed outside dropped: " in "\n".join(report.lines())


def test_dropping_units_leaves_them_unplaced(ardennes):
    _, scenario, _, new_scenario, report = _cut(ardennes, "drop")
    outside = [p.unit for p in scenario.placements if not _inside(tuple(p.hex))]
    assert report.dropped_units == outside
    assert not report.new_reinforcements
    placed = {p.unit for p in new_scenario.placements}
    assert not placed & set(outside)
    assert not any(r.id.startswith("cut-") for r in new_scenario.reinforcements)
    assert "left unplaced" in "\n".join(report.lines())


def test_a_rectangle_off_the_map_is_refused(ardennes):
    bundle = load_scenario(ardennes)
    with pytest.raises(ValueError, match="does not lie inside"):
        cut_subscenario(
            bundle.map.model,
            bundle.scenario.model,
            bundle.oob.model,
            first_column=70,
            first_row=0,
            width=10,
            height=10,
            outside="drop",
            turn=1,
        )


@pytest.mark.parametrize("outside", ["reinforcements", "drop"])
def test_the_dialog_writes_a_title_that_validates(qapp, ardennes, tmp_path, monkeypatch, outside):
    document = Document.open(ardennes)
    target = tmp_path / "wiltz"

    def fill_and_accept(dialog: SubScenarioDialog) -> int:
        dialog.name.setText("Wiltz Cut")
        dialog.first_column.setValue(CROP["first_column"])
        dialog.first_row.setValue(CROP["first_row"])
        dialog.width_spin.setValue(CROP["width"])
        dialog.height_spin.setValue(CROP["height"])
        (dialog.drop if outside == "drop" else dialog.as_reinforcements).setChecked(True)
        assert "placed units kept" in dialog.preview.toPlainText()
        return SubScenarioDialog.DialogCode.Accepted

    monkeypatch.setattr(SubScenarioDialog, "exec", fill_and_accept)
    monkeypatch.setattr(SubScenarioDialog, "choose_folder", lambda self: target)
    monkeypatch.setattr(SubScenarioDialog, "offer_to_open", lambda self, path: True)
    written = convert_to_subscenario_dialog(document, None)
    assert written == target / "scenarios" / "wiltz-cut.scenario.yaml"
    assert sorted(p.name for p in target.iterdir()) == [
        "ardennes44.oob.yaml",
        "ardennes44.pdt.yaml",
        "ardennes44.weather.yaml",
        "scenarios",
        "wiltz-cut.map.yaml",
    ]
    bundle = load_scenario(written)
    assert not [p for p in bundle.problems if p.is_error]
    report = validate_paths([written])
    assert not [p.format() for p in report.problems if p.is_error]
    reopened = Document.open(written)
    assert reopened.scenario.header.title == "Wiltz Cut"
    assert (reopened.map.width, reopened.map.height) == (30, 20)
    placed = {p.unit for p in reopened.scenario.placements}
    assert placed == {p.unit for p in document.scenario.placements if _inside(tuple(p.hex))}


def test_declining_to_open_returns_nothing_but_the_title_is_written(
    qapp, ardennes, tmp_path, monkeypatch
):
    document = Document.open(ardennes)
    monkeypatch.setattr(
        SubScenarioDialog, "exec", lambda self: SubScenarioDialog.DialogCode.Accepted
    )
    monkeypatch.setattr(SubScenarioDialog, "choose_folder", lambda self: tmp_path / "whole")
    monkeypatch.setattr(SubScenarioDialog, "offer_to_open", lambda self, path: False)
    assert convert_to_subscenario_dialog(document, None) is None
    assert (tmp_path / "whole" / "scenarios").is_dir()


def test_the_dialog_looks_tidy(qapp, ardennes):
    document = Document.open(ardennes)
    dialog = SubScenarioDialog(document)
    dialog.first_column.setValue(11)
    dialog.first_row.setValue(45)
    dialog.width_spin.setValue(30)
    dialog.height_spin.setValue(20)
    dialog.show()
    qapp.processEvents()
    os.makedirs("/tmp/shots", exist_ok=True)
    dialog.grab().save("/tmp/shots/subscenario_dialog.png")
    assert dialog.ok_button.isEnabled()
    dialog.width_spin.setValue(75)
    assert not dialog.ok_button.isEnabled()
    assert "does not lie inside" in dialog.preview.toPlainText()

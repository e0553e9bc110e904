"""The part-C items of a Tactical GameX situation a designer sets in the editor beside its
forces, setup and victory (issue 18): each counter's granted abilities, engineer transport,
artillery facing and Down; the terrain the special rules decide, the bridges down at the start
and the neutral counters the situation places; the lineage, the amphibious landing and the
airborne assault; the neutral counters each terrain of the TEC takes. Each edit is one undo
step, each grid passes the model tester, and what the rules forbid is reported."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.main_window import MainWindow
from editor.tactical_gamex.problems_dock import situation_problems
from tests.conftest import REPO
from tests.editor.gui.tgx_title import window_on_title, write_title


@pytest.fixture(scope="module")
def shared_window(qapp, tmp_path_factory: pytest.TempPathFactory) -> Iterator[MainWindow]:
    """One window for the module; each test opens its own copy of a title in it, so no edit
    outlives a test."""
    with window_on_title(tmp_path_factory.mktemp("tgx-items")) as win:
        yield win


@pytest.fixture
def tgx_window(shared_window: MainWindow, tmp_path: Path) -> MainWindow:
    """The window opened on a fresh copy of the small test title."""
    assert shared_window.open_path(write_title(tmp_path / "tgx"))
    return shared_window


def _column(grid, header: str) -> int:
    headers = [grid.headerData(c, Qt.Orientation.Horizontal) for c in range(grid.columnCount())]
    return headers.index(header)


def test_a_counter_gets_abilities_transport_facing_and_down_each_undoable(
    tgx_window: MainWindow,
) -> None:
    document = tgx_window.document
    forces = tgx_window.rulesets.docks["tgx_forces"]
    forces.choose(0, 0)
    grid = forces.counters
    stack = document.undo_stack
    steps = stack.count()

    assert grid.setData(grid.index(0, _column(grid, "Traits")), "scout, engineer")
    assert grid.setData(grid.index(0, _column(grid, "Transport")), "p1")
    assert grid.setData(grid.index(0, _column(grid, "Facing")), "down_left")
    down = grid.index(0, _column(grid, "Down"))
    assert grid.setData(down, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    counter = document.situation.sides[0].nations[0].counters[0]
    assert [t.value for t in counter.traits] == ["scout", "engineer"]
    assert (counter.transport, counter.facing, counter.down) == ("p1", "down_left", True)
    assert grid.data(grid.index(0, _column(grid, "Facing"))) == "down_left"
    assert stack.count() == steps + 4

    # What the format refuses is refused in the cell, before anything changes.
    assert not grid.setData(grid.index(0, _column(grid, "Traits")), "sniper")
    assert not grid.setData(grid.index(0, _column(grid, "Facing")), "north")
    assert stack.count() == steps + 4

    for _ in range(4):
        stack.undo()
    counter = document.situation.sides[0].nations[0].counters[0]
    assert (counter.traits, counter.transport, counter.facing, counter.down) == (
        [],
        None,
        None,
        False,
    )


def test_the_board_tab_sets_overrides_destroyed_bridges_and_placed_neutral_counters(
    tgx_window: MainWindow, qtmodeltester
) -> None:
    document = tgx_window.document
    panel = tgx_window.rulesets.docks["tgx_situation"]
    panel.raise_()
    stack = document.undo_stack
    steps = stack.count()

    # "A hex is the terrain type, unless otherwise noted in special scenario rules" [003 3.2.1].
    assert panel.overrides.add()
    overrides = panel.overrides.grid
    assert overrides.setData(overrides.index(0, 0), "A C2")
    assert overrides.setData(overrides.index(0, 1), "woods")
    assert not overrides.setData(overrides.index(0, 1), "jungle")
    override = document.situation.board.overrides[0]
    assert (override.hex, override.terrain.value) == ("A C2", "woods")

    general = panel.general
    rows = {general.headerData(r, Qt.Orientation.Vertical): r for r in range(general.rowCount())}
    assert general.setData(general.index(rows["Destroyed bridges"], 0), "A F2")
    assert document.situation.board.destroyed_bridges == ["A F2"]
    # The board the editor draws (and test-play plays) is the situation's, not the printed one.
    board = document.board()
    assert board.terrain_at(*board.hex_of("A C2")).value == "woods"
    assert board.hex_of("A F2") in board.destroyed_bridges
    worded = "The Germans win by holding A C2 at the end."
    assert general.setData(general.index(rows["Victory as worded"], 0), worded)
    assert document.situation.victory.text == worded

    # An improved position may not stand in a town [003 8.3]: the setup checks say so.
    assert panel.markers.add()
    markers = panel.markers.grid
    assert markers.setData(markers.index(0, 0), "improved_position")
    assert markers.setData(markers.index(0, 1), "B C2")
    assert markers.setData(markers.index(0, 3), "axis")
    marker = document.situation.markers[0]
    assert (marker.kind.value, marker.hex, marker.side.value) == (
        "improved_position",
        "B C2",
        "axis",
    )
    assert any(
        p.code == "TGX036" and p.path[:2] == ("markers", 0) for p in situation_problems(document)
    )
    problems = tgx_window.rulesets.docks["tgx_problems"]
    problems.check_now()
    assert problems.model.rowCount() > 0
    for model in (*(editor.grid for editor in panel.list_editors()), problems.model):
        qtmodeltester.check(model, force_py=True)

    assert stack.count() == steps + 9
    while stack.count() > steps and stack.canUndo():
        stack.undo()
    situation = document.situation
    assert (situation.board.overrides, situation.board.destroyed_bridges, situation.markers) == (
        [],
        [],
        [],
    )
    assert situation.victory.text == ""


def _grant(forces, side: int, row: int, traits: str) -> None:
    forces.choose(side, 0)
    grid = forces.counters
    assert grid.setData(grid.index(row, _column(grid, "Traits")), traits)


def test_the_landings_tab_adds_an_amphibious_landing_and_an_airborne_assault(
    tgx_window: MainWindow, qtmodeltester
) -> None:
    document = tgx_window.document
    panel = tgx_window.rulesets.docks["tgx_situation"]
    forces = tgx_window.rulesets.docks["tgx_forces"]
    panel.raise_()
    landing, assault = panel.amphibious, panel.airborne
    stack = document.undo_stack
    steps = stack.count()

    # A landing first; its craft are the counters that are LVTs, DUKWs or DD vehicles [003 10.1].
    assert not landing.items.isEnabled()
    assert landing.add()
    assert not landing.add_button.isEnabled()
    assert landing.items.isEnabled()
    record = landing.record
    assert record.setData(record.index(1, 0), "A A4, A B4")
    assert record.setData(record.index(2, 0), "20")
    assert not record.setData(record.index(2, 0), "120")
    amphibious = document.situation.amphibious
    assert (amphibious.side.value, amphibious.beach, amphibious.dd_sink_chance) == (
        "allied",
        ["A A4", "A B4"],
        20,
    )
    assert not landing.items.add()
    assert "LVT" in panel.message.text()
    _grant(forces, 0, 0, "lvt")
    assert landing.items.add()
    assert [craft.counter for craft in document.situation.amphibious.craft] == ["r1"]

    # An assault needs a transport aircraft or glider and a counter of its side to carry.
    assert not assault.add()
    assert "glider" in panel.message.text()
    forces.choose(1, 0)
    forces.add_counter()
    _grant(forces, 1, 0, "glider")
    assert assault.add()
    lift = document.situation.airborne.lifts[0]
    assert (lift.carrier, lift.cargo, lift.target, lift.secret) == ("p1", ["pz4"], "A A1", True)
    assert document.situation.airborne.side.value == "axis"
    assert assault.record.setData(assault.record.index(1, 0), "east")
    lifts = assault.items.grid
    assert lifts.setData(lifts.index(0, 2), "B D3")
    assert document.situation.airborne.lifts[0].target == "B D3"
    for section in (landing, assault):
        qtmodeltester.check(section.record, force_py=True)
        qtmodeltester.check(section.items.grid, force_py=True)
    # Every lift has a carrier, so no second one; the assault itself comes out in one step.
    assert not assault.items.add()
    assault.remove()
    assert document.situation.airborne is None
    assert assault.add_button.isEnabled()
    stack.undo()
    assert document.situation.airborne.approach.value == "east"

    while stack.count() > steps and stack.canUndo():
        stack.undo()
    assert (document.situation.amphibious, document.situation.airborne) == (None, None)
    assert not landing.remove_button.isEnabled()


def test_the_samples_placed_counters_overrides_and_action_deck_pass_the_model_tester(
    shared_window: MainWindow, tmp_path: Path, qtmodeltester
) -> None:
    shutil.copytree(REPO / "sample_data" / "tgx_steppe43", tmp_path / "steppe")
    situation = tmp_path / "steppe" / "scenarios" / "hill-at-krasnaya-polyana.situation.yaml"
    win = shared_window
    assert win.open_path(situation)
    docks = win.rulesets.docks
    panel = docks["tgx_situation"]
    panel.raise_()
    markers = panel.markers.grid
    kinds = [markers.data(markers.index(row, 0)) for row in range(markers.rowCount())]
    assert kinds == ["fortification", "mines", "improved_position"]
    assert markers.data(markers.index(1, 2)) == "2:1"  # mines attack on the 2:1 column [003 8.2]
    assert panel.overrides.grid.rowCount() >= 1
    deck = docks["tgx_tables"].deck
    assert deck is not None
    assert deck.grid.rowCount() == 54
    for model in (markers, panel.overrides.grid, deck.grid):
        qtmodeltester.check(model, force_py=True)


def test_a_situation_named_after_a_published_one_is_checked_against_its_chart(
    tgx_window: MainWindow,
) -> None:
    document = tgx_window.document
    panel = tgx_window.rulesets.docks["tgx_situation"]
    panel.raise_()
    lineage = panel.lineage
    steps = document.undo_stack.count()
    assert lineage.add()
    assert (document.situation.lineage.game, document.situation.lineage.number) == (
        "panzerblitz",
        1,
    )
    record = lineage.record
    assert record.setData(record.index(1, 0), "99")
    assert any(
        p.code == "TGX044" and p.path == ("lineage", "number") for p in situation_problems(document)
    )
    assert record.setData(record.index(0, 0), "panzer_leader")
    assert record.setData(record.index(1, 0), "4")
    assert not record.setData(record.index(0, 0), "squad_leader")
    # The test title's morale levels are not Panzer Leader Situation 4's: said, not refused.
    assert any(p.code == "TGX044" and p.is_error is False for p in situation_problems(document))
    lineage.remove()
    assert document.situation.lineage is None
    assert document.undo_stack.count() == steps + 5
    document.undo_stack.undo()
    assert document.situation.lineage.number == 4


def test_the_terrain_effects_chart_sets_the_neutral_counters_each_terrain_takes(
    tgx_window: MainWindow,
) -> None:
    document = tgx_window.document
    tables = tgx_window.rulesets.docks["tgx_tables"]
    tables.raise_()
    grid = tables.grids["Terrain"]
    water = [t.terrain.value for t in document.tables.terrain].index("water")
    cell = grid.index(water, _column(grid, "Neutral counters"))
    steps = document.undo_stack.count()
    assert not grid.setData(cell, "sandbags")
    assert document.undo_stack.count() == steps
    # The rules forbid an improved position in water [003 8.3]: said, not refused.
    assert grid.setData(cell, "block, improved_position")
    assert [m.value for m in document.tables.terrain[water].markers_allowed] == [
        "block",
        "improved_position",
    ]
    assert "improved_position in water" in tables.message.text()
    document.undo_stack.undo()
    assert document.tables.terrain[water].markers_allowed == []


def test_an_aircraft_types_attacks_are_typed_as_its_counter_prints_them(
    tgx_window: MainWindow,
) -> None:
    document = tgx_window.document
    dock = tgx_window.rulesets.docks["tgx_unit_types"]
    dock.raise_()
    grid = dock.grid
    row = [t.id for t in document.unit_types.unit_types].index("sov.rifle")
    cell = grid.index(row, _column(grid, "Air attacks"))
    assert grid.setData(grid.index(row, _column(grid, "Unit type")), "aircraft")
    steps = document.undo_stack.count()
    # The P-38 makes one attack with each weapon: (H) 40 and I 4 [003 6.4.7].
    assert grid.setData(cell, "(H) 40, I 4")
    attacks = document.unit_types.unit_types[row].aircraft_attacks
    assert [(a.weapon.value, a.attack) for a in attacks] == [("(H)", 40), ("I", 4)]
    assert grid.data(cell) == "(H) 40, I 4"
    assert not grid.setData(cell, "40")
    assert not grid.setData(cell, "Z 4")
    assert not grid.setData(cell, "G many")
    assert document.undo_stack.count() == steps + 1
    document.undo_stack.undo()
    assert document.unit_types.unit_types[row].aircraft_attacks == []


def test_the_tables_about_tab_sets_their_name_sources_and_wrecks_negating_road(
    tgx_window: MainWindow, qtmodeltester
) -> None:
    document = tgx_window.document
    tables = tgx_window.rulesets.docks["tgx_tables"]
    tables.raise_()
    about = tables.grids["About"]
    rows = {about.headerData(r, Qt.Orientation.Vertical): r for r in range(about.rowCount())}
    assert about.setData(about.index(rows["Name"], 0), "Steppe charts")
    assert "Steppe charts" in tables.note.text()
    # The movement example says three wrecks, 8.0 any neutral counter (digest B.15 #5).
    assert about.setData(about.index(rows["Wrecks negating road"], 0), "1")
    assert document.tables.wrecks_negating_road == 1
    assert not about.setData(about.index(rows["Wrecks negating road"], 0), "4")
    assert not about.setData(about.index(rows["Name"], 0), "")
    qtmodeltester.check(about, force_py=True)
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert (document.tables.name, document.tables.wrecks_negating_road) == ("Test tables", 3)
    assert "Test tables" in tables.note.text()

"""A small Tactical GameX title written for the editor's tests: two 7x4 panels, a few unit
types, tables of the right shape and a situation with one setup area. Its values are test data,
not the published charts (the tables' description says so)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from editor.app import start
from editor.main_window import MainWindow
from schemas.io import save_file
from schemas.tactical_gamex.panel import PanelFile, PanelHexside, StreamFeature
from schemas.tactical_gamex.situation import (
    BoardLayout,
    ControlHexes,
    Counter,
    NationForces,
    PanelPlacement,
    SetupArea,
    SideForces,
    SituationFile,
    SituationFiles,
    Victory,
)
from schemas.tactical_gamex.table_checks import PRINTED_WEC, TEXT_TERRAIN
from schemas.tactical_gamex.tables import (
    AaColumn,
    CombatResultsTable,
    CrtRow,
    RulesetTables,
    TerrainEffects,
    WeaponEffects,
)
from schemas.tactical_gamex.unit_types import UnitType, UnitTypeLibrary
from schemas.tactical_gamex.vocabulary import (
    ODDS_COLUMNS,
    HexFeature,
    HexsideKind,
    MoveClass,
    Nation,
    Terrain,
    UnitKind,
    WeaponType,
)
from schemas.vocabulary import Direction, Ruleset, Side
from tests.conftest import REPO
from tests.editor.gui.windows import opened_window

TGX = Ruleset.TACTICAL_GAMEX


def tables() -> RulesetTables:
    """Tables of the right shape; the text's own values where it states them."""
    rows = []
    for terrain in Terrain:
        cost = None if terrain in (Terrain.WATER, Terrain.SEA) else 1.0
        stated = TEXT_TERRAIN.get(terrain, {})
        rows.append(TerrainEffects(terrain=terrain, mp=dict.fromkeys(MoveClass, cost), **stated))
    crt_rows = [CrtRow(roll=roll, results=_row(roll)) for roll in range(1, 7)]
    return RulesetTables(
        format_version=1,
        ruleset=TGX,
        name="Test tables",
        description="Test data for the editor's tests, not the published charts.",
        terrain=rows,
        crt=CombatResultsTable(columns=list(ODDS_COLUMNS), rows=crt_rows),
        weapons=[
            WeaponEffects(
                weapon=w, indirect=indirect, armored_near=v[0], armored_far=v[1], soft=v[2]
            )
            for (w, indirect), v in PRINTED_WEC.items()
        ],
        aa_fire={"columns": [AaColumn(min_attack=1, results=["-", "-", "-", "-", "D", "X"])]},
        oba_scatter=list(Direction),
    )


def _row(roll: int) -> list[str]:
    """CRT row of a roll: worse for the defender at higher odds and lower rolls."""
    scale = ["-", "D", "DD", "X"]
    return [scale[min(3, max(0, column + 2 - roll))] for column in range(6)]


def panel(panel_id: str) -> PanelFile:
    """A 7x4 panel with woods, a town, a hill, a stream with a bridge and a road."""
    return PanelFile(
        format_version=1,
        ruleset=TGX,
        id=panel_id,
        name=f"Test panel {panel_id}",
        width=7,
        height=4,
        terrain_rows=[".W.....", "..T..s.", ".....s.", "WW....."],
        level_rows=["0000000", "0110000", "0110000", "0000000"],
        mass_rows=[".......", ".AA....", ".AA....", "......."],
        road_rows=[".......", "2.5....", ".......", "......."],
        hexsides=[PanelHexside(hex=(1, 1), side=Direction.UP, kinds=[HexsideKind.SLOPE])],
        features=[StreamFeature(hex=(5, 1), kind=HexFeature.BRIDGE)],
    )


def unit_types() -> UnitTypeLibrary:
    """A few counter types of both nations."""
    return UnitTypeLibrary(
        format_version=1,
        ruleset=TGX,
        name="Test counters",
        description="Test data.",
        unit_types=[
            UnitType(
                id="sov.rifle",
                name="Rifle",
                nation=Nation.SOVIET_UNION,
                attack=6,
                weapon=WeaponType.I,
                range=2,
                double_range=True,
                defense=8,
                movement=1,
                unit_kind=UnitKind.SOFT,
            ),
            UnitType(
                id="ger.pz4",
                name="Pz IV",
                nation=Nation.GERMANY,
                attack=12,
                weapon=WeaponType.A,
                range=10,
                defense=8,
                movement=10,
                unit_kind=UnitKind.ARMORED,
                move_class=MoveClass.TRACKED,
            ),
        ],
    )


def write_title(folder: Path) -> Path:
    """Write the title into `folder`; the situation's path."""
    (folder / "panels").mkdir(parents=True)
    (folder / "scenarios").mkdir()
    save_file(panel("A"), folder / "panels" / "a.panel.yaml")
    save_file(panel("B"), folder / "panels" / "b.panel.yaml")
    save_file(panel("C"), folder / "panels" / "c.panel.yaml")
    save_file(unit_types(), folder / "test.units.yaml")
    save_file(tables(), folder / "test.tables.yaml")
    situation = SituationFile(
        format_version=1,
        ruleset=TGX,
        title="Test situation",
        files=SituationFiles(units="../test.units.yaml", tables="../test.tables.yaml"),
        board=BoardLayout(
            panels=[
                PanelPlacement(file="../panels/a.panel.yaml", column=0),
                PanelPlacement(file="../panels/b.panel.yaml", column=1),
            ]
        ),
        turns=8,
        sides=[
            SideForces(
                side=Side.ALLIED,
                nations=[
                    NationForces(
                        nation=Nation.SOVIET_UNION,
                        morale_level=7,
                        counters=[Counter(id="r1", type="sov.rifle", hex="A A1")],
                    )
                ],
            ),
            SideForces(
                side=Side.AXIS,
                nations=[
                    NationForces(
                        nation=Nation.GERMANY,
                        morale_level=8,
                        counters=[Counter(id="p1", type="ger.pz4", setup_area="axis_east")],
                    )
                ],
            ),
        ],
        setup_areas=[SetupArea(id="axis_east", side=Side.AXIS, name="Board B", panels=["B"])],
        victory=Victory(conditions=[ControlHexes(side=Side.AXIS, hexes=["A C2"])]),
    )
    path = folder / "scenarios" / "test.situation.yaml"
    save_file(situation, path)
    return path


@contextmanager
def window_on_title(folder: Path) -> Iterator[MainWindow]:
    """A shown window opened on a copy of the title written into `folder`, with settings of
    its own there, for a test module to share: building the window and its Tactical GameX
    panels is most of a GUI test's time. It discards unsaved edits when asked."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HEXWRIGHT_DATA_DIR", str(folder / "app-data"))
        win = start([str(write_title(folder / "first"))], ask=lambda *_: None)
        win.ask = lambda *_: QMessageBox.StandardButton.Discard
        win.show()
        QTest.qWaitForWindowExposed(win)
        yield win
        win.close()
        win.deleteLater()


STEPPE = REPO / "sample_data" / "tgx_steppe43"
"""The Tactical GameX sample title "The Hill at Krasnaya Polyana"."""
STEPPE_SITUATION = "scenarios/hill-at-krasnaya-polyana.situation.yaml"


def open_sample(
    qtbot,
    folder: Path,
    sample: Path = STEPPE,
    situation: str = STEPPE_SITUATION,
    *,
    size: tuple[int, int] | None = None,
    show: bool = True,
) -> MainWindow:
    """A window on a copy of a sample title made in `folder` (the sample itself is never
    edited), discarding unsaved edits when asked; shown and exposed unless `show` is off."""
    shutil.copytree(sample, folder)
    return opened_window(qtbot, folder / situation, size=size, show=show)

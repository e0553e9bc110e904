"""A new Tactical GameX title: blank geomorphic panels (Clear, "hexes without terrain art are
Clear" [003 3.2.1]) laid side by side, the unit types and ruleset tables of a template title
(the rules print no tables, so a title starts from another's, as a Panzer title starts from
another's OOB and parameter data), and a situation over them with both sides, one nation each,
with morale levels and the victory condition the designer gave, written as one set."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from schemas.io import FileKind, dump_text, load_file
from schemas.save_journal import save_set
from schemas.tactical_gamex.addresses import format_address, parse_address
from schemas.tactical_gamex.panel import PanelFile
from schemas.tactical_gamex.presets import PANZER_LEADER, PANZERBLITZ, SituationControl
from schemas.tactical_gamex.situation import (
    BoardLayout,
    ControlHexes,
    NationForces,
    PanelPlacement,
    SideForces,
    SituationFile,
    SituationFiles,
    Victory,
)
from schemas.tactical_gamex.vocabulary import Nation
from schemas.vocabulary import Ruleset, Side

PANEL_LETTERS = "ABCDEFGHIJ"


@dataclass(frozen=True)
class NewTitle:
    """What File > New Title… asks for a Tactical GameX title."""

    folder: Path
    title: str
    template: Path
    """A situation of the title whose unit types and tables the new title copies."""
    panels: int = 2
    panel_width: int = 17
    """Columns of each panel, both half-hex edge columns included (odd: panels join)."""
    panel_height: int = 10
    allied: Nation = Nation.SOVIET_UNION
    axis: Nation = Nation.GERMANY
    turns: int = 10
    victory_side: Side = Side.AXIS
    """The side that wins by holding `victory_hexes`."""
    victory_hexes: tuple[str, ...] = ()
    """Native addresses ("A H5") the designer gave; a new title invents no objective."""
    morale: tuple[int, int] | None = field(default=None)
    """The Allied and the Axis nation's morale levels; None: `usual_morale` of the nations."""


def usual_morale(allied: Nation, axis: Nation) -> tuple[int, int]:
    """The morale levels a new title's two nations start with, the designer changing them in
    Forces.

    [003 7.0] gives "each nation in a battle" a Morale Level but prints none per nation: the
    levels are per published situation, on the Situation Command & Control charts. Decided: a
    new title takes, for each side, the level most of its lineage's situations give that side
    (PanzerBlitz for a Soviet side, the East Front; Panzer Leader otherwise), the higher on a
    tie: Soviet 7 against German 8, Western Allies 8 against German 8. A blank would fail
    TGX validation and stop test-play until filled; a chart value is one the rules use.
    """
    chart = PANZERBLITZ if Nation.SOVIET_UNION in (allied, axis) else PANZER_LEADER
    return _most_common(chart, allied=True), _most_common(chart, allied=False)


def _most_common(chart: dict[int, SituationControl], *, allied: bool) -> int:
    levels = Counter((c.allied if allied else c.axis).morale for c in chart.values())
    return max(levels, key=lambda level: (levels[level], level))


def check_victory_hexes(new: NewTitle) -> None:
    """Raise ValueError with a sentence unless every victory hex is an address on a panel of
    the new title."""
    if not new.victory_hexes:
        raise ValueError(
            "Say which hexes the winning side must hold: a situation is won by something, and "
            "a new title does not invent it (change or add conditions later in Victory)."
        )
    letters = PANEL_LETTERS[: new.panels]
    for text in new.victory_hexes:
        address = parse_address(text)
        if address is None or address.panel.upper() not in letters:
            raise ValueError(f"{text!r} is not a hex of panels {', '.join(letters)}, e.g. 'A H5'")
        if not (0 <= address.column < new.panel_width and 0 <= address.row < new.panel_height):
            raise ValueError(
                f"{text!r} is off its panel of {new.panel_width} columns × {new.panel_height} rows"
            )


def blank_panel(panel_id: str, width: int, height: int) -> PanelFile:
    """A panel with no terrain art: every hex Clear."""
    return PanelFile(
        format_version=1,
        ruleset=Ruleset.TACTICAL_GAMEX,
        id=panel_id,
        name=f"Panel {panel_id}",
        width=width,
        height=height,
        terrain_rows=["." * width for _ in range(height)],
    )


def create_tgx_title(new: NewTitle) -> Path:
    """Write the new title and return its situation's path. Raises FileExistsError when the
    folder holds anything, ValueError when the template does not load or the victory hexes are
    missing or off the panels."""
    check_victory_hexes(new)
    folder = new.folder
    if folder.exists() and any(folder.iterdir()):
        raise FileExistsError(f"{folder} already holds files; choose an empty or new folder")
    template = load_file(new.template, FileKind.SITUATION).model
    if not isinstance(template, SituationFile):
        raise ValueError(f"{new.template.name} does not load as a situation")
    stem = folder.name
    scenarios = folder / "scenarios"
    files: list[tuple[Path, str]] = []
    placements = []
    for i in range(new.panels):
        panel_id = PANEL_LETTERS[i]
        path = folder / "panels" / f"{panel_id.lower()}.panel.yaml"
        files.append((path, dump_text(blank_panel(panel_id, new.panel_width, new.panel_height))))
        placements.append(PanelPlacement(file=_relative(path, scenarios), column=i, row=0))
    references = {}
    for kind, attribute in ((FileKind.UNIT_TYPES, "units"), (FileKind.TABLES, "tables")):
        source = (new.template.parent / getattr(template.files, attribute)).resolve()
        target = folder / f"{stem}.{kind.value}.yaml"
        files.append((target, source.read_text(encoding="utf-8")))
        references[attribute] = _relative(target, scenarios)
    allied_morale, axis_morale = new.morale or usual_morale(new.allied, new.axis)
    situation = SituationFile(
        format_version=1,
        ruleset=Ruleset.TACTICAL_GAMEX,
        title=new.title,
        origin="new",
        files=SituationFiles(**references),
        board=BoardLayout(panels=placements),
        turns=new.turns,
        sides=[
            SideForces(
                side=Side.ALLIED,
                nations=[NationForces(nation=new.allied, morale_level=allied_morale)],
            ),
            SideForces(
                side=Side.AXIS, nations=[NationForces(nation=new.axis, morale_level=axis_morale)]
            ),
        ],
        victory=Victory(
            conditions=[
                ControlHexes(
                    side=new.victory_side,
                    hexes=[_canonical(text) for text in new.victory_hexes],
                )
            ]
        ),
    )
    path = scenarios / f"{stem}.situation.yaml"
    files.append((path, dump_text(situation)))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "panels").mkdir(exist_ok=True)
    scenarios.mkdir(exist_ok=True)
    save_set(files, folder)  # a crash leaves the whole new title or none of it
    return path


def _canonical(text: str) -> str:
    address = parse_address(text)
    assert address is not None  # check_victory_hexes refused any other
    return format_address(address.panel.upper(), address.column, address.row)


def _relative(path: Path, start: Path) -> str:
    return Path(os.path.relpath(path, start)).as_posix()

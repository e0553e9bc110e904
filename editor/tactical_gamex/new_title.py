"""A new Tactical GameX title: blank geomorphic panels (Clear, "hexes without terrain art are
Clear" [003 3.2.1]) laid side by side, the unit types and ruleset tables of a template title
(the rules print no tables, so a title starts from another's, as a Panzer title starts from
another's OOB and parameter data), and a situation over them with both sides, one nation each,
written as one set."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from schemas.io import FileKind, dump_text, load_file
from schemas.save_journal import save_set
from schemas.tactical_gamex.addresses import format_address
from schemas.tactical_gamex.panel import PanelFile
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
    folder holds anything, ValueError when the template does not load."""
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
    centre = format_address(PANEL_LETTERS[0], new.panel_width // 2, new.panel_height // 2)
    situation = SituationFile(
        format_version=1,
        ruleset=Ruleset.TACTICAL_GAMEX,
        title=new.title,
        origin="new",
        files=SituationFiles(**references),
        board=BoardLayout(panels=placements),
        turns=new.turns,
        sides=[
            SideForces(side=Side.ALLIED, nations=[NationForces(nation=new.allied)]),
            SideForces(side=Side.AXIS, nations=[NationForces(nation=new.axis)]),
        ],
        # A situation is won by something: the Axis holding the first panel's centre, until
        # the designer says otherwise in the Victory panel.
        victory=Victory(conditions=[ControlHexes(side=Side.AXIS, hexes=[centre])]),
    )
    path = scenarios / f"{stem}.situation.yaml"
    files.append((path, dump_text(situation)))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "panels").mkdir(exist_ok=True)
    scenarios.mkdir(exist_ok=True)
    save_set(files, folder)  # a crash leaves the whole new title or none of it
    return path


def _relative(path: Path, start: Path) -> str:
    return Path(os.path.relpath(path, start)).as_posix()

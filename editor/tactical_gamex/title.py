"""Reading a Tactical GameX situation with its title's files for the editor, through the
file format's loader, and the board of the situation's panel layout as it now stands."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from schemas.io import FileKind, LoadedFile
from schemas.problems import Problem
from schemas.tactical_gamex.board import AssembledBoard
from schemas.tactical_gamex.board import assemble as assemble_layout
from schemas.tactical_gamex.loading import load_situation


def read_title(
    path: Path,
) -> tuple[dict[FileKind, LoadedFile] | None, dict[str, LoadedFile], list[Problem]]:
    """The situation, unit types and tables as read (path, model, the version on disk), the
    panels as read by the path the situation writes, and the problems; None for the files when
    they cannot all be opened."""
    bundle = load_situation(path)
    problems = bundle.problems
    if not bundle.is_complete or bundle.unit_types is None or bundle.tables is None:
        return None, {}, problems
    files = {
        FileKind.SITUATION: bundle.situation,
        FileKind.UNIT_TYPES: bundle.unit_types,
        FileKind.TABLES: bundle.tables,
    }
    return files, dict(bundle.panels), problems


def assemble(situation: Any, panels: Mapping[str, Any]) -> AssembledBoard | None:
    """The board of the situation's panel layout, or None while the layout cannot make one
    (the Panel Layout panel says why)."""
    board, _problems = assemble_layout(situation.board, panels)
    return board


def layout_problems(situation: Any, panels: Mapping[str, Any]) -> list[Problem]:
    """Why the situation's panel layout makes no board, or what is odd about it."""
    return assemble_layout(situation.board, panels)[1]


def title_panels(folder: Path, situation_path: Path) -> dict[str, Path]:
    """The panel files of a title, by their path relative to the situation (as a layout
    writes them)."""
    found = sorted(folder.rglob("*.panel.yaml"))
    return {Path(os.path.relpath(path, situation_path.parent)).as_posix(): path for path in found}

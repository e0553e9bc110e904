"""Where File > Open looks first: the open title's scenarios, else the folder of the scenario
opened last; and where Open Title Folder starts: among the titles beside the open one."""

from __future__ import annotations

from pathlib import Path

from editor.document import Document
from editor.settings import recent_files

SCENARIO_PATTERNS = ("*.scenario.yaml", "*.scenario.yml", "*.scenario.json")
SITUATION_PATTERNS = ("*.situation.yaml", "*.situation.yml", "*.situation.json")
"""Tactical GameX situations, which File > Open offers beside the scenarios."""
SCENARIO_FILTER = f"Scenarios and situations ({' '.join(SCENARIO_PATTERNS + SITUATION_PATTERNS)})"


def scenario_folder(document: Document | None) -> Path:
    """The folder the Open dialog starts in."""
    if document is not None:
        scenarios = document.title_folder / "scenarios"
        return scenarios if scenarios.is_dir() else document.scenario_path.parent
    recent = recent_files()
    return recent[0].parent if recent else Path.cwd()


def titles_folder(document: Document | None) -> Path:
    """The folder the Open Title Folder dialog starts in: the one holding the open title (or
    the title opened last), where its sibling titles are."""
    if document is not None:
        return document.title_folder.parent
    recent = recent_files()
    if not recent:
        return Path.cwd()
    folder = recent[0].parent
    return folder.parent.parent if folder.name == "scenarios" else folder.parent

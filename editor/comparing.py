"""The two sides the editor's Compare sets side by side: the open document against what was
last saved (each file's saved model, so nothing is read again), or against another scenario's
files on disk; and the place in the window a change stands for."""

from __future__ import annotations

from pathlib import Path

from editor.document import Document
from editor.selection import Focus
from schemas.diffing.changes import Change
from schemas.diffing.files import Side, read_path
from schemas.diffing.names import Names
from schemas.io import FileKind
from schemas.title import resolved, title_root

OPEN_LABEL = "the open scenario"


def names_of(document: Document) -> Names:
    """The names the open title gives units, organizations, objectives and terrain."""
    names = Names()
    names.add_oob(document.oob)
    names.add_map(document.map)  # before the objectives: an unnamed one goes by its hex's place
    names.add_scenario(document.scenario)
    return names


def _key(document: Document, path: Path) -> str:
    folder = document.title_folder
    target = resolved(path)
    return target.relative_to(folder).as_posix() if target.is_relative_to(folder) else path.name


def since_save(document: Document) -> tuple[Side, Side]:
    """The files as last saved against the open document: only the files with unsaved edits
    (the others are the same by construction)."""
    old, new = Side("the saved files"), Side(OPEN_LABEL)
    for slot in document.dirty_files():
        key = _key(document, slot.path)
        if slot.saved is None:
            new.add_model(key, slot.path, slot.kind, slot.model)
            continue
        old.add_model(key, slot.path, slot.kind, slot.saved)
        new.add_model(key, slot.path, slot.kind, slot.model)
    return old, new


def against(document: Document, scenario: Path) -> tuple[Side, Side]:
    """Another scenario's saved files (the scenario and the map, OOB, parameters and weather it
    references) against the open document, paired by kind. A file both use, unedited here, is
    left out: it is the same."""
    other = read_path(scenario)
    # Named from the folder holding its title: "ardennes44/scenarios/x.scenario.yaml".
    shown = _shown_path(scenario)
    old, new = Side(shown, problems=list(other.problems)), Side(OPEN_LABEL)
    entry = other.files.get("")
    if entry is None:
        return old, new
    loaded = entry.load()
    old.problems.extend(p for p in loaded.problems if p.is_error)
    if loaded.model is None:
        return old, new
    references = {
        FileKind.SCENARIO: scenario,
        FileKind.MAP: scenario.parent / loaded.model.files.map,
        FileKind.OOB: scenario.parent / loaded.model.files.oob,
        FileKind.PARAMETERS: scenario.parent / loaded.model.files.parameters,
    }
    if loaded.model.files.weather is not None:
        references[FileKind.WEATHER] = scenario.parent / loaded.model.files.weather
    for kind, path in references.items():
        if not document.has(kind):
            continue
        slot = document.slot(kind)
        if resolved(path) == resolved(slot.path) and not slot.is_dirty:
            continue
        key = _key(document, slot.path)
        side = read_path(path)
        old.problems.extend(side.problems)
        for found in side.files.values():
            old.files[key] = found
        new.add_model(key, slot.path, kind, slot.model)
    return old, new


def _shown_path(path: Path) -> str:
    target = resolved(path)
    above = title_root(target).parent
    return target.relative_to(above).as_posix() if target.is_relative_to(above) else str(path)


def focus_of(change: Change) -> Focus:
    """The place a change is about, for the window to show."""
    try:
        kind: FileKind | None = FileKind(change.kind)
    except ValueError:
        kind = None
    return Focus(kind, change.path, change.hex, change.unit_id)

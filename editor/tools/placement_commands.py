"""The undoable edits of the Units and Markers tools: units placed, moved and taken off the map,
placed units turned into reinforcements and back, and objectives, supply sources and arrival
hexes set on the map. Each is one undo step on the scenario file."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from editor.commands import EditFile, InsertItems, RemoveItems
from editor.docks.table_columns import fresh_id
from editor.document import Document
from editor.tools.placement_rules import units_under
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import Mode, Placement, Reinforcement, ScenarioFile
from schemas.problems import ModelPath

Offset = tuple[int, int]

SCENARIO = FileKind.SCENARIO
PLACEMENTS: ModelPath = ("placements",)
REINFORCEMENTS: ModelPath = ("reinforcements",)
OBJECTIVES: ModelPath = ("objectives",)
SOURCES: ModelPath = ("supply", "sources")


def counted(verb: str, noun: str, count: int) -> str:
    """A command text in the singular or plural.

    >>> counted("Place", "Unit", 1), counted("Place", "Unit", 3)
    ('Place Unit', 'Place Units')
    """
    return f"{verb} {noun}" if count == 1 else f"{verb} {noun}s"


def placement_rows(scenario: ScenarioFile, unit_ids: Iterable[str]) -> dict[str, int]:
    """The placement row of each of these units that is on the map."""
    wanted = set(unit_ids)
    return {p.unit: row for row, p in enumerate(scenario.placements) if p.unit in wanted}


class _ScenarioEdit(EditFile):
    """Steps on the scenario file, with helpers to remove rows of a list."""

    def __init__(self, document: Document, text: str) -> None:
        super().__init__(document, SCENARIO, text)

    @property
    def scenario(self) -> ScenarioFile:
        """The scenario after the steps built so far."""
        root: ScenarioFile = self.root
        return root

    def remove_rows(self, list_path: ModelPath, rows: Iterable[int]) -> None:
        """Remove rows of a list, each run of neighbours in one step, last first."""
        runs: list[list[int]] = []
        for row in sorted(set(rows)):
            if runs and runs[-1][-1] + 1 == row:
                runs[-1].append(row)
            else:
                runs.append([row])
        for run in reversed(runs):
            self.remove(list_path, run[0], len(run))


# Units -------------------------------------------------------------------------------------------


class PlaceUnits(_ScenarioEdit):
    """Put units on hexes: a unit on the map moves there keeping its state, any other gets a new
    placement with the default state (Deployed, full strength)."""

    def __init__(self, document: Document, where: Mapping[str, Offset], text: str = "") -> None:
        super().__init__(document, text or counted("Place", "Unit", len(where)))
        rows = placement_rows(self.scenario, where)
        for unit_id, hex_ in where.items():
            row = rows.get(unit_id)
            if row is not None and tuple(self.scenario.placements[row].hex) != tuple(hex_):
                self.set((*PLACEMENTS, row, "hex"), hex_)
        new = [Placement(unit=u, hex=h) for u, h in where.items() if u not in rows]
        if new:
            self.insert(PLACEMENTS, len(self.scenario.placements), new)


class MoveUnits(_ScenarioEdit):
    """Move units on the map to other hexes (a drag of a stack or of the selected units)."""

    def __init__(self, document: Document, where: Mapping[str, Offset]) -> None:
        super().__init__(document, counted("Move", "Unit", len(where)))
        rows = placement_rows(self.scenario, where)
        for unit_id, hex_ in where.items():
            row = rows.get(unit_id)
            if row is not None and tuple(self.scenario.placements[row].hex) != tuple(hex_):
                self.set((*PLACEMENTS, row, "hex"), hex_)


class RemovePlacements(_ScenarioEdit):
    """Take units off the map: their placements go and they are unplaced again."""

    def __init__(self, document: Document, unit_ids: Iterable[str]) -> None:
        rows = placement_rows(document.scenario, unit_ids)
        super().__init__(document, counted("Remove", "Placement", len(rows)))
        self.remove_rows(PLACEMENTS, rows.values())


class MakeReinforcement(_ScenarioEdit):
    """Turn units on the map into reinforcements arriving where they stand on a turn: one
    reinforcement per hex, in the mode the units share there (Travel when they differ). Their
    placements go, and with them any state but the mode (strength, fatigue, flags)."""

    def __init__(self, document: Document, unit_ids: Iterable[str], turn: int) -> None:
        rows = placement_rows(document.scenario, unit_ids)
        super().__init__(document, "Make Reinforcement")
        placements = self.scenario.placements
        groups: dict[Offset, list[Placement]] = {}
        for row in sorted(rows.values()):
            groups.setdefault(tuple(placements[row].hex), []).append(placements[row])  # type: ignore[arg-type]
        taken = [r.id for r in self.scenario.reinforcements]
        made: list[Reinforcement] = []
        for hex_, group in groups.items():
            modes = {p.mode for p in group}
            reinforcement = Reinforcement(
                id=fresh_id(taken, "reinforcement"),
                turn=turn,
                hex=hex_,
                units=[p.unit for p in group],
                mode=modes.pop() if len(modes) == 1 else Mode.TRAVEL,
            )
            taken.append(reinforcement.id)
            made.append(reinforcement)
        self.created = [r.id for r in made]
        """The ids of the new reinforcements."""
        if len(made) > 1:
            self.setText("Make Reinforcements")
        self.remove_rows(PLACEMENTS, rows.values())
        if made:
            self.insert(REINFORCEMENTS, len(self.scenario.reinforcements), made)


def reinforcement_units(document: Document, scenario: ScenarioFile, row: int) -> list[str]:
    """The units a reinforcement brings, named or under its organizations, less those that
    stand on the map already, air units, and units of its organizations that a reinforcement
    names one by one (they arrive with that one)."""
    reinforcement = scenario.reinforcements[row]
    named = {unit for item in scenario.reinforcements for unit in item.units}
    on_map = {p.unit for p in scenario.placements}
    index = document.oob_index
    units = list(reinforcement.units)
    for organization in reinforcement.organizations:
        units += [u for u in units_under(document, organization) if u not in named]
    return [
        u
        for u in dict.fromkeys(units)
        if u not in on_map and (u not in index.units or index.units[u].unit.air is None)
    ]


class PlaceReinforcements(_ScenarioEdit):
    """Turn reinforcements into units on the map at the start ("Place Now"): their units stand
    on the arrival hex in the arrival mode, and the reinforcements go."""

    def __init__(self, document: Document, reinforcement_ids: Iterable[str]) -> None:
        wanted = set(reinforcement_ids)
        rows = [r for r, item in enumerate(document.scenario.reinforcements) if item.id in wanted]
        super().__init__(document, counted("Place", "Reinforcement", len(rows)))
        new: list[Placement] = []
        for row in rows:
            item = self.scenario.reinforcements[row]
            new += [
                Placement(unit=unit, hex=item.hex, mode=item.mode)
                for unit in reinforcement_units(document, self.scenario, row)
            ]
        self.placed = [p.unit for p in new]
        """The units now on the map."""
        self.remove_rows(REINFORCEMENTS, rows)
        if new:
            self.insert(PLACEMENTS, len(self.scenario.placements), new)


# Markers -----------------------------------------------------------------------------------------


class PlaceMarker(InsertItems):
    """Add an objective or a supply source (built by the caller, with a fresh id) at the end
    of its list; `text` is e.g. "Place Objective"."""

    def __init__(self, document: Document, list_path: ModelPath, item: Any, text: str) -> None:
        count = len(_list_at(document, list_path))
        super().__init__(document, SCENARIO, list_path, index=count, items=[item], text=text)


class PlaceObjective(PlaceMarker):
    """Add an objective on its hex."""

    def __init__(self, document: Document, objective: Any) -> None:
        super().__init__(document, OBJECTIVES, objective, "Place Objective")


class PlaceSupplySource(PlaceMarker):
    """Add a supply source on its hex."""

    def __init__(self, document: Document, source: Any) -> None:
        super().__init__(document, SOURCES, source, "Place Supply Source")


class MoveMarker(_ScenarioEdit):
    """Move items of a list standing on the map (objectives, supply sources, reinforcement
    arrivals) to another hex; `text` is e.g. "Move Objective" or "Set Arrival Hex"."""

    def __init__(
        self, document: Document, list_path: ModelPath, rows: Sequence[int], hex_: Offset, text: str
    ) -> None:
        super().__init__(document, text)
        items = _list_at(document, list_path)
        for row in rows:
            if tuple(items[row].hex) != tuple(hex_):
                self.set((*list_path, row, "hex"), hex_)


class DeleteMarker(RemoveItems):
    """Delete objectives or supply sources by row; `text` is e.g. "Delete Objective"."""

    def __init__(
        self, document: Document, list_path: ModelPath, rows: Sequence[int], text: str
    ) -> None:
        super().__init__(document, SCENARIO, list_path, rows, text)


def _list_at(document: Document, list_path: ModelPath) -> list[Any]:
    value: Any = document.scenario
    for part in list_path:
        value = getattr(value, str(part))
    return list(value)

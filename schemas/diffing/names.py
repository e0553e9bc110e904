"""The names a designer knows things by — units and organizations from the OOB, objectives from
the scenario, terrain from the map's legend — so that a change says "Release of 2.
SS-Panzer-Division" rather than "Release of de.2ss"."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Names:
    """Names by id; the newer version's names win, the older's fill in what was removed."""

    units: dict[str, str] = field(default_factory=dict)
    organizations: dict[str, str] = field(default_factory=dict)
    objectives: dict[str, str] = field(default_factory=dict)
    terrain: dict[str, str] = field(default_factory=dict)
    """Terrain names by the one-character code of the map's rows."""
    places: dict[tuple[int, int], str] = field(default_factory=dict)
    """The map's place names by hex: what an objective without a name of its own is called,
    as the Objectives panel calls it."""

    def add_oob(self, oob: Any) -> None:
        """Learn the unit and organization names of an OOB model (already known ids stay)."""
        if oob is None:
            return
        for node, _parent in tree(oob):
            table = self.units if node.kind == "unit" else self.organizations
            table.setdefault(node.id, node.name)

    def add_scenario(self, scenario: Any) -> None:
        """Learn the objective names of a scenario model."""
        if scenario is None:
            return
        for objective in scenario.objectives:
            self.objectives.setdefault(objective.id, self.objective(objective))

    def add_map(self, map_file: Any) -> None:
        """Learn the terrain names of a map's legend."""
        if map_file is None:
            return
        for terrain in map_file.terrain:
            self.terrain.setdefault(terrain.code, terrain.name)
        for place in map_file.places:
            self.places.setdefault((place.hex[0], place.hex[1]), place.name)

    def objective(self, objective: Any) -> str:
        """An objective's name, else the place lettered on its hex, else its id."""
        hex_ = (objective.hex[0], objective.hex[1])
        return str(objective.name or self.places.get(hex_) or objective.id)

    def unit(self, ident: str) -> str:
        """A unit's name, or its id when no OOB at hand names it."""
        return self.units.get(ident, ident)

    def organization(self, ident: str) -> str:
        """An organization's name, or its id."""
        return self.organizations.get(ident, ident)

    def any(self, ident: str) -> str:
        """The name of a unit or organization."""
        return self.units.get(ident) or self.organizations.get(ident) or ident


def tree(oob: Any) -> Iterator[tuple[Any, str | None]]:
    """Every organization and unit of an OOB with the id of its parent (a nation's id at the
    top), depth first in file order."""
    for side in oob.sides:
        for nation in side.nations:
            stack: list[tuple[Any, str]] = [(n, nation.id) for n in reversed(nation.organizations)]
            while stack:
                node, parent = stack.pop()
                yield node, parent
                if node.kind == "organization":
                    stack.extend((child, node.id) for child in reversed(node.children))

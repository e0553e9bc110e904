"""What the scenario puts on each hex (placed units, overlays, objectives, supply sources,
arrivals), indexed by hex for the painters, the status bar and the Hex Info dock. Each part is
rebuilt only when its list in the scenario changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine.panzer_campaigns.clock import TurnClock
from schemas.panzer_campaigns.scenario import (
    BridgeOverlay,
    Overlays,
    Placement,
    Reinforcement,
    ScenarioFile,
    SupplySource,
)

Offset = tuple[int, int]

OVERLAY_KINDS = tuple(Overlays.model_fields)
"""The lists of `Overlays`, in drawing order (the order of the file)."""

PARTS = ("placements", "overlays", "objectives", "supply", "reinforcements")
"""The parts of a scenario the index follows (the first element of a change's path)."""


@dataclass
class ScenarioIndex:
    """Scenario contents by hex."""

    placements: dict[Offset, list[Placement]] = field(default_factory=dict)
    """Units placed on each hex, in file order."""
    unit_hex: dict[str, Offset] = field(default_factory=dict)
    """The hex of each placed unit."""
    overlays: dict[Offset, list[tuple[str, Any]]] = field(default_factory=dict)
    """(list name, overlay) on each hex."""
    bridges: list[BridgeOverlay] = field(default_factory=list)
    objectives: dict[Offset, list[Any]] = field(default_factory=dict)
    sources: dict[Offset, list[SupplySource]] = field(default_factory=dict)
    arrivals: dict[Offset, list[tuple[Reinforcement, int | None]]] = field(default_factory=dict)
    """Reinforcements arriving on each hex with their turn (None when it cannot be told)."""

    @classmethod
    def of(cls, scenario: ScenarioFile) -> ScenarioIndex:
        """Index every part of a scenario."""
        index = cls()
        for part in PARTS:
            index.update(scenario, part)
        return index

    def update(self, scenario: ScenarioFile, part: str) -> None:
        """Index one part again after it changed."""
        if part == "placements":
            self.placements = _by_hex(scenario.placements)
            self.unit_hex = {p.unit: tuple(p.hex) for p in scenario.placements}  # type: ignore[misc]
        elif part == "overlays":
            overlays: dict[Offset, list[tuple[str, Any]]] = {}
            for name in OVERLAY_KINDS:
                for item in getattr(scenario.overlays, name):
                    overlays.setdefault(tuple(item.hex), []).append((name, item))
            self.overlays = overlays
            self.bridges = list(scenario.overlays.bridges)
        elif part == "objectives":
            self.objectives = _by_hex(scenario.objectives)
        elif part == "supply":
            self.sources = _by_hex(scenario.supply.sources)
        elif part in {"reinforcements", "header"}:
            self.arrivals = _arrivals(scenario)


def _by_hex(items: Iterable[Any]) -> dict[Offset, list[Any]]:
    table: dict[Offset, list[Any]] = {}
    for item in items:
        table.setdefault(tuple(item.hex), []).append(item)
    return table


def _arrivals(scenario: ScenarioFile) -> dict[Offset, list[tuple[Reinforcement, int | None]]]:
    turn_of = _turn_finder(scenario)
    table: dict[Offset, list[tuple[Reinforcement, int | None]]] = {}
    for item in scenario.reinforcements:
        turn = item.turn if item.turn is not None else turn_of(item.at)
        table.setdefault(tuple(item.hex), []).append((item, turn))  # type: ignore[arg-type]
    for entries in table.values():
        entries.sort(key=lambda entry: (entry[1] is None, entry[1] or 0))
    return table


def _turn_finder(scenario: ScenarioFile) -> Callable[[datetime | None], int | None]:
    try:
        clock = TurnClock.from_header(scenario.header)
    except ValueError:
        return lambda when: None
    return lambda when: clock.turn_at(when) if when is not None else None

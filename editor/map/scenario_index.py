"""What the scenario puts on each hex (placed units, overlays, objectives, supply sources,
arrivals), indexed by hex for the painters, the status bar and the Hex Info dock. Each part is
rebuilt only when its list in the scenario changes.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
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
    _stack_rows: tuple[object, dict[int, _Row]] | None = field(
        default=None, repr=False, compare=False
    )

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

    def stacks_within(
        self, c0: int, c1: int, r0: int, r1: int
    ) -> list[tuple[Offset, list[Placement]]]:
        """The stacks on hexes from column c0 to c1 and row r0 to r1, in the order of
        `placements` (the order they are drawn in, so overlapping counters stack as before).
        A view of a few dozen rows looks them up by row and column instead of testing every
        stack of the map."""
        placements = self.placements
        if r1 - r0 >= _ROWS_LOOKED_UP:
            return [
                (hex_, stack)
                for hex_, stack in placements.items()
                if c0 <= hex_[0] <= c1 and r0 <= hex_[1] <= r1
            ]
        if self._stack_rows is None or self._stack_rows[0] is not placements:
            self._stack_rows = (placements, _stack_rows(placements))
        rows = self._stack_rows[1]
        found: list[tuple[int, Offset, list[Placement]]] = []
        for row in range(r0, r1 + 1):
            entry = rows.get(row)
            if entry is not None:
                columns, items = entry
                found += items[bisect_left(columns, c0) : bisect_right(columns, c1)]
        found.sort(key=_first)
        return [(hex_, stack) for _, hex_, stack in found]


_ROWS_LOOKED_UP = 64
"""Views spanning fewer rows than this find their stacks by row; larger ones test them all."""
_Row = tuple[list[int], list[tuple[int, Offset, list[Placement]]]]
"""The columns of a row's stacks, sorted, and (order in `placements`, hex, stack) alike."""


def _first(item: tuple[int, Offset, list[Placement]]) -> int:
    return item[0]


def _stack_rows(placements: dict[Offset, list[Placement]]) -> dict[int, _Row]:
    by_row: dict[int, list[tuple[int, Offset, list[Placement]]]] = {}
    for order, (hex_, stack) in enumerate(placements.items()):
        by_row.setdefault(hex_[1], []).append((order, hex_, stack))
    rows: dict[int, _Row] = {}
    for row, items in by_row.items():
        items.sort(key=lambda item: item[1][0])
        rows[row] = ([hex_[0] for _, hex_, _ in items], items)
    return rows


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

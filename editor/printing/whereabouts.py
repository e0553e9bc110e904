"""Where each unit of a scenario is at the start or when it comes, in words a printed order of
battle gives: the hex and the nearest place name, or the arrival turn, date, entry hex and
chance. Qt-free, so the reports' text is tested without a display."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from engine.hexgrid import Grid
from engine.panzer_campaigns.clock import TurnClock
from engine.panzer_campaigns.timeline import scheduled_turn
from schemas.panzer_campaigns.map import MapFile
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.scenario import Placement, Reinforcement, ScenarioFile

NEAR = 3
"""Hexes within which a place name is given as "near" a unit's hex."""


def hex_text(hex_: Iterable[int]) -> str:
    """A hex as the editor writes it, e.g. "24, 56"."""
    column, row = hex_
    return f"{column}, {row}"


def when_text(moment: datetime) -> str:
    """A date and time as a briefing gives it, e.g. "Mon 18 Dec 1944 18:00"."""
    return f"{moment:%a %d %b %Y %H:%M}"


class Places:
    """The map's place names, and the one nearest a hex."""

    def __init__(self, map_file: MapFile) -> None:
        self.grid = Grid(map_file.width, map_file.height, map_file.shifted_columns)
        self.by_hex = {tuple(place.hex): place.name for place in map_file.places}

    def near(self, hex_: Iterable[int]) -> str:
        """The place name on the hex, or "near NAME" for the nearest within `NEAR` hexes (the
        first in reading order when two are as near), or ""."""
        column, row = hex_
        on = self.by_hex.get((column, row))
        if on:
            return on
        centre = self.grid.hex_at(column, row)
        best: tuple[int, int, int, str] | None = None
        for other in centre.iter_range(NEAR):
            offset = self.grid.offset_of(other)
            name = self.by_hex.get(offset)
            if name:
                key = (centre.distance(other), offset[1], offset[0], name)
                best = key if best is None or key < best else best
        return f"near {best[3]}" if best else ""

    def describe(self, hex_: Iterable[int]) -> str:
        """A hex with its place, e.g. "24, 56 Longvilly" or "24, 57 near Longvilly"."""
        place = self.near(hex_)
        return f"{hex_text(hex_)} {place}" if place else hex_text(hex_)


@dataclass(frozen=True, slots=True)
class Arrival:
    """A unit's scheduled arrival: the reinforcement and the turn it is due (None outside the
    game's turns)."""

    reinforcement: Reinforcement
    turn: int | None


class Whereabouts:
    """Where each unit of a scenario starts or arrives, and when it leaves."""

    def __init__(self, scenario: ScenarioFile, index: OobIndex, map_file: MapFile) -> None:
        self.scenario = scenario
        self.index = index
        self.places = Places(map_file)
        self.clock = TurnClock.from_header(scenario.header)
        self.placements: dict[str, Placement] = {}
        for placement in scenario.placements:
            self.placements.setdefault(placement.unit, placement)
            for combined in placement.combined_with:
                self.placements.setdefault(combined, placement)
        self.arrivals: dict[str, Arrival] = {}
        for reinforcement in scenario.reinforcements:
            arrival = Arrival(reinforcement, scheduled_turn(self.clock, reinforcement))
            for unit in self._units_of(reinforcement.units, reinforcement.organizations):
                self.arrivals.setdefault(unit, arrival)
        self.withdrawn: dict[str, int | None] = {}
        for withdrawal in scenario.withdrawals:
            turn = scheduled_turn(self.clock, withdrawal)
            for unit in self._units_of(withdrawal.units, withdrawal.organizations):
                self.withdrawn.setdefault(unit, turn)
        self.air = frozenset(scenario.air.units)

    def _units_of(self, units: Iterable[str], organizations: Iterable[str]) -> list[str]:
        found = [unit for unit in units if unit in self.index.units]
        for organization in organizations:
            if organization in self.index.organizations:
                found.extend(self.index.iter_units_under(organization))
        return found

    def turn_text(self, turn: int | None) -> str:
        """A turn with the date and time it starts, e.g. "turn 7, Mon 18 Dec 1944 18:00"."""
        if turn is None:
            return "after the last turn"
        return f"turn {turn}, {when_text(self.clock.time_of(turn))}"

    def of(self, unit_id: str) -> str:
        """Where a unit starts or arrives (and when it leaves), in words.

        Decision: a unit both placed and scheduled to arrive is printed where it starts, as the
        engine places it then (the setup check flags the double booking)."""
        placement = self.placements.get(unit_id)
        if placement is not None:
            text = f"starts at {self.places.describe(placement.hex)}"
            if placement.unit != unit_id:
                text += " (combined)"
            elif placement.fixed:
                text += ", fixed"
        elif unit_id in self.arrivals:
            arrival = self.arrivals[unit_id]
            reinforcement = arrival.reinforcement
            text = (
                f"arrives {self.turn_text(arrival.turn)} at "
                f"{self.places.describe(reinforcement.hex)}"
            )
            if reinforcement.probability < 100:
                text += f", {reinforcement.probability} % a turn"
        elif unit_id in self.air:
            text = "air unit"
        else:
            return "not in this scenario"
        if unit_id in self.withdrawn:
            text += f"; withdraws {self.turn_text(self.withdrawn[unit_id])}"
        return text

    def in_scenario(self, unit_id: str) -> bool:
        """Whether the scenario places, brings on or flies the unit."""
        return unit_id in self.placements or unit_id in self.arrivals or unit_id in self.air

    def is_on_map_at_start(self, unit_id: str) -> bool:
        """Whether the unit is placed at the start."""
        return unit_id in self.placements

    def is_arriving(self, unit_id: str) -> bool:
        """Whether the unit is not placed but scheduled to arrive."""
        return unit_id not in self.placements and unit_id in self.arrivals

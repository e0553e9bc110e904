"""What every setup check needs from a game state: where each unit is written in the scenario
file, how to name units and hexes in messages, and Problems that point at the right place.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from engine.panzer_campaigns.setup.footing import FootingRules, terrain_at
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import OFF_MAP, UnitState, UnitStatus
from schemas.panzer_campaigns.scenario import Placement, Reinforcement
from schemas.problems import ModelPath, Problem, Severity

MAX_NAMED = 3
"""How many units a message names before it says "and N more"."""


@dataclass
class SetupContext:
    """A game state at its start, with the scenario's list positions of units and events."""

    state: GameState
    rules: FootingRules
    """Where units may stand, in which mode."""
    placement_of: dict[str, int] = field(default_factory=dict)
    """The placement (list position) each unit on the map came from."""
    reinforcement_units: list[list[UnitState]] = field(default_factory=list)
    """The units of each reinforcement, by its list position (unknown ids left out)."""

    @classmethod
    def of(cls, state: GameState) -> SetupContext:
        """The context of a state just built from its scenario."""
        context = cls(state, FootingRules(state))
        for number, placement in enumerate(state.scenario.placements):
            # GameState keeps the first placement of a unit placed twice (PLACE001).
            context.placement_of.setdefault(placement.unit, number)
        for reinforcement in state.scenario.reinforcements:
            context.reinforcement_units.append(
                [
                    state.units[unit_id]
                    for unit_id in dict.fromkeys(
                        state.iter_scheduled_units(reinforcement.units, reinforcement.organizations)
                    )
                    if unit_id in state.units and state.units[unit_id].status is UnitStatus.WAITING
                ]
            )
        return context

    # --- units ------------------------------------------------------------------------------

    def iter_placed(self) -> Iterator[UnitState]:
        """The units standing on the map at the start, in scenario order.

        A placement whose hex lies off the map (HEX001) leaves its unit without a hex; such
        units are skipped.
        """
        for unit in self.state.iter_units():
            if unit.hex != OFF_MAP:
                yield unit

    def placement(self, unit: UnitState) -> Placement | None:
        """The placement a unit on the map came from."""
        number = self.placement_of.get(unit.id)
        return self.state.scenario.placements[number] if number is not None else None

    def unit_path(self, unit: UnitState, field_name: str = "hex") -> ModelPath:
        """The model path of a unit's placement (and one of its fields)."""
        number = self.placement_of.get(unit.id)
        if number is None:
            return ("placements",)
        return ("placements", number, field_name)

    # --- hexes ------------------------------------------------------------------------------

    def offset(self, hex_index: int) -> tuple[int, int]:
        """The (column, row) of a hex index."""
        return self.state.board.offset(hex_index)

    def hex_text(self, hex_index: int) -> str:
        """A hex as designers read it: `[column, row]`."""
        column, row = self.offset(hex_index)
        return f"[{column}, {row}]"

    def terrain_name(self, hex_index: int) -> str:
        """The terrain of a hex as it counts now, in lower case, e.g. `marsh`."""
        terrain = terrain_at(self.state, hex_index)
        return terrain.name.lower() if terrain is not None else "terrain missing from the legend"

    # --- problems ---------------------------------------------------------------------------

    def unit_problem(
        self,
        severity: Severity,
        code: str,
        unit: UnitState,
        message: str,
        field_name: str = "hex",
    ) -> Problem:
        """A problem about a unit on the map, pointing at its placement."""
        return Problem(
            severity,
            code,
            message,
            path=self.unit_path(unit, field_name),
            hex=self.offset(unit.hex) if unit.hex != OFF_MAP else None,
            object_id=unit.id,
        )

    def reinforcement_problem(
        self,
        severity: Severity,
        code: str,
        number: int,
        message: str,
        field_name: str = "hex",
    ) -> Problem:
        """A problem about a reinforcement, pointing at one of its fields."""
        reinforcement: Reinforcement = self.state.scenario.reinforcements[number]
        return Problem(
            severity,
            code,
            message,
            path=("reinforcements", number, field_name),
            hex=reinforcement.hex,
            object_id=reinforcement.id,
        )


def describe(unit: UnitState) -> str:
    """A unit named for a message: its id, and its name when that says more."""
    name = unit.unit.name
    return f"'{unit.id}'" if name == unit.id else f"'{unit.id}' ({name})"


def describe_all(units: Iterable[UnitState]) -> str:
    """Several units named for a message, the first few and a count of the rest.

    >>> from schemas.panzer_campaigns.oob import Unit
    >>> from schemas.vocabulary import Side
    >>> def unit(n: int) -> UnitState:
    ...     return UnitState(f"u{n}", Unit(id=f"u{n}", name=f"u{n}", unit_class="infantry",
    ...                      strength=1, speed=1), side=Side.AXIS, nation="de", organization=None)
    >>> describe_all(unit(n) for n in range(5))
    "'u0', 'u1', 'u2' and 2 more"
    """
    listed = list(units)
    named = ", ".join(describe(u) for u in listed[:MAX_NAMED])
    rest = len(listed) - MAX_NAMED
    return f"{named} and {rest} more" if rest > 0 else named


def plural(count: int, word: str) -> str:
    """`count word`, with an s when there are several.

    >>> plural(1, "unit"), plural(3, "unit")
    ('1 unit', '3 units')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"

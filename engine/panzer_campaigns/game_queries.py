"""The questions a tester asks a game that change nothing: where hexes are, supply, objective
owners and the score, line of sight and spotting, the event log. A mixin of
`engine.panzer_campaigns.game.Game`.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.panzer_campaigns import movement, objectives, spotting, supply
from engine.panzer_campaigns.events import Event
from engine.panzer_campaigns.intel import intel_markers
from engine.panzer_campaigns.line_of_sight import has_line_of_sight
from engine.panzer_campaigns.objectives import Score
from engine.panzer_campaigns.sightings import IntelMarker, Sight, Sighting
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import Side

Offset = tuple[int, int]


class GameQueries:
    """Read-only queries on `state` and `log`."""

    state: GameState
    log: list[Event]

    def unit(self, unit_id: str) -> UnitState:
        """A unit by id; ValueError naming it when the scenario has no such unit."""
        unit = self.state.units.get(unit_id)
        if unit is None:
            raise ValueError(f"no unit '{unit_id}' in this game")
        return unit

    def hex_of(self, offset: Offset) -> int:
        """The hex index of (column, row); ValueError off the map."""
        if not self.state.board.grid.contains(*offset):
            raise ValueError(f"hex {list(offset)} is off the map")
        return self.state.board.index(*offset)

    def offset_of(self, hex_index: int) -> Offset:
        """The (column, row) of a hex index."""
        return self.state.board.offset(hex_index)

    # --- queries ----------------------------------------------------------------------------

    def local_supply(self, side: Side) -> dict[Offset, int]:
        """The Local Supply Value of every hex `side`'s units occupy (0 = isolated) [000 10.1];
        half the Global value where only naval units stand [000 10.2]."""
        values = supply.local_supply(self.state, side)
        return {
            self.offset_of(h): values.held_value(h)
            for h in sorted({u.hex for u in self.state.iter_units(side)})
        }

    def isolated_units(self, side: Side) -> list[str]:
        """Ids of `side`'s units that are Isolated now."""
        return [u.id for u in self.state.iter_units(side) if u.isolated]

    def supply_line(self, side: Side, offset: Offset) -> tuple[str | None, list[Offset]] | None:
        """The line of communication that supplies a hex for `side` now: the id of its source
        (None for map-edge supply) and the hexes from `offset` to the source or edge hex; None
        when the hex is Isolated [000 10.1]. See `engine.panzer_campaigns.supply.supply_line`."""
        line = supply.supply_line(self.state, side, self.hex_of(offset))
        if line is None:
            return None
        return line.source, [self.offset_of(h) for h in line.hexes]

    def objective_owners(self) -> dict[str, Side | None]:
        """The owner of every objective, by id."""
        return {o.id: o.owner for o in self.state.objectives}

    def score(self) -> Score:
        """Victory points, the score and the outcome it would give now."""
        return objectives.score(self.state)

    def line_of_sight(self, from_hex: Offset, to_hex: Offset) -> bool:
        """Whether the map lets a unit at `from_hex` see `to_hex`, at any range: no town, wood
        or hill between them [000 5.0], nor in Panzer Battles a wall of wrecks [001 #14] (see
        `engine.panzer_campaigns.line_of_sight`)."""
        state = self.state
        return has_line_of_sight(
            state.board, self.hex_of(from_hex), self.hex_of(to_hex), state.sight_walls
        )

    def can_see(self, unit_or_hex: str | UnitState | Offset, hex_: Offset) -> bool:
        """Whether a unit (by id or state) or a unit standing at a hex sees `hex_`: line of sight
        within this turn's visibility [000 4.8, 11.0]."""
        if isinstance(unit_or_hex, tuple):
            origin = self.hex_of(unit_or_hex)
        else:
            unit = self.unit(unit_or_hex) if isinstance(unit_or_hex, str) else unit_or_hex
            if not unit.on_map:
                return False
            origin = unit.hex
        return spotting.sees(self.state, origin, self.hex_of(hex_))

    def sight_of(self, side: Side, hex_: Offset) -> Sight | None:
        """How well `side`'s units see a hex now: "spotted" when one that is not Broken does,
        "unknown" when only Broken ones do, None when none does [000 4.8, 9.0]."""
        return spotting.watch(self.state, side, self.hex_of(hex_))

    def sight_from(self, hex_: Offset) -> dict[Offset, bool]:
        """Every hex within this turn's visibility of `hex_`, and whether a unit there sees it."""
        seen = spotting.viewshed(self.state, self.hex_of(hex_))
        return {self.offset_of(h): clear for h, clear in seen.items()}

    def spotting(self, side: Side) -> dict[str, Sighting]:
        """The enemy units `side` sees now, by id, each spotted in detail or Unknown, with the
        hex it was seen at [000 4.8]."""
        return dict(self.state.spotted_by(side))

    def intel_markers(self, side: Side) -> list[IntelMarker]:
        """Where `side` last saw the enemy units gone out of its sight, identified or as
        Unknown, and when (Panzer Battles [001 1.1 #31], see `engine.panzer_campaigns.intel`)."""
        return intel_markers(self.state, side)

    def why_not_change_mode(self, unit_id: str, mode: Mode | str) -> str | None:
        """Why a unit of the side to move may not change to `mode` now, as a sentence with the
        manual's section; None when it may (see `engine.panzer_campaigns.movement.change_mode`)."""
        unit = self.unit(unit_id)
        if unit.side is not self.state.phasing:
            return (
                f"{unit_id} is {unit.side.value}; it is the {self.state.phasing.value} player turn"
            )
        try:
            movement.mode_change_check(self.state, unit, Mode(mode))
        except movement.IllegalMove as refused:
            return str(refused)
        return None

    def iter_log(self, turn: int | None = None) -> Iterator[Event]:
        """The events logged so far, or those of one turn."""
        return (e for e in self.log if turn is None or e.turn == turn)

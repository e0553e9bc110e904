"""What one side knows when it gives orders: its own units, the enemy units it has spotted (and
where it last saw them), the objectives and their owners, and the map's geometry. A computer
player reads the game only through this view and the game's order queries, so by construction it
never learns where an unseen enemy unit is."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.hexgrid import Grid
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.sightings import Sight
from engine.panzer_campaigns.units import UnitState
from schemas.vocabulary import Side

Offset = tuple[int, int]

_GONE = object()
"""The owner of an objective no longer in play, unlike any side or None."""


@dataclass(frozen=True, slots=True)
class KnownObjective:
    """An objective as every player sees it on the map."""

    id: str
    hex: Offset
    owner: Side | None
    points: float
    is_exit: bool


@dataclass(slots=True)
class KnownWorld:
    """One side's picture of the game at one moment (rebuilt after each order)."""

    side: Side
    grid: Grid
    own: list[UnitState]
    """The side's units on the map, in scenario order."""
    enemy_hexes: dict[Offset, list[str]]
    """Hexes where the side sees (or reported) enemy units, with their ids, spotted or not."""
    spotted_hexes: set[Offset]
    """Of those, the hexes holding an enemy unit seen in detail (a direct fire target)."""
    objectives: list[KnownObjective]
    offsets: dict[str, Offset]
    """Where each of the side's units stands."""
    _axial_cache: dict[Offset, tuple[int, int]] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Game, side: Side) -> KnownWorld:
        """The picture `side` has now, from the game's public queries only."""
        enemy, spotted = _sightings(game, side)
        owners = game.objective_owners()
        objectives = [
            KnownObjective(o.id, game.offset_of(o.hex), owners[o.id], o.points, o.is_exit)
            for o in game.state.objectives  # the objectives are printed on the map for both
            if not o.expired
        ]
        return cls(
            side,
            game.state.board.grid,
            list(game.iter_units(side)),
            enemy,
            spotted,
            objectives,
            {u.id: game.offset_of(u.hex) for u in game.iter_units(side)},
        )

    def distance(self, a: Offset, b: Offset) -> int:
        """Hexes between two hexes."""
        known = self._axial_cache  # read inline: a player turn measures a million distances
        qa, ra = known.get(a) or self._axial(a)
        qb, rb = known.get(b) or self._axial(b)
        return max(abs(qa - qb), abs(ra - rb), abs(qa + ra - qb - rb))

    def _axial(self, offset: Offset) -> tuple[int, int]:
        found = self._axial_cache.get(offset)
        if found is None:
            hex_ = self.grid.hex_at(*offset)
            found = self._axial_cache[offset] = (hex_.q, hex_.r)
        return found

    def refresh(self, game: Game, unit_ids: Iterable[str]) -> None:
        """Bring the picture up to date after an order that moved or removed `unit_ids` (and
        whatever the enemy did in reply, which changes only what the side sees)."""
        for unit_id in unit_ids:
            unit = game.unit(unit_id)
            if unit.on_map:
                self.offsets[unit_id] = game.offset_of(unit.hex)
            else:
                self.offsets.pop(unit_id, None)
        self.enemy_hexes, self.spotted_hexes = _sightings(game, self.side)
        owners = game.objective_owners()
        # Built again only when an owner changed or an objective expired: most orders take none.
        if any(owners.get(o.id, _GONE) is not o.owner for o in self.objectives):
            self.objectives = [
                KnownObjective(o.id, o.hex, owners.get(o.id), o.points, o.is_exit)
                for o in self.objectives
                if o.id in owners
            ]

    def nearest_enemy(self, where: Offset) -> int | None:
        """How far the nearest known enemy is from `where`; None when the side sees none."""
        if not self.enemy_hexes:
            return None
        return min(self.distance(where, h) for h in self.enemy_hexes)

    def objective(self, objective_id: str) -> KnownObjective | None:
        """An objective by id (None when it is no longer in play)."""
        return next((o for o in self.objectives if o.id == objective_id), None)


def _sightings(game: Game, side: Side) -> tuple[dict[Offset, list[str]], set[Offset]]:
    """The hexes where `side` sees enemy units (with their ids), and those seen in detail."""
    enemy: dict[Offset, list[str]] = {}
    spotted: set[Offset] = set()
    for unit_id, sighting in sorted(game.spotting(side).items()):
        where = game.offset_of(sighting.hex)
        enemy.setdefault(where, []).append(unit_id)
        if sighting.grade is Sight.SPOTTED:
            spotted.add(where)
    return enemy, spotted

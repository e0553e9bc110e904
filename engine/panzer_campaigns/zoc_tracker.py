"""One side's zones of control kept up to date unit by unit: after a move, a loss, a mode change
or anything else the state notes (`GameState.changed_units`), only the hexes around the units
that changed are recounted, so a computer player's thousands of moves do not each trace the
whole map again. The rules are `engine.panzer_campaigns.zoc`'s;
`engine.panzer_campaigns.zoc.zoc_from_scratch` gives the same map.
"""

from __future__ import annotations

from array import array

from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState
from engine.panzer_campaigns.zoc_rules import exerts_zoc, zoc_directions
from schemas.vocabulary import Side


class ZocTracker:
    """How many (unit, direction) pairs of `side` reach each hex, and the 0/1 map of them.

    A map handed out (`current`) is never changed afterwards: the next change copies it first,
    so a caller holding the map of an earlier moment keeps reading that moment, as it did when
    each moment's map was traced from scratch.
    """

    __slots__ = ("broad", "counts", "handed", "hideable", "map", "reach", "seen", "side")

    def __init__(self, side: Side) -> None:
        self.side = side
        self.counts = array("I")
        self.map = bytearray()
        self.handed = False
        self.reach: dict[str, tuple[int, ...]] = {}
        """The hexes each unit's zone of control covers now (units exerting none left out)."""
        self.hideable: set[str] = set()
        """Panzer Battles: units that exert a zone unless concealed, in a hex that conceals
        them, whose zone depends on whether the enemy sees them [001 1.2]."""
        self.seen: set[str] = set()
        """The units of `side` the enemy saw when the concealed ones were last judged."""
        self.broad = -1
        """The state's `broad_changes` the counts were built at (-1: never built)."""

    def is_current(self, state: GameState) -> bool:
        """Whether the map counted at the state's `version` still holds: under Panzer Battles
        the enemy's sightings, which hide or show concealed units [001 1.2], change after a
        move without a new version (`engine.panzer_campaigns.spotting.after_move`)."""
        if not state.profile.concealed_without_zoc:
            return True
        return state.sightings[other_side(self.side)].keys() == self.seen

    def current(self, state: GameState) -> bytearray:
        """The map for the state as it is now, recounting around the units changed since."""
        side = self.side
        changed = state.changed_units[side]
        state.changed_units[side] = set()
        if self.broad != state.broad_changes:
            self._build(state)
        elif changed or state.profile.concealed_without_zoc:
            self._judge(state, changed)
        self.handed = True
        return self.map

    def _build(self, state: GameState) -> None:
        """Count every unit of the side afresh, as `zoc_from_scratch` traces them (at the
        start, and after a change that names no unit)."""
        board, profile, side = state.board, state.profile, self.side
        self.counts = counts = array("I", bytes(4 * board.size))
        self.map = zoc = bytearray(board.size)
        self.handed = False
        self.reach = reach = {}
        self.broad = state.broad_changes
        able = [u for u in state.iter_units(side) if exerts_zoc(u, profile)]
        hidden: set[str] = set()
        if profile.concealed_without_zoc:
            # Imported only here: spotting brings the event models, which Panzer Campaigns'
            # zones (and so `hexwright validate`'s supply lines) never need.
            from engine.panzer_campaigns.spotting import conceals, sync  # noqa: PLC0415

            self.hideable = {u.id for u in able if conceals(state, u, u.hex)}
            if self.hideable:
                sync(state)  # as `_judge` does
            self.seen = set(state.sightings[other_side(side)])
            hidden = self.hideable - self.seen
        neighbors = board.neighbors
        for unit in able:
            if unit.id in hidden:
                continue
            base = 6 * unit.hex
            if unit.facing is None:  # all six directions, in order, read at C speed
                hexes = tuple(neighbors[base : base + 6])
                if -1 in hexes:
                    hexes = tuple(h for h in hexes if h >= 0)
            else:
                hexes = tuple(o for d in zoc_directions(unit) if (o := neighbors[base + d]) >= 0)
            reach[unit.id] = hexes
            for hex_index in hexes:
                counts[hex_index] += 1
                zoc[hex_index] = 1

    def _judge(self, state: GameState, changed: set[str]) -> None:
        """Recount the zones of the `changed` units (ids of `side`), and under Panzer Battles
        those of the units the enemy has started or stopped seeing since the last count."""
        units = state.units
        profile = state.profile
        concealing = profile.concealed_without_zoc
        if concealing:
            from engine.panzer_campaigns.spotting import conceals, sync  # noqa: PLC0415
        able: dict[str, UnitState | None] = {}
        for unit_id in changed:
            unit = units.get(unit_id)
            if unit is None or not unit.on_map or not exerts_zoc(unit, profile):
                unit = None
            able[unit_id] = unit
            if concealing:
                if unit is not None and conceals(state, unit, unit.hex):
                    self.hideable.add(unit_id)
                else:
                    self.hideable.discard(unit_id)
        if concealing:
            if self.hideable:
                # As `is_concealed` does when a hidden unit is asked about, and only then, so
                # the sightings are brought up to date at the same moments as before.
                sync(state)
            sightings = state.sightings[other_side(self.side)]
            for unit_id in sightings.keys() ^ self.seen:
                if unit_id in self.hideable and unit_id not in able:
                    able[unit_id] = units[unit_id]
            self.seen = set(sightings)
        seen = self.seen
        neighbors = state.board.neighbors
        for unit_id, unit in able.items():
            reach: tuple[int, ...] = ()
            if unit is not None and not (unit_id in self.hideable and unit_id not in seen):
                base = 6 * unit.hex
                reach = tuple(
                    other
                    for direction in zoc_directions(unit)
                    if (other := neighbors[base + direction]) >= 0
                )
            before = self.reach.get(unit_id, ())
            if reach != before:
                self._recount(before, reach)
                if reach:
                    self.reach[unit_id] = reach
                else:
                    del self.reach[unit_id]

    def _recount(self, before: tuple[int, ...], after: tuple[int, ...]) -> None:
        if self.handed:  # a map handed out stays as it was (see the class)
            self.map = bytearray(self.map)
            self.handed = False
        counts, zoc = self.counts, self.map
        for hex_index in before:
            counts[hex_index] -= 1
            if not counts[hex_index]:
                zoc[hex_index] = 0
        for hex_index in after:
            counts[hex_index] += 1
            zoc[hex_index] = 1

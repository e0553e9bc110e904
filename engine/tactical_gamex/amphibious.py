"""Amphibious landings [003 10.0-10.4]: the landing force placed on sea hexes before the first
turn (DD vehicles rolling to sink), its advance toward the beach at every Housekeeping,
landing disrupted, and unloading from landing craft on the beach; `sea` says how units at sea
defend."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from engine.tactical_gamex.combat import eliminate
from engine.tactical_gamex.events import SeaAdvanced, SinkRolled, Transported
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.sea import DD, is_landing_craft
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import Marker, Unit
from schemas.vocabulary import Side

Offset = tuple[int, int]
SEA = "sea"
LANDED = "landed"
"""The activity of a unit set down on the beach: it may still move up to half its MP."""


@dataclass
class Landing:
    """A situation's amphibious landing as the engine plays it."""

    side: Side
    beaches: frozenset[Offset]
    force: tuple[str, ...]
    """The landing craft and vehicles, in the situation's order (cargo rides in the craft)."""
    fixed: dict[str, Offset] = field(default_factory=dict)
    """Counters the situation puts on a given sea hex."""
    sink_chance: int = 0
    """Percent chance a DD vehicle sinks when first placed at sea [003 10.4]."""
    waiting: list[str] = field(default_factory=list)
    """Off the map, to come in onto an edge sea hex at a Housekeeping [003 10.2, 10.3]."""

    def copy(self) -> Landing:
        return replace(self, waiting=list(self.waiting))


def is_sea(state: TgxState, hex_: Offset) -> bool:
    return state.board.terrain.get(hex_) == SEA


def beach_distances(state: TgxState, landing: Landing) -> dict[Offset, int]:
    """Hexes from the nearest beach over sea hexes: 0 on a beach, 1 next to one..."""
    distance = dict.fromkeys(landing.beaches, 0)
    queue = deque(sorted(landing.beaches))
    while queue:
        here = queue.popleft()
        for n in state.board.neighbors(here):
            if n not in distance and is_sea(state, n):
                distance[n] = distance[here] + 1
                queue.append(n)
    return distance


def _room(state: TgxState, unit: Unit, hex_: Offset) -> bool:
    """Whether the unit (with its cargo) may stand in the hex: at sea one craft or vehicle a
    hex [003 10.2]; ashore no enemy and the side's stacking limit [003 3.2.5]."""
    if is_sea(state, hex_):
        return state.stack_count(hex_) == 0
    if state.enemy_at(hex_, unit.side):
        return False
    return state.stack_count(hex_) + 1 <= state.stacking_limit(unit.side)


def _cargo(state: TgxState, craft: Unit) -> list[Unit]:
    return [u for u in state.units.values() if u.carrier == craft.id]


def _put(state: TgxState, unit: Unit, hex_: Offset, at_sea: bool) -> None:
    for u in (unit, *_cargo(state, unit)):
        u.hex = hex_
        u.at_sea = at_sea


def _launch_one(state: TgxState, landing: Landing, unit: Unit, hex_: Offset) -> list[object]:
    """Put a unit on a sea hex; a DD vehicle rolls to sink there, without a wreck [003 10.4].

    Decision: the chance is the situation's percentage, drawn on percentile dice from the
    game's seed; under Battlefield Chaos too, the Action Deck's cards reading only 1-6
    [003 24.1]."""
    _put(state, unit, hex_, True)
    if not unit.type.has(DD) or landing.sink_chance <= 0:
        return []
    roll = state.dice.d100()
    sank = roll <= landing.sink_chance
    events: list[object] = [SinkRolled(state.turn, unit.id, hex_, roll, landing.sink_chance, sank)]
    if sank:
        events += eliminate(state, unit, wrecks=False)
    return events


def launch(state: TgxState) -> list[object]:
    """Put the landing force to sea as turn 1 opens [003 10.2]: counters the setup phase set
    on a sea hex stay there, those with a sea hex of their own in the situation go there, the
    others one to a hex on the sea hexes nearest the beach (ties in board order), the rest off
    the map; each DD vehicle placed rolls to sink [003 10.4].

    Decision: without the setup phase the engine chooses for the landing player, taking the
    hexes nearest the beach, which bring the force ashore soonest. Cargo rides in its craft
    from the start [003 10.1]."""
    landing: Landing = state.landing
    distance = beach_distances(state, landing)
    events: list[object] = []
    for unit_id in landing.force:
        unit = state.units[unit_id]
        if unit.hex is not None and is_sea(state, unit.hex):
            events += _launch_one(state, landing, unit, unit.hex)
        else:  # set up on land by the seed, or not yet placed: it goes to sea below
            for u in (unit, *_cargo(state, unit)):
                u.hex, u.at_sea = None, False
    for unit_id, hex_ in landing.fixed.items():
        unit = state.units[unit_id]
        if unit.hex is None and _room(state, unit, hex_):
            events += _launch_one(state, landing, unit, hex_)
    free = sorted((d, h[1], h[0]) for h, d in distance.items() if d > 0)
    for unit_id in landing.force:
        unit = state.units[unit_id]
        if unit.hex is not None:
            continue
        spot = next(((c, r) for _, r, c in free if _room(state, unit, (c, r))), None)
        if spot is None:
            landing.waiting.append(unit_id)
            continue
        events += _launch_one(state, landing, unit, spot)
    return events


def _edge(state: TgxState, hex_: Offset) -> bool:
    c, r = hex_
    grid = state.board.grid
    return c in (0, grid.width - 1) or r in (0, grid.height - 1)


def advance(state: TgxState) -> list[object]:
    """Housekeeping's advance of the landing [003 10.3]: every unit at sea moves one hex
    toward the closest beach hex (disrupted ones too), is disrupted on reaching the beach and,
    a vehicle, is unloaded from its carrier there; one that cannot advance for stacking is
    eliminated. Then units off the map come in onto an open sea hex at the board's edge.

    Decisions: units nearest the beach move first, so a column behind them follows into the
    hexes they leave; of equally near hexes the first with room is taken, so a unit is lost
    only when every hex one step nearer is full (at sea one craft or vehicle a hex, 10.2's
    placement rule kept in force; ashore the stacking limit, and an enemy-held beach hex is
    full). Off-map units take the free edge sea hexes nearest the beach and wait when none is
    free. Landing craft on the beach never advance: they move beach to beach by order."""
    landing: Landing | None = state.landing
    if landing is None:
        return []
    distance = beach_distances(state, landing)
    afloat = [
        state.units[u]
        for u in landing.force
        if state.units[u].at_sea and state.units[u].hex in distance
    ]
    order = {u: i for i, u in enumerate(landing.force)}
    afloat.sort(key=lambda u: (distance[u.hex] if u.hex else 0, order[u.id]))
    events: list[object] = []
    for unit in afloat:
        here = unit.hex
        if here is None or not unit.at_sea:
            continue
        nearer = sorted(
            (n for n in state.board.neighbors(here) if distance.get(n) == distance[here] - 1),
            key=lambda h: (h[1], h[0]),
        )
        to = next((n for n in nearer if _room(state, unit, n)), None)
        if to is None:
            events.append(SeaAdvanced(state.turn, unit.id, None))
            events += eliminate(state, unit, wrecks=False)
            continue
        ashore = to in landing.beaches
        _put(state, unit, to, not ashore)
        if ashore:
            for u in (unit, *_cargo(state, unit)):
                u.disrupted = True
        events.append(SeaAdvanced(state.turn, unit.id, to, ashore))
    edge = sorted((d, h[1], h[0]) for h, d in distance.items() if d > 0 and _edge(state, h))
    for unit_id in list(landing.waiting):
        unit = state.units[unit_id]
        spot = next(((c, r) for _, r, c in edge if _room(state, unit, (c, r))), None)
        if spot is None:
            continue
        landing.waiting.remove(unit_id)
        events.append(SeaAdvanced(state.turn, unit_id, spot, entered=True))
        events += _launch_one(state, landing, unit, spot)
    return events


def is_craft(unit: Unit) -> bool:
    """An LVT or a DUKW [003 10.1]."""
    return is_landing_craft(unit.type)


def check_craft_move(state: TgxState, unit: Unit, path: Sequence[Offset]) -> None:
    """IllegalOrder unless the move keeps a landing craft from beach hex to beach hex
    [003 10.3]; a unit at sea is not activated at all."""
    if unit.at_sea:
        raise IllegalOrder(f"{unit.id} is at sea: it advances at Housekeeping [003 10.3]")
    landing: Landing | None = state.landing
    if not is_craft(unit):
        return
    beaches = landing.beaches if landing is not None else frozenset()
    if any(h not in beaches for h in (unit.hex, *path)):
        raise IllegalOrder(
            f"{unit.id} is a landing craft: it moves only from beach hex to beach hex [003 10.3]"
        )


def unload_craft(state: TgxState, craft: Unit) -> list[object]:
    """A good-order landing craft on the beach sets its units down [003 10.4]; each may then
    move up to half its MP in this activation (`move_limit`).

    Decision: an LVT sets both its units down together, as one unloading."""
    landing: Landing | None = state.landing
    cargo = _cargo(state, craft)
    if not cargo:
        raise IllegalOrder(f"{craft.id} carries nothing")
    if landing is None or craft.hex not in landing.beaches:
        raise IllegalOrder(f"{craft.id} unloads on a beach hex only [003 10.4]")
    if craft.disrupted:
        raise IllegalOrder(f"{craft.id} is disrupted: only a good-order craft unloads [003 10.4]")
    if state.stack_count(craft.hex) + len(cargo) > state.stacking_limit(craft.side):
        raise IllegalOrder("unloading would break the stacking limit [003 5.2.3]")
    craft.marker = Marker.MOVED
    state.activity[craft.id] = "unload"
    events: list[object] = []
    for unit in cargo:
        unit.carrier = None
        unit.marker = Marker.MOVED
        state.activity[unit.id] = LANDED
        events.append(Transported(state.turn, craft.id, unit.id, False, 0.0))
    craft.passenger = None
    craft.moved_mp = float(craft.type.movement)
    return events


def move_limit(state: TgxState, unit: Unit) -> float | None:
    """MP a unit just set down on the beach may still move: half its MP [003 10.4]."""
    if state.activity.get(unit.id) == LANDED:
        return unit.type.movement / 2
    return None


def landing_reach(state: TgxState, unit: Unit, moves: dict[Offset, float]) -> dict[Offset, float]:
    """A unit's reach as the landing rules cut it: half its MP just after being set down on
    the beach, beach hexes only for a landing craft [003 10.3, 10.4]."""
    limit = move_limit(state, unit)
    landing: Landing | None = state.landing
    beaches = landing.beaches if landing is not None else frozenset()
    craft = is_landing_craft(unit.type)
    return {
        h: mp
        for h, mp in moves.items()
        if (limit is None or mp <= limit + 1e-9) and (not craft or h in beaches)
    }

"""The Tactical GameX computer's engineers [003 9.1, 8.5]: they find the minefield or block that
bars its force's best way to an objective hex or the exit edge, go next to it, clear it when
the clearing can finish in time and the enemy's fire there is not murderous, while the others
keep out of the obstacle until it is gone and then go through.

Why a way and not the hex distance: on the landing the causeway is the only way for vehicles
over the flooded fields, and it is mined twice; a detour of one hex is no reason to clear, a
causeway is. So an obstacle counts when closing it makes the way of a unit that needs it
impossible or dearer by a whole activation (`blockers`).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Iterator
from copy import copy
from dataclasses import dataclass, field, replace
from fractions import Fraction

from engine.tactical_gamex.amphibious import is_sea, landing_reach
from engine.tactical_gamex.computer_threats import LOSS_LIMIT, threat_at
from engine.tactical_gamex.engineers import why_not_clear
from engine.tactical_gamex.movement import IllegalOrder, path_to, reach, step
from engine.tactical_gamex.orders import ClearObstacle, Move, TgxOrder, Unload
from engine.tactical_gamex.state import TgxState, VictoryKind
from engine.tactical_gamex.units import ENGINEER, Unit
from schemas.vocabulary import Side

Offset = tuple[int, int]
DISRUPT_LIMIT = Fraction(1, 2)
"""An engineer waits while the enemy's strongest fire at the obstacle would disrupt it more
often than this and than where it stands - a disrupted engineer's clearing fails [003 9.1] -
as long as a later turn still finishes the clearing in time."""

WayCache = dict[tuple[object, ...], "_Way | _Steps"]
"""The ways and steps a player has searched (`_field`, `_steps`)."""


@dataclass(frozen=True)
class Blocker:
    """An obstacle on a way its side needs: the way's target (`exit`: the exit edge, which
    needs the turns after the clearing to get there and off) and the MP from the obstacle to
    the target for the fastest mover that needs it."""

    hex: Offset
    exit: bool
    onward_mp: float
    movement: float


@dataclass
class Plan:
    """What the engineers do this impulse: their orders, the engineers kept for the obstacles
    (their other moves are not given), and the minefields being cleared this turn, which the
    others keep out of."""

    orders: list[TgxOrder] = field(default_factory=list)
    clears: list[TgxOrder] = field(default_factory=list)
    kept: set[str] = field(default_factory=set)
    reserved: set[Offset] = field(default_factory=set)

    def holds_back(self, order: TgxOrder) -> bool:
        """Whether another module's order would spoil the plan: a kept engineer moving or
        clearing elsewhere, or another unit walking into a minefield an engineer is clearing
        this turn (a unit entering it is still attacked [003 8.2, 9.1])."""
        if order in self.orders or order in self.clears:
            return False
        if isinstance(order, ClearObstacle):
            return order.unit in self.kept
        if isinstance(order, Move):
            return order.unit in self.kept or any(h in self.reserved for h in order.path)
        return False


def plan(state: TgxState, side: Side, ways: WayCache) -> Plan:
    """The engineers' plan for the side's impulse (`Plan`); empty when it has no engineer or
    nothing bars its way."""
    result = Plan()
    taken = {h for h, who in state.clearing.items() if _still_clearing(state, h, who, side)}
    # [003 9.1] a minefield an engineer clears now is gone at Housekeeping: the others wait
    # the turn out rather than take its attacks; one only planned is no reason to wait
    result.reserved = {h for h in taken if h in state.counters.mines}
    engineers = [u for u in state.iter_units(side) if u.type.has(ENGINEER) and u.hex is not None]
    if not any(_may_act(state, u) for u in engineers):
        return result  # the search is spared while no engineer can do anything
    found = blockers(state, side, ways)
    if not found:
        return result
    for engineer in sorted(engineers, key=lambda u: u.id):
        if engineer.hex in taken and state.clearing.get(engineer.hex) == engineer.id:
            result.kept.add(engineer.id)  # [003 9.1] it may neither move nor attack
            continue
        choice = _choose(state, engineer, [b for b in found if b.hex not in taken])
        if choice is None:
            continue
        blocker, ready = choice
        taken.add(blocker.hex)
        result.kept.add(engineer.id)
        carrier = state.units.get(engineer.carrier or "")
        if carrier is not None:
            result.orders += _set_down(state, carrier, blocker)
            continue
        order = _order(state, engineer, blocker, ready)
        if isinstance(order, ClearObstacle):
            result.clears.append(order)
        elif order is not None:
            result.orders.append(order)
    return result


def _may_act(state: TgxState, engineer: Unit) -> bool:
    """Whether the engineer has yet to act this turn, or rides a carrier ashore (which may
    still set it down after its move [003 5.2.3])."""
    carrier = state.units.get(engineer.carrier or "")
    if carrier is not None:
        return not carrier.at_sea and not carrier.disrupted
    return engineer.marker is None


def _set_down(state: TgxState, carrier: Unit, blocker: Blocker) -> list[TgxOrder]:
    """The carrier's orders, to be tried in turn: drive nearer the obstacle (the nearest hexes
    first, then those drawing the least fire), then set the engineer down [003 5.2.3, 10.4].
    The game's own check refuses what the rules forbid (a landing craft drives from beach
    hex to beach hex only, 10.3)."""
    if carrier.disrupted or carrier.at_sea or carrier.hex is None:
        return []
    board = state.board
    orders: list[TgxOrder] = []
    if not board.adjacent(carrier.hex, blocker.hex) and carrier.marker is None:
        now = board.distance(carrier.hex, blocker.hex)
        options = landing_reach(state, carrier, reach(state, carrier))
        nearer = [
            h
            for h in options
            if 1 <= board.distance(h, blocker.hex) < now and h not in state.counters.mines
        ]

        def preference(h: Offset) -> tuple[int, Fraction, Offset]:
            return board.distance(h, blocker.hex), threat_at(state, carrier, h).hits, h

        for hex_ in sorted(nearer, key=preference)[:6]:
            path = path_to(state, carrier, hex_)
            if path and not any(h in state.counters.mines for h in path):
                orders.append(Move(carrier.id, path))
    return [*orders, Unload(carrier.id)]


def _beside(state: TgxState, unit: Unit, hex_: Offset) -> list[Offset]:
    """The hexes next to an obstacle a unit may stand in: no block, water, sea or enemy
    (an engineer walks through minefields unharmed [003 8.2])."""
    board = state.board
    return [
        h
        for h in board.neighbors(hex_)
        if h not in state.counters.blocks
        and not board.effects(h).water
        and not is_sea(state, h)
        and not state.enemy_at(h, unit.side)
    ]


def _still_clearing(state: TgxState, hex_: Offset, who: str, side: Side) -> bool:
    unit = state.units.get(who)
    return unit is not None and unit.side is side and unit.hex == hex_ and not unit.disrupted


def _choose(state: TgxState, engineer: Unit, found: list[Blocker]) -> tuple[Blocker, bool] | None:
    """The obstacle the engineer takes: the nearest it can clear in time, with whether it may
    start on it this activation (next to it, in good order, the fire there bearable)."""
    here = engineer.hex
    assert here is not None
    board = state.board
    for blocker in sorted(found, key=lambda b: (board.distance(here, b.hex), b.hex)):
        done = state.turn + _turns_to_start(state, engineer, blocker.hex)
        if done > _last_turn_for(state, blocker):
            continue  # [003 9.1] the marker goes at Housekeeping: too late to matter
        threat = threat_at(state, engineer, blocker.hex)
        if threat.destroys > LOSS_LIMIT:
            continue  # no suicidal run
        spare = done < _last_turn_for(state, blocker)
        standing = threat_at(state, engineer, here)
        bearable = threat.hits <= max(DISRUPT_LIMIT, standing.hits) or not spare
        beside = board.adjacent(here, blocker.hex)
        ready = beside and not engineer.disrupted and engineer.carrier is None and bearable
        return blocker, ready
    return None


def _turns_to_start(state: TgxState, engineer: Unit, hex_: Offset) -> int:
    """Turns before the engineer can start on the obstacle: the activations its walk next to
    it takes (a hex an activation at least [003 5.1]; aboard, its carrier drives it there at
    half its MP a hex, and sets it down, after a rally if disrupted), one if it has acted this
    turn, one to rally. Decision: an estimate by hexes, not by a search (`route`), as the
    beach and the roads at the obstacles are open ground."""
    assert engineer.hex is not None
    walk = max(0, state.board.distance(engineer.hex, hex_) - 1)
    turns = int(engineer.marker is not None) + int(engineer.disrupted)
    carrier = state.units.get(engineer.carrier or "")
    if carrier is not None:
        per = max(1.0, carrier.type.movement / 2)
        return turns + max(0, math.ceil(walk / per) - 1) + 1 + int(carrier.disrupted)
    return turns + math.ceil(walk / max(1.0, engineer.type.movement))


def _last_turn_for(state: TgxState, blocker: Blocker) -> int:
    """The last turn whose clearing still serves: for an objective the last turn (the engineer
    holds the hex itself if it is the objective); for the exit edge the turn that leaves the
    movers the activations from the obstacle to the edge and the one off it [003 4.4]."""
    if not blocker.exit:
        return state.last_turn
    onward = math.ceil(blocker.onward_mp / max(blocker.movement, 1.0))
    return state.last_turn - onward - 1


def _order(state: TgxState, engineer: Unit, blocker: Blocker, ready: bool) -> TgxOrder | None:
    """The engineer's order now: its carrier unloads it, it clears the obstacle beside it
    [003 9.1], or it walks toward the hex beside the obstacle that draws the least fire."""
    assert engineer.hex is not None
    if engineer.carrier is not None or engineer.disrupted or engineer.marker is not None:
        return None
    board = state.board
    if board.adjacent(engineer.hex, blocker.hex):
        if ready and why_not_clear(state, engineer, blocker.hex) is None:
            return ClearObstacle(engineer.id, blocker.hex)
        return None  # it waits beside the obstacle for the fire on it to slacken
    beside = _beside(state, engineer, blocker.hex)
    if not beside:
        return None
    options = reach(state, engineer)
    if not options:
        return None

    def goodness(h: Offset) -> tuple[int, Fraction, Offset]:
        near = min(board.distance(h, b) for b in beside)
        return near, threat_at(state, engineer, h).destroys, h

    end = min(options, key=goodness)
    if goodness(end)[0] >= min(board.distance(engineer.hex, b) for b in beside):
        return None
    path = path_to(state, engineer, end)
    return Move(engineer.id, path) if path else None


def blockers(state: TgxState, side: Side, ways: WayCache) -> list[Blocker]:
    """The minefields and blocks that bar the way of the side's units to its targets: each
    objective hex it must take and does not hold, and the edge of an exit condition not yet met
    [003 4.4]. Closing an obstacle on a unit's cheapest way (by `movement.step`: the TEC,
    roads, streams, enemy hexes) must leave it no way, or one dearer by a whole activation;
    an obstacle in the target hex always bars it. One mover of each kind of movement
    represents its kind (from the hexes of all of them).

    Decision (a gap this player shares with `computer._clearings` and `computer_exits`): the
    minefields are read as the engine knows them, also those the enemy noted secretly and no
    unit has entered yet [003 8.2]; a player is told of them only by entering."""
    obstacles = frozenset(state.counters.mines) | frozenset(state.counters.blocks)
    if not obstacles:
        return []
    movers = [
        u
        for u in state.iter_units(side)
        if u.hex is not None
        and u.carrier is None
        and not u.type.has(ENGINEER)
        and u.type.movement >= 1
        and (u.type.attack > 0 or u.passenger is not None)
        and not u.at_sea
    ]
    found: dict[Offset, Blocker] = {}
    for targets, exit_ in _targets(state, side):
        for kind, group in _by_movement(movers).items():
            if not _between(state, group, obstacles, targets):
                continue  # the full search is spared: no obstacle near any unit's way
            fastest = max(group, key=lambda u: (u.type.movement, u.id))
            open_way = _field(state, fastest, targets, frozenset(), ways=ways, kind=kind)
            for unit in group:
                assert unit.hex is not None
                cost = open_way.to(unit.hex)
                for hex_ in _obstacles_on(open_way, unit.hex, obstacles):
                    if hex_ not in targets:
                        closed = _field(
                            state, fastest, targets, frozenset({hex_}), ways=ways, kind=kind
                        )
                        if closed.to(unit.hex) - cost < fastest.type.movement:
                            continue  # a way round it costs less than an activation more
                    blocker = Blocker(hex_, exit_, open_way.to(hex_), fastest.type.movement)
                    known = found.get(hex_)
                    if known is None or (known.exit and not exit_):
                        found[hex_] = blocker  # an objective's way outlasts the exit's
    return [found[h] for h in sorted(found)]


DETOUR_HEXES = 3
"""An obstacle more hexes than this off the straight line from a unit to its target is not
searched for: a way through it is no way a player would take."""


def _between(
    state: TgxState, units: list[Unit], obstacles: frozenset[Offset], targets: frozenset[Offset]
) -> bool:
    """Whether an obstacle lies within `DETOUR_HEXES` of the straight way of a unit to the
    targets, or in a target."""
    board = state.board
    if obstacles & targets:
        return True
    for hex_ in obstacles:
        onward = min(board.distance(hex_, t) for t in targets)
        for unit in units:
            assert unit.hex is not None
            straight = min(board.distance(unit.hex, t) for t in targets)
            if board.distance(unit.hex, hex_) + onward <= straight + DETOUR_HEXES:
                return True
    return False


def _targets(state: TgxState, side: Side) -> Iterator[tuple[frozenset[Offset], bool]]:
    """Each objective hex the side must take and does not hold, and the edge of each exit
    condition not yet met. Decision: the objectives one by one, not the nearest of them, so
    that the mines in an objective hex or on the way to a farther one are found too (on the
    landing the causeway's A H5 lies beyond the strongpoint as seen from the beach)."""
    for condition in state.victory:
        if condition.side is not side or condition.points <= 0:
            continue
        if condition.kind is VictoryKind.HOLD:
            for hex_ in condition.hexes:
                here = state.units_at(hex_)
                if not (here and all(u.side is side for u in here)):
                    yield frozenset({hex_}), False
        elif condition.kind is VictoryKind.EXIT and len(state.exited[side]) < condition.count:
            yield frozenset(condition.hexes), True


def _by_movement(units: Iterable[Unit]) -> dict[str, list[Unit]]:
    kinds: dict[str, list[Unit]] = {}
    for unit in units:
        kinds.setdefault(unit.type.move_class, []).append(unit)
    return kinds


def _obstacles_on(way: _Way, start: Offset, obstacles: frozenset[Offset]) -> list[Offset]:
    """The obstacle hexes on the cheapest way from `start` to its target (the target too), in
    their order along it; the start itself is not one (the unit is past it)."""
    if way.to(start) == math.inf:
        return []
    found: list[Offset] = []
    here = way.next_of(start)
    while here is not None:
        if here in obstacles:
            found.append(here)
        here = way.next_of(here)
    return found


def _field(
    state: TgxState,
    mover: Unit,
    targets: frozenset[Offset],
    closed: frozenset[Offset],
    *,
    ways: WayCache,
    kind: str,
) -> _Way:
    """The way from every hex to the nearest of `targets` for units like `mover` (`_Way`),
    the hexes of `closed` and those the enemy holds impassable (but a target, taken by the
    fight beside it). Kept for the turn and the obstacles left (decision: the enemy's moves
    within the turn do not renew it, nor does stacking on the way count: the way is a plan,
    and every move is tried by the game's check)."""
    key = (state.turn, mover.side, kind, mover.type.movement, targets, closed, _obstacle_key(state))
    known = ways.get(key)
    if isinstance(known, _Way):
        return known
    if len(ways) > 256:
        ways.clear()  # a long game's old turns
    enemies = frozenset(u.hex for u in state.iter_units() if u.side is not mover.side and u.hex)
    way = _Way(state, _steps(state, mover, kind, ways), targets, closed, enemies)
    ways[key] = way
    return way


class _Way:
    """A search back from the targets over `movement.step` on the terrain and its markers,
    carried on only as far as a hex asked for: a step that ends the move (a block, a stream)
    or costs more than a whole move counts one activation [003 5.1, 8.5]."""

    def __init__(
        self,
        state: TgxState,
        steps: _Steps,
        targets: frozenset[Offset],
        closed: frozenset[Offset],
        enemies: frozenset[Offset],
    ) -> None:
        self.board = state.board
        self.steps = steps
        self.targets = targets
        self.closed = closed
        self.enemies = enemies
        self.whole = max(steps.phantom.type.movement, 1.0)
        self.best: dict[Offset, tuple[float, Offset | None]] = dict.fromkeys(targets, (0.0, None))
        self.heap = [(0.0, t) for t in sorted(targets)]
        self.done: set[Offset] = set()

    def to(self, hex_: Offset) -> float:
        """The MP from `hex_` to the nearest target (infinite if there is no way)."""
        while hex_ not in self.done and self.heap:
            self._settle_next()
        return self.best[hex_][0] if hex_ in self.done else math.inf

    def next_of(self, hex_: Offset) -> Offset | None:
        """The next hex on the way from a hex `to` has reached (None at a target)."""
        return self.best[hex_][1]

    def _settle_next(self) -> None:
        spent, here = heapq.heappop(self.heap)
        if here in self.done or spent > self.best[here][0]:
            return
        self.done.add(here)
        if here in self.enemies and here not in self.targets:
            return
        for frm in self.board.neighbors(here):
            if frm in self.closed or frm in self.enemies or frm in self.done:
                continue
            cost = self.steps.cost(frm, here)
            if cost is None:
                continue
            if here in self.targets and here in self.enemies:
                cost = self.whole  # an enemy's objective hex: taken by the fight beside it
            total = spent + cost
            if total < self.best.get(frm, (math.inf, None))[0]:
                self.best[frm] = (total, here)
                heapq.heappush(self.heap, (total, frm))


@dataclass
class _Steps:
    """The step costs found so far for units like one mover on the terrain and its markers
    as they stand, without the units (kept while the markers stay): far cheaper than steps
    among the units, and the same from one turn to the next."""

    bare: TgxState
    phantom: Unit
    costs: dict[tuple[Offset, Offset], float | None] = field(default_factory=dict)

    def cost(self, frm: Offset, to: Offset) -> float | None:
        """The MP of one step (None where the rules forbid it); a step that ends the move
        counts the whole move [003 5.1, 8.5]."""
        key = (frm, to)
        if key in self.costs:
            return self.costs[key]
        whole = max(self.phantom.type.movement, 1.0)
        try:
            taken = step(self.bare, self.phantom, frm, to, frm)
        except IllegalOrder:
            found = None
        else:
            found = whole if taken.all_mp or taken.halt else min(taken.cost, whole)
        self.costs[key] = found
        return found


def _steps(state: TgxState, mover: Unit, kind: str, ways: WayCache) -> _Steps:
    counters = state.counters
    markers = (
        _obstacle_key(state),
        frozenset(counters.forts),
        frozenset(counters.wrecks.items()),
        frozenset(counters.destroyed_bridges),
        frozenset(counters.laid_bridges),
    )
    key = ("steps", mover.side, kind, mover.type.movement, markers)
    known = ways.get(key)
    if isinstance(known, _Steps):
        return known
    bare = copy(state)
    bare.units = {}
    phantom = replace(mover, stream=None, moved_mp=0.0, disrupted=False, marker=None)
    made = _Steps(bare, phantom)
    ways[key] = made
    return made


def _obstacle_key(state: TgxState) -> tuple[frozenset[Offset], frozenset[Offset]]:
    return frozenset(state.counters.mines), frozenset(state.counters.blocks)

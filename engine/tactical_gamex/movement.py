"""Moving a unit hex by hex [003 5.0, 5.1, 5.3]: the TEC cost of each hex and slope, road
movement with its three conditions, stacking on the way, streams [003 6.3.9], blocks [003
8.5], disrupted units moving away, the one hex any unit may always move, and the reach of a
unit for the players' previews and the computer."""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.tactical_gamex import forts
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import BRIDGE_LAYER, FLAIL, Unit

Offset = tuple[int, int]
BRIDGE_LAYING_MP = 3
"""A bridge layer leaving its stream hex spends 3 MP more to lay the bridge [003 9.3]."""
LAID_BRIDGE_COST = 1.0


class IllegalOrder(ValueError):
    """The rules forbid the order; the message says why, and nothing changed."""


@dataclass(frozen=True)
class Step:
    """What entering one hex costs a unit, and what it does to the rest of its move."""

    cost: float
    road: bool
    halt: str = ""
    """Why the unit must stop once there (a stream, a block), empty if it may go on."""
    all_mp: bool = False
    """The step spends the unit's whole movement [003 6.3.9, 8.5]."""
    down: bool = False
    """It enters the stream Down."""
    stream_check: bool = False
    """Infantry not starting next to the stream passes a morale check first [003 6.3.9]."""
    clears: Offset | None = None
    """A flail's step that removes this minefield [003 9.3]."""
    lays: Offset | None = None
    """A bridge layer's step out of this stream hex, laying a bridge there [003 9.3]."""


def is_road_step(state: TgxState, unit: Unit, frm: Offset, to: Offset) -> bool:
    """Whether a step is road movement [003 5.3]: it leaves a road hex, enters a road hex across
    a hexside the road crosses (Town hexes count as road), and the hex entered holds at most
    one stackable unit; never into a Block, Fortification or Minefield hex, nor one with as
    many wrecks as `Tables.wrecks_negating_road` (B.15 #5).

    Decision, 5.3's "the first road hex moved into costs the same as non-road terrain": it is
    the road hex a unit joins the road at, which the first condition already prices at its
    terrain; a unit that begins on a road moves at the road rate from its first step.
    """
    board = state.board
    counters = state.counters
    if not (board.is_road(frm) and board.is_road(to) and board.road_between(frm, to)):
        return False
    if to in counters.blocks or to in counters.forts or to in counters.mines:
        return False
    if counters.wrecks.get(to, 0) >= state.tables.wrecks_negating_road:
        return False
    return state.stack_count(to) <= 1


def step(
    state: TgxState,
    unit: Unit,
    frm: Offset,
    to: Offset,
    start: Offset,
    *,
    quick: bool = False,
    spent: float = 0.0,
) -> Step:
    """The cost and effects of one step of `unit` from `frm` to `to` in an activation that began
    at `start`, `spent` MP into the move; IllegalOrder when the rules forbid it. A flail's
    step may clear a minefield (`flail_step`)."""
    taken = _step(state, unit, frm, to, start, quick=quick)
    taken = bridge_layer_step(state, unit, frm, taken)
    if forts.garrisoned_by_enemy(state, unit, to):  # [003 8.4] entrants must stop
        taken = replace(taken, halt="entered a fortification the enemy holds")
    return flail_step(state, unit, (frm, to), start, spent=spent, s=taken)


def bridge_layer_step(state: TgxState, unit: Unit, frm: Offset, s: Step) -> Step:
    """A Valentine bridge layer leaving the stream hex it halted in, for 3 MP more, lays a
    bridge there [003 9.3].

    Decisions: entering the stream costs nothing but halts the bridge layer, as a unit's
    entry into a stream does (6.3.9); the bridge is laid on whatever step leaves the stream
    hex; a laid bridge lets any unit into the stream hex for `LAID_BRIDGE_COST` (the text gives
    no rate: Clear's one MP), without the road rate and without going Down. An engineer removes it
    (`temporary_bridges`)."""
    board = state.board
    if not unit.type.has(BRIDGE_LAYER) or not board.is_stream(frm) or s.all_mp:
        return s
    if state.bridge_at(frm) or frm in state.counters.laid_bridges:
        return s
    return replace(s, cost=s.cost + BRIDGE_LAYING_MP, road=False, lays=frm)


def flail_step(
    state: TgxState,
    unit: Unit,
    move: tuple[Offset, Offset],
    start: Offset,
    *,
    spent: float,
    s: Step,
) -> Step:
    """A Sherman Flail's step that removes a minefield [003 9.3]: entering it having spent no
    more than half its MA, or leaving it, spending half its MA either way.

    Decisions: "the expense of half of the unit's MP" is the step's cost (the terrain's if
    that is more), not an addition to it; leaving clears only a minefield the flail began its
    activation in (one it entered this move it either cleared on entry, or entered with more
    than half spent and so cannot pay half to leave); the flail always clears when it can, as
    the engine takes the bail-out choice (rule 14)."""
    if not unit.type.has(FLAIL) or s.all_mp:
        return s
    frm, to = move
    half = unit.type.movement / 2
    mines = state.counters.mines
    if to in mines and unit.moved_mp + spent <= half + 1e-9:
        return replace(s, cost=max(s.cost, half), road=False, clears=to)
    if frm == start and frm in mines and spent == 0 and unit.type.movement - unit.moved_mp >= half:
        return replace(s, cost=max(s.cost, half), road=False, clears=frm)
    return s


def _step(
    state: TgxState, unit: Unit, frm: Offset, to: Offset, start: Offset, *, quick: bool
) -> Step:
    """`step` before a flail's clearing.

    Decision, 5.3's "may not enter a hex prohibited but by road if it holds more than two
    units": the road's own third condition (at most one unit there) already refuses that
    road movement, so such a hex takes a unit only while it holds at most one.

    `quick`: Infantry Quick-Time (optional rule 15): Clear hexes only unless along a road, and
    no road rate [003 15.1].
    """
    board = state.board
    kind = unit.type
    if not board.contains(to) or not board.adjacent(frm, to):
        raise IllegalOrder(f"{unit.id} cannot step from {frm} to {to}")
    if state.enemy_at(to, unit.side) and not forts.garrisoned_by_enemy(state, unit, to):
        raise IllegalOrder(f"{unit.id} may not enter {to}: enemy units there [003 3.2.5]")
    full = state.stack_count(to) + 1 > state.stacking_limit(unit.side)
    if full and not forts.room_inside(state, unit, to):
        raise IllegalOrder(f"{unit.id} may not enter {to}: the hex is fully stacked [003 3.2.5]")
    effects = board.effects(to)
    road = is_road_step(state, unit, frm, to)
    vehicle = kind.is_vehicle
    extra = _hexside_extra(state, unit, frm, to, road)
    from_stream = board.is_stream(frm) and unit.stream is not None
    if board.is_stream(frm) and unit.stream is None and state.bridge_at(frm) and effects.stream:
        raise IllegalOrder(f"{unit.id} may not go down into a stream from a bridge [003 6.3.9]")
    if effects.water:
        raise IllegalOrder(f"{unit.id} may not enter water at {to}")
    if effects.stream:
        if to in state.counters.laid_bridges:
            return Step(LAID_BRIDGE_COST + extra, False)
        on_bridge = state.bridge_at(to) and road
        if not on_bridge:
            if kind.has(BRIDGE_LAYER) and not from_stream:
                return Step(0, False, "entered a stream to lay a bridge")
            if vehicle:
                raise IllegalOrder(f"{unit.id}: vehicles and guns cross streams at bridges only")
            check = not board.adjacent(start, to) and start != to
            if from_stream:
                return Step(0, False, "stream", all_mp=True, down=True)
            return Step(0, False, "entered a stream", down=True, stream_check=check)
    if from_stream:
        return Step(0, False, "left a stream", all_mp=True)
    if to in state.counters.blocks:
        if not board.adjacent(start, to):
            raise IllegalOrder(
                f"{unit.id} may enter the block at {to} only from an activation begun next to it"
            )
        return Step(0, False, "entered a block", all_mp=True)
    if quick and not road and effects.name != "clear":
        raise IllegalOrder(
            f"{unit.id} at quick time enters Clear hexes only, or by road [003 15.1]"
        )
    if road and not quick:
        return Step(0.5, True)
    cost = effects.cost(kind.move_class)
    if cost is None:
        raise IllegalOrder(f"{unit.id} may not enter {effects.name} at {to}")
    return Step(cost + extra, False)


def _hexside_extra(state: TgxState, unit: Unit, frm: Offset, to: Offset, road: bool) -> float:
    """The added cost of the hexside crossed [003 3.2.2, 5.1]: slopes and ridges only going up;
    vehicles cross a green hexside by road only [003 3.2.3]; a road step pays no hexside."""
    board = state.board
    kinds = board.hexsides.get(frozenset((frm, to)), frozenset())
    if "green" in kinds and unit.type.is_vehicle and not road:
        raise IllegalOrder(f"{unit.id} crosses a green hexside by road only [003 3.2.3]")
    if road:
        return 0.0
    uphill = board.level_of(to) > board.level_of(frm)
    extra = 0.0
    for kind in sorted(kinds):
        if kind in ("slope", "ridge") and not uphill:
            continue
        costs = state.tables.hexside_costs.get(kind, {})
        if unit.type.move_class not in costs:
            continue
        cost = costs[unit.type.move_class]
        if cost is None:
            raise IllegalOrder(f"{unit.id} may not cross the {kind} between {frm} and {to}")
        extra += cost
    return extra


def threats(state: TgxState, unit: Unit) -> list[Unit]:
    """The ground enemy units in the unit's sight, which a disrupted unit must move away from.

    B.15 #3: 5.1 says "away from spotted enemy units", 7.2 "away from enemy units within its
    LOS when in the LOS of a ground enemy"; the engine plays 7.2, and "away" as every step
    ending no nearer to any of them and farther from the nearest.
    """
    assert unit.hex is not None
    return [
        e
        for e in state.iter_units()
        if e.side is not unit.side
        and e.hex is not None
        and e.type.kind.value != "aircraft"
        and has_los(state, unit.hex, e.hex)
    ]


def moves_away(state: TgxState, frm: Offset, to: Offset, enemies: Sequence[Unit]) -> bool:
    """Whether a step moves away from the enemies (see `threats`)."""
    board = state.board
    spots = [e.hex for e in enemies if e.hex is not None]
    if not spots:
        return True
    if any(board.distance(to, h) < board.distance(frm, h) for h in spots):
        return False
    return min(board.distance(to, h) for h in spots) > min(board.distance(frm, h) for h in spots)


def path_cost(state: TgxState, unit: Unit, path: Sequence[Offset]) -> float:
    """MP a path costs, for a preview; IllegalOrder where a step is forbidden or unpaid."""
    assert unit.hex is not None
    allowance = unit.type.movement - unit.moved_mp
    spent = 0.0
    here = unit.hex
    for index, to in enumerate(path):
        s = step(state, unit, here, to, unit.hex, spent=spent)
        cost = (allowance - spent) if s.all_mp else s.cost
        if spent + cost > allowance + 1e-9 and not (index == 0 and unit.type.movement >= 1):
            raise IllegalOrder(f"{unit.id} lacks the MP to enter {to}")
        spent += max(cost, 0)
        here = to
        if (s.halt or (index == 0 and spent > allowance)) and index != len(path) - 1:
            raise IllegalOrder(f"{unit.id} must stop at {to}: {s.halt or 'its one hex'}")
    return spent


def reach(
    state: TgxState, unit: Unit, *, quick: bool = False, avoid: frozenset[Offset] = frozenset()
) -> dict[Offset, float]:
    """Every hex the unit can end a move in this activation, with the least MP, as a
    Dijkstra search over `step` (mines, morale checks and opportunity fire not foreseen);
    `quick`: at Infantry Quick-Time, one MP more (optional rule 15); `avoid`: hexes the mover
    keeps out of (a player's choice, such as a minefield).

    A hex reached where the unit must stop (a stream entered off the bridge, a block) may be
    reached dearer on a step that lets it go on (the bridge by road): the search keeps the
    cheapest arrival it may go on from apart from the cheapest of all, so that the hexes
    beyond stay in reach, as `walk` allows them."""
    assert unit.hex is not None
    start = unit.hex
    allowance = unit.type.movement - unit.moved_mp + (1 if quick else 0)
    best: dict[Offset, float] = {start: 0.0}
    onward: dict[Offset, float] = {start: 0.0}
    heap: list[tuple[float, Offset]] = [(0.0, start)]
    enemies = threats(state, unit) if unit.disrupted else []
    while heap:
        spent, here = heapq.heappop(heap)
        if spent > onward.get(here, math.inf) + 1e-9:
            continue
        for to in state.board.neighbors(here):
            if to in avoid or (enemies and not moves_away(state, here, to, enemies)):
                continue
            try:
                s = step(state, unit, here, to, start, quick=quick, spent=spent)
            except IllegalOrder:
                continue
            cost = allowance - spent if s.all_mp else s.cost
            total = spent + cost
            first = here == start
            if total > allowance + 1e-9:
                if not (first and unit.type.movement >= 1):
                    continue
                total = allowance
                terminal = True
            else:
                terminal = bool(s.halt) or s.all_mp
            if total + 1e-9 < best.get(to, math.inf):
                best[to] = total
            if not terminal and total + 1e-9 < onward.get(to, math.inf):
                onward[to] = total
                heapq.heappush(heap, (total, to))
    del best[start]
    return best


def path_to(
    state: TgxState,
    unit: Unit,
    end: Offset,
    *,
    quick: bool = False,
    avoid: frozenset[Offset] = frozenset(),
) -> tuple[Offset, ...] | None:
    """A cheapest path from the unit's hex to a hex of its reach (without the start), walked
    back through the reach's costs: the move the players' path preview shows and the computer
    orders; None when the hex is out of reach (or only through the hexes of `avoid`)."""
    assert unit.hex is not None
    start = unit.hex
    allowance = unit.type.movement - unit.moved_mp + (1 if quick else 0)
    best: dict[Offset, float] = {start: 0.0}
    back: dict[Offset, Offset] = {}
    heap: list[tuple[float, Offset]] = [(0.0, start)]
    enemies = threats(state, unit) if unit.disrupted else []
    while heap:
        spent, here = heapq.heappop(heap)
        if here == end:
            break
        if spent > best.get(here, 1e9):
            continue
        for to in state.board.neighbors(here):
            if to in avoid or (enemies and not moves_away(state, here, to, enemies)):
                continue
            try:
                s = step(state, unit, here, to, start, quick=quick, spent=spent)
            except IllegalOrder:
                continue
            cost = allowance - spent if s.all_mp else s.cost
            total = spent + cost
            first = here == start
            if total > allowance + 1e-9 and not first:
                continue
            if (s.halt or s.all_mp or total > allowance) and to != end:
                continue
            if total < best.get(to, 1e9):
                best[to] = total
                back[to] = here
                heapq.heappush(heap, (total, to))
    if end not in back:
        return None
    path = [end]
    while path[-1] in back and back[path[-1]] != start:
        path.append(back[path[-1]])
    return tuple(reversed(path))

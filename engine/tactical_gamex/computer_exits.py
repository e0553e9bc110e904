"""When the Tactical GameX computer sends units off the board for an exit condition, and by
which way: the turns a unit needs to reach the exit edge are counted on its real movement
(`movement.reach`, the search the window's reach and path preview use: the TEC, slopes, roads
at half an MP, swamp closed to vehicles, stacking and enemy hexes), activation by activation,
not from the hex distance at its printed MP, which sent units through woods too late and
vehicles at a flooded field they could never cross.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from engine.tactical_gamex.combat import wec_attack
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.movement import path_to, reach
from engine.tactical_gamex.orders import ExitBoard, Move, TgxOrder
from engine.tactical_gamex.state import TgxState, VictoryKind
from engine.tactical_gamex.units import Marker, Unit
from schemas.vocabulary import Side

Offset = tuple[int, int]
BEAM = 8
"""Hexes of each activation's reach searched on from (those nearest the edge): enough to find
the way round a wood or along a causeway, few enough for an impulse's budget."""
SPARE_TURNS = 2
"""The turns kept in hand: a unit that opportunity fire disrupts on the way loses a turn to
rally and one to go round (on the landing, seeds 1-40, one spare turn got two tanks to the
edge disrupted on the last turn as often as off it)."""


@dataclass(frozen=True)
class Route:
    """A unit's way to an exit edge: the activations it needs to stand on the edge, and where
    its first activation ends on that way."""

    activations: int
    first: Offset


RouteCache = dict[tuple[int, str, Offset, float, frozenset[Offset]], Route | None]
"""Routes a player has found this turn, by turn, unit, hex, MP spent and edge (a route
found is kept while the unit has not moved: enemies moving meanwhile are not foreseen)."""


def route(state: TgxState, unit: Unit, edge: frozenset[Offset], limit: int) -> Route | None:
    """The unit's way to a hex of `edge` in at most `limit` activations, None if it has none.

    Each activation's reach is the engine's (`movement.reach`) from the hexes the last one
    reached (`BEAM` of them nearest the edge), the first with what the unit has left of this
    activation, the next whole. Decision: a disrupted unit is counted as if rallied after its
    first activation (it rallies before it can go far), mines, morale checks and opportunity
    fire are not foreseen (as `reach` does not); hexes already reached are not searched
    again, so the count is the fewest activations the beam finds, never fewer than the
    rules allow."""
    assert unit.hex is not None
    if unit.hex in edge:
        return Route(0, unit.hex)
    board = state.board
    layer: dict[Offset, Offset] = {unit.hex: unit.hex}
    seen = {unit.hex}
    for activation in range(1, limit + 1):
        ahead: dict[Offset, Offset] = {}
        nearest = sorted(layer, key=lambda h: (min(board.distance(h, e) for e in edge), h))
        for hex_ in nearest[:BEAM]:
            mover = unit if activation == 1 else _fresh(unit, hex_)
            for to in sorted(reach(state, mover)):
                first = to if activation == 1 else layer[hex_]
                if to in edge:
                    return Route(activation, first)
                if to not in seen and to not in ahead:
                    ahead[to] = first
        if not ahead:
            return None
        seen.update(ahead)
        layer = ahead
    return None


def _fresh(unit: Unit, hex_: Offset) -> Unit:
    """The unit as it would stand at `hex_` at the start of a later activation."""
    return replace(unit, hex=hex_, moved_mp=0.0, marker=None, disrupted=False)


def _cached(
    state: TgxState, unit: Unit, edge: frozenset[Offset], limit: int, cache: RouteCache
) -> Route | None:
    assert unit.hex is not None
    key = (state.turn, unit.id, unit.hex, unit.moved_mp, edge)
    if key not in cache:
        if len(cache) > 4096:
            cache.clear()  # a long game's old turns
        cache[key] = route(state, unit, edge, limit)
    found = cache[key]
    return found if found is not None and found.activations <= limit else None


def exit_team(
    state: TgxState, side: Side, fresh: Iterable[Unit], cache: RouteCache
) -> dict[str, Route]:
    """The units that leave now for the side's exit conditions still unmet [003 4.4, the
        situation's `exit_units`], with their routes: for each condition, the units it still
        needs that would be off the board soonest (the activations of their `route` and the one
        off the edge), once the turns left are no more than the slowest of them needs and
        `SPARE_TURNS` - so they fight until they must go, and none is sent that could not get off
        by the last turn.

        Decisions: a condition is played only when enough units can get off in time to meet its
        count (an exit short of the count scores nothing); an empty carrier is not worth its
        place, and the one unit of its side in an objective hex stays there (`_sole_holder`); the
    units not chosen go on toward the objectives."""
    team: dict[str, Route] = {}
    turns_left = state.last_turn - state.turn + 1
    movers = [
        u
        for u in fresh
        if not u.disrupted
        and u.type.movement >= 1
        and u.hex is not None
        and (u.type.attack > 0 or u.passenger is not None)
        and not _sole_holder(state, u)
    ]
    for condition in state.victory:
        if condition.side is not side or condition.kind is not VictoryKind.EXIT:
            continue
        need = condition.count - len(state.exited[side])
        if condition.points <= 0 or need <= 0:
            continue
        edge = frozenset(condition.hexes)
        timed: list[tuple[int, str, Route]] = []
        for unit in movers:
            if unit.id in team or _hopeless(state, unit, edge, turns_left):
                continue
            found = _cached(state, unit, edge, turns_left - 1, cache)
            if found is not None:
                timed.append((found.activations + 1, unit.id, found))
        timed.sort(key=lambda t: (t[0], t[1]))
        chosen = timed[:need]
        if len(chosen) == need and chosen[-1][0] + SPARE_TURNS >= turns_left:
            team.update((uid, found) for _, uid, found in chosen)
    return team


def _sole_holder(state: TgxState, unit: Unit) -> bool:
    """Whether the unit alone of its side holds a hex its side must hold at the end: it stays,
    since the hex is worth as much as the exit or more in both samples."""
    hexes = {
        h
        for c in state.victory
        if c.side is unit.side and c.kind is VictoryKind.HOLD
        for h in c.hexes
    }
    if unit.hex not in hexes:
        return False
    return (
        sum(1 for u in state.units_at(unit.hex) if u.side is unit.side and u.carrier is None) == 1
    )


def _hopeless(state: TgxState, unit: Unit, edge: frozenset[Offset], turns_left: int) -> bool:
    """Whether the unit could not reach the edge in time even by road all the way (half an
    MP a hex [003 5.3]) - the search is spared for the others."""
    assert unit.hex is not None
    distance = min(state.board.distance(unit.hex, e) for e in edge)
    per_activation = max(2 * unit.type.movement, 1)
    return -(-distance // per_activation) + 1 > turns_left


def exit_orders(
    state: TgxState, fresh: Iterable[Unit], leaving: dict[str, Route]
) -> dict[str, TgxOrder]:
    """The leaving units' orders now, by unit: off the board from the edge [003 4.4], else
    this activation's move along the route - unless the move would cross a minefield or pass
    in the sight of an enemy unit waiting on opportunity fire that can harm it (`watched`):
    then it waits for a later impulse and may fight meanwhile."""
    orders: dict[str, TgxOrder] = {}
    for unit in fresh:
        found = leaving.get(unit.id)
        if found is None or unit.hex is None:
            continue
        if found.activations == 0:
            orders[unit.id] = ExitBoard(unit.id)
            continue
        path = path_to(state, unit, found.first)
        if path and not watched(state, unit, path):
            orders[unit.id] = Move(unit.id, path)
    return orders


def watched(state: TgxState, unit: Unit, path: Iterable[Offset]) -> bool:
    """Whether the path enters a minefield, or an enemy unit marked for opportunity fire, in
    range and sight of a hex of the path, could attack the unit there at all (by the WEC
    [003 6.3.6, 6.4.2]).

    Decision, found on the landing (seeds 1-40): the tanks sent down the causeway past the
    strongpoint were disrupted by its minefields on their first hex in nearly every game and
    got off the board in two; a player sends them once the engineers have cleared the way
    (`computer._clearings`) and the enemy's opportunity fire is spent."""
    board = state.board
    hexes = list(path)
    if any(h in state.counters.mines for h in hexes):
        return True  # [003 8.2] a minefield attacks each unit entering it
    for enemy in state.iter_units():
        if enemy.side is unit.side or enemy.hex is None or enemy.disrupted:
            continue
        if enemy.marker is not Marker.OPP_FIRE or enemy.type.attack <= 0:
            continue
        for hex_ in hexes:
            distance = board.distance(enemy.hex, hex_)
            if wec_attack(enemy.type, distance, unit.type.kind) <= 0:
                continue
            if has_los(state, enemy.hex, hex_):
                return True
    return False

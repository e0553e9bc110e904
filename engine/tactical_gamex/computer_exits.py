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
from engine.tactical_gamex.computer_threats import LOSS_LIMIT, threat_at
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.movement import path_to, reach
from engine.tactical_gamex.orders import ExitBoard, Move, TgxOrder
from engine.tactical_gamex.sea import is_landing_craft
from engine.tactical_gamex.state import TgxState, VictoryCondition, VictoryKind
from engine.tactical_gamex.units import Marker, Unit
from engine.tactical_gamex.victory import condition_met, outcome, points
from engine.tactical_gamex.walk import mine_proof
from schemas.vocabulary import Side

Offset = tuple[int, int]
BEAM = 4
"""Hexes of each activation's reach searched on from (those nearest the edge): enough to find
the way round a wood or along a causeway, few enough for an impulse's budget (eight doubled
the sample's slowest impulse for the same routes)."""
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
    path: tuple[Offset, ...] | None = None
    """This activation's path to `first` (`movement.path_to`), None when it stays."""


RouteCache = dict[
    tuple[str, Offset, float, frozenset[Offset], int, frozenset[Offset]], tuple[Route | None, int]
]
"""Routes a player has found, by unit, hex, MP spent, edge, beam and the minefields left,
with the activations searched:
kept while the unit stands there, also into later turns (a route found within fewer
activations stays found; none found within more stays none). Decision: enemies moving
meanwhile are not foreseen, and a move they now bar is refused on its trial and the unit
does something else."""


def route(
    state: TgxState, unit: Unit, edge: frozenset[Offset], limit: int, *, beam: int = BEAM
) -> Route | None:
    """The unit's way to a hex of `edge` in at most `limit` activations, None if it has none.

    Each activation's reach is the engine's (`movement.reach`) from the hexes the last one
    reached (`beam` of them nearest the edge), the first with what the unit has left of this
    activation, the next whole. Decision: a disrupted unit is counted as if rallied after its
    first activation (it rallies before it can go far), mines, morale checks and opportunity
    fire are not foreseen (as `reach` does not); hexes already reached are not searched
    again, so the count is the fewest activations the beam finds, never fewer than the
    rules allow. The way keeps out of minefields (but for an engineer or a flail, which they
    do not attack [003 8.2]): `exit_orders` would not send a unit into one anyway, and on the
    landing a way round the causeway's mines on open ground was found only so."""
    assert unit.hex is not None
    if unit.hex in edge:
        return Route(0, unit.hex)
    avoid = frozenset() if mine_proof(unit) else frozenset(state.counters.mines)
    board = state.board
    layer: dict[Offset, Offset] = {unit.hex: unit.hex}
    seen = {unit.hex}
    for activation in range(1, limit + 1):
        ahead: dict[Offset, Offset] = {}
        nearest = sorted(layer, key=lambda h: (min(board.distance(h, e) for e in edge), h))
        for hex_ in nearest[:beam]:
            mover = unit if activation == 1 else _fresh(unit, hex_)
            for to in sorted(reach(state, mover, avoid=avoid)):
                first = to if activation == 1 else layer[hex_]
                if to in edge:
                    return Route(activation, first, path_to(state, unit, first, avoid=avoid))
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
    state: TgxState,
    unit: Unit,
    edge: frozenset[Offset],
    limit: int,
    cache: RouteCache,
    *,
    beam: int = BEAM,
) -> Route | None:
    assert unit.hex is not None
    key = (unit.id, unit.hex, unit.moved_mp, edge, beam, frozenset(state.counters.mines))
    known = cache.get(key)
    if known is not None:
        found, searched = known
        if found is not None and found.activations <= limit:
            return found
        if found is None and searched >= limit:
            return None
    if len(cache) > 4096:
        cache.clear()  # a long game's old positions
    found = route(state, unit, edge, limit, beam=beam)
    cache[key] = (found, limit)
    return found


def exit_team(
    state: TgxState, side: Side, fresh: Iterable[Unit], cache: RouteCache
) -> dict[str, Route]:
    """The units that leave now for the side's exit conditions still unmet [003 4.4, the
        situation's `exit_units`], with their routes: for each condition, the units it still
        needs that would be off the board soonest (the activations of their `route` and the one
        off the edge), once the turns left are no more than the slowest of them needs and
        `SPARE_TURNS` - so they fight until they must go, and none is sent that could not get off
        by the last turn.

        Decisions: a condition is played only when it would better the side's result
    (`rewarded`) and enough units can get off in time to meet its
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
        and not is_landing_craft(u.type)  # [003 10.3] it moves from beach hex to beach hex
        and not _sole_holder(state, u)
    ]
    for condition in state.victory:
        if condition.side is not side or condition.kind is not VictoryKind.EXIT:
            continue
        need = condition.count - len(state.exited[side])
        if condition.points <= 0 or need <= 0 or not rewarded(state, side, condition):
            continue
        edge = frozenset(condition.hexes)
        timed: list[tuple[int, str, Route]] = []
        early = 0
        for unit in sorted(movers, key=lambda u: (_least(state, u, edge), u.id)):
            if unit.id in team or _hopeless(state, unit, edge, turns_left):
                continue
            # the straightest way first: a unit that can wait on it can wait on any better
            found = _cached(state, unit, edge, turns_left - 1, cache, beam=1)
            if found is None or found.activations + 1 + SPARE_TURNS >= turns_left:
                found = _cached(state, unit, edge, turns_left - 1, cache)
            if found is None:
                continue
            timed.append((found.activations + 1, unit.id, found))
            early += found.activations + 1 + SPARE_TURNS < turns_left
            if early >= need:
                break  # that many can still wait: the slowest the condition needs is early
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


def rewarded(state: TgxState, side: Side, condition: VictoryCondition) -> bool:
    """Whether meeting the exit condition would raise the side's result as the game stands:
    the outcome of the situation's levels (or of its conditions all met) from the points the
    sides hold now, with the condition's points and without [003 4.4, `victory.outcome`].

    Decision: units leave only for a better result. On the hill the Germans' exit is worth
    five points, below their marginal level's ten: it counts only once both town hexes are
    held; sending tanks west before that (seeds 1-40) lost the village hex in 20 % of the
    games instead of 10 % and gave the Soviets their decisive level in 45 % instead of 25 %."""
    now = {s: points(state, s) for s in Side}
    met = _all_met(state, None)
    without = outcome(state, now, met)
    now[side] += condition.points
    return _standing(state, side, outcome(state, now, _all_met(state, condition))) > _standing(
        state, side, without
    )


def _all_met(state: TgxState, also: VictoryCondition | None) -> dict[Side, bool | None]:
    met: dict[Side, bool | None] = {}
    for s in Side:
        mine = [c for c in state.victory if c.side is s and not c.sudden_death]
        met[s] = all(c is also or condition_met(state, c) for c in mine) if mine else None
    return met


def _standing(state: TgxState, side: Side, name: str) -> int:
    """How good an outcome is for `side`: its level's points, less the enemy level's, a draw
    nothing."""
    for level in state.levels:
        if level.name == name:
            return level.points if level.side is side else -level.points
    wins = {"allied_victory": Side.ALLIED, "axis_victory": Side.AXIS}
    if name in wins:
        return 1 if wins[name] is side else -1
    return 0


def _least(state: TgxState, unit: Unit, edge: frozenset[Offset]) -> int:
    """The fewest turns the unit could need to get off by `edge`: by road all the way (half
    an MP a hex [003 5.3]) and the activation off it."""
    assert unit.hex is not None
    distance = min(state.board.distance(unit.hex, e) for e in edge)
    per_activation = max(2 * unit.type.movement, 1)
    return -(-distance // per_activation) + 1


def _hopeless(state: TgxState, unit: Unit, edge: frozenset[Offset], turns_left: int) -> bool:
    """Whether the unit could not get off in time even by road all the way - the search is
    spared for the others."""
    return _least(state, unit, edge) > turns_left


def exit_orders(
    state: TgxState, fresh: Iterable[Unit], leaving: dict[str, Route]
) -> dict[str, TgxOrder]:
    """The leaving units' orders now, by unit: off the board from the edge [003 4.4], else
    this activation's move along the route - unless the move would cross a minefield or pass
    in the sight of an enemy unit waiting on opportunity fire that can harm it (`watched`,
    unless it is the last chance), or end where the spotted enemy's strongest fire would
    destroy it more often than `LOSS_LIMIT` (`computer_threats`): then it waits for a later
    impulse and may fight meanwhile.

    Decision, found on the landing (seeds 1-20): once the way round the causeway's mines was
    found, the DD Shermans sent along it past the strongpoint and toward the StuGs waiting
    on the exit edge were destroyed in half the games (the Germans' five kills) and got off
    in none."""
    orders: dict[str, TgxOrder] = {}
    for unit in fresh:
        found = leaving.get(unit.id)
        if found is None or unit.hex is None:
            continue
        if found.activations == 0:
            orders[unit.id] = ExitBoard(unit.id)
            continue
        path = found.path
        if not path or threat_at(state, unit, path[-1]).destroys > LOSS_LIMIT:
            continue  # no suicidal run: it waits, and fights meanwhile
        if not watched(state, unit, path) or _last_chance(state, found, path):
            orders[unit.id] = Move(unit.id, path)
    return orders


def _last_chance(state: TgxState, found: Route, path: Iterable[Offset]) -> bool:
    """Whether the unit must go now, under the enemy's opportunity fire, or not get off by the
    last turn: its route's activations and the one off the edge fill the turns left. Decision:
    waiting for the fire to be spent is worth a spare turn, never the exit itself; a minefield
    is never entered (its attacks come on entering and again on leaving [003 8.2])."""
    if any(h in state.counters.mines for h in path):
        return False
    return found.activations + 1 >= state.last_turn - state.turn + 1


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

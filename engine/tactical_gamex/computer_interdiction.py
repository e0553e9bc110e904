"""The computer's on-board interdiction, optional rule 21 [003 21.1-21.3]: artillery of 14
printed AS or more with no better target places an Interdiction marker on the road or ford
hex that the enemy's spotted units must cross this turn on their way to their objectives or
their exit edge.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.tactical_gamex import attacks
from engine.tactical_gamex.indirect_rules import check_onboard_interdiction
from engine.tactical_gamex.interdiction import INTERDICTION, LEAST_STRENGTH
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import IndirectFire, TgxOrder
from engine.tactical_gamex.spotting import spotted_hexes
from engine.tactical_gamex.state import TgxState, VictoryKind, other
from engine.tactical_gamex.units import Unit
from schemas.vocabulary import Side

Offset = tuple[int, int]


def interdictions(state: TgxState, side: Side, ready: list[Unit]) -> Iterator[TgxOrder]:
    """Interdiction by the ready indirect-fire guns of each hex together (one point a hex),
    on the best way hex (`way_hexes`) they may interdict, with a sighter (`_sighter`).

    Decisions: the computer offers it after all its attacks, aircraft, counter-battery and
    naval fire (`computer._candidates`), so guns with a target at 1:1 fire at it first, the
    pool's points go to those first, and the guns left interdict; the 14 points are
    the printed AS of the guns of one hex (the on-board reading of 21.2 is
    `indirect_rules.check_onboard_interdiction`'s); a hex its side already interdicts is
    left, the guns going to the next way hex (21.2 allows a second marker, but a second way
    closed is worth more than a second attack on one)."""
    if INTERDICTION not in state.options:
        return
    ways = way_hexes(state, side)
    if not ways:
        return
    guns: dict[Offset, list[Unit]] = {}
    for unit in ready:
        if unit.hex is not None and attacks.indirect_capable(unit) and unit.type.attack > 0:
            guns.setdefault(unit.hex, []).append(unit)
    placed = {h for h, s in state.counters.interdiction if s is side}
    for _, units in sorted(guns.items()):
        if sum(u.type.attack for u in units) < LEAST_STRENGTH:
            continue
        for hex_ in ways:
            if hex_ in placed:
                continue
            sighter = _sighter(state, side, units, hex_)
            if sighter is None:
                continue
            yield IndirectFire(tuple(u.id for u in units), hex_, sighter.id, interdict=True)
            break


def way_hexes(state: TgxState, side: Side) -> list[Offset]:
    """The road and ford hexes the enemy must cross this turn, the most used first, then the
    nearest to the enemy (caught there first, and surely: every MP spent next to the marker
    draws its attack, 21.3).

    Decisions (21.1 lets any hex be chosen; which one is the player's judgement): a hex
    counts for each spotted enemy unit able to move that reaches it with its printed MP and
    for which it lies on a shortest way (within one hex) to the nearest hex the enemy must
    take or leave the board by (its own hold and exit conditions); only roads and fords,
    where the way cannot go round. A side with nothing to take or leave by (a defender) has
    no way to close."""
    enemy = other(side)
    goals = sorted(
        {
            h
            for c in state.victory
            if c.side is enemy and c.kind in (VictoryKind.HOLD, VictoryKind.EXIT)
            for h in c.hexes
        }
    )
    if not goals:
        return []
    board = state.board
    movers = [
        u
        for h in sorted(spotted_hexes(state, side))
        for u in state.enemy_at(h, side)
        if u.carrier is None and u.type.movement > 0 and h not in goals
    ]
    crossings = sorted(_crossings(state))
    score: dict[Offset, int] = {}
    near: dict[Offset, int] = {}
    for unit in movers:
        assert unit.hex is not None
        goal = min(goals, key=lambda g: (board.distance(unit.hex, g), g))  # type: ignore[arg-type]
        straight = board.distance(unit.hex, goal)
        for hex_ in crossings:
            there = board.distance(unit.hex, hex_)
            if (
                0 < there <= unit.type.movement
                and there + board.distance(hex_, goal) <= straight + 1
            ):
                score[hex_] = score.get(hex_, 0) + 1
                near[hex_] = near.get(hex_, 0) + there
    return sorted(score, key=lambda h: (-score[h], near[h], h))


def _crossings(state: TgxState) -> set[Offset]:
    """Road hexes (towns count [003 5.3]), fords and bridges."""
    board = state.board
    named = {h for h, t in board.terrain.items() if t == "ford" or board.is_road(h)}
    return named | board.road_hexes | board.fords | board.bridges


def _sighter(state: TgxState, side: Side, guns: list[Unit], hex_: Offset) -> Unit | None:
    """One of the guns, else another unit of the side able to sight, for which the order's
    own check passes [003 21.1]: the firing units first, so no other unit's activity is
    spent on it."""
    others = sorted(
        (
            u
            for u in state.iter_units(side)
            if u.carrier is None and u.hex is not None and u not in guns and u.marker is None
        ),
        key=lambda u: (u.type.attack, u.id),
    )
    for sighter in [*guns, *others]:
        try:
            check_onboard_interdiction(state, guns, sighter, hex_)
        except IllegalOrder:
            continue
        return sighter
    return None

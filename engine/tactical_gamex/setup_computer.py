"""The computer's setup of its side: a defender's barriers and counters in the best defensive
terrain of its areas around the hexes the enemy must take, an attacker's counters massed toward
its objectives. Deterministic for the game's seed (it never rolls the game's dice), and legal
by construction: every placement is an order the game checks (`setup_phase`)."""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from engine.tactical_gamex import setup_phase
from engine.tactical_gamex.orders import FinishSetup, PlaceMarker, PlaceRest, PlaceUnit, TgxOrder
from engine.tactical_gamex.state import TgxState, VictoryKind, other
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.tactical_gamex.game import TacticalGame

Offset = tuple[int, int]


def set_up(game: TacticalGame, side: Side) -> list[TgxOrder]:
    """Give the orders of `side`'s setup step under way, ending with FinishSetup; the orders
    given. Loads first (`setup_computer_loads`), then markers, so the counters may take the
    positions they make."""
    state = game.state
    if not setup_phase.in_setup(state) or game.acting is not side:
        return []
    from engine.tactical_gamex.setup_computer_loads import load_up  # noqa: PLC0415 - it reads goals here

    given: list[TgxOrder] = [*load_up(game, side)]  # riders go with their carriers [003 5.2.1]
    for wanted in _marker_orders(state, side) + _unit_orders(state, side):
        order: TgxOrder
        if isinstance(wanted, PlaceMarker):
            hex_ = _best_marker_hex(game.state, side, wanted.allotment)
            if hex_ is None:
                continue
            order = PlaceMarker(wanted.allotment, hex_)
        else:
            assert isinstance(wanted, PlaceUnit)
            unit_hex = _best_unit_hex(game.state, side, wanted.unit)
            if unit_hex is None:
                continue
            order = PlaceUnit(wanted.unit, unit_hex)
        game.apply(order)
        given.append(order)
    if setup_phase.why_not_finish(game.state):  # never expected: the seed places what is left
        game.apply(PlaceRest())
        given.append(PlaceRest())
    game.apply(FinishSetup())
    given.append(FinishSetup())
    return given


def _marker_orders(state: TgxState, side: Side) -> list[TgxOrder]:
    orders: list[TgxOrder] = []
    for index in setup_phase.step(state).allotments:
        orders += [PlaceMarker(index, (0, 0))] * setup_phase.markers_left(state, index)
    return orders


def _unit_orders(state: TgxState, side: Side) -> list[TgxOrder]:
    """The step's counters, the strongest defenders first so they take the best hexes."""
    ids = setup_phase.unplaced(state)
    ids.sort(key=lambda u: -state.units[u].type.defense)
    return [PlaceUnit(u, (0, 0)) for u in ids]


def goals(state: TgxState, side: Side) -> tuple[list[Offset], list[Offset]]:
    """The hexes `side` must hold against the enemy (the enemy's hold conditions) and those it
    must take (its own)."""
    defend = [
        h
        for c in state.victory
        if c.side is other(side) and c.kind is VictoryKind.HOLD
        for h in c.hexes
    ]
    take = [
        h for c in state.victory if c.side is side and c.kind is VictoryKind.HOLD for h in c.hexes
    ]
    return defend, take


def _enemy_hexes(state: TgxState, side: Side) -> list[Offset]:
    """Where the enemy is or may set up: its counters on the board and its setup areas."""
    plan = setup_phase.plan(state)
    hexes = {u.hex for u in state.iter_units(other(side)) if u.hex is not None}
    for unit_id, area in plan.hexes.items():
        if state.units[unit_id].side is not side:
            hexes |= area
    return sorted(hexes)


def _nearest(state: TgxState, hex_: Offset, targets: list[Offset]) -> int:
    return min((state.board.distance(hex_, t) for t in targets), default=0)


def _cover(state: TgxState, hex_: Offset) -> float:
    """How well a hex shelters its defenders: the TEC's direct-fire modifier, concealment,
    protective terrain, height, and the improved position or fortification in it."""
    effects = state.board.effects(hex_)
    value = effects.drm_direct + (1.0 if effects.concealing else 0.0)
    value += 0.5 if effects.protective else 0.0
    value += 0.5 * state.board.level_of(hex_)
    if hex_ in state.counters.improved:
        value += 2.0  # [003 8.3] +2 to the die
    if hex_ in state.counters.forts:
        value += 3.0
    return value


def _tie(state: TgxState, key: object) -> float:
    """A small deterministic tie-break from the seed (the game's dice are not touched)."""
    return Random(f"{setup_phase.plan(state).seed}:{key}").random() * 0.01


def _best_unit_hex(state: TgxState, side: Side, unit_id: str) -> Offset | None:
    """A defender goes to the defended hex with the fewest friends around it so far, into the
    best cover near it; an attacker as close to its objectives as its area allows, in cover
    when it can; both prefer hexes of their own (stacks only when the area runs out)."""
    unit = state.units[unit_id]
    defend, take = goals(state, side)
    candidates = [
        h
        for h in sorted(setup_phase.plan(state).hexes[unit_id])
        if not setup_phase.why_not_unit(state, unit, h)
    ]
    if not candidates:
        return None
    anchor = _anchor(state, side, defend) if defend else None
    targets = [anchor] if anchor else (take or _enemy_hexes(state, side))

    def score(h: Offset) -> float:
        distance = _nearest(state, h, targets)
        crowd = sum(1 for u in state.units_at(h) if u.carrier is None and not u.in_fort)
        weight = 2.0 if anchor else 1.0
        return -weight * distance + _cover(state, h) - 1.5 * crowd + _tie(state, (unit_id, h))

    return max(candidates, key=score)


def _anchor(state: TgxState, side: Side, defend: list[Offset]) -> Offset:
    """The defended hex with the fewest friendly counters within two hexes."""

    def friends(t: Offset) -> int:
        return sum(
            1
            for u in state.iter_units(side)
            if u.hex is not None and state.board.distance(u.hex, t) <= 2
        )

    return min(defend, key=lambda t: (friends(t), defend.index(t)))


def _best_marker_hex(state: TgxState, side: Side, index: int) -> Offset | None:
    """Improved positions and fortifications in the best cover nearest the defended hexes
    (or the objectives); mines and blocks across the enemy's way to them, blocks on roads."""
    allotted = setup_phase.plan(state).allotments[index]
    candidates = [
        h for h in sorted(allotted.hexes) if not setup_phase.why_not_marker(state, index, h)
    ]
    if not candidates:
        return None
    defend, take = goals(state, side)
    targets = defend or take
    enemy = _enemy_hexes(state, side)
    board = state.board

    def score(h: Offset) -> float:
        tie = _tie(state, (index, h, len(state.setup_markers)))
        if allotted.kind in ("improved_position", "fortification"):
            return -1.5 * _nearest(state, h, targets) + _cover(state, h) + tie
        # on the line from the enemy to the objectives, the sum of distances is least
        way = _nearest(state, h, enemy) + _nearest(state, h, targets)
        road = 2.0 if board.is_road(h) else 0.0
        if allotted.kind == "block":
            road *= 2
        return -way + road - 0.3 * _nearest(state, h, targets) + tie

    return max(candidates, key=score)

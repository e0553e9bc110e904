"""The Tactical GameX computer player's use of its transport: an empty carrier drives to foot
infantry too slow to reach the fight in time and loads it in the same activation [003 5.2.2];
the carrier then takes it toward the objective and sets it down near it as any loaded carrier
does (`computer.py`).

The evidence it answers: on the sample, the Pioniere (1 MP) walked a hex a turn and never came
within reach of the village in ten turns. Driving loaded carriers on to the hex beside the
objective to set the infantry down there was tried and left out: on the sample (seeds 1-40) it
lost more carriers with their infantry to the defenders' fire than it won hexes (the Soviets'
destroy condition came up in 15 games instead of 10, the village hex A L3 was German at the end
in 70 % of the games instead of 92 %)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.tactical_gamex.movement import path_to, reach
from engine.tactical_gamex.orders import Load, Move, TgxOrder
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.transport import load_cost
from engine.tactical_gamex.units import Marker, Unit
from schemas.vocabulary import Side

Offset = tuple[int, int]

MOVED_ONLY = "move"
"""The activity of a carrier that has moved and may still load or unload [003 5.2.2]."""


def _carriers(state: TgxState, side: Side) -> list[Unit]:
    return [
        u
        for u in state.iter_units(side)
        if u.carrier is None and u.type.is_transport and not u.disrupted and u.type.movement > 0
    ]


def _moved_only(state: TgxState, unit: Unit) -> bool:
    return unit.marker is Marker.MOVED and state.activity.get(unit.id) == MOVED_ONLY


def _room(state: TgxState, side: Side, hex_: Offset, more: int) -> bool:
    return state.stack_count(hex_) + more <= state.stacking_limit(side)


def too_slow(state: TgxState, unit: Unit, goals: list[Offset]) -> bool:
    """Whether foot infantry would not come next to its nearest objective before the last
    turn by walking (its movement a turn, at best)."""
    assert unit.hex is not None
    if not goals or not unit.type.is_infantry or unit.carrier is not None:
        return False
    distance = min(state.board.distance(unit.hex, g) for g in goals)
    turns_left = state.last_turn - state.turn + 1
    return distance - 1 > max(unit.type.movement, 1) * turns_left // 2


def pickups(state: TgxState, side: Side, goals: list[Offset]) -> Iterator[TgxOrder]:
    """Loads of a carrier that moved this activation onto the slow infantry in its hex, then
    moves of a fresh empty carrier onto the hex of the slow infantry it reaches with the MP to
    load it left (the nearest first)."""
    riders = [
        u
        for u in state.iter_units(side)
        if u.marker is None and not u.disrupted and too_slow(state, u, goals)
    ]
    if not riders:
        return
    for carrier in _carriers(state, side):
        if carrier.passenger is not None:
            continue
        assert carrier.hex is not None
        here = [r for r in riders if r.hex == carrier.hex]
        if here and (carrier.marker is None or _moved_only(state, carrier)):
            yield Load(carrier.id, here[0].id)
            continue
        if carrier.marker is not None:
            continue
        options = reach(state, carrier)
        budget = carrier.type.movement
        spots = sorted(
            (cost, r.hex)
            for r in riders
            if r.hex is not None
            and r.hex in options
            and (cost := options[r.hex]) + load_cost(carrier, r) <= budget + 1e-9
            and _room(state, side, r.hex, 1)
        )
        for _, spot in spots:
            path = path_to(state, carrier, spot)
            if path:
                yield Move(carrier.id, path)
                break

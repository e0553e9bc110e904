"""Airborne assaults, supplemental rule 11 [003 11.1-11.6]: before the first turn each lift flies
in from the situation's edge to its target hex, under the defender's AA fire once; paratroops
scatter one by one, a glider as a whole, by two dice read 11-66 on the title's scatter
diagram turned to the flight line; everything lands disrupted, and is lost off the board, in
ineligible terrain or in a full hex, a minefield attacking it at once.

Decisions where the text leaves the engine a choice (its diagram is not printed): the flight
heads straight in from the middle of its edge, so "ahead" is the heading (down from the top
edge, up from the bottom, and on a zig-zag of the two hex directions either side of it from
the left or right edge) and "right" the heading turned a quarter clockwise (a zig-zag where it
falls between two hex directions); the AA fires over the target hex, as for aircraft attacks,
so a "driven off" lift lands at its target all the same; a hex of enemy units is ineligible."""

from __future__ import annotations

from dataclasses import dataclass

from engine.hexgrid import DIRECTIONS, Hex
from engine.tactical_gamex.aircraft import Aircraft, aa_fire
from engine.tactical_gamex.chaos import drawing
from engine.tactical_gamex.events import AircraftFlew, Eliminated, Landed
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import Unit
from engine.tactical_gamex.walk import mine_attack
from schemas.vocabulary import Side

Offset = tuple[int, int]


@dataclass(frozen=True)
class Lift:
    """A transport aircraft or glider, its cargo, target hex and heading (degrees clockwise
    from up on the screen)."""

    side: Side
    carrier: str
    cargo: tuple[str, ...]
    target: Offset
    glider: bool
    heading: int


def _steps(angle: int, count: int) -> tuple[int, int]:
    """`count` hex steps toward a screen angle; between two hex directions, a zig-zag."""
    if count < 0:
        return _steps(angle + 180, -count)
    angle %= 360
    first = DIRECTIONS[(angle // 60) % 6]
    one = Hex(0, 0).neighbor(first)
    if angle % 60 == 0:
        return one.q * count, one.r * count
    two = Hex(0, 0).neighbor(DIRECTIONS[(angle // 60 + 1) % 6])
    pairs, odd = divmod(count, 2)
    return (
        pairs * (one.q + two.q) + odd * one.q,
        pairs * (one.r + two.r) + odd * one.r,
    )


def scatter(state: TgxState, lift: Lift, roll: int) -> Offset:
    """The hex a roll of 11-66 lands on, the diagram turned to the flight line."""
    ahead, right = state.tables.airborne_scatter.get(roll, (0, 0))
    aq, ar = _steps(lift.heading, ahead)
    rq, rr = _steps(lift.heading + 90, right)
    centre = state.board.axial(lift.target)
    return state.board.offset(Hex(centre.q + aq + rq, centre.r + ar + rr))


def _eligible(state: TgxState, unit: Unit, hex_: Offset) -> bool:
    board = state.board
    if not board.contains(hex_):
        return False
    effects = board.effects(hex_)
    if effects.water or effects.cost(unit.type.move_class) is None:
        return False
    if state.enemy_at(hex_, unit.side):
        return False
    return state.stack_count(hex_) + 1 <= state.stacking_limit(unit.side)


def land(state: TgxState, lifts: tuple[Lift, ...]) -> list[object]:
    """Fly every lift in and land its cargo (before the first initiative roll)."""
    events: list[object] = []
    for lift in lifts:
        plane = Aircraft(lift.carrier, lift.side, lift.carrier, {})
        strength, roll, result = aa_fire(state, plane, lift.target)
        if roll:
            events.append(
                AircraftFlew(state.turn, lift.carrier, "lift", lift.target, strength, roll, result)
            )
        if result == "X":  # [003 11.2] the aircraft and everything in it are lost
            for unit_id in lift.cargo:
                state.eliminated[lift.side] += 1
                events.append(Eliminated(state.turn, unit_id, lift.target, False))
            continue
        with drawing(state, lift.side, "airborne scatter"):  # [003 24.1] the landing side's
            glider_roll = state.dice.d66() if lift.glider else 0
        for unit_id in lift.cargo:
            unit = state.units[unit_id]
            with drawing(state, lift.side, "airborne scatter"):
                drop = glider_roll or state.dice.d66()
            hex_ = scatter(state, lift, drop)
            events.append(Landed(state.turn, unit_id, lift.target, drop, hex_))
            if not _eligible(state, unit, hex_):
                state.eliminated[unit.side] += 1
                events.append(Eliminated(state.turn, unit_id, hex_, False))
                continue
            unit.hex = hex_
            unit.disrupted = True  # [003 11.5] all land disrupted
            if hex_ in state.counters.mines:
                events += mine_attack(state, unit, hex_)
    return events

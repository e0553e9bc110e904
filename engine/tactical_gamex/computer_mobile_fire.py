"""The computer's Mobile Fire kept for later, optional rule 18 [003 18.1-18.4]: a turreted
vehicle coming into contact with nothing worth an attack now moves half its MA under Mobile
Fire and keeps its half-strength attack, fired by the engine at an enemy that moves in its
sight (opportunity fire) or joined to a direct fire of the computer later in the turn.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.tactical_gamex import attacks
from engine.tactical_gamex.mobile_fire import ready
from engine.tactical_gamex.movement import IllegalOrder, path_to, reach
from engine.tactical_gamex.orders import MobileFire, TgxOrder
from engine.tactical_gamex.spotting import spotted_hexes
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.tables import final_column
from engine.tactical_gamex.units import TURRETED, Unit, Weapon
from schemas.vocabulary import Side

Offset = tuple[int, int]
MOBILE_FIRE = "mobile_fire"
CONTACT = 4
"""Hexes from its objective or a spotted enemy within which a vehicle is in contact (the
computer's fire zone, `computer.FIRE_ZONE`)."""
GOOD_ODDS = 2
"""1:1, the worst column the computer attacks at (`computer.GOOD_ODDS`)."""


def advance(state: TgxState, unit: Unit, target: Offset) -> Iterator[TgxOrder]:
    """A Mobile Fire toward `target` with the attack kept (no targets), or nothing.

    Decisions: the computer gives up half its move for the kept attack only where the attack
    may be needed before the turn ends, when after the half move the vehicle stands within
    `CONTACT` hexes of the hex it heads for or of a spotted enemy; farther off the full move
    is worth more, and so it is where the full move reaches that hex. Only a vehicle whose
    kept attack can become opportunity fire (A or I weapons [003 6.4.2, 18.3]), in good
    order, with no rider to set down (18.2's one load or move), and with no spotted enemy it
    would attack at 1:1 from where it stands (it fires instead); the vehicle still closes on
    its target, as far as half its MA goes (18.1)."""
    if MOBILE_FIRE not in state.options or not _may_keep(unit):
        return
    assert unit.hex is not None
    board = state.board
    seen = sorted(spotted_hexes(state, unit.side))
    marks = [target, *(h for h in seen if state.enemy_at(h, unit.side))]
    half = unit.type.movement / 2
    if min(board.distance(unit.hex, h) for h in marks) > CONTACT + 2 * half:
        return  # no half move, at the road's half rate [003 5.3], brings it into contact
    if _worth_firing(state, unit, seen):
        return
    full = reach(state, unit)
    if target in full:
        return  # the whole move takes the hex it heads for
    options = {h: cost for h, cost in full.items() if cost <= half}
    if not options:
        return
    end = min(options, key=lambda h: (board.distance(h, target), options[h], h))
    if board.distance(end, target) >= board.distance(unit.hex, target):
        return
    if min(board.distance(end, h) for h in marks) > CONTACT:
        return
    path = path_to(state, unit, end)
    if path is not None and len(path) > 0:
        yield MobileFire(unit.id, tuple(path), ())


def kept(state: TgxState, side: Side) -> list[Unit]:
    """The side's vehicles under a Mobile Fire marker with their attack still to make: they
    join a direct fire free, at half strength [003 18.3, 18.4]."""
    return sorted((u for u in state.iter_units(side) if ready(state, u)), key=lambda u: u.id)


def _may_keep(unit: Unit) -> bool:
    return (
        unit.hex is not None
        and unit.type.has(TURRETED)
        and unit.type.weapon in (Weapon.A, Weapon.I)
        and unit.type.attack > 0
        and not unit.disrupted
        and unit.marker is None
        and unit.passenger is None
    )


def _worth_firing(state: TgxState, unit: Unit, seen: list[Offset]) -> bool:
    """Whether a spotted enemy hex is open to the unit's fire at 1:1 or better now."""
    for hex_ in seen:
        defenders = [u for u in state.units_at(hex_) if u.carrier is None]
        if not defenders or defenders[0].side is unit.side:
            continue
        try:
            spec = attacks.direct_fire_spec(state, [unit], defenders)
        except IllegalOrder:
            continue
        if (final_column(spec.attack, spec.defense, spec.shifts) or -1) >= GOOD_ODDS:
            return True
    return False

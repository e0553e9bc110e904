"""The computer player's artillery: off-board batteries (and naval support in OBA mode) called on
the best spotted enemy hex, and its own (H), M and self-propelled guns firing indirectly, each
with a sighter of its side - the fire that prepares an assault on a strongpoint [003 6.4.3,
6.4.4, 10.5]. Only what the side has spotted is a target; every order is still tried on a copy
of the game by `computer._next` before it is given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from engine.tactical_gamex import attacks, counter_battery
from engine.tactical_gamex.combat import defense_of
from engine.tactical_gamex.events import ArtilleryCalled
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import CallArtillery, IndirectFire, TgxOrder
from engine.tactical_gamex.spotting import spotted_hexes
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.tables import final_column
from engine.tactical_gamex.units import ENGINEER, MG, Unit
from schemas.vocabulary import Side

Offset = tuple[int, int]
GOOD_ODDS = 2
"""1:1, the worst column at which a defender of the hex is worth the call."""
TRIES = 2
"""Calls of a battery found unavailable, a turn."""
STEADY_POINTS = 3
"""Points left in the pool from which one is spent to steady the accuracy die."""


def battery_calls(
    state: TgxState, side: Side, goals: list[Offset], points_left: int, log: list[object]
) -> Iterator[TgxOrder]:
    """Each battery of the side able to fire (`counter_battery.may_fire`: OBA and naval
    support in OBA mode) called on the spotted enemy hex it hits best, with the sighter that
    costs the side least.

    Decisions: a hex is worth a call when some defender there would be attacked at 1:1 or
    better (the battery's strength shared among the hex's units, halved against armour, as
    `attacks.indirect_specs` resolves it); the best hex has the most such defenders, then an
    objective hex, then the best column. One accuracy point is spent (1-3 hits instead of
    1-2 and 6 no longer spreads wide, [003 6.4.4]) when the pool holds `STEADY_POINTS` or
    more, or when a unit of the side stands next to the target where a scatter would hit it;
    a second only then and with five points, so the call never empties a small pool. A
    battery found unavailable (another point may try again [003 6.4.4]) is called at most
    `TRIES` times a turn, so the pool is not all spent on the radio (its own calls, in the
    game's log, are what the side knows)."""
    seen = sorted(spotted_hexes(state, side))
    if not seen or points_left < 1:
        return
    refused = Counter(
        e.battery
        for e in log
        if isinstance(e, ArtilleryCalled) and e.turn == state.turn and not e.available
    )
    for battery in sorted(state.batteries.values(), key=lambda b: b.id):
        if battery.side is not side or counter_battery.may_fire(state, battery) is not None:
            continue
        if refused[battery.id] >= TRIES:
            continue
        best: tuple[int, bool, int, Offset] | None = None
        for hex_ in seen:
            specs = attacks.indirect_specs(state, [], hex_, strength=battery.attack)
            columns = [final_column(s.attack, s.defense) or -1 for s in specs]
            worth = sum(1 for c in columns if c >= GOOD_ODDS)
            if worth == 0:
                continue
            key = (worth, hex_ in goals, max(columns), hex_)
            if best is None or key[:3] > best[:3]:
                best = key
        if best is None:
            continue
        target = best[3]
        sighter = _sighter(state, side, target, ())
        if sighter is None:
            continue
        lowered = _steadying(state, side, target, points_left)
        yield CallArtillery(battery.id, target, sighter.id, lowered)


def indirect_shots(
    state: TgxState, side: Side, ready: list[Unit], goals: list[Offset]
) -> Iterator[TgxOrder]:
    """Indirect fire of the ready guns able to fire indirectly (`attacks.indirect_capable`) on
    the spotted enemy hex they attack best, at 1:1 or better on some defender, with a sighter
    other than the guns [003 6.4.3]. Decision: the guns of one hex fire together (one point),
    the firing units never sight for themselves (a gun that sees the hex fires directly)."""
    seen = sorted(spotted_hexes(state, side))
    guns: dict[Offset, list[Unit]] = {}
    for unit in ready:
        if unit.hex is not None and attacks.indirect_capable(unit) and unit.type.attack > 0:
            guns.setdefault(unit.hex, []).append(unit)
    for _, units in sorted(guns.items()):
        best: tuple[int, bool, int, Offset, tuple[Unit, ...]] | None = None
        for hex_ in seen:
            able = tuple(u for u in units if _may_fire_at(state, u, hex_))
            if not able:
                continue
            specs = attacks.indirect_specs(state, list(able), hex_)
            columns = [final_column(s.attack, s.defense) or -1 for s in specs]
            worth = sum(1 for c in columns if c >= GOOD_ODDS)
            if worth == 0:
                continue
            key = (worth, hex_ in goals, max(columns))
            if best is None or key > best[:3]:
                best = (*key, hex_, able)
        if best is None:
            continue
        target, able = best[3], best[4]
        sighter = _sighter(state, side, target, tuple(u.id for u in able))
        if sighter is not None:
            yield IndirectFire(tuple(u.id for u in able), target, sighter.id)


def assault_party(state: TgxState, side: Side, ready: list[Unit], goals: list[Offset]) -> set[str]:
    """The infantry held back from fire for a close assault on an enemy-held objective: the
    ready rifle units (not MGs, not carried) within a move and a hex of it, when together they
    would assault it at 1:1 or better (the engineers' column counted) [003 6.4.6]. A unit that
    fires is marked and may not assault that turn, so the preparation is left to the guns,
    the vehicles and the artillery; these units still attack when nothing better is left."""
    party: set[str] = set()
    for goal in goals:
        defenders = [u for u in state.units_at(goal) if u.carrier is None]
        if not defenders or defenders[0].side is side:
            continue
        near = [
            u
            for u in ready
            if u.hex is not None
            and u.type.is_infantry
            and not u.type.has(MG)
            and not u.transported
            and state.board.distance(u.hex, goal) <= u.type.movement + 1
        ]
        if not near:
            continue
        shift = int(any(u.type.has(ENGINEER) for u in near))
        attack = sum(u.type.attack for u in near)
        defense = sum(defense_of(state, d) for d in defenders)
        if (final_column(attack, defense, shift) or -1) >= GOOD_ODDS:
            party.update(u.id for u in near)
    return party


def _may_fire_at(state: TgxState, unit: Unit, hex_: Offset) -> bool:
    try:
        attacks.check_indirect(state, [unit], hex_)
    except IllegalOrder:
        return False
    return True


def _sighter(state: TgxState, side: Side, hex_: Offset, firing: tuple[str, ...]) -> Unit | None:
    """The unit to sight on `hex_` [003 6.4.3]: one that may (`attacks.why_not_sighter`),
    not firing; sighting completes it, so the weakest attacker, then the farthest from the
    target (the least use in a close assault), is chosen."""
    able = [
        u
        for u in state.iter_units(side)
        if u.carrier is None
        and u.id not in firing
        and u.hex is not None
        and attacks.why_not_sighter(state, u, hex_) is None
    ]
    if not able:
        return None

    def cost(u: Unit) -> tuple[int, int, str]:
        assert u.hex is not None
        return (u.type.attack, -state.board.distance(u.hex, hex_), u.id)

    return min(able, key=cost)


def _steadying(state: TgxState, side: Side, hex_: Offset, points_left: int) -> int:
    """Accuracy points to spend on a call at `hex_` (see `battery_calls`)."""
    friends_near = any(
        u.side is side for n in state.board.neighbors(hex_) for u in state.units_at(n)
    )
    if friends_near and points_left >= 5:
        return 2
    if friends_near or points_left >= STEADY_POINTS:
        return 1 if points_left >= 2 else 0
    return 0

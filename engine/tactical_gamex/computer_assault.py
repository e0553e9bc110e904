"""The computer player's attack on a fortification the enemy garrisons [003 8.4]: its guns and
armour fire at the garrison until it is disrupted and then for the roll that destroys the
fortification, and its infantry enters the fortification hex and close-assaults inside it when
the assault has a fair chance of destroying it, so that the hex is its own the moment it falls.

Why this and not the general attacks of `computer.py`: a garrison takes only an X result (a D
or DD is a disruption it shrugs off once disrupted), so the best column is not the best attack;
what counts is the chance of an X, which the defender's modifiers (the fortification's +2,
the terrain's, disrupted -1) decide as much as the odds [003 6.3.5, 6.3.4].
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from engine.tactical_gamex import attacks, forts
from engine.tactical_gamex.combat import AttackSpec, defender_modifier, defense_of
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder, path_to, reach
from engine.tactical_gamex.orders import CloseAssault, Fire, Move, TgxOrder
from engine.tactical_gamex.spotting import spotted_hexes
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.tables import Result, final_column
from engine.tactical_gamex.units import ENGINEER, MG, Unit
from schemas.vocabulary import Side

Offset = tuple[int, int]
ASSAULT_CHANCE = Fraction(1, 3)
"""The chance of destroying the fortification at which the infantry goes in: one in three,
the 4:1 column's X against an undisrupted garrison in a town (and better once disrupted)."""
LAST_TURN_CHANCE = Fraction(1, 6)
"""On the last turn any real chance is worth the infantry's activity: the hex is lost anyway."""
DISRUPT_CHANCE = Fraction(1, 2)
"""A fire that disrupts a steady garrison at least this often is worth it: a disrupted
garrison does not fire at the units entering its hex and defends at -1 [003 6.4.2, 7.2]."""


@dataclass(frozen=True)
class Odds:
    """What one attack on a garrison does: the chance it destroys the fortification (an X on
    a unit inside [003 8.4]) and the chance it disrupts or destroys at all."""

    destroys: Fraction
    hits: Fraction


def held_forts(state: TgxState, side: Side, goals: Sequence[Offset]) -> list[Offset]:
    """The objective hexes with a fortification the enemy garrisons, spotted by `side`."""
    seen = spotted_hexes(state, side)
    return [
        g
        for g in goals
        if g in state.counters.forts
        and g in seen
        and any(u.in_fort for u in _garrison(state, g, side))
    ]


def odds(state: TgxState, spec: AttackSpec, *, disrupted: bool = False) -> Odds:
    """The chances of an attack on a fortification hex, read from the title's CRT for each
    face of the die with the defenders' modifiers (`combat.defender_modifier`); `disrupted`:
    as if the garrison were disrupted already (-1) [003 6.3.5]."""
    column = final_column(spec.attack, spec.defense, spec.shifts)
    inside = [t for t in spec.targets if t.in_fort]
    if column is None or not inside:
        return Odds(Fraction(0), Fraction(0))
    crt = state.tables.crt
    modifier = defender_modifier(state, spec, inside[0])
    if disrupted and not inside[0].disrupted:
        modifier -= 1
    results = [crt.result(column, roll + modifier) for roll in range(1, 7)]
    destroys = Fraction(sum(1 for r in results if r is Result.X), 6)
    hits = Fraction(sum(1 for r in results if r is not Result.NONE), 6)
    return Odds(destroys, hits)


def fort_attacks(
    game: TacticalGame, ready: list[Unit], goals: Sequence[Offset], *, last_turn: bool
) -> Iterator[TgxOrder]:
    """The orders against each enemy-garrisoned fortification among the objectives, best
    first: fire that disrupts a steady garrison (before any assault, which then meets no fire
    and a garrison at -1), the infantry's entry and close assault when it destroys the
    fortification at least `ASSAULT_CHANCE` of the time (`LAST_TURN_CHANCE` on the last
    turn), then fire with any chance of destroying it.

    Decisions: the assault is judged by its chance of an X only, since any other result
    leaves the garrison in place [003 8.4]; a unit that fires is marked and may not assault
    after, but the infantry's I weapons cannot fire at a garrison (armoured targets, [003
    6.3.6]) so fire and assault never compete for a unit."""
    state = game.state
    if not ready:
        return
    side = ready[0].side
    for fort in held_forts(state, side, goals):
        garrison = _garrison(state, fort, side)
        steady = not all(u.disrupted for u in garrison)
        fire = _best_fire(state, ready, fort, garrison)
        if steady:
            yield from _disrupting_fire(state, ready, fort, garrison)
        assault = _assault(game, ready, fort)
        need = LAST_TURN_CHANCE if last_turn else ASSAULT_CHANCE
        if assault is not None and assault[1].destroys >= need:
            yield assault[0]
        if fire is not None and fire[1].destroys > 0:
            yield fire[0]


def _garrison(state: TgxState, hex_: Offset, side: Side) -> list[Unit]:
    return [u for u in state.units_at(hex_) if u.side is not side and u.carrier is None]


def _best_fire(
    state: TgxState, ready: list[Unit], fort: Offset, garrison: list[Unit], disrupted: bool = False
) -> tuple[Fire, Odds] | None:
    """Direct fire at the garrison by the ready units of one hex or of two or three mutually
    adjacent hexes [003 6.4.1] with the best chance of destroying the fortification, then of
    hitting it; of those, the fewest units (the others may fire again). `disrupted`: judged
    as if the garrison were disrupted."""
    best: tuple[Fraction, Fraction, int, Fire, Odds] | None = None
    for order, chances, shooters in _fires(state, ready, fort, garrison, disrupted):
        key = (chances.destroys, chances.hits, -len(shooters))
        if chances.hits > 0 and (best is None or key > best[:3]):
            best = (*key, order, chances)
    return None if best is None else (best[3], best[4])


def _disrupting_fire(
    state: TgxState, ready: list[Unit], fort: Offset, garrison: list[Unit]
) -> Iterator[Fire]:
    """The fire that opens on a steady garrison: when the best fire at a disrupted garrison
    could destroy the fortification, the units left out of it fire first for the hit that
    disrupts it; and the fire most sure to disrupt it (at least `DISRUPT_CHANCE`), for the
    infantry's assault and for the next turn should it fail to rally.

    Decision: a D inside a fortification disrupts every unit in it, a DD is only a D there
    [003 8.4], so the opening fire need only hit; the strongest group is kept for the fire
    that can roll the X (the sample's three panzers at 4:1 roll an X only against a
    disrupted garrison in its town hex, +2 -1 +1 [003 6.3.5])."""
    kill = _best_fire(state, ready, fort, garrison, disrupted=True)
    if kill is not None and kill[1].destroys > 0:
        killers = set(kill[0].units)
        opener = _best_fire(state, [u for u in ready if u.id not in killers], fort, garrison)
        if opener is not None:
            yield opener[0]
    sure = _best_fire(state, ready, fort, garrison)
    if sure is not None and sure[1].hits >= DISRUPT_CHANCE:
        yield sure[0]


def _fires(
    state: TgxState, ready: list[Unit], fort: Offset, garrison: list[Unit], disrupted: bool = False
) -> list[tuple[Fire, Odds, list[Unit]]]:
    """Each group's fire at the garrison (see `_best_fire`) with its chances."""
    by_hex: dict[Offset, list[Unit]] = {}
    for unit in ready:
        if unit.hex is not None and unit.type.attack > 0 and unit.marker is None:
            by_hex.setdefault(unit.hex, []).append(unit)
    found: list[tuple[Fire, Odds, list[Unit]]] = []
    for group in attacks.firing_groups(state, sorted(by_hex)):
        shooters = [u for h in group for u in by_hex[h] if _may_fire(state, u, fort, garrison)]
        if not shooters or {u.hex for u in shooters} != set(group):
            continue  # a group is tried only when every hex of it fires
        shooters = _fewest(state, shooters, garrison, disrupted)
        spec = _fire_spec(state, shooters, garrison)
        if spec is None:
            continue
        order = Fire(tuple(u.id for u in shooters), tuple(u.id for u in garrison))
        found.append((order, odds(state, spec, disrupted=disrupted), shooters))
    return found


def _fewest(
    state: TgxState, shooters: list[Unit], garrison: list[Unit], disrupted: bool
) -> list[Unit]:
    """The shooters less the weakest while the chances stay the same (a hex left whole: a
    group fires only with every hex of it)."""
    spec = _fire_spec(state, shooters, garrison)
    if spec is None:
        return []
    target = odds(state, spec, disrupted=disrupted)
    kept = list(shooters)
    for unit in sorted(shooters, key=lambda u: (u.type.attack, u.id)):
        trial = [u for u in kept if u is not unit]
        if not trial or {u.hex for u in trial} != {u.hex for u in kept}:
            continue
        fewer = _fire_spec(state, trial, garrison)
        if fewer is not None and odds(state, fewer, disrupted=disrupted) == target:
            kept = trial
    return kept


def _fire_spec(state: TgxState, shooters: list[Unit], garrison: list[Unit]) -> AttackSpec | None:
    if not shooters:
        return None
    try:
        return attacks.direct_fire_spec(state, shooters, garrison)
    except IllegalOrder:
        return None


def _may_fire(state: TgxState, unit: Unit, fort: Offset, garrison: list[Unit]) -> bool:
    return _fire_spec(state, [unit], garrison) is not None


def _assault(
    game: TacticalGame, ready: list[Unit], fort: Offset
) -> tuple[CloseAssault, Odds] | None:
    """The close assault on `fort` by every ready infantry unit that can take part this
    activation: those in the hex already, those that can walk into it (the garrison with no
    unit outside, [003 8.4]) and those that can walk next to it, without the road rate
    [003 6.4.6].

    Decision: a unit goes into the fortification hex rather than beside it whenever it can,
    so that when the fortification falls the hex is held at once; the text makes the entry
    cost opportunity fire (8.4), which a disrupted garrison cannot give (7.2), and the walk
    beside the hex in the garrison's sight costs the same. MGs take part only ending in a hex
    with a rifle unit that assaults [003 6.4.6]."""
    state = game.state
    board = state.board
    chosen: list[Unit] = []
    paths: list[tuple[Offset, ...]] = []
    ends: list[Offset] = []
    room = state.stacking_limit(ready[0].side) - state.stack_count(fort)  # [003 3.2.5, 8.4]
    for unit in ready:
        if not unit.type.is_infantry or unit.transported or unit.bonus_used:
            continue
        if unit.marker is not None or unit.disrupted or unit.hex is None:
            continue
        here = unit.hex
        if here == fort or board.adjacent(here, fort):
            path: tuple[Offset, ...] | None = ()
            end = here
            if here != fort and room > 0 and forts.garrisoned_by_enemy(state, unit, fort):
                path = _walk_to(game, unit, fort) or ()
                end = fort if path else here
        else:
            path, end = _approach(game, unit, fort, room > 0)
        if path is None:
            continue
        if end == fort and here != fort:
            room -= 1
        chosen.append(unit)
        paths.append(path)
        ends.append(end)
    rifles = {
        e
        for u, e in zip(chosen, ends, strict=True)
        if not u.type.has(MG) and not u.type.has(ENGINEER)
    }
    keep = [i for i, u in enumerate(chosen) if not u.type.has(MG) or ends[i] in rifles]
    chosen = [chosen[i] for i in keep]
    paths = [paths[i] for i in keep]
    ends = [ends[i] for i in keep]
    if not any(not u.type.has(MG) for u in chosen):
        return None
    spec = _assault_spec(state, chosen, ends, fort)
    if spec is None:
        return None
    return CloseAssault(tuple(u.id for u in chosen), fort, tuple(paths)), odds(state, spec)


def _walk_to(game: TacticalGame, unit: Unit, to: Offset) -> tuple[Offset, ...] | None:
    path = path_to(game.state, unit, to)
    if path is None or attacks.uses_road_rate(game.state, unit, path):
        return None
    return path


def _approach(
    game: TacticalGame, unit: Unit, fort: Offset, enter: bool
) -> tuple[tuple[Offset, ...] | None, Offset]:
    """The path into the fortification hex (if `enter`: it has room), or else to a hex beside
    it, this activation."""
    state = game.state
    assert unit.hex is not None
    options = reach(state, unit)
    if enter and fort in options and forts.garrisoned_by_enemy(state, unit, fort):
        path = _walk_to(game, unit, fort)
        if path:
            return path, fort
    ring = sorted(
        (options[h], h)
        for h in state.board.neighbors(fort)
        if h in options and not state.enemy_at(h, unit.side)
    )
    for _, spot in ring:
        path = _walk_to(game, unit, spot)
        if path:
            return path, spot
    return None, unit.hex


def _assault_spec(
    state: TgxState, chosen: list[Unit], ends: list[Offset], fort: Offset
) -> AttackSpec | None:
    """The close assault as `attacks.close_assault_spec` will resolve it once the units stand
    at their ends: printed AS, the garrison's DS (the fortification's once), the engineer's
    column when it ends with a rifle unit, -2 [003 6.4.6, 8.4]."""
    side = chosen[0].side
    defenders = [u for u in state.units_at(fort) if u.carrier is None and u.side is not side]
    if not defenders:
        return None
    rifles = {
        e
        for u, e in zip(chosen, ends, strict=True)
        if not u.type.has(MG) and not u.type.has(ENGINEER)
    }
    shift = int(
        any(u.type.has(ENGINEER) and e in rifles for u, e in zip(chosen, ends, strict=True))
    )
    inside = [d for d in defenders if d.in_fort]
    defense = sum(defense_of(state, d) for d in defenders if not d.in_fort)
    defense += defense_of(state, inside[0]) if inside else 0
    attack = float(sum(u.type.attack for u in chosen))
    return AttackSpec(
        "close assault", tuple(chosen), fort, tuple(defenders), attack, defense, shift, -2
    )


def fort_approaches(
    game: TacticalGame, ready: list[Unit], goals: Sequence[Offset]
) -> Iterator[Move]:
    """Moves of the ready armed vehicles that cannot fire at an enemy-garrisoned objective
    fortification from where they stand to the hex in this move's reach from which they fire
    at it hardest (double at half range against its armoured garrison [003 6.3.6, 8.4]), next
    to other units that can fire at it (to fire together, [003 6.4.1]), at the least MP.

    Decision: only vehicles move up to fire; the infantry's part is the assault (`_assault`),
    and its I weapons cannot fire at a garrison."""
    state = game.state
    if not ready:
        return
    side = ready[0].side
    for fort in held_forts(state, side, goals):
        garrison = _garrison(state, fort, side)
        firing = {
            u.hex
            for u in state.iter_units(side)
            if u.hex is not None and _may_fire(state, u, fort, garrison)
        }
        for unit in ready:
            if not unit.type.is_vehicle or unit.type.attack == 0 or unit.passenger is not None:
                continue
            if unit.marker is not None or unit.disrupted or unit.hex in firing:
                continue
            best: tuple[float, int, float, Offset] | None = None
            for hex_, cost in reach(state, unit).items():
                ghost = replace(unit, hex=hex_)
                spec = _fire_spec(state, [ghost], garrison)
                if spec is None:
                    continue
                beside = sum(1 for h in firing if h is not None and state.board.adjacent(h, hex_))
                key = (-spec.attack, -beside, cost, hex_)
                if best is None or key < best:
                    best = key
            if best is not None:
                path = path_to(state, unit, best[3])
                if path:
                    yield Move(unit.id, path)

"""The attack types [003 6.4]: direct fire (with combined fire of mutually adjacent hexes),
indirect fire with a sighting unit, off-board artillery with its availability, accuracy and
scatter, overrun and close assault. Each checks who may take part and builds the attack that
`combat.resolve` rolls."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

from engine.tactical_gamex import forts, mobile_fire
from engine.tactical_gamex.chaos import drawing
from engine.tactical_gamex.combat import (
    AttackSpec,
    defending_kind,
    defense_of,
    may_attack,
    mounted_rider,
    resolve,
    target_kind,
    wec_attack,
)
from engine.tactical_gamex.events import ArtilleryCalled
from engine.tactical_gamex.field_of_fire import in_arc
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.movement import IllegalOrder, is_road_step
from engine.tactical_gamex.spotting import is_spotted
from engine.tactical_gamex.state import Battery, TgxState
from engine.tactical_gamex.units import (
    ENGINEER,
    HALFTRACK,
    MG,
    SPA,
    Unit,
    UnitKind,
    Weapon,
)

Offset = tuple[int, int]


def firing_groups(state: TgxState, hexes: list[Offset]) -> list[tuple[Offset, ...]]:
    """Each hex alone, then every pair and triple of mutually adjacent hexes: the hexes whose
    units may fire together [003 6.4.1], for a player (or the computer) choosing who fires."""
    adjacent = state.board.adjacent
    groups: list[tuple[Offset, ...]] = [(h,) for h in hexes]
    for i, a in enumerate(hexes):
        for j in range(i + 1, len(hexes)):
            b = hexes[j]
            if adjacent(a, b):
                groups.append((a, b))
                groups += [(a, b, c) for c in hexes[j + 1 :] if adjacent(a, c) and adjacent(b, c)]
    return groups


def _mutually_adjacent(state: TgxState, hexes: set[Offset]) -> bool:
    """Activated hexes fire as one only when each is adjacent to every other [003 4.2.2]."""
    return all(state.board.adjacent(a, b) for a, b in combinations(sorted(hexes), 2))


def _targets_in(state: TgxState, targets: Sequence[Unit], side_of: Unit) -> Offset:
    hexes = {t.hex for t in targets}
    if len(hexes) != 1 or None in hexes:
        raise IllegalOrder("the targets must be units in one hex [003 6.4.1]")
    if any(t.side is side_of.side for t in targets):
        raise IllegalOrder("only enemy units may be attacked")
    (hex_,) = hexes
    assert hex_ is not None
    return hex_


def direct_fire_spec(
    state: TgxState, attackers: Sequence[Unit], targets: Sequence[Unit]
) -> AttackSpec:
    """Direct fire [003 6.4.1]: every attacker in range and sight of the spotted target hex,
    their WEC-modified strengths summed, against the targets' DS summed."""
    if not attackers or not targets:
        raise IllegalOrder("an attack needs attackers and targets")
    hex_ = _targets_in(state, targets, attackers[0])
    for a in attackers:
        why = may_attack(a)
        if why:
            raise IllegalOrder(why)
    if not _mutually_adjacent(state, {a.hex for a in attackers if a.hex is not None}):
        raise IllegalOrder("the firing hexes are not all adjacent to each other [003 4.2.2]")
    if not is_spotted(state, targets[0], attackers[0].side):
        raise IllegalOrder(f"the units at {hex_} are not spotted [003 6.3.8]")
    if state.board.effects(hex_).sum_defense:  # the targets' side only: 8.4's shared hex
        side = targets[0].side
        targets = [t for t in state.units_at(hex_) if t.carrier is None and t.side is side]
    kind = target_kind(state, targets, attackers)
    total = 0.0
    for a in attackers:
        assert a.hex is not None
        if not has_los(state, a.hex, hex_):
            raise IllegalOrder(f"{a.id} has no line of sight to {hex_} [003 6.3.7]")
        if not in_arc(state, a, hex_):
            raise IllegalOrder(f"{hex_} is outside {a.id}'s field of fire [003 19.2]")
        distance = forts.fire_distance(state, a.hex, hex_)  # [003 8.4] in one hex, adjacent
        strength = wec_attack(a.type, distance, kind)
        rider = mounted_rider(state, a)
        if rider is not None:  # [003 13.0] half the mounted infantry's strength joins
            strength += wec_attack(rider.type, distance, kind) / 2
        if mobile_fire.ready(state, a):  # [003 18.4] an attack kept under Mobile Fire
            strength /= 2
        if strength <= 0:
            raise IllegalOrder(f"{a.id} cannot attack {kind.value} targets at {hex_} [003 6.3.6]")
        total += strength
    defense = sum(defense_of(state, t) for t in _defenders(state, targets))
    return AttackSpec("direct fire", tuple(attackers), hex_, tuple(targets), total, defense)


def _defenders(state: TgxState, targets: Sequence[Unit]) -> list[Unit]:
    """Units inside a fortification defend as the fortification, counted once [003 8.4]."""
    seen_fort = False
    out: list[Unit] = []
    for t in targets:
        if t.in_fort:
            if seen_fort:
                continue
            seen_fort = True
        out.append(t)
    return out


def indirect_capable(unit: Unit) -> bool:
    """(H), M and self-propelled artillery may fire indirectly [003 6.4.3]."""
    return unit.type.weapon in (Weapon.H_INDIRECT, Weapon.M) or unit.type.has(SPA)


def minimum_range(unit: Unit) -> int:
    """(H) units fire indirectly no closer than a quarter of their range, rounded normally
    (half up) [003 6.4.3]."""
    if unit.type.weapon is not Weapon.H_INDIRECT:
        return 0
    return int(unit.type.range / 4 + 0.5)


def why_not_sighter(state: TgxState, sighter: Unit, hex_: Offset) -> str | None:
    """Why a unit may not sight for indirect fire on `hex_` [003 6.4.3]: it needs sight of the
    spotted hex, no Fired, Moved or Completed marker, and to be able to fire on it (decision:
    not disrupted [003 7.2], not carried and not a truck, as a spotter [003 6.3.8])."""
    if sighter.hex is None or sighter.marker is not None:
        return f"{sighter.id} has already acted this turn"
    why = may_attack(sighter)
    if why:
        return why
    if sighter.type.has("truck"):
        return "trucks cannot sight [003 6.3.8]"
    if not has_los(state, sighter.hex, hex_):
        return f"{sighter.id} has no line of sight to {hex_}"
    enemies = state.enemy_at(hex_, sighter.side)
    if not enemies or not is_spotted(state, enemies[0], sighter.side):
        return f"nothing spotted at {hex_}"
    return None


def indirect_specs(
    state: TgxState, attackers: Sequence[Unit], hex_: Offset, strength: float | None = None
) -> list[AttackSpec]:
    """Indirect fire on every unit of the hex [003 6.4.3]: the attackers' summed strength
    (half against armour) divided by the number of defenders, one attack on each (one die
    each: B.7.10's reading, as Combat Stress 12.2 resolves them one by one)."""
    defenders = [u for u in state.units_at(hex_) if u.carrier is None]
    if not defenders:
        return []
    specs: list[AttackSpec] = []
    for target in defenders:
        kind = defending_kind(target)
        if strength is None:
            total = 0.0
            for a in attackers:
                assert a.hex is not None
                distance = state.board.distance(a.hex, hex_)
                total += wec_attack(a.type, distance, kind, indirect=True)
        else:
            total = strength / 2 if kind is UnitKind.ARMORED else strength
        share = total / len(defenders)
        specs.append(
            AttackSpec(
                "indirect fire",
                tuple(attackers),
                hex_,
                (target,),
                share,
                defense_of(state, target),
                direct=False,
            )
        )
    return specs


def check_indirect(state: TgxState, attackers: Sequence[Unit], hex_: Offset) -> None:
    """IllegalOrder unless each attacker may fire indirectly at `hex_`."""
    for a in attackers:
        why = may_attack(a)
        if why:
            raise IllegalOrder(why)
        if not indirect_capable(a):
            raise IllegalOrder(f"{a.id} cannot fire indirectly [003 6.4.3]")
        assert a.hex is not None
        distance = state.board.distance(a.hex, hex_)
        if distance > a.type.range or distance < minimum_range(a):
            raise IllegalOrder(f"{hex_} is out of {a.id}'s indirect range [003 6.4.3]")
        if not in_arc(state, a, hex_):
            raise IllegalOrder(f"{hex_} is outside {a.id}'s field of fire [003 19.2]")


ACCURATE = 2
"""The highest accuracy die (after the points spent) that hits the aimed hex [003 6.4.4]."""
SCATTERED = 5
"""The highest that scatters to a neighbour; above it the fire is widely spread."""


def accuracy_outcome(accuracy: int) -> str:
    """What an accuracy die, less the points spent, does [003 6.4.4]: "hit", "scattered" or
    "spread"."""
    if accuracy <= ACCURATE:
        return "hit"
    return "scattered" if accuracy <= SCATTERED else "spread"


def accuracy_chances(lowered: int) -> dict[str, float]:
    """The chances of each accuracy outcome over the six faces with `lowered` points spent to
    reduce the die [003 6.4.4] (before the battery's availability, which is rolled first)."""
    faces = [accuracy_outcome(face - lowered) for face in range(1, 7)]
    return {kind: faces.count(kind) / 6 for kind in ("hit", "scattered", "spread")}


def call_battery(
    state: TgxState, battery: Battery, hex_: Offset, lowered: int
) -> tuple[list[object], Offset | None]:
    """Roll an OBA battery's availability (a morale check of its nation) and accuracy, less
    the points spent to lower it [003 6.4.4]: 1-2 hits the hex, 3-5 scatters to the neighbour
    the scatter die names (friends there are attacked too), 6 is widely spread."""
    level = state.morale[battery.nation]
    with drawing(state, battery.side, "artillery availability"):  # [003 24.1] its side's card
        roll = state.dice.two_d6()
    if roll > level:
        return [ArtilleryCalled(state.turn, battery.id, False)], None
    with drawing(state, battery.side, "artillery accuracy"):
        accuracy = state.dice.d6() - lowered
    outcome = accuracy_outcome(accuracy)
    if outcome == "hit":
        lands: Offset | None = hex_
    elif outcome == "scattered":
        with drawing(state, battery.side, "artillery scatter"):
            dq, dr = state.tables.scatter[state.dice.d6() - 1]
        axial = state.board.axial(hex_)
        lands = state.board.offset(type(axial)(axial.q + dq, axial.r + dr))
        if not state.board.contains(lands):
            lands = None
    else:
        lands = None
    return [ArtilleryCalled(state.turn, battery.id, True, accuracy, lands)], lands


def overrun_spec(state: TgxState, attackers: Sequence[Unit], hex_: Offset) -> AttackSpec:
    """Overrun [003 6.4.5]: armoured units, not SPA, halftracks not against armour, at open
    terrain without Block, Wreck, Minefield or Fortification; printed AS (no WEC, B.15 #14)
    against all DS there, one column right and -2."""
    counters = state.counters
    if not state.board.effects(hex_).open:
        raise IllegalOrder(f"{hex_} is not open terrain [003 6.4.5]")
    if hex_ in counters.blocks or hex_ in counters.wrecks or hex_ in counters.mines:
        raise IllegalOrder(f"{hex_} holds a block, wreck or minefield [003 6.4.5]")
    if hex_ in counters.forts:
        raise IllegalOrder("units in fortifications cannot be overrun [003 8.4]")
    defenders = [u for u in state.units_at(hex_) if u.carrier is None]
    if not defenders or any(d.side is attackers[0].side for d in defenders):
        raise IllegalOrder(f"no enemy to overrun at {hex_}")
    armored_target = any(d.type.kind is UnitKind.ARMORED for d in defenders)
    for a in attackers:
        why = may_attack(a)
        if why:
            raise IllegalOrder(why)
        if a.type.kind is not UnitKind.ARMORED or a.type.has(SPA):
            raise IllegalOrder(f"{a.id} may not overrun: armoured units only, not SPA")
        if a.type.has(HALFTRACK) and armored_target:
            raise IllegalOrder(f"{a.id}: halftracks may not overrun armoured units [003 6.4.5]")
        if a.hex in counters.mines or a.in_fort:
            raise IllegalOrder(f"{a.id} may not overrun from a minefield or a fortification")
    attack = float(sum(a.type.attack for a in attackers))
    defense = float(sum(d.type.defense for d in defenders))
    return AttackSpec("overrun", tuple(attackers), hex_, tuple(defenders), attack, defense, 1, -2)


def close_assault_spec(
    state: TgxState, attackers: Sequence[Unit], hex_: Offset, carried: bool = False
) -> AttackSpec:
    """Close Assault [003 6.4.6]: infantry adjacent to the hex, not carried this turn (unless
    `carried`: PanzerBlitz riders after an overrun, 16.2) nor using a movement bonus, MGs
    only stacked with non-MG infantry taking part, never from a stream or water hex, against
    water, or from a minefield; printed AS (B.15 #14) against all DS there,
    -2, and one column right when an engineer is stacked with an infantry participant."""
    board = state.board
    side = attackers[0].side  # [003 8.4] a fortification hex may hold both sides
    defenders = [u for u in state.units_at(hex_) if u.carrier is None and u.side is not side]
    if not defenders:
        raise IllegalOrder(f"no enemy to assault at {hex_}")
    if board.effects(hex_).water:
        raise IllegalOrder("no close assault against a water hex [003 6.4.6]")
    for a in attackers:
        why = may_attack(a)
        if why:
            raise IllegalOrder(why)
        assert a.hex is not None
        if not a.type.is_infantry:
            raise IllegalOrder(f"{a.id} is not infantry [003 6.4.6]")
        if not board.adjacent(a.hex, hex_) and a.hex != hex_:  # [003 8.4] or in it
            raise IllegalOrder(f"{a.id} is not adjacent to {hex_}")
        if (a.transported and not carried) or a.bonus_used:
            raise IllegalOrder(f"{a.id} was transported or used a movement bonus this turn")
        effects = board.effects(a.hex)
        if effects.stream or effects.water or a.hex in state.counters.mines:
            raise IllegalOrder(f"{a.id} may not assault from {effects.name} or a minefield")
    riflemen = [a for a in attackers if not a.type.has(MG) and not a.type.has(ENGINEER)]
    for a in attackers:
        if a.type.has(MG) and not any(r.hex == a.hex for r in riflemen):
            raise IllegalOrder(f"{a.id}: an MG assaults only stacked with non-MG infantry")
    shift = int(
        any(
            e.type.has(ENGINEER) and any(r.hex == e.hex and r is not e for r in riflemen)
            for e in attackers
        )
    )
    attack = float(sum(a.type.attack for a in attackers))
    defense = float(sum(defense_of(state, d) for d in _defenders(state, defenders)))
    return AttackSpec(
        "close assault", tuple(attackers), hex_, tuple(defenders), attack, defense, shift, -2
    )


def uses_road_rate(state: TgxState, unit: Unit, path: Sequence[Offset]) -> bool:
    """Whether a path would take the road rate anywhere (a movement bonus) [003 5.3, 6.4.6]."""
    here = unit.hex
    assert here is not None
    for to in path:
        if is_road_step(state, unit, here, to):
            return True
        here = to
    return False


def run(state: TgxState, specs: Sequence[AttackSpec]) -> list[object]:
    """Resolve attacks one after the other."""
    events: list[object] = []
    for spec in specs:
        live = tuple(t for t in spec.targets if t.hex is not None)
        if live:
            events += resolve(state, replace(spec, targets=live))
    return events

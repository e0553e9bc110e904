"""On-board indirect fire's optional rules: Combat Stress taken attack by attack on a hex of
several defenders [003 12.2], and an Interdiction marker placed by on-board artillery [003 21]."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from engine.tactical_gamex import attacks, interdiction, stress
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import Unit

Offset = tuple[int, int]
Penalty = Callable[[Sequence[Unit], float], list[object]]


def stressed_attacks(
    state: TgxState, attackers: Sequence[Unit], hex_: Offset, penalty: Penalty
) -> list[object]:
    """Indirect fire on every unit of a hex under Combat Stress, attack by attack [003 12.2]:
    each attack that falls short of the next column by points within 12.2's limits is raised
    to it exactly and followed by the stress die (`penalty`, 12.3); once the attackers are
    disrupted the attacks not yet resolved are cancelled.

    Decisions on what the text leaves open: an attack whose shortfall is beyond the limits
    (or already on 4:1) is fought without stress, as the others still may be stressed; the
    third of 12.2 is of that attack's own factor, the attackers' share against that defender
    (as `stress` reads "base attack strength" for direct fire); and the cancelled attacks are
    the ones of this order only."""
    if stress.COMBAT_STRESS not in state.options:
        raise IllegalOrder("the situation does not use Combat Stress (rule 12)")
    specs = attacks.indirect_specs(state, attackers, hex_)
    if not any(stress.stress_points(s.attack, s.defense) is not None for s in specs):
        raise IllegalOrder("no stress reaches the next column within its limits [003 12]")
    events: list[object] = []
    for spec in specs:
        if any(a.disrupted or a.hex is None for a in attackers):
            break  # [003 12.2] the unresolved attacks are cancelled
        points = stress.stress_points(spec.attack, spec.defense)
        if points is None:
            events += attacks.run(state, [spec])
            continue
        events += attacks.run(state, [replace(spec, attack=spec.attack + points)])
        events += penalty(attackers, points)
    return events


def check_onboard_interdiction(
    state: TgxState, attackers: Sequence[Unit], sighter: Unit, hex_: Offset
) -> None:
    """IllegalOrder unless on-board artillery may interdict `hex_` [003 21.1, 21.2]: the rule
    on, every attacker able to fire indirectly there (range, minimum range, field of fire),
    the hex in sight of the sighter (one of the attackers or a unit able to sight), and at
    least 14 attack strength points among them.

    Decisions: the 14 points are the attackers' printed attack strengths (an empty hex has no
    target type for the WEC to read); "the process is the same as Off-Board artillery" (21.2)
    is read as the placing procedure of the firing units, so on-board units place it by their
    own indirect fire, one point a firing hex and no availability or accuracy die, as
    6.4.3 fires them; the hex need not be spotted nor occupied (21.1)."""
    interdiction.check_placement(state, int(sum(a.type.attack for a in attackers)))
    attacks.check_indirect(state, attackers, hex_)
    assert sighter.hex is not None
    if sighter not in attackers and (sighter.marker is not None or sighter.disrupted):
        raise IllegalOrder(f"{sighter.id} cannot sight now")
    if not has_los(state, sighter.hex, hex_):
        raise IllegalOrder(f"{sighter.id} has no line of sight to {hex_}")


def place_onboard_interdiction(state: TgxState, attackers: Sequence[Unit], hex_: Offset) -> None:
    """The Interdiction marker on the hex, of the attackers' side [003 21.2]; several markers
    may share a hex."""
    state.counters.interdiction.append((hex_, attackers[0].side))

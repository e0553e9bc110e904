"""Banzai attacks, optional rule 17 [003 17.1-17.3]: Japanese infantry (not MGs nor cavalry)
close-assault with their strengths inverted and -2; every good-order defender first checks
morale (US Marines -1) and is disrupted on a failure; the inactive good-order defenders left
fire at the attackers at -1; disrupted attackers, those just disrupted included, join at half.

Decisions: the Banzai attack's -2 takes the place of the close assault's own -2 (17.0: "in
the same manner but for the following exceptions"); each defender that may fire picks the
strongest attacker it can hurt, and the engine fires for the defender as in opportunity fire."""

from __future__ import annotations

from collections.abc import Sequence

from engine.tactical_gamex.chaos import drawing
from engine.tactical_gamex.combat import AttackSpec, defense_of, resolve, wec_attack
from engine.tactical_gamex.events import MoraleChecked
from engine.tactical_gamex.morale import morale_modifier
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.tables import final_column
from engine.tactical_gamex.units import MG, Marker, Unit

Offset = tuple[int, int]
BANZAI = "banzai"
CAVALRY = "cavalry"
MARINE = "marine"
BANZAI_DRM = -2
OPP_FIRE_DRM = -1


def check_attackers(state: TgxState, attackers: Sequence[Unit], hex_: Offset) -> None:
    """IllegalOrder unless the rule is on and every attacker is Japanese infantry, not MG nor
    cavalry, next to the hex and not carried [003 17.0]."""
    if BANZAI not in state.options:
        raise IllegalOrder("the situation does not use Banzai attacks (rule 17)")
    for unit in attackers:
        if unit.nation != "japan" or not unit.type.is_infantry:
            raise IllegalOrder(f"{unit.id}: only Japanese infantry makes a Banzai attack")
        if unit.type.has(MG) or unit.type.has(CAVALRY):
            raise IllegalOrder(f"{unit.id}: no Banzai for machine guns or cavalry [003 17.0]")
        if unit.hex is None or unit.carrier is not None:
            raise IllegalOrder(f"{unit.id} cannot attack now")
        if not state.board.adjacent(unit.hex, hex_):
            raise IllegalOrder(f"{unit.id} is not next to {hex_}")


def defenders_check(state: TgxState, defenders: Sequence[Unit]) -> list[object]:
    """Every good-order defender checks morale, Marines at -1; failing disrupts [003 17.1]."""
    events: list[object] = []
    for unit in defenders:
        if unit.disrupted:
            continue
        level = state.morale[unit.nation]
        with drawing(state, unit.side, "Banzai morale check"):
            roll = state.dice.two_d6()
        modifier = morale_modifier(state, unit) - (1 if unit.type.has(MARINE) else 0)
        passed = roll + modifier <= level
        events.append(MoraleChecked(state.turn, unit.id, "Banzai", roll, modifier, level, passed))
        if not passed:
            unit.disrupted = True
    return events


def defenders_fire(
    state: TgxState, defenders: Sequence[Unit], attackers: Sequence[Unit]
) -> list[object]:
    """The inactive good-order defenders fire at the attackers at -1 [003 17.2]."""
    events: list[object] = []
    for shooter in defenders:
        if shooter.disrupted or shooter.marker is not None or shooter.hex is None:
            continue
        best: tuple[float, Unit] | None = None
        for target in attackers:
            if target.hex is None:
                continue
            strength = wec_attack(shooter.type, 1, target.type.kind)
            if final_column(strength, target.type.defense) is None:
                continue
            if best is None or strength > best[0]:
                best = (strength, target)
        if best is None:
            continue
        strength, target = best
        assert target.hex is not None
        spec = AttackSpec(
            "Banzai opportunity fire",
            (shooter,),
            target.hex,
            (target,),
            strength,
            defense_of(state, target),
            drm=OPP_FIRE_DRM,
        )
        events += resolve(state, spec)
        shooter.marker = Marker.FIRED
    return events


def banzai_spec(state: TgxState, attackers: Sequence[Unit], hex_: Offset) -> AttackSpec | None:
    """The Banzai attack itself: the attackers' DS as their attack (halved when disrupted)
    against all DS in the hex, -2 [003 17.3]; None when no attacker is left."""
    left = [a for a in attackers if a.hex is not None]
    defenders = [u for u in state.units_at(hex_) if u.carrier is None]
    if not left or not defenders:
        return None
    attack = sum(a.type.defense / 2 if a.disrupted else a.type.defense for a in left)
    defense = sum(defense_of(state, d) for d in defenders)
    return AttackSpec(
        "Banzai attack", tuple(left), hex_, tuple(defenders), attack, defense, 0, BANZAI_DRM
    )

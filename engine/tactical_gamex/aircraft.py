"""Aircraft attacks [003 6.4.7]: an aircraft the situation grants on its turns makes one attack
per weapon type in one activation (one point), each after the enemy's AA fire at it, and is
then gone for the game; driven off (D) or destroyed (X), its remaining attacks are lost.

Decisions where the text leaves the engine a choice: the aircraft's straight flight is not
traced; it is fired on and attacks at the target hex's position (AA units within range of that
hex fire once, together, before each attack), which is where the text's own example halts it.
G, A, I and H attacks are direct, on spotted units of one hex with their DS summed, at the
strength the WEC gives the weapon at its own range (G 12, A 3, I 1, H 0 hexes); (H) attacks
every unit of the hex separately at its full strength, as indirect fire."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.tactical_gamex.anti_aircraft import AaColumn, aa_result, aa_strength
from engine.tactical_gamex.chaos import drawing
from engine.tactical_gamex.combat import AttackSpec, defense_of, wec_attack
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.spotting import spotted_hexes
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import Unit, UnitKind, UnitType, Weapon
from schemas.vocabulary import Side

Offset = tuple[int, int]
WEAPON_RANGE = {Weapon.G: 12, Weapon.A: 3, Weapon.I: 1, Weapon.H: 0, Weapon.H_INDIRECT: 0}
AA_CAPABLE = "aa_capable"


@dataclass
class Aircraft:
    """One aircraft of a side: its attacks by weapon and the turns it may fly."""

    id: str
    side: Side
    name: str
    attacks: dict[Weapon, int]
    turns: tuple[int, ...] = ()
    """The turns it is available; empty: every turn."""
    used: set[Weapon] = field(default_factory=set)
    gone: bool = False
    activated: int = 0
    """The turn it was activated in (its attacks all belong to that activation)."""
    spotter: bool = False
    """A spotter aircraft: no attacks, one activation a turn, spotting for OBA [003 6.4.7]."""

    def available(self, turn: int) -> bool:
        if self.gone:
            return False
        if self.activated and self.activated != turn and not self.spotter:
            return False  # a spotter flies every turn until lost [003 6.4.7]
        return not self.turns or turn in self.turns


def aa_units(state: TgxState, side: Side, hex_: Offset) -> list[tuple[str, float]]:
    """The enemy AA units that fire at an aircraft of `side` over `hex_`, each with its
    strength (doubled strictly inside half range, B.15 #6); nothing is rolled or changed."""
    firing: list[tuple[str, float]] = []
    for unit in state.iter_units():
        if unit.side is side or unit.disrupted or unit.carrier is not None:
            continue
        if unit.type.weapon is not Weapon.AA and not unit.type.has(AA_CAPABLE):
            continue
        assert unit.hex is not None
        strength = aa_strength(unit.type, state.board.distance(unit.hex, hex_))
        if strength > 0:
            firing.append((unit.id, float(strength)))
    return firing


def aa_chances(state: TgxState, strength: float) -> dict[str, float]:
    """The chances of the AA Fire Table's results ("-", "D" driven off, "X" destroyed) for a
    summed strength, over the six faces of its die."""
    if strength <= 0:
        return {"-": 1.0}
    columns = [AaColumn(m, r) for m, r in state.tables.aa_fire]
    faces = [aa_result(columns, strength, roll) for roll in range(1, 7)]
    return {result: faces.count(result) / 6 for result in sorted(set(faces))}


def aa_fire(state: TgxState, aircraft: Aircraft, hex_: Offset) -> tuple[float, int, str]:
    """The enemy's AA fire at an aircraft over `hex_` (`aa_units`): summed strength, the die
    and the AA Fire Table's result; no roll without AA."""
    total = sum(strength for _, strength in aa_units(state, aircraft.side, hex_))
    if total <= 0:
        return 0.0, 0, "-"
    with drawing(state, Side.AXIS if aircraft.side is Side.ALLIED else Side.ALLIED, "AA fire"):
        roll = state.dice.d6()
    columns = [AaColumn(m, r) for m, r in state.tables.aa_fire]
    return total, roll, aa_result(columns, total, roll)


def attack_specs(
    state: TgxState, aircraft: Aircraft, weapon: Weapon, hex_: Offset, targets: Sequence[Unit]
) -> list[AttackSpec]:
    """The attacks of one weapon on a hex (see the module's decisions)."""
    strength = aircraft.attacks[weapon]
    seen = spotted_hexes(state, aircraft.side, (hex_,))
    if hex_ not in seen:
        raise IllegalOrder(f"nothing spotted at {hex_}: aircraft targets are spotted first")
    if weapon is Weapon.H_INDIRECT:
        return [
            AttackSpec(
                "air attack", (), hex_, (t,), float(strength), defense_of(state, t), direct=False
            )
            for t in state.units_at(hex_)
            if t.carrier is None
        ]
    if not targets or any(t.hex != hex_ or t.side is aircraft.side for t in targets):
        raise IllegalOrder("a direct air attack names enemy units of the hex")
    kind = UnitType(aircraft.name, strength, weapon, WEAPON_RANGE[weapon], 0, 0)
    distance = WEAPON_RANGE[weapon]
    armored = sum(1 for t in targets if t.in_fort or t.type.kind is UnitKind.ARMORED)
    soft = len(targets) - armored
    if armored != soft:
        majority = UnitKind.ARMORED if armored > soft else UnitKind.SOFT
        attack = wec_attack(kind, distance, majority)
    else:  # [003 6.3.6] no majority: the type best for the defender
        attack = min(wec_attack(kind, distance, k) for k in (UnitKind.ARMORED, UnitKind.SOFT))
    if attack <= 0:
        raise IllegalOrder(f"the {weapon.value} weapon cannot attack these targets [003 6.3.6]")
    defense = float(sum(defense_of(state, t) for t in targets))
    return [AttackSpec("air attack", (), hex_, tuple(targets), attack, defense)]

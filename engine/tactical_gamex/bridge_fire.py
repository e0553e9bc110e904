"""Artillery fire at a temporary bridge [003 9.3]: units with a non-I weapon attack the bridge
marker on its own, directly or indirectly at half strength (an off-board battery too), against
the defence strength the title prints on the marker; only an X destroys it, and the vehicles
on it with it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.tactical_gamex import temporary_bridges
from engine.tactical_gamex.aircraft import WEAPON_RANGE, Aircraft
from engine.tactical_gamex.attacks import check_indirect, indirect_specs, run
from engine.tactical_gamex.chaos import drawing
from engine.tactical_gamex.combat import may_attack, wec_attack
from engine.tactical_gamex.events import Attacked, DefenderResult
from engine.tactical_gamex.field_of_fire import in_arc
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import CallArtillery
from engine.tactical_gamex.state import Battery, TgxState
from engine.tactical_gamex.tables import COLUMNS, Result, final_column
from engine.tactical_gamex.units import TRUCK, Unit, UnitKind, UnitType, Weapon
from schemas.vocabulary import Side

Offset = tuple[int, int]
BRIDGE = "temporary bridge"
"""How the log and the previews name the target (it is a marker, not a unit)."""


@dataclass(frozen=True)
class BridgeAttack:
    """A built attack on a temporary bridge: its factors, nothing rolled yet."""

    attackers: tuple[Unit, ...]
    hex: Offset
    attack: float
    defense: int
    direct: bool
    side: Side
    """The side firing (whose card a roll draws under rule 24)."""
    names: tuple[str, ...]
    """The firing units, or the battery."""
    label: str = ""
    """The log's name of the attack when no unit or battery makes it (an aircraft's)."""

    @property
    def kind(self) -> str:
        if self.label:
            return self.label
        if not self.attackers:
            return "artillery at bridge"
        return "fire at bridge" if self.direct else "indirect fire at bridge"

    @property
    def column(self) -> int | None:
        """The CRT column, None below 1:3 (no effect without a roll) [003 6.3.4]."""
        return final_column(self.attack, self.defense)


def bridge_defense(state: TgxState, hex_: Offset) -> int:
    """The DS of the temporary bridge at `hex_`; IllegalOrder when there is none to fire at.

    Decision [003 9.3]: the text sends the player to "the bridge marker's inherent defense
    strength noted on the counter" and prints none; a title states it on its bridge layer's
    type (`bridge_defense`). A bridge whose DS the title does not state cannot be fired on
    (the engine will not make one up). Printed bridges are no temporary bridges: only an
    engineer blows them [003 9.2]."""
    if not temporary_bridges.is_temporary(state, hex_):
        raise IllegalOrder(f"no temporary bridge at {hex_} [003 9.3]")
    defense = state.counters.bridge_defense.get(hex_)
    if defense is None:
        raise IllegalOrder(
            f"the title gives no DS for the bridge marker at {hex_}: it cannot be fired on "
            "[003 9.3]"
        )
    return defense


def _non_infantry_weapon(unit: Unit) -> None:
    """Only non-I weapons attack a bridge [003 9.3]; decision: the C(I) carrier's weapon is
    its infantry's, so it counts as I too."""
    why = may_attack(unit)
    if why:
        raise IllegalOrder(why)
    if unit.type.weapon in (Weapon.I, Weapon.C_I):
        raise IllegalOrder(f"{unit.id}: I weapons may not attack a temporary bridge [003 9.3]")


def direct_attack(state: TgxState, attackers: Sequence[Unit], hex_: Offset) -> BridgeAttack:
    """Direct fire at the bridge [003 9.3, 6.4.1]: every attacker in range, sight and field
    of fire of the hex, from mutually adjacent hexes as combined fire.

    Decisions (9.3 says only "non 'I' category weapons, either directly or indirectly"): the
    bridge is read on the WEC as an Armored target, the structure a fortification is too
    [003 8.4], so an A weapon at half its range doubles and H beyond six hexes halves; the
    marker needs no spotting, being a neutral counter in plain view and not a unit [003 6.3.8];
    either side may fire at any temporary bridge, neutral counters belonging to no one
    [003 8.0]."""
    defense = bridge_defense(state, hex_)
    if not attackers:
        raise IllegalOrder("an attack needs attackers")
    hexes = {a.hex for a in attackers if a.hex is not None}
    if any(not state.board.adjacent(a, b) for a in hexes for b in hexes if a != b):
        raise IllegalOrder("the firing hexes are not all adjacent to each other [003 4.2.2]")
    total = 0.0
    for a in attackers:
        _non_infantry_weapon(a)
        assert a.hex is not None
        if not has_los(state, a.hex, hex_):
            raise IllegalOrder(f"{a.id} has no line of sight to {hex_} [003 6.3.7]")
        if not in_arc(state, a, hex_):
            raise IllegalOrder(f"{hex_} is outside {a.id}'s field of fire [003 19.2]")
        strength = wec_attack(a.type, state.board.distance(a.hex, hex_), UnitKind.ARMORED)
        if strength <= 0:
            raise IllegalOrder(f"{a.id} cannot attack the bridge at {hex_} (range, WEC)")
        total += strength
    names = tuple(a.id for a in attackers)
    return BridgeAttack(tuple(attackers), hex_, total, defense, True, attackers[0].side, names)


def why_not_sighter(state: TgxState, sighter: Unit, hex_: Offset) -> str | None:
    """Why a unit may not sight indirect fire on a bridge [003 6.4.3]: as for units (no marker,
    able to attack, no truck, sight of the hex), but nothing needs spotting (a marker)."""
    if sighter.hex is None or sighter.marker is not None:
        return f"{sighter.id} has already acted this turn"
    why = may_attack(sighter)
    if why:
        return why
    if sighter.type.has(TRUCK):
        return "trucks cannot sight [003 6.3.8]"
    if not has_los(state, sighter.hex, hex_):
        return f"{sighter.id} has no line of sight to {hex_}"
    return None


def indirect_attack(
    state: TgxState, attackers: Sequence[Unit], hex_: Offset, sighter: Unit
) -> BridgeAttack:
    """Indirect fire at the bridge with a sighter [003 9.3, 6.4.3]: the units' printed AS
    halved.

    Decision: 9.3's halving is the bridge's own rule for indirect fire and is applied once,
    to the printed strength (the WEC's halving of indirect fire against armour is the same
    half, not a second one). The range, (H) minimum range and field of fire are 6.4.3's and
    19's as for any indirect fire."""
    defense = bridge_defense(state, hex_)
    if not attackers:
        raise IllegalOrder("an attack needs attackers")
    for a in attackers:
        _non_infantry_weapon(a)
    check_indirect(state, attackers, hex_)
    why = why_not_sighter(state, sighter, hex_)
    if why:
        raise IllegalOrder(why)
    total = sum(a.type.attack for a in attackers) / 2
    names = tuple(a.id for a in attackers)
    return BridgeAttack(tuple(attackers), hex_, total, defense, False, attackers[0].side, names)


def check_battery_call(state: TgxState, order: CallArtillery, battery: Battery) -> None:
    """IllegalOrder unless an OBA battery may be called on the temporary bridge of the hex.

    Decisions: off-board artillery is indirect fire [003 6.4.4], so 9.3 lets it attack a
    temporary bridge, at half the battery's strength; the call is 6.4.4's (availability,
    accuracy and scatter, the points to lower the die) with a ground sighter that sees the
    hex, nothing needing spotting. A spotter aircraft sights for OBA on units [003 6.4.7] and
    an Interdiction marker is placed on a hex [003 21.1]: neither is taken at a bridge."""
    bridge_defense(state, order.hex)
    if order.interdict:
        raise IllegalOrder("an Interdiction marker goes on a hex, not on a bridge [003 21.1]")
    if order.sighter in state.aircraft:
        raise IllegalOrder("a spotter aircraft sights artillery on units, not a bridge [003 6.4.7]")
    if battery.direct:
        raise IllegalOrder(f"{battery.id} fires from the sea edge, not as OBA [003 10.5]")


def battery_attack(state: TgxState, battery: Battery, hex_: Offset) -> BridgeAttack:
    """A battery's fire landing on the bridge: half its strength [003 9.3]."""
    defense = bridge_defense(state, hex_)
    return BridgeAttack((), hex_, battery.attack / 2, defense, False, battery.side, (battery.id,))


def battery_lands(state: TgxState, battery: Battery, aimed: Offset, lands: Offset) -> list[object]:
    """A battery called on a bridge has landed [003 6.4.4, 9.3].

    Decision: on the bridge hex it attacks the bridge on its own (the units there are not
    attacked: 9.3 has the bridge "attacked separately"); scattered to a neighbour it falls as
    any OBA does, on the units of that hex at the battery's full strength, friends too - the
    bridge is attacked only where it stands."""
    if lands == aimed:
        return fire(state, battery_attack(state, battery, aimed))
    return run(state, indirect_specs(state, [], lands, strength=battery.attack))


def air_attack(state: TgxState, plane: Aircraft, weapon: Weapon, hex_: Offset) -> BridgeAttack:
    """An aircraft's attack of one weapon type on the temporary bridge of `hex_`
    [003 9.3, 6.4.7]; the AA fire before it is the pass's own (`aircraft.aa_fire`).

    Decisions: 9.3 lets "non 'I' category weapons" attack a bridge "directly or indirectly"
    and does not except aircraft, so an aircraft's G, A, H and (H) attacks may, its I attack
    may not. G, A and H are direct: the WEC at the weapon's own range of 6.4.7 (G 12, A 3,
    H 0 hexes) against the bridge read as Armored, as ground fire reads it (`direct_attack`).
    (H) is indirect fire (6.4.7: "(H) weapon types use Indirect attacks"), so 9.3 halves it;
    its "each unit is attacked separately" does not reach the units of the hex, the bridge
    being "attacked separately from other units in the hex" (9.3). The marker needs no
    spotting (6.4.7's "target unit must be spotted" is about units; a bridge is a neutral
    counter in plain view)."""
    defense = bridge_defense(state, hex_)
    if weapon not in plane.attacks:
        raise IllegalOrder(f"{plane.id} has no {weapon.value} attack")
    if weapon is Weapon.I:
        raise IllegalOrder(f"{plane.id}: I weapons may not attack a temporary bridge [003 9.3]")
    strength = plane.attacks[weapon]
    if weapon is Weapon.H_INDIRECT:
        return BridgeAttack((), hex_, strength / 2, defense, False, plane.side, (plane.id,),
                            "air attack at bridge")  # fmt: skip
    kind = UnitType(plane.name, strength, weapon, WEAPON_RANGE[weapon], 0, 0)
    attack = wec_attack(kind, WEAPON_RANGE[weapon], UnitKind.ARMORED)
    if attack <= 0:
        raise IllegalOrder(f"the {weapon.value} weapon cannot attack the bridge [003 6.3.6]")
    return BridgeAttack(
        (), hex_, attack, defense, True, plane.side, (plane.id,), "air attack at bridge"
    )


def result_chances(state: TgxState, attack: BridgeAttack) -> dict[str, float]:
    """The CRT row's results over the six faces of the die, unmodified, as the bridge reads
    them: X destroys it, anything else is no effect [003 9.3]."""
    column = attack.column
    if column is None:
        return {Result.NONE.value: 1.0}
    faces = Counter(
        Result.X.value if state.tables.crt.result(column, roll) is Result.X else Result.NONE.value
        for roll in range(1, 7)
    )
    return {result: count / 6 for result, count in faces.items()}


def fire(state: TgxState, attack: BridgeAttack) -> list[object]:
    """Roll the attack and apply it [003 9.3]: an X destroys the bridge and the vehicles and
    guns on it with their passengers (`temporary_bridges.destroy`); D and DD are ignored.

    Decision: the die is not modified: the modifiers of 6.3.5 are a defending unit's (its
    disruption, terrain, position) and a bridge marker has none of them."""
    names = attack.names
    column = attack.column
    if column is None:
        row = (DefenderResult(BRIDGE, 0, Result.NONE.value),)
        return [
            Attacked(
                state.turn, attack.kind, names, attack.hex, attack.attack, attack.defense,
                "<1:3", 0, row,
            )
        ]  # fmt: skip
    with drawing(state, attack.side, attack.kind):
        roll = state.dice.d6()
    hit = state.tables.crt.result(column, roll) is Result.X
    shown = Result.X if hit else Result.NONE
    events: list[object] = [
        Attacked(
            state.turn,
            attack.kind,
            names,
            attack.hex,
            round(attack.attack, 2),
            attack.defense,
            COLUMNS[column],
            roll,
            (DefenderResult(BRIDGE, 0, shown.value),),
        )
    ]
    if hit:
        events += temporary_bridges.destroy(state, attack.hex)
    return events

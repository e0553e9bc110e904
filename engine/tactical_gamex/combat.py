"""Resolving an attack [003 6.3]: the Weapons Effectiveness Chart, the target hex's unit type,
the defence factor, each defender's die-roll modifiers, the CRT's D/DD/X applied, wrecks
[003 8.1] and fortifications [003 8.4]."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.tactical_gamex.chaos import drawing
from engine.tactical_gamex.events import Attacked, DefenderResult, Eliminated
from engine.tactical_gamex.sea import sea_defense, sea_kind
from engine.tactical_gamex.state import TgxState, other
from engine.tactical_gamex.tables import COLUMNS, Result, final_column
from engine.tactical_gamex.units import Marker, StreamState, Unit, UnitKind, UnitType, Weapon

Offset = tuple[int, int]
HE_SPLIT = 6
"""H and (H) direct fire against armour: printed AS to six hexes, half beyond [003 6.3.6]."""


def wec_attack(kind: UnitType, distance: int, target: UnitKind, indirect: bool = False) -> float:
    """A unit's attack strength against a target type at a distance, by the WEC [003 6.3.6];
    0 when the attack is not allowed or out of range.

    Decisions: AA and C weapons against ground targets are not on the chart; they fire at
    printed AS against non-armoured targets and half against armour. G (aircraft, 12 hexes)
    fires at printed AS against any target (B.15 #11). Aircraft are non-armoured targets.

    >>> from engine.tactical_gamex.units import UnitType, Weapon, UnitKind
    >>> pz4 = UnitType("Pz IV H", 14, Weapon.A, 12, 9, 8, UnitKind.ARMORED)
    >>> wec_attack(pz4, 4, UnitKind.ARMORED), wec_attack(pz4, 7, UnitKind.ARMORED)
    (28, 14)
    >>> wec_attack(pz4, 4, UnitKind.SOFT)
    7.0
    """
    strength = kind.attack
    weapon = kind.weapon
    armored = target is UnitKind.ARMORED
    if weapon is Weapon.I:
        if armored:
            return 0  # [003 6.3.6] Close Assault only
        if distance <= kind.range:
            return strength
        if kind.double_range and distance <= 2 * kind.range:
            return strength / 2
        return 0
    if distance > kind.range:
        return 0
    if weapon is Weapon.A:
        if not armored:
            return strength / 2
        return strength * 2 if distance <= kind.range / 2 else strength
    if weapon in (Weapon.H, Weapon.H_INDIRECT) and not indirect:
        if armored and distance > HE_SPLIT:
            return strength / 2
        return strength
    if weapon in (Weapon.H_INDIRECT, Weapon.M) or indirect:
        return strength / 2 if armored else strength
    if weapon is Weapon.G:
        return strength
    return strength / 2 if armored else strength


def target_kind(state: TgxState, targets: Sequence[Unit], attackers: Sequence[Unit]) -> UnitKind:
    """The unit type an attack on `targets` reads on the WEC [003 6.3.6]: units inside a
    fortification are armoured [003 8.4]; the majority's type, and with no majority the type
    that gives the attackers the smaller attack factor."""
    kinds = [defending_kind(t) for t in targets]
    kinds = [UnitKind.SOFT if k is UnitKind.AIRCRAFT else k for k in kinds]
    armored = kinds.count(UnitKind.ARMORED)
    soft = len(kinds) - armored
    if armored != soft:
        return UnitKind.ARMORED if armored > soft else UnitKind.SOFT
    target_hex = targets[0].hex
    assert target_hex is not None

    def factor(kind: UnitKind) -> float:
        return sum(
            wec_attack(a.type, state.board.distance(a.hex, target_hex), kind)
            for a in attackers
            if a.hex is not None
        )

    return min((UnitKind.ARMORED, UnitKind.SOFT), key=factor)


def defending_kind(unit: Unit) -> UnitKind:
    """The WEC type a unit is attacked as: Armored inside a fortification [003 8.4] or as a
    vehicle at sea [003 10.4], else its own."""
    if unit.in_fort:
        return UnitKind.ARMORED
    return sea_kind(unit) or unit.type.kind


MOUNTED_FIRE = "mounted_infantry_fire"
BAIL_OUT = "bail_out"
PANZERBLITZ_ASSAULT = "panzerblitz_assault"
RIDER_DEFENSE = 1
"""A PanzerBlitz Assault rider attacked on its own defends at a nominal DS 1 [003 16.2]."""


def assault_carrier(state: TgxState, unit: Unit) -> bool:
    """Whether the unit carries infantry by PanzerBlitz Assault (rule 16): German armour, not
    SPA, with the rule on [003 16.1]."""
    return (
        PANZERBLITZ_ASSAULT in state.options
        and unit.nation == "germany"
        and unit.type.kind is UnitKind.ARMORED
        and not unit.type.has("spa")
        and not unit.type.is_transport
    )


def mounted_rider(state: TgxState, unit: Unit) -> Unit | None:
    """The infantry passenger of a C(I) carrier, when Mounted Infantry Fire (rule 13) is on."""
    if MOUNTED_FIRE not in state.options or unit.type.weapon is not Weapon.C_I:
        return None
    rider = state.units.get(unit.passenger or "")
    return rider if rider is not None and rider.type.is_infantry else None


def defense_of(state: TgxState, unit: Unit) -> float:
    """A defender's DS: a unit inside a fortification defends with the fortification's only
    [003 8.4]; a C(I) carrier adds half its infantry passenger's DS (rule 13) [003 13.0]."""
    if unit.in_fort and unit.hex in state.counters.forts:
        return state.counters.forts[unit.hex].defense
    at_sea = sea_defense(unit)
    if at_sea is not None:  # [003 10.4]
        return at_sea
    carrier = state.units.get(unit.carrier or "")
    if carrier is not None and assault_carrier(state, carrier):
        return RIDER_DEFENSE
    rider = mounted_rider(state, unit)
    return unit.type.defense + (rider.type.defense / 2 if rider else 0)


@dataclass(frozen=True)
class AttackSpec:
    """An attack to resolve: its kind, attackers, target hex and units, factors and shifts."""

    kind: str
    attackers: tuple[Unit, ...]
    hex: Offset
    targets: tuple[Unit, ...]
    attack: float
    defense: float
    shifts: int = 0
    drm: int = 0
    """The attack's own modifier (Overrun and Close Assault -2) [003 6.4.5, 6.4.6]."""
    direct: bool = True
    terrain: bool = True
    """Whether defenders' terrain and status modify the roll (not for mines) [003 8.2]."""
    entering_ip: bool = False
    """Opportunity fire at a unit entering an Improved Position: no IP benefit [003 8.3]."""


def defender_modifier(state: TgxState, spec: AttackSpec, unit: Unit) -> int:
    """The sum of a defender's die-roll modifiers [003 6.3.5]: Disrupted -1, the terrain's
    (Town and City +1), Improved Position +2, inside a Fortification +2, in a stream +1 against
    direct attacks only [003 6.3.9] (all read from the TEC), plus the attack's own."""
    modifier = spec.drm
    if not spec.terrain:
        return 0
    hex_ = unit.hex
    assert hex_ is not None
    if unit.disrupted:
        modifier -= 1
    on_bridge = state.bridge_at(hex_) and unit.stream is None
    effects = state.board.effects(hex_)
    if not on_bridge:
        modifier += effects.drm_direct if spec.direct else effects.drm_indirect
    if hex_ in state.counters.improved and not spec.entering_ip:
        modifier += 2
    if unit.in_fort:
        modifier += 2
    return modifier


def resolve(state: TgxState, spec: AttackSpec) -> list[object]:
    """Roll once and apply each defender's result [003 6.3.4, 6.3.5]; attacks worse than 1:3
    have No Effect without a roll. Attackers get Fired where their kind says so (the caller)."""
    column = final_column(spec.attack, spec.defense, spec.shifts)
    names = tuple(a.id for a in spec.attackers)
    if column is None:
        rows = tuple(DefenderResult(t.id, 0, Result.NONE.value) for t in spec.targets)
        return [
            Attacked(
                state.turn, spec.kind, names, spec.hex, spec.attack, spec.defense, "<1:3", 0, rows
            )
        ]
    # [003 24.1] with the Action Deck the attackers' player draws (a mine's: its victim's enemy)
    side = spec.attackers[0].side if spec.attackers else other(spec.targets[0].side)
    with drawing(state, side, spec.kind):
        roll = state.dice.d6()
    results: list[DefenderResult] = []
    effects: list[object] = []
    outcomes: list[tuple[Unit, Result]] = []
    for target in spec.targets:
        modifier = defender_modifier(state, spec, target)
        result = state.tables.crt.result(column, roll + modifier)
        results.append(DefenderResult(target.id, modifier, result.value))
        outcomes.append((target, result))
    effects.append(
        Attacked(
            state.turn,
            spec.kind,
            names,
            spec.hex,
            round(spec.attack, 2),
            spec.defense,
            COLUMNS[column],
            roll,
            tuple(results),
        )
    )
    for target, result in outcomes:
        effects.extend(apply_result(state, target, result))
    return effects


def apply_result(state: TgxState, unit: Unit, result: Result) -> list[object]:
    """A CRT result on one unit [003 6.3.4]: D disrupts, DD eliminates a disrupted unit and
    disrupts the others, X eliminates; a passenger shares its carrier's fate [003 5.2.1].
    Inside a fortification, D disrupts and further disruptions are ignored [003 8.4]."""
    if unit.hex is None or result is Result.NONE:
        return []
    if unit.in_fort and result is not Result.X:
        result = Result.D
    if unit.in_fort and result is Result.X:
        # [003 8.4] the fortification goes with everyone inside, and leaves one wreck
        hex_ = unit.hex
        fort = state.counters.forts.pop(hex_, None)
        events = eliminate(state, unit, wrecks=False)
        for other in [u for u in state.units_at(hex_) if u.in_fort]:
            events += eliminate(state, other, wrecks=False)
        if fort is not None:
            place_wreck(state, hex_)
        return events
    if result is Result.X or (result is Result.DD and unit.disrupted):
        return eliminate(state, unit)
    return disrupt(state, unit)


def disrupt(state: TgxState, unit: Unit) -> list[object]:
    """Flip a unit (and its passenger) to its Disrupted side; an Opportunity Fire marker becomes
    Completed [003 6.4.2]. With Bail-Out (rule 14) the infantry of a disrupted C(I) carrier
    dismounts at once, disrupted too, when the hex has room; decision: it always does, the
    choice the rule gives the owner being the one that keeps the unit out of its carrier's
    fate [003 14.0]. A PanzerBlitz Assault rider (rule 16) disrupted gets off (see
    `_dismount_rider`). The events of any unit eliminated on the way."""
    passenger = state.units.get(unit.passenger or "")
    for u in (unit, *(c for c in state.units.values() if c.carrier == unit.id)):
        u.disrupted = True
        if u.marker is Marker.OPP_FIRE:
            u.marker = Marker.COMPLETED
    carrier = state.units.get(unit.carrier or "")
    if carrier is not None and assault_carrier(state, carrier):
        return _dismount_rider(state, carrier, unit)
    if passenger is not None and assault_carrier(state, unit):
        return _dismount_rider(state, unit, passenger)
    if (
        passenger is not None
        and BAIL_OUT in state.options
        and not unit.at_sea  # no bailing out into the sea [003 10.4]
        and unit.type.weapon is Weapon.C_I
        and passenger.type.is_infantry
        and unit.hex is not None
        and state.stack_count(unit.hex) + 1 <= state.stacking_limit(unit.side)
    ):
        unit.passenger, passenger.carrier = None, None
    return []


def _dismount_rider(state: TgxState, carrier: Unit, rider: Unit) -> list[object]:
    """A disrupted PanzerBlitz Assault rider gets off at once; without room in the hex it is
    eliminated and the vehicle disrupted [003 16.2]."""
    if carrier.passenger != rider.id:
        return []
    carrier.passenger, rider.carrier = None, None
    assert carrier.hex is not None
    if state.stack_count(carrier.hex) > state.stacking_limit(carrier.side):
        carrier.disrupted = True
        return eliminate(state, rider)
    return []


def eliminate(state: TgxState, unit: Unit, wrecks: bool = True) -> list[object]:
    """Remove a unit and its passenger; a wreck for an Armored unit (B.15 #4: the UFT's unit
    type decides, where 2.2 says vehicles, 6.3.4 'A' category and 8.1 armoured units), at most
    three a hex, none in Water or Swamp nor with another neutral counter [003 8.1]."""
    hex_ = unit.hex
    assert hex_ is not None
    events: list[object] = []
    # every unit it carries (an LVT carries two [003 10.1])
    carried = [u for u in state.units.values() if u.carrier == unit.id]
    for u in (unit, *carried):
        if u.hex is None:
            continue
        wreck = wrecks and u.type.kind is UnitKind.ARMORED and place_wreck(state, hex_)
        u.hex = None
        u.carrier = None
        u.passenger = None
        u.stream = None
        u.in_fort = False
        u.at_sea = False
        if u.command_post:
            # [003 22.1] the attached CP goes on the turn track, reassigned a turn later
            u.command_post = False
            state.cp_track.append((state.turn + 1, u.side))
        state.eliminated[u.side] += 1
        events.append(Eliminated(state.turn, u.id, hex_, wreck))
    if not state.units_at(hex_):
        state.spotted.discard(hex_)
    return events


def place_wreck(state: TgxState, hex_: Offset) -> bool:
    """Put a wreck in a hex if the rules allow one more there [003 8.1]."""
    counters = state.counters
    effects = state.board.effects(hex_)
    if effects.water or effects.name.lower() == "swamp":
        return False
    if hex_ in counters.mines or hex_ in counters.improved or hex_ in counters.blocks:
        return False
    if hex_ in counters.forts:
        return False
    if counters.wrecks.get(hex_, 0) >= 3:
        return False
    counters.wrecks[hex_] = counters.wrecks.get(hex_, 0) + 1
    return True


def may_attack(unit: Unit) -> str | None:
    """Why a unit may not attack now, None when it may: disrupted units never do [003 7.2],
    passengers take no action [003 5.2.1], and in a stream only units Up [003 6.3.9]."""
    if unit.hex is None:
        return f"{unit.id} is not on the board"
    if unit.disrupted:
        return f"{unit.id} is disrupted"
    if unit.at_sea:
        return f"{unit.id} is at sea and may not fire until it lands [003 10.3]"
    if unit.carrier is not None:
        return f"{unit.id} is carried by {unit.carrier}"
    if unit.stream is StreamState.DOWN:
        return f"{unit.id} is Down in a stream"
    return None

"""The aircraft orders the Test-play panel plans before they are given [003 6.4.7]: the
aircraft of the side to act that may fly now, and for one of them at the aimed hex the enemy AA
fire it meets there (each unit's strength, the chances of being driven off or destroyed),
then its attack's preview, or a spotter aircraft's spotting roll or battery call. Aimed at a
temporary bridge, each non-I weapon is offered "at bridge" too: the bridge attacked on its own
[003 9.3]. Qt-free.

The engine fires AA at the aircraft over the target hex, not along a traced flight line (the
decision is in `engine.tactical_gamex.aircraft`'s docstring): the AA the preview lists is the
AA of that hex's surroundings, the one fire the order meets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from editor.tactical_gamex.testplay.more_orders import Planned, battery_call
from editor.tactical_gamex.testplay.preview import preview_of

if TYPE_CHECKING:
    from engine.tactical_gamex.aircraft import Aircraft
    from engine.tactical_gamex.game import TacticalGame
    from engine.tactical_gamex.units import Weapon

Offset = tuple[int, int]
SPOT = "spot"
SIGHT = "sight artillery"
"""A spotter aircraft's two missions, beside the attacking aircraft's weapons."""
AT_BRIDGE = " at bridge"
"""After a weapon: its attack on the aimed hex's temporary bridge [003 9.3]."""


def air_choices(game: TacticalGame, aimed: Offset | None = None) -> list[tuple[str, str]]:
    """(aircraft, weapon or mission) the side to act may fly now: each weapon not yet used of
    an aircraft available this turn, and a spotter's spot and battery call while it has its
    activation of the turn; with the aimed hex a temporary bridge, each non-I weapon at the
    bridge too [003 9.3]."""
    from engine.tactical_gamex.temporary_bridges import is_temporary  # noqa: PLC0415
    from engine.tactical_gamex.units import Weapon  # noqa: PLC0415

    bridge = aimed is not None and is_temporary(game.state, aimed)
    turn = game.state.turn
    found: list[tuple[str, str]] = []
    for plane in game.state.aircraft.values():
        if plane.side is not game.acting or not plane.available(turn):
            continue
        if plane.spotter:
            if plane.activated != turn:
                found += [(plane.id, SPOT), (plane.id, SIGHT)]
            continue
        left = [w for w in sorted(plane.attacks, key=str) if w not in plane.used]
        found += [(plane.id, w.value) for w in left]
        if bridge:
            found += [(plane.id, w.value + AT_BRIDGE) for w in left if w is not Weapon.I]
    return found


def _aa_lines(game: TacticalGame, plane: Aircraft, hex_: Offset) -> list[str]:
    from engine.tactical_gamex.aircraft import aa_chances, aa_units  # noqa: PLC0415

    firing = aa_units(game.state, plane.side, hex_)
    if not firing:
        return [f"AA fire over {hex_}: none"]
    total = sum(strength for _, strength in firing)
    odds = aa_chances(game.state, total)
    units = ", ".join(f"{unit} {strength:g}" for unit, strength in firing)
    return [
        f"AA fire over {hex_}: {units} = {total:g}; driven off {odds.get('D', 0.0):.0%}, "
        f"destroyed {odds.get('X', 0.0):.0%}, through {odds.get('-', 0.0):.0%} "
        "(driven off or destroyed, the rest of its attacks are lost)"
    ]


def plan_air(
    game: TacticalGame, plane_id: str, action: str, hex_: Offset, lowered: int = 0
) -> Planned:
    """The order of `air_choices`' (plane, action) at the aimed hex, with the AA fire first,
    then the attack (every enemy unit of the hex), the spotting roll or the battery call;
    ValueError with the engine's sentence when it may not be given."""
    from engine.tactical_gamex.aircraft import attack_specs  # noqa: PLC0415
    from engine.tactical_gamex.orders import AirAttack, Spot  # noqa: PLC0415
    from engine.tactical_gamex.spotting import air_spot_roll_needed  # noqa: PLC0415
    from engine.tactical_gamex.units import Weapon  # noqa: PLC0415

    state = game.state
    plane = state.aircraft.get(plane_id)
    if plane is None or (plane_id, action) not in air_choices(game, hex_):
        raise ValueError(f"{plane_id} cannot fly {action} now [003 6.4.7]")
    aa = _aa_lines(game, plane, hex_)
    if action == SPOT:
        needed = air_spot_roll_needed(state, plane.side, hex_)
        if needed is None:
            raise ValueError(f"{plane_id} cannot try to spot {hex_} [003 6.3.8]")
        roll = "without a roll" if needed == 0 else f"on 1-{needed} ({min(needed, 6) / 6:.0%})"
        spot: Spot = Spot(plane_id, hex_)
        return Planned(spot, (f"Spotter: {plane_id} spots {hex_} {roll}, after:", *aa))
    if action == SIGHT:
        call = battery_call(game, plane_id, hex_, lowered, points=2)
        return Planned(call.order, (*call.lines, *aa))
    if action.endswith(AT_BRIDGE):
        return _at_bridge(game, plane, Weapon(action.removesuffix(AT_BRIDGE)), hex_, aa)
    weapon = Weapon(action)
    targets = tuple(
        u for u in state.units_at(hex_) if u.side is not plane.side and u.carrier is None
    )
    chosen = () if weapon is Weapon.H_INDIRECT else targets
    specs = attack_specs(state, plane, weapon, hex_, chosen)
    order: AirAttack = AirAttack(plane_id, action, hex_, tuple(t.id for t in chosen))
    lines = [f"Air strike: {plane.name} ({plane_id}) {action} at {hex_}, after:", *aa]
    lines += [preview_of(game, spec).describe() for spec in specs]
    return Planned(order, tuple(lines))


def _at_bridge(
    game: TacticalGame, plane: Aircraft, weapon: Weapon, hex_: Offset, aa: list[str]
) -> Planned:
    """The aircraft's attack of one weapon on the temporary bridge of the aimed hex, after the
    AA fire: direct weapons at their WEC strength against the bridge read as armour, (H)
    halved [003 9.3, 6.4.7]."""
    from editor.tactical_gamex.testplay.bridge_orders import attack_lines  # noqa: PLC0415
    from engine.tactical_gamex.bridge_fire import air_attack  # noqa: PLC0415
    from engine.tactical_gamex.movement import IllegalOrder  # noqa: PLC0415
    from engine.tactical_gamex.orders import AirAttack  # noqa: PLC0415

    order: AirAttack = AirAttack(plane.id, weapon.value, hex_, bridge=True)
    why = game.why_not(order)
    if why:
        raise ValueError(why)
    try:
        attack = air_attack(game.state, plane, weapon, hex_)
    except IllegalOrder as exc:
        raise ValueError(str(exc)) from None
    where = game.state.board.names.get(hex_, str(hex_))
    head = f"Air strike: {plane.name} ({plane.id}) {weapon.value} at the bridge at {where}, after:"
    first, *rest = attack_lines(game, attack, head)
    return Planned(order, (first, *aa, *rest))

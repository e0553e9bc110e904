"""The Test-play panel's orders beyond Move, Fire and Close Assault, made from the unit chosen
and the hex aimed at: indirect fire with a sighter [003 6.4.3], off-board artillery with its
availability, accuracy and scatter chances [003 6.4.4], overrun [003 6.4.5], load and unload
[003 5.2], spotting [003 6.3.8] and smoke [003 20.1]. Each function returns the order and
what it would do before a die is rolled, or raises ValueError with the rules' sentence.
Qt-free; nothing here touches the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from editor.tactical_gamex.testplay.preview import preview_of

if TYPE_CHECKING:
    from engine.tactical_gamex.game import TacticalGame
    from engine.tactical_gamex.orders import (
        CallArtillery,
        FireSmoke,
        IndirectFire,
        Load,
        Overrun,
        Spot,
        Unload,
    )
    from engine.tactical_gamex.state import Battery
    from engine.tactical_gamex.units import Unit

Offset = tuple[int, int]


@dataclass(frozen=True)
class Planned:
    """An order the panel may give, and the lines of its preview."""

    order: object
    lines: tuple[str, ...]

    def describe(self) -> str:
        return "\n".join(self.lines)


def _sighter_for(game: TacticalGame, hex_: Offset, exclude: str = "") -> Unit:
    """The first unit of the side to act that may sight `hex_` [003 6.4.3]: the panel picks it
    so that a player need not (any eligible sighter gives the same attack)."""
    from engine.tactical_gamex.attacks import why_not_sighter  # noqa: PLC0415

    for unit in game.state.units.values():
        if unit.side is not game.acting or unit.hex is None or unit.id == exclude:
            continue
        if why_not_sighter(game.state, unit, hex_) is None:
            return unit
    raise ValueError(f"no unit of yours may sight {hex_} [003 6.4.3]")


def indirect_fire(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """The chosen unit fires indirectly at the aimed hex, the first eligible unit sighting;
    one attack on each defender with its share of the strength [003 6.4.3]."""
    from engine.tactical_gamex.attacks import check_indirect, indirect_specs  # noqa: PLC0415
    from engine.tactical_gamex.orders import IndirectFire  # noqa: PLC0415

    state = game.state
    unit = game.unit(unit_id)
    check_indirect(state, [unit], hex_)
    sighter = _sighter_for(game, hex_, exclude=unit_id)
    order: IndirectFire = IndirectFire((unit_id,), hex_, sighter.id)
    lines = [f"Indirect fire, {sighter.id} sighting:"]
    for spec in indirect_specs(state, [unit], hex_):
        lines.append(preview_of(game, spec).describe())
    return Planned(order, tuple(lines))


def artillery(game: TacticalGame, sighter_id: str, hex_: Offset, lowered: int = 0) -> Planned:
    """The first battery of the side to act that has not fired, at the aimed hex, the chosen
    unit sighting [003 6.4.4] (`battery_call`)."""
    from engine.tactical_gamex.attacks import why_not_sighter  # noqa: PLC0415

    why = why_not_sighter(game.state, game.unit(sighter_id), hex_)
    if why:
        raise ValueError(why)
    return battery_call(game, sighter_id, hex_, lowered)


def battery_call(
    game: TacticalGame, sighter_id: str, hex_: Offset, lowered: int = 0, points: int = 1
) -> Planned:
    """The first battery of the side to act that has not fired, called on `hex_` with
    `sighter_id` (a unit or a spotter aircraft, checked by the caller) [003 6.4.4, 6.4.7]. The
    preview gives the chance the battery is available (2d6 at or under the nation's morale),
    then hits (1-2), scatters (3-5) or is widely spread (6), each die less the `lowered`
    activation points spent, and the attack on each defender should it land on the hex.
    `points`: what the call costs before the accuracy points (a spotter's activation adds one).

    Decision: the points lowering the die are spent with the call (the order is one value),
    so a battery that proves unavailable loses them too; the preview says so."""
    from engine.tactical_gamex.attacks import indirect_specs  # noqa: PLC0415
    from engine.tactical_gamex.orders import CallArtillery  # noqa: PLC0415

    state = game.state
    battery, head = battery_chances(game, sighter_id, lowered, points)
    order: CallArtillery = CallArtillery(battery.id, hex_, sighter_id, lowered)
    lines = [f"Artillery: {head}"]
    for spec in indirect_specs(state, [], hex_, strength=battery.attack):
        lines.append(preview_of(game, spec).describe())
    return Planned(order, tuple(lines))


def battery_chances(
    game: TacticalGame, sighter_id: str, lowered: int = 0, points: int = 1
) -> tuple[Battery, str]:
    """The first battery of the side to act that has not fired, and its call's chances: 2d6 at
    or under the nation's morale to be available, then the accuracy die less `lowered`
    [003 6.4.4]; ValueError when there is none or the points do not reach."""
    from engine.tactical_gamex.attacks import accuracy_chances  # noqa: PLC0415

    state = game.state
    batteries = [b for b in state.batteries.values() if b.side is game.acting and not b.fired]
    if not batteries:
        raise ValueError("no battery of yours left to fire this turn [003 6.4.4]")
    battery = batteries[0]
    if lowered and points + lowered > game.points_left:
        raise ValueError(
            f"the call and {lowered} accuracy points need {points + lowered} activation "
            f"points; {game.points_left} left [003 6.4.4]"
        )
    level = state.morale[battery.nation]
    available = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= level) / 36
    odds = accuracy_chances(lowered)
    spent = f", die −{lowered} for {lowered} more points (spent even if unavailable)"
    head = (
        f"battery {battery.id} ({battery.attack}), {sighter_id} sighting; "
        f"available {available:.0%} (2d6 ≤ {level}), then on the hex {odds['hit']:.0%}, "
        f"scattered {odds['scattered']:.0%}, widely spread {odds['spread']:.0%}"
        + (spent if lowered else "")
    )
    return battery, head


def overrun(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """The chosen unit overruns the aimed hex [003 6.4.5]: from where it stands when next to
    the hex, else from the cheapest hex of its reach next to it; out by the hex straight
    across (else the cheapest free neighbour). Whether it can complete the move is the
    engine's check when the order is given."""
    from engine.tactical_gamex.attacks import overrun_spec  # noqa: PLC0415
    from engine.tactical_gamex.movement import path_to  # noqa: PLC0415
    from engine.tactical_gamex.orders import Overrun  # noqa: PLC0415

    state = game.state
    board = state.board
    unit = game.unit(unit_id)
    if unit.hex is None:
        raise ValueError(f"{unit_id} is not on the board")
    spec = overrun_spec(state, [unit], hex_)
    path: tuple[Offset, ...] = ()
    start = unit.hex
    if not board.adjacent(unit.hex, hex_):
        reach = game.legal_moves(unit_id)
        near = [h for h in reach if board.adjacent(h, hex_) and not state.enemy_at(h, unit.side)]
        if not near:
            raise ValueError(f"{unit_id} cannot reach a hex next to {hex_} [003 6.4.5]")
        start = min(near, key=lambda h: (reach[h], h))
        path = path_to(state, unit, start) or ()
    exit_ = _exit(game, unit, start, hex_)
    order: Overrun = Overrun((unit_id,), hex_, (exit_,), (path,))
    via = f" via {start}" if path else ""
    lines = (f"Overrun{via}, out to {exit_}:", preview_of(game, spec).describe())
    return Planned(order, lines)


def _exit(game: TacticalGame, unit: Unit, start: Offset, hex_: Offset) -> Offset:
    state = game.state
    board = state.board
    free = [
        h
        for h in board.neighbors(hex_)
        if h != start
        and not state.enemy_at(h, unit.side)
        and board.effects(h).cost(unit.type.move_class)
    ]
    if not free:
        raise ValueError(f"no hex to drive out of {hex_} to [003 6.4.5]")
    a, t = board.axial(start), board.axial(hex_)
    across = board.offset(type(t)(2 * t.q - a.q, 2 * t.r - a.r))
    if across in free:
        return across
    return min(free, key=lambda h: (board.effects(h).cost(unit.type.move_class) or 99, h))


def load(game: TacticalGame, carrier_id: str) -> Planned:
    """The chosen carrier loads the first unit of its hex it may carry [003 5.2.2]."""
    from engine.tactical_gamex.orders import Load  # noqa: PLC0415
    from engine.tactical_gamex.transport import load_cost, why_not_load  # noqa: PLC0415

    state = game.state
    carrier = game.unit(carrier_id)
    if carrier.hex is None:
        raise ValueError(f"{carrier_id} is not on the board")
    if carrier.passenger is not None:
        why = why_not_load(state, carrier, game.unit(carrier.passenger))
        raise ValueError(why or f"{carrier_id} already carries {carrier.passenger}")
    reasons: list[str] = []
    for other in state.units_at(carrier.hex):
        if other.id == carrier_id or other.side is not carrier.side or other.carrier is not None:
            continue
        why = why_not_load(state, carrier, other)
        if why is None:
            order: Load = Load(carrier_id, other.id)
            cost = load_cost(carrier, other)
            return Planned(order, (f"Load: {carrier_id} takes {other.id} for {cost:g} MP",))
        reasons.append(why)
    raise ValueError(reasons[0] if reasons else f"nothing in {carrier_id}'s hex to load")


def unload(game: TacticalGame, carrier_id: str) -> Planned:
    """The chosen carrier sets its passenger down [003 5.2.3]."""
    from engine.tactical_gamex.orders import Unload  # noqa: PLC0415
    from engine.tactical_gamex.transport import why_not_unload  # noqa: PLC0415

    carrier = game.unit(carrier_id)
    why = why_not_unload(game.state, carrier)
    if why:
        raise ValueError(why)
    order: Unload = Unload(carrier_id)
    return Planned(order, (f"Unload: {carrier_id} sets {carrier.passenger} down",))


def spot(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """The chosen unit tries to spot the aimed hex: the 1d6 roll it needs, or none for a scout
    or CP near enough [003 6.3.8]."""
    from engine.tactical_gamex.orders import Spot  # noqa: PLC0415
    from engine.tactical_gamex.spotting import spot_roll_needed  # noqa: PLC0415

    needed = spot_roll_needed(game.state, game.unit(unit_id), hex_)
    if needed is None:
        raise ValueError(f"{unit_id} cannot try to spot {hex_} [003 6.3.8]")
    order: Spot = Spot(unit_id, hex_)
    if needed == 0:
        return Planned(order, (f"Spot: {unit_id} sees {hex_} without a roll",))
    chance = min(needed, 6) / 6
    return Planned(order, (f"Spot: {unit_id} needs 1-{needed} on 1d6 ({chance:.0%})",))


def smoke(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """The chosen artillery lays smoke on the aimed hex [003 20.1]: over its own line of sight,
    else with the first unit of yours that may sight it."""
    from engine.tactical_gamex.los import has_los  # noqa: PLC0415
    from engine.tactical_gamex.orders import FireSmoke  # noqa: PLC0415
    from engine.tactical_gamex.smoke import check_smoke  # noqa: PLC0415

    state = game.state
    unit = game.unit(unit_id)
    try:
        check_smoke(state, [unit], hex_, None)
    except ValueError as unseen:
        sighters = [
            u
            for u in state.units.values()
            if u.side is game.acting
            and u.hex is not None
            and u.id != unit_id
            and u.marker is None
            and not u.disrupted
            and has_los(state, u.hex, hex_)
        ]
        if not sighters:
            raise unseen from None
        # with a sighter, what is still refused is the fire itself (strength, range…)
        check_smoke(state, [unit], hex_, sighters[0])
        order: FireSmoke = FireSmoke((unit_id,), hex_, sighters[0].id)
        return Planned(order, (f"Smoke: {unit_id} on {hex_}, {sighters[0].id} sighting",))
    return Planned(FireSmoke((unit_id,), hex_), (f"Smoke: {unit_id} on {hex_}",))

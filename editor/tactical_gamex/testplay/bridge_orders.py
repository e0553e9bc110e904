"""The Test-play panel's fire at a temporary bridge [003 9.3]: the chosen unit, with the units
Shift+click joined to it (combined fire [003 6.4.1]), fires at the bridge of the aimed hex
directly, or alone indirectly with the first unit of its side that may sight it, previewed with
the factors, the CRT column and the chances of its row as the bridge reads them (only X
counts); or an off-board battery called on it with the chosen unit sighting. The engine's own
checks say why not. Qt-free; nothing here touches the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from editor.tactical_gamex.testplay.more_orders import Planned, battery_chances

if TYPE_CHECKING:
    from engine.tactical_gamex.bridge_fire import BridgeAttack
    from engine.tactical_gamex.game import TacticalGame
    from engine.tactical_gamex.orders import FireAtBridge

Offset = tuple[int, int]


def attack_lines(game: TacticalGame, attack: BridgeAttack, head: str) -> tuple[str, ...]:
    """The preview of an attack on a bridge: `head`, the factors against the marker's DS and
    the column, the chance of the X that alone counts and what goes with it, the CRT row."""
    from engine.tactical_gamex.bridge_fire import result_chances  # noqa: PLC0415
    from engine.tactical_gamex.tables import COLUMNS  # noqa: PLC0415

    column = attack.column
    label = COLUMNS[column] if column is not None else "<1:3"
    odds = result_chances(game.state, attack)
    destroyed = odds.get("X", 0.0)
    on_it = [
        u.id
        for u in game.state.units_at(attack.hex)
        if u.carrier is None and u.hex is not None and u.type.is_vehicle
    ]
    lost = f"; with it {', '.join(on_it)} (vehicles on it)" if on_it else ""
    faces = (
        ", ".join(
            f"{roll} {game.state.tables.crt.result(column, roll).value}" for roll in range(1, 7)
        )
        if column is not None
        else "no roll below 1:3"
    )
    return (
        head,
        f"{attack.kind}: {attack.attack:g} against bridge DS {attack.defense}, column {label}",
        f"  temporary bridge (die +0): X {destroyed:.0%} destroyed{lost}; D and DD are "
        "ignored [003 9.3]",
        f"  CRT row: {faces}",
    )


def _given(game: TacticalGame, order: FireAtBridge) -> None:
    why = game.why_not(order)
    if why:
        raise ValueError(why)


def bridge_fire(
    game: TacticalGame, unit_id: str, hex_: Offset, joined: tuple[str, ...] = ()
) -> Planned:
    """The chosen unit, with the units joined to it, fires directly at the temporary bridge of
    the aimed hex, on its own (non-I weapons, the bridge read as armour on the WEC): their
    strengths summed as combined fire from mutually adjacent hexes [003 9.3, 6.4.1]."""
    from engine.tactical_gamex.bridge_fire import direct_attack  # noqa: PLC0415
    from engine.tactical_gamex.movement import IllegalOrder  # noqa: PLC0415
    from engine.tactical_gamex.orders import FireAtBridge  # noqa: PLC0415

    units = (unit_id, *joined)
    order: FireAtBridge = FireAtBridge(units, hex_)
    _given(game, order)
    try:
        attack = direct_attack(game.state, [game.unit(u) for u in units], hex_)
    except IllegalOrder as exc:
        raise ValueError(str(exc)) from None
    where = game.state.board.names.get(hex_, str(hex_))
    who = " + ".join(units)
    combined = f" (combined, {len(units)} units)" if joined else ""
    return Planned(order, attack_lines(game, attack, f"Bridge Fire: {who} at {where}{combined}"))


def bridge_indirect(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """The chosen unit fires indirectly at the temporary bridge of the aimed hex at half its
    AS, the first unit of its side able to sight the hex sighting [003 9.3, 6.4.3]."""
    from engine.tactical_gamex.bridge_fire import indirect_attack, why_not_sighter  # noqa: PLC0415
    from engine.tactical_gamex.movement import IllegalOrder  # noqa: PLC0415
    from engine.tactical_gamex.orders import FireAtBridge  # noqa: PLC0415

    state = game.state
    sighter = next(
        (
            u
            for u in state.units.values()
            if u.side is game.acting
            and u.id != unit_id
            and u.carrier is None
            and why_not_sighter(state, u, hex_) is None
        ),
        None,
    )
    if sighter is None:
        raise ValueError(f"no unit of yours may sight {hex_} [003 6.4.3]")
    order: FireAtBridge = FireAtBridge((unit_id,), hex_, sighter.id)
    _given(game, order)
    try:
        attack = indirect_attack(state, [game.unit(unit_id)], hex_, sighter)
    except IllegalOrder as exc:
        raise ValueError(str(exc)) from None
    where = state.board.names.get(hex_, str(hex_))
    head = f"Bridge Indirect: {unit_id} at {where}, {sighter.id} sighting (AS halved)"
    return Planned(order, attack_lines(game, attack, head))


def bridge_artillery(
    game: TacticalGame, sighter_id: str, hex_: Offset, lowered: int = 0
) -> Planned:
    """The first battery of the side to act that has not fired, called on the temporary bridge
    of the aimed hex, the chosen unit sighting: the call's chances (availability, accuracy),
    then the bridge attacked at half the battery's strength when it lands on the hex; a
    scattered call falls on the units where it lands [003 6.4.4, 9.3]."""
    from engine.tactical_gamex.bridge_fire import battery_attack  # noqa: PLC0415
    from engine.tactical_gamex.movement import IllegalOrder  # noqa: PLC0415
    from engine.tactical_gamex.orders import CallArtillery  # noqa: PLC0415

    battery, head = battery_chances(game, sighter_id, lowered)
    order: CallArtillery = CallArtillery(battery.id, hex_, sighter_id, lowered, bridge=True)
    why = game.why_not(order)
    if why:
        raise ValueError(why)
    try:
        attack = battery_attack(game.state, battery, hex_)
    except IllegalOrder as exc:
        raise ValueError(str(exc)) from None
    where = game.state.board.names.get(hex_, str(hex_))
    lines = attack_lines(game, attack, f"Bridge Artillery at {where}: {head}")
    return Planned(order, (*lines, "  scattered, it falls on the units where it lands"))

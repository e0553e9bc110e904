"""The Test-play panel's orders of optional rules on the chosen unit and the aimed hex: Mobile
Fire keeping its attack for later [003 18.1-18.3], indirect fire under Combat Stress attack by
attack [003 12.2], and on-board artillery placing an Interdiction marker [003 21]. Each returns
the order and its preview, or raises ValueError with the rules' sentence. Qt-free."""

from __future__ import annotations

from typing import TYPE_CHECKING

from editor.tactical_gamex.testplay.more_orders import Planned, indirect_fire
from editor.tactical_gamex.testplay.unit_orders import _given

if TYPE_CHECKING:
    from engine.tactical_gamex.game import TacticalGame

Offset = tuple[int, int]


def keep_fire(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """Mobile Fire keeping the attack: the turreted vehicle moves to the aimed hex (up to half
    its MA; aimed at its own hex, it stays and may load or unload instead) and attacks later
    this turn, free and at half strength, with Fire or by opportunity fire [003 18.1-18.4]."""
    from engine.tactical_gamex.movement import path_to  # noqa: PLC0415
    from engine.tactical_gamex.orders import MobileFire  # noqa: PLC0415

    unit = game.unit(unit_id)
    if unit.hex is None:
        raise ValueError(f"{unit_id} is not on the board")
    path: tuple[Offset, ...] = ()
    if hex_ != unit.hex:
        found = path_to(game.state, unit, hex_)
        if not found:
            raise ValueError(f"{unit_id} has no path to {hex_}")
        path = tuple(found)
    where = "stays where it is" if not path else f"moves to {hex_}"
    return _given(
        game,
        MobileFire(unit_id, path, ()),
        f"Keep Fire: {unit_id} {where} under a Mobile Fire marker; later this turn it fires "
        "free at half strength (Fire, or opportunity fire at movers) [003 18.1-18.4]",
    )


def stressed_indirect(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """Indirect fire at the aimed hex under Combat Stress: each attack that falls short of the
    next column within the limits is raised to it and followed by its stress die; once the
    firer is disrupted the attacks left are cancelled [003 12.2, 12.3]."""
    from dataclasses import replace  # noqa: PLC0415

    plain = indirect_fire(game, unit_id, hex_)
    order = replace(plain.order, stress=True)  # type: ignore[type-var]
    return _given(
        game,
        order,
        *plain.lines,
        "Under stress: each attack short of the next column by up to five points (a third of "
        "its factor) is raised to it; a die at or under the points added disrupts the firer "
        "and cancels the attacks left [003 12.2]",
    )


def gun_interdict(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """The indirect-fire units of the chosen unit's hex, not yet activated, place an
    Interdiction marker on the aimed hex (14 AS or more among them), sighted by the chosen
    unit or the first unit of the side that sees it [003 21.1, 21.2]."""
    from engine.tactical_gamex.attacks import indirect_capable  # noqa: PLC0415
    from engine.tactical_gamex.los import has_los  # noqa: PLC0415
    from engine.tactical_gamex.orders import IndirectFire  # noqa: PLC0415

    state = game.state
    unit = game.unit(unit_id)
    if unit.hex is None or not indirect_capable(unit):
        raise ValueError(f"{unit_id} cannot fire indirectly [003 6.4.3]")
    guns = [
        u
        for u in state.units_at(unit.hex)
        if u.side is game.acting and u.marker is None and u.carrier is None and indirect_capable(u)
    ]
    sighters = [unit] + [
        u
        for u in state.units.values()
        if u.side is game.acting and u.hex is not None and u.marker is None and not u.disrupted
    ]
    sighter = next((s for s in sighters if s.hex and has_los(state, s.hex, hex_)), None)
    if sighter is None:
        raise ValueError(f"no unit of yours sees {hex_} [003 21.1]")
    strength = sum(g.type.attack for g in guns)
    return _given(
        game,
        IndirectFire(tuple(g.id for g in guns), hex_, sighter.id, interdict=True),
        f"Interdict: {', '.join(g.id for g in guns)} ({strength:g} AS) mark {hex_}, "
        f"{sighter.id} sighting; units spending MP in it or the six around are attacked "
        "(armour 1:2, others 1:1) until the next Housekeeping [003 21.0]",
    )

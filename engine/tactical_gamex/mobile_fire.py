"""The Mobile Fire marker, optional rule 18 [003 18.1-18.4]: a turreted vehicle that declared
Mobile Fire without attacking at once keeps the marker until it attacks later in the turn, by
opportunity fire or joining another direct fire, free and at half strength; and its one choice
of moving or loading/unloading a passenger [18.2]."""

from __future__ import annotations

from collections.abc import Sequence

from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import Unit

MOVED = "moved"
STILL = "still"
CARRIED = "loaded or unloaded"


def declare(state: TgxState, unit: Unit, moved: bool) -> None:
    """Mark a vehicle that declared Mobile Fire and kept its attack for later [003 18.1]."""
    state.mobile_fire[unit.id] = MOVED if moved else STILL


def ready(state: TgxState, unit: Unit) -> bool:
    """Whether a unit under a Mobile Fire marker may still attack this turn [003 18.3]: on the
    board, in good order, its attack not yet made."""
    return unit.id in state.mobile_fire and unit.hex is not None and not unit.disrupted


def attacked(state: TgxState, units: Sequence[Unit]) -> None:
    """The Mobile Fire markers of units that made their attack come off."""
    for unit in units:
        state.mobile_fire.pop(unit.id, None)


def may_carry(state: TgxState, carrier: Unit) -> bool:
    """Whether a carrier under a Mobile Fire marker may load or unload now (True: as part of
    its Mobile Fire activation, with no new point; `carried` records it); False when it is
    under no such marker.

    [003 18.2] "German units employing Mobile Fire may either move up to half of their movement
    allowance or load/unload a passenger, but not both." Decisions: the choice is offered to
    any nation's vehicle, since only German armour carries a rider (16) the text names the
    Germans alone; loading or unloading is part of the Mobile Fire activation already paid; a
    vehicle that moved, or that already loaded or unloaded, is refused."""
    how = state.mobile_fire.get(carrier.id)
    if how is None:
        return False
    if how == MOVED:
        raise IllegalOrder(
            f"{carrier.id} moved under Mobile Fire: it may not also load or unload [003 18.2]"
        )
    if how == CARRIED:
        raise IllegalOrder(f"{carrier.id} has already loaded or unloaded under Mobile Fire")
    return True


def carried(state: TgxState, carrier: Unit) -> None:
    """The vehicle's one load or unload under Mobile Fire is spent [003 18.2]."""
    state.mobile_fire[carrier.id] = CARRIED

"""Temporary bridges going [003 9.3]: an engineer removes one — a bridge layer's bridge — by
the bridge demolition of 9.2, always successfully and without a block, and the vehicles on it
go with it."""

from __future__ import annotations

from engine.tactical_gamex.combat import eliminate
from engine.tactical_gamex.state import TgxState

Offset = tuple[int, int]


def is_temporary(state: TgxState, hex_: Offset) -> bool:
    """Whether the hex's bridge is a temporary one (laid during the game or placed by the
    situation, no map bridge)."""
    return hex_ in state.counters.laid_bridges and not state.bridge_at(hex_)


def destroy(state: TgxState, hex_: Offset) -> list[object]:
    """The temporary bridge in the hex is gone; every vehicle or gun on it, with what it
    carries, is destroyed, other units are left as they are [003 9.3].

    Decisions: 9.3 says temporary bridges "may be destroyed if they are alone in their hex",
    yet its own two ways contradict a bridge with no unit by it — the engineer of 9.2 works
    standing in the bridge hex, and artillery destroys the vehicles there with the bridge.
    The engine reads "alone" as the text's next sentences do: the bridge is attacked on its
    own, not as part of the hex's units, and sets no further condition. The vehicle clause
    is written for the artillery case; the engine applies it to an engineer's removal too,
    since a vehicle or gun cannot stand in a stream hex without a bridge (6.3.9); towed guns
    count with vehicles for the same reason. Infantry stay, on the stream hex as it is."""
    state.counters.laid_bridges.discard(hex_)
    state.counters.bridge_defense.pop(hex_, None)
    state.demolitions.pop(hex_, None)
    events: list[object] = []
    for unit in state.units_at(hex_):
        if unit.hex is not None and unit.carrier is None and unit.type.is_vehicle:
            events += eliminate(state, unit)
    return events

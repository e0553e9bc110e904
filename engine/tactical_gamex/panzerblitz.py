"""PanzerBlitz Assault's second half [003 16.2]: the infantry riding overrunning German armour
get off just before the overrun and then close-assault the units it attacked."""

from __future__ import annotations

from collections.abc import Sequence

from engine.tactical_gamex.attacks import close_assault_spec, run
from engine.tactical_gamex.combat import assault_carrier
from engine.tactical_gamex.events import Transported
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import MG, Marker, Unit

Offset = tuple[int, int]


def rider_of(state: TgxState, carrier: Unit) -> Unit | None:
    """The infantry a PanzerBlitz Assault carrier is carrying, or None [003 16.1]."""
    if not assault_carrier(state, carrier) or carrier.passenger is None:
        return None
    return state.units[carrier.passenger]


def check_riders(
    state: TgxState, carriers: Sequence[Unit], starts: Sequence[Offset], target: Offset
) -> None:
    """Refuse an overrun whose riders could not close-assault from the hexes they get off in.

    [003 16.2] says the passengers dismount before the overrun and then close assault; it
    does not let a rider stay aboard. The engine therefore checks before anything moves that
    each rider may close-assault from the hex its carrier drives through the target from
    (`starts`) under [003 6.4.6] — not from a stream, water or minefield hex, a machine gun
    only beside a non-MG rider getting off in the same hex — and refuses the order with a
    sentence otherwise (the player unloads that rider first)."""
    pairs = [(c, rider_of(state, c), h) for c, h in zip(carriers, starts, strict=True)]
    riders = [(r, h) for _, r, h in pairs if r is not None]
    for rider, hex_ in riders:
        effects = state.board.effects(hex_)
        if effects.stream or effects.water or hex_ in state.counters.mines:
            raise IllegalOrder(
                f"{rider.id} could not close-assault {target} from {hex_} after the overrun "
                "[003 6.4.6, 16.2]; unload it first"
            )
        if rider.type.has(MG) and not any(h == hex_ and not r.type.has(MG) for r, h in riders):
            raise IllegalOrder(
                f"{rider.id}: a machine gun close-assaults only beside non-MG infantry "
                "[003 6.4.6, 16.2]; unload it first"
            )


def dismount(state: TgxState, carriers: Sequence[Unit]) -> tuple[list[Unit], list[object]]:
    """The riders get off in their carriers' hexes, next to the target, just before the
    overrun [003 16.2]; returns them and the events.

    The text names no cost and no stacking check for this dismount: the engine charges no MP
    (the carrier's points are those of the overrun, 6.4.5) and checks no stacking, since the
    carrier drives on through the target in the same action and the rider takes its place in
    the hex [003 5.2.3 does not apply]."""
    riders: list[Unit] = []
    events: list[object] = []
    for carrier in carriers:
        rider = rider_of(state, carrier)
        if rider is None:
            continue
        carrier.passenger, rider.carrier = None, None
        rider.hex = carrier.hex
        riders.append(rider)
        events.append(Transported(state.turn, carrier.id, rider.id, False, 0.0))
    return riders, events


def assault(state: TgxState, riders: Sequence[Unit], target: Offset) -> list[object]:
    """After the overrun the dismounted riders close-assault the hex it attacked [003 16.2].

    Riders the overrun's aftermath left disrupted or gone drop out (as units stopped before a
    Close Assault do, 6.4.6), and so does a machine gun left without a non-MG rider in its
    hex. When no enemy is left in the hex there is nothing to assault. Having been carried
    this turn does not bar this assault: 16.2 is the exception to 6.4.6's rule. Every rider
    is marked Fired: it was activated with its carrier."""
    able = [r for r in riders if r.hex is not None and not r.disrupted]
    rifles = [r for r in able if not r.type.has(MG)]
    able = [r for r in able if not r.type.has(MG) or any(f.hex == r.hex for f in rifles)]
    enemies = [u for u in state.units_at(target) if u.carrier is None]
    events: list[object] = []
    if able and enemies and all(e.side is not able[0].side for e in enemies):
        spec = close_assault_spec(state, able, target, carried=True)
        events += run(state, [spec])
    for rider in riders:
        if rider.hex is not None:
            rider.marker = Marker.FIRED
    return events

"""Loading and unloading [003 5.2]: one passenger a carrier, infantry on any transport, guns on
trucks only; half the carrier's MP for infantry and guns under 88 mm, its whole MP for larger
guns, which must start and end the activation in the carrier's hex."""

from __future__ import annotations

from engine.tactical_gamex.combat import assault_carrier
from engine.tactical_gamex.events import Transported
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import ARTILLERY, TRUCK, Unit


def load_cost(carrier: Unit, passenger: Unit) -> float:
    """MP the carrier spends to load or unload the passenger [003 5.2.2-5.2.4]."""
    if passenger.type.large_gun:
        return float(carrier.type.movement)
    return carrier.type.movement / 2


def why_not_load(state: TgxState, carrier: Unit, passenger: Unit) -> str | None:
    """Why the carrier may not load the passenger now, None when it may."""
    if not carrier.type.is_transport and not assault_carrier(state, carrier):
        return f"{carrier.id} is not a transport"
    if carrier.passenger is not None:
        return f"{carrier.id} already carries {carrier.passenger} [003 5.2.1]"
    if carrier.hex is None or carrier.hex != passenger.hex:
        return f"{passenger.id} must be in {carrier.id}'s hex [003 5.2.2]"
    if carrier.disrupted or passenger.disrupted:
        return "neither unit may be disrupted [003 5.2.2]"
    if passenger.marker is not None or passenger.carrier is not None:
        return f"{passenger.id} has already acted this turn"
    gun = passenger.type.has(ARTILLERY)
    if gun and not carrier.type.has(TRUCK):
        return f"only trucks carry artillery [003 5.2]; {carrier.id} is not one"
    if not gun and not passenger.type.is_infantry:
        return f"{passenger.id} cannot be transported [003 5.2]"
    cost = load_cost(carrier, passenger)
    if passenger.type.large_gun and carrier.moved_mp > 0:
        return "a gun of 88 mm or more loads on a truck that began in its hex [003 5.2.4]"
    left = carrier.type.movement - carrier.moved_mp
    if cost > left + 1e-9:
        return f"{carrier.id} has {left:g} MP left, loading costs {cost:g} [003 5.2.2]"
    return None


def load(state: TgxState, carrier: Unit, passenger: Unit) -> Transported:
    """Put the passenger beneath the carrier, paying the carrier's MP."""
    why = why_not_load(state, carrier, passenger)
    if why:
        raise IllegalOrder(why)
    cost = load_cost(carrier, passenger)
    carrier.moved_mp += cost
    carrier.passenger = passenger.id
    passenger.carrier = carrier.id
    passenger.transported = True
    return Transported(state.turn, carrier.id, passenger.id, True, cost)


def why_not_unload(state: TgxState, carrier: Unit) -> str | None:
    """Why the carrier may not unload now [003 5.2.3], None when it may."""
    if carrier.passenger is None:
        return f"{carrier.id} carries nothing"
    passenger = state.units[carrier.passenger]
    if carrier.disrupted:
        return f"{carrier.id} is disrupted [003 5.2.3]"
    assert carrier.hex is not None
    if state.stack_count(carrier.hex) + 1 > state.stacking_limit(carrier.side):
        return "unloading would break the stacking limit [003 5.2.3]"
    cost = load_cost(carrier, passenger)
    if passenger.type.large_gun and carrier.moved_mp > 0:
        return "a gun of 88 mm or more unloads from a truck that has not moved [003 5.2.4]"
    left = carrier.type.movement - carrier.moved_mp
    if cost > left + 1e-9:
        return f"{carrier.id} has {left:g} MP left, unloading costs {cost:g} [003 5.2.3]"
    return None


def unload(state: TgxState, carrier: Unit) -> Transported:
    """Set the passenger down in the carrier's hex; neither moves again this turn."""
    why = why_not_unload(state, carrier)
    if why:
        raise IllegalOrder(why)
    assert carrier.passenger is not None
    passenger = state.units[carrier.passenger]
    cost = load_cost(carrier, passenger)
    carrier.moved_mp = float(carrier.type.movement)
    carrier.passenger = None
    passenger.carrier = None
    return Transported(state.turn, carrier.id, passenger.id, False, cost)

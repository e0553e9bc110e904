"""Who rides which carrier, chosen during the setup phase: a counter of the step loaded onto a
carrier of the step or unloaded from it, checked against the transport rules' capacity and
legal passengers [003 5.2, 5.2.1, 10.1] and refused with the rules' sentence."""

from __future__ import annotations

from dataclasses import dataclass

from engine.tactical_gamex.combat import assault_carrier
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import LoadAtSetup, UnloadAtSetup
from engine.tactical_gamex.setup_plan import SetupPlan
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import ARTILLERY, TRUCK, Unit, Weapon
from schemas.vocabulary import Side

Offset = tuple[int, int]

LVT = "lvt"
DUKW = "dukw"


@dataclass(frozen=True, slots=True)
class RideChosen:
    """A passenger put under a carrier, or taken from it, before turn 1."""

    side: Side
    unit: str
    carrier: str
    loaded: bool

    def describe(self) -> str:
        if self.loaded:
            return f"{self.unit} is set up riding on {self.carrier}"
        return f"{self.unit} is set up off {self.carrier}"


def capacity(state: TgxState, carrier: Unit) -> int:
    """How many units a carrier takes: an LVT two [003 10.1], a DUKW, a transport or a
    PanzerBlitz Assault carrier one [003 5.2.1, 16.1], any other unit none.

    Decision: 10.1's "LVTs carry up to two units" is the landing rules' own exception to
    5.2.1's "a transport unit can only carry a single unit", as the setup checks read it."""
    if carrier.type.has(LVT):
        return 2
    if carrier.type.has(DUKW) or carrier.type.is_transport or assault_carrier(state, carrier):
        return 1
    return 0


def riders(state: TgxState, carrier: Unit) -> list[str]:
    """The units riding a carrier, in the order of the situation."""
    return [u.id for u in state.units.values() if u.carrier == carrier.id]


def _plan(state: TgxState) -> SetupPlan:
    assert isinstance(state.setup, SetupPlan)
    return state.setup


def _name(state: TgxState, hex_: Offset) -> str:
    return state.board.names.get(hex_, f"{hex_[0]},{hex_[1]}")


def _in_step(state: TgxState, unit: Unit) -> str:
    """Why the unit is not the setting-up side's to change in this step ('' when it is)."""
    plan = _plan(state)
    current = plan.steps[state.setup_step]
    if unit.side is not current.side:
        return f"{unit.id} is not a counter of the side setting up ({current.side.value})"
    if unit.id not in current.units:
        return f"{unit.id} is not set up in this step ({current.describe()})"
    return ""


def why_not_passenger(state: TgxState, carrier: Unit, unit: Unit) -> str:
    """Whether the unit's kind may ride this carrier at all ('' when it may): infantry on any
    transport, guns on trucks only, other units never [003 5.2]; a DUKW takes I-category
    units only [003 10.1].

    Decision: an LVT takes any non-vehicle unit, guns included, since 10.1 puts "each
    non-vehicle unit" of a landing under an LVT or DUKW and a DUKW takes none but infantry."""
    if capacity(state, carrier) == 0:
        return f"{carrier.id} is not a transport [003 5.2]"
    if riders(state, unit):
        return f"{unit.id} carries {riders(state, unit)[0]}: a carrier does not ride [003 5.2.1]"
    gun = unit.type.has(ARTILLERY)
    if carrier.type.has(DUKW) and unit.type.weapon is not Weapon.I:
        return f"a DUKW carries I-category units only [003 10.1]; {unit.id} is not one"
    if carrier.type.has(LVT):
        if unit.type.is_vehicle and not gun:
            return f"an LVT carries the landing's non-vehicle units [003 10.1]; {unit.id} is one"
        return ""
    if gun and not carrier.type.has(TRUCK):
        return f"only trucks carry artillery [003 5.2]; {carrier.id} is not one"
    if not gun and not unit.type.is_infantry:
        return f"{unit.id} cannot be transported: only infantry and guns ride [003 5.2]"
    return ""


def why_not_load(state: TgxState, order: LoadAtSetup) -> str:
    """Why the unit may not be set up riding the carrier now ('' when it may).

    Both are counters of the step under way; the carrier has room [003 5.2.1, 10.1] and takes
    this kind of unit [003 5.2, 10.1]; a carrier placed already stands in the passenger's own
    setup area. Decision: loading at setup costs no MP, as the units have not yet been
    activated (5.2.2's cost is paid in an activation), and the passenger placed elsewhere
    joins the carrier's hex; a carrier inside a fortification does not load, since a loaded
    carrier stands on top of it [003 8.4] and would then count for stacking."""
    unit, carrier = state.units.get(order.unit), state.units.get(order.carrier)
    if unit is None or carrier is None:
        return f"no unit {order.unit if unit is None else order.carrier}"
    if unit.id == carrier.id:
        return f"{unit.id} cannot ride on itself"
    why = _in_step(state, unit) or _in_step(state, carrier)
    if why:
        return why
    if unit.carrier == carrier.id:
        return f"{unit.id} already rides on {carrier.id}"
    why = why_not_passenger(state, carrier, unit)
    if why:
        return why
    aboard = riders(state, carrier)
    room = capacity(state, carrier)
    if len(aboard) >= room:
        if carrier.type.has(LVT):
            return f"{carrier.id} already carries {' and '.join(aboard)}: an LVT two [003 10.1]"
        return f"{carrier.id} already carries {aboard[0]}: one unit a carrier [003 5.2.1]"
    if carrier.in_fort:
        return f"{carrier.id} is inside a fortification: a loaded carrier stands on top [003 8.4]"
    area = _plan(state).hexes.get(unit.id, frozenset())
    if carrier.hex is not None and carrier.hex not in area:
        where = _plan(state).area.get(unit.id, "its area")
        at = _name(state, carrier.hex)
        return f"{carrier.id} stands at {at}, outside {unit.id}'s setup area ({where})"
    return ""


def load(state: TgxState, order: LoadAtSetup) -> list[object]:
    why = why_not_load(state, order)
    if why:
        raise IllegalOrder(why)
    unit, carrier = state.units[order.unit], state.units[order.carrier]
    if unit.carrier is not None:
        _get_off(state, unit)
    unit.carrier = carrier.id
    unit.hex = carrier.hex
    unit.in_fort = False
    unit.stream = None
    if carrier.passenger is None:
        carrier.passenger = unit.id
    return [RideChosen(unit.side, unit.id, carrier.id, True)]


def why_not_unload(state: TgxState, order: UnloadAtSetup) -> str:
    """Why the unit may not be set up off its carrier now ('' when it may).

    A passenger of a carrier not yet placed goes back to the counters to place; one of a
    placed carrier stands in its hex, which must hold it: its setup area, terrain it may
    stand in [003 3.2.1, 6.3.9] and room for one more in the stacking [003 5.2.3]. Decision:
    in the landing craft's step every non-vehicle unit of the landing stays under a craft
    [003 10.1 "each non-vehicle unit in the Allied mix is placed under an LVT or DUKW"]."""
    from engine.tactical_gamex import setup_phase  # noqa: PLC0415 - it applies these orders

    unit = state.units.get(order.unit)
    if unit is None:
        return f"no unit {order.unit}"
    if unit.carrier is None:
        return f"{unit.id} rides on no carrier"
    why = _in_step(state, unit)
    if why:
        return why
    current = _plan(state).steps[state.setup_step]
    if current.sea:
        return (
            f"{unit.id} stays under a landing craft: each non-vehicle unit of a landing is "
            "placed under an LVT or DUKW [003 10.1]"
        )
    carrier = state.units[unit.carrier]
    hex_ = carrier.hex
    if hex_ is None:
        return ""
    name = _name(state, hex_)
    if hex_ not in _plan(state).hexes.get(unit.id, frozenset()):
        return f"{name} is outside {unit.id}'s setup area ({_plan(state).area.get(unit.id)})"
    effects = state.board.effects(hex_)
    if effects.cost(unit.type.move_class) is None:
        return f"{unit.id} cannot stand in {effects.name} [003 3.2.1]"
    if effects.stream and unit.type.is_vehicle and not state.bridge_at(hex_):
        return "vehicles and artillery stand in a stream hex only at a bridge [003 6.3.9]"
    if hex_ in state.counters.forts and setup_phase.fort_room(state, hex_, unit) > 0:
        return ""  # it goes inside the fortification, outside the stacking [003 8.4]
    refusal = setup_phase.stacking_refusal(state, hex_, unit.side, exclude=unit)
    if refusal:
        counted = refusal.replace(" [003 3.2.5]", "")
        return f"unloading would break the stacking limit: {counted} [003 5.2.3]"
    return ""


def unload(state: TgxState, order: UnloadAtSetup) -> list[object]:
    from engine.tactical_gamex import setup_phase  # noqa: PLC0415 - it applies these orders

    why = why_not_unload(state, order)
    if why:
        raise IllegalOrder(why)
    unit = state.units[order.unit]
    carrier = state.units[unit.carrier or ""]
    _get_off(state, unit)
    if carrier.hex is None:
        unit.hex = None
    else:
        setup_phase.stand(state, unit, carrier.hex)
    return [RideChosen(unit.side, unit.id, carrier.id, False)]


def _get_off(state: TgxState, unit: Unit) -> None:
    carrier = state.units[unit.carrier or ""]
    unit.carrier = None
    if carrier.passenger == unit.id:
        carrier.passenger = next(iter(riders(state, carrier)), None)

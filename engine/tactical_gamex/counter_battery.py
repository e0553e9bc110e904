"""Counter-battery fire [003 6.4.4, last paragraph]: on-board units never attack OBA; once a
side's OBA has attacked, the enemy's OBA may attack that side's batteries, at half strength, or
at full strength when the attacker also activates an unused aircraft.

A battery has no place on the map: the target is the battery itself, whose off-map counters
(the situation's `oba[].counters`) defend with their DS and take the CRT's D/DD/X; a battery is
eliminated with its last counter."""

from __future__ import annotations

from engine.tactical_gamex.events import ArtilleryCalled, CounterBatteryFired, MoraleChecked
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.state import Battery, TgxState
from engine.tactical_gamex.tables import COLUMNS, Result, final_column
from engine.tactical_gamex.units import Unit, UnitKind
from schemas.vocabulary import Side

HITS = 2
"""The accuracy die at or under which the fire hits the battery [003 6.4.4]."""


def counters_of(state: TgxState, battery: Battery) -> list[Unit]:
    """A battery's counters still in the game (an eliminated one leaves `Battery.units`)."""
    return [state.units[u] for u in battery.units if u in state.units]


def may_fire(state: TgxState, battery: Battery) -> str | None:
    """Why a battery may not fire now, None when it may: it fires once a turn, and not when
    lost or when every counter it has is disrupted [003 7.2].

    Decision (the text gives a battery one attack strength): a battery fires at its full
    strength while any of its counters is in good order."""
    if battery.lost:
        return f"battery {battery.id} has been destroyed"
    if battery.fired:
        return f"battery {battery.id} has fired this turn"
    if battery.direct:
        return f"{battery.id} is naval support firing from the sea edge, not OBA [003 10.5]"
    counters = counters_of(state, battery)
    if counters and all(u.disrupted for u in counters):
        return f"battery {battery.id} is disrupted [003 7.2]"
    return None


def revealed(state: TgxState, side: Side) -> bool:
    """Whether a side's OBA has made its first attack, opening it to counter-battery fire."""
    return any(b.revealed for b in state.batteries.values() if b.side is side)


def why_not(state: TgxState, battery: Battery, target: Battery) -> str | None:
    """Why `battery` may not fire counter-battery at `target` now, None when it may."""
    why = may_fire(state, battery)
    if why:
        return why
    if target.side is battery.side:
        return "counter-battery fire is at the enemy's batteries"
    if target.lost:
        return f"battery {target.id} has been destroyed"
    if not revealed(state, target.side):
        return (
            "the enemy's OBA has not attacked yet: counter-battery fire follows its first "
            "OBA attack [003 6.4.4]"
        )
    if not counters_of(state, target):
        return f"battery {target.id} has no counters in the situation to attack"
    return None


def strength(state: TgxState, battery: Battery, target: Battery, aircraft: bool) -> float:
    """The attack: the battery's strength, halved without an aircraft [003 6.4.4], and halved
    against an armoured majority as indirect fire is [003 6.3.6]."""
    attack = battery.attack if aircraft else battery.attack / 2
    counters = counters_of(state, target)
    armored = sum(1 for u in counters if u.type.kind is UnitKind.ARMORED)
    return attack / 2 if armored * 2 > len(counters) else attack


def fire(
    state: TgxState, battery: Battery, target: Battery, lowered: int, aircraft: str
) -> list[object]:
    """Roll the battery's availability and accuracy as OBA [003 6.4.4], then, on a hit, one
    CRT die against the target battery's counters, their DS summed, each with its own
    result (disrupted ones at -1) [003 6.3.4, 6.3.5].

    Decisions: the accuracy die hits on 1-2 (less the points spent to lower it); a scatter
    (3-5) or a wide spread (6) misses, there being no neighbouring hex of an off-map battery
    to hit. Unavailable, the battery may be called again for another point."""
    level = state.morale[battery.nation]
    roll = state.dice.two_d6()
    if roll > level:
        return [ArtilleryCalled(state.turn, battery.id, False)]
    battery.fired = True
    accuracy = state.dice.d6() - lowered
    events: list[object] = [ArtilleryCalled(state.turn, battery.id, True, accuracy, None)]
    attack = strength(state, battery, target, bool(aircraft))
    counters = counters_of(state, target)
    defense = float(sum(u.type.defense for u in counters))
    column = final_column(attack, defense)
    if accuracy > HITS or column is None:
        why = "misses" if accuracy > HITS else "<1:3"
        events.append(
            CounterBatteryFired(
                state.turn, battery.id, target.id, aircraft, attack, defense, why, 0, ()
            )
        )
        return events
    die = state.dice.d6()
    results: list[tuple[str, str]] = []
    for unit in counters:
        result = state.tables.crt.result(column, die - (1 if unit.disrupted else 0))
        results.append((unit.id, result.value))
        _apply(state, target, unit, result)
    events.append(
        CounterBatteryFired(
            state.turn,
            battery.id,
            target.id,
            aircraft,
            attack,
            defense,
            COLUMNS[column],
            die,
            tuple(results),
        )
    )
    return events


def _apply(state: TgxState, target: Battery, unit: Unit, result: Result) -> None:
    """D disrupts, DD eliminates a disrupted counter and disrupts the others, X eliminates
    [003 6.3.4]; the battery goes with its last counter."""
    if result is Result.NONE:
        return
    if result is Result.X or (result is Result.DD and unit.disrupted):
        target.units = tuple(u for u in target.units if u != unit.id)
        state.eliminated[unit.side] += 1
        if not target.units:
            target.lost = True
        return
    unit.disrupted = True


def check_aircraft(state: TgxState, side: Side, aircraft_id: str) -> None:
    """An unused attack aircraft of the side, available this turn; it is then spent, as its
    attacks would be [003 6.4.7]."""
    plane = state.aircraft.get(aircraft_id)
    if plane is None or plane.side is not side:
        raise IllegalOrder(f"no aircraft {aircraft_id} of yours")
    if plane.spotter or not plane.attacks:
        raise IllegalOrder(f"{aircraft_id} is a spotter: it has no attack to lend")
    if plane.used or not plane.available(state.turn):
        raise IllegalOrder(f"{aircraft_id} is not an unused aircraft this turn [003 6.4.4]")


def spend_aircraft(state: TgxState, aircraft_id: str) -> None:
    plane = state.aircraft[aircraft_id]
    plane.activated = state.turn
    plane.used = set(plane.attacks)
    plane.gone = True


def rally_batteries(state: TgxState) -> list[object]:
    """Disrupted battery counters try to rally at Housekeeping, a morale check each [003 7.3].

    Decision: a battery is off the map, where no activation reaches it to rally (7.3's
    rally is an activation on the map), so its counters check once a turn at Housekeeping."""
    events: list[object] = []
    for battery in state.batteries.values():
        for unit in counters_of(state, battery):
            if not unit.disrupted:
                continue
            level = state.morale[unit.nation]
            roll = state.dice.two_d6()
            passed = roll <= level
            if passed:
                unit.disrupted = False
            events.append(
                MoraleChecked(state.turn, unit.id, "battery rally", roll, 0, level, passed)
            )
    return events

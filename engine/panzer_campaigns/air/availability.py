"""Which aircraft may fly now [000 8.1, 8.3, 11.0]: the chance an air unit becomes available
again after a mission, from Parameter Data and the scenario's scheduled availability changes,
reduced by Low Visibility Air Effects; the start-of-turn checks; and the weather that keeps
every aircraft on the ground.

Decisions, with their sections:

- Every air unit of the scenario's air setup starts the game available [000 8.3] ("After being
  used in an air strike, air units must become available"): only flying makes one unavailable.
- The chance is the side's Parameter Data Air Availability, replaced from its turn on by the
  latest scheduled change for the side that names the unit or names none (the Air panel's
  schedule, "specific changes to availability as part of the scenario" [000 8.3]).
- A unit that flew checks at the start of each later player turn of its side: "a 20% chance
  of being available on the next turn" and "rechecks ... at the start of each turn" [000 8.3].
- Damage first: a Disrupted or Broken aircraft "must be recovered from before the air unit
  becomes available again" [000 8.3]; the manual gives no recovery rule for aircraft (they
  have no HQ to recover near [000 9.1]), so each start of turn it recovers one step (Broken to
  Disrupted, Disrupted to good) with the same availability chance, and checks availability
  only from the turn after it is good.
- Low Visibility Air Effects (optional) [000 8.3]: the Parameter Data reduction for the turn's
  nominal visibility (the weather's, not dawn's or dusk's) scales the chance by
  (100% - reduction); a visibility without an entry reduces nothing.
- A Single Use unit is spent after its one mission [000 8.1]; aircraft of a surrendered nation
  are removed with it [000 3.4].
- Storms prohibit all air missions [000 11.0]; strikes and carpet bombing need visibility over
  one hex, dawn and dusk allowed (`engine.panzer_campaigns.weather.air_missions_allowed`) [000 8.1].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panzer_campaigns.air.events import AircraftReady
from engine.panzer_campaigns.air.fleet import aircraft_of
from engine.panzer_campaigns.stacking import per_side
from engine.panzer_campaigns.weather import air_missions_allowed
from schemas.vocabulary import OptionalRule, Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.state import GameState
    from engine.panzer_campaigns.units import UnitState


def low_visibility_reduction(state: GameState) -> float:
    """The share (0 to 1) Low Visibility Air Effects takes off availability this turn [000 8.3];
    0 when the optional rule is off."""
    if not state.is_rule_on(OptionalRule.LOW_VISIBILITY_AIR_EFFECTS):
        return 0.0
    table = state.parameters.air.low_visibility_reduction
    return table.get(state.weather.visibility, 0) / 100


def availability_chance(state: GameState, aircraft: UnitState) -> float:
    """The chance (0 to 1) that `aircraft` becomes available this turn after a mission: the
    Air Availability of its side, or the latest scheduled change in force [000 8.3], less the
    Low Visibility reduction."""
    air = state.parameters.air
    percent = float(per_side(air.availability, aircraft.side))
    latest = -1
    for change in state.scenario.air.changes:
        if change.side is not aircraft.side or (change.units and aircraft.id not in change.units):
            continue
        turn = state.turn_of(change)
        if turn is not None and latest <= turn <= state.turn:
            latest, percent = turn, float(change.availability)
    return percent / 100 * (1 - low_visibility_reduction(state))


def why_grounded(state: GameState, aircraft: UnitState) -> str | None:
    """Why `aircraft` may not fly now whatever the target, or None: eliminated, surrendered,
    spent, not yet available, damaged [000 8.1, 8.3, 3.4]."""
    status = state.air.aircraft.get(aircraft.id)
    if status is None or aircraft not in aircraft_of(state):
        return f"{aircraft.id} is not an air unit in play"
    if aircraft.nation in state.surrendered:
        return f"{aircraft.id}'s nation has surrendered"
    if status.spent:
        return f"{aircraft.id} is a Single Use unit and has flown its mission"
    if aircraft.broken or aircraft.disrupted:
        state_name = "Broken" if aircraft.broken else "Disrupted"
        return f"{aircraft.id} is {state_name}: it must recover before it flies again [000 8.3]"
    if not status.ready:
        return f"{aircraft.id} is not available yet: it flew on turn {status.flown} [000 8.3]"
    return None


def why_weather_grounds(state: GameState, *, recon: bool) -> str | None:
    """Why the weather keeps aircraft on the ground this turn, or None [000 8.1, 11.0]."""
    weather = state.weather
    phase = state.clock.phase_of(state.turn)
    if air_missions_allowed(weather.storm, weather.visibility, phase, recon=recon):
        return None
    if weather.storm:
        return "a storm: all air missions are prohibited [000 11.0]"
    if phase.value == "night":
        return "it is night: visibility is 1 hex, and air strikes need more than one [000 8.1]"
    return "visibility is 1 hex: air strikes need more than one [000 8.1]"


def available_aircraft(state: GameState, side: Side) -> list[UnitState]:
    """The side's aircraft that may fly a mission now, weather aside, in the setup's order."""
    return [a for a in aircraft_of(state, side) if why_grounded(state, a) is None]


def start_of_turn(state: GameState, side: Side) -> list[AircraftReady]:
    """The side's aircraft check at the start of its player turn: damage recovery, then
    availability for those that flew before this turn (see the module's decisions)."""
    rng = state.rng
    ready: list[str] = []
    recovered: list[str] = []
    for aircraft in aircraft_of(state, side):
        status = state.air.aircraft[aircraft.id]
        if status.spent or status.ready or aircraft.nation in state.surrendered:
            continue
        chance = availability_chance(state, aircraft)
        if aircraft.broken or aircraft.disrupted:
            if rng.random() < chance:
                if aircraft.broken:
                    aircraft.broken, aircraft.disrupted = False, True
                else:
                    aircraft.disrupted = False
                recovered.append(aircraft.id)
            continue
        if status.flown < state.turn and rng.random() < chance:
            status.ready = True
            ready.append(aircraft.id)
    if not ready and not recovered:
        return []
    return [AircraftReady(state.turn, side, tuple(ready), tuple(recovered))]


def after_mission(state: GameState, aircraft: UnitState) -> None:
    """An aircraft that flew (or was intercepted) must become available again [000 8.1, 8.3];
    a Single Use one never does."""
    status = state.air.aircraft[aircraft.id]
    status.ready = False
    status.flown = state.turn
    status.spent = bool(aircraft.unit.air and aircraft.unit.air.single_use)

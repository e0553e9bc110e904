"""An air mission flown from start to end [000 8.1]: the interception roll, the AA fire over
the hex it reaches, then the strike, the carpet bombing or the recon, and the aircraft's
availability after it (`engine.panzer_campaigns.air.availability.after_mission`); and the preview a
player sees
before calling one.

The order of the rolls: interception first (an intercepted mission never reaches the target,
so no AA fires at it), then carpet bombing's scatter (the AA fires over the hex the bombs fall
on, the place the bombers actually fly over), then the AA fire, then the strike [000 8.1].

Panzer Battles: "There is a one turn delay associated with all air missions" [001 #32, "Air
Strikes"]: a mission called is kept (`AirFleet.called`) and flies at the start of the side's
next player turn, before its aircraft check their availability. Decisions: the aircraft is
committed when called (it is not available again meanwhile); "If the target hex is empty in the
case of an air strike, then the air mission will automatically change to an adjacent hex if
there are enemy units in that hex that can be targeted" - the first such neighbour in
direction order (Up, then clockwise) - "If not, then the air strike does not occur", the
aircraft still having flown; a mission the weather grounds at launch does not fly either; the
Air Strike Hex Limit counts strikes as they fly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.panzer_campaigns.air.anti_aircraft import AaShot, aa_shots, fire_aa
from engine.panzer_campaigns.air.availability import after_mission, why_weather_grounds
from engine.panzer_campaigns.air.availability import start_of_turn as availability_checks
from engine.panzer_campaigns.air.events import (
    AircraftReady,
    AirMissionCalled,
    AirMissionFlown,
    AirReconSpotted,
    AirStruck,
    AntiAircraftFired,
)
from engine.panzer_campaigns.air.interception import is_intercepted, mission_interception_chance
from engine.panzer_campaigns.air.recon import fly_recon
from engine.panzer_campaigns.air.rest import rest_aircraft
from engine.panzer_campaigns.air.strike import (
    CARPET_DISRUPTION,
    StrikeValue,
    commit_to_hex,
    detached_only,
    is_carpet,
    is_recon,
    scatter,
    scatter_hexes,
    strike_grade,
    strike_unit,
    strike_value,
    why_not_strike_hex,
)
from engine.panzer_campaigns.combat.activity import mark_active
from engine.panzer_campaigns.combat.events import (
    FatigueRecovered,
    LossesTaken,
    RubbleMade,
    StrengthRecovered,
)
from engine.panzer_campaigns.combat.fire_targets import attack_of, is_hard_target
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.losses import apply_combat_result
from engine.panzer_campaigns.combat.rubble import rubble_from_fire
from engine.panzer_campaigns.sightings import Sight
from engine.panzer_campaigns.spotting import spotted_by
from engine.panzer_campaigns.units import UnitStatus

if TYPE_CHECKING:
    from engine.panzer_campaigns.state import GameState
    from engine.panzer_campaigns.units import UnitState
    from schemas.vocabulary import Side

MissionEvent = (
    AirMissionFlown
    | AirStruck
    | AntiAircraftFired
    | LossesTaken
    | RubbleMade
    | AirReconSpotted
    | AirMissionCalled
    | AircraftReady
    | FatigueRecovered
    | StrengthRecovered
)


@dataclass(frozen=True, slots=True)
class AirPreview:
    """What a mission would meet and do, for the player calling it [000 8.1]."""

    aircraft: str
    mission: str
    """"strike", "carpet" or "recon"."""
    hex: int
    interception: float
    """The chance it is intercepted."""
    aa: tuple[AaShot, ...]
    """The AA fire it meets over the hex called (carpet bombing: if it does not scatter)."""
    strike: StrikeValue | None
    """The strike on the unit it would hit (a strike, or carpet bombing on the hex called)."""
    unknown: bool = False
    """The target is seen only as Unknown: its losses will not be known [000 8.1]."""
    scatter_hexes: int = 1
    """Hexes carpet bombing may fall on, the one called among them."""

    @property
    def expected_aircraft_lost(self) -> float:
        """Aircraft the AA fire is expected to shoot down if none is intercepted first."""
        return sum(shot.expected_aircraft for shot in self.aa)

    @property
    def expected_losses(self) -> float:
        """The target's expected casualties in men-equivalents, the interception and (for
        carpet bombing) the scatter away from the hex counted in."""
        if self.strike is None:
            return 0.0
        hit = (1 - self.interception) / self.scatter_hexes
        return hit * (self.strike.low + self.strike.high) / 2


def preview(state: GameState, aircraft: UnitState, hex_index: int) -> AirPreview:
    """The preview of `aircraft` flying its mission at `hex_index` (checked by the caller)."""
    mission = mission_of(aircraft)
    chance = mission_interception_chance(state, aircraft)
    shots = tuple(aa_shots(state, aircraft, hex_index))
    value: StrikeValue | None = None
    unknown = False
    spread = 1
    if mission == "strike":
        enemy = strike_unit(state, aircraft, hex_index)
        if enemy is not None:
            halved = detached_only(state, aircraft, hex_index)
            value = strike_value(state, aircraft, enemy, halved_for_spotting=halved)
            unknown = strike_grade(state, aircraft, hex_index) is Sight.UNKNOWN
    elif mission == "carpet":
        spread = len(scatter_hexes(state, hex_index))
        enemies = [u for u in state.units_at(hex_index) if u.side is not aircraft.side]
        struck = [u for u in enemies if attack_of(aircraft, is_hard_target(state, u))[0] > 0]
        if struck:
            value = strike_value(state, aircraft, max(struck, key=lambda u: u.men_equivalent))
    return AirPreview(aircraft.id, mission, hex_index, chance, shots, value, unknown, spread)


def mission_of(aircraft: UnitState) -> str:
    """The mission an air unit flies: recon, carpet bombing or a strike [000 8.0, 8.1]."""
    if is_recon(aircraft):
        return "recon"
    return "carpet" if is_carpet(aircraft) else "strike"


def fly(
    state: GameState, aircraft: UnitState, hex_index: int, called_at: int | None = None
) -> list[MissionEvent]:
    """Fly `aircraft`'s mission at `hex_index` (checked by the caller) [000 8.1]; `called_at`
    is the hex it was called on when that was another (a Panzer Battles strike moved on)."""
    mission = mission_of(aircraft)
    called = state.board.offset(hex_index if called_at is None else called_at)
    mark_active(state, aircraft)
    after_mission(state, aircraft)
    if mission == "strike":
        commit_to_hex(state, aircraft, hex_index)
    if is_intercepted(state, aircraft):
        return [
            AirMissionFlown(state.turn, aircraft.side, aircraft.id, mission, called, called, True)
        ]
    target = scatter(state, hex_index) if mission == "carpet" else hex_index
    hit = state.board.offset(target)
    aa = fire_aa(state, aircraft, target)
    aborted = ""
    if aircraft.status is not UnitStatus.AIR:
        aborted = "shot down by AA fire"
    elif aircraft.broken:
        aborted = "Broken by AA fire, it turned back"
    flown = AirMissionFlown(
        state.turn, aircraft.side, aircraft.id, mission, called, hit, False, aborted
    )
    events: list[MissionEvent] = [flown, *aa]
    if aborted:
        return events
    if mission == "recon":
        events.append(fly_recon(state, aircraft, target))
    elif mission == "carpet":
        events += _carpet(state, aircraft, target)
    else:
        events += _strike(state, aircraft, target)
    state.touch()
    return events


def _strike(state: GameState, aircraft: UnitState, hex_index: int) -> list[MissionEvent]:
    enemy = strike_unit(state, aircraft, hex_index)
    if enemy is None:  # the AA fire cannot move units: only a changed rule gets here
        return []
    halved = detached_only(state, aircraft, hex_index)
    value = strike_value(state, aircraft, enemy, halved_for_spotting=halved)
    unknown = strike_grade(state, aircraft, hex_index) is Sight.UNKNOWN
    events: list[MissionEvent] = [
        _struck(state, aircraft, hex_index, value, unknown),
        apply_combat_result(state, enemy, value.value, value.modifier_pct, CombatKind.AIR),
    ]
    rubble = rubble_from_fire(state, hex_index, value.value)
    return events + ([rubble] if rubble is not None else [])


def _struck(
    state: GameState, aircraft: UnitState, hex_index: int, value: StrikeValue, unknown: bool
) -> AirStruck:
    return AirStruck(
        state.turn,
        aircraft.side,
        aircraft.id,
        state.board.offset(hex_index),
        value.target,
        round(value.value, 3),
        tuple(m.describe() for m in value.modifiers),
        unknown,
    )


def _carpet(state: GameState, aircraft: UnitState, hex_index: int) -> list[MissionEvent]:
    """Every unit in the hex the bombs fall on, either side's, takes a strike [000 8.1]."""
    events: list[MissionEvent] = []
    best = 0.0
    for unit in list(state.units_at(hex_index)):
        if unit.carried_by is not None or not unit.on_map:
            continue
        if attack_of(aircraft, is_hard_target(state, unit))[0] <= 0:
            continue
        value = strike_value(state, aircraft, unit)
        best = max(best, value.value)
        known = spotted_by(state, aircraft.side).get(unit.id)
        seen = unit.side is aircraft.side or (known is not None and known.grade is Sight.SPOTTED)
        events.append(_struck(state, aircraft, hex_index, value, not seen))
        events.append(
            apply_combat_result(
                state,
                unit,
                value.value,
                value.modifier_pct,
                CombatKind.AIR,
                disruption_factor=CARPET_DISRUPTION,
            )
        )
    rubble = rubble_from_fire(state, hex_index, best) if best > 0 else None
    return events + ([rubble] if rubble is not None else [])


def call(state: GameState, aircraft: UnitState, hex_index: int) -> AirMissionCalled:
    """Call a Panzer Battles mission to fly next turn (checked by the caller) [001 #32]."""
    status = state.air.aircraft[aircraft.id]
    status.ready = False
    status.flown = state.turn
    state.air.called[aircraft.id] = hex_index
    return AirMissionCalled(
        state.turn, aircraft.side, aircraft.id, mission_of(aircraft), state.board.offset(hex_index)
    )


def start_of_turn(state: GameState, side: Side) -> list[MissionEvent]:
    """The side's air at the start of its player turn: the missions it called fly (Panzer
    Battles), then its aircraft check their availability and rest [000 8.3, 9.3, 12.0,
    001 #32]."""
    events: list[MissionEvent] = []
    for aircraft_id, hex_index in list(state.air.called.items()):
        aircraft = state.units[aircraft_id]
        if aircraft.side is not side:
            continue
        del state.air.called[aircraft_id]
        events += _launch(state, aircraft, hex_index)
    return [*events, *availability_checks(state, side), *rest_aircraft(state, side)]


def _launch(state: GameState, aircraft: UnitState, hex_index: int) -> list[MissionEvent]:
    mission = mission_of(aircraft)
    called = state.board.offset(hex_index)
    if aircraft.status is not UnitStatus.AIR:
        return []
    grounded = why_weather_grounds(state, recon=mission == "recon")
    target: int | None = hex_index
    if grounded is None and mission == "strike" and strike_unit(state, aircraft, hex_index) is None:
        target = next(
            (
                h
                for h in state.board.neighbors[6 * hex_index : 6 * hex_index + 6]
                if h >= 0 and why_not_strike_hex(state, aircraft, h) is None
            ),
            None,
        )
    if grounded is not None or target is None:
        after_mission(state, aircraft)
        why = grounded or "no enemy unit in or next to the hex to strike"
        return [
            AirMissionFlown(
                state.turn, aircraft.side, aircraft.id, mission, called, called, False, why
            )
        ]
    return fly(state, aircraft, target, hex_index)

"""The air orders and queries of `engine.panzer_campaigns.game.Game`, as a mixin [000 8.0-8.4]: the
side's
aircraft and which may fly now, the hexes a strike may call, why a mission is refused, its
preview, and the three orders - `AirStrike`, `CarpetBomb`, `AirRecon` - recorded and never
taken back (their dice are seen). The rules are in `engine.panzer_campaigns.air`.

Air missions belong to the player turn's side, in its Offensive Fire Phase when the game is
played in phases ("Air Missions occur in the Offensive Fire Phase" [000 13.3]). In Panzer
Battles a mission called flies at the start of the side's next player turn [001 #32]; calling
it rolls nothing, so it may be taken back until then within the player turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.panzer_campaigns import spotting
from engine.panzer_campaigns.air import availability
from engine.panzer_campaigns.air.fleet import aircraft_of
from engine.panzer_campaigns.air.missions import AirPreview, call, fly, mission_of, preview
from engine.panzer_campaigns.air.strike import why_not_strike_hex
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.orders import AirRecon, AirStrike, CarpetBomb
from engine.panzer_campaigns.phases import Action, Step, current_step, why_not_now
from engine.panzer_campaigns.sightings import Sight

if TYPE_CHECKING:
    from engine.panzer_campaigns.events import Event
    from engine.panzer_campaigns.orders import Order
    from engine.panzer_campaigns.state import GameState
    from engine.panzer_campaigns.units import UnitState
    from schemas.vocabulary import Side

Offset = tuple[int, int]

MISSION_ORDERS: dict[str, type[AirStrike | CarpetBomb | AirRecon]] = {
    "strike": AirStrike,
    "carpet": CarpetBomb,
    "recon": AirRecon,
}


@dataclass(frozen=True, slots=True)
class Permission:
    """The answer of a `can_…` query: true when allowed, else false with the reason."""

    reason: str | None = None

    def __bool__(self) -> bool:
        return self.reason is None


class AirOrders:
    """Air missions for a `Game` (which provides the state and the order machinery)."""

    if TYPE_CHECKING:
        state: GameState
        result: Any
        _checkpoints: list[Any]

        @property
        def acting(self) -> Side: ...
        def _carry_out(self, order: Order, run: Callable[[], list[Event]]) -> list[Event]: ...
        def _emit(self, events: Sequence[Event]) -> list[Event]: ...
        def hex_of(self, offset: Offset) -> int: ...
        def offset_of(self, hex_index: int) -> Offset: ...
        def unit(self, unit_id: str) -> UnitState: ...

    # --- queries ----------------------------------------------------------------------------

    def aircraft(self, side: Side | None = None) -> list[UnitState]:
        """The air units in play (not shot down), of one side or both [000 8.0]."""
        return aircraft_of(self.state, side)

    def available_aircraft(self, side: Side | None = None) -> list[UnitState]:
        """The aircraft of `side` (default: the side to move) that could fly a mission now,
        the weather aside [000 8.3]."""
        return availability.available_aircraft(self.state, side or self.state.phasing)

    def mission_of(self, aircraft_id: str) -> str:
        """ "strike", "carpet" or "recon": the mission the air unit flies [000 8.0, 8.1]."""
        return mission_of(self.unit(aircraft_id))

    def why_not_fly(self, aircraft_id: str) -> str | None:
        """Why the air unit may fly no mission now, whatever the hex, or None [000 8.1, 8.3,
        11.0, 13.3]."""
        state = self.state
        unit = state.units.get(aircraft_id)
        if unit is None or aircraft_id not in state.air.aircraft:
            return f"{aircraft_id} is not an air unit of the scenario's air setup"
        if self.result is not None:
            return "the game is over"
        if unit.side is not state.phasing or self.acting is not state.phasing:
            return f"{aircraft_id} is {unit.side.value}: air missions fly in their side's turn"
        if current_step(state) is not None and current_step(state) is not Step.OFFENSIVE_FIRE:
            why = why_not_now(state, Action.FIRE) or "air missions fly in the Offensive Fire Phase"
            return f"{why} (air missions occur in the Offensive Fire Phase [000 13.3])"
        grounded = availability.why_grounded(state, unit)
        if grounded is not None:
            return grounded
        return availability.why_weather_grounds(state, recon=mission_of(unit) == "recon")

    def _why_not_mission(self, aircraft_id: str, hex_: Offset, mission: str) -> str | None:
        why = self.why_not_fly(aircraft_id)
        if why is not None:
            return why
        state = self.state
        unit = state.units[aircraft_id]
        flies = mission_of(unit)
        if flies != mission:
            names = {"strike": "an air strike", "carpet": "carpet bombing", "recon": "air recon"}
            return f"{aircraft_id} flies {names[flies]}, not {names[mission]}"
        if not state.board.grid.contains(*hex_):
            return f"{hex_[0]},{hex_[1]} is not on the map"
        if mission == "strike":
            return why_not_strike_hex(state, unit, self.hex_of(hex_))
        return None

    def can_air_strike(self, aircraft_id: str, hex_: Offset) -> Permission:
        """Whether the air unit may strike `hex_` now, with the reason when not [000 8.1]."""
        return Permission(self._why_not_mission(aircraft_id, hex_, "strike"))

    def can_carpet_bomb(self, aircraft_id: str, hex_: Offset) -> Permission:
        """Whether the heavy bomber may carpet-bomb `hex_` now, with the reason when not."""
        return Permission(self._why_not_mission(aircraft_id, hex_, "carpet"))

    def can_air_recon(self, aircraft_id: str, hex_: Offset) -> Permission:
        """Whether the recon air unit may fly over `hex_` now, with the reason when not."""
        return Permission(self._why_not_mission(aircraft_id, hex_, "recon"))

    def air_targets(self, aircraft_id: str) -> dict[Offset, bool]:
        """The hexes worth calling the air unit's mission on now, each with whether its units
        are seen only as Unknown: for a strike the hexes it may strike; for carpet bombing and
        recon (which may fly over any hex) the hexes of enemy units the side sees. Empty when
        it may not fly."""
        if self.why_not_fly(aircraft_id) is not None:
            return {}
        state = self.state
        unit = state.units[aircraft_id]
        strike = mission_of(unit) == "strike"
        grades: dict[int, Sight] = {}
        for enemy_id, seen in spotting.spotted_by(state, unit.side).items():
            if state.units[enemy_id].hex == seen.hex:
                grades[seen.hex] = grades.get(seen.hex, seen.grade) | seen.grade
        found = {}
        for hex_index, grade in sorted(grades.items()):
            if strike and why_not_strike_hex(state, unit, hex_index, seen=True) is not None:
                continue
            found[self.offset_of(hex_index)] = grade is Sight.UNKNOWN
        return found

    def air_preview(self, aircraft_id: str, hex_: Offset) -> AirPreview | None:
        """What the mission at `hex_` would meet and do: the chance of interception, each AA
        unit's fire and the aircraft it is expected to shoot down, the strike's value and
        casualty range [000 8.1]; None when it may not fly there."""
        unit = self.state.units.get(aircraft_id)
        if unit is None or self._why_not_mission(aircraft_id, hex_, mission_of(unit)):
            return None
        return preview(self.state, unit, self.hex_of(hex_))

    # --- orders -----------------------------------------------------------------------------

    def air_strike(self, aircraft_id: str, hex_: Offset) -> list[Event]:
        """Strike `hex_` with a combat air unit [000 8.1]: interception, AA fire, then the strike
        on the unit the hex offers. IllegalMove when it may not (`can_air_strike`)."""
        return self._fly(aircraft_id, hex_, "strike")

    def carpet_bomb(self, aircraft_id: str, hex_: Offset) -> list[Event]:
        """Carpet-bomb `hex_` with a heavy bomber [000 8.1]: it may scatter up to 2 hexes and
        hits every unit where it falls. IllegalMove when it may not (`can_carpet_bomb`)."""
        return self._fly(aircraft_id, hex_, "carpet")

    def air_recon(self, aircraft_id: str, hex_: Offset) -> list[Event]:
        """Fly a recon air unit over `hex_` [000 8.1]: enemy units within visibility may be
        spotted. IllegalMove when it may not (`can_air_recon`)."""
        return self._fly(aircraft_id, hex_, "recon")

    def _fly(self, aircraft_id: str, hex_: Offset, mission: str) -> list[Event]:
        why = self._why_not_mission(aircraft_id, hex_, mission)
        if why is not None:
            raise IllegalMove(why)
        unit = self.state.units[aircraft_id]
        target = self.hex_of(hex_)
        order = MISSION_ORDERS[mission](aircraft_id, self.offset_of(target))

        if self.state.profile.air_mission_delay:  # [001 #32] it flies next turn: no dice yet
            return self._carry_out(order, lambda: self._emit([call(self.state, unit, target)]))

        def run() -> list[Event]:
            spotting.sync(self.state)
            return self._emit(fly(self.state, unit, target))

        events = self._carry_out(order, run)
        self._checkpoints.clear()  # its dice are seen: nothing before it is taken back
        return events

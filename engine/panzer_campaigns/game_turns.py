"""The turn loop of a game (`engine.panzer_campaigns.game.Game` inherits it): ending phases and
player turns,
the start of each player turn and the end of each game turn, and in phased play the eight phases
of a game turn with the engine's Automatic Defensive Fire [000 3.3, 13.3].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.panzer_campaigns import (
    arrivals,
    deception,
    hq_recovery,
    logistics,
    night_fatigue,
    objectives,
    patrols,
    phases,
    spotting,
    supply_turn,
)
from engine.panzer_campaigns.air import missions as air_missions
from engine.panzer_campaigns.combat import artillery_setup, dig_in
from engine.panzer_campaigns.combat.ammunition import ammunition_checks
from engine.panzer_campaigns.combat.recovery import start_of_turn_recovery
from engine.panzer_campaigns.defensive_fire import automatic_defensive_fire
from engine.panzer_campaigns.events import Arrived, Event, GameEnded
from engine.panzer_campaigns.fixing import fix_scheduled_units
from engine.panzer_campaigns.hedgerow import clear_vulnerable
from engine.panzer_campaigns.intel import update_intel
from engine.panzer_campaigns.objectives import Score
from engine.panzer_campaigns.orders import EndPhase, EndPlayerTurn, Order
from engine.panzer_campaigns.phases import Phase, PhaseStarted
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.weather import StormChanged
from schemas.vocabulary import Side

Offset = tuple[int, int]


class TurnLoop:
    """The turn loop of `engine.panzer_campaigns.game.Game`, which holds the state, the log and the
    orders."""

    state: GameState
    log: list[Event]
    result: GameEnded | None
    orders: list[Order]
    _checkpoints: list[Any]

    if TYPE_CHECKING:

        def fire(self, unit_id: str, hex_: Offset) -> list[Event]: ...
        def _engineering_turn_start(self) -> None: ...

    # --- the turn loop ----------------------------------------------------------------------

    @property
    def phase(self) -> Phase | None:
        """The phase being played and the side acting in it ("Allied Offensive Fire"), or None
        when the game is not played in phases (Manual Defensive Fire off) [000 13.3]."""
        return phases.current_phase(self.state)

    @property
    def acting(self) -> Side:
        """The side that gives orders now: the side whose player turn it is, or its enemy in the
        Defensive Fire Phase [000 13.3]."""
        return phases.acting_side(self.state)

    @property
    def is_phased(self) -> bool:
        """Whether the game is played in phases (`engine.panzer_campaigns.phases.is_phased`); then
        there is no
        Opportunity Fire [000 13.3]."""
        return phases.is_phased(self.state)

    def end_phase(self, *, automatic: bool = True) -> list[Event]:
        """End the phase being played: the next phase of the player turn starts, or after the
        Assault Phase the player turn ends as `end_player_turn` does. Under Automatic Defensive
        Fire a Defensive Fire Phase that starts is played by the engine (its fires recorded as
        `Fire` orders) and ended, unless `automatic` is false, as when orders are replayed
        (they hold those fires). In a game without phases it ends the player turn. Returns the
        events it logged."""
        state = self.state
        if not phases.is_phased(state):
            return self.end_player_turn(automatic=automatic)
        if self.result is not None:
            return []
        start = len(self.log)
        spotting.sync(state)  # as `end_player_turn` does
        self.orders.append(EndPhase())
        self._checkpoints.clear()  # moves are taken back within their phase only
        if state.step + 1 < len(phases.STEPS):
            state.step += 1
            self._phase_started()
        else:
            self._end_player_turn()
        engine_plays = automatic and phases.is_automatic(state) and self.result is None
        if engine_plays and phases.current_step(state) is phases.Step.DEFENSIVE_FIRE:
            for unit_id, offset in automatic_defensive_fire(state):
                self.fire(unit_id, offset)
            self.end_phase()
        return self.log[start:]

    def end_player_turn(self, *, automatic: bool = True) -> list[Event]:
        """End the current player turn: the surrender check, then either the other side's
        player turn or the end of the game turn and the start of the next [000 3.3]. In a
        phased game it ends the phases left of the player turn (see `end_phase`). Returns the
        events it logged."""
        if self.result is not None:
            return []
        start = len(self.log)
        state = self.state
        # Sightings depend on when they were brought up to date: the turn ends from them up to
        # date, as after any order, so a replay sees what the players (or a computer) saw.
        spotting.sync(state)
        if phases.is_phased(state):
            now = (state.turn, state.player_turn)
            while self.result is None and (state.turn, state.player_turn) == now:
                self.end_phase(automatic=automatic)
            return self.log[start:]
        self.orders.append(EndPlayerTurn())
        self._checkpoints.clear()  # [000 5.0] undo is for movement of the player turn
        self._end_player_turn()
        return self.log[start:]

    def _end_player_turn(self) -> None:
        state = self.state
        self._emit(objectives.update_owners(state))
        self._emit(objectives.check_surrender(state))  # [000 3.4] "end of any player turn"
        self._emit(night_fatigue.end_of_night_player_turn(state))  # [000 9.3] optional rule
        if state.player_turn == 0:
            state.player_turn = 1
            state.phasing = other_side(state.phasing)
            self._start_player_turn()
        else:
            self._end_game_turn()

    def _phase_started(self) -> None:
        phase = phases.current_phase(self.state)
        if phase is not None:
            self._emit([PhaseStarted(self.state.turn, phase.side, phase.step)])

    def play_turns(self, count: int) -> list[Event]:
        """Play `count` whole game turns with no orders (or until the game ends)."""
        start = len(self.log)
        for _ in range(count):
            if self.result is not None:
                break
            self.end_player_turn()
            if self.result is None:
                self.end_player_turn()
        return self.log[start:]

    def _end_game_turn(self) -> None:
        state = self.state
        self._emit(objectives.expire_limited(state))  # [000 3.4] after the turn is completed
        self._count_congestion()
        score = objectives.score(state)
        if state.scenario.header.early_termination and objectives.is_major_victory(score):
            self._finish(score, early=True)  # [000 2.0] Early Termination
            return
        if state.is_last_turn():
            self._finish(score, early=False)
            return
        state.turn += 1
        state.weather, weather_events = state.weather_engine.advance(state.weather, state.rng)
        self._emit(list(weather_events))
        storm = [e for e in weather_events if isinstance(e, StormChanged)]
        self._emit(
            supply_turn.apply_supply_variations(
                state,
                storm_started=any(e.storm for e in storm),
                storm_ended=any(not e.storm for e in storm),
                midnight=state.clock.is_midnight_turn(state.turn),
            )
        )
        state.player_turn = 0
        state.phasing = state.scenario.header.first_side
        self._emit(deception.detect(state))  # [000 4.3] "at the beginning of each turn"
        state.touch()
        self._start_player_turn()

    def _start_player_turn(self) -> None:
        """The start-of-player-turn steps (digest 1.3 and Appendix B.2): withdrawals and
        arrivals [000 4.7], deception units recalled by a friendly unit in their hex [000 4.3],
        On Foot units back on their transport with their HQ [000 4.2], releases and Fixed units
        the enemy spotted [000 4.6], objectives the arrivals occupy, Local Supply Values and
        isolation [000 10.1], the Command Test, disruption recovery, ammunition and fuel
        [000 9.1, 10.2], loss recovery, replacements and fatigue rest [000 9.3, 12.0],
        Digging-In progress [000 4.9], fresh movement points."""
        state, side = self.state, self.state.phasing
        self._emit(arrivals.process_withdrawals(state, side))
        arrived: list[str] = []
        for event in self._emit(arrivals.process_arrivals(state, side)):
            if isinstance(event, Arrived):  # arriving is moving in view [000 4.8]
                arrived += event.units
                for unit_id in event.units:
                    spotting.reveal(state, state.units[unit_id])
        self._emit(deception.recall_joined(state, side))  # [000 4.3]
        self._emit(patrols.back_on_transport(state, side))  # [000 4.2]
        self._emit(arrivals.process_releases(state, side))
        self._emit(fix_scheduled_units(state, side))  # [000 4.6] fixed after the start
        self._emit(arrivals.free_spotted_units(state, side))
        self._emit(objectives.update_owners(state))
        isolation = supply_turn.update_isolation(state, side)
        if isolation is not None:
            self._emit([isolation])
        self._emit(logistics.start_of_turn_logistics(state, side))
        self._emit(hq_recovery.restore_hqs(state, side))  # after the Command Test [000 9.1]
        spent = ammunition_checks(state, side)
        if spent is not None:
            self._emit([spent])
        readied = artillery_setup.start_of_turn(state, side, arrived)  # [000 10.3]
        if readied is not None:
            self._emit([readied])
        self._emit(start_of_turn_recovery(state, side))
        self._emit(dig_in.progress_digging(state, side))  # after rest: diggers do not rest
        self._engineering_turn_start()  # works in progress roll [000 7.2-7.4]
        self._emit(air_missions.start_of_turn(state, side))  # [000 8.3, 001 #32]
        for unit in state.iter_units(side):
            unit.mp_spent = 0.0
        clear_vulnerable(state, side)
        update_intel(state)
        state.step = 0
        self._phase_started()

    def _count_congestion(self) -> None:
        """Congestion markers count the turns a unit of the congested side spends in them and
        go at the Congestion Expiration; markers for both sides never go [000 4.4]."""
        state = self.state
        rules = state.parameters.obstacles
        if rules.congestion_expiration == 0 or rules.congestion_side == "both":
            return
        for hex_index in list(state.congestion):
            if any(u.side == rules.congestion_side for u in state.units_at(hex_index)):
                state.congestion[hex_index] += 1
                if state.congestion[hex_index] >= rules.congestion_expiration:
                    del state.congestion[hex_index]

    def _finish(self, score: Score, *, early: bool) -> None:
        self.result = GameEnded(self.state.turn, score.outcome, score.score, early)
        self._emit([self.result])

    def _emit(self, events: Sequence[Event]) -> list[Event]:
        self.log.extend(events)
        return list(events)

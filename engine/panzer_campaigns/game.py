"""The API a tester plays through: a new game from a scenario and a seed, legal moves, moving
units and changing their mode, recon spotting, digging in, combining and breaking down, taking
back the orders of the player turn. Firing and assaulting (`engine.panzer_campaigns.game_combat`),
the queries
(`engine.panzer_campaigns.game_queries`) and ending phases and player turns
(`engine.panzer_campaigns.game_turns`) are mixins it
inherits.

Same scenario, seed and orders give the same log: all randomness comes from the state's one
generator, and every collection is walked in scenario order. `Game.orders` records the orders
carried out, so `apply`-ing them to a new game of the same scenario and seed replays it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from engine.panzer_campaigns import (
    movement,
    objectives,
    organize,
    patrols,
    phases,
    spotting,
    supply_turn,
)
from engine.panzer_campaigns.air.fleet import enlist_aircraft
from engine.panzer_campaigns.allowance import movement_allowance
from engine.panzer_campaigns.combat import dig_in
from engine.panzer_campaigns.combat.events import LossesTaken
from engine.panzer_campaigns.combat.opportunity_fire import (
    opportunity_fire,
    triggers_on_mode_change,
)
from engine.panzer_campaigns.engineering.events import WiredBridgeTested
from engine.panzer_campaigns.engineering.progress import after_move
from engine.panzer_campaigns.engineering.wired import walk_past_wired
from engine.panzer_campaigns.events import Event, GameEnded
from engine.panzer_campaigns.game_air import AirOrders
from engine.panzer_campaigns.game_attachments import AttachmentOrders
from engine.panzer_campaigns.game_carry import CarryOrders
from engine.panzer_campaigns.game_combat import CombatOrders
from engine.panzer_campaigns.game_engineering import EngineeringOrders
from engine.panzer_campaigns.game_patrols import PatrolOrders
from engine.panzer_campaigns.game_queries import GameQueries
from engine.panzer_campaigns.game_rail import RailOrders
from engine.panzer_campaigns.game_turns import TurnLoop
from engine.panzer_campaigns.intel import update_intel
from engine.panzer_campaigns.march_events import NightDisrupted, VehicleBrokeDown
from engine.panzer_campaigns.movement_walk import walk
from engine.panzer_campaigns.orders import (
    ENGINEERING_ORDERS,
    AirRecon,
    AirStrike,
    Assault,
    BreakDown,
    CarpetBomb,
    Carry,
    ChangeAttachment,
    ChangeMode,
    Combine,
    DamageRail,
    DeployDeception,
    DigIn,
    EndPhase,
    ExitUnit,
    Fire,
    Move,
    Order,
    Patrol,
    ReconSpot,
    Uncarry,
)
from engine.panzer_campaigns.phases import Action
from engine.panzer_campaigns.play_options import PlayOptions
from engine.panzer_campaigns.state import GameState, StateSnapshot
from engine.panzer_campaigns.units import UnitState
from engine.panzer_campaigns.weather import Weather
from schemas.panzer_campaigns.map import MapFile
from schemas.panzer_campaigns.oob import OobFile
from schemas.panzer_campaigns.parameters import ParameterFile
from schemas.panzer_campaigns.scenario import DayPhase, Mode, ScenarioFile
from schemas.panzer_campaigns.weather import WeatherFile
from schemas.title import ScenarioBundle, load_scenario
from schemas.vocabulary import Side

Offset = tuple[int, int]

SEEN_ROLLS = (LossesTaken, WiredBridgeTested, NightDisrupted, VehicleBrokeDown)
"""Events of a die roll the player saw during an order: nothing before it is taken back (a
night-march Disruption or a breakdown [000 4.1, 4.2] included)."""


class Game(
    CombatOrders,
    CarryOrders,
    EngineeringOrders,
    PatrolOrders,
    RailOrders,
    AttachmentOrders,
    AirOrders,
    GameQueries,
    TurnLoop,
):
    """A game in progress, from the first player turn of turn 1 to the end.

    Orders (`move`, `change_mode`, `exit_unit`, `dig_in`, `combine`, `break_down`, ...) are
    for units of the side acting now (`acting`: the side whose player turn it is, or in a
    phased game's Defensive Fire Phase its enemy) and raise `movement.IllegalMove` (a
    ValueError) with a message when the rules or the phase forbid them; nothing changes then.
    `end_phase` and `end_player_turn` run the end of a phase or player turn, and when both
    sides have moved, the end of the game turn and the start of the next.
    """

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.log: list[Event] = []
        self.result: GameEnded | None = None
        self.orders: list[Order] = []
        """Every order carried out, in order; taken-back orders are not in it."""
        self._checkpoints: list[_Checkpoint] = []
        """The game before each order of the current player turn, for `undo`."""
        self.take_back = True
        """Whether the orders given now may be taken back: off, an order keeps no copy of the
        game (a copy of every unit) and takes back none before it. A computer player, which
        never takes an order back, turns it off while it gives one."""
        # [000 10.2] the first turn rolls the daily variations when it is a midnight turn, and a
        # storm raging when the scenario begins has started, as one beginning later has
        midnight, storm = state.clock.is_midnight_turn(state.turn), state.weather.storm
        if midnight or storm:
            self._emit(
                supply_turn.apply_supply_variations(
                    state, storm_started=storm, storm_ended=False, midnight=midnight
                )
            )
        spotting.start(state)
        enlist_aircraft(state)  # [000 8.0] the air setup's units, ready to fly
        self._start_player_turn()

    # --- starting ---------------------------------------------------------------------------

    @classmethod
    def from_bundle(
        cls, bundle: ScenarioBundle, seed: int = 0, options: PlayOptions | None = None
    ) -> Game:
        """A new game of a loaded scenario, with the players' `options` (Opportunity Fire, Fog
        of War; none by default); ValueError when it or its files have errors."""
        return cls._with(GameState.from_bundle(bundle, seed), options)

    @classmethod
    def from_scenario(
        cls, path: Path | str, seed: int = 0, options: PlayOptions | None = None
    ) -> Game:
        """A new game of the scenario file at `path`; ValueError when it cannot be played."""
        return cls.from_bundle(load_scenario(path), seed, options)

    @classmethod
    def _with(cls, state: GameState, options: PlayOptions | None) -> Game:
        if options is not None:
            state.options = options
        return cls(state)

    @classmethod
    def from_models(
        cls,
        scenario: ScenarioFile,
        map_file: MapFile,
        oob: OobFile,
        parameters: ParameterFile,
        weather_file: WeatherFile | None = None,
        *,
        seed: int = 0,
        options: PlayOptions | None = None,
    ) -> Game:
        """A new game of a scenario given as models (the editor's unsaved snapshot)."""
        state = GameState.from_models(scenario, map_file, oob, parameters, weather_file, seed=seed)
        return cls._with(state, options)

    # --- where we are -----------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """The current game turn, from 1."""
        return self.state.turn

    @property
    def phasing(self) -> Side:
        """The side whose player turn it is."""
        return self.state.phasing

    @property
    def time(self) -> datetime:
        """Date and time of the current turn."""
        return self.state.clock.time_of(self.state.turn)

    @property
    def day_phase(self) -> DayPhase:
        """Dawn, day, dusk or night (`phase` is the phase of a phased game turn)."""
        return self.state.clock.phase_of(self.state.turn)

    @property
    def weather(self) -> Weather:
        """Condition, storm and visibility of the current turn."""
        return self.state.weather

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (last turn played, or an early major victory)."""
        return self.result is not None

    # --- units and hexes --------------------------------------------------------------------

    def iter_units(self, side: Side | None = None) -> Iterator[UnitState]:
        """Units on the map, of one side or both."""
        return self.state.iter_units(side)

    # --- orders -----------------------------------------------------------------------------

    def apply(self, order: Order) -> list[Event]:
        """Carry out an order (see `engine.panzer_campaigns.orders`); IllegalMove when the rules
        forbid it."""
        if isinstance(order, Move):
            return self.move(order.unit, order.path)
        if isinstance(order, ChangeMode):
            start = len(self.log)
            self.change_mode(order.unit, order.mode)
            return self.log[start:]
        if isinstance(order, ExitUnit):
            return self.exit_unit(order.unit)
        if isinstance(order, ReconSpot):
            return [self.recon_spot(order.unit)]
        if isinstance(order, DigIn):
            return [self.dig_in(order.unit)]
        if isinstance(order, Combine):
            return [self.combine(order.units)]
        if isinstance(order, BreakDown):
            return [self.break_down(order.unit)]
        if isinstance(order, Carry):
            return self.carry(order.carrier, order.units)
        if isinstance(order, Uncarry):
            return [self.uncarry(order.carrier)]
        if isinstance(order, Patrol):
            return [self.patrol(order.unit)]
        if isinstance(order, DeployDeception):
            return [self.deploy_deception(order.unit, order.hex)]
        if isinstance(order, DamageRail):
            return [self.damage_rail(order.unit)]
        if isinstance(order, ChangeAttachment):
            return [self.change_attachment(order.subject, order.attach_to)]
        if isinstance(order, Fire):
            return self.fire(order.unit, order.target)
        if isinstance(order, Assault):
            return self.assault(order.hex, order.units)
        if isinstance(order, ENGINEERING_ORDERS):
            return self.apply_engineering(order)
        if isinstance(order, AirStrike):
            return self.air_strike(order.aircraft, order.target)
        if isinstance(order, CarpetBomb):
            return self.carpet_bomb(order.aircraft, order.target)
        if isinstance(order, AirRecon):
            return self.air_recon(order.aircraft, order.target)
        if isinstance(order, EndPhase):  # the recorded orders hold any automatic fire
            return self.end_phase(automatic=False)
        return self.end_player_turn(automatic=False)

    @property
    def can_undo(self) -> bool:
        """Whether the current player turn has orders to take back (none before a recon
        spotting or a fire: their dice were seen)."""
        return bool(self._checkpoints)

    def undo(self) -> Order:
        """Take back the last order of the current player turn, with everything it caused (the
        random numbers it drew included), and return it. ValueError when the player turn has no
        orders. Orders before one that took a combat result (`LossesTaken`) or set off a wired
        bridge's test [000 7.4] cannot be taken back: the player has seen that roll - a move
        that drew opportunity fire included; a
        move during which no unit fired can be, the dice of units that failed to fire being
        unseen and rolled again the same after the take-back. Whether a player may (not under
        Fog of War [000 5.0]) is for the caller."""
        if not self._checkpoints:
            raise ValueError("no order of this player turn to take back")
        checkpoint = self._checkpoints.pop()
        self.state.restore(checkpoint.state)
        del self.log[checkpoint.logged :]
        self.result = checkpoint.result
        return self.orders.pop()

    def _carry_out(self, order: Order, run: Callable[[], list[Event]]) -> list[Event]:
        """Run an order of the player turn, recording it and a copy of the game before it; on
        IllegalMove nothing changed, so nothing is recorded."""
        checkpoint = (
            _Checkpoint(self.state.snapshot(), len(self.log), self.result)
            if self.take_back
            else None
        )
        events = run()
        update_intel(self.state)
        self.orders.append(order)
        if checkpoint is None or any(isinstance(event, SEEN_ROLLS) for event in events):
            # A combat result is a die roll the player has seen: nothing before it is taken
            # back, or orders could be replayed until the dice fall well.
            self._checkpoints.clear()
        else:
            self._checkpoints.append(checkpoint)
        return events

    def _orderable(self, unit_id: str, action: Action = Action.MOVE) -> UnitState:
        """The unit, if its side acts now and may `action` in this phase [000 13.3]."""
        unit = self.unit(unit_id)
        if self.result is not None:
            raise movement.IllegalMove(f"the game is over; {unit_id} cannot be given orders")
        if not unit.on_map:
            raise movement.IllegalMove(f"{unit_id} is not on the map ({unit.status.value})")
        phase = self.phase
        if unit.side is not self.acting:
            now = f"{phase.describe()} Phase" if phase else f"{self.phasing.value} player turn"
            raise movement.IllegalMove(f"{unit_id} is {unit.side.value}; it is the {now}")
        if unit.carried_by is not None:  # [001 "Carry/Uncarry"] it rides: its carrier acts
            raise movement.IllegalMove(f"{unit_id} rides on {unit.carried_by}; set it down first")
        why = phases.why_not_now(self.state, action)
        if why is not None:
            raise movement.IllegalMove(f"{unit_id} cannot do that now: {why}")
        return unit

    def legal_moves(self, unit_id: str) -> dict[Offset, float]:
        """Every hex the unit can reach this player turn, with the movement points it costs;
        empty for units that may not move now."""
        try:
            unit = self._orderable(unit_id)
        except movement.IllegalMove:
            return {}
        reach = movement.reachable(self.state, unit)
        # Costs are sums of fractional modifiers; two decimals are what a player reads.
        return {self.offset_of(h): round(r.cost, 2) for h, r in reach.items() if h != unit.hex}

    def path_to(self, unit_id: str, target: Offset, *, this_turn: bool = True) -> list[Offset]:
        """The cheapest path for a unit to `target` (within this turn's allowance by default),
        start hex included; empty when there is none."""
        unit = self.unit(unit_id)
        found = movement.min_path(self.state, unit, self.hex_of(target), within_allowance=this_turn)
        return [self.offset_of(h) for h in found.hexes] if found is not None else []

    def move(self, unit_id: str, path: Sequence[Offset]) -> list[Event]:
        """Move a unit along adjacent hexes (its own hex first or not), then settle objectives
        it entered. Raises IllegalMove and changes nothing if any step is illegal (under Fog of
        War, by what its side knows). With the Opportunity Fire or Fog of War options the unit
        moves hex by hex and may draw fire or stop on contact
        (`engine.panzer_campaigns.movement_walk`). A
        Patrolling unit first recalls its patrols for half its allowance [000 4.2]."""
        unit = self._orderable(unit_id)
        hexes = [self.hex_of(offset) for offset in path]
        if hexes and hexes[0] == unit.hex:
            hexes = hexes[1:]
        order = Move(unit_id, tuple(self.offset_of(h) for h in hexes))

        def run() -> list[Event]:
            spotting.sync(self.state)
            start = unit.hex
            spent, patrolling = unit.mp_spent, unit.patrolling and bool(hexes)
            recalled = [patrols.recall(self.state, unit)] if patrolling else []
            try:
                # [000 7.4] wired bridges the unit comes to are tested on the way
                entered, on_the_way = walk_past_wired(self.state, unit, hexes, walk)
            except movement.IllegalMove:
                if recalled:  # the path was refused: nothing changed
                    unit.patrolling, unit.mp_spent = True, spent
                    self.state.touch()
                raise
            seen = spotting.after_move(self.state, unit, start, entered)
            held = entered if unit.on_map else []
            owners = objectives.update_owners(self.state, [(h, unit.side) for h in held])
            stopped = after_move(self.state, unit)  # a worker that moves leaves its work
            return self._emit([*recalled, *on_the_way, *seen, *owners, *stopped])

        return self._carry_out(order, run)

    def change_mode(self, unit_id: str, mode: Mode | str) -> float:
        """Change a unit's mode (deployed, travel, rail); returns the movement points spent.
        It may draw opportunity fire (`engine.panzer_campaigns.combat.opportunity_fire`)."""
        unit = self._orderable(unit_id)
        order = ChangeMode(unit_id, Mode(mode))
        spent: list[float] = []

        def run() -> list[Event]:
            before = unit.mp_spent
            spent.append(movement.change_mode(self.state, unit, order.mode))
            self._emit(after_move(self.state, unit))  # engineers work deployed [000 7.3, 7.4]
            if not self.state.options.opportunity_fire:
                return []  # and no sync, which old records did not have here
            if not triggers_on_mode_change(unit, order.mode, before):
                return []
            spotting.sync(self.state)
            return self._emit(opportunity_fire(self.state, unit, "changed mode"))

        self._carry_out(order, run)
        return spent[0]

    def exit_unit(self, unit_id: str) -> list[Event]:
        """Take a unit off the map at the exit objective it stands on, scoring for its side."""
        unit = self._orderable(unit_id)
        exits = [o for o in self.state.objectives if o.is_exit and o.hex == unit.hex]
        if not exits:
            raise movement.IllegalMove(f"{unit_id} is not on an exit objective")

        def run() -> list[Event]:
            try:
                event = objectives.exit_unit(self.state, unit, exits[0].id)
            except ValueError as exc:
                raise movement.IllegalMove(str(exc)) from exc
            return self._emit([event])

        return self._carry_out(ExitUnit(unit_id), run)

    def recon_spot(self, unit_id: str) -> Event:
        """A recon unit spends a third of its movement points to try to reveal concealed enemy
        units within Visibility + 1 hexes [000 4.8] (see `engine.panzer_campaigns.spotting`).
        IllegalMove when
        it may not. The orders before it can no longer be taken back."""
        unit = self._orderable(unit_id)
        why = spotting.may_recon_spot(self.state, unit)
        if why is not None:
            raise movement.IllegalMove(why)
        events = self._carry_out(
            ReconSpot(unit_id), lambda: self._emit([spotting.recon_spot(self.state, unit)])
        )
        self._checkpoints.clear()  # taking it back would let a player roll again
        return events[0]

    # --- miscellaneous actions [000 4.9]: Digging-In, combining, breaking down ---------------

    def can_dig_in(self, unit_id: str) -> bool:
        """Whether the unit may start Digging-In now (see
        `engine.panzer_campaigns.combat.dig_in`)."""
        try:
            unit = self._orderable(unit_id)
        except movement.IllegalMove:
            return False
        return dig_in.why_not_dig_in(self.state, unit) is None

    def dig_in(self, unit_id: str) -> Event:
        """Start Digging-In for all the unit's movement points; each later player turn of its
        side may improve its hex's fortification (IP -> Trench -> Bunker) [000 4.9]. No die
        is rolled now, so it can be taken back within the player turn."""
        unit = self._orderable(unit_id)
        why = dig_in.why_not_dig_in(self.state, unit)
        if why is not None:
            raise movement.IllegalMove(why)
        allowance = movement_allowance(self.state, unit)

        def run() -> list[Event]:
            return self._emit([dig_in.start_digging_in(self.state, unit, allowance)])

        return self._carry_out(DigIn(unit_id), run)[0]

    def combinable(self, unit_id: str) -> list[str]:
        """Ids of the units on the unit's hex it may combine with now [000 4.9]."""
        try:
            unit = self._orderable(unit_id)
        except movement.IllegalMove:
            return []
        return [u.id for u in organize.combinable(self.state, unit)]

    def combine(self, unit_ids: Sequence[str]) -> Event:
        """Merge companies of one battalion on one hex into the first one's counter, at no
        movement point cost [000 4.9] (see `engine.panzer_campaigns.organize.combine`)."""
        units = [self._orderable(unit_id) for unit_id in unit_ids]
        why = organize.why_not_combine(self.state, units)
        if why is not None:
            raise movement.IllegalMove(why)

        def run() -> list[Event]:
            return self._emit([organize.combine(self.state, units, self.state.turn)])

        return self._carry_out(Combine(tuple(unit_ids)), run)[0]

    def break_down(self, unit_id: str) -> Event:
        """Split the last company merged into a combined counter off it, on its hex, at no
        movement point cost [000 4.9] (see `engine.panzer_campaigns.organize.break_down`)."""
        unit = self._orderable(unit_id)
        why = organize.why_not_break_down(unit)
        if why is not None:
            raise movement.IllegalMove(why)

        def run() -> list[Event]:
            return self._emit([organize.break_down(self.state, unit, self.state.turn)])

        return self._carry_out(BreakDown(unit_id), run)[0]


@dataclass(frozen=True, slots=True)
class _Checkpoint:
    """The game before an order: its state, how long the log was and whether it had ended."""

    state: StateSnapshot
    logged: int
    result: GameEnded | None

"""`TacticalGame`: a Tactical GameX game played through orders as values, behind the shared
game protocol (`engine.game_protocol.PlayableGame`). Each order spends the acting player's
activation points [003 4.2.2]; the game rolls the initiative, the pools, the passes, Housekeeping
and victory by itself. Same situation, seed and orders give the same log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.tactical_gamex import (
    airborne,
    amphibious,
    chaos,
    command,
    engineers,
    mobile_fire,
    setup_phase,
    transport,
)
from engine.tactical_gamex.chaos_events import CardDrawn, DiceInstead
from engine.tactical_gamex.events import (
    AircraftFlew,
    ArtilleryCalled,
    Attacked,
    InitiativeRolled,
    MoraleChecked,
    PoolRolled,
    QuickTimeRolled,
    SpotAttempted,
    StoodUp,
    StressRolled,
    TgxGameEnded,
)
from engine.tactical_gamex.game_attacks import AttackOrders
from engine.tactical_gamex.morale import rally
from engine.tactical_gamex.movement import IllegalOrder, reach
from engine.tactical_gamex.orders import (
    SETUP_ORDERS,
    AirAttack,
    BlowBridge,
    BuildBlock,
    CallArtillery,
    ClearObstacle,
    CloseAssault,
    CounterBattery,
    EndImpulse,
    ExitBoard,
    Fire,
    FireAtBridge,
    FireSmoke,
    IndirectFire,
    Load,
    MarkOpportunityFire,
    MobileFire,
    Move,
    NavalFire,
    Overrun,
    PlayCard,
    Rally,
    RemoveWreck,
    Spot,
    StandUp,
    TgxOrder,
    TurnGun,
    Unload,
)
from engine.tactical_gamex.spotting import spot_roll_needed
from engine.tactical_gamex.state import Phase, TgxState
from engine.tactical_gamex.turns import end_impulse, start_turn
from engine.tactical_gamex.units import Marker, StreamState, Unit
from engine.tactical_gamex.walk import walk
from schemas.vocabulary import Side

Offset = tuple[int, int]

SEEN_ROLLS = (
    StressRolled,
    AircraftFlew,
    Attacked,
    MoraleChecked,
    SpotAttempted,
    ArtilleryCalled,
    InitiativeRolled,
    PoolRolled,
    QuickTimeRolled,
    CardDrawn,
    DiceInstead,
)
"""Events of a die the player saw: nothing before them is taken back."""


@dataclass
class _Checkpoint:
    state: TgxState
    logged: int
    result: TgxGameEnded | None


class TacticalGame(AttackOrders):
    """A Tactical GameX game from the first initiative roll to the end.

    Orders are for the acting side's units and raise `IllegalOrder` (a ValueError) with a
    message when the rules forbid them; nothing changes then. An order that spends the last
    activation point ends the impulse.
    """

    def __init__(self, state: TgxState) -> None:
        self.state = state
        self.log: list[object] = []
        self.orders: list[TgxOrder] = []
        self.result: TgxGameEnded | None = None
        self._checkpoints: list[_Checkpoint] = []
        setup_phase.begin(state)
        if state.phase is not Phase.SETUP:
            self._emit(self._opening())

    def _opening(self) -> list[object]:
        """After the setup: airborne landings, then turn 1's initiative [003 11.0, 4.1]."""
        state = self.state
        events: list[object] = []
        if state.landing is not None:  # [003 10.2, 10.4] the landing force put to sea
            events += amphibious.launch(state)
        if state.lifts:
            events += airborne.land(state, state.lifts)
            state.lifts = ()
            events = chaos.drain(state) + events  # the cards of the landings first
        return events + start_turn(state) + chaos.drain(state)

    # --- where we are -----------------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def acting(self) -> Side:
        return self.state.acting

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def phase(self) -> Phase:
        """SETUP before turn 1 (`acting` is the side setting up), ACTIVATION, then OVER."""
        return self.state.phase

    @property
    def points_left(self) -> int:
        """Activation points left in the impulse [003 4.2.1]."""
        return self.state.pool - self.state.spent

    def unit(self, unit_id: str) -> Unit:
        try:
            return self.state.units[unit_id]
        except KeyError:
            raise IllegalOrder(f"no unit {unit_id}") from None

    def legal_moves(self, unit_id: str, *, quick: bool = False) -> dict[Offset, float]:
        """Hexes the unit may end a move in now, with their MP; `quick`: at Infantry
        Quick-Time (rule 15), the reach the window shows and the computer plans with."""
        unit = self.unit(unit_id)
        if unit.side is not self.acting or unit.hex is None or unit.at_sea:
            return {}
        if unit.marker is not None and amphibious.move_limit(self.state, unit) is None:
            return {}
        if unit.carrier is not None or (unit.stream is StreamState.DOWN and unit.moved_mp):
            return {}
        return amphibious.landing_reach(self.state, unit, reach(self.state, unit, quick=quick))

    # --- orders -----------------------------------------------------------------------------

    def apply(self, order: object) -> list[object]:
        """Carry out an order (see `engine.tactical_gamex.orders`)."""
        if self.result is not None:
            raise IllegalOrder("the game is over")
        checkpoint = _Checkpoint(self.state.copy(), len(self.log), self.result)
        try:
            events: list[object] = []
            if self.state.pool_pending and not isinstance(order, EndImpulse | PlayCard):
                events = chaos.draw_pool(self.state)  # [003 24.1] drawn when first used
            done = self._dispatch(order)
        except IllegalOrder:
            self.state = checkpoint.state
            raise
        state = self.state
        events += chaos.drain(state) + done  # the cards an order drew before what they decided
        if state.phase is Phase.ACTIVATION and self.points_left <= 0 and not state.pool_pending:
            events += end_impulse(self.state)
        events += chaos.drain(self.state)
        self._emit(events)
        self.orders.append(order)  # type: ignore[arg-type]
        if any(isinstance(e, SEEN_ROLLS) for e in events):
            self._checkpoints.clear()
        else:
            self._checkpoints.append(checkpoint)
        return events

    def why_not(self, order: object) -> str | None:
        """Why the game would refuse `order` now, in the rules' sentence, or None: the order is
        tried on a copy of the state (its dice too), so nothing here changes. The window's
        previews ask it for orders without a check of their own."""
        if self.result is not None:
            return "the game is over"
        trial = TacticalGame.__new__(TacticalGame)  # no new turn started: the state as is
        trial.state = self.state.copy()
        trial.log, trial.orders, trial.result, trial._checkpoints = [], [], None, []
        try:
            trial._dispatch(order)
        except IllegalOrder as exc:
            return str(exc)
        return None

    @property
    def can_undo(self) -> bool:
        return bool(self._checkpoints)

    def undo(self) -> object:
        """Take back the last order if no die the player saw was rolled since [issue 19]."""
        if not self._checkpoints:
            raise ValueError("no order to take back: a die was rolled since")
        checkpoint = self._checkpoints.pop()
        self.state = checkpoint.state
        del self.log[checkpoint.logged :]
        self.result = checkpoint.result
        return self.orders.pop()

    def _emit(self, events: Sequence[object]) -> None:
        self.log.extend(events)
        for event in events:
            if isinstance(event, TgxGameEnded):
                self.result = event

    def _dispatch(self, order: object) -> list[object]:
        if self.state.phase is Phase.SETUP or isinstance(order, SETUP_ORDERS):
            events, over = setup_phase.apply(self.state, order)
            return events + (self._opening() if over else [])
        if isinstance(order, EndImpulse):
            return end_impulse(self.state)
        if isinstance(order, PlayCard):
            try:
                return chaos.play_card(self.state, order)
            except ValueError as why:
                raise IllegalOrder(str(why)) from None
        if isinstance(order, Move):
            return self._move(order)
        if isinstance(order, StandUp):
            return self._stand_up(order.unit)
        if isinstance(order, Load):
            return self._load(order)
        if isinstance(order, Unload):
            return self._unload(order.carrier)
        if isinstance(order, Rally):
            return self._rally(order.hex)
        if isinstance(order, Spot):
            return self._spot(order)
        if isinstance(order, Fire):
            return self._fire(order)
        if isinstance(order, MarkOpportunityFire):
            return self._mark_opp_fire(order.units)
        if isinstance(order, IndirectFire):
            return self._indirect(order)
        if isinstance(order, CallArtillery):
            return self._artillery(order)
        if isinstance(order, Overrun):
            return self._overrun(order)
        if isinstance(order, CloseAssault):
            return self._close_assault(order)
        if isinstance(order, ExitBoard):
            return self._exit(order.unit)
        if isinstance(order, AirAttack):
            return self._air_attack(order)
        if isinstance(order, MobileFire):
            return self._mobile_fire(order)
        if isinstance(order, FireSmoke):
            return self._smoke(order)
        if isinstance(order, TurnGun):
            return self._turn_gun(order)
        if isinstance(order, ClearObstacle | RemoveWreck | BuildBlock | BlowBridge):
            return self._engineer(order)
        if isinstance(order, CounterBattery | NavalFire):
            return self._support(order)
        if isinstance(order, FireAtBridge):
            return self._fire_at_bridge(order)
        raise IllegalOrder(f"not a Tactical GameX order: {order!r}")

    # --- paying -----------------------------------------------------------------------------

    def _pay(self, activity: str, hex_: Offset, points: int = 1, once: bool = True) -> None:
        """Spend activation points: `once` per activity and hex in the impulse [003 4.2.2]."""
        state = self.state
        key = (activity, hex_)
        if once and key in state.paid:
            return
        if state.pool - state.spent < points:
            raise IllegalOrder(f"{points} activation point(s) needed, {self.points_left} left")
        state.spent += points
        if once:
            state.paid.add(key)

    def _pay_units(self, activity: str, units: Sequence[Unit]) -> None:
        """One point a hex of units activated together [003 4.2.2]; with Command Control, two
        for each unit out of command instead (per unit, not per hex) [003 22.2]."""
        state = self.state
        out = [u for u in units if not command.in_command(state, u)]
        hexes = sorted({u.hex for u in units if u.hex is not None and u not in out})
        new = [h for h in hexes if (activity, h) not in state.paid]
        points = len(new) + command.OUT_OF_COMMAND_COST * len(out)
        if self.points_left < points:
            raise IllegalOrder(f"{points} activation point(s) needed, {self.points_left} left")
        state.spent += points
        state.paid.update((activity, h) for h in new)

    def _own(self, unit_id: str, *, fresh: bool = True) -> Unit:
        """An acting side's unit on the board, not carried; `fresh`: not yet activated."""
        unit = self.unit(unit_id)
        if unit.side is not self.acting:
            raise IllegalOrder(f"{unit_id} is not a unit of the side acting now")
        if unit.hex is None:
            raise IllegalOrder(f"{unit_id} is not on the board")
        if unit.carrier is not None:
            raise IllegalOrder(f"{unit_id} is carried and takes no action [003 5.2.1]")
        if unit.at_sea:
            raise IllegalOrder(f"{unit_id} is at sea: it advances at Housekeeping [003 10.3]")
        if fresh and unit.marker is not None:
            raise IllegalOrder(f"{unit_id} has already acted this turn [003 4.2.2]")
        return unit

    # --- movement and transport -------------------------------------------------------------

    def _move(self, order: Move) -> list[object]:
        unit = self._own(order.unit, fresh=False)
        loaded_first = self.state.activity.get(unit.id) == "load"
        limit = amphibious.move_limit(self.state, unit)  # set down on a beach [003 10.4]
        if unit.marker is not None and not loaded_first and limit is None:
            raise IllegalOrder(f"{unit.id} has already acted this turn [003 4.2.2]")
        assert unit.hex is not None
        amphibious.check_craft_move(self.state, unit, order.path)
        if order.quick_time:
            self._check_quick_time(unit)
        if not engineers.may_leave(self.state, unit):
            raise IllegalOrder(f"{unit.id} may not leave the bridge before its third action")
        self._pay_units("move", [unit])
        events = walk(self.state, unit, order.path, order.quick_time, limit)
        if unit.hex is not None:
            unit.marker = Marker.MOVED
            after = "load-move" if loaded_first else "landed-move" if limit else "move"
            self.state.activity[unit.id] = after
        return events

    def _stand_up(self, unit_id: str) -> list[object]:
        unit = self._own(unit_id)
        assert unit.hex is not None
        if unit.stream is not StreamState.DOWN:
            raise IllegalOrder(f"{unit_id} is not Down in a stream")
        self._pay_units("move", [unit])
        unit.stream = StreamState.UP
        unit.marker = Marker.MOVED
        return [StoodUp(self.state.turn, unit_id)]

    def _load(self, order: Load) -> list[object]:
        carrier = self._own(order.carrier, fresh=False)
        moved = self.state.activity.get(carrier.id) == "move"
        mobile = mobile_fire.may_carry(self.state, carrier)  # [003 18.2]
        if carrier.marker is not None and not moved and not mobile:
            raise IllegalOrder(f"{carrier.id} has already acted this turn")
        passenger = self.unit(order.passenger)
        if passenger.side is not carrier.side:
            raise IllegalOrder("a carrier loads its own side's units")
        assert carrier.hex is not None
        if not mobile:
            self._pay_units("move", [carrier])
        event = transport.load(self.state, carrier, passenger)
        if mobile:
            mobile_fire.carried(self.state, carrier)
        carrier.marker = Marker.MOVED
        self.state.activity[carrier.id] = "move-load" if moved else "load"
        return [event]

    def _unload(self, carrier_id: str) -> list[object]:
        carrier = self._own(carrier_id, fresh=False)
        mobile = mobile_fire.may_carry(self.state, carrier)  # [003 18.2]
        moved = self.state.activity.get(carrier.id) == "move"
        if carrier.marker is not None and not moved and not mobile:
            raise IllegalOrder(f"{carrier_id} has already acted this turn")
        assert carrier.hex is not None
        if not mobile:
            self._pay_units("move", [carrier])
        if amphibious.is_craft(carrier):
            return amphibious.unload_craft(self.state, carrier)
        event = transport.unload(self.state, carrier)
        if mobile:
            mobile_fire.carried(self.state, carrier)
        carrier.marker = Marker.MOVED
        self.state.units[event.passenger].marker = Marker.MOVED
        self.state.activity[carrier.id] = "unload"
        return [event]

    # --- morale and sight -------------------------------------------------------------------

    def _rally(self, hex_: Offset) -> list[object]:
        units = [
            u
            for u in self.state.units_at(hex_)
            if u.side is self.acting and u.disrupted and u.marker is None and u.carrier is None
        ]
        if not units or units[0].at_sea:  # [003 10.3] nothing at sea is activated
            raise IllegalOrder(f"no disrupted unit of yours may rally at {hex_}")
        # each attempt pays again; out of command, two points a unit [003 7.3, 22.2]
        out = [u for u in units if not command.in_command(self.state, u)]
        points = (1 if len(out) < len(units) else 0) + command.OUT_OF_COMMAND_COST * len(out)
        self._pay("rally", hex_, points, once=False)
        return [rally(self.state, u) for u in units]

    def _spot(self, order: Spot) -> list[object]:
        if order.unit in self.state.aircraft:
            return self._air_spot(order)
        spotter = self._own(order.unit)
        needed = spot_roll_needed(self.state, spotter, order.hex)
        if needed is None:
            raise IllegalOrder(f"{spotter.id} cannot try to spot {order.hex} [003 6.3.8]")
        assert spotter.hex is not None
        in_command = command.in_command(self.state, spotter)
        self._pay("spot", spotter.hex, 1 if in_command else command.OUT_OF_COMMAND_COST, False)
        with chaos.drawing(self.state, spotter.side, "spotting"):
            roll = self.state.dice.d6() if needed else 0
        success = needed == 0 or roll <= needed
        if success:
            self.state.spotted.add(order.hex)
            self.state.free_fire[spotter.id] = order.hex
        spotter.marker = Marker.COMPLETED
        return [SpotAttempted(self.state.turn, spotter.id, order.hex, roll, needed, success)]

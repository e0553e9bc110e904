"""The turn [003 4.0]: the initiative roll with its decay [003 4.1], impulses with their
activation pool and passes [003 4.2], Housekeeping [003 4.3] and Victory Determination
[003 4.4]."""

from __future__ import annotations

from collections.abc import Callable

from engine.tactical_gamex import chaos
from engine.tactical_gamex.amphibious import advance
from engine.tactical_gamex.chaos_events import ImpulseOpened
from engine.tactical_gamex.command import reassign_posts
from engine.tactical_gamex.counter_battery import rally_batteries
from engine.tactical_gamex.engineers import finish_clearing
from engine.tactical_gamex.events import (
    Arrived,
    CommandPostAttached,
    EngineerWorked,
    HousekeepingDone,
    InitiativeRolled,
    Passed,
    PoolRolled,
)
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.state import Arrival, TgxState, other
from engine.tactical_gamex.units import Unit
from engine.tactical_gamex.victory import victory_determination
from schemas.vocabulary import Side

PASSES_TO_END = 3


def initiative(
    holder: Side | None, held: int, roll: Callable[[], int]
) -> tuple[Side, int, int, int]:
    """Who wins the initiative [003 4.1]: each side rolls a die, the side that held it
    subtracts the turns it has held it, the higher wins, ties roll again with the same
    modifiers. Returns the winner and the last Allied and Axis rolls and the modifier.

    The text's example: A held it two turns and rolls 4, so 2; B rolls 3 and wins.

    >>> rolls = iter([4, 3])
    >>> initiative(Side.ALLIED, 2, lambda: next(rolls))
    (<Side.AXIS: 'axis'>, 4, 3, 2)
    """
    while True:
        allied, axis = roll(), roll()
        a = allied - (held if holder is Side.ALLIED else 0)
        b = axis - (held if holder is Side.AXIS else 0)
        if a != b:
            return (Side.ALLIED if a > b else Side.AXIS), allied, axis, held if holder else 0


def start_turn(state: TgxState) -> list[object]:
    """Roll the initiative (or take the scenario's first-turn side) and open the first
    impulse."""
    if state.turn == 1 and state.first_initiative is not None and state.initiative is None:
        winner = state.first_initiative
        events: list[object] = []
    else:
        roll = chaos.initiative_roller(state)
        winner, allied, axis, modifier = initiative(state.initiative, state.held, roll)
        chaos.initiative_done(state)
        events = [*chaos.drain(state), InitiativeRolled(state.turn, allied, axis, modifier, winner)]
    state.held = state.held + 1 if winner is state.initiative else 1
    state.initiative = winner
    state.passes = 0
    return events + start_impulse(state, winner)


def can_activate(state: TgxState, side: Side) -> bool:
    """Whether a side has a unit it may still activate this turn: on the board, not carried,
    without a marker (a disrupted one may try to rally) [003 4.2]."""
    return any(_activatable(u) for u in state.iter_units(side))


def _activatable(unit: Unit) -> bool:
    # units at sea are activated only by Housekeeping's advance [003 10.3]
    return unit.carrier is None and unit.marker is None and not unit.at_sea


def start_impulse(state: TgxState, side: Side) -> list[object]:
    """Give `side` the impulse: it rolls its pool, or passes when it has nothing to activate;
    the phase ends when neither side can activate or after three passes in a row [003 4.2].
    B.15 #1: 1.0's "both players forgo three consecutive impulses" and 4.2's "three passes
    occur sequentially" are read as any three passes in a row."""
    events: list[object] = []
    while True:
        if not can_activate(state, Side.ALLIED) and not can_activate(state, Side.AXIS):
            return events + end_activation(state)
        state.acting = side
        state.paid = set()
        state.spent = 0
        state.activity = {}
        state.free_fire = {}
        if can_activate(state, side) and chaos.draws_cards(state):
            state.pool, state.spent, state.pool_pending = 0, 0, True  # drawn at its first order
            return [*events, ImpulseOpened(state.turn, side)]
        if can_activate(state, side):
            state.pool = state.dice.d6()
            return [*events, PoolRolled(state.turn, side, state.pool)]
        state.passes += 1
        events.append(Passed(state.turn, side, True, state.passes))
        if state.passes >= PASSES_TO_END:
            return events + end_activation(state)
        side = other(side)


def end_impulse(state: TgxState) -> list[object]:
    """The acting player ends the impulse; having spent nothing, it passed."""
    events: list[object] = []
    if state.spent == 0:
        state.passes += 1
        events.append(Passed(state.turn, state.acting, False, state.passes))
        if state.passes >= PASSES_TO_END:
            return events + end_activation(state)
    else:
        state.passes = 0
    return events + start_impulse(state, other(state.acting))


def end_activation(state: TgxState) -> list[object]:
    """The Unit Activation phase is over: Housekeeping, Victory Determination, next turn."""
    events = housekeeping(state)
    ended = victory_determination(state)
    if ended is not None:
        return [*events, ended]
    return events + start_turn(state)


def housekeeping(state: TgxState) -> list[object]:
    """Housekeeping [003 4.3]: Moved, Fired and Completed markers removed; Spotted markers
    removed from hexes vacated or whose units are out of every enemy's sight [003 6.3.8];
    Smoke 1 removed and Smoke 2 turned to Smoke 1 [003 20.3]; the turn advanced.

    Decision: Opportunity Fire markers "may" stay for the next turn [003 6.4.2]; the engine
    removes them, a player marking again next turn for a point (it keeps the units free for
    other orders, which a marker left in place would forbid).
    """
    for battery in state.batteries.values():
        battery.fired = False
    state.mobile_fire = {}  # [003 18.1] an attack kept for later lapses with the turn
    for unit in state.units.values():
        unit.marker = None
        unit.moved_mp = 0.0
        unit.transported = unit.carrier is not None
        unit.bonus_used = False
    for hex_ in sorted(state.spotted):
        here = state.units_at(hex_)
        if not here:
            state.spotted.discard(hex_)
            continue
        seen = any(
            e.hex is not None and has_los(state, e.hex, hex_)
            for e in state.iter_units(other(here[0].side))
        )
        if not seen:
            state.spotted.discard(hex_)
    state.counters.interdiction.clear()  # B.15 #12: markers last to this Housekeeping
    smoke = state.counters.smoke
    for hex_ in list(smoke):
        if smoke[hex_] <= 1:
            del smoke[hex_]
        else:
            smoke[hex_] = 1
    events: list[object] = [
        EngineerWorked(state.turn, "", hex_, "obstacle cleared") for hex_ in finish_clearing(state)
    ]
    events += [CommandPostAttached(state.turn, unit) for unit in reassign_posts(state)]
    events += advance(state)  # [003 10.3] the landing force's advance
    events += rally_batteries(state)  # [003 6.4.4] batteries hit by counter-battery fire
    events.append(HousekeepingDone(state.turn))
    state.turn += 1
    return events + arrive(state)


def arrive(state: TgxState) -> list[object]:
    """Reinforcements of the new turn come on at the first of their entry hexes with room;
    decision (the text leaves entry to each situation): they stand on the board at the start
    of their turn, free to be activated, and wait a turn when every entry hex is full."""
    events: list[object] = []
    waiting: list[Arrival] = []
    state.entering = {}
    for arrival in state.arrivals:
        if arrival.turn > state.turn:
            waiting.append(arrival)
            continue
        left = [u for u in arrival.units if state.units[u].hex is None]
        for unit_id in left:
            unit = state.units[unit_id]
            if unit.carrier is not None:
                continue
            for hex_ in arrival.hexes:
                if state.enemy_at(hex_, unit.side):
                    continue
                if state.stack_count(hex_) + 1 <= state.stacking_limit(unit.side):
                    unit.hex = hex_
                    state.entering[unit_id] = hex_
                    if unit.passenger:
                        state.units[unit.passenger].hex = hex_
                    events.append(Arrived(state.turn, unit_id, hex_))
                    break
        if any(state.units[u].hex is None for u in arrival.units):
            waiting.append(Arrival(state.turn + 1, arrival.units, arrival.hexes))
    state.arrivals = tuple(waiting)
    return events

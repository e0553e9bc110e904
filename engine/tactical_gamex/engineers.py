"""Engineers, supplemental rule 9 [003 9.1, 9.2, 9.4, 8.5]: clearing a minefield or a block (the
engineer moves in from next to it and the marker goes at Housekeeping if it is still there, in
good order), creating a block on a road hex, and removing a wreck from its hex or the next."""

from __future__ import annotations

from engine.tactical_gamex.chaos import drawing
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import ENGINEER, Marker, StreamState, Unit

Offset = tuple[int, int]


def why_not_clear(state: TgxState, engineer: Unit, hex_: Offset) -> str | None:
    """Why the engineer may not start clearing the minefield or block at `hex_` now, or None
    [003 9.1, 8.5]: the one check the order, the window's preview and the computer share.
    Nothing is changed. Whether the unit has acted yet this turn is the game's check."""
    if not engineer.type.has(ENGINEER):
        return f"{engineer.id} is not an engineer [003 9.0]"
    if engineer.disrupted:
        return f"{engineer.id} is disrupted"
    if engineer.hex is None:
        return f"{engineer.id} is not on the board"
    if hex_ not in state.counters.mines and hex_ not in state.counters.blocks:
        return f"no minefield or block at {hex_}"
    if not state.board.adjacent(engineer.hex, hex_):
        return f"{engineer.id} must begin its activation next to {hex_} [003 9.1]"
    if state.enemy_at(hex_, engineer.side):
        return f"enemy units hold {hex_}"
    if state.stack_count(hex_) + 1 > state.stacking_limit(engineer.side):
        return f"{hex_} is fully stacked"
    return None


def start_clearing(state: TgxState, engineer: Unit, hex_: Offset) -> None:
    """The engineer moves into the minefield (or block) hex next to it and inverts the marker
    [003 9.1]; it may not move nor attack while it clears (Completed)."""
    why = why_not_clear(state, engineer, hex_)
    if why:
        raise IllegalOrder(why)
    engineer.hex = hex_
    engineer.stream = StreamState.DOWN if state.board.is_stream(hex_) else None
    engineer.marker = Marker.COMPLETED
    state.clearing[hex_] = engineer.id


def _clears(state: TgxState, hex_: Offset) -> Unit | None:
    """The engineer still clearing the inverted marker at `hex_`: in the hex, in good order."""
    engineer = state.units.get(state.clearing.get(hex_, ""))
    if engineer is None or engineer.hex != hex_ or engineer.disrupted:
        return None
    return engineer


def finish_clearing(state: TgxState) -> list[Offset]:
    """At Housekeeping, markers whose clearing engineer is still in the hex in good order are
    removed [003 4.3, 9.1]; the others stay inverted, from turn to turn, until another engineer
    takes them over (`take_over`, or a new clearing order). The hexes cleared."""
    cleared: list[Offset] = []
    for hex_ in sorted(state.clearing):
        if _clears(state, hex_) is not None:
            state.counters.mines.pop(hex_, None)
            state.counters.blocks.discard(hex_)
            cleared.append(hex_)
    # [003 9.1] the engineer that left or was disrupted has failed: the marker waits for another
    state.clearing = {
        h: "" for h in state.clearing if h in state.counters.mines or h in state.counters.blocks
    }
    return cleared


def take_over(state: TgxState, unit: Unit, hex_: Offset) -> bool:
    """A good-order engineer moving into a hex whose inverted marker no engineer clears any more
    takes it over; staying to Housekeeping it removes the marker [003 9.1: "the inverted marker
    remains in place until another good-order engineer unit moves into it and remains with it
    until the end of the turn"]. Decisions: any move into the hex will do (no clearing order of
    its own: the text asks only that it move in and stay), by any side's engineer as the text
    names none; "another" is read as any engineer moving in anew, the one that left too, as the
    marker is judged at Housekeeping by who is with it then."""
    if hex_ not in state.clearing or not unit.type.has(ENGINEER) or unit.disrupted:
        return False
    if _clears(state, hex_) is not None:
        return False
    state.clearing[hex_] = unit.id
    return True


def why_not_remove_wreck(state: TgxState, engineer: Unit, hex_: Offset) -> str | None:
    """Why the engineer may not remove a wreck at `hex_` now, or None [003 9.4]; nothing is
    changed."""
    if not engineer.type.has(ENGINEER) or engineer.disrupted:
        return f"{engineer.id} is not an engineer in good order"
    if engineer.hex is None:
        return f"{engineer.id} is not on the board"
    if state.counters.wrecks.get(hex_, 0) <= 0:
        return f"no wreck at {hex_}"
    if engineer.hex != hex_ and not state.board.adjacent(engineer.hex, hex_):
        return f"{engineer.id} must be in or next to {hex_} [003 9.4]"
    return None


def remove_wreck(state: TgxState, engineer: Unit, hex_: Offset) -> None:
    """An engineer in or next to a wreck hex removes one wreck if it does not move [003 9.4]."""
    why = why_not_remove_wreck(state, engineer, hex_)
    if why:
        raise IllegalOrder(why)
    state.counters.wrecks[hex_] -= 1
    if not state.counters.wrecks[hex_]:
        del state.counters.wrecks[hex_]
    engineer.marker = Marker.COMPLETED


BLOCK_ACTIONS_WOODS = 2
BLOCK_ACTIONS = 4
BLOCK_SUCCESS = 5


def block_actions(state: TgxState, hex_: Offset) -> int:
    """Engineer Actions a block needs: two in a Woods road hex, four elsewhere [003 9.2]."""
    return BLOCK_ACTIONS_WOODS if state.board.effects(hex_).name == "woods" else BLOCK_ACTIONS


def why_not_block(state: TgxState, engineer: Unit) -> str | None:
    """Why the engineer may not work on a block in its hex now [003 9.2]: an engineer in good
    order on a road hex with no block yet, its designated transport alive and in or next to
    the hex."""
    if not engineer.type.has(ENGINEER) or engineer.disrupted:
        return f"{engineer.id} is not an engineer in good order"
    hex_ = engineer.hex
    assert hex_ is not None
    if not state.board.is_road(hex_):
        return f"blocks are made on road hexes; {hex_} has none [003 9.2]"
    if hex_ in state.counters.blocks:
        return f"{hex_} already has a block"
    vehicle = state.units.get(engineer.transport or "")
    if vehicle is None or vehicle.hex is None:
        return f"{engineer.id} has no designated transport left: it may only clear mines [003 9.2]"
    if vehicle.hex != hex_ and not state.board.adjacent(vehicle.hex, hex_):
        return f"{engineer.id}'s transport {vehicle.id} must be in or next to {hex_} [003 9.2]"
    return None


def work_on_block(state: TgxState, engineer: Unit) -> tuple[int, int]:
    """One Engineer Action toward a block in the engineer's hex; the actions done and needed.
    The engineer stays in the hex until the last (the caller moves it out and rolls)."""
    why = why_not_block(state, engineer)
    if why:
        raise IllegalOrder(why)
    hex_ = engineer.hex
    assert hex_ is not None
    done = state.works.get(hex_, 0) + 1
    state.works[hex_] = done
    engineer.marker = Marker.COMPLETED
    return done, block_actions(state, hex_)


def roll_for_block(state: TgxState, hex_: Offset) -> tuple[int, bool]:
    """The die as the engineer leaves after the last action: 1-5 places the block; on a 6 the
    next action rolls again (any number of further tries, always 1-5) [003 9.2]."""
    with drawing(state, None, "engineers: block"):  # the acting engineer's player [003 24.1]
        roll = state.dice.d6()
    if roll <= BLOCK_SUCCESS:
        state.counters.blocks.add(hex_)
        state.works.pop(hex_, None)
        return roll, True
    state.works[hex_] = block_actions(state, hex_) - 1
    return roll, False


DEMOLITION_ACTIONS = 3
FIRST_ATTEMPT_SUCCESS = 5
SECOND_ATTEMPT_SUCCESS = {1: 2, 2: 4, 3: 5}
"""A second attempt succeeds by the impulses spent on it: 1 -> 1-2, 2 -> 1-4, 3 -> 1-5."""


def why_not_demolition(state: TgxState, engineer: Unit) -> str | None:
    """Why the engineer may not work on blowing the bridge it stands on now, or None
    [003 9.2]; nothing is changed."""
    hex_ = engineer.hex
    if hex_ is None:
        return f"{engineer.id} is not on the board"
    standing = state.bridge_at(hex_) or hex_ in state.counters.laid_bridges  # [003 9.3]
    if not standing or engineer.stream is not None:
        return f"{engineer.id} must stand on a bridge [003 9.2]"
    why = why_not_block(state, engineer) if state.board.is_road(hex_) else None
    if why and "already has a block" not in why:
        return why
    current = state.demolitions.get(hex_)
    if current is not None and current[0] != engineer.id:
        return f"{current[0]} is already blowing this bridge"
    return None


def demolition_progress(state: TgxState, engineer: Unit) -> tuple[int, int]:
    """The actions already spent on the bridge the engineer stands on, and the attempt's
    number (1 before any) [003 9.2]."""
    current = state.demolitions.get(engineer.hex) if engineer.hex is not None else None
    return (current[1], current[2]) if current is not None else (0, 1)


def demolition_needed(done: int, attempt: int) -> int:
    """The highest die that blows the bridge after `done` actions of this attempt [003 9.2]."""
    return FIRST_ATTEMPT_SUCCESS if attempt == 1 else SECOND_ATTEMPT_SUCCESS[min(done, 3)]


def work_on_demolition(state: TgxState, engineer: Unit) -> tuple[int, int, int]:
    """One Engineer Action toward blowing the bridge the engineer stands on [003 9.2]: the
    actions done, those that end the attempt (three the first time; a second attempt may end
    after any action) and the attempt's number."""
    why = why_not_demolition(state, engineer)
    if why:
        raise IllegalOrder(why)
    hex_ = engineer.hex
    assert hex_ is not None
    current = state.demolitions.get(hex_)
    _, done, attempt = current or (engineer.id, 0, 1)
    done += 1
    state.demolitions[hex_] = (engineer.id, done, attempt)
    engineer.marker = Marker.COMPLETED
    return done, DEMOLITION_ACTIONS if attempt == 1 else 1, attempt


def may_leave(state: TgxState, engineer: Unit) -> bool:
    """An engineer blowing a bridge may not leave it before its third action [003 9.2]."""
    for hex_, (who, done, attempt) in state.demolitions.items():
        if who == engineer.id and engineer.hex == hex_ and attempt == 1:
            return done >= DEMOLITION_ACTIONS
    return True


def roll_for_demolition(state: TgxState, hex_: Offset) -> tuple[int, bool]:
    """The die as the engineer leaves the bridge: on the first attempt 1-5 blows it; on a
    second, the threshold of the actions spent on it; a block marks the gap [003 9.2]. A
    failed first attempt leaves a second to start; a failed second, all to start again."""
    who, done, attempt = state.demolitions[hex_]
    needed = demolition_needed(done, attempt)
    with drawing(state, None, "engineers: demolition"):
        roll = state.dice.d6()
    if roll <= needed:
        state.counters.destroyed_bridges.add(hex_)
        state.counters.blocks.add(hex_)
        del state.demolitions[hex_]
        return roll, True
    if attempt == 1:
        state.demolitions[hex_] = (who, 0, 2)
    else:
        del state.demolitions[hex_]
    return roll, False

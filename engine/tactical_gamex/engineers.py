"""Engineers, supplemental rule 9 [003 9.1, 9.4, 8.5]: clearing a minefield or a block (the
engineer moves in from next to it and the marker goes at Housekeeping if it is still there, in
good order), and removing a wreck from its hex or the next."""

from __future__ import annotations

from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import ENGINEER, Marker, StreamState, Unit

Offset = tuple[int, int]


def start_clearing(state: TgxState, engineer: Unit, hex_: Offset) -> None:
    """The engineer moves into the minefield (or block) hex next to it and inverts the marker
    [003 9.1]; it may not move nor attack while it clears (Completed)."""
    if not engineer.type.has(ENGINEER):
        raise IllegalOrder(f"{engineer.id} is not an engineer [003 9.0]")
    if engineer.disrupted:
        raise IllegalOrder(f"{engineer.id} is disrupted")
    assert engineer.hex is not None
    if hex_ not in state.counters.mines and hex_ not in state.counters.blocks:
        raise IllegalOrder(f"no minefield or block at {hex_}")
    if not state.board.adjacent(engineer.hex, hex_):
        raise IllegalOrder(f"{engineer.id} must begin its activation next to {hex_} [003 9.1]")
    if state.enemy_at(hex_, engineer.side):
        raise IllegalOrder(f"enemy units hold {hex_}")
    if state.stack_count(hex_) + 1 > state.stacking_limit(engineer.side):
        raise IllegalOrder(f"{hex_} is fully stacked")
    engineer.hex = hex_
    engineer.stream = StreamState.DOWN if state.board.is_stream(hex_) else None
    engineer.marker = Marker.COMPLETED
    state.clearing[hex_] = engineer.id


def finish_clearing(state: TgxState) -> list[Offset]:
    """At Housekeeping, markers whose clearing engineer is still in the hex in good order are
    removed [003 4.3, 9.1]; the others stay inverted for another engineer. The hexes cleared."""
    cleared: list[Offset] = []
    for hex_, engineer_id in sorted(state.clearing.items()):
        engineer = state.units[engineer_id]
        if engineer.hex == hex_ and not engineer.disrupted:
            state.counters.mines.pop(hex_, None)
            state.counters.blocks.discard(hex_)
            cleared.append(hex_)
    state.clearing = {}
    return cleared


def remove_wreck(state: TgxState, engineer: Unit, hex_: Offset) -> None:
    """An engineer in or next to a wreck hex removes one wreck if it does not move [003 9.4]."""
    if not engineer.type.has(ENGINEER) or engineer.disrupted:
        raise IllegalOrder(f"{engineer.id} is not an engineer in good order")
    assert engineer.hex is not None
    if state.counters.wrecks.get(hex_, 0) <= 0:
        raise IllegalOrder(f"no wreck at {hex_}")
    if engineer.hex != hex_ and not state.board.adjacent(engineer.hex, hex_):
        raise IllegalOrder(f"{engineer.id} must be in or next to {hex_} [003 9.4]")
    state.counters.wrecks[hex_] -= 1
    if not state.counters.wrecks[hex_]:
        del state.counters.wrecks[hex_]
    engineer.marker = Marker.COMPLETED

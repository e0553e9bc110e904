"""Auto Wired Bridge Demolition [000 7.4]: the one-time test a wired bridge undergoes when an
enemy unit moves next to it (a hexside bridge) or onto it (a full-hex bridge), and a move that
runs into a bridge blown under it.

Decisions, with their sections:

- [000 7.4] The test "is done using the given probabilities when the test is invoked by a unit
  of the given side": the Wired Bridge value read is that of the side that wired the bridge
  (`BridgeOverlay.wired_by`, whose demolition parties stand ready); the test is set off by its
  enemy's units. A bridge wired without a side is set off by any unit, at the value of that
  unit's enemy.
- A hexside bridge is tested when the unit enters a hex at either end of it (not when it
  starts there); a full-hex bridge just before the unit enters it. A move whose next step would
  cross the bridge just blown stops there (`MoveStopped`), as a move stops on contact.
- Success damages the bridge, failure removes its Wired status; either way the test is never
  made again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.panzer_campaigns.engineering.bridges import auto_wired, back_edge, direction_to
from engine.panzer_campaigns.engineering.events import WiredBridgeTested
from engine.panzer_campaigns.events import MoveStopped
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState
from schemas.vocabulary import Side

Walk = Callable[[GameState, UnitState, Sequence[int]], tuple[list[int], list]]  # type: ignore[type-arg]


def _sets_off(wired_by: Side | None, side: Side) -> bool:
    return wired_by is None or wired_by is not side


def wired_chance(state: GameState, wired_by: Side | None, mover: Side) -> float:
    """The chance the test blows the bridge [000 7.4].

    Gap decided: the manual's "given probabilities ... invoked by a unit of the given side"
    does not say whose value is read; it is the Wired Bridge value of the side that wired the
    bridge (its demolition parties), and for a bridge wired without a side that of the
    mover's enemy."""
    owner = wired_by if wired_by is not None else other_side(mover)
    percent: int = getattr(state.parameters.engineering.wired_bridge, owner.value)
    return percent / 100


def _hexside_edges(state: GameState, unit: UnitState, hex_index: int) -> list[int]:
    wired = state.wired_bridges
    return [
        e
        for e in range(6 * hex_index, 6 * hex_index + 6)
        if e in wired and _sets_off(wired[e], unit.side)
    ]


def _full_hex(state: GameState, unit: UnitState, hex_index: int) -> bool:
    wired = state.wired_full_hex_bridges
    return hex_index in wired and _sets_off(wired[hex_index], unit.side)


def test_hexside(state: GameState, unit: UnitState, hex_index: int) -> list[WiredBridgeTested]:
    """Test every wired hexside bridge of `hex_index` that the unit sets off, in direction
    order [000 7.4]."""
    events = []
    for edge in _hexside_edges(state, unit, hex_index):
        wired_by = state.wired_bridges.get(edge)
        if edge not in state.wired_bridges:
            continue
        chance = wired_chance(state, wired_by, unit.side)
        blown = state.rng.random() < chance
        both = (edge, back_edge(state, edge))
        for e in both:
            state.wired_bridges.pop(e, None)
            if blown:
                state.damaged_bridges.add(e)
        state.touch()
        where = state.board.offset(hex_index)
        events.append(WiredBridgeTested(state.turn, unit.side, unit.id, where, chance, blown))
    return events


def test_full_hex(state: GameState, unit: UnitState, hex_index: int) -> WiredBridgeTested:
    """Test the wired full-hex bridge at `hex_index` the unit is about to enter [000 7.4]."""
    wired_by = state.wired_full_hex_bridges.pop(hex_index)
    chance = wired_chance(state, wired_by, unit.side)
    blown = state.rng.random() < chance
    if blown:
        state.damaged_full_hex_bridges.add(hex_index)
    state.touch()
    where = state.board.offset(hex_index)
    return WiredBridgeTested(state.turn, unit.side, unit.id, where, chance, blown)


def walk_past_wired(
    state: GameState, unit: UnitState, hexes: Sequence[int], walk: Walk
) -> tuple[list[int], list]:  # type: ignore[type-arg]
    """`walk` the unit along `hexes`, testing the wired bridges it comes to on the way; the
    same as `walk` alone where no wired bridge is near (or the feature is off)."""
    if not auto_wired(state) or not (state.wired_bridges or state.wired_full_hex_bridges):
        return walk(state, unit, hexes)
    entered: list[int] = []
    events: list = []  # type: ignore[type-arg]
    rest = list(hexes)
    while rest:
        cut = len(rest)
        for i, h in enumerate(rest):
            if _full_hex(state, unit, h):
                cut = i
                break
            if _hexside_edges(state, unit, h):
                cut = i + 1
                break
        segment, rest = rest[:cut], rest[cut:]
        if segment:
            got, happened = walk(state, unit, segment)
            entered += got
            events += happened
            if len(got) < len(segment) or not unit.on_map:
                return entered, events
        here = unit.hex
        if rest and _full_hex(state, unit, rest[0]):
            events.append(test_full_hex(state, unit, rest[0]))
        else:
            events += test_hexside(state, unit, here)
        if rest and _blocked(state, here, rest[0]):
            where = state.board.offset(here)
            events.append(
                MoveStopped(state.turn, unit.id, unit.side, where, "the bridge ahead was blown")
            )
            return entered, events
    return entered, events


def _blocked(state: GameState, here: int, there: int) -> bool:
    if there in state.damaged_full_hex_bridges:
        return True
    d = direction_to(state, here, there)
    return d is not None and 6 * here + d in state.damaged_bridges

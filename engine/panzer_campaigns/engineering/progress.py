"""The start of a player turn for engineers [000 7.2-7.4]: each work in progress of the side
rolls its chance, completed works change the map, works whose unit may no longer work stop,
and bridges whose engineer is gone are removed. Also what ends a unit's work when it moves or
changes mode.

Decisions, with their sections:

- Works roll in scenario order, one roll per unit per turn of its side. A Disrupted or Broken
  worker keeps its work but does not roll (and, for a pontoon, the turn does not count
  [000 7.4]); a worker found in Travel or Rail Mode, Digging-In, or away from its hex stops.
- [000 7.4] Several engineers building the same bridge each roll; the first success completes
  it for all, and the others stop.
"""

from __future__ import annotations

from engine.panzer_campaigns.engineering import abilities, bridges, mines
from engine.panzer_campaigns.engineering.chances import (
    mine_laying_chance,
    rubble_chance,
    unit_bridge_chance,
)
from engine.panzer_campaigns.engineering.events import (
    BridgeRemoved,
    EngineeringEvent,
    WorkDone,
    WorkStopped,
)
from engine.panzer_campaigns.engineering.works import Work, WorkKind
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.vocabulary import Side

BRIDGE_WORKS = frozenset(
    {WorkKind.BUILD_BRIDGE, WorkKind.PONTOON, WorkKind.DISMANTLE, WorkKind.WIRE}
)
"""Bridge operations: rolled at the Bridge Value [000 7.4]."""


def minimum_turns(state: GameState, unit: UnitState, work: Work) -> int:
    """Turns that must be counted before a pontoon operation may complete [000 7.4]: the side's
    Pontoon Bridge value, for building and dismantling alike ("The process of initiating the
    building or dismantling of a Pontoon Bridge is the same"). Gap decided: "10 turns must
    elapse" is read as 10 turn starts counted (not while Disrupted or Broken), the first roll
    coming at the next one, as an ordinary bridge first rolls the turn after it was begun."""
    pontoon = work.kind is WorkKind.PONTOON or (
        work.kind is WorkKind.DISMANTLE
        and (b := state.engineering.bridges.get(unit.id)) is not None
        and b.pontoon
    )
    if not pontoon:
        return 0
    return int(getattr(state.parameters.engineering.pontoon_bridge_turns, unit.side.value))


def work_chance(state: GameState, unit: UnitState, work: Work) -> float:
    """The chance the work completes at its next roll (0 while a pontoon waits its turns)."""
    if work.kind in BRIDGE_WORKS:
        return unit_bridge_chance(state, unit)
    if work.kind is WorkKind.LAY_MINES:
        return mine_laying_chance(state, unit)
    return rubble_chance(state, unit)


def _stop_reason(state: GameState, unit: UnitState, work: Work) -> str | None:
    if not unit.on_map:
        return "it left the map"
    if unit.hex != work.hex:
        return "it moved"
    travel_ok = work.kind is WorkKind.WIRE
    why = abilities.unfit(unit, travel_ok=travel_ok)
    if why is not None and not (unit.disrupted or unit.broken):
        return why
    return None


def progress_works(state: GameState, side: Side) -> list[EngineeringEvent]:
    """The start-of-player-turn engineering of `side` (see the module's decisions)."""
    events: list[EngineeringEvent] = [*bridges.prune_bridges(state)]
    events += mines.progress_clearing(state, side)
    works = state.engineering.works
    finished: set[tuple[WorkKind, int]] = set()
    for unit in list(state.iter_units(side)):
        work = works.get(unit.id)
        if work is None:
            continue
        label = work.kind.label
        key = (work.kind, work.target if work.target >= 0 else work.hex)
        if key in finished:
            del works[unit.id]
            events.append(WorkStopped(state.turn, side, unit.id, label, "the work is done"))
            continue
        reason = _stop_reason(state, unit, work)
        if reason is not None:
            del works[unit.id]
            events.append(WorkStopped(state.turn, side, unit.id, label, reason))
            continue
        if unit.disrupted or unit.broken:
            continue
        work.turns += 1
        if work.turns <= minimum_turns(state, unit, work):
            continue
        if state.rng.random() >= work_chance(state, unit, work):
            continue
        del works[unit.id]
        finished.add(key)
        where = state.board.offset(work.hex)
        events.append(
            WorkDone(state.turn, side, unit.id, label, where, _complete(state, unit, work))
        )
    return events


def _complete(state: GameState, unit: UnitState, work: Work) -> str:
    if work.kind in (WorkKind.BUILD_BRIDGE, WorkKind.PONTOON):
        return bridges.complete_bridge(state, unit, work)
    if work.kind is WorkKind.DISMANTLE:
        state.engineering.bridges.pop(unit.id, None)
        state.touch()
        return "bridge dismantled"
    if work.kind is WorkKind.WIRE:
        state.wired_full_hex_bridges[work.hex] = unit.side
        state.touch()
        return "the full-hex bridge is WIRED for demolition"
    if work.kind is WorkKind.LAY_MINES:
        return mines.lay(state, unit)
    return mines.clear_rubble(state, unit)


def after_move(state: GameState, unit: UnitState) -> list[WorkStopped | BridgeRemoved]:
    """A unit that moved or changed mode leaves its work (a maintained bridge stays only if it
    is still at one of its ends)."""
    events: list[WorkStopped | BridgeRemoved] = []
    work = state.engineering.works.get(unit.id)
    if work is not None and _stop_reason(state, unit, work) is not None:
        del state.engineering.works[unit.id]
        reason = _stop_reason(state, unit, work) or "it moved"
        events.append(WorkStopped(state.turn, unit.side, unit.id, work.kind.label, reason))
    return events

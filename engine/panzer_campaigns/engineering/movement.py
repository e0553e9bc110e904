"""What engineers' work means to a moving unit [000 7.3, 7.4]: the built bridges, pontoons and
destroyed AT ditches `engine.panzer_campaigns.movement_costs` reads, the lanes through minefields,
and the one
way a maintaining engineer may move. Kept apart from the rest of the package so that movement
imports no more than it needs."""

from __future__ import annotations

from array import array

from engine.panzer_campaigns.engineering.bridges import bridge_ends, live_bridges
from engine.panzer_campaigns.engineering.mines import has_lanes
from engine.panzer_campaigns.engineering.works import EngineeredMap
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState

__all__ = ["engineered_map", "has_lanes", "maintained_edges", "with_engineering"]


def engineered_map(state: GameState) -> EngineeredMap | None:
    """The engineers' changes to the map now, or None when there are none (the usual case)."""
    eng = state.engineering
    if not eng.bridges and not eng.ditches_destroyed:
        return None
    bridges: set[int] = set()
    pontoons: set[int] = set()
    for bridge in live_bridges(state):
        if bridge.pontoon:
            pontoons.add(bridge.target)
        else:
            bridges.update((bridge.target, bridge.back))
    return EngineeredMap(frozenset(bridges), frozenset(pontoons), frozenset(eng.ditches_destroyed))


def maintained_edges(state: GameState, unit: UnitState) -> frozenset[int] | None:
    """The edges a maintaining engineer may step across (its own hexside bridge, from either
    end), or None when it maintains no bridge [000 7.4].

    Contradiction decided: [7.4] says a "Has Bridge" engineer "cannot move away without first
    dismantling it or abandoning it", and also that to "cross its own bridge" it must first
    go to Travel Mode: it may cross its own bridge (Travel Mode, as every bridge needs) and
    nothing else, and maintains the bridge from either end."""
    bridge = state.engineering.bridges.get(unit.id)
    if bridge is None:
        return None
    if bridge.pontoon or unit.hex not in bridge_ends(state, bridge):
        return frozenset()
    return frozenset((bridge.target, bridge.back))


def with_engineering(state: GameState, edges: array[float], slow: float) -> array[float]:
    """The cached static edge costs with every edge the engineers changed marked `slow` (asked
    step by step); the cache itself when nothing changed. A copy, never the shared cache."""
    works = engineered_map(state)
    if works is None:
        return edges
    patched = array("d", edges)
    for edge in works.edges_to_ask(state.board):
        if 0 <= edge < len(patched):
            patched[edge] = slow
    return patched

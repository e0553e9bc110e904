"""What the turn does with supply [000 10.1, 10.2]: it marks the units no line of communication
reaches Isolated, and it fires the scenario's supply variations; each reports an event for the
log. The supply values themselves are `engine.panzer_campaigns.supply`'s (kept apart so that the
setup checks trace supply without the event models).
"""

from __future__ import annotations

from engine.panzer_campaigns.events import IsolationChanged, SupplyChanged
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.supply import MAX_SUPPLY, has_sources, iter_sources, local_supply
from schemas.panzer_campaigns.scenario import SupplyVariation
from schemas.vocabulary import Side


def update_isolation(state: GameState, side: Side) -> IsolationChanged | None:
    """Mark `side`'s units on the map Isolated where no line of communication reaches their hex
    (`SupplyMap.is_unit_isolated`) [000 10.1], and report the units that became Isolated or
    were supplied again."""
    supply = local_supply(state, side)
    isolated: list[str] = []
    resupplied: list[str] = []
    for unit in state.iter_units(side):
        now = supply.is_unit_isolated(unit)
        if now != unit.isolated:
            unit.isolated = now
            (isolated if now else resupplied).append(unit.id)
    if not isolated and not resupplied:
        return None
    return IsolationChanged(state.turn, side, tuple(isolated), tuple(resupplied))


def apply_supply_variations(
    state: GameState, *, storm_started: bool, storm_ended: bool, midnight: bool
) -> list[SupplyChanged]:
    """Fire the scenario's Supply Variations for this turn [000 10.2] and report each.

    - With a probability, a variation is rolled "once per day, on the midnight turn or first
      turn after midnight" (`midnight`, as the clock decides): `randrange(100) < probability`.
    - "probability 0 and a negative variation are triggered when the weather is Storm", "with
      probability 0 and a positive variation … when the Storm finishes": decision, once when a
      storm starts (a storm raging when the scenario begins counts as starting on its first
      turn) and once when it ends, whatever the time.
    - One-time variations fire at most once (`state.fired_variations`).
    - Targets: the side's Global value when it has no sources, else all its sources; IS GLOBAL
      both; RAIL CAPACITY the side's rail capacity (men-equivalents).
    - "never modified below 0"; Global values never above 100; "When Supply Sources are
      affected, then they can never be increased above the Global Supply Value for that side":
      decision, an increase stops at the Global value (after an IS GLOBAL change to it) and a
      source already above it does not go up, nor is it cut down.
    """
    events: list[SupplyChanged] = []
    for variation in state.scenario.supply.variations:
        if variation.one_time and variation.id in state.fired_variations:
            continue
        if variation.probability > 0:
            fires = midnight and state.rng.randrange(100) < variation.probability
        else:
            fires = (variation.value < 0 and storm_started) or (variation.value > 0 and storm_ended)
        if not fires:
            continue
        if variation.one_time:
            state.fired_variations.add(variation.id)
        events.append(_apply(state, variation))
    if events:
        state.touch()
    return events


def _apply(state: GameState, variation: SupplyVariation) -> SupplyChanged:
    name, side, change = variation.id, variation.side, variation.value
    if variation.rail_capacity:
        state.rail_capacity[side] = max(0, state.rail_capacity.get(side, 0) + change)
        return SupplyChanged(state.turn, name, side, change, "rail capacity")
    sources = has_sources(state, side)
    to_global = variation.is_global or not sources
    to_sources = variation.is_global or sources
    if to_global:
        state.global_supply[side] = min(MAX_SUPPLY, max(0, state.global_supply[side] + change))
    if to_sources:
        ceiling = state.global_supply[side]
        for source in iter_sources(state, side):
            old = state.source_values.get(source.id, source.value)
            new = max(0, old + change)
            if change > 0:
                new = min(new, max(old, ceiling))
            state.source_values[source.id] = new
    target = (
        "global and sources" if to_global and to_sources else "global" if to_global else "sources"
    )
    return SupplyChanged(state.turn, name, side, change, target)

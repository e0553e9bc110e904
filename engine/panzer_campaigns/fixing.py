"""Units becoming Fixed after the start [000 4.6]: "Depending on the game title and scenario,
some units may become Fixed after the scenario starts"; the scenario says when with a
placement's `fixed_from_turn`, and they are freed as units Fixed at the start are."""

from __future__ import annotations

from engine.panzer_campaigns.events import BecameFixed, Event
from engine.panzer_campaigns.state import GameState
from schemas.vocabulary import Side


def fix_scheduled_units(state: GameState, side: Side) -> list[Event]:
    """Fix `side`'s units whose placement gives this turn as `fixed_from_turn`, at the start of
    their player turn, before the Fixed units the enemy sees are freed
    (`engine.panzer_campaigns.arrivals.free_spotted_units`).

    Decisions [000 4.6]: as for units Fixed at the start, a unit the enemy sees at that moment
    is freed at once, and later spotting, an assault or its organization's Release frees it;
    a Release that came before the turn does not keep the unit from becoming Fixed (the
    scenario asks for a halt after it); a unit off the map then (eliminated, withdrawn,
    combined into another counter) is not fixed, nor is one already Fixed reported again.
    """
    turn = state.turn
    fixed: list[str] = []
    for placement in state.scenario.placements:
        if placement.fixed_from_turn != turn:
            continue
        unit = state.units.get(placement.unit)
        if unit is None or unit.side is not side or not unit.on_map or unit.fixed:
            continue
        unit.fixed = True
        fixed.append(unit.id)
    if not fixed:
        return []
    state.touch()
    return [BecameFixed(turn, side, tuple(fixed))]

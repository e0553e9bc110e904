"""Automatic Defensive Fire [000 13.3]: under that optional rule the engine plays the Defensive
Fire Phase, firing "each defensive unit to their full fire capability". This module chooses who
fires at what; the turn loop (`engine.panzer_campaigns.game_turns`) carries the fires out as `Fire`
orders, so a
saved game replays them exactly.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.panzer_campaigns.combat.fire import preview
from engine.panzer_campaigns.combat.fire_targets import fire_targets
from engine.panzer_campaigns.phases import acting_side
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState

Offset = tuple[int, int]


def target_score(state: GameState, unit: UnitState, hex_index: int) -> tuple[bool, float] | None:
    """How much `unit` firing at `hex_index` is worth to the defender, or None when it may not
    fire there: first whether the target is spotted (not Unknown), then the expected losses in
    men-equivalents, the middle of the preview's casualty range [000 12.0]."""
    seen = preview(state, unit, hex_index)
    if seen is None:
        return None
    return (not seen.unknown, (seen.low + seen.high) / 2)


def best_target(state: GameState, unit: UnitState) -> int | None:
    """The hex `unit` fires at in an Automatic Defensive Fire Phase, or None when it has none.

    Decision (the manual says only that the computer fires each unit "to their full fire
    capability" [000 13.3]): the spotted target with the highest expected losses
    (`target_score`), an Unknown one only when no spotted target is in reach, and on a tie the
    first hex in map order, so the same game always fires the same way. As for a player, the
    targets are those the defending side sees (`engine.panzer_campaigns.combat.fire_targets`).
    """
    best: int | None = None
    best_score: tuple[bool, float] | None = None
    for hex_index in sorted(fire_targets(state, unit)):
        score = target_score(state, unit, hex_index)
        if score is not None and (best_score is None or score > best_score):
            best, best_score = hex_index, score
    return best


def automatic_defensive_fire(state: GameState) -> Iterator[tuple[str, Offset]]:
    """The fires of an Automatic Defensive Fire Phase, one (unit id, target hex) at a time:
    every unit of the defending side, in scenario order, fires once (the one fire of the phase
    [000 13.3]) at its `best_target`. Each target is chosen when the one before has been
    fired, so a unit does not fire at a hex the fire before emptied."""
    for unit in list(state.iter_units(acting_side(state))):
        if not unit.on_map:
            continue
        target = best_target(state, unit)
        if target is not None:
            yield unit.id, state.board.offset(target)

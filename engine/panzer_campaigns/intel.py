"""Intel markers [001 1.1 #31]: each side remembers where it last saw the enemy units that went
out of its sight, identified or as Unknown, and on which turn; a marker goes when the side sees
its hex again or sees the unit anywhere.

Decisions: markers are kept where the ruleset profile has them (`RulesetProfile.intel_markers`):
Panzer Battles lists them among its new features [001 1.1 #31]; the Panzer Campaigns manual
has no intel markers, so a Panzer Campaigns game keeps none, as the game it tests shows none. A
unit that leaves the map (eliminated, withdrawn, exited) leaves no marker: its side is told.
The markers are brought up to date after every order and at the start of each player turn,
from the sightings as they stand (reading them never brings them up to date, which could change
how a later sync judges concealment, and so a replay).
"""

from __future__ import annotations

from engine.panzer_campaigns.sightings import IntelMarker
from engine.panzer_campaigns.spotting import watch
from engine.panzer_campaigns.state import GameState
from schemas.vocabulary import Side


def update_intel(state: GameState) -> None:
    """Turn the sightings lost since the last update into markers, and drop the markers of
    units seen again or of hexes seen again."""
    if not state.profile.intel_markers:
        return
    for side in Side:
        seen = state.sightings[side]  # as last brought up to date: reading never syncs
        markers = state.intel[side]
        last = state.intel_seen[side]
        for unit_id, marker in last.items():
            if unit_id not in seen and state.units[unit_id].on_map:
                markers[unit_id] = marker
        for unit_id in list(markers):
            marker = markers[unit_id]
            if (
                unit_id in seen
                or not state.units[unit_id].on_map
                or watch(state, side, marker.hex) is not None
            ):
                del markers[unit_id]
        state.intel_seen[side] = {
            unit_id: IntelMarker(unit_id, sighting.hex, sighting.grade, state.turn)
            for unit_id, sighting in seen.items()
        }


def intel_markers(state: GameState, side: Side) -> list[IntelMarker]:
    """`side`'s intel markers, in the order of the units in the scenario."""
    markers = state.intel[side]
    return [markers[unit_id] for unit_id in state.units if unit_id in markers]

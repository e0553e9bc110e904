"""The passengers of a Naval unit that combat eliminates, in Panzer Battles [001 #27,
"Carry/Uncarry"]: in Shallow Water they take half casualties and become Disrupted, elsewhere
they go down with the ship."""

from __future__ import annotations

from engine.panzer_campaigns.carrying import is_naval
from engine.panzer_campaigns.combat.results import probabilistic_round
from engine.panzer_campaigns.objectives import record_loss
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState, UnitStatus

SHALLOW_WATER_PASSENGER_LOSS = 0.5
""""Passengers on Naval units that are eliminated in Shallow Water take 1/2 casualties and
become Disrupted instead of being eliminated" [001 #27]."""


def in_shallow_water(state: GameState, hex_index: int) -> bool:
    """Whether a hex's terrain is Shallow Water."""
    board = state.board
    return board.legend[board.terrain_ids[board.terrain[hex_index]]].shallow_water


def sink_passengers(state: GameState, carrier: UnitState) -> tuple[tuple[str, int, bool], ...]:
    """What happens to the passengers of `carrier`, about to be eliminated by combat: each
    passenger's id, the men, guns or vehicles it lost and whether it was eliminated. Nothing
    for a carrier that is not Naval (`engine.panzer_campaigns.state.GameState.remove` sets those
    passengers
    down on the hex).

    Decisions [001 #27]: "1/2 casualties" is half the passenger's strength, probabilistically
    rounded (a passenger of 1 may be lost), counted as losses the enemy scores; "instead of
    being eliminated" says what happens outside Shallow Water: the passengers are eliminated
    with the ship. The survivors are set down on the ship's hex when it is removed, as any
    carrier's passengers are. The rule is Panzer Battles' ("Carry/Uncarry" is a Panzer Battles
    feature, so no Panzer Campaigns unit is ever a passenger).
    """
    if not is_naval(carrier) or not carrier.carrying:
        return ()
    shallow = in_shallow_water(state, carrier.hex)
    fates: list[tuple[str, int, bool]] = []
    for passenger_id in carrier.carrying:
        passenger = state.units[passenger_id]
        if shallow:
            lost = probabilistic_round(passenger.strength * SHALLOW_WATER_PASSENGER_LOSS, state.rng)
        else:
            lost = passenger.strength
        record_loss(state, passenger, lost)
        passenger.strength -= lost
        eliminated = passenger.strength <= 0
        if not eliminated and not passenger.broken:
            passenger.disrupted = True
        state.touch(passenger)
        fates.append((passenger_id, lost, eliminated))
    for passenger_id, _, eliminated in fates:
        if eliminated:
            state.remove(state.units[passenger_id], UnitStatus.ELIMINATED)
    return tuple(fates)

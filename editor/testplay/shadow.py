"""The game state seen as scenario data: placements and objective owners rebuilt from a running
`Game`, so the editor's map view can show a test-play by showing a scenario. Under Fog of War the
placements are those one side may know: its own units and the enemy units it has spotted.

Pure functions over the engine's state; the session installs their results in its shadow
document.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from schemas.panzer_campaigns.scenario import (
    ExitObjective,
    FortificationOverlay,
    Overlays,
    Placement,
    ScenarioFile,
)
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.game import Game
    from engine.panzer_campaigns.units import UnitState

_MIRRORED_FLAGS = ("fixed", "disrupted", "detached", "low_ammo", "low_fuel", "on_foot")
"""Unit states a placement can say and the game changes (releases, disruption, supply)."""


def placements_of(game: Game, viewer: Side | None = None) -> list[Placement]:
    """The placements that put every unit on the map where the game has it: the scenario's own
    placements first, in file order, each keeping its other fields (and its very object when the
    unit has not changed), then the units that arrived since, in the game's order. Units that
    withdrew, exited, surrendered or were eliminated are not placed.

    With a `viewer` (Fog of War), enemy units it has not spotted in detail are not placed
    either: an Unknown is a "?" mark (`editor.testplay.sight_marks`), not a counter whose
    name Hex Info would give away [000 4.8]."""
    state = game.state
    hidden = _hidden_from(game, viewer)
    placements: list[Placement] = []
    placed: set[str] = set(hidden)
    for original in state.scenario.placements:
        unit = state.units.get(original.unit)
        if unit is None or not unit.on_map or original.unit in placed:
            continue
        placed.add(original.unit)
        update = _differences(game, unit, original)
        placements.append(original.model_copy(update=update) if update else original)
    for unit in state.units.values():
        if unit.on_map and unit.id not in placed:
            placed.add(unit.id)
            placements.append(Placement(unit=unit.id, hex=game.offset_of(unit.hex), mode=unit.mode))
            arrived = placements[-1]
            update = _differences(game, unit, arrived)
            if update:
                placements[-1] = arrived.model_copy(update=update)
    return placements


def _hidden_from(game: Game, viewer: Side | None) -> set[str]:
    """The enemy units on the map `viewer` has not spotted in detail (none without a viewer)."""
    from engine.panzer_campaigns.sightings import Sight  # noqa: PLC0415

    if viewer is None:
        return set()
    seen = game.spotting(viewer)
    return {
        unit.id
        for unit in game.iter_units()
        if unit.side is not viewer
        and (unit.id not in seen or seen[unit.id].grade is not Sight.SPOTTED)
    }


def overlays_of(game: Game, viewer: Side | None = None) -> Overlays:
    """The scenario's map overlays with the fortifications the game has now (those its units
    dug [000 4.9] included); with a `viewer` (Fog of War) only the fortifications it sees now:
    "Fortifications that are not currently spotted by a friendly unit do not appear on the map
    when Fog-of-War is in effect ... even if the fortifications were originally occupied by
    your units" [000 5.3]."""
    overlays = game.state.scenario.overlays
    forts = _fortifications_of(game)
    if viewer is not None:
        forts = [f for f in forts if game.sight_of(viewer, (f.hex[0], f.hex[1])) is not None]
    if forts == overlays.fortifications:
        return overlays
    return overlays.model_copy(update={"fortifications": forts})


def _fortifications_of(game: Game) -> list[FortificationOverlay]:
    """The game's fortifications as overlays: the scenario's own first, each keeping its object
    while the game has not changed it, then those built in play, in hex order."""
    built = dict(game.state.fortifications)
    forts: list[FortificationOverlay] = []
    for original in game.state.scenario.overlays.fortifications:
        kind = built.pop(game.hex_of((original.hex[0], original.hex[1])), None)
        if kind is not None:
            same = kind is original.kind
            forts.append(original if same else original.model_copy(update={"kind": kind}))
    for hex_index in sorted(built):
        forts.append(FortificationOverlay(hex=game.offset_of(hex_index), kind=built[hex_index]))
    return forts


def objectives_of(game: Game) -> list[Any]:
    """The scenario's objectives with the owner the game gives each now (exit objectives keep
    theirs: it names the side that exits there, not a holder)."""
    owners = game.objective_owners()
    objectives: list[Any] = []
    for objective in game.state.scenario.objectives:
        owner = owners.get(objective.id, objective.owner)
        if isinstance(objective, ExitObjective) or owner == objective.owner:
            objectives.append(objective)
        else:
            objectives.append(objective.model_copy(update={"owner": owner}))
    return objectives


def scenario_of(game: Game, base: ScenarioFile) -> ScenarioFile:
    """`base` with the game's placements and objective owners (other parts untouched)."""
    return base.model_copy(
        update={"placements": placements_of(game), "objectives": objectives_of(game)}
    )


def _differences(game: Game, unit: UnitState, placement: Placement) -> dict[str, Any]:
    update: dict[str, Any] = {}
    offset = game.offset_of(unit.hex)
    if tuple(placement.hex) != offset:
        update["hex"] = offset
    if placement.mode is not unit.mode:
        update["mode"] = unit.mode
    if list(placement.combined_with) != list(unit.combined):  # combined or broken down [4.9]
        update["combined_with"] = list(unit.combined)
    # A placement without strength means the full strength of its companies; say it only once
    # the game changed it (combining and breaking down change the companies).
    full = game.state.full_strength(unit)
    strength = placement.strength if placement.strength is not None else full
    if strength != unit.strength or (placement.strength is None and "combined_with" in update):
        update["strength"] = unit.strength
    if placement.fatigue != unit.fatigue:
        update["fatigue"] = unit.fatigue
    for flag in _MIRRORED_FLAGS:
        if getattr(placement, flag) != getattr(unit, flag):
            update[flag] = getattr(unit, flag)
    return update

"""From test to fix: the scenario element behind what a test-play showed (the reinforcement that
arrived or was delayed, the objective that changed hands, the isolated unit), and the game's
unit positions as the scenario's placements, for designers who set up by moving units."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from editor.selection import Focus
from editor.testplay.event_places import event_place
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import Placement, ScenarioFile

if TYPE_CHECKING:
    from engine.panzer_campaigns.events import Event
    from engine.panzer_campaigns.game import Game


def item_focus(scenario: ScenarioFile, path: tuple[str, ...], item_id: str) -> Focus | None:
    """The scenario's item with id `item_id` in the list at `path`, e.g. ("objectives",)."""
    items: Sequence[object] = scenario
    for name in path:
        items = getattr(items, name)
    for index, item in enumerate(items):
        if getattr(item, "id", None) == item_id:
            return Focus(FileKind.SCENARIO, (*path, index), object_id=item_id)
    return None


def scenario_focus(scenario: ScenarioFile, game: Game, event: Event) -> Focus | None:
    """Where in the scenario to fix what `event` shows: its reinforcement, withdrawal, release,
    objective or supply variation, else its first unit (shown in the Order of Battle and the
    Unit panel, placement included); None when the event names none of them."""
    from engine.panzer_campaigns.events import (  # noqa: PLC0415
        ArrivalDelayed,
        Arrived,
        ObjectiveCaptured,
        ObjectiveExpired,
        ProtectionApplied,
        Released,
        SupplyChanged,
        Withdrew,
    )

    if isinstance(event, Arrived | ArrivalDelayed | ProtectionApplied):
        return item_focus(scenario, ("reinforcements",), event.reinforcement)
    if isinstance(event, Withdrew):
        return item_focus(scenario, ("withdrawals",), event.withdrawal)
    if isinstance(event, Released):
        return item_focus(scenario, ("releases",), event.release)
    if isinstance(event, ObjectiveCaptured | ObjectiveExpired):
        return item_focus(scenario, ("objectives",), event.objective)
    if isinstance(event, SupplyChanged):
        return item_focus(scenario, ("supply", "variations"), event.variation)
    _, units = event_place(game, event)
    if not units:
        return None
    for index, placement in enumerate(scenario.placements):
        if placement.unit == units[0]:
            return Focus(FileKind.SCENARIO, ("placements", index), object_id=units[0])
    return Focus(object_id=units[0])


@dataclass(frozen=True)
class CopiedPositions:
    """The scenario's placements moved to where the game's units stand, and what was left."""

    placements: list[Placement]
    moved: int
    """Placements whose hex or mode changed."""
    gone: tuple[str, ...]
    """Units placed at the start that are no longer on the map; their placements are kept."""
    arrived: tuple[str, ...]
    """Units on the map that came as reinforcements; their schedule is left as it is."""


def positions_of(scenario: ScenarioFile, game: Game) -> CopiedPositions:
    """The scenario's placements with each unit's hex and mode as they are in the game."""
    placed = {p.unit for p in scenario.placements}
    placements: list[Placement] = []
    moved = 0
    gone: list[str] = []
    for placement in scenario.placements:
        unit = game.state.units.get(placement.unit)
        if unit is None or not unit.on_map:
            gone.append(placement.unit)
            placements.append(placement)
            continue
        hex_ = game.offset_of(unit.hex)
        if (tuple(placement.hex), placement.mode) == (hex_, unit.mode):
            placements.append(placement)
            continue
        moved += 1
        placements.append(placement.model_copy(update={"hex": hex_, "mode": unit.mode}))
    arrived = tuple(u.id for u in game.iter_units() if u.id not in placed)
    return CopiedPositions(placements, moved, tuple(gone), arrived)

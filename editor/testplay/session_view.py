"""What the viewer of a test-play sees, as a mixin of `TestPlaySession`: the events of the log
it may know under Fog of War, and the shadow document whose scenario shows the game's units as
the viewer may know them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from editor.document import Change, ChangeAction, Document, FileSlot
from editor.testplay.shadow import objectives_of, overlays_of, placements_of
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import ScenarioFile
from schemas.title import ScenarioBundle
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.events import Event
    from engine.panzer_campaigns.game import Game


class SessionView:
    """The viewer's knowledge and the shadow document of a `TestPlaySession` (which provides
    the game, the shadow and the viewer)."""

    if TYPE_CHECKING:
        game: Game
        shadow: Document

        @property
        def viewer(self) -> Side | None: ...

    def may_know(self, event: Event, cause: Event | None = None) -> bool:
        """Whether the viewer may read an event in the log: without Fog of War all; under it
        those of its own side (its arrivals, releases, supply, the sightings it made), those
        that struck its units, and those of no side (weather, objectives, the end).

        An enemy unit's losses are known when `cause`, the combat that inflicted them, was the
        viewer's fire at a target it had spotted or its assault: "the combat results will not
        be known" only of fire at an Unknown target [000 8.1]."""
        from engine.panzer_campaigns.combat.events import LossesTaken  # noqa: PLC0415
        from engine.panzer_campaigns.events import (  # noqa: PLC0415
            ObjectiveCaptured,
            ProtectionApplied,
            Released,
            Surrendered,
        )

        viewer = self.viewer
        if viewer is None or isinstance(event, ObjectiveCaptured | Surrendered):
            return True  # the objectives' owners and surrenders are on the map for both
        if isinstance(event, LossesTaken) and event.side is not viewer:
            by_viewer = cause is not None and getattr(cause, "side", None) is viewer
            return by_viewer and not getattr(cause, "unknown", False)
        if isinstance(event, ProtectionApplied):
            struck = event.broken + event.eliminated
            return any(self.game.unit(unit).side is viewer for unit in struck)
        side = getattr(event, "side", None)
        if isinstance(event, Released):  # its organization's side, units freed or not
            side = self.game.state.oob_index.side_of(event.organization)
        if not isinstance(side, Side):
            units = getattr(event, "units", None) or [getattr(event, "unit", None)]
            known = [self.game.state.units.get(u) for u in units if isinstance(u, str)]
            side = next((u.side for u in known if u is not None), None)
        return side is None or side is viewer

    def known(self, events: Sequence[Event], cause: Event | None = None) -> list[bool]:
        """`may_know` of each of consecutive events of the log, each loss read with the
        combat before it (`cause`: the one before the first event, when it is a loss)."""
        from engine.panzer_campaigns.combat.events import LossesTaken  # noqa: PLC0415

        flags = []
        for event in events:
            if not isinstance(event, LossesTaken):
                cause = event
            flags.append(self.may_know(event, cause))
        return flags

    def known_log(self) -> list[Event]:
        """The game's log as the viewer may know it (all of it without Fog of War)."""
        log = self.game.log
        return [e for e, known in zip(log, self.known(log), strict=True) if known]

    def _sync_shadow(self) -> None:
        """Install in the shadow the parts of the scenario the game changed, each with its own
        Change so views rebuild only what they show of it."""
        viewer = self.viewer
        builds: tuple[tuple[str, Callable[[], Any]], ...] = (
            ("placements", lambda: placements_of(self.game, viewer)),
            ("objectives", lambda: objectives_of(self.game)),
            ("overlays", lambda: overlays_of(self.game, viewer)),
        )
        for field, build in builds:
            current: ScenarioFile = self.shadow.scenario
            value = build()
            if value != getattr(current, field):
                self.shadow.install(
                    FileKind.SCENARIO,
                    current.model_copy(update={field: value}),
                    Change(FileKind.SCENARIO, (field,), ChangeAction.SET),
                )


def shadow_document(
    bundle: ScenarioBundle, game: Game, parent: QObject, viewer: Side | None
) -> Document:
    """A document over the snapshot's title models whose scenario shows the game's units."""
    slots: dict[FileKind, FileSlot] = {}
    for loaded in (bundle.scenario, bundle.map, bundle.oob, bundle.parameters, bundle.weather):
        if loaded is None or loaded.kind is None or not loaded.ok:
            continue
        model = loaded.model
        if loaded.kind is FileKind.SCENARIO:
            shown = model.model_copy(
                update={
                    "placements": placements_of(game, viewer),
                    "objectives": objectives_of(game),
                    "overlays": overlays_of(game, viewer),
                }
            )
            slots[loaded.kind] = FileSlot(loaded.kind, loaded.path, shown, model)
        else:
            slots[loaded.kind] = FileSlot(loaded.kind, loaded.path, model, model, loaded)
    return Document(slots, parent)

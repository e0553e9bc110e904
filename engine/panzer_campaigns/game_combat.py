"""The combat orders and queries of `engine.panzer_campaigns.game.Game`, as a mixin: firing [000
5.0-5.4] and
assaulting [000 6.0-6.3], what each may target, its preview, why a unit may not, and the order
itself, recorded and never taken back (its dice are seen)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.panzer_campaigns import movement, phases, spotting
from engine.panzer_campaigns.combat import assault as assaulting
from engine.panzer_campaigns.combat import fire as firing
from engine.panzer_campaigns.combat import fire_targets as targeting
from engine.panzer_campaigns.combat.assault_preview import AssaultPreview
from engine.panzer_campaigns.combat.assault_targets import assault_targets
from engine.panzer_campaigns.combat.fire_preview import FirePreview
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.opportunity_fire import opportunity_fire
from engine.panzer_campaigns.orders import Assault, Fire
from engine.panzer_campaigns.phases import Action

if TYPE_CHECKING:
    from engine.panzer_campaigns.events import Event
    from engine.panzer_campaigns.orders import Order
    from engine.panzer_campaigns.state import GameState
    from engine.panzer_campaigns.units import UnitState

Offset = tuple[int, int]


class CombatOrders:
    """Fire and assault for a `Game` (which provides the state and the order machinery)."""

    if TYPE_CHECKING:
        state: GameState
        _checkpoints: list[Any]

        def _orderable(self, unit_id: str, action: Action = ...) -> UnitState: ...
        def _carry_out(self, order: Order, run: Callable[[], list[Event]]) -> list[Event]: ...
        def _emit(self, events: Sequence[Event]) -> list[Event]: ...
        def hex_of(self, offset: Offset) -> int: ...
        def offset_of(self, hex_index: int) -> Offset: ...

    # --- fire [000 5.0-5.4] -----------------------------------------------------------------

    def fire_targets(self, unit_id: str) -> dict[Offset, CombatKind]:
        """The hexes a unit of the side to move may fire at now, each direct or indirect fire
        [000 5.0] (see `engine.panzer_campaigns.combat.fire_targets`); empty when it may not
        fire."""
        try:
            unit = self._orderable(unit_id, Action.FIRE)
        except movement.IllegalMove:
            return {}
        targets = targeting.fire_targets(self.state, unit)
        return {self.offset_of(h): target.kind for h, target in targets.items()}

    def fire_preview(self, unit_id: str, hex_: Offset) -> FirePreview | None:
        """What the unit firing at `hex_` would do: target, combat value, each modifier named,
        casualty range [000 5.2, 12.0]; None when it may not fire there."""
        try:
            unit = self._orderable(unit_id, Action.FIRE)
        except movement.IllegalMove:
            return None
        return firing.preview(self.state, unit, self.hex_of(hex_))

    def fire(self, unit_id: str, hex_: Offset) -> list[Event]:
        """Fire a unit at a hex [000 5.1] (see `engine.panzer_campaigns.combat.fire.fire`);
        IllegalMove when it
        may not. A fire rolls dice the player sees: it and the orders before it cannot be
        taken back."""
        unit = self._orderable(unit_id, Action.FIRE)
        target = self.hex_of(hex_)
        order = Fire(unit_id, self.offset_of(target))

        def run() -> list[Event]:
            spotting.sync(self.state)
            events: list[Event] = [*firing.fire(self.state, unit, target)]
            deserted = phases.mark_deserted(self.state, target, unit.side)  # [000 13.3]
            events += [deserted] if deserted is not None else []
            # [000 5.1] "including any triggered Opportunity Fire"
            return self._emit([*events, *opportunity_fire(self.state, unit, "fired")])

        events = self._carry_out(order, run)
        self._checkpoints.clear()
        return events

    # --- assault [000 6.0-6.3] --------------------------------------------------------------

    def assault_targets(self, unit_id: str) -> dict[Offset, float]:
        """The hexes a unit of the side to move may assault now, each with the movement points
        it would cost the unit [000 6.0, 6.1] (see
        `engine.panzer_campaigns.combat.assault_targets`); empty when
        it may not assault (`why_not_assault` says why)."""
        try:
            unit = self._orderable(unit_id, Action.ASSAULT)
        except movement.IllegalMove:
            return {}
        found = assault_targets(self.state, unit)
        return {self.offset_of(h): round(target.cost, 2) for h, target in found.items()}

    def why_not_assault(self, unit_id: str, hex_: Offset | None = None) -> str | None:
        """Why a unit may not assault `hex_` (or at all, without a hex) now, as a sentence for
        the player; None when it may [000 6.0, 6.1]."""
        try:
            unit = self._orderable(unit_id, Action.ASSAULT)
        except movement.IllegalMove as refused:
            return str(refused)
        if hex_ is None:
            return assaulting.why_not(self.state, unit)
        return assaulting.why_not(self.state, unit, self.hex_of(hex_))

    def _attackers(self, attacker_ids: Sequence[str]) -> list[UnitState]:
        return [self._orderable(unit_id, Action.ASSAULT) for unit_id in attacker_ids]

    def assault_odds(self, hex_: Offset, attacker_ids: Sequence[str]) -> AssaultPreview | None:
        """What the units assaulting `hex_` together would do: both sides' assault values and
        average defenses, every modifier named, both casualty ranges, the chance of each unit's
        morale check, the chance the defenders retreat and that they cannot [000 6.1-6.3,
        12.0]; None when the assault may not go in (`why_not_assault` says why)."""
        try:
            attackers = self._attackers(attacker_ids)
        except movement.IllegalMove:
            return None
        return assaulting.preview(self.state, self.hex_of(hex_), attackers)

    def assault(self, hex_: Offset, attacker_ids: Sequence[str]) -> list[Event]:
        """Assault a hex with units of the side to move [000 6.3] (see
        `engine.panzer_campaigns.combat.assault.assault`); IllegalMove when the assault may not go
        in. Its dice
        are seen: it and the orders before it cannot be taken back."""
        attackers = self._attackers(attacker_ids)
        target = self.hex_of(hex_)
        order = Assault(self.offset_of(target), tuple(attacker_ids))

        def run() -> list[Event]:
            spotting.sync(self.state)
            return self._emit(assaulting.assault(self.state, target, attackers))

        events = self._carry_out(order, run)
        self._checkpoints.clear()
        return events

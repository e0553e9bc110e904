"""The rail-damage order of `engine.panzer_campaigns.game.Game`, as a mixin [000 4.4]. It rolls no
die and can
be taken back."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.panzer_campaigns import movement, rail_damage
from engine.panzer_campaigns.orders import DamageRail
from engine.panzer_campaigns.phases import Action

if TYPE_CHECKING:
    from engine.panzer_campaigns.events import Event
    from engine.panzer_campaigns.orders import Order
    from engine.panzer_campaigns.state import GameState
    from engine.panzer_campaigns.units import UnitState


class RailOrders:
    """DamageRail for a `Game` (which provides the state and the order machinery)."""

    if TYPE_CHECKING:
        state: GameState

        def _orderable(self, unit_id: str, action: Action = ...) -> UnitState: ...
        def _carry_out(self, order: Order, run: Callable[[], list[Event]]) -> list[Event]: ...
        def _emit(self, events: Sequence[Event]) -> list[Event]: ...

    def why_not_damage_rail(self, unit_id: str) -> str | None:
        """Why `unit_id` may not damage the railway in its hex now, as a player reads it; None
        when it may (`engine.panzer_campaigns.rail_damage.why_not_damage_rail`)."""
        try:
            unit = self._orderable(unit_id)
        except movement.IllegalMove as error:
            return str(error)
        return rail_damage.why_not_damage_rail(self.state, unit)

    def damage_rail(self, unit_id: str) -> Event:
        """Damage the railway in the unit's hex for 1/3 of its allowance [000 4.4]; IllegalMove
        when it may not."""
        unit = self._orderable(unit_id)
        why = rail_damage.why_not_damage_rail(self.state, unit)
        if why is not None:
            raise movement.IllegalMove(why)

        def run() -> list[Event]:
            return self._emit([rail_damage.damage_rail(self.state, unit)])

        return self._carry_out(DamageRail(unit_id), run)[0]

"""The carrying orders of `engine.panzer_campaigns.game.Game`, as a mixin: which units of its hex a
carrier may
take aboard and why not, Carry and Uncarry [001 "Carry/Uncarry"]. No die is rolled, so both
can be taken back within the player turn."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.panzer_campaigns import carrying, movement
from engine.panzer_campaigns.orders import Carry, Uncarry
from engine.panzer_campaigns.phases import Action

if TYPE_CHECKING:
    from engine.panzer_campaigns.events import Event
    from engine.panzer_campaigns.orders import Order
    from engine.panzer_campaigns.state import GameState
    from engine.panzer_campaigns.units import UnitState


class CarryOrders:
    """Carry and Uncarry for a `Game` (which provides the state and the order machinery)."""

    if TYPE_CHECKING:
        state: GameState

        def _orderable(self, unit_id: str, action: Action = ...) -> UnitState: ...
        def _carry_out(self, order: Order, run: Callable[[], list[Event]]) -> list[Event]: ...
        def _emit(self, events: Sequence[Event]) -> list[Event]: ...

    def why_not_carry(self, carrier_id: str, unit_id: str) -> str | None:
        """Why `carrier_id` may not take `unit_id` aboard now, as a player reads it; None when
        it may (see `engine.panzer_campaigns.carrying.why_not_carry`)."""
        try:
            carrier = self._orderable(carrier_id)
            unit = self._orderable(unit_id)
        except movement.IllegalMove as error:
            return str(error)
        return carrying.why_not_carry(self.state, carrier, unit)

    def carriable(self, carrier_id: str) -> list[str]:
        """Ids of the units on the carrier's hex it may take aboard now, one at a time."""
        try:
            carrier = self._orderable(carrier_id)
        except movement.IllegalMove:
            return []
        return [
            u.id
            for u in self.state.units_at(carrier.hex)
            if u.carried_by is None and self.why_not_carry(carrier_id, u.id) is None
        ]

    def carry(self, carrier_id: str, unit_ids: Sequence[str]) -> list[Event]:
        """Take units of the carrier's hex aboard, in order [001 "Carry/Uncarry"]; IllegalMove
        (nothing changed) when any may not board after those before it."""
        carrier = self._orderable(carrier_id)
        units = [self._orderable(unit_id) for unit_id in unit_ids]
        if not units:
            raise movement.IllegalMove("choose the units to carry")
        snapshot = self.state.snapshot()
        for unit in units:  # check the whole load before recording the order
            why = carrying.why_not_carry(self.state, carrier, unit)
            if why is not None:
                self.state.restore(snapshot)
                raise movement.IllegalMove(why)
            carrying.carry(self.state, carrier, unit)
        self.state.restore(snapshot)

        def run() -> list[Event]:
            return self._emit([carrying.carry(self.state, carrier, unit) for unit in units])

        return self._carry_out(Carry(carrier_id, tuple(unit_ids)), run)

    def uncarry(self, carrier_id: str) -> Event:
        """Set every passenger of the carrier down on its hex [001 "Carry/Uncarry"]."""
        carrier = self._orderable(carrier_id)
        why = carrying.why_not_uncarry(carrier)
        if why is not None:
            raise movement.IllegalMove(why)

        def run() -> list[Event]:
            return self._emit([carrying.uncarry(self.state, carrier)])

        return self._carry_out(Uncarry(carrier_id), run)[0]

"""The patrol and deception orders of `engine.panzer_campaigns.game.Game`, as a mixin: sending a
unit on patrol,
recalling it as it moves, deploying and redeploying deception units, and what the acting side
knows of its own markers [000 4.2, 4.3]. A patrol rolls no die and can be taken back; so can a
deployment, whose marker the enemy does not see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.panzer_campaigns import deception, movement, patrols, phases
from engine.panzer_campaigns.orders import DeployDeception, Patrol
from engine.panzer_campaigns.phases import Action

if TYPE_CHECKING:
    from engine.panzer_campaigns.events import Event
    from engine.panzer_campaigns.orders import Order
    from engine.panzer_campaigns.state import GameState
    from engine.panzer_campaigns.units import UnitState
    from schemas.vocabulary import Side

Offset = tuple[int, int]


class PatrolOrders:
    """Patrol and DeployDeception for a `Game` (which provides the state and the order
    machinery)."""

    if TYPE_CHECKING:
        state: GameState

        @property
        def acting(self) -> Side: ...
        @property
        def is_over(self) -> bool: ...
        def unit(self, unit_id: str) -> UnitState: ...
        def hex_of(self, offset: Offset) -> int: ...
        def _orderable(self, unit_id: str, action: Action = ...) -> UnitState: ...
        def _carry_out(self, order: Order, run: Callable[[], list[Event]]) -> list[Event]: ...
        def _emit(self, events: Sequence[Event]) -> list[Event]: ...

    # --- patrols ----------------------------------------------------------------------------

    def why_not_patrol(self, unit_id: str) -> str | None:
        """Why `unit_id` may not go out on patrol now, as a player reads it; None when it may
        (`engine.panzer_campaigns.patrols.why_not_patrol`)."""
        try:
            unit = self._orderable(unit_id)
        except movement.IllegalMove as error:
            return str(error)
        return patrols.why_not_patrol(self.state, unit)

    def patrol(self, unit_id: str) -> Event:
        """Send a unit of men on patrol for its whole allowance [000 4.2]; IllegalMove when it
        may not. Moving it later recalls the patrol for half its allowance."""
        unit = self._orderable(unit_id)
        why = patrols.why_not_patrol(self.state, unit)
        if why is not None:
            raise movement.IllegalMove(why)

        def run() -> list[Event]:
            return self._emit([patrols.start_patrol(self.state, unit)])

        return self._carry_out(Patrol(unit_id), run)[0]

    # --- deception --------------------------------------------------------------------------

    def why_not_deploy(self, unit_id: str, hex_: Offset) -> str | None:
        """Why the deception unit `unit_id` may not be deployed (or redeployed) at `hex_` now;
        None when it may (`engine.panzer_campaigns.deception.why_not_deploy`)."""
        try:
            unit = self._deployable(unit_id)
        except movement.IllegalMove as error:
            return str(error)
        return deception.why_not_deploy(self.state, unit, self.hex_of(hex_))

    def deploy_deception(self, unit_id: str, hex_: Offset) -> Event:
        """Deploy the deception unit `unit_id` as a marker at `hex_`, or redeploy its marker
        there [000 4.3]; IllegalMove when it may not."""
        unit = self._deployable(unit_id)
        where = self.hex_of(hex_)
        why = deception.why_not_deploy(self.state, unit, where)
        if why is not None:
            raise movement.IllegalMove(why)

        def run() -> list[Event]:
            return self._emit([deception.deploy(self.state, unit, where)])

        order = DeployDeception(unit_id, self.state.board.offset(where))
        return self._carry_out(order, run)[0]

    def deception_units(self) -> list[str]:
        """The acting side's deception units that are on the map or deployed as markers, in
        the order of battle's order [000 4.3]."""
        side = self.acting
        return [
            u.id
            for u in self.state.units.values()
            if u.side is side
            and deception.is_deception_unit(u)
            and (u.on_map or u.id in self.state.deception_markers)
        ]

    def deployment_hexes(self, unit_id: str) -> list[Offset]:
        """The hexes the deception unit `unit_id` may be deployed (or its marker redeployed)
        at now, nearest first; empty when it may not [000 4.3]."""
        try:
            unit = self._deployable(unit_id)
        except movement.IllegalMove:
            return []
        board = self.state.board
        return [board.offset(h) for h in deception.deployment_hexes(self.state, unit)]

    def why_not_deploy_now(self, unit_id: str) -> str | None:
        """Why the deception unit `unit_id` may not be deployed (or redeployed) anywhere now,
        as a player reads it; None when some hex is open to it [000 4.3]."""
        try:
            unit = self._deployable(unit_id)
        except movement.IllegalMove as error:
            return str(error)
        start, reach = deception.deployment_reach(self.state, unit)
        if any(
            deception.why_not_deploy(self.state, unit, h) is None
            for h in self.state.board.iter_within(start, reach)
        ):  # lazily: the first open hex is enough, its own hex nearly always
            return None
        why = deception.why_not_deploy(self.state, unit, start)
        return why or f"no hex within {reach} of {unit_id} is open to its marker"

    def deception_markers(self) -> dict[str, Offset]:
        """The acting side's deployed deception units and where each marker stands: its own,
        which it knows; the enemy's stay hidden [000 4.3]."""
        board = self.state.board
        side = self.acting
        return {
            unit_id: board.offset(hex_index)
            for unit_id, hex_index in self.state.deception_markers.items()
            if self.state.units[unit_id].side is side
        }

    def _deployable(self, unit_id: str) -> UnitState:
        """A deception unit of the acting side on the map, or deployed, in its Movement Phase."""
        if unit_id not in self.state.deception_markers:
            return self._orderable(unit_id)
        unit = self.unit(unit_id)
        if self.is_over:
            raise movement.IllegalMove(f"the game is over; {unit_id} cannot be given orders")
        if unit.side is not self.acting:
            raise movement.IllegalMove(f"{unit_id} is {unit.side.value}; it is not its turn")
        why = phases.why_not_now(self.state, Action.MOVE)
        if why is not None:
            raise movement.IllegalMove(why)
        return unit

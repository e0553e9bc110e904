"""The engineers' orders of `engine.panzer_campaigns.game.Game`, as a mixin [000 7.2-7.5]: building,
dismantling
and abandoning bridges, wiring and demolishing, clearing and laying mines, clearing rubble,
ferrying; each with a `why_not_…` query giving the refusal as a sentence (None when allowed)
and the chance of success a preview shows. Orders that roll no die now (all but a demolition
attempt) can be taken back within the player turn;
their rolls come at later turn starts (`engine.panzer_campaigns.engineering.progress`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.panzer_campaigns import movement, objectives, spotting
from engine.panzer_campaigns.engineering import bridges, ferrying, mines
from engine.panzer_campaigns.engineering.chances import unit_bridge_chance
from engine.panzer_campaigns.engineering.progress import progress_works, work_chance
from engine.panzer_campaigns.orders import (
    AbandonBridge,
    BuildBridge,
    ClearMines,
    DamageBridge,
    DismantleBridge,
    EngineeringOrder,
    Ferry,
    LayMines,
    WireBridge,
)
from engine.panzer_campaigns.phases import Action

if TYPE_CHECKING:
    from engine.panzer_campaigns.events import Event
    from engine.panzer_campaigns.orders import Order
    from engine.panzer_campaigns.state import GameState
    from engine.panzer_campaigns.units import UnitState

Offset = tuple[int, int]


class EngineeringOrders:
    """Engineering for a `Game` (which provides the state and the order machinery)."""

    if TYPE_CHECKING:
        state: GameState
        _checkpoints: list[Any]

        def _orderable(self, unit_id: str, action: Action = ...) -> UnitState: ...
        def _carry_out(self, order: Order, run: Callable[[], list[Event]]) -> list[Event]: ...
        def _emit(self, events: Sequence[Event]) -> list[Event]: ...
        def hex_of(self, offset: Offset) -> int: ...
        def offset_of(self, hex_index: int) -> Offset: ...

    # --- queries ----------------------------------------------------------------------------

    def _why(self, unit_id: str, check: Callable[[UnitState], str | None]) -> str | None:
        try:
            unit = self._orderable(unit_id)
        except movement.IllegalMove as refused:
            return str(refused)
        return check(unit)

    def why_not_build_bridge(self, unit_id: str, toward: Offset | None = None) -> str | None:
        """Why the unit may not start a bridge towards `toward` (or anywhere), or None."""
        if toward is None:
            return self._why(unit_id, self._first_bridge_problem)
        there = self.hex_of(toward)
        return self._why(unit_id, lambda u: bridges.why_not_build(self.state, u, there))

    def _first_bridge_problem(self, unit: UnitState) -> str | None:
        if self.bridge_sites(unit.id):
            return None
        board, reasons = self.state.board, []
        for d in range(6):
            v = board.neighbors[6 * unit.hex + d]
            if v >= 0:
                reasons.append(bridges.why_not_build(self.state, unit, v) or "")
        # The reason about the unit itself is the same for every direction; prefer it.
        first = reasons[0] if reasons else "no hex next to it"
        return first if all(r == first for r in reasons) else "no hexside or water to bridge"

    def bridge_sites(self, unit_id: str) -> dict[Offset, float]:
        """Hexes next to the unit it may bridge towards now, each with the chance a turn."""
        try:
            unit = self._orderable(unit_id)
        except movement.IllegalMove:
            return {}
        state, found = self.state, {}
        for d in range(6):
            v = state.board.neighbors[6 * unit.hex + d]
            if v >= 0 and bridges.why_not_build(state, unit, v) is None:
                found[self.offset_of(v)] = round(unit_bridge_chance(state, unit), 4)
        return found

    def why_not_dismantle_bridge(self, unit_id: str) -> str | None:
        """Why the unit may not start dismantling its bridge, or None [000 7.4]."""
        return self._why(unit_id, lambda u: bridges.why_not_dismantle(self.state, u))

    def why_not_abandon_bridge(self, unit_id: str) -> str | None:
        """Why the unit may not abandon a bridge, or None [000 7.4]."""
        return self._why(unit_id, lambda u: bridges.why_not_abandon(self.state, u))

    def why_not_wire_bridge(self, unit_id: str) -> str | None:
        """Why the unit may not start wiring the full-hex bridge it is on, or None [000 7.4]."""
        return self._why(unit_id, lambda u: bridges.why_not_wire(self.state, u))

    def why_not_damage_bridge(self, unit_id: str, target: Offset | None = None) -> str | None:
        """Why the unit may not attack a bridge or AT ditch (towards `target`), or None."""
        there = None if target is None else self.hex_of(target)
        return self._why(unit_id, lambda u: bridges.why_not_damage(self.state, u, there))

    def demolition_targets(self, unit_id: str) -> dict[Offset, tuple[str, float]]:
        """What the unit may attack now, by hex: the target's name and the chance [000 7.4]."""
        if self.why_not_damage_bridge(unit_id) is not None:
            return {}
        unit = self.state.units[unit_id]
        return {
            self.offset_of(v): (name, bridges.damage_odds(self.state, unit, v))
            for v, (name, _defense) in bridges.damage_targets(self.state, unit).items()
        }

    def why_not_clear_mines(self, unit_id: str) -> str | None:
        """Why "Clear Mines or Rubble" does nothing for the unit now, or None [000 7.2, 7.3]."""
        return self._why(unit_id, lambda u: mines.why_not_clear(self.state, u))

    def why_not_lay_mines(self, unit_id: str) -> str | None:
        """Why the unit may not start laying mines, or None [000 7.3]."""
        return self._why(unit_id, lambda u: mines.why_not_lay(self.state, u))

    def why_not_ferry(self, engineer_id: str, unit_id: str, to: Offset) -> str | None:
        """Why the engineer may not ferry the unit to `to` now, or None [000 7.5]."""
        try:
            engineer = self._orderable(engineer_id)
            unit = self._orderable(unit_id)
        except movement.IllegalMove as refused:
            return str(refused)
        return ferrying.why_not_ferry(self.state, engineer, unit, self.hex_of(to))

    def ferry_moves(self, engineer_id: str) -> dict[str, list[Offset]]:
        """The units (the engineer included) it may ferry now and where each may go."""
        try:
            engineer = self._orderable(engineer_id)
        except movement.IllegalMove:
            return {}
        state, board, found = self.state, self.state.board, {}
        near = {engineer.hex} | {
            v for d in range(6) if (v := board.neighbors[6 * engineer.hex + d]) >= 0
        }
        for hex_index in sorted(near):
            for unit in state.units_at(hex_index):
                if unit.side is not engineer.side or unit.carried_by is not None:
                    continue
                ends = [
                    self.offset_of(v)
                    for d in range(6)
                    if (v := board.neighbors[6 * unit.hex + d]) >= 0
                    and ferrying.why_not_ferry(state, engineer, unit, v) is None
                ]
                if ends:
                    found[unit.id] = ends
        return found

    def work_of(self, unit_id: str) -> tuple[str, float] | None:
        """The unit's work in progress and its chance at the next roll, or None."""
        unit = self.state.units.get(unit_id)
        work = self.state.engineering.works.get(unit_id)
        if unit is None or work is None:
            return None
        return work.kind.label, work_chance(self.state, unit, work)

    # --- orders -----------------------------------------------------------------------------

    def _simple(
        self, order: EngineeringOrder, why: str | None, run: Callable[[], Event]
    ) -> list[Event]:
        if why is not None:
            raise movement.IllegalMove(why)
        return self._carry_out(order, lambda: self._emit([run()]))

    def build_bridge(self, unit_id: str, toward: Offset) -> list[Event]:
        """Start building a bridge towards the adjacent hex `toward` [000 7.4]."""
        unit = self._orderable(unit_id)
        there = self.hex_of(toward)
        order = BuildBridge(unit_id, self.offset_of(there))
        why = bridges.why_not_build(self.state, unit, there)
        return self._simple(order, why, lambda: bridges.start_build(self.state, unit, there))

    def dismantle_bridge(self, unit_id: str) -> list[Event]:
        """Start dismantling the unit's bridge [000 7.4]."""
        unit = self._orderable(unit_id)
        why = bridges.why_not_dismantle(self.state, unit)
        run = lambda: bridges.start_dismantle(self.state, unit)  # noqa: E731
        return self._simple(DismantleBridge(unit_id), why, run)

    def abandon_bridge(self, unit_id: str) -> list[Event]:
        """Abandon the unit's bridge: it may leave now, NO BRIDGE for good [000 7.4]."""
        unit = self._orderable(unit_id)
        why = bridges.why_not_abandon(self.state, unit)
        return self._simple(AbandonBridge(unit_id), why, lambda: bridges.abandon(self.state, unit))

    def wire_bridge(self, unit_id: str) -> list[Event]:
        """Start wiring the full-hex bridge the unit is on (steps 2-3) [000 7.4]."""
        unit = self._orderable(unit_id)
        why = bridges.why_not_wire(self.state, unit)
        return self._simple(WireBridge(unit_id), why, lambda: bridges.start_wire(self.state, unit))

    def damage_bridge(self, unit_id: str, target: Offset) -> list[Event]:
        """Attack the bridge or AT ditch towards `target` [000 7.4]; its roll is seen, so it
        and the orders before it cannot be taken back."""
        unit = self._orderable(unit_id)
        there = self.hex_of(target)
        why = bridges.why_not_damage(self.state, unit, there)
        order = DamageBridge(unit_id, self.offset_of(there))
        events = self._simple(order, why, lambda: bridges.damage(self.state, unit, there))
        self._checkpoints.clear()
        return events

    def clear_mines(self, unit_id: str) -> list[Event]:
        """Start or stop clearing mines, an obstacle or rubble in the unit's hex [000 7.2, 7.3]."""
        unit = self._orderable(unit_id)
        why = mines.why_not_clear(self.state, unit)
        return self._simple(ClearMines(unit_id), why, lambda: mines.toggle_clear(self.state, unit))

    def lay_mines(self, unit_id: str) -> list[Event]:
        """Start laying mines in the unit's hex [000 7.3]."""
        unit = self._orderable(unit_id)
        why = mines.why_not_lay(self.state, unit)
        return self._simple(LayMines(unit_id), why, lambda: mines.start_lay(self.state, unit))

    def ferry(self, engineer_id: str, unit_id: str, to: Offset) -> list[Event]:
        """Ferry a unit one hex across a river or canal, or to or from a water hex [000 7.5].
        No die is rolled: it can be taken back within the player turn."""
        engineer = self._orderable(engineer_id)
        unit = self._orderable(unit_id)
        there = self.hex_of(to)
        why = ferrying.why_not_ferry(self.state, engineer, unit, there)
        if why is not None:
            raise movement.IllegalMove(why)

        def run() -> list[Event]:
            spotting.sync(self.state)
            start = unit.hex
            done = ferrying.ferry(self.state, engineer, unit, there)
            seen = spotting.after_move(self.state, unit, start, [there])
            owners = objectives.update_owners(self.state, [(there, unit.side)])
            return self._emit([done, *seen, *owners])

        return self._carry_out(Ferry(engineer_id, unit_id, self.offset_of(there)), run)

    def apply_engineering(self, order: EngineeringOrder) -> list[Event]:
        """Carry out an engineering order (`Game.apply` hands them here)."""
        if isinstance(order, BuildBridge):
            return self.build_bridge(order.unit, order.toward)
        if isinstance(order, DismantleBridge):
            return self.dismantle_bridge(order.unit)
        if isinstance(order, AbandonBridge):
            return self.abandon_bridge(order.unit)
        if isinstance(order, WireBridge):
            return self.wire_bridge(order.unit)
        if isinstance(order, DamageBridge):
            return self.damage_bridge(order.unit, order.target)
        if isinstance(order, ClearMines):
            return self.clear_mines(order.unit)
        if isinstance(order, LayMines):
            return self.lay_mines(order.unit)
        return self.ferry(order.engineer, order.unit, order.to)

    def _engineering_turn_start(self) -> None:
        """The side to move's engineering at the start of its player turn."""
        self._emit(progress_works(self.state, self.state.phasing))

"""The player's hand in a Tactical GameX test-play: the unit chosen, its reach and the path
under the mouse, the hex aimed at with the previews of firing at it and assaulting it, and the
orders these make, given through the session."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from editor.tactical_gamex.testplay import (
    bridge_orders,
    engineer_orders,
    more_orders,
    rule_orders,
    support_orders,
    unit_orders,
)
from editor.tactical_gamex.testplay.board_marks import PlayMarks, board_hexes
from editor.tactical_gamex.testplay.preview import AttackPreview, assault_preview, fire_preview

if TYPE_CHECKING:
    from editor.tactical_gamex.board_view import BoardView
    from editor.tactical_gamex.testplay.session import TgxPlaySession

Offset = tuple[int, int]


class TgxPlayer(QObject):
    """Turns clicks on the board into orders of the side to act."""

    changed = Signal()
    """Emitted when the choice, the aim or the previews changed."""
    refused = Signal(str)
    """Emitted with the rules' sentence when an order was refused."""

    def __init__(self, view: BoardView, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self.session: TgxPlaySession | None = None
        self.marks = PlayMarks(view)
        self.fire: AttackPreview | str | None = None
        """The preview of firing at the aimed hex, or why it may not be given."""
        self.assault: AttackPreview | str | None = None
        self.more: dict[str, more_orders.Planned | str] = {}
        """The other orders of `MORE` the chosen unit may give now (or why not), by name."""
        self.show_sight = False
        """Whether the hexes out of the chosen unit's line of sight are shaded."""
        self.quick = False
        """Whether moves are at Infantry Quick-Time, one MP more [003 15.0]."""
        self.lowered = 0
        """Activation points a battery call spends to lower its accuracy die [003 6.4.4]."""
        self.setup_click: Callable[[Offset], bool] | None = None
        """Takes a click first while the sides set up (`setup_panel`); True when it did."""
        self.setup_release: Callable[[Offset | None], None] | None = None
        """Where the mouse was released while the sides set up (a drag's end)."""
        view.hex_hovered.connect(self.hover)

    # The session -----------------------------------------------------------------------------

    def follow(self, session: TgxPlaySession | None) -> None:
        """Play in another session (None: test-play ended)."""
        self.session = session
        self.marks.game = session.game if session is not None else None
        self.clear()
        if session is not None:
            session.changed.connect(self.refresh)

    def refresh(self) -> None:
        """The game moved on (an order, a take-back, the computer): drop what no longer holds."""
        game = self.marks.game = self.session.game if self.session is not None else None
        chosen = self.marks.chosen
        if game is None or chosen is None or game.state.units.get(chosen) is None:
            self.clear()
            return
        self.marks.reach = self._reach(chosen) if not game.is_over else {}
        self.marks.path = ()
        self._sight()
        self._aim(self.marks.target)

    def set_show_sight(self, shown: bool) -> None:
        """Shade the hexes the chosen unit cannot see (the Line of Sight overlay)."""
        self.show_sight = shown
        self._sight()
        self._update()

    def _sight(self) -> None:
        from engine.tactical_gamex.los import has_los  # noqa: PLC0415

        game = self.session.game if self.session is not None else None
        chosen = self.marks.chosen
        where = game.state.units[chosen].hex if game and chosen in game.state.units else None
        if not self.show_sight or game is None or where is None:
            self.marks.sight = None
            return
        self.marks.sight = {h for h in board_hexes(self.view) if has_los(game.state, where, h)}

    def clear(self) -> None:
        """Nothing chosen, nothing aimed at."""
        self.marks.sight = None
        self.marks.chosen = None
        self.marks.group = ()
        self.marks.reach = {}
        self.marks.path = ()
        self.marks.target = None
        self.fire = self.assault = None
        self.more = {}
        self._update()

    # Clicks ----------------------------------------------------------------------------------

    def hex_pressed(self, spot: Offset) -> None:
        """A click on a board hex: choose, move or aim (see `play_tool`). A hex neither of
        yours nor in reach is aimed at, whatever it holds (a minefield, a wreck, a hex for
        smoke or a battery)."""
        if self.session is None or self.session.game.is_over:
            return
        if self.setup_click is not None and self.setup_click(spot):
            return
        game = self.session.game
        chosen = self.marks.chosen
        own = [
            u.id for u in game.state.units_at(spot) if u.side is game.acting and u.carrier is None
        ]
        if chosen is not None and spot in self.marks.reach and not own:
            self.move(spot)
        elif own:
            at = own.index(chosen) + 1 if chosen in own else 0
            self.choose(own[at % len(own)])
        else:
            self.aim_at(spot)

    def aim_at(self, spot: Offset | None) -> None:
        """Aim at any hex, also one of yours or in reach (a right-click): the orders that
        take a hex are planned on it [003 6.4, 9.0, 20.1]."""
        if self.session is not None and not self.session.game.is_over:
            self._aim(spot)

    def hover(self, spot: Any) -> None:
        """The path to the hex under the mouse, when it is in the chosen unit's reach."""
        path: tuple[Offset, ...] = ()
        if self.session is not None and self.marks.chosen and spot in self.marks.reach:
            path = self.path_to(spot) or ()
        if path != self.marks.path:
            self.marks.path = path
            self._update()

    def choose(self, unit_id: str) -> None:
        """Choose a unit of the side to act: its reach is shown."""
        assert self.session is not None
        if unit_id != self.marks.chosen:
            self.marks.group = ()
        self.marks.chosen = unit_id
        self.marks.reach = self._reach(unit_id)
        self.marks.path = ()
        self._sight()
        self._aim(self.marks.target)

    def join(self, spot: Offset) -> None:
        """Shift+click: the first unit of yours in the hex joins the chosen unit's Fire, Close
        Assault and Bridge Fire (combined fire from mutually adjacent hexes [003 6.4.1, 9.3]),
        or leaves them if it had joined; the previews follow."""
        if self.session is None or self.marks.chosen is None or self.session.game.is_over:
            return
        game = self.session.game
        own = [
            u.id
            for u in game.state.units_at(spot)
            if u.side is game.acting and u.carrier is None and u.id != self.marks.chosen
        ]
        if not own:
            return
        joined = next((u for u in own if u in self.marks.group), None)
        if joined is not None:
            self.marks.group = tuple(u for u in self.marks.group if u != joined)
        else:
            self.marks.group = (*self.marks.group, own[0])
        self._aim(self.marks.target)

    def attackers(self) -> tuple[str, ...]:
        """The chosen unit and those that joined it."""
        chosen = self.marks.chosen
        return () if chosen is None else (chosen, *self.marks.group)

    def set_quick(self, quick: bool) -> None:
        """Move at Infantry Quick-Time (or not): the reach and path gain the extra MP."""
        self.quick = quick
        if self.session is not None:
            self.refresh()

    def set_lowered(self, points: int) -> None:
        """Spend this many points on a battery call's accuracy die: the preview follows."""
        self.lowered = points
        self._plan_more()
        self._update()

    def _reach(self, unit_id: str) -> dict[Offset, float]:
        assert self.session is not None
        return self.session.game.legal_moves(unit_id, quick=self.quick)

    def path_to(self, spot: Offset) -> tuple[Offset, ...] | None:
        """The cheapest path of the chosen unit to a hex of its reach (the start left out)."""
        from engine.tactical_gamex.movement import path_to  # noqa: PLC0415

        if self.session is None or self.marks.chosen is None:
            return None
        game = self.session.game
        return path_to(game.state, game.unit(self.marks.chosen), spot, quick=self.quick)

    # Orders ----------------------------------------------------------------------------------

    def move(self, spot: Offset) -> bool:
        """Move the chosen unit to a hex of its reach along the cheapest path."""
        from engine.tactical_gamex.orders import Move  # noqa: PLC0415

        path = self.path_to(spot)
        if path is None or self.marks.chosen is None:
            return False
        return self.give(Move(self.marks.chosen, path, quick_time=self.quick))

    def fire_at_target(self) -> bool:
        """The chosen unit, with those that joined it, fires at every enemy unit in the aimed
        hex [003 6.4.1]."""
        from engine.tactical_gamex.orders import Fire  # noqa: PLC0415

        if self.marks.chosen is None or (targets := self._targets()) is None:
            return False
        return self.give(Fire(self.attackers(), targets))

    def assault_target(self) -> bool:
        """The chosen unit, with those that joined it, close-assaults the aimed hex
        [003 6.4.6]."""
        from engine.tactical_gamex.orders import CloseAssault  # noqa: PLC0415

        if self.marks.chosen is None or self.marks.target is None:
            return False
        return self.give(CloseAssault(self.attackers(), self.marks.target))

    def rally_chosen(self) -> bool:
        """Rally the disrupted units in the chosen unit's hex: a morale check each [003 7.3]."""
        from engine.tactical_gamex.orders import Rally  # noqa: PLC0415

        if self.session is None or self.marks.chosen is None:
            return False
        hex_ = self.session.game.unit(self.marks.chosen).hex
        return hex_ is not None and self.give(Rally(hex_))

    def give_more(self, name: str) -> bool:
        """Give the planned order of `MORE` of this name (Overrun, Load…) as previewed."""
        planned = self.more.get(name)
        return isinstance(planned, more_orders.Planned) and self.give(planned.order)

    def give(self, order: object) -> bool:
        """Give an order through the session; False (and `refused`) when the rules refuse it."""
        if self.session is None:
            return False
        try:
            self.session.give(order)
        except ValueError as exc:
            self.refused.emit(str(exc))
            return False
        return True

    # Aiming ----------------------------------------------------------------------------------

    def _targets(self) -> tuple[str, ...] | None:
        if self.session is None or self.marks.target is None:
            return None
        game = self.session.game
        found = tuple(
            u.id
            for u in game.state.units_at(self.marks.target)
            if u.side is not game.acting and u.carrier is None
        )
        return found or None

    def _aim(self, spot: Offset | None) -> None:
        self.marks.target = spot
        self.fire = self.assault = None
        game = self.session.game if self.session is not None else None
        targets = self._targets()
        if game is not None and spot is not None and targets is not None and self.marks.chosen:
            try:
                self.fire = fire_preview(game, self.attackers(), targets)
            except ValueError as exc:
                self.fire = str(exc)
            try:
                self.assault = assault_preview(game, self.attackers(), spot)
            except ValueError as exc:
                self.assault = str(exc)
        self._plan_more()
        self._update()

    def _plan_more(self) -> None:
        self.more = {}
        game = self.session.game if self.session is not None else None
        chosen, spot = self.marks.chosen, self.marks.target
        if game is None or game.is_over or chosen is None:
            return
        for name, (aimed, plan) in MORE.items():
            if aimed and spot is None:
                continue
            battery = name in ("Artillery", "Interdict", "Bridge Artillery")
            extra: dict[str, Any] = {"lowered": self.lowered} if battery and self.lowered else {}
            if name in COMBINED and self.marks.group:
                extra["joined"] = self.marks.group
            try:
                if aimed is False:
                    self.more[name] = plan(game, chosen)
                else:
                    self.more[name] = plan(game, chosen, spot, **extra)
            except ValueError as exc:
                self.more[name] = str(exc)

    def says_why_not(self, name: str) -> bool:
        """Whether the preview says why the order `name` of `MORE` is refused: an order on
        the aimed hex does (an attack's only on an enemy hex), an engineer's only for an
        engineer (a tank is no engineer: saying so at every aim would be noise; the button's
        tip says it)."""
        from engine.tactical_gamex.units import ENGINEER  # noqa: PLC0415

        aimed = MORE[name][0]
        if aimed is False or self.marks.target is None or name in QUIET:
            return False
        if name in AT_ENEMY:
            return self._targets() is not None
        if name not in ENGINEER_ORDERS:
            return True
        game = self.session.game if self.session is not None else None
        unit = game.state.units.get(self.marks.chosen or "") if game is not None else None
        return unit is not None and unit.type.has(ENGINEER)

    def _update(self) -> None:
        self.view.item.update()
        self.changed.emit()


MORE: dict[str, tuple[bool, Any]] = {
    "Indirect Fire": (True, more_orders.indirect_fire),
    "Artillery": (True, more_orders.artillery),
    "Overrun": (True, more_orders.overrun),
    "Spot": (True, more_orders.spot),
    "Smoke": (True, more_orders.smoke),
    "Load": (False, more_orders.load),
    "Unload": (False, more_orders.unload),
    "Counter-battery": (False, support_orders.counter_battery),
    "CB + Aircraft": (False, support_orders.counter_battery_air),
    "Naval Fire": (True, support_orders.naval_fire),
    "Clear": (True, engineer_orders.clear),
    "Remove Wreck": (True, engineer_orders.remove_wreck),
    "Block": (None, engineer_orders.build_block),
    "Blow Bridge": (None, engineer_orders.blow_bridge),
    "Blow Now": (None, engineer_orders.blow_now),
    "Opp Fire": (False, unit_orders.opportunity_fire),
    "Stand Up": (False, unit_orders.stand_up),
    "Exit": (False, unit_orders.exit_board),
    "Turn Gun": (True, unit_orders.turn_gun),
    "Interdict": (True, unit_orders.interdict),
    "Banzai": (True, unit_orders.banzai),
    "Mobile Fire": (True, unit_orders.mobile_fire),
    "Stress Fire": (True, unit_orders.stressed_fire),
    "Keep Fire": (True, rule_orders.keep_fire),
    "Stress Indirect": (True, rule_orders.stressed_indirect),
    "Gun Interdict": (True, rule_orders.gun_interdict),
    "Bridge Fire": (True, bridge_orders.bridge_fire),
    "Bridge Indirect": (True, bridge_orders.bridge_indirect),
    "Bridge Artillery": (True, bridge_orders.bridge_artillery),
}
"""The orders the panel gives beside Move, Fire, Close Assault and Rally: whether each needs
an aimed hex (True), takes none (False) or takes one when there is (None: the hex an
engineer leaves to), and the function planning it (`more_orders`, `engineer_orders`)."""

COMBINED = frozenset({"Bridge Fire"})
"""Orders of `MORE` the units Shift+click joined to the chosen one give with it."""

ENGINEER_ORDERS = frozenset({"Clear", "Remove Wreck", "Block", "Blow Bridge", "Blow Now"})
AT_ENEMY = frozenset({"Indirect Fire", "Artillery", "Overrun", "Spot"})
QUIET = frozenset(
    {
        "Turn Gun",
        "Interdict",
        "Banzai",
        "Mobile Fire",
        "Stress Fire",
        "Keep Fire",
        "Stress Indirect",
        "Gun Interdict",
        "Bridge Fire",
        "Bridge Indirect",
        "Bridge Artillery",
    }
)
"""Orders few units have (guns under rule 19, a battery of 14 AS, Japanese infantry, turreted
vehicles under rule 18, an attack just short of a column under rule 12): their refusal is the
button's tip only."""
"""Orders whose refusal the preview gives only on a hex the enemy holds (an empty hex is
aimed at for smoke or an engineer: their refusals there would be noise)."""

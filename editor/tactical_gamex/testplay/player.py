"""The player's hand in a Tactical GameX test-play: the unit chosen, its reach and the path
under the mouse, the hex aimed at with the previews of firing at it and assaulting it, and the
orders these make, given through the session."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from editor.tactical_gamex.testplay import more_orders, support_orders
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
        self.marks.reach = {}
        self.marks.path = ()
        self.marks.target = None
        self.fire = self.assault = None
        self.more = {}
        self._update()

    # Clicks ----------------------------------------------------------------------------------

    def hex_pressed(self, spot: Offset) -> None:
        """A click on a board hex: choose, move or aim (see `play_tool`)."""
        if self.session is None or self.session.game.is_over:
            return
        if self.setup_click is not None and self.setup_click(spot):
            return
        game = self.session.game
        chosen = self.marks.chosen
        own = [
            u.id for u in game.state.units_at(spot) if u.side is game.acting and u.carrier is None
        ]
        enemy = [u for u in game.state.units_at(spot) if u.side is not game.acting]
        if chosen is not None and spot in self.marks.reach and not own:
            self.move(spot)
        elif own:
            at = own.index(chosen) + 1 if chosen in own else 0
            self.choose(own[at % len(own)])
        elif enemy:
            self._aim(spot)
        else:
            self.clear()

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
        self.marks.chosen = unit_id
        self.marks.reach = self._reach(unit_id)
        self.marks.path = ()
        self._sight()
        self._aim(self.marks.target)

    def set_quick(self, quick: bool) -> None:
        """Move at Infantry Quick-Time (or not): the reach and path gain the extra MP."""
        self.quick = quick
        if self.session is not None:
            self.refresh()

    def _reach(self, unit_id: str) -> dict[Offset, float]:
        from engine.tactical_gamex.movement import reach  # noqa: PLC0415

        assert self.session is not None
        game = self.session.game
        moves = game.legal_moves(unit_id)
        if not self.quick or not moves:
            return moves
        return reach(game.state, game.unit(unit_id), quick=True)

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
        """The chosen unit fires at every enemy unit in the aimed hex [003 6.4.1]."""
        from engine.tactical_gamex.orders import Fire  # noqa: PLC0415

        if self.marks.chosen is None or (targets := self._targets()) is None:
            return False
        return self.give(Fire((self.marks.chosen,), targets))

    def assault_target(self) -> bool:
        """The chosen unit close-assaults the aimed hex [003 6.4.6]."""
        from engine.tactical_gamex.orders import CloseAssault  # noqa: PLC0415

        if self.marks.chosen is None or self.marks.target is None:
            return False
        return self.give(CloseAssault((self.marks.chosen,), self.marks.target))

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
        if game is not None and spot is not None and targets is None:
            self.marks.target = None
        elif game is not None and spot is not None and targets is not None and self.marks.chosen:
            try:
                self.fire = fire_preview(game, (self.marks.chosen,), targets)
            except ValueError as exc:
                self.fire = str(exc)
            try:
                self.assault = assault_preview(game, (self.marks.chosen,), spot)
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
            try:
                self.more[name] = plan(game, chosen, spot) if aimed else plan(game, chosen)  # type: ignore[call-arg]
            except ValueError as exc:
                self.more[name] = str(exc)

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
}
"""The orders the panel gives beside Move, Fire, Close Assault and Rally: whether each needs
an aimed hex, and the function planning it (`more_orders`)."""

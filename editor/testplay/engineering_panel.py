"""The Engineer buttons of the test-play Move options [000 7.2-7.5]: Bridge, Demolish, Ferry,
Clear Mines, Lay Mines, Dismantle, Abandon and Wire for the selected unit, each disabled with
the engine's reason as its tooltip when the unit may not, and each naming the chance of
success a turn when it may. Bridge, Demolish and Ferry offer their choices (the hex, with the
chance; the unit and the hex) in a menu. Shown only for units with an engineering ability.

Everything comes from the session's engine game (`bridge_sites`, `demolition_targets`,
`ferry_moves`, the `why_not_…` queries); orders go through `session.engineer`, which refuses
what the rules forbid with the engine's reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMenu, QPushButton, QVBoxLayout, QWidget

from editor.widgets.button_rows import WrappingButtons

if TYPE_CHECKING:
    # The engine's orders come with the first test-play, not the editor's start.
    from engine.panzer_campaigns.game import Game
    from engine.panzer_campaigns.orders import EngineeringOrder

Offset = tuple[int, int]

LABELS = {
    "bridge": "Bridge…",
    "demolish": "Demolish…",
    "ferry": "Ferry…",
    "clear": "Clear Mines",
    "lay": "Lay Mines",
    "dismantle": "Dismantle",
    "abandon": "Abandon",
    "wire": "Wire",
}
TIPS = {
    "bridge": "Start a bridge across the river, stream, gully, canal or AT ditch next to it, "
    "or a pontoon over water, for the whole allowance; it may be finished at {chance} a turn "
    "[000 7.4]",
    "demolish": "Attack a bridge or AT ditch next to it with its assault value; the roll "
    "cannot be taken back [000 7.4]",
    "ferry": "Ferry a foot unit in Travel Mode across the river or canal into or out of its "
    "hex, or to or from water with boats, for that unit's whole allowance [000 7.5]",
    "clear": "Start or stop clearing the mines, obstacle or rubble of its hex ('Clear Mines or "
    "Rubble') [000 7.2, 7.3]",
    "lay": "Lay mines in its hex for the whole allowance; a strength-1 minefield at {chance} "
    "a turn [000 7.3]",
    "dismantle": "Dismantle the bridge it maintains, at {chance} a turn [000 7.4]",
    "abandon": "Abandon its bridge: it may leave now but never builds another [000 7.4]",
    "wire": "Wire the full-hex bridge it stands on for demolition, at {chance} a turn [000 7.4]",
}


def is_engineering_unit(game: Game, unit_id: str) -> bool:
    """Whether the unit has any engineering ability: the buttons are shown for it alone."""
    from engine.panzer_campaigns.engineering import abilities  # noqa: PLC0415

    unit = game.unit(unit_id)
    return any(
        check(unit)
        for check in (
            abilities.builds_bridges,
            abilities.clears_mines,
            abilities.destroys_ditches,
            abilities.lays_mines,
            abilities.ferries,
        )
    )


def refusals(game: Game, unit_id: str) -> dict[str, str | None]:
    """Why the unit may not take each engineering action now (None where it may)."""
    return {
        "bridge": game.why_not_build_bridge(unit_id),
        "demolish": game.why_not_damage_bridge(unit_id),
        "ferry": None if game.ferry_moves(unit_id) else _ferry_refusal(game, unit_id),
        "clear": game.why_not_clear_mines(unit_id),
        "lay": game.why_not_lay_mines(unit_id),
        "dismantle": game.why_not_dismantle_bridge(unit_id),
        "abandon": game.why_not_abandon_bridge(unit_id),
        "wire": game.why_not_wire_bridge(unit_id),
    }


def _ferry_refusal(game: Game, unit_id: str) -> str:
    from engine.panzer_campaigns.engineering import abilities  # noqa: PLC0415

    unit = game.unit(unit_id)
    if not abilities.ferries(unit):
        return f"{unit_id} is no engineer able to ferry [000 7.1]"
    return f"no unit {unit_id} could ferry now (foot units in Travel Mode, full allowance)"


def tip(game: Game, unit_id: str, action: str) -> str:
    """The tooltip of an action the unit may take: what it does and its chance a turn."""
    from engine.panzer_campaigns.engineering.chances import mine_laying_chance, unit_bridge_chance  # noqa: PLC0415

    unit = game.unit(unit_id)
    chance = mine_laying_chance if action == "lay" else unit_bridge_chance
    return TIPS[action].format(chance=f"{chance(game.state, unit):.0%}")


def choices(game: Game, unit_id: str, action: str) -> list[tuple[str, EngineeringOrder]]:
    """The menu of a Bridge, Demolish or Ferry button: each choice's text and its order."""
    from engine.panzer_campaigns.orders import BuildBridge, DamageBridge, Ferry  # noqa: PLC0415

    if action == "bridge":
        return [
            (f"Towards {c},{r} ({chance:.0%} a turn)", BuildBridge(unit_id, (c, r)))
            for (c, r), chance in game.bridge_sites(unit_id).items()
        ]
    if action == "demolish":
        return [
            (f"The {name} towards {c},{r} ({chance:.0%})", DamageBridge(unit_id, (c, r)))
            for (c, r), (name, chance) in game.demolition_targets(unit_id).items()
        ]
    return [
        (f"{other} to {c},{r}", Ferry(unit_id, other, (c, r)))
        for other, ends in game.ferry_moves(unit_id).items()
        for c, r in ends
    ]


SIMPLE = frozenset({"clear", "lay", "dismantle", "abandon", "wire"})
"""The actions given at once, without a menu of choices."""


def simple_order(action: str) -> Callable[[str], EngineeringOrder]:
    """The order of an action given at once (one of `SIMPLE`), made from the unit's id."""
    from engine.panzer_campaigns import orders  # noqa: PLC0415

    made: dict[str, Callable[[str], EngineeringOrder]] = {
        "clear": orders.ClearMines,
        "lay": orders.LayMines,
        "dismantle": orders.DismantleBridge,
        "abandon": orders.AbandonBridge,
        "wire": orders.WireBridge,
    }
    return made[action]


class EngineeringButtons(QWidget):
    """The Engineer buttons of the Move options (see the module docstring)."""

    message = Signal(str)
    """What happened, or the engine's refusal, for the status bar."""
    ordered = Signal()
    """An order was given: the panel shows the unit anew."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: object | None = None
        self.unit_id: str | None = None
        self.buttons: dict[str, QPushButton] = {}
        for action, text in LABELS.items():
            button = QPushButton(text)
            button.setObjectName(f"engineer_{action}")
            button.clicked.connect(lambda _=False, a=action: self.act(a))
            self.buttons[action] = button
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(WrappingButtons(list(self.buttons.values()), 2))
        self.setVisible(False)

    @property
    def game(self) -> Game | None:
        game: Game | None = getattr(self.session, "game", None)
        return game

    def show_unit(self, session: object | None, unit_id: str | None) -> None:
        """Show the buttons of the unit (hidden for a unit with no engineering ability)."""
        self.session, self.unit_id = session, unit_id
        game = self.game
        if game is None or unit_id is None or not is_engineering_unit(game, unit_id):
            self.setVisible(False)
            return
        self.setVisible(True)
        for action, refusal in refusals(game, unit_id).items():
            button = self.buttons[action]
            button.setEnabled(refusal is None)
            button.setToolTip(refusal or tip(game, unit_id, action))

    def act(self, action: str, choice: int | None = None) -> None:
        """Take `action`: at once, or the `choice`-th entry of its menu (a menu when None)."""
        game, unit_id = self.game, self.unit_id
        if game is None or unit_id is None:
            return
        if action in SIMPLE:
            self._give(simple_order(action)(unit_id))
            return
        options = choices(game, unit_id, action)
        if choice is not None:
            self._give(options[choice][1])
            return
        menu = QMenu(self)
        for text, order in options:
            menu.addAction(text).triggered.connect(lambda _=False, o=order: self._give(o))
        menu.exec(self.buttons[action].mapToGlobal(self.buttons[action].rect().bottomLeft()))

    def _give(self, order: EngineeringOrder) -> None:
        from engine.panzer_campaigns.movement import IllegalMove  # noqa: PLC0415

        try:
            events = self.session.engineer(order)  # type: ignore[union-attr]
        except IllegalMove as exc:
            self.message.emit(str(exc))
            return
        self.message.emit(events[0].describe() if events else order.describe())
        self.ordered.emit()

"""The Battlefield Chaos box of the Test-play panel [003 24.0-24.5]: the last card drawn from the
Action Deck (its black and green dice and what the side read), how many cards are left before
a reshuffle, and each side's held Deus Ex Machina cards, the acting side's with a Play button.
Hidden while the game rolls dice (rule 24 off)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox, QLabel, QPushButton, QVBoxLayout, QWidget

from editor.widgets.button_rows import WrappingButtons
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.tactical_gamex.game import TacticalGame

SIDE_NAMES = {Side.ALLIED: "Allied", Side.AXIS: "Axis"}


def card_line(game: TacticalGame) -> str:
    """The last card drawn and the cards left, in words."""
    from engine.tactical_gamex.chaos import CardDice  # noqa: PLC0415

    dice = game.state.dice
    if not isinstance(dice, CardDice):
        return ""
    last = dice.last
    left = f"{dice.left} card{'s' * (dice.left != 1)} left in the deck"
    if last is None:
        return f"No card drawn yet; {left}."

    def die(value: int | None) -> str:
        return "?" if value is None else str(value)

    read = "+".join(str(v) for v in last.values) if last.values else "an event"
    if not last.values and "after the event" in last.purpose:
        read = "another event, so real dice decided"  # [003 24.3]
    why = f", {last.purpose}" if last.purpose else ""
    return (
        f"Last card {last.card}: black {die(last.black)}, green {die(last.green)} — "
        f"{SIDE_NAMES[last.side]} read {read}{why}. {left}."
    )


class ChaosPanel(QGroupBox):
    """The Action Deck during test-play: last card, deck count, held cards and Play."""

    play_requested = Signal(str)
    """The acting side plays this held card (its id) [003 24.5]."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Battlefield Chaos: the Action Deck", parent)
        self.setObjectName("tgx_chaos_panel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.card_label = QLabel(self)
        self.card_label.setObjectName("tgx_last_card")
        self.card_label.setWordWrap(True)
        layout.addWidget(self.card_label)
        self.held_labels: dict[Side, QLabel] = {}
        for side in Side:
            label = QLabel(self)
            label.setWordWrap(True)
            layout.addWidget(label)
            self.held_labels[side] = label
        self.buttons_host = QWidget(self)
        self.buttons_layout = QVBoxLayout(self.buttons_host)
        self.buttons_layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.buttons_host)
        self.play_buttons: dict[str, QPushButton] = {}
        self.setVisible(False)

    def show_game(self, game: TacticalGame | None) -> None:
        """Show the deck of `game` (hidden without one, or when it rolls dice)."""
        from engine.tactical_gamex import chaos  # noqa: PLC0415

        if game is None or not chaos.draws_cards(game.state):
            self.setVisible(False)
            return
        self.setVisible(True)
        self.card_label.setText(card_line(game))
        for side, label in self.held_labels.items():
            held = chaos.held(game.state, side)
            names = ", ".join(f"“{c.name}”" for c in held) or "none"
            label.setText(f"{SIDE_NAMES[side]} holds ({len(held)} of {chaos.MAX_HELD}): {names}")
        acting = [] if game.is_over else chaos.held(game.state, game.acting)
        self._rebuild_buttons([(c.id, c.name, c.text) for c in acting])

    def _rebuild_buttons(self, cards: list[tuple[str, str, str]]) -> None:
        if [(i, n) for i, n, _t in cards] == [
            (i, b.text().removeprefix("Play “").removesuffix("”"))
            for i, b in self.play_buttons.items()
        ]:
            return
        while self.buttons_layout.count():
            item = self.buttons_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.play_buttons = {}
        for card_id, name, text in cards:
            button = QPushButton(f"Play “{name}”")
            button.setObjectName(f"tgx_play_card_{card_id}")
            button.setToolTip(
                f"{text}\nPlayed before the result it changes; it leaves the game [003 24.5]"
            )
            button.clicked.connect(lambda _checked=False, c=card_id: self.play_requested.emit(c))
            self.play_buttons[card_id] = button
        if cards:
            self.buttons_layout.addWidget(WrappingButtons(list(self.play_buttons.values())))

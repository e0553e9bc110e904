"""The "pass the screen" curtain of hot-seat test-play: when the other side is to act, the whole
window is covered until its player says they sit at the screen, so neither player sees what only
the other may know. `ScreenCurtain` is ruleset-neutral (the Tactical GameX test-play uses it
too); `Curtain` lowers it for a Panzer Campaigns session under Fog of War [000 4.8]. Against the
computer there is no curtain.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from schemas.vocabulary import Side


class ScreenCurtain(QWidget):
    """Covers its parent (the main window) until the player named on its button clicks it."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("testplay_curtain")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(
            "#testplay_curtain { background: #1d2330; } "
            "QLabel { color: #f0f0f0; font-size: 20px; } "
            "QPushButton { font-size: 15px; padding: 8px 18px; }"
        )
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        self.label = QLabel()
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setWordWrap(True)
        layout.addWidget(self.label)
        self.button = QPushButton()
        self.button.clicked.connect(self.lift)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        parent.installEventFilter(self)
        self.hide()

    @property
    def is_down(self) -> bool:
        """Whether the curtain covers the window now."""
        return self.isVisible()

    def lift(self) -> None:
        """The player named sits at the screen: show the game."""
        self.hide()

    def cover(self, text: str, button: str) -> None:
        """Hide the window behind the curtain until its button is clicked."""
        self.label.setText(text)
        self.button.setText(button)
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.show()
        self.raise_()
        self.button.setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self.isVisible():
            parent = self.parentWidget()
            if parent is not None:
                self.setGeometry(parent.rect())
        return False


class Curtain(ScreenCurtain):
    """Covers the main window between player turns of a Panzer Campaigns session while Fog of
    War is on."""

    def __init__(self, parent: QWidget, session: Any) -> None:
        super().__init__(parent)
        self.session = session
        self._side: Side = session.game.acting
        """The side whose player sits at the screen."""
        session.changed.connect(self._game_changed)
        session.busy_changed.connect(self._busy_changed)
        session.restarted.connect(self.lift)

    def lift(self) -> None:
        """The player of the side to move sits at the screen: show the game."""
        self._side = self.session.game.acting
        super().lift()

    def _busy_changed(self, busy: bool) -> None:
        if not busy:  # turns advanced several at once: the last side to move gets the screen
            self._game_changed()

    def _game_changed(self) -> None:
        game = self.session.game
        settings = self.session.settings
        if not settings.fog_of_war or game.is_over or settings.computer_sides:
            # Against the computer the screen stays with the human player: nobody to pass it to.
            self._side = game.acting
            self.hide()
            return
        if game.acting is self._side or self.session.is_busy:
            return
        side = game.acting.value.capitalize()
        phase = game.phase  # in a phased game each side acts in turn within a turn [000 13.3]
        now = f"the {side} player's turn" if phase is None else f"the {phase.describe()} Phase"
        self.cover(
            f"Turn {game.turn}: {now}.\n"
            f"Pass the screen: Fog of War hides each side's view from the other.",
            f"I am the {side} player: show my turn",
        )

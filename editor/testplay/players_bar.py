"""The Test-play dock's Players tab: who plays each side (Human or Computer), how fast the
computer's orders are shown, and Pause/Resume, Stop and Skip to My Turn while it plays (also as
icon buttons beside the tabs), with its progress line. A choice of players takes effect at once;
the game need not restart."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QWidget,
)

from editor import icons
from editor.testplay.computer_turns import ComputerTurns, Speed
from editor.testplay.models import side_text
from editor.widgets.elided_label import ElidedLabel
from schemas.vocabulary import Side

if TYPE_CHECKING:
    # The session (and the rules engine's orders under it) comes with the first test-play.
    from editor.testplay.session import TestPlaySession

HUMAN, COMPUTER = "Human", "Computer"


def _action(parent: QWidget, text: str, tip: str, shortcut: str, icon: str) -> QAction:
    action = QAction(text, parent)
    action.setShortcut(QKeySequence(shortcut))
    action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    action.setStatusTip(tip)
    action.setToolTip(f"{text.replace('&', '')}: {tip} ({shortcut})")
    action.setIcon(icons.icon(icon))
    return action


class PlayersBar(QWidget):
    """Human or Computer for each side, and the computer's speed and controls."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.turns: ComputerTurns | None = None
        grid = QGridLayout(self)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(3)
        self.player_boxes: dict[Side, QComboBox] = {}
        players = QHBoxLayout()
        for side in Side:
            caption = QLabel(f"{side_text(side)}:")
            box = QComboBox()
            box.addItems([HUMAN, COMPUTER])
            box.setToolTip(
                f"Who plays the {side_text(side)} side: you, or the computer following the "
                "scenario's A/I orders; takes effect at once"
            )
            caption.setToolTip(box.toolTip())
            box.currentIndexChanged.connect(self._players_chosen)
            players.addWidget(caption)
            players.addWidget(box, 1)
            self.player_boxes[side] = box
        grid.addLayout(players, 0, 0, 1, 2)

        self.speed_box = QComboBox()
        for speed in Speed:
            self.speed_box.addItem(speed.label, speed)
        self.speed_box.setCurrentIndex(list(Speed).index(Speed.NORMAL))
        self.speed_box.setToolTip(
            "How long each of the computer's orders stays on the map before the next: Instant "
            "shows only the end of its turn"
        )
        self.speed_box.currentIndexChanged.connect(self._speed_chosen)
        speed_caption = QLabel("Speed:")
        speed_caption.setToolTip(self.speed_box.toolTip())

        self.pause_action = _action(
            self, "&Pause Computer", "Hold the computer at this order, or resume it", "F8", "pause"
        )
        self.pause_action.triggered.connect(self._toggle_pause)
        self.stop_action = _action(
            self,
            "&Stop Computer Turn",
            "End the computer's player turn now: the orders it has not given are not given",
            "Shift+F8",
            "square",
        )
        self.stop_action.triggered.connect(self._stop)
        self.skip_action = _action(
            self,
            "S&kip to My Turn",
            "Carry out the computer's orders without showing them, until your side is to move",
            "Ctrl+F8",
            "skip-forward",
        )
        self.skip_action.triggered.connect(self._skip)
        # Short names on the buttons, the menu's long ones in their tips, and the speed on a row of
        # its own: in one row, the long names made the panel too wide for a laptop's right-hand
        # column.
        self.pause_action.setIconText("Pause")
        self.stop_action.setIconText("Stop")
        self.skip_action.setIconText("Skip")
        controls = QHBoxLayout()
        controls.addWidget(speed_caption)
        controls.addWidget(self.speed_box)
        controls.addStretch(1)
        grid.addLayout(controls, 1, 0, 1, 2)
        controls = QHBoxLayout()
        self.buttons: list[QToolButton] = []
        self.corner = QWidget()
        """Icon buttons for Pause, Stop and Skip, seen whichever tab is in front."""
        corner = QHBoxLayout(self.corner)
        corner.setContentsMargins(0, 0, 0, 0)
        corner.setSpacing(1)
        for action in (self.pause_action, self.stop_action, self.skip_action):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            controls.addWidget(button)
            self.buttons.append(button)
            small = QToolButton()
            small.setDefaultAction(action)
            small.setAutoRaise(True)
            corner.addWidget(small)
        controls.addStretch(1)
        grid.addLayout(controls, 2, 0, 1, 2)

        # One line, elided, the whole of it in the tooltip (and wrapped in the panel's message
        # above the tabs): a wrapping line was cut through its glyphs at 200 % scale, where the
        # tab page keeps the height of its other rows.
        self.progress_label = ElidedLabel("What the computer is doing")
        grid.addWidget(self.progress_label, 3, 0, 1, 2)
        grid.setRowStretch(4, 1)
        grid.setContentsMargins(6, 6, 6, 6)
        self.set_turns(None)

    @property
    def control_actions(self) -> list[QAction]:
        """Pause, Stop and Skip, for the Play menu."""
        return [self.pause_action, self.stop_action, self.skip_action]

    def set_turns(self, turns: ComputerTurns | None) -> None:
        """Control the computer's turns of a running test-play (None: no test-play)."""
        if self.turns is not None:
            self.turns.state_changed.disconnect(self._update)
            self.turns.progress.disconnect(self.progress_label.setText)
            self.turns.session.players_changed.disconnect(self._show_players)
            self.turns.session.restarted.disconnect(self._show_players)
        self.turns = turns
        if turns is not None:
            turns.state_changed.connect(self._update)
            turns.progress.connect(self.progress_label.setText)
            turns.session.players_changed.connect(self._show_players)
            turns.session.restarted.connect(self._show_players)
            turns.set_speed(self.speed_box.currentData())
        self.progress_label.clear()
        self._show_players()

    @property
    def session(self) -> TestPlaySession | None:
        """The session whose players are shown."""
        return self.turns.session if self.turns is not None else None

    # Choosing ----------------------------------------------------------------------------------

    def chosen(self) -> frozenset[Side]:
        """The sides set to Computer."""
        return frozenset(
            side for side, box in self.player_boxes.items() if box.currentText() == COMPUTER
        )

    def _players_chosen(self, *_args: object) -> None:
        session = self.session
        if session is not None:
            session.set_players(self.chosen())

    def _speed_chosen(self, *_args: object) -> None:
        if self.turns is not None:
            self.turns.set_speed(self.speed_box.currentData())

    def _toggle_pause(self) -> None:
        if self.turns is not None:
            self.turns.toggle_pause()

    def _stop(self) -> None:
        if self.turns is not None:
            self.turns.stop()

    def _skip(self) -> None:
        if self.turns is not None:
            self.turns.skip()

    # Showing -----------------------------------------------------------------------------------

    def _show_players(self) -> None:
        session = self.session
        computer = session.settings.computer_sides if session is not None else frozenset()
        for side, box in self.player_boxes.items():
            box.blockSignals(True)
            box.setCurrentText(COMPUTER if side in computer else HUMAN)
            box.blockSignals(False)
        self._update()

    def _update(self) -> None:
        turns = self.turns
        session = self.session
        for box in self.player_boxes.values():
            box.setEnabled(session is not None)
        computer = session is not None and bool(session.settings.computer_sides)
        self.speed_box.setEnabled(computer)
        self.corner.setVisible(computer)  # hot seat keeps the tabs as they were
        running = turns is not None and turns.is_running
        paused = turns is not None and turns.is_paused
        self.pause_action.setEnabled(computer and (running or paused))
        self.pause_action.setText("&Resume Computer" if paused else "&Pause Computer")
        self.pause_action.setIconText("Resume" if paused else "Pause")
        self.pause_action.setIcon(icons.icon("play" if paused else "pause"))
        self.stop_action.setEnabled(running)
        self.skip_action.setEnabled(running and turns is not None and turns.has_human)

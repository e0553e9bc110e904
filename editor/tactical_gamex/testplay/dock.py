"""The Test-play panel of a Tactical GameX situation: start a game of the situation as it is
(hot-seat or against the computer, with a seed), where it stands (turn, initiative roll,
impulse, side to act, activation points left), Pass, Take Back, the aimed attack's previews with
Fire and Close Assault, the log, and Save / Open of the game as a `.tgxplay.yaml`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.selection import Selection
from editor.tactical_gamex.dock import TgxDock, message_label
from editor.tactical_gamex.document import TgxDocument
from editor.tactical_gamex.testplay.air_panel import AirOrders
from editor.tactical_gamex.testplay.chaos_panel import ChaosPanel
from editor.tactical_gamex.testplay.curtain import TgxCurtain
from editor.tactical_gamex.testplay.log_export import log_line
from editor.tactical_gamex.testplay.log_panel import TgxLogPanel
from editor.tactical_gamex.testplay.oba_control import AccuracyPoints
from editor.tactical_gamex.testplay.panel_parts import preview_scroll, scrolling_body
from editor.tactical_gamex.testplay.player import MORE
from editor.tactical_gamex.testplay.setup_panel import SetupPanel
from editor.tactical_gamex.testplay.status import impulse_line, initiative_line, turn_line
from editor.tactical_gamex.testplay.support_orders import NOT_HERE
from editor.tactical_gamex.testplay.tester_choices import SETUP_KEY, remembered_box, screen_box
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from editor.tactical_gamex.board_tools import BoardTool
    from editor.tactical_gamex.testplay.player import TgxPlayer
    from editor.tactical_gamex.testplay.session import TgxPlaySession

MODES: tuple[tuple[str, frozenset[Side]], ...] = (
    ("Hot-seat: I play both sides", frozenset()),
    ("The computer plays Allied", frozenset({Side.ALLIED})),
    ("The computer plays Axis", frozenset({Side.AXIS})),
    ("The computer plays both", frozenset(Side)),
)

MORE_TIPS = {
    "Indirect Fire": "The chosen unit fires indirectly at the aimed hex, a unit of yours "
    "sighting [003 6.4.3]",
    "Artillery": "Call your off-board battery on the aimed hex, the chosen unit sighting "
    "[003 6.4.4]",
    "Overrun": "The chosen armoured unit drives through the aimed hex [003 6.4.5]",
    "Spot": "The chosen unit tries to spot the aimed hex [003 6.3.8]",
    "Smoke": "The chosen artillery lays smoke on the aimed hex [003 20.1]",
    "Load": "The chosen carrier loads a unit of its hex [003 5.2.2]",
    "Unload": "The chosen carrier sets its passenger down [003 5.2.3]",
    "Clear": "The chosen engineer moves into the aimed minefield or block to clear it [003 9.1]",
    "Remove Wreck": "The chosen engineer removes a wreck from the aimed hex [003 9.4]",
    "Block": "An Engineer Action toward a block on the chosen engineer's road hex [003 9.2]",
    "Blow Bridge": "An Engineer Action toward blowing the bridge the engineer is on [003 9.2]",
    "Blow Now": "A second attempt's action, rolling at once, leaving to the aimed hex [003 9.2]",
    "Opp Fire": "Mark the chosen unit to fire at enemies moving in its sight [003 6.4.2]",
    "Stand Up": "The chosen unit, Down in a stream, comes Up for its activation [003 6.3.9]",
    "Exit": "The chosen unit leaves the board by an edge its side's victory counts",
    "Turn Gun": "The chosen gun turns to face the aimed hex, then may fire [003 19.3]",
    "Interdict": "Your battery places Interdiction on the aimed hex, the chosen unit sighting "
    "[003 21.0]",
    "Banzai": "The chosen Japanese infantry makes a Banzai attack on the aimed hex [003 17.0]",
    "Mobile Fire": "The chosen turreted vehicle moves up to half its MA, then fires at the aimed "
    "hex at half strength [003 18.0]",
    "Stress Fire": "Fire with the points that reach the next column, risking disruption [003 12.0]",
    "Keep Fire": "The chosen turreted vehicle moves to the aimed hex under Mobile Fire and fires "
    "later this turn, free, at half strength [003 18.1-18.3]",
    "Stress Indirect": "Indirect fire at the aimed hex, each attack stressed to the next column "
    "[003 12.2]",
    "Gun Interdict": "The indirect-fire units of the chosen unit's hex place an Interdiction "
    "marker on the aimed hex [003 21.0]",
    "Bridge Fire": "The chosen unit (not I weapons), with the units Shift+click joined to it, "
    "fires at the temporary bridge of the aimed hex on its own; only an X destroys it, with the "
    "vehicles on it [003 9.3, 6.4.1]",
    "Bridge Indirect": "The chosen artillery fires indirectly at half AS at the temporary bridge "
    "of the aimed hex, a unit of yours sighting [003 9.3]",
    "Bridge Artillery": "Call your off-board battery on the temporary bridge of the aimed hex, "
    "the chosen unit sighting, at half strength [003 9.3, 6.4.4]",
    "Counter-battery": "Your battery fires on an enemy battery, at half strength, once the "
    "enemy's OBA has attacked [003 6.4.4]",
    "CB + Aircraft": "Counter-battery fire at full strength, an unused aircraft of yours "
    "activated for it [003 6.4.4]",
    "Naval Fire": "Your naval support fires from the sea edge at the aimed hex, more than six "
    "hexes away [003 10.5]",
}


class TgxTestPlayDock(TgxDock):
    """Test-play of the open Tactical GameX situation."""

    title = "Test-play"
    object_name = "tgx_testplay"
    default_area = Qt.DockWidgetArea.LeftDockWidgetArea
    place_requested = Signal(object)
    """A log line was clicked: the board is to centre on this hex."""
    running_changed = Signal(bool)
    """A game started (True) or stopped (False): the window's Play > Test-play follows it."""

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.session: TgxPlaySession | None = None
        self.player: TgxPlayer | None = None
        self._tool_before: Any = None
        body = QWidget(self)
        layout = QVBoxLayout(body)
        start_row = QHBoxLayout()
        self.mode = QComboBox(body)
        for text, _sides in MODES:
            self.mode.addItem(text)
        self.mode.currentIndexChanged.connect(self._mode_changed)
        self.seed = QSpinBox(body)
        self.seed.setRange(0, 999_999)
        self.seed.setValue(1)
        self.seed.setPrefix("seed ")
        self.seed.setToolTip("The same seed and orders play the same game")
        self.start_button = QPushButton("Start", body)
        self.start_button.setToolTip("Play the situation as it is now, unsaved edits included")
        self.start_button.clicked.connect(self._start_or_stop)
        start_row.addWidget(self.mode, 1)
        start_row.addWidget(self.seed)
        start_row.addWidget(self.start_button)
        layout.addLayout(start_row)
        self.setup_box = QCheckBox("Set up by hand before turn 1", body)
        self.setup_box.setObjectName("tgx_setup_by_hand")
        self.setup_box.setToolTip(
            "The sides place their counters and markers in the situation's order of setup; "
            "the computer sets up the sides it plays"
        )
        layout.addWidget(remembered_box(self.setup_box, SETUP_KEY, True))
        self.screen_box = screen_box(body)
        layout.addWidget(self.screen_box)
        self.curtain: Any = None
        """The hot-seat curtain of the running game (`testplay.curtain`)."""
        self.turn_label = QLabel(body)
        self.initiative_label = QLabel(body)
        self.impulse_label = QLabel(body)
        for label in (self.turn_label, self.initiative_label, self.impulse_label):
            label.setWordWrap(True)
            layout.addWidget(label)
        self.turn_label.setStyleSheet("font-weight: bold;")
        self.setup_panel = SetupPanel(body)
        self.setup_panel.passing = self.screen_box.isChecked
        layout.addWidget(self.setup_panel)
        actions = QHBoxLayout()
        self.pass_button = QPushButton("Pass", body)
        self.pass_button.setToolTip("End the impulse (a pass when no point was spent) [003 4.2.1]")
        self.pass_button.clicked.connect(self.pass_impulse)
        self.undo_button = QPushButton("Take Back", body)
        self.undo_button.setToolTip("Take back the last order: only before a die you saw")
        self.undo_button.clicked.connect(self.take_back)
        self.save_button = QPushButton("Save…", body)
        self.save_button.clicked.connect(self._save)
        self.open_button = QPushButton("Open…", body)
        self.open_button.clicked.connect(self._open)
        for button in (self.pass_button, self.undo_button, self.save_button, self.open_button):
            actions.addWidget(button)
        layout.addLayout(actions)
        self.sight_box = QCheckBox("Line of sight of the chosen unit", body)
        self.sight_box.setToolTip("Shade the hexes the chosen unit cannot see [003 6.3.7]")
        self.sight_box.toggled.connect(self._sight_toggled)
        layout.addWidget(self.sight_box)
        self.quick_box = QCheckBox("Quick time: infantry moves one MP more", body)
        self.quick_box.setToolTip(
            "Non-MG infantry march at Infantry Quick-Time, then roll for disruption [003 15.0]"
        )
        self.quick_box.toggled.connect(self._quick_toggled)
        layout.addWidget(self.quick_box)
        self.preview = QLabel(body)
        self.preview.setObjectName("tgx_attack_preview")
        self.preview.setWordWrap(True)
        self.preview.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # A long preview (several defenders, AA fire on the way) scrolls rather than pushing
        # the buttons and the log off a short screen (1280x720, or 1080 high at 200 %).
        self.preview_area = preview_scroll(self.preview, body)
        layout.addWidget(self.preview_area, 3)
        # The orders of play, hidden while the sides set up: none of them can be given then.
        self.orders = QWidget(body)
        orders_layout = QVBoxLayout(self.orders)
        orders_layout.setContentsMargins(0, 0, 0, 0)
        attack_row = QHBoxLayout()
        self.fire_button = QPushButton("Fire", body)
        self.fire_button.clicked.connect(self._fire)
        self.assault_button = QPushButton("Close Assault", body)
        self.assault_button.clicked.connect(self._assault)
        self.rally_button = QPushButton("Rally", body)
        self.rally_button.setToolTip("Rally the disrupted units of the chosen unit's hex [003 7.3]")
        self.rally_button.clicked.connect(self._rally)
        attack_row.addWidget(self.fire_button)
        attack_row.addWidget(self.assault_button)
        attack_row.addWidget(self.rally_button)
        orders_layout.addLayout(attack_row)
        # four a row, so that the panel stays narrow on a 1280-wide screen
        more_grid = QGridLayout()
        self.more_buttons: dict[str, QPushButton] = {}
        for index, name in enumerate(MORE):
            button = QPushButton(name, body)
            button.setObjectName(f"tgx_{name.lower().replace(' ', '_')}")
            button.clicked.connect(lambda _checked=False, name=name: self._more(name))
            more_grid.addWidget(button, index // 4, index % 4)
            self.more_buttons[name] = button
        orders_layout.addLayout(more_grid)
        self.air = AirOrders(body)
        self.air.chosen.connect(self._show_preview)
        orders_layout.addWidget(self.air)
        self.accuracy = AccuracyPoints(body)
        self.accuracy.changed.connect(self._lowered)
        orders_layout.addWidget(self.accuracy)
        layout.addWidget(self.orders)
        self.chaos = ChaosPanel(body)  # Battlefield Chaos (rule 24): hidden with dice
        self.chaos.play_requested.connect(self._play_card)
        layout.addWidget(self.chaos)
        self.refusal = message_label(body)
        layout.addWidget(self.refusal)
        self.log_panel = TgxLogPanel(body)
        self.log_panel.source = self._log_source
        self.log_panel.failed.connect(self.refusal.setText)
        self.log = self.log_panel.list
        self.log.itemClicked.connect(self._log_clicked)
        layout.addWidget(self.log_panel, 2)
        self.setWidget(scrolling_body(body, self))
        self._show()

    # Wiring (the workspace) ------------------------------------------------------------------

    def attach(self, player: TgxPlayer, tool: BoardTool, use_tool: Any) -> None:
        """Play through `player`; `use_tool` makes `tool` the board's tool."""
        self.player = player
        self.play_tool = tool
        self.use_tool = use_tool
        player.changed.connect(self._show)
        player.refused.connect(self.refusal.setText)
        player.set_show_sight(self.sight_box.isChecked())
        self.setup_panel.attach(player)

    def show_document(self, document: TgxDocument | None) -> None:
        if self.session is not None and self.session.document is not document:
            self.stop()
        self._show()

    # Playing ---------------------------------------------------------------------------------

    def start(self) -> bool:
        """Start a game of the open situation as it now is; False (with the reason shown) when
        it cannot be played."""
        from editor.tactical_gamex.testplay.session import TgxPlaySession  # noqa: PLC0415

        document = self.document
        if not isinstance(document, TgxDocument):
            return False
        try:
            session = TgxPlaySession(
                document, self.seed.value(), (), self, setup_phase=self.setup_box.isChecked()
            )
        except ValueError as exc:
            self.refusal.setText(f"The situation cannot be played: {exc}")
            return False
        self._begin(session)
        self._mode_changed()
        return True

    def stop(self) -> None:
        """End test-play: the board shows the situation's setup again."""
        if self.session is None:
            return
        self.session.deleteLater()
        self.session = None
        if self.curtain is not None:
            self.curtain.deleteLater()
            self.curtain = None
        self.setup_panel.follow(None)
        if self.player is not None:
            self.player.follow(None)
            view = self.player.view
            view.layers.add("counters")
            view.layers.add("markers")  # the situation's own, in place of the game's
            if self.player.marks.paint in view.overlays:
                view.overlays.remove(self.player.marks.paint)
            if self._tool_before is not None:
                self.use_tool(self._tool_before)
            view.item.update()
        self.log_panel.clear()
        self._show()
        self.running_changed.emit(False)

    def pass_impulse(self) -> None:
        """End the acting side's impulse."""
        if self.session is not None and not self.session.game.is_over:
            self._refuse_or(self.session.pass_impulse)

    def take_back(self) -> None:
        """Take back the last order when no die the player saw was rolled since."""
        if self.session is not None:
            self._refuse_or(self.session.take_back)
            self._rebuild_log()

    def _begin(self, session: TgxPlaySession) -> None:
        self.session = session
        session.events.connect(self._logged)
        session.changed.connect(self._show)
        self.log_panel.clear()
        self._logged(list(session.game.log))
        if self.player is not None:
            view = self.player.view
            view.layers.discard("counters")
            view.layers.discard("markers")  # the game's are drawn as they now stand
            view.overlays.append(self.player.marks.paint)
            self._tool_before = view.tool
            self.use_tool(self.play_tool)
            self.player.follow(session)
        self.setup_panel.follow(session)
        if self.curtain is not None:
            self.curtain.deleteLater()
        self.curtain = TgxCurtain(self.window(), session, self.screen_box.isChecked)
        self.refusal.clear()
        self._show()
        self.running_changed.emit(True)

    def _refuse_or(self, action: Any) -> None:
        try:
            action()
        except ValueError as exc:
            self.refusal.setText(str(exc))
        else:
            self.refusal.clear()

    def _start_or_stop(self) -> None:
        if self.session is None:
            self.start()
        else:
            self.stop()

    def _mode_changed(self, *_args: Any) -> None:
        if self.session is not None:
            self._refuse_or(
                lambda: self.session and self.session.set_computer(self.computer_sides())
            )

    def computer_sides(self) -> frozenset[Side]:
        """The sides the computer is to play."""
        return MODES[self.mode.currentIndex()][1]

    def _fire(self) -> None:
        if self.player is not None and self.player.fire_at_target():
            self.refusal.clear()

    def _sight_toggled(self, shown: bool) -> None:
        if self.player is not None:
            self.player.set_show_sight(shown)

    def _quick_toggled(self, quick: bool) -> None:
        if self.player is not None:
            self.player.set_quick(quick)

    def _rally(self) -> None:
        if self.player is not None and self.player.rally_chosen():
            self.refusal.clear()

    def _lowered(self, points: int) -> None:
        if self.player is not None:
            self.player.set_lowered(points)

    def _more(self, name: str) -> None:
        if self.player is not None and self.player.give_more(name):
            self.refusal.clear()

    def _play_card(self, card: str) -> None:
        """Play a held Deus Ex Machina card, on the chosen unit when it names one [003 24.5]."""
        from engine.tactical_gamex.chaos import card_unit  # noqa: PLC0415
        from engine.tactical_gamex.orders import PlayCard  # noqa: PLC0415

        session = self.session
        if session is not None:
            chosen = self.player.marks.chosen if self.player is not None else None
            unit = card_unit(session.game.state, card, chosen or "")
            self._refuse_or(lambda: session.give(PlayCard(card, unit)))

    def _assault(self) -> None:
        if self.player is not None and self.player.assault_target():
            self.refusal.clear()

    # Files -----------------------------------------------------------------------------------

    def _save(self) -> None:
        if self.session is None:
            return
        stem = self.session.situation_path.name.removesuffix(".situation.yaml")
        suggested = str(self.session.situation_path.with_name(f"{stem}.tgxplay.yaml"))
        path, _ = QFileDialog.getSaveFileName(
            self, "Save Test-play", suggested, "Tactical GameX games (*.tgxplay.yaml)"
        )
        if path:
            self._refuse_or(lambda: self.session and self.session.save(path))

    def _open(self) -> None:
        document = self.document
        if not isinstance(document, TgxDocument):
            return
        folder = str(document.scenario_path.parent)
        path, _ = QFileDialog.getOpenFileName(
            self, "Open Test-play", folder, "Tactical GameX games (*.tgxplay.yaml)"
        )
        if path:
            self.open_game(path)

    def open_game(self, path: str) -> bool:
        """Replay a saved game on the open situation and play on from there."""
        from editor.tactical_gamex.testplay.session import TgxPlaySession  # noqa: PLC0415

        document = self.document
        if not isinstance(document, TgxDocument):
            return False
        try:
            session = TgxPlaySession.open(document, path, self)
        except ValueError as exc:
            self.refusal.setText(str(exc))
            return False
        self.stop()
        self.seed.setValue(session.seed)
        self._begin(session)
        for index, (_text, sides) in enumerate(MODES):
            if sides == session.computer:
                self.mode.setCurrentIndex(index)
        return True

    # Showing ---------------------------------------------------------------------------------

    def _logged(self, events: list[object]) -> None:
        if self.session is None:
            return
        for event in events:
            self.log_panel.add(log_line(self.session.game, event))
        self.log.scrollToBottom()

    def _log_source(self) -> tuple[Any, str] | None:
        if self.session is None:
            return None
        return self.session.game, self.session.document.situation.title

    def _log_clicked(self, item: QListWidgetItem) -> None:
        place = item.data(Qt.ItemDataRole.UserRole)
        if place is not None:
            self.place_requested.emit(tuple(place))

    def _rebuild_log(self) -> None:
        self.log_panel.clear()
        if self.session is not None:
            self._logged(list(self.session.game.log))

    def _show(self) -> None:
        session = self.session
        playing = session is not None
        open_situation = isinstance(self.document, TgxDocument)
        self.start_button.setText("Stop" if playing else "Start")
        self.start_button.setEnabled(open_situation)
        self.seed.setEnabled(not playing)
        self.setup_box.setEnabled(not playing)
        self.setup_panel.refresh()
        self.open_button.setEnabled(open_situation)
        game = session.game if session is not None else None
        over = game is None or game.is_over
        in_setup = self.setup_panel.in_setup()
        self.pass_button.setEnabled(not over and not in_setup)
        self.orders.setVisible(not in_setup)
        self.save_button.setEnabled(playing)
        self.undo_button.setEnabled(game is not None and game.can_undo)
        if game is None:
            self.turn_label.setText("Not playing: Start plays the situation as it is now.")
            self.initiative_label.clear()
            self.impulse_label.clear()
        else:
            self.turn_label.setText(turn_line(game))
            self.initiative_label.setText(initiative_line(game))
            self.impulse_label.setText("" if game.is_over else impulse_line(game))
            self.accuracy.limit(game.points_left)
        self.chaos.show_game(game)
        self._show_preview()

    def _show_preview(self) -> None:
        player = self.player
        fire = player.fire if player is not None else None
        assault = player.assault if player is not None else None
        lines = []
        refused = []  # after what may be given, so that it comes first on a short screen
        if player is not None and player.marks.chosen:
            lines.append(f"Chosen: {' + '.join(player.attackers())}")
        for name, preview in (("Fire", fire), ("Close Assault", assault)):
            if isinstance(preview, str):
                refused.append(f"{name}: not possible — {preview}")
            elif preview is not None:
                lines.append(preview.describe())
        more = player.more if player is not None else {}
        for name, planned in more.items():
            if not isinstance(planned, str):
                lines.append(planned.describe())
            elif (
                player is not None
                and player.says_why_not(name)
                and not planned.startswith(NOT_HERE)
            ):  # an aimed order: say why not, as for Fire
                refused.append(f"{name}: not possible — {planned}")
        for name, button in self.more_buttons.items():
            planned = more.get(name)
            button.setEnabled(planned is not None and not isinstance(planned, str))
            button.setToolTip(planned if isinstance(planned, str) else MORE_TIPS[name])
        lines += self.air.replan(player if self.session is not None else None)
        self.preview.setText("\n".join(lines + refused))
        self.fire_button.setEnabled(fire is not None and not isinstance(fire, str))
        self.assault_button.setEnabled(assault is not None and not isinstance(assault, str))
        self.rally_button.setEnabled(self._may_rally())

    def _may_rally(self) -> bool:
        player, session = self.player, self.session
        if player is None or session is None or player.marks.chosen is None:
            return False
        game = session.game
        hex_ = game.state.units[player.marks.chosen].hex
        return hex_ is not None and any(
            u.disrupted and u.side is game.acting for u in game.state.units_at(hex_)
        )

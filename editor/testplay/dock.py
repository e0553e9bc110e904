"""The Test-play dock: where the game stands (side to move, turn, time, weather, score), its
objectives, the coming arrivals and the event log, and the buttons that end turns and restart."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QPoint, QSortFilterProxyModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSpinBox,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.docks.base import DocumentDock
from editor.docks.table_columns import label
from editor.selection import Focus, Selection
from editor.symbols import side_color
from editor.testplay.air_mode import aircraft_line, aircraft_summary
from editor.testplay.fixes import item_focus, scenario_focus
from editor.testplay.known_score import score_text
from editor.testplay.models import ArrivalsModel, LogModel, ObjectivesModel, side_text
from editor.testplay.phase_text import end_text, turn_text
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.players_bar import PlayersBar
from editor.testplay.settings_bar import SettingsBar
from editor.widgets.undo_keys import undo_keys_to_window
from schemas.panzer_campaigns.scenario import Header

if TYPE_CHECKING:
    # The session (and the rules engine's orders under it) comes with the first test-play.
    from editor.testplay.session import TestPlaySession

_TIPS = {
    "side": "The side whose player turn it is: its units can be given orders",
    "turn": f"The current game turn of the scenario's {Header.model_fields['turns'].description}",
    "time": "Date and time of the current turn, and its day phase (the header's day schedule)",
    "weather": (
        "Ground conditions, storm and visibility of this turn (nominal visibility in hexes; "
        "spotting uses the effective one, after night and storm)"
    ),
    "supply": (
        "For the selected hex: its Local Supply Value for the side to move and the source whose "
        "line of communication reaches it, traced on the map when the Supply overlay is on"
    ),
    "air": (
        "The aircraft of the side to move that may fly a mission this turn (the scenario's air "
        "setup and its availability schedule, the weather); fly them with the Move tool's Air "
        "mode (R) [000 8.1, 8.3]"
    ),
    "score": (
        "Allied minus Axis victory points plus the advantage, and the outcome it gives against "
        "the victory levels if the game ended now; under Fog of War the enemy's losses count "
        "only as far as the side to move saw them inflicted"
    ),
}


def _value_label(tip: str) -> QLabel:
    value = QLabel()
    value.setToolTip(tip)
    value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    value.setWordWrap(True)
    return value


def _table(model: QSortFilterProxyModel | ObjectivesModel | ArrivalsModel) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 6)
    view.horizontalHeader().setHighlightSections(False)
    return view


def _fit_columns(view: QTableView, stretch: int, widths: dict[int, int]) -> None:
    header = view.horizontalHeader()
    character = view.fontMetrics().horizontalAdvance("0")
    for column, characters in widths.items():
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(column, characters * character + 12)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)


class TestPlayDock(DocumentDock):
    """The state of a test-play and its turn controls; empty until `set_session`."""

    __test__ = False

    title = "Test-play"
    object_name = "testplay"
    default_area = Qt.DockWidgetArea.RightDockWidgetArea

    fix_requested = Signal(object)
    """A Focus on the scenario element behind a row: the tester wants to fix it."""

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.session: TestPlaySession | None = None
        self.objectives_model = ObjectivesModel(self)
        self.arrivals_model = ArrivalsModel(self)
        self.log_model = LogModel(self)
        self.log_proxy = QSortFilterProxyModel(self)
        self.log_proxy.setSourceModel(self.log_model)
        self.log_proxy.setFilterKeyColumn(1)
        self.log_proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(self._build_status())
        layout.addLayout(self._build_turn_buttons())
        self.settings_bar = SettingsBar()
        self.settings_bar.restart_requested.connect(self.restart)
        layout.addWidget(self.settings_bar)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: palette(mid);")
        layout.addWidget(self.message)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_log(), "Log")
        self.tabs.addTab(self._build_objectives(), "Objectives")
        self.tabs.addTab(self._build_arrivals(), "Arrivals")
        # Players on a tab and the computer's Pause, Stop and Skip beside the tabs: no new row,
        # the panel kept its height for a laptop at 200 %.
        self.players_bar = PlayersBar()  # its computer turns are set by the window
        self.tabs.addTab(self.players_bar, "Players")
        self.tabs.setCornerWidget(self.players_bar.corner, Qt.Corner.TopRightCorner)
        layout.addWidget(self.tabs, 1)
        self.setWidget(body)
        self._refresh()

    # Building ----------------------------------------------------------------------------------

    def _build_status(self) -> QFormLayout:
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        form.setHorizontalSpacing(10)
        form.setVerticalSpacing(3)
        self.side_label = _value_label(_TIPS["side"])
        self.side_label.setMargin(2)
        self.turn_label = _value_label(_TIPS["turn"])
        self.time_label = _value_label(_TIPS["time"])
        self.weather_label = _value_label(_TIPS["weather"])
        self.score_label = _value_label(_TIPS["score"])
        self.supply_label = _value_label(_TIPS["supply"])
        self.air_label = _value_label(_TIPS["air"])
        side_row = QHBoxLayout()
        side_row.addWidget(self.side_label, 0, Qt.AlignmentFlag.AlignTop)
        # On the side's row, not a row of its own: the panel's height is what lets the window
        # fit 1920x1080 at 200 %.
        side_row.addWidget(self.air_label, 1)
        caption = QLabel("To move:")
        caption.setToolTip(_TIPS["side"])
        form.addRow(caption, side_row)
        for text, value in (
            ("Turn:", self.turn_label),
            ("Time:", self.time_label),
            ("Weather:", self.weather_label),
            ("Score:", self.score_label),
            ("Supply:", self.supply_label),
        ):
            caption = QLabel(text)
            caption.setToolTip(value.toolTip())
            form.addRow(caption, value)
        return form

    def _build_turn_buttons(self) -> QGridLayout:
        # Two rows: in one, the four controls made the panel too wide for a laptop's right-hand
        # column.
        row = QGridLayout()
        self.end_turn_button = QPushButton("End Player Turn")
        self.end_turn_button.setToolTip(
            "End this player turn: the other side moves next, or the next game turn starts "
            "(arrivals, releases, supply, weather); Ctrl+E"
        )
        self.end_turn_button.clicked.connect(self.end_player_turn)
        self.take_back_button = QPushButton("Take Back")
        self.take_back_button.clicked.connect(self.take_back)
        self.target_spin = QSpinBox()
        self.target_spin.setPrefix("Turn ")
        self.target_spin.setToolTip(
            "The game turn to advance to, ending every player turn on the way"
        )
        self.target_spin.valueChanged.connect(self._update_buttons)
        self.advance_button = QPushButton("Advance to")
        self.advance_button.setToolTip(
            "Play on until the chosen turn starts: the computer plays the turns of the sides set "
            "to Computer (Players tab), the others' turns end with no orders (click again, or "
            "Shift+F8, to stop)"
        )
        self.advance_button.clicked.connect(self._advance_or_stop)
        row.addWidget(self.end_turn_button, 0, 0)
        row.addWidget(self.take_back_button, 0, 1)
        row.addWidget(self.advance_button, 1, 0)
        row.addWidget(self.target_spin, 1, 1)
        return row

    def _build_log(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 4, 0, 0)
        self.log_filter = QLineEdit()
        self.log_filter.setPlaceholderText("Filter events")
        self.log_filter.setClearButtonEnabled(True)
        undo_keys_to_window(self.log_filter)
        self.log_filter.setToolTip("Show only the events whose text contains this")
        self.log_filter.textChanged.connect(self.log_proxy.setFilterFixedString)
        self.log_view = _table(self.log_proxy)
        _fit_columns(self.log_view, 1, {0: 4, 2: 8})
        self.log_view.horizontalHeader().moveSection(2, 1)
        self.log_view.setWordWrap(False)
        self.log_view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.log_view.doubleClicked.connect(self._jump_to_event)
        self._add_context_menu(self.log_view)
        self.export_button = QToolButton()
        self.export_button.setText("Export…")
        self.export_button.setEnabled(False)
        self.export_button.setToolTip("Write the event log to a file (Play > Export Event Log)")
        filter_row = QHBoxLayout()
        filter_row.addWidget(self.log_filter, 1)
        filter_row.addWidget(self.export_button)
        layout.addLayout(filter_row)
        layout.addWidget(self.log_view)
        return page

    def _build_objectives(self) -> QWidget:
        self.objectives_view = _table(self.objectives_model)
        _fit_columns(self.objectives_view, 0, {1: 8, 2: 9, 3: 6})
        self.objectives_view.doubleClicked.connect(self._jump_to_row_hex)
        self._add_context_menu(self.objectives_view)
        return self.objectives_view

    def _build_arrivals(self) -> QWidget:
        self.arrivals_view = _table(self.arrivals_model)
        _fit_columns(self.arrivals_view, 2, {0: 4, 1: 14, 3: 8})
        self.arrivals_view.doubleClicked.connect(self._jump_to_row_hex)
        self._add_context_menu(self.arrivals_view)
        return self.arrivals_view

    # The session -------------------------------------------------------------------------------

    def set_session(self, session: TestPlaySession | None) -> None:
        """Show a test-play (None: no test-play running)."""
        if self.session is not None:
            self.session.changed.disconnect(self._on_changed)
            self.session.events_added.disconnect(self._on_events)
            self.session.busy_changed.disconnect(self._update_buttons)
            self.session.restarted.disconnect(self._on_restarted)
            self.session.failed.disconnect(self.message.setText)
            self.session.log_rewound.disconnect(self.log_model.sync_logged)
            self.session.replay_progress.disconnect(self._show_replay)
        self.session = session
        if session is not None:
            session.changed.connect(self._on_changed)
            session.events_added.connect(self._on_events)
            session.busy_changed.connect(self._update_buttons)
            session.restarted.connect(self._on_restarted)
            session.failed.connect(self.message.setText)
            session.log_rewound.connect(self.log_model.sync_logged)
            session.replay_progress.connect(self._show_replay)
        self.settings_bar.show_settings(
            session.settings if session else None, session.scenario if session else None
        )
        for model in (self.objectives_model, self.arrivals_model, self.log_model):
            model.set_session(session)
        self.message.clear()
        self._refresh()
        self.log_view.scrollToBottom()

    def show_supply_line(self, text: str) -> None:
        """Say how the selected hex is supplied (empty: no hex selected)."""
        self.supply_label.setText(text or "Select a hex to trace its supply line")

    def end_player_turn(self) -> None:
        """End the current player turn, or in a phased game the phase [000 13.3]."""
        if self.session is not None:
            self.session.end_phase()

    def advance(self, turn: int | None = None) -> None:
        """Play on to the start of `turn` (the spin box's turn by default)."""
        if self.session is not None:
            self.session.advance_to(turn if turn is not None else self.target_spin.value())

    def restart(self, settings: TestPlaySettings | None = None) -> None:
        """Start the game again with `settings`, by default those chosen in the settings bar."""
        if self.session is not None:
            self.session.restart(settings=settings or self.settings_bar.chosen())

    def take_back(self) -> None:
        """Take back the last move of the player turn, or say why it cannot be."""
        from engine.panzer_campaigns.movement import IllegalMove  # noqa: PLC0415

        if self.session is None:
            return
        try:
            order = self.session.undo()
        except IllegalMove as exc:
            self.message.setText(f"Cannot take back: {exc}.")
            return
        self.message.setText(f"Took back: {order.describe()}.")

    def _advance_or_stop(self) -> None:
        session = self.session
        turns = self.players_bar.turns
        if session is not None and session.is_replaying:
            session.cancel_replay()
        elif session is not None and session.target_turn is not None:
            if turns is not None and turns.is_running:
                turns.stop()  # the computer's turn under way ends at once, as with its Stop
            session.cancel_advance()
        else:
            if turns is not None and turns.is_paused:
                turns.resume()  # held between turns (Computer vs Computer after a Stop): play on
            self.advance()

    def _show_replay(self, done: int, total: int) -> None:
        if done < total:
            self.message.setText(f"Replaying order {done + 1} of {total}…")
        elif self.message.text().startswith("Replaying"):
            self.message.setText(f"Replayed {total} orders.")

    def _on_changed(self) -> None:
        self.objectives_model.refresh()
        self.arrivals_model.refresh()
        self.log_model.sync_logged()  # under Fog of War a new side to move reads its own log
        self._refresh()

    def _on_events(self, _events: list[object]) -> None:
        at_bottom = self._log_at_bottom()
        self.log_model.sync_logged()
        if at_bottom:
            self.log_view.scrollToBottom()

    def _on_restarted(self) -> None:
        session = self.session
        for model in (self.objectives_model, self.arrivals_model, self.log_model):
            model.set_session(session)
        self.message.clear()
        if session is not None:
            self.settings_bar.show_settings(session.settings, session.scenario)

    def _log_at_bottom(self) -> bool:
        bar = self.log_view.verticalScrollBar()
        return bar.value() >= bar.maximum() - 2

    # Showing -----------------------------------------------------------------------------------

    def _refresh(self) -> None:
        session = self.session
        if session is None:
            for value in (self.turn_label, self.time_label, self.weather_label, self.score_label):
                value.setText("")
            self.air_label.setText("")
            self.side_label.setText("No test-play running")
            self.side_label.setStyleSheet("")
            self._update_buttons()
            return
        game = session.game
        last = session.scenario.header.turns
        side = game.acting  # in a Defensive Fire Phase the side not moving [000 13.3]
        color = side_color(side)
        self.side_label.setText(f"<b>{side_text(side)}</b>")
        self.side_label.setStyleSheet(
            f"background: {color.name()}; color: #1E1E1E; border-radius: 3px; padding: 1px 6px;"
        )
        # The badge's padding comes with the style sheet, after the form measured the row: at
        # 200 % the row kept the plain label's height and cut the side's name.
        self.side_label.setMinimumHeight(self.side_label.sizeHint().height())
        self.turn_label.setText(turn_text(game, last))
        self.time_label.setText(f"{game.time:%a %d %b %Y, %H:%M} ({label(game.day_phase).lower()})")
        weather = game.weather
        storm = "storm" if weather.storm else "no storm"
        self.weather_label.setText(
            f"{label(weather.condition)}, {storm}, visibility {weather.visibility} hexes "
            f"(effective {weather.effective_visibility})"
        )
        # A few words on the side's row (a long line there stretched the side's badge), the
        # whole line - which aircraft, and why they are grounded - as its tooltip.
        self.air_label.setText(aircraft_summary(game))
        self.air_label.setToolTip(f"Aircraft: {aircraft_line(game)}\n\n{_TIPS['air']}")
        over = ""
        if game.result is not None:
            over = "<br><b>Game over</b>" + (" (early termination)" if game.result.early else "")
        self.score_label.setText(score_text(session) + over)
        self._update_buttons()

    def _update_buttons(self, *_args: object) -> None:
        session = self.session
        running = session is not None and not session.game.is_over
        busy = session is not None and session.is_busy
        advancing = session is not None and (
            session.target_turn is not None or session.is_replaying
        )
        self.end_turn_button.setEnabled(running and not busy)
        self.end_turn_button.setText(end_text(session.game if session else None)[0])
        refusal = session.undo_refusal() if session is not None else "no test-play running"
        self.take_back_button.setEnabled(refusal is None)
        self.take_back_button.setToolTip(
            "Take back the last move or mode change of this player turn (Ctrl+Z)"
            + (f": {refusal}" if refusal else "")
        )
        self.settings_bar.set_busy(busy)
        if session is not None:
            game = session.game
            last = session.scenario.header.turns
            self.target_spin.blockSignals(True)
            self.target_spin.setRange(min(game.turn + 1, last), last)
            self.target_spin.blockSignals(False)
        self.target_spin.setEnabled(running and not busy)
        self.advance_button.setText("Stop" if advancing else "Advance to")
        self.advance_button.setEnabled(advancing or (running and not busy))
        if busy and session is not None and not session.is_replaying:
            if session.computer_is_playing:
                return  # the computer's progress line is in the message
            target = session.target_turn
            self.message.setText(f"Playing to turn {target}…" if target else "Computing the turn…")
        elif not busy and self.message.text().startswith(("Playing", "Computing")):
            self.message.clear()

    def _jump_to_event(self, index: QModelIndex) -> None:
        source = self.log_proxy.mapToSource(index)
        self._focus(source.siblingAtColumn(0).data(Qt.ItemDataRole.UserRole))

    def _jump_to_row_hex(self, index: QModelIndex) -> None:
        self._focus(index.siblingAtColumn(0).data(Qt.ItemDataRole.UserRole))

    def _focus(self, hex_: object) -> None:
        if isinstance(hex_, tuple):
            self.selection.select_hex(hex_)
            self.selection.request_focus(Focus(hex=hex_))

    # From test to fix --------------------------------------------------------------------------

    def _add_context_menu(self, view: QTableView) -> None:
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(lambda point: self._context_menu(view, point))

    def _context_menu(self, view: QTableView, point: QPoint) -> None:
        index = view.indexAt(point)
        if not index.isValid():
            return
        menu = QMenu(view)
        hex_ = index.siblingAtColumn(0).data(Qt.ItemDataRole.UserRole)
        on_map = menu.addAction("Show on Map")
        on_map.setEnabled(isinstance(hex_, tuple))
        on_map.triggered.connect(lambda: self._focus(hex_))
        focus = self.row_focus(view, index.row())
        fix = menu.addAction("Show in Scenario")
        fix.setToolTip("Stop the test-play and show this in the scenario's panels, to fix it")
        fix.setEnabled(focus is not None)
        fix.triggered.connect(lambda: self.fix_requested.emit(focus))
        menu.exec(view.viewport().mapToGlobal(point))

    def row_focus(self, view: QTableView, row: int) -> Focus | None:
        """The scenario element behind a row of the log, objectives or arrivals table."""
        session = self.session
        if session is None:
            return None
        scenario = session.document.scenario
        if scenario is None:
            return None
        if view is self.log_view:
            source = self.log_proxy.mapToSource(self.log_proxy.index(row, 0)).row()
            event = self.log_model.event_at(source)
            return scenario_focus(scenario, session.game, event) if event else None
        if view is self.objectives_view:
            objective = session.game.state.objectives[row]
            return item_focus(scenario, ("objectives",), objective.id)
        if view is self.arrivals_view and row < len(self.arrivals_model.rows):
            reinforcement = self.arrivals_model.rows[row].reinforcement
            return item_focus(scenario, ("reinforcements",), reinforcement.id)
        return None

"""The Test-play dock: where the game stands (side to move, turn, time, weather, score), its
objectives, the coming arrivals and the event log, and the buttons that end turns and restart."""

from __future__ import annotations

import random

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.docks.base import DocumentDock
from editor.docks.table_columns import label
from editor.selection import Focus, Selection
from editor.symbols import side_color
from editor.testplay.models import ArrivalsModel, LogModel, ObjectivesModel, side_text
from editor.testplay.session import TestPlaySession
from schemas.scenario import Header

MAX_SEED = 2**31 - 1

_TIPS = {
    "side": "The side whose player turn it is: its units can be given orders",
    "turn": f"The current game turn of the scenario's {Header.model_fields['turns'].description}",
    "time": "Date and time of the current turn, and its day phase (the header's day schedule)",
    "weather": (
        "Ground conditions, storm and visibility of this turn (nominal visibility in hexes; "
        "spotting uses the effective one, after night and storm)"
    ),
    "score": (
        "Allied minus Axis victory points plus the advantage, and the outcome it gives against "
        "the victory levels if the game ended now"
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
        layout.addLayout(self._build_seed_row())
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: palette(mid);")
        layout.addWidget(self.message)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_log(), "Log")
        self.tabs.addTab(self._build_objectives(), "Objectives")
        self.tabs.addTab(self._build_arrivals(), "Arrivals")
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
        side_row = QHBoxLayout()
        side_row.addWidget(self.side_label)
        side_row.addStretch(1)
        caption = QLabel("To move:")
        caption.setToolTip(_TIPS["side"])
        form.addRow(caption, side_row)
        for text, value in (
            ("Turn:", self.turn_label),
            ("Time:", self.time_label),
            ("Weather:", self.weather_label),
            ("Score:", self.score_label),
        ):
            caption = QLabel(text)
            caption.setToolTip(value.toolTip())
            form.addRow(caption, value)
        return form

    def _build_turn_buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.end_turn_button = QPushButton("End Player Turn")
        self.end_turn_button.setToolTip(
            "End this player turn: the other side moves next, or the next game turn starts "
            "(arrivals, releases, supply, weather)"
        )
        self.end_turn_button.clicked.connect(self.end_player_turn)
        self.target_spin = QSpinBox()
        self.target_spin.setPrefix("Turn ")
        self.target_spin.setToolTip(
            "The game turn to advance to, ending every player turn on the way"
        )
        self.target_spin.valueChanged.connect(self._update_buttons)
        self.advance_button = QPushButton("Advance to")
        self.advance_button.setToolTip(
            "Play every player turn with no orders until the chosen turn starts (click again to "
            "stop)"
        )
        self.advance_button.clicked.connect(self._advance_or_stop)
        row.addWidget(self.end_turn_button)
        row.addStretch(1)
        row.addWidget(self.advance_button)
        row.addWidget(self.target_spin)
        return row

    def _build_seed_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        caption = QLabel("Seed:")
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, MAX_SEED)
        self.seed_spin.setToolTip(
            "The random seed of the game: the same scenario, seed and orders give the same game"
        )
        caption.setToolTip(self.seed_spin.toolTip())
        self.restart_button = QPushButton("Restart")
        self.restart_button.setToolTip("Start the test-play again from turn 1 with this seed")
        self.restart_button.clicked.connect(self.restart)
        self.new_seed_button = QPushButton("Restart with New Seed")
        self.new_seed_button.setToolTip("Start again from turn 1 with a random seed")
        self.new_seed_button.clicked.connect(self.restart_with_new_seed)
        row.addWidget(caption)
        row.addWidget(self.seed_spin)
        row.addStretch(1)
        row.addWidget(self.restart_button)
        row.addWidget(self.new_seed_button)
        return row

    def _build_log(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 4, 0, 0)
        self.log_filter = QLineEdit()
        self.log_filter.setPlaceholderText("Filter events")
        self.log_filter.setClearButtonEnabled(True)
        self.log_filter.setToolTip("Show only the events whose text contains this")
        self.log_filter.textChanged.connect(self.log_proxy.setFilterFixedString)
        self.log_view = _table(self.log_proxy)
        _fit_columns(self.log_view, 1, {0: 4, 2: 8})
        self.log_view.horizontalHeader().moveSection(2, 1)
        self.log_view.setWordWrap(False)
        self.log_view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.log_view.doubleClicked.connect(self._jump_to_event)
        layout.addWidget(self.log_filter)
        layout.addWidget(self.log_view)
        return page

    def _build_objectives(self) -> QWidget:
        self.objectives_view = _table(self.objectives_model)
        _fit_columns(self.objectives_view, 0, {1: 8, 2: 9, 3: 6})
        self.objectives_view.doubleClicked.connect(self._jump_to_row_hex)
        return self.objectives_view

    def _build_arrivals(self) -> QWidget:
        self.arrivals_view = _table(self.arrivals_model)
        _fit_columns(self.arrivals_view, 2, {0: 4, 1: 14, 3: 8})
        self.arrivals_view.doubleClicked.connect(self._jump_to_row_hex)
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
        self.session = session
        if session is not None:
            session.changed.connect(self._on_changed)
            session.events_added.connect(self._on_events)
            session.busy_changed.connect(self._update_buttons)
            session.restarted.connect(self._on_restarted)
            session.failed.connect(self.message.setText)
            self.seed_spin.setValue(session.seed)
        for model in (self.objectives_model, self.arrivals_model, self.log_model):
            model.set_session(session)
        self.message.clear()
        self._refresh()
        self.log_view.scrollToBottom()

    def end_player_turn(self) -> None:
        """End the current player turn."""
        if self.session is not None:
            self.session.end_player_turn()

    def advance(self, turn: int | None = None) -> None:
        """Play on to the start of `turn` (the spin box's turn by default)."""
        if self.session is not None:
            self.session.advance_to(turn if turn is not None else self.target_spin.value())

    def restart(self) -> None:
        """Start the game again with the seed in the spin box."""
        if self.session is not None:
            self.session.restart(self.seed_spin.value())

    def restart_with_new_seed(self) -> None:
        """Start the game again with a random seed, shown in the spin box."""
        if self.session is not None:
            seed = random.randint(1, MAX_SEED)  # a game seed, not a secret
            self.seed_spin.setValue(seed)
            self.session.restart(seed)

    def _advance_or_stop(self) -> None:
        if self.session is not None and self.session.target_turn is not None:
            self.session.cancel_advance()
        else:
            self.advance()

    def _on_changed(self) -> None:
        self.objectives_model.refresh()
        self.arrivals_model.refresh()
        self._refresh()

    def _on_events(self, _events: list[object]) -> None:
        at_bottom = self._log_at_bottom()
        self.log_model.append_logged()
        if at_bottom:
            self.log_view.scrollToBottom()

    def _on_restarted(self) -> None:
        for model in (self.objectives_model, self.arrivals_model, self.log_model):
            model.set_session(self.session)
        self.message.clear()
        if self.session is not None:
            self.seed_spin.setValue(self.session.seed)

    def _log_at_bottom(self) -> bool:
        bar = self.log_view.verticalScrollBar()
        return bar.value() >= bar.maximum() - 2

    # Showing -----------------------------------------------------------------------------------

    def _refresh(self) -> None:
        session = self.session
        if session is None:
            for value in (self.turn_label, self.time_label, self.weather_label, self.score_label):
                value.setText("")
            self.side_label.setText("No test-play running")
            self.side_label.setStyleSheet("")
            self._update_buttons()
            return
        game = session.game
        last = session.scenario.header.turns
        side = game.phasing
        color = side_color(side)
        self.side_label.setText(f"<b>{side_text(side)}</b>")
        self.side_label.setStyleSheet(
            f"background: {color.name()}; color: #1E1E1E; border-radius: 3px; padding: 1px 6px;"
        )
        self.turn_label.setText(f"{game.turn} of {last}")
        self.time_label.setText(f"{game.time:%a %d %b %Y, %H:%M} ({label(game.phase).lower()})")
        weather = game.weather
        storm = "storm" if weather.storm else "no storm"
        self.weather_label.setText(
            f"{label(weather.condition)}, {storm}, visibility {weather.visibility} hexes "
            f"(effective {weather.effective_visibility})"
        )
        score = game.score()
        over = ""
        if game.result is not None:
            over = "<br><b>Game over</b>" + (" (early termination)" if game.result.early else "")
        self.score_label.setText(score.describe() + over)
        self._update_buttons()

    def _update_buttons(self, *_args: object) -> None:
        session = self.session
        running = session is not None and not session.game.is_over
        busy = session is not None and session.is_busy
        advancing = session is not None and session.target_turn is not None
        self.end_turn_button.setEnabled(running and not busy)
        self.restart_button.setEnabled(session is not None and not busy)
        self.new_seed_button.setEnabled(session is not None and not busy)
        self.seed_spin.setEnabled(session is not None and not busy)
        if session is not None:
            game = session.game
            last = session.scenario.header.turns
            self.target_spin.blockSignals(True)
            self.target_spin.setRange(min(game.turn + 1, last), last)
            self.target_spin.blockSignals(False)
        self.target_spin.setEnabled(running and not busy)
        self.advance_button.setText("Stop" if advancing else "Advance to")
        self.advance_button.setEnabled(advancing or (running and not busy))
        if busy:
            target = session.target_turn if session is not None else None
            self.message.setText(f"Playing to turn {target}…" if target else "Computing the turn…")
        elif self.message.text().startswith(("Playing", "Computing")):
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

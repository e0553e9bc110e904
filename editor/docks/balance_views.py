"""The pages of the Balance panel below its controls: the three charts (side by side when the
panel is wide enough, else as tabs), the list of games with Open in Test-play and Save Play
File…, and the A/B view of a comparison."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    Qt,
    Signal,
)
from PySide6.QtGui import QFontMetrics, QPainter, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QBoxLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QStackedWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor import icons
from editor.docks.balance_charts import LevelChart, ScoreChart
from editor.docks.balance_holds import HoldChart
from editor.docks.balance_plot import PlotFrame
from editor.docks.balance_tables import COMPARISON_COLUMNS, ComparisonModel, GamesModel

if TYPE_CHECKING:
    from engine.balance import BalanceSummary, Comparison, GameRecord

SIDE_BY_SIDE_CHART = 300
"""From this width per chart on, the three charts sit side by side; narrower, they are tabs."""

FIGURE_LEAST = 18
"""The A/B table's figure column is never narrower than this many M's (where its names need
them): a victory level's name whole, on the narrowest panel too."""
TEST_LEAST = 8
"""… nor so wide that the test's column (last) has fewer than this many M's."""

SAVE_TIP = (
    "Save the selected game as a play file: its seed and orders, which the test-play opens "
    "and `hexwright replay` replays to the result listed"
)
NOTHING_TO_SAVE = "Select a game to save it as a play file"


def why_not_saved(record: GameRecord) -> str:
    """Why a listed game cannot be saved as a play file; empty when it can."""
    if record.error is not None:
        return (
            f"Seed {record.seed} failed, so there is no game to save "
            "(test-play the seed to see why)"
        )
    if not record.orders:
        return f"Seed {record.seed} was kept without its orders: run again to save its game"
    return ""


class ChartsPage(QWidget):
    """The three charts, in a row or as tabs by the room the panel has."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.levels = LevelChart(self)
        self.score = ScoreChart(self)
        self.holds = HoldChart(self)
        self.charts: tuple[PlotFrame, ...] = (self.levels, self.score, self.holds)
        self.row = QWidget(self)
        self.row_layout = QHBoxLayout(self.row)
        self.row_layout.setContentsMargins(0, 0, 0, 0)
        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.row)
        self.stack.addWidget(self.tabs)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)
        self.arrangement = ""
        """"row" or "tabs"."""
        self.names = ["Victory levels", "Score by turn", "Objectives"]
        """The charts' tab names when they are tabs."""
        self._arrange("tabs")

    def name_holds(self, tab: str, title: str) -> None:
        """Name the hold chart for a ruleset whose objectives are called otherwise (Tactical
        GameX's victory hexes)."""
        self.names[2] = tab
        self.holds.title = title
        self.holds.update()
        index = self.tabs.indexOf(self.holds)
        if index >= 0:
            self.tabs.setTabText(index, tab)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        wide = event.size().width() >= SIDE_BY_SIDE_CHART * len(self.charts)
        self._arrange("row" if wide else "tabs")

    def _arrange(self, arrangement: str) -> None:
        if arrangement == self.arrangement:
            return
        self.arrangement = arrangement
        names = self.names
        if arrangement == "row":
            self.tabs.clear()
            for chart in self.charts:
                self.row_layout.addWidget(chart, 1)
            self.stack.setCurrentWidget(self.row)
        else:
            for chart, name in zip(self.charts, names, strict=True):
                self.row_layout.removeWidget(chart)
                self.tabs.addTab(chart, name)
            self.stack.setCurrentWidget(self.tabs)
        for chart in self.charts:
            chart.show_title = arrangement == "row"  # as tabs, the tab names the chart
            chart.show()


def _table(parent: QWidget, name: str) -> QTableView:
    table = QTableView(parent)
    table.setObjectName(name)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
    table.horizontalHeader().setStretchLastSection(True)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    return table


class GamesPage(QWidget):
    """The games of the open document's run, highest score first, the median and extreme games
    in bold; Open in Test-play (or a double-click) watches a game again, Save Play File… writes
    it as the file the test-play opens and `hexwright replay` replays."""

    play_requested = Signal(int)
    """The seed of a game to open in test-play."""
    save_requested = Signal(int)
    """The seed of a game to save as a play file."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = GamesModel(self)
        self.table = _table(self, "balance-games")
        self.table.setModel(self.model)
        self.open_button = QPushButton(icons.icon("play"), "Open in Test-play", self)
        self.open_button.setToolTip(
            "Open the selected game in test-play: its orders replayed with its seed, the "
            "computer playing both sides, to the result listed"
        )
        self.open_button.setEnabled(False)
        self.save_button = QPushButton(icons.icon("save"), "Save Play File…", self)
        self.save_button.setEnabled(False)
        self.save_button.setToolTip(NOTHING_TO_SAVE)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.save_button)
        buttons.addStretch(1)
        # The note beside the buttons, or under them on a narrow panel (200 %), where beside
        # them it would wrap into a column of words and push the games out of sight.
        self.top = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.top.addLayout(buttons)
        self.top.addWidget(self.note, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.top)
        layout.addWidget(self.table, 1)
        self.open_button.clicked.connect(self._open_selected)
        self.save_button.clicked.connect(self._save_selected)
        self.table.doubleClicked.connect(self._open_at)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._show_menu)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.model.modelReset.connect(self._selection_changed)

    def resizeEvent(self, event: QResizeEvent) -> None:
        buttons = self.open_button.sizeHint().width() + self.save_button.sizeHint().width()
        room = event.size().width() - buttons - self.fontMetrics().horizontalAdvance("M" * 24)
        self.top.setDirection(
            QBoxLayout.Direction.LeftToRight if room >= 0 else QBoxLayout.Direction.TopToBottom
        )
        super().resizeEvent(event)

    def show_games(self, records: Sequence[GameRecord], summary: BalanceSummary | None) -> None:
        """List a run's games, with its mean score and failed seeds above them."""
        self.model.set_records(records, summary)
        notes = []
        if summary is not None and summary.games:
            notes.append(
                f"{summary.games} games played: mean score {summary.score_mean:.0f}, "
                f"standard deviation {summary.score_sd:.0f}."
            )
        if summary is not None and summary.failed_seeds:
            seeds = ", ".join(str(seed) for seed in summary.failed_seeds)
            notes.append(f"Failed: seed {seeds} (test-play them to see why).")
        self.note.setText(" ".join(notes))

    def selected_record(self) -> GameRecord | None:
        """The selected game, failed or not."""
        rows = self.table.selectionModel().selectedRows()
        return self.model.record(rows[0].row()) if rows else None

    def selected_seed(self) -> int | None:
        """The seed of the selected game, if one is selected and did not fail."""
        record = self.selected_record()
        return record.seed if record is not None and record.error is None else None

    def select_seed(self, seed: int) -> None:
        """Select a game by its seed."""
        row = self.model.row_of(seed)
        if row is not None:
            self.table.selectRow(row)

    def _selection_changed(self, *_args: object) -> None:
        self.open_button.setEnabled(self.selected_seed() is not None)
        record = self.selected_record()
        why_not = why_not_saved(record) if record is not None else NOTHING_TO_SAVE
        self.save_button.setEnabled(not why_not)
        self.save_button.setToolTip(why_not or SAVE_TIP)

    def _open_selected(self) -> None:
        seed = self.selected_seed()
        if seed is not None:
            self.play_requested.emit(seed)

    def _save_selected(self) -> None:
        record = self.selected_record()
        if record is not None and not why_not_saved(record):
            self.save_requested.emit(record.seed)

    def menu_at(self, row: int) -> QMenu:
        """The context menu of a listed game: Open in Test-play (not for a failed game) and
        Save Play File… (disabled, saying why, for a failed game)."""
        record = self.model.record(row)
        menu = QMenu(self.table)
        menu.setToolTipsVisible(True)
        if record.error is None:
            action = menu.addAction(icons.icon("play"), f"Open Seed {record.seed} in Test-play")
            action.setToolTip(self.open_button.toolTip())
            action.triggered.connect(lambda: self.play_requested.emit(record.seed))
        save = menu.addAction(icons.icon("save"), "Save Play File…")
        why_not = why_not_saved(record)
        save.setEnabled(not why_not)
        save.setToolTip(why_not or SAVE_TIP)
        save.triggered.connect(lambda: self.save_requested.emit(record.seed))
        return menu

    def _show_menu(self, position: QPoint) -> None:
        index = self.table.indexAt(position)
        if index.isValid():
            menu = self.menu_at(index.row())
            self.table.selectRow(index.row())
            menu.exec(self.table.viewport().mapToGlobal(position))
            menu.deleteLater()

    def _open_at(self, index: QModelIndex) -> None:
        record = self.model.record(index.row())
        if record.error is None:
            self.play_requested.emit(record.seed)


def figure_elided(text: str, metrics: QFontMetrics, width: int) -> str:
    """A figure's name within `width`: whole if it fits; a renamed level ("German minor (was
    'German marginal')") then loses its old name first ("German minor (was …)", then "German
    minor*", as the chart marks it); what is still too long is cut in its middle, keeping both
    of its ends (an objective's name and its side)."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    new, renamed, _old = text.partition(" (was ")
    if renamed:
        for shorter in (f"{new} (was …)", f"{new}*"):
            if metrics.horizontalAdvance(shorter) <= width:
                return shorter
        text = f"{new}*"
    return metrics.elidedText(text, Qt.TextElideMode.ElideMiddle, width)


class _FigureCells(QStyledItemDelegate):
    """The figure's column: a name too long for it shortened by `figure_elided` (its whole
    text is the row's tool tip)."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        cell = QStyleOptionViewItem(option)
        self.initStyleOption(cell, index)
        widget = cell.widget
        style = widget.style() if widget is not None else QApplication.style()
        text_rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, cell, widget)
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1
        cell.text = figure_elided(cell.text, cell.fontMetrics, text_rect.width() - 2 * margin)
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, cell, painter, widget)


class ComparePage(QWidget):
    """The A/B view: which two versions were played on which seeds, and the table of figures
    with their differences, p-values and tests."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = ComparisonModel(self)
        self.heading = QLabel(self)
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.heading.setText(
            "No comparison yet. <b>A/B Saved</b> plays the saved file and the open "
            "document on the same seeds; <b>A/B File…</b> plays another scenario against the "
            "open one."
        )
        self.table = _table(self, "balance-comparison")
        self.table.setModel(self.model)
        # Objectives' figures and renamed levels ("German minor (was 'German marginal')") are
        # long, and the verdict must stay in view on a laptop: the figure's column takes what
        # its names need of the room the figures leave, the test's names (last) the rest, and
        # a name longer than that is shortened by `figure_elided`.
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(len(COMPARISON_COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.setItemDelegateForColumn(0, _FigureCells(self.table))
        self.table.setColumnWidth(0, self.fontMetrics().horizontalAdvance("M" * FIGURE_LEAST))
        self.fitted_by_hand = False
        """Whether the designer dragged the figure's column: it then keeps their width."""
        self._fitting = False
        header.sectionResized.connect(self._column_dragged)
        self.model.modelReset.connect(self.fit_figures)
        self.table.installEventFilter(self)
        self.table.viewport().installEventFilter(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.table, 1)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The viewport's new size (the table's own event comes before its viewport is laid
        # out), and the table shown: a page of the tabs is laid out while hidden.
        watching = (self.table.viewport(), QEvent.Type.Resize), (self.table, QEvent.Type.Show)
        if (watched, event.type()) in watching:
            self.fit_figures()
        return super().eventFilter(watched, event)

    def fit_figures(self) -> None:
        """Size the figure's column to its longest name, within the room the other columns
        leave (the test's at least `TEST_LEAST` M's), but to `FIGURE_LEAST` M's at least where
        its names need them; a width the designer dragged stays."""
        if self.fitted_by_hand:
            return
        table, header = self.table, self.table.horizontalHeader()
        metrics = table.fontMetrics()
        last = len(COMPARISON_COLUMNS) - 1
        # The figures' columns fit their contents, which they may not have been laid out to yet.
        others = sum(
            max(table.columnWidth(c), table.sizeHintForColumn(c), header.sectionSizeHint(c))
            for c in range(1, last)
        )
        room = table.viewport().width() - others - metrics.horizontalAdvance("M" * TEST_LEAST)
        wanted = max(table.sizeHintForColumn(0), header.sectionSizeHint(0))
        width = min(wanted, max(metrics.horizontalAdvance("M" * FIGURE_LEAST), room))
        self._fitting = True
        try:
            table.setColumnWidth(0, width)
        finally:
            self._fitting = False

    def _column_dragged(self, index: int, _old: int, _new: int) -> None:
        # Only the fitting and the designer's drag resize this column (the others fit their
        # contents or stretch).
        if index == 0 and not self._fitting:
            self.fitted_by_hand = True

    def show_comparison(
        self, result: Comparison, labels: tuple[str, str], seeds: int, names: dict[str, str]
    ) -> None:
        """Show a comparison of the versions named `labels` on seeds 1 to `seeds`."""
        self.model.set_comparison(result, names)
        a, b = labels
        left_out = ""
        if result.unpaired_seeds:
            left_out = (
                f" Left out (failed in A or B): seeds {', '.join(map(str, result.unpaired_seeds))}."
            )
        renamed = ""
        if any(" (was " in self.model.figure_text(row) for row in self.model.rows):
            renamed = (
                " A level B renamed gives its old name after it, or a * where the column is too "
                "narrow (its tool tip gives it whole)."
            )
        self.heading.setText(
            f"<b>A</b>: {a} &nbsp; <b>B</b>: {b} &nbsp; — {result.pairs} games paired by seed "
            f"(seeds 1 to {seeds}); a difference is significant at p &lt; 0.05.{left_out}"
            f"{renamed}"
        )

"""The day schedule of a scenario header as an editable table: dawn, day, dusk and night
periods with their start times and turn lengths, and the turns each period gives a day."""

from __future__ import annotations

from collections import Counter
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTime,
    Signal,
)
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from editor.commands import InsertItems, RemoveItems, SetValue
from editor.document import Change, ChangeAction, Document
from editor.model_paths import EditError, validate_at
from editor.widgets.fields import MessageLabel, markup, readable_error
from schemas.io import FileKind
from schemas.panzer_campaigns.checks.scenario_settings import day_turn_starts
from schemas.panzer_campaigns.scenario import DayPhase, Header, PhasePeriod
from schemas.problems import ModelPath, Problem

SCHEDULE: ModelPath = ("header", "day_schedule")
_DAY = 24 * 60
_NEXT_PHASE = {
    DayPhase.NIGHT: DayPhase.DAWN,
    DayPhase.DAWN: DayPhase.DAY,
    DayPhase.DAY: DayPhase.DUSK,
    DayPhase.DUSK: DayPhase.NIGHT,
}

Index = QModelIndex | QPersistentModelIndex


def clock_text(minutes: int) -> str:
    """Minutes after midnight as HH:MM.

    >>> clock_text(1080)
    '18:00'
    """
    return f"{minutes // 60 % 24:02d}:{minutes % 60:02d}"


class DayScheduleModel(QAbstractTableModel):
    """An adapter over `header.day_schedule` of the document's scenario: one row per period."""

    PHASE, START, LENGTH, TURNS = range(4)
    FIELDS = ("phase", "start", "turn_minutes")
    HEADERS = ("Phase", "Starts", "Turn length", "Turns a day")
    COMMANDS = ("Set Period Phase", "Set Period Start", "Set Period Turn Length")

    message = Signal(str)
    """Why an entered value was refused; empty when the last one was taken."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: Document | None = None
        self._pending: ChangeAction | None = None

    def set_document(self, document: Document | None) -> None:
        """Show another document's schedule."""
        self.beginResetModel()
        if self.document is not None:
            self.document.about_to_change.disconnect(self._about_to_change)
            self.document.changed.disconnect(self._changed)
        self.document = document
        if document is not None:
            document.about_to_change.connect(self._about_to_change)
            document.changed.connect(self._changed)
        self.endResetModel()

    # Reading ----------------------------------------------------------------------------------

    def schedule(self) -> list[PhasePeriod]:
        """The periods shown."""
        return self.document.scenario.header.day_schedule if self.document else []

    def turn_starts(self) -> tuple[list[tuple[int, int]], list[Problem]]:
        """Every turn start of a day as (minute, period row), and the schedule's problems."""
        document = self.document
        if document is None:
            return [], []

        def build() -> tuple[list[tuple[int, int]], list[Problem]]:
            header = document.scenario.header
            return day_turn_starts(header.day_schedule, header.minutes_per_turn)

        return document.cached(FileKind.SCENARIO, "scenario_dock.day_turn_starts", build)

    def _row_problems(self, row: int) -> list[str]:
        return [
            p.message
            for p in self.turn_starts()[1]
            if tuple(p.path[:3]) == (*SCHEDULE, row) or (p.path == SCHEDULE)
        ]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.schedule())

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() != self.TURNS:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation is not Qt.Orientation.Horizontal or not 0 <= section < len(self.HEADERS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._column_tip(section)
        return None

    def _column_tip(self, column: int) -> str:
        if column == self.TURNS:
            return "<p>The turns that start in this period each day, and their start times.</p>"
        description = PhasePeriod.model_fields[self.FIELDS[column]].description or ""
        return f"<p>{markup(description)}</p>"

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        periods = self.schedule()
        if not index.isValid() or not 0 <= index.row() < len(periods):
            return None
        period = periods[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(index.row(), column, period)
        if role == Qt.ItemDataRole.EditRole:
            if column == self.PHASE:
                return period.phase.value
            if column == self.START:
                return QTime(period.start // 60, period.start % 60)
            if column == self.LENGTH:
                return period.turn_minutes or 0
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tip(index.row(), column, period)
        if role == Qt.ItemDataRole.DecorationRole and column == self.START:
            if self._row_problems(index.row()):
                return QApplication.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
            return None
        if role == Qt.ItemDataRole.ForegroundRole:
            if column == self.TURNS or (column == self.LENGTH and period.turn_minutes is None):
                return QPalette().brush(QPalette.ColorRole.PlaceholderText)
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (self.START, self.LENGTH):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _tip(self, row: int, column: int, period: PhasePeriod) -> str:
        problems = self._row_problems(row) if column == self.START else []
        if problems:
            return "".join(f"<p>⚠ {markup(text)}</p>" for text in problems)
        if column == self.LENGTH and period.turn_minutes is None:
            return "<p>The header's turn length (Time ▸ Turn length).</p>" + self._column_tip(
                column
            )
        if column == self.TURNS:
            starts, broken = self.turn_starts()
            times = [clock_text(minute) for minute, number in starts if number == row]
            if times and not broken:
                return f"<p>{len(times)} turns start at {', '.join(times)}.</p>"
        return self._column_tip(column)

    def _display(self, row: int, column: int, period: PhasePeriod) -> str:
        if column == self.PHASE:
            return period.phase.value.capitalize()
        if column == self.START:
            return clock_text(period.start)
        if column == self.LENGTH:
            if period.turn_minutes is not None:
                return f"{period.turn_minutes} min"
            assert self.document is not None
            return f"({self.document.scenario.header.minutes_per_turn} min)"
        starts, problems = self.turn_starts()
        if problems:
            return "—"
        times = [clock_text(minute) for minute, number in starts if number == row]
        shown = ", ".join(times) if len(times) <= 3 else f"{times[0]}, {times[1]} … {times[-1]}"
        return f"{len(times)}   {shown}"

    # Editing ----------------------------------------------------------------------------------

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        document = self.document
        if (
            document is None
            or role != Qt.ItemDataRole.EditRole
            or not index.isValid()
            or index.column() == self.TURNS
        ):
            return False
        column = index.column()
        if column == self.START and isinstance(value, QTime):
            value = value.hour() * 60 + value.minute()
        elif column == self.LENGTH:
            value = int(value) or None
        name = self.FIELDS[column]
        path = (*SCHEDULE, index.row(), name)
        label = self.HEADERS[column]
        try:
            value = validate_at(document.scenario, path, value)
        except EditError as exc:
            self.message.emit(readable_error(label, exc))
            return False
        self.message.emit("")
        if value != getattr(self.schedule()[index.row()], name):
            document.push(SetValue(document, FileKind.SCENARIO, path, value, self.COMMANDS[column]))
        return True

    # Following the document ---------------------------------------------------------------------

    def _about_to_change(self, change: Change) -> None:
        if change.kind is not FileKind.SCENARIO:
            return
        path = tuple(change.path)
        if path == SCHEDULE and change.action is ChangeAction.INSERT:
            self.beginInsertRows(QModelIndex(), change.first, change.first + change.count - 1)
            self._pending = ChangeAction.INSERT
        elif path == SCHEDULE and change.action is ChangeAction.REMOVE:
            self.beginRemoveRows(QModelIndex(), change.first, change.first + change.count - 1)
            self._pending = ChangeAction.REMOVE
        elif change.action is ChangeAction.RESET or SCHEDULE[: len(path)] == path:
            self.beginResetModel()
            self._pending = ChangeAction.RESET

    def _changed(self, change: Change) -> None:
        pending, self._pending = self._pending, None
        if pending is ChangeAction.INSERT:
            self.endInsertRows()
        elif pending is ChangeAction.REMOVE:
            self.endRemoveRows()
        elif pending is ChangeAction.RESET:
            self.endResetModel()
        if change.kind is FileKind.SCENARIO and change.touches(("header",)) and self.rowCount():
            # Turn starts and default lengths depend on every period and on minutes_per_turn.
            last = self.index(self.rowCount() - 1, self.columnCount() - 1)
            self.dataChanged.emit(self.index(0, 0), last)


class DayScheduleDelegate(QStyledItemDelegate):
    """Editors for the schedule's cells: a phase list, a time of day, a turn length."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        column = index.column()
        if column == DayScheduleModel.PHASE:
            combo = QComboBox(parent)
            for phase in DayPhase:
                combo.addItem(phase.value.capitalize(), phase.value)
            combo.activated.connect(lambda _: self._finish(combo))
            return combo
        if column == DayScheduleModel.START:
            time = QTimeEdit(parent)
            time.setDisplayFormat("HH:mm")
            return time
        spin = QSpinBox(parent)
        spin.setRange(0, _DAY)
        spin.setSingleStep(15)
        spin.setSuffix(" min")
        spin.setSpecialValueText("default")
        return spin

    def _finish(self, editor: QWidget) -> None:
        self.commitData.emit(editor)
        self.closeEditor.emit(editor)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        value = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(editor.findData(value))
        elif isinstance(editor, QTimeEdit):
            editor.setTime(value)
        elif isinstance(editor, QSpinBox):
            editor.setValue(int(value))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData())
        elif isinstance(editor, QTimeEdit):
            model.setData(index, editor.time())
        elif isinstance(editor, QSpinBox):
            editor.interpretText()
            model.setData(index, editor.value())


def new_period(schedule: list[PhasePeriod], after: int, minutes_per_turn: int) -> PhasePeriod:
    """A period to insert after row `after`: the next kind of turn, starting one turn into the
    current period (or halfway to the next one when that period has a single turn).

    >>> day = [PhasePeriod(phase="day", start="06:00"), PhasePeriod(phase="night", start="18:00")]
    >>> period = new_period(day, 0, 120)
    >>> period.phase.value, clock_text(period.start)
    ('dusk', '08:00')
    """
    current = schedule[after]
    end = schedule[after + 1].start if after + 1 < len(schedule) else _DAY
    start = current.start + (current.turn_minutes or minutes_per_turn)
    if start >= end:
        start = (current.start + end) // 2 // 5 * 5
    return PhasePeriod(phase=_NEXT_PHASE[current.phase], start=min(start, _DAY - 5))


class DayScheduleEditor(QWidget):
    """The day schedule table with buttons to add and delete periods, the message of a refused
    value and a summary of the turns of a day."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: Document | None = None
        self.model = DayScheduleModel(self)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.setItemDelegate(DayScheduleDelegate(self.view))
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.SelectedClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.view.verticalHeader().setVisible(False)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        self.view.setToolTip(markup(Header.model_fields["day_schedule"].description or ""))
        header = self.view.horizontalHeader()
        header.setHighlightSections(False)
        metrics = self.fontMetrics()
        for column, sample in enumerate(("Night  ▾", "00:00 ", "Turn length")):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(column, metrics.horizontalAdvance(sample) + 28)
        header.setStretchLastSection(True)
        self.view.verticalHeader().setDefaultSectionSize(metrics.height() + 10)

        self.add_button = QPushButton("Add Period")
        self.add_button.setToolTip("Add a period after the selected one")
        self.remove_button = QPushButton("Delete Period")
        self.remove_button.setToolTip("Delete the selected periods (a day needs at least one)")
        self.add_button.clicked.connect(self.add_period)
        self.remove_button.clicked.connect(self.remove_selected)
        self.message = MessageLabel(self)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("color: palette(placeholder-text);")

        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.view)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        layout.addWidget(self.summary)

        self.model.message.connect(self.message.set_message)
        for signal in (self.model.rowsInserted, self.model.rowsRemoved, self.model.modelReset):
            signal.connect(self._fit_height)
        self.view.selectionModel().selectionChanged.connect(self._update_buttons)
        self.model.dataChanged.connect(self._update_summary)
        self.model.modelReset.connect(self._update_summary)
        self._fit_height()
        self._update_buttons()

    def set_document(self, document: Document | None) -> None:
        """Edit another document's schedule."""
        self.document = document
        self.model.set_document(document)
        self.message.set_message(None)
        self.setEnabled(document is not None)
        self._update_summary()
        self._update_buttons()

    def _fit_height(self) -> None:
        # The whole day fits without an inner scroll bar: the dock scrolls as one page.
        rows = max(self.model.rowCount(), 1)
        height = self.view.horizontalHeader().sizeHint().height() + 2 * self.view.frameWidth()
        height += rows * self.view.verticalHeader().defaultSectionSize()
        self.view.setFixedHeight(height)
        self._update_buttons()

    def selected_rows(self) -> list[int]:
        """The rows of the selected periods."""
        return sorted({index.row() for index in self.view.selectionModel().selectedRows()})

    def _update_buttons(self) -> None:
        rows = self.selected_rows()
        count = self.model.rowCount()
        self.add_button.setEnabled(self.document is not None and count > 0)
        self.remove_button.setEnabled(bool(rows) and len(rows) < count)

    def _update_summary(self) -> None:
        starts, problems = self.model.turn_starts()
        if self.document is None or problems or not starts:
            self.summary.setText("")
            self.summary.setVisible(False)
            return
        self.summary.setVisible(True)
        schedule = self.model.schedule()
        phases = Counter(schedule[number].phase for _, number in starts)
        parts = [f"{phases[phase]} {phase.value}" for phase in DayPhase if phases[phase]]
        self.summary.setText(f"{len(starts)} turns a day: " + ", ".join(parts))

    def add_period(self) -> None:
        """Insert a new period after the selected one (after the last when none is)."""
        document = self.document
        if document is None:
            return
        schedule = self.model.schedule()
        rows = self.selected_rows()
        after = rows[-1] if rows else len(schedule) - 1
        period = new_period(schedule, after, document.scenario.header.minutes_per_turn)
        document.push(
            InsertItems(
                document,
                FileKind.SCENARIO,
                SCHEDULE,
                index=after + 1,
                items=[period],
                text="Add Day Period",
            )
        )
        self.view.selectRow(after + 1)

    def remove_selected(self) -> None:
        """Delete the selected periods, keeping at least one."""
        document = self.document
        rows = self.selected_rows()
        if document is None or not rows or len(rows) >= self.model.rowCount():
            return
        text = "Delete Day Period" if len(rows) == 1 else "Delete Day Periods"
        document.push(RemoveItems(document, FileKind.SCENARIO, SCHEDULE, rows, text))

    def show_focus(self, rest: ModelPath = ()) -> QWidget:
        """Focus the table, on the period (and field) at `rest` when it names one."""
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)
        if rest and isinstance(rest[0], int) and 0 <= rest[0] < self.model.rowCount():
            column = 0
            if len(rest) > 1 and rest[1] in DayScheduleModel.FIELDS:
                column = DayScheduleModel.FIELDS.index(str(rest[1]))
            index = self.model.index(rest[0], column)
            self.view.selectRow(rest[0])
            self.view.setCurrentIndex(index)
        return self.view

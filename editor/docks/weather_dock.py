"""The Weather dock: the programmed weather rows, editable in place, a chart of what each day
of the scenario may bring, and import and export of the games' Weather.dat."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor import icons
from editor.commands import InsertItems, RemoveItems, SetValue
from editor.docks.base import DocumentDock
from editor.docks.weather_chart import WeatherChart
from editor.docks.weather_models import WeatherOutlook, WeatherRowsModel, weather_outlook
from editor.document import Change, Document
from editor.selection import Focus
from schemas.io import FileKind, write_atomic
from schemas.panzer_campaigns.weather_dat import format_weather_dat, parse_weather_dat
from schemas.reading import read_regular_file

Index = QModelIndex | QPersistentModelIndex

_INVALID_STYLE = "background: #fdecea; border: 1px solid #c0392b;"
_SIDE_BY_SIDE_WIDTH = 1100
"""From this dock width on, the table and the chart sit side by side."""
_STACKED_HEIGHT = 440
"""From this dock height on (and narrower than side by side), one above the other; else tabs."""
_DAT_FILTER = "Weather.dat files (*.dat);;All files (*)"


class _CheckingDelegate(QStyledItemDelegate):
    """A line editor that marks text the row would refuse while it is typed."""

    problem = Signal(str)

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = QLineEdit(parent)
        model = index.model()

        def check(text: str) -> None:
            error = model.check(index, text) if isinstance(model, WeatherRowsModel) else None
            editor.setStyleSheet(_INVALID_STYLE if error else "")
            editor.setToolTip(error or "")
            self.problem.emit(error or "")

        editor.textEdited.connect(check)
        return editor

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if isinstance(editor, QLineEdit):
            editor.setText(str(index.data(Qt.ItemDataRole.EditRole) or ""))
            editor.selectAll()

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QLineEdit):
            self.problem.emit("")
            model.setData(index, editor.text(), Qt.ItemDataRole.EditRole)


class WeatherDock(DocumentDock):
    """Programmed weather: rows, chart, Weather.dat import and export; an explanation when the
    scenario has no weather file."""

    title = "Weather"
    object_name = "weather"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea
    built_when_shown = True

    def build(self) -> None:
        body = QWidget(self)
        # Short words with icons, the file named in the tooltips: the longer captions made the
        # bottom panel wider than a laptop's screen.
        self.add_button = QPushButton(icons.icon("plus"), "Add", body)
        self.add_button.setToolTip("Add a row the day after the selected one")
        self.delete_button = QPushButton(icons.icon("trash-2"), "Delete", body)
        self.delete_button.setToolTip("Delete the selected rows (Del)")
        self.import_button = QPushButton(icons.icon("file-input"), "Import…", body)
        self.import_button.setToolTip(
            "Import Weather.dat: replace the rows with those of a game's Weather.dat"
        )
        self.export_button = QPushButton(icons.icon("file-output"), "Export…", body)
        self.export_button.setToolTip(
            "Export Weather.dat: write the rows as a Weather.dat the games read"
        )
        self.note = QLabel(body)
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #8a5a00;")

        self.model = WeatherRowsModel(self)
        self.table = QTableView(body)
        self.table.setObjectName("weather-rows")
        self.table.setModel(self.model)
        self.delegate = _CheckingDelegate(self.table)
        self.table.setItemDelegate(self.delegate)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
            | QAbstractItemView.EditTrigger.SelectedClicked
        )
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        for column, width in enumerate((100, 72, 62, 58, 62, 68, 48, 60, 62, 56)):
            self.table.setColumnWidth(column, width)
        delete = QAction("Delete Rows", self.table)
        delete.setShortcut(QKeySequence.StandardKey.Delete)
        delete.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        delete.triggered.connect(self.delete_rows)
        self.table.addAction(delete)
        self.chart = WeatherChart(body)
        self.status = QLabel(body)
        self.status.setStyleSheet("color: #b0281e;")
        self.status.hide()

        self.split = QSplitter(Qt.Orientation.Horizontal, body)
        self.split.addWidget(self.table)
        self.split.addWidget(self.chart)
        self.split.setStretchFactor(1, 1)
        self.split.setChildrenCollapsible(False)
        self.tabs = QTabWidget(body)
        self.tabs.setDocumentMode(True)
        self.arrangement = ""
        """How the table and chart share the dock: "side", "stacked" or "tabs"."""
        editor = QWidget(body)
        editor_layout = QVBoxLayout(editor)
        editor_layout.setContentsMargins(0, 0, 0, 0)
        buttons = QHBoxLayout()
        for button in (self.add_button, self.delete_button):
            buttons.addWidget(button)
        buttons.addSpacing(8)
        for button in (self.import_button, self.export_button):
            buttons.addWidget(button)
        buttons.addSpacing(8)
        buttons.addWidget(self.note, 1)
        editor_layout.addLayout(buttons)
        self.views = QStackedWidget(body)
        self.views.addWidget(self.split)
        self.views.addWidget(self.tabs)
        editor_layout.addWidget(self.views, 1)
        editor_layout.addWidget(self.status)

        self.empty = QLabel(body)
        self.empty.setWordWrap(True)
        self.empty.setTextFormat(Qt.TextFormat.RichText)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.empty.setMargin(8)
        self.empty_chart = WeatherChart(body)
        empty = QWidget(body)
        empty_layout = QHBoxLayout(empty)
        empty_layout.setContentsMargins(0, 0, 0, 0)
        empty_layout.addWidget(self.empty, 2)
        empty_layout.addWidget(self.empty_chart, 3)

        self.pages = QStackedWidget(body)
        self.pages.addWidget(editor)
        self.pages.addWidget(empty)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.pages)
        self.setWidget(body)

        self.add_button.clicked.connect(self.add_row)
        self.delete_button.clicked.connect(self.delete_rows)
        self.import_button.clicked.connect(self._import_clicked)
        self.export_button.clicked.connect(self._export_clicked)
        self.model.refused.connect(lambda message: self._show_problem(f"Not changed: {message}"))
        self.delegate.problem.connect(self._show_problem)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.model.modelReset.connect(self._selection_changed)
        self.chart.day_clicked.connect(self._select_day)
        self.set_document(None)
        if self.isVisible():
            self._arrange_for(self.size())

    # Document ---------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        super().set_document(document)
        has_weather = document is not None and document.has(FileKind.WEATHER)
        self.model.set_document(document if has_weather else None)
        self.pages.setCurrentIndex(0 if has_weather else 1)
        self.setEnabled(document is not None)
        self._refresh()

    def document_changed(self, change: Change) -> None:
        if change.kind in (FileKind.WEATHER, FileKind.SCENARIO):
            self._refresh()

    def _refresh(self) -> None:
        document = self.document
        if document is None:
            self.empty.setText("No scenario is open.")
            self.empty_chart.set_outlook(WeatherOutlook((), (1, 1), False, "No scenario is open."))
            return
        outlook = weather_outlook(document.scenario.header, document.weather)
        if document.weather is None:
            self.empty.setText(_empty_text(document))
            self.empty_chart.set_outlook(outlook)
            return
        self.chart.set_outlook(outlook)
        self.note.setText(outlook.message)
        self._selection_changed()

    # Rows -------------------------------------------------------------------------------------

    def selected_rows(self) -> list[int]:
        """The rows with a selected cell, in order."""
        return sorted({index.row() for index in self.table.selectionModel().selectedIndexes()})

    def _selection_changed(self, *_args: object) -> None:
        rows = self.selected_rows()
        current = self.table.currentIndex()
        row = current.row() if current.isValid() else (rows[0] if rows else None)
        self.chart.set_highlight_row(row)
        count = self.model.rowCount()
        self.delete_button.setEnabled(bool(rows) and len(rows) < count)
        self.add_button.setEnabled(count > 0)
        self.export_button.setEnabled(count > 0)
        self.delete_button.setText("Delete Row" if len(rows) == 1 else "Delete Rows")

    def select_row(self, row: int, field: str | None = None) -> None:
        """Make a row (and a field of it) current."""
        column = self.model.column_of(field) if field in _FIELDS else 0
        index = self.model.index(row, column)
        if index.isValid():
            self.table.setCurrentIndex(index)
            self.table.scrollTo(index)

    def _select_day(self, day_index: int) -> None:
        day = self.chart.outlook.days[day_index]
        if day.row is not None:
            self.select_row(day.row)

    def add_row(self) -> None:
        """Add a row for the day after the selected row (or the last), in date order."""
        weather = self.document.weather if self.document is not None else None
        if weather is None or self.document is None:
            return
        rows = self.selected_rows()
        base = weather.rows[rows[-1] if rows else len(weather.rows) - 1]
        taken = {row.date for row in weather.rows}
        day = base.date + timedelta(days=1)
        while day in taken:
            day += timedelta(days=1)
        index = sum(1 for row in weather.rows if row.date < day)
        item = base.model_copy(update={"date": day})
        self.document.push(
            InsertItems(
                self.document,
                FileKind.WEATHER,
                ("rows",),
                index=index,
                items=[item],
                text="Add Weather Row",
            )
        )
        self.table.clearSelection()
        self.select_row(index)

    def delete_rows(self) -> None:
        """Delete the selected rows; a weather file keeps at least one."""
        rows = self.selected_rows()
        if self.document is None or not rows:
            return
        if len(rows) >= self.model.rowCount():
            self._show_problem("Not deleted: a weather file keeps at least one row.")
            return
        text = "Delete Weather Row" if len(rows) == 1 else "Delete Weather Rows"
        self.document.push(RemoveItems(self.document, FileKind.WEATHER, ("rows",), rows, text))
        self.table.clearSelection()
        self.select_row(min(rows[0], self.model.rowCount() - 1))

    def _show_problem(self, message: str) -> None:
        self.status.setText(message)
        self.status.setVisible(bool(message))

    # Weather.dat ------------------------------------------------------------------------------

    def choose_import_path(self) -> Path | None:
        """Ask for the Weather.dat to import (tests replace this)."""
        name, _ = QFileDialog.getOpenFileName(
            self, "Import Weather.dat", self._folder(), _DAT_FILTER
        )
        return Path(name) if name else None

    def choose_export_path(self) -> Path | None:
        """Ask where to write the Weather.dat (tests replace this)."""
        start = str(Path(self._folder()) / "Weather.dat")
        name, _ = QFileDialog.getSaveFileName(self, "Export Weather.dat", start, _DAT_FILTER)
        return Path(name) if name else None

    def message(self, icon: QMessageBox.Icon, text: str, details: str = "") -> None:
        """Tell the designer how an import or export went (tests replace this)."""
        box = QMessageBox(icon, "Weather.dat", text, QMessageBox.StandardButton.Ok, self)
        box.setInformativeText(details)
        box.exec()

    def import_weather_dat(self, path: Path | None = None) -> bool:
        """Replace the rows with a Weather.dat's, in one undo step; report bad lines and change
        nothing if there are any. Returns whether the rows were replaced."""
        weather = self.document.weather if self.document is not None else None
        if weather is None or self.document is None:
            return False
        path = path or self.choose_import_path()
        if path is None:
            return False
        try:
            text = read_regular_file(path).decode("utf-8", errors="replace")
        except OSError as exc:
            self.message(
                QMessageBox.Icon.Critical, f"Could not read {path}.", exc.strerror or str(exc)
            )
            return False
        imported, problems = parse_weather_dat(text, name=weather.name, file=path.name)
        lines = "\n".join(
            f"{p.file}, line {p.line}: {p.message}" if p.line else f"{p.file}: {p.message}"
            for p in problems
        )
        if imported is None or any(p.is_error for p in problems):
            self.message(
                QMessageBox.Icon.Critical, f"{path.name} was not imported; nothing changed.", lines
            )
            return False
        if imported.rows != weather.rows:
            self.document.push(
                SetValue(
                    self.document, FileKind.WEATHER, ("rows",), imported.rows, "Import Weather.dat"
                )
            )
        if problems:
            self.message(
                QMessageBox.Icon.Warning, f"{path.name} was imported with warnings.", lines
            )
        return True

    def export_weather_dat(self, path: Path | None = None) -> bool:
        """Write the rows as the games' Weather.dat. Returns whether the file was written."""
        weather = self.document.weather if self.document is not None else None
        if weather is None:
            return False
        path = path or self.choose_export_path()
        if path is None:
            return False
        try:
            write_atomic(path, format_weather_dat(weather))
        except Exception as exc:  # not only OSError: any failure is reported, nothing closes
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.message(QMessageBox.Icon.Critical, f"Could not write {path}.", reason)
            return False
        return True

    def _import_clicked(self) -> None:
        self.import_weather_dat()

    def _export_clicked(self) -> None:
        self.export_weather_dat()

    def _folder(self) -> str:
        return str(self.document.title_folder) if self.document is not None else ""

    # Layout and focus -------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.is_built:  # else its build arranges it for the size it then has
            self._arrange_for(event.size())

    def _arrange_for(self, size: QSize) -> None:
        if size.width() >= _SIDE_BY_SIDE_WIDTH:
            self.arrange("side")
        elif size.height() >= _STACKED_HEIGHT:
            self.arrange("stacked")
        else:
            self.arrange("tabs")

    def arrange(self, arrangement: str) -> None:
        """Put the table and chart side by side, one above the other, or on two tabs (a dock
        too small to show both readably)."""
        if arrangement == self.arrangement:
            return
        self.arrangement = arrangement
        if arrangement == "tabs":
            self.tabs.addTab(self.table, "Rows")
            self.tabs.addTab(self.chart, "Chart")
            self.views.setCurrentWidget(self.tabs)
            return
        if self.split.count() < 2:
            self.split.insertWidget(0, self.table)
            self.split.insertWidget(1, self.chart)
            # The tabs hid the page not on show.
            self.table.show()
            self.chart.show()
        self.views.setCurrentWidget(self.split)
        if arrangement == "side":
            self.split.setOrientation(Qt.Orientation.Horizontal)
            table = self._table_width()
            self.split.setSizes([table, max(1, self.split.width() - table)])
        else:
            self.split.setOrientation(Qt.Orientation.Vertical)
            rows = self.table.horizontalHeader().height() + 24 * min(6, self.model.rowCount())
            table = min(rows + 8, self.split.height() * 2 // 5)
            self.split.setSizes([table, max(1, self.split.height() - table)])

    def _table_width(self) -> int:
        columns = sum(self.table.columnWidth(c) for c in range(self.model.columnCount()))
        scroll = self.table.verticalScrollBar().sizeHint().width()
        return columns + self.table.verticalHeader().width() + 2 * self.table.frameWidth() + scroll

    def show_focus(self, focus: Focus) -> bool:
        if focus.kind is not FileKind.WEATHER or self.document is None:
            return False
        path = focus.path
        rows = self.model.rowCount()
        if (
            len(path) >= 2
            and path[0] == "rows"
            and isinstance(path[1], int)
            and 0 <= path[1] < rows
        ):
            self.select_row(path[1], str(path[2]) if len(path) > 2 else None)
        return True


_FIELDS = (
    "date",
    "normal",
    "soft",
    "mud",
    "snow",
    "frozen",
    "visibility_min",
    "visibility_max",
    "storm",
)


def _empty_text(document: Document) -> str:
    header = document.scenario.header
    allowed = [c.value.capitalize() for c in header.conditions_allowed]
    return (
        "<b>This scenario has no programmed weather.</b><p>Without a weather file, every day "
        f"after the first draws its ground conditions from the header's allowed conditions "
        f"({', '.join(allowed)}; each equally likely), visibility stays within "
        f"{header.visibility_min}–{header.visibility_max} hexes and no storm starts. The chart "
        "shows what that gives over the scenario's dates.</p><p>To program the weather day by "
        "day, name a <code>.weather.yaml</code> file under <code>files: weather:</code> in the "
        "scenario and turn on the Programmed Weather rule; its rows can then be edited here and "
        "imported from or exported to the games' <code>Weather.dat</code>.</p>"
    )

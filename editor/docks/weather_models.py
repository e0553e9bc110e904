"""The Weather dock's data: the programmed weather rows as an editable table, and the weather
each day of the scenario can have, as the engine draws it, for the chart."""

from __future__ import annotations

import html
from dataclasses import dataclass
from datetime import date
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPixmap

from editor.commands import SetValue
from editor.docks.parameter_rows import format_value, plan_edit, plan_is_noop, unit_of
from editor.document import Change, ChangeAction, Document
from editor.model_paths import EditError
from engine.panzer_campaigns.clock import TurnClock
from engine.panzer_campaigns.weather import Climate
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import Header
from schemas.panzer_campaigns.weather import WeatherFile, WeatherRow
from schemas.vocabulary import Condition, OptionalRule

Index = QModelIndex | QPersistentModelIndex
Role = Qt.ItemDataRole

CONDITION_COLORS = {
    Condition.NORMAL: QColor("#7fb069"),
    Condition.SOFT: QColor("#d9b26f"),
    Condition.MUD: QColor("#8c5a35"),
    Condition.SNOW: QColor("#e4ecf7"),
    Condition.FROZEN: QColor("#5d8fc9"),
}
"""One colour per ground condition, shared by the table's headers and the chart."""

CHANGED_BACKGROUND = QColor("#ffe7a3")
WARNING_COLOR = QColor("#b0281e")

_COLUMNS: tuple[tuple[str, str], ...] = (
    ("date", "From"),
    ("normal", "Normal"),
    ("soft", "Soft"),
    ("mud", "Mud"),
    ("snow", "Snow"),
    ("frozen", "Frozen"),
    ("total", "Total"),
    ("visibility_min", "Vis. min"),
    ("visibility_max", "Vis. max"),
    ("storm", "Storm"),
)
TOTAL_COLUMN = 6


class WeatherRowsModel(QAbstractTableModel):
    """The rows of the weather file: date, five condition chances, their total, the visibility
    range and the storm chance. Edits are SetValue commands; rows follow inserts and removals."""

    refused = Signal(str)
    """An edit was refused; the message says why."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.document: Document | None = None
        self._pending: Change | None = None

    def set_document(self, document: Document | None) -> None:
        """Show another document's weather rows (none without a weather file)."""
        if self.document is not None:
            self.document.about_to_change.disconnect(self._before)
            self.document.changed.disconnect(self._after)
            self.document.saved.disconnect(self._repaint)
        self.beginResetModel()
        self.document = document
        self.endResetModel()
        if document is not None:
            document.about_to_change.connect(self._before)
            document.changed.connect(self._after)
            document.saved.connect(self._repaint)

    @property
    def weather(self) -> WeatherFile | None:
        """The weather file shown, if any."""
        return self.document.weather if self.document is not None else None

    def row_at(self, row: int) -> WeatherRow:
        """The weather row shown in a table row."""
        assert self.weather is not None
        return self.weather.rows[row]

    # Document changes -------------------------------------------------------------------------

    def _before(self, change: Change) -> None:
        if change.kind is not FileKind.WEATHER:
            return
        self._pending = change
        if change.action is ChangeAction.INSERT and change.path == ("rows",):
            self.beginInsertRows(QModelIndex(), change.first, change.first + change.count - 1)
        elif change.action is ChangeAction.REMOVE and change.path == ("rows",):
            self.beginRemoveRows(QModelIndex(), change.first, change.first + change.count - 1)
        elif len(change.path) < 2 and change.touches(("rows",)):
            self.beginResetModel()

    def _after(self, change: Change) -> None:
        if change.kind is not FileKind.WEATHER or change is not self._pending:
            return
        self._pending = None
        if change.action is ChangeAction.INSERT and change.path == ("rows",):
            self.endInsertRows()
        elif change.action is ChangeAction.REMOVE and change.path == ("rows",):
            self.endRemoveRows()
        elif len(change.path) < 2 and change.touches(("rows",)):
            self.endResetModel()
        elif change.path[:1] == ("rows",) and isinstance(change.path[1], int):
            row = change.path[1]
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(_COLUMNS) - 1))

    def _repaint(self, *_args: object) -> None:
        if self.rowCount():
            last = self.index(self.rowCount() - 1, len(_COLUMNS) - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    # Table ------------------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        weather = self.weather
        return 0 if parent.isValid() or weather is None else len(weather.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(_COLUMNS)

    def field_of(self, column: int) -> str:
        """The WeatherRow field a column shows ("total" for the computed sum)."""
        return _COLUMNS[column][0]

    def column_of(self, field: str) -> int:
        """The column showing a field."""
        return next(c for c, (name, _) in enumerate(_COLUMNS) if name == field)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Role.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Vertical:
            return str(section + 1) if role == Role.DisplayRole else None
        if not 0 <= section < len(_COLUMNS):
            return None
        name, title = _COLUMNS[section]
        if role == Role.DisplayRole:
            return title
        if role == Role.ToolTipRole:
            return _column_tip(name)
        if role == Role.DecorationRole and name in Condition.__members__.values():
            swatch = QPixmap(10, 10)
            swatch.fill(CONDITION_COLORS[Condition(name)])
            return swatch
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.isValid() and index.column() != TOTAL_COLUMN:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        if not index.isValid() or self.weather is None:
            return None
        row = self.row_at(index.row())
        name = self.field_of(index.column())
        value: Any = row.condition_total() if name == "total" else getattr(row, name)
        problem = self._problem(row, name)
        changed = name != "total" and self._is_changed(index.row(), name)
        if role == Role.DisplayRole:
            if name == "date":
                return f"{value:%d %b %Y}"
            return "–" if value is None else str(value)
        if role == Role.EditRole:
            return format_value(value)
        if role == Role.ToolTipRole:
            tip = _column_tip(name)
            if problem:
                tip += f"<br><b style='color:#b0281e'>{html.escape(problem)}</b>"
            if changed:
                saved = html.escape(self._saved_text(index.row(), name))
                tip += f"<br><i>Changed; saved value: {saved}</i>"
            return tip
        if role == Role.TextAlignmentRole:
            if name == "date":
                return Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
            return Qt.AlignmentFlag.AlignCenter
        if role == Role.ForegroundRole:
            if problem:
                return QBrush(WARNING_COLOR)
            if value is None or name == "total":
                return QBrush(QColor("#6b6b6b"))
        if role == Role.FontRole and (changed or problem):
            font = QFont()
            font.setBold(True)
            return font
        if role == Role.BackgroundRole and changed:
            return QBrush(CHANGED_BACKGROUND)
        return None

    def _problem(self, row: WeatherRow, name: str) -> str:
        if name == "total" and row.condition_total() != 100:
            return f"the chances add up to {row.condition_total()}, not 100"
        if name.startswith("visibility") and row.visibility_min > row.visibility_max:
            return "the least visibility is above the greatest"
        return ""

    def _saved_row(self, row: int) -> WeatherRow | None:
        """The saved row this one stands for: the one of the same date, else (after a date
        edit, with as many rows as saved) the one at the same place."""
        assert self.document is not None
        assert self.weather is not None
        saved: WeatherFile | None = self.document.slot(FileKind.WEATHER).saved
        if saved is None:
            return None
        current = self.row_at(row)
        same_date = next((r for r in saved.rows if r.date == current.date), None)
        if same_date is not None:
            return same_date
        if len(saved.rows) == len(self.weather.rows):
            return saved.rows[row]
        return None

    def _is_changed(self, row: int, name: str) -> bool:
        assert self.document is not None
        if self.document.slot(FileKind.WEATHER).saved is None:
            return False
        saved = self._saved_row(row)
        return saved is None or bool(getattr(saved, name) != getattr(self.row_at(row), name))

    def _saved_text(self, row: int, name: str) -> str:
        saved = self._saved_row(row)
        return "no row" if saved is None else format_value(getattr(saved, name)) or "none"

    def setData(self, index: Index, value: Any, role: int = Role.EditRole) -> bool:
        weather = self.weather
        if role != Role.EditRole or weather is None or not index.isValid():
            return False
        name = self.field_of(index.column())
        if name == "total" or self.document is None:
            return False
        path = ("rows", index.row(), name)
        try:
            plan = plan_edit(weather, path, format_value(value))
        except EditError as exc:
            self.refused.emit(str(exc))
            return False
        if not plan_is_noop(weather, plan):
            text = (
                "Set Weather Date"
                if name == "date"
                else f"Set Weather {_COLUMNS[index.column()][1].replace('.', '')}"
            )
            self.document.push(SetValue(self.document, FileKind.WEATHER, plan[0], plan[1], text))
        return True

    def check(self, index: Index, text: str) -> str | None:
        """Why `text` cannot go into the cell, or None if it can."""
        weather = self.weather
        if weather is None or not index.isValid() or index.column() == TOTAL_COLUMN:
            return "this cell cannot be edited"
        try:
            plan_edit(weather, ("rows", index.row(), self.field_of(index.column())), text)
        except EditError as exc:
            return str(exc)
        return None


def _column_tip(name: str) -> str:
    if name == "total":
        return "<b>Total</b><br>Sum of the five condition chances; it should be 100."
    field = WeatherRow.model_fields[name]
    unit = unit_of(field)
    unit_text = f" ({html.escape(unit)})" if unit else ""
    title = name.replace("_", " ").capitalize()
    return f"<b>{title}</b>{unit_text}<br>{html.escape(field.description or '')}"


# The chart's data ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DayWeather:
    """What one day of the scenario may bring."""

    day: date
    chances: tuple[float, ...]
    """The chance of each condition in Condition order, in % (as drawn: rows that do not add
    up to 100 are scaled, as the engine rolls over their sum)."""
    storm: int | None
    """Storm chance in %, None when not programmed."""
    visibility: tuple[int, int]
    """Least and greatest nominal visibility in hexes."""
    row: int | None
    """The weather row that governs the day (None: the header's weather)."""
    note: str = ""
    """Why the day differs from its row, e.g. the scenario's start."""


@dataclass(frozen=True, slots=True)
class WeatherOutlook:
    """The days of a scenario and the weather each may bring, for the chart."""

    days: tuple[DayWeather, ...]
    visibility_limits: tuple[int, int]
    """The header's least and greatest daylight visibility."""
    programmed: bool
    """Whether the days come from the weather file's rows."""
    message: str = ""
    """Why there are no days, or a note on how they are drawn."""


def weather_outlook(header: Header, weather: WeatherFile | None) -> WeatherOutlook:
    """The weather each day of the scenario may have, as `engine.panzer_campaigns.weather` draws it:
    day one has
    the header's starting conditions; each later day draws from the row in force that day (or,
    without rows, uniformly from the header's allowed conditions)."""
    limits = (header.visibility_min, header.visibility_max)
    try:
        clock = TurnClock.from_header(header)
    except ValueError as exc:
        return WeatherOutlook((), limits, weather is not None, f"No dates: {exc}")
    rows = tuple(weather.rows) if weather is not None else ()
    climate = Climate(
        tuple(header.conditions_allowed) or (header.conditions,),
        header.visibility_min,
        header.visibility_max,
        rows,
    )
    dates = sorted({clock.time_of(turn).date() for turn in clock.iter_turns()})
    days = []
    for number, day in enumerate(dates):
        row = climate.row_for(day)
        index = next((i for i, r in enumerate(rows) if r is row), None)
        visibility = climate.visibility_range(day)
        storm = None if row is None else row.storm
        if number == 0:
            chances = tuple(100.0 if c == header.conditions else 0.0 for c in Condition)
            note = "The scenario's start: the header's conditions"
            storm = 100 if header.storm_at_start else (0 if rows else None)
        else:
            chances, note = _chances(row, climate.conditions_allowed)
        days.append(DayWeather(day, chances, storm, visibility, index, note))
    message = ""
    if weather is not None and OptionalRule.PROGRAMMED_WEATHER not in header.optional_rules:
        message = "Programmed Weather is not among the scenario's default rules."
    return WeatherOutlook(tuple(days), limits, weather is not None, message)


def _chances(
    row: WeatherRow | None, allowed: tuple[Condition, ...]
) -> tuple[tuple[float, ...], str]:
    values = () if row is None else (row.normal, row.soft, row.mud, row.snow, row.frozen)
    total = sum(values)
    if total > 0:
        note = "" if total == 100 else f"The row's chances add up to {total}; scaled to 100"
        return tuple(100.0 * v / total for v in values), note
    share = 100.0 / len(allowed)
    note = "" if row is None else "The row's chances add up to 0: drawn as if unprogrammed"
    return tuple(share if c in allowed else 0.0 for c in Condition), note

"""The Problems list as a tree: one group per severity holding the problems of the last live
check that pass the filter. It adapts the checker's result list (view state, not document data).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from functools import cache
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPointF,
    Qt,
)
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from schemas.problems import CODES, Problem, Severity

Index = QModelIndex | QPersistentModelIndex

SEVERITIES = (Severity.ERROR, Severity.WARNING, Severity.INFO)
"""The groups, most serious first."""

SEVERITY_NAMES = {
    Severity.ERROR: ("error", "errors"),
    Severity.WARNING: ("warning", "warnings"),
    Severity.INFO: ("note", "notes"),
}
"""How one and several problems of a severity are called."""

PROBLEM_ROLE = Qt.ItemDataRole.UserRole + 1
"""The Problem of a row (None for a group row)."""

_ROOT = QModelIndex()

_GROUP = 0
"""The internal id of group rows; a problem row's id is its group's row + 1."""


class Column(IntEnum):
    """The columns of the Problems list."""

    CODE = 0
    MESSAGE = 1
    FILE = 2
    WHERE = 3


_HEADERS = {
    Column.CODE: ("Code", "The problem's stable code, as `hexwright validate` prints it"),
    Column.MESSAGE: ("Message", "What is wrong and, often, how to put it right"),
    Column.FILE: (
        "File",
        "The file and line; for a changed file, the line in the text as it will be saved",
    ),
    Column.WHERE: ("Where", "The hex [column, row] and the unit or object, else the field"),
}


def describe_counts(counts: dict[Severity, int], *, notes: bool = False) -> str:
    """`3 errors, 1 warning` (notes only with `notes`)."""
    shown = SEVERITIES if notes else SEVERITIES[:2]
    parts = []
    for severity in shown:
        one, many = SEVERITY_NAMES[severity]
        count = counts.get(severity, 0)
        parts.append(f"{count} {one if count == 1 else many}")
    return ", ".join(parts)


def where_text(problem: Problem) -> str:
    """The hex and object a problem is about, else its field: `[12, 40]  us.28id.hq`."""
    parts = []
    if problem.hex is not None:
        parts.append(f"[{problem.hex[0]}, {problem.hex[1]}]")
    if problem.object_id:
        parts.append(problem.object_id)
    if not parts and problem.path:
        parts.append(problem.path_text())
    return "  ".join(parts)


def file_text(problem: Problem) -> str:
    """The file's name and the line: `road_to_bastogne.scenario.yaml:56`."""
    if not problem.file:
        return ""
    name = Path(problem.file).name
    return f"{name}:{problem.line}" if problem.line is not None else name


def matches(problem: Problem, text: str) -> bool:
    """Whether a problem mentions `text` (any case) in its code, message, file or place."""
    needle = text.strip().casefold()
    if not needle:
        return True
    haystack = " ".join(
        (problem.code, problem.message, file_text(problem), where_text(problem))
    ).casefold()
    return all(word in haystack for word in needle.split())


class ProblemsModel(QAbstractItemModel):
    """Severity groups of problems, each group holding the problems that pass the filter."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._problems: list[Problem] = []
        self._changed_files: frozenset[str] = frozenset()
        self._groups: list[tuple[Severity, list[Problem]]] = []
        self._text = ""
        self._shown: frozenset[Severity] = frozenset(SEVERITIES)

    # The result and the filter ----------------------------------------------------------------

    def set_problems(self, problems: Iterable[Problem], changed_files: Iterable[str] = ()) -> None:
        """Show a check's result. `changed_files` are files whose lines are those of the text
        as it will be saved (they changed since they were read)."""
        self.beginResetModel()
        self._problems = list(problems)
        self._changed_files = frozenset(changed_files)
        self._regroup()
        self.endResetModel()

    def set_filter(self, text: str | None = None, shown: Iterable[Severity] | None = None) -> None:
        """Show only problems that mention `text` and are of the `shown` severities."""
        self.beginResetModel()
        if text is not None:
            self._text = text
        if shown is not None:
            self._shown = frozenset(shown)
        self._regroup()
        self.endResetModel()

    @property
    def filter_text(self) -> str:
        """The text every shown problem mentions."""
        return self._text

    @property
    def shown_severities(self) -> frozenset[Severity]:
        """The severities shown."""
        return self._shown

    def problems(self) -> list[Problem]:
        """Every problem of the result, shown or filtered out."""
        return list(self._problems)

    def visible_problems(self) -> list[Problem]:
        """The problems that pass the filter, group by group."""
        return [p for _, group in self._groups for p in group]

    def counts(self) -> dict[Severity, int]:
        """Problems of each severity in the result, filter or not."""
        counts = dict.fromkeys(SEVERITIES, 0)
        for problem in self._problems:
            counts[problem.severity] += 1
        return counts

    def problem(self, index: Index) -> Problem | None:
        """The problem of a row; None for a group row or an invalid index."""
        if not index.isValid() or index.internalId() == _GROUP:
            return None
        return self._groups[index.internalId() - 1][1][index.row()]

    def severity(self, index: Index) -> Severity | None:
        """The severity of a row, group or problem."""
        if not index.isValid():
            return None
        group = index.row() if index.internalId() == _GROUP else index.internalId() - 1
        return self._groups[group][0]

    def index_of(self, problem: Problem) -> QModelIndex:
        """The row of a problem, if it is shown."""
        for group_row, (_, group) in enumerate(self._groups):
            for row, candidate in enumerate(group):
                if candidate == problem:
                    return self.createIndex(row, 0, group_row + 1)
        return QModelIndex()

    def group_index(self, severity: Severity) -> QModelIndex:
        """The group row of a severity, if it has shown problems."""
        for row, (candidate, _) in enumerate(self._groups):
            if candidate is severity:
                return self.createIndex(row, 0, _GROUP)
        return QModelIndex()

    def _regroup(self) -> None:
        self._groups = []
        for severity in SEVERITIES:
            if severity not in self._shown:
                continue
            group = [p for p in self._problems if p.severity is severity and matches(p, self._text)]
            if group:
                self._groups.append((severity, group))

    # QAbstractItemModel -----------------------------------------------------------------------

    def index(self, row: int, column: int, parent: Index = _ROOT) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _GROUP)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: Index | None = None) -> Any:
        if index is None:  # QObject.parent()
            return QObject.parent(self)
        if not index.isValid() or index.internalId() == _GROUP:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, _GROUP)

    def rowCount(self, parent: Index = _ROOT) -> int:
        if not parent.isValid():
            return len(self._groups)
        if parent.internalId() == _GROUP and parent.column() == 0:
            return len(self._groups[parent.row()][1])
        return 0

    def columnCount(self, parent: Index = _ROOT) -> int:
        return len(Column)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation is not Qt.Orientation.Horizontal or not 0 <= section < len(Column):
            return None
        title, tip = _HEADERS[Column(section)]
        if role == Qt.ItemDataRole.DisplayRole:
            return title
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if index.internalId() == _GROUP:
            return self._group_data(index, role)
        problem = self.problem(index)
        assert problem is not None
        if role == PROBLEM_ROLE:
            return problem
        column = Column(index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text_of(problem, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tip_of(problem, column)
        if role == Qt.ItemDataRole.DecorationRole and column is Column.CODE:
            return severity_icon(problem.severity)
        return None

    def _group_data(self, index: Index, role: int) -> Any:
        severity, group = self._groups[index.row()]
        if index.column() != Column.CODE:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            total = self.counts()[severity]
            name = SEVERITY_NAMES[severity][1].capitalize()
            shown = f"{len(group)} of {total}" if len(group) != total else str(total)
            return f"{name} ({shown})"
        if role == Qt.ItemDataRole.DecorationRole:
            return severity_icon(severity)
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def _text_of(self, problem: Problem, column: Column) -> str:
        if column is Column.CODE:
            return problem.code
        if column is Column.MESSAGE:
            return problem.message
        if column is Column.FILE:
            return file_text(problem)
        return where_text(problem)

    def _tip_of(self, problem: Problem, column: Column) -> str:
        if column is Column.CODE:
            meaning = CODES.get(problem.code, "")
            return f"{problem.severity.value} {problem.code}: {meaning}" if meaning else ""
        if column is Column.MESSAGE:
            return problem.message
        if column is Column.FILE:
            where = problem.format().rsplit(f": {problem.severity.value} ", 1)[0]
            if problem.file in self._changed_files:
                where += "\n(line in the text as it will be saved: the file has unsaved changes)"
            return where
        lines = [f"File: {file_text(problem)}"] if problem.file else []
        if problem.hex is not None:
            lines.append(f"Hex [{problem.hex[0]}, {problem.hex[1]}]")
        if problem.object_id:
            lines.append(f"About: {problem.object_id}")
        if problem.path:
            lines.append(f"Field: {problem.path_text()}")
        return "\n".join(lines)


_ICON_COLOURS = {
    Severity.ERROR: "#d32f2f",
    Severity.WARNING: "#f0a000",
    Severity.INFO: "#1e78c8",
}


@cache
def severity_icon(severity: Severity) -> QIcon:
    """A small severity mark: a red disc with '!', an amber triangle, a blue disc with 'i'."""
    icon = QIcon()
    for size in (16, 32):
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.scale(size / 16, size / 16)
        colour = QColor(_ICON_COLOURS[severity])
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        if severity is Severity.WARNING:
            triangle = QPainterPath()
            triangle.addPolygon(QPolygonF([QPointF(8, 1.5), QPointF(15, 14), QPointF(1, 14)]))
            painter.drawPath(triangle)
            mark = QColor("#202020")
        else:
            painter.drawEllipse(QPointF(8, 8), 7, 7)
            mark = QColor("white")
        painter.setPen(QPen(mark, 1.8, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        if severity is Severity.INFO:
            painter.drawLine(QPointF(8, 7.2), QPointF(8, 11.5))
            painter.drawPoint(QPointF(8, 4.6))
        else:
            top, bottom = (5.5, 9.8) if severity is Severity.WARNING else (4.2, 8.8)
            painter.drawLine(QPointF(8, top), QPointF(8, bottom))
            painter.drawPoint(QPointF(8, bottom + 2.4))
        painter.end()
        icon.addPixmap(pixmap)
    return icon

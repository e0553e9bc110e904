"""The Tactical GameX Problems panel: what `hexwright validate` would say of the open situation
as it now stands (each file's own checks, its panels' too, the panel layout, the setup checks),
checked again a moment after each edit; a double-click shows the problem's hex on the board."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import QHeaderView, QTableView, QWidget

from editor.docks.problems_model import describe_counts
from editor.selection import Selection
from editor.tactical_gamex.dock import TgxDock
from editor.tactical_gamex.document import TgxDocument
from schemas.io import FileKind
from schemas.problems import Problem, Severity

AnyIndex = QModelIndex | QPersistentModelIndex
HEADERS = ("Severity", "Code", "Message", "Where")
CHECK_DELAY_MS = 250


def situation_problems(document: TgxDocument) -> list[Problem]:
    """Every problem of the open situation's models: each file's checks, the layout's, the
    setup checks (on the board, when the layout makes one)."""
    from schemas.tactical_gamex.board import assemble  # noqa: PLC0415  # the first check
    from schemas.tactical_gamex.file_checks import check_file  # noqa: PLC0415
    from schemas.tactical_gamex.setup_checks import check_situation  # noqa: PLC0415

    found: list[Problem] = []
    for kind in (FileKind.UNIT_TYPES, FileKind.TABLES, FileKind.SITUATION):
        found.extend(check_file(kind, document.model(kind)))
    for part in document.panel_parts():
        name = document.path(part).name
        found.extend(p.in_file(name) for p in check_file(FileKind.PANEL, document.model(part)))
    board, layout = assemble(document.situation.board, document.panels)
    found.extend(layout)
    if board is not None:
        found.extend(
            check_situation(document.situation, document.unit_types, document.tables, board)
        )
    return list(dict.fromkeys(found))


class ProblemsModel(QAbstractTableModel):
    """The problems last found, errors first."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.problems: list[Problem] = []

    def set_problems(self, problems: list[Problem]) -> None:
        """Show another list of problems."""
        self.beginResetModel()
        order = {Severity.ERROR: 0, Severity.WARNING: 1}
        self.problems = sorted(problems, key=lambda p: order.get(p.severity, 2))
        self.endResetModel()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.problems)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.ToolTipRole,
        ):
            return None
        problem = self.problems[index.row()]
        column = index.column()
        if column == 0:
            return problem.severity.value
        if column == 1:
            return problem.code
        if column == 2:
            return problem.message
        where = problem.path_text()
        return f"{problem.file}: {where}" if problem.file else where

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section] if 0 <= section < len(HEADERS) else None
        return None


class TgxProblemsDock(TgxDock):
    """The Problems panel of a Tactical GameX situation."""

    title = "Situation Problems"
    object_name = "tgx_problems"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea

    counts_changed = Signal(str)
    """Emitted with "2 errors, 1 warning" after each check."""
    hex_requested = Signal(object)
    """Emitted with the board hex of a problem double-clicked."""

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.model = ProblemsModel(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.table.doubleClicked.connect(self._go)
        self.setWidget(self.table)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(CHECK_DELAY_MS)
        self.timer.timeout.connect(self.check_now)

    def show_document(self, document: TgxDocument | None) -> None:
        self.check_now()

    def document_changed(self, change: Any) -> None:
        self.timer.start()

    def check_now(self) -> None:
        """Check the situation as it now stands."""
        self.timer.stop()
        document = self.document
        problems = situation_problems(document) if isinstance(document, TgxDocument) else []
        self.model.set_problems(problems)
        counts: dict[Severity, int] = {}
        for problem in problems:
            counts[problem.severity] = counts.get(problem.severity, 0) + 1
        self.counts_changed.emit(describe_counts(counts) if document is not None else "")

    def _go(self, index: QModelIndex) -> None:
        problem = self.model.problems[index.row()]
        if problem.hex is not None:
            self.hex_requested.emit(tuple(problem.hex))

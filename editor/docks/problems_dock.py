"""The Problems dock: the schema, reference and setup problems of the open scenario, checked
again a moment after every edit, grouped by severity; activating one shows its place."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QProgressBar,
    QStackedWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from editor import icons
from editor.docks.base import DocumentDock
from editor.docks.problems_model import (
    SEVERITIES,
    SEVERITY_NAMES,
    Column,
    ProblemsModel,
    describe_counts,
    severity_icon,
)
from editor.document import Document
from editor.live_checks import LiveChecker
from editor.selection import Focus, Selection
from editor.widgets.undo_keys import undo_keys_to_window
from editor.widgets.wrapped_text import WrappedTextDelegate
from schemas.io import FileKind
from schemas.problems import Problem, Severity

_FILE_COLUMN_FROM = 600
"""The list's width in pixels from which the File column shows."""

_COLUMN_SHARES = {
    Column.FILE: (0.18, 80, 250),
    Column.WHERE: (0.16, 80, 210),
}
"""Each column's share of the list's width, with its least and most pixels, until the designer
drags a column; the code is as wide as a code, and the message takes the rest, on as many lines
as it needs."""


class ProblemsDock(DocumentDock):
    """The problems of the open document, kept up to date by a LiveChecker."""

    title = "Problems"
    object_name = "problems"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea

    problems_changed = Signal(dict)
    """The number of problems of each Severity after every check (for the status bar)."""

    def __init__(
        self,
        selection: Selection,
        parent: QWidget | None = None,
        *,
        checker: LiveChecker | None = None,
    ) -> None:
        super().__init__(selection, parent)
        self.checker = checker or LiveChecker(self)
        self.model = ProblemsModel(self)
        self._collapsed: set[Severity] = set()
        self._build()
        self.checker.checked.connect(self._on_checked)
        self.checker.busy_changed.connect(self._on_busy)
        self.checker.progress.connect(self._on_progress)
        self.checker.failed.connect(self._on_failed)
        self._update_title()
        self._update_empty()

    # Building ---------------------------------------------------------------------------------

    def _build(self) -> None:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addLayout(self._build_bar())
        self.tree = self._build_tree()
        self.empty = QLabel(body)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setEnabled(False)
        self.stack = QStackedWidget(body)
        self.stack.addWidget(self.tree)
        self.stack.addWidget(self.empty)
        layout.addWidget(self.stack, 1)
        layout.addLayout(self._build_status_line())
        self.setWidget(body)
        self._build_actions()

    def _build_bar(self) -> QHBoxLayout:
        bar = QHBoxLayout()
        bar.setSpacing(4)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter: code, words of the message, file, hex or id")
        self.filter_edit.setClearButtonEnabled(True)
        undo_keys_to_window(self.filter_edit)
        self.filter_edit.setToolTip(
            "Show only the problems that mention every word typed here "
            "(in their code, message, file, hex or unit id)"
        )
        self.filter_edit.textChanged.connect(self._on_filter)
        bar.addWidget(self.filter_edit, 1)
        self.toggles: dict[Severity, QToolButton] = {}
        for severity in SEVERITIES:
            button = QToolButton()
            button.setCheckable(True)
            button.setChecked(True)
            button.setAutoRaise(True)
            button.setIcon(severity_icon(severity))
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            button.setToolTip(f"Show the {SEVERITY_NAMES[severity][1]}")
            button.toggled.connect(self._on_filter)
            self.toggles[severity] = button
            bar.addWidget(button)
        self.recheck_button = QToolButton()
        self.recheck_button.setAutoRaise(True)
        bar.addWidget(self.recheck_button)
        return bar

    def _build_status_line(self) -> QHBoxLayout:
        # Under the list, not beside the filter: there it made the panel wider than a laptop.
        line = QHBoxLayout()
        line.setSpacing(4)
        self.status = QLabel()
        self.status.setEnabled(False)
        line.addWidget(self.status, 1)
        self.progress_bar = QProgressBar()
        self.progress_bar.setTextVisible(False)
        self.progress_bar.setFixedSize(80, 10)
        policy = self.progress_bar.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.progress_bar.setSizePolicy(policy)
        self.progress_bar.setVisible(False)
        line.addWidget(self.progress_bar)
        return line

    def _build_tree(self) -> QTreeView:
        tree = QTreeView()
        tree.setModel(self.model)
        tree.setAlternatingRowColors(True)
        tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        tree.setExpandsOnDoubleClick(True)
        tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        # Messages wrap: a designer reads them whole at the panel's size, without a tooltip.
        tree.setItemDelegate(WrappedTextDelegate(tree, Column.MESSAGE))
        header = tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(Column.MESSAGE, QHeaderView.ResizeMode.Stretch)
        for column in (Column.CODE, *_COLUMN_SHARES):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        self._columns_dragged = False
        self._fitting = False
        header.sectionResized.connect(self._on_column_resized)
        tree.viewport().installEventFilter(self)
        tree.activated.connect(self._on_activated)
        tree.expanded.connect(self._on_expanded)
        tree.collapsed.connect(self._on_collapsed)
        tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        tree.customContextMenuRequested.connect(self._show_menu)
        return tree

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tree.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        return super().eventFilter(watched, event)

    def _fit_columns(self) -> None:
        """Share the list's width out: on a narrow panel the message keeps most of it."""
        width = self.tree.viewport().width()
        self._fitting = True  # hiding a column resizes it too: that is no designer's drag
        try:
            # Too narrow for the file beside the message: the file is in the Where tooltip and
            # in what Copy writes; it comes back when the panel is wider.
            self.tree.setColumnHidden(Column.FILE, width < _FILE_COLUMN_FROM)
            if self._columns_dragged:
                return
            # A code reads whole beside its group's indentation and severity mark.
            code = 2 * self.tree.indentation() + self.tree.iconSize().width() + 48
            code += self.tree.fontMetrics().horizontalAdvance("SETUP000")
            self.tree.header().resizeSection(Column.CODE, code)
            for column, (share, least, most) in _COLUMN_SHARES.items():
                self.tree.header().resizeSection(column, min(most, max(least, int(width * share))))
        finally:
            self._fitting = False

    def _on_column_resized(self, column: int, _old: int, _new: int) -> None:
        if column != Column.MESSAGE and not self._fitting:
            self._columns_dragged = True  # the designer's widths stay

    def _build_actions(self) -> None:
        self.show_action = QAction("&Show Problem", self)
        self.show_action.setToolTip("Show where the problem is (double-click or Enter)")
        self.show_action.triggered.connect(lambda: self._on_activated(self.tree.currentIndex()))
        self.copy_action = QAction("&Copy", self)
        self.copy_action.setShortcut(QKeySequence.StandardKey.Copy)
        self.copy_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.copy_action.setToolTip("Copy the selected problems as `file:line:col: message` lines")
        self.copy_action.triggered.connect(self.copy_selected)
        self.copy_all_action = QAction("Copy &All", self)
        self.copy_all_action.setToolTip("Copy every problem shown")
        self.copy_all_action.triggered.connect(self.copy_all)
        self.recheck_action = QAction("&Re-check Now", self)
        self.recheck_action.setIcon(icons.icon("refresh-cw"))
        self.recheck_action.setToolTip(
            "Check the scenario again now, from scratch, without waiting for an edit"
        )
        self.recheck_action.triggered.connect(lambda: self.checker.check_now(fresh=True))
        self.recheck_action.setEnabled(False)
        self.recheck_button.setDefaultAction(self.recheck_action)
        self.tree.addAction(self.copy_action)

    # Document ---------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        super().set_document(document)
        self.model.set_problems([])
        self.recheck_action.setEnabled(document is not None)
        self.checker.set_document(document)
        self._update_title()
        self._update_empty()

    def show_focus(self, focus: Focus) -> bool:
        """The Problems list holds no place of its own: it asks the others to show them."""
        return False

    def show_problem(self, problem: Problem) -> None:
        """Bring the panel to the front with `problem` current, when it lists it."""
        self.show()
        self.raise_()
        index = self.model.index_of(problem)
        if index.isValid():
            self.tree.setCurrentIndex(index)
            self.tree.scrollTo(index)
        self.tree.setFocus()

    def kind_of(self, problem: Problem) -> FileKind | None:
        """The file of the open document a problem is in."""
        if self.document is None or not problem.file:
            return None
        target = Path(problem.file)
        for slot in self.document.slots():
            if slot.path == target or str(slot.path) == problem.file:
                return slot.kind
        return FileKind.from_path(target)

    def focus_of(self, problem: Problem) -> Focus:
        """The place a problem is about, as a focus request."""
        return Focus(self.kind_of(problem), problem.path, problem.hex, problem.object_id)

    # Copying ----------------------------------------------------------------------------------

    def copy_selected(self) -> None:
        """Put the selected problems (a group: all of its problems) on the clipboard."""
        chosen: list[Problem] = []
        for index in self.tree.selectionModel().selectedRows(Column.CODE):
            problem = self.model.problem(index)
            if problem is not None:
                chosen.append(problem)
            else:
                group = self.model.severity(index)
                chosen += [p for p in self.model.visible_problems() if p.severity is group]
        self._copy(list(dict.fromkeys(chosen)))

    def copy_all(self) -> None:
        """Put every problem shown on the clipboard."""
        self._copy(self.model.visible_problems())

    def _copy(self, problems: list[Problem]) -> None:
        if problems:
            QGuiApplication.clipboard().setText("\n".join(p.format() for p in problems) + "\n")

    # Reacting ---------------------------------------------------------------------------------

    def _on_checked(self, problems: list[Problem]) -> None:
        current = self.model.problem(self.tree.currentIndex())
        changed = []
        if self.document is not None:
            changed = [str(s.path) for s in self.document.slots() if s.is_dirty]
        self.model.set_problems(problems, changed)
        self._after_reset(current)
        if self.document is not None:
            self._show_checked()
        self.problems_changed.emit(self.model.counts())

    def _show_checked(self) -> None:
        seconds = self.checker.seconds
        took = f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.1f} s"
        tip = "The scenario is checked again a moment after every edit, in the background."
        if self.model.counts()[Severity.ERROR]:
            self.status.setText(f"Checked in {took} · setup checks wait for the errors")
            tip += (
                "\nThe rules engine checks the starting position (stacking, supply, command, "
                "reinforcements) once the scenario has no errors."
            )
        else:
            self.status.setText(f"Checked in {took}")
        self.status.setToolTip(tip)

    def _on_filter(self) -> None:
        current = self.model.problem(self.tree.currentIndex())
        shown = [s for s, button in self.toggles.items() if button.isChecked()]
        self.model.set_filter(self.filter_edit.text(), shown)
        self._after_reset(current)

    def _after_reset(self, current: Problem | None) -> None:
        for row in range(self.model.rowCount()):
            group = self.model.index(row, 0)
            self.tree.setFirstColumnSpanned(row, QModelIndex(), True)
            self.tree.setExpanded(group, self.model.severity(group) not in self._collapsed)
        if current is not None:
            index = self.model.index_of(current)
            if index.isValid():
                self.tree.setCurrentIndex(index)
        self._update_title()
        self._update_empty()

    def _on_expanded(self, index: QModelIndex) -> None:
        severity = self.model.severity(index)
        if severity is not None:
            self._collapsed.discard(severity)

    def _on_collapsed(self, index: QModelIndex) -> None:
        severity = self.model.severity(index)
        if severity is not None:
            self._collapsed.add(severity)

    def _on_activated(self, index: QModelIndex) -> None:
        problem = self.model.problem(index)
        if problem is None:
            return
        if problem.hex is not None:
            self.selection.select_hex(problem.hex)
        if self.document is not None and problem.object_id:
            index_ = self.document.oob_index
            if problem.object_id in index_.units or problem.object_id in index_.organizations:
                self.selection.select_units([problem.object_id])
        self.selection.request_focus(self.focus_of(problem))

    def _on_busy(self, busy: bool) -> None:
        self.progress_bar.setVisible(busy)
        if busy:
            self.progress_bar.setRange(0, 0)
            self.status.setText("Checking…")
            self.status.setToolTip("")
        elif self.document is None:
            self.status.clear()
        self._update_empty()

    def _on_progress(self, stage: str, done: int, total: int) -> None:
        self.progress_bar.setRange(0, total)
        self.progress_bar.setValue(done)
        self.status.setText("Checking…")
        self.status.setToolTip(stage)
        self.progress_bar.setToolTip(f"{stage} ({done} of {total} stages done)")

    def _on_failed(self, message: str) -> None:
        self.status.setText("Check failed")
        self.status.setToolTip(f"{message}\nThe problems listed are those of the last check.")

    def _update_title(self) -> None:
        counts = self.model.counts()
        for severity, button in self.toggles.items():
            button.setText(str(counts[severity]))
        if self.document is None:
            self.setWindowTitle(self.title)
        else:
            self.setWindowTitle(f"{self.title} ({describe_counts(counts)})")

    def _update_empty(self) -> None:
        if self.model.rowCount() > 0:
            self.stack.setCurrentWidget(self.tree)
            return
        if self.document is None:
            text = "No scenario is open."
        elif self.model.problems():
            text = "No problem matches the filter."
        elif self.checker.is_busy:
            text = "Checking…"
        else:
            text = "No problems: the scenario passes every check."
        self.empty.setText(text)
        self.stack.setCurrentWidget(self.empty)

    def _show_menu(self, point: QPoint) -> None:
        menu = QMenu(self)
        self.show_action.setEnabled(self.model.problem(self.tree.currentIndex()) is not None)
        menu.addAction(self.show_action)
        menu.addSeparator()
        menu.addAction(self.copy_action)
        menu.addAction(self.copy_all_action)
        menu.addSeparator()
        menu.addAction(self.recheck_action)
        menu.exec(self.tree.viewport().mapToGlobal(point))

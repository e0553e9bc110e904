"""The Compare panel (File > Compare): what changed since the last save, or against another
scenario, in the designer's terms (`schemas.diffing`), each change a row that shows its place
— the hex on the map, the unit in the tree, the panel and its row — when activated."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QStackedWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from editor import icons
from editor.comparing import against, focus_of, names_of, since_save
from editor.docks.base import DocumentDock
from editor.docks.compare_model import ChangesModel
from editor.document import Change as DocumentChange
from editor.document import Document
from editor.open_places import SCENARIO_FILTER, scenario_folder
from editor.selection import Selection
from editor.widgets.wrapped_text import WrappedTextDelegate
from schemas.diffing.files import Report, Side, compare
from schemas.diffing.report import as_markdown
from schemas.problems import Problem


class _IndentedWrap(WrappedTextDelegate):
    """Wraps a tree's one column at the width its rows' text really has: the column less each
    row's indentation and icon (the shared delegate wraps a flat column)."""

    def __init__(self, view: QTreeView) -> None:
        super().__init__(view, 0)
        self._tree = view

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        depth, parent = 1, index.parent()
        while parent.isValid():
            depth, parent = depth + 1, parent.parent()
        room = self._tree.columnWidth(0) - depth * self._tree.indentation()
        room -= (
            self._tree.iconSize().width()
            + 2 * self._tree.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin)
            + 8
        )
        self.initStyleOption(option, index)
        option.rect = QRect(0, 0, max(room, 40), 1)
        return QStyledItemDelegate.sizeHint(self, option, index)


class _Finished(QObject):
    """Carries a comparison's result from its worker thread to the window's thread."""

    done = Signal(int, object)


class CompareDock(DocumentDock):
    """A comparison's report as a tree of files, sections and changes."""

    title = "Compare"
    object_name = "compare"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.model = ChangesModel(self)
        self._generation = 0
        self._again: Callable[[], None] | None = None
        self._finished = _Finished(self)
        self._finished.done.connect(self._on_done)
        self._build()
        self._build_actions()
        self._show_empty("Compare the open scenario with its saved files or another scenario.")

    def _build(self) -> None:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        self.bar = QHBoxLayout()
        self.bar.setSpacing(4)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addLayout(self.bar)
        layout.addWidget(self.summary)
        self.tree = QTreeView()
        self.tree.setModel(self.model)
        self.tree.setHeaderHidden(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.header().setStretchLastSection(True)
        # A change reads whole on a laptop or at 200 %, on as many lines as it needs.
        self.tree.setItemDelegate(_IndentedWrap(self.tree))
        self.tree.activated.connect(self._on_activated)
        self.empty = QLabel()
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.empty.setEnabled(False)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.tree)
        self.stack.addWidget(self.empty)
        layout.addWidget(self.stack, 1)
        busy = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setTextVisible(False)
        self.progress.setFixedHeight(10)
        self.cancel_button = QToolButton()
        self.cancel_button.setText("Cancel")
        self.cancel_button.setIcon(icons.icon("circle-stop"))
        self.cancel_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.cancel_button.clicked.connect(self.cancel)
        busy.addWidget(self.progress, 1)
        busy.addWidget(self.cancel_button)
        self.busy_row = QWidget()
        self.busy_row.setLayout(busy)
        busy.setContentsMargins(0, 0, 0, 0)
        self.busy_row.setVisible(False)
        layout.addWidget(self.busy_row)
        self.setWidget(body)

    def _build_actions(self) -> None:
        self.since_save_action = QAction(icons.icon("history"), "Changes Since Last &Save", self)
        self.since_save_action.setToolTip(
            "List what the open scenario, map, OOB, parameters and weather changed since they "
            "were last saved"
        )
        self.since_save_action.triggered.connect(self.compare_since_save)
        self.other_action = QAction(icons.icon("folder-open"), "With &Another Scenario…", self)
        self.other_action.setToolTip(
            "List what differs between the open scenario and another scenario's saved files "
            "(its map, OOB, parameters and weather too)"
        )
        self.other_action.triggered.connect(self._choose_other)
        self.refresh_action = QAction(icons.icon("refresh-cw"), "Compare &Again", self)
        self.refresh_action.setToolTip("Compare again, with the edits made since")
        self.refresh_action.triggered.connect(self.compare_again)
        self.copy_action = QAction(icons.icon("clipboard-copy"), "Copy as &Markdown", self)
        self.copy_action.setToolTip(
            "Copy the changes as Markdown, for release notes or a pull request"
        )
        self.copy_action.triggered.connect(self.copy_markdown)
        # The two ways to compare are named on their buttons; again and copy are icons.
        for action, named in (
            (self.since_save_action, True),
            (self.other_action, True),
            (self.refresh_action, False),
            (self.copy_action, False),
        ):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setAutoRaise(True)
            button.setToolButtonStyle(
                Qt.ToolButtonStyle.ToolButtonTextBesideIcon
                if named
                else Qt.ToolButtonStyle.ToolButtonIconOnly
            )
            self.bar.addWidget(button)
        self.bar.addStretch(1)
        self._enable()

    def menu_actions(self) -> list[QAction]:
        """The entries of File > Compare."""
        return [self.since_save_action, self.other_action]

    # Document ---------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        super().set_document(document)
        self.cancel()
        self.model.set_report(None)
        self._again = None
        self.summary.clear()
        self._show_empty(
            "Compare the open scenario with its saved files or another scenario."
            if document is not None
            else "No scenario is open."
        )
        self._enable()

    def document_changed(self, change: DocumentChange) -> None:
        """An edit makes the list out of date: say so, rather than compare on every edit."""
        if self.model.report is not None and self._again is not None:
            self.summary.setText(self._summary_text() + " — edited since: Compare Again")

    # Comparing --------------------------------------------------------------------------------

    def compare_since_save(self) -> None:
        """Compare the open document with what was last saved."""
        if self.document is None:
            return
        document = self.document
        self._again = self.compare_since_save
        self._start(lambda: since_save(document), document)

    def compare_with(self, scenario: Path) -> None:
        """Compare another scenario's saved files with the open document."""
        if self.document is None:
            return
        document = self.document
        self._again = lambda: self.compare_with(scenario)
        self._start(lambda: against(document, scenario), document)

    def compare_again(self) -> None:
        """Repeat the last comparison with the document as it is now."""
        if self._again is not None:
            self._again()

    def _choose_other(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(
            self, "Compare with Scenario", str(scenario_folder(self.document)), SCENARIO_FILTER
        )
        if chosen:
            self.compare_with(Path(chosen))

    def _start(self, sides: Callable[[], tuple[Side, Side]], document: Document) -> None:
        """Compare on a worker thread; the panel shows it is busy and Cancel drops the result.
        The sides are taken here, on the window's thread: the models they hold are immutable,
        so edits made while the worker compares do not disturb it."""
        self.show()
        self.raise_()
        self._generation += 1
        generation = self._generation
        names = names_of(document)
        try:
            old, new = sides()
        except OSError as exc:
            self._show_empty(f"The comparison failed: {exc}")
            return

        def work() -> None:
            try:
                result: object = compare(old, new, names)
            except Exception as exc:
                result = exc
            self._finished.done.emit(generation, result)

        self.busy_row.setVisible(True)
        self._show_empty("Comparing…")
        self._enable()
        threading.Thread(target=work, name="compare", daemon=True).start()

    @property
    def is_busy(self) -> bool:
        """Whether a comparison is under way."""
        return self.busy_row.isVisible()

    def cancel(self) -> None:
        """Drop the comparison under way (its result is ignored when it comes)."""
        if not self.is_busy:
            return
        self._generation += 1
        self.busy_row.setVisible(False)
        self._show_empty("Comparison cancelled.")
        self._enable()

    def _on_done(self, generation: int, result: object) -> None:
        if generation != self._generation:
            return
        self.busy_row.setVisible(False)
        self._enable()
        if isinstance(result, Exception):
            self.model.set_report(None)
            self._show_empty(f"The comparison failed: {result}")
            return
        assert isinstance(result, Report)
        self.show_report(result)

    def show_report(self, report: Report) -> None:
        """Show a report: its problems when a side could not be read, else its changes."""
        self.model.set_report(report)
        self._enable()
        if report.problems:
            self.summary.setText(f"{report.old} could not be compared:")
            self._show_empty("\n".join(_problem_line(p) for p in report.problems[:20]))
            self.model.set_report(None)
            return
        self.summary.setText(self._summary_text())
        if report.equal:
            self._show_empty(f"No changes: {report.new} is the same as {report.old}.")
            return
        self.tree.expandAll()
        self.stack.setCurrentWidget(self.tree)

    def _summary_text(self) -> str:
        report = self.model.report
        if report is None:
            return ""
        count = len(report.changes)
        return f"{count} change{'s' if count != 1 else ''} from {report.old} to {report.new}"

    def copy_markdown(self) -> None:
        """Put the report on the clipboard as Markdown."""
        if self.model.report is not None:
            QGuiApplication.clipboard().setText(as_markdown(self.model.report))

    def _on_activated(self, index: QModelIndex) -> None:
        change = self.model.change(index)
        if change is None:
            return
        if change.hex is not None:
            self.selection.select_hex(change.hex)
        if self.document is not None and change.unit_id:
            known = self.document.oob_index
            if change.unit_id in known.units or change.unit_id in known.organizations:
                self.selection.select_units([change.unit_id])
        self.selection.request_focus(focus_of(change))

    def _show_empty(self, text: str) -> None:
        self.empty.setText(text)
        self.stack.setCurrentWidget(self.empty)

    def _enable(self) -> None:
        has = self.document is not None
        self.since_save_action.setEnabled(has)
        self.other_action.setEnabled(has)
        self.refresh_action.setEnabled(has and self._again is not None and not self.is_busy)
        self.copy_action.setEnabled(self.model.report is not None and bool(self.model.changes()))


def _problem_line(problem: Problem) -> str:
    return problem.format()

"""The Tactical GameX Test-play log: its sentences with their places (a click centres the board,
`dock.py`), filtered by side, by kind and by a search in the text, and exported as shown to a
text report or a spreadsheet (`log_export`), as the Panzer test-play log offers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.log_files import FILE_FILTERS

if TYPE_CHECKING:
    from editor.tactical_gamex.testplay.log_export import TgxLogLine
    from engine.tactical_gamex.game import TacticalGame

LINE = Qt.ItemDataRole.UserRole + 1
"""The item's `TgxLogLine` (the place stays at UserRole, as clicks read it)."""
ALL = ""


class TgxLogPanel(QWidget):
    """The log list under its filter row."""

    failed = Signal(str)
    """An export could not be written: the sentence says why."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.source: Callable[[], tuple[TacticalGame, str] | None] = lambda: None
        """The game and the situation's title, for an export (None: nothing to export)."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.search = QLineEdit(self)
        self.search.setObjectName("tgx_log_search")
        self.search.setPlaceholderText("Search the log")
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip("Show only the lines whose text contains this")
        self.side = QComboBox(self)
        self.side.setObjectName("tgx_log_side")
        for text, value in (("Both sides", ALL), ("Allied", "allied"), ("Axis", "axis")):
            self.side.addItem(text, value)
        self.side.setToolTip("Show only what one side did (or what befell it)")
        self.kind = QComboBox(self)
        self.kind.setObjectName("tgx_log_kind")
        self.kind.addItem("All events", ALL)
        self.kind.setToolTip("Show only one kind of event: moves, attacks, morale checks…")
        self.export_button = QPushButton("Export…", self)
        self.export_button.setToolTip("Write the lines shown to a text report or a spreadsheet")
        self.export_button.clicked.connect(self._export)
        row.addWidget(self.search, 1)
        row.addWidget(self.side)
        row.addWidget(self.kind)
        row.addWidget(self.export_button)
        layout.addLayout(row)
        self.list = QListWidget(self)
        self.list.setObjectName("tgx_play_log")
        self.list.setToolTip("Click a line to centre the board where it happened")
        layout.addWidget(self.list, 1)
        self.search.textChanged.connect(self._filter)
        self.side.currentIndexChanged.connect(self._filter)
        self.kind.currentIndexChanged.connect(self._filter)

    def add(self, line: TgxLogLine) -> None:
        """One more line at the bottom, hidden if the filters leave it out."""
        item = QListWidgetItem(line.description)
        if line.hex is not None:
            item.setData(Qt.ItemDataRole.UserRole, line.hex)
        item.setData(LINE, line)
        self.list.addItem(item)
        if self.kind.findData(line.kind) < 0:
            self.kind.addItem(line.kind.replace("_", " "), line.kind)
        item.setHidden(not self._shows(line))

    def clear(self) -> None:
        """No lines (the kinds met so far are forgotten too)."""
        self.list.clear()
        self.kind.blockSignals(True)
        while self.kind.count() > 1:
            self.kind.removeItem(1)
        self.kind.setCurrentIndex(0)
        self.kind.blockSignals(False)

    def shown(self) -> list[TgxLogLine]:
        """The lines the filters show, top to bottom."""
        items = (self.list.item(i) for i in range(self.list.count()))
        return [item.data(LINE) for item in items if not item.isHidden()]

    def export_to(self, path: Path | str) -> bool:
        """Write the lines shown to `path`; False (nothing written) without a game."""
        from editor.tactical_gamex.testplay.log_export import export_log  # noqa: PLC0415

        source = self.source()
        if source is None:
            return False
        game, title = source
        export_log(game, title, self.shown(), Path(path))
        return True

    def _export(self) -> None:
        if self.source() is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Export the Log", "", FILE_FILTERS)
        if path:
            try:
                self.export_to(path)
            except OSError as exc:
                self.failed.emit(f"The log could not be written to {path}: {exc}")

    def _shows(self, line: TgxLogLine) -> bool:
        side, kind = self.side.currentData(), self.kind.currentData()
        text = self.search.text().strip().lower()
        return (
            (not side or line.side == side)
            and (not kind or line.kind == kind)
            and (not text or text in line.description.lower())
        )

    def _filter(self, *_args: object) -> None:
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setHidden(not self._shows(item.data(LINE)))

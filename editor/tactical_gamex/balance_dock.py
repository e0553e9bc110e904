"""The Tactical GameX Balance panel: N computer-against-computer games of the open situation as it
now stands (saved or not), played by the balance lab on this machine's worker processes with
progress and Cancel, then the distribution of the situation's victory levels with their 95 %
intervals, the score, game length and victory hexes, and the games, any of which a double-click
test-plays (that seed, the computer at both sides)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.docks.balance_run import BalanceController, RunPart
from editor.selection import Selection
from editor.tactical_gamex.dock import TgxDock, message_label
from editor.tactical_gamex.document import TgxDocument
from schemas.io import dump_text, is_json

if TYPE_CHECKING:
    from engine.balance import GameRecord

RUN = "Run"
DEFAULT_GAMES = 40


def played_copy(document: TgxDocument, folder: Path) -> Path:
    """The open situation, its unit types and tables as they now stand, and the panels it
    uses, written under `folder` as they sit in the title folder; the situation's path there.
    ValueError when a file lies outside the title folder."""
    root = document.title_folder
    for slot in document.slots():
        target = folder / slot.path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(dump_text(slot.model, as_json=is_json(slot.path)), encoding="utf-8")
    situation = document.scenario_path
    for panel in document.situation.board.panels:
        source = Path(os.path.normpath(situation.parent / panel.file))
        target = folder / source.relative_to(root)
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    return folder / situation.relative_to(root)


class TgxBalanceDock(TgxDock):
    """Runs of the open situation and what they show."""

    title = "Balance"
    object_name = "tgx_balance"
    default_area = Qt.DockWidgetArea.RightDockWidgetArea

    testplay_requested = Signal(int)
    """The seed of a game to test-play on the open situation, the computer at both sides."""

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.controller = BalanceController(self)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        row = QHBoxLayout()
        self.games = QSpinBox(body)
        self.games.setRange(2, 10_000)
        self.games.setValue(DEFAULT_GAMES)
        self.games.setSuffix(" games")
        self.games.setToolTip("Games to play, seeds 1 to N")
        self.run_button = QPushButton("Run", body)
        self.run_button.setToolTip("Play the open situation as it is now, saved or not")
        self.cancel_button = QPushButton("Cancel", body)
        self.cancel_button.setToolTip("Stop the run; the games finished are kept")
        self.cancel_button.setEnabled(False)
        for widget in (self.games, self.run_button, self.cancel_button):
            row.addWidget(widget)
        row.addStretch(1)
        layout.addLayout(row)
        self.progress = QProgressBar(body)
        self.progress.setFormat("%v / %m games")
        self.progress.setValue(0)
        layout.addWidget(self.progress)
        self.report = QPlainTextEdit(body)
        self.report.setReadOnly(True)
        self.report.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)  # columns stay aligned
        self.report.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.report.setPlaceholderText(
            "Run plays the situation with the computer at both sides and shows how often each "
            "victory level comes up."
        )
        layout.addWidget(self.report, 3)
        layout.addWidget(QLabel("Games (double-click to test-play one):", body))
        self.list = QListWidget(body)
        self.list.itemActivated.connect(self._activated)
        layout.addWidget(self.list, 2)
        self.note = message_label(body)
        layout.addWidget(self.note)
        self.setWidget(body)
        self.controller.progress.connect(self._progress)
        self.controller.finished.connect(self._finished)
        self.controller.run_failed.connect(self._say)
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.cancel)
        self.kind: object = None
        self._clear()

    def show_document(self, document: TgxDocument | None) -> None:
        if self.controller.is_running:
            self.controller.cancel()
        self._clear()
        self.run_button.setEnabled(document is not None)

    def _clear(self) -> None:
        self.report.clear()
        self.list.clear()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.note.clear()

    def _say(self, text: str) -> None:
        self.note.setText(text)

    def run(self) -> bool:
        """Play the open situation as it is now on seeds 1..N; whether the run started."""
        document = self.document
        if not isinstance(document, TgxDocument) or self.controller.is_running:
            return False
        from engine.balance.rulesets import load_playable  # noqa: PLC0415  # not at start-up

        try:
            situation = played_copy(document, self.controller.temporary_folder())
            self.kind = load_playable(situation).kind
        except (OSError, ValueError) as exc:
            self._say(f"The situation cannot be played: {exc}")
            return False
        self._clear()
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        seeds = list(range(1, self.games.value() + 1))
        self.controller.start([RunPart(RUN, situation, "open situation", own=True)], seeds, 0)
        return True

    def cancel(self) -> None:
        """Stop the run under way; its finished games stay shown."""
        self.controller.cancel()

    def _progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)
        if done and done % max(1, total // 10) == 0:
            self._show(self.controller.records.get(RUN, []))

    def _finished(self, cancelled: bool) -> None:
        records = self.controller.records.get(RUN, [])
        self._show(records)
        self.run_button.setEnabled(self.document is not None)
        self.cancel_button.setEnabled(False)
        seconds = self.controller.elapsed
        ended = "cancelled" if cancelled else "finished"
        self._say(f"Run {ended}: {len(records)} games in {seconds:.0f} s.")

    def _show(self, records: list[GameRecord]) -> None:
        from engine.balance import summarize  # noqa: PLC0415  # not before a run is shown
        from engine.balance.game_record import RecordKind  # noqa: PLC0415

        kind = self.kind if isinstance(self.kind, RecordKind) else None
        if kind is None or not records:
            return
        self.report.setPlainText(summarize(records, kind).text())
        self.list.clear()
        for record in records:
            text = (
                f"seed {record.seed}: {record.outcome}, score {record.score:g}, "
                f"{record.turns} turns"
                if record.ok
                else f"seed {record.seed}: failed — {record.error}"
            )
            item = QListWidgetItem(text, self.list)
            item.setData(Qt.ItemDataRole.UserRole, record.seed)

    def _activated(self, item: QListWidgetItem) -> None:
        seed = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(seed, int):
            self.testplay_requested.emit(seed)

"""The Balance panel: many computer-against-computer games of the open scenario (saved or
not), their victory levels, score and objectives charted, the games listed to watch any of
them in test-play, and the A/B comparison of two versions on the same seeds. The last run of
each version of a scenario is kept and shown again when the same content is opened."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor import icons
from editor.docks.balance_progress import RUN, RunProgress, run_clock
from editor.docks.base import DocumentDock
from editor.document import Change, Document
from editor.open_places import SCENARIO_FILTER
from editor.widgets.button_rows import WrappingButtons

if TYPE_CHECKING:
    from editor.docks.balance_run import RunPart
    from editor.docks.balance_store import StoredRun
    from engine.balance import BalanceSummary, GameRecord

# The panel's own modules (its controller, store, charts and pages) are imported where they are
# used, the panel being built when first shown: some 8 ms less before the first paint.

DEFAULT_GAMES = 20


def _summarize(records: list[GameRecord]) -> BalanceSummary:
    from engine.balance import summarize  # noqa: PLC0415  # not before a run is shown

    return summarize(records)


class _BodyLayout(QVBoxLayout):
    """The panel's layout in its scroll area, fitted to the panel's height: its wrapped
    messages would otherwise have the scroll area ask for the layout's preferred height, and
    the charts would scroll on a screen with room for them."""

    def hasHeightForWidth(self) -> bool:
        return False


class BalanceDock(RunProgress, DocumentDock):
    """Runs of the open scenario and their charts, games and comparisons."""

    title = "Balance"
    object_name = "balance"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea
    built_when_shown = True

    play_requested = Signal(int)
    """The seed of a game to test-play afresh on the open document, the computer on both
    sides (a game kept without its orders, or the document changed since the run)."""
    open_requested = Signal(object)
    """A listed game (`GameRecord`) to open in test-play: its orders replayed on the open
    document, which is the version the run played."""

    def build(self) -> None:
        from editor.docks.balance_run import BalanceController  # noqa: PLC0415
        from editor.docks.balance_views import ChartsPage, ComparePage, GamesPage  # noqa: PLC0415

        body = QWidget(self)
        self.controller = BalanceController(self)
        self.games_box = QSpinBox(body)
        self.games_box.setRange(1, 100_000)
        self.games_box.setValue(DEFAULT_GAMES)
        self.games_box.setToolTip("Games to play, on seeds 1 to this number")
        self.games_box.setPrefix("Games: ")
        self.jobs_box = QSpinBox(body)
        self.jobs_box.setRange(1, max(1, os.cpu_count() or 1) * 4)
        self.jobs_box.setValue(max(1, os.cpu_count() or 1))
        self.jobs_box.setPrefix("Jobs: ")
        self.jobs_box.setToolTip("Worker processes playing games at once (one per core is best)")
        self.run_button = QPushButton(icons.icon("play"), "Run", body)
        self.run_button.setToolTip("Play the open scenario as it is now, saved or not")
        self.cancel_button = QPushButton(icons.icon("circle-stop"), "Cancel", body)
        self.cancel_button.setToolTip("Stop the run; the games already finished are kept")
        self.saved_button = QPushButton(icons.icon("history"), "A/B Saved", body)
        self.saved_button.setToolTip(
            "Play the saved file and the open document on the same seeds and compare them"
        )
        self.other_button = QPushButton(icons.icon("file-input"), "A/B File…", body)
        self.other_button.setToolTip(
            "Play another scenario and the open document on the same seeds and compare them"
        )
        # The counts wrap with the buttons: on a narrow panel (200 %) two rows of three rather
        # than four rows of buttons beside the counts.
        controls: list[Any] = [self.games_box, self.jobs_box, self.run_button]
        controls += [self.cancel_button, self.saved_button, self.other_button]
        self.buttons = WrappingButtons(controls)
        self.progress = QProgressBar(body)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(self.fontMetrics().height())
        self.progress_label = QLabel(body)
        self.status = QLabel(body)
        self.status.setTextFormat(Qt.TextFormat.PlainText)

        self.charts = ChartsPage(body)
        self.games = GamesPage(body)
        self.compare_page = ComparePage(body)
        self.tabs = QTabWidget(body)
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.charts, "Charts")
        self.tabs.addTab(self.games, "Games")
        self.tabs.addTab(self.compare_page, "A/B")

        # The bar, the count and the message share a row: a laptop's bottom panel keeps its
        # height for the charts (the message's whole text is its tool tip).
        self.progress.setMaximumWidth(self.fontMetrics().horizontalAdvance("0") * 20)
        self.status.setWordWrap(False)
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.progress_label)
        progress_row.addWidget(self.status, 3)
        layout = _BodyLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.buttons)
        layout.addLayout(progress_row)
        layout.addWidget(self.tabs, 1)
        # A scroll area under the panel: on a 1920x1080 screen at 200 % the bottom panels are
        # shorter than the charts want, and the window must still fit the screen.
        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(body)
        self.setWidget(self.scroll)

        self.key = ""
        """The version key of the open document when it was opened or last run."""
        self.shown: list[GameRecord] = []
        """The games of the open document's run shown."""
        self.comparison_labels: tuple[str, str] = ("", "")
        self._shown_version = ""
        self._kept_parts: set[str] = set()
        self._run_document: Document | None = None
        """The document the run under way (or last run) was started on."""
        """The version key of the run shown."""
        self._clock = QTimer(self)
        self._clock.setInterval(250)
        self._clock.timeout.connect(self._show_progress)
        self._redraw = QTimer(self)
        self._redraw.setSingleShot(True)
        self._redraw.setInterval(300)
        self._redraw.timeout.connect(self._show_partial)
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.cancel)
        self.saved_button.clicked.connect(self.compare_with_saved)
        self.other_button.clicked.connect(lambda: self.compare_with())  # noqa: PLW0108
        self.controller.record_done.connect(lambda *_: self._redraw.start())
        self.controller.progress.connect(self._show_progress)
        self.controller.finished.connect(self._finished)
        self.controller.run_failed.connect(self._failed)
        self.games.play_requested.connect(self.open_game)
        self._update_buttons()

    # Document ---------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        from editor.docks.balance_store import load_run, version_key  # noqa: PLC0415

        if self.controller.is_running:
            self.controller.cancel()
            self.controller.wait(30)
        self._redraw.stop()
        self._clock.stop()
        super().set_document(document)
        self._show_run([], None)
        self.compare_page.model.set_comparison(None)
        self.key = version_key(document) if document is not None else ""
        self._say("")
        stored = load_run(self.key) if document is not None else None
        if stored is not None:
            self._show_stored(stored)
            self._shown_version = self.key
        self._update_buttons()

    def document_changed(self, change: Change) -> None:
        if self.shown and not self.controller.is_running:
            self._say(
                self.status.text().split(" — ")[0]
                + " — the scenario changed since: Run plays it as it is now."
            )

    def _show_stored(self, stored: StoredRun) -> None:
        self.games_box.setValue(max(1, len(stored.records)))
        self._show_run(stored.records, None)
        when = stored.date.strftime("%d %b %Y %H:%M")
        cut = ", cancelled" if stored.cancelled else ""
        self._say(f"Last run of this version: {when}, {len(stored.records)} games{cut}.")

    # Runs -------------------------------------------------------------------------------------

    def seeds(self) -> list[int]:
        """The seeds a run plays: 1 to the games count."""
        return list(range(1, self.games_box.value() + 1))

    def _open_copy(self, name: str) -> RunPart | None:
        """The open document written to the run's own folder, as the part `name`; None after
        saying why it could not be written (nothing of the designer's is touched)."""
        from editor.docks.balance_run import RunPart  # noqa: PLC0415
        from editor.docks.balance_store import write_title  # noqa: PLC0415

        document = self.document
        assert document is not None
        try:
            folder = self.controller.temporary_folder() / name
            scenario = write_title(document, folder)
        except Exception as exc:  # a full disk, say: the run does not start, nothing is lost
            self._say(f"Could not copy the open scenario to play it: {exc}")
            return None
        return RunPart(name, scenario, "open document", self.key, own=True)

    def run(self) -> bool:
        """Play the open document as it is now; whether the run started."""
        from editor.docks.balance_store import version_key  # noqa: PLC0415

        if self.document is None or self.controller.is_running:
            return False
        self.key = version_key(self.document)
        part = self._open_copy(RUN)
        if part is None:
            return False
        self.comparison_labels = ("", "")
        self._start([part])
        return True

    def compare_with_saved(self) -> bool:
        """Play the saved file (A) and the open document (B) on the same seeds and compare."""
        from editor.docks.balance_run import RunPart  # noqa: PLC0415
        from editor.docks.balance_store import saved_version_key, version_key  # noqa: PLC0415

        document = self.document
        if document is None or self.controller.is_running:
            return False
        if document.is_untitled or not document.scenario_path.is_file():
            self._say("The scenario has not been saved yet: there is no file to compare.")
            return False
        if not document.is_dirty:
            self._say("The open document is the saved file: edit it, then compare the edit.")
            return False
        self.key = version_key(document)
        part = self._open_copy("B")
        if part is None:
            return False
        saved_key = saved_version_key(document)
        saved = RunPart("A", document.scenario_path, "saved file", saved_key)
        self.comparison_labels = (saved.label, "open document")
        self._start([saved, part])
        return True

    def compare_with(self, path: Path | str | None = None) -> bool:
        """Play the open document (A) and another scenario file (B) on the same seeds and
        compare (asking which file when `path` is None)."""
        from editor.docks.balance_run import RunPart  # noqa: PLC0415
        from editor.docks.balance_store import version_key  # noqa: PLC0415

        document = self.document
        if document is None or self.controller.is_running:
            return False
        if path is None:
            chosen, _ = QFileDialog.getOpenFileName(
                self, "Compare With", str(document.scenario_path.parent), SCENARIO_FILTER
            )
            if not chosen:
                return False
            path = chosen
        self.key = version_key(document)
        part = self._open_copy("A")
        if part is None:
            return False
        other = RunPart("B", Path(path), Path(path).name)
        self.comparison_labels = ("open document", other.label)
        self._start([part, other])
        return True

    def _kept(self, part: RunPart) -> list[GameRecord] | None:
        """The games of a version already played on these seeds (shown, or kept from an
        earlier run), so that a comparison plays only what it has not played yet."""
        from editor.docks.balance_store import load_run  # noqa: PLC0415

        seeds = set(self.seeds())
        if not part.key:
            return None
        if part.key == self._shown_version and {r.seed for r in self.shown} == seeds:
            return list(self.shown)
        stored = load_run(part.key)
        if stored is not None and {r.seed for r in stored.records} == seeds:
            return stored.records
        return None

    def _start(self, parts: list[RunPart]) -> None:
        kept = {p.name: records for p in parts if (records := self._kept(p)) is not None}
        self._kept_parts = set(kept)
        self._run_document = self.document
        self.controller.start(parts, self.seeds(), self.jobs_box.value(), kept)
        playing = [p.label for p in parts if p.name not in kept]
        self._say("Playing the " + " and the ".join(playing) + "…")
        self._clock.start()
        self._show_progress()
        self._update_buttons()

    # Progress and results ---------------------------------------------------------------------

    def _show_partial(self) -> None:
        records = self.controller.records
        if self.comparison_labels == ("", ""):
            self._show_run(records.get(RUN, []), None)
        else:
            self._show_run(records.get(self._own_part(), []), records)

    def _show_run(
        self, records: list[GameRecord], parts: dict[str, list[GameRecord]] | None
    ) -> None:
        """Chart and list a run of the open document; `parts`, A and B of a comparison."""
        from editor.docks.balance_charts import ChartRun  # noqa: PLC0415
        from editor.docks.balance_holds import hold_lines  # noqa: PLC0415

        self.shown = list(records)
        summary = _summarize(records) if records else None
        runs: list[ChartRun] = []
        if parts is not None:
            for name, label in zip(("A", "B"), self.comparison_labels, strict=True):
                if parts.get(name):
                    runs.append(ChartRun(f"{name}: {label}", parts[name], _summarize(parts[name])))
        elif summary is not None:
            runs.append(ChartRun("this scenario", records, summary))
        self.charts.levels.set_runs(runs)
        self.charts.score.set_runs(runs)
        document = self.document
        scenario = document.scenario if document is not None else None
        self.charts.score.set_levels(scenario.header.victory.levels if scenario else None)
        names = {o.id: o.name or o.id for o in scenario.objectives} if scenario else {}
        owners = {o.id: o.owner for o in scenario.objectives} if scenario else {}
        self.charts.holds.set_lines(hold_lines(records, names, owners))
        self.games.show_games(records, summary)

    def _finished(self, cancelled: bool) -> None:
        from editor.docks.balance_store import save_run  # noqa: PLC0415
        from engine.balance import compare  # noqa: PLC0415

        self._clock.stop()
        self._redraw.stop()
        self._show_progress()
        controller = self.controller
        records = controller.records
        document = self.document
        own = self._own_part()
        mine = records.get(own, [])
        for part in controller.parts:
            # Kept by content, so a run the closing of its document cut short is kept too.
            played = records.get(part.name, [])
            if not part.key or not played or part.name in self._kept_parts:
                continue
            try:
                save_run(part.key, part.scenario, played, cancelled=cancelled)
            except OSError as exc:
                self._say(f"The run could not be kept for next time: {exc}")
        if document is None or document is not self._run_document:
            self._update_buttons()  # another scenario is open now: its own last run stays
            return
        self._shown_version = next((p.key for p in controller.parts if p.own), "")
        if self.comparison_labels == ("", ""):
            self._show_run(mine, None)
            self.tabs.setCurrentWidget(self.charts)
        else:
            self._show_run(mine, records)
            result = compare(records.get("A", []), records.get("B", []))
            scenario = document.scenario if document is not None else None
            names = {o.id: o.name or o.id for o in scenario.objectives} if scenario else {}
            self.compare_page.show_comparison(
                result, self.comparison_labels, len(controller.seeds), names
            )
            self.tabs.setCurrentWidget(self.compare_page)
        kept = sum(len(records.get(name, [])) for name in self._kept_parts)
        played, total = controller.done - kept, controller.total - kept
        word = "Cancelled after" if cancelled else "Played"
        text = f"{word} {played} of {total} games in {run_clock(controller.elapsed)}."
        if kept:
            text = text[:-1] + f" ({kept} more reused from a run of the same version)."
        if not self.status.text().startswith("The run failed"):
            self._say(text)
        self._update_buttons()

    def open_game(self, seed: int) -> None:
        """Open a listed game in test-play: the game itself, replayed from its orders, while
        the open document is the version the run played; else its seed played afresh on the
        document as it is now, after saying why."""
        from editor.docks.balance_store import version_key  # noqa: PLC0415

        record = next((r for r in self.shown if r.seed == seed), None)
        document = self.document
        if record is not None and record.orders and document is not None:
            if version_key(document) == self._shown_version:
                self.open_requested.emit(record)
                return
            self._say(
                f"Seed {seed} is test-played afresh on the scenario as it is now: it changed "
                "since the run, so the game may differ from the one listed."
            )
        elif record is not None:
            self._say(f"Seed {seed} was kept without its orders: it is test-played afresh.")
        self.play_requested.emit(seed)

    def _say(self, text: str) -> None:
        """The message beside the bar; its whole text is its tool tip when it is cut."""
        self.status.setText(text)
        self.status.setToolTip(text)

    def _failed(self, message: str) -> None:
        self._say(
            f"The run failed: {message}. The games finished are kept; the open scenario is "
            "untouched."
        )

    def _update_buttons(self) -> None:
        running = self.controller.is_running
        has = self.document is not None
        self.run_button.setEnabled(has and not running)
        self.saved_button.setEnabled(has and not running)
        self.other_button.setEnabled(has and not running)
        self.cancel_button.setEnabled(running)
        self.games_box.setEnabled(not running)
        self.jobs_box.setEnabled(not running)
        self.progress.setVisible(running or self.controller.total > 0)

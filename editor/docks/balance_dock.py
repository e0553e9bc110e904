"""The Balance panel: many computer-against-computer games of the open scenario (saved or
not), their victory levels, score and objectives charted, the games listed to watch any of
them in test-play, and the A/B comparison of two versions on the same seeds. The last run of
each version of a scenario is kept and shown again when the same content is opened."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFileDialog, QTabWidget, QWidget

from editor.docks.balance_panel import BalancePanel
from editor.docks.balance_progress import RUN
from editor.docks.base import DocumentDock
from editor.document import Change, Document
from editor.open_places import SCENARIO_FILTER

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


class BalanceDock(BalancePanel, DocumentDock):
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
        self.build_controls(body, (1, 100_000, DEFAULT_GAMES))
        self.games_box, self.jobs_box, self.status = self.games_count, self.jobs_count, self.message
        self.other_button.setText("A/B File…")
        self.other_button.setToolTip(
            "Play another scenario and the open document on the same seeds and compare them"
        )

        self.charts = ChartsPage(body)
        self.games = GamesPage(body)
        self.compare_page = ComparePage(body)
        self.tabs = QTabWidget(body)
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.charts, "Charts")
        self.tabs.addTab(self.games, "Games")
        self.tabs.addTab(self.compare_page, "A/B")

        self.lay_out_scrolled(body)

        self.key = ""
        """The version key of the open document when it was opened or last run."""
        self.shown: list[GameRecord] = []
        """The games of the open document's run shown."""
        self.comparison_labels: tuple[str, str] = ("", "")
        self.shown_key = ""
        """The version key of the run shown."""
        self.connect_run()
        self.other_button.clicked.connect(lambda: self.compare_with())  # noqa: PLW0108
        self.games.play_requested.connect(self.open_game)
        self.games.save_requested.connect(self.save_play_file)
        self._update_buttons()

    # Document ---------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        from editor.docks.balance_store import load_run, version_key  # noqa: PLC0415

        self.stop_run()
        super().set_document(document)
        self._show_run([], None)
        self.compare_page.model.set_comparison(None)
        self.key = version_key(document) if document is not None else ""
        self._say("")
        stored = load_run(self.key) if document is not None else None
        if stored is not None:
            self._show_stored(stored)
            self.shown_key = self.key
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
        self._say(self.stored_note(stored))

    # Runs -------------------------------------------------------------------------------------

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
        if document is None or self.controller.is_running or not self.saved_to_compare():
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

    def _start(self, parts: list[RunPart]) -> None:
        kept = {p.name: records for p in parts if (records := self._kept(p)) is not None}
        self.start_parts(parts, kept)

    # Progress and results ---------------------------------------------------------------------

    def _is_comparison(self) -> bool:
        return self.comparison_labels != ("", "")

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

    def _compare_parts(self, records: dict[str, list[GameRecord]]) -> None:
        from engine.balance import compare  # noqa: PLC0415

        result = compare(records.get("A", []), records.get("B", []))
        document = self.document
        scenario = document.scenario if document is not None else None
        names = {o.id: o.name or o.id for o in scenario.objectives} if scenario else {}
        self.compare_page.show_comparison(
            result, self.comparison_labels, len(self.controller.seeds), names
        )

    def open_game(self, seed: int) -> None:
        """Open a listed game in test-play: the game itself, replayed from its orders, while
        the open document is the version the run played; else its seed played afresh on the
        document as it is now, after saying why."""
        from editor.docks.balance_store import version_key  # noqa: PLC0415

        record = next((r for r in self.shown if r.seed == seed), None)
        document = self.document
        if record is not None and record.orders and document is not None:
            if version_key(document) == self.shown_key:
                self.open_requested.emit(record)
                return
            self._say(
                f"Seed {seed} is test-played afresh on the scenario as it is now: it changed "
                "since the run, so the game may differ from the one listed."
            )
        elif record is not None:
            self._say(f"Seed {seed} was kept without its orders: it is test-played afresh.")
        self.play_requested.emit(seed)

    def save_play_file(self, seed: int, path: Path | str | None = None) -> bool:
        """Save a listed game as the saved test-play (`.testplay.yaml`) File > Open Test-play
        opens and `hexwright replay` replays, asking where when `path` is None; whether it was
        written. The game is replayed on the open scenario first, which must be the saved
        version the run played: the file names the scenario's file and replays on it."""
        from editor.docks.balance_files import (  # noqa: PLC0415
            ListedGame,
            ask_play_file,
            panzer_file_name,
            panzer_play_file,
            save_listed_game,
        )
        from editor.docks.balance_store import version_key  # noqa: PLC0415
        from editor.testplay.session_file import FILE_FILTER, TESTPLAY_SUFFIX  # noqa: PLC0415

        record = next((r for r in self.shown if r.seed == seed), None)
        document = self.document
        if record is None or document is None or not record.ok or not record.orders:
            return False
        game = ListedGame(
            seed,
            record,
            "scenario",
            changed_since_run=version_key(document) != self.shown_key,
            unsaved=document.is_untitled or document.is_dirty,
        )
        name, folder = panzer_file_name(document, seed), document.scenario_path.parent
        return save_listed_game(
            self,
            self._say,
            game,
            path,
            ask=lambda: ask_play_file(self, name, TESTPLAY_SUFFIX, folder, FILE_FILTER),
            write=lambda chosen, replay: panzer_play_file(document, record, chosen, replay),
        )

    def _failed(self, message: str) -> None:
        self._say(
            f"The run failed: {message}. The games finished are kept; the open scenario is "
            "untouched."
        )

"""The Tactical GameX Balance panel: N computer-against-computer games of the open situation as it
now stands (saved or not), played on this machine's worker processes with progress and Cancel;
the situation's own victory levels charted with their 95 % intervals, the score by turn, each
victory hex's holder by turn, the games (any of which test-plays again, that seed with the
computer at both sides) and the report; an A/B comparison against the saved file, another file, a
copy of the title in another folder or a git revision, as `hexwright balance --against` plays it.
The last run of each version is kept and shown again when the same content is opened."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QMenu,
    QPlainTextEdit,
    QTabWidget,
    QWidget,
)

from editor.docks.balance_charts import ChartRun
from editor.docks.balance_holds import hold_lines
from editor.docks.balance_panel import BalancePanel, Wording
from editor.docks.balance_progress import RUN
from editor.docks.balance_run import BalanceController, RunPart
from editor.docks.balance_store import StoredRun, load_run
from editor.docks.balance_tables import outcome_text
from editor.docks.balance_views import ChartsPage, ComparePage, GamesPage
from editor.selection import Selection
from editor.tactical_gamex.balance_versions import (
    folder_key,
    played_copy,
    replay_outcome,
    saved_key,
    stored_game_path,
    title_files,
    write_saved_game,
)
from editor.tactical_gamex.dock import TgxDock
from editor.tactical_gamex.document import TgxDocument

if TYPE_CHECKING:
    from engine.balance import BalanceSummary, GameRecord
    from engine.balance.game_record import RecordKind
    from engine.balance.level_match import LevelMatch

DEFAULT_GAMES = 40
SITUATION_FILTER = "Situations (*.situation.yaml *.situation.json);;All files (*)"
SAVED_GAME_SUFFIX = ".tgxplay.yaml"
SAVED_GAME_FILTER = f"Tactical GameX games (*{SAVED_GAME_SUFFIX})"


class TgxBalanceDock(BalancePanel, TgxDock):
    """Runs of the open situation: their charts, games, comparisons and report."""

    title = "Balance"
    object_name = "tgx_balance"
    wording = Wording("situation", "Run finished:", "Run cancelled after")
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea  # the charts want width

    testplay_requested = Signal(int)
    """The seed of a game to test-play afresh on the open situation, the computer at both
    sides (a game kept without its orders, or the situation changed since the run)."""
    open_requested = Signal(str)
    """The saved game (`.tgxplay.yaml`) of a listed game to open in test-play: its orders
    replayed on the open situation, which is the version the run played."""

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.controller = BalanceController(self)
        body = QWidget(self)
        self.build_controls(body, (2, 10_000, DEFAULT_GAMES))
        self.games, self.jobs, self.note = self.games_count, self.jobs_count, self.message
        self.other_button.setToolTip(
            "Play another version and the open situation on the same seeds and compare them"
        )
        menu = QMenu(self.other_button)
        menu.addAction("Another Situation File…", self._ask_file)
        menu.addAction("This Situation in Another Folder…", self._ask_folder)
        menu.addAction("This Situation at a Git Revision…", self._ask_revision)
        self.other_button.setMenu(menu)

        self.charts = ChartsPage(body)
        self.charts.name_holds("Victory hexes", "Victory hexes held by their starting holder")
        for chart in self.charts.charts:
            chart.empty_text = "No games yet: Run plays the situation."
        self.games_page = GamesPage(body)
        self.compare_page = ComparePage(body)
        self.report = QPlainTextEdit(body)
        self.report.setReadOnly(True)
        self.report.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)  # columns stay aligned
        self.report.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.report.setPlaceholderText(
            "Run plays the situation with the computer at both sides and reports how often each "
            "victory level comes up."
        )
        self.tabs = QTabWidget(body)
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.charts, "Charts")
        self.tabs.addTab(self.games_page, "Games")
        self.tabs.addTab(self.compare_page, "A/B")
        self.tabs.addTab(self.report, "Report")

        self.lay_out_scrolled(body)

        self.kind: RecordKind | None = None
        """What the open situation's records mean (its victory levels), once a run is shown."""
        self.key = ""
        """The version key of the open situation when it was opened or last run."""
        self.shown: list[GameRecord] = []
        self.shown_key = ""
        """The version key of the situation whose games are shown."""
        self.labels: tuple[str, str] = ("", "")
        """The names of A and B of the comparison under way or shown; empty for a plain run."""
        self.kinds: dict[str, RecordKind] = {}
        """The levels of each part of the run under way or shown."""
        self._resumed: list[GameRecord] = []
        """The games of a cancelled run of the same version that a Run again goes on from."""
        self.connect_run()
        self.games_page.play_requested.connect(self.test_play)
        self.games_page.save_requested.connect(self.save_play_file)
        self._update_buttons()

    # Document ---------------------------------------------------------------------------------

    def show_document(self, document: TgxDocument | None) -> None:
        self.stop_run()
        self.kind = None
        self._show_run([], None)
        self.compare_page.model.set_comparison(None)
        self.report.clear()
        self._say("")
        self.key = ""
        if document is not None:
            self.key = self._version_key(document)
            stored = load_run(self.key) if self.key else None
            if stored is not None:
                self._show_stored(document, stored)
        self._update_buttons()

    def document_changed(self, change: Any) -> None:
        if self.shown and not self.controller.is_running:
            said = self.note.text().split(" — ")[0]
            self._say(said + " — the situation changed since: Run plays it as it is now.")

    def _version_key(self, document: TgxDocument) -> str:
        """The version key of the situation as it now stands (empty when it cannot be copied)."""
        try:
            with tempfile.TemporaryDirectory(prefix="hexwright-key-") as folder:
                played_copy(document, Path(folder))
                return folder_key(Path(folder), title_files(document))
        except (OSError, ValueError):
            return ""

    def _show_stored(self, document: TgxDocument, stored: StoredRun) -> None:
        if not self._read_kind(Path(stored.scenario), document.scenario_path):
            return
        self.games.setValue(max(2, len(stored.records)))
        self._show_run(stored.records, None)
        self.shown_key = self.key
        self._say(self.stored_note(stored))

    def _read_kind(self, *situations: Path) -> bool:
        """Read what the situation's records mean from the first of `situations` that loads;
        whether one did."""
        from engine.balance.rulesets import load_playable  # noqa: PLC0415  # not at start-up

        for path in situations:
            try:
                self.kind = load_playable(path).kind
                return True
            except (OSError, ValueError):
                continue
        return False

    # Runs -------------------------------------------------------------------------------------

    def _open_copy(self, name: str) -> RunPart | None:
        """The open situation written to the run's own folder as the part `name`; None after
        saying why it cannot be played (nothing of the designer's is touched)."""
        document = self.document
        assert isinstance(document, TgxDocument)
        try:
            folder = self.controller.temporary_folder() / name
            situation = played_copy(document, folder)
            self.key = folder_key(folder, title_files(document))
        except (OSError, ValueError) as exc:
            self.controller.release_temporary_folder()
            self._say(f"The situation cannot be played: {exc}")
            return None
        if not self._read_kind(situation):
            why = _why(situation)  # before its copy is removed
            self.controller.release_temporary_folder()
            self._say("The situation cannot be played: " + why)
            return None
        return RunPart(name, situation, "open situation", self.key, own=True)

    def run(self) -> bool:
        """Play the open situation as it is now on seeds 1..N; whether the run started."""
        if not isinstance(self.document, TgxDocument) or self.controller.is_running:
            return False
        part = self._open_copy(RUN)
        if part is None:
            return False
        self.labels = ("", "")
        self._start([part])
        return True

    def compare_with_saved(self) -> bool:
        """Play the saved file (A) and the open situation (B) on the same seeds and compare."""
        document = self.document
        if not isinstance(document, TgxDocument) or self.controller.is_running:
            return False
        if not self.saved_to_compare():
            return False
        part = self._open_copy("B")
        if part is None:
            return False
        saved = RunPart("A", document.scenario_path, "saved file", saved_key(document))
        self.labels = (saved.label, part.label)
        self._start([saved, part])
        return True

    def compare_with(self, other: str) -> bool:
        """Play the open situation (A) and another version (B) on the same seeds and compare;
        `other` is what `hexwright balance --against` takes: a situation file, a folder holding
        another copy of the title, or git:REV (the saved files at that revision)."""
        from engine.balance.versions import VersionError, other_version  # noqa: PLC0415

        document = self.document
        if not isinstance(document, TgxDocument) or self.controller.is_running:
            return False
        try:
            workspace = self.controller.temporary_folder() / "other"
            workspace.mkdir(exist_ok=True)
            path = other_version(document.scenario_path, other, workspace)
        except (VersionError, OSError) as exc:
            self.controller.release_temporary_folder()
            self._say(f"No version to compare with: {exc}")
            return False
        part = self._open_copy("A")
        if part is None:
            return False
        label = other if other.startswith("git:") else str(path)
        self.labels = (part.label, label)
        self._start([part, RunPart("B", path, label)])
        return True

    def _ask_file(self) -> None:
        document = self.document
        if isinstance(document, TgxDocument):
            chosen, _ = QFileDialog.getOpenFileName(
                self, "Compare With", str(document.scenario_path.parent), SITUATION_FILTER
            )
            if chosen:
                self.compare_with(chosen)

    def _ask_folder(self) -> None:
        document = self.document
        if isinstance(document, TgxDocument):
            chosen = QFileDialog.getExistingDirectory(
                self, "Compare With the Copy in", str(document.title_folder.parent)
            )
            if chosen:
                self.compare_with(chosen)

    def _ask_revision(self) -> None:
        revision, ok = QInputDialog.getText(
            self, "Compare With a Git Revision", "Revision (a commit, branch or tag):", text="HEAD"
        )
        if ok and revision.strip():
            self.compare_with("git:" + revision.strip())

    def _part_kinds(self, parts: list[RunPart]) -> dict[str, RecordKind]:
        """Each part's levels, read before the run (the open copy is gone once it ends): B's
        may be named otherwise than A's."""
        from engine.balance.rulesets import load_playable  # noqa: PLC0415

        kinds = {}
        for part in parts:
            if part.own and self.kind is not None:
                kinds[part.name] = self.kind
                continue
            try:
                kinds[part.name] = load_playable(part.scenario).kind
            except (OSError, ValueError):
                continue  # the run says why it cannot play it
        return kinds

    def _start(self, parts: list[RunPart]) -> None:
        self.kinds = self._part_kinds(parts)
        kept = {p.name: records for p in parts if (records := self._kept(p)) is not None}
        seeds = self.seeds()
        self._resumed = []
        if parts[0].name == RUN and RUN not in kept:
            # A run of this version cut short plays on from where it stopped.
            stored = load_run(parts[0].key) if parts[0].key else None
            done = {r.seed: r for r in stored.records if r.ok} if stored is not None else {}
            if done and set(done) < set(seeds):
                self._resumed = [done[s] for s in seeds if s in done]
                seeds = [s for s in seeds if s not in done]
        note = None
        if self._resumed:
            note = f"Going on from the {len(self._resumed)} games of the last run of this version…"
        self.start_parts(parts, kept, seeds, note)

    # Progress and results ---------------------------------------------------------------------

    def _records(self) -> dict[str, list[GameRecord]]:
        """The run's games by part, a resumed run's earlier games with them."""
        records = dict(self.controller.records)
        if self._resumed:
            played = self._resumed + records.get(RUN, [])
            records[RUN] = sorted(played, key=lambda r: r.seed)
        return records

    def _is_comparison(self) -> bool:
        return self.labels != ("", "")

    def _summarize(
        self, records: list[GameRecord], kind: RecordKind | None = None
    ) -> BalanceSummary:
        from engine.balance import summarize  # noqa: PLC0415  # not before a run is shown

        kind = kind or self.kind
        assert kind is not None
        return summarize(records, kind)

    def _level_match(self) -> LevelMatch | None:
        """How A's levels match B's when B names them otherwise; None when they are alike."""
        from engine.balance.level_match import match_levels  # noqa: PLC0415

        a, b = self.kinds.get("A"), self.kinds.get("B")
        return match_levels(a, b) if a is not None and b is not None and a != b else None

    def _show_run(
        self, records: list[GameRecord], parts: dict[str, list[GameRecord]] | None
    ) -> None:
        """Chart, list and report a run of the open situation; `parts`, A and B of a
        comparison."""
        self.shown = list(records)
        if self.kind is None:
            records, parts = [], None
        summary = self._summarize(records) if records else None
        runs: list[ChartRun] = []
        levels = self.kind.levels if self.kind is not None else ()
        level_names = {level: outcome_text(level) for level in levels}
        if parts is not None:
            match = self._level_match()
            chart_kind = self.kinds.get("B", self.kind) if match is not None else self.kind
            assert chart_kind is not None
            if match is not None:  # A's games by B's names for its levels
                parts = dict(parts) | {"A": match.translated(parts.get("A", []))}
                levels = (*chart_kind.levels, *match.only_a)
                level_names = {lv: match.label(lv, outcome_text(lv)) for lv in levels}
            for name, label in zip(("A", "B"), self.labels, strict=True):
                if parts.get(name):
                    summary_of = self._summarize(parts[name], chart_kind)
                    runs.append(ChartRun(f"{name}: {label}", parts[name], summary_of))
        elif summary is not None:
            runs.append(ChartRun("this situation", records, summary))
        self.charts.levels.set_level_names([(level, level_names[level]) for level in levels])
        self.charts.levels.set_runs(runs)
        self.charts.score.set_runs(runs)
        self.charts.score.set_levels(None)  # a situation's levels are points, not a score
        document = self.document
        if isinstance(document, TgxDocument):
            sides = document.situation.sides
            self.charts.holds.side_names = {f.side.value: f.name for f in sides if f.name}
            names = self.charts.holds.side_names
            allied, axis = names.get("allied", "Allied"), names.get("axis", "Axis")
            self.charts.levels.x_title = f"Victory level: {allied} ← draw → {axis}"
            if any(" (was " in name for name in level_names.values()):
                self.charts.levels.x_title += " (* renamed in B)"
            self.charts.levels.sides_in_title = True
        self.charts.holds.set_lines(hold_lines(records, {}, {}))
        self.games_page.show_games(records, summary)
        self.report.setPlainText(summary.text() if summary is not None else "")

    def _compare_parts(self, records: dict[str, list[GameRecord]]) -> None:
        from engine.balance import compare  # noqa: PLC0415

        assert self.kind is not None
        kind_a = self.kinds.get("A", self.kind)
        result = compare(records.get("A", []), records.get("B", []), kind_a, self.kinds.get("B"))
        self.compare_page.show_comparison(result, self.labels, len(self.controller.seeds), {})
        self.report.appendPlainText("\n" + result.text())

    def _end_text(self, cancelled: bool, records: dict[str, list[GameRecord]]) -> str:
        text = super()._end_text(cancelled, records)
        if self._resumed:
            text = text[:-1] + f" after the {len(self._resumed)} of the last run."
        return text

    def test_play(self, seed: int) -> None:
        """Open a listed game in test-play: the game itself, its saved game written from the
        orders the run kept and replayed, while the open situation is the version the run
        played; else its seed played afresh on the situation as it now stands, after saying
        why."""
        document = self.document
        record = next((r for r in self.shown if r.seed == seed), None)
        if not isinstance(document, TgxDocument):
            return
        if self._version_key(document) != self.shown_key:
            self._say(
                f"Seed {seed} is test-played on the situation as it is now: it changed since "
                "the run, so the game may differ from the one listed."
            )
        elif record is not None and record.orders:
            try:
                path = write_saved_game(document, record, stored_game_path(record, self.shown_key))
            except OSError as exc:
                self._say(f"The game could not be written to open it: {exc}")
                return
            orders = len(record.orders)
            self._say(f"The game of seed {seed} opened: its {orders} orders from {path}.")
            self.open_requested.emit(str(path))
            return
        elif record is not None:
            self._say(f"Seed {seed} was kept without its orders: it is test-played afresh.")
        self.testplay_requested.emit(seed)

    def save_play_file(self, seed: int, path: Path | str | None = None) -> bool:
        """Save a listed game as the saved game (`.tgxplay.yaml`) the Test-play panel's Open
        opens and `hexwright replay` replays, asking where when `path` is None; whether it was
        written. Its orders are replayed on the situation as saved first, which must be the
        version the run played: the file names the situation's file and replays on it."""
        from editor.docks.balance_files import (  # noqa: PLC0415
            ListedGame,
            Replay,
            ask_play_file,
            result_differs,
            save_listed_game,
        )

        document = self.document
        record = next((r for r in self.shown if r.seed == seed), None)
        if not isinstance(document, TgxDocument) or record is None:
            return False
        if not record.ok or not record.orders:
            return False
        game = ListedGame(
            seed,
            record,
            "situation",
            changed_since_run=self._version_key(document) != self.shown_key,
            unsaved=document.is_untitled or document.is_dirty,
        )
        situation = document.scenario_path
        stem = situation.name.removesuffix(".situation.yaml").removesuffix(".situation.json")
        name = f"{stem}-seed-{seed}{SAVED_GAME_SUFFIX}"

        def write(chosen: Path, replay: Replay) -> None:
            differs = result_differs(record, *replay_outcome(situation, record, replay))
            if differs:
                raise ValueError(differs)
            write_saved_game(document, record, chosen)

        return save_listed_game(
            self,
            self._say,
            game,
            path,
            ask=lambda: ask_play_file(
                self, name, SAVED_GAME_SUFFIX, situation.parent, SAVED_GAME_FILTER
            ),
            write=write,
        )

    def _failed(self, message: str) -> None:
        self._say(f"The run failed: {message}. The games finished are kept.")

    def _has_document(self) -> bool:
        return isinstance(self.document, TgxDocument)


def _why(situation: Path) -> str:
    """Why the balance lab cannot play a situation."""
    from engine.balance.rulesets import load_playable  # noqa: PLC0415

    try:
        load_playable(situation)
    except (OSError, ValueError) as exc:
        return str(exc)
    return "its victory levels could not be read"

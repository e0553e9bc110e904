"""What both rulesets' Balance panels share (`BalancePanel`): their controls (the games and jobs
counts, Run, Cancel, the two A/B buttons, the bar and its message), starting a run of one or
two versions on the same seeds with the games already kept reused, keeping each version's run
by its content when the run ends, and the message that ends it. Each ruleset's panel keeps its
own: what a version is (a scenario's files or a situation's), the charts it draws of a run and
how it compares two. Importing it imports no rules engine (the Panzer panel is made at start)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QBoxLayout,
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
from editor.widgets.button_rows import WrappingButtons

if TYPE_CHECKING:
    from PySide6.QtGui import QFontMetrics

    from editor.docks.balance_run import BalanceController, RunPart
    from editor.docks.balance_store import StoredRun
    from engine.balance import GameRecord


@dataclass(frozen=True)
class Wording:
    """What a ruleset's panel calls the open document and how it words a run's end."""

    what: str
    """"scenario" or "situation"."""
    played: str
    """The message's first word when every game was played."""
    cancelled: str
    """… when the run was cancelled."""


class _BodyLayout(QVBoxLayout):
    """The panel's layout in its scroll area, fitted to the panel's height: its wrapped
    messages would otherwise have the scroll area ask for the layout's preferred height, and
    the charts would scroll on a screen with room for them."""

    def hasHeightForWidth(self) -> bool:
        return False


class BalancePanel(RunProgress):
    """A Balance panel (a mixin of the ruleset's dock): builds the shared controls with
    `build_controls`, starts runs with `start_parts` and ends them in `_finished`. The dock
    makes `controller`, `charts`, `compare_page` and `tabs`, and gives `_show_run`,
    `_compare_parts` and `_has_document`."""

    wording = Wording("scenario", "Played", "Cancelled after")

    if TYPE_CHECKING:
        controller: BalanceController
        shown: list[GameRecord]
        shown_key: str
        charts: QWidget
        compare_page: QWidget
        tabs: QTabWidget

        def fontMetrics(self) -> QFontMetrics: ...  # the dock's

        def setWidget(self, widget: QWidget) -> None: ...  # the dock's

        @property
        def document(self) -> Any: ...

        def _show_run(
            self, records: list[GameRecord], parts: dict[str, list[GameRecord]] | None
        ) -> None: ...

        def _compare_parts(self, records: dict[str, list[GameRecord]]) -> None: ...

    def build_controls(self, body: QWidget, games: tuple[int, int, int]) -> None:
        """The controls both panels have: the counts, Run, Cancel, A/B Saved and the second
        A/B button (its text and menu the panel's own), the bar, its count and the message;
        `games` is the games count's least, most and first value."""
        what = self.wording.what
        self.games_count = QSpinBox(body)
        self.games_count.setRange(games[0], games[1])
        self.games_count.setValue(games[2])
        self.games_count.setPrefix("Games: ")
        self.games_count.setToolTip("Games to play, on seeds 1 to this number")
        self.jobs_count = QSpinBox(body)
        self.jobs_count.setRange(1, max(1, os.cpu_count() or 1) * 4)
        self.jobs_count.setValue(max(1, os.cpu_count() or 1))
        self.jobs_count.setPrefix("Jobs: ")
        self.jobs_count.setToolTip("Worker processes playing games at once (one per core is best)")
        self.run_button = QPushButton(icons.icon("play"), "Run", body)
        self.run_button.setToolTip(f"Play the open {what} as it is now, saved or not")
        self.cancel_button = QPushButton(icons.icon("circle-stop"), "Cancel", body)
        self.cancel_button.setToolTip("Stop the run; the games already finished are kept")
        self.saved_button = QPushButton(icons.icon("history"), "A/B Saved", body)
        self.saved_button.setToolTip(
            f"Play the saved file and the open {self._open_name()} on the same seeds and "
            "compare them"
        )
        self.other_button = QPushButton(icons.icon("file-input"), "A/B Other", body)
        # The counts wrap with the buttons: on a narrow panel (200 %) two rows of three rather
        # than four rows of buttons beside the counts.
        controls: list[Any] = [self.games_count, self.jobs_count, self.run_button]
        controls += [self.cancel_button, self.saved_button, self.other_button]
        self.buttons = WrappingButtons(controls)
        self.progress = QProgressBar(body)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(self.fontMetrics().height())
        # The bar, the count and the message share a row: a laptop's bottom panel keeps its
        # height for the charts (the message's whole text is its tool tip).
        self.progress.setMaximumWidth(self.fontMetrics().horizontalAdvance("0") * 20)
        self.progress_label = QLabel(body)
        self.message = QLabel(body)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(False)
        self.message.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def lay_out_scrolled(self, body: QWidget) -> None:
        """Lay the controls and tabs out on `body`, in a scroll area filling the panel: on a
        1920x1080 screen at 200 % the bottom panels are shorter than the charts want, and the
        window must still fit the screen."""
        self.lay_out_controls(_BodyLayout(body))
        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(body)
        self.setWidget(self.scroll)

    def lay_out_controls(self, layout: QBoxLayout) -> None:
        """The buttons, the bar's row and the tabs, top to bottom."""
        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.progress_label)
        progress_row.addWidget(self.message, 3)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.buttons)
        layout.addLayout(progress_row)
        layout.addWidget(self.tabs, 1)

    def connect_run(self) -> None:
        """The clock, the redraw as games come in, and the buttons and controller wired."""
        self.kept_parts: set[str] = set()
        """The parts of the run whose games were kept from an earlier run, not played."""
        self.run_document: Any = None
        """The document the run under way (or last run) was started on."""
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
        self.controller.record_done.connect(lambda *_: self._redraw.start())
        self.controller.progress.connect(self._show_progress)
        self.controller.finished.connect(self._finished)
        self.controller.run_failed.connect(self._failed)

    # Runs -------------------------------------------------------------------------------------

    def _open_name(self) -> str:
        """What the buttons call the open document: the open situation, the open document."""
        return "situation" if self.wording.what == "situation" else "document"

    def seeds(self) -> list[int]:
        """The seeds a run plays: 1 to the games count."""
        return list(range(1, self.games_count.value() + 1))

    def run(self) -> bool:
        """Play the open document as it is now; whether the run started."""
        raise NotImplementedError

    def compare_with_saved(self) -> bool:
        """Play the saved file (A) and the open document (B) on the same seeds and compare."""
        raise NotImplementedError

    def saved_to_compare(self) -> bool:
        """Whether the open document has a saved file and edits to compare with it; if not,
        say so."""
        document = self.document
        if document.is_untitled or not document.scenario_path.is_file():
            self._say(
                f"The {self.wording.what} has not been saved yet: there is no file to compare."
            )
            return False
        if not document.is_dirty:
            self._say(
                f"The open {self._open_name()} is the saved file: edit it, then compare the edit."
            )
            return False
        return True

    def _kept(self, part: RunPart) -> list[GameRecord] | None:
        """The games of a version already played on these seeds (shown, or kept from an
        earlier run), so that a comparison or a run again plays only what it has not."""
        from editor.docks.balance_store import load_run  # noqa: PLC0415

        seeds = set(self.seeds())
        if not part.key:
            return None
        if part.key == self.shown_key and {r.seed for r in self.shown} == seeds:
            return list(self.shown)
        stored = load_run(part.key)
        if stored is not None and {r.seed for r in stored.records} == seeds:
            return stored.records
        return None

    def _has_document(self) -> bool:
        return self.document is not None

    def stop_run(self) -> None:
        """End the run under way and its timers (another document is opened)."""
        if self.controller.is_running:
            self.controller.cancel()
            self.controller.wait(30)
        self._redraw.stop()
        self._clock.stop()

    def stored_note(self, stored: StoredRun) -> str:
        """The message over a version's last run shown again."""
        when = stored.date.strftime("%d %b %Y %H:%M")
        cut = ", cancelled" if stored.cancelled else ""
        return f"Last run of this version: {when}, {len(stored.records)} games{cut}."

    def start_parts(
        self,
        parts: list[RunPart],
        kept: dict[str, list[GameRecord]],
        seeds: list[int] | None = None,
        note: str | None = None,
    ) -> None:
        """Start playing `parts` on `seeds` (the run's by default), the parts in `kept`
        already played; `note` says what the run does instead of naming what it plays."""
        self.kept_parts = set(kept)
        self.run_document = self.document
        seeds = self.seeds() if seeds is None else seeds
        self.controller.start(parts, seeds, self.jobs_count.value(), kept)
        playing = [p.label for p in parts if p.name not in kept]
        if note:
            self._say(note)
        elif playing:
            self._say("Playing the " + " and the ".join(playing) + "…")
        self._clock.start()
        self._show_progress()
        self._update_buttons()

    # Progress and results ---------------------------------------------------------------------

    def _records(self) -> dict[str, list[GameRecord]]:
        """The run's games by part."""
        return self.controller.records

    def _is_comparison(self) -> bool:
        raise NotImplementedError

    def _show_partial(self) -> None:
        records = self._records()
        if not self._is_comparison():
            self._show_run(records.get(RUN, []), None)
        else:
            self._show_run(records.get(self._own_part(), []), records)

    def _finished(self, cancelled: bool) -> None:
        from editor.docks.balance_store import save_run  # noqa: PLC0415

        self._clock.stop()
        self._redraw.stop()
        self._show_progress()
        controller = self.controller
        records = self._records()
        for part in controller.parts:
            # Kept by content, so a run the closing of its document cut short is kept too.
            played = records.get(part.name, [])
            if not part.key or not played or part.name in self.kept_parts:
                continue
            try:
                save_run(part.key, part.scenario, played, cancelled=cancelled)
            except OSError as exc:
                self._say(f"The run could not be kept for next time: {exc}")
        if self.document is None or self.document is not self.run_document:
            self._update_buttons()  # another document is open now: its own last run stays
            return
        self.shown_key = next((p.key for p in controller.parts if p.own), "")
        if not self._is_comparison():
            self._show_run(records.get(RUN, []), None)
            self.tabs.setCurrentWidget(self.charts)
        else:
            self._show_run(records.get(self._own_part(), []), records)
            self._compare_parts(records)
            self.tabs.setCurrentWidget(self.compare_page)
        text = self._end_text(cancelled, records)
        if not self.message.text().startswith("The run failed"):
            self._say(text)
        self._update_buttons()

    def _end_text(self, cancelled: bool, records: dict[str, list[GameRecord]]) -> str:
        """The message at a run's end: games played, in what time, and those reused."""
        controller = self.controller
        kept = sum(len(records.get(name, [])) for name in self.kept_parts)
        played, total = controller.done - kept, controller.total - kept
        word = self.wording.cancelled if cancelled else self.wording.played
        text = f"{word} {played} of {total} games in {run_clock(controller.elapsed)}."
        if kept:
            text = text[:-1] + f" ({kept} more reused from a run of the same version)."
        return text

    def _say(self, text: str) -> None:
        """The message beside the bar; its whole text is its tool tip when it is cut."""
        self.message.setText(text)
        self.message.setToolTip(text)

    def _update_buttons(self) -> None:
        running = self.controller.is_running
        has = self._has_document()
        for button in (self.run_button, self.saved_button, self.other_button):
            button.setEnabled(has and not running)
        self.cancel_button.setEnabled(running)
        self.games_count.setEnabled(not running)
        self.jobs_count.setEnabled(not running)
        self.progress.setVisible(running or self.controller.total > 0)

"""What both rulesets' Balance panels show of a run under way: the bar and its clock, Cancel,
and which part of the run is the open document."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel, QProgressBar

    from editor.docks.balance_run import BalanceController

RUN = "Run"
"""The part of a run that plays the open document alone (not an A/B comparison)."""


def run_clock(seconds: float) -> str:
    """Minutes and seconds, as the bar shows a run's time."""
    minutes, seconds = divmod(int(seconds), 60)
    return f"{minutes}:{seconds:02d}"


class RunProgress:
    """A Balance panel's run under way (a mixin of the panels); the panel makes `controller`,
    `progress`, `progress_label` and `_say`."""

    if TYPE_CHECKING:
        controller: BalanceController
        progress: QProgressBar
        progress_label: QLabel

        def _say(self, text: str) -> None: ...

    def cancel(self) -> None:
        """Stop the run under way; the games finished are kept and shown."""
        if self.controller.is_running:
            self.controller.cancel()
            self._say("Cancelling: the games under way finish…")

    def _show_progress(self, *_args: object) -> None:
        controller = self.controller
        total = controller.total
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(controller.done)
        if total:
            self.progress_label.setText(
                f"{controller.done} / {total} games · {run_clock(controller.elapsed)}"
            )

    def _own_part(self) -> str:
        """The part of the run that is the open document."""
        return next((p.name for p in self.controller.parts if p.own), RUN)

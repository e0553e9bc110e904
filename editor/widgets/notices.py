"""Inline notices: the problems of a group of fields, shown where the designer edits them."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtWidgets import QLabel, QWidget

from schemas.problems import Problem, Severity

_STYLES = {
    Severity.ERROR: "background: #fdecea; border-left: 3px solid #c62828;",
    Severity.WARNING: "background: #fff4d6; border-left: 3px solid #e0a800;",
    Severity.INFO: "background: #e8f0fb; border-left: 3px solid #4a7fc1;",
}


class NoticeLabel(QLabel):
    """A tinted box listing problems (cross-field rules the Problems dock lists as well);
    hidden when there are none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setVisible(False)
        self.problems: list[Problem] = []

    def set_problems(self, problems: Sequence[Problem]) -> None:
        """Show these problems, the worst first."""
        order = list(Severity)
        self.problems = sorted(problems, key=lambda p: order.index(p.severity))
        if not self.problems:
            self.clear()
            self.setVisible(False)
            return
        lines = [
            f"⚠ {html.escape(p.message)} <span style='color:#777'>({p.code})</span>"
            for p in self.problems
        ]
        self.setText("<br>".join(lines))
        self.setStyleSheet(f"QLabel {{ {_STYLES[self.problems[0].severity]} padding: 4px 6px; }}")
        self.setVisible(self.parentWidget() is not None)

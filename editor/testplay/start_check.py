"""Before test-play starts: the scenario's errors, and the question whether to play anyway, look
at them in the Problems panel, or stay in the editor. Warnings alone never ask."""

from __future__ import annotations

from enum import Enum, auto
from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from editor.document import Document
from editor.live_checks import LiveChecker, check_document_files
from schemas.problems import Problem

LISTED = 5
"""Errors named in the question; the rest are counted."""


class StartChoice(Enum):
    """What the designer answers when the scenario has errors."""

    PLAY = auto()
    SHOW_PROBLEMS = auto()
    CANCEL = auto()


def errors_now(document: Document, checker: LiveChecker | None) -> list[Problem]:
    """The errors of the document as it is now: the live checker's when it is up to date,
    else those of a check made on the spot (an edit may have come a moment ago)."""
    if checker is not None and checker.document is document and not checker.is_busy:
        problems = checker.problems
    else:
        problems = check_document_files(document.bundle())
    return [problem for problem in problems if problem.is_error]


def error_summary(errors: list[Problem]) -> str:
    """The question's text: how many errors, the first few with their places."""
    count = len(errors)
    lines = [f"The scenario has {count} error{'' if count == 1 else 's'}:", ""]
    for problem in errors[:LISTED]:
        where = Path(problem.file).name if problem.file else ""
        if where and problem.line is not None:
            where += f":{problem.line}"
        lines.append(f"• {problem.message}" + (f"  ({where})" if where else ""))
    if count > LISTED:
        lines.append(f"… and {count - LISTED} more.")
    lines += [
        "",
        "The game would refuse the scenario; test-play may stop on them or play otherwise "
        "than the game.",
    ]
    return "\n".join(lines)


def ask_about_errors(parent: QWidget | None, errors: list[Problem]) -> StartChoice:
    """Ask whether to test-play a scenario with errors (Show Problems is the default)."""
    box = QMessageBox(QMessageBox.Icon.Warning, "Test-play", error_summary(errors), parent=parent)
    play = box.addButton("Test-play &Anyway", QMessageBox.ButtonRole.AcceptRole)
    show = box.addButton("&Show Problems", QMessageBox.ButtonRole.ActionRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(show)
    box.exec()
    clicked = box.clickedButton()
    if clicked is play:
        return StartChoice.PLAY
    if clicked is show:
        return StartChoice.SHOW_PROBLEMS
    return StartChoice.CANCEL

"""The Qt binding installed is one the editor can live with for hours."""

from __future__ import annotations

import inspect
import sys

from PySide6.QtGui import QImage, QPainter

import editor.docks.base  # names PySide6
import schemas.panzer_campaigns.map  # does not
from editor import qt_imports


def test_qt_calls_returning_nothing_keep_none_alive(qapp) -> None:
    # PySide6 6.12.0 took a reference from None at every such call; on Python 3.11 that
    # aborts the editor ("none_dealloc") after a few minutes of painting. pyproject.toml
    # keeps that release out; this fails if a release with the same fault slips in.
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    before = sys.getrefcount(None)
    for _ in range(2000):
        painter.drawLine(0, 0, 7, 7)
    after = sys.getrefcount(None)
    painter.end()
    assert after >= before - 50


def test_the_quicker_import_question_gets_pysides_own_answers() -> None:
    # editor.qt_imports answers PySide6's "does this module use PySide6?" from the file's bytes
    # instead of its source through inspect: the same answers, or __feature__ scoping changes.
    feature = sys.modules["shibokensupport.feature"]
    assert feature._mod_uses_pyside is qt_imports._uses_pyside
    for module in (editor.docks.base, schemas.panzer_campaigns.map, qt_imports, sys, inspect):
        try:
            expected = "PySide6" in inspect.getsource(module)
        except (OSError, TypeError):
            expected = False
        assert qt_imports._uses_pyside(module) is expected, module.__name__
    assert qt_imports._uses_pyside(editor.docks.base)
    assert not qt_imports._uses_pyside(schemas.panzer_campaigns.map)

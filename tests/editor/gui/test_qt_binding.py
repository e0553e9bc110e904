"""The Qt binding installed is one the editor can live with for hours."""

from __future__ import annotations

import sys

from PySide6.QtGui import QImage, QPainter


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

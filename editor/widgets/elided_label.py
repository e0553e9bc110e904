"""A one-line label that ends in "…" when its text is wider than the label, the whole text in
its tooltip: for a line that must never grow taller than a row nor be cut through its glyphs
(at 200 % scale a wrapping label in a fixed-height tab page was clipped mid-line)."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class ElidedLabel(QLabel):
    """A QLabel of one line, elided on the right; the full text is its tooltip."""

    def __init__(self, tip: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tip = tip
        """The tooltip shown while the text is empty or fits."""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setToolTip(tip)

    def setText(self, text: str) -> None:
        super().setText(text)
        shown = self.fontMetrics().horizontalAdvance(text) > self.contentsRect().width()
        self.setToolTip(text if text and shown else self._tip)

    def elided(self) -> str:
        """The text as drawn: cut with "…" to the label's width."""
        return self.fontMetrics().elidedText(
            self.text(), Qt.TextElideMode.ElideRight, self.contentsRect().width()
        )

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self.fontMetrics().height())

    def sizeHint(self) -> QSize:
        return QSize(self.fontMetrics().horizontalAdvance(self.text()), self.fontMetrics().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.setText(self.text())  # the tooltip follows whether it still fits

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(
            self.contentsRect(),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            self.elided(),
        )

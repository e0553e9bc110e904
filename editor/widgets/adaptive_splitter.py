"""A splitter that lays its panes side by side where it is wide and one above the other where
it is tall, so that a panel of two tables fits the bottom of a laptop's window as well as a side
column."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSplitter, QWidget

SIDE_BY_SIDE_FROM = 1.6
"""Width over height from which the panes stand side by side, room allowing."""
STACKED_BELOW = 1.2
"""Width over height below which they stand one above the other; in between they stay as they
are, so that a resize near the threshold does not flip them back and forth."""


class AdaptiveSplitter(QSplitter):
    """Panes side by side in a wide place (the bottom panels) and stacked in a narrow one (a
    side column). It asks only for the room of its largest pane in either direction, so it
    never makes the window's panels grow: it takes the arrangement the room it is given
    allows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setChildrenCollapsible(False)

    def _panes_need(self) -> tuple[QSize, QSize]:
        """The room side by side and stacked: widths add up in one, heights in the other."""
        hints = [self.widget(i).minimumSizeHint() for i in range(self.count())]
        handles = self.handleWidth() * max(0, len(hints) - 1)
        widest = max((h.width() for h in hints), default=0)
        tallest = max((h.height() for h in hints), default=0)
        side_by_side = QSize(sum(h.width() for h in hints) + handles, tallest)
        stacked = QSize(widest, sum(h.height() for h in hints) + handles)
        return side_by_side, stacked

    def minimumSizeHint(self) -> QSize:
        side_by_side, stacked = self._panes_need()
        return QSize(stacked.width(), side_by_side.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        size = event.size()
        if size.height() > 0:
            side_by_side, _ = self._panes_need()
            shape = size.width() / size.height()
            fits_side_by_side = size.width() >= side_by_side.width()
            if fits_side_by_side and shape >= SIDE_BY_SIDE_FROM:
                self.setOrientation(Qt.Orientation.Horizontal)
            elif not fits_side_by_side or shape < STACKED_BELOW:
                self.setOrientation(Qt.Orientation.Vertical)
        super().resizeEvent(event)

"""The window's dock tab bars read whole on a small screen: a tab group too narrow for its
panels' titles shows their short titles ("Tables" for Ruleset Tables), each tab's tooltip
naming the panel in full, rather than hiding tabs behind scroll arrows (issue 19, 200 %)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabBar

SHORT_TITLES = {
    "tgx_unit_types": "Types",
    "tgx_tables": "Tables",
    "tgx_problems": "Problems",
}
"""The panels whose titles have a short form, by object name; the others are short already."""


class TabTitles(QObject):
    """Keeps the window's dock tab bars' titles to the room each bar has."""

    def __init__(self, window: QMainWindow, docks: dict[str, QDockWidget]) -> None:
        super().__init__(window)
        self.window = window
        self.full = {name: dock.windowTitle() for name, dock in docks.items()}
        self.docks = {name: docks[name] for name in SHORT_TITLES if name in docks}
        self._pending = False
        for dock in docks.values():
            dock.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt's name
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Show) and not self._pending:
            # after the layout settles: Qt sets the bars' tabs once the docks have their sizes
            self._pending = True
            QTimer.singleShot(0, self.fit)
        return False

    def fit(self) -> None:
        """Give each tab group the full titles when they fit its width, else the short ones."""
        self._pending = False
        # The window's own bars only: the whole widget tree holds thousands of widgets.
        direct = Qt.FindChildOption.FindDirectChildrenOnly
        for bar in self.window.findChildren(QTabBar, options=direct):
            if bar.count() < 2 or not bar.isVisible():
                continue
            self._fit_bar(bar)

    def _fit_bar(self, bar: QTabBar) -> None:
        titles = [bar.tabText(i) for i in range(bar.count())]
        ours = {
            i: name
            for i, title in enumerate(titles)
            for name, dock in self.docks.items()
            if dock.windowTitle() == title
        }
        if not ours:
            return
        metrics = bar.fontMetrics()
        # Each tab's margins are what its size hint adds to its text.
        margins = sum(
            bar.tabSizeHint(i).width() - metrics.horizontalAdvance(titles[i])
            for i in range(bar.count())
        )
        full = [self.full[ours[i]] if i in ours else titles[i] for i in range(len(titles))]
        needed = margins + sum(metrics.horizontalAdvance(t) for t in full)
        room = max((d.width() for d in self.docks.values() if d.windowTitle() in titles), default=0)
        for i, name in ours.items():
            wanted = self.full[name] if needed <= room else SHORT_TITLES[name]
            dock = self.docks[name]
            if dock.windowTitle() != wanted:
                dock.setWindowTitle(wanted)
                # View > Panels keeps the full name (Qt renames the action with the title).
                dock.toggleViewAction().setText(self.full[name])
            bar.setTabToolTip(i, self.full[name])

"""The Help window: the topics shipped with the editor in a list, a search over all of them,
and the page; F1 opens it at the page of the panel the keyboard is in."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from editor import help as help_pages

NAME_ROLE = Qt.ItemDataRole.UserRole


class HelpWindow(QWidget):
    """Topics on the left, the page on the right, a search box over both."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Hexwright Help")
        self.resize(900, 680)
        self.topics = help_pages.topics()
        self.search = QLineEdit(placeholderText="Search the help")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._search)
        self.search.returnPressed.connect(self._find_next)
        self.list = QListWidget()
        for topic in self.topics:
            item = QListWidgetItem(topic.title)
            item.setData(NAME_ROLE, topic.name)
            self.list.addItem(item)
        self.list.currentItemChanged.connect(self._show_item)
        self.page = QTextBrowser()
        self.page.setOpenExternalLinks(True)
        self.none = QLabel("No page mentions every word.")
        self.none.setVisible(False)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.search)
        left_layout.addWidget(self.list, 1)
        left_layout.addWidget(self.none)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.page)
        splitter.setSizes([240, 660])
        layout = QHBoxLayout(self)
        layout.addWidget(splitter)
        self.show_topic(help_pages.HOME)

    def show_topic(self, name: str) -> None:
        """Show a topic by name (the overview if there is none)."""
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.data(NAME_ROLE) == name:
                item.setHidden(False)
                self.list.setCurrentItem(item)
                return
        self.list.setCurrentRow(0)

    def current_topic(self) -> str:
        item = self.list.currentItem()
        return str(item.data(NAME_ROLE)) if item is not None else ""

    def shown_topics(self) -> list[str]:
        """The topics the search leaves in the list."""
        items = [self.list.item(row) for row in range(self.list.count())]
        return [str(i.data(NAME_ROLE)) for i in items if not i.isHidden()]

    def _show_item(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        topic = next(t for t in self.topics if t.name == item.data(NAME_ROLE))
        self.page.setMarkdown(topic.text)
        self._find_next(from_top=True)

    def _search(self, text: str) -> None:
        words = text.split()
        first: QListWidgetItem | None = None
        for row, topic in enumerate(self.topics):
            item = self.list.item(row)
            hit = topic.matches(words)
            item.setHidden(not hit)
            if hit and first is None:
                first = item
        self.none.setVisible(first is None)
        current = self.list.currentItem()
        if first is not None and (current is None or current.isHidden()):
            self.list.setCurrentItem(first)
        else:
            self._find_next(from_top=True)

    def _find_next(self, from_top: bool = False) -> None:
        """Select the next place in the page where the first searched word appears."""
        words = self.search.text().split()
        if not words:
            return
        if from_top:
            self.page.moveCursor(self.page.textCursor().MoveOperation.Start)
        if not self.page.find(words[0]) and not from_top:
            self.page.moveCursor(self.page.textCursor().MoveOperation.Start)
            self.page.find(words[0], QTextDocument.FindFlag(0))

"""The Briefing panel: each side's briefing and the designer's notes, edited as rich text (bold,
italic, headings, lists) and kept in the scenario as Markdown, every edit an undo step of the
document (typing merged as text editors merge it)."""

from __future__ import annotations

import re
import time

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QFocusEvent,
    QFont,
    QKeySequence,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextListFormat,
)
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QTabWidget,
    QTextEdit,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from editor import icons
from editor.commands import SetValue
from editor.docks.base import DocumentDock
from editor.document import Change, ChangeAction, Document
from editor.selection import Selection
from editor.widgets.undo_keys import undo_keys_to_window
from schemas.io import FileKind
from schemas.vocabulary import Side

TEXTS = (
    ("allied", "Allied", "Allied Briefing"),
    ("axis", "Axis", "Axis Briefing"),
    ("designer_notes", "Designer's Notes", "Designer's Notes"),
)
"""(field of `Briefings`, tab label, the undo step's noun) of each text."""

PAUSE = 2.0
"""Seconds without typing after which the next keystroke starts a new undo step."""

STYLES = ("Paragraph", "Heading 1", "Heading 2", "Heading 3")
"""The block styles the style box offers; Markdown has these and nothing between."""


_PICTURE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
"""A picture in Markdown, left out of what is pasted."""


def _markdown() -> QTextDocument.MarkdownFeature:
    """The Markdown dialect briefings are read and printed in: the print layout's, imported
    when a briefing is first shown rather than at the editor's start."""
    from editor.printing.paging import MARKDOWN  # noqa: PLC0415

    return MARKDOWN


class BriefingEdit(QTextEdit):
    """A rich-text box whose undo is the document's (its own is off) and which takes only what
    Markdown keeps from a paste (no fonts, colours or pictures from another program)."""

    left = Signal(str)
    """The box lost the focus (its field): typing after it is a new undo step."""

    def __init__(self, field: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.field = field
        self.setUndoRedoEnabled(False)
        self.setTabChangesFocus(True)
        self.setAcceptRichText(True)
        undo_keys_to_window(self)

    def insertFromMimeData(self, source: QMimeData) -> None:
        if source.hasHtml():
            # What Markdown keeps of it: a pasted web page brings no styles or remote pictures.
            scratch = QTextDocument()
            scratch.setHtml(source.html())
            text = _PICTURE.sub("", scratch.toMarkdown(_markdown()))
            self.textCursor().insertMarkdown(text, _markdown())
            return
        super().insertFromMimeData(source)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.left.emit(self.field)


class BriefingDock(DocumentDock):
    """Each side's briefing and the designer's notes of the open scenario."""

    title = "Briefing"
    object_name = "briefing"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea
    built_when_shown = True

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self._shown: dict[str, str] = {}
        self._session: dict[str, int] = {}
        self._last_edit: dict[str, float] = {}
        self._blocks: dict[str, int] = {}
        self._loading = False

    def build(self) -> None:
        self.editors: dict[str, BriefingEdit] = {}
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.toolbar = QToolBar(body)
        self.style_box = QComboBox(body)
        self.style_box.addItems(STYLES)
        self.style_box.setToolTip("The style of the paragraph under the cursor")
        self.style_box.activated.connect(self._set_style)
        self.toolbar.addWidget(self.style_box)
        self.bold_action = self._tool("Bold", "bold", QKeySequence.StandardKey.Bold, self._bold)
        self.italic_action = self._tool(
            "Italic", "italic", QKeySequence.StandardKey.Italic, self._italic
        )
        self.bullets_action = self._tool("Bulleted List", "list", None, self._bullets)
        self.numbers_action = self._tool("Numbered List", "list-ordered", None, self._numbers)
        self.toolbar.addSeparator()
        self.preview_action = self._tool("Print Preview", "printer", None, self._preview)
        self.preview_action.setToolTip(
            "The briefing in front as File > Print prints it (the designer's notes: both sides' "
            "briefings, which end with them)"
        )
        layout.addWidget(self.toolbar)
        self.tabs = QTabWidget(body)
        for field, label, _noun in TEXTS:
            editor = BriefingEdit(field, self.tabs)
            editor.left.connect(self._new_step)
            editor.setPlaceholderText(
                "What this side's player reads before the first turn: the situation, the task, "
                "the forces and help on the way."
                if field != "designer_notes"
                else "Notes for both players: sources, the choices made, how to play it."
            )
            editor.textChanged.connect(lambda f=field: self._typed(f))
            editor.cursorPositionChanged.connect(self._show_format)
            self.editors[field] = editor
            self.tabs.addTab(editor, label)
        self.tabs.currentChanged.connect(self._show_format)
        layout.addWidget(self.tabs, 1)
        self.note = QLabel(
            "Kept in the scenario as Markdown; File > Print prints a side's briefing with the "
            "map of its setup.",
            body,
        )
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: palette(placeholder-text);")
        layout.addWidget(self.note)
        self.setWidget(body)

    def _tool(
        self,
        text: str,
        icon: str,
        key: QKeySequence.StandardKey | None,
        slot: object,
    ) -> QAction:
        action = QAction(icons.icon(icon), text, self)
        if key is not None:
            action.setShortcut(key)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.setToolTip(f"{text} ({QKeySequence(key).toString()})")
        action.setCheckable(icon in ("bold", "italic"))
        action.triggered.connect(slot)
        self.toolbar.addAction(action)
        self.addAction(action)
        return action

    # Showing the document ----------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        super().set_document(document)
        for editor in self.editors.values():
            editor.setEnabled(document is not None)
        self._load_all()

    def document_changed(self, change: Change) -> None:
        if change.kind is FileKind.SCENARIO and (
            change.action is ChangeAction.RESET or change.touches(("briefings",))
        ):
            self._load_all()

    def _load_all(self) -> None:
        for field, _label, _noun in TEXTS:
            value = self._value(field)
            if self._shown.get(field) != value:
                self._load(field, value)

    def _value(self, field: str) -> str:
        if self.document is None:
            return ""
        return str(getattr(self.document.scenario.briefings, field))

    def _load(self, field: str, value: str) -> None:
        editor = self.editors[field]
        position = editor.textCursor().position()
        self._loading = True
        try:
            editor.document().setMarkdown(value, _markdown())
        finally:
            self._loading = False
        cursor = editor.textCursor()
        cursor.setPosition(min(position, len(editor.toPlainText())))
        editor.setTextCursor(cursor)
        self._shown[field] = value
        self._blocks[field] = editor.document().blockCount()
        self._new_step(field)

    # Editing -----------------------------------------------------------------------------------

    def _new_step(self, field: str) -> None:
        """The next edit of `field` starts an undo step of its own."""
        self._session[field] = self._session.get(field, 0) + 1

    def _typed(self, field: str) -> None:
        if self._loading or self.document is None:
            return
        editor = self.editors[field]
        value = editor.document().toMarkdown(_markdown())
        if value == self._shown.get(field):
            return
        now = time.monotonic()
        blocks = editor.document().blockCount()
        # As text editors do: a pause or a new paragraph ends the step typing makes.
        if now - self._last_edit.get(field, 0.0) > PAUSE or blocks != self._blocks.get(field):
            self._new_step(field)
        self._last_edit[field] = now
        self._blocks[field] = blocks
        self._shown[field] = value
        noun = next(n for f, _label, n in TEXTS if f == field)
        self.document.push(
            SetValue(
                self.document,
                FileKind.SCENARIO,
                ("briefings", field),
                value,
                f"Edit {noun}",
                merge=(field, self._session[field]),
            )
        )

    def current_editor(self) -> BriefingEdit:
        """The text box of the tab in front."""
        return self.editors[TEXTS[self.tabs.currentIndex()][0]]

    def _formatted(self) -> BriefingEdit:
        """The box a formatting command changes, its change an undo step of its own."""
        editor = self.current_editor()
        self._new_step(editor.field)
        return editor

    def _bold(self) -> None:
        editor = self._formatted()
        weight = editor.fontWeight() >= QFont.Weight.Bold
        char = QTextCharFormat()
        char.setFontWeight(QFont.Weight.Normal if weight else QFont.Weight.Bold)
        editor.mergeCurrentCharFormat(char)
        self._new_step(editor.field)
        self._show_format()

    def _italic(self) -> None:
        editor = self._formatted()
        char = QTextCharFormat()
        char.setFontItalic(not editor.fontItalic())
        editor.mergeCurrentCharFormat(char)
        self._new_step(editor.field)
        self._show_format()

    def _list(self, style: QTextListFormat.Style) -> None:
        editor = self._formatted()
        cursor = editor.textCursor()
        current = cursor.currentList()
        cursor.beginEditBlock()
        if current is not None and current.format().style() == style:
            block = QTextBlockFormat()
            block.setObjectIndex(-1)
            current.remove(cursor.block())
            cursor.setBlockFormat(block)
        else:
            # Markdown has no heading inside a list item that reads back the same: a listed
            # heading becomes a paragraph.
            if cursor.blockFormat().headingLevel():
                self._restyle(cursor, 0)
            listed = QTextListFormat()
            listed.setStyle(style)
            cursor.createList(listed)
        cursor.endEditBlock()
        self._new_step(editor.field)

    def _preview(self) -> None:
        from editor.printing.jobs import Subject  # noqa: PLC0415  # when first used

        printing = getattr(self.window(), "printing", None)
        if printing is None:  # the panel alone, outside the main window
            return
        field = TEXTS[self.tabs.currentIndex()][0]
        side = None if field == "designer_notes" else Side(field)
        printing.preview(Subject.BRIEFING, side)

    def _bullets(self) -> None:
        self._list(QTextListFormat.Style.ListDisc)

    def _numbers(self) -> None:
        self._list(QTextListFormat.Style.ListDecimal)

    def _set_style(self, index: int) -> None:
        editor = self._formatted()
        cursor = editor.textCursor()
        cursor.beginEditBlock()
        listed = cursor.currentList()
        if index and listed is not None:  # a heading is never a list item (see `_list`)
            listed.remove(cursor.block())
            unlisted = QTextBlockFormat()
            unlisted.setIndent(0)
            cursor.mergeBlockFormat(unlisted)
        self._restyle(cursor, index)
        cursor.endEditBlock()
        self._new_step(editor.field)
        editor.setFocus()

    @staticmethod
    def _restyle(cursor: QTextCursor, level: int) -> None:
        """Make the cursor's paragraph a heading of `level` (0: a plain paragraph)."""
        block = QTextBlockFormat()
        block.setHeadingLevel(level)
        cursor.mergeBlockFormat(block)
        # A heading's size and weight are character formats in Qt's rich text.
        char = QTextCharFormat()
        sizes = {0: 0, 1: 3, 2: 2, 3: 1}
        char.setProperty(QTextCharFormat.Property.FontSizeAdjustment, sizes[level])
        char.setFontWeight(QFont.Weight.Bold if level else QFont.Weight.Normal)
        whole = QTextCursor(cursor.block())
        whole.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        whole.mergeCharFormat(char)

    def _show_format(self, *_: object) -> None:
        if not self.is_built:
            return
        editor = self.current_editor()
        self.bold_action.setChecked(editor.fontWeight() >= QFont.Weight.Bold)
        self.italic_action.setChecked(editor.fontItalic())
        level = editor.textCursor().blockFormat().headingLevel()
        self.style_box.setCurrentIndex(min(level, len(STYLES) - 1))

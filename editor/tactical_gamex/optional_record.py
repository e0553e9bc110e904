"""An optional record of the situation (its lineage, its amphibious landing, its airborne
assault) as Add and Remove buttons over its own fields, with the list it holds below: adding
it, each edit and removing it are one undo step each."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from editor.commands import SetValue
from editor.tactical_gamex.grid_model import GridColumn, RecordGrid
from editor.tactical_gamex.grid_view import GridView
from editor.tactical_gamex.list_editor import ListEditor
from schemas.io import FileKind


class OptionalRecord(QWidget):
    """One optional part of the situation (the lineage, the landing, the assault): Add and
    Remove buttons, its own fields, and the list it holds, if any."""

    def __init__(
        self,
        key: str,
        *,
        noun: str,
        fields: list[GridColumn],
        make: Callable[[Any], Any],
        items: ListEditor | None = None,
        say: Callable[[str], None],
    ) -> None:
        super().__init__()
        self.key, self.noun, self.fields, self.make, self.items, self.say = (
            key,
            noun,
            fields,
            make,
            items,
            say,
        )
        self.document: Any = None
        self.add_button = QPushButton(f"Add {noun.title()}")
        self.remove_button = QPushButton(f"Remove {noun.title()}")
        self.record = RecordGrid(FileKind.SITUATION, fields, noun, self)
        self.record.refused.connect(lambda reason: say(f"Refused — {reason}"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.view = GridView(self.record)
        self.view.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.view)
        if items is not None:
            layout.addWidget(items, 1)
        self.add_button.clicked.connect(self.add)
        self.remove_button.clicked.connect(self.remove)

    def set_document(self, document: Any) -> None:
        """Show another document's part (None: none)."""
        if self.document is not None:
            self.document.changed.disconnect(self._changed)
        self.document = document
        if document is not None:
            document.changed.connect(self._changed)
        self.record.set_document(document)
        if self.items is not None:
            self.items.grid.set_document(document)
        self._show()

    def _changed(self, change: Any) -> None:
        if change.kind == FileKind.SITUATION and change.touches((self.key,)):
            self._show()

    def present(self) -> bool:
        """Whether the situation has this part."""
        return self.document is not None and getattr(self.document.situation, self.key) is not None

    def _show(self) -> None:
        here = self.present()
        self.record.show_record((self.key,) if here else None, self.fields)
        # The few fields all show at once, at any scale: the list below takes what is left.
        view = self.view
        rows = view.verticalHeader().defaultSectionSize() * len(self.fields)
        view.setFixedHeight(
            rows + view.horizontalHeader().sizeHint().height() + 2 * view.frameWidth()
        )
        self.add_button.setEnabled(self.document is not None and not here)
        self.remove_button.setEnabled(here)
        self.view.setVisible(here)
        if self.items is not None:
            self.items.setEnabled(here)

    def add(self) -> bool:
        """Give the situation this part; False (saying why) when it cannot be made."""
        if self.document is None or self.present():
            return False
        made = self.make(self.document)
        if isinstance(made, str):
            self.say(f"Refused — {made}")
            return False
        self.document.push(
            SetValue(self.document, FileKind.SITUATION, (self.key,), made, f"Add {self.noun}")
        )
        return True

    def remove(self) -> None:
        """Take this part out of the situation."""
        if self.present():
            self.document.push(
                SetValue(
                    self.document, FileKind.SITUATION, (self.key,), None, f"Remove {self.noun}"
                )
            )

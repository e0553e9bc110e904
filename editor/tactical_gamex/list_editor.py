"""A list of a file's records (the situation's, by default) as a grid with Add and Remove
buttons: each added record is made by the caller (or refused with the reason), each change one
undo step."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from editor.commands import InsertItems, RemoveItems
from editor.model_paths import get_at
from editor.tactical_gamex.grid_model import FieldGrid, GridColumn
from editor.tactical_gamex.grid_view import GridView
from editor.widgets.button_rows import WrappingButtons
from schemas.io import FileKind
from schemas.problems import ModelPath

NewItem = Callable[[Any], "Any | str"]
"""Makes a new record for the open document, or says why it cannot (a str)."""


class ListEditor(QWidget):
    """A titled grid over one list of the situation, with Add and Remove."""

    def __init__(
        self,
        title: str,
        path: ModelPath,
        columns: Sequence[GridColumn],
        *,
        noun: str,
        new_item: NewItem,
        say: Callable[[str], None],
        parent: QWidget | None = None,
        part: FileKind = FileKind.SITUATION,
    ) -> None:
        super().__init__(parent)
        self.part = part
        self.path = tuple(path)
        self.noun = noun
        self.new_item = new_item
        self.say = say
        self.grid = FieldGrid(part, path, columns, noun, self)
        self.view = GridView(self.grid, self)
        self.add_button = QPushButton(f"Add {noun.title()}")
        self.remove_button = QPushButton(f"Remove {noun.title()}")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel(f"<b>{title}</b>"))
        layout.addWidget(self.view, 1)
        layout.addWidget(WrappingButtons([self.add_button, self.remove_button]))
        self.grid.refused.connect(lambda reason: say(f"Refused — {reason}"))
        self.add_button.clicked.connect(self.add)
        self.remove_button.clicked.connect(self.remove)

    def add(self) -> bool:
        """Add a record at the end of the list; False (saying why) when none can be made."""
        document = self.grid.document
        if document is None:
            return False
        item = self.new_item(document)
        if isinstance(item, str):
            self.say(f"Refused — {item}")
            return False
        count = len(get_at(document.model(self.part), self.path))
        document.push(
            InsertItems(
                document,
                self.part,
                self.path,
                index=count,
                items=[item],
                text=f"Add {self.noun.title()}",
            )
        )
        self.view.setCurrentIndex(self.grid.index(count, 0))
        return True

    def remove(self) -> None:
        """Remove the chosen record."""
        document = self.grid.document
        row = self.view.currentIndex().row()
        if document is not None and row >= 0:
            document.push(
                RemoveItems(document, self.part, self.path, [row], f"Remove {self.noun.title()}")
            )

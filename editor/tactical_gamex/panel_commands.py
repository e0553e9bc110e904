"""The undo steps of the panel tools: `EditPanels` puts new models of one or more panel files
in place (a seam hex writes two), a stroke merging into one step; `AddNewPanel` makes a blank
panel file and lays it beside the board, one step that Undo takes back whole; `HoldNewPanel`
holds such a file again when a recovery copy brings it back."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtGui import QUndoCommand

from editor.commands import InsertItems
from editor.document import Change, ChangeAction
from editor.tactical_gamex.document import PanelPart, TgxDocument
from schemas.io import FileKind
from schemas.tactical_gamex.situation import PanelPlacement

_PANEL_MERGE_ID = 7


class EditPanels(QUndoCommand):
    """New models for panel files, by their file name in the layout."""

    def __init__(
        self,
        document: TgxDocument,
        models: Mapping[str, Any],
        text: str,
        merge_key: object = None,
    ) -> None:
        super().__init__(text)
        self.document = document
        self.merge_key = merge_key
        self.before = {name: document.model(PanelPart(name)) for name in models}
        self.after = dict(models)

    @property
    def is_empty(self) -> bool:
        """Whether the step changes nothing (the document drops it)."""
        return all(self.before[n] == self.after[n] for n in self.after)

    def redo(self) -> None:
        for name, model in self.after.items():
            part = PanelPart(name)
            self.document.install(part, model, Change(part, (), ChangeAction.RESET))

    def undo(self) -> None:
        for name, model in self.before.items():
            part = PanelPart(name)
            self.document.install(part, model, Change(part, (), ChangeAction.RESET))

    def id(self) -> int:
        return _PANEL_MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not (
            isinstance(other, EditPanels)
            and other.merge_key is not None
            and other.merge_key == self.merge_key
            and all(other.before[n] is self.after[n] for n in other.before if n in self.after)
        ):
            return False
        for name, model in other.after.items():
            self.before.setdefault(name, other.before[name])
            self.after[name] = model
        return True


class AddNewPanel(QUndoCommand):
    """A new panel file, not yet on disk, laid in the arrangement at a place given."""

    def __init__(
        self, document: TgxDocument, file: str, path: Path, model: Any, *, column: int, row: int
    ) -> None:
        super().__init__(f"New Panel {model.id}")
        self.document = document
        self.file = file
        self.path = path
        self.model = model
        placement = PanelPlacement(file=file, column=column, row=row)
        self.insert = InsertItems(
            document,
            FileKind.SITUATION,
            ("board", "panels"),
            index=len(document.situation.board.panels),
            items=[placement],
            text=self.text(),
        )

    def redo(self) -> None:
        self.document.add_panel(self.file, self.path, self.model, None)
        self.insert.redo()

    def undo(self) -> None:
        self.insert.undo()
        self.document.drop_panel(self.file)


class HoldNewPanel(QUndoCommand):
    """A panel file never saved, held again by the document (a recovery copy restoring a New
    Panel…): the recovered layout that places it is the situation's own step after it."""

    def __init__(self, document: TgxDocument, path: Path, model: Any, text: str) -> None:
        super().__init__(text)
        self.document = document
        self.path = path
        self.model = model
        self.file = Path(os.path.relpath(path, document.scenario_path.parent)).as_posix()

    def redo(self) -> None:
        self.document.add_panel(self.file, self.path, self.model, None)

    def undo(self) -> None:
        self.document.drop_panel(self.file)

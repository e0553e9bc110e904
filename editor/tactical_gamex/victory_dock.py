"""The Victory panel: a situation's victory conditions as a typed list (hold hexes, exit
counters off a compass edge, destroy counters; each may be a sudden death checked at every
Housekeeping), the chosen condition's fields, and the graded victory levels [003 4.4; digest
C.8]. Every change is one undo step."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QListView,
    QMenu,
    QPushButton,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.commands import InsertItems, RemoveItems
from editor.document import Change
from editor.tactical_gamex.dock import TgxDock, message_label
from editor.tactical_gamex.document import TgxDocument
from editor.tactical_gamex.grid_model import FieldGrid, GridColumn, RecordGrid
from editor.tactical_gamex.grid_view import GridView
from editor.widgets.button_rows import WrappingButtons
from schemas.io import FileKind
from schemas.tactical_gamex.situation import ControlHexes, DestroyUnits, ExitUnits, VictoryLevel
from schemas.tactical_gamex.vocabulary import Compass
from schemas.vocabulary import Side

AnyIndex = QModelIndex | QPersistentModelIndex
CONDITIONS_PATH = ("victory", "conditions")
NONE_TEXT = "—"
SIDES = tuple(side.value for side in Side)
KINDS: dict[str, tuple[str, type[Any]]] = {
    "control_hexes": ("Hold Hexes", ControlHexes),
    "exit_units": ("Exit Counters", ExitUnits),
    "destroy": ("Destroy Counters", DestroyUnits),
}
"""Each kind of condition: its menu text and model."""


def _tip(model: type[Any], name: str) -> str:
    return model.model_fields[name].description or ""


def condition_fields(kind: str) -> list[GridColumn]:
    """The fields of one kind of condition, as the rows of its editor."""
    model = KINDS[kind][1]
    fields: list[GridColumn] = [GridColumn("Side", ("side",), _tip(model, "side"), choices=SIDES)]
    if kind == "control_hexes":
        fields += [
            GridColumn("Hexes", ("hexes",), _tip(model, "hexes"), items=True),
            GridColumn("How many", ("count",), _tip(model, "count"), nullable_text=NONE_TEXT),
        ]
    elif kind == "exit_units":
        fields += [
            GridColumn(
                "Edge", ("edge",), _tip(model, "edge"), choices=tuple(c.value for c in Compass)
            ),
            GridColumn("How many", ("count",), _tip(model, "count")),
            GridColumn("By turn", ("by_turn",), _tip(model, "by_turn"), nullable_text=NONE_TEXT),
        ]
    else:
        fields += [
            GridColumn("How many", ("count",), _tip(model, "count"), nullable_text=NONE_TEXT),
            GridColumn("Counters", ("counters",), _tip(model, "counters"), items=True),
        ]
    return [
        *fields,
        GridColumn("Points", ("points",), _tip(model, "points")),
        GridColumn("Sudden death", ("sudden_death",), _tip(model, "sudden_death"), check=True),
    ]


def describe_condition(condition: Any) -> str:
    """A condition in a line, as a situation card words it.

    >>> from schemas.tactical_gamex.situation import ExitUnits
    >>> describe_condition(ExitUnits(side="axis", edge="west", count=4, points=10))
    'Axis: exit 4 counters off the west edge (10 points)'
    """
    side = condition.side.value.title()
    if condition.kind == "control_hexes":
        how = "all of" if condition.count is None else f"{condition.count} of"
        text = f"{side}: hold {how} {', '.join(condition.hexes)}"
    elif condition.kind == "exit_units":
        by = f" by turn {condition.by_turn}" if condition.by_turn else ""
        text = f"{side}: exit {condition.count} counters off the {condition.edge.value} edge{by}"
    else:
        named = f" of {', '.join(condition.counters)}" if condition.counters else " enemy counters"
        count = condition.count if condition.count is not None else "all"
        text = f"{side}: destroy {count}{named}"
    extras = []
    if condition.points:
        extras.append(f"{condition.points} points")
    if condition.sudden_death:
        extras.append("sudden death")
    return text + (f" ({', '.join(extras)})" if extras else "")


def new_condition(kind: str, document: TgxDocument, address: str) -> Any:
    """A new condition of a kind, for the Allied side, with what it needs to be valid."""
    if kind == "control_hexes":
        return ControlHexes(side=Side.ALLIED, hexes=[address])
    if kind == "exit_units":
        return ExitUnits(side=Side.ALLIED, edge=Compass.EAST, count=1)
    return DestroyUnits(side=Side.ALLIED, count=1)


class ConditionsModel(QAbstractListModel):
    """The victory conditions, one line each, read from the document."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document: TgxDocument | None = None

    def set_document(self, document: TgxDocument | None) -> None:
        """Show another document's conditions."""
        self.beginResetModel()
        if self.document is not None:
            self.document.changed.disconnect(self._changed)
        self.document = document
        if document is not None:
            document.changed.connect(self._changed)
        self.endResetModel()

    def _conditions(self) -> list[Any]:
        return list(self.document.situation.victory.conditions) if self.document else []

    def _changed(self, change: Change) -> None:
        if change.kind == FileKind.SITUATION and change.touches(CONDITIONS_PATH):
            self.beginResetModel()
            self.endResetModel()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._conditions())

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        condition = self._conditions()[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return describe_condition(condition)
        return None


class VictoryDock(TgxDock):
    """The Victory panel."""

    title = "Victory"
    object_name = "tgx_victory"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea
    built_when_shown = True

    def build(self) -> None:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.conditions = ConditionsModel(self)
        self.list = QListView(body)
        self.list.setModel(self.conditions)
        self.list.setWordWrap(True)
        self.fields = RecordGrid(FileKind.SITUATION, [], "victory condition", self)
        self.fields_view = GridView(self.fields)
        header = self.fields_view.horizontalHeader()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.levels = FieldGrid(
            FileKind.SITUATION,
            ("victory", "levels"),
            [
                GridColumn("Level", ("name",), _tip(VictoryLevel, "name")),
                GridColumn("Side", ("side",), _tip(VictoryLevel, "side"), choices=SIDES),
                GridColumn("Points", ("points",), _tip(VictoryLevel, "points")),
            ],
            "victory level",
            self,
        )
        self.levels_view = GridView(self.levels)
        self.add_button = QToolButton()
        self.add_button.setText("Add Condition")
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.add_button)
        for kind, (text, _model) in KINDS.items():
            menu.addAction(text, lambda kind=kind: self.add_condition(kind))
        self.add_button.setMenu(menu)
        self.remove_button = QPushButton("Remove Condition")
        self.message = message_label(body)
        splitter = QSplitter(Qt.Orientation.Vertical, body)
        for title, view in (
            ("Conditions", self.list),
            ("The condition chosen", self.fields_view),
            ("Victory levels", self.levels_view),
        ):
            box = QWidget()
            inner = QVBoxLayout(box)
            inner.setContentsMargins(0, 0, 0, 0)
            inner.addWidget(QLabel(f"<b>{title}</b>"))
            inner.addWidget(view, 1)
            splitter.addWidget(box)
        layout.addWidget(splitter, 1)
        layout.addWidget(WrappingButtons([self.add_button, self.remove_button]))
        layout.addWidget(self.message)
        self.setWidget(body)
        for grid in (self.fields, self.levels):
            grid.refused.connect(lambda reason: self.message.setText(f"Refused — {reason}"))
        self.list.selectionModel().currentRowChanged.connect(self._chosen)
        self.remove_button.clicked.connect(self.remove_condition)

    def show_document(self, document: TgxDocument | None) -> None:
        if not self.is_built:
            return
        self.conditions.set_document(document)
        self.fields.set_document(document)
        self.fields.show_record(None, [])
        self.levels.set_document(document)
        self.message.clear()

    def document_changed(self, change: Any) -> None:
        # Conditions added, removed or replaced: the chosen row may now be another kind.
        if change.kind == FileKind.SITUATION and len(change.path) <= len(CONDITIONS_PATH):
            index = self.list.currentIndex()
            self._chosen(index, index)

    def add_condition(self, kind: str) -> None:
        """Add a condition of a kind and choose it."""
        document = self.document
        if not isinstance(document, TgxDocument):
            return
        board = document.board()
        address = board.address_of(0, 0) if board is not None else ""
        count = len(document.situation.victory.conditions)
        item = new_condition(kind, document, address or "A A1")
        document.push(
            InsertItems(
                document,
                FileKind.SITUATION,
                CONDITIONS_PATH,
                index=count,
                items=[item],
                text=f"Add Victory Condition ({KINDS[kind][0]})",
            )
        )
        self.list.setCurrentIndex(self.conditions.index(count, 0))

    def remove_condition(self) -> None:
        """Remove the chosen condition (a situation keeps at least one)."""
        document = self.document
        row = self.list.currentIndex().row()
        if not isinstance(document, TgxDocument) or row < 0:
            return
        if len(document.situation.victory.conditions) == 1:
            self.message.setText("Refused — a situation needs at least one victory condition")
            return
        document.push(
            RemoveItems(
                document, FileKind.SITUATION, CONDITIONS_PATH, [row], "Remove Victory Condition"
            )
        )

    def _chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        document = self.document
        conditions = (
            document.situation.victory.conditions if isinstance(document, TgxDocument) else []
        )
        if not current.isValid() or current.row() >= len(conditions):
            self.fields.show_record(None, [])
            return
        kind = conditions[current.row()].kind
        self.fields.show_record((*CONDITIONS_PATH, current.row()), condition_fields(kind))

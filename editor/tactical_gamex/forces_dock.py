"""The Forces panel, the order of battle of a Tactical GameX situation: both sides (name,
attached CPs, stacking limit), the chosen side's nations (morale level, independent CPs) and
the chosen nation's counters, each an instance of a unit type with its Unit ID, attached CP,
starting hex or setup area, the abilities granted by its Unit ID, an engineer's designated
transport, artillery facing and Down in a stream [003 2.1, 7.0, 9.2, 19.0, 22.1; digest C.4].
The counter chosen here is the one the board's Counters tool places."""

from __future__ import annotations

from typing import Any, get_args

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from editor.commands import InsertItems, RemoveItems
from editor.selection import Selection
from editor.tactical_gamex.counter_drag import CounterDragStarter
from editor.tactical_gamex.dock import TgxDock, message_label
from editor.tactical_gamex.document import TgxDocument
from editor.tactical_gamex.forces import free_id, iter_counters
from editor.tactical_gamex.grid_model import FieldGrid, GridColumn
from editor.tactical_gamex.grid_view import GridView
from schemas.io import FileKind
from schemas.tactical_gamex.situation import Counter, NationForces, SideForces
from schemas.tactical_gamex.vocabulary import Nation, Trait

NONE_TEXT = "—"
FACINGS: tuple[str, ...] = get_args(get_args(Counter.model_fields["facing"].annotation)[0])
"""The hexsides an artillery piece may face under rule 19, as `Counter.facing` names them."""


def _tip(model: type[Any], name: str) -> str:
    return model.model_fields[name].description or ""


def side_columns() -> list[GridColumn]:
    """The sides' columns."""
    return [
        GridColumn("Side", ("side",), _tip(SideForces, "side"), editable=False),
        GridColumn("Name", ("name",), _tip(SideForces, "name")),
        GridColumn("Attached CPs", ("attached_cps",), _tip(SideForces, "attached_cps")),
        GridColumn(
            "Stacking",
            ("stacking_limit",),
            _tip(SideForces, "stacking_limit"),
            nullable_text=NONE_TEXT,
        ),
    ]


def nation_columns() -> list[GridColumn]:
    """A side's nations' columns."""
    return [
        GridColumn(
            "Nation",
            ("nation",),
            _tip(NationForces, "nation"),
            choices=tuple(n.value for n in Nation),
        ),
        GridColumn(
            "Morale", ("morale_level",), _tip(NationForces, "morale_level"), nullable_text=NONE_TEXT
        ),
        GridColumn("Independent CPs", ("independent_cps",), _tip(NationForces, "independent_cps")),
    ]


def counter_columns(type_ids: tuple[str, ...], areas: tuple[str, ...]) -> list[GridColumn]:
    """A nation's counters' columns."""
    return [
        GridColumn("Unit ID", ("id",), _tip(Counter, "id")),
        GridColumn("Type", ("type",), _tip(Counter, "type"), choices=type_ids),
        GridColumn("CP", ("command_post",), _tip(Counter, "command_post"), check=True),
        GridColumn("Hex", ("hex",), _tip(Counter, "hex"), nullable_text=NONE_TEXT),
        GridColumn(
            "Setup area",
            ("setup_area",),
            _tip(Counter, "setup_area"),
            choices=(NONE_TEXT, *areas),
            nullable_text=NONE_TEXT,
        ),
        GridColumn("Off map", ("off_map",), _tip(Counter, "off_map"), check=True),
        GridColumn(
            "Passenger of",
            ("passenger_of",),
            _tip(Counter, "passenger_of"),
            nullable_text=NONE_TEXT,
        ),
        GridColumn(
            "Traits",
            ("traits",),
            f"{_tip(Counter, 'traits')} Comma-separated: {', '.join(t.value for t in Trait)}",
            items=True,
        ),
        GridColumn(
            "Transport",
            ("transport",),
            _tip(Counter, "transport"),
            nullable_text=NONE_TEXT,
        ),
        GridColumn(
            "Facing",
            ("facing",),
            _tip(Counter, "facing"),
            choices=(NONE_TEXT, *FACINGS),
            nullable_text=NONE_TEXT,
        ),
        GridColumn("Down", ("down",), _tip(Counter, "down"), check=True),
    ]


class ForcesDock(TgxDock):
    """The Forces panel."""

    title = "Forces"
    object_name = "tgx_forces"
    default_area = Qt.DockWidgetArea.LeftDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.side = 0
        self.nation = 0
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.sides = FieldGrid(FileKind.SITUATION, ("sides",), side_columns(), "side", self)
        self.nations = FieldGrid(
            FileKind.SITUATION, ("sides", 0, "nations"), nation_columns(), "nation", self
        )
        self.counters = FieldGrid(
            FileKind.SITUATION,
            ("sides", 0, "nations", 0, "counters"),
            counter_columns((), ()),
            "counter",
            self,
        )
        self.sides_view = GridView(self.sides)
        self.nations_view = GridView(self.nations)
        self.counters_view = GridView(self.counters)
        self.counters_view.setSelectionBehavior(GridView.SelectionBehavior.SelectRows)
        self.type_box = QComboBox()
        self.type_box.setToolTip("The unit type of the counter Add Counter makes")
        self.add_button = QPushButton("Add Counter")
        self.add_button.setToolTip("Add a counter of the type chosen to the chosen nation")
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Remove the chosen counter")
        self.message = message_label(body)
        adding = QHBoxLayout()
        adding.addWidget(self.type_box, 1)
        adding.addWidget(self.add_button)
        adding.addWidget(self.remove_button)
        splitter = QSplitter(Qt.Orientation.Vertical, body)
        for title, view in (
            ("Sides", self.sides_view),
            ("Nations of the side", self.nations_view),
            ("Counters of the nation", self.counters_view),
        ):
            box = QWidget()
            inner = QVBoxLayout(box)
            inner.setContentsMargins(0, 0, 0, 0)
            inner.addWidget(QLabel(f"<b>{title}</b>"))
            inner.addWidget(view, 1)
            splitter.addWidget(box)
        # Two sides and a nation or two: their tables keep to a few rows, the counters get the rest.
        for view in (self.sides_view, self.nations_view):
            rows = view.verticalHeader().defaultSectionSize()
            view.setMaximumHeight(view.horizontalHeader().sizeHint().height() + rows * 3 + 6)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 0)
        splitter.setStretchFactor(2, 1)
        layout.addWidget(splitter, 1)
        layout.addLayout(adding)
        layout.addWidget(self.message)
        self.setWidget(body)
        for grid in (self.sides, self.nations, self.counters):
            grid.refused.connect(lambda reason: self.message.setText(f"Refused — {reason}"))
        self.sides_view.selectionModel().currentRowChanged.connect(self._side_chosen)
        self.nations_view.selectionModel().currentRowChanged.connect(self._nation_chosen)
        self.counters_view.selectionModel().currentRowChanged.connect(self._counter_chosen)
        self.add_button.clicked.connect(self.add_counter)
        self.counters_view.setToolTip(
            "Drag a counter onto the board to place it (in its side's setup areas)"
        )
        self.dragging = CounterDragStarter(self.counters_view, self._counter_at)
        self.remove_button.clicked.connect(self.remove_counter)

    def show_document(self, document: TgxDocument | None) -> None:
        self.side = self.nation = 0
        for grid in (self.sides, self.nations, self.counters):
            grid.set_document(document)
        self._follow()
        self.message.clear()

    def document_changed(self, change: Any) -> None:
        if change.kind in (FileKind.SITUATION, FileKind.UNIT_TYPES):
            self._refresh_choices()

    def choose(self, side: int, nation: int) -> None:
        """Show the counters of one nation of one side."""
        self.side, self.nation = side, nation
        self._follow()

    def _follow(self) -> None:
        self.nations.set_rows_path(("sides", self.side, "nations"))
        self.counters.set_rows_path(("sides", self.side, "nations", self.nation, "counters"))
        self._refresh_choices()

    def _refresh_choices(self) -> None:
        document = self.document
        self.type_box.clear()
        if not isinstance(document, TgxDocument):
            return
        situation = document.situation
        sides = situation.sides
        if self.side >= len(sides) or self.nation >= len(sides[self.side].nations):
            return
        nation = sides[self.side].nations[self.nation].nation
        types = [t for t in document.unit_types.unit_types if t.nation == nation]
        for unit_type in types:
            self.type_box.addItem(f"{unit_type.name} ({unit_type.id})", unit_type.id)
        side = sides[self.side].side
        areas = tuple(a.id for a in situation.setup_areas if a.side == side)
        self.counters.columns = counter_columns(tuple(t.id for t in types), areas)

    def _side_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid() and current.row() != self.side:
            self.choose(current.row(), 0)

    def _nation_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid() and current.row() != self.nation:
            self.choose(self.side, current.row())

    def _counter_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        document = self.document
        if not isinstance(document, TgxDocument) or not current.isValid() or self.chosen is None:
            return
        counters = document.situation.sides[self.side].nations[self.nation].counters
        if current.row() < len(counters):
            self.chosen.choose_counter(counters[current.row()].id)

    def _counter_at(self, row: int) -> tuple[str, Any] | None:
        document = self.document
        if not isinstance(document, TgxDocument):
            return None
        counters = document.situation.sides[self.side].nations[self.nation].counters
        if not 0 <= row < len(counters):
            return None
        counter = counters[row]
        types = {t.id: t for t in document.unit_types.unit_types}
        return counter.id, types.get(counter.type)

    def add_counter(self) -> None:
        """Add a counter of the chosen type to the chosen nation, and choose it."""
        document = self.document
        type_id = self.type_box.currentData()
        if not isinstance(document, TgxDocument) or type_id is None:
            self.message.setText("Add a unit type of this nation in Unit Types first")
            return
        taken = {c.id for c, _p in iter_counters(document.situation)}
        counter = Counter(id=free_id(taken, type_id.split(".")[-1]), type=type_id)
        path = ("sides", self.side, "nations", self.nation, "counters")
        index = len(document.situation.sides[self.side].nations[self.nation].counters)
        document.push(
            InsertItems(
                document,
                FileKind.SITUATION,
                path,
                index=index,
                items=[counter],
                text=f"Add Counter {counter.id}",
            )
        )
        self.counters_view.setCurrentIndex(self.counters.index(index, 0))
        if self.chosen is not None:
            self.chosen.choose_counter(counter.id)

    def remove_counter(self) -> None:
        """Remove the chosen counter."""
        document = self.document
        row = self.counters_view.currentIndex().row()
        if not isinstance(document, TgxDocument) or row < 0:
            return
        path = ("sides", self.side, "nations", self.nation, "counters")
        document.push(RemoveItems(document, FileKind.SITUATION, path, [row], "Remove Counter"))

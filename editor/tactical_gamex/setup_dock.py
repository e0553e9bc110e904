"""The Setup panel: each side's setup areas (hexes painted on the board with the Setup Areas
tool, or whole panels), the order of setup, and the neutral counters each side places at setup
(mines, improved positions, fortifications, blocks) [003 8.0, 10.1, 11.1; digest C.5, C.6].
The area chosen here is the one the Setup Areas tool paints."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from editor.commands import InsertItems, RemoveItems
from editor.selection import Selection
from editor.tactical_gamex.dock import TgxDock, message_label
from editor.tactical_gamex.document import TgxDocument
from editor.tactical_gamex.forces import free_id
from editor.tactical_gamex.grid_model import FieldGrid, GridColumn
from editor.tactical_gamex.grid_view import GridView
from editor.widgets.button_rows import WrappingButtons
from schemas.io import FileKind
from schemas.tactical_gamex.situation import Allotment, SetupArea
from schemas.tactical_gamex.vocabulary import MarkerKind
from schemas.vocabulary import Side

NONE_TEXT = "—"


def _tip(model: type[Any], name: str) -> str:
    return model.model_fields[name].description or ""


SIDES = tuple(side.value for side in Side)


def area_columns() -> list[GridColumn]:
    """The setup areas' columns."""
    return [
        GridColumn("Id", ("id",), _tip(SetupArea, "id")),
        GridColumn("Side", ("side",), _tip(SetupArea, "side"), choices=SIDES),
        GridColumn("Name", ("name",), _tip(SetupArea, "name")),
        GridColumn("Order", ("order",), _tip(SetupArea, "order")),
        GridColumn("Panels", ("panels",), _tip(SetupArea, "panels"), items=True),
        GridColumn("Hexes", ("hexes",), _tip(SetupArea, "hexes"), items=True),
    ]


def allotment_columns() -> list[GridColumn]:
    """The neutral-counter allotments' columns."""
    return [
        GridColumn("Side", ("side",), _tip(Allotment, "side"), choices=SIDES),
        GridColumn(
            "Kind",
            ("kind",),
            _tip(Allotment, "kind"),
            choices=tuple(
                k.value
                for k in MarkerKind
                if k not in (MarkerKind.WRECK, MarkerKind.TEMPORARY_BRIDGE)
            ),
        ),
        GridColumn("Count", ("count",), _tip(Allotment, "count")),
        GridColumn("Strength", ("strength",), _tip(Allotment, "strength"), nullable_text=NONE_TEXT),
        GridColumn("Area", ("area",), _tip(Allotment, "area"), nullable_text=NONE_TEXT),
    ]


class SetupDock(TgxDock):
    """The Setup panel."""

    title = "Setup"
    object_name = "tgx_setup"
    default_area = Qt.DockWidgetArea.LeftDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.areas = FieldGrid(
            FileKind.SITUATION, ("setup_areas",), area_columns(), "setup area", self
        )
        self.allotments = FieldGrid(
            FileKind.SITUATION, ("allotments",), allotment_columns(), "allotment", self
        )
        self.areas_view = GridView(self.areas)
        self.areas_view.setSelectionBehavior(GridView.SelectionBehavior.SelectRows)
        self.allotments_view = GridView(self.allotments)
        self.add_area_button = QPushButton("Add Area")
        self.add_area_button.setToolTip("Add a setup area for the side chosen (paint its hexes)")
        self.remove_area_button = QPushButton("Remove Area")
        self.add_allotment_button = QPushButton("Add Allotment")
        self.add_allotment_button.setToolTip("Neutral counters a side places at setup [003 8.0]")
        self.remove_allotment_button = QPushButton("Remove Allotment")
        self.message = message_label(body)
        layout.addWidget(QLabel("<b>Setup areas</b> — paint hexes with the Setup Areas tool"))
        layout.addWidget(self.areas_view, 2)
        layout.addWidget(WrappingButtons([self.add_area_button, self.remove_area_button]))
        layout.addWidget(QLabel("<b>Neutral counters placed at setup</b>"))
        layout.addWidget(self.allotments_view, 1)
        layout.addWidget(WrappingButtons([self.add_allotment_button, self.remove_allotment_button]))
        layout.addWidget(self.message)
        self.setWidget(body)
        for grid in (self.areas, self.allotments):
            grid.refused.connect(lambda reason: self.message.setText(f"Refused — {reason}"))
        self.areas_view.selectionModel().currentRowChanged.connect(self._area_chosen)
        self.add_area_button.clicked.connect(self.add_area)
        self.remove_area_button.clicked.connect(
            lambda: self._remove(("setup_areas",), self.areas_view, "Remove Setup Area")
        )
        self.add_allotment_button.clicked.connect(self.add_allotment)
        self.remove_allotment_button.clicked.connect(
            lambda: self._remove(("allotments",), self.allotments_view, "Remove Allotment")
        )

    def show_document(self, document: TgxDocument | None) -> None:
        self.areas.set_document(document)
        self.allotments.set_document(document)
        self.message.clear()

    def add_area(self, side: Side | None = None) -> str | None:
        """Add a setup area (for the side of the chosen area, else the Allied), choose it and
        return its id."""
        document = self.document
        if not isinstance(document, TgxDocument):
            return None
        areas = document.situation.setup_areas
        row = self.areas_view.currentIndex().row()
        if not isinstance(side, Side):
            side = areas[row].side if 0 <= row < len(areas) else Side.ALLIED
        area = SetupArea(
            id=free_id({a.id for a in areas}, f"{side.value}_setup"),
            side=side,
            name=f"{side.value.title()} setup",
        )
        document.push(
            InsertItems(
                document,
                FileKind.SITUATION,
                ("setup_areas",),
                index=len(areas),
                items=[area],
                text=f"Add Setup Area {area.id}",
            )
        )
        self.areas_view.setCurrentIndex(self.areas.index(len(areas), 0))
        if self.chosen is not None:
            self.chosen.choose_area(area.id)
        return area.id

    def add_allotment(self) -> None:
        """Add an allotment of one improved position for the Allied side."""
        document = self.document
        if not isinstance(document, TgxDocument):
            return
        count = len(document.situation.allotments)
        item = Allotment(side=Side.ALLIED, kind=MarkerKind.IMPROVED_POSITION, count=1)
        document.push(
            InsertItems(
                document,
                FileKind.SITUATION,
                ("allotments",),
                index=count,
                items=[item],
                text="Add Allotment",
            )
        )

    def _remove(self, path: tuple[str], view: GridView, text: str) -> None:
        document = self.document
        row = view.currentIndex().row()
        if isinstance(document, TgxDocument) and row >= 0:
            document.push(RemoveItems(document, FileKind.SITUATION, path, [row], text))

    def _area_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        document = self.document
        if not isinstance(document, TgxDocument) or self.chosen is None or not current.isValid():
            return
        areas = document.situation.setup_areas
        if current.row() < len(areas):
            self.chosen.choose_area(areas[current.row()].id)

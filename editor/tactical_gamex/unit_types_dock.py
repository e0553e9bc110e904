"""The Unit Types panel: the title's library of counter types (attack strength, weapon type,
range with `*`, defense, movement, Armored/Soft/Aircraft, move class, the traits the rules
single out, a bridge layer's bridge DS), edited in a grid under the library's own name and
description, with the chosen type drawn as its counter; types are added and
removed as undo steps, and a type the situation's counters use is not removed [003 2.1]."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.commands import InsertItems, RemoveItems
from editor.selection import Selection
from editor.tactical_gamex.counter_art import counter_pixmap
from editor.tactical_gamex.dock import TgxDock, message_label
from editor.tactical_gamex.document import TgxDocument
from editor.tactical_gamex.forces import free_id, iter_counters
from editor.tactical_gamex.grid_model import FieldGrid, GridColumn, RecordGrid
from editor.tactical_gamex.grid_view import GridView
from editor.widgets.button_rows import WrappingButtons
from schemas.io import FileKind
from schemas.tactical_gamex.unit_types import UnitType, UnitTypeLibrary
from schemas.tactical_gamex.vocabulary import MoveClass, Nation, Trait, UnitKind, WeaponType


def _tip(name: str) -> str:
    return UnitType.model_fields[name].description or ""


def _values(enum: type[Any]) -> tuple[str, ...]:
    return tuple(str(member.value) for member in enum)


def unit_type_columns() -> list[GridColumn]:
    """The grid's columns: the printed values in the counter's "Z" order, then the UFT's."""
    return [
        GridColumn("Id", ("id",), _tip("id")),
        GridColumn("Name", ("name",), _tip("name")),
        GridColumn("Nation", ("nation",), _tip("nation"), choices=_values(Nation)),
        GridColumn("AS", ("attack",), _tip("attack")),
        GridColumn("Type", ("weapon",), _tip("weapon"), choices=_values(WeaponType)),
        GridColumn("Range", ("range",), _tip("range")),
        GridColumn("*", ("double_range",), _tip("double_range"), check=True),
        GridColumn("DS", ("defense",), _tip("defense")),
        GridColumn("MP", ("movement",), _tip("movement")),
        GridColumn("Unit type", ("unit_kind",), _tip("unit_kind"), choices=_values(UnitKind)),
        GridColumn("Moves as", ("move_class",), _tip("move_class"), choices=_values(MoveClass)),
        GridColumn(
            "Traits",
            ("traits",),
            f"{_tip('traits')} Comma-separated: {', '.join(_values(Trait))}",
            items=True,
        ),
        GridColumn("Calibre", ("calibre_mm",), _tip("calibre_mm"), nullable_text="—"),
        GridColumn("Carries", ("carries",), _tip("carries")),
        GridColumn("Bridge DS", ("bridge_defense",), _tip("bridge_defense"), nullable_text="—"),
        GridColumn(
            "Air attacks",
            ("aircraft_attacks",),
            f"{_tip('aircraft_attacks')} Comma-separated weapon and strength, e.g. (H) 40, I 4",
            reads=air_attacks_text,
            parses=parse_air_attacks,
        ),
    ]


def library_fields() -> list[GridColumn]:
    """The library's own fields, as the rows of its record."""
    fields = UnitTypeLibrary.model_fields
    return [
        GridColumn("Library name", ("name",), fields["name"].description or ""),
        GridColumn("Description", ("description",), fields["description"].description or ""),
    ]


def air_attacks_text(attacks: list[Any]) -> str:
    """An aircraft's attacks as its counter prints them: `(H) 40, I 4`."""
    return ", ".join(f"{attack.weapon.value} {attack.attack}" for attack in attacks)


def parse_air_attacks(text: str) -> list[dict[str, Any]]:
    """Typed attacks (`(H) 40, I 4`) as the records the file holds; the weapon and strength
    themselves are checked by the file format.

    >>> parse_air_attacks("(H) 40, I 4")
    [{'weapon': '(H)', 'attack': '40'}, {'weapon': 'I', 'attack': '4'}]
    """
    attacks = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        weapon, _space, attack = part.rpartition(" ")
        if not weapon.strip():
            raise ValueError(f"'{part}' is not a weapon type and a strength, e.g. (H) 40")
        attacks.append({"weapon": weapon.strip(), "attack": attack})
    return attacks


def new_unit_type(document: TgxDocument, template: Any | None) -> UnitType:
    """A new type for the library: a copy of the chosen one under a fresh id, or a rifle
    company of the situation's first nation."""
    taken = {t.id for t in document.unit_types.unit_types}
    if template is not None:
        return template.model_copy(
            update={"id": free_id(taken, template.id), "name": f"{template.name} (copy)"}
        )
    nation = document.situation.sides[0].nations[0].nation
    return UnitType(
        id=free_id(taken, f"{nation.value[:3]}.new"),
        name="New type",
        nation=nation,
        attack=4,
        weapon=WeaponType.I,
        range=1,
        defense=4,
        movement=1,
        unit_kind=UnitKind.SOFT,
    )


class UnitTypesDock(TgxDock):
    """The Unit Types panel."""

    title = "Unit Types"
    object_name = "tgx_unit_types"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.library = RecordGrid(FileKind.UNIT_TYPES, library_fields(), "unit-type library", self)
        self.library_view = GridView(self.library, body)
        self.library_view.setObjectName("library_record")
        # two one-line rows: a long description scrolls in its cell's editor, not the panel
        self.library_view.horizontalHeader().hide()
        self.library_view.horizontalHeader().setStretchLastSection(True)
        self.library_view.setWordWrap(False)
        rows_header = self.library_view.verticalHeader()
        rows_header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.library_view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.library_view.setFixedHeight(
            len(library_fields()) * rows_header.defaultSectionSize()
            + 2 * self.library_view.frameWidth()
        )
        layout.addWidget(self.library_view)
        self.grid = FieldGrid(
            FileKind.UNIT_TYPES, ("unit_types",), unit_type_columns(), "unit type", self
        )
        self.table = GridView(self.grid, body)
        self.preview = QLabel(body)
        self.preview.setObjectName("counter_preview")
        self.preview.setFixedSize(84, 84)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setToolTip("The chosen type as its counter: AS type range / DS / MP")
        self.add_button = QPushButton("Add Type")
        self.add_button.setToolTip("Add a unit type: a copy of the chosen one, or a new one")
        self.remove_button = QPushButton("Remove Type")
        self.remove_button.setToolTip("Remove the chosen type (not while counters use it)")
        self.message = message_label(body)
        side = QVBoxLayout()
        side.addWidget(self.preview)
        side.addWidget(WrappingButtons([self.add_button, self.remove_button], 1))
        side.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.table, 1)
        row.addLayout(side)
        layout.addLayout(row, 1)
        layout.addWidget(self.message)
        self.setWidget(body)
        self.grid.refused.connect(lambda reason: self.message.setText(f"Refused — {reason}"))
        self.library.refused.connect(lambda reason: self.message.setText(f"Refused — {reason}"))
        self.grid.modelReset.connect(self._show_preview)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_preview())
        self.add_button.clicked.connect(self.add_type)
        self.remove_button.clicked.connect(self.remove_type)

    def show_document(self, document: TgxDocument | None) -> None:
        self.library.set_document(document)
        self.library.show_record(() if document is not None else None, library_fields())
        self.grid.set_document(document)
        self.message.clear()
        if self.grid.rowCount() > 0:
            self.table.setCurrentIndex(self.grid.index(0, 1))
        self._show_preview()

    def current_type(self) -> Any:
        """The unit type of the current row, or None."""
        row = self.table.currentIndex().row()
        if not isinstance(self.document, TgxDocument) or row < 0:
            return None
        types = self.document.unit_types.unit_types
        return types[row] if row < len(types) else None

    def add_type(self) -> None:
        """Add a unit type after the chosen one, and choose it."""
        document = self.document
        if not isinstance(document, TgxDocument):
            return
        row = self.table.currentIndex().row()
        index = row + 1 if row >= 0 else len(document.unit_types.unit_types)
        item = new_unit_type(document, self.current_type())
        document.push(
            InsertItems(
                document,
                FileKind.UNIT_TYPES,
                ("unit_types",),
                index=index,
                items=[item],
                text=f"Add Unit Type {item.id}",
            )
        )
        self.table.setCurrentIndex(self.grid.index(index, 1))

    def remove_type(self) -> None:
        """Remove the chosen type, unless counters of the situation are of it."""
        document = self.document
        unit_type = self.current_type()
        if not isinstance(document, TgxDocument) or unit_type is None:
            return
        users = [c.id for c, _p in iter_counters(document.situation) if c.type == unit_type.id]
        if users:
            self.message.setText(
                f"Refused — {unit_type.id} is the type of {len(users)} counter(s): "
                + ", ".join(users[:5])
            )
            return
        row = self.table.currentIndex().row()
        document.push(
            RemoveItems(
                document,
                FileKind.UNIT_TYPES,
                ("unit_types",),
                [row],
                f"Remove Unit Type {unit_type.id}",
            )
        )

    def _show_preview(self) -> None:
        unit_type = self.current_type()
        if unit_type is None:
            self.preview.clear()
            return
        self.preview.setPixmap(counter_pixmap(unit_type, 80, self.devicePixelRatioF()))

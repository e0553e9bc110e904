"""The A/I Orders dock: the orders of the organization selected in the Order of Battle, each at a
turn or a date and time as in the Reinforcements panel, the orders it inherits from above, and
each side's aggressiveness."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox, QToolButton, QVBoxLayout, QWidget

from editor.commands import EditFile, InsertItems, RemoveItems, SetValue
from editor.docks.list_table import Index, ListTableModel
from editor.docks.list_table_view import ListTablesDock, ListTableView
from editor.docks.schedule_dock import first_new_turn
from editor.docks.table_columns import (
    Column,
    Editor,
    enum_choices,
    fresh_id,
    id_column,
    label,
    node_name,
    parse_hex,
    schedule_columns,
    turn_clock,
)
from editor.document import Change, Document
from editor.map.ai_shapes import target_text as order_target_text
from editor.selection import Focus, Selection
from engine.panzer_campaigns.ai_orders import (
    clock_turn_of,
    in_force,
    orders_by_organization,
    organization_chain,
)
from schemas.io import FileKind
from schemas.panzer_campaigns.ai_orders import MAX_AREA_HEXES, AiOrder, OrganizationOrders, Stance
from schemas.problems import ModelPath
from schemas.vocabulary import Side

ORGANIZATIONS: ModelPath = ("ai", "organizations")
_MISSING = -1
"""The list position in `list_path` while the organization has no orders of its own."""


def target_text(document: Document, order: AiOrder) -> str:
    """An order's target as a designer reads it: `objective dorf`, `[3, 4] +2`, `3 hexes`."""
    del document  # the target's words need nothing else of the scenario
    return order_target_text(order)


def hexes_text(order: AiOrder) -> str:
    """An order's hex or area as typed: `3, 4` or `3, 4; 5, 6`."""
    hexes = [order.hex] if order.hex is not None else list(order.area)
    return "; ".join(f"{column}, {row}" for column, row in hexes)


def assign_hexes(text: str) -> list[tuple[ModelPath, Any]]:
    """The fields a typed hex or area sets: one hex aims at it (keeping the radius), several
    make the area, none clears both. The objective is cleared first, so that no step of the
    edit holds two targets."""
    hexes = [parse_hex(part.strip()) for part in str(text).split(";") if part.strip()]
    if len(hexes) > MAX_AREA_HEXES:
        raise ValueError(f"an area has at most {MAX_AREA_HEXES} hexes, not {len(hexes)}")
    if len(hexes) == 1:
        return [(("objective",), None), (("area",), []), (("hex",), hexes[0])]
    return [(("objective",), None), (("radius",), 0), (("hex",), None), (("area",), hexes)]


def order_columns() -> list[Column]:
    """Id, turn, time, stance, objective, hex, radius, note."""
    clear_hexes = [(("area",), []), (("radius",), 0), (("hex",), None)]
    return [
        id_column(width=8),
        *schedule_columns(),
        Column(
            header="Stance",
            field=("stance",),
            editor=Editor.CHOICE,
            choices=lambda _document: enum_choices(Stance),
            width=9,
        ),
        Column(
            header="Objective",
            field=("objective",),
            editor=Editor.CHOICE,
            choices=lambda document: [
                (None, "(none)"),
                *((o.id, o.name or o.id) for o in document.scenario.objectives),
            ],
            display=lambda _document, value: value or "",
            assign=lambda _d, _i, value: [*clear_hexes, (("objective",), value)],
            tooltip="The objective aimed at; choosing one clears the hex and area.",
            width=10,
        ),
        Column(
            header="Hex",
            field=("hex",),
            editor=Editor.TEXT,
            name="Hex",
            value=lambda _document, item: hexes_text(item),
            display=lambda _document, value: value,
            assign=lambda _d, _i, value: assign_hexes(value),
            tooltip="Or the hex aimed at, typed as `12, 34`, or an area of a few hexes as\n"
            "`12, 34; 13, 34; 14, 35`; drag the arrow head on the map to move it.\n"
            "Setting hexes clears the objective.",
            width=9,
        ),
        Column(
            header="Radius",
            field=("radius",),
            editor=Editor.INT,
            width=5,
            display=lambda _document, value: str(value) if value else "",
        ),
        Column(header="Note", field=("note",), width=4),
    ]


class OrganizationOrdersModel(ListTableModel):
    """The orders of one organization: the list `ai.organizations[n].orders` while the
    organization has an entry there, no rows while it has none. Adding its first order makes
    the entry; deleting its last removes it, so the file lists only organizations with orders."""

    def __init__(self) -> None:
        super().__init__(
            None,
            FileKind.SCENARIO,
            (*ORGANIZATIONS, _MISSING, "orders"),
            order_columns(),
            noun="A/I Order",
        )
        self.organization: str | None = None

    def entry_row(self) -> int | None:
        """The position of the organization's entry in `ai.organizations`, if it has one."""
        document = self.document
        if document is None or self.organization is None:
            return None
        for row, entry in enumerate(document.scenario.ai.organizations):
            if entry.organization == self.organization:
                return row
        return None

    def set_document(self, document: Document | None) -> None:
        """Show another document, with no organization chosen yet: the list position of the
        old document's organization means nothing in the new one (the view asking for rows at
        it while the model was reset crashed the editor when another title was opened)."""
        self.organization = None
        self.list_path = (*ORGANIZATIONS, _MISSING, "orders")
        super().set_document(document)

    def set_organization(self, organization: str | None) -> None:
        """Show the orders of another organization."""
        self.beginResetModel()
        self.organization = organization
        self._repoint()
        self.endResetModel()

    def _repoint(self) -> None:
        row = self.entry_row()
        self.list_path = (*ORGANIZATIONS, _MISSING if row is None else row, "orders")

    def _after_change(self, change: Change) -> None:
        if self._pending == "reset":
            self._repoint()
        super()._after_change(change)

    def items(self) -> list[Any]:
        return [] if self.list_path[2] == _MISSING else super().items()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if self.list_path[2] == _MISSING else super().rowCount(parent)

    def insert(self, items: Sequence[Any], index: int | None = None) -> int:
        document = self.document
        if document is None or self.organization is None:
            return 0
        if self.list_path[2] != _MISSING:
            return super().insert(items, index)
        entry = OrganizationOrders(organization=self.organization, orders=list(items))
        document.push(
            InsertItems(
                document,
                FileKind.SCENARIO,
                ORGANIZATIONS,
                index=len(document.scenario.ai.organizations),
                items=[entry],
                text="Add A/I Order",
            )
        )
        return 0

    def remove_rows(self, rows: Iterable[int]) -> None:
        rows = sorted(set(rows))
        entry = self.entry_row()
        document = self.document
        if document is None or entry is None or not rows:
            return
        if len(rows) < self.rowCount():
            super().remove_rows(rows)
            return
        text = "Delete A/I Order" if len(rows) == 1 else "Delete A/I Orders"
        document.push(RemoveItems(document, FileKind.SCENARIO, ORGANIZATIONS, [entry], text))

    def move_row(self, row: int, offset: int) -> int | None:
        """Move an order up (-1) or down (+1) the list, one undo step; return its new row."""
        document = self.document
        target = row + offset
        if document is None or not 0 <= row < self.rowCount() or not 0 <= target < self.rowCount():
            return None
        order = self.item(row)
        command = EditFile(document, FileKind.SCENARIO, "Move A/I Order")
        command.remove(self.list_path, row)
        command.insert(self.list_path, target, [order])
        document.push(command)
        return target


class AiOrdersDock(ListTablesDock):
    """The A/I orders of the organization selected in the Order of Battle."""

    title = "A/I Orders"
    object_name = "ai_orders"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.orders = OrganizationOrdersModel()
        self.view = ListTableView(self.orders, selection, new_items=self._new_order, edit_column=3)
        self.views = [self.view]
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-weight: 600;")
        self.inherited = QLabel()
        self.inherited.setWordWrap(True)
        self.inherited.setTextFormat(Qt.TextFormat.PlainText)
        self.inherited.setStyleSheet("color: palette(placeholder-text);")
        self.up_button = self._arrow_button("Move up", "Move the order up the list", -1)
        self.down_button = self._arrow_button("Move down", "Move the order down the list", 1)
        self.aggressiveness = {side: self._aggressiveness_box(side) for side in Side}

        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.heading, 1)
        top.addWidget(self.up_button)
        top.addWidget(self.down_button)
        sides = QHBoxLayout()
        sides.setContentsMargins(0, 0, 0, 0)
        for side, box in self.aggressiveness.items():
            caption = QLabel(f"{label(side)} aggressiveness")
            caption.setBuddy(box)
            sides.addWidget(caption)
            sides.addWidget(box)
        sides.addStretch(1)
        body = QWidget()
        # Painted: the main window's stale dock tab bars lie under the panel and showed
        # through the labels.
        body.setAutoFillBackground(True)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 2, 4, 4)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.inherited)
        layout.addLayout(sides)
        self.setWidget(body)
        QWidget.setTabOrder(self.view.table, self.up_button)
        QWidget.setTabOrder(self.up_button, self.down_button)
        QWidget.setTabOrder(self.down_button, self.aggressiveness[Side.ALLIED])
        QWidget.setTabOrder(self.aggressiveness[Side.ALLIED], self.aggressiveness[Side.AXIS])
        selection.units_changed.connect(self._follow_selection)
        self._show_organization()

    def _arrow_button(self, text: str, tip: str, offset: int) -> QToolButton:
        button = QToolButton()
        button.setText("↑" if offset < 0 else "↓")
        button.setAccessibleName(text)
        keys = f"Alt+{'Up' if offset < 0 else 'Down'}"
        button.setToolTip(f"{tip} ({keys})")
        button.clicked.connect(lambda: self.move_current(offset))
        # Only inside the panel: on the map or in another panel, Alt+arrow keys mean other things.
        shortcut = QShortcut(QKeySequence(keys), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(lambda: self.move_current(offset))
        return button

    def _aggressiveness_box(self, side: Side) -> QSpinBox:
        box = QSpinBox()
        box.setRange(-1, 100)
        box.setSpecialValueText("even")
        box.setSuffix(" %")
        box.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        box.setToolTip(
            f"How boldly the computer plays the {label(side)} side: 0 cautious, 50 as the orders "
            "say, 100 reckless; 'even' leaves it at 50."
        )
        box.valueChanged.connect(lambda value: self._set_aggressiveness(side, value))
        return box

    # Document --------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        super().set_document(document)
        self.orders.set_organization(None)
        self._show_organization()

    def document_changed(self, change: Change) -> None:
        if change.kind in (FileKind.SCENARIO, FileKind.OOB):
            self._show_organization()

    def _follow_selection(self, ids: list[str]) -> None:
        document = self.document
        if document is None or not ids:
            return
        index = document.oob_index
        node = ids[0]
        if node in index.units:
            node = index.units[node].parent or ""
        if node in index.organizations and node != self.orders.organization:
            self.orders.set_organization(node)
            self._show_organization()

    def show_organization(self, organization: str | None) -> None:
        """Show the orders of an organization (the OOB selection does this)."""
        self.orders.set_organization(organization)
        self._show_organization()

    def _show_organization(self) -> None:
        document = self.document
        organization = self.orders.organization
        has_document = document is not None
        self.view.add_button.setEnabled(has_document and organization is not None)
        for box in self.aggressiveness.values():
            box.setEnabled(has_document)
        if document is None:
            self.heading.setText("No scenario open")
            self.inherited.setText("")
            return
        for side, box in self.aggressiveness.items():
            value = getattr(document.scenario.ai.aggressiveness, side.value)
            box.blockSignals(True)
            box.setValue(-1 if value is None else value)
            box.blockSignals(False)
        if organization is None:
            self.heading.setText("Select an organization in the Order of Battle")
            self.inherited.setText("")
            return
        name = node_name(document, organization) or organization
        self.heading.setText(f"Orders of {name}")
        self.inherited.setText(self.inherited_text(document, organization))

    @staticmethod
    def inherited_text(document: Document, organization: str) -> str:
        """The orders an organization follows from those above it, one line each, and on
        which turns its own orders leave it following them."""
        orders = orders_by_organization(document.scenario)
        attached = {a.organization: a.attach_to for a in document.scenario.attachments}
        chain = list(organization_chain(document.oob_index, organization, attached))
        clock = turn_clock(document)
        turn_of = clock_turn_of(clock) if clock is not None else (lambda order: order.turn)
        lines = []
        for above in chain[1:]:
            for order in orders.get(above, ()):
                start = turn_of(order)
                when = f"turn {start}" if start is not None else "never (outside the game)"
                lines.append(
                    f"From {node_name(document, above) or above}: {order.stance.value} "
                    f"{target_text(document, order)} from {when}"
                )
        if not lines:
            return "Inherits no orders from above."
        first = in_force(chain, orders, 1, turn_of)
        follows = (
            f" On turn 1 it follows '{first.order.id}' of {first.organization}."
            if first is not None
            else ""
        )
        return "Inherited:\n" + "\n".join(lines) + ("\n" + follows.strip() if follows else "")

    # Edits -----------------------------------------------------------------------------------

    def _new_order(self) -> Sequence[Any]:
        document = self.document
        if document is None or self.orders.organization is None:
            return []
        taken = [o.id for e in document.scenario.ai.organizations for o in e.orders]
        hex_ = self.selection.hex
        order = AiOrder(
            id=fresh_id(taken, f"{self.orders.organization}-order"),
            turn=1 if not self.orders.rowCount() else first_new_turn(document),
            stance=Stance.MOVE if hex_ is not None else Stance.HOLD,
            hex=hex_,
        )
        return [order]

    def move_current(self, offset: int) -> None:
        """Move the selected order up or down the list."""
        row = self.view.current_row()
        if row is None:
            return
        moved = self.orders.move_row(row, offset)
        if moved is not None:
            self.view.select_row(moved)

    def _set_aggressiveness(self, side: Side, value: int) -> None:
        document = self.document
        if document is None:
            return
        path = ("ai", "aggressiveness", side.value)
        document.push(
            SetValue(
                document,
                FileKind.SCENARIO,
                path,
                None if value < 0 else value,
                f"Set {label(side)} Aggressiveness",
                merge=True,
            )
        )

    def show_focus(self, focus: Focus) -> bool:
        document = self.document
        path = tuple(focus.path)
        if (
            document is not None
            and focus.kind is FileKind.SCENARIO
            and path[:2] == ORGANIZATIONS
            and len(path) > 2
            and isinstance(path[2], int)
            and path[2] < len(document.scenario.ai.organizations)
        ):
            self.show_organization(document.scenario.ai.organizations[path[2]].organization)
            if len(path) > 4 and self.view.show_path(path[4:]):
                self.reveal(self.view)
            return True
        return False

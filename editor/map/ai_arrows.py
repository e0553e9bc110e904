"""The A/I orders drawn on the map while editing: the orders in force on a chosen turn (or every
order), each an arrow from the units following it to its target, its area tinted, its tooltip
saying from which turn it applies; dragging an arrow's head onto another hex retargets the order
(one undo step).

`AiOrdersLayer` wraps the Map Aids overlay, so the view draws both; it is a Map Aids layer,
toggled in that dock, and view state only. How an order looks is `editor.map.ai_shapes`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QHelpEvent, QMouseEvent, QPainter
from PySide6.QtWidgets import QToolTip

from editor.commands import SetValues
from editor.docks.table_columns import node_name, turn_clock
from editor.document import Change, Document
from editor.map.ai_shapes import (
    HOVER_REACH,
    STANCE_COLORS,
    STANCE_LETTERS,
    AreaShapes,
    Arrow,
    arrow_under,
    order_arrow,
    paint_arrows,
    target_text,
    tooltip_text,
)
from editor.map.geometry import Frame, MapGeometry
from editor.map.scenario_index import Offset
from engine.panzer_campaigns.ai_orders import (
    OrderInForce,
    TurnOf,
    clock_turn_of,
    in_force,
    orders_by_organization,
    organization_chain,
)
from schemas.io import FileKind
from schemas.panzer_campaigns.ai_orders import AiOrder
from schemas.problems import ModelPath

if TYPE_CHECKING:
    from editor.map.view import MapOverlay, MapView

__all__ = ["STANCE_COLORS", "STANCE_LETTERS", "AiOrdersLayer", "Arrow", "arrows_of", "retarget"]

HEAD_GRAB = 0.45
"""How near (in hexes) to an arrow's head a press grabs it."""


def arrows_of(document: Document, geometry: MapGeometry, turn: int | None = None) -> list[Arrow]:
    """The orders as arrows: with `turn` None every order, each from the centre of all the units
    under its organization; with a turn, the orders in force on that turn, each from the units
    that follow it then (their own organization's order, or inherited from the nearest above,
    by `engine.panzer_campaigns.ai_orders.in_force`, the engine's own rule). Hold and reserve orders
    without a
    target are a disc on the units instead (start == end)."""
    scenario = document.scenario
    index = document.oob_index
    hexes_of = _unit_hexes(document, turn)
    placed = {p.unit for p in scenario.placements}
    objectives = {o.id: tuple(o.hex) for o in scenario.objectives}
    clock = turn_clock(document)
    turn_of: TurnOf = clock_turn_of(clock) if clock is not None else (lambda order: order.turn)
    places = {
        id(order): (entry_number, number, entry.organization)
        for entry_number, entry in enumerate(scenario.ai.organizations)
        for number, order in enumerate(entry.orders)
    }
    # (order, the units following it, the organizations inheriting it)
    drawn: list[tuple[AiOrder, list[str], set[str]]] = []
    if turn is None:
        for entry in scenario.ai.organizations:
            if entry.organization in index.organizations:
                units = list(index.iter_units_under(entry.organization))
                drawn.extend((order, units, set()) for order in entry.orders)
    else:
        drawn = _in_force_at(document, turn, turn_of)
    arrows = []
    for order, units, followers in drawn:
        entry_number, number, organization = places[id(order)]
        if turn is None and any(unit in placed for unit in units):
            hexes = [hexes_of[unit] for unit in units if unit in placed]
        else:
            hexes = [hexes_of[unit] for unit in units if unit in hexes_of]
        arrow = order_arrow(
            geometry,
            order,
            (organization, entry_number, number),
            hexes,
            objectives,
            side=index.side_of(organization),
            from_turn=turn_of(order),
            followers=followers,
        )
        if arrow is not None:
            arrows.append(arrow)
    return arrows


def _unit_hexes(document: Document, turn: int | None) -> dict[str, Offset]:
    """Where each unit is on `turn`: its placement, or its arrival hex once it has arrived.
    With `turn` None (every order drawn) an organization is where its units are placed, or
    where they arrive when none is placed: `arrows_of` takes the placed ones first."""
    scenario = document.scenario
    index = document.oob_index
    found: dict[str, Offset] = {p.unit: (p.hex[0], p.hex[1]) for p in scenario.placements}
    clock = turn_clock(document) if turn is not None else None
    for reinforcement in scenario.reinforcements:
        if turn is not None:
            if reinforcement.turn is not None:
                arrives: int | None = reinforcement.turn
            else:
                arrives = clock.turn_at(reinforcement.at) if clock and reinforcement.at else None
            if arrives is None or arrives > turn:
                continue
        arrival = (reinforcement.hex[0], reinforcement.hex[1])
        units = [*reinforcement.units]
        for organization in reinforcement.organizations:
            units.extend(index.iter_units_under(organization))
        for unit in units:
            found.setdefault(unit, arrival)
    return found


def _in_force_at(
    document: Document, turn: int, turn_of: TurnOf
) -> list[tuple[AiOrder, list[str], set[str]]]:
    """The orders in force on `turn`, each with the units that follow it and the organizations
    that inherit it; an organization's own order in force that no unit follows (none of its
    units is on the map or arriving) is drawn too, as its target alone."""
    scenario = document.scenario
    index = document.oob_index
    orders = orders_by_organization(scenario)
    attached = {a.organization: a.attach_to for a in scenario.attachments}
    by_order: dict[int, tuple[AiOrder, list[str], set[str]]] = {}
    chains: dict[str, OrderInForce | None] = {}

    def follow(organization: str) -> OrderInForce | None:
        if organization not in chains:
            chain = organization_chain(index, organization, attached)
            chains[organization] = in_force(chain, orders, turn, turn_of)
        return chains[organization]

    for unit_id, entry in index.units.items():
        if entry.parent is None:
            continue
        found = follow(entry.parent)
        if found is None:
            continue
        drawn = by_order.setdefault(id(found.order), (found.order, [], set()))
        drawn[1].append(unit_id)
        if found.inherited:
            drawn[2].add(entry.parent)
    for organization in orders:
        if organization in index.organizations:
            own = in_force([organization], orders, turn, turn_of)
            if own is not None:
                by_order.setdefault(id(own.order), (own.order, [], set()))
    return list(by_order.values())


def retarget(document: Document, path: ModelPath, hex_: Offset) -> None:
    """Aim an order at a hex (keeping its radius), clearing its objective or area: one undo
    step "Retarget A/I Order"."""
    document.push(
        SetValues(
            document,
            FileKind.SCENARIO,
            [((*path, "objective"), None), ((*path, "area"), []), ((*path, "hex"), hex_)],
            "Retarget A/I Order",
        )
    )


class AiOrdersLayer(QObject):
    """The Map Aids overlay plus the A/I orders in force on a turn, the drag that retargets
    them, and their tooltips."""

    changed = Signal()
    """The arrows changed (shown, hidden, another turn, an order edited): the map needs
    repainting."""

    def __init__(self, aids: MapOverlay, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.aids = aids
        self.on = False
        self.turn: int | None = 1
        """The turn whose orders in force are drawn; None: every order of every turn."""
        self.document: Document | None = None
        self.view: MapView | None = None
        self._arrows: tuple[tuple[int, int, int | None], list[Arrow]] | None = None
        self.shapes = AreaShapes()
        self.dragging: Arrow | None = None
        self.drag_point: QPointF | None = None
        """Where the dragged head is, in the view's pixels."""

    def set_document(self, document: Document | None) -> None:
        """Draw the orders of another document."""
        if self.document is not None:
            self.document.changed.disconnect(self._document_changed)
        self.document = document
        self._arrows = None
        if document is not None:
            document.changed.connect(self._document_changed)
        self.changed.emit()

    def set_view(self, view: MapView | None) -> None:
        """Take mouse presses on arrow heads, and tooltips, in this view."""
        if self.view is not None:
            self.view.removeEventFilter(self)
        self.view = view
        if view is not None:
            view.installEventFilter(self)

    def set_on(self, on: bool) -> None:
        """Show or hide the arrows."""
        if on != self.on:
            self.on = on
            self.changed.emit()

    def set_turn(self, turn: int | None) -> None:
        """Draw the orders in force on `turn`, or every order (None)."""
        if turn != self.turn:
            self.turn = turn
            self.changed.emit()

    def _document_changed(self, change: Change) -> None:
        if self.on and change.kind in (FileKind.SCENARIO, FileKind.OOB, FileKind.MAP):
            self.changed.emit()

    def arrows(self) -> list[Arrow]:
        """The arrows of the open document at the layer's turn (kept until the scenario or OOB
        changes)."""
        document = self.document
        if document is None:
            return []
        key = (document.version(FileKind.SCENARIO), document.version(FileKind.OOB), self.turn)
        if self._arrows is None or self._arrows[0] != key:
            geometry = MapGeometry.of(document.map)
            arrows = arrows_of(document, geometry, self.turn)
            self._arrows = (key, arrows)
            self.shapes.keep_only(arrow.area_hexes for arrow in arrows)
        return self._arrows[1]

    # Painting ----------------------------------------------------------------------------------

    def paint(self, painter: QPainter, frame: Frame) -> None:
        """The Map Aids, then the areas and arrows over them."""
        self.aids.paint(painter, frame)
        if not self.on or self.document is None:
            return
        paint_arrows(
            painter,
            frame,
            self.arrows(),
            self.shapes,
            dragged=self.dragging,
            drag_point=self.drag_point,
        )

    # Hovering and dragging ---------------------------------------------------------------------

    def _shown(self) -> MapView | None:
        view = self.view
        if not self.on or view is None or view.scene is None or view.aids is not self:
            return None
        return view

    def head_at(self, point: QPointF) -> Arrow | None:
        """The arrow whose head is under a pixel of the view (the last drawn, on top, first)."""
        view = self._shown()
        if view is None:
            return None
        reach = HEAD_GRAB * view.zoom()
        for arrow in reversed(self.arrows()):
            if arrow.start is None or arrow.start == arrow.end:
                continue
            head = view.viewport.to_pixel(QPointF(*arrow.end))
            if math.hypot(head.x() - point.x(), head.y() - point.y()) <= reach:
                return arrow
        return None

    def arrow_at(self, point: QPointF) -> Arrow | None:
        """The arrow whose head, badge or shaft is under a pixel of the view (on top first)."""
        view = self._shown()
        if view is None:
            return None
        return arrow_under(self.arrows(), view.viewport.to_pixel, point, HOVER_REACH * view.zoom())

    def tooltip(self, arrow: Arrow) -> str:
        """The text hovering an arrow shows: the order, whose, from which turn and time."""
        document = self.document
        if document is None:
            return ""
        organization = node_name(document, arrow.organization) or arrow.organization
        return tooltip_text(
            arrow, target_text(arrow.order), organization, when_text(document, arrow)
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self.view:
            return False
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            arrow = self.arrow_at(QPointF(event.pos()))
            if arrow is None:
                return False
            QToolTip.showText(event.globalPos(), self.tooltip(arrow), self.view)
            return True
        if not isinstance(event, QMouseEvent):
            return False
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            arrow = self.head_at(event.position())
            if arrow is None:
                return False
            self.dragging, self.drag_point = arrow, event.position()
            return True
        if self.dragging is None:
            return False
        if kind == QEvent.Type.MouseMove:
            self.drag_point = event.position()
            self.changed.emit()
            return True
        if kind == QEvent.Type.MouseButtonRelease:
            arrow, self.dragging, self.drag_point = self.dragging, None, None
            view = self.view
            hex_ = view.hex_at(event.position()) if view is not None else None
            if hex_ is not None and self.document is not None and hex_ != arrow.order.hex:
                retarget(self.document, arrow.path, hex_)
            self.changed.emit()
            return True
        return False


def when_text(document: Document, arrow: Arrow) -> str:
    """From when an order applies: `turn 4 (Sat 16 Dec 1944 14:00)`, or that it never does."""
    if arrow.from_turn is None:
        return "no turn of the game (it is dated outside it)"
    clock = turn_clock(document)
    if clock is None:
        return f"turn {arrow.from_turn}"
    return f"turn {arrow.from_turn} ({clock.time_of(arrow.from_turn):%a %d %b %Y %H:%M})"

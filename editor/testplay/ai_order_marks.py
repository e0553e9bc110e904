"""The A/I orders on the test-play map: the orders in force on the game's current turn, each an
arrow from the units on the map that follow it (as
`engine.panzer_campaigns.ai_orders.order_in_force`, the rule
the computer player reads, says) to its target, with its area tinted, following the game as turns
pass; hovering an arrow says from which turn its order applies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QPointF
from PySide6.QtGui import QHelpEvent, QPainter
from PySide6.QtWidgets import QToolTip

from editor.map.ai_shapes import (
    HOVER_REACH,
    AreaShapes,
    Arrow,
    arrow_under,
    order_arrow,
    paint_arrows,
    target_text,
    tooltip_text,
)
from editor.map.geometry import Frame, MapGeometry
from engine.panzer_campaigns.ai_orders import order_in_force
from schemas.panzer_campaigns.ai_orders import AiOrder
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from editor.map.view import MapView
    from engine.panzer_campaigns.game import Game

Offset = tuple[int, int]


def game_arrows(game: Game, geometry: MapGeometry, viewer: Side | None) -> list[Arrow]:
    """The orders in force on the game's turn, each from the centre of the units on the map that
    follow it.

    Under Fog of War (`viewer` a side) only that side's orders are drawn, without it both
    sides'. The manual never shows a player the enemy's A/I orders, and under Fog of War "you
    will not see complete information on enemy units" [000 4.8]: the enemy's orders are its
    plan, so they stay hidden with its units (a decision). An order no unit on the map follows
    (its units not arrived, or all gone) is not drawn: the test-play shows the battle as it
    stands.
    """
    scenario = game.state.scenario
    places = {
        id(order): (entry_number, number)
        for entry_number, entry in enumerate(scenario.ai.organizations)
        for number, order in enumerate(entry.orders)
    }
    objectives = {o.id: game.offset_of(o.hex) for o in game.state.objectives}
    followed: dict[int, tuple[AiOrder, str, int, list[Offset], set[str]]] = {}
    for unit in game.iter_units(viewer):
        if not unit.on_map:
            continue
        found = order_in_force(game.state, unit.id)
        if found is None:
            continue
        entry = followed.setdefault(
            id(found.order), (found.order, found.organization, found.from_turn, [], set())
        )
        entry[3].append(game.offset_of(unit.hex))
        if found.inherited and unit.organization is not None:
            entry[4].add(unit.organization)
    arrows = []
    for order, organization, from_turn, hexes, followers in followed.values():
        entry_number, number = places[id(order)]
        arrow = order_arrow(
            geometry,
            order,
            (organization, entry_number, number),
            hexes,
            objectives,
            side=game.state.oob_index.side_of(organization),
            from_turn=from_turn,
            followers=followers,
        )
        if arrow is not None:
            arrows.append(arrow)
    return arrows


class AiOrderMarks(QObject):
    """The A/I orders of a test-play's game on its map, and their tooltips; `overlays` (the
    test-play overlays) owns the toggle and the cache emptied when the game changes."""

    def __init__(self, overlays: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.overlays = overlays
        self.shapes = AreaShapes()
        self.view: MapView | None = None

    def arrows(self, geometry: MapGeometry) -> list[Arrow]:
        """The arrows of the game's current turn (kept until the game changes)."""
        viewer = self.overlays.viewer
        arrows: list[Arrow] = self.overlays._cached(
            "ai orders", lambda game: game_arrows(game, geometry, viewer), []
        )
        return arrows

    def paint(self, painter: QPainter, frame: Frame) -> None:
        """Draw the areas and arrows."""
        paint_arrows(painter, frame, self.arrows(frame.geometry), self.shapes)

    def set_view(self, view: MapView | None) -> None:
        """Show the arrows' tooltips in this view."""
        if self.view is not None:
            self.view.removeEventFilter(self)
        self.view = view
        if view is not None:
            view.installEventFilter(self)

    def tooltip(self, arrow: Arrow) -> str:
        """The order, whose, from which turn and time."""
        game: Game | None = self.overlays.game
        if game is None:
            return ""
        index = game.state.oob_index
        entry = index.organizations.get(arrow.organization)
        name = entry.organization.name if entry is not None else arrow.organization
        turn = arrow.from_turn or 1
        when = f"turn {turn} ({game.state.clock.time_of(turn):%a %d %b %Y %H:%M})"
        return tooltip_text(arrow, target_text(arrow.order), name, when)

    def arrow_at(self, point: QPointF) -> Arrow | None:
        """The arrow under a pixel of the view, while the A/I orders overlay is shown there."""
        view = self.view
        overlays = self.overlays
        if view is None or view.scene is None or view.aids is not overlays:
            return None
        if not overlays.ai_orders or overlays.game is None:
            return None
        arrows = self.arrows(view.scene.geometry)
        return arrow_under(arrows, view.viewport.to_pixel, point, HOVER_REACH * view.zoom())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self.view or event.type() != QEvent.Type.ToolTip:
            return False
        if not isinstance(event, QHelpEvent):
            return False
        arrow = self.arrow_at(QPointF(event.pos()))
        if arrow is None:
            return False
        QToolTip.showText(event.globalPos(), self.tooltip(arrow), self.view)
        return True

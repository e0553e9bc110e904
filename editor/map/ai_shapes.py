"""How an A/I order looks on the map, wherever its arrows come from (the scenario being edited or
a game in test-play): the arrow from the units following the order to its target in the stance's
colour and letter, the area of an area target tinted and outlined in the side's colour, and the
text its tooltip shows.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from editor.map.geometry import Frame, MapGeometry
from editor.symbols import side_color
from schemas.panzer_campaigns.ai_orders import AiOrder, Stance
from schemas.problems import ModelPath
from schemas.vocabulary import Side

Offset = tuple[int, int]

STANCE_COLORS: dict[Stance, QColor] = {
    Stance.ATTACK: QColor("#e53935"),
    Stance.DEFEND: QColor("#1e88e5"),
    Stance.HOLD: QColor("#78909c"),
    Stance.MOVE: QColor("#43a047"),
    Stance.RESERVE: QColor("#8e24aa"),
    Stance.EXIT: QColor("#fb8c00"),
}
"""One colour per stance, told apart on every terrain colour of the map."""
STANCE_LETTERS = {stance: stance.value[0].upper() for stance in Stance}
"""The letter in an arrow's head: A, D, H, M, R, E."""
BAND_ALPHA = 150
"""Opacity (of 255) of an arrow's shaft: the counters under it stay readable."""
HOVER_REACH = 0.3
"""How near (in hexes) to an arrow's shaft or head the mouse shows its tooltip."""
AREA_TINT = 70
"""Opacity (of 255) of an area's fill: the terrain and counters stay readable through it."""
NEUTRAL_AREA = QColor("#9e9e9e")
"""The colour of an area whose organization's side is unknown (an id the OOB lacks)."""


@dataclass(frozen=True)
class Arrow:
    """One order on the map, in world coordinates."""

    organization: str
    path: ModelPath
    """The order's place in the scenario: `("ai", "organizations", n, "orders", m)`."""
    order: AiOrder
    start: tuple[float, float] | None
    """The centre of the units following the order (or of their arrival hexes); None when none
    is on the map: the target alone is drawn."""
    end: tuple[float, float]
    """The centre of the target (objective, hex or area)."""
    radius: float
    """The radius of the target area in hexes (0: one hex)."""
    area: tuple[tuple[float, float], ...] = ()
    """The centres of the hexes of an area given hex by hex."""
    side: Side | None = None
    """The side of the organization the order was given to."""
    from_turn: int | None = None
    """The turn it applies from (None: never within the game)."""
    area_hexes: frozenset[Offset] = frozenset()
    """Every hex of its area target (a hex with a radius, or a list); empty for one hex."""
    followers: tuple[str, ...] = field(default=(), compare=False)
    """The organizations that follow it though it was given above them (inherited)."""
    units: int = 0
    """How many units its start is the centre of."""


def centre_of(geometry: MapGeometry, hexes: Sequence[Sequence[int]]) -> tuple[float, float]:
    """The mean of the hexes' centres (a non-empty list)."""
    points = [geometry.center(h[0], h[1]) for h in hexes]
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


def order_target(
    geometry: MapGeometry, order: AiOrder, objectives: dict[str, Sequence[int]]
) -> tuple[float, float] | None:
    """The centre of an order's target: its objective's hex, its hex, or its area's middle;
    None without a target (or an objective `objectives` does not know)."""
    if order.objective is not None:
        hex_ = objectives.get(order.objective)
        return geometry.center(hex_[0], hex_[1]) if hex_ is not None else None
    if order.hex is not None:
        return geometry.center(*order.hex)
    if order.area:
        return centre_of(geometry, list(order.area))
    return None


def order_arrow(
    geometry: MapGeometry,
    order: AiOrder,
    place: tuple[str, int, int],
    hexes: Sequence[Sequence[int]],
    objectives: dict[str, Sequence[int]],
    *,
    side: Side | None,
    from_turn: int | None,
    followers: Iterable[str] = (),
) -> Arrow | None:
    """The arrow of an order given to `place` (organization, entry and order numbers in
    `ai.organizations`) from the centre of `hexes` (its units) to its target; a disc on the
    units for an order without a target, None with neither units nor target."""
    organization, entry_number, number = place
    start = centre_of(geometry, hexes) if hexes else None
    end = order_target(geometry, order, objectives) or start
    if end is None:
        return None
    return Arrow(
        organization,
        ("ai", "organizations", entry_number, "orders", number),
        order,
        start,
        end,
        float(order.radius),
        tuple(geometry.center(*hex_) for hex_ in order.area),
        side=side,
        from_turn=from_turn,
        area_hexes=area_hexes(geometry, order),
        followers=tuple(sorted(followers)),
        units=len(hexes),
    )


def area_hexes(geometry: MapGeometry, order: AiOrder) -> frozenset[Offset]:
    """The hexes of an order's area on the map: those within `radius` of its hex, or its list."""
    if order.area:
        return frozenset(
            (column, row) for column, row in order.area if geometry.contains(column, row)
        )
    if order.hex is None or not order.radius:
        return frozenset()
    grid = geometry.grid
    centre = grid.hex_at(*order.hex)
    found = (grid.offset_of(hex_) for hex_ in centre.iter_range(order.radius))
    return frozenset(hex_ for hex_ in found if geometry.contains(*hex_))


@dataclass(frozen=True)
class AreaShape:
    """An area in world units: its fill (one path, so neighbouring hexes show no seam) and its
    outline (only the edges between a hex of the area and one outside it)."""

    fill: QPainterPath
    outline: QPainterPath


def area_shape(geometry: MapGeometry, hexes: Iterable[Offset]) -> AreaShape:
    """The fill and outline of a set of hexes."""
    inside = set(hexes)
    fill = QPainterPath()
    fill.setFillRule(Qt.FillRule.WindingFill)
    outline = QPainterPath()
    polygon = geometry.hex_polygon()
    for column, row in sorted(inside):
        x, y = geometry.center(column, row)
        fill.addPolygon(polygon.translated(x, y))
        for direction, edge in geometry.edges.items():
            if geometry.grid.neighbor(column, row, direction) in inside:
                continue
            outline.moveTo(x + edge.start[0], y + edge.start[1])
            outline.lineTo(x + edge.end[0], y + edge.end[1])
    return AreaShape(fill, outline)


class AreaShapes:
    """The shapes of the areas drawn, kept by their hexes (an area of radius 50 is 7,651
    hexes: worked out once, not at every repaint)."""

    def __init__(self) -> None:
        self._shapes: dict[frozenset[Offset], AreaShape] = {}
        self._geometry: MapGeometry | None = None

    def of(self, geometry: MapGeometry, hexes: frozenset[Offset]) -> AreaShape:
        """The shape of an area on a map."""
        if geometry is not self._geometry:
            self._shapes.clear()
            self._geometry = geometry
        shape = self._shapes.get(hexes)
        if shape is None:
            shape = self._shapes[hexes] = area_shape(geometry, hexes)
        return shape

    def keep_only(self, areas: Iterable[frozenset[Offset]]) -> None:
        """Forget the shapes of areas no longer drawn."""
        wanted = set(areas)
        for hexes in [h for h in self._shapes if h not in wanted]:
            del self._shapes[hexes]


def area_color(side: Side | None) -> QColor:
    """The colour of an area: its side's, a shade darker so the outline stands on the terrain."""
    return side_color(side).darker(140) if side is not None else NEUTRAL_AREA


def tooltip_text(arrow: Arrow, target: str, organization: str, when: str) -> str:
    """What hovering an arrow tells: the order, who it was given to, from when, who follows it.

    >>> from schemas.panzer_campaigns.ai_orders import AiOrder
    >>> order = AiOrder(id="a", turn=3, stance="attack", hex=(4, 4))
    >>> arrow = Arrow("div", (), order, None, (0.0, 0.0), 0.0, from_turn=3, followers=("rgt",))
    >>> print(tooltip_text(arrow, "[4, 4]", "2nd Division", "turn 3 (Sat 16 Dec 08:00)"))
    Attack [4, 4] (order a)
    Given to 2nd Division, in force from turn 3 (Sat 16 Dec 08:00)
    Followed by 1 organization below it that has no order of its own
    """
    lines = [
        f"{arrow.order.stance.value.capitalize()} {target} (order {arrow.order.id})",
        f"Given to {organization}, in force from {when}",
    ]
    if arrow.followers:
        count = len(arrow.followers)
        noun = "organization" if count == 1 else "organizations"
        lines.append(f"Followed by {count} {noun} below it that has no order of its own")
    if arrow.order.note:
        lines.append(arrow.order.note)
    return "\n".join(lines)


# Painting --------------------------------------------------------------------------------------


def paint_arrows(
    painter: QPainter,
    frame: Frame,
    arrows: Sequence[Arrow],
    shapes: AreaShapes,
    *,
    dragged: Arrow | None = None,
    drag_point: QPointF | None = None,
) -> None:
    """Draw the areas first (under every arrow), then the arrows, the dragged head at
    `drag_point`."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    zoom = frame.zoom
    for arrow in arrows:
        if arrow.area_hexes:
            _paint_area(painter, frame, shapes.of(frame.geometry, arrow.area_hexes), arrow.side)
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(max(8, round(zoom * 0.3)))
    painter.setFont(font)
    for arrow in arrows:
        end = pixel(frame, arrow.end)
        if arrow is dragged and drag_point is not None:
            end = drag_point
        start = pixel(frame, arrow.start) if arrow.start is not None else None
        area = [pixel(frame, point) for point in arrow.area]
        _draw_arrow(painter, arrow, start, end, area=area, zoom=zoom)
    painter.restore()


def _paint_area(painter: QPainter, frame: Frame, shape: AreaShape, side: Side | None) -> None:
    color = area_color(side)
    painter.save()
    painter.translate(frame.shift_x, frame.shift_y)
    painter.scale(frame.zoom, frame.zoom)
    tint = QColor(color)
    tint.setAlpha(AREA_TINT)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(tint))
    painter.drawPath(shape.fill)
    pen = QPen(color, max(2.5, frame.zoom * 0.06))
    pen.setCosmetic(True)  # its width in pixels, whatever the zoom
    # Dashed: a solid blue edge is a river on this map.
    pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(shape.outline)
    painter.restore()


def pixel(frame: Frame, world: tuple[float, float]) -> QPointF:
    """A world position in the frame's pixels."""
    return QPointF(world[0] * frame.zoom + frame.shift_x, world[1] * frame.zoom + frame.shift_y)


def arrow_under(
    arrows: Sequence[Arrow],
    to_pixel: Callable[[QPointF], QPointF],
    point: QPointF,
    reach: float,
) -> Arrow | None:
    """The arrow whose head, badge or shaft lies within `reach` pixels of `point` (the last
    drawn, on top, first); `to_pixel` takes a world position to the view's pixels."""
    for arrow in reversed(arrows):
        start = to_pixel(QPointF(*arrow.start)) if arrow.start is not None else None
        if near_arrow(start, to_pixel(QPointF(*arrow.end)), point, reach):
            return arrow
    return None


def near_arrow(start: QPointF | None, end: QPointF, point: QPointF, reach: float) -> bool:
    """Whether a pixel lies within `reach` of an arrow's shaft, head or badge."""
    if math.hypot(end.x() - point.x(), end.y() - point.y()) <= reach:
        return True
    if start is None:
        return False
    dx, dy = end.x() - start.x(), end.y() - start.y()
    length = dx * dx + dy * dy
    if not length:
        return False
    along = (point.x() - start.x()) * dx + (point.y() - start.y()) * dy
    share = max(0.0, min(1.0, along / length))
    nearest = QPointF(start.x() + share * dx, start.y() + share * dy)
    return math.hypot(nearest.x() - point.x(), nearest.y() - point.y()) <= reach


def _draw_arrow(
    painter: QPainter,
    arrow: Arrow,
    start: QPointF | None,
    end: QPointF,
    *,
    area: list[QPointF],
    zoom: float,
) -> None:
    color = STANCE_COLORS[arrow.order.stance]
    # A broad translucent band, as plans are drawn on a staff map: thin opaque lines in the
    # same reds and blues are the map's roads and rivers.
    width = max(5.0, zoom * 0.16)
    band = QColor(color)
    band.setAlpha(BAND_ALPHA)
    halo = QColor(0, 0, 0, 150)
    head = max(9.0, zoom * 0.36)
    if start is not None and math.hypot(end.x() - start.x(), end.y() - start.y()) > head:
        angle = math.atan2(end.y() - start.y(), end.x() - start.x())
        # The shaft stops at the head's back, so the head's point lands on the target.
        back = QPointF(end.x() - math.cos(angle) * head, end.y() - math.sin(angle) * head)
        pen = QPen(band, width)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        painter.drawLine(start, back)
        # Where the units following it stand: a ring at the shaft's foot.
        painter.setPen(QPen(halo, 1.5))
        painter.setBrush(QBrush(band))
        painter.drawEllipse(start, width * 0.8, width * 0.8)
        left, right = angle + math.radians(150), angle - math.radians(150)
        wing = head * 1.1
        triangle = QPolygonF(
            [
                end,
                QPointF(end.x() + math.cos(left) * wing, end.y() + math.sin(left) * wing),
                QPointF(end.x() + math.cos(right) * wing, end.y() + math.sin(right) * wing),
            ]
        )
        painter.setPen(QPen(halo, 1.5))
        painter.setBrush(QBrush(color))
        painter.drawPolygon(triangle)
        badge = QPointF(back.x(), back.y())
    else:
        badge = end
    if area:
        # The hexes of a listed area get a small dot of the stance's colour too: the tint says
        # whose area it is, the dot which order's.
        painter.setPen(QPen(halo, 1.0))
        painter.setBrush(QBrush(color))
        dot = max(2.5, zoom * 0.06)
        for centre in area:
            painter.drawEllipse(centre, dot, dot)
    # The stance's letter in a disc: the colour alone is not enough for every eye.
    radius = max(6.0, zoom * 0.2)
    painter.setPen(QPen(halo, 1.5))
    painter.setBrush(QBrush(color))
    painter.drawEllipse(badge, radius, radius)
    painter.setPen(QPen(QColor("white")))
    box = QRectF(badge.x() - radius, badge.y() - radius, radius * 2, radius * 2)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, STANCE_LETTERS[arrow.order.stance])


def target_text(order: AiOrder) -> str:
    """An order's target as a designer reads it: `objective dorf`, `[3, 4] +2`, `3 hexes`."""
    if order.objective is not None:
        return f"objective {order.objective}"
    if order.hex is not None:
        column, row = order.hex
        return f"[{column}, {row}]" + (f" +{order.radius}" if order.radius else "")
    if order.area:
        return f"{len(order.area)} hexes"
    return "where they stand"

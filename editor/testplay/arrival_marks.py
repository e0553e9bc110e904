"""The comings and goings of the current game turn on the test-play map: reinforcements that
arrived with their protection radius, delayed arrivals, withdrawals and releases [000 4.6, 4.7].

Read from the game's log for the current turn; painted by `TestPlayOverlays` as "Arrivals".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from editor import symbols
from editor.map.geometry import Frame
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.events import Event, Released, Withdrew
    from engine.panzer_campaigns.game import Game

Offset = tuple[int, int]


@dataclass(frozen=True)
class ArrivalMark:
    """A reinforcement that came on this turn, and the hexes its Protection Value covered."""

    reinforcement: str
    side: Side
    hex: Offset
    units: int
    protection: int
    """Protection Value in hexes [000 4.7]; 0 for none."""
    ring: tuple[Offset, ...]
    """The on-map hexes exactly `protection` hexes from `hex`: the edge of the protected area."""
    outcome: str = ""
    """What the protection did, e.g. "broke 2, eliminated 1"."""


@dataclass(frozen=True)
class EventBadge:
    """A labelled badge at a hex: a withdrawal, a release or a delayed arrival."""

    hex: Offset
    side: Side | None
    text: str


@dataclass(frozen=True)
class TurnMarks:
    """Everything the "Arrivals" overlay marks for one game turn."""

    arrivals: tuple[ArrivalMark, ...] = ()
    badges: tuple[EventBadge, ...] = ()


def turn_marks(game: Game, may_know: Callable[[Event], bool] | None = None) -> TurnMarks:
    """The marks of the current game turn's arrivals, delays, withdrawals and releases; with
    `may_know` (Fog of War) only of the events it lets the side to move know."""
    from engine.panzer_campaigns.events import (  # noqa: PLC0415
        ArrivalDelayed,
        Arrived,
        ProtectionApplied,
        Released,
        Withdrew,
    )

    state = game.state
    reinforcements = {r.id: r for r in state.scenario.reinforcements}
    outcomes: dict[str, str] = {}
    events = [e for e in game.iter_log(game.turn) if may_know is None or may_know(e)]
    for event in events:
        if isinstance(event, ProtectionApplied):
            parts = [f"broke {len(event.broken)}"] if event.broken else []
            parts += [f"eliminated {len(event.eliminated)}"] if event.eliminated else []
            outcomes[event.reinforcement] = ", ".join(parts)
    arrivals: list[ArrivalMark] = []
    badges: list[EventBadge] = []
    for event in events:
        if isinstance(event, Arrived):
            scheduled = reinforcements.get(event.reinforcement)
            radius = scheduled.protection if scheduled is not None else 0
            arrivals.append(
                ArrivalMark(
                    event.reinforcement,
                    event.side,
                    event.hex,
                    len(event.units),
                    radius,
                    _ring(game, event.hex, radius),
                    outcomes.get(event.reinforcement, ""),
                )
            )
        elif isinstance(event, ArrivalDelayed):
            scheduled = reinforcements.get(event.reinforcement)
            if scheduled is not None and state.board.grid.contains(*scheduled.hex):
                text = f"Delayed: {event.reinforcement}"
                where = (scheduled.hex[0], scheduled.hex[1])
                badges.append(EventBadge(where, event.side, text))
        elif isinstance(event, Withdrew):
            badges.extend(_withdrawn(event))
        elif isinstance(event, Released):
            badge = _released(game, event)
            if badge is not None:
                badges.append(badge)
    return TurnMarks(tuple(arrivals), tuple(badges))


def _ring(game: Game, center: Offset, radius: int) -> tuple[Offset, ...]:
    if radius <= 0:
        return ()
    grid = game.state.board.grid
    found = (grid.offset_of(h) for h in grid.hex_at(*center).iter_ring(radius))
    return tuple(h for h in found if grid.contains(*h))


def _withdrawn(event: Withdrew) -> list[EventBadge]:
    """One badge per hex the withdrawn units left."""
    counts: dict[Offset, int] = {}
    for hex_ in event.hexes:
        counts[hex_] = counts.get(hex_, 0) + 1
    return [
        EventBadge(hex_, event.side, f"Withdrawn: {count} unit{'s' if count > 1 else ''}")
        for hex_, count in counts.items()
    ]


def _released(game: Game, event: Released) -> EventBadge | None:
    """A badge at the released organization's HQ, or its first unit on the map."""
    state = game.state
    entry = state.oob_index.organizations.get(event.organization)
    name = entry.organization.name if entry is not None else event.organization
    on_map = [state.units[u] for u in event.units if u in state.units and state.units[u].on_map]
    if not on_map:
        return None
    hq = entry.organization.hq if entry is not None else None
    where = next((u for u in on_map if u.id == hq), on_map[0])
    return EventBadge(game.offset_of(where.hex), where.side, f"Released: {name}")


# Painting --------------------------------------------------------------------------------------


def paint_protection(
    painter: QPainter, frame: Frame, marks: TurnMarks, visible: Callable[[Offset], bool]
) -> None:
    """Draw the protection rings and arrival hexes that `visible` lets through."""
    polygon = frame.geometry.hex_polygon(frame.zoom)
    for arrival in marks.arrivals:
        color = symbols.side_color(arrival.side)
        ring_pen = QPen(color.darker(140), max(1.5, frame.zoom * 0.04))
        fill = QColor(color)
        fill.setAlpha(90)
        painter.setPen(ring_pen)
        painter.setBrush(fill)
        for hex_ in arrival.ring:
            if visible(hex_):
                painter.drawPolygon(polygon.translated(*frame.point(hex_)))
        painter.setPen(QPen(color.darker(170), max(2.5, frame.zoom * 0.09)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if visible(arrival.hex):
            painter.drawPolygon(polygon.translated(*frame.point(arrival.hex)))


def paint_badges(
    painter: QPainter, frame: Frame, marks: TurnMarks, visible: Callable[[Offset], bool]
) -> None:
    """Draw the labelled badges of arrivals, delays, withdrawals and releases (over every
    other overlay, so that their text stays readable)."""
    labels: list[tuple[Offset, Side | None, str]] = [
        (a.hex, a.side, _arrival_text(a)) for a in marks.arrivals
    ]
    labels += [(b.hex, b.side, b.text) for b in marks.badges]
    _paint_labels(painter, frame, (label for label in labels if visible(label[0])))


def _arrival_text(arrival: ArrivalMark) -> str:
    count = f"{arrival.units} unit{'s' if arrival.units > 1 else ''}"
    text = f"Arrived: {arrival.reinforcement} ({count})"
    if arrival.protection:
        text += f", protection {arrival.protection}"
    if arrival.outcome:
        text += f": {arrival.outcome}"
    return text


def _paint_labels(
    painter: QPainter, frame: Frame, labels: Iterable[tuple[Offset, Side | None, str]]
) -> None:
    """Rounded badges above each hex (several at one hex stack upwards), readable at any zoom."""
    font = QFont(painter.font())
    font.setPixelSize(11)
    font.setBold(True)
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    stacked: dict[Offset, int] = {}
    for hex_, side, text in labels:
        x, y = frame.point(hex_)
        level = stacked.get(hex_, 0)
        stacked[hex_] = level + 1
        width = metrics.horizontalAdvance(text) + 12
        height = metrics.height() + 4
        top = y - frame.zoom * 0.5 - height - 2 - level * (height + 2)
        box = QRectF(x - width / 2, top, width, height)
        edge = symbols.side_color(side).darker(160) if side is not None else QColor(90, 90, 90)
        path = QPainterPath()
        path.addRoundedRect(box, 4, 4)
        painter.setPen(QPen(edge, 1.5))
        painter.setBrush(QColor(255, 255, 255, 235))
        painter.drawPath(path)
        stripe = QRectF(box.left() + 1, box.top() + 1, 4, box.height() - 2)
        painter.fillRect(stripe, edge)
        painter.setPen(QColor(25, 25, 25))
        painter.drawText(box.adjusted(6, 0, 0, 0), Qt.AlignmentFlag.AlignCenter, text)
        tip = QPointF(x, box.bottom())
        painter.setPen(QPen(edge, 1.5))
        painter.drawLine(tip, QPointF(x, y - frame.zoom * 0.35))

"""The Timeline panel's painted view: a time axis of turns with dates and day/night bands, one
row per track, the events as markers (faded by their chance), the scrubbed turn as a line.
Only the rows and turns in sight are painted, so hundreds of tracks stay fast."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

from editor.docks.timeline_model import Timeline, Track, weather_summary
from engine.panzer_campaigns.timeline import EventKind, TimelineEvent
from schemas.panzer_campaigns.scenario import DayPhase
from schemas.vocabulary import Side

KIND_COLORS = {
    EventKind.PLACED: QColor("#6b7280"),
    EventKind.REINFORCEMENT: QColor("#2563eb"),
    EventKind.RELEASE: QColor("#d97706"),
    EventKind.WITHDRAWAL: QColor("#dc2626"),
    EventKind.AI_ORDER: QColor("#7c3aed"),
    EventKind.AIR: QColor("#0891b2"),
    EventKind.FIXED: QColor("#475569"),
}
PHASE_SHADES = {DayPhase.NIGHT: 70, DayPhase.DAWN: 28, DayPhase.DUSK: 28, DayPhase.DAY: 0}
"""How dark (alpha of black) each kind of turn's band is."""
SIDE_COLORS = {Side.ALLIED: QColor("#3b6fb6"), Side.AXIS: QColor("#8c8c8c")}
WEATHER_COLORS = {
    "normal": "#d9f99d",
    "soft": "#fde68a",
    "mud": "#d6b58c",
    "snow": "#e0f2fe",
    "frozen": "#bfdbfe",
}
MIN_TURN_WIDTH, MAX_TURN_WIDTH = 3.0, 160.0

EventKey = tuple[object, ...]
"""The scenario path of a scheduled item: its markers on every track it concerns."""


class TimelineCanvas(QAbstractScrollArea):
    """The painted timeline. Signals carry what the user asked for; the dock edits."""

    move_requested = Signal(object, int)
    """(event, new turn): an event dragged or nudged to another turn."""
    turn_chosen = Signal(int)
    """A turn clicked on the axis."""
    event_selected = Signal(object)
    """The event now selected (or None)."""
    fold_requested = Signal(str)
    """A track's name clicked: fold its tracks into it, or unfold them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.timeline = Timeline([], None, 1)
        self._lanes: dict[int, tuple[int, int]] = {}
        self.turn_width = 24.0
        self.scrub_turn: int | None = None
        self.selected: EventKey | None = None
        self._drag: tuple[TimelineEvent, int] | None = None
        """The event being dragged and the turn it would land on."""
        self._press_x = 0.0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setMouseTracking(True)
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)
        self.horizontalScrollBar().valueChanged.connect(self.viewport().update)
        self.verticalScrollBar().valueChanged.connect(self.viewport().update)
        self.setMinimumHeight(120)

    # Geometry --------------------------------------------------------------------------------

    @property
    def row_height(self) -> int:
        return self.fontMetrics().height() + 8

    @property
    def axis_height(self) -> int:
        lines = 3 if self.timeline.weather else 2
        return lines * self.fontMetrics().height() + 10

    @property
    def label_width(self) -> int:
        return min(max(120, self.fontMetrics().horizontalAdvance("M") * 22), self.width() // 3)

    def turn_x(self, turn: float) -> float:
        """The left edge of a turn's column in viewport pixels."""
        return self.label_width + (turn - 1) * self.turn_width - self.horizontalScrollBar().value()

    def turn_at_x(self, x: float) -> int:
        """The turn under a viewport x, within the scenario's turns."""
        offset = x - self.label_width + self.horizontalScrollBar().value()
        return max(1, min(self.timeline.turns, int(offset // self.turn_width) + 1))

    def row_y(self, row: int) -> int:
        return self.axis_height + row * self.row_height - self.verticalScrollBar().value()

    def set_timeline(self, timeline: Timeline) -> None:
        """Show other tracks (after an edit, a filter); the scroll position is kept."""
        self.timeline = timeline
        # Events sharing a turn on one track share its height, one lane each.
        self._lanes = {}
        for track in timeline.tracks:
            by_turn: dict[int, list[TimelineEvent]] = {}
            for event in track.events:
                by_turn.setdefault(event.turn, []).append(event)
            for together in by_turn.values():
                for lane, event in enumerate(together):
                    self._lanes[id(event)] = (lane, len(together))
        self._update_bars()
        self.viewport().update()

    def set_scrub_turn(self, turn: int | None) -> None:
        self.scrub_turn = turn
        self.viewport().update()

    def set_turn_width(self, width: float, anchor_x: float | None = None) -> None:
        """Zoom the time axis, keeping the turn under `anchor_x` where it is."""
        width = max(MIN_TURN_WIDTH, min(MAX_TURN_WIDTH, width))
        anchor = self.label_width if anchor_x is None else max(anchor_x, self.label_width)
        at = (anchor - self.label_width + self.horizontalScrollBar().value()) / self.turn_width
        self.turn_width = width
        self._update_bars()
        self.horizontalScrollBar().setValue(round(at * width - (anchor - self.label_width)))
        self.viewport().update()

    def ensure_visible(self, row: int, turn: int) -> None:
        """Scroll so that a row and a turn are in sight."""
        vertical = self.verticalScrollBar()
        top = row * self.row_height
        height = self.viewport().height() - self.axis_height
        if top < vertical.value():
            vertical.setValue(top)
        elif top + self.row_height > vertical.value() + height:
            vertical.setValue(top + self.row_height - height)
        horizontal = self.horizontalScrollBar()
        left = (turn - 1) * self.turn_width
        width = self.viewport().width() - self.label_width
        if left < horizontal.value():
            horizontal.setValue(round(left))
        elif left + self.turn_width > horizontal.value() + width:
            horizontal.setValue(round(left + self.turn_width - width))

    def _update_bars(self) -> None:
        view = self.viewport().size()
        content = self.timeline.turns * self.turn_width
        horizontal = self.horizontalScrollBar()
        horizontal.setRange(0, max(0, round(content - (view.width() - self.label_width))))
        horizontal.setPageStep(max(1, view.width() - self.label_width))
        horizontal.setSingleStep(max(1, round(self.turn_width)))
        rows = len(self.timeline.tracks) * self.row_height
        vertical = self.verticalScrollBar()
        vertical.setRange(0, max(0, rows - (view.height() - self.axis_height)))
        vertical.setPageStep(max(1, view.height() - self.axis_height))
        vertical.setSingleStep(self.row_height)

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)  # type: ignore[arg-type]
        self._update_bars()

    # Finding ---------------------------------------------------------------------------------

    def visible_rows(self) -> range:
        top = self.verticalScrollBar().value()
        first = top // self.row_height
        count = (self.viewport().height() - self.axis_height) // self.row_height + 2
        return range(first, min(len(self.timeline.tracks), first + count))

    def marker_rect(self, row: int, event: TimelineEvent) -> QRectF:
        lane, lanes = self._lanes.get(id(event), (0, 1))
        full = self.row_height - 8
        height = (full - (lanes - 1)) / lanes
        width = max(8.0, min(self.turn_width - 2, 3.0 * full))
        left = self.turn_x(event.turn) + (self.turn_width - width) / 2
        return QRectF(left, self.row_y(row) + 4 + lane * (height + 1), width, height)

    def event_at(self, point: QPointF) -> TimelineEvent | None:
        if point.y() < self.axis_height or point.x() < self.label_width:
            return None
        row = int(
            (point.y() - self.axis_height + self.verticalScrollBar().value()) // self.row_height
        )
        if not 0 <= row < len(self.timeline.tracks):
            return None
        for event in reversed(self.timeline.tracks[row].events):
            if self.marker_rect(row, event).adjusted(-2, -2, 2, 2).contains(point):
                return event
        return None

    def selected_event(self) -> TimelineEvent | None:
        if self.selected is None:
            return None
        for track in self.timeline.tracks:
            for event in track.events:
                if event.path == self.selected:
                    return event
        return None

    def select(self, event: TimelineEvent | None) -> None:
        self.selected = None if event is None else event.path
        self.viewport().update()
        self.event_selected.emit(event)

    # Painting --------------------------------------------------------------------------------

    def paintEvent(self, _event: object) -> None:
        painter = QPainter(self.viewport())
        palette = self.palette()
        rect = self.viewport().rect()
        painter.fillRect(rect, palette.color(QPalette.ColorRole.Base))
        if self.timeline.clock is None:
            painter.drawText(
                rect,
                Qt.AlignmentFlag.AlignCenter,
                "The scenario's day schedule is broken: no turn times.",
            )
            return
        first = self.turn_at_x(self.label_width)
        last = self.turn_at_x(rect.width())
        self._paint_bands(painter, first, last, rect)
        self._paint_rows(painter, first, last, rect)
        self._paint_axis(painter, first, last, rect)
        if self.scrub_turn is not None:
            x = self.turn_x(self.scrub_turn) + self.turn_width / 2
            if x >= self.label_width:
                painter.setPen(QPen(QColor("#e11d48"), 2))
                painter.drawLine(QPointF(x, self.axis_height - 6), QPointF(x, rect.height()))
        painter.end()

    def _paint_bands(self, painter: QPainter, first: int, last: int, rect: QRect) -> None:
        for start, end, phase in self.timeline.phase_runs():
            if end < first or start > last or not PHASE_SHADES[phase]:
                continue
            left = max(self.label_width, self.turn_x(start))
            right = self.turn_x(end + 1)
            band = QRectF(left, self.axis_height, right - left, rect.height())
            painter.fillRect(band, QColor(20, 24, 40, PHASE_SHADES[phase]))

    def _paint_rows(self, painter: QPainter, first: int, last: int, rect: QRect) -> None:
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.Text)
        grid = QColor(text)
        grid.setAlpha(30)
        bold = QFont(self.font())
        bold.setBold(True)
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, self.font().pointSizeF() * 0.8))
        painter.setClipRect(QRect(0, self.axis_height, rect.width(), rect.height()))
        for row in self.visible_rows():
            track = self.timeline.tracks[row]
            y = self.row_y(row)
            label = QRect(0, y, self.label_width, self.row_height)
            if track.heading:
                painter.fillRect(QRect(0, y, rect.width(), self.row_height), _tint(track.side, 40))
            painter.setPen(grid)
            painter.drawLine(0, y + self.row_height - 1, rect.width(), y + self.row_height - 1)
            self._paint_label(painter, track, label, bold)
            painter.save()
            painter.setClipRect(
                QRect(self.label_width, self.axis_height, rect.width(), rect.height())
            )
            painter.setFont(small)
            for event in track.events:
                if first - 1 <= event.turn <= last:
                    self._paint_marker(painter, row, event)
            painter.restore()
        painter.setClipping(False)

    def _paint_label(self, painter: QPainter, track: Track, label: QRect, bold: QFont) -> None:
        painter.setFont(bold if track.heading else self.font())
        painter.setPen(self.palette().color(QPalette.ColorRole.Text))
        indent = 6 + 10 * track.depth
        arrow = self.fontMetrics().horizontalAdvance("▸ ")
        if track.expandable:
            mark = "▸" if track.collapsed else "▾"
            painter.drawText(label.adjusted(indent, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, mark)
        area = label.adjusted(indent + arrow, 0, -4, 0)
        text = self.fontMetrics().elidedText(track.label, Qt.TextElideMode.ElideRight, area.width())
        painter.drawText(area, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
        painter.setFont(self.font())

    def _paint_marker(self, painter: QPainter, row: int, event: TimelineEvent) -> None:
        box = self.marker_rect(row, event)
        if self._drag is not None and self._drag[0].path == event.path:
            box.translate((self._drag[1] - event.turn) * self.turn_width, 0)
        color = QColor(KIND_COLORS[event.kind])
        chance = (
            event.probability if event.kind in (EventKind.REINFORCEMENT, EventKind.RELEASE) else 100
        )
        # Fainter the less likely: a 10 % reinforcement is a pale outline, a certain one solid.
        color.setAlpha(round(255 * (0.3 + 0.7 * chance / 100)))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        path = _shape(event.kind, box)
        painter.fillPath(path, color)
        selected = self.selected == event.path
        pen = QPen(QColor("#111827") if selected else color.darker(140), 2.0 if selected else 1.0)
        painter.strokePath(path, pen)
        if chance < 100 and box.width() >= painter.fontMetrics().horizontalAdvance("100%"):
            painter.setPen(QColor("white") if chance >= 50 else QColor("#111827"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, f"{chance}%")
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)

    def _paint_axis(self, painter: QPainter, first: int, last: int, rect: QRect) -> None:
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.Text)
        painter.fillRect(
            QRect(0, 0, rect.width(), self.axis_height), palette.color(QPalette.ColorRole.Window)
        )
        painter.setPen(text)
        painter.drawLine(0, self.axis_height - 1, rect.width(), self.axis_height - 1)
        clock = self.timeline.clock
        assert clock is not None
        metrics = self.fontMetrics()
        line = metrics.height()
        label_every = 1
        while label_every * self.turn_width < metrics.horizontalAdvance("888") + 6:
            label_every *= 2
        painter.setClipRect(QRect(self.label_width, 0, rect.width(), self.axis_height))
        for turn in range(first, last + 1):
            x = self.turn_x(turn)
            new_day = clock.is_first_turn_of_day(turn)
            tick = 8 if new_day else 4
            painter.drawLine(QPointF(x, self.axis_height - tick), QPointF(x, self.axis_height - 1))
            if new_day:
                painter.drawLine(QPointF(x, 2), QPointF(x, line + 4))
                date = clock.time_of(turn)
                painter.drawText(
                    QPointF(x + 3, line),
                    f"{date:%a %d %b}" if self.turn_width * 4 > 70 else f"{date:%d}",
                )
            if (turn - 1) % label_every == 0:
                painter.drawText(
                    QRectF(x, line + 4, self.turn_width * label_every, line),
                    Qt.AlignmentFlag.AlignLeft,
                    f" {turn}",
                )
        self._paint_weather(painter, first, last, 2 * line + 6)
        painter.setClipping(False)
        painter.setPen(text)
        names = "Date\nTurn\nWeather" if self.timeline.weather else "Date\nTurn"
        painter.drawText(
            QRect(6, 2, self.label_width - 8, self.axis_height), Qt.AlignmentFlag.AlignTop, names
        )

    def _paint_weather(self, painter: QPainter, first: int, last: int, top: int) -> None:
        """One band per run of days under a programmed weather row, tinted by its likeliest
        condition, labelled when there is room."""
        line = self.fontMetrics().height()
        for start, end, row in self.timeline.weather:
            if end < first or start > last:
                continue
            left, right = self.turn_x(start), self.turn_x(end + 1)
            band = QRectF(left + 1, top, right - left - 2, line + 2)
            summary = weather_summary(row)
            color = QColor(WEATHER_COLORS.get(summary.split()[0].lower(), "#cbd5e1"))
            painter.fillRect(band, color)
            painter.setPen(QColor("#111827"))
            text = self.fontMetrics().elidedText(
                summary, Qt.TextElideMode.ElideRight, int(band.width()) - 4
            )
            painter.drawText(band.adjusted(3, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, text)

    def weather_at(self, point: QPointF) -> object | None:
        """The programmed weather row under a point of the axis' weather strip."""
        line = self.fontMetrics().height()
        if not self.timeline.weather or not 2 * line + 6 <= point.y() <= 3 * line + 8:
            return None
        turn = self.turn_at_x(point.x())
        return next(
            (row for start, end, row in self.timeline.weather if start <= turn <= end), None
        )


def _tint(side: Side, alpha: int) -> QColor:
    color = QColor(SIDE_COLORS[side])
    color.setAlpha(alpha)
    return color


def _shape(kind: EventKind, box: QRectF) -> QPainterPath:
    """Each kind its own shape, so the legend reads without colour too: arrivals point right,
    withdrawals left, releases are diamonds, orders and air rounded, placements square."""
    path = QPainterPath()
    left, right, top, bottom = box.left(), box.right(), box.top(), box.bottom()
    middle = box.center().y()
    tip = min(box.height() / 2, box.width() / 3)
    if kind is EventKind.REINFORCEMENT:
        path.moveTo(left, top)
        path.lineTo(right - tip, top)
        path.lineTo(right, middle)
        path.lineTo(right - tip, bottom)
        path.lineTo(left, bottom)
    elif kind is EventKind.WITHDRAWAL:
        path.moveTo(right, top)
        path.lineTo(left + tip, top)
        path.lineTo(left, middle)
        path.lineTo(left + tip, bottom)
        path.lineTo(right, bottom)
    elif kind is EventKind.RELEASE:
        centre = box.center().x()
        half = min(box.width(), box.height()) / 2 + 1
        path.moveTo(centre, top - 1)
        path.lineTo(centre + half, middle)
        path.lineTo(centre, bottom + 1)
        path.lineTo(centre - half, middle)
    elif kind is EventKind.PLACED:
        path.addRect(box)
        return path
    else:
        path.addRoundedRect(box, box.height() / 2, box.height() / 2)
        return path
    path.closeSubpath()
    return path

"""Combat results on the test-play map: the losses float up over the counter that took them and
fade, a brief X where a unit was eliminated, and the lasting D (yellow) and B (red) marks of
Disrupted and Broken counters, as the game marks them "/D", "/B" and "/X" [000 5.1, 9.0, 12.0].

Fed by the session's events and state; under Fog of War only what the side to move may know
(`TestPlaySession.known`) floats, and only the counters it sees are marked.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from editor.map.geometry import Frame

if TYPE_CHECKING:
    from engine.panzer_campaigns.combat.events import LossesTaken
    from engine.panzer_campaigns.events import Event

Offset = tuple[int, int]

FLOAT_SECONDS = 2.5
"""How long a loss floats before it has faded out."""
X_SECONDS = 4.0
"""How long the X of an eliminated unit stays."""
DISRUPTED_COLOR = QColor(245, 200, 0)
BROKEN_COLOR = QColor(220, 30, 30)
LOSS_COLOR = QColor(255, 150, 130)
TAG_COLOR = QColor(30, 30, 30, 225)


@dataclass(frozen=True, slots=True)
class Float:
    """One line of losses floating over a hex."""

    hex: Offset
    text: str
    started: float
    eliminated: bool


def loss_text(event: LossesTaken) -> str:
    """What floats: "-12 men", "-2 vehicles", and the fate: "-40 men X"."""
    text = f"-{event.lost} {event.component}"
    if event.eliminated:
        return text + " X"
    if event.became == "broken":
        return text + " B"
    if event.became == "disrupted":
        return text + " D"
    return text


def result_line(session: Any, events: list[Event]) -> str:
    """One line for the status bar on what a fire or an assault did, as the side to move may
    know it: the losses as "attacker/defender" for an assault, as the game reports an
    assault's result [000 6.3], then how it ended; then what the other side's opportunity fire
    the order drew did [000 5.1], so the firer's own losses are not taken for the target's."""
    from engine.panzer_campaigns.combat.events import LossesTaken, OpportunityFire  # noqa: PLC0415

    drew = next((i for i, e in enumerate(events) if isinstance(e, OpportunityFire)), len(events))
    line = _own_result(session, events[:drew])
    reply = events[drew:]
    if reply:
        known = session.known(reply)
        seen = [e for e, k in zip(reply, known, strict=True) if isinstance(e, LossesTaken) and k]
        if seen:
            line += "; opportunity fire in return: " + "; ".join(_fate(e) for e in seen)
    return line


def _own_result(session: Any, events: list[Event]) -> str:
    from engine.panzer_campaigns.combat.events import AssaultResolved, LossesTaken  # noqa: PLC0415

    known = session.known(events)
    losses = [e for e, k in zip(events, known, strict=True) if isinstance(e, LossesTaken)]
    seen = [e for e, k in zip(events, known, strict=True) if isinstance(e, LossesTaken) and k]
    first = events[0] if events else None
    where = getattr(first, "hex", None)
    at = f"{where[0]},{where[1]}" if isinstance(where, tuple) else "?"
    if first is None or not isinstance(getattr(first, "attackers", None), tuple):
        if not seen:
            return f"Fired at {at}: the result is not known (Unknown target)"
        return f"Fired at {at}: " + "; ".join(_fate(e) for e in seen)
    side = first.side  # type: ignore[attr-defined]

    def lost(attacking: bool) -> str:
        mine = [e for e in losses if (e.side is side) is attacking]
        if any(e not in seen for e in mine):
            return "?"
        return " + ".join(f"{e.lost} {e.component}" for e in mine) or "0"

    text = f"Assault on {at}: losses {lost(True)} / {lost(False)} (attackers/defenders)"
    ended = [e for e in events if isinstance(e, AssaultResolved)]
    return text + "".join("; " + e.describe() for e in ended)


def _fate(event: LossesTaken) -> str:
    text = f"{event.unit} lost {event.lost} {event.component}"
    if event.eliminated:
        return text + ", eliminated"
    if event.became is not None:
        return text + f", {event.became}"
    return text


class CombatMarks(QObject):
    """The floating losses and D/B/X marks of a test-play session."""

    changed = Signal()
    """The marks moved or faded: the map needs repainting."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session: Any = None
        self.floats: list[Float] = []
        self._viewer: object = None
        self.clock = time.monotonic
        """Seconds for the fading (tests replace it)."""
        self._timer = QTimer(self)
        self._timer.setInterval(40)
        self._timer.timeout.connect(self._tick)

    def set_session(self, session: Any) -> None:
        """Follow another session (None: none)."""
        if self.session is not None:
            self.session.events_added.disconnect(self.add_events)
            self.session.restarted.disconnect(self.clear)
            self.session.changed.disconnect(self._game_changed)
        self.session = session
        if session is not None:
            session.events_added.connect(self.add_events)
            session.restarted.connect(self.clear)
            session.changed.connect(self._game_changed)
        self._viewer = getattr(session, "viewer", None)
        self.clear()

    def _game_changed(self) -> None:
        """Under Fog of War the next side to move sees none of the last one's floats."""
        viewer = self.session.viewer if self.session is not None else None
        if viewer != self._viewer:
            self._viewer = viewer
            if self.floats:
                self.clear()

    def clear(self) -> None:
        """No floats."""
        self.floats = []
        self._timer.stop()
        self.changed.emit()

    def add_events(self, events: list[Event]) -> None:
        """Float the losses of new events that the side to move may know, where they were
        taken: the unit's hex, or for one no longer on the map the hex fired at or assaulted."""
        from engine.panzer_campaigns.combat.events import LossesTaken  # noqa: PLC0415

        session = self.session
        if session is None:
            return
        game = session.game
        now = self.clock()
        place: Offset | None = None
        for event, known in zip(events, session.known(events), strict=True):
            hex_ = getattr(event, "hex", None)
            if isinstance(hex_, tuple):
                place = hex_
            if not isinstance(event, LossesTaken) or not known:
                continue
            unit = game.state.units.get(event.unit)
            where = game.offset_of(unit.hex) if unit is not None and unit.on_map else place
            if where is not None:
                self.floats.append(Float(where, loss_text(event), now, event.eliminated))
        if self.floats:
            self._timer.start()
            self.changed.emit()

    def _tick(self) -> None:
        now = self.clock()
        self.floats = [f for f in self.floats if now - f.started < _life(f)]
        if not self.floats:
            self._timer.stop()
        self.changed.emit()

    def states(self) -> dict[Offset, str]:
        """The D or B mark of each hex the side to move sees holding a Disrupted or Broken
        unit (B wins over D): from the shadow, which holds only the units it may know."""
        session = self.session
        if session is None:
            return {}
        game = session.game
        shown = {p.unit for p in session.shadow.scenario.placements}
        marks: dict[Offset, str] = {}
        for unit in game.iter_units():
            if unit.id not in shown or not (unit.disrupted or unit.broken):
                continue
            hex_ = game.offset_of(unit.hex)
            if unit.broken or marks.get(hex_) != "B":
                marks[hex_] = "B" if unit.broken else "D"
        return marks

    # Painting ----------------------------------------------------------------------------------

    def paint(self, painter: QPainter, frame: Frame) -> None:
        """The D/B badges, then the X of eliminated units and the floating losses."""
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        size = max(9.0, frame.zoom * 0.22)
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(max(8, round(size * 0.8)))
        painter.setFont(font)
        for hex_, mark in self.states().items():
            x, y = frame.point(hex_)
            box = QRectF(x + frame.zoom * 0.3 - size, y - frame.zoom * 0.3, size, size)
            painter.setPen(QPen(QColor(20, 20, 20), 1.0))
            painter.setBrush(BROKEN_COLOR if mark == "B" else DISRUPTED_COLOR)
            painter.drawRoundedRect(box, 2, 2)
            painter.setPen(QColor(255, 255, 255) if mark == "B" else QColor(20, 20, 20))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, mark)
        now = self.clock()
        font.setPixelSize(max(11, round(frame.zoom * 0.26)))
        painter.setFont(font)
        size = font.pixelSize() * 1.0
        stacked: dict[Offset, int] = {}
        for item in self.floats:
            age = now - item.started
            x, y = frame.point(item.hex)
            if item.eliminated and age < X_SECONDS:
                self._paint_x(painter, frame, x, y, 1 - age / X_SECONDS)
            if age >= FLOAT_SECONDS:
                continue
            line = stacked.get(item.hex, 0)
            stacked[item.hex] = line + 1
            rise = frame.zoom * 0.5 * age / FLOAT_SECONDS
            # A dark tag above the counter, so the loss reads over any terrain, ring or mark.
            width = painter.fontMetrics().horizontalAdvance(item.text) + 10
            height = size * 1.35
            box = QRectF(
                x - width / 2, y - frame.zoom * 0.55 - height - rise - line * height, width, height
            )
            painter.setOpacity(max(0.0, 1 - age / FLOAT_SECONDS))
            painter.setPen(QPen(QColor(0, 0, 0), 1.0))
            painter.setBrush(TAG_COLOR)
            painter.drawRoundedRect(box, 4, 4)
            painter.setPen(LOSS_COLOR)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, item.text)
            painter.setOpacity(1.0)
        painter.restore()

    @staticmethod
    def _paint_x(painter: QPainter, frame: Frame, x: float, y: float, strength: float) -> None:
        half = frame.zoom * 0.3
        painter.setOpacity(max(0.0, strength))
        width = max(3.0, frame.zoom * 0.1)
        painter.setPen(QPen(BROKEN_COLOR, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(round(x - half), round(y - half), round(x + half), round(y + half))
        painter.drawLine(round(x - half), round(y + half), round(x + half), round(y - half))
        painter.setOpacity(1.0)


def _life(item: Float) -> float:
    return X_SECONDS if item.eliminated else FLOAT_SECONDS

"""What the side to move needs to see while test-playing: the Local Supply Value of every hex it
occupies, the supply area, the line that supplies the selected hex, its isolated units, the
enemy's zones of control, who holds each objective, this turn's arrivals and departures, what a
unit at the selected hex would see, and under Fog of War the "?" of enemy units seen as Unknown.

Read from the session's engine game (`local_supply`, `supply_line`, `isolated_units`,
`engine.panzer_campaigns.zoc.zoc_map`, `objective_owners`, the log, `sight_from`, `spotting`),
cached until the
game changes, and painted over the map view as its `aids`. Under Fog of War they show only what
the side to move may know: the zones of control of the enemy units it sees, its own side's
arrivals and departures.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QImage,
    QPainter,
    QPen,
)
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from editor import symbols
from editor.map.geometry import Frame
from editor.selection import Selection
from editor.testplay.ai_order_marks import AiOrderMarks
from editor.testplay.arrival_marks import TurnMarks, paint_badges, paint_protection, turn_marks
from editor.testplay.carry_marks import carry_marks, paint_carry
from editor.testplay.combat_marks import CombatMarks
from editor.testplay.engineering_marks import engineering_marks, paint_engineering
from editor.testplay.intel_marks import IntelMark, intel_marks, paint_intel
from editor.testplay.sight_marks import (
    enemy_sightings,
    paint_enemy_sightings,
    paint_sight,
    paint_unknowns,
    sight_area,
    unknown_hexes,
)
from editor.testplay.supply_marks import (
    ISOLATED_COLOR,
    SUPPLY_BANDS,
    SupplyLineMark,
    area_image,
    line_mark,
    paint_area,
    paint_line,
    supply_color,
)
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.game import Game
    from engine.panzer_campaigns.sightings import Sight

Offset = tuple[int, int]
T = TypeVar("T")

ZOC_COLOR = QColor(200, 30, 30, 150)
NUMBER_ZOOM = 30.0
"""Zoom (pixels per hex) from which supply values are written in the hexes."""


@dataclass(frozen=True)
class ObjectiveMark:
    """An objective on the map and who holds it now."""

    id: str
    hex: Offset
    owner: Side | None


class TestPlayOverlays(QObject):
    """The test-play overlays, each with a toggle, painted for the side whose turn it is."""

    __test__ = False  # a class named Test... that pytest must not collect

    changed = Signal()
    """A toggle or the game changed: the map needs repainting."""

    def __init__(self, parent: QObject | None = None, selection: Selection | None = None) -> None:
        super().__init__(parent)
        self.session: Any = None
        self.selection: Selection | None = None
        self.supply = True
        """Show the Local Supply Value of the hexes the side to move occupies, and the line
        that supplies the selected hex."""
        self.supply_area = False
        """Tint every hex in view by the band of its Local Supply Value."""
        self.arrivals = True
        """Mark this turn's arrivals (with their protection radius), withdrawals and
        releases."""
        self.isolated = True
        """Outline the side to move's isolated units."""
        self.zoc = True
        """Hatch the zones of control of the side not moving."""
        self.objectives = True
        """Ring each objective in the colour of the side holding it."""
        self.sight = False
        """Light the hexes a unit at the selected hex sees this turn, dim those it cannot."""
        self.sightings = True
        """Badge the enemy counters the side to move has spotted; without Fog of War also veil
        those it does not see and badge those it sees only as Unknown."""
        self.ai_orders = False
        """Draw the A/I orders in force on the game's turn (`AiOrderMarks`)."""
        self.ai_order_marks = AiOrderMarks(self, self)
        self.marks = CombatMarks(self)
        """Losses floating over counters, the D/B/X marks of combat results."""
        self.marks.changed.connect(self.changed)
        self._cache: dict[str, Any] = {}
        if selection is not None:
            self.set_selection(selection)

    # Settings ----------------------------------------------------------------------------------

    def set_session(self, session: Any) -> None:
        """Show another test-play session (None: none running)."""
        if self.session is not None:
            self.session.changed.disconnect(self._game_changed)
        self.session = session
        if session is not None:
            session.changed.connect(self._game_changed)
        self.marks.set_session(session)
        self._game_changed()

    def set_selection(self, selection: Selection | None) -> None:
        """Follow the window's selection: the selected hex's supply line is drawn."""
        if self.selection is not None:
            self.selection.hex_changed.disconnect(self._hex_selected)
        self.selection = selection
        if selection is not None:
            selection.hex_changed.connect(self._hex_selected)
        self._hex_selected()

    def set_supply_area(self, on: bool) -> None:
        """Show or hide the supply area tint."""
        self._set("supply_area", on)

    def set_arrivals(self, on: bool) -> None:
        """Show or hide this turn's arrivals, withdrawals and releases."""
        self._set("arrivals", on)

    def set_supply(self, on: bool) -> None:
        """Show or hide the Local Supply Values."""
        self._set("supply", on)

    def set_isolated(self, on: bool) -> None:
        """Show or hide the isolated units' outlines."""
        self._set("isolated", on)

    def set_zoc(self, on: bool) -> None:
        """Show or hide the enemy's zones of control."""
        self._set("zoc", on)

    def set_objectives(self, on: bool) -> None:
        """Show or hide the objectives' owners."""
        self._set("objectives", on)

    def set_sight(self, on: bool) -> None:
        """Show or hide the line of sight from the selected hex."""
        self._set("sight", on)

    def set_sightings(self, on: bool) -> None:
        """Show or hide how the side to move sees each enemy counter."""
        self._set("sightings", on)

    def set_ai_orders(self, on: bool) -> None:
        """Show or hide the A/I orders in force."""
        self._set("ai_orders", on)

    def _set(self, name: str, on: bool) -> None:
        if getattr(self, name) != on:
            setattr(self, name, on)
            self.changed.emit()

    def _game_changed(self) -> None:
        self._cache.clear()
        self.changed.emit()

    def _hex_selected(self, *_: object) -> None:
        self._cache.pop("line", None)
        self._cache.pop("sight", None)
        if self.supply or self.sight:
            self.changed.emit()

    # What the overlays mark --------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        """The session's game (replaced when the session restarts)."""
        game: Game | None = getattr(self.session, "game", None)
        return game

    @property
    def viewer(self) -> Side | None:
        """The side whose knowledge is shown: the side to move under Fog of War, else None."""
        viewer: Side | None = getattr(self.session, "viewer", None)
        return viewer

    def _cached(self, name: str, build: Callable[[Game], T], empty: T) -> T:
        game = self.game
        if game is None:
            return empty
        if name not in self._cache:
            self._cache[name] = build(game)
        value: T = self._cache[name]
        return value

    def supply_values(self) -> dict[Offset, int]:
        """The Local Supply Value of every hex the side to move occupies."""
        return self._cached("supply", lambda game: game.local_supply(game.phasing), {})

    def isolated_hexes(self) -> dict[Offset, list[str]]:
        """The hexes of the side to move's isolated units, with their ids."""

        def build(game: Game) -> dict[Offset, list[str]]:
            found: dict[Offset, list[str]] = {}
            for unit_id in game.isolated_units(game.phasing):
                found.setdefault(game.offset_of(game.unit(unit_id).hex), []).append(unit_id)
            return found

        return self._cached("isolated", build, {})

    def zoc_hexes(self) -> set[Offset]:
        """The hexes in the zone of control of the side not moving."""
        from engine.panzer_campaigns.state import other_side  # noqa: PLC0415
        from engine.panzer_campaigns.zoc import zoc_hexes_of, zoc_map  # noqa: PLC0415

        def build(game: Game) -> set[Offset]:
            enemy = other_side(game.phasing)
            if self.viewer is not None:  # only the zones of the enemy units it sees
                seen = game.spotting(self.viewer)
                units = [u for u in game.iter_units(enemy) if u.id in seen]
                return {game.offset_of(h) for h in zoc_hexes_of(game.state, units)}
            zoc = zoc_map(game.state, enemy)
            found: set[Offset] = set()
            position = zoc.find(1)
            while position >= 0:
                found.add(game.offset_of(position))
                position = zoc.find(1, position + 1)
            return found

        return self._cached("zoc", build, set())

    def objective_marks(self) -> list[ObjectiveMark]:
        """Every objective with its current owner."""

        def build(game: Game) -> list[ObjectiveMark]:
            owners = game.objective_owners()
            return [
                ObjectiveMark(o.id, game.offset_of(o.hex), owners.get(o.id))
                for o in game.state.objectives
            ]

        return self._cached("objectives", build, [])

    def turn_marks(self) -> TurnMarks:
        """This game turn's arrivals, delays, withdrawals and releases (under Fog of War those
        the side to move may know)."""
        may_know = getattr(self.session, "may_know", None)
        return self._cached("arrivals", lambda g: turn_marks(g, may_know), TurnMarks())

    def sight_marks(self) -> dict[Offset, bool]:
        """The hexes within visibility of the selected hex and whether a unit there sees each;
        empty without a selected hex on the map."""
        hex_ = self.selection.hex if self.selection is not None else None
        game = self.game
        if hex_ is None or game is None or not game.state.board.grid.contains(*hex_):
            return {}
        return self._cached("sight", lambda g: sight_area(g, hex_), {})

    def sighting_marks(self) -> dict[Offset, Sight | None]:
        """How the side to move sees each hex holding enemy units (see `enemy_sightings`)."""
        return self._cached("sightings", lambda g: enemy_sightings(g, g.acting), {})

    def intel_marks(self) -> list[IntelMark]:
        """Under Fog of War, the intel markers of the side to move (Panzer Battles)."""
        viewer = self.viewer
        if viewer is None:
            return []
        return self._cached("intel", lambda g: intel_marks(g, viewer), [])

    def unknown_marks(self) -> list[Offset]:
        """Under Fog of War, the hexes of enemy units the side to move sees only as Unknown."""
        viewer = self.viewer
        if viewer is None:
            return []
        return self._cached("unknown", lambda g: unknown_hexes(g, viewer), [])

    def supply_line_mark(self) -> SupplyLineMark | None:
        """The supply line of the selected hex for the side holding it (else the side to move);
        None without a selected hex on the map."""
        hex_ = self.selection.hex if self.selection is not None else None
        game = self.game
        if hex_ is None or game is None or not game.state.board.grid.contains(*hex_):
            return None
        return self._cached("line", lambda g: line_mark(g, hex_), None)

    def supply_line_text(self) -> str:
        """One line for the dock: the selected hex's Local Supply Value for the side holding it
        (else the side to move) and where it comes from [000 10.1]; empty without a selected
        hex."""
        mark = self.supply_line_mark()
        if mark is None:
            return ""
        side = mark.side.value.capitalize()
        where = f"[{mark.hex[0]}, {mark.hex[1]}]"
        if mark.naval:
            return f"{side} supply at {where}: {mark.value:g}, half the Global value (naval units)"
        if mark.isolated:
            return f"{side} supply at {where}: Isolated, no line of communication reaches it"
        if not mark.hexes:
            return f"{side} supply at {where}: no line of communication reaches it"
        # Hundredths under Virtual Supply Trucks, as many as there are: 37.5, not 37.50.
        value = f"{round(mark.value, 2):g}"
        end = mark.hexes[-1]
        origin = (
            f"source {mark.source} ({mark.source_value}) at [{end[0]}, {end[1]}]"
            if mark.source is not None
            else f"the map edge ({mark.source_value}) at [{end[0]}, {end[1]}]"
        )
        steps = len(mark.hexes) - 1
        away = f"{steps} hex{'es' if steps != 1 else ''} away"
        game = self.game
        from engine.panzer_campaigns import explicit_supply  # noqa: PLC0415

        if game is not None and explicit_supply.is_explicit(game.state):
            explicit = explicit_origin(game, mark, origin, away)
            return f"{side} supply at {where}: {value} (Explicit Supply), {explicit}"
        return f"{side} supply at {where}: {value} from {origin}, {away}"

    # Painting ----------------------------------------------------------------------------------

    def paint(self, painter: QPainter, frame: Frame) -> None:
        """Draw the overlays that are on, for the hexes `frame` shows."""
        from engine.panzer_campaigns.sightings import Sight  # noqa: PLC0415

        if self.game is None:
            return
        hexes = frame.hexes(margin=1)
        if hexes is None:
            return
        c0, c1, r0, r1 = hexes

        def visible(hex_: Offset) -> bool:
            return c0 <= hex_[0] <= c1 and r0 <= hex_[1] <= r1

        painter.save()
        if self.supply_area:
            paint_area(
                painter,
                frame,
                self.game,
                lambda: self._cached("area image", area_image, QImage()),
            )
        if self.sight:
            paint_sight(painter, frame, self.sight_marks(), visible)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        polygon = frame.geometry.hex_polygon(frame.zoom)
        if self.zoc:
            brush = QBrush(ZOC_COLOR, Qt.BrushStyle.BDiagPattern)
            painter.setPen(QPen(QColor(200, 30, 30, 110), 1.0))
            painter.setBrush(brush)
            for hex_ in self.zoc_hexes():
                if visible(hex_):
                    painter.drawPolygon(polygon.translated(*frame.point(hex_)))
        if self.objectives:
            ring = frame.geometry.hex_polygon(frame.zoom * 0.8)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for mark in self.objective_marks():
                if visible(mark.hex):
                    color = (
                        symbols.side_color(mark.owner).darker(130)
                        if mark.owner is not None
                        else QColor(150, 150, 150)
                    )
                    pen = QPen(color, max(2.0, frame.zoom * 0.07))
                    pen.setStyle(Qt.PenStyle.DashLine)
                    painter.setPen(pen)
                    painter.drawPolygon(ring.translated(*frame.point(mark.hex)))
        if self.arrivals:
            paint_protection(painter, frame, self.turn_marks(), visible)
        if self.supply:
            self._paint_supply(painter, frame, visible)
        if self.isolated:
            pen = QPen(ISOLATED_COLOR, max(3.0, frame.zoom * 0.1))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            inner = frame.geometry.hex_polygon(frame.zoom * 0.9)
            for hex_ in self.isolated_hexes():
                if visible(hex_):
                    painter.drawPolygon(inner.translated(*frame.point(hex_)))
        if self.supply:
            line = self.supply_line_mark()
            if line is not None:
                paint_line(painter, frame, line)
        if self.arrivals:
            paint_badges(painter, frame, self.turn_marks(), visible)
        if self.viewer is not None:
            paint_intel(painter, frame, self.intel_marks(), self.viewer, visible)
            paint_unknowns(painter, frame, self.unknown_marks(), self.viewer, visible)
            if self.sightings:  # under Fog of War only the spotted are drawn: badge them alone
                spotted = {h: g for h, g in self.sighting_marks().items() if g is Sight.SPOTTED}
                paint_enemy_sightings(painter, frame, spotted, visible)
        elif self.sightings:
            paint_enemy_sightings(painter, frame, self.sighting_marks(), visible)
        if self.session is not None and self.game is not None:
            shown = {p.unit for p in self.session.shadow.scenario.placements}
            own = {u.id for u in self.game.iter_units(self.viewer)} if self.viewer else shown
            paint_carry(painter, frame, carry_marks(self.game, shown & own), visible)
            paint_engineering(painter, frame, engineering_marks(self.game, own), visible)
        if self.ai_orders:
            self.ai_order_marks.paint(painter, frame)
        self.marks.paint(painter, frame)
        painter.restore()

    def _paint_supply(
        self, painter: QPainter, frame: Frame, visible: Callable[[Offset], bool]
    ) -> None:
        radius = max(3.0, frame.zoom * 0.16)
        numbers = frame.zoom >= NUMBER_ZOOM
        font = QFont(painter.font())
        font.setPixelSize(max(8, round(frame.zoom * 0.17)))
        font.setBold(True)
        painter.setFont(font)
        for hex_, value in self.supply_values().items():
            if not visible(hex_):
                continue
            x, y = frame.point(hex_)
            # The badge sits in the hex's lower right corner, clear of the counter.
            cx, cy = x + frame.zoom * 0.3, y + frame.zoom * 0.3
            box = QRectF(cx - radius, cy - radius, 2 * radius, 2 * radius)
            color = supply_color(value)
            painter.setPen(QPen(QColor(20, 20, 20, 220), 1.0))
            painter.setBrush(color)
            painter.drawEllipse(box)
            if numbers:
                painter.setPen(QColor(255, 255, 255) if value == 0 else QColor(20, 20, 20))
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(value))


class OverlayToggles(QWidget):
    """Check boxes for each test-play overlay, with the supply colour legend."""

    def __init__(self, overlays: TestPlayOverlays, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.overlays = overlays
        self.boxes: dict[str, QCheckBox] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        for name, text, tip, setter in (
            (
                "supply",
                "Local supply values",
                "The Local Supply Value of every hex the side to move occupies, and the line "
                "of communication from the selected hex to its supply source [000 10.1]",
                overlays.set_supply,
            ),
            (
                "supply_area",
                "Supply area",
                "Tint every hex short of full supply by the band of its Local Supply Value "
                "for the side to move; hexes at 75 or more stay clear [000 10.1]",
                overlays.set_supply_area,
            ),
            (
                "isolated",
                "Isolated units",
                "Outline the side to move's units that are Isolated [000 10.1]",
                overlays.set_isolated,
            ),
            (
                "zoc",
                "Enemy zones of control",
                "Hatch the hexes in the zone of control of the side not moving [000 3.3]",
                overlays.set_zoc,
            ),
            (
                "objectives",
                "Objective owners",
                "Ring each objective in the colour of the side holding it now",
                overlays.set_objectives,
            ),
            (
                "sight",
                "Line of sight",
                "Light the hexes a unit at the selected hex would see this turn and dim those "
                "that towns, woods or hills hide, within the turn's visibility [000 4.8, 5.0]",
                overlays.set_sight,
            ),
            (
                "sightings",
                "Enemy sightings",
                "Badge with an eye the enemy counters the side to move has spotted; without Fog "
                'of War also veil those it does not see and mark with "?" those it sees only '
                "as Unknown [000 4.8]",
                overlays.set_sightings,
            ),
            (
                "ai_orders",
                "A/I orders",
                "The A/I orders in force this turn, each an arrow from the units following it to "
                "its target, its area tinted in its side's colour; under Fog of War only the "
                "side's own. Hover an arrow for the turn it applies from",
                overlays.set_ai_orders,
            ),
            (
                "arrivals",
                "Arrivals",
                "This game turn's reinforcements with their protection radius, delayed "
                "arrivals, withdrawals and releases [000 4.6, 4.7]",
                overlays.set_arrivals,
            ),
        ):
            box = QCheckBox(text)
            box.setToolTip(tip)
            box.setChecked(getattr(overlays, name))
            box.toggled.connect(setter)
            self.boxes[name] = box
            layout.addWidget(box)
        legend = QHBoxLayout()
        legend.setSpacing(8)
        for _, color, text in SUPPLY_BANDS:
            swatch = QLabel()
            swatch.setFixedSize(12, 12)
            swatch.setStyleSheet(
                f"background: {color.name()}; border: 1px solid #202020; border-radius: 6px;"
            )
            legend.addWidget(swatch)
            legend.addWidget(QLabel(text))
        legend.addStretch(1)
        layout.addLayout(legend)
        layout.addStretch(1)
        overlays.changed.connect(self._sync)

    def _sync(self) -> None:
        for name, box in self.boxes.items():
            box.blockSignals(True)
            box.setChecked(getattr(self.overlays, name))
            box.blockSignals(False)


def explicit_origin(game: Game, mark: SupplyLineMark, origin: str, away: str) -> str:
    """Under Explicit Supply the line to a source only keeps the hex from Isolation, and the
    supply unit that reaches it resupplies [000 10.4]: both, for the dock's line."""
    from engine.panzer_campaigns import explicit_supply  # noqa: PLC0415

    found = explicit_supply.supplier_of(game.state, mark.side, game.hex_of(mark.hex))
    unit = (
        f"supply unit {found[0]} {found[1]} hex{'es' if found[1] != 1 else ''} away"
        if found is not None
        else "no supply unit within range"
    )
    return f"not Isolated by the line to {origin}, {away}; {unit}"

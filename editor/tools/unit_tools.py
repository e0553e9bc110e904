"""The Units tool (U), the original editors' Place and Move modes in one: a click places the units
selected in the Order of Battle, a drag moves a stack (or the selected units), a drag on open
ground selects the units in the box. It also takes units and organizations dragged from the OOB
tree onto the map (`MapView.drop_handler`), and its options take units off the map, set their
mode, facing and fixed flag, and turn them into reinforcements and back.

Placing and moving are refused on impassable ground, enemy-held hexes and off the map, and made
with a warning when they over-stack a hex or break a mode rule (see `placement_rules`): the
preview and the status bar show both in red before the button comes up.
"""

from __future__ import annotations

import json
from contextlib import suppress
from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QLineF, QMimeData, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPen
from PySide6.QtWidgets import QApplication, QWidget

from editor.docks.oob_drops import MIME_TYPE
from editor.map import style
from editor.map.geometry import Frame
from editor.map.scenario_index import ScenarioIndex
from editor.map.scene import MapScene
from editor.selection import Selection
from editor.tools.base import MapTool, ToolEvent
from editor.tools.placement_commands import (
    MakeReinforcement,
    MoveUnits,
    PlaceReinforcements,
    PlaceUnits,
    RemovePlacements,
)
from editor.tools.placement_rules import (
    JudgeCache,
    Named,
    Verdict,
    ancestors,
    hex_text,
    named_units,
)
from editor.tools.unit_options import UnitOptions
from engine.hexgrid import Hex
from schemas.panzer_campaigns.scenario import Placement

Offset = tuple[int, int]

SPREAD_RADIUS = 2
"""How far from the drop hex an organization's units spread, by default."""
BAD = QColor("#d32f2f")
_GOOD_PENS = (QPen(QColor(20, 20, 20, 200), 4.0), QPen(style.SELECTED, 2.0))
_BAD_PENS = (QPen(QColor(20, 20, 20, 200), 5.0), QPen(BAD, 3.0))
_BOX_FILL = QColor(255, 210, 31, 40)


def plural(count: int, word: str) -> str:
    """`count word`, with an s when there are several.

    >>> plural(1, "unit"), plural(2, "unit")
    ('1 unit', '2 units')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


@dataclass
class Plan:
    """Units about to stand on hexes (a move under way, or what a click would place)."""

    where: dict[str, Offset]
    verdict: Verdict
    target: Offset
    overflow: list[str] = field(default_factory=list)
    """Units of an organization that found no room."""


@dataclass
class _Press:
    pixel: QPointF
    world: QPointF
    hex: Offset | None
    stack: list[str]
    gesture: str = "click"
    """"click" until the mouse moves far enough, then "move" (from a stack) or "box"."""
    moving: dict[str, Offset] = field(default_factory=dict)
    """For a move: where each moving unit stands now."""


class UnitsTool(MapTool):
    """Place, move, select and remove units on the map."""

    name = "units"
    label = "Units"

    icon = "unit"
    shortcut = "U"
    tip = (
        "Click to place the units selected in the Order of Battle, drag a stack to move it, "
        "drag on open ground to select units"
    )

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(selection, parent)
        self.judges = JudgeCache()
        self.spread_radius = SPREAD_RADIUS
        """How far an organization's units spread from the hex they are placed on."""
        self._press: _Press | None = None
        self._plan: Plan | None = None
        self._box: QRectF | None = None
        self._hover: Plan | None = None
        self._hover_hex: Offset | None = None
        self._views: list[QWidget] = []
        self._options: UnitOptions | None = None
        selection.units_changed.connect(self._forget_hover)

    # Scene and activation ----------------------------------------------------------------------

    def set_scene(self, scene: MapScene | None) -> None:
        if self.document is not None:
            self.document.changed.disconnect(self._forget_hover)
        super().set_scene(scene)
        if self.document is not None:
            # What a click would place changes with the scenario (and undo).
            self.document.changed.connect(self._forget_hover)
        self.judges.clear()
        self._forget_hover()
        if self._options is not None:
            self._options.set_document(self.document)

    def activate(self) -> None:
        # The view hands tools only the mouse: Delete reaches the tool through a filter on the
        # map views that show it.
        self._views = list(self.views)
        for view in self._views:
            with suppress(RuntimeError):  # a view closed since it showed the tool
                view.installEventFilter(self)

    def deactivate(self) -> None:
        super().deactivate()
        for view in self._views:
            with suppress(RuntimeError):  # the view is gone already
                view.removeEventFilter(self)
        self._views = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            return False
        assert isinstance(event, QKeyEvent)
        if event.key() not in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) or event.modifiers():
            return False
        # Claim the key before any window shortcut does, then remove on the press itself.
        event.accept()
        if kind is QEvent.Type.KeyPress:
            self.remove_selected()
        return True

    def options(self) -> QWidget | None:
        if self._options is None:
            self._options = UnitOptions(self)
            self._options.set_document(self.document)
        return self._options

    @property
    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.ArrowCursor

    # Mouse -------------------------------------------------------------------------------------

    def press(self, event: ToolEvent) -> None:
        if self.scene is None:
            return
        stack = (
            [p.unit for p in self.scene.index.placements.get(event.hex, [])] if event.hex else []
        )
        self._press = _Press(event.pixel, event.world, event.hex, stack)
        self._box = None
        self._plan = None

    def move(self, event: ToolEvent) -> None:
        press = self._press
        if press is None or self.scene is None:
            return
        if press.gesture == "click":
            travelled = (event.pixel - press.pixel).manhattanLength()
            if travelled < QApplication.startDragDistance():
                return
            press.gesture = "move" if press.stack else "box"
            if press.gesture == "move":
                press.moving = self._moving_units(press)
            self._forget_hover()
        if press.gesture == "move":
            if self._plan is None or self._plan.target != event.hex:
                self._plan = self._move_plan(press, event.hex)
                self.message.emit(self._move_text(press, self._plan))
        else:
            self._box = QRectF(press.world, event.world).normalized()
            count = len(self._units_in_box(self._box))
            self.message.emit(f"{plural(count, 'unit')} in the box; Ctrl adds to the selection")
        self.preview_changed.emit()

    def release(self, event: ToolEvent) -> None:
        press, plan, box = self._press, self._plan, self._box
        self.cancel()
        if press is None or self.document is None:
            return
        if press.gesture == "click":
            self._click(press, event.control)
        elif press.gesture == "move":
            self._finish_move(plan)
        elif box is not None:
            self._finish_box(box, event.control)

    def hover(self, event: ToolEvent) -> None:
        if event.hex == self._hover_hex:
            return
        self._hover_hex = event.hex
        self._hover = None
        if self.document is not None and event.hex is not None:
            named = named_units(self.document, self.selection.units)
            if named.unplaced:
                self._hover = self._place_plan(named, event.hex)
                self.message.emit(self._place_text(self._hover, done=False))
        self.preview_changed.emit()

    def cancel(self) -> None:
        had = self._press is not None or self._plan is not None or self._box is not None
        self._press, self._plan, self._box = None, None, None
        if had:
            self.preview_changed.emit()

    def _forget_hover(self, *_: object) -> None:
        if self._hover is not None:
            self._hover = None
            self.preview_changed.emit()
        self._hover_hex = None

    # Placing -----------------------------------------------------------------------------------

    def _spreads(self, ids: list[str]) -> bool:
        """Whether ids name an organization: its units spread around the hex."""
        assert self.document is not None
        organizations = self.document.oob_index.organizations
        return any(node in organizations for node in ids)

    def _place_plan(self, named: Named, hex_: Offset, *, spread: bool | None = None) -> Plan:
        """Where placing these units on a hex puts them, and what it would break."""
        assert self.document is not None
        judge = self.judges.get(self.document)
        if spread is None:
            spread = self._spreads(self.selection.units)
        if spread:
            units = named.unplaced
            found, overflow = (
                judge.spread(units, hex_, self.spread_radius)
                if judge is not None
                else (dict.fromkeys(units, hex_), [])
            )
            verdict = judge.judge(found) if judge is not None else Verdict()
            return Plan(found, verdict, hex_, overflow)
        where = dict.fromkeys(named.unplaced, hex_)
        return Plan(where, judge.judge(where) if judge is not None else Verdict(), hex_)

    def _place_text(self, plan: Plan, *, done: bool) -> str:
        count = len(plan.where)
        if not plan.verdict.allowed:
            return f"Cannot place {plural(count, 'unit')}: {plan.verdict.text()}"
        hexes = len(set(plan.where.values()))
        verb = "Placed" if done else "Click to place"
        text = f"{verb} {plural(count, 'unit')} at {hex_text(plan.target)}"
        if hexes > 1:
            text += f" and around it ({hexes} hexes)"
        if plan.overflow:
            text += (
                f"; {plural(len(plan.overflow), 'unit')} did not fit within {self.spread_radius}"
            )
            text += " hexes and stay unplaced" if done else " hexes"
        if plan.verdict.warnings:
            text += f"; warning: {plan.verdict.text()}"
        return text

    def place(self, ids: list[str], hex_: Offset) -> bool:
        """Place the units ids name on a hex: units on the hex (those on the map move there),
        an organization's unplaced units around it. Return whether anything was placed."""
        if self.document is None:
            return False
        named = named_units(self.document, ids)
        spread = self._spreads(ids)
        if not spread:
            # Units dragged one by one go to the hex, from the map too.
            named = Named(named.unplaced + named.placed, [], named.elsewhere)
        plan = self._place_plan(named, hex_, spread=spread)
        if not plan.where and plan.overflow:
            self.message.emit(
                f"No room for {plural(len(plan.overflow), 'unit')} within "
                f"{self.spread_radius} hexes of {hex_text(hex_)}"
            )
            return False
        if not plan.where:
            skipped = named.skipped_text()
            why = f"; {skipped}" if skipped else ""
            self.message.emit(f"Nothing to place at {hex_text(hex_)}{why}")
            return False
        if not plan.verdict.allowed:
            self.message.emit(self._place_text(plan, done=False))
            return False
        self.document.push(PlaceUnits(self.document, plan.where))
        text = self._place_text(plan, done=True)
        if named.elsewhere:
            text += f"; {named.skipped_text()}"
        self.message.emit(text)
        self.selection.select_hex(hex_)
        return True

    def _click(self, press: _Press, control: bool) -> None:
        assert self.document is not None
        hex_ = press.hex
        if hex_ is None:
            return
        named = named_units(self.document, self.selection.units)
        if named.unplaced:
            self.place(self.selection.units, hex_)
            return
        self.selection.select_hex(hex_)
        if control:
            chosen = self.selection.units
            if press.stack and all(u in chosen for u in press.stack):
                chosen = [u for u in chosen if u not in press.stack]
            else:
                chosen += [u for u in press.stack if u not in chosen]
            self.selection.select_units(chosen)
        else:
            self.selection.select_units(press.stack)
        if not press.stack and named.elsewhere:
            self.message.emit(named.skipped_text() + "; use Place Now for reinforcements")
        elif press.stack:
            self.message.emit(f"{plural(len(press.stack), 'unit')} at {hex_text(hex_)}")

    # Moving ------------------------------------------------------------------------------------

    def _moving_units(self, press: _Press) -> dict[str, Offset]:
        """The selected units on the map if the pressed stack holds one of them, else the
        stack: each with the hex it stands on."""
        assert self.scene is not None
        chosen = self.selection.units
        unit_hex = self.scene.index.unit_hex
        if press.hex is not None and any(u in chosen for u in press.stack):
            return {u: unit_hex[u] for u in chosen if u in unit_hex}
        return dict.fromkeys(press.stack, press.hex) if press.hex else {}

    def _move_plan(self, press: _Press, target: Offset | None) -> Plan | None:
        """Every moving unit shifted as the pressed hex is to the target, keeping their
        formation (through the hex grid, so columns' stagger is respected)."""
        if target is None or press.hex is None or target == press.hex or self.scene is None:
            return None
        grid = self.scene.geometry.grid
        start, end = grid.hex_at(*press.hex), grid.hex_at(*target)
        dq, dr = end.q - start.q, end.r - start.r
        where: dict[str, Offset] = {}
        for unit, hex_ in press.moving.items():
            axial = grid.hex_at(*hex_)
            where[unit] = grid.offset_of(Hex(axial.q + dq, axial.r + dr))
        judge = self.judges.get(self.document)
        return Plan(where, judge.judge(where) if judge is not None else Verdict(), target)

    def _move_text(self, press: _Press, plan: Plan | None) -> str:
        count = plural(len(press.moving), "unit")
        if plan is None:
            return f"Drag {count} to another hex"
        if not plan.verdict.allowed:
            return f"Cannot move {count} to {hex_text(plan.target)}: {plan.verdict.text()}"
        text = f"Move {count} to {hex_text(plan.target)}"
        if plan.verdict.warnings:
            text += f"; warning: {plan.verdict.text()}"
        return text

    def _finish_move(self, plan: Plan | None) -> None:
        assert self.document is not None
        if plan is None:
            self.message.emit("")
            return
        if not plan.verdict.allowed:
            self.message.emit(f"Not moved: {plan.verdict.text()}")
            return
        self.document.push(MoveUnits(self.document, plan.where))
        text = f"Moved {plural(len(plan.where), 'unit')} to {hex_text(plan.target)}"
        if plan.verdict.warnings:
            text += f"; warning: {plan.verdict.text()} (see Problems)"
        self.message.emit(text)
        self.selection.select_units(list(plan.where))
        self.selection.select_hex(plan.target)

    # Box selection -----------------------------------------------------------------------------

    def _units_in_box(self, box: QRectF) -> list[str]:
        """Units whose hex centre lies in a world rectangle, in file order."""
        assert self.scene is not None
        geometry = self.scene.geometry
        inside = {
            hex_
            for hex_ in self.scene.index.placements
            if box.contains(geometry.center_point(hex_))
        }
        return [u for u, hex_ in self.scene.index.unit_hex.items() if hex_ in inside]

    def _finish_box(self, box: QRectF, control: bool) -> None:
        units = self._units_in_box(box)
        if control:
            units = self.selection.units + [u for u in units if u not in self.selection.units]
        self.selection.select_units(units)
        self.message.emit(f"{plural(len(units), 'unit')} selected")

    # Actions of the options --------------------------------------------------------------------

    def remove_selected(self) -> None:
        """Take the selected units off the map ("Remove to Unplaced", Delete)."""
        if self.document is None:
            return
        placed = named_units(self.document, self.selection.units).placed
        if not placed:
            self.message.emit("Select units on the map to remove them")
            return
        self.document.push(RemovePlacements(self.document, placed))
        self.message.emit(f"{plural(len(placed), 'unit')} back to unplaced")

    def make_reinforcement(self, turn: int) -> None:
        """Turn the selected units on the map into reinforcements arriving where they stand."""
        if self.document is None:
            return
        placed = named_units(self.document, self.selection.units).placed
        if not placed:
            self.message.emit("Select units on the map to make them a reinforcement")
            return
        command = MakeReinforcement(self.document, placed, turn)
        self.document.push(command)
        self.message.emit(
            f"{plural(len(placed), 'unit')} now arrive on turn {turn} "
            f"({', '.join(command.created)})"
        )

    def reinforcements_of_selection(self) -> list[str]:
        """Ids of the reinforcements that bring a selected unit or organization: they name
        it, an organization above it, or something below it."""
        if self.document is None:
            return []
        chosen = set(self.selection.units)
        above = set(chosen)
        for node in chosen:
            above |= ancestors(self.document, node)
        return [
            item.id
            for item in self.document.scenario.reinforcements
            if above & set(item.organizations)
            or chosen & set(item.units)
            or any(chosen & ancestors(self.document, n) for n in (*item.units, *item.organizations))
        ]

    def place_now(self) -> None:
        """Turn the reinforcements of the selected units into units on the map."""
        if self.document is None:
            return
        ids = self.reinforcements_of_selection()
        if not ids:
            self.message.emit("Select units of a reinforcement to place them now")
            return
        command = PlaceReinforcements(self.document, ids)
        self.document.push(command)
        self.message.emit(f"{plural(len(command.placed), 'unit')} placed ({', '.join(ids)})")

    # Drops from the OOB tree -------------------------------------------------------------------

    def accepts(self, data: QMimeData) -> bool:
        """Whether a drag carries OOB units or organizations."""
        return self.document is not None and data.hasFormat(MIME_TYPE)

    def drop(self, data: QMimeData, hex_: Offset) -> None:
        """Place the dragged units on the hex, an organization's around it."""
        try:
            ids = [str(i) for i in json.loads(bytes(data.data(MIME_TYPE).data()).decode())]
        except ValueError:
            return
        self.place(ids, hex_)

    # Preview -----------------------------------------------------------------------------------

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        if self.scene is None or self.document is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self._box is not None:
            self._paint_box(painter, frame, self._box)
        plan = self._plan if self._press is not None else self._hover
        if plan is not None and self._press is not None and self._press.hex is not None:
            _paint_arrow(painter, frame, self._press.hex, plan.target)
        if plan is not None:
            self._paint_plan(painter, frame, plan)

    def _paint_box(self, painter: QPainter, frame: Frame, box: QRectF) -> None:
        assert self.scene is not None
        zoom = frame.zoom
        pixels = QRectF(
            box.left() * zoom + frame.shift_x,
            box.top() * zoom + frame.shift_y,
            box.width() * zoom,
            box.height() * zoom,
        )
        inside = {self.scene.index.unit_hex[u] for u in self._units_in_box(box)}
        for hex_ in inside:
            self.scene.paint_outline(painter, frame, hex_, _GOOD_PENS)
        pen = QPen(style.SELECTED, 1.5, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(_BOX_FILL)
        painter.drawRect(pixels)

    def _paint_plan(self, painter: QPainter, frame: Frame, plan: Plan) -> None:
        assert self.scene is not None
        assert self.document is not None
        current = {p.unit: p for p in self.document.scenario.placements}
        targets = set(plan.where.values())
        ghosts: dict[Offset, list[Placement]] = {}
        for unit, hex_ in plan.where.items():
            placement = current.get(unit)
            ghost = (
                placement.model_copy(update={"hex": hex_})
                if placement is not None
                else Placement(unit=unit, hex=hex_)
            )
            ghosts.setdefault(hex_, []).append(ghost)
        for hex_ in targets:
            staying = [
                p for p in self.scene.index.placements.get(hex_, []) if p.unit not in plan.where
            ]
            ghosts[hex_] += staying
        # Drawn whole over the stacks there: the target shows the stack as it would be.
        self.scene.counters.paint(
            painter, frame, ScenarioIndex(placements=ghosts), self.document.oob_index, []
        )
        for hex_ in targets:
            bad = hex_ in plan.verdict.bad_hexes
            self.scene.paint_outline(painter, frame, hex_, _BAD_PENS if bad else _GOOD_PENS)
        problems = plan.verdict.refused or plan.verdict.warnings
        if problems:
            more = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
            _paint_warning(painter, frame, plan.target, problems[0] + more)


def _paint_arrow(painter: QPainter, frame: Frame, start: Offset, end: Offset) -> None:
    """A dashed line from where a drag started to where the units would go."""
    line = QLineF(QPointF(*frame.point(start)), QPointF(*frame.point(end)))
    painter.setPen(QPen(QColor(20, 20, 20, 200), 4.0))
    painter.drawLine(line)
    painter.setPen(QPen(style.SELECTED, 2.0, Qt.PenStyle.DashLine))
    painter.drawLine(line)


def _paint_warning(painter: QPainter, frame: Frame, hex_: Offset, text: str) -> None:
    """A red label under a hex saying what is wrong there."""
    x, y = frame.point(hex_)
    font = style.label_font(11)
    painter.setFont(font)
    metrics = painter.fontMetrics()
    width = metrics.horizontalAdvance(text) + 12
    height = metrics.height() + 6
    top = y + frame.zoom * 0.55
    rect = QRectF(x - width / 2, top, width, height)
    rect.moveLeft(max(2.0, min(rect.left(), frame.width - width - 2.0)))
    painter.setPen(QPen(QColor("#7f1010"), 1.0))
    painter.setBrush(QColor(211, 47, 47, 235))
    painter.drawRoundedRect(rect, 4, 4)
    painter.setPen(QColor("white"))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

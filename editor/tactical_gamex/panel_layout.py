"""The Panel Layout panel: the situation's geomorphic panels on the grid of their arrangement,
dragged to another place (onto a panel: the two swap), turned 180 degrees (double-click or
Turn), added from the title's panel files or made new and blank (New Panel…, `new_panel.py`)
and removed; each change one undo step [003 3.0;
digest C.2: grid position and a 0/180 degree turn]. Under the grid, why the arrangement makes
no board, when it does not."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from editor.commands import InsertItems, RemoveItems, SetValue, SetValues
from editor.selection import Selection
from editor.tactical_gamex.board_view import TERRAIN_COLOURS
from editor.tactical_gamex.dock import TgxDock, message_label
from editor.tactical_gamex.document import PanelPart, TgxDocument, disk_of
from editor.tactical_gamex.title import layout_problems, title_panels
from editor.widgets.button_rows import WrappingButtons
from schemas.io import FileKind, load_file
from schemas.tactical_gamex.situation import PanelPlacement
from schemas.tactical_gamex.vocabulary import TERRAIN_CODES

SLOT_GAP = 10.0


def swap_panels(document: TgxDocument, first: int, second: int) -> None:
    """Swap the places of two panels of the layout, as one undo step."""
    panels = document.situation.board.panels
    a, b = panels[first], panels[second]
    base = ("board", "panels")
    document.push(
        SetValues(
            document,
            FileKind.SITUATION,
            [
                ((*base, first, "column"), b.column),
                ((*base, first, "row"), b.row),
                ((*base, second, "column"), a.column),
                ((*base, second, "row"), a.row),
            ],
            "Swap Panels",
        )
    )


def move_panel(document: TgxDocument, index: int, column: int, row: int) -> None:
    """Put a panel in another place of the arrangement (onto another panel: swap them)."""
    panels = document.situation.board.panels
    other = next(
        (i for i, p in enumerate(panels) if (p.column, p.row) == (column, row) and i != index),
        None,
    )
    if other is not None:
        swap_panels(document, index, other)
        return
    base = ("board", "panels", index)
    document.push(
        SetValues(
            document,
            FileKind.SITUATION,
            [((*base, "column"), column), ((*base, "row"), row)],
            "Move Panel",
        )
    )


def turn_panel(document: TgxDocument, index: int) -> None:
    """Turn a panel 180 degrees (or back)."""
    turned = not document.situation.board.panels[index].rotated
    document.push(
        SetValue(
            document,
            FileKind.SITUATION,
            ("board", "panels", index, "rotated"),
            turned,
            "Turn Panel",
        )
    )


def panel_image(panel: Any, rotated: bool) -> QImage:
    """A panel's terrain, one pixel per hex, the way it lies."""
    image = QImage(panel.width, panel.height, QImage.Format.Format_RGB32)
    image.fill(TERRAIN_COLOURS[TERRAIN_CODES["."]])
    for r, line in enumerate(panel.terrain_rows):
        for c, code in enumerate(line[: panel.width]):
            colour = TERRAIN_COLOURS.get(TERRAIN_CODES.get(code, TERRAIN_CODES["."]))
            if colour is not None:
                image.setPixelColor(c, r, colour)
    flip = Qt.Orientation.Horizontal | Qt.Orientation.Vertical
    return image.flipped(flip) if rotated else image


class LayoutView(QWidget):
    """The arrangement's grid with each panel drawn in its place, dragged with the mouse."""

    moved = Signal(int, int, int)
    """Emitted with a panel's index and the column and row it was dropped on."""
    turned = Signal(int)
    """Emitted with the index of a panel double-clicked."""
    chosen = Signal(int)
    """Emitted with the index of the panel pressed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel_layout_view")
        self.setMinimumSize(200, 120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.document: TgxDocument | None = None
        self.current: int | None = None
        self._drag: int | None = None
        self._at = QPointF()

    def sizeHint(self) -> QSize:
        return QSize(320, 220)

    def grid_shape(self) -> tuple[int, int]:
        """Columns and rows of the grid shown: the layout's and one more of each to drop on."""
        if self.document is None:
            return 1, 1
        panels = self.document.situation.board.panels
        return max(p.column for p in panels) + 2, max(p.row for p in panels) + 2

    def slot_rect(self, column: int, row: int) -> QRectF:
        """Where a slot of the arrangement is drawn, keeping the panels' proportions."""
        columns, rows = self.grid_shape()
        aspect = self._aspect()
        usable_w = self.width() - SLOT_GAP * (columns + 1)
        usable_h = self.height() - SLOT_GAP * (rows + 1)
        slot_w = min(usable_w / columns, usable_h / rows * aspect)
        slot_h = slot_w / aspect
        left = (self.width() - (slot_w * columns + SLOT_GAP * (columns - 1))) / 2
        top = (self.height() - (slot_h * rows + SLOT_GAP * (rows - 1))) / 2
        return QRectF(
            left + column * (slot_w + SLOT_GAP), top + row * (slot_h + SLOT_GAP), slot_w, slot_h
        )

    def slot_at(self, point: QPointF) -> tuple[int, int] | None:
        """The slot of the grid at a point of the view."""
        columns, rows = self.grid_shape()
        for row in range(rows):
            for column in range(columns):
                if self.slot_rect(column, row).contains(point):
                    return column, row
        return None

    def panel_at(self, point: QPointF) -> int | None:
        """The index of the panel drawn at a point."""
        slot = self.slot_at(point)
        if self.document is None or slot is None:
            return None
        for i, placement in enumerate(self.document.situation.board.panels):
            if (placement.column, placement.row) == slot:
                return i
        return None

    def _aspect(self) -> float:
        panel = self._first_panel()
        if panel is None:
            return 2.0
        # Flat-topped hexes: columns 1.5 corner radii apart, rows sqrt(3).
        return (panel.width * 1.5 + 0.5) / (panel.height * 1.732 + 0.87)

    def _first_panel(self) -> Any:
        if self.document is None:
            return None
        return next(iter(self.document.panels.values()), None)

    # Painting --------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        document = self.document
        if document is None:
            return
        columns, rows = self.grid_shape()
        empty = QPen(self.palette().mid().color(), 1, Qt.PenStyle.DashLine)
        for row in range(rows):
            for column in range(columns):
                painter.setPen(empty)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(self.slot_rect(column, row))
        for i, placement in enumerate(document.situation.board.panels):
            rect = self.slot_rect(placement.column, placement.row)
            if i == self._drag:
                painter.setOpacity(0.35)
            self._paint_panel(painter, rect, i, placement)
            painter.setOpacity(1.0)
        if self._drag is not None:
            placement = document.situation.board.panels[self._drag]
            rect = self.slot_rect(placement.column, placement.row)
            rect.moveCenter(self._at)
            painter.setOpacity(0.8)
            self._paint_panel(painter, rect, self._drag, placement)
        painter.end()

    def _paint_panel(self, painter: QPainter, rect: QRectF, index: int, placement: Any) -> None:
        panel = self.document.panels.get(placement.file) if self.document else None
        if panel is not None:
            painter.drawImage(rect, panel_image(panel, placement.rotated))
        else:
            painter.fillRect(rect, QColor("#c04040"))
        chosen = index == self.current
        pen = QPen(QColor("#ffd21f") if chosen else QColor("#202020"), 3 if chosen else 1.5)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect)
        name = panel.id if panel is not None else placement.file
        turned = " ↻ 180°" if placement.rotated else ""
        label = f"{name}{turned}"
        font = painter.font()
        font.setBold(True)
        font.setPixelSize(max(10, min(22, round(rect.height() / 5))))
        painter.setFont(font)
        box = painter.fontMetrics().boundingRect(label).adjusted(-6, -2, 6, 2)
        box.moveCenter(rect.center().toPoint())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 215))
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(QColor("#111111"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)

    # Input -----------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.panel_at(event.position())
        if index is not None:
            self.current = index
            self.chosen.emit(index)
            if event.button() == Qt.MouseButton.LeftButton:
                self._drag = index
                self._at = event.position()
                self.setCursor(Qt.CursorShape.ClosedHandCursor)
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._drag is not None:
            self._at = event.position()
            self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        index, self._drag = self._drag, None
        self.unsetCursor()
        slot = self.slot_at(event.position())
        if index is not None and slot is not None and self.document is not None:
            placement = self.document.situation.board.panels[index]
            if (placement.column, placement.row) != slot:
                self.moved.emit(index, *slot)
        self.update()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        index = self.panel_at(event.position())
        if index is not None:
            self.turned.emit(index)


class PanelLayoutDock(TgxDock):
    """The Panel Layout panel."""

    title = "Panel Layout"
    object_name = "tgx_panels"
    default_area = Qt.DockWidgetArea.RightDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.view = LayoutView(body)
        self.view.setToolTip(
            "Drag a panel to another place (onto a panel: they swap); double-click turns it 180°"
        )
        self.turn_button = QPushButton("Turn 180°")
        self.turn_button.setToolTip("Turn the chosen panel 180 degrees")
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Take the chosen panel out of the board")
        self.add_box = QComboBox()
        self.add_box.setToolTip("A panel file of the title to add to the board")
        self.add_button = QPushButton("Add Panel")
        self.add_button.setToolTip("Add the panel file chosen beside the board, to the right")
        self.new_button = QPushButton("New Panel…")
        self.new_button.setObjectName("new_panel_button")
        self.new_button.setToolTip(
            "Make a blank panel file (Map ID, name, size) and lay it to the right of the board; "
            "paint it with the panel tools, Save writes it"
        )
        buttons = WrappingButtons(
            [self.turn_button, self.remove_button, self.add_button, self.new_button]
        )
        self.problems = message_label(body)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.add_box)
        layout.addWidget(buttons)
        layout.addWidget(self.problems)
        self.setWidget(body)
        self.view.moved.connect(self._moved)
        self.view.turned.connect(self._turn)
        self.view.chosen.connect(lambda _i: self._update_buttons())
        self.turn_button.clicked.connect(lambda: self._turn(self.view.current))
        self.remove_button.clicked.connect(self._remove)
        self.add_button.clicked.connect(self._add)
        self.new_button.clicked.connect(self._new)
        self._update_buttons()

    def show_document(self, document: TgxDocument | None) -> None:
        self.view.document = document
        self.view.current = 0 if document is not None else None
        self._refresh()

    def document_changed(self, change: Any) -> None:
        if isinstance(change.kind, PanelPart) or (
            change.kind == FileKind.SITUATION and change.touches(("board",))
        ):
            self._refresh()

    def _refresh(self) -> None:
        document = self.document
        self.add_box.clear()
        self.problems.clear()
        if isinstance(document, TgxDocument):
            used = {p.file for p in document.situation.board.panels}
            for name in title_panels(document.title_folder, document.scenario_path):
                if name not in used:
                    self.add_box.addItem(name)
            found = layout_problems(document.situation, document.panels)
            self.problems.setText("\n".join(p.message for p in found if p.is_error))
            count = len(document.situation.board.panels)
            if self.view.current is not None and self.view.current >= count:
                self.view.current = count - 1
        self._update_buttons()
        self.view.update()

    def _update_buttons(self) -> None:
        has = isinstance(self.document, TgxDocument) and self.view.current is not None
        self.turn_button.setEnabled(has)
        count = len(self.document.situation.board.panels) if has else 0  # type: ignore[union-attr]
        self.remove_button.setEnabled(has and count > 1)
        self.add_button.setEnabled(self.add_box.count() > 0)
        self.new_button.setEnabled(isinstance(self.document, TgxDocument))

    def _moved(self, index: int, column: int, row: int) -> None:
        if isinstance(self.document, TgxDocument):
            move_panel(self.document, index, column, row)

    def _turn(self, index: int | None) -> None:
        if isinstance(self.document, TgxDocument) and index is not None:
            self.view.current = index
            turn_panel(self.document, index)

    def _remove(self) -> None:
        document = self.document
        index = self.view.current
        if isinstance(document, TgxDocument) and index is not None:
            document.push(
                RemoveItems(
                    document, FileKind.SITUATION, ("board", "panels"), [index], "Remove Panel"
                )
            )

    def _new(self) -> None:
        if isinstance(self.document, TgxDocument):
            from editor.tactical_gamex.new_panel import NewPanelDialog  # noqa: PLC0415

            NewPanelDialog(self.document, self).exec()

    def _add(self) -> None:
        document = self.document
        name = self.add_box.currentText()
        if not isinstance(document, TgxDocument) or not name:
            return
        panels = document.situation.board.panels
        column = max(p.column for p in panels) + 1
        loaded = load_file(document.scenario_path.parent / name, FileKind.PANEL)
        if not loaded.ok:
            self.problems.setText(f"{name} does not load: {loaded.problems[0].message}")
            return
        document.add_panel(name, loaded.path, loaded.model, loaded.model, disk_of(loaded))
        placement = PanelPlacement(file=name, column=column, row=0)
        document.push(
            InsertItems(
                document,
                FileKind.SITUATION,
                ("board", "panels"),
                index=len(panels),
                items=[placement],
                text="Add Panel",
            )
        )

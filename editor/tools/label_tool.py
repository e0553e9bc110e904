"""The Labels tool (N): the place names lettered on the map. A click on a hex without a name asks
for one and letters it there, a click on a name selects it for renaming or resizing in the
options, a drag moves it to another hex, Shift+click (or Delete in the options) removes it."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QLineF, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QCursor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QInputDialog,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.commands import SetValue
from editor.document import Change, Document
from editor.map import style
from editor.map.geometry import Frame
from editor.map.labels import NAME_DROP
from editor.map.scene import MapScene
from editor.selection import Selection
from editor.tools.base import MapTool, ToolEvent
from editor.tools.overlay_commands import (
    PLACES,
    AddPlaceName,
    DeletePlaceName,
    MovePlaceName,
    place_row,
)
from editor.tools.placement_rules import hex_text
from editor.tools.unit_options import buttons, form, group, hint
from schemas.io import FileKind
from schemas.panzer_campaigns.map import PlaceName, PlaceSize

Offset = tuple[int, int]

_SELECTED_PENS = (QPen(QColor(20, 20, 20, 200), 4.0), QPen(style.SELECTED, 2.0))
_HOVER_PENS = (QPen(QColor(255, 255, 255, 170), 2.0),)
_BAD_PENS = (QPen(QColor(20, 20, 20, 200), 5.0), QPen(QColor("#d32f2f"), 3.0))
_SIZE_NAMES = {PlaceSize.SMALL: "Small", PlaceSize.MEDIUM: "Medium", PlaceSize.LARGE: "Large"}


def _size_box(tip: str) -> QComboBox:
    box = QComboBox()
    for size, text in _SIZE_NAMES.items():
        box.addItem(text, size)
    box.setCurrentIndex(list(PlaceSize).index(PlaceSize.MEDIUM))
    box.setToolTip(tip)
    return box


@dataclass
class _Press:
    pixel: QPointF
    hex: Offset
    row: int | None
    """The row of the name lettered on the pressed hex, if any."""
    dragging: bool = False
    target: Offset | None = None


class LabelOptions(QWidget):
    """The Labels tool's page: the size of new names, and the selected name's text and size."""

    changed = Signal()

    def __init__(self, tool: LabelsTool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tool = tool
        self.document: Document | None = None
        fields = PlaceName.model_fields
        size_tip = fields["size"].description or ""
        self.new_size = _size_box(f"{size_tip} Used for names added by a click.")
        self.new_size.setObjectName("new_size")
        self.summary = hint("")
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("name")
        self.name_edit.setToolTip(fields["name"].description or "")
        self.name_edit.editingFinished.connect(self._rename)
        self.size_box = _size_box(size_tip)
        self.size_box.setObjectName("size")
        self.size_box.currentIndexChanged.connect(self._resize)
        self.delete_button = QPushButton("Delete")
        self.delete_button.setToolTip("Take the selected name off the map (or Shift+click it)")
        self.delete_button.clicked.connect(tool.delete_selected)
        self.name_edit.setMinimumWidth(190)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(8)
        layout.addWidget(group("New names", form(("Size", self.new_size))))
        layout.addWidget(
            group(
                "Selected name",
                self.summary,
                form(("Name", self.name_edit), ("Size", self.size_box)),
                buttons(self.delete_button),
            )
        )
        layout.addWidget(
            hint(
                "Click a hex to letter a new name there, click a name to select it, drag it to "
                "move it, Shift+click to delete it. Names belong to the map, shared by all its "
                "scenarios."
            )
        )
        layout.addStretch(1)
        self.refresh()

    def set_document(self, document: Document | None) -> None:
        """Follow another document."""
        if self.document is not None:
            self.document.changed.disconnect(self._document_changed)
        self.document = document
        if document is not None:
            document.changed.connect(self._document_changed)
        self.refresh()

    def _document_changed(self, change: Change) -> None:
        if change.kind is FileKind.MAP:
            self.refresh()

    def refresh(self) -> None:
        """Show the selected name, or say how to select one."""
        place = self.tool.selected_place()
        for widget in (self.name_edit, self.size_box, self.delete_button):
            widget.setEnabled(place is not None)
        self.name_edit.blockSignals(True)
        self.size_box.blockSignals(True)
        if place is None:
            self.summary.setText("Click a name on the map to edit it.")
            self.name_edit.clear()
        else:
            self.summary.setText(f"The name at {hex_text(tuple(place.hex))}.")  # type: ignore[arg-type]
            if self.name_edit.text() != place.name:
                self.name_edit.setText(place.name)
            self.size_box.setCurrentIndex(list(PlaceSize).index(place.size))
        self.name_edit.blockSignals(False)
        self.size_box.blockSignals(False)

    def _rename(self) -> None:
        text = self.name_edit.text().strip()
        if not text:
            self.tool.message.emit("A place name cannot be empty")
            self.refresh()
            return
        self.tool.rename_selected(text)

    def _resize(self) -> None:
        self.tool.set_selected_size(PlaceSize(self.size_box.currentData()))

    @property
    def new_name_size(self) -> PlaceSize:
        """The size of names added by a click."""
        return PlaceSize(self.new_size.currentData())


class LabelsTool(MapTool):
    """Add, select, rename, resize, move and delete the map's place names."""

    name = "labels"
    label = "Labels"

    icon = "type"
    shortcut = "N"
    tip = "Click to letter a place name, click a name to edit it, drag to move, Shift+click deletes"

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(selection, parent)
        self._options: LabelOptions | None = None
        self._press: _Press | None = None
        self._hover: Offset | None = None
        self.selected: Offset | None = None
        """The hex of the selected name (names are found by hex, so undo cannot confuse rows)."""

    # Options -----------------------------------------------------------------------------------

    @property
    def settings(self) -> LabelOptions:
        """The options page (made at the first need)."""
        if self._options is None:
            self._options = LabelOptions(self)
            self._options.set_document(self.document)
        return self._options

    def options(self) -> QWidget | None:
        return self.settings

    def set_scene(self, scene: MapScene | None) -> None:
        super().set_scene(scene)
        self.selected = None
        if self._options is not None:
            self._options.set_document(self.document)

    def selected_place(self) -> PlaceName | None:
        """The selected name, if it is still on the map."""
        row = self._selected_row()
        return self.document.map.places[row] if row is not None and self.document else None

    def _selected_row(self) -> int | None:
        if self.document is None or self.selected is None:
            return None
        return place_row(self.document.map, self.selected)

    def _select(self, hex_: Offset | None) -> None:
        self.selected = hex_
        if hex_ is not None:
            self.selection.select_hex(hex_)
        if self._options is not None:
            self._options.refresh()
        self.preview_changed.emit()

    # Mouse -------------------------------------------------------------------------------------

    def press(self, event: ToolEvent) -> None:
        if self.document is None or event.hex is None:
            return
        row = place_row(self.document.map, event.hex)
        if event.shift:
            if row is None:
                self.message.emit(f"No name at {hex_text(event.hex)} to delete")
            else:
                self._delete(row)
            return
        self._press = _Press(event.pixel, event.hex, row)

    def move(self, event: ToolEvent) -> None:
        press = self._press
        if press is None or press.row is None:
            return
        if not press.dragging:
            if (event.pixel - press.pixel).manhattanLength() < QApplication.startDragDistance():
                return
            press.dragging = True
        press.target = event.hex
        why = self._refusal(press, event.hex)
        if why:
            self.message.emit(f"Cannot move the name there: {why}")
        elif event.hex is not None and event.hex != press.hex:
            self.message.emit(f"Move the name to {hex_text(event.hex)}")
        self.preview_changed.emit()

    def release(self, event: ToolEvent) -> None:
        press, self._press = self._press, None
        self.preview_changed.emit()
        if press is None or self.document is None:
            return
        if press.dragging:
            self._finish_move(press, event.hex)
        elif event.hex == press.hex:
            self._click(press)

    def hover(self, event: ToolEvent) -> None:
        if event.hex == self._hover:
            return
        self._hover = event.hex
        if event.hex is not None and self.document is not None:
            row = place_row(self.document.map, event.hex)
            if row is None:
                self.message.emit(f"Click: letter a name at {hex_text(event.hex)}")
            else:
                name = self.document.map.places[row].name
                self.message.emit(f"{name}: click to edit, drag to move, Shift+click to delete")
        self.preview_changed.emit()

    def cancel(self) -> None:
        if self._press is not None:
            self._press = None
            self.message.emit("Cancelled")
            self.preview_changed.emit()

    def _refusal(self, press: _Press, target: Offset | None) -> str:
        """Why the pressed name may not move to `target`, or ""."""
        assert self.document is not None
        if target is None:
            return "off the map"
        if target != press.hex and place_row(self.document.map, target) is not None:
            return f"{hex_text(target)} has a name already"
        return ""

    # Edits -------------------------------------------------------------------------------------

    def ask_name(self, hex_: Offset) -> str | None:
        """Ask the text of a new name (None: the designer cancelled). Tests replace this."""
        dialog = QInputDialog(QApplication.activeWindow())
        dialog.setWindowTitle("New Place Name")
        dialog.setLabelText(f"Name lettered at {hex_text(hex_)}:")
        dialog.setInputMode(QInputDialog.InputMode.TextInput)
        dialog.adjustSize()
        dialog.move(QCursor.pos() + QPointF(12, 12).toPoint())
        if dialog.exec() != QInputDialog.DialogCode.Accepted:
            return None
        return dialog.textValue().strip() or None

    def _click(self, press: _Press) -> None:
        assert self.document is not None
        if press.row is not None:
            self._select(press.hex)
            name = self.document.map.places[press.row].name
            self.message.emit(f"{name} selected: edit it in the tool options")
            return
        text = self.ask_name(press.hex)
        if not text or self.document is None:
            return
        place = PlaceName(hex=press.hex, name=text, size=self.settings.new_name_size)
        self.document.push(AddPlaceName(self.document, place))
        self._select(press.hex)
        self.message.emit(f"{text} lettered at {hex_text(press.hex)}")

    def _finish_move(self, press: _Press, target: Offset | None) -> None:
        assert self.document is not None
        assert press.row is not None
        why = self._refusal(press, target)
        if why or target is None or target == press.hex:
            self.message.emit(f"Name not moved: {why}" if why else "")
            return
        self.document.push(MovePlaceName(self.document, press.row, target))
        self._select(target)
        self.message.emit(f"Name moved to {hex_text(target)}")

    def _delete(self, row: int) -> None:
        assert self.document is not None
        place = self.document.map.places[row]
        self.document.push(DeletePlaceName(self.document, row))
        if self.selected == tuple(place.hex):
            self._select(None)
        self.message.emit(f"{place.name} deleted")

    def delete_selected(self) -> None:
        """Take the selected name off the map."""
        row = self._selected_row()
        if row is not None:
            self._delete(row)

    def rename_selected(self, text: str) -> None:
        """Give the selected name another text."""
        row, place = self._selected_row(), self.selected_place()
        if row is None or place is None or self.document is None or place.name == text:
            return
        path = (*PLACES, row, "name")
        self.document.push(SetValue(self.document, FileKind.MAP, path, text, "Rename Place"))

    def set_selected_size(self, size: PlaceSize) -> None:
        """Letter the selected name in another size."""
        row, place = self._selected_row(), self.selected_place()
        if row is None or place is None or self.document is None or place.size is size:
            return
        path = (*PLACES, row, "size")
        self.document.push(SetValue(self.document, FileKind.MAP, path, size, "Set Place Size"))

    # Preview -----------------------------------------------------------------------------------

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        if self.scene is None or self.document is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self.selected_place() is not None:
            assert self.selected is not None
            self.scene.paint_outline(painter, frame, self.selected, _SELECTED_PENS)
        press = self._press
        if press is not None and press.dragging and press.row is not None:
            self._paint_drag(painter, frame, press)
        elif self._hover is not None and self._hover != self.selected:
            self.scene.paint_outline(painter, frame, self._hover, _HOVER_PENS)

    def _paint_drag(self, painter: QPainter, frame: Frame, press: _Press) -> None:
        assert self.scene is not None
        assert self.document is not None
        assert press.row is not None
        target = press.target
        if target is None:
            return
        start, end = QPointF(*frame.point(press.hex)), QPointF(*frame.point(target))
        painter.setPen(QPen(style.SELECTED, 2.0, Qt.PenStyle.DashLine))
        painter.drawLine(QLineF(start, end))
        bad = bool(self._refusal(press, target))
        self.scene.paint_outline(painter, frame, target, _BAD_PENS if bad else _SELECTED_PENS)
        if not bad:
            paint_ghost_name(painter, frame, target, self.document.map.places[press.row])


def paint_ghost_name(painter: QPainter, frame: Frame, hex_: Offset, place: PlaceName) -> None:
    """A place name lettered faintly where a drag would put it, where the map would letter it."""
    font = style.place_font(place.size, frame.zoom)
    text = place.name.upper() if place.size is PlaceSize.LARGE else place.name
    metrics = QFontMetricsF(font)
    x, y = frame.point(hex_)
    drop = NAME_DROP * frame.zoom if frame.zoom >= style.COUNTERS_FROM else 0.0
    box = QRectF(0, 0, metrics.horizontalAdvance(text), metrics.height())
    box.moveCenter(QPointF(x, y + drop))
    path = QPainterPath()
    path.addText(QPointF(box.left(), box.top() + metrics.ascent()), font, text)
    painter.save()
    painter.setOpacity(0.75)
    halo = QPen(style.HALO, max(3.0, font.pixelSize() * 0.4))
    halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.strokePath(path, halo)
    painter.fillPath(path, QColor("#5a4a00"))
    painter.restore()

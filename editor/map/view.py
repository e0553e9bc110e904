"""The map view, the editor's central widget: the scenario's map with its units and marks,
zoomed from a few hexes to the whole map, panned, with hover and click selection.

Static layers come from the tile cache; counters, marks, names, the selection and the hover
outline are drawn over them for the visible hexes only (see `MapScene`). Scenario edits repaint
the marks; map edits re-render only the tiles of the changed rows or hexes.

Mouse: wheel zooms about the cursor, middle drag or Space + left drag pans, a click selects
the hex and its units. Keys: + and - zoom, arrows pan, Home shows the whole map. Things dragged
onto the map (units and organizations from the OOB tree) go to `drop_handler`.
"""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QMimeData, QPointF, QRectF, QSize, QSizeF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QScrollBar, QWidget

from editor.document import Change, Document
from editor.map import style
from editor.map.geometry import Frame
from editor.map.layers import LayerVisibility
from editor.map.scene import MapScene
from editor.map.touch import MapTouch
from editor.map.viewport import Viewport
from editor.model_paths import get_at
from editor.selection import Focus, Offset, Selection
from editor.tools.base import MapTool, ToolEvent
from schemas.io import FileKind

WHEEL_NOTCH = 120
"""angleDelta of one wheel notch: one zoom level."""
PAN_SHARE = 0.125
"""Arrow keys move the map by this share of the view."""
_SELECTED_PENS = (QPen(QColor(20, 20, 20, 200), 5.0), QPen(style.SELECTED, 2.5))
_HOVER_PENS = (QPen(style.HOVER, 2.0),)


class MapDropHandler(Protocol):
    """What takes things dropped on the map, e.g. the Units tool placing OOB nodes."""

    def accepts(self, data: QMimeData) -> bool:
        """Whether a drag carries something it can put on the map."""
        ...

    def drop(self, data: QMimeData, hex_: Offset) -> None:
        """Put what the drag carries on a hex."""
        ...


class MapOverlay(Protocol):
    """Something drawn over the map after the units (map aids, test-play overlays)."""

    def paint(self, painter: QPainter, frame: Frame) -> None:
        """Draw over the map in the frame's pixels."""


class MapView(QWidget):
    """The map of the open document, with zoom, pan, hover and selection."""

    hover_changed = Signal(object)
    """The hex under the mouse, (column, row), or None off the map."""
    zoom_changed = Signal(float)
    """The zoom in pixels per hex."""

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.selection = selection
        self.document: Document | None = None
        self.scene: MapScene | None = None
        self._layers = LayerVisibility()
        self.viewport = Viewport(QRectF(0, 0, 1, 1), QSizeF(1, 1))
        self._hover: Offset | None = None
        self._drag_from: QPointF | None = None
        self._space_held = False
        self._wheel_rest = 0
        self._fitted = False
        """Whether the view still shows the whole map as opened (then resizing refits it)."""
        self._tool: MapTool | None = None
        self._tool_pressed = False
        self.drop_handler: MapDropHandler | None = None
        """Takes drags dropped on the map (None: the map accepts no drops)."""
        self.aids: MapOverlay | None = None
        """Drawn over the map: the Map Aids, or the test-play overlays."""
        """Designer's aids drawn over the counters (the Map Aids dock sets them)."""
        self.setAcceptDrops(True)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setMinimumSize(160, 120)
        self._horizontal = QScrollBar(Qt.Orientation.Horizontal, self)
        self._vertical = QScrollBar(Qt.Orientation.Vertical, self)
        for bar in (self._horizontal, self._vertical):
            bar.setCursor(Qt.CursorShape.ArrowCursor)
            bar.valueChanged.connect(self._scrolled)
        selection.hex_changed.connect(self._selection_changed)
        selection.units_changed.connect(self._selection_changed)
        selection.focus_requested.connect(self._on_focus)
        self.touch = MapTouch(self)
        """Taps, drags, long presses and pinches of fingers (see `editor.map.touch`)."""

    def sizeHint(self) -> QSize:
        return QSize(900, 700)

    # Document ----------------------------------------------------------------------------------

    def set_document(self, document: Document | None, *, keep_view: bool = False) -> None:
        """Show another document (None: nothing open), fitted to the view; with `keep_view`,
        at the same zoom and centre when its map has the same shape (test-play's copy)."""
        if self.document is not None:
            self.document.changed.disconnect(self._document_changed)
        bounds = self.scene.geometry.bounds if self.scene is not None else None
        self.document = document
        self.scene = MapScene(document, self._layers) if document is not None else None
        self._hover = None
        if self.scene is not None:
            assert document is not None
            document.changed.connect(self._document_changed)
            self.scene.geometry_changed()
            if not (keep_view and bounds == self.scene.geometry.bounds):
                self._refit()
        if self._tool is not None:
            self._tool.set_scene(self.scene)
        self._sync_scrollbars()
        self.update()

    def _refit(self) -> None:
        assert self.scene is not None
        self.viewport = Viewport(self.scene.geometry.bounds, QSizeF(self.map_size()))
        self._fitted = True
        self._sync_scrollbars()
        self.zoom_changed.emit(self.viewport.zoom)

    def _document_changed(self, change: Change) -> None:
        if self.scene is None:
            return
        if self.scene.apply(change):
            if self.scene.geometry_changed():
                self._refit()
            self.update()

    # Tools -------------------------------------------------------------------------------------

    @property
    def tool(self) -> MapTool | None:
        """The tool the left button works with (None: click to select)."""
        return self._tool

    def set_tool(self, tool: MapTool | None) -> None:
        """Make a tool current: the previous one drops its gesture."""
        if tool is self._tool:
            return
        if self._tool is not None:
            self._tool.deactivate()
            self._tool.preview_changed.disconnect(self.update)
            if self in self._tool.views:
                self._tool.views.remove(self)
        self._tool = tool
        self._tool_pressed = False
        if tool is not None:
            tool.views.append(self)
            tool.set_scene(self.scene)
            tool.preview_changed.connect(self.update)
            tool.activate()
        self._update_cursor()
        self.update()

    def _tool_event(self, event: QMouseEvent) -> ToolEvent:
        pixel = event.position()
        return ToolEvent(
            pixel,
            self.viewport.to_world(pixel),
            self.hex_at(pixel),
            event.buttons(),
            event.modifiers(),
        )

    # Layers ------------------------------------------------------------------------------------

    def layers(self) -> list[tuple[str, str, bool]]:
        """(name, label, visible) of every layer, bottom to top, for a View > Layers menu."""
        return self._layers.listing()

    def set_layer_visible(self, name: str, on: bool) -> None:
        """Show or hide a layer by name (see `layers()`)."""
        changed = (
            self.scene.set_layer_visible(name, on)
            if self.scene is not None
            else self._layers.set(name, on)
        )
        if changed:
            self.update()

    def set_grid_visible(self, on: bool) -> None:
        """Show or hide the hex grid."""
        self.set_layer_visible("grid", on)

    def grid_visible(self) -> bool:
        """Whether the hex grid is shown."""
        return "grid" in self._layers

    # Zoom and position -------------------------------------------------------------------------

    def zoom(self) -> float:
        """The zoom in pixels per hex (flat side to flat side)."""
        return self.viewport.zoom

    def set_zoom(self, pixels_per_hex: float) -> None:
        """Zoom about the middle of the view."""
        self._zoom_about(pixels_per_hex, self._middle())

    def zoom_in(self) -> None:
        """One zoom level closer, about the middle of the view."""
        self._zoom_about(self.viewport.step_zoom(1), self._middle())

    def zoom_out(self) -> None:
        """One zoom level further, about the middle of the view."""
        self._zoom_about(self.viewport.step_zoom(-1), self._middle())

    def zoom_to_fit(self) -> None:
        """Show the whole map."""
        self.viewport.fit()
        self._moved(zoomed=True)
        self._fitted = True

    def center_on(self, hex_: Offset) -> None:
        """Put a hex in the middle of the view."""
        if self.scene is None:
            return
        self.viewport.center_on(self.scene.geometry.center_point(tuple(hex_)))  # type: ignore[arg-type]
        self._moved()

    def hex_at(self, pixel: QPointF) -> Offset | None:
        """The hex under a pixel of the view, or None."""
        if self.scene is None:
            return None
        world = self.viewport.to_world(pixel)
        return self.scene.geometry.hex_at(world.x(), world.y())

    def hex_pixel(self, hex_: Offset) -> QPointF:
        """The pixel of the view showing a hex centre."""
        assert self.scene is not None
        return self.viewport.to_pixel(self.scene.geometry.center_point(hex_))

    def zoom_about(self, zoom: float, pixel: QPointF) -> None:
        """Zoom keeping the map point under `pixel` in place (a pinch's centre)."""
        self._zoom_about(zoom, pixel)

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the map by pixels, as a drag does."""
        self.viewport.pan(dx, dy)
        self._moved()

    def click_at(self, pixel: QPointF) -> None:
        """Select the hex at a pixel and its units, as a click without a tool does."""
        if self.scene is not None:
            self._click(pixel)

    def _zoom_about(self, zoom: float, pixel: QPointF) -> None:
        before = self.viewport.zoom
        self.viewport.zoom_about(zoom, pixel)
        self._moved(zoomed=self.viewport.zoom != before)

    def _middle(self) -> QPointF:
        size = self.map_size()
        return QPointF(size.width() / 2, size.height() / 2)

    def _moved(self, zoomed: bool = False) -> None:
        self._fitted = False
        self._sync_scrollbars()
        self.update()
        if zoomed:
            self.zoom_changed.emit(self.viewport.zoom)

    # Rendering ---------------------------------------------------------------------------------

    def render_view(self) -> QImage:
        """What the view shows (without scroll bars), as an image."""
        size = self.map_size()
        image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
        painter = QPainter(image)
        self._paint(painter, size)
        painter.end()
        return image

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setClipRect(event.rect())
        self._paint(painter, self.map_size())
        corner = QRectF(
            self._vertical.x(),
            self._horizontal.y(),
            self._vertical.width(),
            self._horizontal.height(),
        )
        painter.fillRect(corner, self.palette().window())
        painter.end()

    def _paint(self, painter: QPainter, size: QSize) -> None:
        if self.scene is None:
            painter.fillRect(QRectF(0, 0, size.width(), size.height()), style.OUTSIDE)
            painter.setPen(QColor("#d8d8d8"))
            painter.drawText(
                QRectF(0, 0, size.width(), size.height()),
                Qt.AlignmentFlag.AlignCenter,
                "No scenario open",
            )
            return
        shift = self.viewport.shift
        frame = Frame(
            self.scene.geometry,
            self.viewport.zoom,
            shift.x(),
            shift.y(),
            size.width(),
            size.height(),
        )
        self.scene.paint_static(painter, frame)
        # Outlines go under the counters and marks, which stand inside the hex or on its edge.
        selected = self.selection.hex
        if self._hover is not None and self._hover != selected:
            self.scene.paint_outline(painter, frame, self._hover, _HOVER_PENS)
        if selected is not None and self.scene.geometry.contains(*selected):
            self.scene.paint_outline(painter, frame, selected, _SELECTED_PENS)
        self.scene.paint_dynamic(painter, frame, self.selection.units)
        if self.aids is not None:
            self.aids.paint(painter, frame)
        if self._tool is not None:
            self._tool.paint_preview(painter, frame)

    # Scroll bars -------------------------------------------------------------------------------

    def map_size(self) -> QSize:
        """The size of the map area: the widget less the scroll bars."""
        return QSize(
            max(1, self.width() - self._vertical.sizeHint().width()),
            max(1, self.height() - self._horizontal.sizeHint().height()),
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        size = self.map_size()
        thick_v = self._vertical.sizeHint().width()
        thick_h = self._horizontal.sizeHint().height()
        self._vertical.setGeometry(size.width(), 0, thick_v, size.height())
        self._horizontal.setGeometry(0, size.height(), size.width(), thick_h)
        self.viewport.resize(QSizeF(size))
        if self._fitted and self.scene is not None:
            self.zoom_to_fit()
        self._sync_scrollbars()
        super().resizeEvent(event)

    def _sync_scrollbars(self) -> None:
        ranges = self.viewport.scroll_ranges()
        shift = self.viewport.shift
        for bar, (low, high, page), value in zip(
            (self._horizontal, self._vertical), ranges, (-shift.x(), -shift.y()), strict=True
        ):
            bar.blockSignals(True)
            bar.setEnabled(self.scene is not None)
            bar.setRange(low, high)
            bar.setPageStep(page)
            bar.setSingleStep(max(1, page // 20))
            bar.setValue(round(value))
            bar.blockSignals(False)

    def _scrolled(self) -> None:
        shift = self.viewport.shift
        self.viewport.pan(
            -self._horizontal.value() - shift.x(), -self._vertical.value() - shift.y()
        )
        self._fitted = False
        self.update()

    # Selection and focus -----------------------------------------------------------------------

    def _selection_changed(self, *_: Any) -> None:
        self.update()

    def _on_focus(self, focus: Focus) -> None:
        if self.scene is None:
            return
        hex_ = self._focus_hex(focus)
        if hex_ is None or not self.scene.geometry.contains(*hex_):
            return
        self.show_hex(hex_)
        self.selection.select_hex(hex_)

    def show_hex(self, hex_: Offset) -> None:
        """Centre a hex, zooming in first if the map is too far out to make it out (a jump from
        the whole-map overview lands where hexes and counters can be read)."""
        if self.scene is None:
            return
        too_far = self.viewport.zoom < style.JUMP_ZOOM
        if too_far:
            self.viewport.zoom = self.viewport.clamp(style.JUMP_ZOOM)
        self.center_on(hex_)
        if too_far:
            self.zoom_changed.emit(self.viewport.zoom)

    def _focus_hex(self, focus: Focus) -> Offset | None:
        assert self.scene is not None
        assert self.document is not None
        if focus.hex is not None:
            return tuple(focus.hex)  # type: ignore[return-value]
        if focus.object_id is not None and focus.object_id in self.scene.index.unit_hex:
            return self.scene.index.unit_hex[focus.object_id]
        if focus.kind in (FileKind.SCENARIO, FileKind.MAP) and focus.path:
            # A field of something standing on a hex (a placement, an objective, a river…).
            root = self.document.model(focus.kind)
            for length in range(len(focus.path), 0, -1):
                try:
                    item = get_at(root, focus.path[:length])
                except (AttributeError, IndexError, KeyError, TypeError):
                    continue
                hex_ = getattr(item, "hex", None)
                if hex_ is not None:
                    column, row = hex_
                    return column, row
        return None

    # Mouse and keys ----------------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.scene is None:
            return
        self._wheel_rest += event.angleDelta().y()
        notches = int(self._wheel_rest / WHEEL_NOTCH)
        if notches:
            self._wheel_rest -= notches * WHEEL_NOTCH
            self._zoom_about(self.viewport.step_zoom(notches), event.position())
        elif abs(event.angleDelta().y()) < WHEEL_NOTCH and event.pixelDelta().y():
            # Touch pads send small steps: zoom smoothly by fractions of a level.
            steps = event.angleDelta().y() / WHEEL_NOTCH
            self._wheel_rest = 0
            self._zoom_about(self.viewport.step_zoom(steps), event.position())
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        button = event.button()
        if button == Qt.MouseButton.MiddleButton or (
            button == Qt.MouseButton.LeftButton and self._space_held
        ):
            self._drag_from = event.position()
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
        elif button == Qt.MouseButton.LeftButton and self.scene is not None:
            if self._tool is not None:
                self._tool_pressed = True
                self._tool.press(self._tool_event(event))
            else:
                self._click(event.position())
        elif button == Qt.MouseButton.RightButton and self._tool is not None:
            self._tool.secondary_click(self._tool_event(event))
        event.accept()

    def _click(self, pixel: QPointF) -> None:
        assert self.scene is not None
        hex_ = self.hex_at(pixel)
        self.selection.select_hex(hex_)
        stack = self.scene.index.placements.get(hex_, []) if hex_ is not None else []
        self.selection.select_units([p.unit for p in stack])

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._drag_from is not None:
            delta = event.position() - self._drag_from
            self._drag_from = event.position()
            self.viewport.pan(delta.x(), delta.y())
            self._moved()
        elif self._tool is not None and self.scene is not None:
            if self._tool_pressed:
                self._tool.move(self._tool_event(event))
            else:
                self._tool.hover(self._tool_event(event))
        self._set_hover(self.hex_at(event.position()))
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._drag_from is not None and event.button() in (
            Qt.MouseButton.MiddleButton,
            Qt.MouseButton.LeftButton,
        ):
            self._drag_from = None
            self._update_cursor()
        elif self._tool_pressed and event.button() == Qt.MouseButton.LeftButton:
            self._tool_pressed = False
            if self._tool is not None:
                self._tool.release(self._tool_event(event))
        event.accept()

    def _accepts(self, data: QMimeData) -> bool:
        handler = self.drop_handler
        return self.scene is not None and handler is not None and handler.accepts(data)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self._accepts(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        hex_ = self.hex_at(event.position())
        self._set_hover(hex_)
        if hex_ is not None and self._accepts(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragLeaveEvent(self, event: Any) -> None:
        self._set_hover(None)
        super().dragLeaveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        hex_ = self.hex_at(event.position())
        if hex_ is None or self.drop_handler is None or not self._accepts(event.mimeData()):
            event.ignore()
            return
        # The handler only reads the ids; the OOB tree drags in InternalMove mode, which
        # removes nothing from the tree when the drop lands on another widget.
        self.drop_handler.drop(event.mimeData(), hex_)
        event.acceptProposedAction()
        self.setFocus()

    def leaveEvent(self, event: Any) -> None:
        self._set_hover(None)
        super().leaveEvent(event)

    def _set_hover(self, hex_: Offset | None) -> None:
        if hex_ != self._hover:
            self._hover = hex_
            self.hover_changed.emit(hex_)
            self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        size = self.map_size()
        step_x, step_y = size.width() * PAN_SHARE, size.height() * PAN_SHARE
        moves = {
            Qt.Key.Key_Left: (step_x, 0.0),
            Qt.Key.Key_Right: (-step_x, 0.0),
            Qt.Key.Key_Up: (0.0, step_y),
            Qt.Key.Key_Down: (0.0, -step_y),
        }
        if key == Qt.Key.Key_Escape and self._tool is not None:
            self._tool_pressed = False
            self._tool.cancel()
            self.update()
        elif key == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = True
            self._update_cursor()
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key == Qt.Key.Key_Minus:
            self.zoom_out()
        elif key == Qt.Key.Key_Home:
            self.zoom_to_fit()
        elif key in moves:
            self.viewport.pan(*moves[key])  # type: ignore[index]
            self._moved()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = False
            self._update_cursor()
            event.accept()
            return
        super().keyReleaseEvent(event)

    def _update_cursor(self) -> None:
        if self._drag_from is not None:
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
        elif self._space_held:
            self.setCursor(Qt.CursorShape.OpenHandCursor)
        elif self._tool is not None:
            self.setCursor(self._tool.cursor)
        else:
            self.unsetCursor()

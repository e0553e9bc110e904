"""The base of every map tool and the input it receives, in map terms (hex and world point)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import count

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QWidget

from editor.document import Document
from editor.map.geometry import Frame, MapGeometry
from editor.map.scene import MapScene
from editor.selection import Selection

Offset = tuple[int, int]

_strokes = count(1)


def new_stroke() -> int:
    """A fresh id for one press-drag-release: the commands of a stroke merge by it."""
    return next(_strokes)


@dataclass(frozen=True)
class ToolEvent:
    """A mouse event on the map: where (pixel, world position, hex) and with what."""

    pixel: QPointF
    world: QPointF
    hex: Offset | None
    buttons: Qt.MouseButton
    modifiers: Qt.KeyboardModifier

    @property
    def shift(self) -> bool:
        """Whether Shift is held (tools use it for lines and constraints)."""
        return bool(self.modifiers & Qt.KeyboardModifier.ShiftModifier)

    @property
    def control(self) -> bool:
        """Whether Ctrl is held (tools use it to add to a selection or pick)."""
        return bool(self.modifiers & Qt.KeyboardModifier.ControlModifier)


class MapTool(QObject):
    """A tool of the map. Subclasses set `name` (stable, for settings and tests), `label`,
    `icon` (an icon name of editor/icons.py), `shortcut` (one key) and `tip`, and override the
    input handlers they need.

    The view calls `press`, `move`, `release` for the left button, `hover` when no button is
    held, `secondary_click` for the right button, `cancel` on Escape, and `paint_preview`
    after drawing the map. `preview_changed` asks the view to repaint."""

    name = ""
    label = ""
    icon = ""
    shortcut = ""
    tip = ""

    preview_changed = Signal()
    """The preview changed: the map view repaints."""
    message = Signal(str)
    """A line for the status bar (what the tool would do, or why it cannot)."""

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(parent)
        assert self.name, "a tool needs a stable name"
        self.selection = selection
        self.document: Document | None = None
        self.scene: MapScene | None = None
        self.views: list[QWidget] = []
        """The map views that show the tool, kept by the views themselves (a tool taking keys
        filters their events)."""

    def set_scene(self, scene: MapScene | None) -> None:
        """The map scene the tool works on, with its document (None: nothing open)."""
        self.cancel()
        self.scene = scene
        self.document = scene.document if scene is not None else None

    @property
    def geometry(self) -> MapGeometry | None:
        """The hex geometry of the map."""
        return self.scene.geometry if self.scene is not None else None

    def activate(self) -> None:
        """The tool becomes the current one."""

    def deactivate(self) -> None:
        """Another tool becomes current: drop any gesture under way."""
        self.cancel()

    def press(self, event: ToolEvent) -> None:
        """The left button went down on the map."""

    def move(self, event: ToolEvent) -> None:
        """The mouse moved with the left button held."""

    def release(self, event: ToolEvent) -> None:
        """The left button came up: finish the gesture."""

    def hover(self, event: ToolEvent) -> None:
        """The mouse moved with no button held (update the preview)."""

    def secondary_click(self, event: ToolEvent) -> None:
        """The right button went down on the map (a tool with modes leaves its mode)."""

    def cancel(self) -> None:
        """Escape, or the tool stops being current: undo what the gesture did so far."""

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        """Draw what the tool would do, over the map."""

    def options(self) -> QWidget | None:
        """The tool's settings, shown in the Tool Options dock (None: it has none)."""
        return None

    @property
    def cursor(self) -> Qt.CursorShape:
        """The mouse cursor over the map while this tool is current."""
        return Qt.CursorShape.CrossCursor

"""The mouse wheel scrolls panels, not values: spin boxes, combo boxes, sliders and date editors
take the wheel only once the designer has clicked or tabbed into them, application-wide."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QSlider,
    QWidget,
)

GUARDED = (QAbstractSpinBox, QComboBox, QSlider)
"""Widgets whose wheel changes a value (QDateTimeEdit is a QAbstractSpinBox); scroll bars and
tab bars are not here: their wheel moves the view, never the data."""


def takes_wheel_only_when_focused(widget: QObject) -> bool:
    """Whether the guard keeps the wheel from this widget while it has no focus."""
    return isinstance(widget, GUARDED)


class WheelGuard(QObject):
    """An application event filter: a wheel turned over an unfocused value widget scrolls the
    nearest panel or table around it that can scroll, and the value stays as it was."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Every event of the application passes here: the widget's class is asked first, as
        # reading the event's type makes a Python enum, which cost a tenth of the window's build.
        if not isinstance(watched, GUARDED):
            return False
        kind = event.type()
        if kind == QEvent.Type.Polish:
            _no_focus_by_wheel(watched)
            return False
        if kind != QEvent.Type.Wheel:
            return False
        if watched.hasFocus() or _editor_has_focus(watched):
            return False
        assert isinstance(event, QWheelEvent)
        _scroll_around(watched, event)
        return True


def install(app: QApplication) -> WheelGuard:
    """Install the guard on the application once; returns the guard in place."""
    existing = app.findChild(WheelGuard)
    if isinstance(existing, WheelGuard):
        return existing
    guard = WheelGuard(app)
    app.installEventFilter(guard)
    return guard


def _no_focus_by_wheel(widget: QWidget) -> None:
    """Turning the wheel over a field must not put the keyboard in it (WheelFocus does)."""
    if widget.focusPolicy() == Qt.FocusPolicy.WheelFocus:
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


def _editor_has_focus(widget: QWidget) -> bool:
    """An editable combo box's line edit holds the focus for it."""
    focused = QApplication.focusWidget()
    return focused is not None and widget.isAncestorOf(focused)


def _scroll_around(widget: QWidget, event: QWheelEvent) -> None:
    """Hand the wheel to the nearest enclosing scroll area that can move that way."""
    vertical = abs(event.angleDelta().y()) >= abs(event.angleDelta().x())
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea) and _can_scroll(parent, vertical):
            target = parent.viewport()
            position = target.mapFromGlobal(event.globalPosition().toPoint())
            forwarded = QWheelEvent(
                QPointF(position),
                event.globalPosition(),
                event.pixelDelta(),
                event.angleDelta(),
                event.buttons(),
                event.modifiers(),
                event.phase(),
                event.inverted(),
                event.source(),
            )
            QApplication.sendEvent(target, forwarded)
            return
        parent = parent.parentWidget()


def _can_scroll(area: QAbstractScrollArea, vertical: bool) -> bool:
    bar = area.verticalScrollBar() if vertical else area.horizontalScrollBar()
    return bar.maximum() > bar.minimum()

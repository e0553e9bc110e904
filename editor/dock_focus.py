"""The keyboard inside the panels: Tab and Shift+Tab walk a panel's controls in the order they
are laid out (tool bar buttons included) and wrap round within it, so focus never wanders into
another panel or a hidden widget; bringing a panel forward puts the keyboard back where it was."""

from __future__ import annotations

from collections.abc import Iterator

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QButtonGroup,
    QComboBox,
    QDockWidget,
    QPlainTextEdit,
    QScrollArea,
    QTextEdit,
    QToolBar,
    QToolButton,
    QWidget,
)

WHOLE = (QAbstractSpinBox, QComboBox, QAbstractScrollArea)
"""Controls that are one stop however many widgets they are made of (a spin box's line edit,
a table's viewport and cell editors)."""


def tab_stops(root: QWidget) -> list[QWidget]:
    """The controls Tab reaches in `root`, in layout order: visible, enabled, taking focus."""
    return list(_stops(root))


def _stops(widget: QWidget, proxies: list[QWidget] | None = None) -> Iterator[QWidget]:
    proxies = [] if proxies is None else proxies
    for child in _children_in_layout_order(widget):
        if child.isHidden() or not child.isVisibleTo(widget.window()):
            continue
        if _is_stop(child) and not any(child is proxy for proxy in proxies):
            # A tab widget is one stop: its tab bar (the focus proxy) is not another.
            proxy = child.focusProxy()
            if proxy is not None:
                proxies.append(proxy)
            yield child
            if isinstance(child, WHOLE):
                continue
        elif isinstance(child, QAbstractScrollArea) and not isinstance(child, QScrollArea):
            continue  # a disabled table or text: its insides are not stops either
        yield from _stops(child, proxies)


def _is_stop(widget: QWidget) -> bool:
    if isinstance(widget, QScrollArea) or not widget.isEnabled():
        return False
    group = widget.group() if isinstance(widget, QAbstractButton) else None
    if group is not None and group.exclusive():
        # Like radio buttons: the group is one stop, its chosen button; arrows move within.
        return widget is _group_stop(group)
    in_tool_bar = isinstance(widget, QToolButton) and isinstance(widget.parentWidget(), QToolBar)
    if in_tool_bar and widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
        # Tool bars make their buttons mouse-only; in a panel they are its commands.
        widget.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    return bool(widget.focusPolicy().value & Qt.FocusPolicy.TabFocus.value)


def _group_stop(group: QButtonGroup) -> QWidget | None:
    buttons = [b for b in group.buttons() if b.isVisible() and b.isEnabled()]
    chosen = next((b for b in buttons if b.isChecked()), buttons[0] if buttons else None)
    for button in buttons:
        wanted = Qt.FocusPolicy.TabFocus if button is chosen else Qt.FocusPolicy.ClickFocus
        if button.focusPolicy() != Qt.FocusPolicy.StrongFocus:
            button.setFocusPolicy(wanted)
    return chosen


def _children_in_layout_order(widget: QWidget) -> list[QWidget]:
    """The child widgets: those in the layout first, in its order, then the others."""
    if isinstance(widget, QScrollArea):
        content = widget.widget()
        return [content] if content is not None else []
    ordered: list[QWidget] = []
    layout = widget.layout()
    if layout is not None:
        _layout_widgets(layout, ordered)
    for child in widget.children():
        if isinstance(child, QWidget) and not child.isWindow() and child not in ordered:
            ordered.append(child)
    return [w for w in ordered if widget.isAncestorOf(w)]


def _layout_widgets(layout: object, into: list[QWidget]) -> None:
    count = layout.count()  # type: ignore[attr-defined]
    for index in range(count):
        item = layout.itemAt(index)  # type: ignore[attr-defined]
        if item is None:
            continue
        if item.widget() is not None:
            into.append(item.widget())
        elif item.layout() is not None:
            _layout_widgets(item.layout(), into)


def stop_holding(widget: QWidget | None, stops: list[QWidget]) -> QWidget | None:
    """The tab stop that is or contains `widget` (a spin box for its line edit)."""
    while widget is not None:
        if widget in stops:
            return widget
        widget = widget.parentWidget()
    return None


def dock_of(widget: QWidget | None) -> QDockWidget | None:
    """The dock a widget is in, if any."""
    while widget is not None:
        if isinstance(widget, QDockWidget):
            return widget
        widget = widget.parentWidget()
    return None


def focus_stop(stop: QWidget, reason: Qt.FocusReason = Qt.FocusReason.TabFocusReason) -> None:
    """Give a control the keyboard and scroll its panel to show it."""
    stop.setFocus(reason)
    parent = stop.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            parent.ensureWidgetVisible(stop)
        parent = parent.parentWidget()


def _takes_tab_itself(widget: QWidget) -> bool:
    """Cell editors (Tab goes to the next cell) and text boxes where Tab is typed."""
    if isinstance(widget, (QPlainTextEdit, QTextEdit)):
        return not widget.isReadOnly() and not widget.tabChangesFocus()
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractItemView):
            return widget is not parent
        if isinstance(parent, QDockWidget):
            return False
        parent = parent.parentWidget()
    return False


class DockTabbing(QObject):
    """An application event filter for one window: Tab and Shift+Tab in a panel move through
    that panel's controls and wrap round; it also remembers each panel's last control."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.last_focus: dict[str, QWidget] = {}
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.installEventFilter(self)
        app.focusChanged.connect(self._focus_changed)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(watched, QWidget):
            return False
        assert isinstance(event, QKeyEvent)
        key = event.key()
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier
        with_ctrl = modifiers == Qt.KeyboardModifier.ControlModifier
        if key not in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) or (modifiers and not with_ctrl):
            return False
        focused = QApplication.focusWidget()
        if watched is not focused or focused is None:
            return False
        if not with_ctrl and _takes_tab_itself(focused):
            return False
        dock = dock_of(focused)
        if dock is None or dock.parent() is not self.window:
            return False
        backwards = key == Qt.Key.Key_Backtab or bool(
            event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        )
        return self.step(dock, focused, backwards)

    def step(self, dock: QDockWidget, focused: QWidget, backwards: bool) -> bool:
        """Move to the next (or previous) control of the dock; False if it has none."""
        stops = tab_stops(dock)
        if not stops:
            return False
        current = stop_holding(focused, stops)
        if current is None:
            target = stops[-1] if backwards else stops[0]
        else:
            index = stops.index(current) + (-1 if backwards else 1)
            target = stops[index % len(stops)]
        focus_stop(
            target,
            Qt.FocusReason.BacktabFocusReason if backwards else Qt.FocusReason.TabFocusReason,
        )
        return True

    def focus_dock(self, dock: QDockWidget) -> None:
        """Show and raise a dock and give the keyboard to its last control (else its first)."""
        dock.show()
        dock.raise_()
        stops = tab_stops(dock)
        last = self.last_focus.get(dock.objectName())
        alive = last is not None and shiboken6.isValid(last)
        target = stop_holding(last, stops) if alive else None
        if target is None and stops:
            target = stops[0]
        if target is not None:
            focus_stop(target, Qt.FocusReason.ShortcutFocusReason)
        else:
            dock.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        dock = dock_of(new)
        if dock is not None and new is not None and dock.parent() is self.window:
            self.last_focus[dock.objectName()] = new

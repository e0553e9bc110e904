"""The Tool Options page of the Overlays tool: which overlay a click lays (with a swatch of how the
map draws it), the values of the new overlay (strength, side, fortification kind...), and Erase.
The value fields are built from the scenario schema, so each carries its field's description."""

from __future__ import annotations

import types
import typing
from enum import Enum
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo
from PySide6.QtCore import QPointF, QSize, Signal
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QRadioButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from editor.map import style
from editor.map.geometry import Frame, MapGeometry
from editor.map.markers import paint_overlays
from editor.map.scenario_index import ScenarioIndex
from editor.tools.feature_preview import SWATCH_HEIGHT, SWATCH_WIDTH
from editor.tools.overlay_commands import OVERLAY_NOUNS
from editor.tools.unit_options import SIDE_NAMES, form, hint, spin
from schemas.panzer_campaigns.scenario import (
    Congestion,
    FortificationKind,
    FortificationOverlay,
    Minefield,
    Obstacle,
    RailDamage,
    Rubble,
    Wrecks,
)
from schemas.vocabulary import Side

Offset = tuple[int, int]

OVERLAY_MODELS: dict[str, type[BaseModel]] = {
    "minefields": Minefield,
    "obstacles": Obstacle,
    "congestion": Congestion,
    "rubble": Rubble,
    "rail_damage": RailDamage,
    "fortifications": FortificationOverlay,
    "wrecks": Wrecks,
}
"""The model of each overlay list the tool lays."""

_KIND_TIPS = {
    "minefields": "Casualties and movement loss on entry; blocks supply until penetrated.",
    "obstacles": "Only the scenario can place one; costs deployed units their whole movement.",
    "congestion": "Only the scenario can place one; slows movement through the hex.",
    "rubble": "Rubble in an urban hex: costs x3, no road movement until cleared.",
    "rail_damage": "A cut railway hex; not repairable within a scenario.",
    "fortifications": "An improved position, trench, bunker or pillbox present at the start.",
    "wrecks": "Wrecked vehicles; more than 7 block sight in Panzer Battles.",
}
_VALUE_LABELS = {
    FortificationKind.IMPROVED_POSITION: "Improved Position",
    FortificationKind.TRENCH: "Trench",
    FortificationKind.BUNKER: "Bunker",
    FortificationKind.PILLBOX: "Pillbox",
}
_ICON_ZOOM = 48.0
_ICON_SLOT = (-0.42, -0.2)
"""Where the map draws a hex's first overlay, in hexes from its centre (markers.py)."""


def overlay_icon(name: str, item: BaseModel) -> QIcon:
    """A swatch of an overlay as the map draws it."""
    pixmap = QPixmap(SWATCH_WIDTH, SWATCH_HEIGHT)
    pixmap.fill(style.PAPER)
    painter = QPainter(pixmap)
    geometry = MapGeometry(1, 1)
    x, y = geometry.center(0, 0)
    # Put the marker (drawn beside the hex centre, rubble around it) in the middle of the swatch.
    dx, dy = (0.0, 0.0) if name == "rubble" else _ICON_SLOT
    target = QPointF(SWATCH_WIDTH / 2 - dx * _ICON_ZOOM, SWATCH_HEIGHT / 2 - dy * _ICON_ZOOM)
    frame = Frame(
        geometry,
        _ICON_ZOOM,
        target.x() - x * _ICON_ZOOM,
        target.y() - y * _ICON_ZOOM,
        SWATCH_WIDTH,
        SWATCH_HEIGHT,
    )
    paint_overlays(painter, frame, ScenarioIndex(overlays={(0, 0): [(name, item)]}))
    painter.end()
    return QIcon(pixmap)


def _sample(name: str) -> BaseModel:
    """An overlay of the kind with typical values, for its swatch."""
    samples: dict[str, dict[str, Any]] = {
        "minefields": {"strength": 2},
        "fortifications": {"kind": FortificationKind.TRENCH},
        "wrecks": {"count": 1},
    }
    extra = samples.get(name, {})
    return OVERLAY_MODELS[name](hex=(0, 0), **extra)


def _tip(info: FieldInfo) -> str:
    tip = info.description or ""
    unit = (
        (info.json_schema_extra or {}).get("x-unit")
        if isinstance(info.json_schema_extra, dict)
        else None
    )
    return f"{tip} ({unit})" if unit else tip


def _bounds(info: FieldInfo) -> tuple[int, int]:
    low, high = 0, 999
    for rule in info.metadata:
        low = getattr(rule, "ge", None) or low
        high = getattr(rule, "le", None) or high
    return low, high


def _choices(annotation: Any) -> tuple[type[Enum], bool] | None:
    """The enum of a choice field and whether it may be empty (None)."""
    args = typing.get_args(annotation) if isinstance(annotation, types.UnionType) else ()
    members = [a for a in args if a is not type(None)] if args else [annotation]
    if len(members) == 1 and isinstance(members[0], type) and issubclass(members[0], Enum):
        return members[0], bool(args)
    return None


def _choice_label(member: Enum) -> str:
    if isinstance(member, Side):
        return SIDE_NAMES[member]
    if isinstance(member, FortificationKind):
        return _VALUE_LABELS[member]
    return str(member.value).replace("_", " ").title()


class OverlayValues(QWidget):
    """The fields of one overlay kind but its hex, each a widget made from its schema field."""

    changed = Signal()

    def __init__(self, model: type[BaseModel], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.widgets: dict[str, QWidget] = {}
        rows: list[tuple[str, QWidget]] = []
        for name, info in model.model_fields.items():
            if name == "hex":
                continue
            widget = self._editor(info)
            widget.setObjectName(name)
            widget.setToolTip(_tip(info))
            self.widgets[name] = widget
            rows.append((name.replace("_", " ").capitalize(), widget))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        if rows:
            layout.addWidget(form(*rows))
            # One width for the fields of a page, so they line up.
            fields = [w for w in self.widgets.values() if not isinstance(w, QCheckBox)]
            width = max((w.width() for w in fields), default=0)
            for widget in fields:
                widget.setFixedWidth(width)
        else:
            layout.addWidget(hint("No values: the marker is simply there."))
        layout.addStretch(1)

    def _editor(self, info: FieldInfo) -> QWidget:
        annotation = info.annotation
        if annotation is bool:
            check = QCheckBox()
            check.setChecked(bool(info.default))
            check.toggled.connect(self.changed)
            return check
        choices = _choices(annotation)
        if choices is not None:
            enum, optional = choices
            combo = QComboBox()
            if optional:
                combo.addItem("(none)", None)
            for member in enum:
                combo.addItem(_choice_label(member), member)
            combo.currentIndexChanged.connect(self.changed)
            return combo
        low, high = _bounds(info)
        default = info.default if isinstance(info.default, int) else low
        box = spin(low, high, max(low, default))
        box.valueChanged.connect(self.changed)
        return box

    def values(self) -> dict[str, Any]:
        """The value of every field."""
        values: dict[str, Any] = {}
        for name, widget in self.widgets.items():
            if isinstance(widget, QCheckBox):
                values[name] = widget.isChecked()
            elif isinstance(widget, QComboBox):
                values[name] = widget.currentData()
            elif isinstance(widget, QSpinBox):
                values[name] = widget.value()
        return values

    def load(self, item: BaseModel) -> None:
        """Show the values of an overlay (to lay more like it)."""
        for name, widget in self.widgets.items():
            value = getattr(item, name)
            if isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
            elif isinstance(widget, QComboBox):
                widget.setCurrentIndex(max(0, widget.findData(value)))
            elif isinstance(widget, QSpinBox):
                widget.setValue(int(value))


class OverlayOptions(QWidget):
    """What the Overlays tool lays: the kind, its values, and whether clicks erase instead."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("overlay_options")
        self._group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        kinds = QGroupBox("Overlay")
        column = QVBoxLayout(kinds)
        column.setSpacing(2)
        for number, name in enumerate(OVERLAY_NOUNS):
            button = QRadioButton(OVERLAY_NOUNS[name])
            button.setObjectName(f"kind_{name}")
            button.setToolTip(_KIND_TIPS[name])
            button.setIcon(overlay_icon(name, _sample(name)))
            button.setIconSize(QSize(SWATCH_WIDTH, SWATCH_HEIGHT))
            self._group.addButton(button, number)
            self.buttons[name] = button
            column.addWidget(button)
        self.pages: dict[str, OverlayValues] = {}
        self._stack = QStackedWidget()
        for name, model in OVERLAY_MODELS.items():
            page = OverlayValues(model)
            page.changed.connect(self.changed)
            self.pages[name] = page
            self._stack.addWidget(page)
        self._values_box = QGroupBox()
        values_layout = QVBoxLayout(self._values_box)
        values_layout.addWidget(self._stack)

        mode = QGroupBox("Mode")
        mode_column = QVBoxLayout(mode)
        self.erase_box = QCheckBox("Erase (or hold Shift)")
        self.erase_box.setToolTip("Remove the chosen kind of overlay from the hexes clicked.")
        self.erase_box.toggled.connect(self.changed)
        mode_column.addWidget(self.erase_box)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(8)
        layout.addWidget(kinds)
        layout.addWidget(self._values_box)
        layout.addWidget(mode)
        layout.addWidget(
            hint(
                "Click or drag over hexes to lay the overlay (replacing one of the same kind), "
                "Shift+click to remove it, Ctrl+click to take the values of one on the map."
            )
        )
        layout.addStretch(1)
        self.buttons["minefields"].setChecked(True)
        self._show_kind()
        self._group.idToggled.connect(self._toggled)

    def _toggled(self, _id: int, checked: bool) -> None:
        if checked:
            self._show_kind()
            self.changed.emit()

    def _show_kind(self) -> None:
        name = self.kind
        self._stack.setCurrentWidget(self.pages[name])
        self._values_box.setTitle(f"New {OVERLAY_NOUNS[name].lower()}")
        # A stack is as tall as its tallest page: size it to the page shown.
        for page in self.pages.values():
            page.setVisible(page is self.pages[name])
        self._stack.setFixedHeight(self.pages[name].sizeHint().height())

    @property
    def kind(self) -> str:
        """The overlay list a click lays into, e.g. "minefields"."""
        return list(OVERLAY_NOUNS)[max(0, self._group.checkedId())]

    def set_kind(self, name: str) -> None:
        """Choose the kind of overlay."""
        self.buttons[name].setChecked(True)

    def values(self) -> OverlayValues:
        """The value fields of the chosen kind."""
        return self.pages[self.kind]

    def item(self, hex_: Offset) -> Any:
        """The overlay a click on a hex lays."""
        return OVERLAY_MODELS[self.kind](hex=hex_, **self.values().values())

    def load(self, name: str, item: BaseModel) -> None:
        """Choose an overlay's kind and take its values."""
        self.set_kind(name)
        self.pages[name].load(item)

    def erase(self) -> bool:
        """Whether clicks remove instead of lay."""
        return self.erase_box.isChecked()

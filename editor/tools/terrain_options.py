"""The Tool Options pages of the terrain tools: the shared terrain palette (the map's legend,
the current terrain and the random mix), the brush radius, the fill's scope, and the elevation
brush's mode, amounts and legend."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QFont,
    QIcon,
    QLinearGradient,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QRadioButton,
    QSpinBox,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.document import Change, Document
from editor.tools.terrain_base import RADII, footprint_size
from editor.tools.terrain_commands import ELEVATION_RANGE
from editor.tools.terrain_palette import TerrainPalette
from editor.tools.terrain_relief import MODE_TIPS, RAMP, ElevationMode, ramp_color
from schemas.io import FileKind

if TYPE_CHECKING:
    from editor.tools.terrain_base import StrokeTool, TerrainTool
    from editor.tools.terrain_elevation import ElevationBrushTool
    from editor.tools.terrain_shapes import BucketFillTool

LABEL_WIDTH = 56
"""The label column of the option rows, so the editors line up."""


def swatch(color: QColor, size: int = 14) -> QIcon:
    """A square of a terrain colour with a thin dark edge."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setPen(QPen(QColor(40, 40, 40, 200), 1))
    painter.setBrush(color)
    painter.drawRect(0, 0, size - 1, size - 1)
    painter.end()
    return QIcon(pixmap)


def _hint(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setStyleSheet("color: palette(placeholder-text);")
    return label


def _label(text: str, tip: str = "") -> QLabel:
    label = QLabel(text)
    label.setFixedWidth(LABEL_WIDTH)
    label.setToolTip(tip)
    return label


def _page(*parts: QWidget) -> QWidget:
    page = QWidget()
    layout = QVBoxLayout(page)
    layout.setContentsMargins(2, 2, 2, 2)
    layout.setSpacing(8)
    for part in parts:
        layout.addWidget(part)
    layout.addStretch(1)
    return page


class PaletteWidget(QWidget):
    """The map's terrain legend to choose the terrain from, and the random mix."""

    def __init__(self, palette: TerrainPalette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.terrain = palette
        self.current = QLabel()
        self.current.setToolTip("The terrain the brush, line, rectangle and fill paint")
        bold = QFont(self.current.font())
        bold.setBold(True)
        self.current.setFont(bold)
        self.current_swatch = QLabel()
        self.legend = QTreeWidget()
        self.legend.setColumnCount(2)
        self.legend.setHeaderLabels(["Terrain", "Code"])
        self.legend.setRootIsDecorated(False)
        self.legend.setUniformRowHeights(True)
        self.legend.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.legend.setIconSize(QSize(14, 14))
        self.legend.setToolTip("The map's terrain legend: click a terrain to paint with it")
        header = self.legend.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(1, 44)
        self.legend.itemSelectionChanged.connect(self._picked)

        self.mix = QCheckBox("Mix in")
        self.mix.setToolTip(
            "Random mix: each painted hex takes the second terrain at this chance, in a "
            "pattern drawn anew for every stroke (forests, rough ground)"
        )
        self.second = QComboBox()
        self.second.setIconSize(QSize(14, 14))
        self.second.setToolTip("The second terrain of the random mix")
        self.percent = QSpinBox()
        self.percent.setRange(0, 100)
        self.percent.setSuffix(" %")
        self.percent.setToolTip("Share of the painted hexes that take the second terrain (%)")
        self.mix.toggled.connect(self._mix_edited)
        self.second.currentIndexChanged.connect(self._mix_edited)
        self.percent.valueChanged.connect(self._mix_edited)

        top = QHBoxLayout()
        top.setSpacing(6)
        top.addWidget(_label("Paint", "The terrain the tools paint"))
        top.addWidget(self.current_swatch)
        top.addWidget(self.current, 1)
        mix_row = QHBoxLayout()
        mix_row.setSpacing(6)
        self.mix.setFixedWidth(LABEL_WIDTH + 12)
        mix_row.addWidget(self.mix)
        mix_row.addWidget(self.second, 1)
        mix_row.addWidget(self.percent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addLayout(top)
        layout.addWidget(self.legend)
        layout.addLayout(mix_row)
        palette.legend_changed.connect(self._fill)
        palette.changed.connect(self._sync)
        self._fill()

    def _fill(self) -> None:
        self.legend.blockSignals(True)
        self.second.blockSignals(True)
        self.legend.clear()
        self.second.clear()
        for entry in self.terrain.legend():
            icon = swatch(self.terrain.color(entry.code))
            item = QTreeWidgetItem([entry.name, entry.code])
            item.setIcon(0, icon)
            item.setData(0, Qt.ItemDataRole.UserRole, entry.code)
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignCenter)
            item.setToolTip(0, f"{entry.name} ({entry.id}): colour {entry.color}")
            item.setToolTip(1, "The character that marks this terrain in the map's rows")
            self.legend.addTopLevelItem(item)
            self.second.addItem(icon, f"{entry.name} ({entry.code})", entry.code)
        self.legend.blockSignals(False)
        self.second.blockSignals(False)
        # Tall enough for the whole legend (up to 14 entries, then it scrolls), and no taller.
        rows = max(3, min(14, self.legend.topLevelItemCount()))
        row_height = self.legend.sizeHintForRow(0) if self.legend.topLevelItemCount() else 18
        frame = 2 * self.legend.frameWidth()
        height = row_height * rows + self.legend.header().sizeHint().height() + frame
        self.legend.setFixedHeight(height)
        self._sync()

    def _sync(self) -> None:
        palette = self.terrain
        self.current.setText(palette.describe(palette.current) if palette.current else "—")
        self.current_swatch.setPixmap(swatch(palette.color(palette.current), 16).pixmap(16, 16))
        self.legend.blockSignals(True)
        for index in range(self.legend.topLevelItemCount()):
            item = self.legend.topLevelItem(index)
            assert item is not None
            selected = item.data(0, Qt.ItemDataRole.UserRole) == palette.current
            item.setSelected(selected)
            if selected:
                self.legend.setCurrentItem(item)
        self.legend.blockSignals(False)
        for widget in (self.mix, self.second, self.percent):
            widget.blockSignals(True)
        self.mix.setChecked(palette.mix)
        self.second.setCurrentIndex(max(0, self.second.findData(palette.second)))
        self.percent.setValue(palette.mix_percent)
        self.second.setEnabled(palette.mix)
        self.percent.setEnabled(palette.mix)
        for widget in (self.mix, self.second, self.percent):
            widget.blockSignals(False)

    def _picked(self) -> None:
        items = self.legend.selectedItems()
        if items:
            self.terrain.set_current(items[0].data(0, Qt.ItemDataRole.UserRole))

    def _mix_edited(self, *_: object) -> None:
        code = self.second.currentData()
        if code:
            self.terrain.set_second(code)
        self.terrain.set_mix(self.mix.isChecked(), self.percent.value())


class RadiusPicker(QWidget):
    """The brush radius as four buttons, with the number of hexes it covers."""

    def __init__(self, tool: StrokeTool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tool = tool
        self.group = QButtonGroup(self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(_label("Radius", "Hexes from the centre the brush reaches"))
        layout.addSpacing(4)
        for radius in RADII:
            button = QToolButton()
            button.setText(str(radius))
            button.setCheckable(True)
            button.setFixedWidth(30)
            count = footprint_size(radius)
            button.setToolTip(f"Radius {radius}: {count} {'hex' if count == 1 else 'hexes'}")
            self.group.addButton(button, radius)
            layout.addWidget(button)
        self.count = QLabel()
        self.count.setMinimumWidth(64)
        layout.addSpacing(8)
        layout.addWidget(self.count)
        layout.addStretch(1)
        self.group.idClicked.connect(tool.set_radius)
        tool.settings_changed.connect(self._sync)
        self._sync()

    def _sync(self) -> None:
        button = self.group.button(self.tool.radius)
        if button is not None:
            button.setChecked(True)
        count = footprint_size(self.tool.radius)
        self.count.setText(f"{count} {'hex' if count == 1 else 'hexes'}")


def brush_options(tool: StrokeTool) -> QWidget:
    """The terrain brush: radius, palette."""
    return _page(
        RadiusPicker(tool),
        PaletteWidget(tool.palette),
        _hint("Alt or Ctrl + click picks the terrain under the mouse. Escape cancels a stroke."),
    )


def shape_options(tool: TerrainTool) -> QWidget:
    """The line and rectangle: the palette."""
    return _page(
        PaletteWidget(tool.palette),
        _hint("Drag from one hex to another, release to paint. Escape cancels."),
    )


def eyedropper_options(tool: TerrainTool) -> QWidget:
    """The eyedropper: the palette it picks into."""
    return _page(
        PaletteWidget(tool.palette),
        _hint("Click a hex to paint with its terrain; Shift + click makes it the mix's second."),
    )


def fill_options(tool: BucketFillTool) -> QWidget:
    """The bucket fill: contiguous or map-wide, and the palette."""
    scope = QWidget()
    layout = QVBoxLayout(scope)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(2)
    region = QRadioButton("Connected hexes of that terrain")
    region.setToolTip("Fill the hexes of the clicked terrain that connect to the clicked hex")
    everywhere = QRadioButton("Every hex of that terrain on the map")
    everywhere.setToolTip("Replace the clicked terrain everywhere on the map")
    (everywhere if tool.global_replace else region).setChecked(True)
    everywhere.toggled.connect(tool.set_global)
    layout.addWidget(region)
    layout.addWidget(everywhere)
    return _page(
        scope,
        PaletteWidget(tool.palette),
        _hint("The status bar tells how many hexes a click will change."),
    )


class ElevationLegend(QWidget):
    """The map's lowest to highest ground on the colour ramp, with the Set value marked."""

    def __init__(self, tool: ElevationBrushTool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tool = tool
        self.range: tuple[int, int] | None = None
        self.setMinimumHeight(58)
        self.setToolTip(
            "Elevations of this map, lowest to highest (the map shows relief as hillshade)"
        )
        self._refresh = QTimer(self)
        self._refresh.setSingleShot(True)
        self._refresh.setInterval(400)  # after a stroke, not at each of its segments
        self._refresh.timeout.connect(self._refresh_due)
        self._document: Document | None = None
        tool.settings_changed.connect(self._settings_changed)
        self.reload()

    def follow(self, change: Change) -> None:
        """A document change: read the range again soon if the elevations changed."""
        if change.kind is FileKind.MAP and change.touches(("elevation_rows",)):
            self._refresh.start()

    def _refresh_due(self) -> None:
        if self.tool.stroke is not None:
            self._refresh.start()  # the stroke goes on: read the map once it ends
        else:
            self.reload()

    def _settings_changed(self) -> None:
        if self.tool.document is not self._document:
            self.reload()
        else:
            self.update()

    def reload(self) -> None:
        """Read the map's range of elevations."""
        document = self.tool.document
        if document is not self._document:
            if self._document is not None:
                self._document.changed.disconnect(self.follow)
            self._document = document
            if document is not None:
                document.changed.connect(self.follow)
        self.range = self.tool.elevation_range()
        self.update()

    def showEvent(self, event: object) -> None:
        self.reload()
        super().showEvent(event)  # type: ignore[arg-type]

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        text_color = self.palette().windowText().color()
        bar = QRectF(6, 4, self.width() - 12, 14)
        if self.range is None:
            painter.setPen(self.palette().placeholderText().color())
            painter.drawText(
                QRectF(0, 0, self.width(), self.height()),
                Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap,
                "A flat map: the first edit adds elevations, 0 m everywhere.",
            )
            painter.end()
            return
        low, high = self.range
        gradient = QLinearGradient(bar.topLeft(), bar.topRight())
        for at, color in RAMP:
            gradient.setColorAt(at, QColor(color))
        painter.setPen(QPen(QColor(60, 60, 60), 1))
        painter.setBrush(gradient)
        painter.drawRect(bar)
        painter.setPen(text_color)
        labels = QRectF(bar.left(), bar.bottom() + 3, bar.width(), 16)
        painter.drawText(labels, Qt.AlignmentFlag.AlignLeft, f"{low} m")
        painter.drawText(labels, Qt.AlignmentFlag.AlignRight, f"{high} m")
        if self.tool.mode is ElevationMode.SET and high > low:
            share = min(1.0, max(0.0, (self.tool.value - low) / (high - low)))
            x = bar.left() + share * bar.width()
            marker = QPolygonF(
                [
                    QPointF(x, bar.bottom() - 2),
                    QPointF(x - 5, bar.bottom() + 6),
                    QPointF(x + 5, bar.bottom() + 6),
                ]
            )
            painter.setBrush(ramp_color(self.tool.value, low, high))
            painter.setPen(QPen(QColor(30, 30, 30), 1))
            painter.drawPolygon(marker)
            painter.setPen(text_color)
            # On a line of its own under the ends' labels, kept inside the widget.
            middle = min(max(x, bar.left() + 40), bar.right() - 40)
            painter.drawText(
                QRectF(middle - 40, bar.bottom() + 19, 80, 16),
                Qt.AlignmentFlag.AlignHCenter,
                f"Set {self.tool.value} m",
            )
        painter.end()


class ElevationOptions(QWidget):
    """The elevation brush's mode, value, step and radius, and the elevation legend."""

    def __init__(self, tool: ElevationBrushTool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tool = tool
        self.modes = QButtonGroup(self)
        mode_row = QHBoxLayout()
        mode_row.setSpacing(2)
        for number, mode in enumerate(ElevationMode):
            button = QToolButton()
            button.setText(mode.value.capitalize())
            button.setCheckable(True)
            button.setToolTip(MODE_TIPS[mode])
            button.setMinimumWidth(52)
            self.modes.addButton(button, number)
            mode_row.addWidget(button)
        mode_row.addStretch(1)
        self.modes.idClicked.connect(lambda number: tool.set_mode(list(ElevationMode)[number]))
        low, high = ELEVATION_RANGE
        self.value = QSpinBox()
        self.value.setRange(low, high)
        self.value.setSingleStep(10)
        self.value.setSuffix(" m")
        self.value.setToolTip("The elevation Set gives the hexes, in metres above sea level")
        self.value.valueChanged.connect(tool.set_value)
        self.step = QSpinBox()
        self.step.setRange(1, high)
        self.step.setSingleStep(5)
        self.step.setSuffix(" m")
        self.step.setToolTip("How far Raise and Lower move the ground, in metres")
        self.step.valueChanged.connect(tool.set_step)
        for spin in (self.value, self.step):
            spin.setMinimumWidth(90)
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(6)
        grid.addWidget(_label("Mode", "What the brush does to the ground"), 0, 0)
        grid.addLayout(mode_row, 0, 1)
        grid.addWidget(_label("Value", self.value.toolTip()), 1, 0)
        grid.addWidget(self.value, 1, 1, Qt.AlignmentFlag.AlignLeft)
        grid.addWidget(_label("Step", self.step.toolTip()), 2, 0)
        grid.addWidget(self.step, 2, 1, Qt.AlignmentFlag.AlignLeft)
        grid.setColumnStretch(1, 1)
        self.legend = ElevationLegend(tool)
        title = QLabel("Elevations on this map")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(8)
        layout.addLayout(grid)
        layout.addWidget(RadiusPicker(tool))
        layout.addSpacing(4)
        layout.addWidget(title)
        layout.addWidget(self.legend)
        layout.addWidget(
            _hint(
                "Alt or Ctrl + click picks the elevation under the mouse. Each hex changes once "
                "per stroke. Escape cancels a stroke."
            )
        )
        layout.addStretch(1)
        tool.settings_changed.connect(self._sync)
        self._sync()

    def _sync(self) -> None:
        tool = self.tool
        button = self.modes.button(list(ElevationMode).index(tool.mode))
        button.setChecked(True)
        for spin, value in ((self.value, tool.value), (self.step, tool.step)):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(False)
        self.value.setEnabled(tool.mode is ElevationMode.SET)
        self.step.setEnabled(tool.mode in (ElevationMode.RAISE, ElevationMode.LOWER))


def elevation_options(tool: ElevationBrushTool) -> QWidget:
    """The elevation brush's page."""
    return ElevationOptions(tool)

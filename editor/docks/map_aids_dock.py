"""The Map Aids dock: switches for the aids drawn over the map while placing things (HQ command
ranges, stacking density, highlights by organization, unit class, fixed units, pending
releases, and one turn's reinforcement arrivals). Aids are view state: nothing is saved.

The lead wires it with `dock.set_view(map_view)`: the dock then hands the view its `MapAids`
(`view.aids`) and repaints the view whenever a setting or the document changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QLinearGradient, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QGridLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.docks.base import DocumentDock
from editor.document import Change, Document
from editor.map import aids as map_aids
from editor.map.ai_arrows import STANCE_COLORS, AiOrdersLayer
from editor.map.aids import MapAids, RangeMode
from editor.map.presence import PresenceOverlay
from editor.selection import Selection
from engine.panzer_campaigns.clock import TurnClock
from schemas.io import FileKind
from schemas.panzer_campaigns.ai_orders import Stance
from schemas.panzer_campaigns.oob import UnitClass
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from editor.map.view import MapView

_NO_TURNS = 999
"""Highest turn offered when the scenario's dates do not tell its length."""


def _swatch(*colors: QColor) -> QIcon:
    """A small square split between colours: the aid's colour on the map."""
    pixmap = QPixmap(14, 14)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    step = 12 / len(colors)
    for number, color in enumerate(colors):
        painter.fillRect(round(1 + number * step), 1, round(step), 12, color)
    painter.setPen(QColor(30, 30, 30))
    painter.drawRect(0, 0, 13, 13)
    painter.end()
    return QIcon(pixmap)


def _ramp_pixmap(width: int = 120, height: int = 12) -> QPixmap:
    """The stacking colour ramp, empty to full, then the over-stacked red."""
    pixmap = QPixmap(width, height)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    ramp_width = width - height - 4
    gradient = QLinearGradient(0, 0, ramp_width, 0)
    for share in (0.0, 0.3, 0.6, 0.8, 1.0):
        gradient.setColorAt(
            share, map_aids.density_color(map_aids.Density(round(share * 100), 100, False))
        )
    painter.fillRect(0, 0, ramp_width, height, gradient)
    painter.fillRect(width - height, 0, height, height, map_aids.OVER_STACKED_COLOR)
    painter.setPen(QColor(30, 30, 30))
    painter.drawRect(0, 0, ramp_width - 1, height - 1)
    painter.drawRect(width - height, 0, height - 1, height - 1)
    painter.end()
    return pixmap


def class_label(unit_class: UnitClass) -> str:
    """A unit class as the dock shows it.

    >>> class_label(UnitClass.ANTI_TANK)
    'Anti Tank'
    """
    return unit_class.value.replace("_", " ").title()


class MapAidsDock(DocumentDock):
    """Check boxes and choosers for the map aids."""

    title = "Map Aids"
    object_name = "map_aids"
    default_area = Qt.DockWidgetArea.LeftDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.aids = MapAids(selection, self)
        self.view: MapView | None = None
        self.aids.changed.connect(self._aids_changed)
        self.presence = PresenceOverlay(self.aids, self)
        """The Timeline scrubber's rings, drawn over the aids."""
        self.presence.changed.connect(self._aids_changed)
        self.layer = AiOrdersLayer(self.presence, self)
        """The A/I order arrows, drawn over the aids; the view draws this layer."""
        self.layer.changed.connect(self._aids_changed)
        body = QWidget(self)
        grid = QGridLayout()
        grid.setColumnStretch(1, 1)
        grid.setColumnMinimumWidth(0, 16)
        grid.setHorizontalSpacing(8)
        self._counts: dict[str, QLabel] = {}

        allied, axis = map_aids.range_color(Side.ALLIED), map_aids.range_color(Side.AXIS)
        self.ranges_box = self._check("Command ranges", _swatch(allied, axis))
        self.ranges_box.setToolTip(
            "Outline the hexes within each HQ's Nominal Command Range: its OOB range plus "
            "its quality adjustment, A +2 … F -3 [000 9.1]. Units beyond it start Detached."
        )
        self.ranges_mode = QComboBox()
        self.ranges_mode.addItem("Selected HQ", RangeMode.SELECTED)
        self.ranges_mode.addItem("All HQs", RangeMode.ALL)
        self.ranges_mode.setToolTip(
            "Selected HQ: the HQs among the selected units (click an HQ's hex). "
            "All HQs: every HQ on the map, in its side's colour."
        )
        self._row(grid, "ranges", self.ranges_box, self.ranges_mode)

        self.stacking_box = self._check("Stacking density", QIcon(_ramp_pixmap(14, 14)))
        self.stacking_box.setToolTip(
            "Colour each occupied hex by its men-equivalents against the side's Maximum "
            "Stacking Limit (a gun or vehicle is 10 men), green to orange; red when the hex "
            "breaks a stacking limit (men, ships or deployed towed guns) [000 3.3]."
        )
        legend = QLabel()
        legend.setPixmap(_ramp_pixmap())
        legend.setToolTip("Empty … at the limit, then over-stacked")
        self._row(grid, "stacking", self.stacking_box, legend)

        self.organization_box = self._check("Organization", _swatch(map_aids.ORGANIZATION_COLOR))
        self.organization_box.setToolTip(
            "Outline the hexes of the placed units under an organization."
        )
        self._organization_pick = QComboBox()
        self._organization_pick.setEditable(True)
        self._organization_pick.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self._organization_pick.setMinimumContentsLength(12)
        self._organization_pick.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        completer = self._organization_pick.completer()
        assert completer is not None  # an editable combo box has one
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self._organization_pick.setToolTip(
            "The organization whose units are outlined; type to find one."
        )
        self._row(grid, "organization", self.organization_box, self._organization_pick)
        self._organizations_stale = False
        """Whether the chooser still waits for the open document's organizations."""

        self.class_box = self._check("Unit class", _swatch(map_aids.CLASS_COLOR))
        self.class_box.setToolTip("Outline the hexes of the placed units of one class.")
        self.class_pick = QComboBox()
        for unit_class in UnitClass:
            self.class_pick.addItem(class_label(unit_class), unit_class)
        self.class_pick.setToolTip("What a unit is [000 13.5].")
        self._row(grid, "class", self.class_box, self.class_pick)

        self.fixed_box = self._check("Fixed units", _swatch(map_aids.FIXED_COLOR))
        self.fixed_box.setToolTip(
            "Outline fixed units: they cannot move until released, assaulted or spotted [000 4.6]."
        )
        self._row(grid, "fixed", self.fixed_box, None)

        self.releases_box = self._check("Pending releases", _swatch(map_aids.RELEASE_COLOR))
        self.releases_box.setToolTip(
            "Outline the placed units under an organization one of the scenario's releases "
            "names: the release un-fixes them [000 4.6]."
        )
        self._row(grid, "releases", self.releases_box, None)

        self.arrivals_box = self._check("Arrivals on turn", _swatch(map_aids.ARRIVAL_COLOR))
        self.arrivals_box.setToolTip("Mark the hexes where reinforcements arrive on one turn.")
        self.arrival_turn = QSpinBox()
        self.arrival_turn.setRange(1, _NO_TURNS)
        self.arrival_turn.setToolTip("The game turn whose reinforcement arrivals are marked.")
        self._row(grid, "arrivals", self.arrivals_box, self.arrival_turn)

        self.ai_orders_box = self._check(
            "A/I orders", _swatch(STANCE_COLORS[Stance.ATTACK], STANCE_COLORS[Stance.DEFEND])
        )
        self.ai_orders_box.setToolTip(
            "Draw each A/I order as an arrow from its organization's units to its target, "
            "coloured and lettered by stance: Attack red, Defend blue, Hold grey, Move green, "
            "Reserve purple, Exit orange. Drag an arrow's head onto another hex to retarget "
            "the order. An order with an area target tints the area in its side's colour. "
            "Hover an arrow to see from which turn it applies."
        )
        self.ai_orders_turn = QSpinBox()
        self.ai_orders_turn.setRange(0, _NO_TURNS)
        self.ai_orders_turn.setValue(1)
        self.ai_orders_turn.setPrefix("In force on turn ")
        self.ai_orders_turn.setSpecialValueText("All turns")
        self.ai_orders_turn.setToolTip(
            "The turn whose orders in force are drawn: each organization's latest order from "
            "that turn or before, or inherited from the nearest organization above it with one "
            "[000 4.9]; 'All turns' (below 1) draws every order."
        )
        self._row(grid, "ai_orders", self.ai_orders_box, self.ai_orders_turn)

        layout = QVBoxLayout(body)
        layout.addLayout(grid)
        layout.addStretch(1)
        self.setWidget(body)

        for box in (
            self.ranges_box,
            self.stacking_box,
            self.organization_box,
            self.class_box,
            self.fixed_box,
            self.releases_box,
            self.arrivals_box,
            self.ai_orders_box,
        ):
            box.toggled.connect(self._apply)
        self.ranges_mode.currentIndexChanged.connect(self._apply)
        self._organization_pick.currentIndexChanged.connect(self._apply)
        self.class_pick.currentIndexChanged.connect(self._apply)
        self.arrival_turn.valueChanged.connect(self._apply)
        self.ai_orders_turn.valueChanged.connect(self._apply)
        self._apply()

    def _check(self, text: str, icon: QIcon) -> QCheckBox:
        box = QCheckBox(text)
        box.setIcon(icon)
        return box

    def _row(self, grid: QGridLayout, name: str, box: QCheckBox, chooser: QWidget | None) -> None:
        row = grid.rowCount()
        grid.addWidget(box, row, 0, 1, 2)
        if chooser is not None:
            # Under its check box, indented: beside it, the panel was too wide for a laptop.
            grid.addWidget(chooser, row + 1, 1, 1, 2)
        count = QLabel()
        count.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        count.setStyleSheet("color: palette(placeholder-text);")
        grid.addWidget(count, row, 2)
        self._counts[name] = count

    # Wiring ------------------------------------------------------------------------------------

    def set_view(self, view: MapView | None) -> None:
        """Draw the aids on a map view (None: on none)."""
        if self.view is not None:
            self.view.aids = None
            self.view.update()
        self.view = view
        self.layer.set_view(view)
        if view is not None:
            view.aids = self.layer
            view.update()

    def set_document(self, document: Document | None) -> None:
        super().set_document(document)
        self.aids.set_document(document)
        self.presence.set_document(document)
        self.layer.set_document(document)
        self._organizations_changed()
        self._fit_turns()
        self._update_counts()

    def show_turn(self, turn: int | None) -> None:
        """Ring what is on the map at `turn` (the Timeline's scrubber; None: off) and draw the
        A/I orders in force then."""
        self.presence.set_turn(turn)
        if turn is not None:
            self.ai_orders_turn.setValue(turn)

    def document_changed(self, change: Change) -> None:
        if change.kind is FileKind.OOB:
            self._organizations_changed()
        elif change.kind is FileKind.SCENARIO and change.touches(("header",)):
            self._fit_turns()

    def _aids_changed(self) -> None:
        if self.view is not None:
            self.view.update()
        self._update_counts()

    # Choosers ----------------------------------------------------------------------------------

    @property
    def organization_pick(self) -> QComboBox:
        """The organization chooser, holding the open document's organizations."""
        if self._organizations_stale:
            self._fill_organizations()
        return self._organization_pick

    def _organizations_changed(self) -> None:
        # A big OOB's organizations (2,127 on the benchmark title) take the chooser a tenth of
        # the panels' filling at an open: they are listed when the panel comes into sight, or
        # the chooser is asked for, whichever comes first. Its width does not depend on them
        # (it is set in characters), so the window's layout is the same either way.
        self._organizations_stale = True
        if self.document is None or self._in_sight():
            self._fill_organizations()
        else:
            self._apply()

    def _in_sight(self) -> bool:
        # As `DocumentDock._build_if_in_sight`: a panel behind another's tab is parked outside
        # the window, still "visible".
        return self.isVisible() and not self.visibleRegion().isEmpty()

    def _build_if_in_sight(self) -> None:
        super()._build_if_in_sight()
        if self._organizations_stale and self._in_sight():
            self._fill_organizations()

    def _fill_organizations(self) -> None:
        self._organizations_stale = False
        pick = self._organization_pick
        chosen = pick.currentData()
        pick.blockSignals(True)
        pick.clear()
        if self.document is not None:
            index = self.document.oob_index
            depth: dict[str, int] = {}
            for org_id, entry in index.organizations.items():
                depth[org_id] = depth[entry.parent] + 1 if entry.parent in depth else 0
            for org_id, entry in sorted(index.organizations.items(), key=lambda item: item[1].path):
                pick.addItem("   " * depth[org_id] + entry.organization.name, org_id)
                pick.setItemData(pick.count() - 1, org_id, Qt.ItemDataRole.ToolTipRole)
        found = pick.findData(chosen)
        pick.setCurrentIndex(max(0, found) if pick.count() else -1)
        pick.blockSignals(False)
        self._apply()

    def _fit_turns(self) -> None:
        last = _NO_TURNS
        if self.document is not None:
            try:
                last = TurnClock.from_header(self.document.scenario.header).last_turn
            except ValueError:
                last = _NO_TURNS
        self.arrival_turn.setMaximum(max(1, last))
        self.ai_orders_turn.setMaximum(max(1, last))

    def _apply(self) -> None:
        aids = self.aids
        aids.blockSignals(True)
        aids.set_ranges(self.ranges_mode.currentData() if self.ranges_box.isChecked() else None)
        aids.set_stacking(self.stacking_box.isChecked())
        organization = None
        if self.organization_box.isChecked():  # the chooser is filled first when stale
            organization = self.organization_pick.currentData()
        aids.set_organization(organization)
        aids.set_unit_class(self.class_pick.currentData() if self.class_box.isChecked() else None)
        aids.set_fixed(self.fixed_box.isChecked())
        aids.set_releases(self.releases_box.isChecked())
        turn = self.arrival_turn.value()
        aids.set_arrival_turn(turn if self.arrivals_box.isChecked() else None)
        aids.blockSignals(False)
        self.layer.blockSignals(True)
        self.layer.set_on(self.ai_orders_box.isChecked())
        self.layer.set_turn(self.ai_orders_turn.value() or None)
        self.layer.blockSignals(False)
        aids.changed.emit()  # once for the whole form

    def _update_counts(self) -> None:
        aids = self.aids
        texts = {
            "ranges": _plural(len(aids.shown_ranges()), "HQ", "HQs") if aids.ranges else "",
            "stacking": (
                f"{sum(d.over for d in aids.densities().values())} over" if aids.stacking else ""
            ),
            "organization": _hexes(aids.organization_hexes(), aids.organization),
            "class": _hexes(aids.class_hexes(), aids.unit_class),
            "fixed": _hexes(aids.fixed_hexes(), aids.fixed),
            "releases": _hexes(aids.release_hexes(), aids.releases),
            "arrivals": _hexes(aids.arrival_hexes(), aids.arrival_turn),
            "ai_orders": _plural(len(self.layer.arrows()), "order", "orders")
            if self.layer.on
            else "",
        }
        for name, text in texts.items():
            self._counts[name].setText(text)


def _plural(count: int, noun: str, nouns: str) -> str:
    return f"{count} {noun if count == 1 else nouns}"


def _hexes(hexes: set[tuple[int, int]], on: object) -> str:
    """How many hexes an aid marks, or "" while it is off."""
    return "" if on is None or on is False else _plural(len(hexes), "hex", "hexes")

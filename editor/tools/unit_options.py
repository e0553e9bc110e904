"""The Tool Options pages of the Units and Markers tools: the selected units' mode, facing and
fixed flag with the actions on them (remove to unplaced, make a reinforcement, place one now),
and what the Markers tool places (objective, supply source or reinforcement arrival)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.docks.table_columns import TIME_FORMAT, turn_clock
from editor.document import Change, Document
from editor.map.markers import arrival_side, side_fill
from editor.tools.placement_rules import named_units
from editor.widgets.binding import Binding
from editor.widgets.field_base import field_meta
from editor.widgets.field_layout import field_grid
from editor.widgets.fields import FieldStyle
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import (
    LimitedObjective,
    NormalObjective,
    Placement,
    Reinforcement,
    SupplySource,
    SurrenderObjective,
)
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from editor.tools.unit_tools import UnitsTool

_STYLE = FieldStyle(choice_width=12, named_messages=False)
_HINT = "color: palette(placeholder-text);"
SIDE_NAMES = {Side.ALLIED: "Allied", Side.AXIS: "Axis"}


def hint(text: str) -> QLabel:
    """A grey explanation that wraps."""
    label = QLabel(text)
    label.setWordWrap(True)
    label.setStyleSheet(_HINT)
    return label


def group(title: str, *rows: QWidget) -> QGroupBox:
    """A titled box of widgets, one under the other."""
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(8, 6, 8, 8)
    layout.setSpacing(6)
    for row in rows:
        layout.addWidget(row)
    return box


def buttons(*items: QPushButton) -> QWidget:
    """Buttons side by side, left aligned."""
    holder = QWidget()
    line = QHBoxLayout(holder)
    line.setContentsMargins(0, 0, 0, 0)
    line.setSpacing(6)
    for item in items:
        line.addWidget(item)
    line.addStretch(1)
    return holder


def spin(low: int, high: int, value: int, *, suffix: str = "", tip: str = "") -> QSpinBox:
    """A whole-number spin box with its unit."""
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setSuffix(suffix)
    box.setAlignment(Qt.AlignmentFlag.AlignRight)
    box.setAccelerated(True)
    box.setToolTip(tip)
    return box


FIELD_WIDTH = 130
"""The width of the option fields, so a form's fields line up."""


def form(*rows: tuple[str, QWidget]) -> QWidget:
    """Labelled rows, labels on the left, fields of one width (`form_layout(...)` hides
    rows)."""
    holder = QWidget()
    layout = QFormLayout(holder)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setHorizontalSpacing(8)
    layout.setVerticalSpacing(4)
    layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
    for text, widget in rows:
        label = QLabel(text)
        label.setToolTip(widget.toolTip())
        widget.setFixedWidth(max(FIELD_WIDTH, widget.sizeHint().width()))
        layout.addRow(label, widget)
    return holder


def form_layout(holder: QWidget) -> QFormLayout:
    """The layout of a `form`."""
    layout = holder.layout()
    assert isinstance(layout, QFormLayout)
    return layout


def turn_text(document: Document | None, turn: int) -> str:
    """A turn's date and time, e.g. "18 Dec 1944 10:00", or "" when it cannot be told."""
    clock = turn_clock(document) if document is not None else None
    if clock is None or turn > clock.last_turn:
        return ""
    return clock.time_of(turn).strftime(TIME_FORMAT)


class UnitOptions(QWidget):
    """The Units tool's page: what is selected, its placement fields and the actions."""

    def __init__(self, tool: UnitsTool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tool = tool
        self.document: Document | None = None
        self.placements = Binding(FileKind.SCENARIO, Placement, "Unit", style=_STYLE, parent=self)
        self.placements.editor("facing", none_text="(all round)")
        self.placements.editor("fixed_from_turn", none_text="never")
        self.summary = hint("")
        self.remove_button = QPushButton("Remove to Unplaced")
        self.remove_button.setToolTip("Take the selected units off the map (Delete)")
        self.remove_button.clicked.connect(tool.remove_selected)
        fields = field_grid(self.placements, ["mode", "facing", "fixed_from_turn"], ["fixed"])
        units = group("Selected units", self.summary, fields, buttons(self.remove_button))

        self.turn = spin(1, 2000, 2, tip="The turn the new reinforcement arrives on")
        self.turn.setPrefix("turn ")
        self.turn_time = hint("")
        self.turn.valueChanged.connect(self._show_turn_time)
        self.make_button = QPushButton("Make Reinforcement")
        self.make_button.setToolTip(
            "Turn the selected units on the map into a reinforcement arriving at their hex on "
            "this turn (one per hex); their placement state other than the mode is dropped"
        )
        self.make_button.clicked.connect(lambda: tool.make_reinforcement(self.turn.value()))
        self.place_now_button = QPushButton("Place Now")
        self.place_now_button.setToolTip(
            "Turn the reinforcements of the selected units into units on the map at their "
            "arrival hex, in their arrival mode"
        )
        self.place_now_button.clicked.connect(tool.place_now)
        turn_row = QWidget()
        line = QHBoxLayout(turn_row)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(QLabel("Arrives on"))
        line.addWidget(self.turn)
        line.addWidget(self.turn_time, 1)
        arrivals = group(
            "Reinforcements", turn_row, buttons(self.make_button, self.place_now_button)
        )

        self.radius = spin(
            0,
            10,
            tool.spread_radius,
            suffix=" hexes",
            tip="An organization placed on a hex fills it up to the stacking limit, then the "
            "nearest hexes its units may stand on, out to this distance; the rest stay unplaced",
        )
        self.radius.valueChanged.connect(self._set_radius)
        organizations = group("Organizations", form(("Spread within", self.radius)))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(8)
        layout.addWidget(
            hint(
                "Click a hex to place the units selected in the Order of Battle; drag them "
                "there from the tree too. Drag a stack to move it, or the selected units with "
                "it. Drag on open ground to select units, Ctrl to add."
            )
        )
        layout.addWidget(units)
        layout.addWidget(arrivals)
        layout.addWidget(organizations)
        layout.addStretch(1)
        tool.selection.units_changed.connect(self.refresh)

    def set_document(self, document: Document | None) -> None:
        """Follow another document."""
        if self.document is not None:
            self.document.changed.disconnect(self._document_changed)
        self.document = document
        if document is not None:
            document.changed.connect(self._document_changed)
            self.turn.setMaximum(document.scenario.header.turns)
        self.refresh()

    def _document_changed(self, change: Change) -> None:
        if change.kind in (FileKind.SCENARIO, FileKind.OOB):
            self.refresh()

    def _set_radius(self, value: int) -> None:
        self.tool.spread_radius = value

    def _show_turn_time(self) -> None:
        self.turn_time.setText(turn_text(self.document, self.turn.value()))

    def refresh(self, *_: object) -> None:
        """Show the selection's placements and which actions apply."""
        document = self.document
        self._show_turn_time()
        if document is None:
            self.placements.bind(None, [])
            self.summary.setText("No scenario open.")
            for button in (self.remove_button, self.make_button, self.place_now_button):
                button.setEnabled(False)
            return
        self.turn.setMaximum(document.scenario.header.turns)
        named = named_units(document, self.tool.selection.units)
        rows = {p.unit: row for row, p in enumerate(document.scenario.placements)}
        self.placements.bind(document, [("placements", rows[u]) for u in named.placed])
        total = len(named.placed) + len(named.unplaced) + len(named.elsewhere)
        if not total:
            text = "Select units in the Order of Battle or on the map."
        else:
            parts = [f"{len(named.placed)} on the map"]
            if named.unplaced:
                parts.append(f"{len(named.unplaced)} unplaced")
            if named.elsewhere:
                parts.append(f"{len(named.elsewhere)} arriving later or elsewhere")
            text = f"{total} selected: " + ", ".join(parts) + "."
        self.summary.setText(text)
        self.remove_button.setEnabled(bool(named.placed))
        self.make_button.setEnabled(bool(named.placed))
        self.place_now_button.setEnabled(bool(self.tool.reinforcements_of_selection()))


# Markers ---------------------------------------------------------------------------------------


class MarkerKind(StrEnum):
    """What the Markers tool places."""

    OBJECTIVE = "objective"
    SOURCE = "source"
    ARRIVAL = "arrival"


OBJECTIVE_KINDS = {
    "normal": "Normal",
    "exit": "Exit",
    "limited": "Limited",
    "surrender": "Surrender",
}


def _tip(model: type, name: str) -> str:
    return field_meta(model, name).tool_tip()


class MarkerOptions(QWidget):
    """The Markers tool's page: the kind of marker and the values a new one gets."""

    changed = Signal()
    """The kind, the values or the chosen reinforcement changed (the preview follows)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: Document | None = None
        self.kind_buttons = QButtonGroup(self)
        kinds = QWidget()
        kinds_line = QVBoxLayout(kinds)
        kinds_line.setContentsMargins(0, 0, 0, 0)
        kinds_line.setSpacing(2)
        for number, (kind, text, tip) in enumerate(
            (
                (MarkerKind.OBJECTIVE, "Objective", "Objective hexes score victory points"),
                (MarkerKind.SOURCE, "Supply source", "Where a side draws supply from"),
                (MarkerKind.ARRIVAL, "Reinforcement arrival", "Where a reinforcement enters"),
            )
        ):
            radio = QRadioButton(text)
            radio.setToolTip(tip)
            radio.setProperty("kind", kind.value)
            self.kind_buttons.addButton(radio, number)
            kinds_line.addWidget(radio)
        self.kind_buttons.button(0).setChecked(True)
        self.kind_buttons.idToggled.connect(self._kind_toggled)

        # One page shows at a time; hidden pages take no room, so each is as tall as it needs.
        self.pages = [self._objective_page(), self._source_page(), self._arrival_page()]

        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(8)
        layout.addWidget(
            hint(
                "Click a hex to place a marker (or set the chosen reinforcement's arrival "
                "hex), drag a marker to move it, Shift+click to delete the marker there."
            )
        )
        layout.addWidget(group("Place", kinds))
        for page in self.pages:
            layout.addWidget(page)
        layout.addStretch(1)
        self._kind_toggled(0, True)

    # Pages -------------------------------------------------------------------------------------

    def _objective_page(self) -> QWidget:
        self.objective_kind = QComboBox()
        for kind, text in OBJECTIVE_KINDS.items():
            self.objective_kind.addItem(text, kind)
        self.objective_kind.setToolTip(
            "Normal: scores for whoever holds it at the end. Exit: scores as units leave the map "
            "there. Limited: counts only from its first to its last turn. Surrender: the nation "
            "surrenders when the enemy holds all of its surrender objectives."
        )
        self.points = spin(0, 100_000, 100, suffix=" VP", tip=_tip(NormalObjective, "points"))
        self.points.setSingleStep(25)
        self.owner = QComboBox()
        self.owner.addItem("Neutral", None)
        for side, text in SIDE_NAMES.items():
            self.owner.addItem(text, side)
        self.owner.setToolTip(_tip(NormalObjective, "owner"))
        self.first_turn = spin(1, 2000, 1, tip=_tip(LimitedObjective, "first_turn"))
        self.last_turn = spin(1, 2000, 1, tip=_tip(LimitedObjective, "last_turn"))
        self.nation = QComboBox()
        self.nation.setToolTip(_tip(SurrenderObjective, "nation"))
        self.objective_rows = form(
            ("Kind", self.objective_kind),
            ("Points", self.points),
            ("Owner", self.owner),
            ("First turn", self.first_turn),
            ("Last turn", self.last_turn),
            ("Nation", self.nation),
        )
        for widget in (self.objective_kind, self.owner, self.nation):
            widget.currentIndexChanged.connect(self._objective_kind_changed)
        for box in (self.points, self.first_turn, self.last_turn):
            box.valueChanged.connect(self.changed)
        page = group("New objective", self.objective_rows)
        self._objective_kind_changed()
        return page

    def _source_page(self) -> QWidget:
        self.source_side = QComboBox()
        for side, text in SIDE_NAMES.items():
            self.source_side.addItem(text, side)
        self.source_side.setToolTip(_tip(SupplySource, "side"))
        self.source_value = spin(0, 100, 85, suffix=" %", tip=_tip(SupplySource, "value"))
        self.source_side.currentIndexChanged.connect(self.changed)
        self.source_value.valueChanged.connect(self.changed)
        return group(
            "New supply source", form(("Side", self.source_side), ("Value", self.source_value))
        )

    def _arrival_page(self) -> QWidget:
        self.reinforcements = QListWidget()
        self.reinforcements.setToolTip(
            "The reinforcement whose arrival hex a click sets; its scatter and protection "
            "radii show on the map"
        )
        self.reinforcements.setMinimumHeight(140)
        self.reinforcements.currentRowChanged.connect(self._reinforcement_chosen)
        self.arrival_facts = hint("")
        return group("Reinforcement", self.reinforcements, self.arrival_facts)

    # State -------------------------------------------------------------------------------------

    @property
    def kind(self) -> MarkerKind:
        """The kind of marker the tool places."""
        button = self.kind_buttons.checkedButton()
        return MarkerKind(button.property("kind")) if button is not None else MarkerKind.OBJECTIVE

    def set_kind(self, kind: MarkerKind) -> None:
        """Choose what the tool places."""
        for button in self.kind_buttons.buttons():
            if button.property("kind") == kind:
                button.setChecked(True)

    @property
    def objective_kind_value(self) -> str:
        """normal, exit, limited or surrender."""
        return str(self.objective_kind.currentData())

    @property
    def reinforcement_id(self) -> str | None:
        """The chosen reinforcement."""
        item = self.reinforcements.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None

    def choose_reinforcement(self, reinforcement_id: str) -> None:
        """Choose a reinforcement in the list."""
        for row in range(self.reinforcements.count()):
            item = self.reinforcements.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == reinforcement_id:
                self.reinforcements.setCurrentRow(row)

    def _kind_toggled(self, number: int, on: bool) -> None:
        if on:
            for shown, page in enumerate(self.pages):
                page.setVisible(shown == number)
            self.changed.emit()

    def _objective_kind_changed(self) -> None:
        kind = self.objective_kind_value
        rows = form_layout(self.objective_rows)
        for row in (3, 4):
            rows.setRowVisible(row, kind == "limited")
        rows.setRowVisible(5, kind == "surrender")
        self.changed.emit()

    def _reinforcement_chosen(self, _row: int) -> None:
        self._show_arrival_facts()
        self.changed.emit()

    # Document ----------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        """Follow another document."""
        if self.document is not None:
            self.document.changed.disconnect(self._document_changed)
        self.document = document
        if document is not None:
            document.changed.connect(self._document_changed)
            turns = document.scenario.header.turns
            for box in (self.first_turn, self.last_turn):
                box.setMaximum(turns)
            self.last_turn.setValue(turns)
        self._fill_nations()
        self._fill_reinforcements()

    def _document_changed(self, change: Change) -> None:
        if change.kind is FileKind.OOB:
            self._fill_nations()
        if change.kind is FileKind.SCENARIO and (
            change.touches(("reinforcements",)) or change.touches(("header",))
        ):
            self._fill_reinforcements()

    def _fill_nations(self) -> None:
        chosen = self.nation.currentData()
        self.nation.blockSignals(True)
        self.nation.clear()
        if self.document is not None:
            for nation_id, entry in self.document.oob_index.nations.items():
                self.nation.addItem(f"{entry.nation.name} ({nation_id})", nation_id)
        index = self.nation.findData(chosen)
        self.nation.setCurrentIndex(max(0, index))
        self.nation.blockSignals(False)

    def _fill_reinforcements(self) -> None:
        chosen = self.reinforcement_id
        self.reinforcements.blockSignals(True)
        self.reinforcements.clear()
        document = self.document
        if document is not None:
            for item in document.scenario.reinforcements:
                entry = QListWidgetItem(self._reinforcement_label(document, item))
                entry.setData(Qt.ItemDataRole.UserRole, item.id)
                color = QColor(side_fill(arrival_side(item, document.oob_index)))
                color.setAlpha(70)
                entry.setBackground(color)
                self.reinforcements.addItem(entry)
        self.reinforcements.blockSignals(False)
        if chosen is not None:
            self.choose_reinforcement(chosen)
        if self.reinforcements.currentRow() < 0 and self.reinforcements.count():
            self.reinforcements.setCurrentRow(0)
        self._show_arrival_facts()
        self.changed.emit()

    @staticmethod
    def _reinforcement_label(document: Document, item: Reinforcement) -> str:
        when = f"turn {item.turn}" if item.turn is not None else ""
        if item.at is not None:
            when = item.at.strftime(TIME_FORMAT)
        column, row = item.hex
        return f"{item.id}: {when} at ({column}, {row})"

    def reinforcement(self) -> Reinforcement | None:
        """The chosen reinforcement's current model."""
        chosen = self.reinforcement_id
        if self.document is None or chosen is None:
            return None
        return next((r for r in self.document.scenario.reinforcements if r.id == chosen), None)

    def _show_arrival_facts(self) -> None:
        item = self.reinforcement()
        if item is None:
            self.arrival_facts.setText("The scenario has no reinforcements yet.")
            return
        brings = [
            _count(len(item.units), "unit"),
            _count(len(item.organizations), "organization"),
        ]
        self.arrival_facts.setText(
            f"Brings {' and '.join(b for b in brings if b) or 'nothing yet'}, in "
            f"{item.mode.value} mode ({item.kind.value} arrival). Scatter {item.scatter} "
            f"hexes (dashed ring), protection {item.protection} hexes (shaded)."
        )


def _count(number: int, noun: str) -> str:
    """ "2 units", "1 organization", or "" for none."""
    if not number:
        return ""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"

"""The Timeline dock: the scenario's schedule across its turns, one track per organization,
with a filter, an echelon chooser, a legend and the turn scrubber. Moving an event in time is
one undoable edit of its turn (or of its date and time, when it is scheduled by time)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from editor.commands import SetValue
from editor.docks.base import DocumentDock
from editor.docks.table_columns import turn_clock
from editor.docks.timeline_input import TimelineView
from editor.docks.timeline_model import ECHELONS, KIND_NAMES, Timeline, build_timeline
from editor.docks.timeline_view import KIND_COLORS
from editor.document import Change, Document
from editor.model_paths import get_at
from editor.widgets.elided_label import ElidedLabel
from engine.panzer_campaigns.timeline import TimelineEvent, presence_at
from schemas.io import FileKind
from schemas.panzer_campaigns.oob import OrgLevel


class TimelineDock(DocumentDock):
    """Tracks of scheduled events; drag to move in time; scrub to see the map at a turn."""

    title = "Timeline"
    object_name = "timeline"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea

    scrub_changed = Signal(object)
    """The turn the scrubber shows on the map, or None when scrubbing is off."""

    built_when_shown = True
    """Behind another panel's tab at start: its rows (thousands on a big title) are made when
    it is first shown, not before the window's first paint."""

    def build(self) -> None:
        self.view = TimelineView()
        self._stale = False
        self.collapsed: set[str] = set()
        """Tracks folded into their organization (or side) by a click on the name."""
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter organizations…")
        self.filter.setClearButtonEnabled(True)
        self.echelon = QComboBox()
        for level in ECHELONS:
            self.echelon.addItem(f"Down to {level.value.replace('_', ' ')}", level)
        self.echelon.setCurrentIndex(ECHELONS.index(OrgLevel.DIVISION))
        self.echelon.setToolTip("Collapse the tracks below this echelon into their parent's.")
        self.scrub = QCheckBox("Show on map at turn")
        self.scrub.setToolTip(
            "Highlight on the map the units there at the chosen turn: placed or arrived, minus "
            "withdrawn; solid when certain, dashed when their arrival is left to chance."
        )
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(1, 1)
        self.slider.setMinimumWidth(120)
        # Cut with … in a narrow panel (1280x720, 200 %), the whole line in its tooltip.
        self.turn_label = ElidedLabel()
        # Two short rows rather than one long one: the panel stays usable at 1280x720 and 200 %.
        self.filter.setMinimumWidth(self.fontMetrics().horizontalAdvance("M") * 12)
        top = QHBoxLayout()
        top.addWidget(self.filter, 1)
        top.addWidget(self.echelon)
        scrubber = QHBoxLayout()
        scrubber.addWidget(self.scrub)
        scrubber.addWidget(self.slider, 1)
        scrubber.addWidget(self.turn_label, 1)
        legend = QLabel(_legend_html())
        # One line that clips in a narrow panel: a wrapping label's height-for-width moved
        # the window's layout after it was shown (and the map under a finger with it).
        # Neither label may move the window's layout once shown (the map under a finger
        # with it): one line each, clipped in a narrow panel.
        legend.setMinimumWidth(1)
        legend.setToolTip(
            "Faded markers are left to chance (the % is per turn for reinforcements, per roll "
            "for releases). Shaded bands are night (dark) and dawn or dusk (light). Drag a "
            "marker, or select it and press Left/Right, to move it a turn; the wheel zooms the "
            "time axis, Shift+wheel scrolls it; click the axis to choose the turn."
        )
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addLayout(scrubber)
        layout.addWidget(legend)
        layout.addWidget(self.view, 1)
        self.setWidget(body)
        self.filter.textChanged.connect(self.refresh)
        self.echelon.currentIndexChanged.connect(self.refresh)
        self.scrub.toggled.connect(self._scrub_changed)
        self.slider.valueChanged.connect(self._scrub_changed)
        self.view.turn_chosen.connect(self._turn_chosen)
        self.view.move_requested.connect(self.move_event)
        self.view.event_selected.connect(self._event_selected)
        self.view.fold_requested.connect(self.toggle_fold)

    def set_document(self, document: Document | None) -> None:
        super().set_document(document)
        self.refresh()

    def document_changed(self, change: Change) -> None:
        if change.kind in (FileKind.SCENARIO, FileKind.OOB):
            # Rebuilding costs tens of milliseconds on a big title: a hidden panel (behind
            # another tab) waits until it is shown.
            if self.isVisible():
                self.refresh()
            else:
                self._stale = True

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Not built yet (behind another's tab at start): reading `_stale` would build it.
        if self.is_built and self._stale:
            self.refresh()

    def refresh(self, *_: object) -> None:
        """Rebuild the tracks from the document (after an edit, a filter, an echelon)."""
        self._stale = False
        document = self.document
        if document is None:
            self.view.set_timeline(Timeline([], None, 1))
            return
        level = self.echelon.currentData()
        timeline = build_timeline(
            document, turn_clock(document), level, self.filter.text(), frozenset(self.collapsed)
        )
        self.view.set_timeline(timeline)
        self.slider.setRange(1, max(1, timeline.turns))
        self._update_turn_label()

    def toggle_fold(self, key: str) -> None:
        """Fold a track's sub-tracks into it, or unfold them."""
        self.collapsed ^= {key}
        self.refresh()

    # Moving ----------------------------------------------------------------------------------

    def move_event(self, event: TimelineEvent, turn: int) -> None:
        """Move a scheduled item to `turn` as one undo step: its turn number, or, for an item
        scheduled by date and time, the start time of that turn (the designer's choice of form
        is kept)."""
        document = self.document
        clock = turn_clock(document) if document is not None else None
        if document is None or clock is None:
            return
        item = get_at(document.scenario, event.path)
        value: object
        if item.at is not None:
            path, value = (*event.path, "at"), clock.time_of(turn)
        else:
            path, value = (*event.path, "turn"), turn
        text = f"Move {KIND_NAMES[event.kind].lower()} {event.item_id} to turn {turn}"
        document.push(SetValue(document, FileKind.SCENARIO, path, value, text))

    def _event_selected(self, event: TimelineEvent | None) -> None:
        if event is not None and event.path and event.path[0] in ("reinforcements", "withdrawals"):
            document = self.document
            if document is not None:
                item = get_at(document.scenario, event.path)
                units = list(item.units)
                for organization in item.organizations:
                    units.extend(document.oob_index.iter_units_under(organization))
                self.selection.select_units(units)

    # Scrubbing -------------------------------------------------------------------------------

    def scrub_turn(self) -> int | None:
        """The turn shown on the map, None when scrubbing is off."""
        return self.slider.value() if self.scrub.isChecked() else None

    def _turn_chosen(self, turn: int) -> None:
        self.scrub.setChecked(True)
        self.slider.setValue(turn)

    def _scrub_changed(self, *_: object) -> None:
        turn = self.scrub_turn()
        self.view.set_scrub_turn(turn)
        self._update_turn_label()
        self.scrub_changed.emit(turn)

    def _update_turn_label(self) -> None:
        document = self.document
        turn = self.slider.value()
        clock = turn_clock(document) if document is not None else None
        if document is None or clock is None or turn > clock.last_turn:
            self.turn_label.setText("")
            return
        presence = presence_at(document.scenario, document.oob_index, clock, turn)
        text = (
            f"Turn {turn}, {clock.time_of(turn):%d %b %H:%M}: {len(presence.certain)} units "
            f"on the map, {len(presence.probable)} maybe"
        )
        self.turn_label.setText(text)


def _legend_html() -> str:
    swatches = " &nbsp; ".join(
        f'<span style="color:{KIND_COLORS[kind].name()}">&#9632;</span> {name}'
        for kind, name in KIND_NAMES.items()
    )
    return f"{swatches} &nbsp; <span style='color:#555'>&#9646;</span> night"

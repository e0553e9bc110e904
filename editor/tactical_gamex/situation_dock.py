"""The Situation panel: what a Tactical GameX situation sets beside its forces, setup and
victory (digest part C): title and lineage, turns and the first turn's initiative, the compass,
optional rules 12-24 and supplemental modules, special rules; the reinforcements by turn and
edge, the off-board artillery, the aircraft by turn and the naval support [003 4.0, 6.4, 10.5,
22.2]. Every change is one undo step."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QHeaderView, QPlainTextEdit, QTabWidget, QVBoxLayout, QWidget

from editor.commands import SetValue
from editor.tactical_gamex.dock import TgxDock, message_label
from editor.tactical_gamex.document import TgxDocument
from editor.tactical_gamex.forces import free_id, iter_counters
from editor.tactical_gamex.grid_model import GridColumn, RecordGrid
from editor.tactical_gamex.grid_view import GridView
from editor.tactical_gamex.list_editor import ListEditor
from schemas.io import FileKind
from schemas.tactical_gamex.situation import (
    AircraftAllotment,
    BoardLayout,
    NavalSupport,
    ObaBattery,
    Reinforcement,
    SituationFile,
)
from schemas.tactical_gamex.vocabulary import (
    RULE_NUMBERS,
    BoardEdge,
    Compass,
    Module,
    OptionalRule,
    UnitKind,
)
from schemas.vocabulary import Side

NONE_TEXT = "—"
SIDES = tuple(side.value for side in Side)


def _tip(model: type[Any], name: str) -> str:
    return model.model_fields[name].description or ""


def general_fields() -> list[GridColumn]:
    """The situation's own fields, as the rows of its record."""
    s = SituationFile
    rules = ", ".join(f"{rule.value} ({RULE_NUMBERS[rule]})" for rule in OptionalRule)
    return [
        GridColumn("Title", ("title",), _tip(s, "title")),
        GridColumn("Origin", ("origin",), _tip(s, "origin")),
        GridColumn("Theatre and date", ("theatre",), _tip(s, "theatre")),
        GridColumn("Turns", ("turns",), _tip(s, "turns")),
        GridColumn(
            "First initiative",
            ("first_initiative",),
            _tip(s, "first_initiative"),
            choices=(NONE_TEXT, *SIDES),
            nullable_text=NONE_TEXT,
        ),
        GridColumn(
            "North edge",
            ("board", "north"),
            _tip(BoardLayout, "north"),
            choices=tuple(e.value for e in BoardEdge),
        ),
        GridColumn(
            "Optional rules",
            ("optional_rules",),
            f"{_tip(s, 'optional_rules')} Comma-separated: {rules}",
            items=True,
        ),
        GridColumn(
            "Modules",
            ("modules",),
            f"{_tip(s, 'modules')} Comma-separated: {', '.join(m.value for m in Module)}",
            items=True,
        ),
        GridColumn("Description", ("description",), _tip(s, "description")),
    ]


def reinforcement_columns() -> list[GridColumn]:
    """The reinforcements' columns."""
    r = Reinforcement
    return [
        GridColumn("Id", ("id",), _tip(r, "id")),
        GridColumn("Side", ("side",), _tip(r, "side"), choices=SIDES),
        GridColumn("Turn", ("turn",), _tip(r, "turn")),
        GridColumn(
            "Edge",
            ("edge",),
            _tip(r, "edge"),
            choices=(NONE_TEXT, *(c.value for c in Compass)),
            nullable_text=NONE_TEXT,
        ),
        GridColumn("Hexes", ("hexes",), _tip(r, "hexes"), items=True),
        GridColumn("Counters", ("counters",), _tip(r, "counters"), items=True),
    ]


def oba_columns() -> list[GridColumn]:
    """The OBA batteries' columns."""
    o = ObaBattery
    return [
        GridColumn("Id", ("id",), _tip(o, "id")),
        GridColumn("Side", ("side",), _tip(o, "side"), choices=SIDES),
        GridColumn("Name", ("name",), _tip(o, "name")),
        GridColumn("AS", ("attack",), _tip(o, "attack")),
        GridColumn("Range", ("range",), _tip(o, "range"), nullable_text=NONE_TEXT),
    ]


def aircraft_columns() -> list[GridColumn]:
    """The aircraft allotments' columns."""
    a = AircraftAllotment
    return [
        GridColumn("Id", ("id",), _tip(a, "id")),
        GridColumn("Side", ("side",), _tip(a, "side"), choices=SIDES),
        GridColumn("Type", ("type",), _tip(a, "type")),
        GridColumn("Count", ("count",), _tip(a, "count")),
        GridColumn("Turns", ("turns",), _tip(a, "turns"), items=True),
        GridColumn("Spotter", ("spotter",), _tip(a, "spotter"), check=True),
    ]


def naval_columns() -> list[GridColumn]:
    """The naval support's columns."""
    n = NavalSupport
    return [
        GridColumn("Id", ("id",), _tip(n, "id")),
        GridColumn("Side", ("side",), _tip(n, "side"), choices=SIDES),
        GridColumn("AS", ("attack",), _tip(n, "attack")),
        GridColumn("Mode", ("mode",), _tip(n, "mode"), choices=("oba", "direct")),
    ]


def _taken(situation: Any, group: str) -> set[str]:
    return {item.id for item in getattr(situation, group)}


def new_reinforcement(document: TgxDocument) -> Reinforcement | str:
    """A reinforcement of the Allied side's first off-map counter, on turn 2."""
    situation = document.situation
    for counter, path in iter_counters(situation):
        if counter.off_map and counter.hex is None:
            side = situation.sides[path[1]].side
            return Reinforcement(
                id=free_id(_taken(situation, "reinforcements"), "reinforcement"),
                side=side,
                turn=min(2, situation.turns),
                counters=[counter.id],
            )
    return "a reinforcement brings off-map counters: mark a counter Off map in Forces first"


def new_battery(document: TgxDocument) -> ObaBattery:
    """An Allied battery of AS 20."""
    return ObaBattery(
        id=free_id(_taken(document.situation, "oba"), "battery"), side=Side.ALLIED, attack=20
    )


def new_aircraft(document: TgxDocument) -> AircraftAllotment | str:
    """One aircraft of the library's first aircraft type."""
    aircraft = [t for t in document.unit_types.unit_types if t.unit_kind is UnitKind.AIRCRAFT]
    if not aircraft:
        return "the unit types hold no aircraft: add one (unit type aircraft) in Unit Types"
    return AircraftAllotment(
        id=free_id(_taken(document.situation, "aircraft"), "aircraft"),
        side=Side.ALLIED,
        type=aircraft[0].id,
    )


def new_naval(document: TgxDocument) -> NavalSupport:
    """Naval gunfire of AS 20, the least the rules allow [003 10.5]."""
    return NavalSupport(
        id=free_id(_taken(document.situation, "naval"), "naval"), side=Side.ALLIED, attack=20
    )


class SituationDock(TgxDock):
    """The Situation panel."""

    title = "Situation"
    object_name = "tgx_situation"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea
    built_when_shown = True

    def build(self) -> None:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.tabs = QTabWidget(body)
        self.tabs.setDocumentMode(True)
        self.message = message_label(body)
        say = self.message.setText

        general = QWidget()
        inner = QVBoxLayout(general)
        inner.setContentsMargins(0, 4, 0, 0)
        self.general = RecordGrid(FileKind.SITUATION, general_fields(), "situation", self)
        self.general.refused.connect(lambda reason: say(f"Refused — {reason}"))
        general_view = GridView(self.general)
        general_view.horizontalHeader().setStretchLastSection(True)
        general_view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        inner.addWidget(general_view, 2)
        self.special = QPlainTextEdit()
        self.special.setPlaceholderText("Special rules, one a line, as the situation words them")
        self.special.setToolTip(_tip(SituationFile, "special_rules"))
        inner.addWidget(self.special, 1)
        self.tabs.addTab(general, "General")

        self.reinforcements = ListEditor(
            "Reinforcements",
            ("reinforcements",),
            reinforcement_columns(),
            noun="reinforcement",
            new_item=new_reinforcement,
            say=say,
        )
        self.tabs.addTab(self.reinforcements, "Reinforcements")
        support = QWidget()
        inner = QVBoxLayout(support)
        inner.setContentsMargins(0, 4, 0, 0)
        self.oba = ListEditor(
            "Off-board artillery",
            ("oba",),
            oba_columns(),
            noun="battery",
            new_item=new_battery,
            say=say,
        )
        self.aircraft = ListEditor(
            "Aircraft",
            ("aircraft",),
            aircraft_columns(),
            noun="aircraft",
            new_item=new_aircraft,
            say=say,
        )
        self.naval = ListEditor(
            "Naval support",
            ("naval",),
            naval_columns(),
            noun="naval support",
            new_item=new_naval,
            say=say,
        )
        for editor in (self.oba, self.aircraft, self.naval):
            inner.addWidget(editor, 1)
        self.tabs.addTab(support, "Support")
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.message)
        self.setWidget(body)
        self._typing = QTimer(self)
        self._typing.setSingleShot(True)
        self._typing.setInterval(400)
        self._typing.timeout.connect(self._store_special_rules)
        self.special.textChanged.connect(self._typing.start)

    def show_document(self, document: TgxDocument | None) -> None:
        if not self.is_built:
            return
        self.general.set_document(document)
        self.general.show_record(() if document is not None else None, general_fields())
        for editor in (self.reinforcements, self.oba, self.aircraft, self.naval):
            editor.grid.set_document(document)
        self._show_special_rules()
        self.message.clear()

    def document_changed(self, change: Any) -> None:
        if change.kind == FileKind.SITUATION and change.touches(("special_rules",)):
            self._show_special_rules()

    def _show_special_rules(self) -> None:
        document = self.document
        text = (
            "\n".join(document.situation.special_rules) if isinstance(document, TgxDocument) else ""
        )
        if text != self._written():
            self.special.blockSignals(True)
            self.special.setPlainText(text)
            self.special.blockSignals(False)

    def _written(self) -> str:
        return "\n".join(
            line.strip() for line in self.special.toPlainText().splitlines() if line.strip()
        )

    def _store_special_rules(self) -> None:
        document = self.document
        if not isinstance(document, TgxDocument):
            return
        rules = [line.strip() for line in self.special.toPlainText().splitlines() if line.strip()]
        if rules != document.situation.special_rules:
            document.push(
                SetValue(
                    document,
                    FileKind.SITUATION,
                    ("special_rules",),
                    rules,
                    "Set Special Rules",
                    merge=True,
                )
            )

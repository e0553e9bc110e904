"""The Ruleset Tables panel: the player-aid charts of a Tactical GameX title (Terrain Effects,
hexsides, CRT, Weapons Effectiveness, AA Fire, OBA and airborne scatter, the Action Deck) as
editable grids, one tab each. A cell refuses what the file format or the table's rules refuse,
saying why; every accepted edit is one undo step [003 6.3, 6.4, 24.1; digest B.16]."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from editor.tactical_gamex.deck_editor import DeckEditor
from editor.tactical_gamex.dock import TgxDock, message_label
from editor.tactical_gamex.document import TgxDocument
from editor.tactical_gamex.grid_model import PROHIBITED, FieldGrid, GridColumn
from editor.tactical_gamex.grid_view import GridView
from schemas.io import FileKind
from schemas.tactical_gamex.tables import (
    AaColumn,
    AirborneScatter,
    CrtRow,
    HexsideEffects,
    TerrainEffects,
    WeaponEffects,
)
from schemas.tactical_gamex.vocabulary import (
    AaResult,
    CombatResult,
    MoveClass,
    UnitKind,
    WeaponType,
)
from schemas.vocabulary import Direction

NONE_TEXT = "—"


def _tip(model: type[Any], name: str) -> str:
    field = model.model_fields.get(name)
    return (field.description or "") if field is not None else ""


def _values(enum: type[Any]) -> tuple[str, ...]:
    return tuple(str(member.value) for member in enum)


def _mp_columns(model: type[Any], name: str, what: str) -> list[GridColumn]:
    return [
        GridColumn(
            f"MP {move_class.value}",
            (name,),
            f"{what} for {move_class.value} movement; {PROHIBITED} = prohibited",
            key=move_class,
            nullable_text=PROHIBITED,
        )
        for move_class in MoveClass
    ]


def terrain_columns() -> list[GridColumn]:
    """The Terrain Effects Chart's columns: every field digest B.3 lists."""
    t = TerrainEffects
    return [
        *_mp_columns(t, "mp", "Cost to enter"),
        GridColumn("LOS +", ("los_height",), _tip(t, "los_height")),
        GridColumn("Conceals", ("concealing",), _tip(t, "concealing"), check=True),
        GridColumn("Spot ≤", ("spot_roll_max",), _tip(t, "spot_roll_max")),
        GridColumn("DRM direct", ("drm_direct",), _tip(t, "drm_direct")),
        GridColumn("DRM indirect", ("drm_indirect",), _tip(t, "drm_indirect")),
        GridColumn(
            "Defends as",
            ("defender_kind",),
            _tip(t, "defender_kind"),
            choices=(NONE_TEXT, *_values(UnitKind)),
            nullable_text=NONE_TEXT,
        ),
        GridColumn("AF ×", ("attack_factor",), _tip(t, "attack_factor")),
        GridColumn("Attack all", ("must_attack_all",), _tip(t, "must_attack_all"), check=True),
        GridColumn("Sum DS", ("sum_defense",), _tip(t, "sum_defense"), check=True),
        GridColumn("Road", ("counts_as_road",), _tip(t, "counts_as_road"), check=True),
        GridColumn("Morale −1", ("morale_protective",), _tip(t, "morale_protective"), check=True),
        GridColumn("Entry rule", ("entry_rule",), _tip(t, "entry_rule")),
    ]


def hexside_columns() -> list[GridColumn]:
    """The chart's hexside rows: the added cost of crossing per move class."""
    h = HexsideEffects
    return [
        *_mp_columns(h, "mp_extra", "Added cost to cross"),
        GridColumn("Blocks LOS", ("blocks_los",), _tip(h, "blocks_los"), check=True),
    ]


def crt_columns(odds: list[str]) -> list[GridColumn]:
    """The CRT's columns: the modified roll, then one result per odds column."""
    results = _values(CombatResult)
    tip = "Result: - none, D disrupted, DD disrupted twice, X eliminated [003 6.3.4]"
    return [
        GridColumn("Roll", ("roll",), _tip(CrtRow, "roll")),
        *(GridColumn(name, ("results", i), tip, choices=results) for i, name in enumerate(odds)),
    ]


def weapon_columns() -> list[GridColumn]:
    """The Weapons Effectiveness Chart's columns [003 6.3.6]."""
    w = WeaponEffects
    return [
        GridColumn("Weapon", ("weapon",), _tip(w, "weapon"), choices=_values(WeaponType)),
        GridColumn("Indirect", ("indirect",), _tip(w, "indirect"), check=True),
        GridColumn("Armoured ≤ ½", ("armored_near",), _tip(w, "armored_near")),
        GridColumn("Armoured > ½", ("armored_far",), _tip(w, "armored_far")),
        GridColumn("Soft", ("soft",), _tip(w, "soft")),
    ]


def aa_columns() -> list[GridColumn]:
    """The AA Fire Table as rows of columns: the least summed AS, then the result per die."""
    results = _values(AaResult)
    tip = "Result: - none, D driven off, X destroyed [003 6.4.7]"
    return [
        GridColumn("AS from", ("min_attack",), _tip(AaColumn, "min_attack")),
        *(GridColumn(f"Die {d + 1}", ("results", d), tip, choices=results) for d in range(6)),
    ]


def oba_columns() -> list[GridColumn]:
    """The OBA scatter: the neighbour a scattered attack lands in for each die [003 6.4.4]."""
    tip = "Where a scattered OBA attack lands for this die: the neighbour in this direction"
    return [GridColumn("Lands", (), tip, choices=_values(Direction))]


def airborne_columns() -> list[GridColumn]:
    """The airborne scatter diagram [003 11.0]."""
    a = AirborneScatter
    return [
        GridColumn("Roll", ("roll",), _tip(a, "roll")),
        GridColumn("Ahead", ("ahead",), _tip(a, "ahead")),
        GridColumn("Right", ("right",), _tip(a, "right")),
    ]


def table_reasons(tables: Any) -> tuple[list[str], list[str]]:
    """The errors and warnings of a table set by its own checks (shape, the CRT's order)."""
    from schemas.tactical_gamex import table_checks  # noqa: PLC0415  # the panel's first edit

    found = table_checks.check_tables(tables)
    return (
        [p.message for p in found if p.is_error],
        [p.message for p in found if not p.is_error],
    )


class TablesDock(TgxDock):
    """The Ruleset Tables panel."""

    title = "Ruleset Tables"
    object_name = "tgx_tables"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea
    built_when_shown = True

    def build(self) -> None:
        self.grids: dict[str, FieldGrid] = {}
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.note = QLabel(body)
        self.note.setWordWrap(True)
        self.tabs = QTabWidget(body)
        self.tabs.setDocumentMode(True)
        self.message = message_label(body)
        layout.addWidget(self.note)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.message)
        self.setWidget(body)

    def show_document(self, document: TgxDocument | None) -> None:
        if not self.is_built:
            return
        self.message.clear()
        current = self.tabs.currentIndex()
        self.tabs.clear()
        for grid in self.grids.values():
            grid.set_document(None)
        self.grids.clear()
        self.deck: DeckEditor | None = None
        if document is None:
            self.note.clear()
            return
        tables = document.tables
        self.note.setText(f"<b>{tables.name}</b> — {tables.description}".rstrip(" —"))
        by_name = lambda key: lambda row, _i: str(getattr(row, key).value)  # noqa: E731
        specs: list[tuple[str, str, tuple[Any, ...], list[GridColumn], Any]] = [
            ("Terrain", "terrain effect", ("terrain",), terrain_columns(), by_name("terrain")),
            ("Hexsides", "hexside effect", ("hexsides",), hexside_columns(), by_name("kind")),
            ("CRT", "CRT", ("crt", "rows"), crt_columns(list(tables.crt.columns)), None),
            ("Weapons", "weapon effect", ("weapons",), weapon_columns(), None),
            ("AA Fire", "AA fire", ("aa_fire", "columns"), aa_columns(), None),
            ("OBA Scatter", "OBA scatter", ("oba_scatter",), oba_columns(), _die),
            (
                "Airborne Scatter",
                "airborne scatter",
                ("airborne_scatter",),
                airborne_columns(),
                None,
            ),
        ]
        for tab, noun, path, columns, label in specs:
            grid = FieldGrid(
                FileKind.TABLES,
                path,
                columns,
                noun,
                self,
                row_label=label,
                table_check=table_reasons,
            )
            grid.setObjectName(f"grid_{tab.lower().replace(' ', '_')}")
            grid.set_document(document)
            grid.refused.connect(self._refused)
            grid.noted.connect(lambda note: self.message.setText(f"Accepted, but {note}"))
            self.grids[tab] = grid
            self.tabs.addTab(GridView(grid, self.tabs), tab)
        self.deck = DeckEditor(self._refused_text, self.tabs)
        self.deck.grid.set_document(document)
        self.grids["Action Deck"] = self.deck.grid
        self.tabs.addTab(self.deck, "Action Deck")
        self.tabs.setCurrentIndex(max(0, current))

    def document_changed(self, change: Any) -> None:
        if change.kind == FileKind.TABLES:
            self.message.clear()
            if change.touches(("crt", "columns")) and len(change.path) <= 2:
                self.show_document(self.document)  # type: ignore[arg-type]

    def _refused_text(self, text: str) -> None:
        self.message.setText(text)

    def _refused(self, reason: str) -> None:
        self.message.setText(f"Refused — {reason}")
        window = self.window()
        status = getattr(window, "statusBar", None)
        if callable(status):
            status().showMessage(f"Refused — {reason}", 8000)


def _die(_row: Any, index: int) -> str:
    return f"Die {index + 1}"

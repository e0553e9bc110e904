"""The Unit dock: every attribute of the selected units (or organizations) in a form that
validates as the designer types, edits several units at once in one undo step, and shows and
edits where the units start in the open scenario."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from editor.commands import EditFile, InsertItems, RemoveItems
from editor.docks.base import DocumentDock
from editor.docks.oob_edit import rename_node
from editor.docks.unit_type_marks import UnitTypeMarks
from editor.document import Change, Document
from editor.selection import Focus, Selection
from editor.symbols import paint_organization_symbol, paint_unit_symbol
from editor.widgets.binding import Binding
from editor.widgets.field_layout import field_grid, field_section
from editor.widgets.fields import DENSE, TextEditor
from schemas.io import FileKind
from schemas.panzer_campaigns.oob import AirProfile, Organization, Unit
from schemas.panzer_campaigns.scenario import Placement
from schemas.problems import ModelPath
from schemas.vocabulary import Side

SYMBOL_SIZE = 56

LABELS = {
    "type_name": "Type",
    "unit_type": "Unit type",
    "unit_class": "Class",
    "aa_attack": "AA attack",
    "aa_range": "AA range",
    "aa_kind": "AA kind",
    "hq": "HQ unit",
    "rail_unit": "Rail only",
    "engineering_vehicle": "Engineer vehicle",
}
"""Labels of the form where the field's name does not read well."""


class UnitDock(DocumentDock):
    """Edit the selected units' attributes and their placement in the scenario."""

    title = "Unit"
    object_name = "unit"
    default_area = Qt.DockWidgetArea.RightDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.unit_ids: list[str] = []
        self.organization_ids: list[str] = []
        self.units = self._binding(FileKind.OOB, Unit, "Unit")
        self.type_marks = UnitTypeMarks(self.units, lambda: self.unit_ids)
        self.air = self._binding(FileKind.OOB, AirProfile, "Air")
        self.placement = self._binding(FileKind.SCENARIO, Placement, "Placement")
        self.organizations = self._binding(FileKind.OOB, Organization, "Organization")

        self.symbol = QLabel()
        self.symbol.setFixedSize(SYMBOL_SIZE, SYMBOL_SIZE)
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.heading.setWordWrap(True)
        header = QHBoxLayout()
        header.setContentsMargins(6, 6, 6, 2)
        header.addWidget(self.symbol, 0, Qt.AlignmentFlag.AlignTop)
        header.addWidget(self.heading, 1)

        self.pages = QStackedWidget()
        self.empty = QLabel("Select a unit in the Order of Battle or on the map.")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.empty.setStyleSheet("color: palette(placeholder-text); padding: 24px;")
        self.pages.addWidget(self.empty)
        # The unit's and the organization's fields (some eighty editors) are made when a unit
        # or an organization is first selected, not before the window's first paint.
        self._unit_page: QScrollArea | None = None
        self._organization_page: QScrollArea | None = None

        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(header)
        layout.addWidget(self.pages, 1)
        self.setWidget(body)
        selection.units_changed.connect(self._selection_changed)
        selection.hex_changed.connect(lambda _hex: self._show_selection())
        self._show_selection()

    # Building -------------------------------------------------------------------------------

    @property
    def unit_page(self) -> QScrollArea:
        """The page of a unit's fields, made when first wanted."""
        return self._made_unit_page()

    def _made_unit_page(self) -> QScrollArea:
        if self._unit_page is None:
            self._unit_page = self._scrolling(self._build_unit_page())
            self.pages.addWidget(self._unit_page)
        return self._unit_page

    @property
    def organization_page(self) -> QScrollArea:
        """The page of an organization's fields, made when first wanted."""
        if self._organization_page is None:
            self._organization_page = self._scrolling(self._build_organization_page())
            self.pages.addWidget(self._organization_page)
        return self._organization_page

    def __getattr__(self, name: str) -> Any:
        # A widget of the unit page, asked for before any unit was selected (code or a test
        # reaching into the panel): the page is made now.
        if name in _UNIT_PAGE_WIDGETS and self.__dict__.get("_unit_page", 0) is None:
            self._made_unit_page()
            return getattr(self, name)
        return super().__getattr__(name)

    def _binding(self, kind: FileKind, model: type[Any], noun: str) -> Binding:
        return Binding(kind, model, noun, style=DENSE, labels=LABELS, parent=self)

    @staticmethod
    def _scrolling(page: QWidget) -> QScrollArea:
        area = QScrollArea()
        area.setWidgetResizable(True)
        area.setFrameShape(QScrollArea.Shape.NoFrame)
        area.setWidget(page)
        return area

    def _build_unit_page(self) -> QWidget:
        units = self.units
        units.editor("id", hook=self._rename, single=True, on_finish=True)
        units.editor("nation", choices=self._nation_choices, none_text="(as its tree)")
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(2, 2, 2, 6)  # the group boxes have frames of their own
        layout.setSpacing(8)
        layout.addWidget(
            field_section(
                units,
                "Identity",
                ["name", "type_name", "id", "unit_class", "size", "component", "nation"],
            )
        )
        layout.addWidget(self.type_marks.section())
        layout.addWidget(
            field_section(units, "Strength and quality", ["strength", "quality", "victory_points"])
        )
        layout.addWidget(
            field_section(
                units,
                "Movement",
                ["speed", "movement_class"],
                [
                    "towed",
                    "rail_unit",
                    "amphibious",
                    "can_dismount",
                    "transport",
                    "low_reliability",
                ],
            )
        )
        layout.addWidget(
            field_section(
                units,
                "Combat",
                [
                    ("hard_attack", "hard_range"),
                    ("soft_attack", "soft_range"),
                    ("aa_attack", "aa_range"),
                    ("assault", "defense"),
                    "artillery_kind",
                    "aa_kind",
                ],
                ["hard_target", "indirect_fire", "self_propelled", "anti_tank"],
            )
        )
        layout.addWidget(
            field_section(
                units, "Command and supply", ["command_range", "supply_range"], ["supply_unit"]
            )
        )
        layout.addWidget(
            field_section(
                units,
                "Special abilities",
                ["engineering_vehicle", "airborne"],
                [
                    "engineer",
                    "bridge_engineer",
                    "mine_clear",
                    "demolition",
                    "recon",
                    "cavalry",
                    "mountain",
                    "commando",
                    "irregular",
                    "partisan",
                    "naval",
                    "deception",
                ],
            )
        )
        layout.addWidget(self._build_air_section())
        layout.addWidget(self._build_placement_section())
        layout.addStretch(1)
        self.type_marks.find_labels(page)
        return page

    def _build_air_section(self) -> QWidget:
        self.air.editor("owner", choices=self._owner_choices, none_text="(any)")
        self.air_toggle = QCheckBox("Air unit")
        self.air_toggle.setToolTip(Unit.model_fields["air"].description or "")
        self.air_toggle.clicked.connect(self._toggle_air)
        self.air_fields = field_grid(
            self.air, ["role", "owner"], ["heavy_bomber", "single_use", "jet"]
        )
        box = QGroupBox("Air profile")
        layout = QVBoxLayout(box)
        layout.setContentsMargins(8, 6, 8, 8)
        layout.addWidget(self.air_toggle)
        layout.addWidget(self.air_fields)
        return box

    def _build_placement_section(self) -> QWidget:
        placement = self.placement
        placement.editor("facing", none_text="(all round)")
        placement.editor("strength", empty_text="full strength")
        placement.editor("fixed_from_turn", empty_text="never")
        placement.editor("combined_with", on_finish=True)
        self.placement_fields = field_grid(
            placement,
            ["hex", "mode", "facing", "strength", "fatigue", "fixed_from_turn", "combined_with"],
            [
                "fixed",
                "disrupted",
                "detached",
                "low_ammo",
                "low_fuel",
                "stockpiled",
                "on_foot",
                "has_boats",
            ],
        )
        self.placement_state = QLabel()
        self.placement_state.setWordWrap(True)
        self.placement_state.setStyleSheet("color: palette(placeholder-text);")
        self.place_button = QPushButton("Place at Selected Hex")
        self.place_button.clicked.connect(self.place_on_selected_hex)
        self.remove_button = QPushButton("Remove from Map")
        self.remove_button.setToolTip("Take the selected units off the map in this scenario")
        self.remove_button.clicked.connect(self.remove_from_map)
        self.show_button = QPushButton("Show on Map")
        self.show_button.setToolTip("Centre the map on the unit")
        self.show_button.clicked.connect(self._show_on_map)
        # The longest button on a line of its own, the two short ones beside each other: three
        # in a row are wider than a laptop's side column.
        buttons = QGridLayout()
        buttons.addWidget(self.place_button, 0, 0, 1, 2)
        buttons.addWidget(self.remove_button, 1, 0)
        buttons.addWidget(self.show_button, 1, 1)
        buttons.setColumnStretch(2, 1)
        box = QGroupBox("Placement in this scenario")
        layout = QVBoxLayout(box)
        layout.setContentsMargins(8, 6, 8, 8)
        layout.addWidget(self.placement_state)
        layout.addLayout(buttons)
        layout.addWidget(self.placement_fields)
        return box

    def _build_organization_page(self) -> QWidget:
        orgs = self.organizations
        orgs.editor("id", hook=self._rename, single=True, on_finish=True)
        orgs.editor("nation", choices=self._nation_choices, none_text="(as its tree)")
        orgs.editor("hq", choices=self._hq_choices, none_text="(none)")
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(6, 2, 6, 6)
        layout.addWidget(
            field_section(
                orgs, "Organization", ["name", "id", "level", "nation", "hq", "replacements"]
            )
        )
        layout.addStretch(1)
        return page

    # Choices ----------------------------------------------------------------------------------

    def _side(self) -> Side | None:
        if self.document is None:
            return None
        ids = self.unit_ids or self.organization_ids
        return self.document.oob_index.side_of(ids[0]) if ids else None

    def _nation_choices(self) -> list[tuple[Any, str]]:
        if self.document is None:
            return []
        side = self._side()
        return [
            (nation_id, f"{entry.nation.name} ({nation_id})")
            for nation_id, entry in self.document.oob_index.nations.items()
            if side is None or entry.side is side
        ]

    def _hq_choices(self) -> list[tuple[Any, str]]:
        if self.document is None or len(self.organization_ids) != 1:
            return []
        index = self.document.oob_index
        children = index.children_of(self.organization_ids[0])
        return [(i, f"{index.units[i].unit.name} ({i})") for i in children if i in index.units]

    def _owner_choices(self) -> list[tuple[Any, str]]:
        if self.document is None:
            return []
        side = self._side()
        return [
            (org_id, f"{entry.organization.name} ({org_id})")
            for org_id, entry in self.document.oob_index.organizations.items()
            if side is None or entry.side is side
        ]

    # Document and selection -------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        if self.document is not None:
            self.document.changed.disconnect(self._document_changed)
        super().set_document(document)
        if document is not None:
            document.changed.connect(self._document_changed)
        self._selection_changed(self.selection.units)

    def _selection_changed(self, ids: list[str]) -> None:
        index = self.document.oob_index if self.document is not None else None
        self.unit_ids = [i for i in ids if index is not None and i in index.units]
        self.organization_ids = [i for i in ids if index is not None and i in index.organizations]
        self._show_selection()

    def _document_changed(self, change: Change) -> None:
        if change.kind not in {FileKind.OOB, FileKind.SCENARIO}:
            return
        if change.kind is FileKind.OOB:
            # Ids may have gone (deleted, undone) or been renamed under us.
            index = self.document.oob_index if self.document is not None else None
            self.unit_ids = [i for i in self.unit_ids if index and i in index.units]
            self.organization_ids = [
                i for i in self.organization_ids if index and i in index.organizations
            ]
        self._show_selection()

    def show_focus(self, focus: Focus) -> bool:
        if self.document is None or focus.object_id is None:
            return False
        index = self.document.oob_index
        if focus.object_id in index.units or focus.object_id in index.organizations:
            self.selection.select_units([focus.object_id])
            return True
        return False

    def _show_selection(self) -> None:
        # Binding the same objects again keeps what the fields show, refused values included;
        # the bindings follow the edits of their objects themselves.
        document = self.document
        if document is None or not (self.unit_ids or self.organization_ids):
            self.pages.setCurrentWidget(self.empty)
            self.symbol.clear()
            self.heading.setText("")
            for binding in (self.units, self.air, self.placement, self.organizations):
                binding.bind(None, [])
            return
        index = document.oob_index
        if self.unit_ids:
            self.pages.setCurrentWidget(self.unit_page)
            paths = [index.units[i].path for i in self.unit_ids]
            self.units.bind(document, paths)
            self.type_marks.show(document)
            self._show_air(paths)
            self._show_placement()
            self._show_strength_unit()
        else:
            self.pages.setCurrentWidget(self.organization_page)
            paths = [index.organizations[i].path for i in self.organization_ids]
            self.organizations.bind(document, paths)
        self._show_heading()

    def _show_strength_unit(self) -> None:
        """Strength counts men, guns or vehicles: say which, for these units."""
        assert self.document is not None
        index = self.document.oob_index
        components = {index.units[i].unit.component.value for i in self.unit_ids}
        text = components.pop() if len(components) == 1 else ""
        for binding in (self.units, self.placement):
            editor = binding.editors["strength"]
            assert isinstance(editor, TextEditor)
            editor.set_unit(text)

    def _show_air(self, unit_paths: list[ModelPath]) -> None:
        assert self.document is not None
        oob = self.document.oob
        flying = [get_air(oob, path) is not None for path in unit_paths]
        self.air_toggle.setTristate(any(flying) and not all(flying))
        if all(flying):
            self.air_toggle.setCheckState(Qt.CheckState.Checked)
        elif any(flying):
            self.air_toggle.setCheckState(Qt.CheckState.PartiallyChecked)
        else:
            self.air_toggle.setCheckState(Qt.CheckState.Unchecked)
        self.air_fields.setVisible(all(flying))
        paths = [(*path, "air") for path in unit_paths] if all(flying) else []
        self.air.bind(self.document, paths)

    def _placements(self) -> dict[str, int]:
        """The placement row of each selected unit that is on the map."""
        assert self.document is not None
        wanted = set(self.unit_ids)
        return {
            p.unit: number
            for number, p in enumerate(self.document.scenario.placements)
            if p.unit in wanted
        }

    def _show_placement(self) -> None:
        placed = self._placements()
        paths: list[ModelPath] = [("placements", placed[i]) for i in self.unit_ids if i in placed]
        total = len(self.unit_ids)
        if not placed:
            state = "Not on the map at the start of this scenario."
        elif len(placed) == total:
            state = "" if total == 1 else f"All {total} units are on the map."
        else:
            state = f"{len(placed)} of {total} selected units are on the map."
        self.placement_state.setText(state)
        self.placement_state.setVisible(bool(state))
        self.placement_fields.setVisible(bool(placed))
        hex_ = self.selection.hex
        self.place_button.setEnabled(hex_ is not None)
        self.place_button.setToolTip(
            "Put the unplaced selected units on the selected hex"
            if hex_ is not None
            else "Select a hex on the map first"
        )
        self.place_button.setVisible(len(placed) < total)
        self.remove_button.setVisible(bool(placed))
        self.show_button.setVisible(len(placed) == 1 and total == 1)
        self.placement.bind(self.document, paths)

    def _show_heading(self) -> None:
        assert self.document is not None
        index = self.document.oob_index
        pixmap = QPixmap(SYMBOL_SIZE, SYMBOL_SIZE)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        rect = QRectF(0, 0, SYMBOL_SIZE, SYMBOL_SIZE)
        ids = self.unit_ids or self.organization_ids
        first = ids[0]
        side = index.side_of(first) or Side.ALLIED
        if self.unit_ids:
            paint_unit_symbol(painter, rect, index.units[first].unit, side)
            node: Unit | Organization = index.units[first].unit
            parent = index.units[first].parent
        else:
            paint_organization_symbol(
                painter, rect, index.organizations[first].organization.level, side
            )
            node = index.organizations[first].organization
            parent = index.organizations[first].parent
        painter.end()
        self.symbol.setPixmap(pixmap)
        if len(ids) > 1:
            noun = "units" if self.unit_ids else "organizations"
            names = ", ".join(self._name(i) for i in ids[:4]) + (", …" if len(ids) > 4 else "")
            mixed = "Fields where they differ show —; an edit sets all of them."
            self.heading.setText(
                f"<b style='font-size:14px'>{len(ids)} {noun} selected</b><br>"
                f"<span style='color:gray'>{names}</span><br><i>{mixed}</i>"
            )
            return
        where = index.organizations[parent].organization.name if parent else "top of the tree"
        kind = node.type_name if isinstance(node, Unit) and node.type_name else ""
        detail = " · ".join(x for x in (kind, node.id) if x)
        self.heading.setText(
            f"<b style='font-size:14px'>{node.name}</b><br>"
            f"<span style='color:gray'>{detail}<br>in {where}</span>"
        )

    def _name(self, node_id: str) -> str:
        assert self.document is not None
        index = self.document.oob_index
        entry = index.units.get(node_id)
        if entry is not None:
            return entry.unit.name
        return index.organizations[node_id].organization.name

    # Edits --------------------------------------------------------------------------------------

    def _rename(self, _targets: list[ModelPath], new_id: Any) -> None:
        # A single field: the binding offers it for one selected object only.
        if self.document is None:
            return
        ids = self.unit_ids or self.organization_ids
        old = ids[0]
        rename_node(self.document, old, str(new_id))
        self.selection.select_units([str(new_id)])

    def _toggle_air(self, checked: bool) -> None:
        self.air_toggle.setTristate(False)
        if self.document is None or not self.unit_ids:
            return
        index = self.document.oob_index
        text = "Set Unit Air Profile"
        command = EditFile(self.document, FileKind.OOB, text)
        for unit_id in self.unit_ids:
            unit = index.units[unit_id].unit
            if (unit.air is not None) != checked:
                command.set((*index.units[unit_id].path, "air"), AirProfile() if checked else None)
        self.document.push(command)

    def place_on_selected_hex(self) -> None:
        """Place every selected unit that is not on the map on the selected hex."""
        hex_ = self.selection.hex
        if self.document is None or hex_ is None:
            return
        placed = self._placements()
        new = [Placement(unit=i, hex=hex_) for i in self.unit_ids if i not in placed]
        if not new:
            return
        count = len(self.document.scenario.placements)
        text = "Place Units" if len(new) > 1 else "Place Unit"
        self.document.push(
            InsertItems(
                self.document, FileKind.SCENARIO, ("placements",), index=count, items=new, text=text
            )
        )

    def remove_from_map(self) -> None:
        """Take the selected units off the map (their placements go)."""
        if self.document is None:
            return
        rows = list(self._placements().values())
        if rows:
            text = "Remove Units from Map" if len(rows) > 1 else "Remove Unit from Map"
            self.document.push(
                RemoveItems(self.document, FileKind.SCENARIO, ("placements",), rows, text)
            )

    def _show_on_map(self) -> None:
        placed = self._placements()
        if self.document is None or len(placed) != 1:
            return
        hex_ = self.document.scenario.placements[next(iter(placed.values()))].hex
        self.selection.select_hex(hex_)
        self.selection.request_focus(Focus(hex=hex_))


_UNIT_PAGE_WIDGETS = frozenset(
    {
        "air_toggle",
        "air_fields",
        "placement_fields",
        "placement_state",
        "place_button",
        "remove_button",
        "show_button",
    }
)
"""The widgets `UnitDock._build_unit_page` makes."""


def get_air(oob: Any, unit_path: ModelPath) -> AirProfile | None:
    """The air profile of the unit at a path."""
    value = oob
    for part in unit_path:
        value = value[part] if isinstance(part, int) else getattr(value, part)
    return value.air  # type: ignore[no-any-return]

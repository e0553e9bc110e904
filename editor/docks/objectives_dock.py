"""The Objectives dock: the scenario's objective hexes in one table, every kind together, with
the columns a kind does not use greyed out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt

from editor.docks.list_table import ListTableModel
from editor.docks.list_table_view import ListTablesDock, ListTableView
from editor.docks.table_columns import (
    Assignments,
    Column,
    Editor,
    fresh_id,
    hex_column,
    id_column,
    label,
    place_name,
    side_column,
)
from editor.document import Document
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import (
    ExitObjective,
    LimitedObjective,
    NormalObjective,
    SurrenderObjective,
)
from schemas.vocabulary import Side

OBJECTIVE_CLASSES: dict[str, type[Any]] = {
    "normal": NormalObjective,
    "exit": ExitObjective,
    "limited": LimitedObjective,
    "surrender": SurrenderObjective,
}
"""The class of each kind of objective."""

_KIND_TIP = "\n".join(
    f"{label(kind)}: {' '.join((cls.__doc__ or '').split())}"
    for kind, cls in OBJECTIVE_CLASSES.items()
)


def convert_objective(document: Document, objective: Any, kind: str) -> Any:
    """The objective as another kind, keeping its id, name, hex, points and owner; a limited
    objective lasts the whole scenario and a surrender objective names the owner's nation."""
    if kind == objective.kind:
        return objective
    fields = {name: getattr(objective, name) for name in ("id", "name", "hex", "points", "owner")}
    if kind == "limited":
        fields |= {"first_turn": 1, "last_turn": document.scenario.header.turns}
    elif kind == "surrender":
        fields["nation"] = _default_nation(document, objective.owner)
    return OBJECTIVE_CLASSES[kind].model_validate(fields)


def _default_nation(document: Document, side: Side | None) -> str:
    for side_oob in document.oob.sides:
        if side is None or side_oob.side == side:
            return side_oob.nations[0].id
    return document.oob.sides[0].nations[0].id


def _assign_kind(document: Document, objective: Any, kind: Any) -> Assignments:
    return [((), convert_objective(document, objective, str(kind)))]


def _shown_name(document: Document, objective: Any) -> str:
    return objective.name or place_name(document, objective.hex)


def _assign_name(document: Document, objective: Any, name: Any) -> Assignments:
    # Committing the place name shown in grey keeps the name empty: it follows the map.
    if not objective.name and name == place_name(document, objective.hex):
        return []
    return [(("name",), name)]


def _nation_choices(document: Document) -> list[tuple[Any, str]]:
    return [
        (nation_id, entry.nation.name) for nation_id, entry in document.oob_index.nations.items()
    ]


def _nation_name(document: Document, nation_id: Any) -> str:
    entry = document.oob_index.nations.get(nation_id) if nation_id else None
    return entry.nation.name if entry is not None else str(nation_id or "")


def _is_limited(objective: Any) -> bool:
    return isinstance(objective, LimitedObjective)


def objective_columns() -> list[Column]:
    """Name, kind, hex, points, owner, the limited turns, the surrender nation, id."""
    return [
        Column(
            header="Name",
            field=("name",),
            value=_shown_name,
            inferred=lambda objective: not objective.name,
            assign=_assign_name,
            width=30,
        ),
        Column(
            header="Kind",
            field=("kind",),
            editor=Editor.CHOICE,
            choices=lambda _document: [(kind, label(kind)) for kind in OBJECTIVE_CLASSES],
            assign=_assign_kind,
            tooltip=_KIND_TIP,
            width=10,
        ),
        hex_column(),
        Column(header="VP", name="Points", field=("points",), editor=Editor.INT, width=7),
        side_column("Owner", ("owner",), none="Neutral"),
        Column(
            header="From turn",
            name="First Turn",
            field=("first_turn",),
            editor=Editor.INT,
            applies=_is_limited,
            limits=(1, 2000),
            width=8,
        ),
        Column(
            header="Until turn",
            name="Last Turn",
            field=("last_turn",),
            editor=Editor.INT,
            applies=_is_limited,
            limits=(1, 2000),
            width=8,
        ),
        Column(
            header="Nation",
            field=("nation",),
            editor=Editor.CHOICE,
            choices=_nation_choices,
            display=_nation_name,
            applies=lambda objective: isinstance(objective, SurrenderObjective),
            width=16,
        ),
        id_column(),
    ]


def map_centre(document: Document) -> tuple[int, int]:
    """The hex in the middle of the map."""
    return document.map.width // 2, document.map.height // 2


class ObjectivesDock(ListTablesDock):
    """The objectives table: add one at the selected hex, edit in place, delete, jump to it."""

    title = "Objectives"
    object_name = "objectives"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea
    built_when_shown = True

    def build(self) -> None:
        self.model = ListTableModel(
            None, FileKind.SCENARIO, ("objectives",), objective_columns(), noun="Objective"
        )
        self.view = ListTableView(
            self.model, self.selection, new_items=self._new_objectives, edit_column=0
        )
        self.views = [self.view]
        self.setWidget(self.view)

    def _new_objectives(self) -> Sequence[Any]:
        document = self.document
        if document is None:
            return []
        taken = [objective.id for objective in document.scenario.objectives]
        hex_ = self.selection.hex or map_centre(document)
        return [NormalObjective(id=fresh_id(taken, "objective"), hex=hex_, points=100)]

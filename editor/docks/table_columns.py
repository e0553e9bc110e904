"""The columns of the list tables and the value helpers they share: how a field is shown,
parsed and edited, the side colours, turn times and OOB names."""

from __future__ import annotations

import re
import types
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum, StrEnum
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from editor.document import Document
from engine.panzer_campaigns.clock import TurnClock
from schemas.io import FileKind
from schemas.problems import ModelPath
from schemas.vocabulary import Side

try:  # Another part of the editor draws the symbols; without it, two plain colours do.
    from editor.symbols import side_color as _symbols_side_color
except ImportError:  # pragma: no cover - depends on what is installed alongside
    _symbols_side_color = None  # type: ignore[assignment]

Offset = tuple[int, int]

_FALLBACK_SIDE_COLOURS = {Side.ALLIED: QColor("#3c6eb4"), Side.AXIS: QColor("#a8453a")}
_HEX_TEXT = re.compile(r"^\s*\(?\s*(-?\d+)\s*(?:,\s*|\s+)(-?\d+)\s*\)?\s*$")
TIME_FORMAT = "%d %b %Y %H:%M"
"""How the tables write a game date and time, e.g. `18 Dec 1944 10:00`."""


class Editor(StrEnum):
    """How a cell is edited in place."""

    NONE = "none"
    """Read-only (derived from other data)."""
    TEXT = "text"
    INT = "int"
    HEX = "hex"
    """Typed as `12, 34` or `12 34`."""
    CHOICE = "choice"
    """A combo box of the column's choices."""
    CHECK = "check"
    """A check box in the cell."""
    TIME = "time"
    """A date and time."""
    PICK = "pick"
    """A dialog listing OOB units or organizations (see `Pick`)."""


@dataclass(frozen=True, slots=True)
class Pick:
    """What a picker column offers: OOB units, organizations or air units, one or several."""

    what: Literal["units", "organizations", "air_units"]
    multiple: bool = True


Assignments = Sequence[tuple[ModelPath, Any]]


@dataclass(frozen=True, kw_only=True)
class Column:
    """One column of a list table: where its value lives inside an item and how it is shown
    and edited. Callables receive the document and the row's item (or the cell's value)."""

    header: str
    field: ModelPath = ()
    """Path of the value inside an item; `()` is the item itself (a list of ids)."""
    editor: Editor = Editor.TEXT
    name: str = ""
    """The field in command texts ("Set Objective <name>"); the header when empty."""
    value: Callable[[Document, Any], Any] | None = None
    """The shown value when it is not simply read at `field` (a turn derived from a time)."""
    inferred: Callable[[Any], bool] | None = None
    """Whether the shown value is derived rather than written in the file (shown in grey)."""
    display: Callable[[Document, Any], str] | None = None
    """The cell text for a value, when the editor's default formatting does not fit."""
    assign: Callable[[Document, Any, Any], Assignments] | None = None
    """The fields an edit sets, as (path inside the item, value); default: `field` only. A
    path of `()` replaces the whole item (already built and valid)."""
    applies: Callable[[Any], bool] | None = None
    """Whether the column means anything for this item (else greyed and not editable)."""
    choices: Callable[[Document], Sequence[tuple[Any, str]]] | None = None
    """(value, label) pairs of a CHOICE column."""
    pick: Pick | None = None
    colour: Callable[[Any], QColor | None] | None = None
    """A colour swatch shown before the text, e.g. the side colour."""
    tooltip: str = ""
    """Tool tip of the header and cells; default: the field's description and unit."""
    limits: tuple[int, int] | None = None
    """Range of a number; default: the field's `ge`/`le`."""
    width: int = 0
    """Largest width in characters when fitting columns to their contents; 0 = 24."""
    numeric: bool = False
    """Right-align the values (set for every INT column)."""

    @property
    def noun(self) -> str:
        return self.name or self.header

    @property
    def alignment(self) -> Qt.AlignmentFlag:
        """Numbers to the right, hexes and check boxes centred, text to the left."""
        vertical = Qt.AlignmentFlag.AlignVCenter
        if self.numeric or self.editor is Editor.INT:
            return Qt.AlignmentFlag.AlignRight | vertical
        if self.editor in (Editor.HEX, Editor.CHECK):
            return Qt.AlignmentFlag.AlignHCenter | vertical
        return Qt.AlignmentFlag.AlignLeft | vertical


# Value helpers --------------------------------------------------------------------------------


def label(value: Any) -> str:
    """A readable label of an enum value: `halftrack` -> `Halftrack`, `at_ditch` -> `At ditch`."""
    if value is None:
        return ""
    text = str(value.value if isinstance(value, Enum) else value)
    return text.replace("_", " ").capitalize()


def enum_choices(enum: type[Enum], none: str | None = None) -> list[tuple[Any, str]]:
    """The (value, label) choices of an enum, with `none` first as the label of null if given."""
    choices: list[tuple[Any, str]] = [(None, none)] if none is not None else []
    return choices + [(member.value, label(member)) for member in enum]


def format_hex(value: Any) -> str:
    """A hex as `(12, 34)`."""
    return f"({value[0]}, {value[1]})" if value is not None else ""


def parse_hex(text: str) -> Offset:
    """`12, 34`, `12 34` or `(12, 34)` as a hex; ValueError for anything else.

    >>> parse_hex(" 12 34"), parse_hex("(3,4)")
    ((12, 34), (3, 4))
    """
    match = _HEX_TEXT.match(text)
    if match is None:
        raise ValueError(f"'{text}' is not a hex: type the column and row, e.g. 12, 34")
    return int(match.group(1)), int(match.group(2))


def parse_int(text: str) -> int:
    """A whole number typed by the user; ValueError with a readable message otherwise."""
    try:
        return int(str(text).strip())
    except ValueError:
        raise ValueError(f"'{text}' is not a whole number") from None


def parse_time(text: str) -> datetime:
    """A date and time typed as `1944-12-18 10:00` or `18 Dec 1944 10:00`."""
    cleaned = str(text).strip().replace("T", " ")
    for pattern in ("%Y-%m-%d %H:%M", TIME_FORMAT):
        try:
            return datetime.strptime(cleaned, pattern)
        except ValueError:
            continue
    raise ValueError(f"'{text}' is not a date and time: type it as YYYY-MM-DD HH:MM")


def side_colour(side: Any) -> QColor | None:
    """The colour of a side (the map symbols' colour when available)."""
    if side is None:
        return None
    side = Side(side)
    if _symbols_side_color is not None:
        try:
            return QColor(_symbols_side_color(side))
        except (TypeError, ValueError):  # pragma: no cover - a different signature
            pass
    return _FALLBACK_SIDE_COLOURS[side]


def turn_clock(document: Document) -> TurnClock | None:
    """The scenario's turn clock, or None while the header's schedule is broken."""

    def build() -> TurnClock | None:
        try:
            return TurnClock.from_header(document.scenario.header)
        except ValueError:
            return None

    return document.cached(FileKind.SCENARIO, "list_table.turn_clock", build)


def node_name(document: Document, node_id: str) -> str | None:
    """The name of an OOB unit or organization, None for an unknown id."""
    index = document.oob_index
    unit = index.units.get(node_id)
    if unit is not None:
        return unit.unit.name
    organization = index.organizations.get(node_id)
    return organization.organization.name if organization is not None else None


def names_text(document: Document, ids: Iterable[str]) -> str:
    """OOB names of ids, joined; an unknown id shows as `? id`."""
    return ", ".join(node_name(document, i) or f"? {i}" for i in ids)


def item_side(document: Document, item: Any) -> Side | None:
    """The side an item concerns: its `side` or `owner`, else the side of the first OOB unit or
    organization it names."""
    for name in ("side", "owner"):
        value = getattr(item, name, None)
        if value is not None:
            return Side(value)
    if isinstance(item, str):
        return document.oob_index.side_of(item)
    ids = [*getattr(item, "units", ()), *getattr(item, "organizations", ())]
    organization = getattr(item, "organization", None)
    ids += [organization] if isinstance(organization, str) else []
    for node_id in ids:
        side = document.oob_index.side_of(node_id)
        if side is not None:
            return side
    return None


def fresh_id(existing: Iterable[str], prefix: str) -> str:
    """`prefix-N` with the smallest N >= 1 not among `existing`.

    >>> fresh_id(["objective-1", "objective-3"], "objective")
    'objective-2'
    """
    taken = set(existing)
    number = 1
    while f"{prefix}-{number}" in taken:
        number += 1
    return f"{prefix}-{number}"


def _field_info(classes: Sequence[type[BaseModel]], name: str) -> Any:
    for cls in classes:
        info = cls.model_fields.get(name)
        if info is not None:
            return info
    return None


def field_tooltip(classes: Sequence[type[BaseModel]], field: ModelPath) -> str:
    """A field's description and unit, as a tool tip."""
    if not field or not isinstance(field[0], str):
        return ""
    info = _field_info(classes, field[0])
    if info is None:
        return ""
    text = " ".join((info.description or "").split())
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    unit = extra.get("x-unit")
    return f"{text}\nUnit: {unit}" if unit else text


def field_limits(classes: Sequence[type[BaseModel]], field: ModelPath) -> tuple[int, int]:
    low, high = -(2**31), 2**31 - 1
    info = _field_info(classes, field[0]) if field and isinstance(field[0], str) else None
    for constraint in info.metadata if info is not None else ():
        low = max(low, getattr(constraint, "ge", low))
        high = min(high, getattr(constraint, "le", high))
    return low, high


def item_classes(root_type: type[BaseModel], list_path: ModelPath) -> tuple[type[BaseModel], ...]:
    """The model classes a list's items may be, read from the file's type annotations."""
    annotation: Any = root_type
    for step in list_path:
        annotation = _unwrap(annotation)
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            annotation = annotation.model_fields[str(step)].annotation
        else:
            annotation = get_args(annotation)[0] if get_args(annotation) else Any
    item = _unwrap(get_args(_unwrap(annotation))[0]) if get_args(_unwrap(annotation)) else Any
    members = get_args(item) if get_origin(item) in (Union, types.UnionType) else (item,)
    return tuple(
        m for m in (_unwrap(m) for m in members) if isinstance(m, type) and issubclass(m, BaseModel)
    )


def _unwrap(annotation: Any) -> Any:
    while hasattr(annotation, "__metadata__"):
        annotation = get_args(annotation)[0]
    return annotation


def place_name(document: Document, hex_: Any) -> str:
    """The map's place name lettered on a hex, or ""."""
    places = document.cached(
        FileKind.MAP,
        "list_table.places",
        lambda: {tuple(place.hex): place.name for place in document.map.places},
    )
    return places.get(tuple(hex_), "") if hex_ is not None else ""


# Columns the tables share -----------------------------------------------------------------------


def id_column(width: int = 26) -> Column:
    """The item's stable id, unique in its list."""
    return Column(header="Id", field=("id",), width=width)


def hex_column(header: str = "Hex") -> Column:
    """A hex, typed as `12, 34`; double-clicking it shows it on the map."""
    return Column(header=header, field=("hex",), editor=Editor.HEX, width=10, name="Hex")


def side_column(
    header: str = "Side", field: ModelPath = ("side",), none: str | None = None
) -> Column:
    """A side chosen from a list, with its colour."""
    return Column(
        header=header,
        field=field,
        editor=Editor.CHOICE,
        choices=lambda _document: enum_choices(Side, none),
        display=lambda _document, value: label(value) if value is not None else (none or ""),
        colour=side_colour,
        width=10,
    )


def derived_side_column() -> Column:
    """The side of the units an item names, read from the OOB."""
    return Column(
        header="Side",
        editor=Editor.NONE,
        value=item_side,
        display=lambda _document, value: label(value),
        colour=side_colour,
        tooltip="The side of the units concerned, from the order of battle.",
        width=8,
    )


def ids_column(header: str, field: ModelPath, pick: Pick, width: int = 36) -> Column:
    """OOB units or organizations by id, shown by name and chosen in a picker."""
    return Column(header=header, field=field, editor=Editor.PICK, pick=pick, width=width)


def _turn_of(document: Document, item: Any) -> int | None:
    if item.turn is not None:
        return int(item.turn)
    clock = turn_clock(document)
    return clock.turn_at(item.at) if clock is not None and item.at is not None else None


def _time_of(document: Document, item: Any) -> datetime | None:
    if item.at is not None:
        return item.at  # type: ignore[no-any-return]
    clock = turn_clock(document)
    if clock is None or item.turn is None or not 1 <= item.turn <= clock.last_turn:
        return None
    return clock.time_of(item.turn)


def schedule_columns() -> list[Column]:
    """Turn and date-time of a scheduled item: the file gives one, the other is derived from
    the header's clock (grey); typing either schedules the item by it."""
    return [
        Column(
            header="Turn",
            field=("turn",),
            editor=Editor.INT,
            value=_turn_of,
            inferred=lambda item: item.turn is None,
            assign=lambda _document, _item, value: [(("turn",), value), (("at",), None)],
            limits=(1, 2000),
            display=lambda _document, value: "–" if value is None else str(value),
            tooltip="Turn number (1 = first turn). Typing a turn schedules the item by turn;\n"
            "a turn in grey is derived from the date and time the file gives.",
            width=6,
        ),
        Column(
            header="Date and time",
            name="Time",
            field=("at",),
            editor=Editor.TIME,
            value=_time_of,
            inferred=lambda item: item.at is None,
            assign=lambda _document, _item, value: [(("at",), value), (("turn",), None)],
            tooltip="Date and time of the turn. Typing a time schedules the item by date and\n"
            "time; a time in grey is derived from the turn the file gives.",
            width=18,
        ),
    ]

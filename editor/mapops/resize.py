"""Resizing and cropping a map, and moving a scenario's hexes with it: pure functions over the
file models that list whatever falls off the new map instead of losing it silently."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.hexgrid import Grid, Hex, Offset, opposite
from schemas.panzer_campaigns.map import CONNECTION_BITS, CONNECTION_NONE, MapFile
from schemas.panzer_campaigns.scenario import Overlays, ScenarioFile
from schemas.vocabulary import Direction

MAX_SIDE = 4000
"""The largest width or height a map file allows."""

_DIGIT = re.compile("[1-7]")
_FLIPPED: dict[str, Literal["odd", "even"]] = {"odd": "even", "even": "odd"}


@dataclass(frozen=True, slots=True)
class Loss:
    """One thing a resize removed, cut or moved elsewhere, as the designer should hear of it."""

    file: Literal["map", "scenario"]
    what: str
    """The kind of thing, e.g. `Place`, `Placement`, `Objective`."""
    text: str
    """Which one and what became of it, with its hex before the resize."""

    def line(self) -> str:
        """The loss as one line of the report."""
        return f"{self.what}: {self.text}"


_MAP_ORDER = ("Place", "Full-hex feature", "Connection", "Crossing", "Hexside")


def _rank(loss: Loss) -> int:
    return _MAP_ORDER.index(loss.what) if loss.what in _MAP_ORDER else -1


@dataclass
class ResizeReport:
    """Everything a resize could not keep where it was, in the order it was met."""

    losses: list[Loss] = field(default_factory=list)

    def add(self, file: Literal["map", "scenario"], what: str, text: str) -> None:
        """Record one loss."""
        self.losses.append(Loss(file, what, text))

    def lines(self) -> list[str]:
        """The report as text lines: the scenario's first (what the designer placed by hand),
        then the map's places, links and edges."""
        ordered = sorted(self.losses, key=lambda loss: (loss.file != "scenario", _rank(loss)))
        return [loss.line() for loss in ordered]

    def counts(self) -> dict[str, int]:
        """How many losses of each kind, in the order of `lines`."""
        found: dict[str, int] = {}
        for line in self.lines():
            what = line.split(":", 1)[0]
            found[what] = found.get(what, 0) + 1
        return found

    def __bool__(self) -> bool:
        return bool(self.losses)

    def __add__(self, other: ResizeReport) -> ResizeReport:
        return ResizeReport([*self.losses, *other.losses])


@dataclass(frozen=True, slots=True)
class Margins:
    """Columns and rows added (positive) or cut (negative) on each side of a map."""

    left: int = 0
    top: int = 0
    right: int = 0
    bottom: int = 0

    def cut(self, amount: int) -> int:
        return max(0, -amount)

    def pad(self, amount: int) -> int:
        return max(0, amount)


@dataclass(frozen=True, slots=True)
class _Shift:
    """Where each hex of the old grid lands on the new one: one axial translation, so every hex
    keeps its six neighbours in the same directions."""

    old: Grid
    new: Grid
    delta: Hex

    @classmethod
    def between(cls, old: Grid, new: Grid, dx: int, dy: int) -> _Shift:
        origin, target = old.hex_at(0, 0), new.hex_at(dx, dy)
        return cls(old, new, Hex(target.q - origin.q, target.r - origin.r))

    def place(self, column: int, row: int) -> Offset:
        """The new offset of an old hex (which may lie off the new map)."""
        hex_ = self.old.hex_at(column, row)
        return self.new.offset_of(Hex(hex_.q + self.delta.q, hex_.r + self.delta.r))


def new_stagger(map_file: MapFile, left: int) -> Literal["odd", "even"]:
    """The column stagger after adding or cutting `left` columns on the left: an odd number
    flips which columns sit lower, so that every hex keeps its neighbours."""
    return map_file.shifted_columns if left % 2 == 0 else _FLIPPED[map_file.shifted_columns]


def resize_map(
    map_file: MapFile, left: int, top: int, right: int, bottom: int, *, fill_terrain: str
) -> MapFile:
    """The map with columns and rows added (positive) or cut (negative) on each side; new hexes
    get the terrain with id `fill_terrain`. See `resize_map_reported` for what falls off."""
    return resize_map_reported(map_file, Margins(left, top, right, bottom), fill_terrain)[0]


def resize_map_reported(
    map_file: MapFile, margins: Margins, fill_terrain: str
) -> tuple[MapFile, ResizeReport]:
    """Resize a map and list what it loses: features whose hex (or edge) leaves the map are
    dropped, road and rail links that would lead off the new edge are cut.

    Elevations of new hexes repeat the nearest old hex so the new edge is no cliff. Raises
    ValueError for a size outside 1..4000 or a fill terrain the legend lacks.
    """
    width = map_file.width + margins.left + margins.right
    height = map_file.height + margins.top + margins.bottom
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise ValueError(f"the new map would be {width}x{height}; each side must be 1-{MAX_SIDE}")
    codes = {t.id: t.code for t in map_file.terrain}
    if fill_terrain not in codes:
        raise ValueError(f"'{fill_terrain}' is not a terrain of the map's legend")
    old = Grid(map_file.width, map_file.height, map_file.shifted_columns)
    new = Grid(width, height, new_stagger(map_file, margins.left))
    shift = _Shift.between(old, new, margins.left, margins.top)
    report = ResizeReport()

    connections = {}
    for kind, rows in map_file.connections.items():
        connections[kind] = _move_links(rows, shift, kind.value.replace("_", " "), report)
    raised = _move_links(map_file.raised, shift, "raised", report) if map_file.raised else []

    hexsides = []
    for feature in map_file.hexsides:
        edge = _move_edge(feature.hex, feature.side, shift)
        if edge is None:
            report.add("map", "Hexside", f"{feature.kind.value} {_edge_text(feature)}: removed")
        else:
            hexsides.append(feature.model_copy(update={"hex": edge[0], "side": edge[1]}))
    crossings = []
    for crossing in map_file.crossings:
        edge = _move_edge(crossing.hex, crossing.side, shift)
        if edge is None:
            text = f"{crossing.kind.value.replace('_', ' ')} {_edge_text(crossing)}: removed"
            report.add("map", "Crossing", text)
        else:
            crossings.append(crossing.model_copy(update={"hex": edge[0], "side": edge[1]}))
    full_hex = _move_on_hexes(map_file.full_hex_features, shift, report, "Full-hex feature")
    places = _move_on_hexes(map_file.places, shift, report, "Place")

    resized = map_file.model_copy(
        update={
            "width": width,
            "height": height,
            "shifted_columns": new.shifted,
            "terrain_rows": _resize_text_rows(map_file.terrain_rows, margins, codes[fill_terrain]),
            "elevation_rows": _resize_elevation(map_file.elevation_rows, margins),
            "connections": connections,
            "raised": raised,
            "hexsides": hexsides,
            "crossings": crossings,
            "full_hex_features": full_hex,
            "places": places,
        }
    )
    return resized, report


def _resize_text_rows(rows: list[str], margins: Margins, fill: str) -> list[str]:
    """One-character-per-hex rows with new hexes set to `fill`."""
    m = margins
    old_width = len(rows[0]) if rows else 0
    width = old_width + m.left + m.right
    first, last = m.cut(m.left), old_width - m.cut(m.right)
    body = [
        fill * m.pad(m.left) + row[first:last] + fill * m.pad(m.right)
        for row in rows[m.cut(m.top) : len(rows) - m.cut(m.bottom)]
    ]
    blank = fill * width
    return [blank] * m.pad(m.top) + body + [blank] * m.pad(m.bottom)


def _resize_elevation(rows: list[str], margins: Margins) -> list[str]:
    """Elevation rows with each new hex as high as the nearest old one (0 when none is left)."""
    if not rows:
        return []
    m = margins
    kept = []
    for row in rows[m.cut(m.top) : len(rows) - m.cut(m.bottom)]:
        values = row.split()
        middle = values[m.cut(m.left) : len(values) - m.cut(m.right)]
        lead, tail = (middle[0], middle[-1]) if middle else ("0", "0")
        kept.append([lead] * m.pad(m.left) + middle + [tail] * m.pad(m.right))
    width = len(rows[0].split()) + m.left + m.right
    above = kept[0] if kept else ["0"] * width
    below = kept[-1] if kept else ["0"] * width
    grown = [above] * m.pad(m.top) + kept + [below] * m.pad(m.bottom)
    return [" ".join(values) for values in grown]


def _move_links(rows: list[str], shift: _Shift, label: str, report: ResizeReport) -> list[str]:
    """A connection layer on the new grid. A link between a hex that stays and one that leaves
    is cut (and counted); a link that already led off the old map is kept as it was."""
    old, new = shift.old, shift.new
    moved = [bytearray(CONNECTION_NONE * new.width, "ascii") for _ in range(new.height)]
    cut = 0
    for row_number, row in enumerate(rows):
        for match in _DIGIT.finditer(row):
            column, bits = match.start(), int(match.group())
            owner = shift.place(column, row_number)
            owner_stays = new.contains(*owner)
            kept = 0
            for direction, bit in CONNECTION_BITS.items():
                if not bits & bit:
                    continue
                target = old.neighbor(column, row_number, direction)
                target_stays = new.contains(*shift.place(*target))
                if owner_stays and (target_stays or not old.contains(*target)):
                    kept |= bit
                elif owner_stays or target_stays:
                    cut += 1
            if kept:
                moved[owner[1]][owner[0]] = ord(str(kept))
    if cut:
        links = "link" if cut == 1 else "links"
        report.add("map", "Connection", f"{cut} {label} {links} crossing the new map edge: cut")
    return [line.decode("ascii") for line in moved]


def _move_edge(
    hex_: tuple[int, int], side: Direction, shift: _Shift
) -> tuple[Offset, Direction] | None:
    """The edge on the new map, named from whichever of its two hexes stays; None when both go.

    An edge whose own hex leaves but whose other hex stays is a river along the new map edge, so
    it is kept and named from the hex across.
    """
    moved = shift.place(*hex_)
    if shift.new.contains(*moved):
        return moved, side
    across = shift.new.neighbor(*moved, side)
    if shift.new.contains(*across):
        return across, opposite(side)
    return None


def _move_on_hexes(items: list[Any], shift: _Shift, report: ResizeReport, what: str) -> list[Any]:
    """Sparse map features on one hex each, moved; those off the new map are removed."""
    kept = []
    for item in items:
        moved = shift.place(*item.hex)
        if shift.new.contains(*moved):
            kept.append(item.model_copy(update={"hex": moved}))
        else:
            name = getattr(item, "name", None) or getattr(item, "kind", "")
            report.add("map", what, f"{name} at {_hex_text(item.hex)}: removed")
    return kept


def _edge_text(feature: Any) -> str:
    return f"on the {feature.side.value.replace('_', ' ')} edge of {_hex_text(feature.hex)}"


def _hex_text(hex_: tuple[int, int]) -> str:
    return f"[{hex_[0]}, {hex_[1]}]"


# Scenario --------------------------------------------------------------------------------------


def shift_scenario(
    scenario: ScenarioFile, dx: int, dy: int, width: int, height: int
) -> tuple[ScenarioFile, ResizeReport]:
    """The scenario with every hex moved by (dx, dy) onto a `width` x `height` map.

    Nothing falls off silently: placements off the map are dropped (their units become
    unplaced), objectives, supply sources and overlays off the map are removed, reinforcement
    hexes off the map move to the nearest hex of the map edge; each is listed in the report.
    The offsets translate as they are because `resize_map` keeps the column stagger in step.
    """
    report = ResizeReport()

    def place(hex_: tuple[int, int]) -> tuple[int, int] | None:
        column, row = hex_[0] + dx, hex_[1] + dy
        return (column, row) if 0 <= column < width and 0 <= row < height else None

    placements = []
    for placement in scenario.placements:
        moved = place(placement.hex)
        if moved is None:
            text = f"{placement.unit} at {_hex_text(placement.hex)}: now unplaced"
            report.add("scenario", "Placement", text)
        else:
            placements.append(placement.model_copy(update={"hex": moved}))

    objectives = []
    for objective in scenario.objectives:
        moved = place(objective.hex)
        if moved is None:
            name = objective.name or objective.id
            report.add("scenario", "Objective", f"{name} at {_hex_text(objective.hex)}: removed")
        else:
            objectives.append(objective.model_copy(update={"hex": moved}))

    reinforcements = []
    for reinforcement in scenario.reinforcements:
        moved = place(reinforcement.hex)
        if moved is None:
            column, row = reinforcement.hex[0] + dx, reinforcement.hex[1] + dy
            moved = (min(max(column, 0), width - 1), min(max(row, 0), height - 1))
            text = (
                f"{reinforcement.id} at {_hex_text(reinforcement.hex)}: arrives at the map edge "
                f"instead, new hex {_hex_text(moved)}"
            )
            report.add("scenario", "Reinforcement", text)
        reinforcements.append(reinforcement.model_copy(update={"hex": moved}))

    sources = []
    for source in scenario.supply.sources:
        moved = place(source.hex)
        if moved is None:
            text = f"{source.id} ({source.side.value}) at {_hex_text(source.hex)}: removed"
            report.add("scenario", "Supply source", text)
        else:
            sources.append(source.model_copy(update={"hex": moved}))

    overlays: dict[str, list[Any]] = {}
    for name in Overlays.model_fields:
        kept = []
        for overlay in getattr(scenario.overlays, name):
            moved = place(overlay.hex)
            if moved is None:
                what = name.replace("_", " ").rstrip("s").capitalize() or name
                report.add("scenario", f"Overlay ({what})", f"at {_hex_text(overlay.hex)}: removed")
            else:
                kept.append(overlay.model_copy(update={"hex": moved}))
        overlays[name] = kept

    shifted = scenario.model_copy(
        update={
            "placements": placements,
            "objectives": objectives,
            "reinforcements": reinforcements,
            "supply": scenario.supply.model_copy(update={"sources": sources}),
            "overlays": scenario.overlays.model_copy(update=overlays),
        }
    )
    return shifted, report

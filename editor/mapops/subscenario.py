"""Convert to Sub-Scenario: crop a map to a rectangle of hexes and cut the scenario to match,
keeping what lies inside (moved to the new coordinates) and reporting everything that changed.

Pure data, no Qt: `cut_subscenario` returns the new map and scenario models and a report; the
dialog (subscenario_dialog.py) writes them as a new title.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from engine.hexgrid import Grid
from schemas.panzer_campaigns.ai_orders import AiSetup
from schemas.panzer_campaigns.map import CONNECTION_BITS, CONNECTION_NONE, MapFile
from schemas.panzer_campaigns.oob import OobFile
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.scenario import Reinforcement, ScenarioFile
from schemas.vocabulary import Direction

Offset = tuple[int, int]
Outside = Literal["reinforcements", "drop"]
T = TypeVar("T")


@dataclass(frozen=True)
class Crop:
    """A rectangle of hexes of a map: `width` columns and `height` rows from a top-left hex."""

    first_column: int
    first_row: int
    width: int
    height: int

    def contains(self, hex_: Offset) -> bool:
        """Whether a hex of the original map lies inside the rectangle."""
        column, row = hex_
        return (
            self.first_column <= column < self.first_column + self.width
            and self.first_row <= row < self.first_row + self.height
        )


@dataclass
class SubScenarioReport:
    """What a cut changed, for the designer to read before saving."""

    crop: Crop
    kept_units: int = 0
    """Units placed inside the rectangle, kept at their new hexes."""
    new_reinforcements: list[tuple[str, Offset, list[str]]] = field(default_factory=list)
    """(reinforcement id, arrival hex, units) made of units placed outside."""
    dropped_units: list[str] = field(default_factory=list)
    """Units placed outside that the sub-scenario leaves unplaced."""
    moved_reinforcements: list[tuple[str, Offset, Offset]] = field(default_factory=list)
    """(id, old arrival hex, new arrival hex on the map edge) of reinforcements arriving outside."""
    dropped_reinforcements: list[str] = field(default_factory=list)
    dropped_objectives: list[str] = field(default_factory=list)
    dropped_sources: list[str] = field(default_factory=list)
    dropped_withdrawals: list[str] = field(default_factory=list)
    dropped_ai_orders: list[str] = field(default_factory=list)
    """A/I orders whose objective, hex or whole area lies outside."""
    dropped_overlays: dict[str, int] = field(default_factory=dict)
    """Scenario overlays (minefields, rubble…) outside the rectangle, by kind."""
    dropped_map_features: dict[str, int] = field(default_factory=dict)
    """Hexsides, crossings, links, full-hex features and place names cut away, by kind."""

    def lines(self) -> list[str]:
        """The report as sentences, one per line."""
        crop = self.crop
        last_column = crop.first_column + crop.width - 1
        last_row = crop.first_row + crop.height - 1
        out = [
            f"Map cropped to columns {crop.first_column}-{last_column}, rows "
            f"{crop.first_row}-{last_row} ({crop.width} x {crop.height} hexes); "
            f"hex [{crop.first_column}, {crop.first_row}] becomes [0, 0].",
            f"{_plural(self.kept_units, 'placed unit')} kept at their new hexes.",
        ]
        out += [
            f"Reinforcement {rid}: {_plural(len(units), 'unit')} placed outside arrive at "
            f"[{hex_[0]}, {hex_[1]}] ({', '.join(units)})."
            for rid, hex_, units in self.new_reinforcements
        ]
        if self.dropped_units:
            out.append(
                f"{_plural(len(self.dropped_units), 'unit')} placed outside left unplaced: "
                + ", ".join(self.dropped_units)
            )
        out += [
            f"Reinforcement {rid} now arrives at [{new[0]}, {new[1]}] (was [{old[0]}, {old[1]}])."
            for rid, old, new in self.moved_reinforcements
        ]
        for label, names in (
            ("Reinforcements arriving outside dropped", self.dropped_reinforcements),
            ("Withdrawals left without units dropped", self.dropped_withdrawals),
            ("Objectives outside dropped", self.dropped_objectives),
            ("Supply sources outside dropped", self.dropped_sources),
            ("A/I orders aimed outside dropped", self.dropped_ai_orders),
        ):
            if names:
                out.append(f"{label}: {', '.join(names)}.")
        for label, counts in (
            ("Scenario overlays outside dropped", self.dropped_overlays),
            ("Map features cut away", self.dropped_map_features),
        ):
            parts = [f"{count} {name.replace('_', ' ')}" for name, count in counts.items() if count]
            if parts:
                out.append(f"{label}: {', '.join(parts)}.")
        return out


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


class _Shift:
    """Moves hexes of the original map to the cropped one by axial translation, so each hex
    keeps its neighbours whatever the parity of the first column."""

    def __init__(self, source: Grid, crop: Crop) -> None:
        self.source = source
        self.crop = crop
        shifted = source.shifted
        if crop.first_column % 2 == 1:
            # The new first column stood where the old odd columns did: the stagger flips.
            shifted = "even" if shifted == "odd" else "odd"
        self.target = Grid(crop.width, crop.height, shifted)
        origin = source.hex_at(crop.first_column, crop.first_row)
        self._dq, self._dr = -origin.q, -origin.r

    def __call__(self, hex_: Offset) -> Offset:
        moved = self.source.hex_at(*hex_)
        return self.target.offset_of(type(moved)(moved.q + self._dq, moved.r + self._dr))

    def edge_inside(self, hex_: Offset, side: Direction) -> bool:
        """Whether both hexes of an edge of the original map lie inside the crop."""
        return self.crop.contains(hex_) and self.crop.contains(self.source.neighbor(*hex_, side))


def cut_subscenario(
    map_file: MapFile,
    scenario: ScenarioFile,
    oob: OobFile,
    *,
    first_column: int,
    first_row: int,
    width: int,
    height: int,
    outside: Outside,
    turn: int,
) -> tuple[MapFile, ScenarioFile, SubScenarioReport]:
    """Crop the map to `width` x `height` hexes from (first_column, first_row) and cut the
    scenario: what lies inside moves to the new coordinates, units placed outside become
    reinforcements arriving on `turn` at the nearest map-edge hex (grouped by hex) or are
    dropped, and objectives, supply sources and overlays outside are dropped."""
    crop = Crop(first_column, first_row, width, height)
    if not (
        width >= 1
        and height >= 1
        and first_column >= 0
        and first_row >= 0
        and first_column + width <= map_file.width
        and first_row + height <= map_file.height
    ):
        raise ValueError(
            f"the rectangle {width} x {height} at [{first_column}, {first_row}] does not lie "
            f"inside the {map_file.width} x {map_file.height} map"
        )
    shift = _Shift(Grid(map_file.width, map_file.height, map_file.shifted_columns), crop)
    report = SubScenarioReport(crop)
    new_map = _crop_map(map_file, shift, report)
    new_scenario = _cut_scenario(scenario, oob, shift, outside=outside, turn=turn, report=report)
    return new_map, new_scenario, report


# The map ---------------------------------------------------------------------------------------


def _crop_map(map_file: MapFile, shift: _Shift, report: SubScenarioReport) -> MapFile:
    crop = shift.crop
    columns = slice(crop.first_column, crop.first_column + crop.width)
    rows = range(crop.first_row, crop.first_row + crop.height)
    dropped = report.dropped_map_features
    connections: dict[Any, list[str]] = {}
    for kind, layer in map_file.connections.items():
        cropped, lost = _crop_links(layer, shift, columns, rows)
        dropped["links"] = dropped.get("links", 0) + lost
        if _has_link(cropped):
            connections[kind] = cropped
    raised: list[str] = []
    if map_file.raised:
        raised, _ = _crop_links(map_file.raised, shift, columns, rows)
        raised = raised if _has_link(raised) else []

    def on_edge(item: Any) -> bool:
        return shift.edge_inside(tuple(item.hex), item.side)

    def at_hex(item: Any) -> bool:
        return crop.contains(tuple(item.hex))

    hexsides = _keep(map_file.hexsides, on_edge, shift, dropped, "hexsides")
    crossings = _keep(map_file.crossings, on_edge, shift, dropped, "crossings")
    features = _keep(map_file.full_hex_features, at_hex, shift, dropped, "full_hex_features")
    places = _keep(map_file.places, at_hex, shift, dropped, "place_names")
    elevation = (
        [" ".join(map_file.elevation_rows[row].split()[columns]) for row in rows]
        if map_file.elevation_rows
        else []
    )
    return map_file.model_copy(
        update={
            "width": crop.width,
            "height": crop.height,
            "shifted_columns": shift.target.shifted,
            "terrain_rows": [map_file.terrain_rows[row][columns] for row in rows],
            "elevation_rows": elevation,
            "connections": connections,
            "raised": raised,
            "hexsides": hexsides,
            "crossings": crossings,
            "full_hex_features": features,
            "places": places,
        }
    )


def _crop_links(
    layer: Sequence[str], shift: _Shift, columns: slice, rows: range
) -> tuple[list[str], int]:
    """The connection rows inside the crop, without the links that leave it; and how many
    links were cut."""
    cropped = [list(layer[row][columns]) for row in rows]
    target = shift.target
    for row, chars in enumerate(cropped):
        for column, char in enumerate(chars):
            if char == CONNECTION_NONE:
                continue
            bits = int(char)
            for direction, bit in CONNECTION_BITS.items():
                if bits & bit and not target.contains(*target.neighbor(column, row, direction)):
                    bits &= ~bit
            chars[column] = str(bits) if bits else CONNECTION_NONE
    kept = ["".join(chars) for chars in cropped]
    return kept, sum(map(_link_count, layer)) - sum(map(_link_count, kept))


def _link_count(chars: Sequence[str]) -> int:
    return sum(int(char).bit_count() for char in chars if char != CONNECTION_NONE)


def _has_link(rows: Sequence[str]) -> bool:
    return any(char != CONNECTION_NONE for text in rows for char in text)


def _keep(
    items: Sequence[T],
    inside: Callable[[T], bool],
    shift: _Shift,
    dropped: dict[str, int],
    name: str,
) -> list[T]:
    """The items inside the crop, moved to the new coordinates; count the others."""
    kept = [
        item.model_copy(update={"hex": shift(tuple(item.hex))})  # type: ignore[attr-defined]
        for item in items
        if inside(item)
    ]
    dropped[name] = dropped.get(name, 0) + len(items) - len(kept)
    return kept


# The scenario ----------------------------------------------------------------------------------


def _cut_scenario(
    scenario: ScenarioFile,
    oob: OobFile,
    shift: _Shift,
    *,
    outside: Outside,
    turn: int,
    report: SubScenarioReport,
) -> ScenarioFile:
    crop = shift.crop
    placements = []
    arrivals: dict[Offset, list[str]] = {}
    for placement in scenario.placements:
        hex_ = (placement.hex[0], placement.hex[1])
        if crop.contains(hex_):
            placements.append(placement.model_copy(update={"hex": shift(hex_)}))
        elif outside == "reinforcements":
            arrivals.setdefault(_nearest_edge(shift, hex_), []).append(placement.unit)
        else:
            report.dropped_units.append(placement.unit)
    report.kept_units = len(placements)

    reinforcements = []
    for reinforcement in scenario.reinforcements:
        hex_ = (reinforcement.hex[0], reinforcement.hex[1])
        if crop.contains(hex_):
            reinforcements.append(reinforcement.model_copy(update={"hex": shift(hex_)}))
        elif outside == "reinforcements":
            edge = _nearest_edge(shift, hex_)
            report.moved_reinforcements.append((reinforcement.id, hex_, edge))
            reinforcements.append(reinforcement.model_copy(update={"hex": edge}))
        else:
            report.dropped_reinforcements.append(reinforcement.id)
    taken = {r.id for r in scenario.reinforcements}
    for hex_, units in sorted(arrivals.items(), key=lambda item: (item[0][1], item[0][0])):
        rid = _fresh_id(f"cut-{hex_[0]}-{hex_[1]}", taken)
        reinforcements.append(Reinforcement(id=rid, turn=turn, units=units, hex=hex_))
        report.new_reinforcements.append((rid, hex_, units))

    present = {p.unit for p in placements}
    organizations = {o for r in reinforcements for o in r.organizations}
    present |= {u for r in reinforcements for u in r.units}
    present |= _units_of(oob, organizations)
    withdrawals = []
    for withdrawal in scenario.withdrawals:
        units = [u for u in withdrawal.units if u in present]
        if units or withdrawal.organizations:
            withdrawals.append(withdrawal.model_copy(update={"units": units}))
        else:
            report.dropped_withdrawals.append(withdrawal.id)

    objectives = _keep_named(scenario.objectives, shift, report.dropped_objectives)
    sources = _keep_named(scenario.supply.sources, shift, report.dropped_sources)
    overlays: dict[str, list[Any]] = {}
    for name, items in scenario.overlays:

        def inside(item: Any) -> bool:
            side = getattr(item, "side", None)
            if isinstance(side, Direction):
                return shift.edge_inside(tuple(item.hex), side)
            return crop.contains(tuple(item.hex))

        overlays[name] = _keep(items, inside, shift, report.dropped_overlays, name)
    return scenario.model_copy(
        update={
            "placements": placements,
            "reinforcements": reinforcements,
            "withdrawals": withdrawals,
            "objectives": objectives,
            "supply": scenario.supply.model_copy(update={"sources": sources}),
            "overlays": scenario.overlays.model_copy(update=overlays),
            "ai": _cut_ai_orders(scenario.ai, {o.id for o in objectives}, shift, report),
        }
    )


def _cut_ai_orders(
    ai: AiSetup, objectives: set[str], shift: _Shift, report: SubScenarioReport
) -> AiSetup:
    """The A/I orders whose target is still on the map, at their new hexes; an area keeps the
    hexes inside. An organization left without orders leaves the list."""
    entries = []
    for entry in ai.organizations:
        orders = []
        for order in entry.orders:
            area = [shift(h) for h in order.area if shift.crop.contains(h)]
            hex_ = order.hex
            lost = (
                (order.objective is not None and order.objective not in objectives)
                or (hex_ is not None and not shift.crop.contains(hex_))
                or (bool(order.area) and not area)
            )
            if lost:
                report.dropped_ai_orders.append(order.id)
            else:
                update: dict[str, Any] = {"area": area}
                if hex_ is not None:
                    update["hex"] = shift(hex_)
                orders.append(order.model_copy(update=update))
        if orders:
            entries.append(entry.model_copy(update={"orders": orders}))
    return ai.model_copy(update={"organizations": entries})


def _keep_named(items: Sequence[T], shift: _Shift, dropped: list[str]) -> list[T]:
    kept = []
    for item in items:
        hex_ = tuple(item.hex)  # type: ignore[attr-defined]
        if shift.crop.contains(hex_):
            kept.append(item.model_copy(update={"hex": shift(hex_)}))  # type: ignore[attr-defined]
        else:
            dropped.append(item.id)  # type: ignore[attr-defined]
    return kept


def _nearest_edge(shift: _Shift, hex_: Offset) -> Offset:
    """The hex on the edge of the cropped map nearest a hex outside it (new coordinates); of
    equally near ones the first in reading order."""
    source, crop = shift.source, shift.crop
    start = source.hex_at(*hex_)
    best: tuple[int, int, int, Offset] | None = None
    for column in range(crop.width):
        for row in range(crop.height):
            if not shift.target.is_edge(column, row):
                continue
            original = (crop.first_column + column, crop.first_row + row)
            key = (start.distance(source.hex_at(*original)), row, column, (column, row))
            if best is None or key < best:
                best = key
    assert best is not None
    return best[3]


def _fresh_id(base: str, taken: set[str]) -> str:
    name, number = base, 2
    while name in taken:
        name, number = f"{base}-{number}", number + 1
    taken.add(name)
    return name


def _units_of(oob: OobFile, organizations: set[str]) -> set[str]:
    """Every unit id under the named organizations of the OOB."""
    index = OobIndex.from_oob(oob)
    return {unit for org in organizations for unit in index.iter_units_under(org)}

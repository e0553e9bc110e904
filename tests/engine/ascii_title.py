"""Small titles drawn as ASCII art, so that a rules test shows its board.

Each cell of the art is a terrain symbol followed by the labels of the units standing there:
uppercase letters are Allied units, lowercase letters Axis units. Cells are separated by spaces;
rows are map rows, cells are columns (odd columns shifted down, as on the maps).

    .  .   ^  .
    .A .   ^b .
    ~  ~   .  .

Terrain symbols: `.` clear, `^` forest, `+` village, `:` rough, `,` marsh (vehicles by road
only), `~` water, `#` impassable. Hexsides, crossings, roads and everything a scenario holds are
keyword arguments; units take their Unit and Placement fields from `units={label: {...}}`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from engine.hexgrid import Grid
from engine.panzer_campaigns.state import GameState
from schemas.panzer_campaigns.map import Crossing, HexsideFeature, MapFile, TerrainType
from schemas.panzer_campaigns.oob import Nation, OobFile, Organization, OrgLevel, SideOob, Unit
from schemas.panzer_campaigns.parameters import MovementCosts, ParameterFile
from schemas.panzer_campaigns.scenario import Placement, ScenarioFile
from schemas.panzer_campaigns.weather import WeatherFile
from schemas.vocabulary import (
    Condition,
    ConnectionKind,
    CrossingKind,
    Direction,
    HexsideKind,
    MovementClass,
    Side,
)
from tests.tiny_title import tiny_parameters

Offset = tuple[int, int]

TERRAIN = [
    TerrainType(id="clear", code=".", name="Clear"),
    TerrainType(id="forest", code="^", name="Forest", blocks_los=True, glider_hazard=True),
    TerrainType(id="village", code="+", name="Village", urban=True, glider_hazard=True),
    TerrainType(id="rough", code=":", name="Rough", glider_hazard=True),
    TerrainType(
        id="marsh",
        code=",",
        name="Marsh",
        vehicles_road_only=True,
        airborne_hazard=True,
        frozen_as="clear",
    ),
    TerrainType(id="water", code="~", name="Water", water=True, landing_eliminates=True),
    TerrainType(id="impassable", code="#", name="Impassable", landing_eliminates=True),
]

GROUND = (
    MovementClass.FOOT,
    MovementClass.HORSE,
    MovementClass.MOTORIZED,
    MovementClass.HALFTRACK,
    MovementClass.TRACKED,
)
VEHICLES = (MovementClass.MOTORIZED, MovementClass.HALFTRACK, MovementClass.TRACKED)

# Costs per movement class, in the order of GROUND: foot, horse, motorized, halftrack, tracked.
_TERRAIN_COSTS = {
    "clear": (2, 2, 3, 3, 2),
    "forest": (3, 3, 6, 5, 4),
    "village": (2, 2, 2, 2, 2),
    "rough": (3, 3, 6, 5, 4),
    "marsh": (4, 4, -1, -1, -1),
    "water": (-1, -1, -1, -1, -1),
    "impassable": (-1, -1, -1, -1, -1),
}
_CONNECTION_COSTS = {
    ConnectionKind.PRIMARY_ROAD: (1, 1, 1, 1, 1),
    ConnectionKind.SECONDARY_ROAD: (1, 1, 2, 2, 2),
    ConnectionKind.TRAIL: (2, 2, 3, 3, 3),
}
_HEXSIDE_COSTS = {
    HexsideKind.RIVER: (-1, -1, -1, -1, -1),
    HexsideKind.STREAM: (2, 2, 4, 3, 3),
    HexsideKind.CANAL: (-1, -1, -1, -1, -1),
    HexsideKind.CLIFF: (-1, -1, -1, -1, -1),
    HexsideKind.IMPASSABLE: (-1, -1, -1, -1, -1),
}


def _by_class(costs: Sequence[int]) -> dict[MovementClass, int]:
    return dict(zip(GROUND, costs, strict=True))


def ascii_parameters(**movement: Any) -> ParameterFile:
    """Parameter data for ASCII titles; `movement` overrides MovementCosts fields."""
    costs = MovementCosts(
        terrain={terrain: _by_class(c) for terrain, c in _TERRAIN_COSTS.items()},
        hexsides={kind: _by_class(c) for kind, c in _HEXSIDE_COSTS.items()},
        connections={
            **{kind: _by_class(c) for kind, c in _CONNECTION_COSTS.items()},
            ConnectionKind.RAILROAD: {MovementClass.RAIL: 1},
        },
        ford=2,
        zoc_multiplier=2,
        condition_modifiers={
            Condition.MUD: {**_by_class((150, 150, 200, 200, 200))},
        },
    )
    costs = costs.model_copy(update=movement)
    return tiny_parameters().model_copy(update={"name": "ASCII parameters", "movement": costs})


DEFAULT_UNIT: dict[str, Any] = {
    "unit_class": "infantry",
    "strength": 500,
    "speed": 12,
    "soft_attack": 8,
    "soft_range": 1,
    "assault": 10,
    "defense": 8,
}
_PLACEMENT_FIELDS = set(Placement.model_fields) - {"unit", "hex"}


@dataclass
class AsciiTitle:
    """The models of a title drawn in ASCII, and where each labelled unit stands."""

    map_file: MapFile
    oob: OobFile
    parameters: ParameterFile
    scenario: ScenarioFile
    weather: WeatherFile | None
    positions: dict[str, Offset]
    """Where each unit id stands, as (column, row)."""

    def game(self, seed: int = 0) -> GameState:
        """A new game of this title."""
        return GameState.from_models(
            self.scenario, self.map_file, self.oob, self.parameters, self.weather, seed=seed
        )


def _cells(art: str) -> list[list[str]]:
    rows = [line.split() for line in art.strip("\n").splitlines() if line.strip()]
    width = len(rows[0])
    if any(len(row) != width for row in rows):
        raise ValueError("every row of the art needs the same number of cells")
    return rows


def _connection_rows(grid: Grid, paths: Iterable[Sequence[Offset]]) -> list[str]:
    digits = [[0] * grid.width for _ in range(grid.height)]
    for path in paths:
        for a, b in pairwise(path):
            (column, row), bit = grid.connection_slot(a, b)
            digits[row][column] |= bit
    return ["".join(str(d) if d else "." for d in row) for row in digits]


def ascii_title(
    art: str,
    *,
    units: dict[str, dict[str, Any]] | None = None,
    hexsides: Iterable[tuple[Offset, Direction | str, HexsideKind | str]] = (),
    crossings: Iterable[tuple[Offset, Direction | str, CrossingKind | str]] = (),
    roads: dict[ConnectionKind | str, Iterable[Sequence[Offset]]] | None = None,
    header: dict[str, Any] | None = None,
    scenario: dict[str, Any] | None = None,
    parameters: ParameterFile | None = None,
    weather: WeatherFile | None = None,
    oob: Callable[[list[Unit], list[Unit]], OobFile] | None = None,
) -> AsciiTitle:
    """An AsciiTitle from art and keyword arguments (see the module docstring).

    `units` gives Unit fields (and Placement fields such as `mode`, `fixed`, `facing`) per
    label; a label without an entry is an infantry battalion of 500 men, speed 12, quality C.
    A spec with `"hex": None` is in the OOB but not placed (a reinforcement). `header` and
    `scenario` override fields of the scenario's header and top level.
    """
    rows = _cells(art)
    height, width = len(rows), len(rows[0])
    grid = Grid(width, height)
    codes = {t.code for t in TERRAIN}
    specs = dict(units or {})
    positions: dict[str, Offset] = {}
    terrain_rows = []
    for row_number, row in enumerate(rows):
        line = ""
        for column, cell in enumerate(row):
            if cell[0] not in codes:
                raise ValueError(f"cell {cell!r} at {(column, row_number)} has no terrain symbol")
            line += cell[0]
            for label in cell[1:]:
                if not label.isalpha():
                    raise ValueError(f"unit label {label!r} is not a letter")
                positions[label] = (column, row_number)
                specs.setdefault(label, {})
        terrain_rows.append(line)
    map_file = MapFile(
        format_version=2,
        name="ASCII map",
        width=width,
        height=height,
        terrain=TERRAIN,
        terrain_rows=terrain_rows,
        hexsides=[HexsideFeature(hex=h, side=d, kind=k) for h, d, k in hexsides],  # type: ignore[arg-type]
        crossings=[Crossing(hex=h, side=d, kind=k) for h, d, k in crossings],  # type: ignore[arg-type]
        connections={
            ConnectionKind(kind): _connection_rows(grid, paths)
            for kind, paths in (roads or {}).items()
        },
    )
    allied: list[Unit] = []
    axis: list[Unit] = []
    placements: list[Placement] = []
    for label, spec in specs.items():
        side = Side.ALLIED if label.isupper() else Side.AXIS
        unit_fields = {k: v for k, v in spec.items() if k not in _PLACEMENT_FIELDS and k != "hex"}
        unit = Unit(id=label, name=spec.get("name", label), **{**DEFAULT_UNIT, **unit_fields})
        (allied if side is Side.ALLIED else axis).append(unit)
        where = spec.get("hex", positions.get(label))
        if where is not None:
            positions[label] = tuple(where)  # type: ignore[assignment]
            placement_fields = {k: v for k, v in spec.items() if k in _PLACEMENT_FIELDS}
            placements.append(Placement(unit=label, hex=where, **placement_fields))
    oob_file = (oob or _default_oob)(allied, axis)
    header_fields: dict[str, Any] = {
        "title": "ASCII scenario",
        "ruleset": "panzer_campaigns",
        "start": "1944-12-16 08:00",
        "turns": 12,
        "first_side": "allied",
        "day_schedule": [
            {"phase": "dawn", "start": "06:00"},
            {"phase": "day", "start": "08:00"},
            {"phase": "dusk", "start": "16:00"},
            {"phase": "night", "start": "18:00"},
        ],
        "visibility": 3,
        "visibility_min": 1,
        "visibility_max": 5,
        "conditions": "normal",
        "conditions_allowed": ["normal"],
        "global_supply": {"allied": 80, "axis": 60},
        "victory": {
            "levels": {
                "major_allied": 100,
                "minor_allied": 20,
                "minor_axis": -20,
                "major_axis": -100,
            }
        },
        **(header or {}),
    }
    scenario_file = ScenarioFile.model_validate(
        {
            "format_version": 3,
            "header": header_fields,
            "files": {"map": "a.map.yaml", "oob": "a.oob.yaml", "parameters": "a.pdt.yaml"},
            "placements": [p.model_dump() for p in placements],
            **(scenario or {}),
        }
    )
    return AsciiTitle(
        map_file,
        oob_file,
        parameters or ascii_parameters(),
        scenario_file,
        weather,
        positions,
    )


def _default_oob(allied: list[Unit], axis: list[Unit]) -> OobFile:
    """One nation and one division per side; a unit of class `headquarters` is its HQ."""

    def division(nation: str, units: list[Unit]) -> Organization:
        hq = next((u.id for u in units if u.unit_class == "headquarters"), None)
        return Organization(
            id=f"{nation}.div",
            name=f"{nation} division",
            level=OrgLevel.DIVISION,
            hq=hq,
            children=list(units),
        )

    sides = [
        SideOob(
            side=side,
            nations=[
                Nation(
                    id=nation, name=nation, organizations=[division(nation, units)] if units else []
                )
            ],
        )
        for side, nation, units in ((Side.ALLIED, "us", allied), (Side.AXIS, "de", axis))
    ]
    return OobFile(format_version=2, name="ASCII OOB", sides=sides)


def oob_tree(
    tree: dict[Side, dict[str, dict[str, list[str]]]],
) -> Callable[[list[Unit], list[Unit]], OobFile]:
    """An `oob=` builder for ascii_title with several nations and organizations: side ->
    nation -> organization (a division) -> unit labels."""

    def build(allied: list[Unit], axis: list[Unit]) -> OobFile:
        by_id = {unit.id: unit for unit in allied + axis}
        return OobFile(
            format_version=2,
            name="test OOB",
            sides=[
                SideOob(
                    side=side,
                    nations=[
                        Nation(
                            id=nation,
                            name=nation,
                            organizations=[
                                Organization(
                                    id=org,
                                    name=org,
                                    level=OrgLevel.DIVISION,
                                    children=[by_id[label] for label in labels],
                                )
                                for org, labels in orgs.items()
                            ],
                        )
                        for nation, orgs in nations.items()
                    ],
                )
                for side, nations in tree.items()
            ],
        )

    return build

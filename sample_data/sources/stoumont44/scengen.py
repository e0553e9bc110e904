"""Builds a Stoumont scenario from its entry in `scenarios.yaml`, resolving places, roads and
bridges to hexes on the built map and setting units down where they can stand.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from mapgen import MapBuild

from engine.hexgrid import Grid
from sample_data.sources.mapkit import Offset
from schemas.panzer_campaigns.oob import OobFile, Organization, Unit
from schemas.panzer_campaigns.parameters import ParameterFile
from schemas.panzer_campaigns.scenario import (
    BridgeOverlay,
    ExitObjective,
    FortificationOverlay,
    Header,
    LossPoints,
    Minefield,
    NormalObjective,
    Obstacle,
    Overlays,
    PhasePeriod,
    Placement,
    Reinforcement,
    Release,
    ScenarioFile,
    SupplySource,
    SupplyVariation,
    TitleFiles,
    Victory,
    VictoryLevels,
    Withdrawal,
    Wrecks,
)
from schemas.panzer_campaigns.scenario import Supply as ScenarioSupply
from schemas.vocabulary import MovementClass, PerSidePercent, Side


def iter_units(nodes: Iterable[Unit | Organization]) -> Iterator[Unit]:
    for item in nodes:
        if isinstance(item, Unit):
            yield item
        else:
            yield from iter_units(item.children)


def turn_starts(header: Header) -> list[datetime]:
    """The start time of every turn, following the day schedule from the scenario's start."""
    periods = header.day_schedule

    def length_at(moment: datetime) -> int:
        minute = moment.hour * 60 + moment.minute
        current = periods[-1]
        for period in periods:
            if period.start <= minute:
                current = period
        return current.turn_minutes or header.minutes_per_turn

    starts = [header.start]
    while len(starts) < header.turns:
        starts.append(starts[-1] + timedelta(minutes=length_at(starts[-1])))
    return starts


@dataclass
class ScenarioBuild:
    """Resolves the positions of one scenario's source against the built map and OOB."""

    built: MapBuild
    units: dict[str, Unit]
    side_of: dict[str, str]
    parameters: ParameterFile
    placed: dict[str, Offset] = field(default_factory=dict)
    load: dict[Offset, int] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)

    @property
    def grid(self) -> Grid:
        return self.built.projection.grid

    def locate(self, spec: dict[str, Any]) -> Offset:
        if "near" in spec:
            lat, lon = self.built.places[spec["near"]]
            east, north = spec.get("m", [0, 0])
            return self.built.projection.offset(*self.built.projection.moved(lat, lon, east, north))
        if "road" in spec:
            name, end = spec["road"]
            chain = self.built.chains[name]
            offset = chain[0] if end == "first" else chain[-1]
            if not self.grid.is_edge(*offset):
                raise SystemExit(f"road {name} does not end on the map edge at {offset}")
            return offset
        if "bridge_end" in spec:
            name, bank = spec["bridge_end"]
            offset, direction = self.built.bridge_hexsides[name]
            ends = [offset, self.grid.neighbor(*offset, direction)]
            ends.sort(key=lambda o: self.built.projection.center(o)[1])
            return ends[0] if bank == "north" else ends[1]
        if "at_unit" in spec:
            return self.placed[spec["at_unit"]]
        raise SystemExit(f"no position given in {spec}")

    def along(self, spec: dict[str, Any]) -> list[Offset]:
        """`count` hexes spread along a road between two places, leaving out its ends and the
        hexes units start in (a side mines the road in front of its positions, not under them)."""
        name, start, end = spec["along"]
        chain = self.built.chains[name]
        grid = self.grid

        def index_near(place: str) -> int:
            target = grid.hex_at(*self.built.place_hexes[place])
            return min(range(len(chain)), key=lambda i: target.distance(grid.hex_at(*chain[i])))

        a, b = sorted((index_near(start), index_near(end)))
        occupied = set(self.placed.values())
        free = [offset for offset in chain[a + 1 : b] if offset not in occupied]
        count = spec["count"]
        if len(free) < count:
            raise SystemExit(f"only {len(free)} free hexes on {name} for {count} markers")
        return [free[(len(free) - 1) * k // max(1, count - 1)] for k in range(count)]

    def enterable(self, unit: Unit, offset: Offset) -> bool:
        terrain = self.built.terrain[offset]
        return self.parameters.movement.terrain[terrain][unit.movement_class] >= 0

    def crosses_water(self, a: Offset, b: Offset) -> bool:
        """Whether the straight line between two hexes crosses a river or stream hexside."""
        grid = self.grid
        steps = [grid.offset_of(h) for h in grid.hex_at(*a).line_to(grid.hex_at(*b))]
        for here, there in itertools.pairwise(steps):
            direction = grid.direction_between(here, there)
            if (
                direction is not None
                and grid.hexside_key(*here, direction) in self.built.water_edges
            ):
                return True
        return False

    def place(self, unit: Unit, wanted: Offset, strength: int) -> Offset:
        """The nearest hex to `wanted` that the unit can enter and that has room for it."""
        size = strength if unit.component.value == "men" else strength * 10
        limit = getattr(self.parameters.stacking.max_stacking, Side(self.side_of[unit.id]).value)
        grid = self.grid
        for candidate in grid.hex_at(*wanted).iter_range(3):
            offset = grid.offset_of(candidate)
            if not grid.contains(*offset) or not self.enterable(unit, offset):
                continue
            if self.crosses_water(wanted, offset):
                continue
            if self.load.get(offset, 0) + size > limit:
                continue
            self.load[offset] = self.load.get(offset, 0) + size
            if offset != wanted:
                self.moves.append(f"{unit.id}: {wanted} -> {offset}")
            return offset
        raise SystemExit(f"no room near {wanted} for {unit.id}")


def build_scenario(
    source: dict[str, Any],
    schedule: list[dict[str, Any]],
    built: MapBuild,
    oob: OobFile,
    parameters: ParameterFile,
    *,
    files: TitleFiles,
) -> tuple[ScenarioFile, list[str]]:
    units: dict[str, Unit] = {}
    side_of: dict[str, str] = {}
    for side in oob.sides:
        for nation in side.nations:
            for unit in iter_units(nation.organizations):
                units[unit.id] = unit
                side_of[unit.id] = side.side.value
    work = ScenarioBuild(built, units, side_of, parameters)

    header = Header(
        title=source["title"],
        description=source["description"],
        ruleset="panzer_battles",
        start=source["start"],
        turns=source["turns"],
        minutes_per_turn=30,
        first_side=source["first_side"],
        day_schedule=[PhasePeriod.model_validate(period) for period in schedule],
        visibility=source["visibility"],
        visibility_min=source["visibility_min"],
        visibility_max=source["visibility_max"],
        conditions=source["conditions"],
        conditions_allowed=source["conditions_allowed"],
        global_supply=PerSidePercent.model_validate(source["global_supply"]),
        optional_rules=source["optional_rules"],
        victory=Victory(
            levels=VictoryLevels.model_validate(source["levels"]),
            loss_points=LossPoints(),
        ),
    )
    starts = set(turn_starts(header))

    def scheduled(spec: dict[str, Any]) -> dict[str, Any]:
        moment = datetime.strptime(spec["at"], "%Y-%m-%d %H:%M")
        if moment not in starts:
            raise SystemExit(f"{spec['id']} at {spec['at']} is not the start of a turn")
        return {"id": spec["id"], "at": spec["at"]}

    vehicle_classes = {MovementClass.TRACKED, MovementClass.HALFTRACK, MovementClass.MOTORIZED}
    placements = []
    for spec in source["placements"]:
        unit = units[spec["unit"]]
        strength = spec.get("strength", unit.strength)
        offset = work.place(unit, work.locate(spec), strength)
        work.placed[unit.id] = offset
        low_fuel = (
            source.get("low_fuel_side") == side_of[unit.id]
            and unit.movement_class in vehicle_classes
        )
        placements.append(
            Placement(
                unit=unit.id,
                hex=offset,
                facing=spec.get("facing"),
                fixed=spec.get("fixed", False),
                strength=spec.get("strength"),
                fatigue=spec.get("fatigue", 0),
                low_ammo=spec.get("low_ammo", False),
                low_fuel=low_fuel,
                on_foot=spec.get("on_foot", False),
            )
        )

    overlays = source.get("overlays", {})
    minefields: list[Minefield] = []
    for spec in overlays.get("minefields", []):
        hexes = work.along(spec) if "along" in spec else [work.locate(spec)]
        minefields.extend(
            Minefield(hex=offset, strength=spec["strength"], side=spec["side"]) for offset in hexes
        )
    bridges = []
    for spec in overlays.get("bridges", []):
        offset, direction = built.bridge_hexsides[spec["bridge"]]
        bridges.append(BridgeOverlay(hex=offset, side=direction, state=spec["state"]))

    objectives: list[NormalObjective | ExitObjective] = []
    for spec in source["objectives"]:
        model = ExitObjective if spec["kind"] == "exit" else NormalObjective
        objectives.append(
            model(
                id=spec["id"],
                name=spec["name"],
                hex=work.locate(spec),
                points=spec["points"],
                owner=spec["owner"],
            )
        )

    scenario = ScenarioFile(
        format_version=3,
        header=header,
        files=files,
        placements=placements,
        overlays=Overlays(
            minefields=minefields,
            obstacles=[Obstacle(hex=work.locate(s)) for s in overlays.get("obstacles", [])],
            bridges=bridges,
            fortifications=[
                FortificationOverlay(hex=work.locate(s), kind=s["kind"], side=s["side"])
                for s in overlays.get("fortifications", [])
            ],
            wrecks=[
                Wrecks(hex=work.locate(s), count=s["count"]) for s in overlays.get("wrecks", [])
            ],
        ),
        objectives=objectives,
        reinforcements=[
            Reinforcement(
                **scheduled(spec),
                units=spec.get("units", []),
                organizations=spec.get("organizations", []),
                hex=work.locate(spec),
                protection=spec.get("protection", 0),
            )
            for spec in source.get("reinforcements", [])
        ],
        withdrawals=[
            Withdrawal(
                **scheduled(spec),
                units=spec.get("units", []),
                organizations=spec.get("organizations", []),
            )
            for spec in source.get("withdrawals", [])
        ],
        releases=[
            Release(
                **scheduled(spec),
                organization=spec["organization"],
                probability=spec.get("probability", 100),
                on_spotted=spec.get("on_spotted", False),
            )
            for spec in source.get("releases", [])
        ],
        supply=ScenarioSupply(
            sources=[
                SupplySource(id=s["id"], hex=work.locate(s), side=s["side"], value=s["value"])
                for s in source["supply"]["sources"]
            ],
            variations=[
                SupplyVariation.model_validate(v) for v in source["supply"].get("variations", [])
            ],
        ),
    )
    return scenario, work.moves

"""Builds a scenario from its hand-written source in `scenarios/`, which speaks of places and
times, by resolving them to hexes and turns against the built map, order of battle and parameters.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from mapgen import BuiltMap, Geography
from oobgen import BuiltOob

from sample_data.sources.mapkit import Offset, side_midpoint
from schemas.panzer_campaigns.ai_orders import AiOrder, AiSetup, OrganizationOrders
from schemas.panzer_campaigns.oob import Component, Unit
from schemas.panzer_campaigns.parameters import ParameterFile
from schemas.panzer_campaigns.scenario import (
    AirChange,
    AirSetup,
    Attachment,
    BridgeOverlay,
    Briefings,
    Congestion,
    ExitObjective,
    FortificationOverlay,
    Header,
    LimitedObjective,
    Minefield,
    NormalObjective,
    Obstacle,
    Overlays,
    PhasePeriod,
    Placement,
    Reinforcement,
    Release,
    Rubble,
    ScenarioFile,
    Supply,
    SupplySource,
    SupplyVariation,
    TitleFiles,
    Withdrawal,
)
from schemas.vocabulary import ConnectionKind, HexsideKind, Side

TIME_FORMAT = "%Y-%m-%d %H:%M"
STATE_KEYS = (
    "mode",
    "facing",
    "fixed",
    "fatigue",
    "disrupted",
    "detached",
    "low_ammo",
    "low_fuel",
    "stockpiled",
    "on_foot",
    "has_boats",
)


def _state_fits(unit: Unit, key: str) -> bool:
    """Whether a group-wide initial state applies to this unit: only artillery starts
    stockpiled, only engineers have boats, only motorized or mechanized infantry go on foot."""
    if key == "stockpiled":
        return unit.indirect_fire
    if key == "has_boats":
        return unit.engineer
    if key == "on_foot":
        return unit.can_dismount
    return True


def parse_time(value: Any) -> datetime:
    """A source time: `YYYY-MM-DD HH:MM` text or a datetime YAML already parsed."""
    if isinstance(value, datetime):
        return value
    return datetime.strptime(str(value), TIME_FORMAT)


def turn_starts(header: dict[str, Any], last: datetime) -> list[datetime]:
    """Start times of every turn from the scenario start up to and including `last`."""
    periods = sorted(header["day_schedule"], key=lambda p: p["start"])
    minutes = [int(p["start"][:2]) * 60 + int(p["start"][3:]) for p in periods]
    lengths = [p.get("turn_minutes", header["minutes_per_turn"]) for p in periods]
    start = parse_time(header["start"])
    times = [start]
    while times[-1] < last:
        now = times[-1]
        minute = now.hour * 60 + now.minute
        index = max(i for i, m in enumerate(minutes) if m <= minute) if minute >= minutes[0] else -1
        times.append(now + timedelta(minutes=lengths[index]))
    if times[-1] != last:
        raise ValueError(f"{last:%Y-%m-%d %H:%M} is not the start of a turn")
    return times


class ScenarioBuilder:
    """One scenario: resolves the source against the map, OOB and parameters.

    Units are set down around a named place or [lat, lon] point, spread over nearby hexes on the
    same river bank within the stacking limit; events happen at a date and time. Anything a
    designer would otherwise have to fix by hand is refused: a unit used twice, a hex off the
    map, an event between two turns, a release that frees no fixed unit.
    """

    def __init__(
        self,
        source: dict[str, Any],
        geo: Geography,
        built_map: BuiltMap,
        oob: BuiltOob,
        parameters: ParameterFile,
    ) -> None:
        self.src = source
        self.geo = geo
        self.proj = geo.projection
        self.grid = geo.projection.grid
        self.map = built_map
        self.oob = oob
        self.params = parameters
        header = source["header"]
        self.turns = turn_starts(header, parse_time(header["last_turn"]))
        self.used: dict[str, str] = {}
        self.stack: dict[Offset, int] = {}
        self.side_in: dict[Offset, Side] = {}

    # --- time and place ---------------------------------------------------------------------

    def turn_of(self, value: Any) -> int:
        """The turn number (from 1) that starts at a source time."""
        moment = parse_time(value)
        if moment not in self.turns:
            raise ValueError(f"{moment:%Y-%m-%d %H:%M} is not the start of a turn")
        return self.turns.index(moment) + 1

    def at(self, value: Any) -> datetime:
        """A source time that must fall on the start of a turn of this scenario."""
        self.turn_of(value)
        return parse_time(value)

    def hex_at(self, ref: Any) -> Offset:
        """The on-map hex of a place name or [lat, lon]."""
        offset = self.geo.hex_of(ref)
        if not self.grid.contains(*offset):
            raise ValueError(f"{ref!r} lies off the map at {offset}")
        return offset

    def edge_hex(self, ref: Any) -> Offset:
        """The map-edge hex nearest a point outside (or at) the edge, preferring one on a road."""
        offset = self.proj.clamp(self.geo.hex_of(ref))
        if not self.grid.is_edge(*offset):
            raise ValueError(f"{ref!r} is not at the map edge ({offset})")
        roads = self._road_hexes()
        for candidate in self.grid.hex_at(*offset).iter_range(2):
            spot = self.grid.offset_of(candidate)
            if self.grid.contains(*spot) and self.grid.is_edge(*spot) and spot in roads:
                return spot
        return offset

    def _road_hexes(self) -> set[Offset]:
        found: set[Offset] = set()
        for kind in (
            ConnectionKind.PRIMARY_ROAD,
            ConnectionKind.SECONDARY_ROAD,
            ConnectionKind.TRAIL,
        ):
            for link in self.map.links[kind]:
                found.update(link)
        return found

    def place_hex(self, spec: dict[str, Any]) -> Offset:
        """A hex given as `at` (a place or point on the map) or `edge` (a point at the edge)."""
        if "edge" in spec:
            return self.edge_hex(spec["edge"])
        return self.hex_at(spec["at"])

    # --- units ------------------------------------------------------------------------------

    def claim(self, unit_ids: Iterable[str], how: str) -> None:
        for unit_id in unit_ids:
            if unit_id in self.used:
                raise ValueError(f"{unit_id} is {how} but already {self.used[unit_id]}")
            self.used[unit_id] = how

    def load(self, unit: Unit, share: float = 1.0) -> int:
        """Men-equivalents of a unit toward stacking (a gun or vehicle counts 10 men)."""
        per = 1 if unit.component is Component.MEN else 10
        return round(unit.strength * share) * per

    def enterable(self, unit: Unit, offset: Offset) -> bool:
        costs = self.params.movement.terrain[self.map.terrain[offset]]
        return costs[unit.movement_class] != -1

    def same_bank(self, start: Offset, radius: int) -> list[Offset]:
        """Hexes within `radius` reachable from `start` without crossing a river, nearest first."""
        order = [start]
        seen = {start}
        queue = deque([(start, 0)])
        while queue:
            here, steps = queue.popleft()
            if steps == radius:
                continue
            for direction, there in self.grid.neighbors(*here):
                if there in seen:
                    continue
                side = self.map.water_sides.get(self.grid.hexside_key(*here, direction))
                if side is not None and side[0] is HexsideKind.RIVER:
                    continue
                seen.add(there)
                order.append(there)
                queue.append((there, steps + 1))
        return order

    def placements(self) -> list[Placement]:
        placed: list[Placement] = []
        limit = self.params.stacking.max_stacking
        for group in self.src.get("placements", []):
            anchor = self.hex_at(group["at"])
            candidates = self.same_bank(anchor, group.get("radius", 2))
            wanted = {k: group[k] for k in STATE_KEYS if k in group}
            share = group.get("strength_pct", 100) / 100
            group_hexes: set[Offset] = set()
            unit_ids = [u for ref in group["units"] for u in self.oob.expand(ref)]
            self.claim(unit_ids, "placed on the map")
            for unit_id in unit_ids:
                unit = self.oob.units[unit_id]
                side = self.oob.side_of[unit_id]
                state = {k: v for k, v in wanted.items() if _state_fits(unit, k)}
                load = self.load(unit, share)
                cap = getattr(limit, side.value)
                spread = group.get("spread", True)
                hex_ = None
                for pass_number in (0, 1):
                    for offset in candidates:
                        if spread and pass_number == 0 and offset in group_hexes:
                            continue
                        if self.side_in.get(offset, side) is not side:
                            continue
                        if self.stack.get(offset, 0) + load > cap:
                            continue
                        if not self.enterable(unit, offset):
                            continue
                        hex_ = offset
                        break
                    if hex_ is not None:
                        break
                if hex_ is None:
                    raise ValueError(f"no room for {unit_id} near {group['at']}")
                group_hexes.add(hex_)
                self.stack[hex_] = self.stack.get(hex_, 0) + load
                self.side_in[hex_] = side
                strength = None if share == 1 else round(unit.strength * share)
                placed.append(Placement(unit=unit_id, hex=hex_, strength=strength, **state))
        return placed

    def _split(self, refs: Sequence[str]) -> tuple[list[str], list[str]]:
        units = [r for r in refs if r in self.oob.units]
        orgs = [r for r in refs if r not in self.oob.units]
        for org in orgs:
            self.oob.expand(org)
        return units, orgs

    def reinforcements(self) -> list[Reinforcement]:
        found = []
        for spec in self.src.get("reinforcements", []):
            units, orgs = self._split(spec["units"])
            self.claim([u for ref in spec["units"] for u in self.oob.expand(ref)], spec["id"])
            extra = {
                k: spec[k]
                for k in ("kind", "mode", "scatter", "protection", "probability")
                if k in spec
            }
            found.append(
                Reinforcement(
                    id=spec["id"],
                    at=self.at(spec["time"]),
                    units=units,
                    organizations=orgs,
                    hex=self.place_hex(spec),
                    **extra,
                )
            )
        return found

    def withdrawals(self) -> list[Withdrawal]:
        found = []
        for spec in self.src.get("withdrawals", []):
            units, orgs = self._split(spec["units"])
            for unit_id in (u for ref in spec["units"] for u in self.oob.expand(ref)):
                if unit_id not in self.used:
                    raise ValueError(f"withdrawal {spec['id']}: {unit_id} is not in the scenario")
            found.append(
                Withdrawal(id=spec["id"], at=self.at(spec["time"]), units=units, organizations=orgs)
            )
        return found

    def releases(self, placements: list[Placement]) -> list[Release]:
        found = []
        fixed = {p.unit for p in placements if p.fixed}
        for spec in self.src.get("releases", []):
            members = set(self.oob.expand(spec["organization"]))
            if not members & fixed:
                raise ValueError(f"release {spec['id']} frees no fixed unit")
            found.append(
                Release(
                    id=spec["id"],
                    at=self.at(spec["time"]),
                    organization=spec["organization"],
                    probability=spec.get("probability", 100),
                    on_spotted=spec.get("on_spotted", False),
                )
            )
        return found

    # --- objectives, supply, overlays, air --------------------------------------------------

    def objectives(self) -> list[NormalObjective | ExitObjective | LimitedObjective]:
        found: list[NormalObjective | ExitObjective | LimitedObjective] = []
        for spec in self.src.get("objectives", []):
            common = {
                "id": spec["id"],
                "name": spec.get("name", ""),
                "hex": self.place_hex(spec),
                "points": spec["points"],
                "owner": Side(spec["owner"]),
            }
            kind = spec.get("kind", "normal")
            if kind == "normal":
                found.append(NormalObjective(**common))
            elif kind == "exit":
                found.append(ExitObjective(**common))
            elif kind == "limited":
                first = self.turn_of(spec["first"]) if "first" in spec else 1
                last = self.turn_of(spec["last"])
                found.append(LimitedObjective(**common, first_turn=first, last_turn=last))
            else:
                raise ValueError(f"objective kind {kind!r} is not used in this title")
        hexes = [o.hex for o in found]
        if len(set(hexes)) != len(hexes):
            raise ValueError("two objectives share a hex")
        return found

    def supply(self) -> Supply:
        spec = self.src.get("supply", {})
        sources = [
            SupplySource(id=s["id"], hex=self.place_hex(s), side=Side(s["side"]), value=s["value"])
            for s in spec.get("sources", [])
        ]
        variations = [SupplyVariation(**v) for v in spec.get("variations", [])]
        return Supply(sources=sources, variations=variations)

    def nearest_crossing(self, ref: Any) -> tuple[Offset, Any]:
        point = self.proj.km(*self.geo.where(ref))
        best = None
        for crossing in self.map.model.crossings:
            if crossing.kind.value == "ford":
                continue
            x, y = side_midpoint(self.proj, (crossing.hex, crossing.side))
            distance = (x - point[0]) ** 2 + (y - point[1]) ** 2
            if best is None or distance < best[0]:
                best = (distance, crossing)
        if best is None or best[0] > 1.0:
            raise ValueError(f"no bridge within 1 km of {ref!r}")
        return best[1].hex, best[1].side

    def overlays(self) -> Overlays:
        spec = self.src.get("overlays", {})

        def side(item: dict[str, Any]) -> dict[str, Any]:
            return {"side": Side(item["side"])} if "side" in item else {}

        bridges = []
        for item in spec.get("bridges", []):
            hex_, direction = self.nearest_crossing(item["near"])
            wired_by = {"wired_by": Side(item["wired_by"])} if "wired_by" in item else {}
            bridges.append(BridgeOverlay(hex=hex_, side=direction, state=item["state"], **wired_by))
        return Overlays(
            minefields=[
                Minefield(
                    hex=self.hex_at(m["at"]),
                    strength=m["strength"],
                    penetrated=m.get("penetrated", False),
                    **side(m),
                )
                for m in spec.get("minefields", [])
            ],
            obstacles=[Obstacle(hex=self.hex_at(o["at"])) for o in spec.get("obstacles", [])],
            congestion=[Congestion(hex=self.hex_at(c["at"])) for c in spec.get("congestion", [])],
            bridges=bridges,
            rubble=[Rubble(hex=self.hex_at(r["at"])) for r in spec.get("rubble", [])],
            fortifications=[
                FortificationOverlay(hex=self.hex_at(f["at"]), kind=f["kind"])
                for f in spec.get("fortifications", [])
            ],
        )

    def air(self) -> AirSetup:
        spec = self.src.get("air", {})
        units = [u for ref in spec.get("units", []) for u in self.oob.expand(ref)]
        self.claim(units, "in the air setup")
        changes = [
            AirChange(
                id=c["id"],
                at=self.at(c["time"]),
                side=Side(c["side"]),
                availability=c["availability"],
                units=c.get("units", []),
            )
            for c in spec.get("changes", [])
        ]
        return AirSetup(units=units, changes=changes)

    def ai(self) -> AiSetup:
        """The A/I orders, each at a turn start of the scenario."""
        return AiSetup(
            organizations=[
                OrganizationOrders(
                    organization=entry["organization"],
                    orders=[
                        AiOrder(
                            at=self.at(order["time"]),
                            **{k: v for k, v in order.items() if k != "time"},
                        )
                        for order in entry["orders"]
                    ],
                )
                for entry in self.src.get("ai", [])
            ]
        )

    # --- the whole --------------------------------------------------------------------------

    def build(self) -> ScenarioFile:
        header = dict(self.src["header"])
        header.pop("last_turn")
        header["start"] = parse_time(header["start"])
        header["turns"] = len(self.turns)
        header["day_schedule"] = [PhasePeriod(**p) for p in header["day_schedule"]]
        placements = self.placements()
        reinforcements = self.reinforcements()
        air = self.air()
        return ScenarioFile(
            format_version=3,
            header=Header(**header),
            files=TitleFiles(**self.src["files"]),
            placements=placements,
            attachments=[Attachment(**a) for a in self.src.get("attachments", [])],
            overlays=self.overlays(),
            objectives=self.objectives(),
            reinforcements=reinforcements,
            withdrawals=self.withdrawals(),
            releases=self.releases(placements),
            supply=self.supply(),
            air=air,
            ai=self.ai(),
            briefings=Briefings(**self.src.get("briefings", {})),
        )

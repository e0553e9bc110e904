"""The benchmark title's scenario: two army groups facing each other across the middle of the
map, with objectives, supply, reinforcements, releases, withdrawals and map overlays.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from bench.mapgen import WATER, MapInfo
from bench.oobgen import OobInfo
from engine.hexgrid import Offset

OBJECTIVES = 200
SUPPLY_SOURCES = 60
REINFORCEMENTS = 300
RELEASES = 30
WITHDRAWALS = 20
SUPPLY_VARIATIONS = 12

_START = datetime(1944, 12, 16, 6, 0)
_TURNS = 120
_DAY_SCHEDULE: list[dict[str, Any]] = [
    {"phase": "dawn", "start": "06:00"},
    {"phase": "day", "start": "08:00"},
    {"phase": "dusk", "start": "16:00"},
    {"phase": "night", "start": "18:00", "turn_minutes": 240},
]


def _turn_starts(turns: int) -> list[datetime]:
    """Start times of turns 1..turns: each turn lasts as long as its day period says."""
    periods = [
        (int(p["start"][:2]) * 60 + int(p["start"][3:]), int(p.get("turn_minutes", 120)))
        for p in _DAY_SCHEDULE
    ]
    starts = [_START]
    while len(starts) < turns:
        now = starts[-1]
        minute = now.hour * 60 + now.minute
        # Before the first period starts, the last one (the night) is still running.
        length = ([n for start, n in periods if start <= minute] or [periods[-1][1]])[-1]
        starts.append(now + timedelta(minutes=length))
    return starts


class ScenarioBuilder:
    """The benchmark scenario: two fronts facing each other across the middle of the map."""

    def __init__(self, rng: random.Random, map_info: MapInfo, oob: OobInfo) -> None:
        self.rng = rng
        self.map = map_info
        self.oob = oob
        self.grid = map_info.grid
        self.size = map_info.grid.width
        self.front = self.size // 2
        self.stack: dict[Offset, int] = {}
        self.placed: dict[str, Offset] = {}
        self.arriving: set[str] = set()
        self.fixed: set[str] = set()
        self.turn_times = _turn_starts(_TURNS)

    def _when(self, turn: int, at_chance: float = 0.25) -> dict[str, Any]:
        if self.rng.random() < at_chance:
            return {"at": self.turn_times[turn - 1].strftime("%Y-%m-%d %H:%M")}
        return {"turn": turn}

    def _own(self, side: str, column: int) -> bool:
        return column < self.front if side == "allied" else column >= self.front

    def _rear_point(self, side: str, low: int, high: int) -> Offset:
        depth = min(int(abs(self.rng.gauss(0, self.size * 0.12))) + low, high)
        column = self.front - 1 - depth if side == "allied" else self.front + depth
        column = min(max(column, 1), self.size - 2)
        return column, self.rng.randint(4, self.size - 5)

    def _free_hex(self, side: str, near: Offset, limit: int = 3) -> Offset:
        """The nearest hex to `near` on the side's half that is land and not yet full."""
        grid, terrain = self.grid, self.map.terrain
        center = grid.hex_at(*near)
        for radius in range(self.size):
            ring = list(center.iter_ring(radius))
            self.rng.shuffle(ring)
            for hex_ in ring:
                column, row = grid.offset_of(hex_)
                if (
                    grid.contains(column, row)
                    and self._own(side, column)
                    and terrain[row][column] != WATER
                    and self.stack.get((column, row), 0) < limit
                ):
                    return column, row
        raise RuntimeError("no free hex on the map")

    def _place(self, unit_ids: list[str], near: Offset) -> None:
        for unit_id in unit_ids:
            if unit_id in self.placed or unit_id in self.arriving:
                continue
            side = self.oob.units[unit_id].side
            spot = self._free_hex(side, near)
            self.stack[spot] = self.stack.get(spot, 0) + 1
            self.placed[unit_id] = spot

    def _groups(self, org_id: str) -> list[tuple[str, list[str]]]:
        """Battalions as ("org", [id]) and the other units as ("units", ids) per parent."""
        org = self.oob.orgs[org_id]
        if org.level == "battalion":
            return [("org", [org_id])]
        found: list[tuple[str, list[str]]] = []
        if org.units:
            found.append(("units", list(org.units)))
        for child in org.orgs:
            found += self._groups(child)
        return found

    def reinforcements(self) -> list[dict[str, Any]]:
        """Whole divisions arriving battalion by battalion along the roads at their map edge."""
        rng = self.rng
        by_side = {side: self.oob.of_level("division", side) for side in ("allied", "axis")}
        for divisions in by_side.values():
            rng.shuffle(divisions)
        order = [d for pair in zip(by_side["allied"], by_side["axis"], strict=False) for d in pair]
        records: list[dict[str, Any]] = []
        for division in order:
            if len(records) >= REINFORCEMENTS:
                break
            edge = "west" if division.side == "allied" else "east"
            column = 0 if edge == "west" else self.size - 1
            entries = self.map.edge_roads[edge] or [
                (column, row) for row in range(self.size) if self.map.terrain[row][column] != WATER
            ]
            entry = rng.choice(entries)
            base = rng.randint(2, _TURNS - 25)
            at_chance = 0.3 if rng.random() < 0.3 else 0.0
            for kind, ids in self._groups(division.id):
                if len(records) >= REINFORCEMENTS:
                    break
                record: dict[str, Any] = {"id": f"rf{len(records) + 1:03d}"}
                record.update(self._when(base + rng.randint(0, 3), at_chance))
                if kind == "org":
                    record["organizations"] = ids
                    self.arriving.update(self.oob.units_under(ids[0]))
                else:
                    record["units"] = ids
                    self.arriving.update(ids)
                record["hex"] = list(entry)
                if rng.random() < 0.1:
                    record["probability"] = rng.choice((50, 66, 80))
                if rng.random() < 0.05:
                    record["mode"] = "deployed"
                records.append(record)
        return records

    def placements(self) -> list[dict[str, Any]]:
        """Divisions in clusters near the front, higher echelons and their troops to the rear."""
        rng = self.rng
        # Army anti-aircraft battalions stay out of this scenario: not every unit takes part.
        withheld = {
            u
            for org in self.oob.orgs.values()
            if org.id.endswith(".aa")
            for u in self.oob.units_under(org.id)
        }
        self.arriving |= withheld
        for division in self.oob.of_level("division"):
            center = self._rear_point(division.side, 2, self.size // 2 - 10)
            for kind, ids in self._groups(division.id):
                units = self.oob.units_under(ids[0]) if kind == "org" else ids
                ring = list(self.grid.hex_at(*center).iter_ring(rng.randint(0, 5)))
                near = self.grid.offset_of(rng.choice(ring))
                self._place(units, near if self.grid.contains(*near) else center)
        # What is left belongs to corps, armies and army groups: HQs and troops in the rear.
        rear: dict[str, list[str]] = {}
        for unit_id, unit in self.oob.units.items():
            if unit_id not in self.placed and unit_id not in self.arriving:
                rear.setdefault(unit.parent, []).append(unit_id)
        for parent, unit_ids in rear.items():
            side = self.oob.orgs[parent].side
            self._place(unit_ids, self._rear_point(side, 12, self.size // 2 - 4))
        records = []
        for unit_id, (column, row) in self.placed.items():
            data = self.oob.units[unit_id].data
            record: dict[str, Any] = {"unit": unit_id, "hex": [column, row]}
            vehicles = data.get("movement_class", "foot") in ("motorized", "halftrack", "tracked")
            if vehicles and rng.random() < 0.25:
                record["mode"] = "travel"
            if unit_id in self.fixed:
                record["fixed"] = True
            if rng.random() < 0.2:
                record["strength"] = max(1, int(data["strength"] * rng.uniform(0.6, 0.95)))
            if rng.random() < 0.15:
                record["fatigue"] = rng.randint(10, 150)
            if rng.random() < 0.02:
                record["disrupted"] = True
            if rng.random() < 0.03:
                record["low_ammo"] = True
            if vehicles and rng.random() < 0.03:
                record["low_fuel"] = True
            if data.get("indirect_fire") and rng.random() < 0.1:
                record["stockpiled"] = True
            if data.get("can_dismount") and rng.random() < 0.1:
                record["on_foot"] = True
            if data.get("bridge_engineer") and rng.random() < 0.3:
                record["has_boats"] = True
            records.append(record)
        return records

    def releases(self) -> list[dict[str, Any]]:
        """Fixed divisions or regiments held in reserve until released."""
        rng = self.rng
        divisions = [
            d
            for d in self.oob.of_level("division")
            if not any(u in self.arriving for u in self.oob.units_under(d.id))
        ]
        records = []
        for number, division in enumerate(rng.sample(divisions, min(RELEASES, len(divisions)))):
            target = division.id
            regiments = [o for o in division.orgs if self.oob.orgs[o].level == "regiment"]
            if regiments and rng.random() < 0.5:
                target = rng.choice(regiments)
            self.fixed.update(self.oob.units_under(target))
            record: dict[str, Any] = {"id": f"rel{number + 1:02d}"}
            record.update(self._when(rng.randint(2, 60)))
            record["organization"] = target
            if rng.random() < 0.4:
                record["probability"] = rng.choice((25, 50, 75))
            if rng.random() < 0.5:
                record["on_spotted"] = True
            records.append(record)
        return records

    def withdrawals(self) -> list[dict[str, Any]]:
        """Battalions or a few units leaving for another sector."""
        rng = self.rng
        battalions = [
            o
            for o in self.oob.of_level("battalion")
            if all(u in self.placed for u in self.oob.units_under(o.id))
        ]
        records = []
        for number, battalion in enumerate(rng.sample(battalions, WITHDRAWALS)):
            record: dict[str, Any] = {"id": f"wd{number + 1:02d}"}
            record.update(self._when(rng.randint(20, _TURNS)))
            if rng.random() < 0.6:
                record["organizations"] = [battalion.id]
            else:
                record["units"] = self.oob.units_under(battalion.id)[1:3]
            records.append(record)
        return records

    def objectives(self) -> list[dict[str, Any]]:
        """Towns and cities, with exits on the far edges, limited and surrender objectives."""
        rng = self.rng
        settlements = sorted(self.map.settlements, key=lambda s: (-s.rank, s.center))
        ranked = settlements[: len(settlements) // 3]
        rest = settlements[len(settlements) // 3 :]
        rng.shuffle(rest)
        chosen = ranked + rest
        records: list[dict[str, Any]] = []
        used: set[Offset] = set()

        def owner_of(column: int) -> str:
            return "allied" if column < self.front else "axis"

        exits = 6
        for number in range(exits):
            side = "allied" if number % 2 == 0 else "axis"
            column = self.size - 1 if side == "allied" else 0
            row = rng.randint(self.size // 10, 9 * self.size // 10)
            used.add((column, row))
            records.append(
                {
                    "kind": "exit",
                    "id": f"obj{len(records) + 1:03d}",
                    "name": f"Exit {'east' if side == 'allied' else 'west'} {number // 2 + 1}",
                    "hex": [column, row],
                    "points": 0,
                    "owner": side,
                }
            )
        surrender = {"gb": 4, "hu": 4}
        for nation, count in surrender.items():
            side = self.oob.nations[nation]
            candidates = [s for s in chosen if owner_of(s.center[0]) == side and s.rank >= 2]
            for settlement in candidates[:count]:
                used.add(settlement.center)
                records.append(
                    {
                        "kind": "surrender",
                        "id": f"obj{len(records) + 1:03d}",
                        "hex": list(settlement.center),
                        "points": 300,
                        "owner": side,
                        "nation": nation,
                    }
                )
        limited = 20
        points = {3: (200, 400), 2: (50, 150), 1: (10, 40)}
        for settlement in chosen:
            if len(records) >= OBJECTIVES:
                break
            if settlement.center in used:
                continue
            used.add(settlement.center)
            record: dict[str, Any] = {
                "id": f"obj{len(records) + 1:03d}",
                "hex": list(settlement.center),
                "points": rng.randint(*points[settlement.rank]),
                "owner": owner_of(settlement.center[0]),
            }
            if limited and rng.random() < 0.2:
                limited -= 1
                first = rng.randint(1, 40)
                record = {
                    "kind": "limited",
                    **record,
                    "first_turn": first,
                    "last_turn": rng.randint(first + 10, min(first + 60, _TURNS)),
                }
            else:
                record = {"kind": "normal", **record}
            if rng.random() < 0.05:
                record["name"] = f"{settlement.name} crossroads"
            records.append(record)
        return records

    def supply(self) -> dict[str, Any]:
        """Sources along each side's own map edge, on roads where there are any, and variations."""
        rng = self.rng
        sources = []
        for side, edge in (("allied", "west"), ("axis", "east")):
            column = 0 if edge == "west" else self.size - 1
            spots = list(self.map.edge_roads[edge])
            rows = sorted(rng.sample(range(2, self.size - 2), SUPPLY_SOURCES))
            spots += [(column, row) for row in rows if self.map.terrain[row][column] != WATER]
            for number, spot in enumerate(list(dict.fromkeys(spots))[: SUPPLY_SOURCES // 2]):
                sources.append(
                    {
                        "id": f"src-{side}-{number + 1:02d}",
                        "hex": list(spot),
                        "side": side,
                        "value": rng.choice((50, 70, 85, 100)),
                    }
                )
        variations = []
        for number in range(SUPPLY_VARIATIONS):
            side = "allied" if number % 2 == 0 else "axis"
            record: dict[str, Any] = {
                "id": f"var{number + 1:02d}",
                "side": side,
                "value": rng.choice((-30, -20, -10, 10, 20)),
                "probability": rng.choice((0, 5, 10, 20, 30)),
            }
            if rng.random() < 0.3:
                record["one_time"] = True
            if rng.random() < 0.3:
                record["is_global"] = True
            elif rng.random() < 0.2:
                record["rail_capacity"] = True
            variations.append(record)
        return {"sources": sources, "variations": variations}

    def overlays(self) -> dict[str, Any]:
        """Minefields and fortifications along the front, wired and blown bridges, rubble."""
        rng = self.rng
        terrain = self.map.terrain

        def near_front(side: str, depth: int) -> Offset:
            while True:
                step = rng.randint(0, depth)
                column = self.front - 1 - step if side == "allied" else self.front + step
                row = rng.randint(2, self.size - 3)
                if terrain[row][column] != WATER:
                    return column, row

        minefields = []
        for number in range(60):
            side = "allied" if number % 2 else "axis"
            spot = near_front(side, 12)
            minefields.append({"hex": list(spot), "strength": rng.randint(1, 3), "side": side})
        fortifications = []
        for number in range(150):
            side = "allied" if number % 3 == 0 else "axis"
            spot = near_front(side, 20)
            record: dict[str, Any] = {
                "hex": list(spot),
                "kind": rng.choice(
                    ("improved_position", "improved_position", "trench", "bunker", "pillbox")
                ),
            }
            if rng.random() < 0.1:
                record["vacated"] = True
            fortifications.append(record)
        bridges = []
        for owner, direction in rng.sample(self.map.bridges, min(25, len(self.map.bridges))):
            wired = rng.random() < 0.8
            record = {
                "hex": list(owner),
                "side": direction.value,
                "state": "wired" if wired else "damaged",
            }
            if wired:
                record["wired_by"] = "allied" if owner[0] < self.front else "axis"
            bridges.append(record)
        urban = [s.center for s in self.map.settlements if s.rank == 3]
        rubble = [{"hex": list(spot)} for spot in rng.sample(urban, min(6, len(urban)))]
        obstacles = [{"hex": list(near_front("axis", 8))} for _ in range(15)]
        congestion = [{"hex": list(spot)} for spot in rng.sample(sorted(self.map.road_hexes), 5)]
        wrecks = [
            {"hex": list(near_front("allied", 4)), "count": rng.randint(1, 12)} for _ in range(10)
        ]
        return {
            "minefields": minefields,
            "obstacles": obstacles,
            "congestion": congestion,
            "bridges": bridges,
            "rubble": rubble,
            "fortifications": fortifications,
            "wrecks": wrecks,
        }

    def attachments(self) -> list[dict[str, Any]]:
        """Two US divisions placed under another corps."""
        corps = [o for o in self.oob.of_level("corps", "allied") if o.nation == "us"]
        divisions = [o for o in self.oob.of_level("division", "allied") if o.nation == "us"]
        records = []
        for division in self.rng.sample(divisions, 2):
            target = next(c for c in corps if c.id != division.parent)
            records.append({"organization": division.id, "attach_to": target.id})
        return records

    def build(self, files: dict[str, str]) -> dict[str, Any]:
        """The whole scenario file's data; `files` are the title files relative to it."""
        reinforcements = self.reinforcements()
        releases = self.releases()
        placements = self.placements()
        return {
            "format_version": 3,
            "header": {
                "title": "Benchmark: the generated front",
                "description": (
                    "A generated scenario of the benchmark title: two army groups face each "
                    "other across the middle of the map.\nIt exists to measure Hexwright, "
                    "not to be played."
                ),
                "ruleset": "panzer_campaigns",
                "start": _START.strftime("%Y-%m-%d %H:%M"),
                "turns": _TURNS,
                "first_side": "axis",
                "day_schedule": _DAY_SCHEDULE,
                "visibility": 6,
                "visibility_min": 2,
                "visibility_max": 12,
                "conditions": "frozen",
                "conditions_allowed": ["normal", "soft", "snow", "frozen"],
                "global_supply": {"allied": 85, "axis": 70},
                "optional_rules": ["programmed_weather", "artillery_setup", "locking_zoc"],
                "victory": {
                    "levels": {
                        "major_allied": 3000,
                        "minor_allied": 800,
                        "minor_axis": -800,
                        "major_axis": -3000,
                    }
                },
            },
            "files": files,
            "placements": placements,
            "attachments": self.attachments(),
            "overlays": self.overlays(),
            "objectives": self.objectives(),
            "reinforcements": reinforcements,
            "withdrawals": self.withdrawals(),
            "releases": releases,
            "supply": self.supply(),
        }

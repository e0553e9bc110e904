"""Setup checks of objectives: some unit can get there, and a surrender objective's nation takes
part in the scenario [000 3.4].
"""

from __future__ import annotations

from collections.abc import Iterator
from heapq import heappop, heappush

from engine.hexgrid import Hex
from engine.panzer_campaigns.board import HEXSIDE_BIT, IMPASSABLE
from engine.panzer_campaigns.setup._context import SetupContext
from engine.panzer_campaigns.setup.footing import ROADS, is_rail_unit
from engine.panzer_campaigns.stacking import is_ship
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitStatus
from engine.panzer_campaigns.weather import freezes_terrain
from schemas.panzer_campaigns.scenario import ArrivalKind, ExitObjective, SurrenderObjective
from schemas.problems import Problem, Severity
from schemas.vocabulary import ConnectionKind, HexsideKind, MovementClass

_UNKNOWN, _SEARCHING, _REACHED, _CUT_OFF = 0, 1, 2, 3
_BUCKET = 16
"""Side of the square buckets (in hexes) that start hexes are filed in."""


class LandReach:
    """Which hexes some ground unit of either side could ever get to, ignoring the units: a
    generous test (the best movement class for each hex and each hexside), so that what it
    calls unreachable is unreachable for every unit.

    - A hex is open when some movement class in play enters it (cost not -1), a road or railway
      runs through it [000 4.1], or a full-hex bridge or ferry spans its water [000 4.5]. Where
      the ground may freeze, terrain is open when its frozen form is [000 11.0]. Units that may
      go On Foot count as foot units too [000 4.2].
    - A hexside stops everybody when every class in play pays -1 to cross it and no bridge,
      ford or ferry is on it; commandos cross any hexside, amphibious units rivers and canals,
      mountain units cliffs [000 4.2].
    - The searches start from the units on the map and the arrival hexes of reinforcements.

    Hexes are labelled as searches finish, so that each part of the map is searched once.
    """

    def __init__(self, context: SetupContext) -> None:
        state = context.state
        board = self.board = state.board
        ground = [
            unit
            for unit in state.units.values()
            if unit.unit.air is None and not is_ship(unit) and not is_rail_unit(unit)
        ]
        ground_ids = {unit.id for unit in ground}
        classes = {unit.unit.movement_class for unit in ground}
        if any(unit.unit.can_dismount for unit in ground):
            classes.add(MovementClass.FOOT)  # On Foot, they move as foot [000 4.2]
        tables = [board.movement[c] for c in classes if c in board.movement]
        numbers = {terrain_id: n for n, terrain_id in enumerate(board.terrain_ids)}

        def is_open_terrain(number: int) -> bool:
            terrain = board.legend[board.terrain_ids[number]]
            return not terrain.water and any(t.terrain[number] != IMPASSABLE for t in tables)

        def counts_as(number: int) -> list[int]:
            frozen = board.legend[board.terrain_ids[number]].frozen_as
            if frozen in numbers and _may_freeze(state):
                return [number, numbers[frozen]]  # frozen Marsh is Clear [000 11.0]
            return [number]

        # 256 entries: a terrain code missing from the legend (MAP003) is simply closed.
        self.open_terrain = bytes(
            number < len(board.terrain_ids) and any(map(is_open_terrain, counts_as(number)))
            for number in range(256)
        )
        crossed: set[HexsideKind] = set()
        if any(unit.unit.commando for unit in ground):
            crossed = set(HexsideKind)
        if any(unit.unit.amphibious for unit in ground):
            crossed |= {HexsideKind.RIVER, HexsideKind.CANAL}
        if any(unit.unit.mountain for unit in ground):
            crossed.add(HexsideKind.CLIFF)
        self.blocking = 0
        for kind, bit in HEXSIDE_BIT.items():
            if (
                tables
                and kind not in crossed
                and all(t.hexsides.get(kind, 0) == IMPASSABLE for t in tables)
            ):
                self.blocking |= bit
        self.links = [
            masks
            for kind, masks in board.connections.items()
            if kind in ROADS or kind is ConnectionKind.RAILROAD
        ]
        self.starts = {unit.hex for unit in ground if unit.status is UnitStatus.ON_MAP}
        self.starts.discard(-1)
        for number, reinforcement in enumerate(state.scenario.reinforcements):
            units = context.reinforcement_units[number]
            if reinforcement.kind is not ArrivalKind.NAVAL and any(
                u.id in ground_ids for u in units
            ):
                column, row = reinforcement.hex
                if board.grid.contains(column, row):
                    self.starts.add(board.index(column, row))
        self.labels = bytearray(board.size)
        self.buckets: dict[tuple[int, int], list[int]] = {}
        for start in self.starts:
            column, row = board.offset(start)
            self.buckets.setdefault((column // _BUCKET, row // _BUCKET), []).append(start)

    def _nearest_start(self, target: int) -> Hex:
        """The start hex nearest to `target`, looked up in square buckets of starts around it
        (only a guide for the search: any start would give the same answer, more slowly)."""
        board = self.board
        column, row = board.offset(target)
        home = (column // _BUCKET, row // _BUCKET)
        reach = max(board.width, board.height) // _BUCKET + 1
        for radius in range(reach + 1):
            near = [
                start
                for dc in range(-radius, radius + 1)
                for dr in range(-radius, radius + 1)
                if max(abs(dc), abs(dr)) == radius
                for start in self.buckets.get((home[0] + dc, home[1] + dr), ())
            ]
            if near:
                here = board.grid.hex_at(column, row)
                hexes = (board.grid.hex_at(*board.offset(h)) for h in near)
                return min(hexes, key=here.distance)
        return board.grid.hex_at(column, row)

    @property
    def has_units(self) -> bool:
        """Whether any ground unit is on the map or arriving."""
        return bool(self.starts)

    def is_open(self, hex_index: int) -> bool:
        """Whether some ground unit could stand on a hex."""
        board = self.board
        return bool(
            self.open_terrain[board.terrain[hex_index]]
            or any(masks[hex_index] for masks in self.links)
            or hex_index in board.full_hex
        )

    def is_reachable(self, target: int) -> bool:
        """Whether some ground unit could get to `target` (a search from it, stopped at the
        first unit or arrival hex, or at a part of the map already searched)."""
        labels = self.labels
        if target in self.starts:
            return True
        if labels[target] in (_REACHED, _CUT_OFF):
            return labels[target] == _REACHED
        if not self.is_open(target):
            return False
        neighbors, hexsides, crossings = (
            self.board.neighbors,
            self.board.hexsides,
            self.board.crossings,
        )
        blocking, starts = self.blocking, self.starts
        # Best first toward the nearest unit or arrival hex: a straight walk in open country,
        # a fill only where terrain bars the way.
        grid, offset = self.board.grid, self.board.offset
        goal = self._nearest_start(target)

        def estimate(hex_index: int) -> int:
            return grid.hex_at(*offset(hex_index)).distance(goal)

        found = _CUT_OFF
        labels[target] = _SEARCHING
        visited = [target]
        frontier = [(0, target)]
        while frontier and found == _CUT_OFF:
            here = heappop(frontier)[1]
            for edge in range(6 * here, 6 * here + 6):
                there = neighbors[edge]
                if there < 0 or (hexsides[edge] & blocking and not crossings[edge]):
                    continue
                label = labels[there]
                if label == _SEARCHING:
                    continue
                if label in (_REACHED, _CUT_OFF):
                    found = label
                    break
                if not self.is_open(there):
                    continue
                if there in starts:
                    found = _REACHED
                    break
                labels[there] = _SEARCHING
                visited.append(there)
                heappush(frontier, (estimate(there), there))
        for hex_index in visited:
            labels[hex_index] = found
        return found == _REACHED


def _is_exit_edge(state: GameState, hex_index: int) -> bool:
    """Whether a hex is on the map edge or beside a water hex."""
    board = state.board
    if board.is_edge(hex_index):
        return True
    legend = board.legend
    return any(legend[board.terrain_id(board.neighbor(hex_index, d))].water for d in range(6))


def _may_freeze(state: GameState) -> bool:
    """Whether the ground may freeze during the scenario: Snow or Frozen among the conditions
    the header allows, or in the weather programme [000 11.0]."""
    header = state.scenario.header
    if any(freezes_terrain(c) for c in (header.conditions, *header.conditions_allowed)):
        return True
    weather = state.weather_file
    return weather is not None and any(row.snow or row.frozen for row in weather.rows)


def check_objectives(context: SetupContext) -> Iterator[Problem]:
    """SETUP016, SETUP017, SETUP025: objectives no unit can ever reach, surrender objectives
    of a nation with no unit in the scenario (it could never surrender anything), and exit
    objectives away from the map edge and from water, where units leave the map [000 3.4;
    digest B.1 "on a map or water edge"]."""
    state = context.state
    board = state.board
    reach = LandReach(context)
    nations_in_play = {unit.nation for unit in state.units.values()}
    for number, objective in enumerate(state.scenario.objectives):
        column, row = objective.hex
        name = f"'{objective.id}'" + (f" ({objective.name})" if objective.name else "")
        if (
            isinstance(objective, SurrenderObjective)
            and objective.nation in state.oob_index.nations
            and objective.nation not in nations_in_play
        ):
            yield Problem(
                Severity.WARNING,
                "SETUP017",
                f"surrender objective {name} is for nation '{objective.nation}', which has no "
                "unit placed or arriving in this scenario [000 3.4]",
                path=("objectives", number, "nation"),
                hex=objective.hex,
                object_id=objective.id,
            )
        if not board.grid.contains(column, row):
            continue
        hex_index = board.index(column, row)
        if isinstance(objective, ExitObjective) and not _is_exit_edge(state, hex_index):
            yield Problem(
                Severity.WARNING,
                "SETUP025",
                f"exit objective {name} at [{column}, {row}] is neither on the map edge nor "
                "beside water, where units leave the map [000 3.4]",
                path=("objectives", number, "hex"),
                hex=objective.hex,
                object_id=objective.id,
            )
        if not reach.has_units:
            continue
        if state.units_at(hex_index) or reach.is_reachable(hex_index):
            continue  # a unit of either side holds it, or can get there
        why = (
            f"no ground unit can enter its {context.terrain_name(hex_index)}"
            if not reach.is_open(hex_index)
            else "impassable terrain or hexsides cut it off from every unit and arrival hex"
        )
        yield Problem(
            Severity.WARNING,
            "SETUP016",
            f"objective {name} at [{column}, {row}] cannot be reached by any unit of either "
            f"side: {why}",
            path=("objectives", number, "hex"),
            hex=objective.hex,
            object_id=objective.id,
        )

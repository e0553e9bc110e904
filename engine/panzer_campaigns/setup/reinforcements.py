"""Setup checks of reinforcements: the arrival hex takes the units in the mode they arrive in,
lies clear of the enemy's starting positions, and the Protection Value breaks no enemy at once
[000 4.7].
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator

from engine.hexgrid import Grid
from engine.panzer_campaigns.setup._context import SetupContext, describe_all
from engine.panzer_campaigns.setup.footing import Footing
from engine.panzer_campaigns.state import other_side
from engine.panzer_campaigns.units import UnitState
from schemas.problems import Problem, Severity
from schemas.vocabulary import Side

_WHY = {
    Footing.NOT_ENTERABLE: "{units} cannot enter its {terrain}",
    Footing.ROAD_ONLY_OFF_ROAD: "{units} may enter {terrain} only along a road, and none is there",
    Footing.ROAD_ONLY_DEPLOYED: "{units} may stand in {terrain} only in Travel Mode [000 4.1]",
    Footing.RAIL_MODE_OFF_RAIL: "no railway runs there for {units} to arrive on in Rail Mode",
    Footing.RAIL_UNIT_OFF_RAIL: "no railway runs there for rail units {units}",
}


def _row(entry: tuple[int, int]) -> int:
    return entry[0]


class EnemyPositions:
    """The hexes each side's units hold at the start, for "who stands within N hexes of here"
    queries: units by column, rows sorted, so a query reads only the columns in range."""

    def __init__(self, context: SetupContext) -> None:
        self.grid: Grid = context.state.board.grid
        self.columns: dict[Side, dict[int, list[tuple[int, int]]]] = {side: {} for side in Side}
        board = context.state.board
        for hex_index, stack in context.state.stacks.items():
            if hex_index < 0 or not stack:
                continue
            column, row = board.offset(hex_index)
            for side in {unit.side for unit in stack}:
                self.columns[side].setdefault(column, []).append((row, hex_index))
        for by_column in self.columns.values():
            for rows in by_column.values():
                rows.sort()

    def within(self, side: Side, center: tuple[int, int], radius: int) -> list[tuple[int, int]]:
        """The hexes (index, distance) held by `side` within `radius` hexes of `center`."""
        column, row = center
        origin = self.grid.hex_at(column, row)
        found = []
        by_column = self.columns[side]
        for other_column in range(column - radius, column + radius + 1):
            rows = by_column.get(other_column)
            if not rows:
                continue
            # A hex `radius` steps away lies at most `radius` rows above or below.
            low = bisect_left(rows, row - radius, key=_row)
            high = bisect_right(rows, row + radius, key=_row)
            for other_row, hex_index in rows[low:high]:
                distance = origin.distance(self.grid.hex_at(other_column, other_row))
                if distance <= radius:
                    found.append((hex_index, distance))
        return found


def check_reinforcements(context: SetupContext) -> Iterator[Problem]:
    """SETUP010-SETUP012: each reinforcement's arrival hex and the enemy around it.

    - The arrival hex must take every unit in the mode it arrives in (the same rules as a
      placement; see `engine.panzer_campaigns.setup.footing`). Airborne units that land where they
      cannot stand
      are eliminated [000 4.7], so the rule holds for them too.
    - "you cannot alter where the unit will arrive" [000 4.7]: an arrival hex held by the enemy
      or next to its units at the start is likely a mistake (warning).
    - The Protection Value breaks enemies within that distance and eliminates those in the
      arrival hex when the reinforcement arrives [000 4.7]; enemies starting that close are
      flagged (B.1). The manual advises more than 5 hexes between enemy entry hexes.
    """
    state = context.state
    board = state.board
    positions = EnemyPositions(context)
    for number, reinforcement in enumerate(state.scenario.reinforcements):
        column, row = reinforcement.hex
        units = context.reinforcement_units[number]
        if not board.grid.contains(column, row) or not units:
            continue  # HEX001 and SCN010/REF001 already say so
        hex_index = board.index(column, row)
        terrain = context.terrain_name(hex_index)
        where = f"[{column}, {row}] ({terrain})"
        blocked: dict[Footing, list[UnitState]] = {}
        for unit in units:
            how = context.rules.footing(unit, hex_index, reinforcement.mode)
            if how in _WHY:
                blocked.setdefault(how, []).append(unit)
        for how, stuck in blocked.items():
            why = _WHY[how].format(units=describe_all(stuck), terrain=terrain)
            yield context.reinforcement_problem(
                Severity.ERROR,
                "SETUP010",
                number,
                f"reinforcement '{reinforcement.id}' arrives at {where} in "
                f"{reinforcement.mode.value} mode, but {why}",
            )
        enemy = other_side(units[0].side)
        reach = max(reinforcement.protection, 1)
        close = sorted(positions.within(enemy, (column, row), reach), key=lambda h: h[1])
        if not close:
            continue
        enemies = [u for hex_close, _ in close for u in state.units_at(hex_close)]
        if reinforcement.protection > 0:
            yield context.reinforcement_problem(
                Severity.WARNING,
                "SETUP012",
                number,
                f"{enemy.value} units start within the Protection Value "
                f"({reinforcement.protection}) of reinforcement '{reinforcement.id}' at "
                f"[{column}, {row}]: {describe_all(enemies)}; when it arrives they are broken, "
                "or eliminated if in the arrival hex [000 4.7]",
                "protection",
            )
        else:
            held = close[0][1] == 0
            yield context.reinforcement_problem(
                Severity.WARNING,
                "SETUP011",
                number,
                f"reinforcement '{reinforcement.id}' arrives at [{column}, {row}], "
                + ("held" if held else "next to hexes held")
                + f" by {enemy.value} units at the start ({describe_all(enemies)}); the arrival "
                "hex cannot be changed in play [000 4.7]",
            )

"""Victory Determination [003 4.4]: sudden death after each Housekeeping, and after the last
turn the situation's conditions with their points and graded levels."""

from __future__ import annotations

from engine.tactical_gamex.events import TgxGameEnded
from engine.tactical_gamex.state import Phase, TgxState, VictoryCondition, VictoryKind, other
from schemas.vocabulary import Side

Offset = tuple[int, int]


def held(state: TgxState, side: Side, hexes: tuple[Offset, ...]) -> int:
    """How many of the hexes `side` occupies with no enemy in them."""
    count = 0
    for hex_ in hexes:
        here = state.units_at(hex_)
        if here and all(u.side is side for u in here):
            count += 1
    return count


def condition_met(state: TgxState, condition: VictoryCondition) -> bool:
    """Whether one victory condition holds now."""
    side = condition.side
    if condition.kind is VictoryKind.HOLD:
        return held(state, side, condition.hexes) >= (condition.count or len(condition.hexes))
    if condition.kind is VictoryKind.EXIT:
        return len(state.exited[side]) >= condition.count
    if condition.units:
        return all(
            state.units[u].hex is None and u not in state.exited[other(side)]
            for u in condition.units
        )
    return state.eliminated[other(side)] >= condition.count


def points(state: TgxState, side: Side, *, sudden: bool = False) -> int:
    """The points of a side's conditions met now (its sudden-death ones when `sudden`)."""
    return sum(
        c.points
        for c in state.victory
        if c.side is side and c.sudden_death is sudden and condition_met(state, c)
    )


def outcome(state: TgxState, side_points: dict[Side, int], met: dict[Side, bool | None]) -> str:
    """The outcome's name: the first of the situation's levels (in its order, the best first)
    whose side reached its points; without levels, the side that met all its conditions when
    the other did not, a side whose conditions failed losing to a side without any.
    Decision (the text leaves victory to each situation): with levels and none reached, or
    without levels and neither or both sides' conditions met, the game is a draw."""
    if state.levels:
        for level in state.levels:
            if side_points[level.side] >= level.points:
                return level.name
        return "draw"
    allied, axis = met[Side.ALLIED], met[Side.AXIS]
    if allied and not axis:
        return "allied_victory"
    if axis and not allied:
        return "axis_victory"
    if allied is False and axis is None:
        return "axis_victory"
    if axis is False and allied is None:
        return "allied_victory"
    return "draw"


def victory_determination(state: TgxState) -> TgxGameEnded | None:
    """Sudden death after each Housekeeping, the situation's conditions after the last turn
    [003 4.4]. The score is the Allied points less the Axis points (a sudden death counts its
    side's best level). Returns the end, or None while the game goes on."""
    for condition in state.victory:
        if condition.sudden_death and condition_met(state, condition):
            state.phase = Phase.OVER
            side = condition.side
            best = [lv for lv in state.levels if lv.side is side]
            name = best[0].name if best else f"{side.value}_victory"
            score = float(best[0].points if best else 1) * (1 if side is Side.ALLIED else -1)
            return TgxGameEnded(state.turn - 1, name, True, score)
    if state.turn <= state.last_turn:
        return None
    state.phase = Phase.OVER
    side_points = {side: points(state, side) for side in (Side.ALLIED, Side.AXIS)}
    met: dict[Side, bool | None] = {}
    for side in (Side.ALLIED, Side.AXIS):
        mine = [c for c in state.victory if c.side is side and not c.sudden_death]
        met[side] = all(condition_met(state, c) for c in mine) if mine else None
    name = outcome(state, side_points, met)
    score = float(side_points[Side.ALLIED] - side_points[Side.AXIS])
    if not state.levels:
        score = {"allied_victory": 1.0, "axis_victory": -1.0}.get(name, 0.0)
    return TgxGameEnded(state.last_turn, name, False, score)

"""Who is spotted [003 6.3.8]: adjacent to an enemy, or in its sight and in open terrain or
marked Moved, Fired or Spotted; the Spot action's roll in concealing terrain; scouts, recon and
command posts spotting within four hexes without a roll."""

from __future__ import annotations

from engine.tactical_gamex.los import can_see_unit
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import CP, RECON, SCOUT, TRUCK, Marker, StreamState, Unit
from schemas.vocabulary import Side

Offset = tuple[int, int]

SPOT_RANGE = 4
SCOUT_RANGE = 8


def _concealed(state: TgxState, unit: Unit) -> bool:
    """Whether the unit's hex hides it until spotted: concealing terrain, smoke [003 20.4], or
    under a bridge [003 6.3.9]."""
    assert unit.hex is not None
    if unit.hex in state.counters.smoke:
        return True
    if unit.stream is StreamState.DOWN and state.bridge_at(unit.hex):
        return True
    return state.board.effects(unit.hex).concealing


def is_spotted(state: TgxState, unit: Unit, by: Side) -> bool:
    """Whether side `by` has spotted `unit`, or another unit in its hex [003 6.3.8]."""
    if unit.hex is None:
        return False
    return unit.hex in spotted_hexes(state, by, (unit.hex,))


def _unit_spotted(state: TgxState, unit: Unit, watchers: list[Unit]) -> bool:
    assert unit.hex is not None
    board = state.board
    exposed = (
        not _concealed(state, unit)
        or unit.marker in (Marker.MOVED, Marker.FIRED)
        or unit.hex in state.spotted
    )
    for watcher in watchers:
        assert watcher.hex is not None
        distance = board.distance(watcher.hex, unit.hex)
        if distance <= 1:
            return True
        if not can_see_unit(state, watcher.hex, unit):
            continue
        if exposed:
            return True
        if _auto_spotter(watcher) and distance <= SPOT_RANGE and not watcher.disrupted:
            return True
    return False


def _auto_spotter(unit: Unit) -> bool:
    return unit.command_post or any(unit.type.has(t) for t in (SCOUT, RECON, CP))


def spotted_hexes(
    state: TgxState, by: Side, hexes: tuple[Offset, ...] | None = None
) -> set[Offset]:
    """The hexes (of `hexes`, or all with enemy units) where side `by` has spotted a unit; one
    spotted unit spots its whole hex [003 6.3.8]."""
    watchers = [u for u in state.iter_units(by) if u.carrier is None]
    found: set[Offset] = set()
    for unit in state.iter_units():
        if unit.side is by or unit.hex is None or unit.hex in found:
            continue
        if hexes is not None and unit.hex not in hexes:
            continue
        if _unit_spotted(state, unit, watchers):
            found.add(unit.hex)
    return found


def spot_roll_needed(state: TgxState, spotter: Unit, target: Offset) -> int | None:
    """The highest roll that spots the hex for a Spot action, 0 when no roll is needed (a
    scout, recon or CP within four hexes), None when the spotter may not try there.

    B.15 #9: the text gives rolls for Woods (1-3) and Town (1-2) only; City reads the title's
    TEC (the sample gives it the Town value); units in smoke, under a bridge or Down in a
    stream cannot be found by a roll: only adjacency or higher ground shows them.
    """
    board = state.board
    if spotter.hex is None or spotter.disrupted or spotter.carrier is not None:
        return None
    if spotter.type.has(TRUCK):
        return None  # [003 6.3.8] trucks and transported units cannot spot
    enemies = state.enemy_at(target, spotter.side)
    visible = [u for u in enemies if can_see_unit(state, spotter.hex, u)]
    if not visible:
        return None
    distance = board.distance(spotter.hex, target)
    limit = SCOUT_RANGE if _auto_spotter(spotter) else SPOT_RANGE
    if distance > limit:
        return None
    if _auto_spotter(spotter) and distance <= SPOT_RANGE:
        return 0
    if target in state.counters.smoke:
        return None
    if all(u.stream is StreamState.DOWN for u in visible) and state.bridge_at(target):
        return None
    effects = board.effects(target)
    if not effects.concealing:
        return 0
    return effects.spot_roll or None


def air_spot_roll_needed(state: TgxState, side: Side, target: Offset) -> int | None:
    """`spot_roll_needed` for a spotter aircraft [003 6.4.7]: its range is infinite and,
    decision, it sees every hex from above (no line of sight is traced for aircraft, as for
    their attacks); smoke, concealing terrain and units Down under a bridge count as for a
    ground spotter; None where no enemy is."""
    visible = state.enemy_at(target, side)
    if not visible or target in state.counters.smoke:
        return None
    if all(u.stream is StreamState.DOWN for u in visible) and state.bridge_at(target):
        return None
    effects = state.board.effects(target)
    if not effects.concealing:
        return 0
    return effects.spot_roll or None

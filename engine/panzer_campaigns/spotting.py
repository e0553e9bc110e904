"""Spotting and concealment [000 4.8]: which enemy units each side sees, in detail or as Unknown,
kept on the state (`GameState.sightings`) and brought up to date after each move, plus Recon and
Dust Spotting. Line of sight itself is `engine.panzer_campaigns.line_of_sight`.

Decisions where the manual is short, with their sections:

- A unit sees a hex within the turn's effective visibility [000 11.0] with line of sight; Broken
  units see only as Unknown [000 9.0]. Every other unit on the map spots (the manual names no
  other exception for ordinary spotting).
- Seen units are spotted when they stand in clear hexes or moved (or fired) in view [000 4.8].
  "Clear" in Panzer Campaigns is a hex whose terrain neither blocks sight, has cover height nor
  is urban; in Panzer Battles concealment comes from cover height instead (the profile's
  `concealment_by_height`) [001 "Concealment"].
- "To become concealed a unit must begin in a hex not in the line-of-sight of the enemy": at
  the start of the game every unit the enemy sees counts as revealed; a unit out of enemy sight
  in concealing terrain is concealed and stays so while it does not move, even when enemies
  come near. "Once a unit is revealed, it cannot become concealed again unless it moves out of
  the line-of-sight of the enemy": revealed stays revealed while any enemy sees its hex; once
  none does (it moved away, or the watchers did, as Panzer Battles says: "moves or becomes out
  of the line-of-sight") the sighting ends.
- Moving in view: every hex a unit enters is checked, so a unit crossing an open gap in view is
  revealed even if it ends out of sight (the sighting ends then, but it counted for releases).
- Dust Spotting: only Day, Dawn or Dusk turns with Normal conditions and a nonzero parameter for
  the moving side; a unit that moved and ended unseen, with an enemy unit within twice the
  visibility (dust is seen further than a unit, not without limit), is spotted as Unknown with
  the parameter's chance, one roll per move.
- Recon Spotting: a recon unit with a third of its allowance left spends it; every enemy unit
  within Visibility + 1 hexes with line of sight that it does not already see in detail is
  revealed with a half chance, then in detail or as Unknown half and half (the air recon
  mission's split [000 8.1]; the manual gives no odds for ground recon). A Broken recon unit
  reveals only Unknowns. Recon and dust reports hold while the unit stays in its hex.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.panzer_campaigns.allowance import movement_allowance, mp_left
from engine.panzer_campaigns.events import DustSpotted, Event, ReconSpotted
from engine.panzer_campaigns.line_of_sight import has_line_of_sight
from engine.panzer_campaigns.patrols import patrol_spots
from engine.panzer_campaigns.sightings import Sight, Sighting
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import Component
from schemas.panzer_campaigns.scenario import DayPhase
from schemas.vocabulary import Condition, OptionalRule, Side

RECON_COST = 1 / 3
"""Share of its movement allowance a recon unit spends to spot [000 4.8]."""
RECON_REVEAL_CHANCE = 0.5
RECON_DETAIL_CHANCE = 0.5


def visibility(state: GameState) -> int:
    """How many hexes units see this turn, after dawn, dusk, night and storm [000 11.0]."""
    return state.weather.effective_visibility


def sees(state: GameState, from_hex: int, to_hex: int, reach: int | None = None) -> bool:
    """Whether a unit in `from_hex` sees `to_hex`: within `reach` (the turn's visibility by
    default) and with line of sight."""
    board = state.board
    reach = visibility(state) if reach is None else reach
    return board.distance(from_hex, to_hex) <= reach and has_line_of_sight(
        board, from_hex, to_hex, state.sight_walls
    )


def viewshed(state: GameState, from_hex: int, reach: int | None = None) -> dict[int, bool]:
    """Every hex within reach of `from_hex` (the turn's visibility by default), and whether a
    unit there sees it."""
    board = state.board
    reach = visibility(state) if reach is None else reach
    return {
        h: has_line_of_sight(board, from_hex, h, state.sight_walls)
        for h in board.iter_within(from_hex, reach)
    }


def watch(
    state: GameState,
    side: Side,
    hex_index: int,
    reach: int | None = None,
    near: Callable[[int], Iterable[int]] | None = None,
) -> Sight | None:
    """How well `side`'s units see a hex now: SPOTTED when a unit that is not Broken sees it,
    UNKNOWN when only Broken ones do [000 9.0], None when none does. `near` gives the hexes of
    `side`'s units that may be within reach of a hex (a `_Neighbourhood` for many calls)."""
    board = state.board
    if patrol_spots(state, side, hex_index):  # within 2 hexes, whatever the LOS [000 4.2]
        return Sight.SPOTTED
    reach = visibility(state) if reach is None else reach
    best: Sight | None = None
    found = near(hex_index) if near is not None else _hexes_near(state, side, hex_index, reach)
    for watcher in found:
        if not has_line_of_sight(board, watcher, hex_index, state.sight_walls):
            continue
        if any(not unit.broken for unit in state.stacks[watcher]):
            return Sight.SPOTTED
        best = Sight.UNKNOWN
    return best


def conceals(state: GameState, unit: UnitState, hex_index: int) -> bool:
    """Whether a hex can hide a unit from an enemy that sees the hex [000 4.8][001]."""
    board = state.board
    terrain = board.legend[board.terrain_ids[board.terrain[hex_index]]]
    if state.profile.concealment_by_height:
        small = unit.unit.component is not Component.VEHICLES or unit.on_foot
        return terrain.height_m >= 2 or (terrain.height_m >= 1 and small)
    return terrain.blocks_los or terrain.height_m > 0 or terrain.urban


def is_concealed(state: GameState, unit: UnitState) -> bool:
    """Whether a unit on the map is hidden by concealing terrain from an enemy that may see its
    hex: in such a hex and not seen by the enemy."""
    return (
        unit.on_map
        and conceals(state, unit, unit.hex)
        and unit.id not in spotted_by(state, other_side(unit.side))
    )


def spotted_by(state: GameState, side: Side) -> dict[str, Sighting]:
    """The enemy units `side` sees now, by id (brought up to date first)."""
    sync(state)
    return state.sightings[side]


def sync(state: GameState) -> None:
    """Bring both sides' sightings up to date when the state changed since they last were."""
    if state.sight_version == state.version:
        return
    for side in Side:
        sightings = state.sightings[side]
        for unit_id in [u for u in sightings if not state.units[u].on_map]:
            del sightings[unit_id]
        near = _Neighbourhood(state, side, visibility(state))
        refresh(state, side, state.iter_units(other_side(side)), near)
    state.sight_version = state.version


def start(state: GameState) -> None:
    """The sightings at the start of a game: every unit an enemy sees is revealed, since "to
    become concealed a unit must begin in a hex not in the line-of-sight of the enemy"."""
    reach = visibility(state)
    for side in Side:
        near = _Neighbourhood(state, side, reach)
        sightings = state.sightings[side]
        sightings.clear()
        grades: dict[int, Sight | None] = {}
        for unit in state.iter_units(other_side(side)):
            if unit.hex not in grades:
                grades[unit.hex] = watch(state, side, unit.hex, reach, near)
            grade = grades[unit.hex]
            if grade is not None:
                sightings[unit.id] = Sighting(grade, unit.hex)
    state.sight_version = state.version


def reveal(state: GameState, unit: UnitState) -> Sight | None:
    """A unit acted (moved, fired) where the enemy may see it: revealed to the enemy when in view
    [000 4.8]. Returns how the enemy sees it now."""
    if not unit.on_map:
        return None
    enemy = other_side(unit.side)
    grade = watch(state, enemy, unit.hex)
    if grade is not None:
        old = state.sightings[enemy].get(unit.id)
        if old is not None and old.hex == unit.hex:
            grade |= old.grade
        state.sightings[enemy][unit.id] = Sighting(grade, unit.hex)
    return grade


def refresh(
    state: GameState,
    side: Side,
    targets: Iterable[UnitState],
    near: Callable[[int], Iterable[int]] | None = None,
) -> None:
    """Judge again how `side` sees each of `targets` (enemy units) from where everything is."""
    sightings = state.sightings[side]
    grades: dict[int, Sight | None] = {}
    for unit in targets:
        if not unit.on_map:
            sightings.pop(unit.id, None)
            continue
        if unit.hex not in grades:
            grades[unit.hex] = watch(state, side, unit.hex, near=near)
        grade = grades[unit.hex]
        old = sightings.get(unit.id)
        if old is not None and old.reported:
            if old.hex == unit.hex:
                if grade is not None:
                    sightings[unit.id] = Sighting(old.grade | grade, unit.hex, True)
                continue
            old = None
        if grade is None:
            sightings.pop(unit.id, None)
        elif (
            old is not None
            or not conceals(state, unit, unit.hex)
            or patrol_spots(state, side, unit.hex)
        ):
            sightings[unit.id] = Sighting(grade, unit.hex)
        else:
            sightings.pop(unit.id, None)  # concealed [000 4.8]


def after_move(
    state: GameState, unit: UnitState, start_hex: int, entered: list[int]
) -> list[Event]:
    """Bring the sightings up to date after `unit` moved from `start_hex` through `entered`
    (the sightings were up to date before): the mover is revealed if seen on any hex it entered,
    then judged where it stands; what it sees is judged around both ends; dust may give it away.
    Returns the events (a dust sighting)."""
    enemy = other_side(unit.side)
    seen: Sight | None = None
    for hex_index in entered:
        grade = watch(state, enemy, hex_index)
        if grade is not None:
            seen = grade | seen if seen is not None else grade
    enemy_sightings = state.sightings[enemy]
    enemy_sightings.pop(unit.id, None)  # a recon or dust report ends when the unit moves
    if seen is not None and unit.on_map:
        enemy_sightings[unit.id] = Sighting(seen, unit.hex)
    refresh(state, enemy, [unit])
    events = _dust(state, unit) if entered and seen is None else []
    reach = visibility(state)
    ends = (start_hex, unit.hex) if unit.on_map else (start_hex,)
    targets: set[int] = set()
    watchers: set[int] = set()  # within twice the reach: all that may see those targets
    for end in ends:
        targets.update(_hexes_near(state, enemy, end, reach))
        watchers.update(_hexes_near(state, unit.side, end, 2 * reach))
    board = state.board
    placed = [(h, board.hex_of(h)) for h in sorted(watchers)]

    def near(hex_index: int) -> list[int]:
        here = board.hex_of(hex_index)
        return [h for h, at in placed if here.distance(at) <= reach]

    refresh(state, unit.side, [u for h in sorted(targets) for u in state.stacks[h]], near)
    state.sight_version = state.version
    return events


def _dust(state: GameState, unit: UnitState) -> list[Event]:
    """Dust Spotting of a unit that moved and ended unseen [000 4.8]."""
    if not unit.on_map:
        return []
    dust = state.parameters.spotting.dust_spotting
    percent = dust.allied if unit.side is Side.ALLIED else dust.axis
    weather = state.weather
    if percent <= 0 or weather.phase is DayPhase.NIGHT or weather.condition is not Condition.NORMAL:
        return []
    enemy = other_side(unit.side)
    if not _hexes_near(state, enemy, unit.hex, 2 * visibility(state)):
        return []
    if state.rng.randrange(100) >= percent:
        return []
    state.sightings[enemy][unit.id] = Sighting(Sight.UNKNOWN, unit.hex, reported=True)
    return [DustSpotted(state.turn, enemy, unit.id, state.board.offset(unit.hex))]


def may_recon_spot(state: GameState, unit: UnitState) -> str | None:
    """Why `unit` may not try Recon Spotting now, or None [000 4.8][001 #13]."""
    if not (state.profile.recon_spotting_standard or state.is_rule_on(OptionalRule.RECON_SPOTTING)):
        return "the Recon Spotting optional rule is off [000 4.8]"
    if not unit.unit.recon:
        return f"{unit.id} is not a reconnaissance unit [000 4.8]"
    if mp_left(state, unit) + 1e-9 < movement_allowance(state, unit) * RECON_COST:
        return f"{unit.id} has less than a third of its movement points left [000 4.8]"
    return None


def recon_spot(state: GameState, unit: UnitState) -> ReconSpotted:
    """Spend a third of a recon unit's allowance to try to reveal enemy units within
    Visibility + 1 hexes (see the module's decisions). Check `may_recon_spot` first."""
    sync(state)
    unit.mp_spent += movement_allowance(state, unit) * RECON_COST
    enemy = other_side(unit.side)
    sightings = state.sightings[unit.side]
    reach = visibility(state) + 1
    spotted: list[str] = []
    unknown: list[str] = []
    for target in state.iter_units(enemy):
        old = sightings.get(target.id)
        if old is not None and old.grade is Sight.SPOTTED:
            continue
        if not sees(state, unit.hex, target.hex, reach):
            continue
        if state.rng.random() >= RECON_REVEAL_CHANCE:
            continue
        detail = state.rng.random() < RECON_DETAIL_CHANCE and not unit.broken
        grade = Sight.SPOTTED if detail else Sight.UNKNOWN
        if old is not None and old.hex == target.hex:
            grade |= old.grade
        if old is None or grade is not old.grade:
            (spotted if grade is Sight.SPOTTED else unknown).append(target.id)
        sightings[target.id] = Sighting(grade, target.hex, reported=True)
    state.touch()  # the unit spent movement points
    state.sight_version = state.version
    return ReconSpotted(state.turn, unit.side, unit.id, tuple(spotted), tuple(unknown))


class _Neighbourhood:
    """The hexes of one side's units binned in squares of the reach, to find those within
    reach of many hexes in turn without walking a disk around each."""

    def __init__(self, state: GameState, side: Side, reach: int) -> None:
        self.board = state.board
        self.reach = reach
        self.size = max(1, reach)
        self.bins: dict[tuple[int, int], list[int]] = {}
        width, size = self.board.width, self.size
        for h, stack in state.stacks.items():
            if stack[0].side is side:
                row, column = divmod(h, width)
                self.bins.setdefault((column // size, row // size), []).append(h)

    def __call__(self, hex_index: int) -> list[int]:
        """The hexes of the side's units within reach of `hex_index`."""
        board, size, reach = self.board, self.size, self.reach
        column, row = board.offset(hex_index)
        bx, by = column // size, row // size
        found = []
        for x in (bx - 1, bx, bx + 1):
            for y in (by - 1, by, by + 1):
                for h in self.bins.get((x, y), ()):
                    if board.distance(h, hex_index) <= reach:
                        found.append(h)
        return found


def _hexes_near(state: GameState, side: Side, hex_index: int, reach: int) -> list[int]:
    """The hexes within `reach` of `hex_index` that hold `side`'s units, nearest first."""
    stacks = state.stacks
    board = state.board
    if 3 * reach * (reach + 1) + 1 <= len(stacks):
        return [
            h
            for h in board.iter_within(hex_index, reach)
            if (stack := stacks.get(h)) and stack[0].side is side
        ]
    center = board.hex_of(hex_index)
    near = [
        (distance, h)
        for h, stack in stacks.items()
        if stack[0].side is side and (distance := center.distance(board.hex_of(h))) <= reach
    ]
    return [h for _, h in sorted(near)]

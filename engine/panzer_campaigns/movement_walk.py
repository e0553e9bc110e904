"""A move carried out hex by hex, for the two things that happen on the way: Opportunity Fire
at the mover [000 3.3], and under Fog of War contact with enemy units its side had not seen.
Air interdiction of units moving in Travel or Rail Mode [000 8.2]
(`engine.panzer_campaigns.air.interdiction`)
strikes a hex entered too. Without either option, and when no interdiction can strike, a move is
`engine.panzer_campaigns.movement.move`, all at once, as before they existed.

Decisions, with their sections:

- Under Fog of War the path is checked against what the mover's side knows
  (`Mover(knowing=True)`: the enemy units it sees and their zones of control, and the zones its
  own units stand in), so an order never tells the player about an enemy it could not see. The
  unit then walks the path in the real state. It stops, and the rest of the path is not spent:
  - before a hex that holds an enemy unit it had not seen, since "units may not enter hexes
    containing enemy units" [000 4.0] - the step is not taken;
  - in a hex of an enemy zone of control its side had not known, since a unit entering an
    enemy zone "may be fired upon" and moving on from it costs more or is prohibited [000 3.3,
    4.4]: the plan was made without it;
  - in a hex from which it sees an enemy unit its side had not seen at the start of the move
    (one not hidden by concealing terrain [000 4.8]): the player must see what the unit sees
    before moving it on (the manual's moves are hex by hex, [000 4.0]);
  - before a step the real state forbids or makes unaffordable (a hidden enemy's zone met at
    the start hex), as on contact.
  A move that would stop in a hex where the unit may not end (over-stacked [000 3.3]) ends in
  the last hex of the path before it where it may, or where it started.
- Under Opportunity Fire every hex entered may draw fire
(`engine.panzer_campaigns.combat.opportunity_fire`); a
  unit Disrupted, Broken or eliminated by it stops there. Interdiction comes after it in each
  hex, and a unit it Disrupts, Breaks or leaves without the points for the next step stops. A
  unit Disrupted before the move may move on [000 4.1]: only a change stops it.
- A unit moving in Travel Mode within the Deception Radius of an enemy deception unit or
  partisan rolls, hex by hex, the enemy's Deception Effect
  (`engine.panzer_campaigns.deception_effects`):
  deceived, it is Disrupted and loses its remaining movement points [000 4.3], and stops there.
- Interdiction and deception walk a move hex by hex whatever the options.
- At night a unit rolls, in each hex it enters other than along a road or railway in Travel
  Mode (or by rail in Rail Mode), the Night Movement Disruption chance
  (`engine.panzer_campaigns.march_attrition`)
  [000 4.1]. Decision: Disrupted, it stops in that hex, as a unit Disrupted by Opportunity
  Fire does: its allowance is now 2/3 at night and the path was planned without that. The
  move is walked hex by hex for it whatever the options.
- A unit that suffers a minefield attack (it loses S/3 of its allowance on entering [000 4.4])
  takes its casualties in that hex (`engine.panzer_campaigns.minefield_attack`), riders on it four
  times as
  much in Panzer Battles [001 #24]; the move is walked hex by hex for it. Decision: a unit the
  attack Disrupts, Breaks or eliminates stops there, as one hit by Opportunity Fire does.
- A unit of vehicles rolls once, at the end of the move, for a breakdown with the movement
  points the move cost [000 4.2]; that needs no hex-by-hex walk, so the fast path keeps it.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.panzer_campaigns.air.events import Interdicted
from engine.panzer_campaigns.air.interdiction import interdict, may_interdict
from engine.panzer_campaigns.allowance import mp_left_to_move
from engine.panzer_campaigns.combat.events import (
    CounterbatterySpotted,
    LossesTaken,
    OpportunityFire,
    RubbleMade,
)
from engine.panzer_campaigns.combat.opportunity_fire import gather_firers, opportunity_fire
from engine.panzer_campaigns.deception_effects import effect_chance, threatens
from engine.panzer_campaigns.events import MoveStopped
from engine.panzer_campaigns.hedgerow import mark_crossing
from engine.panzer_campaigns.irregular_events import Deceived
from engine.panzer_campaigns.line_of_sight import has_line_of_sight
from engine.panzer_campaigns.march_attrition import (
    exempt_at_night,
    may_break_down,
    night_disruption_chance,
    roll_breakdown,
    roll_night_disruption,
)
from engine.panzer_campaigns.march_events import NightDisrupted, VehicleBrokeDown
from engine.panzer_campaigns.minefield_attack import minefield_attack
from engine.panzer_campaigns.movement import apply_entries, check_path, finish_move, move
from engine.panzer_campaigns.movement_steps import EPSILON, Mover
from engine.panzer_campaigns.spotting import conceals, visibility
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState
from engine.panzer_campaigns.zoc import zoc_map

WalkEvent = (
    OpportunityFire
    | LossesTaken
    | RubbleMade
    | CounterbatterySpotted
    | MoveStopped
    | Deceived
    | Interdicted
    | NightDisrupted
    | VehicleBrokeDown
)


def walk(
    state: GameState, unit: UnitState, path_hexes: Sequence[int]
) -> tuple[list[int], list[WalkEvent]]:
    """Move `unit` along `path_hexes` (see the module's decisions): the hexes entered and what
    happened on the way. IllegalMove, changing nothing, when the side's knowledge shows the
    path illegal. The sightings must be up to date (`engine.panzer_campaigns.spotting.sync`)."""
    before = unit.mp_spent
    entered, events = _walk(state, unit, path_hexes)
    if entered and unit.on_map and may_break_down(state, unit):
        broke = roll_breakdown(state, unit, unit.mp_spent - before)  # [000 4.2]
        if broke is not None:
            events.append(broke)
    return entered, events


def _walk(
    state: GameState, unit: UnitState, path_hexes: Sequence[int]
) -> tuple[list[int], list[WalkEvent]]:
    options = state.options
    deceivable = threatens(state, unit, path_hexes)
    interdicting = may_interdict(state, unit, path_hexes)
    night = night_disruption_chance(state, unit)
    walked_anyway = options.fog_of_war or options.opportunity_fire
    mined = bool(state.minefields) and any(h in state.minefields for h in path_hexes)
    if not (walked_anyway or interdicting or deceivable or night or mined):
        return move(state, unit, path_hexes), []
    fog = options.fog_of_war
    planner = Mover(state, unit)
    planned = check_path(state, unit, path_hexes, planner)
    if not planned:
        return [], []
    real = Mover(state, unit, knowing=False) if fog else planner
    enemy_zoc = zoc_map(state, other_side(unit.side))
    known_zoc = planner.zoc
    seen_before = set(state.sightings[unit.side])
    firers = (
        gather_firers(state, other_side(unit.side), unit.hex, len(planned))
        if options.opportunity_fire
        else None
    )
    budget = mp_left_to_move(state, unit)
    start = unit.hex
    already = (unit.disrupted, unit.broken)  # a Disrupted unit may move [000 4.1]
    events: list[WalkEvent] = []
    entered: list[int] = []
    spent = 0.0
    stop: str | None = None
    cause = "opportunity fire"
    for step in planned:
        there = step.to_hex
        if fog and _enemy_in(state, unit, there):
            stop = "enemy units hold the next hex"
            break
        taken = real.step(step.from_hex, step.direction, spent)
        if isinstance(taken, str) or spent + taken.cost > budget + EPSILON:
            short = "too few movement points"
            if isinstance(taken, str) or cause == "opportunity fire":
                stop = "contact: " + (taken if isinstance(taken, str) else short)
            else:
                stop = f"{cause}: {short} left"
            break
        spent = min(budget, spent + taken.cost + taken.loss)
        apply_entries(state, [there], [step.edge] if taken.ferry else [])
        state.put(unit, there)
        mark_crossing(state, unit, step.from_hex, step.direction)
        entered.append(there)
        if taken.loss > 0 and there in state.minefields:  # a minefield attack [000 4.4]
            before_mines = (unit.disrupted, unit.broken)
            events += minefield_attack(state, unit, there, shallow=_shallow(state, there))
            if not unit.on_map:
                break
            if (unit.disrupted, unit.broken) != before_mines and stop is None:
                stop = f"{'broken' if unit.broken else 'disrupted'} by a minefield attack"
        if fog and enemy_zoc[there] and not known_zoc[there]:
            stop = "contact: an enemy zone of control"
        elif fog and _sees_new_enemy(state, unit, there, seen_before):
            stop = "contact: enemy units in sight"
        if deceivable and _deceived(state, unit, there):
            spent = budget  # "loss of remaining Movement Points" [000 4.3]
            events.append(Deceived(state.turn, unit.id, unit.side, state.board.offset(there)))
            stop = "deceived"
        if night and not unit.disrupted and not exempt_at_night(unit, taken.road):
            disrupted = roll_night_disruption(state, unit, there, night)  # [000 4.1]
            if disrupted is not None:
                events.append(disrupted)
                stop = "disrupted moving at night"
        events += opportunity_fire(state, unit, "moved", firers)
        before_air = (unit.disrupted, unit.broken)
        air_changed = False
        if interdicting and unit.on_map:
            struck, lost = interdict(state, unit, there)
            events += struck
            if any(isinstance(e, Interdicted) and e.unit == unit.id for e in struck):
                spent = min(budget, spent + lost)
                cause = "interdicted from the air"
                air_changed = (unit.disrupted, unit.broken) != before_air
        if not unit.on_map:
            break
        if stop is None and (air_changed or (unit.disrupted, unit.broken) != already):
            by = "air interdiction" if air_changed else "opportunity fire"
            stop = f"{'broken' if unit.broken else 'disrupted'} by {by}"
        if stop is not None:
            break
    if unit.on_map:
        end = _end_hex(state, unit, real, start, entered)
        if entered:
            finish_move(state, unit, spent, end, start)
        if stop is not None:
            where = state.board.offset(end)
            events.append(MoveStopped(state.turn, unit.id, unit.side, where, stop))
    return entered, events


def _shallow(state: GameState, hex_index: int) -> bool:
    """Whether the hex is Shallow Water, where mines are "only half as effective" [001 #26]."""
    board = state.board
    return board.legend[board.terrain_ids[board.terrain[hex_index]]].shallow_water


def _deceived(state: GameState, unit: UnitState, hex_index: int) -> bool:
    """One roll of the enemy's Deception Effect for a unit in Travel Mode entering a hex
    within reach of an enemy deception source; deceived, it is Disrupted [000 4.3]."""
    chance = effect_chance(state, unit.side, hex_index)
    if chance <= 0 or state.rng.randrange(100) >= chance:
        return False
    unit.disrupted = True
    return True


def _enemy_in(state: GameState, unit: UnitState, hex_index: int) -> bool:
    stack = state.stacks.get(hex_index)
    return stack is not None and bool(stack) and stack[0].side is not unit.side


def _sees_new_enemy(
    state: GameState, unit: UnitState, hex_index: int, seen_before: set[str]
) -> bool:
    """Whether a unit at `hex_index` sees an enemy unit its side had not seen, one in the open
    or concealing terrain it does not hide in [000 4.8]."""
    board = state.board
    for other in board.iter_within(hex_index, visibility(state)):
        for enemy in state.stacks.get(other, ()):
            if enemy.side is unit.side or enemy.id in seen_before:
                continue
            if conceals(state, enemy, other):
                continue
            if has_line_of_sight(board, hex_index, other, state.sight_walls):
                return True
    return False


def _end_hex(
    state: GameState, unit: UnitState, mover: Mover, start: int, entered: list[int]
) -> int:
    """Where a move that stopped ends: the last hex entered where the unit may end, back along
    the path (over-stacking [000 3.3]), or the start hex. Leaves the unit on the start hex."""
    if not entered:
        return start  # it never left: its place in the stack stays
    state.put(unit, start)
    for hex_index in reversed(entered):
        if hex_index == start or mover.end_problem(hex_index) is None:
            return hex_index
    return start

"""Minefields and rubble under engineers [000 7.2, 7.3]: clearing mines (and obstacles) by the
units standing in them, lanes for Travel Mode units, laying mines, clearing rubble.

Decisions, with their sections:

- [000 7.3] Clearing is automatic for a mine clearer standing in a minefield (not Disrupted,
  Broken, Digging-In, or in Travel or Rail Mode) unless its player stopped it with "Clear Mines
  or Rubble". At the start of each turn of its side it clears lanes in the hex and takes one
  strength point off the minefield: the manual says only that it "will reduce the minefield in
  strength until the minefield is removed" (a gap), one point a turn per hex, however many
  clearers stand there, is the stand-in. Obstacles are removed "in the same way" [000 4.4]:
  at the first such turn start.
- [000 7.3] Lanes hold while a clearer stays in the hex: a unit in Travel Mode then enters
  without a minefield attack, so without the S/3 movement point loss [000 4.4].
- [000 7.1] A Demolition unit loses 32 / its assault value (rounded with the chance of the
  fraction [000 12.0]) each time it removes a minefield or an obstacle.
- [000 7.3] Laying mines takes the layer's turn as Digging-In does (it may not have moved or
  fired); each later turn of its side rolls the Mine Prob x men/100.
- [000 7.2] Clearing rubble is started by the same order in an uncleared RUBBLE hex with no
  minefield, by a field engineer fit for work; each later turn rolls half the Digging-In %.
"""

from __future__ import annotations

from engine.panzer_campaigns.allowance import movement_allowance
from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.combat.assault_values import demolition_loss
from engine.panzer_campaigns.combat.results import probabilistic_round
from engine.panzer_campaigns.engineering import abilities
from engine.panzer_campaigns.engineering.chances import mine_laying_chance, rubble_chance
from engine.panzer_campaigns.engineering.events import MinesCleared, WorkStarted, WorkStopped
from engine.panzer_campaigns.engineering.works import Work, WorkKind
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.state_records import MinefieldState
from engine.panzer_campaigns.units import UnitState
from schemas.vocabulary import Condition, Side


def is_clearing(state: GameState, unit: UnitState) -> bool:
    """Whether the unit is clearing the minefield or obstacle it stands in [000 7.3]."""
    return (
        unit.on_map
        and abilities.clears_mines(unit)
        and (unit.hex in state.minefields or unit.hex in state.obstacles)
        and unit.id not in state.engineering.not_clearing
        and abilities.unfit(unit) is None
    )


def has_lanes(state: GameState, hex_index: int) -> bool:
    """Whether Travel Mode units enter this minefield without an attack: lanes were cleared
    and a clearer still stands in it [000 7.3]."""
    if hex_index not in state.engineering.lanes:
        return False
    return any(is_clearing(state, u) for u in state.units_at(hex_index))


def why_not_clear(state: GameState, unit: UnitState) -> str | None:
    """Why "Clear Mines or Rubble" does nothing for the unit now, or None [000 7.2, 7.3]."""
    mined = unit.hex in state.minefields or unit.hex in state.obstacles
    if mined:
        if not abilities.clears_mines(unit):
            return f"{unit.id} cannot clear mines (no Mine Clear) [000 7.3]"
        return None
    if state.rubble.get(unit.hex) is False:
        if not abilities.clears_rubble(unit):
            return f"{unit.id} cannot clear rubble [000 7.1]"
        work = state.engineering.works.get(unit.id)
        if work is not None and work.kind is WorkKind.CLEAR_RUBBLE:
            return None
        return abilities.unfit(unit)
    return "no minefield, obstacle or uncleared RUBBLE in its hex"


def toggle_clear(state: GameState, unit: UnitState) -> WorkStarted | WorkStopped:
    """Start or stop clearing mines (or rubble) in the unit's hex (check `why_not_clear`)."""
    eng = state.engineering
    where = state.board.offset(unit.hex)
    if unit.hex in state.minefields or unit.hex in state.obstacles:
        if unit.id in eng.not_clearing:
            eng.not_clearing.discard(unit.id)
            state.touch()
            return WorkStarted(state.turn, unit.side, unit.id, "clearing mines", where, 1.0)
        eng.not_clearing.add(unit.id)
        state.touch()
        return WorkStopped(state.turn, unit.side, unit.id, "clearing mines", "ordered to stop")
    work = eng.works.get(unit.id)
    if work is not None and work.kind is WorkKind.CLEAR_RUBBLE:
        del eng.works[unit.id]
        state.touch()
        return WorkStopped(state.turn, unit.side, unit.id, work.kind.label, "ordered to stop")
    eng.works[unit.id] = Work(WorkKind.CLEAR_RUBBLE, unit.hex)
    state.touch()
    label = WorkKind.CLEAR_RUBBLE.label
    return WorkStarted(state.turn, unit.side, unit.id, label, where, rubble_chance(state, unit))


def why_not_lay(state: GameState, unit: UnitState) -> str | None:
    """Why the unit may not start laying mines in its hex, or None [000 7.3]."""
    if not abilities.lays_mines(unit):
        return f"{unit.id} is no engineer able to lay mines [000 7.1]"
    if unit.hex in state.minefields:
        return "the hex already holds a minefield [000 7.3]"
    if unit.id in state.engineering.works:
        return f"{unit.id} is already at work: {state.engineering.works[unit.id].kind.label}"
    if state.weather.condition is Condition.FROZEN:
        return "no mines are laid while the conditions are Frozen [000 7.3]"
    return abilities.unfit(unit) or abilities.moved_or_fired(state, unit)


def start_lay(state: GameState, unit: UnitState) -> WorkStarted:
    """Start laying mines (check `why_not_lay` first); it takes the unit's turn."""
    unit.mp_spent = movement_allowance(state, unit)
    state.engineering.works[unit.id] = Work(WorkKind.LAY_MINES, unit.hex)
    state.touch()
    where = state.board.offset(unit.hex)
    chance = mine_laying_chance(state, unit)
    return WorkStarted(state.turn, unit.side, unit.id, WorkKind.LAY_MINES.label, where, chance)


def lay(state: GameState, unit: UnitState) -> str:
    """A successful laying roll: a strength-1 minefield of the unit's side [000 7.3]."""
    state.minefields[unit.hex] = MinefieldState(1, side=unit.side)
    state.touch()
    return "a strength-1 minefield laid"


def clear_rubble(state: GameState, unit: UnitState) -> str:
    """A successful rubble roll: RUBBLE becomes Rubble, open to road movement [000 7.2]."""
    state.rubble[unit.hex] = True
    state.touch()
    return "rubble cleared: road movement through it again"


def progress_clearing(state: GameState, side: Side) -> list[MinesCleared]:
    """The start-of-turn mine and obstacle clearing of `side`'s units [000 7.3]. Gap decided:
    the manual gives no rate ("reduce the minefield in strength until the minefield is
    removed"): one strength point per hex per turn, however many clearers stand there. Clearing
    starts "with the next turn" after the clearer entered: a clearer placed in a minefield by
    the scenario first clears at its side's second turn start, not the first."""
    events: list[MinesCleared] = []
    if player_turn_index(state) < 2:
        return events
    done: set[int] = set()
    for unit in state.iter_units(side):
        if unit.hex in done or not is_clearing(state, unit):
            continue
        hex_index = unit.hex
        done.add(hex_index)
        where = state.board.offset(hex_index)
        minefield = state.minefields.get(hex_index)
        removed = False
        if minefield is not None:
            state.engineering.lanes.add(hex_index)
            minefield.strength -= 1
            if minefield.strength <= 0:
                del state.minefields[hex_index]
                state.engineering.lanes.discard(hex_index)
                removed = True
            left = max(minefield.strength, 0)
        else:
            del state.obstacles[hex_index]
            removed, left = True, 0
        lost = 0
        if removed and unit.unit.demolition:
            lost = probabilistic_round(demolition_loss(unit.unit.assault), state.rng)
            unit.strength = max(0, unit.strength - lost)
        state.touch()
        events.append(MinesCleared(state.turn, side, unit.id, where, left, lost))
    return events


def busy_with_mines(state: GameState, unit: UnitState) -> str | None:
    """Why the unit may not fire or assault because of mine work, or None: "Units that are
    clearing mines cannot fire or assault", nor those laying them [000 7.3]."""
    if unit.hex in state.minefields and is_clearing(state, unit):
        return f"{unit.id} is clearing mines and cannot fire or assault [000 7.3]"
    work = state.engineering.works.get(unit.id)
    if work is not None and work.kind is WorkKind.LAY_MINES:
        return f"{unit.id} is laying mines and cannot fire or assault [000 7.3]"
    return None

"""Carrying out a move hex by hex [003 5.1]: each step's cost, the stream morale check, mines on
entering and leaving [003 8.2], opportunity fire at each hex entered [003 6.4.2], and where the
unit halts."""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.tactical_gamex import command, engineers, forts, mobile_fire, solitaire
from engine.tactical_gamex.chaos import drawing
from engine.tactical_gamex.combat import AttackSpec, apply_result, may_attack, resolve, wec_attack
from engine.tactical_gamex.events import (
    Attacked,
    BlockFireRolled,
    DefenderResult,
    EngineerWorked,
    MoraleChecked,
    QuickTimeRolled,
    UnitMoved,
)
from engine.tactical_gamex.interdiction import interdict
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.morale import morale_check
from engine.tactical_gamex.movement import IllegalOrder, moves_away, step, threats
from engine.tactical_gamex.state import TgxState, other
from engine.tactical_gamex.tables import COLUMNS, final_column
from engine.tactical_gamex.units import ENGINEER, FLAIL, Marker, StreamState, Unit, Weapon

Offset = tuple[int, int]
QUICK_TIME_MP = 1
"""Infantry Quick-Time adds one MP (optional rule 15) [003 15.0]."""
QUICK_TIME_FATIGUE = 4


def walk(
    state: TgxState,
    unit: Unit,
    path: Sequence[Offset],
    quick: bool = False,
    limit: float | None = None,
) -> list[object]:
    """Move `unit` along `path` (the hexes after its own); IllegalOrder, with nothing changed,
    when a step is forbidden or unpaid. Events may stop it short: a failed stream check, a
    mine or opportunity fire that disrupts it (decision: a unit disrupted on the way stops
    where it is, as 21.3 says of interdiction), or its elimination."""
    if unit.hex is None or not path:
        raise IllegalOrder(f"{unit.id} has nowhere to move")
    start = unit.hex
    _check_path(state, unit, path, quick, limit)
    events: list[object] = []
    allowance = _allowance(unit, quick, limit)
    spent = 0.0
    here = start
    walked: list[Offset] = []
    halted = ""
    road = False
    steady = not unit.disrupted
    hesitant: list[Unit] = []
    if solitaire.is_on(state):
        seen_by = solitaire.watchers(state, unit)
        if seen_by and not command.entering(state, unit):  # [003 23.1] hesitation, 22.2
            hesitation = morale_check(state, unit, "hesitation")
            events.append(hesitation)
            hesitant = [] if hesitation.passed else seen_by
    for index, to in enumerate(path):
        if hesitant and solitaire.closer(state, here, to, hesitant):
            halted = "hesitated: it may not move closer to the enemy in sight"
            break
        s = step(state, unit, here, to, start, quick=quick, spent=spent)
        cost = allowance - spent if s.all_mp else s.cost
        if s.stream_check:
            check: MoraleChecked = morale_check(state, unit, "entering a stream")
            events.append(check)
            if not check.passed:
                halted = "failed the morale check to enter the stream"
                break
        if state.counters.interdiction:
            events += interdict(state, unit, to)
            if unit.hex is None or (steady and unit.disrupted):
                halted = "interdiction fire before it spent its MP"
                break
        if here in state.counters.mines and not mine_proof(unit):
            events += mine_attack(state, unit, here)
            if unit.hex is None or (steady and unit.disrupted):
                halted = "a mine attack as it left the minefield"
                break
        spent += cost
        road = road or s.road
        _place(state, unit, to, s.down)
        walked.append(to)
        here = to
        if state.clearing and engineers.take_over(state, unit, to):  # [003 9.1]
            events.append(EngineerWorked(state.turn, unit.id, to, "inverted marker taken over"))
        if s.lays is not None:
            state.counters.laid_bridges.add(s.lays)  # [003 9.3] a bridge in the hex just left
            if unit.type.bridge_defense is not None:  # the DS printed on its marker
                state.counters.bridge_defense[s.lays] = unit.type.bridge_defense
            events.append(EngineerWorked(state.turn, unit.id, s.lays, "bridge laid"))
        if s.clears is not None and state.counters.mines.pop(s.clears, None) is not None:
            # [003 9.3] the flail's half MA removes the minefield at once
            events.append(EngineerWorked(state.turn, unit.id, s.clears, "minefield flailed"))
        if to in state.counters.mines and not mine_proof(unit):
            events += mine_attack(state, unit, to)
            if unit.hex is None or (steady and unit.disrupted):
                halted = "the minefield"
                break
        # [003 8.5] a Block hex: attacks go on until a die equals the attacks so far
        shots = 0 if to in state.counters.blocks else max(1, math.ceil(cost))
        events += opportunity_fire(state, unit, shots, to, quick)
        if unit.hex is None:
            halted = "eliminated"
            break
        if steady and unit.disrupted:
            halted = "disrupted by opportunity fire"
            break
        if s.halt:
            halted = s.halt
            break
        if index == 0 and spent > allowance:
            break
    unit.moved_mp += min(spent, allowance)
    if road or quick:
        unit.bonus_used = True  # [003 6.4.6] no Close Assault after a movement bonus
    if quick and unit.hex is not None:
        events += _quick_time_fatigue(state, unit)
    events.insert(0, UnitMoved(state.turn, unit.id, tuple(walked), min(spent, allowance), halted))
    return events


def _allowance(unit: Unit, quick: bool, limit: float | None) -> float:
    """The MP left for this move: one more at quick time, at most `limit` (mobile fire)."""
    allowance = unit.type.movement - unit.moved_mp + (QUICK_TIME_MP if quick else 0)
    return allowance if limit is None else min(allowance, limit)


def _check_path(
    state: TgxState,
    unit: Unit,
    path: Sequence[Offset],
    quick: bool = False,
    limit: float | None = None,
) -> None:
    """The whole path is legal as the board stands: every step allowed and paid for, a halt
    only at its end, a disrupted unit moving away [003 7.2]."""
    assert unit.hex is not None
    allowance = _allowance(unit, quick, limit)
    one_hex = unit.type.movement >= 1 and limit is None  # [003 5.1] the one hex any unit may move
    enemies = threats(state, unit) if unit.disrupted else []
    spent = 0.0
    here = unit.hex
    for index, to in enumerate(path):
        if enemies and not moves_away(state, here, to, enemies):
            raise IllegalOrder(f"{unit.id} is disrupted and may only move away from the enemy")
        s = step(state, unit, here, to, unit.hex, quick=quick, spent=spent)
        cost = allowance - spent if s.all_mp else s.cost
        if spent + cost > allowance + 1e-9 and not (index == 0 and one_hex):
            raise IllegalOrder(f"{unit.id} lacks the MP to enter {to}")
        spent += cost
        last = index == len(path) - 1
        if (s.halt or s.all_mp or spent > allowance + 1e-9) and not last:
            raise IllegalOrder(f"{unit.id} must stop at {to}")
        here = to


def _place(state: TgxState, unit: Unit, to: Offset, down: bool) -> None:
    forts.enter(state, unit, to)  # [003 8.4] into a fortification with room, out of one left
    unit.stream = StreamState.DOWN if down else None
    for passenger in state.units.values():  # an LVT carries two [003 10.1]
        if passenger.carrier == unit.id:
            passenger.hex = to
            passenger.transported = True


def mine_proof(unit: Unit) -> bool:
    """Engineers and flails are immune to mines [003 8.2]."""
    return unit.type.has(ENGINEER) or unit.type.has(FLAIL)


def mine_attack(state: TgxState, unit: Unit, hex_: Offset) -> list[object]:
    """A minefield attacks a unit on its strength's column, without modifiers [003 8.2]."""
    column = state.counters.mines[hex_]
    spec = AttackSpec("mine attack", (), hex_, (unit,), 0, 0, terrain=False)
    return _resolve_on_column(state, spec, column)


def _resolve_on_column(state: TgxState, spec: AttackSpec, column: int) -> list[object]:
    with drawing(state, other(spec.targets[0].side), spec.kind):  # [003 24.1] the mine's side
        roll = state.dice.d6()
    events: list[object] = []
    rows = []
    outcomes = []
    for target in spec.targets:
        result = state.tables.crt.result(column, roll)
        rows.append(DefenderResult(target.id, 0, result.value))
        outcomes.append((target, result))
    events.append(
        Attacked(state.turn, spec.kind, (), spec.hex, 0, 0, COLUMNS[column], roll, tuple(rows))
    )
    for target, result in outcomes:
        events += apply_result(state, target, result)
    return events


def _quick_time_fatigue(state: TgxState, unit: Unit) -> list[object]:
    """After a quick-time move a die of 4 or more disrupts the unit [003 15.2]."""
    with drawing(state, unit.side, "quick-time fatigue"):
        roll = state.dice.d6()
    tired = roll >= QUICK_TIME_FATIGUE
    if tired and not unit.disrupted:
        unit.disrupted = True
    return [QuickTimeRolled(state.turn, unit.id, roll, tired)]


def opportunity_fire(
    state: TgxState, mover: Unit, shots: int, hex_: Offset, quick: bool = False
) -> list[object]:
    """The enemy's units marked Opp Fire fire at a unit that entered `hex_`: as many as the MP
    it spent there (B.15 #8: half an MP on a road rounds up to one), each one alone, at the
    mover only, as direct fire from A and I weapons with sight of the hex [003 6.4.2]; into a
    Block hex (`shots` 0) after each attack a die equal to the attacks so far ends them, any
    other allows one more [003 8.5].

    The engine decides for the firing side, as Panzer Campaigns' automatic defensive fire
    does: the strongest eligible shooter first, each only at 1:3 or better. A unit entering an
    Improved Position gets no benefit from it [003 8.3]; infantry at quick time defends at
    half its DS [003 15.1].
    """
    events: list[object] = []
    if mover.hex is None:
        return events
    target_kind = mover.type.kind
    defense = mover.type.defense / 2 if quick else mover.type.defense
    candidates: list[tuple[float, Unit]] = []
    for shooter in state.iter_units():
        mobile = mobile_fire.ready(state, shooter)  # [003 18.3] free, at half strength (18.4)
        if shooter.side is mover.side:
            continue
        if not (mobile or solitaire.may_opportunity_fire(state, shooter)):
            continue
        if shooter.type.weapon not in (Weapon.A, Weapon.I) or may_attack(shooter):
            continue
        assert shooter.hex is not None
        distance = forts.fire_distance(state, shooter.hex, hex_)  # the garrison at its entrant
        strength = wec_attack(shooter.type, distance, target_kind) / (2 if mobile else 1)
        if strength <= 0 or not has_los(state, shooter.hex, hex_):
            continue
        if final_column(strength, defense) is None:
            continue
        candidates.append((strength, shooter))
    candidates.sort(key=lambda pair: -pair[0])
    block = shots == 0
    for count, (strength, shooter) in enumerate(candidates, 1):
        if mover.hex is None or (not block and count > shots):
            break
        spec = AttackSpec(
            "opportunity fire",
            (shooter,),
            hex_,
            (mover,),
            strength,
            defense,
            entering_ip=hex_ in state.counters.improved,
        )
        events += resolve(state, spec)
        shooter.marker = Marker.FIRED
        mobile_fire.attacked(state, [shooter])
        if block and mover.hex is not None:
            with drawing(state, shooter.side, "fire into a block"):
                roll = state.dice.d6()
            events.append(BlockFireRolled(state.turn, mover.id, count, roll, roll == count))
            if roll == count:
                break
    return events

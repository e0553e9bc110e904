"""Assaulting [000 6.0-6.3; 001 #22]: units from one or more adjacent hexes assault an enemy hex,
pay their movement points, and the two combat results are applied (defenders' and attackers'
losses through `engine.panzer_campaigns.combat.losses.apply_losses`); defenders all Disrupted or
Broken while an
attacker is neither are forced to retreat (`engine.panzer_campaigns.combat.assault_retreat`), and
attackers move
into a hex left empty, capturing supply units and objectives there.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.panzer_campaigns import objectives, spotting
from engine.panzer_campaigns.combat.activity import mark_active, player_turn_index
from engine.panzer_campaigns.combat.assault_preview import AssaultPreview, preview_assault
from engine.panzer_campaigns.combat.assault_retreat import CAPTURED_SHARE, Fate, plan_retreat
from engine.panzer_campaigns.combat.assault_targets import (
    AssaultTarget,
    target_towards,
    why_cannot_assault,
)
from engine.panzer_campaigns.combat.assault_values import demolition_loss
from engine.panzer_campaigns.combat.events import Assaulted, AssaultResolved, LossesTaken
from engine.panzer_campaigns.combat.fire_targets import HARD_FORTIFICATIONS, direction_towards
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.losses import apply_losses
from engine.panzer_campaigns.combat.results import probabilistic_round, resolve_casualties
from engine.panzer_campaigns.combat.riders import eliminate_riders
from engine.panzer_campaigns.events import ObjectiveCaptured
from engine.panzer_campaigns.hedgerow import mark_crossing
from engine.panzer_campaigns.movement import vacate
from engine.panzer_campaigns.movement_steps import IllegalMove
from engine.panzer_campaigns.phases import is_deserted
from engine.panzer_campaigns.stacking import over_stacking_on_arrival
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import Side

__all__ = ["AssaultPreview", "assault", "plan", "preview", "why_not"]

AssaultEvent = Assaulted | AssaultResolved | LossesTaken | ObjectiveCaptured


def defenders_in(state: GameState, hex_index: int, side_of_attackers: Side) -> list[UnitState]:
    """The enemy units in the defending hex; passengers do not defend, their carrier does (its
    external riders are eliminated [001 #23], others ride on)."""
    return [
        u
        for u in state.units_at(hex_index)
        if u.side is not side_of_attackers and u.carried_by is None
    ]


def plan(
    state: GameState, hex_index: int, attackers: Sequence[UnitState]
) -> tuple[list[AssaultTarget], list[UnitState]] | str:
    """Each attacker's `AssaultTarget` on `hex_index` and the defenders, or why the assault
    may not go in, naming the first unit refused [000 6.0, 6.1]."""
    if not attackers:
        return "an assault needs at least one attacking unit"
    if len({a.id for a in attackers}) != len(attackers):
        return "a unit joins an assault once"
    side = attackers[0].side
    if any(a.side is not side for a in attackers):
        return "the attackers of one assault are of one side"
    targets = []
    for unit in attackers:
        target = target_towards(state, unit, hex_index)
        if isinstance(target, str):
            return target
        targets.append(target)
    defenders = defenders_in(state, hex_index, side)
    if not defenders and not is_deserted(state, hex_index):
        return "no enemy unit holds the hex"
    return targets, defenders


def preview(
    state: GameState, hex_index: int, attackers: Sequence[UnitState]
) -> AssaultPreview | None:
    """What `attackers` assaulting `hex_index` would do now, or None when they may not."""
    planned = plan(state, hex_index, attackers)
    if isinstance(planned, str):
        return None
    targets, defenders = planned
    if not defenders:
        return None  # a Deserted Hex is taken without a fight [000 13.3]: nothing to preview
    return preview_assault(state, attackers, targets, defenders)


def why_not(state: GameState, unit: UnitState, hex_index: int | None = None) -> str | None:
    """Why `unit` may not assault (`hex_index`, or at all), as a player reads it; None when it
    may."""
    if hex_index is None:
        return why_cannot_assault(state, unit)
    target = target_towards(state, unit, hex_index)
    return target if isinstance(target, str) else None


def _share(units: Sequence[UnitState]) -> list[float]:
    total = sum(u.men_equivalent for u in units)
    return [u.men_equivalent / total if total else 0.0 for u in units]


def assault(state: GameState, hex_index: int, attackers: Sequence[UnitState]) -> list[AssaultEvent]:
    """`attackers` assault `hex_index` [000 6.3]: IllegalMove (nothing changed) when they may
    not.

    In order: each attacker pays its cost (2/3 of its allowance or the entry cost; an overrun
    only the entry cost [001 #22]), has seen action and counts as having moved for the
    refuelling test [000 10.2]; both sides are revealed to each other where seen; Fixed
    defenders are freed [000 4.6]. Demolition units against a bunker or pillbox lose
    32 / assault value [000 6.2]. The two combat results are drawn, defenders' first, and
    each side's casualty value is shared among its units by strength: the defenders' losses
    as usual, the attackers' with double fatigue and the assault disruption factor
    [000 6.3, 9.3]. Then, when every defender left is Disrupted or Broken and an attacker is
    neither, each defender meets its retreat fate (`plan_retreat`); a fortification its
    defenders could not leave is reduced [000 5.3]. A hex left with no defender is taken:
    enemy supply units there are captured at half strength [000 10.4], the attackers that are
    neither Disrupted nor Broken move in as far as stacking allows, the fort is reduced (held
    by the other side), and objectives change owner.

    Decisions: moving in costs nothing beyond the assault (its cost already covers the move
    into the hex); a defender eliminated by the losses has left the hex, so the retreat test
    reads those that remain; overrun defenders are eliminated, their strength reported as
    captured."""
    planned = plan(state, hex_index, attackers)
    if isinstance(planned, str):
        raise IllegalMove(planned)
    targets, defenders = planned
    if not defenders:
        return _take_deserted(state, hex_index, attackers)
    seen = preview_assault(state, attackers, targets, defenders)
    side = attackers[0].side
    offset = state.board.offset(hex_index)
    for unit, (_, cost) in zip(attackers, seen.mp_costs, strict=True):
        unit.mp_spent += cost
        unit.moved = True  # "if they move or assault" for the refuelling test [000 10.2]
        unit.assaulted = player_turn_index(state)
        mark_active(state, unit)
        spotting.reveal(state, unit)
    unfixed = []
    for defender in defenders:
        mark_active(state, defender)
        spotting.reveal(state, defender)
        if defender.fixed:  # "Units that are assaulted ... automatically become un-Fixed"
            defender.fixed = False
            unfixed.append(defender.id)
    state.touch()
    events: list[AssaultEvent] = [
        Assaulted(
            state.turn,
            side,
            offset,
            seen.attackers,
            seen.defenders,
            round(seen.value, 3),
            seen.attacker_modifier_pct,
            round(seen.defender_value, 3),
            seen.defender_modifier_pct,
            tuple(m.describe() for m in seen.attacker_modifiers)
            + tuple("defenders " + m.describe() for m in seen.defender_modifiers),
            seen.overrun,
            seen.unknown,
        )
    ]
    events += eliminate_riders(state, [*attackers, *defenders])
    if seen.overrun:
        return events + _overrun(state, hex_index, attackers, defenders, tuple(unfixed))
    demolition = _demolition(state, hex_index, attackers)
    on_defenders = resolve_casualties(
        state, seen.value, seen.attacker_modifier_pct, CombatKind.ASSAULT
    )
    on_attackers = resolve_casualties(
        state, seen.defender_value, seen.defender_modifier_pct, CombatKind.ASSAULT
    )
    for unit, share in zip(defenders, _share(defenders), strict=True):
        events.append(apply_losses(state, unit, on_defenders * share, CombatKind.ASSAULT))
    for unit, share in zip(attackers, _share(attackers), strict=True):
        if unit.on_map:
            events.append(
                apply_losses(
                    state,
                    unit,
                    on_attackers * share,
                    CombatKind.ASSAULT,
                    attacking=True,
                    disruption_factor=seen.disruption_factor,
                )
            )
    left = [d for d in defenders if d.on_map]
    sound = [a for a in attackers if a.on_map and not (a.disrupted or a.broken)]
    forced = bool(left) and bool(sound) and all(d.disrupted or d.broken for d in left)
    retreats: list[tuple[str, tuple[int, int]]] = []
    captured: list[tuple[str, int]] = []
    eliminated: list[str] = []
    stayed: list[str] = []
    supply_taken: list[str] = []
    if forced:
        attacker_hexes = tuple(sorted({a.hex for a in attackers}))
        for defender in left:
            fate = plan_retreat(state, defender, attacker_hexes)
            if defender.unit.supply_unit and fate.fate in (Fate.CAPTURED, Fate.ELIMINATED):
                continue  # taken with the hex below, if the hex is taken
            if fate.fate is Fate.TOWED_AT_RETREATS:
                lost = probabilistic_round(defender.strength * CAPTURED_SHARE, state.rng)
                captured.append((defender.id, lost))
                if objectives.apply_loss(state, defender, lost):
                    eliminated.append(defender.id)
                    continue
                defender.mode = Mode.TRAVEL
            if fate.hex is not None:
                _move(state, defender, fate.hex)
                retreats.append((defender.id, state.board.offset(fate.hex)))
            elif fate.fate is Fate.ELIMINATED:
                captured.append((defender.id, defender.strength))
                objectives.eliminate(state, defender)
                eliminated.append(defender.id)
            elif fate.fate is Fate.CAPTURED:
                lost = probabilistic_round(defender.strength * CAPTURED_SHARE, state.rng)
                captured.append((defender.id, lost))
                if objectives.apply_loss(state, defender, lost):
                    eliminated.append(defender.id)
                else:
                    stayed.append(defender.id)
            else:
                stayed.append(defender.id)
        if stayed and hex_index in state.fortifications:
            state.reduced_forts.add(hex_index)  # [000 5.3] lost an assault, could not retreat
    occupied: tuple[str, ...] = ()
    owners: list[ObjectiveCaptured] = []
    holding = [d for d in left if d.on_map and d.hex == hex_index and not d.unit.supply_unit]
    if sound and not holding:
        occupied, supply, owners = _take(state, hex_index, sound)
        supply_taken += supply
    result = "destroyed" if not left else "retreated" if forced or occupied else "held"
    events.append(
        AssaultResolved(
            state.turn,
            side,
            offset,
            result,
            tuple(retreats),
            tuple(captured),
            tuple(eliminated),
            tuple(stayed),
            occupied,
            tuple(supply_taken),
            demolition,
            tuple(unfixed),
        )
    )
    return events + owners


def _take_deserted(
    state: GameState, hex_index: int, attackers: Sequence[UnitState]
) -> list[AssaultEvent]:
    """Attackers assaulting a Deserted Hex "automatically take the hex without suffering any
    losses" [000 13.3]: no die is rolled; they pay nothing (no assault costs movement points
    under the rule [000 6.1]), count as having assaulted and seen action, and move in as far as
    stacking allows, taking its objectives. Decision: a Disrupted or Broken attacker cannot be
    one (`why_cannot_assault`), so every attacker may move in."""
    for unit in attackers:
        unit.moved = True
        unit.assaulted = player_turn_index(state)
        mark_active(state, unit)
    occupied, supply, owners = _take(state, hex_index, attackers)
    resolved = AssaultResolved(
        state.turn,
        attackers[0].side,
        state.board.offset(hex_index),
        "deserted",
        occupied_by=occupied,
        supply_captured=tuple(supply),
    )
    return [resolved, *owners]


def _overrun(
    state: GameState,
    hex_index: int,
    attackers: Sequence[UnitState],
    defenders: Sequence[UnitState],
    unfixed: tuple[str, ...],
) -> list[AssaultEvent]:
    """Defenders with Assault 0 are overrun [001 #22]: eliminated, their strength reported as
    captured, and the attackers take the hex (supply units there are captured instead
    [000 10.4])."""
    side = attackers[0].side
    overrun = [d for d in defenders if not d.unit.supply_unit]
    captured = tuple((d.id, d.strength) for d in overrun)
    for defender in overrun:
        objectives.eliminate(state, defender)
    occupied, supply, owners = _take(state, hex_index, attackers)
    resolved = AssaultResolved(
        state.turn,
        side,
        state.board.offset(hex_index),
        "overrun",
        captured=captured,
        eliminated=tuple(d.id for d in overrun),
        occupied_by=occupied,
        supply_captured=tuple(supply),
        unfixed=unfixed,
    )
    return [resolved, *owners]


def _demolition(
    state: GameState, hex_index: int, attackers: Sequence[UnitState]
) -> tuple[tuple[str, int], ...]:
    """Demolition units in an assault on a bunker or pillbox lose 32 / assault value
    [000 6.2], rounded probabilistically (digest 4.2 [INF])."""
    if state.fortifications.get(hex_index) not in HARD_FORTIFICATIONS:
        return ()
    found = []
    for unit in attackers:
        if unit.unit.demolition:
            lost = min(
                probabilistic_round(demolition_loss(unit.unit.assault), state.rng), unit.strength
            )
            objectives.apply_loss(state, unit, lost)
            found.append((unit.id, lost))
    return tuple(found)


def _move(state: GameState, unit: UnitState, there: int) -> None:
    """Move a unit one hex outside the movement rules (a retreat, an advance), keeping the
    sightings up to date."""
    spotting.sync(state)
    start = unit.hex
    unit.digging_in = False
    state.put(unit, there)
    vacate(state, start)
    spotting.after_move(state, unit, start, [there])


def _take(
    state: GameState, hex_index: int, attackers: Sequence[UnitState]
) -> tuple[tuple[str, ...], list[str], list[ObjectiveCaptured]]:
    """The attackers take an emptied hex: enemy supply units there are captured (half strength,
    the attackers' side) [000 10.4]; the attackers that are neither Disrupted nor Broken move
    in while stacking allows [000 3.3]; a fort there is reduced, held by the other side
    [000 5.3]; objectives change owner [000 3.4]."""
    if not attackers:
        return (), [], []
    side = attackers[0].side
    supply = []
    for unit in list(state.units_at(hex_index)):
        if unit.side is not side and unit.unit.supply_unit:
            lost = unit.strength - unit.strength // 2
            objectives.apply_loss(state, unit, lost)
            if unit.on_map:
                unit.side = side
                unit.organization = None
                unit.disrupted = unit.broken = False
                supply.append(unit.id)
    if any(u.side is not side for u in state.units_at(hex_index)):
        return (), supply, []
    moved = []
    for unit in attackers:
        if not unit.on_map or unit.disrupted or unit.broken:
            continue
        if over_stacking_on_arrival(state, unit, hex_index) is not None:
            continue
        # [001 "Hedge Row Rules"] vehicles assaulting across one "become Vulnerable if
        # successful": those that move into the hex they took
        mark_crossing(state, unit, unit.hex, direction_towards(state, unit.hex, hex_index))
        _move(state, unit, hex_index)
        moved.append(unit.id)
    if hex_index in state.fortifications and (moved or supply):
        state.reduced_forts.add(hex_index)
    state.touch()
    owners = objectives.update_owners(state, [(hex_index, side)]) if moved or supply else []
    return tuple(moved), supply, owners

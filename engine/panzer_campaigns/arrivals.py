"""Units coming and going on the scenario's schedule: withdrawals, reinforcements (by road or map
edge, amphibious, naval, parachute, glider, infiltration) with their Protection Values and
landing losses, the Releases that un-fix organizations, and Fixed units freed by being spotted
[000 3.3, 4.6, 4.7, 11.0].

The turn loop calls the three `process_*` functions and `free_spotted_units` at the start of
each player turn for the phasing side; each returns the events it caused. All chance goes
through `state.rng`.

Decision for every scheduled event: it belongs to the side of the first unit it names (or the
first unit under the first organization), acts on that side's player turn, and moves only that
side's units (the reference checks flag events mixing sides).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.panzer_campaigns.events import (
    ArrivalDelayed,
    Arrived,
    Event,
    FreedBySight,
    LandingLosses,
    ProtectionApplied,
    Released,
    Withdrew,
)
from engine.panzer_campaigns.movement_costs import is_enterable
from engine.panzer_campaigns.objectives import apply_loss, eliminate
from engine.panzer_campaigns.spotting import spotted_by
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState, UnitStatus
from engine.panzer_campaigns.weather import airborne_or_amphibious_arrivals_allowed
from schemas.panzer_campaigns.scenario import (
    ArrivalKind,
    Mode,
    Reinforcement,
    Release,
    ScheduledUnits,
)
from schemas.panzer_campaigns.scheduled import Scheduled
from schemas.vocabulary import Side

AIRBORNE = frozenset({ArrivalKind.PARACHUTE, ArrivalKind.GLIDER})
"""Kinds that drop in and take landing losses [000 4.7]."""
STORM_BOUND = frozenset({ArrivalKind.AMPHIBIOUS, ArrivalKind.PARACHUTE, ArrivalKind.GLIDER})
"""Kinds a storm keeps away: "Amphibious, airborne, and glider reinforcements are prohibited"
[000 11.0]."""
SCATTERING = AIRBORNE | {ArrivalKind.INFILTRATION}
"""Kinds whose arrival hex may scatter: airborne [000 4.7], and infiltration, which arrives in
"the hex they are determined to arrive in by placement or scatter" [000 4.7]."""

ENEMY_HEX_LOSS = 80
"""% lost landing in an enemy hex [000 4.7]."""
HAZARD_LOSS = 60
"""Most % lost landing in Marsh or Swamp, or by glider in rough, urban or wooded terrain."""
ORDINARY_LOSS = 20
"""Most % lost landing anywhere else [000 4.7]."""
SCATTER_LOSS_PER_HEX = 10
"""Extra % lost per hex of scatter [000 4.7]."""
MINEFIELD_LOSS_PER_FACTOR = 2
"""Extra % lost per factor of a minefield in the landing hex [000 4.7]."""


# --- withdrawals ----------------------------------------------------------------------------


def process_withdrawals(state: GameState, side: Side) -> list[Event]:
    """Remove the units of `side`'s withdrawals that are due: "removed from the map at the
    specified time" [000 4.7].

    A withdrawal happens once, at the first player turn of its side on or after its turn; named
    units that are not on the map then (not arrived yet, already eliminated) are skipped and
    stay in the game. Withdrawn units are not losses.
    """
    events: list[Event] = []
    for withdrawal in state.scenario.withdrawals:
        if withdrawal.id in state.withdrawn or not _is_due(state, withdrawal):
            continue
        units = _scheduled_units(state, withdrawal)
        if not units or units[0].side is not side:
            continue
        state.withdrawn.add(withdrawal.id)
        removed: list[str] = []
        left: list[tuple[int, int]] = []
        for unit in units:
            if unit.on_map:
                left.append(state.board.offset(unit.hex))
                state.remove(unit, UnitStatus.WITHDRAWN)
                removed.append(unit.id)
        if removed:
            events.append(Withdrew(state.turn, withdrawal.id, side, tuple(removed), tuple(left)))
    return events


# --- reinforcements -------------------------------------------------------------------------


def process_arrivals(state: GameState, side: Side) -> list[Event]:
    """Bring on `side`'s reinforcements that are due and have not arrived [000 3.3, 4.7].

    A reinforcement is due from its scheduled turn (or the turn in progress at its date and
    time) on; each player turn until it arrives it comes on with its `probability` (one roll of
    `state.rng`, none at 100%), in its `mode`, or is delayed with a reason (ArrivalDelayed):

    - a storm keeps amphibious, parachute and glider arrivals away [000 11.0];
    - an arrival hex off the map never takes units (the setup check flags it);
    - a road or map-edge, naval or amphibious arrival hex held by the enemy blocks the arrival
      unless the reinforcement has a Protection Value, which clears it (decision: the manual
      only says the Protection Value exists so "the opposing player [cannot] block those
      reinforcements by occupying the reinforcement hex" [000 4.7], so without one the
      reinforcement waits until the hex is free);
    - amphibious arrivals may stack to twice the Maximum Stacking Limit in the arrival hex
      [000 4.7]; decision: the reinforcement comes on whole or not at all, so one that would
      go over waits;
    - infiltration needs an empty hex (see `_infiltration_hex`).

    Other arrivals ignore stacking [000 4.7]. Units of a surrendered nation never arrive
    [000 3.4]. Arriving units get a fresh turn: no movement points spent. Decision on naval
    arrivals ("Ships at sea may 'appear at Dawn'" [000 4.7]): they keep to their schedule like
    the others, the designer scheduling them at dawn; storms do not stop them. Scatter applies
    to airborne and infiltration arrivals only.
    """
    events: list[Event] = []
    for reinforcement in state.scenario.reinforcements:
        if reinforcement.id in state.arrived or not _is_due(state, reinforcement):
            continue
        units = _scheduled_units(state, reinforcement)
        if not units or units[0].side is not side:
            continue
        waiting = [
            unit
            for unit in units
            if unit.status is UnitStatus.WAITING and unit.nation not in state.surrendered
        ]
        if waiting:
            events.extend(_arrive(state, reinforcement, waiting, side))
    return events


def _arrive(
    state: GameState, reinforcement: Reinforcement, units: list[UnitState], side: Side
) -> list[Event]:
    board, turn, kind = state.board, state.turn, reinforcement.kind

    def delayed(reason: str) -> list[Event]:
        return [ArrivalDelayed(turn, reinforcement.id, side, reason)]

    if not board.grid.contains(*reinforcement.hex):
        return delayed(f"arrival hex {list(reinforcement.hex)} is off the map")
    if kind in STORM_BOUND and not airborne_or_amphibious_arrivals_allowed(state.weather.storm):
        return delayed(f"storm: no {kind.value} arrivals [000 11.0]")
    chance = reinforcement.probability
    if chance < 100 and state.rng.randrange(100) >= chance:
        return delayed(f"did not come this turn ({chance}% chance each turn)")
    target = board.index(*reinforcement.hex)
    hex_index = target
    if kind in SCATTERING and reinforcement.scatter > 0:
        hex_index = state.rng.choice(list(board.iter_within(target, reinforcement.scatter)))
    if kind is ArrivalKind.INFILTRATION:
        found = _infiltration_hex(state, hex_index, units)
        if found is None:
            return delayed(f"no empty hex at or next to {list(board.offset(hex_index))}")
        hex_index = found
    elif kind not in AIRBORNE:
        if _is_enemy_hex(state, hex_index, side) and reinforcement.protection <= 0:
            return delayed(f"the enemy holds the arrival hex {list(board.offset(hex_index))}")
        if kind is ArrivalKind.AMPHIBIOUS:
            crowding = _amphibious_crowding(state, hex_index, units, side)
            if crowding is not None:
                return delayed(crowding)
    events: list[Event] = []
    events.extend(_apply_protection(state, reinforcement, hex_index, side))
    scattered = board.distance(target, hex_index)
    if kind in AIRBORNE:
        events.extend(_land(state, reinforcement, units, hex_index, scattered=scattered, side=side))
    else:
        _place(state, units, hex_index, reinforcement.mode)
        events.append(
            Arrived(
                turn,
                reinforcement.id,
                side,
                tuple(u.id for u in units),
                board.offset(hex_index),
                scattered,
            )
        )
    state.arrived.add(reinforcement.id)
    return events


def _place(state: GameState, units: Sequence[UnitState], hex_index: int, mode: Mode) -> None:
    for unit in units:
        unit.mode = mode
        unit.mp_spent = 0.0
        state.put(unit, hex_index)


def _is_enemy_hex(state: GameState, hex_index: int, side: Side) -> bool:
    holder = state.side_at(hex_index)
    return holder is not None and holder is not side


def _amphibious_crowding(
    state: GameState, hex_index: int, units: Sequence[UnitState], side: Side
) -> str | None:
    """Why an amphibious landing would over-stack its hex, or None: up to twice the Maximum
    Stacking Limit, counted in men-equivalents without Rail Mode units [000 3.3, 4.7]."""
    limits = state.parameters.stacking.max_stacking
    limit = 2 * (limits.allied if side is Side.ALLIED else limits.axis)
    present = sum(
        unit.men_equivalent
        for unit in state.units_at(hex_index)
        if unit.side is side and unit.mode is not Mode.RAIL
    )
    landing = sum(unit.men_equivalent for unit in units if unit.mode is not Mode.RAIL)
    if present + landing <= limit:
        return None
    return (
        f"{present + landing} men-equivalent would stand in the arrival hex, more than twice "
        f"the stacking limit ({limit}) [000 4.7]"
    )


def _infiltration_hex(state: GameState, hex_index: int, units: Sequence[UnitState]) -> int | None:
    """Where infiltrators come on: the first empty hex among the arrival (or scatter) hex and
    its neighbours, clockwise from Up; None when there is none ("it cannot arrive that turn")
    [000 4.7]. Decision: "valid" means empty of units of either side and a hex every
    arriving unit could stand on (`movement.is_enterable`)."""
    board = state.board
    candidates = [hex_index, *(board.neighbor(hex_index, d) for d in range(6))]
    for candidate in candidates:
        if candidate < 0 or state.units_at(candidate):
            continue
        if all(is_enterable(state, unit, candidate) for unit in units):
            return candidate
    return None


def _apply_protection(
    state: GameState, reinforcement: Reinforcement, hex_index: int, side: Side
) -> list[Event]:
    """The Protection Value [000 4.7]: "all enemy units within that distance from the arrival
    hex [...] become automatically Broken and any enemy units in the arrival hex [...]
    automatically eliminated, when the reinforcement arrives". Decisions: 0 (the default) means
    no protection; the centre is the hex the reinforcement actually comes on (after scatter);
    eliminated units count as losses for victory points."""
    distance = reinforcement.protection
    if distance <= 0:
        return []
    broken: list[str] = []
    eliminated: list[str] = []
    for near in state.board.iter_within(hex_index, distance):
        stack = state.stacks.get(near)
        if not stack or stack[0].side is side:
            continue
        for unit in list(stack):
            if near == hex_index:
                eliminate(state, unit)
                eliminated.append(unit.id)
            elif not unit.broken:
                unit.broken = True
                broken.append(unit.id)
    if not broken and not eliminated:
        return []
    state.touch()  # broken units lose their ZOC
    return [ProtectionApplied(state.turn, reinforcement.id, tuple(broken), tuple(eliminated))]


# --- airborne landings ----------------------------------------------------------------------


def _land(
    state: GameState,
    reinforcement: Reinforcement,
    units: Sequence[UnitState],
    hex_index: int,
    *,
    scattered: int,
    side: Side,
) -> list[Event]:
    """Drop an airborne reinforcement on `hex_index` and apply landing losses [000 4.7].

    The whole reinforcement scatters as one ("an airborne reinforcement landing 2 hexes from
    its intended location"); each unit then draws its own losses. Landing on an enemy hex costs
    80%, and the units move to an adjacent hex without enemy units, drawn at random, where only
    that hex's terrain losses apply (the scatter and minefield extras are for units that "do
    not land in enemy hexes"); with no such hex they are eliminated, since a hex never holds
    both sides (decision). See `landing_loss_percent` for the rest.
    """
    board, turn = state.board, state.turn
    in_enemy_hex = _is_enemy_hex(state, hex_index, side)
    where: int | None = hex_index
    if in_enemy_hex:
        refuges = [
            n
            for n in (board.neighbor(hex_index, d) for d in range(6))
            if n >= 0 and not _is_enemy_hex(state, n, side)
        ]
        where = state.rng.choice(refuges) if refuges else None
    shown = hex_index if where is None else where
    events: list[Event] = [
        Arrived(
            turn,
            reinforcement.id,
            side,
            tuple(u.id for u in units),
            board.offset(shown),
            scattered,
        )
    ]
    if where is None:
        for unit in units:
            lost = unit.strength
            eliminate(state, unit)
            events.append(LandingLosses(turn, unit.id, lost, eliminated=True))
        return events
    _place(state, units, where, reinforcement.mode)
    glider = reinforcement.kind is ArrivalKind.GLIDER
    minefield = state.minefields.get(hex_index)
    mines = minefield.strength if minefield is not None and not in_enemy_hex else 0
    for unit in units:
        percent = landing_loss_percent(
            state,
            where,
            glider=glider,
            in_enemy_hex=in_enemy_hex,
            scattered=0 if in_enemy_hex else scattered,
            minefield_strength=mines,
        )
        lost = min(unit.strength, _round_by_chance(state, unit.strength * percent / 100))
        eliminated = apply_loss(state, unit, lost)
        events.append(LandingLosses(turn, unit.id, lost, eliminated))
    return events


def landing_loss_percent(
    state: GameState,
    hex_index: int,
    *,
    glider: bool,
    in_enemy_hex: bool = False,
    scattered: int = 0,
    minefield_strength: int = 0,
) -> float:
    """The % of its strength an airborne unit loses landing in `hex_index` [000 4.7]: one draw
    of `state.rng` unless the terrain eliminates it.

    - Terrain flagged `landing_eliminates` (Water, Impassable): 100.
    - `airborne_hazard` (Marsh, Swamp), or `glider_hazard` for gliders: "up to 60%".
    - Otherwise "up to 20%".
    - Plus 10 per hex of scatter and 2 per minefield factor, capped at 100.

    Decision: "up to X%" is a uniform draw in [0, X]. A unit landing on an enemy hex loses 80%
    and then, in the hex it moves to (`hex_index` here, `in_enemy_hex` true), only the hazard
    of its terrain, taken from what is left (an eliminating terrain still eliminates): the
    "up to 20%" is for units "that do not suffer losses mentioned above".
    """
    terrain = state.board.legend[state.board.terrain_id(hex_index)]
    if terrain.landing_eliminates:
        return 100.0
    hazard = terrain.airborne_hazard or (glider and terrain.glider_hazard)
    if in_enemy_hex:
        left = 100 - ENEMY_HEX_LOSS
        extra = state.rng.uniform(0, HAZARD_LOSS) if hazard else 0.0
        return ENEMY_HEX_LOSS + left * extra / 100
    drawn = state.rng.uniform(0, HAZARD_LOSS if hazard else ORDINARY_LOSS)
    extra = SCATTER_LOSS_PER_HEX * scattered + MINEFIELD_LOSS_PER_FACTOR * minefield_strength
    return min(100.0, drawn + extra)


def _round_by_chance(state: GameState, amount: float) -> int:
    """`amount` rounded down, plus one with the chance of its fraction (3.7 -> 4 with 70%), as
    combat losses are [000 12.0]."""
    whole = int(amount)
    fraction = amount - whole
    return whole + 1 if fraction > 0 and state.rng.random() < fraction else whole


# --- releases -------------------------------------------------------------------------------


def free_spotted_units(state: GameState, side: Side) -> list[Event]:
    """Un-fix `side`'s Fixed units the enemy sees: "Units that are assaulted or Spotted
    automatically become un-Fixed" [000 4.6]. Decision: seen at all counts (in detail or as
    Unknown, as for releases below), checked at the start of the unit's player turn, the first
    moment being un-Fixed matters."""
    seen = spotted_by(state, other_side(side))
    freed = [u.id for u in state.iter_units(side) if u.fixed and u.id in seen]
    for unit_id in freed:
        state.units[unit_id].fixed = False
    if not freed:
        return []
    state.touch()
    return [FreedBySight(state.turn, side, tuple(freed))]


def process_releases(state: GameState, side: Side) -> list[Event]:
    """Un-fix every unit of `side`'s organizations whose Release happens this turn [000 4.6].

    A Release is due from its turn on and then happens with its `probability` each player
    turn (one roll of `state.rng`, none at 100%), or, `daily`, once a day: the games' release
    dialog rolls "per turn or per day" (the manual only says "at a certain time"). Decision: a
    daily release rolls on its scheduled turn, so a designer's time is never silently put off
    to the next day, and then on each midnight turn [000 9.1's "midnight turn", as supply
    variations roll once a day [000 10.2]]. One with `on_spotted` also happens, at any
    time, as soon as one of the organization's units on the map is spotted ("if any unit in
    such an organization becomes Spotted, then the Release may be automatically triggered").
    Decision: a unit counts as spotted when the enemy sees it at all, in detail or as Unknown
    (`engine.panzer_campaigns.spotting`: line of sight within the turn's visibility, concealment) -
    "being in
    the enemy's line-of-sight can trigger the release of a Fixed unit" [000 4.8]; it is checked
    at the start of the organization's player turn, which is the first moment a release can
    matter.
    """
    events: list[Event] = []
    seen = spotted_by(state, other_side(side))
    for release in state.scenario.releases:
        if release.id in state.released:
            continue
        if state.oob_index.side_of(release.organization) is not side:
            continue
        due = _is_due(state, release)
        members = [
            state.units[unit_id]
            for unit_id in state.oob_index.iter_units_under(release.organization)
            if unit_id in state.units
        ]
        reason = None
        if due and release.probability >= 100:
            reason = "scheduled"
        elif release.on_spotted and any(unit.on_map and unit.id in seen for unit in members):
            reason = "spotted"
        rolls = due and (not release.daily or _rolls_today(state, release))
        if reason is None and rolls and state.rng.randrange(100) < release.probability:
            reason = "chance"
        if reason is None:
            continue
        state.released.add(release.id)
        freed = []
        for unit in members:
            if unit.fixed:
                unit.fixed = False
                freed.append(unit.id)
        events.append(Released(state.turn, release.id, release.organization, tuple(freed), reason))
    return events


# --- shared helpers -------------------------------------------------------------------------


def _rolls_today(state: GameState, release: Release) -> bool:
    """Whether a daily release rolls this turn: its scheduled turn or a midnight turn."""
    return state.turn == state.turn_of(release) or state.clock.is_midnight_turn(state.turn)


def _is_due(state: GameState, event: Scheduled) -> bool:
    turn = state.turn_of(event)
    return turn is not None and turn <= state.turn


def _scheduled_units(state: GameState, event: ScheduledUnits) -> list[UnitState]:
    """The units of a scheduled event that are in the game, once each, of the side of the
    first of them."""
    seen: set[str] = set()
    units: list[UnitState] = []
    for unit_id in state.iter_scheduled_units(event.units, event.organizations):
        unit = state.units.get(unit_id)
        if unit is None or unit_id in seen:
            continue
        seen.add(unit_id)
        if not units or unit.side is units[0].side:
            units.append(unit)
    return units

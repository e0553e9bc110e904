"""Artillery Setup and Stockpiling [000 10.3]: artillery that moved or arrived must set up
before it fires indirectly, and idle artillery may become Stockpiled, firing harder and
testing supply at 75 %. `engine.panzer_campaigns.movement.finish_move` notes moves; the start of a
side's turn
rolls (`start_of_turn`); `engine.panzer_campaigns.combat.ammunition` applies the 75 %."""

from __future__ import annotations

from collections.abc import Iterable

from engine.panzer_campaigns.allowance import needs_travel_mode_to_move
from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.combat.events import ArtilleryReadied
from engine.panzer_campaigns.stacking import per_side
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import ArtilleryKind, Component, UnitClass
from schemas.panzer_campaigns.scenario import DayPhase, Mode
from schemas.vocabulary import OptionalRule, Side

NO_SETUP = 100  # [000 10.3] "If the side has the Parameter set to 100%, then there is no setup"
SP_EXEMPT_FROM = 90  # "at least 90%, then Self-Propelled artillery units are not affected"
STOCKPILED_SUPPLY_SHARE = 0.75  # "uses a supply value that is 75% of normal"
_NOT_ARTILLERY = {UnitClass.ANTI_TANK, UnitClass.ANTI_AIRCRAFT, UnitClass.HEAVY_ANTI_AIRCRAFT}


def setup_value(state: GameState, side: Side) -> int:
    """The side's Artillery Setup value in %; 100 (no setup) without the optional rule."""
    if not state.is_rule_on(OptionalRule.ARTILLERY_SETUP):
        return NO_SETUP
    return per_side(state.parameters.combat.artillery_setup, side)


def is_self_propelled(unit: UnitState) -> bool:
    """Self-Propelled artillery: an indirect-fire unit whose strength counts vehicles.
    Decision [000 10.3]: the manual names Self-Propelled artillery without a flag for it; the
    OOB's component is the one that tells a gun on its own tracks or wheels from a towed one."""
    return unit.unit.component is Component.VEHICLES and not unit.unit.towed


def needs_setup(state: GameState, unit: UnitState) -> bool:
    """Whether moving leaves `unit` Setup Required [000 10.3]: artillery able to fire
    indirectly, not anti-tank or anti-aircraft guns, when its side's value is below 100, and
    not Self-Propelled when the value is at least 90."""
    if not unit.unit.indirect_fire or unit.unit.unit_class in _NOT_ARTILLERY:
        return False
    value = setup_value(state, unit.side)
    if value >= NO_SETUP:
        return False
    return not (value >= SP_EXEMPT_FROM and is_self_propelled(unit))


def setup_chance(state: GameState, unit: UnitState) -> float:
    """The chance, as a fraction, that artillery setting up becomes available at the start of
    its side's turn: the Artillery Setup value, half for Siege Guns [000 10.3]."""
    value = setup_value(state, unit.side) / 100
    siege = (
        unit.unit.artillery_kind is ArtilleryKind.SIEGE_GUN
        or unit.unit.unit_class is UnitClass.SIEGE_GUN
    )
    return value / 2 if siege else value


def note_moved(state: GameState, unit: UnitState) -> None:
    """A unit entered a hex: Stockpiled artillery loses that status ("if it moves, including by
    rail"), and artillery needing setup is Setup Required "as soon as [it] moves" [000 10.3]."""
    if not unit.unit.indirect_fire:
        return
    unit.stockpiled = False
    if needs_setup(state, unit):
        unit.setup_required = True


def stockpiled_supply_value(unit: UnitState, value: float) -> float:
    """The supply value a unit's test uses: 75 % of `value` while Stockpiled [000 10.3]."""
    return value * STOCKPILED_SUPPLY_SHARE if unit.stockpiled else value


def stockpiled_fire_factor(state: GameState, unit: UnitState) -> float | None:
    """The Stockpiled Fire multiplier of a Stockpiled unit's fire, None when it does not apply.
    Decision [000 10.3]: "the fire value of Stockpiled units" is modified, so every fire of the
    unit, direct fire too, takes it."""
    if not unit.stockpiled:
        return None
    percent = state.parameters.combat.stockpiled_fire
    return None if percent == 100 else percent / 100


def start_of_turn(
    state: GameState, side: Side, arrived: Iterable[str] = ()
) -> ArtilleryReadied | None:
    """Setup and Stockpiling at the start of `side`'s player turn [000 10.3]:

    - artillery arriving now, and on the side's first turn artillery starting in Travel or Rail
      Mode, is "deemed to have moved": Setup Required, with no roll this turn;
    - artillery Setup Required that neither moved nor fired in its side's previous turn ("at the
      beginning of the next turn after a unit does not move or fire") becomes available when a
      percentage roll is at most the setup chance; towed artillery in Travel Mode does not set
      up, nor do Siege Guns, which move only in Travel Mode as towed guns do [000 4.1];
    - by day, artillery that did not move or fire, is not Disrupted, Broken, Unavailable or
      Setup Required becomes Stockpiled with the side's Stockpiling chance.

    Decisions [000 10.3]: the "minimum one-turn delay" is the turn without moving the manual
    asks for before the first roll, so a unit that stops moving rolls at the start of its
    side's second turn after; a unit still Setup Required is not "in position" and does not
    stockpile; "Day turns" are every turn that is not a Night turn (the manual sets Day against
    Night, as for Disrupted movement [000 4.1]), so dawn and dusk stockpile too. Panzer Battles
    has "No Stockpiling during scenario" [001 1.1 #7].
    """
    rng = state.rng
    now = player_turn_index(state)
    for unit_id in arrived:
        unit = state.units[unit_id]
        if unit.on_map and needs_setup(state, unit):
            unit.setup_required = True
    marked = set(arrived)
    if now < 2:
        for unit in state.iter_units(side):
            if unit.mode in (Mode.TRAVEL, Mode.RAIL) and needs_setup(state, unit):
                unit.setup_required = True
                marked.add(unit.id)
    stockpile = per_side(state.parameters.combat.stockpiling, side) / 100
    if not state.profile.stockpiling_in_play:
        stockpile = 0.0  # [001 1.1 #7] "No Stockpiling during scenario"
    by_day = state.clock.phase_of(state.turn) is not DayPhase.NIGHT
    set_up: list[str] = []
    stockpiled: list[str] = []
    for unit in state.iter_units(side):
        if not unit.unit.indirect_fire or unit.id in marked:
            continue
        idle = unit.moved_in < now - 2 and unit.fired < now - 2
        if unit.setup_required:
            if not idle or (needs_travel_mode_to_move(unit) and unit.mode is Mode.TRAVEL):
                continue
            if not needs_setup(state, unit) or rng.random() < setup_chance(state, unit):
                unit.setup_required = False
                set_up.append(unit.id)
            continue
        if (
            stockpile > 0
            and by_day
            and idle
            and not unit.stockpiled
            and not (unit.disrupted or unit.broken or unit.unavailable)
            and rng.random() < stockpile
        ):
            unit.stockpiled = True
            stockpiled.append(unit.id)
    if not (set_up or stockpiled):
        return None
    state.touch(*(state.units[unit_id] for unit_id in (*set_up, *stockpiled)))
    return ArtilleryReadied(state.turn, side, tuple(set_up), tuple(stockpiled))

"""The start-of-player-turn command and logistics steps [000 9.1, 9.2, 10.2]: the Command Test,
recovery from Disrupted and Broken, resupply of Low on Ammo units and the refuelling tests.

`start_of_turn_logistics` runs them in the order of the digest's proposed engine (section 1.3):
Command Test first, since the three others ask whether a unit's HQ is Out of Command, then
disruption recovery, ammunition, fuel. Every random draw comes from `state.rng`, units are
walked in scenario order (`state.iter_units`), so a seed always gives the same log.

>>> disruption_recovery_probability(3, 1.0)  # [000 9.1] "D=3 ... a 50% chance"
0.5
>>> disruption_recovery_probability(6, 0.4)  # C=8, R=12: 2/5 + 3/5 x 1/2 continue
0.7
"""

from __future__ import annotations

from engine.panzer_campaigns.combat import morale as combat_morale
from engine.panzer_campaigns.command import (
    command_test,
    is_detached,
    is_within_command_radius,
    modified_command_range,
    range_test_probability,
)
from engine.panzer_campaigns.events import (
    AmmoChanged,
    CommandChanged,
    Event,
    FuelChanged,
    Recovered,
)
from engine.panzer_campaigns.explicit_supply import is_explicit, resupply
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.supply import local_supply
from engine.panzer_campaigns.units import UnitState
from schemas.vocabulary import MovementClass, Quality, Side

CONTINUE_AFTER_FAILED_RANGE_TEST = 0.5
""""If the unit fails its range test, then 50% of the time it too moves to the morale test"
[000 9.1]."""

WITHOUT_HQ_FACTOR = 0.5
"""An HQ Out of Command or gone: "1/2 the probably of the recovery based solely on the Unit
Morale check" [000 9.1]."""

FUEL_EXEMPT_CLASSES = frozenset(
    {
        MovementClass.FOOT,
        MovementClass.SKI,
        MovementClass.BICYCLE,
        MovementClass.HORSE,
        MovementClass.NAVAL,
        MovementClass.RAIL,
    }
)
"""Classes that never run Low on Fuel: "All non-Headquarters units other than Foot, Ski,
Bicycle, Horse, Naval, and Rail units" [000 10.2]."""


# --- who is subject to what -----------------------------------------------------------------


def uses_fuel(unit: UnitState) -> bool:
    """Whether a unit can run Low on Fuel [000 10.2]: not an HQ, not of the Foot, Ski, Bicycle,
    Horse, Naval or Rail class, not irregular ("Irregular units never suffer Low Ammo or Low
    Fuel" [000 4.2]). Decision: units flagged naval or rail, whatever their movement class, and
    air units (which do not move on the map) are exempt too."""
    model = unit.unit
    return not (
        unit.is_hq
        or model.movement_class in FUEL_EXEMPT_CLASSES
        or model.irregular
        or model.naval
        or model.rail_unit
        or model.air is not None
    )


def uses_ammo(unit: UnitState) -> bool:
    """Whether a unit can be Low on Ammo: partisans "are never … Low Ammo" and irregulars
    "never suffer Low Ammo" [000 4.2]."""
    return not (unit.unit.partisan or unit.unit.irregular)


def hq_in_command(state: GameState, unit: UnitState) -> UnitState | None:
    """The unit's HQ (`GameState.hq_of`) if it is on the map and not Out of Command, the
    condition of every HQ test in [000 9.1, 10.2]; None otherwise."""
    hq = state.hq_of(unit)
    if hq is None or hq.id in state.out_of_command:
        return None
    return hq


# --- the Command Test [000 9.1] -------------------------------------------------------------


def run_command_test(state: GameState, side: Side) -> CommandChanged | None:
    """The Command Test of `side`'s HQs, top-down [000 9.1]
    (`engine.panzer_campaigns.command.command_test` rolls
    it), kept in `state.out_of_command`. Reports the HQs whose status changed; HQs that left the
    map leave the set silently. Every HQ starts the game In Command."""
    results = command_test(state, side)
    before = state.out_of_command
    others = {hq for hq in before if (unit := state.units.get(hq)) and unit.side is not side}
    now = {hq for hq, passed in results.items() if not passed}
    state.out_of_command = others | now
    out = tuple(hq for hq in results if hq in now and hq not in before)
    back = tuple(hq for hq in results if hq not in now and hq in before)
    if not out and not back:
        return None
    return CommandChanged(state.turn, side, out, back)


# --- morale and disruption recovery [000 9.1, 9.2] ------------------------------------------


def is_fragile(state: GameState, unit: UnitState) -> bool:
    """Whether the unit's nation has Fragile Morale and the unit is not Quality A or B: "these
    effects do not apply to A and B quality units" [000 9.1]."""
    entry = state.oob_index.nations.get(unit.nation)
    return (
        entry is not None
        and entry.nation.fragile_morale
        and unit.unit.quality not in (Quality.A, Quality.B)
    )


def recovery_morale(state: GameState, unit: UnitState) -> int:
    """The Morale a Disrupted or Broken unit recovers with [000 9.1, 9.2]: the combat Morale
    (`engine.panzer_campaigns.combat.morale.morale`: Quality A=6 … F=1, less fatigue, 1 when Low on
    Ammo or
    Fuel, 1 for being Disrupted or Broken, 1 when Isolated) without the Disrupted/Broken 1 for
    Morale-F units, less 1 when Detached (2 for a non-A/B unit of a Fragile Morale nation). May
    be 0 or less ("No Morale").

    Decisions:
    - The Disrupted/Broken -1 applies: [000 9.2] lists it and exempts only Morale-F units "when
      they are attempting to recover", which means the others keep it then. The [000 9.1]
      example ("if the Morale of the unit were a D, and D=3, then there would only be a 50%
      chance") speaks of the Morale *value*, which [9.1] defines as "based on its Quality and
      all applicable modifiers": a Disrupted C-quality unit (4 - 1 = 3) has it, a Disrupted
      D-quality unit recovers with 2 (2 in 6).
    - Low Ammo and Low Fuel together cost 1, as the manual's single line "Low on Ammo or
      Fuel" reads.
    - Isolated is `unit.isolated` as the start-of-turn supply step set it ("Units that begin
      the turn Isolated").
    """
    value = combat_morale.morale(state, unit)
    if (unit.disrupted or unit.broken) and unit.unit.quality is Quality.F:
        value += 1  # "Morale F units do not have this modifier when they are attempting to recover"
    if is_detached(state, unit):
        value -= 2 if is_fragile(state, unit) else 1
    return value


def morale_test_probability(morale: int) -> float:
    """P(d6 <= Morale) [000 9.2].

    >>> [morale_test_probability(m) for m in (0, 3, 7)]
    [0.0, 0.5, 1.0]
    """
    return min(max(morale, 0), 6) / 6


def disruption_recovery_probability(morale: int, range_probability: float | None) -> float:
    """The chance a Disrupted or Broken unit recovers one step [000 9.1]. `range_probability`
    is C/(C+R) for an HQ In Command, None for an HQ Out of Command or gone:
    [C/(C+R) + (1 - C/(C+R)) x 1/2] x P(d6 <= M), or 1/2 x P(d6 <= M) without an HQ.

    >>> disruption_recovery_probability(3, None)
    0.25
    """
    morale_chance = morale_test_probability(morale)
    if range_probability is None:
        return WITHOUT_HQ_FACTOR * morale_chance
    reach = range_probability + (1 - range_probability) * CONTINUE_AFTER_FAILED_RANGE_TEST
    return reach * morale_chance


def can_recover(state: GameState, unit: UnitState) -> bool:
    """Whether a Disrupted or Broken unit may try to recover: "Broken units at Maximum Fatigue
    cannot recover" [000 9.1]."""
    if unit.broken:
        return unit.fatigue < state.profile.fatigue_max
    return unit.disrupted


def _recovery_range_probability(state: GameState, unit: UnitState) -> float | None:
    hq = hq_in_command(state, unit)
    if hq is None:
        return None
    return range_test_probability(
        modified_command_range(hq), state.board.distance(unit.hex, hq.hex)
    )


def recover_disruption(state: GameState, side: Side) -> Recovered | None:
    """Disruption recovery of `side`'s units [000 9.1]: with an HQ In Command, the range test
    `random() < C/(C+R)` (C the HQ's Modified Command Range, R the distance); failing it,
    `random() < 1/2` lets the unit go on; then the morale test `d6 <= recovery_morale`. Without
    an HQ, or with one Out of Command, `random() < 1/2` then the morale test, which gives "1/2
    the probably of the recovery based solely on the Unit Morale check". Passing makes a
    Disrupted unit normal and a Broken one Disrupted (one step per turn).

    Decisions: a unit that is both Broken and Disrupted steps down to Disrupted; every unit's
    morale and range test are taken as the turn starts, before any unit (an HQ among them)
    recovers.
    """
    rng = state.rng
    tests = [
        (unit, recovery_morale(state, unit), _recovery_range_probability(state, unit))
        for unit in state.iter_units(side)
        if can_recover(state, unit)
    ]
    rallied: list[str] = []
    broken_to_disrupted: list[str] = []
    for unit, morale, range_chance in tests:
        if range_chance is None:
            goes_on = rng.random() < WITHOUT_HQ_FACTOR
        else:
            goes_on = rng.random() < range_chance or rng.random() < CONTINUE_AFTER_FAILED_RANGE_TEST
        if not goes_on or rng.randint(1, 6) > morale:
            continue
        if unit.broken:
            unit.broken = False
            unit.disrupted = True
            broken_to_disrupted.append(unit.id)
        else:
            unit.disrupted = False
            rallied.append(unit.id)
    if not rallied and not broken_to_disrupted:
        return None
    state.touch()  # ZOC and command ranges change with these states
    return Recovered(state.turn, side, tuple(rallied), tuple(broken_to_disrupted))


# --- ammunition [000 10.2] ------------------------------------------------------------------


def resupply_ammo(state: GameState, side: Side) -> AmmoChanged | None:
    """Each turn, a Low on Ammo unit of `side` is resupplied when "only the range test" passes
    [000 10.2]: its HQ is not Out of Command and `random() < C/(C+R)`, C the HQ's Modified
    Command Range (digest 6.6: [9.1] says the modified value "is then used in the
    determination of command and recovery"), R the distance. Isolated units never recover.

    Units run Low on Ammo by firing (`engine.panzer_campaigns.combat.ammunition`). Decision: a
    partisan
    or irregular unit the scenario placed Low on Ammo is resupplied at once, since they "never
    suffer Low Ammo" [000 4.2].
    """
    rng = state.rng
    resupplied: list[str] = []
    for unit in state.iter_units(side):
        if not unit.low_ammo:
            continue
        if not uses_ammo(unit):
            passed = True
        elif unit.isolated:
            continue
        else:
            hq = hq_in_command(state, unit)
            passed = hq is not None and rng.random() < range_test_probability(
                modified_command_range(hq), state.board.distance(unit.hex, hq.hex)
            )
        if passed:
            unit.low_ammo = False
            resupplied.append(unit.id)
    if not resupplied:
        return None
    return AmmoChanged(state.turn, side, tuple(resupplied))


# --- fuel [000 10.2] ------------------------------------------------------------------------


def passes_fuel_range_test(state: GameState, unit: UnitState) -> bool:
    """The refuelling "modified range test" [000 10.2]: "The HQ of the unit is not Out of
    Command, and The distance from the unit to the HQ is within the Command Radius of the HQ".

    Decisions: the radius is the HQ's Modified Command Range, the value [000 9.1] says "is then
    used in the determination of command and recovery" and the one the Command Range shade
    shows (a Disrupted HQ halves it, Travel Mode takes a quarter off); a Broken HQ, whose range
    is 0, refuels nobody, not even units in its own hex, as its range test C/(C+R) never
    passes either.
    """
    hq = hq_in_command(state, unit)
    if hq is None:
        return False
    command_range = modified_command_range(hq)
    return command_range > 0 and is_within_command_radius(
        command_range, state.board.distance(unit.hex, hq.hex)
    )


def refuel(state: GameState, side: Side) -> FuelChanged | None:
    """The refuelling tests of `side`'s units [000 10.2].

    On the midnight turn (`TurnClock.is_midnight_turn`), the Refueling Test for every
    fuel-using unit (`uses_fuel`) that moved since the last one or is Low on Fuel: Isolated ->
    Low on Fuel; else `random() x 100 < LSV` (`SupplyMap.unit_value`) -> fuel; else
    `passes_fuel_range_test` -> fuel; else Low on Fuel. Then every unit of the side starts a
    new day unmoved. On other turns a Low on Fuel unit that is not Isolated refuels when it
    passes the range test and `random() x 100 < Refuel Percentage` (Parameter Data): per turn
    P = Refuel% x [HQ In Command and within range] [000 10.5 Examples 2-4].

    Decisions: "Units … that move while Isolated will automatically become Low Fuel on the
    following midnight turn" is read with the isolation at the test, since the engine keeps
    no record of where a unit moved; a Low on Fuel unit that did not move takes the full test
    at midnight too (the manual: "At the beginning of the next midnight turn another Refueling
    Test is performed"); an irregular placed Low on Fuel refuels at once [000 4.2].

    Under Explicit Supply [000 10.4] the midnight test only decides whether a unit that moved
    runs low (with the value 80, `SupplyMap.unit_value`): a unit already Low on Fuel waits for
    a supply unit (`engine.panzer_campaigns.explicit_supply.resupply`), and the per-turn Refuel
    Percentage
    test through the HQ does not apply, since "resupply in the game is determined by actual
    Supply Units".
    """
    rng = state.rng
    explicit = is_explicit(state)
    midnight = state.clock.is_midnight_turn(state.turn)
    supply = local_supply(state, side) if midnight else None
    refuel_percent = state.parameters.supply.refuel
    ran_low: list[str] = []
    refuelled: list[str] = []
    for unit in state.iter_units(side):
        if not uses_fuel(unit):
            if unit.low_fuel and unit.unit.irregular:
                unit.low_fuel = False
                refuelled.append(unit.id)
            continue
        if supply is not None:
            if not (unit.moved or unit.low_fuel) or (explicit and unit.low_fuel):
                continue
            has_fuel = not unit.isolated and (
                rng.random() * 100 < supply.unit_value(unit) or passes_fuel_range_test(state, unit)
            )
        elif (
            unit.low_fuel
            and not explicit
            and not unit.isolated
            and passes_fuel_range_test(state, unit)
        ):
            has_fuel = rng.random() * 100 < refuel_percent
        else:
            continue
        if has_fuel == unit.low_fuel:
            (refuelled if has_fuel else ran_low).append(unit.id)
            unit.low_fuel = not has_fuel
    if midnight:
        for unit in state.iter_units(side):
            unit.moved = False
    if not ran_low and not refuelled:
        return None
    return FuelChanged(state.turn, side, tuple(ran_low), tuple(refuelled))


# --- all of it ------------------------------------------------------------------------------


def start_of_turn_logistics(state: GameState, side: Side) -> list[Event]:
    """The Command Test, disruption recovery, ammunition and fuel steps of `side`'s player
    turn, in that order (digest 1.3: the last three depend on the Command Test), after Local
    Supply and isolation have been updated (`engine.panzer_campaigns.supply_turn.update_isolation`).
    Returns the
    events of the changes. Under Explicit Supply the supply units resupply instead of the HQs'
    range tests [000 10.4], after the refuelling test so that a unit running low at midnight
    may be refuelled by them at once (decision: the manual gives no order)."""
    explicit = is_explicit(state)
    steps = (
        run_command_test(state, side),
        recover_disruption(state, side),
        None if explicit else resupply_ammo(state, side),
        refuel(state, side),
        resupply(state, side) if explicit else None,
    )
    return [event for event in steps if event is not None]

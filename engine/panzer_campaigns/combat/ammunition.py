"""Ammunition spent by firing [000 10.2, 10.3]: at the start of its side's next player turn a
unit that fired may become Low on Ammo, and artillery that fired may become Unavailable; the
Low on Ammo units already short are resupplied by `engine.panzer_campaigns.logistics.resupply_ammo`.
"""

from __future__ import annotations

from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.combat.artillery_setup import stockpiled_supply_value
from engine.panzer_campaigns.combat.events import AmmoSpent
from engine.panzer_campaigns.command import modified_command_range, range_test_probability
from engine.panzer_campaigns.explicit_supply import is_explicit
from engine.panzer_campaigns.logistics import hq_in_command, uses_ammo
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.supply import local_supply
from engine.panzer_campaigns.units import UnitState
from schemas.vocabulary import Side


def is_artillery(unit: UnitState) -> bool:
    """Artillery for the supply rules: units that fire indirectly [000 10.2, 10.3]."""
    return unit.unit.indirect_fire


def fired_last_turn(state: GameState, unit: UnitState) -> bool:
    """Whether `unit` fired in its side's previous player turn (now being the start of the
    next one) [000 10.2]."""
    return unit.fired >= 0 and unit.fired == player_turn_index(state) - 2


def ammunition_checks(state: GameState, side: Side) -> AmmoSpent | None:
    """The supply tests of `side`'s units that fired last turn, and of its Unavailable
    artillery [000 10.2]:

    - A normal unit that fired: Isolated, it becomes Low on Ammo; otherwise it keeps its
      ammunition if a percentage roll is below its Local Supply Value, or else if its HQ is not
      Out of Command and the range test C/(C+R) passes (C the HQ's Modified Command Range).
    - Artillery that fired, or is Unavailable: "the range test does not apply"; below the Local
      Supply Value it stays, or becomes again, available, else it is Unavailable. Isolated
      artillery that fired becomes Unavailable and Isolated artillery never recovers.
    - Stockpiled artillery tests against 75 % of the value; its first failure leaves it
      available but no longer Stockpiled [000 10.3].

    - Panzer Battles: "Isolated non-artillery units do not become Low Ammo if they fire"
      [001 1.1 #33]. Decision: they are not made Low on Ammo without a test, but take the
      ordinary test; the literal reading (never Low on Ammo) would supply an Isolated unit
      better than a connected one, against [000 10.1]'s purpose of isolation.

    - Explicit Supply [000 10.4]: the value is 80 (`SupplyMap.unit_value`); Isolated units
      take the test like the others ("Isolated units automatically become Low on Ammo (Except
      under Explicit Supply)" [000 10.2]; decision: Isolated artillery too); Unavailable
      artillery is not tested again, since "becoming Available after failing the Supply Test
      depends on the Explicit Supply rules": a supply unit makes it available
      (`engine.panzer_campaigns.explicit_supply.resupply`).

    Decisions: these run after the resupply of units already Low on Ammo, so a unit that runs
    low is not resupplied in the same instant; partisans and irregulars never run low
    [000 4.2]; Isolated Stockpiled artillery fails without a roll, as other artillery does, and
    that failure is its first: it only loses Stockpiled [000 10.3].
    """
    rng = state.rng
    explicit = is_explicit(state)
    supply = None
    low: list[str] = []
    unavailable: list[str] = []
    available: list[str] = []
    unstockpiled: list[str] = []
    for unit in state.iter_units(side):
        fired = fired_last_turn(state, unit)
        if is_artillery(unit) and (fired or unit.unavailable):
            if explicit and unit.unavailable:
                continue  # waits for a supply unit [000 10.4]
            if unit.isolated and not explicit:
                passed = False
            else:
                supply = supply or local_supply(state, side)
                value = supply.unit_value(unit)
                passed = rng.random() * 100 < stockpiled_supply_value(unit, value)
            if not passed and unit.stockpiled:
                unit.stockpiled = False  # "it remains available, but loses its Stockpiled status"
                unstockpiled.append(unit.id)
            elif passed and unit.unavailable:
                unit.unavailable = False
                available.append(unit.id)
            elif not passed and not unit.unavailable:
                unit.unavailable = True
                unavailable.append(unit.id)
            continue
        if not fired or unit.low_ammo or not uses_ammo(unit):
            continue
        if unit.isolated and state.profile.isolated_fire_low_ammo and not explicit:
            passed = False
        else:
            supply = supply or local_supply(state, side)
            passed = rng.random() * 100 < supply.unit_value(unit)
            if not passed:
                hq = hq_in_command(state, unit)
                passed = hq is not None and rng.random() < range_test_probability(
                    modified_command_range(hq), state.board.distance(unit.hex, hq.hex)
                )
        if not passed:
            unit.low_ammo = True
            low.append(unit.id)
    if not (low or unavailable or available or unstockpiled):
        return None
    state.touch()  # Low on Ammo lowers morale [000 9.2]
    return AmmoSpent(
        state.turn, side, tuple(low), tuple(unavailable), tuple(available), tuple(unstockpiled)
    )

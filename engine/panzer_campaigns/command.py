"""Command [000 9.1] and the supply arithmetic that rests on it [000 10.2, 10.5]: command ranges,
detached units, the top-down Command Test, and the probabilities of staying in command, staying
supplied with ammunition and refuelling, as plain functions the manual's examples check.

>>> round(command_probability(0.70, 0.70, 12, 2), 2)  # [000 10.5] Example 1
0.88
>>> range_test_probability(7, 7)  # [000 10.2] "C=7 and R=7 ... 50%"
0.5
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import Quality, Side

QUALITY_RANGE_ADJUSTMENT: dict[Quality, int] = {
    Quality.A: 2,
    Quality.B: 1,
    Quality.C: 0,
    Quality.D: -1,
    Quality.E: -2,
    Quality.F: -3,
}
"""Hexes added to an HQ's OOB command range by its quality [000 9.1]."""

DISRUPTED_RANGE = 0.5
TRAVEL_RANGE = 0.75
"""Modified Command Range factors [000 9.1]: "Disrupted HQ's have a 1/2 Command Range",
"Broken HQ's have a Command Range of 0", "HQ's in Travel Mode have a 3/4 Command Range"."""


# --- ranges ---------------------------------------------------------------------------------


def nominal_command_range(unit: UnitState) -> int:
    """The OOB command range plus the quality adjustment, A +2 … F -3 [000 9.1], never below 0.

    >>> from schemas.panzer_campaigns.oob import Unit
    >>> hq = Unit(id="hq", name="hq", unit_class="headquarters", strength=50, speed=10,
    ...           quality="F", command_range=6)
    >>> nominal_command_range(UnitState("hq", hq, side=Side.AXIS, nation="de",
    ...                                 organization=None))
    3
    """
    return max(0, unit.unit.command_range + QUALITY_RANGE_ADJUSTMENT[unit.unit.quality])


def modified_command_range(unit: UnitState) -> float:
    """The Nominal Command Range under the HQ's condition [000 9.1]: x1/2 Disrupted, 0 Broken,
    x3/4 in Travel Mode. Decisions: a Disrupted HQ in Travel Mode gets both factors; nothing
    is rounded (the manual gives no rounding, and the range only enters C/(C+R) and R <= C);
    Rail Mode, which the manual does not list, leaves the range unchanged."""
    if unit.broken:
        return 0.0
    command_range = float(nominal_command_range(unit))
    if unit.disrupted:
        command_range *= DISRUPTED_RANGE
    if unit.mode is Mode.TRAVEL:
        command_range *= TRAVEL_RANGE
    return command_range


def distance_to_hq(state: GameState, unit: UnitState) -> int | None:
    """Hexes from a unit to its HQ (`GameState.hq_of`), None without one."""
    hq = state.hq_of(unit)
    return None if hq is None else state.board.distance(unit.hex, hq.hex)


# --- the chain of command -------------------------------------------------------------------


def has_superior_in_oob(state: GameState, unit: UnitState) -> bool:
    """Whether any organization above the unit names an HQ (its own HQ for a combat unit, the
    next HQ up for an HQ), on the map or not."""
    return any(
        organization.hq not in (None, unit.id)
        for organization in state.iter_organizations_above(unit)
    )


def is_detached(state: GameState, unit: UnitState) -> bool:
    """Whether a unit on the map is Detached: "beyond the Nominal Command Range of its HQ
    unit, or that HQ does not exist" [000 9.1].

    Decisions: partisans are never Detached [000 4.2]; an HQ that no organization above it
    commands (the top of the side's chain) is not Detached, while a unit whose chain names HQs
    none of which is on the map is; "its HQ" is the nearest HQ on the map up its chain
    (`GameState.hq_of`).
    """
    if unit.unit.partisan:
        return False
    hq = state.hq_of(unit)
    if hq is None:
        return not unit.is_hq or has_superior_in_oob(state, unit)
    return state.board.distance(unit.hex, hq.hex) > nominal_command_range(hq)


def iter_detached(state: GameState, side: Side | None = None) -> Iterator[UnitState]:
    """The units on the map that are Detached now (setup check: units out of their HQ's
    command range, or without an HQ)."""
    return (u for u in state.iter_units(side) if is_detached(state, u))


def iter_hqs_top_down(state: GameState, side: Side) -> Iterator[UnitState]:
    """The side's HQs on the map, every HQ after the HQ above it (`GameState.hq_of`)."""
    hqs = [u for u in state.iter_units(side) if u.is_hq]
    depth: dict[str, int] = {}

    def depth_of(hq: UnitState) -> int:
        if hq.id not in depth:
            superior = state.hq_of(hq)
            depth[hq.id] = 0  # guards against a cycle in a half-built OOB
            depth[hq.id] = 0 if superior is None else depth_of(superior) + 1
        return depth[hq.id]

    yield from sorted(hqs, key=depth_of)


# --- probabilities --------------------------------------------------------------------------


def range_test_probability(command_range: float, distance: float) -> float:
    """The range test, C / (C + R) [000 9.1, 10.2], with C the HQ's Modified Command Range and
    R the distance in hexes; "at the limit of the Command Range … 50%". A range of 0 (a Broken
    HQ) never passes.

    >>> range_test_probability(15, 10)  # [000 9.1] "15/25 = 3/5"
    0.6
    """
    if command_range <= 0:
        return 0.0
    return command_range / (command_range + distance)


def command_probability(
    supply: float,
    superior_in_command_probability: float,
    command_range: float,
    distance: float,
) -> float:
    """The chance an HQ below the top is In Command [000 9.1, 10.5 Example 1]: it passes the
    supply roll (probability S), or failing that, with its superior In Command, the range test
    against the superior: S + (1 - S) x P(superior) x C / (R + C). Probabilities are fractions
    (0.70 for 70%); C is the superior's Modified Command Range, R the distance to it."""
    return supply + (1 - supply) * superior_in_command_probability * range_test_probability(
        command_range, distance
    )


def ammo_probability(
    local_supply: float, hq_in_command_probability: float, command_range: float, distance: float
) -> float:
    """The chance a unit that fired does not become Low on Ammo [000 10.2]: the LSV roll, or
    failing it the range test to an HQ that is not Out of Command:
    LSV + (1 - LSV) x P(HQ in command) x C / (C + R)."""
    return local_supply + (1 - local_supply) * hq_in_command_probability * (
        range_test_probability(command_range, distance)
    )


def is_within_command_radius(command_range: float, distance: float) -> bool:
    """The refuelling range test: "The distance from the unit to the HQ is within the Command
    Radius of the HQ" [000 10.2]."""
    return distance <= command_range


def refuel_probability(
    local_supply: float, hq_in_command_probability: float, command_range: float, distance: float
) -> float:
    """The chance of the midnight Refueling Test [000 10.2]: the LSV roll, or failing it the
    modified range test (HQ not Out of Command and the unit within its command radius)."""
    within = is_within_command_radius(command_range, distance)
    return local_supply + (1 - local_supply) * (hq_in_command_probability if within else 0.0)


def turn_refuel_probability(
    refuel_percent: float,
    hq_in_command_probability: float,
    command_range: float,
    distance: float,
) -> float:
    """The chance a Low on Fuel unit refuels on a turn other than the midnight turn [000 10.2,
    10.5 Examples 2-4]: Refuel Percentage x P(HQ In Command) inside the HQ's command radius,
    0 outside it. `refuel_percent` is a fraction (0.30 for 30%).

    Decision (digest Appendix C #3): Example 4 states "a base Supply Value of 60%" but prints
    0.30 x 0.80 = 24% and 0.30 x 0.88 = 26.4%, Example 1's in-command chances at 70%. The
    formula is authoritative: with 60% the Division HQ is In Command with
    `command_probability(0.6, 0.6, 12, 12)` = 0.72 or `(0.6, 0.6, 12, 2)` ~ 0.806, so the
    unit refuels 21.6% or about 24.2% of turns. Example 2's sub-headings ("4 hex", "0 hex")
    are swapped; its bodies (8 hexes -> 0, 4 hexes -> 24%) are what counts.

    >>> turn_refuel_probability(0.30, 0.80, 6, 8)  # Example 2: out of range
    0.0
    >>> round(turn_refuel_probability(0.30, 0.80, 6, 4), 2)  # Example 2: 4 hexes
    0.24
    """
    if not is_within_command_radius(command_range, distance):
        return 0.0
    return refuel_percent * hq_in_command_probability


# --- the Command Test -----------------------------------------------------------------------


def command_test(state: GameState, side: Side) -> dict[str, bool]:
    """Run the Command Test of `side`'s HQs on the map [000 9.1], from the highest level down,
    and return whether each HQ (by id) is In Command.

    Each HQ is In Command if `randrange(100) <` the side's Global Supply Value; otherwise,
    unless it is at the top, it gets a second chance when the HQ above it is In Command:
    `random() < C / (R + C)` with C that HQ's Modified Command Range and R the distance.

    Decision (digest Appendix C #7): the manual says "Given a Global Supply Value of X% for the
    HQ side", so the roll uses the Global value literally, even where supply sources exist and
    the HQ's Local Supply Value differs.
    """
    supply = state.global_supply[side]
    rng = state.rng
    in_command: dict[str, bool] = {}
    for hq in iter_hqs_top_down(state, side):
        passed = rng.randrange(100) < supply
        if not passed:
            superior = state.hq_of(hq)
            if superior is not None and in_command.get(superior.id, False):
                chance = range_test_probability(
                    modified_command_range(superior), state.board.distance(hq.hex, superior.hex)
                )
                passed = rng.random() < chance
        in_command[hq.id] = passed
    return in_command

"""HQ Recovery [000 9.1]: an eliminated headquarters may be restored at the start of each of
its side's later player turns, with a random strength, Disrupted and without its functions on
its first turn back."""

from __future__ import annotations

from dataclasses import dataclass

from engine.panzer_campaigns.combat.morale import MORALE_OF_QUALITY
from engine.panzer_campaigns.stacking import stacking_in, stacking_limit
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState, UnitStatus
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import Side

RECOVERY_PER_QUALITY_POINT = 0.10
"""Stand-in chance per player turn for each point of quality (A = 6 ... F = 1 [000 9.2])."""


@dataclass(frozen=True, slots=True)
class HqRestored:
    """An eliminated HQ came back on the map [000 9.1]."""

    turn: int
    unit: str
    side: Side
    hex: tuple[int, int]
    strength: int

    def describe(self) -> str:
        """One sentence for a report."""
        return (
            f"{self.side.value} HQ {self.unit} is restored at [{self.hex[0]}, {self.hex[1]}] "
            f"with {self.strength}, Disrupted"
        )


def recovery_chance(unit: UnitState) -> float:
    """The chance a turn that an eliminated HQ is restored: 10 % per point of quality, 60 % for
    A down to 10 % for F.

    Decision [000 9.1]: the manual says only that "higher Quality units [have] a higher
    probability" and leaves the values to the Main Program's help, which we do not have; the
    stand-in grows with quality in the manual's own quality points [000 9.2]."""
    return RECOVERY_PER_QUALITY_POINT * MORALE_OF_QUALITY[unit.unit.quality]


def restoration_hex(state: GameState, unit: UnitState) -> int | None:
    """Where an eliminated HQ comes back: the hex of the HQ above it (`GameState.hq_of`), if
    its stacking allows the HQ; None when there is none.

    Decision [000 9.1]: the manual does not say where a restored HQ appears; with its superior
    HQ it is among its own side's forces and within command of them, never in enemy hands."""
    superior = state.hq_of(unit)
    if superior is None or not superior.on_map:
        return None
    there = superior.hex
    limit = stacking_limit(state, unit.side)
    if stacking_in(state, there, unit.side) + state.full_strength(unit) > limit:
        return None
    return there


def restore_hqs(state: GameState, side: Side) -> list[HqRestored]:
    """The start-of-turn HQ Recovery rolls of `side` [000 9.1]: each eliminated HQ with a place
    to come back (`restoration_hex`) is restored with `recovery_chance`, at a strength drawn
    uniformly from 1 to its full strength, Deployed and Disrupted, and Out of Command for this
    turn ("does not perform its functions on the first turn it is restored").

    Decisions [000 9.1]: "randomly determined strength" is uniform over what the unit may have;
    not performing its functions is being Out of Command until its side's next Command Test
    (`GameState.out_of_command`), so no unit draws on it for supply, recovery or command in
    between. Its losses stay counted: the enemy earned them."""
    rng = state.rng
    restored: list[HqRestored] = []
    for unit in state.units.values():
        if unit.side is not side or not unit.is_hq or unit.status is not UnitStatus.ELIMINATED:
            continue
        there = restoration_hex(state, unit)
        if there is None or rng.random() >= recovery_chance(unit):
            continue
        unit.strength = rng.randint(1, max(1, state.full_strength(unit)))
        unit.mode = Mode.DEPLOYED
        unit.disrupted, unit.broken = True, False
        unit.digging_in = unit.patrolling = False
        state.put(unit, there)
        state.out_of_command.add(unit.id)
        restored.append(
            HqRestored(state.turn, unit.id, side, state.board.offset(there), unit.strength)
        )
    if restored:  # `touch()` naming no unit would recount every zone of control
        state.touch(*(state.units[r.unit] for r in restored))
    return restored

"""The computer's loads at setup [003 5.2, 5.2.1, 10.1]: before it places its counters, it
puts infantry that its plan sends farther than a turn's walk onto the carriers of the same
step with room, by the setup orders the game checks (`setup_loads`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.tactical_gamex import setup_phase
from engine.tactical_gamex.orders import LoadAtSetup
from engine.tactical_gamex.setup_computer import goals
from engine.tactical_gamex.setup_loads import capacity, riders, why_not_load
from engine.tactical_gamex.state import TgxState, VictoryKind
from engine.tactical_gamex.units import MG, Unit
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.tactical_gamex.game import TacticalGame

Offset = tuple[int, int]


def load_up(game: TacticalGame, side: Side) -> list[LoadAtSetup]:
    """Give the loads of `side`'s setup step under way (`loads`), one at a time; those given."""
    given: list[LoadAtSetup] = []
    while True:
        order = next_load(game.state, side)
        if order is None:
            return given
        game.apply(order)
        given.append(order)


def next_load(state: TgxState, side: Side) -> LoadAtSetup | None:
    """The next passenger to put on a carrier of the step, or None.

    Decisions (the rules let a side choose its loads at setup, 5.2.1 and 10.1, and say
    nothing of which): a carrier with room takes the infantry unit of its step that needs it
    most: one whose nearest setup hex is farther from where the plan sends it (an attacker's
    nearest objective or exit hex, a defender's nearest defended hex) than it walks in one
    activation, and slower than the carrier; the farthest in turns of walking first,
    riflemen and engineers (who assault, 6.4.6, 9.0) before machine guns. A unit that may
    walk there is left on foot: carried, it may take no action (5.2.1). Guns are not loaded
    (the computer sets them up where they fire). In a landing's sea step the situation's
    cargo stands: every non-vehicle unit of the step already rides a craft and may not leave
    it (10.1, `setup_loads.why_not_unload`), and the sample landing's craft are full.
    """
    step = setup_phase.step(state)
    if step.side is not side or step.sea:
        return None
    units = [state.units[u] for u in step.units if u in state.units]
    carriers = sorted(
        (c for c in units if capacity(state, c) > len(riders(state, c)) and not c.in_fort),
        key=lambda c: (-c.type.movement, c.id),
    )
    if not carriers:
        return None
    walkers = [
        u for u in units if u.carrier is None and u.type.is_infantry and not riders(state, u)
    ]
    needs = _needs(state, side, walkers)
    for unit in sorted(walkers, key=lambda u: (-needs.get(u.id, 0), u.type.has(MG), u.id)):
        if unit.id not in needs:
            continue
        for carrier in carriers:
            if carrier.type.movement <= unit.type.movement:
                continue
            order = LoadAtSetup(unit.id, carrier.id)
            if not why_not_load(state, order):
                return order
    return None


def _needs(state: TgxState, side: Side, walkers: list[Unit]) -> dict[str, float]:
    """How many activations of walking each unit needing a ride is from where it goes (by
    id)."""
    defend, take = goals(state, side)
    exits = [
        h for c in state.victory if c.side is side and c.kind is VictoryKind.EXIT for h in c.hexes
    ]
    targets = take + exits or defend
    if not targets:
        return {}
    area = setup_phase.plan(state).hexes
    needs: dict[str, float] = {}
    for unit in walkers:
        hexes = area.get(unit.id) or ({unit.hex} if unit.hex is not None else set())
        if not hexes or unit.type.movement <= 0:
            continue
        far = min(_nearest(state, h, targets) for h in hexes)
        if far > unit.type.movement:
            needs[unit.id] = far / unit.type.movement
    return needs


def _nearest(state: TgxState, hex_: Offset, targets: list[Offset]) -> int:
    return min(state.board.distance(hex_, t) for t in targets)

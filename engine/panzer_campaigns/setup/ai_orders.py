"""Setup checks of A/I orders that need the turn clock and the arrival schedule: an order that
applies before any unit of its organization is on the map (AI001), two orders of one
organization from the same turn (AI004), and an order after the last turn (SCN006)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.panzer_campaigns.ai_orders import clock_turn_of
from engine.panzer_campaigns.setup._context import SetupContext
from engine.panzer_campaigns.units import OFF_MAP
from schemas.panzer_campaigns.ai_orders import AiOrder
from schemas.problems import ModelPath, Problem, Severity


def _when(order: AiOrder) -> str:
    return f"turn {order.turn}" if order.turn is not None else f"{order.at:%Y-%m-%d %H:%M}"


def _first_turns(context: SetupContext) -> dict[str, int]:
    """The first turn each unit is on the map: 1 for those placed, their reinforcement's turn
    for those arriving (a reinforcement outside the game brings nobody)."""
    state = context.state
    first: dict[str, int] = {unit.id: 1 for unit in state.iter_units() if unit.hex != OFF_MAP}
    for number, units in enumerate(context.reinforcement_units):
        turn = state.turn_of(state.scenario.reinforcements[number])
        if turn is None:
            continue
        for unit in units:
            first[unit.id] = min(first.get(unit.id, turn), turn)
    return first


def check_ai_order_times(context: SetupContext) -> Iterator[Problem]:
    """AI001, AI004 and SCN006.

    An organization exists from the first turn any unit below it is on the map, placed or
    arrived (a corps whose first division stands on the map exists from turn 1, even if its
    others arrive later). An order before then is a warning, not an error: it takes effect when
    the units arrive, if no later order has replaced it by then, which may be what the designer
    meant; but usually the date is a slip. [000 4.9] says nothing of orders for formations not
    yet in play.
    """
    state = context.state
    turn_of = clock_turn_of(state.clock)
    first_on_map = _first_turns(context)
    index = state.oob_index
    for org_number, entry in enumerate(state.scenario.ai.organizations):
        if entry.organization not in index.organizations:
            continue  # REF002
        org_path: ModelPath = ("ai", "organizations", org_number, "orders")
        arrivals = [
            first_on_map[unit_id]
            for unit_id in index.iter_units_under(entry.organization)
            if unit_id in first_on_map
        ]
        exists_from = min(arrivals) if arrivals else None
        seen: dict[int, AiOrder] = {}
        for number, order in enumerate(entry.orders):
            field = "turn" if order.turn is not None else "at"
            start = turn_of(order)
            if start is None:
                # SCN006, as for the other scheduled events: the order never applies.
                yield Problem(
                    Severity.WARNING,
                    "SCN006",
                    f"A/I order '{order.id}' applies from {_when(order)}, after the scenario's "
                    f"last turn ({state.clock.last_turn}), so it never applies",
                    path=(*org_path, number, field),
                    object_id=order.id,
                )
                continue
            earlier = seen.get(start)
            if earlier is not None:
                yield Problem(
                    Severity.ERROR,
                    "AI004",
                    f"A/I orders '{earlier.id}' and '{order.id}' of '{entry.organization}' both "
                    f"apply from turn {start}; give one of them another turn",
                    path=(*org_path, number, field),
                    object_id=order.id,
                )
            seen[start] = order
            if exists_from is None:
                yield Problem(
                    Severity.WARNING,
                    "AI001",
                    f"A/I order '{order.id}' is given to '{entry.organization}', none of whose "
                    "units is ever on the map",
                    path=(*org_path, number, field),
                    object_id=order.id,
                )
            elif start < exists_from:
                yield Problem(
                    Severity.WARNING,
                    "AI001",
                    f"A/I order '{order.id}' applies from {_when(order)} (turn {start}), but "
                    f"'{entry.organization}' is first on the map on turn {exists_from}",
                    path=(*org_path, number, field),
                    object_id=order.id,
                )

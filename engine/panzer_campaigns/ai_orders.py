"""Which of the scenario's A/I orders is in force for a unit or an organization on a turn: the
one question a computer player (and the editor's A/I Orders panel) asks of the orders.

[000 4.9 "A/I Movement Orders"] An order given to a corps or higher "is issued automatically"
to its sub-organizations; so an organization without an order of its own follows the nearest
organization above it that has one, after Corps Attachments [000 9.1].
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from engine.panzer_campaigns.clock import TurnClock
from schemas.panzer_campaigns.ai_orders import AiOrder
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.scenario import ScenarioFile
from schemas.vocabulary import Side

if TYPE_CHECKING:
    # Only named: the editor's A/I orders panel and arrows read this module without the game.
    from engine.panzer_campaigns.state import GameState

NEUTRAL_AGGRESSIVENESS = 50
"""The aggressiveness of a side the scenario gives none: play as the orders say."""

TurnOf = Callable[[AiOrder], int | None]
"""The turn an order applies from, or None when it never applies within the game."""


@dataclass(frozen=True, slots=True)
class OrderInForce:
    """An order in force, whose it is and from when."""

    order: AiOrder
    organization: str
    """The organization the order was given to."""
    from_turn: int
    """The turn it applies from."""
    inherited: bool
    """Whether it was given to an organization above the one asked about."""


def orders_by_organization(scenario: ScenarioFile) -> dict[str, list[AiOrder]]:
    """The orders of each organization; an organization listed twice (AI006) has both lists."""
    orders: dict[str, list[AiOrder]] = {}
    for entry in scenario.ai.organizations:
        orders.setdefault(entry.organization, []).extend(entry.orders)
    return orders


def clock_turn_of(clock: TurnClock) -> TurnOf:
    """The turn of an order by the scenario's clock.

    An order dated before the start applies from turn 1: the designer wrote the time the
    formation received it, and it is in force when the game begins (the manual stores no
    scenario orders [datamodel 10.3], so this is a decision). An order dated after the end, or
    numbered past the last turn, never applies.
    """

    def turn_of(order: AiOrder) -> int | None:
        if order.turn is not None:
            return order.turn if order.turn <= clock.last_turn else None
        assert order.at is not None
        return 1 if order.at < clock.start else clock.turn_at(order.at)

    return turn_of


def in_force(
    chain: Iterable[str],
    orders: Mapping[str, Sequence[AiOrder]],
    turn: int,
    turn_of: TurnOf,
) -> OrderInForce | None:
    """The order in force on `turn` for the first organization of `chain`, which lists it and
    the organizations above it, nearest first.

    Each organization's latest order from `turn` or earlier is its order in force; the first
    organization of the chain that has one gives it. Of two orders from one turn (AI004) the
    later in the list wins, as it would had the designer given them one after the other.

    >>> hold = AiOrder(id="h", stance="hold", turn=1)
    >>> attack = AiOrder(id="a", stance="attack", turn=3, hex=(4, 4))
    >>> orders = {"corps": [hold, attack]}
    >>> [in_force(["div", "corps"], orders, t, lambda o: o.turn).order.id for t in (1, 2, 3)]
    ['h', 'h', 'a']
    """
    for depth, organization in enumerate(chain):
        best: tuple[int, AiOrder] | None = None
        for order in orders.get(organization, ()):
            start = turn_of(order)
            if start is not None and start <= turn and (best is None or start >= best[0]):
                best = (start, order)
        if best is not None:
            return OrderInForce(best[1], organization, best[0], inherited=depth > 0)
    return None


def organization_chain(
    index: OobIndex, organization: str, attached_to: Mapping[str, str] | None = None
) -> Iterator[str]:
    """An organization and those above it, nearest first, after Corps Attachments (an
    attachment cycle, SETUP024, ends the chain)."""
    attached_to = attached_to or {}
    seen: set[str] = set()
    current: str | None = organization
    while current is not None and current not in seen and current in index.organizations:
        seen.add(current)
        yield current
        current = attached_to.get(current, index.organizations[current].parent)


def order_in_force(state: GameState, unit_id: str, turn: int | None = None) -> OrderInForce | None:
    """The A/I order a unit follows on `turn` (the current turn when not given): its own
    organization's, or that of the nearest organization above it with one."""
    unit = state.units[unit_id]
    chain = [organization.id for organization in state.iter_organizations_above(unit)]
    return in_force(
        chain,
        state.cached("ai-orders", lambda: orders_by_organization(state.scenario)),
        state.turn if turn is None else turn,
        clock_turn_of(state.clock),
    )


def aggressiveness(scenario: ScenarioFile, side: Side) -> int:
    """How boldly the computer plays `side`, 0 to 100; 50 when the scenario does not say."""
    value = getattr(scenario.ai.aggressiveness, side.value)
    return NEUTRAL_AGGRESSIVENESS if value is None else int(value)


def time_of_order(order: AiOrder, clock: TurnClock) -> datetime | None:
    """The date and time an order applies from, for showing it beside its turn."""
    start = clock_turn_of(clock)(order)
    return clock.time_of(start) if start is not None else None

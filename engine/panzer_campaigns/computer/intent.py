"""What one unit is to do this turn, read from the scenario's A/I order in force for its
organization (`engine.panzer_campaigns.ai_orders`), or from the standing plan when it has none: a
stance and the
hexes it aims at, with the reason a designer reads."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.panzer_campaigns.ai_orders import order_in_force
from engine.panzer_campaigns.computer.known_world import KnownObjective, KnownWorld
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.ai_orders import AiOrder, Stance

Offset = tuple[int, int]

GARRISON_REACH = 3
"""How near a friendly objective a unit with no order must stand to garrison it (hexes)."""


@dataclass(frozen=True, slots=True)
class Intent:
    """A unit's stance and target for the turn."""

    stance: Stance
    targets: tuple[Offset, ...]
    """The target hexes (one for an objective or a hex, several for an area); empty for a hold
    or reserve order without a target: the unit's own hex then."""
    why: str
    """What order it follows, e.g. "de.2pzd order 2pzd-noville: attack noville"."""
    exit_here: bool = False
    """An exit order whose target is an exit objective."""


def target_hexes(order: AiOrder, world: KnownWorld) -> tuple[Offset, ...]:
    """The hexes an order aims at; empty when it names no target or an objective no longer in
    play (an expired limited objective)."""
    if order.objective is not None:
        objective = world.objective(order.objective)
        return (objective.hex,) if objective is not None else ()
    if order.hex is not None:
        centre = (order.hex[0], order.hex[1])
        if order.radius == 0:
            return (centre,)
        middle = world.grid.hex_at(*centre)
        hexes = (world.grid.offset_of(h) for h in middle.iter_range(order.radius))
        return tuple(h for h in hexes if world.grid.contains(*h))
    return tuple((h[0], h[1]) for h in order.area)


def ordered_intent(game: Game, world: KnownWorld, unit: UnitState) -> Intent | None:
    """The intent of a unit this turn from the A/I order in force, None when it has no usable
    order and follows the standing plan (`standing_plan`).

    A/I orders [000 4.9 "A/I Movement Orders"] are given to organizations; a unit follows the
    order in force for the nearest organization above it
    (`engine.panzer_campaigns.ai_orders.order_in_force`).
    Decisions, where neither manual says what the computer does:

    - a unit whose organizations have no order (or whose attack, defend, move or exit order
      names a target no longer in play) follows the standing plan (`standing_plan`);
    - a hold or reserve order without a target holds or waits on the unit's own hex.
    """
    force = order_in_force(game.state, unit.id)
    if force is not None:
        order = force.order
        targets = target_hexes(order, world)
        why = f"{force.organization} order {order.id}: {order.stance.value}"
        if order.objective is not None:
            why += f" {order.objective}"
        elif targets:
            why += f" {targets[0][0]},{targets[0][1]}"
        if targets or not order.stance.needs_target:
            exit_here = order.stance is Stance.EXIT and any(
                o.is_exit and o.hex in targets for o in world.objectives
            )
            return Intent(order.stance, targets, why, exit_here)
    return None


def garrisons(
    world: KnownWorld, free: Iterable[UnitState], support: Callable[[UnitState], bool]
) -> dict[str, KnownObjective]:
    """Which of the `free` units (those without a usable A/I order) garrisons which of the
    side's objectives under the standing plan: one unit per objective, a unit standing on it
    first, else the nearest within GARRISON_REACH hexes; a combat unit before a `support`
    unit (an HQ or a gun), then in scenario order.

    Decision: one garrison is enough to hold the hex, since "to capture an objective hex,
    move a unit onto it" [000 3.4] needs the hex empty of the holder's units; every other
    unit nearby is free to attack, rather than all of them standing back to guard it."""
    units = list(free)
    chosen: dict[str, KnownObjective] = {}
    held = [o for o in world.objectives if o.owner is world.side and not o.is_exit]
    for objective in sorted(held, key=lambda o: (-o.points, o.id)):
        near = [
            (world.distance(world.offsets[u.id], objective.hex), support(u), index, u.id)
            for index, u in enumerate(units)
            if u.id not in chosen
            and world.distance(world.offsets[u.id], objective.hex) <= GARRISON_REACH
        ]
        if near:
            chosen[min(near)[3]] = objective
    return chosen


def standing_plan(world: KnownWorld, unit: UnitState, garrison: KnownObjective | None) -> Intent:
    """The intent of a unit without a usable order (see `ordered_intent`): defend `garrison`
    (see `garrisons`) when it is given one, else attack the nearest objective its side does
    not hold, or hold where it stands when it holds them all."""
    where = _offset(world, unit)
    if garrison is not None:
        return Intent(Stance.DEFEND, (garrison.hex,), f"no order: garrison {garrison.id}")
    wanted = [o for o in world.objectives if o.owner is not world.side and not o.is_exit]
    if not wanted:
        return Intent(Stance.HOLD, (), "no order: hold where it stands")
    goal = min(wanted, key=lambda o: (world.distance(where, o.hex), -o.points, o.id))
    return Intent(Stance.ATTACK, (goal.hex,), f"no order: attack the nearest objective {goal.id}")


def _offset(world: KnownWorld, unit: UnitState) -> Offset:
    return world.offsets[unit.id]


def nearest_target(world: KnownWorld, where: Offset, intent: Intent) -> Offset:
    """The target hex of the intent nearest `where` (`where` itself without targets)."""
    if not intent.targets:
        return where
    return min(intent.targets, key=lambda h: (world.distance(where, h), h))


__all__ = [
    "GARRISON_REACH",
    "Intent",
    "KnownObjective",
    "garrisons",
    "nearest_target",
    "ordered_intent",
    "standing_plan",
]

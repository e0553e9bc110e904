"""Reference checks of a scenario's A/I orders: each names an organization of the OOB, a target on
the map or among the scenario's objectives, a target where its stance needs one, and an exit
objective of its own side for an exit order. The checks that need the turn clock (an order
before its organization arrives, two orders from one turn) are setup checks
(`engine.panzer_campaigns.setup.ai_orders`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from schemas.panzer_campaigns.ai_orders import AiOrder, Stance
from schemas.panzer_campaigns.checks._shared import duplicate_ids, off_map
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.scenario import ExitObjective, ObjectiveBase, ScenarioFile
from schemas.problems import ModelPath, Problem, error
from schemas.vocabulary import Side


def check_ai_orders(
    scenario: ScenarioFile, index: OobIndex, width: int, height: int
) -> list[Problem]:
    """The problems of the scenario's A/I orders against its OOB, map and objectives."""
    found: list[Problem] = []
    objectives: dict[str, ObjectiveBase] = {o.id: o for o in scenario.objectives}
    exits_at = {o.hex: o for o in scenario.objectives if isinstance(o, ExitObjective)}
    listed: set[str] = set()
    ids: list[tuple[str, ModelPath]] = []
    for org_number, entry in enumerate(scenario.ai.organizations):
        org_path: ModelPath = ("ai", "organizations", org_number)
        org_id = entry.organization
        if org_id not in index.organizations:
            kind = "a unit, not an organization" if org_id in index.units else "not in the OOB"
            found.append(
                error(
                    "REF002",
                    f"A/I orders are given to '{org_id}', which is {kind}",
                    path=(*org_path, "organization"),
                    object_id=org_id,
                )
            )
        if org_id in listed:
            found.append(
                error(
                    "AI006",
                    f"organization '{org_id}' is listed twice under ai.organizations; give all "
                    "its orders in one entry",
                    path=(*org_path, "organization"),
                    object_id=org_id,
                )
            )
        listed.add(org_id)
        side = index.side_of(org_id)
        for number, order in enumerate(entry.orders):
            path: ModelPath = (*org_path, "orders", number)
            ids.append((order.id, (*path, "id")))
            found.extend(
                _check_order(
                    order,
                    path,
                    objectives=objectives,
                    exits_at=exits_at,
                    side=side,
                    width=width,
                    height=height,
                )
            )
    found.extend(duplicate_ids(ids, "A/I order"))
    return found


def _check_order(
    order: AiOrder,
    path: ModelPath,
    *,
    objectives: Mapping[str, ObjectiveBase],
    exits_at: dict[tuple[int, int], ExitObjective],
    side: Side | None,
    width: int,
    height: int,
) -> Iterator[Problem]:
    if order.hex is not None:
        yield from off_map(order.hex, width, height, (*path, "hex"), order.id)
    for number, hex_ in enumerate(order.area):
        yield from off_map(hex_, width, height, (*path, "area", number), order.id)
    if order.objective is not None and order.objective not in objectives:
        yield error(
            "AI002",
            f"A/I order '{order.id}' aims at objective '{order.objective}', which the scenario "
            "does not have",
            path=(*path, "objective"),
            object_id=order.id,
        )
    if order.stance.needs_target and not order.has_target:
        yield error(
            "AI005",
            f"A/I order '{order.id}' is to {order.stance.value} but names no objective, hex or "
            "area to do it at",
            path=(*path, "stance"),
            object_id=order.id,
        )
    elif order.stance is Stance.EXIT:
        yield from _check_exit(order, path, objectives, exits_at, side)


def _check_exit(
    order: AiOrder,
    path: ModelPath,
    objectives: Mapping[str, ObjectiveBase],
    exits_at: dict[tuple[int, int], ExitObjective],
    side: Side | None,
) -> Iterator[Problem]:
    """[000 3.4] Units leave the map only at an exit objective of their own side, so an exit
    order must aim at one: by its id or by its hex (an area cannot say where to leave)."""
    if order.objective is not None:
        target: ObjectiveBase | None = objectives.get(order.objective)
        if target is None:  # AI002 already says so
            return
        field = "objective"
    else:
        target = exits_at.get(order.hex) if order.hex is not None else None
        field = "hex" if order.hex is not None else "area"
    if not isinstance(target, ExitObjective):
        yield error(
            "AI003",
            f"A/I order '{order.id}' is an exit order but its target is not an exit objective",
            path=(*path, field),
            object_id=order.id,
        )
    elif side is not None and target.owner is not None and target.owner != side:
        yield error(
            "AI003",
            f"A/I order '{order.id}' exits at '{target.id}', an exit objective of the "
            f"{target.owner.value} side",
            path=(*path, field),
            object_id=order.id,
        )

"""A/I orders in a scenario file: what the designer tells the computer each organization should do
and from when, and how boldly each side plays [000 4.9 "A/I Movement Orders"].

The manual describes A/I orders only as the player gives them in the game (a destination hex per
organization, issued at division level or above, split down to sub-organizations) and never says
what a scenario stores; the editors' A/I tab does store them per organization. These models are
that store; the engine's `engine.panzer_campaigns.ai_orders` says which order is in force for a unit
on a turn.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Self

from pydantic import Field, model_validator

from schemas.base import HexPos, Identifier, Node, Percent, measured
from schemas.panzer_campaigns.scheduled import Scheduled

MAX_AREA_HEXES = 64
"""Most hexes an order's area may list; an area is a few key hexes, not a region of the map."""
MAX_AREA_RADIUS = 50
"""Largest radius in hexes of an order's area around its hex."""
MAX_ORDERS = 200
"""Most orders one organization may have over a scenario."""
MAX_ORGANIZATIONS = 20_000
"""Most organizations with orders of their own (an OOB of 8,000 units has fewer)."""


class Stance(StrEnum):
    """What an organization is to do with its target."""

    ATTACK = "attack"
    """Take the target: move on it and assault what holds it."""
    DEFEND = "defend"
    """Go to the target and keep it, digging in."""
    HOLD = "hold"
    """Stay where the units stand (or at the target) and give no ground."""
    MOVE = "move"
    """Go to the target without seeking a fight."""
    RESERVE = "reserve"
    """Stay back (at the target, if one is given) until needed."""
    EXIT = "exit"
    """Leave the map at an exit objective [000 3.4]."""

    @property
    def needs_target(self) -> bool:
        """Whether an order of this stance means nothing without a target: hold and reserve may
        stand where the units are; the others go somewhere."""
        return self not in (Stance.HOLD, Stance.RESERVE)


class AiOrder(Scheduled):
    """One order of an organization, in force from its turn (or date and time) until the
    organization's next order.

    The target is one of: an objective (`objective`), a hex (`hex`, with `radius` > 0 the area
    of hexes within that distance), or an area of a few hexes (`area`).
    """

    stance: Stance
    """What to do."""
    objective: Identifier | None = None
    """Id of the objective aimed at."""
    hex: HexPos | None = None
    """Or the hex aimed at (the centre of the area when `radius` is above 0)."""
    radius: int = measured(0, unit="hexes", ge=0, le=MAX_AREA_RADIUS)
    """With `hex`: the area of every hex within this distance of it."""
    area: list[HexPos] = Field([], max_length=MAX_AREA_HEXES)
    """Or an area given hex by hex."""
    note: str = Field("", max_length=500)
    """The designer's words on the order's purpose, shown in the editor."""

    @model_validator(mode="after")
    def _one_target(self) -> Self:
        targets = (("objective", self.objective), ("hex", self.hex), ("area", self.area))
        given = [name for name, value in targets if value]
        if len(given) > 1:
            raise ValueError(f"give one target, not {' and '.join(given)}")
        if self.radius and self.hex is None:
            raise ValueError("a radius needs a hex to be the centre of its area")
        return self

    @property
    def has_target(self) -> bool:
        """Whether the order names an objective, a hex or an area."""
        return self.objective is not None or self.hex is not None or bool(self.area)


class OrganizationOrders(Node):
    """The A/I orders of one organization; its sub-organizations and units follow them unless
    they have orders of their own."""

    organization: Identifier
    """Id of the OOB organization."""
    orders: list[AiOrder] = Field([], max_length=MAX_ORDERS)
    """Its orders, each from its own turn on."""


class Aggressiveness(Node):
    """How boldly the computer plays each side: 0 cautious, 50 as the orders say, 100 reckless.
    A side left out plays at 50."""

    allied: Percent | None = measured(None, unit="%")
    """The Allied side's aggressiveness."""
    axis: Percent | None = measured(None, unit="%")
    """The Axis side's aggressiveness."""


class AiSetup(Node):
    """The scenario's A/I orders and aggressiveness."""

    # Not validated (every field takes its default: equal to `Aggressiveness()`): validating here
    # would build the validator at import, which `defer_build` leaves to the first file read.
    aggressiveness: Aggressiveness = Aggressiveness.model_construct()
    """Per-side aggressiveness."""
    organizations: list[OrganizationOrders] = Field([], max_length=MAX_ORGANIZATIONS)
    """The organizations that have orders of their own."""

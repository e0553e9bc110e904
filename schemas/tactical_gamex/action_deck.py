"""The Action Deck of optional rule 24, Battlefield Chaos [003 24.0-24.5], as title data: the rules
describe how the deck is drawn but do not print its cards, so a title enters them in its ruleset
tables (`RulesetTables.action_deck`), each card with its dice, its event and what the engine does
when the event or Deus Ex Machina card is played.

A card is one row, so the Ruleset Tables panel edits the deck as a grid. A die is 1-6 or `event`
(the card's "?" for that side [003 24.2]; `?` is read too, though YAML needs it quoted).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, StringConstraints

from schemas.base import Node

EVENT = "event"
"""A die the card shows as "?": a random event for the side reading it [003 24.2]."""


def _die(value: object) -> object:
    """One message for a die off the card's faces (not one per member of the union)."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)  # typed in a grid cell
    if value == "?":
        return EVENT
    if value is None or value == EVENT:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6:
        return value
    raise ValueError(f"a die on a card is 1-6 or event (?), not {value!r}")


CardDie = Annotated[
    Annotated[int, Field(ge=1, le=6)] | Literal["event"] | None, BeforeValidator(_die)
]
"""A side's die on a card: 1-6, `event` ("?"), or none (a Deus Ex Machina card)."""


class CardEffect(StrEnum):
    """What the engine does when a card's event or a held Deus Ex Machina card is played. The
    side it acts on is the side that drew or plays the card, unless the card's text names "the
    enemy" [003 24.2]; an effect that cannot act is "nothing happened" [003 24.2]."""

    NOTHING = "nothing"
    """Nothing the engine does: the text is colour (or a house rule the players apply)."""
    ACTIVATION_POINTS = "activation_points"
    """The side's activation pool of the impulse under way gains `amount` points (loses them
    when negative, never below what is spent) [003 4.2.1]; cannot act outside its impulse, nor
    while its pool is being drawn (the pool the card then gives stands)."""
    DISRUPT_UNIT = "disrupt_unit"
    """One good-order unit of the side on the board is disrupted [003 7.2]: the one a played
    card names, else one drawn at random; cannot act when it has none."""
    RALLY_UNIT = "rally_unit"
    """One disrupted unit of the side rallies without a check [003 7.3]: the one a played card
    names, else one drawn at random; cannot act when it has none."""
    INITIATIVE = "initiative"
    """`amount` is added to the side's die at the next initiative roll [003 4.1]."""
    DIE_MODIFIER = "die_modifier"
    """`amount` is added to the next die result the side reads (a single die kept within 1-6,
    two dice summed within 2-12, two read as 11-66: the units die within 1-6)."""


EFFECTS_WITH_AMOUNT = frozenset(
    {CardEffect.ACTIVATION_POINTS, CardEffect.INITIATIVE, CardEffect.DIE_MODIFIER}
)
"""The effects that read `amount`; the others ignore it."""

CardId = Annotated[
    str, StringConstraints(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9][A-Za-z0-9_\-]*$")
]


class ActionCard(Node):
    """One card of the Action Deck [003 24.1-24.5]: a dice card shows a black die for the Axis
    and a green die for the Allied player, either of which may be "?" (an event); a Deus Ex
    Machina card (red title) shows no dice and is held by the player who draws it."""

    id: CardId
    """A stable name for the card (`c01`, `dem3`): the order that plays a held card names it."""
    black: CardDie = None
    """The Axis player's die: 1-6, or `event`."""
    green: CardDie = None
    """The Allied player's die: 1-6, or `event`."""
    deus_ex_machina: bool = False
    """A Deus Ex Machina card: no dice, held up to three a player [003 24.5]."""
    title: str = Field("", max_length=80)
    """A Deus Ex Machina card's title (red on the card)."""
    text: str = Field("", max_length=400)
    """The event description read when a "?" sends a player to this card [003 24.2], or the
    Deus Ex Machina card's text. "the enemy" in it turns the effect on the other side."""
    effect: CardEffect = CardEffect.NOTHING
    """What the engine does with the event or the played card."""
    amount: int = Field(0, ge=-6, le=6)
    """Points or die pips of `activation_points`, `initiative` and `die_modifier`."""


def names_the_enemy(text: str) -> bool:
    """Whether a card's text turns its effect on the other player [003 24.2]: "unless the text
    of the event specifies 'the enemy'".

    >>> names_the_enemy("The enemy's radio fails."), names_the_enemy("Enemy fire slackens.")
    (True, False)
    """
    return "the enemy" in text.lower()

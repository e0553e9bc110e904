"""The Action Deck of optional rule 24, Battlefield Chaos [003 24.0-24.5], as title data: the rules
describe how the deck is drawn but do not print its cards, so a title enters them in its ruleset
tables (`RulesetTables.action_deck`), each card with its dice, its event and what the engine does
when the event or Deus Ex Machina card is played.

A card is one row, so the Ruleset Tables panel edits the deck as a grid. A die is 1-6 or `event`
(the card's "?" for that side [003 24.2]; `'?'` is read too, in quotes: a bare `?` is YAML syntax).
Who an event or a played card acts on is the card's `applies_to`; a file written before the field
existed reads it from the text as the engine did ("the enemy" in it) [003 24.2].
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, StringConstraints, WithJsonSchema, model_validator

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
    Annotated[int, Field(ge=1, le=6)] | Literal["event"] | None,
    BeforeValidator(_die),
    # Both spellings of an event in the JSON Schema, so a schema-aware editor takes '?' too.
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "integer", "minimum": 1, "maximum": 6},
                {"type": "string", "enum": [EVENT, "?"]},
                {"type": "null"},
            ]
        }
    ),
]
"""A side's die on a card: 1-6, `event` ("?"), or none (a Deus Ex Machina card)."""


class CardEffect(StrEnum):
    """What the engine does when a card's event or a held Deus Ex Machina card is played, for the
    side the card's `applies_to` names [003 24.2]; an effect that cannot act is "nothing
    happened" [003 24.2]."""

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


class CardTarget(StrEnum):
    """Who a card's event or played card acts on [003 24.2]: "the side drawing the card, unless
    the text of the event specifies 'the enemy'"."""

    DRAWER = "drawer"
    """The side that drew the card (or plays the held card)."""
    ENEMY = "enemy"
    """The other side: the text names "the enemy"."""


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
    """The Axis player's die: 1-6, or an event: `event` or `'?'` (in quotes: a bare ? is YAML
    syntax)."""
    green: CardDie = None
    """The Allied player's die: 1-6, or an event: `event` or `'?'` (in quotes: a bare ? is YAML
    syntax)."""
    deus_ex_machina: bool = False
    """A Deus Ex Machina card: no dice, held up to three a player [003 24.5]."""
    title: str = Field("", max_length=80)
    """A Deus Ex Machina card's title (red on the card)."""
    text: str = Field("", max_length=400)
    """The event description read when a "?" sends a player to this card [003 24.2], or the
    Deus Ex Machina card's text."""
    applies_to: CardTarget | None = None
    """Who the effect acts on: `drawer` (the side that drew or plays the card) or `enemy` (the
    other side) [003 24.2]. Left out (or null), it is read from the text as files written
    before the field were played: `enemy` when the text names "the enemy", else `drawer`; it
    is written out from then on."""
    effect: CardEffect = CardEffect.NOTHING
    """What the engine does with the event or the played card."""
    amount: int = Field(0, ge=-6, le=6)
    """Points or die pips of `activation_points`, `initiative` and `die_modifier`."""

    @model_validator(mode="before")
    @classmethod
    def _target_from_text(cls, data: object) -> object:
        """A card written before `applies_to` existed keeps the meaning the engine gave it,
        read from its text [003 24.2]. Never left None, so a file saves it whatever it is (a
        default the writer would leave out could not say `drawer` against the text)."""
        if isinstance(data, dict) and data.get("applies_to") is None:
            text = data.get("text")
            enemy = isinstance(text, str) and names_the_enemy(text)
            target = CardTarget.ENEMY if enemy else CardTarget.DRAWER
            return {**data, "applies_to": target.value}
        return data


def names_the_enemy(text: str) -> bool:
    """Whether a card's English text names the other player as the one it acts on [003 24.2]:
    "unless the text of the event specifies 'the enemy'". Only the default of a card without
    `applies_to` and a warning where the two disagree read it.

    >>> names_the_enemy("The enemy's radio fails."), names_the_enemy("Enemy fire slackens.")
    (True, False)
    """
    return "the enemy" in text.lower()

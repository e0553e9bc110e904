"""The checks of a title's Action Deck [003 24.0-24.5] (`schemas.tactical_gamex.action_deck`):
its shape (errors: a dice card with both dice, a Deus Ex Machina card with none, ids once, a
deck the engine can always read a die from) and what the text states of it (warnings: six Deus
Ex Machina cards, events with a text to read). Codes TGX070-TGX073."""

from __future__ import annotations

from collections import Counter

from schemas.problems import Problem, error, warning
from schemas.tactical_gamex.action_deck import EFFECTS_WITH_AMOUNT, EVENT, ActionCard, CardEffect
from schemas.tactical_gamex.situation import SituationFile
from schemas.tactical_gamex.tables import RulesetTables
from schemas.tactical_gamex.vocabulary import OptionalRule

DEM_CARDS = 6
"""Deus Ex Machina cards in the published deck [003 24.5]; another count is a house rule."""

DIE_COLOURS = (("black", "Axis"), ("green", "Allied"))


def check_deck(tables: RulesetTables) -> list[Problem]:
    """Every problem of the tables' Action Deck (none for a title without one)."""
    deck = tables.action_deck
    if not deck:
        return []
    problems: list[Problem] = []
    for where, card in enumerate(deck):
        problems += _card_problems(card, where)
    for card_id, count in Counter(c.id for c in deck).items():
        if count > 1:
            first = next(i for i, c in enumerate(deck) if c.id == card_id)
            problems.append(
                error(
                    "TGX071",
                    f"the Action Deck has {count} cards named {card_id}; a played card is "
                    "named by its id",
                    path=("action_deck", first, "id"),
                )
            )
    problems += _deck_problems(deck)
    return problems


def _card_problems(card: ActionCard, where: int) -> list[Problem]:
    path = ("action_deck", where)
    problems: list[Problem] = []
    if card.deus_ex_machina:
        if card.black is not None or card.green is not None:
            problems.append(
                error(
                    "TGX071",
                    f"card {card.id} is a Deus Ex Machina card, held when drawn: it shows no "
                    "dice [003 24.5]",
                    path=(*path, "black" if card.black is not None else "green"),
                )
            )
    else:
        for colour, side in DIE_COLOURS:
            if getattr(card, colour) is None:
                problems.append(
                    error(
                        "TGX071",
                        f"card {card.id} needs a {colour} die for the {side} player, 1-6 or "
                        "event [003 24.1]",
                        path=(*path, colour),
                    )
                )
    if card.effect in EFFECTS_WITH_AMOUNT and card.amount == 0:
        problems.append(
            warning(
                "TGX072",
                f"card {card.id}: {card.effect.value} with an amount of 0 changes nothing",
                path=(*path, "amount"),
            )
        )
    if card.effect not in EFFECTS_WITH_AMOUNT and card.amount != 0:
        problems.append(
            warning(
                "TGX072",
                f"card {card.id}: {card.effect.value} does not read the amount {card.amount}",
                path=(*path, "amount"),
            )
        )
    return problems


def _deck_problems(deck: list[ActionCard]) -> list[Problem]:
    problems: list[Problem] = []
    dice_cards = [c for c in deck if not c.deus_ex_machina]
    for colour, side in DIE_COLOURS:
        faces = [getattr(c, colour) for c in dice_cards if getattr(c, colour) not in (None, EVENT)]
        if not faces:
            problems.append(
                error(
                    "TGX070",
                    f"the Action Deck has no {colour} die 1-6: the {side} player could never "
                    "read a result [003 24.1]",
                    path=("action_deck",),
                )
            )
            continue
        shares = Counter(faces)
        if len({shares.get(face, 0) for face in range(1, 7)}) > 1:
            spread = ", ".join(f"{face}x{shares.get(face, 0)}" for face in range(1, 7))
            problems.append(
                warning(
                    "TGX073",
                    f"the {colour} dice of the Action Deck do not give each face its share "
                    f"({spread}): the cards do not roll as a die would",
                    path=("action_deck",),
                )
            )
    dem = sum(1 for c in deck if c.deus_ex_machina)
    if dem != DEM_CARDS:
        problems.append(
            warning(
                "TGX073",
                f"the Action Deck has {dem} Deus Ex Machina cards; the rules' deck has "
                f"{DEM_CARDS} [003 24.5]",
                path=("action_deck",),
            )
        )
    has_events = any(EVENT in (c.black, c.green) for c in dice_cards)
    if has_events and not any(c.text for c in dice_cards):
        problems.append(
            warning(
                "TGX073",
                "the Action Deck has events (?) but no card has an event text to read "
                "[003 24.2]: every event will be 'nothing happened'",
                path=("action_deck",),
            )
        )
    return problems


def check_chaos_switch(situation: SituationFile, tables: RulesetTables) -> list[Problem]:
    """A situation turning Battlefield Chaos on needs its tables to hold an Action Deck [003
    24.1]."""
    if OptionalRule.BATTLEFIELD_CHAOS not in situation.optional_rules or tables.action_deck:
        return []
    where = situation.optional_rules.index(OptionalRule.BATTLEFIELD_CHAOS)
    return [
        error(
            "TGX070",
            "Battlefield Chaos (rule 24) draws cards from the Action Deck, and the ruleset "
            "tables have none: enter the deck in the tables' action_deck",
            path=("optional_rules", where),
        )
    ]


def effect_label(effect: CardEffect, amount: int) -> str:
    """A card's effect in words, for the log and the test-play panel."""
    if effect is CardEffect.ACTIVATION_POINTS:
        return f"{amount:+d} activation point(s) this impulse"
    if effect is CardEffect.INITIATIVE:
        return f"{amount:+d} to the next initiative die"
    if effect is CardEffect.DIE_MODIFIER:
        return f"{amount:+d} to the next die result"
    if effect is CardEffect.DISRUPT_UNIT:
        return "a unit disrupted"
    if effect is CardEffect.RALLY_UNIT:
        return "a disrupted unit rallied"
    return "nothing"

"""Battlefield Chaos, optional rule 24 [003 24.0-24.5]: the title's Action Deck drawn in place of
the dice. `CardDice` answers every roll the engine makes (`d6`, `two_d6`, `d66`) with a card,
so no rule needs to know whether dice or cards decide it; the side whose die is read is set
around the rolls made for the other player (`drawing`).

The decisions where the text is silent or open are in the docstrings of the functions that
apply them: who draws and how two dice are read (`CardDice._read`), which card an event is read
from, when an event cannot apply, continuance (`CardDice._event`), the fourth Deus Ex Machina
card (`CardDice._receive`), when a held card is played and what it costs (`CardDice.play`), the
pool of a player who passes (`draw_pool`). The deck's order is hidden: a card drawn is a die
seen (no take-back past it); a card played without a draw may be taken back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.dice import Dice
from engine.tactical_gamex.chaos_events import (
    CardDrawn,
    CardHeld,
    CardLost,
    CardPlayed,
    ChaosEvent,
    DeckReshuffled,
    DiceInstead,
)
from engine.tactical_gamex.orders import PlayCard
from schemas.tactical_gamex.action_deck import EVENT, ActionCard, CardEffect, names_the_enemy
from schemas.tactical_gamex.deck_checks import effect_label
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.tactical_gamex.state import TgxState
    from engine.tactical_gamex.units import Unit

BATTLEFIELD_CHAOS = "battlefield_chaos"
MAX_HELD = 3
"""Deus Ex Machina cards a player may hold [003 24.5]."""


def _other(side: Side) -> Side:
    return Side.AXIS if side is Side.ALLIED else Side.ALLIED


@dataclass(frozen=True, slots=True)
class Card:
    """A card of the Action Deck: its dice (None for "?" or for a Deus Ex Machina card)."""

    id: str
    black: int | None
    green: int | None
    dem: bool = False
    title: str = ""
    text: str = ""
    effect: CardEffect = CardEffect.NOTHING
    amount: int = 0

    def die(self, side: Side) -> int | None:
        """The die the side reads: black for the Axis, green for the Allied [003 24.1]."""
        return self.black if side is Side.AXIS else self.green

    @property
    def name(self) -> str:
        return self.title or self.id


def deck_of(cards: Sequence[ActionCard]) -> tuple[Card, ...]:
    """The engine's cards of the title's deck."""

    def die(value: int | str | None) -> int | None:
        return None if value is None or value == EVENT else int(value)

    return tuple(
        Card(
            c.id,
            die(c.black),
            die(c.green),
            c.deus_ex_machina,
            c.title,
            c.text,
            c.effect,
            c.amount,
        )
        for c in cards
    )


class CardDice(Dice):
    """The Action Deck behind the dice interface: every roll draws cards [003 24.1].

    >>> deck = [Card(f"c{i}", i, 7 - i) for i in range(1, 7)]
    >>> dice = CardDice(3, deck)
    >>> sorted(dice.d6() for _ in range(6))  # the Allied (acting by default) read green
    [1, 2, 3, 4, 5, 6]
    """

    def __init__(self, seed: int, cards: Sequence[Card]) -> None:
        super().__init__(seed)
        self.cards = {c.id: c for c in cards}
        self.order = tuple(c.id for c in cards)
        self.pile: list[str] = []
        self.held: dict[Side, list[str]] = {Side.ALLIED: [], Side.AXIS: []}
        self.removed: set[str] = set()
        self.die_bonus: dict[Side, int] = {}
        self.initiative_bonus: dict[Side, int] = {}
        self.side: Side | None = None
        self.purpose = ""
        self.pending: list[object] = []
        """Events of the deck not yet in the game's log."""
        self.last: CardDrawn | None = None
        """The last card drawn, for the test-play window."""
        self.state: TgxState | None = None
        self._reshuffle("")

    # --- the dice interface ------------------------------------------------------------------

    def d6(self) -> int:
        return self._read(1, "d6")[0]

    def two_d6(self) -> int:
        first, second = self._read(2, "2d6")
        return first + second

    def d66(self) -> int:
        first, second = self._read(2, "d66")
        return first * 10 + second

    def copy(self) -> CardDice:
        clone = super().copy()
        assert isinstance(clone, CardDice)
        clone.pile = list(self.pile)
        clone.held = {side: list(cards) for side, cards in self.held.items()}
        clone.removed = set(self.removed)
        clone.die_bonus = dict(self.die_bonus)
        clone.initiative_bonus = dict(self.initiative_bonus)
        clone.pending = list(self.pending)
        clone.state = None
        return clone

    def bind(self, state: TgxState) -> None:
        """The state whose units and pool the events act on (a state's copy binds its own)."""
        self.state = state

    # --- drawing -----------------------------------------------------------------------------

    @property
    def left(self) -> int:
        """Cards left to draw before a reshuffle."""
        return len(self.pile)

    def drawing_side(self) -> Side:
        if self.side is not None:
            return self.side
        return self.state.acting if self.state is not None else Side.ALLIED

    def _turn(self) -> int:
        return self.state.turn if self.state is not None else 0

    def _read(self, count: int, kind: str) -> list[int]:
        """The die or dice of one roll, read from cards [003 24.1].

        Decisions (the text is silent): the player the roll is for draws (`drawing`); two dice
        are the two colours of one card, the drawing side's own first (the tens of an 11-66),
        and a "?" on either is the drawing side's event [003 24.2]; a die modifier played or
        drawn earlier acts on this result and is spent."""
        side = self.drawing_side()
        card = self._draw(side)
        values = _values(card, side, count)
        self._log_draw(side, card, values)
        if values is None:
            values = self._event(side, count)
        bonus = self.die_bonus.pop(side, 0)
        if bonus:
            values = _modified(values, kind, bonus)
        return values

    def _event(self, side: Side, count: int) -> list[int]:
        """A random event [003 24.2, 24.3]; the values that then decide the action.

        Decisions: the event is the text of the next card drawn (24.2 "draw another card, and
        read the event description"), and that card's dice are the ones used when the event
        "cannot be applied" (24.2); a card that would itself be an event for this read is the
        "another event" 24.2 discards; an effect of `nothing` is an event the engine cannot
        apply. Only an event that acted is followed by the reshuffle and new card of 24.3, and
        a "?" on that card by real dice from the game's generator. A deck holding no card this
        read can use (never one the checks pass) falls back to dice after one pass."""
        reader = self._draw(side)
        values = _values(reader, side, count)
        tries = 0
        while values is None and tries <= len(self.cards):
            self._log_draw(side, reader, None, "another event: discarded")
            reader = self._draw(side)
            values = _values(reader, side, count)
            tries += 1
        if values is None:  # a deck of events only: the dice decide (never in a checked deck)
            return self._real_dice(side, reader, count)
        self._log_draw(side, reader, values, "read for the event")
        target = _other(side) if names_the_enemy(reader.text) else side
        unit = _act(self.state, reader.effect, reader.amount, target, "")
        self.pending.append(
            ChaosEvent(
                self._turn(),
                reader.id,
                reader.text,
                target,
                unit is not None,
                effect_label(reader.effect, reader.amount),
                unit or "",
                self._hex_of(unit),
            )
        )
        if unit is None:
            return values  # nothing happened: the event card's dice stand [003 24.2]
        self._reshuffle("an event resolved")
        card = self._draw(side)
        after = _values(card, side, count)
        self._log_draw(side, card, after, "after the event")
        if after is None:
            return self._real_dice(side, card, count)
        return after

    def _real_dice(self, side: Side, card: Card, count: int) -> list[int]:
        values = [super(CardDice, self).d6() for _ in range(count)]
        self.pending.append(DiceInstead(self._turn(), side, card.id, tuple(values)))
        return values

    def _draw(self, side: Side) -> Card:
        """The next dice card; Deus Ex Machina cards on the way are held [003 24.5]. The deck
        is reshuffled "as soon as the last card ... has been used" [003 24.4]: when its last
        card is drawn, so it is never shown empty."""
        while True:
            assert self.pile, "an Action Deck always keeps its dice cards"
            card = self.cards[self.pile.pop()]
            if not self.pile and not card.dem:
                self._reshuffle("the deck ran out")  # [003 24.4]
            if not card.dem:
                return card
            self._receive(side, card)

    def _receive(self, side: Side, card: Card) -> None:
        """A Deus Ex Machina card drawn goes to the drawing side's hand and the deck is
        reshuffled [003 24.4, 24.5]. Decision (24.5 "the opposing player draws one of the four
        cards at random" says nothing of keeping it, digest B.15's reading): the card the
        opponent draws from the four leaves the game, as a played card does; drawing then goes
        on for the roll."""
        hand = self.held[side]
        hand.append(card.id)
        self.pending.append(CardHeld(self._turn(), side, card.id, card.name))
        if len(hand) > MAX_HELD:
            lost = self._random.choice(hand)  # the opponent's blind draw of the four
            hand.remove(lost)
            self.removed.add(lost)
            self.pending.append(CardLost(self._turn(), side, lost, self.cards[lost].name))
        self._reshuffle("a Deus Ex Machina card received")  # [003 24.4]

    def _reshuffle(self, why: str) -> None:
        out = self.removed.union(*self.held.values())
        self.pile = [c for c in self.order if c not in out]
        self._random.shuffle(self.pile)
        if why:
            self.pending.append(DeckReshuffled(self._turn(), why, len(self.pile)))

    def _log_draw(
        self, side: Side, card: Card, values: list[int] | None, purpose: str = ""
    ) -> None:
        event = CardDrawn(
            self._turn(),
            side,
            card.id,
            card.black,
            card.green,
            tuple(values or ()),
            ", ".join(p for p in (self.purpose, purpose) if p),
        )
        self.last = event
        self.pending.append(event)

    # --- held cards ----------------------------------------------------------------------------

    def play(self, side: Side, card_id: str, unit: str) -> list[object]:
        """Play a held Deus Ex Machina card [003 24.5]; ValueError when it cannot act now.

        Decisions: a card is played by the side acting, by an order of its own before the order
        whose result it is to change ("prior to determining the result"), so modifiers wait for
        that side's next result and activation points need its impulse with the pool drawn; a
        card that cannot act is refused and stays held; playing activates no unit and spends no
        point [003 4.2.2]; "the enemy" in its text turns it on the opponent as an event's
        does [003 24.2]."""
        if card_id not in self.held[side]:
            raise ValueError(f"{side.value} holds no card {card_id}")
        card = self.cards[card_id]
        target = _other(side) if names_the_enemy(card.text) else side
        acted = _act(self.state, card.effect, card.amount, target, unit)
        if acted is None:
            raise ValueError(
                f"\u201c{card.name}\u201d cannot act now ({effect_label(card.effect, card.amount)}"
                f" for {target.value})"
            )
        self.held[side].remove(card_id)
        self.removed.add(card_id)
        self.pending.append(
            CardPlayed(
                self._turn(),
                side,
                card_id,
                card.name,
                target,
                effect_label(card.effect, card.amount),
                acted,
                self._hex_of(acted),
            )
        )
        self._reshuffle("a Deus Ex Machina card played")
        return self.drain()

    def _hex_of(self, unit: str | None) -> tuple[int, int] | None:
        """Where the unit a card acted on stands, for the log's click."""
        found = self.state.units.get(unit) if self.state is not None and unit else None
        return found.hex if found is not None else None

    def drain(self) -> list[object]:
        events, self.pending = self.pending, []
        return events


def _values(card: Card, side: Side, count: int) -> list[int] | None:
    """What the side reads: its die, or its die and the other's; None for an event."""
    own, other = card.die(side), card.die(_other(side))
    if own is None or (count == 2 and other is None):
        return None
    return [own] if count == 1 else [own, other]  # type: ignore[list-item]


def _modified(values: list[int], kind: str, bonus: int) -> list[int]:
    """A die modifier of a card on the next result: a die within 1-6, a sum within 2-12 (on the
    first die as far as it goes, then the second), an 11-66's units die within 1-6."""
    if kind == "d66":
        return [values[0], min(max(values[1] + bonus, 1), 6)]
    if kind == "2d6":
        total = min(max(values[0] + values[1] + bonus, 2), 12)
        first = min(max(total - values[1], 1), 6)
        return [first, total - first]
    return [min(max(values[0] + bonus, 1), 6)]


# --- effects ------------------------------------------------------------------------------------


def _act(
    state: TgxState | None, effect: CardEffect, amount: int, side: Side, unit: str
) -> str | None:
    """Carry out a card's effect for `side`: None when it cannot act, else the unit it acted on
    ("" for none). A named unit must be one the effect may act on."""
    if state is None or effect is CardEffect.NOTHING:
        return None
    dice = state.dice
    assert isinstance(dice, CardDice)
    if effect is CardEffect.ACTIVATION_POINTS:
        if state.acting is not side or state.pool_pending or state.phase.value != "activation":
            return None
        state.pool = max(state.spent, state.pool + amount)
        return ""
    if effect is CardEffect.INITIATIVE:
        dice.initiative_bonus[side] = dice.initiative_bonus.get(side, 0) + amount
        return ""
    if effect is CardEffect.DIE_MODIFIER:
        dice.die_bonus[side] = dice.die_bonus.get(side, 0) + amount
        return ""
    chosen = _choose(dice, _able(state, effect, side), unit)
    if chosen is None:
        return None
    if effect is CardEffect.DISRUPT_UNIT:
        from engine.tactical_gamex import combat  # noqa: PLC0415 (combat draws through this module)

        dice.pending.extend(combat.disrupt(state, chosen))
    else:
        chosen.disrupted = False  # a rally without a check [003 7.3]
    return chosen.id


def _able(state: TgxState, effect: CardEffect, side: Side) -> list[Unit]:
    """The units a disruption (good order) or a rally (disrupted) may act on: on the board,
    not carried."""
    disrupting = effect is CardEffect.DISRUPT_UNIT
    return [
        u for u in state.iter_units(side) if u.carrier is None and u.disrupted is not disrupting
    ]


def card_unit(state: TgxState, card_id: str, unit: str) -> str:
    """`unit` if the acting side's held card may name it (a rally of its own disrupted unit, a
    disruption of a unit of the side the card acts on), else "" (one drawn at random)."""
    dice = state.dice
    card = dice.cards.get(card_id) if isinstance(dice, CardDice) else None
    if card is None or card.effect not in (CardEffect.DISRUPT_UNIT, CardEffect.RALLY_UNIT):
        return ""
    side = _other(state.acting) if names_the_enemy(card.text) else state.acting
    return unit if any(u.id == unit for u in _able(state, card.effect, side)) else ""


def _choose(dice: CardDice, able: list[Unit], named: str) -> Unit | None:
    if named:
        return next((u for u in able if u.id == named), None)
    if not able:
        return None
    return dice._random.choice(sorted(able, key=lambda u: u.id))


# --- the engine's hooks ---------------------------------------------------------------------------


def draws_cards(state: TgxState) -> bool:
    return isinstance(state.dice, CardDice)


@contextmanager
def drawing(state: TgxState, side: Side | None, purpose: str = "") -> Iterator[None]:
    """Cards drawn inside are for `side` (None: the acting player) [003 24.1].

    Decision (24.1 says only that the black die is the Axis player's and the green the
    Allied's): a roll is drawn by the player it is for. The acting player draws for its orders;
    the attackers' player for any attack (opportunity fire included; a minefield's attack by
    its victim's enemy, an interdiction by the side that placed it), the defending side for AA
    fire, a unit's owner for its morale check, the landing side for airborne scatter, and each
    player for its own initiative die."""
    dice = state.dice
    if not isinstance(dice, CardDice):
        yield
        return
    before = dice.side, dice.purpose
    dice.side, dice.purpose = side, purpose
    try:
        yield
    finally:
        dice.side, dice.purpose = before


def initiative_roller(state: TgxState) -> Callable[[], int]:
    """The initiative's die, Allied then Axis as `turns.initiative` asks: with cards, each
    player draws its own and adds the initiative bonuses of its played cards [003 4.1, 24.1]."""
    dice = state.dice
    if not isinstance(dice, CardDice):
        return dice.d6
    turn = iter(_alternating())

    def roll() -> int:
        side = next(turn)
        with drawing(state, side, "initiative"):
            return dice.d6() + dice.initiative_bonus.get(side, 0)

    return roll


def _alternating() -> Iterator[Side]:
    while True:
        yield Side.ALLIED
        yield Side.AXIS


def initiative_done(state: TgxState) -> None:
    """The bonuses played for this initiative are spent."""
    if isinstance(state.dice, CardDice):
        state.dice.initiative_bonus.clear()


def draw_pool(state: TgxState) -> list[object]:
    """Draw the acting player's activation pool at its first order of the impulse [003 24.1].

    Decision: 24.1 spares a player "wishing to pass" the card, which the engine cannot know
    before the player acts; so the impulse opens without a pool and the card is drawn when the
    player gives an order that needs points (Pass and playing a held card draw none)."""
    from engine.tactical_gamex.events import PoolRolled  # noqa: PLC0415 (events imports nothing here)

    with drawing(state, state.acting, "activation pool"):
        state.pool = state.dice.d6()
    state.pool_pending = False
    return [*drain(state), PoolRolled(state.turn, state.acting, state.pool)]


def drain(state: TgxState) -> list[object]:
    """The deck's events since the last call, for the game's log."""
    dice = state.dice
    return dice.drain() if isinstance(dice, CardDice) else []


def play_card(state: TgxState, order: PlayCard) -> list[object]:
    """The acting player plays a held Deus Ex Machina card [003 24.5]."""
    dice = state.dice
    if not isinstance(dice, CardDice):
        raise ValueError("the situation does not use Battlefield Chaos (rule 24)")
    return dice.play(state.acting, order.card, order.unit)


def held(state: TgxState, side: Side) -> list[Card]:
    """The Deus Ex Machina cards a side holds, in the order received."""
    dice = state.dice
    if not isinstance(dice, CardDice):
        return []
    return [dice.cards[c] for c in dice.held[side]]


def sensible_plays(state: TgxState, side: Side) -> list[PlayCard]:
    """The held cards the computer plays now, each helping its side: activation points for
    itself in its impulse, a rally when it has a disrupted unit, a disruption of the enemy, an
    initiative bonus for itself (or malus for the enemy). Die modifiers are not played: whether
    a higher die helps depends on the roll (low passes a morale check, the CRT reads the
    title's rows), which a card does not say."""
    plays: list[PlayCard] = []
    for card in held(state, side):
        on_enemy = names_the_enemy(card.text)
        helps = {
            CardEffect.ACTIVATION_POINTS: not on_enemy and card.amount > 0,
            CardEffect.RALLY_UNIT: not on_enemy,
            CardEffect.DISRUPT_UNIT: on_enemy,
            CardEffect.INITIATIVE: (card.amount > 0) != on_enemy,
        }.get(card.effect, False)
        if helps:
            plays.append(PlayCard(card.id))
    return plays

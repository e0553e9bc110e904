"""What the Action Deck of Battlefield Chaos did [003 24.0-24.5], as immutable records with a
sentence each: cards drawn in place of dice, random events, Deus Ex Machina cards held, lost and
played, reshuffles and the real dice of a continuance."""

from __future__ import annotations

from dataclasses import dataclass

from schemas.vocabulary import Side


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """A card drawn for a side's die or dice [003 24.1]; `values` is what the side read from it
    (none when it showed "?": an event, or the card was only read for its event)."""

    turn: int
    side: Side
    card: str
    black: int | None
    green: int | None
    values: tuple[int, ...]
    purpose: str = ""

    def describe(self) -> str:
        def die(value: int | None) -> str:
            return "?" if value is None else str(value)

        read = "+".join(str(v) for v in self.values) if self.values else "?"
        why = f" ({self.purpose})" if self.purpose else ""
        return (
            f"{self.side.value} draws card {self.card}: black {die(self.black)}, green "
            f"{die(self.green)}, reads {read}{why}"
        )


@dataclass(frozen=True, slots=True)
class ChaosEvent:
    """A random event [003 24.2]: the card read, its text, the side it acts on and whether the
    engine could apply it (if not, nothing happened and the card's die stands)."""

    turn: int
    card: str
    text: str
    side: Side
    applied: bool
    effect: str
    unit: str = ""
    hex: tuple[int, int] | None = None
    """Where the unit it acted on stands (the Test-play log centres there)."""

    def describe(self) -> str:
        what = f"{self.effect}{' on ' + self.unit if self.unit else ''}"
        verdict = f"{self.side.value}: {what}" if self.applied else "cannot apply: nothing happens"
        return f"random event (card {self.card}) \u201c{self.text}\u201d - {verdict}"


@dataclass(frozen=True, slots=True)
class DeckReshuffled:
    """The Action Deck reshuffled [003 24.3, 24.4]: emptied, a Deus Ex Machina card received
    or played, or an event resolved."""

    turn: int
    why: str
    cards: int

    def describe(self) -> str:
        return f"the Action Deck is reshuffled ({self.why}): {self.cards} cards"


@dataclass(frozen=True, slots=True)
class CardHeld:
    """A side drew a Deus Ex Machina card and holds it [003 24.5]."""

    turn: int
    side: Side
    card: str
    title: str

    def describe(self) -> str:
        return f"{self.side.value} holds Deus Ex Machina card {self.card} \u201c{self.title}\u201d"


@dataclass(frozen=True, slots=True)
class CardLost:
    """A side drew a fourth Deus Ex Machina card: the opponent drew one of the four at random,
    which leaves the game [003 24.5]."""

    turn: int
    side: Side
    card: str
    title: str

    def describe(self) -> str:
        return (
            f"{self.side.value} would hold a fourth Deus Ex Machina card: the opponent draws "
            f"{self.card} \u201c{self.title}\u201d from the four and it leaves the game"
        )


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A side played a held Deus Ex Machina card, removed from the game [003 24.5]."""

    turn: int
    side: Side
    card: str
    title: str
    on: Side
    effect: str
    unit: str = ""
    hex: tuple[int, int] | None = None
    """Where the unit it acted on stands."""

    def describe(self) -> str:
        target = f" on {self.unit}" if self.unit else ""
        return (
            f"{self.side.value} plays \u201c{self.title}\u201d ({self.card}): {self.effect}"
            f"{target} for {self.on.value}"
        )


@dataclass(frozen=True, slots=True)
class DiceInstead:
    """Continuance [003 24.3]: the card drawn after an event was another event, so real dice
    decided the action."""

    turn: int
    side: Side
    card: str
    values: tuple[int, ...]

    def describe(self) -> str:
        read = "+".join(str(v) for v in self.values)
        return f"card {self.card} is another event: {self.side.value} rolls dice instead, {read}"


@dataclass(frozen=True, slots=True)
class ImpulseOpened:
    """An impulse began with the Action Deck: its player draws the pool at its first order, or
    passes without a card [003 24.1]."""

    turn: int
    side: Side

    def describe(self) -> str:
        return f"{self.side.value} impulse: the pool is drawn at the first order"

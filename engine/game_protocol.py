"""What the editor's test-play, `hexwright replay`, the computer player and the balance lab need
from a game of any ruleset: orders as values carried out by `apply`, the log of events, the side
giving orders now, the turn, the end and its result, taking back, and the same seed and orders
giving the same game. The Panzer Campaigns `engine.panzer_campaigns.game.Game` and the Tactical
GameX
`engine.tactical_gamex.game.TacticalGame` both satisfy it (checked by mypy below each class and
by `tests/engine/test_game_protocol.py`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from schemas.vocabulary import Side


@runtime_checkable
class Described(Protocol):
    """An order or an event: an immutable value with a sentence for a report or a menu."""

    def describe(self) -> str:
        """One phrase or sentence a player reads."""
        ...


class Ending(Protocol):
    """How a game ended: its last turn and its outcome (a victory level's name)."""

    @property
    def turn(self) -> int: ...

    @property
    def outcome(self) -> str: ...


class PlayableGame(Protocol):
    """A game in progress as the players, replay and the balance lab drive it.

    `orders` are the orders carried out, in order (taken-back ones are not in it), so applying
    them to a new game of the same scenario and seed replays the same `log`; `apply` raises
    ValueError (with a message a player reads) when the rules forbid an order, and then nothing
    changed. `undo` takes back the last order if no die the player saw was rolled since.
    """

    @property
    def orders(self) -> Sequence[object]: ...

    @property
    def log(self) -> Sequence[object]: ...

    @property
    def turn(self) -> int:
        """The current game turn, from 1."""
        ...

    @property
    def acting(self) -> Side:
        """The side that gives orders now."""
        ...

    @property
    def phase(self) -> object:
        """The phase under way as the ruleset names it (None when it has none): Tactical
        GameX's `setup` before turn 1, while `acting` is the side setting up; Panzer Campaigns'
        phased play."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    @property
    def result(self) -> Ending | None:
        """How it ended, None while it goes on."""
        ...

    @property
    def can_undo(self) -> bool: ...

    def apply(self, order: Any) -> Sequence[object]:
        """Carry out an order; the events it caused."""
        ...

    def undo(self) -> object:
        """Take back the last order and return it; ValueError when none may be."""
        ...


if TYPE_CHECKING:
    from engine.panzer_campaigns.game import Game
    from engine.tactical_gamex.game import TacticalGame

    def _both_are_playable(pzc: Game, tgx: TacticalGame) -> tuple[PlayableGame, PlayableGame]:
        """mypy checks here that both rulesets' games satisfy the protocol."""
        return pzc, tgx

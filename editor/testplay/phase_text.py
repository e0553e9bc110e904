"""How test-play names where a phased game stands [000 13.3]: the turn read-out with its phase
and the End Phase / End Player Turn action, so the dock and the Play menu say the same thing.
Free of Qt, so the command line and tests read the same words."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.panzer_campaigns.game import Game


def turn_text(game: Game, last_turn: int) -> str:
    """The turn read-out: "3 of 12", and in a phased game "3 of 12 · Allied Offensive Fire"."""
    text = f"{game.turn} of {last_turn}"
    phase = game.phase
    return text if phase is None else f"{text} · {phase.describe()}"


def end_text(game: Game | None) -> tuple[str, str]:
    """The text and tip of the action that ends what is being played: the phase in a phased
    game, the player turn otherwise."""
    if game is not None and game.phase is not None:
        return (
            "End Phase",
            "End this phase: the next phase of the turn starts (under Automatic Defensive Fire "
            "the engine plays the Defensive Fire Phase) [000 13.3]",
        )
    return (
        "End Player Turn",
        "End this player turn: the other side moves next, or the next game turn starts",
    )

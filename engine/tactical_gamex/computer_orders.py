"""The computer's hooks for the optional rules' orders, so `computer` gives them through one
import: Mobile Fire kept for later (`computer_mobile_fire`), stressed indirect fire
(`computer_stress`), on-board interdiction (`computer_interdiction`) and the held die
modifiers it plays, on its own rolls (`chaos_policy`) or the enemy's (`computer_cards`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.tactical_gamex import computer_artillery
from engine.tactical_gamex.chaos_policy import modifier_to_play
from engine.tactical_gamex.computer_cards import enemy_modifier_to_play
from engine.tactical_gamex.computer_interdiction import interdictions
from engine.tactical_gamex.computer_mobile_fire import advance, kept
from engine.tactical_gamex.computer_stress import stressed
from engine.tactical_gamex.orders import PlayCard, TgxOrder
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import Unit
from schemas.vocabulary import Side

__all__ = ["advance", "card_to_play", "indirect_shots", "interdictions", "kept"]
Offset = tuple[int, int]


def indirect_shots(
    state: TgxState, side: Side, ready: list[Unit], goals: list[Offset]
) -> Iterator[TgxOrder]:
    """The guns' indirect fire (`computer_artillery.indirect_shots`), each shot worth the
    Combat Stress first in its stressed form [003 12.2] (`computer_stress.stressed`)."""
    yield from stressed(state, computer_artillery.indirect_shots(state, side, ready, goals), goals)


def card_to_play(state: TgxState, side: Side, drawn: Sequence[object]) -> PlayCard | None:
    """The held die modifier to play before an order that drew `drawn` on a copy [003 24.5]:
    one that helps the side's own first roll in it, else one on the enemy that worsens the
    enemy's first roll in it."""
    return modifier_to_play(state, side, drawn) or enemy_modifier_to_play(state, side, drawn)

"""When the computer plays a held die-modifier card of Battlefield Chaos [003 24.5]: just before
an order whose first die its own side reads is one the modifier helps whatever it shows, so a
card never waits in the hand for a roll it would spoil."""

from __future__ import annotations

from collections.abc import Sequence

from engine.tactical_gamex import chaos
from engine.tactical_gamex.chaos_events import CardDrawn
from engine.tactical_gamex.orders import PlayCard
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.tables import Crt, Result
from schemas.tactical_gamex.action_deck import CardEffect
from schemas.vocabulary import Side

HIGH_HELPS = ("activation pool", "initiative")
"""Rolls where more is never worse for the side reading them: its pool [003 4.2.1], its
initiative die [003 4.1]."""
LOW_HELPS = (
    "morale check",  # 2d6 at most the nation's level passes [003 7.1]
    "Banzai morale check",
    "spotting",  # at most the needed roll spots [003 6.3.8]
    "air spotting",
    "quick-time fatigue",  # 4 or more disrupts [003 15.2]
    "engineers",  # 1-5 places the block, at most the threshold blows the bridge [003 9.2]
    "artillery availability",  # a morale check of the battery's nation [003 6.4.4]
    "artillery accuracy",  # 1-2 hits, less the points spent to lower it [003 6.4.4]
    "counter-battery availability",
    "counter-battery accuracy",
    "battery rally",
)
"""Rolls where less is never worse for the side reading them."""
ATTACKS = (
    "direct fire",
    "indirect fire",
    "opportunity fire",
    "close assault",
    "overrun",
    "mobile fire",
    "air attack",
    "naval fire",
    "counter-battery fire",
)
"""The attacker's CRT die [003 6.3.4]: which way helps depends on the title's table."""
SEVERITY = {Result.NONE: 0, Result.D: 1, Result.DD: 2, Result.X: 3}


def low_helps_attacker(crt: Crt) -> bool:
    """Whether a lower die is never worse for the attacker on any column of the title's CRT."""
    return all(
        SEVERITY[low[column]] >= SEVERITY[high[column]]
        for low, high in zip(crt.rows, crt.rows[1:], strict=False)
        for column in range(len(low))
    )


def high_helps_attacker(crt: Crt) -> bool:
    return all(
        SEVERITY[low[column]] <= SEVERITY[high[column]]
        for low, high in zip(crt.rows, crt.rows[1:], strict=False)
        for column in range(len(low))
    )


def helpful_sign(state: TgxState, purpose: str) -> int:
    """+1 when a higher result of the roll `purpose` names never hurts the side reading it, -1
    when a lower one never does, 0 when it depends (or the roll is not one listed here)."""
    roll = purpose.split(", ", maxsplit=1)[0]
    if roll in HIGH_HELPS:
        return 1
    if roll.startswith(LOW_HELPS):
        return -1
    if roll in ATTACKS:
        if low_helps_attacker(state.tables.crt):
            return -1
        if high_helps_attacker(state.tables.crt):
            return 1
    return 0


def modifier_to_play(state: TgxState, side: Side, drawn: Sequence[object]) -> PlayCard | None:
    """A held die modifier of `side` to play before an order that drew `drawn` on a copy.

    Decision (24.5 says only that a card is played "prior to determining the result"; the
    modifier acts on the side's next die [`CardEffect.DIE_MODIFIER`]): the computer plays one
    only when the first die its own side reads in the order is a roll the modifier's sign
    always helps (a die kept within 1-6 or a sum within 2-12 never goes the wrong way), so the
    card cannot be left waiting for a roll it would spoil. A modifier that applies to the enemy
    is never played: the enemy's next roll is not known."""
    first = next((e for e in drawn if isinstance(e, CardDrawn) and e.side is side), None)
    if first is None:
        return None
    sign = helpful_sign(state, first.purpose)
    if sign == 0:
        return None
    for card in chaos.held(state, side):
        if card.effect is CardEffect.DIE_MODIFIER and not card.on_enemy and card.amount * sign > 0:
            return PlayCard(card.id)
    return None

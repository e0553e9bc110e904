"""The computer's held Battlefield Chaos cards that act on the enemy [003 24.2, 24.5]: a die
modifier applying to the enemy, played just before an order of its own that brings an enemy
roll the modifier worsens whatever it shows (the enemy's opportunity fire at a mover, an
interdiction or mine attack, a morale check it forces).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.tactical_gamex import chaos
from engine.tactical_gamex.chaos_events import CardDrawn
from engine.tactical_gamex.chaos_policy import helpful_sign, high_helps_attacker, low_helps_attacker
from engine.tactical_gamex.orders import PlayCard
from engine.tactical_gamex.state import TgxState
from schemas.tactical_gamex.action_deck import CardEffect
from schemas.vocabulary import Side

ENEMY_ATTACKS = ("interdiction", "mine attack")
"""Attacks on the computer's movers read by the enemy on the title's CRT besides the ones
`chaos_policy.ATTACKS` lists [003 8.2, 21.3]."""


def enemy_modifier_to_play(state: TgxState, side: Side, drawn: Sequence[object]) -> PlayCard | None:
    """A held die modifier of `side` that applies to the enemy, to play before an order that
    drew `drawn` on a copy of the game (`computer._dry_run`).

    Decisions: 24.5 says only that a card is played "prior to determining the result against
    which [it is] applied"; the engine lets the acting side play (`chaos.CardDice.play`), so
    the computer plays such a card in its own impulse, never in the enemy's, where the only
    enemy rolls are the ones its own orders bring about. It plays one when the first die the
    enemy reads in the order is a roll the modifier's sign always worsens for the enemy (a
    +1 on the enemy's morale check or spot, a +1 or -1 on its CRT die as the title's table
    runs, `chaos_policy.helpful_sign`), since the card then acts on that roll and no other
    (the modifier is spent on the side's next die; only when a roll before it in the order,
    drawn anew after the card's reshuffle, stops the order short does it wait for a later
    one). An order whose first enemy roll could go
    either way, or that brings none, is left alone: the card waits. The other held cards on
    the enemy (a disruption, an initiative malus) are `chaos.sensible_plays`'; activation
    points on the enemy cannot act outside its impulse (`chaos._act`) and are not played."""
    first = next((e for e in drawn if isinstance(e, CardDrawn) and e.side is not side), None)
    if first is None:
        return None
    sign = _sign(state, first.purpose)
    if sign == 0:
        return None
    for card in chaos.held(state, side):
        if card.effect is CardEffect.DIE_MODIFIER and card.on_enemy and card.amount * sign < 0:
            return PlayCard(card.id)
    return None


def _sign(state: TgxState, purpose: str) -> int:
    """Which way helps the enemy reading the roll `purpose` (`chaos_policy.helpful_sign`, and
    the attacks on movers it does not list)."""
    sign = helpful_sign(state, purpose)
    if sign or not purpose.startswith(ENEMY_ATTACKS):
        return sign
    crt = state.tables.crt
    return -1 if low_helps_attacker(crt) else 1 if high_helps_attacker(crt) else 0

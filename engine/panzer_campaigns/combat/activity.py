"""Which units saw action and when: moving, firing and assaulting, or being fired on or
assaulted, each of which keeps a unit from recovering fatigue and losses at the start of its
next turn [000 9.3, 12.0]. Movement marks its units here; fire and assault orders mark the units
they involve (`engine.panzer_campaigns.combat.losses.apply_losses` marks the units it hits).
"""

from __future__ import annotations

from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState

NEVER = -1
"""`UnitState.last_active` of a unit that has seen no action this game."""


def player_turn_index(state: GameState) -> int:
    """The player turns played before the current one: 0 for the first side's turn 1, 1 for
    the second side's, 2 for the first side's turn 2, and so on."""
    return 2 * (state.turn - 1) + state.player_turn


def mark_active(state: GameState, unit: UnitState) -> None:
    """Note that `unit` moved, fired or assaulted, or was fired on or assaulted, now."""
    unit.last_active = player_turn_index(state)


def rested_a_full_game_turn(state: GameState, unit: UnitState) -> bool:
    """Whether `unit`, at the start of its side's player turn, went through the whole game turn
    before it (its own last player turn and the enemy's since) without action: "must not move,
    fire, assault, be fired upon, or be assaulted for a complete game turn" [000 9.3], "during
    the previous turn" [000 12.0]. Decision: no unit has had a complete game turn before its
    side's second player turn, so nothing recovers on turn 1; a reinforcement counts its game
    turns from the game's start like the units placed at the start."""
    now = player_turn_index(state)
    return now >= 2 and unit.last_active < now - 2

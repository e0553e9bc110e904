"""Who may spot for indirect fire and air strikes [000 5.0, 8.4; 001 #10]: a unit that is not
Broken and, in Panzer Battles, has not moved in its side's latest player turn (nor fired, for
indirect fire); and the sentence a player reads when a hex is seen only by units that may not
spot for it.
"""

from __future__ import annotations

from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState


def side_turn_start(state: GameState, unit: UnitState) -> int:
    """The player turn index (`player_turn_index`) at which `unit`'s side's latest player turn
    began: the current one in its own player turn, the one before in the enemy's."""
    now = player_turn_index(state)
    return now if unit.side is state.phasing else now - 1


def why_not_spotter(state: GameState, unit: UnitState, *, air: bool = False) -> str | None:
    """Why `unit` may not spot for its side's indirect fire (or, with `air`, an air strike)
    now; None when it may.

    [000 5.0] "Broken units cannot perform spotting for Indirect Fire" (and for air strikes
    [000 8.4]). [001 #10] "To spot for artillery and air strikes, a unit must not have moved
    that turn"; the body of the Panzer Battles manual says of indirect fire "Units that have
    fired or moved cannot perform spotting" [001 "Indirect Fire Spotting"].

    Decisions:
    - "That turn" is the spotter's side's latest player turn: in its own player turn, a unit
      that has moved (or, for indirect fire, fired) in it; in the enemy's player turn, during
      which indirect opportunity fire may fall, a unit that moved or fired in its side's player
      turn just before. A unit moves only in its side's player turn, so this is the turn it
      could have moved in, and it does not depend on which side moves first. A unit that
      fires as opportunity fire in the enemy's player turn has fired in it too, so it spots
      for no later indirect fire of that player turn.
    - Indirect fire: moved or fired, as the body says; air strikes: moved only, as the list of
      differences says and the body's "Air Ownership" adds nothing about firing.
    - The firing artillery is one of its own spotters [000 5.0] under the same conditions: a
      battery that fired once this turn needs another unit to spot for its second fire.
    - Moved means it entered a hex (`UnitState.moved_in`); changing mode, digging in or
      patrolling without leaving the hex is not moving.
    """
    if unit.broken:
        return f"{unit.id} is Broken"
    if not state.profile.still_spotters:
        return None
    since = side_turn_start(state, unit)
    if unit.moved_in >= since:
        return f"{unit.id} moved this turn"
    if not air and unit.fired >= since:
        return f"{unit.id} fired this turn"
    return None


def unspotted_reason(
    state: GameState, seeing: list[UnitState], where: str, *, air: bool = False
) -> str:
    """The sentence for a hex that `seeing` (units of the side that see it) cannot spot for:
    why each may not, in the manual's words [001 #10]."""
    reasons = [why for u in seeing if (why := why_not_spotter(state, u, air=air)) is not None]
    what = "an air strike" if air else "indirect fire"
    rule = "[001 #10]" if state.profile.still_spotters else "[000 8.4]" if air else "[000 5.0]"
    if not reasons:
        return f"no unit that may spot for {what} sees {where}"
    shown = "; ".join(reasons[:3]) + ("; ..." if len(reasons) > 3 else "")
    return f"no unit that may spot for {what} sees {where} ({shown}) {rule}"

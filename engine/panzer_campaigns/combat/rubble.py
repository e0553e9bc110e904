"""Rubble made by fire [000 4.4, 5.1]: "Indirect Fire can sometimes create Rubble in the target
hex depending on the fire value of the firing unit and Parameter Data", in Village, Town, City
and Industrial hexes.

>>> rubble_chance(500, 20)  # half the baseline combat value, Parameter Data 20%: 10%
0.1
"""

from __future__ import annotations

from engine.panzer_campaigns.combat.events import RubbleMade
from engine.panzer_campaigns.combat.results import BASELINE_COMBAT_VALUE
from engine.panzer_campaigns.state import GameState


def rubble_chance(combat_value: float, rubble_pct: float) -> float:
    """The chance an indirect fire of `combat_value` rubbles an urban hex. Decision (the
    manual gives no formula, digest 3.1): the Parameter Data Rubble % at the baseline combat
    value of 1000 the combat results scale from [000 12.0], in proportion below and above it,
    at most 1."""
    if combat_value <= 0 or rubble_pct <= 0:
        return 0.0
    return min(combat_value / BASELINE_COMBAT_VALUE * rubble_pct / 100, 1.0)


def rubble_from_fire(state: GameState, hex_index: int, combat_value: float) -> RubbleMade | None:
    """After indirect fire at `hex_index`: an urban hex without rubble may become uncleared
    Rubble, which triples movement costs and blocks road movement [000 4.4]. Nothing is drawn
    when no rubble can be made, so other random results are unchanged."""
    board = state.board
    terrain = board.legend[board.terrain_ids[board.terrain[hex_index]]]
    chance = rubble_chance(combat_value, state.parameters.combat.rubble)
    if not terrain.urban or hex_index in state.rubble or chance <= 0:
        return None
    if state.rng.random() >= chance:
        return None
    state.rubble[hex_index] = False
    state.touch()  # movement costs through the hex changed
    return RubbleMade(state.turn, board.offset(hex_index))

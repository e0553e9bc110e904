"""The terrain a hex counts as in combat: the map's, or under Snow and Frozen conditions its
frozen substitute (Field and Marsh as Clear, Swamp as Forest) [000 11.0], so fire and assault
read the same terrain modifier.
"""

from __future__ import annotations

from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.weather import freezes_terrain
from schemas.panzer_campaigns.map import TerrainType


def terrain_of(state: GameState, hex_index: int) -> TerrainType:
    """The terrain of a hex as combat sees it. "Field and Marsh terrain is treated as Clear and
    Swamp terrain is treated as Forest when frozen" [000 11.0]: the manual says "treated as",
    not "moves as", so the substitute's defense modifier applies to fire and assault too
    (`engine.panzer_campaigns.weather.freezes_terrain` decides Snow and Frozen)."""
    board = state.board
    terrain = board.legend[board.terrain_ids[board.terrain[hex_index]]]
    if terrain.frozen_as is not None and freezes_terrain(state.weather.condition):
        return board.legend.get(terrain.frozen_as, terrain)
    return terrain

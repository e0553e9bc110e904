"""Who may do which engineering action [000 7.1] and the conditions every action shares: not
Disrupted or Broken, not in Travel or Rail Mode, not Digging-In [000 7.3, 7.4].

Decisions, with their sections:

- [000 7.1] "All Engineer units except for Engineering Vehicles" damage bridges and AT ditches,
  ferry, lay mines and clear rubble; Commandos also damage bridges and AT ditches. Bridge
  Layers only build bridges; Mine Flails only clear mines; AVREs build bridges, clear mines and
  damage AT ditches (not bridges: [7.1] lists "damage anti-tank ditches" alone for them).
- [000 7.1, 7.3] Mine clearers are units with Mine Clear or Demolition, Mine Flails and AVREs;
  a plain engineer without Mine Clear does not clear mines ("some Engineer units are also
  capable of ... Mine Clearing").
"""

from __future__ import annotations

from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import EngineeringVehicle
from schemas.panzer_campaigns.scenario import Mode


def vehicle(unit: UnitState) -> EngineeringVehicle:
    """The unit's engineering vehicle kind (NONE for other units)."""
    return unit.unit.engineering_vehicle


def is_field_engineer(unit: UnitState) -> bool:
    """An engineer unit that is no engineering vehicle: the general engineer functions."""
    return unit.unit.engineer and vehicle(unit) is EngineeringVehicle.NONE


def builds_bridges(unit: UnitState) -> bool:
    """Bridge Eng engineers, Bridge Layers and AVREs [000 7.1, 7.4]."""
    kind = vehicle(unit)
    if kind in (EngineeringVehicle.BRIDGE_LAYER, EngineeringVehicle.AVRE):
        return True
    return is_field_engineer(unit) and unit.unit.bridge_engineer


def clears_mines(unit: UnitState) -> bool:
    """Mine Clear and Demolition units, Mine Flails and AVREs [000 7.1, 7.3]."""
    static = unit.unit
    if vehicle(unit) in (EngineeringVehicle.MINE_FLAIL, EngineeringVehicle.AVRE):
        return True
    if vehicle(unit) is EngineeringVehicle.BRIDGE_LAYER:
        return False
    return static.mine_clear or static.demolition


def damages_bridges(unit: UnitState) -> bool:
    """Field engineers and Commandos [000 7.1]."""
    return is_field_engineer(unit) or unit.unit.commando


def destroys_ditches(unit: UnitState) -> bool:
    """Field engineers, Commandos and AVREs [000 7.1]."""
    return damages_bridges(unit) or vehicle(unit) is EngineeringVehicle.AVRE


def lays_mines(unit: UnitState) -> bool:
    """Field engineers [000 7.1]."""
    return is_field_engineer(unit)


def clears_rubble(unit: UnitState) -> bool:
    """Field engineers: engineering vehicles "never clear rubble" [000 7.1, 7.2]."""
    return is_field_engineer(unit)


def ferries(unit: UnitState) -> bool:
    """Field engineers ferry across rivers and canals [000 7.1, 7.5]."""
    return is_field_engineer(unit)


def unfit(unit: UnitState, *, travel_ok: bool = False) -> str | None:
    """Why the unit is in no state for engineering work, or None [000 7.3, 7.4]: Disrupted,
    Broken, in Travel or Rail Mode (unless `travel_ok`), Digging-In."""
    if unit.broken:
        return f"{unit.id} is broken"
    if unit.disrupted:
        return f"{unit.id} is disrupted"
    if unit.mode is Mode.RAIL or (unit.mode is Mode.TRAVEL and not travel_ok):
        return f"{unit.id} is in {unit.mode.value} mode; engineers work deployed"
    if unit.digging_in:
        return f"{unit.id} is digging in"
    return None


def moved_or_fired(state: GameState, unit: UnitState) -> str | None:
    """Why the unit counts as having moved or fired this player turn, or None: any movement
    points spent (a mode change included) or any combat action recorded this player turn, as
    for Digging-In [000 4.9, 7.3, 7.4]."""
    if unit.mp_spent > 0:
        return f"{unit.id} has spent movement points this turn"
    if unit.last_active == player_turn_index(state) and unit.fired == unit.last_active:
        return f"{unit.id} fired this turn"
    return None


def is_water(state: GameState, hex_index: int) -> bool:
    """Whether a hex is open water (not shallow water) [000 4.5, 7.4, 7.5]."""
    board = state.board
    return board.legend[board.terrain_ids[board.terrain[hex_index]]].water

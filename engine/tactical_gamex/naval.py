"""Naval support fire [003 10.5]: the landing side's gunfire, (H) of 20 or more, either called
as off-board artillery (`loader` makes it a battery) or fired directly from any sea hex on the
map's edge, at a range of more than six hexes."""

from __future__ import annotations

from collections.abc import Sequence

from engine.tactical_gamex.attacks import direct_fire_spec
from engine.tactical_gamex.combat import AttackSpec
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.state import Battery, TgxState
from engine.tactical_gamex.units import Unit, UnitType, Weapon

Offset = tuple[int, int]
MIN_RANGE = 7
"""Naval fire is "at a range of greater than six hexes" [003 10.5]."""


def edge_sea(state: TgxState, hex_: Offset) -> bool:
    """A sea hex (or half hex) on the board's edge [003 10.5]."""
    c, r = hex_
    grid = state.board.grid
    on_edge = c in (0, grid.width - 1) or r in (0, grid.height - 1)
    return on_edge and state.board.terrain.get(hex_) == "sea"


def naval_spec(
    state: TgxState, support: Battery, from_hex: Offset, targets: Sequence[Unit]
) -> AttackSpec:
    """The direct fire of a naval support entry from `from_hex` at spotted units of one hex,
    read as (H) direct fire on the WEC (half against armour beyond six hexes) [003 6.3.6].

    Decisions: "greater than six hexes (although all hexes can be hit)" is read as a least
    range of seven and no greatest; the ship needs a line of sight from its sea hex as any
    direct fire does [003 6.4.1]; it takes no room in the hex, being off the board's
    playing pieces."""
    if not state.board.contains(from_hex) or not edge_sea(state, from_hex):
        raise IllegalOrder(f"{from_hex} is not a sea hex on the map's edge [003 10.5]")
    if not targets or targets[0].hex is None:
        raise IllegalOrder("naval fire names units of one hex")
    if state.board.distance(from_hex, targets[0].hex) < MIN_RANGE:
        raise IllegalOrder(f"naval fire is at more than six hexes [003 10.5]; {from_hex} is closer")
    ship = Unit(
        support.id,
        support.side,
        support.nation,
        UnitType(f"naval {support.id}", support.attack, Weapon.H_INDIRECT, 999, 0, 0),
        from_hex,
    )
    spec = direct_fire_spec(state, [ship], targets)
    return AttackSpec("naval fire", (), spec.hex, spec.targets, spec.attack, spec.defense)

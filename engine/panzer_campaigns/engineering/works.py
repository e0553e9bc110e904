"""What engineers have under way and have made during a game [000 7.2-7.5]: works in progress
by unit, the bridges they built (by edge), the lanes through minefields, the AT ditches they
destroyed. One small container kept on `GameState.engineering`, deep-copied by snapshots; and
`EngineeredMap`, the part of it a step's cost reads (`engine.panzer_campaigns.movement_costs`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from engine.panzer_campaigns.board import Board


class WorkKind(StrEnum):
    """An engineering action that takes turns and succeeds by a roll each turn [000 7.2-7.4]."""

    BUILD_BRIDGE = "build_bridge"
    PONTOON = "pontoon"
    DISMANTLE = "dismantle"
    WIRE = "wire"
    LAY_MINES = "lay_mines"
    CLEAR_RUBBLE = "clear_rubble"

    @property
    def label(self) -> str:
        """How the map and the log name the work."""
        return _LABELS[self]


_LABELS = {
    WorkKind.BUILD_BRIDGE: "bridge under construction",
    WorkKind.PONTOON: "pontoon bridge under construction",
    WorkKind.DISMANTLE: "bridge being dismantled",
    WorkKind.WIRE: "bridge being wired",
    WorkKind.LAY_MINES: "mines being laid",
    WorkKind.CLEAR_RUBBLE: "rubble being cleared",
}


@dataclass(slots=True)
class Work:
    """One unit's work in progress."""

    kind: WorkKind
    hex: int
    """Where the unit works."""
    target: int = -1
    """The edge `6 * hex + direction` bridged, or the water hex of a pontoon; -1 otherwise."""
    turns: int = 0
    """Turns counted towards a pontoon's minimum (not while Disrupted or Broken) [000 7.4]."""


@dataclass(slots=True)
class BuiltBridge:
    """A bridge an engineer built and maintains [000 7.4]."""

    engineer: str
    hex: int
    """The engineer's hex (one end)."""
    target: int
    """The edge bridged (`6 * hex + direction`), or the water hex of a pontoon bridge."""
    back: int = -1
    """The same hexside seen from the other hex; -1 for a pontoon bridge."""
    pontoon: bool = False


@dataclass(slots=True)
class EngineeringState:
    """Everything engineers change during a game."""

    works: dict[str, Work] = field(default_factory=dict)
    """Works in progress by unit id."""
    bridges: dict[str, BuiltBridge] = field(default_factory=dict)
    """Bridges built, by the id of the engineer maintaining it ("Has Bridge")."""
    no_bridge: set[str] = field(default_factory=set)
    """Engineers that abandoned a bridge: "NO BRIDGE", never to build again [000 7.4]."""
    lanes: set[int] = field(default_factory=set)
    """Minefield hexes in which a clearing unit has cleared lanes [000 7.3]."""
    not_clearing: set[str] = field(default_factory=set)
    """Mine clearers a player stopped ("Clear Mines or Rubble" toggled off) [000 7.3]."""
    ditches_destroyed: set[int] = field(default_factory=set)
    """Edges (both sides) of AT ditches destroyed: no effect on movement [000 7.4]."""
    ferried_into: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Water hexes and the (turn, player turn) a unit was last ferried in: one at a time."""

    def bridge_edges(self) -> set[int]:
        """Both edges of every built hexside bridge."""
        edges: set[int] = set()
        for bridge in self.bridges.values():
            if not bridge.pontoon:
                edges.update((bridge.target, bridge.back))
        return edges

    def pontoon_hexes(self) -> set[int]:
        """Water hexes spanned by a built pontoon bridge."""
        return {b.target for b in self.bridges.values() if b.pontoon}


class EngineeredMap(NamedTuple):
    """What engineers changed on the map that steps read [000 7.4]: edges of built hexside
    bridges (both sides), water hexes of pontoon bridges, edges of destroyed AT ditches."""

    bridges: frozenset[int]
    pontoons: frozenset[int]
    ditches: frozenset[int]

    def edges_to_ask(self, board: Board) -> set[int]:
        """Edges whose static cost these changes make wrong: ask `MapCosts.options`."""
        edges = set(self.bridges) | set(self.ditches)
        for v in self.pontoons:
            for d in range(6):
                o = board.neighbors[6 * v + d]
                edges.add(6 * v + d)
                if o >= 0:
                    edges.add(6 * o + (d + 3) % 6)
        return edges

"""What painting one board hex, edge or road link writes into the panel files under it: the
new panel models of an edit, worked out on the assembled board and written in each panel's own
coordinates (turned back for a panel laid 180 degrees). Qt-free; the panel tools push the
result as one `EditPanels` step.

A board hex belongs to one panel, or on a seam to two [003 3.0, 3.2]. The decisions for seams
(the rules draw panels, they do not say how to edit them):

- A hex's own layers (terrain, hill level and mass, bridge and ford) are written to every panel
  that holds the hex, so the two halves of a seam hex always carry the same art and the board
  never warns TGX013 for a seam the designer painted. Seen from either panel alone, its half hex
  shows what the board plays.
- An edge (a hexside) or a road link joins two hexes. It is written to every panel that holds
  both of them, in that panel's coordinates; where no panel holds both (the abutting rows of
  panels laid end to end), to the panel of the hex it was painted from, so it still leads off
  that panel's edge as printed roads do. Erasing takes it out of every panel, from either side.
- A printed name is written to one panel only, the first holding its hex (`set_name`).
- The hexes of a turned panel's unnumbered strip (no address) belong to no panel: nothing is
  painted there, as nothing is printed there ("hexes without terrain art are Clear").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from schemas.tactical_gamex.board import OPPOSITE, AssembledBoard, PlacedPanel, neighbor
from schemas.tactical_gamex.panel import PanelHexside, PanelName, StreamFeature
from schemas.tactical_gamex.vocabulary import TERRAIN_CODES, HexFeature, HexsideKind, Terrain
from schemas.vocabulary import Direction

Offset = tuple[int, int]
ROAD_BITS: dict[Direction, int] = {Direction.UP: 1, Direction.UP_RIGHT: 2, Direction.DOWN_RIGHT: 4}
"""The directions a panel's road digits store, and their bits (`PanelFile.road_rows`)."""
TERRAIN_CHARS: dict[Terrain, str] = {terrain: code for code, terrain in TERRAIN_CODES.items()}
"""The character each terrain is written with."""
MASS_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass
class PanelBrush:
    """What the panel tools paint, as the Panel Map panel sets it."""

    terrain: Terrain = Terrain.WOODS
    level: int = 1
    """The hill level the Hills tool gives [003 6.3.7]."""
    mass: str = "A"
    """The letter of the hill mass the Hills tool paints."""
    hexside: HexsideKind = HexsideKind.SLOPE
    feature: HexFeature = HexFeature.BRIDGE


class PanelEdit:
    """The panels an edit changes, by their file name in the layout, as they become."""

    def __init__(self, board: AssembledBoard, panels: Mapping[str, Any]) -> None:
        self.board = board
        self._files = {id(model): name for name, model in panels.items()}
        self.changed: dict[str, Any] = {}
        """New panel models by file name."""

    # Where ------------------------------------------------------------------------------------

    def holders(self, spot: Offset) -> list[tuple[PlacedPanel, Offset]]:
        """The placed panels that hold a board hex as one of their numbered hexes, with the
        hex in each panel's own coordinates (two on a seam)."""
        found = []
        for placed in self.board.panels:
            local = placed.to_panel(*spot)
            if local is not None:
                found.append((placed, local))
        return found

    def file_of(self, placed: PlacedPanel) -> str:
        """The layout's file name of a placed panel."""
        return self._files[id(placed.panel)]

    def model(self, placed: PlacedPanel) -> Any:
        """A panel as this edit has made it so far."""
        return self.changed.get(self.file_of(placed), placed.panel)

    def _put(self, placed: PlacedPanel, model: Any) -> None:
        self.changed[self.file_of(placed)] = model

    # Hex layers -------------------------------------------------------------------------------

    def set_terrain(self, spot: Offset, terrain: Terrain) -> None:
        """Paint a hex's terrain in every panel holding it."""
        for placed, local in self.holders(spot):
            self._set_char(placed, "terrain_rows", local, TERRAIN_CHARS[terrain], ".")

    def set_hill(self, spot: Offset, level: int, mass: str) -> None:
        """Give a hex a hill level and the letter of its hill mass ("." none) [003 6.3.7]; a
        hex at level 0 belongs to no mass."""
        letter = mass if level > 0 and mass in MASS_LETTERS else "."
        for placed, local in self.holders(spot):
            self._set_char(placed, "level_rows", local, str(level), "0")
            self._set_char(placed, "mass_rows", local, letter, ".")

    def set_feature(self, spot: Offset, kind: HexFeature | None) -> None:
        """Put a bridge or ford in a stream hex (None: take both away) [003 6.3.9]."""
        for placed, local in self.holders(spot):
            panel = self.model(placed)
            kept = [f for f in panel.features if tuple(f.hex) != local]
            if kind is not None:
                kept.append(StreamFeature(hex=local, kind=kind))
            if kept != panel.features:
                self._put(placed, panel.model_copy(update={"features": kept}))

    def _set_char(
        self, placed: PlacedPanel, layer: str, local: Offset, char: str, blank: str
    ) -> None:
        panel = self.model(placed)
        rows = list(getattr(panel, layer)) or [blank * panel.width] * panel.height
        column, row = local
        line = rows[row].ljust(panel.width, blank)
        if line[column] == char and rows == list(getattr(panel, layer)):
            return
        rows[row] = line[:column] + char + line[column + 1 :]
        if layer != "terrain_rows" and all(set(r) <= {blank} for r in rows):
            rows = []  # a layer left blank everywhere is not written (a flat panel)
        if rows != list(getattr(panel, layer)):
            self._put(placed, panel.model_copy(update={layer: rows}))

    # Printed names ----------------------------------------------------------------------------

    def name_at(self, spot: Offset) -> str | None:
        """The name printed in a board hex, if any (the first panel's on a seam, as the board
        reads it)."""
        for placed, local in self.holders(spot):
            for item in self.model(placed).names:
                if tuple(item.hex) == local:
                    return str(item.name)
        return None

    def set_name(self, spot: Offset, name: str | None) -> bool:
        """Print a name in a hex, or rename the one there (None: take it away); False when the
        hex is on no panel's numbered hexes.

        A name is printed once: on a seam hex it is written to the first panel holding the
        hex (the one whose name the board shows) and taken out of the other, so that the two
        halves never letter two names. A rename keeps the name's place in its panel's list."""
        holders = self.holders(spot)
        if not holders:
            return False
        kept_in: PlacedPanel | None = None
        for placed, local in holders:
            panel = self.model(placed)
            names = list(panel.names)
            at = next((i for i, n in enumerate(names) if tuple(n.hex) == local), None)
            if at is None:
                continue
            if name is not None and kept_in is None:
                kept_in = placed
                if names[at].name != name:
                    names[at] = PanelName(hex=local, name=name)
            else:
                del names[at]
            if names != panel.names:
                self._put(placed, panel.model_copy(update={"names": names}))
        if name is not None and kept_in is None:
            placed, local = holders[0]
            panel = self.model(placed)
            added = [*panel.names, PanelName(hex=local, name=name)]
            self._put(placed, panel.model_copy(update={"names": added}))
        return True

    # Edges ------------------------------------------------------------------------------------

    def _edge_places(
        self, spot: Offset, direction: Direction
    ) -> list[tuple[PlacedPanel, Offset, Direction]]:
        """Where an edge is written: in each panel holding both its hexes, from the painted
        hex; else in the panels holding the painted hex, else the other."""
        other = neighbor(*spot, direction)
        mine = {id(p): (p, local) for p, local in self.holders(spot)}
        theirs = {id(p): (p, local) for p, local in self.holders(other)}
        both = [key for key in mine if key in theirs]
        if both:
            return [(mine[k][0], mine[k][1], _local(mine[k][0], direction)) for k in both]
        if mine:
            return [(p, local, _local(p, direction)) for p, local in mine.values()]
        back = OPPOSITE[direction]
        return [(p, local, _local(p, back)) for p, local in theirs.values()]

    def _edge_everywhere(
        self, spot: Offset, direction: Direction
    ) -> list[tuple[PlacedPanel, Offset, Direction]]:
        """Both spellings of an edge in every panel that holds either of its hexes."""
        other = neighbor(*spot, direction)
        found = [(p, local, _local(p, direction)) for p, local in self.holders(spot)]
        found += [(p, local, _local(p, OPPOSITE[direction])) for p, local in self.holders(other)]
        return found

    def hexside_kinds(self, spot: Offset, direction: Direction) -> frozenset[HexsideKind]:
        """What an edge of the board is now."""
        kinds: set[HexsideKind] = set()
        for placed, local, side in self._edge_everywhere(spot, direction):
            for item in self.model(placed).hexsides:
                if tuple(item.hex) == local and item.side is side:
                    kinds.update(item.kinds)
        return frozenset(kinds)

    def set_hexside(self, spot: Offset, direction: Direction, kinds: Iterable[HexsideKind]) -> None:
        """Make an edge exactly these kinds (none: a plain edge) [003 3.2.2, 6.3.7]."""
        wanted = sorted(set(kinds), key=list(HexsideKind).index)
        for placed, local, side in self._edge_everywhere(spot, direction):
            panel = self.model(placed)
            kept = [h for h in panel.hexsides if not (tuple(h.hex) == local and h.side is side)]
            if kept != panel.hexsides:
                self._put(placed, panel.model_copy(update={"hexsides": kept}))
        if not wanted:
            return
        for placed, local, side in self._edge_places(spot, direction):
            panel = self.model(placed)
            added = PanelHexside(hex=local, side=side, kinds=wanted)
            self._put(placed, panel.model_copy(update={"hexsides": [*panel.hexsides, added]}))

    # Roads ------------------------------------------------------------------------------------

    def set_road(self, spot: Offset, direction: Direction, present: bool) -> bool:
        """Lay or take up the road between a hex and its neighbour [003 3.2.3]; False when the
        link can be written in no panel file.

        A panel stores a link as a digit of one of its two hexes, for Up, Up Right and Down
        Right only. Across the abutting rows of panels laid end to end, a link that leaves a
        shifted column's bottom hex Down Left or Down Right into a panel turned 180 degrees
        would be stored on that panel's cut hex, which plays on no board hex: such a link is
        refused rather than written where the board would not show it.
        """
        board_link = _link(spot, direction)
        other = neighbor(*spot, direction)
        holding_other = {id(p) for p, _local_hex in self.holders(other)}
        holding_spot = {id(p) for p, _local_hex in self.holders(spot)}
        stored: dict[int, tuple[PlacedPanel, list[tuple[Offset, int]]]] = {}
        for placed, local, side in self._edge_everywhere(spot, direction):
            slot = _stored_link(placed, local, side)
            entry = stored.setdefault(id(placed), (placed, []))
            if slot is not None and slot not in entry[1] and _slot_link(placed, slot) == board_link:
                entry[1].append(slot)
        for placed, slots in stored.values():
            for where, bit in slots:
                self._road_bit(placed, where, bit, present=False)
        if not present:
            return True
        usable = [(p, slots) for p, slots in stored.values() if slots]
        both = [(p, s) for p, s in usable if id(p) in holding_spot and id(p) in holding_other]
        for placed, slots in both or usable[:1]:
            self._road_bit(placed, *slots[0], present=True)
        return bool(usable)

    def _road_bit(self, placed: PlacedPanel, spot: Offset, bit: int, present: bool) -> None:
        panel = self.model(placed)
        rows = list(panel.road_rows) or ["." * panel.width] * panel.height
        column, row = spot
        line = rows[row].ljust(panel.width, ".")
        value = 0 if line[column] == "." else int(line[column])
        new = value | bit if present else value & ~bit
        if new == value:
            return
        rows[row] = line[:column] + (str(new) if new else ".") + line[column + 1 :]
        if all(set(r) <= {"."} for r in rows):
            rows = []
        self._put(placed, panel.model_copy(update={"road_rows": rows}))


def _stored_link(placed: PlacedPanel, local: Offset, side: Direction) -> tuple[Offset, int] | None:
    """Where a panel stores the road link from one of its hexes: that hex's digit for Up, Up
    Right and Down Right, else the bit of the opposite direction on the neighbour; None when
    that neighbour is off the panel."""
    if side in ROAD_BITS:
        return local, ROAD_BITS[side]
    spot = neighbor(*local, side)
    panel = placed.panel
    if 0 <= spot[0] < panel.width and 0 <= spot[1] < panel.height:
        return spot, ROAD_BITS[OPPOSITE[side]]
    return None


def _slot_link(placed: PlacedPanel, slot: tuple[Offset, int]) -> frozenset[Offset] | None:
    """The board link a panel's stored road bit plays as (as `board.assemble` reads it), or
    None when its hex is on no board hex."""
    (column, row), bit = slot
    spot = placed.to_board(column, row)
    if spot is None:
        return None
    direction = next(d for d, b in ROAD_BITS.items() if b == bit)
    return _link(spot, OPPOSITE[direction] if placed.rotated else direction)


def _link(spot: Offset, direction: Direction) -> frozenset[Offset]:
    """A road link as the two board hexes it joins, whichever end it is spelled from."""
    return frozenset((spot, neighbor(*spot, direction)))


def _local(placed: PlacedPanel, direction: Direction) -> Direction:
    """A board direction in a placed panel's own terms (turned for a panel laid 180°)."""
    return OPPOSITE[direction] if placed.rotated else direction

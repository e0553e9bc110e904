"""The terrain palette shared by the terrain tools of a window: the map's legend, the current
terrain, and the random mix (a second terrain painted on a share of the hexes).

Every terrain tool of a window reads the same palette (`TerrainPalette.of(selection)`), so the
terrain picked with the eyedropper is the one the brush, line, rectangle and fill paint.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor

from editor.document import Change, Document
from editor.map import style
from editor.map.geometry import Offset
from schemas.io import FileKind
from schemas.panzer_campaigns.map import TerrainType

_MASK = (1 << 64) - 1


def mix_picks_second(seed: int, hex_: Offset, percent: int) -> bool:
    """Whether the random mix gives a hex the second terrain: a hash of the stroke's seed and
    the hex, so a stroke paints the same pattern whatever the order of its hexes.

    >>> mix_picks_second(7, (3, 4), 30) == mix_picks_second(7, (3, 4), 30)
    True
    >>> mix_picks_second(7, (3, 4), 0), mix_picks_second(7, (3, 4), 100)
    (False, True)
    """
    column, row = hex_
    # splitmix64 over the three numbers: cheap, and well spread for neighbouring hexes.
    x = (seed * 0x9E3779B97F4A7C15 + column * 0xBF58476D1CE4E5B9 + row * 0x94D049BB133111EB) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    x ^= x >> 31
    return x % 10_000 < percent * 100


class TerrainPalette(QObject):
    """The legend of the open map and what the terrain tools paint with."""

    changed = Signal()
    """The current terrain or the mix changed."""
    legend_changed = Signal()
    """The map's legend changed (another map opened, an entry added, renamed or recoloured)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("terrain_palette")
        self.document: Document | None = None
        self.current = ""
        """The legend code the tools paint."""
        self.second = ""
        """The code the random mix paints on `mix_percent` of the hexes."""
        self.mix = False
        self.mix_percent = 30

    @classmethod
    def of(cls, owner: QObject) -> TerrainPalette:
        """The palette of a window, kept as a child of its selection (made on first use)."""
        found = owner.findChild(TerrainPalette, "terrain_palette")
        return found if found is not None else cls(owner)

    # Document ----------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        """Follow the legend of another document (None: nothing open)."""
        if document is self.document:
            return
        if self.document is not None:
            self.document.changed.disconnect(self._document_changed)
        self.document = document
        if document is not None:
            document.changed.connect(self._document_changed)
        self._legend_changed()

    def _document_changed(self, change: Change) -> None:
        if change.kind is FileKind.MAP and change.touches(("terrain",)):
            self._legend_changed()

    def _legend_changed(self) -> None:
        codes = [entry.code for entry in self.legend()]
        if self.current not in codes:
            self.current = codes[0] if codes else ""
        if self.second not in codes:
            self.second = next((c for c in codes if c != self.current), self.current)
        self.legend_changed.emit()
        self.changed.emit()

    # Reading -----------------------------------------------------------------------------------

    def legend(self) -> list[TerrainType]:
        """The entries of the map's terrain legend, in file order."""
        return list(self.document.map.terrain) if self.document is not None else []

    def entry(self, code: str) -> TerrainType | None:
        """The legend entry of a code."""
        return next((e for e in self.legend() if e.code == code), None)

    def color(self, code: str) -> QColor:
        """The map colour of a code (magenta for a code the legend lacks)."""
        entry = self.entry(code)
        return style.terrain_color(entry.color) if entry else QColor(style.UNKNOWN_TERRAIN)

    def describe(self, code: str) -> str:
        """A terrain as the status bar names it, e.g. "Forest (f)"."""
        entry = self.entry(code)
        return f"{entry.name} ({code})" if entry else f"unknown terrain ({code})"

    @property
    def mixing(self) -> bool:
        """Whether strokes paint a random mix of two different terrains."""
        return self.mix and self.second != self.current and self.mix_percent > 0

    def code_for(self, hex_: Offset, seed: int) -> str:
        """The code a tool paints on a hex in a stroke with this seed."""
        if self.mixing and mix_picks_second(seed, hex_, self.mix_percent):
            return self.second
        return self.current

    def summary(self) -> str:
        """What the tools paint, e.g. "Forest (f)" or "Clear (.) with 30% Forest (f)"."""
        if self.mixing:
            return (
                f"{self.describe(self.current)} with {self.mix_percent}% "
                f"{self.describe(self.second)}"
            )
        return self.describe(self.current)

    # Changing ----------------------------------------------------------------------------------

    def set_current(self, code: str) -> bool:
        """Paint with another terrain; False (and no change) for a code not in the legend."""
        if self.entry(code) is None:
            return False
        if code != self.current:
            self.current = code
            self.changed.emit()
        return True

    def set_second(self, code: str) -> bool:
        """Mix in another terrain; False (and no change) for a code not in the legend."""
        if self.entry(code) is None:
            return False
        if code != self.second:
            self.second = code
            self.changed.emit()
        return True

    def set_mix(self, on: bool, percent: int | None = None) -> None:
        """Turn the random mix on or off, and set the share of the second terrain (0-100 %)."""
        percent = self.mix_percent if percent is None else max(0, min(100, percent))
        if (on, percent) != (self.mix, self.mix_percent):
            self.mix, self.mix_percent = on, percent
            self.changed.emit()

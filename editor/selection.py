"""What the designer has selected, and requests to show a place: shared by the map and the docks.

The map view, the docks and the Problems list never call each other. They select hexes and
units here and ask for a `Focus` (a hex, a unit, or a field of a file), and whoever shows that
thing answers: the map centres on the hex, the Objectives dock selects the row, and so on.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from schemas.io import FileKind
from schemas.problems import ModelPath

Offset = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Focus:
    """A place to show: a field of a file, a hex on the map, a unit or other object by id."""

    kind: FileKind | None = None
    path: ModelPath = ()
    hex: Offset | None = None
    object_id: str | None = None


class Selection(QObject):
    """The selected hex and units, and focus requests."""

    hex_changed = Signal(object)
    """The selected hex, (column, row), or None."""
    units_changed = Signal(list)
    """The ids of the selected units (and organizations), in selection order."""
    focus_requested = Signal(object)
    """A Focus to show: every view that holds that place shows it."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._hex: Offset | None = None
        self._units: list[str] = []

    @property
    def hex(self) -> Offset | None:
        """The selected hex."""
        return self._hex

    @property
    def units(self) -> list[str]:
        """The selected unit and organization ids."""
        return list(self._units)

    def select_hex(self, hex_: Offset | None) -> None:
        """Select a hex (None clears)."""
        hex_ = tuple(hex_) if hex_ is not None else None  # type: ignore[assignment]
        if hex_ != self._hex:
            self._hex = hex_
            self.hex_changed.emit(hex_)

    def select_units(self, ids: list[str]) -> None:
        """Select units or organizations by id."""
        if list(ids) != self._units:
            self._units = list(ids)
            self.units_changed.emit(list(ids))

    def request_focus(self, focus: Focus) -> None:
        """Ask every view to show a place."""
        self.focus_requested.emit(focus)

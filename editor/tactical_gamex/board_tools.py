"""The Tactical GameX board's tools: Select (drag a counter to another hex), Counters (place the
chosen counter, right button takes it off), Setup Areas (paint hexes into the chosen area, right
button erases; a stroke is one undo step) and Panel Layout (drag a panel onto another's place to
swap them). Which of them the window offers is `editor.rulesets.TACTICAL_GAMEX.tools`."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QMouseEvent

from editor.commands import SetValue
from editor.tactical_gamex.board_view import BoardView
from editor.tactical_gamex.counter_placing import place_counter
from editor.tactical_gamex.forces import placed_counters
from editor.tactical_gamex.panel_edits import PanelBrush
from schemas.io import FileKind

Offset = tuple[int, int]
_strokes = itertools.count(1)


class TgxSelection(QObject):
    """What the Tactical GameX panels and tools share: the chosen counter and setup area, and
    what the panel tools paint."""

    counter_chosen = Signal(object)
    """Emitted with the Unit ID of the counter chosen (or None)."""
    area_chosen = Signal(object)
    """Emitted with the id of the setup area chosen (or None)."""
    hex_chosen = Signal(object)
    """Emitted with the board hex chosen (or None)."""
    message = Signal(str)
    """Emitted with a line for the status bar."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.counter: str | None = None
        self.area: str | None = None
        self.hex: Offset | None = None
        self.brush = PanelBrush()
        """What the panel tools paint, as the Panel Map panel sets it."""

    def choose_hex(self, spot: Offset | None) -> None:
        """Make a board hex the one Hex Info shows."""
        self.hex = spot
        self.hex_chosen.emit(spot)

    def choose_counter(self, counter_id: str | None) -> None:
        """Make a counter the one the Counters tool places."""
        if counter_id != self.counter:
            self.counter = counter_id
            self.counter_chosen.emit(counter_id)

    def choose_area(self, area_id: str | None) -> None:
        """Make a setup area the one the Setup Areas tool paints."""
        if area_id != self.area:
            self.area = area_id
            self.area_chosen.emit(area_id)


class BoardTool:
    """A tool of the board: told of presses, drags and releases over board hexes."""

    name = ""
    label = ""
    icon = ""
    tip = ""

    def __init__(self, view: BoardView, chosen: TgxSelection) -> None:
        self.view = view
        self.chosen = chosen

    def press(self, spot: Offset, event: QMouseEvent) -> bool:
        """A button went down over a hex; True when the tool took it."""
        return False

    def drag(self, spot: Offset, event: QMouseEvent) -> None:
        """The mouse moved over a hex with a button down."""

    def release(self, spot: Offset | None, event: QMouseEvent) -> None:
        """The button went up (over a hex, or off the board)."""


class SelectTool(BoardTool):
    """Select a hex (Hex Info shows it) and the top counter on it; drag that counter to another
    hex to move it."""

    name = "tgx_select"
    label = "Select"
    icon = "mouse-pointer-2"
    tip = (
        "Click a hex to see it in Hex Info; its top counter becomes the chosen counter. Drag a "
        "counter to another hex to move it"
    )

    def __init__(self, view: BoardView, chosen: TgxSelection) -> None:
        super().__init__(view, chosen)
        self._held: tuple[str, Offset] | None = None

    def press(self, spot: Offset, event: QMouseEvent) -> bool:
        document = self.view.document
        board = self.view.board()
        self._held = None
        if document is not None and board is not None:
            here = [
                c for c, _p in placed_counters(document.situation) if board.hex_of(c.hex) == spot
            ]
            if here:
                self.chosen.choose_counter(here[-1].id)
                if event.button() == Qt.MouseButton.LeftButton:
                    self._held = (here[-1].id, spot)
        return False

    def release(self, spot: Offset | None, event: QMouseEvent) -> None:
        # The top counter dragged to another hex moves there, as the Counters tool would place it.
        held, self._held = self._held, None
        document = self.view.document
        if held is None or spot is None or spot == held[1] or document is None:
            return
        refused = place_counter(document, held[0], spot)
        if refused:
            self.chosen.message.emit(f"Refused — {refused}")


class CounterTool(BoardTool):
    """Place the chosen counter on a hex; the right button takes the top counter off."""

    name = "tgx_counters"
    label = "Counters"
    icon = "unit"
    tip = "Click a hex to place the counter chosen in Forces there; right-click to take one off"

    def press(self, spot: Offset, event: QMouseEvent) -> bool:
        document = self.view.document
        board = self.view.board()
        if document is None or board is None:
            return True
        situation = document.situation
        if event.button() == Qt.MouseButton.RightButton:
            here = [p for c, p in placed_counters(situation) if board.hex_of(c.hex) == spot]
            if here:
                document.push(
                    SetValue(
                        document, FileKind.SITUATION, (*here[-1], "hex"), None, "Take Counter Off"
                    )
                )
            return True
        refused = place_counter(document, self.chosen.counter or "", spot)
        if refused:
            self.chosen.message.emit(f"Refused — {refused}")
        return True


class SetupAreaTool(BoardTool):
    """Paint hexes into the chosen setup area; the right button erases."""

    name = "tgx_setup_areas"
    label = "Setup Areas"
    icon = "region"
    tip = "Drag over hexes to add them to the setup area chosen in Setup; right button erases"

    def __init__(self, view: BoardView, chosen: TgxSelection) -> None:
        super().__init__(view, chosen)
        self._stroke = 0
        self._erase = False

    def press(self, spot: Offset, event: QMouseEvent) -> bool:
        if self._area_index() is None:
            self.chosen.message.emit("Choose or add a setup area in the Setup panel first")
            return True
        self._stroke = next(_strokes)
        self._erase = event.button() == Qt.MouseButton.RightButton
        self._paint(spot)
        return True

    def drag(self, spot: Offset, event: QMouseEvent) -> None:
        if self._stroke:
            self._paint(spot)

    def release(self, spot: Offset | None, event: QMouseEvent) -> None:
        self._stroke = 0

    def _area_index(self) -> int | None:
        document = self.view.document
        if document is None:
            return None
        for i, area in enumerate(document.situation.setup_areas):
            if area.id == self.chosen.area:
                return i
        return None

    def _paint(self, spot: Offset) -> None:
        document = self.view.document
        board = self.view.board()
        index = self._area_index()
        if document is None or board is None or index is None:
            return
        area = document.situation.setup_areas[index]
        address = board.address_of(*spot)
        if not address:
            return
        here = {a for a in area.hexes if board.hex_of(a) == spot}
        if self._erase:
            hexes = [a for a in area.hexes if a not in here]
        else:
            hexes = area.hexes if here else [*area.hexes, address]
        if hexes != area.hexes:
            verb = "Erase" if self._erase else "Paint"
            document.push(
                SetValue(
                    document,
                    FileKind.SITUATION,
                    ("setup_areas", index, "hexes"),
                    hexes,
                    f"{verb} Setup Area {area.id}",
                    merge=("stroke", self._stroke),
                )
            )


class PanelLayoutTool(BoardTool):
    """Drag a panel onto another panel's place on the board to swap the two."""

    name = "tgx_panel_layout"
    label = "Panel Layout"
    icon = "layout-dashboard"
    tip = "Drag a panel onto another's place to swap them; turn panels in the Panel Layout panel"

    def __init__(self, view: BoardView, chosen: TgxSelection) -> None:
        super().__init__(view, chosen)
        self._from: int | None = None

    def press(self, spot: Offset, event: QMouseEvent) -> bool:
        self._from = self._placement_at(spot)
        if self._from is not None:
            self.view.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        return True

    def release(self, spot: Offset | None, event: QMouseEvent) -> None:
        self.view.viewport().unsetCursor()
        source, self._from = self._from, None
        document = self.view.document
        if source is None or spot is None or document is None:
            return
        target = self._placement_at(spot)
        if target is not None and target != source:
            from editor.tactical_gamex.panel_layout import swap_panels  # noqa: PLC0415

            swap_panels(document, source, target)

    def _placement_at(self, spot: Offset) -> int | None:
        """The index in the layout of the panel a board hex lies on."""
        document = self.view.document
        board = self.view.board()
        if document is None or board is None:
            return None
        for placed in board.panels:
            if placed.to_panel(*spot) is not None:
                for i, placement in enumerate(document.situation.board.panels):
                    if document.panels.get(placement.file) is placed.panel:
                        return i
        return None


TOOL_CLASSES: tuple[type[BoardTool], ...] = (
    SelectTool,
    CounterTool,
    SetupAreaTool,
    PanelLayoutTool,
)

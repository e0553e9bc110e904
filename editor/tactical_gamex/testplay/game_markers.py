"""The neutral counters of a Tactical GameX game as they now stand, drawn in test-play in
place of the situation's own markers [003 2.3, 8.0-8.5, 9.0-9.3, 20.3, 21.0]: minefields (with
their column, "clearing" while an engineer works on one), improved positions, fortifications,
blocks, wrecks, smoke by its turns left, interdiction, blown and laid bridges, and the Engineer
Actions spent on a block or a bridge."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QPainter

from editor.tactical_gamex.board_view import paint_marker

if TYPE_CHECKING:
    from editor.tactical_gamex.board_view import BoardView
    from engine.tactical_gamex.state import TgxState

Offset = tuple[int, int]


def marker_labels(state: TgxState) -> dict[Offset, list[str]]:
    """What each hex's neutral counters read, in the order they are drawn."""
    from engine.tactical_gamex.tables import COLUMNS  # noqa: PLC0415

    counters = state.counters
    found: dict[Offset, list[str]] = {}

    def add(hex_: Offset, label: str) -> None:
        found.setdefault(hex_, []).append(label)

    for hex_, column in counters.mines.items():
        add(hex_, f"M {COLUMNS[column]}" + (" clr" if hex_ in state.clearing else ""))
    for hex_ in counters.improved:
        add(hex_, "IP")
    for hex_, fort in counters.forts.items():
        add(hex_, f"F {fort.defense}")
    for hex_ in counters.blocks:
        add(hex_, "Blk clr" if hex_ in state.clearing else "Blk")
    for hex_, count in counters.wrecks.items():
        add(hex_, "Wr" if count == 1 else f"Wr ×{count}")
    for hex_, left in counters.smoke.items():
        add(hex_, f"Smoke {left}")
    for hex_, _side in counters.interdiction:
        add(hex_, "Int")
    for hex_ in counters.destroyed_bridges:
        add(hex_, "Br ✕")
    for hex_ in counters.laid_bridges:  # temporary, with the DS fire reads [003 9.3]
        defense = counters.bridge_defense.get(hex_)
        add(hex_, "TBr" if defense is None else f"TBr {defense}")
    for hex_, done in state.works.items():
        add(hex_, f"EA {done}")
    for hex_, (_who, done, attempt) in state.demolitions.items():
        add(hex_, f"EA {done}" + ("" if attempt == 1 else f"/{attempt}"))
    return found


def paint_game_markers(painter: QPainter, view: BoardView, state: TgxState) -> None:
    """Draw `marker_labels`, two a hex at most (the second above the first)."""
    for hex_, labels in marker_labels(state).items():
        centre = view.center(hex_)
        for row, label in enumerate(labels[:2]):
            paint_marker(painter, centre, label, row=row)

"""The Tactical GameX screenshots of `python -m editor.snapshots`: the sample situation's board,
the Ruleset Tables panel, the Panel Layout panel, the board with the panel tools and the Panel
Map panel, the other panels and the Balance panel after a run, at 1920x1080 and at 1280x720
(run it with `QT_SCALE_FACTOR=2` for a 200 % screen)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

SIZES = ((1920, 1080, ""), (1280, 720, "-1280"))


def sample_situation() -> Path:
    """The situation of the sample Tactical GameX title."""
    root = Path(__file__).resolve().parents[2] / "sample_data"
    return sorted(root.glob("tgx_*/scenarios/*.situation.yaml"))[0]


def take_tgx(window: Any, situation: Path, shot: Callable[[str], None]) -> None:
    """Open a situation in the window and shoot its board and panels at each size."""
    from PySide6.QtWidgets import QMessageBox  # noqa: PLC0415  # Qt after the platform is set

    # The shots before edited the Panzer scenario: its changes are dropped, not asked about.
    window.ask = lambda *_: QMessageBox.StandardButton.Discard
    assert window.open_path(situation), f"{situation} did not open"
    workspace = window.rulesets.workspace
    docks = window.rulesets.docks
    for width, height, suffix in SIZES:
        window.resize(width, height)
        workspace.view.zoom_to_fit()
        shot(f"tgx-board{suffix}")
        tables = docks["tgx_tables"]
        tables.raise_()
        tables.tabs.setCurrentIndex(2)  # the CRT
        shot(f"tgx-ruleset-tables{suffix}")
        tables.tabs.setCurrentIndex(0)
        shot(f"tgx-ruleset-tables-tec{suffix}")
        layout = docks["tgx_panels"]
        layout.raise_()
        shot(f"tgx-panel-layout{suffix}")
        panel_map = docks["tgx_panel_map"]
        panel_map.raise_()
        workspace.use_tool_named("tgx_paint_hexsides")
        board = window.document.board()
        seam = next(spot for spot, found in board.addresses.items() if len(found) > 1)
        workspace.chosen.choose_hex(seam)
        shot(f"tgx-panel-tools{suffix}")
        workspace.use_tool_named("tgx_select")
        docks["tgx_forces"].raise_()
    window.resize(*SIZES[0][:2])
    workspace.view.zoom_to_fit()
    for name in ("tgx_unit_types", "tgx_setup", "tgx_victory", "tgx_situation", "tgx_hex_info"):
        dock = docks[name]
        dock.raise_()
        if name == "tgx_victory":
            dock.list.setCurrentIndex(dock.conditions.index(0, 0))
        if name == "tgx_hex_info":
            board = window.document.board()
            spot = next(iter(board.names))
            workspace.chosen.choose_hex(spot)
            workspace.view.selected_hex = spot
        if name == "tgx_setup":
            areas = window.document.situation.setup_areas
            workspace.chosen.choose_area(areas[0].id if areas else None)
        shot(f"tgx-{name[4:].replace('_', '-')}")
    _balance_shots(window, shot)
    from editor.tactical_gamex.testplay.snapshots import take_testplay  # noqa: PLC0415

    take_testplay(window, shot)


def _balance_shots(window: Any, shot: Callable[[str], None]) -> None:
    """The Balance panel after a run of 6 games of the situation: its charts, games and report
    at each size."""
    import time  # noqa: PLC0415

    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    dock = window.rulesets.docks["tgx_balance"]
    dock.show()
    dock.raise_()
    dock.games.setValue(6)
    if not dock.run():
        return
    deadline = time.monotonic() + 300
    while dock.controller.is_running and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.02)
    for width, height, suffix in SIZES:
        window.resize(width, height)
        for page in ("charts", "games_page", "report"):
            dock.tabs.setCurrentWidget(getattr(dock, page))
            shot(f"tgx-balance-{page.removesuffix('_page')}{suffix}")
    window.resize(*SIZES[0][:2])
    dock.tabs.setCurrentWidget(dock.charts)

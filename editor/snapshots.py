"""`python -m editor.snapshots OUTDIR`: screenshots of the editor on the sample scenario, taken
without a display, for the README and for looking at the GUI as a designer would.

It writes the main window with the whole map, zoomed in on a town with units, each map tool
in use with its options, each dock in front, the Compare panel after a few edits, File > Print's
preview of a briefing and of the OOB, test-play (a move, a fire's preview and result, an
assault's preview, arrivals, the Line of sight overlay), the Balance panel after a run and
after an A/B comparison, the whole map exported as a picture, and the sample Tactical GameX
situation with its panels (`editor.tactical_gamex.snapshots`); given a situation, only the
latter. Settings go to a throw-away folder, so the shots always show the default layout.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

WINDOW_SIZE = (1920, 1080)
TOWN = "Clervaux"
"""Where the zoomed-in shot looks: the 110th Infantry's battalions holding out, on the 17th."""


def take(out_dir: Path, scenario: Path | None = None, town: str = TOWN) -> list[Path]:
    """Write the screenshots into `out_dir`; return their paths."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("HEXWRIGHT_DATA_DIR", tempfile.mkdtemp(prefix="hexwright-shots-"))
    # Qt is imported only now, after the platform is chosen.
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from editor.app import SAMPLE_SCENARIO, start  # noqa: PLC0415
    from editor.map.export import render_whole_map  # noqa: PLC0415
    from editor.tactical_gamex.snapshots import sample_situation, take_tgx  # noqa: PLC0415

    out_dir.mkdir(parents=True, exist_ok=True)
    tgx_only = scenario is not None and ".situation." in scenario.name
    window = start([] if tgx_only else [str(scenario or SAMPLE_SCENARIO)], ask=lambda *_: None)
    window.resize(*WINDOW_SIZE)
    window.show()
    written: list[Path] = []

    def shot(name: str) -> None:
        for _ in range(10):  # a panel whose text changed settles over a few passes
            QApplication.processEvents()
        path = out_dir / f"{name}.png"
        window.grab().save(str(path))
        written.append(path)

    if tgx_only:
        assert scenario is not None
        take_tgx(window, scenario, shot)
        window.close()
        return written
    document = window.document
    assert document is not None, "the scenario did not open"

    problems = window.docks.get("problems")
    checker = getattr(problems, "checker", None)
    deadline = time.monotonic() + 60
    while checker is not None and checker.is_busy and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.02)

    window.map_view.zoom_to_fit()
    shot("main-whole-map")

    place = next((p for p in document.map.places if p.name == town), None)
    if place is not None:
        window.map_view.set_zoom(56)
        window.map_view.center_on(tuple(place.hex))
        window.selection.select_hex(tuple(place.hex))
        here = [p.unit for p in document.scenario.placements if tuple(p.hex) == tuple(place.hex)]
        window.selection.select_units(here[:1])
        shot(f"main-{town.lower()}")

    if place is not None:
        _tool_shots(window, tuple(place.hex), shot)

    for name, dock in window.docks.items():
        dock.show()
        dock.raise_()
        shot(f"dock-{name}")

    _ai_orders_shot(window, shot)
    _compare_shot(window, shot)
    unit_types_shot(window, shot)
    _print_preview_shots(window, out_dir, written)

    if place is not None:
        _testplay_shot(window, tuple(place.hex), shot)
    _computer_shot(window, shot)
    _balance_shots(window, shot)

    whole = out_dir / "map-export.png"
    image = render_whole_map(document)
    assert image is not None
    image.save(str(whole))
    written.append(whole)
    window.autosaver.close()
    take_tgx(window, sample_situation(), shot)
    window.close()
    return written


def _tool_shots(window: Any, hex_: tuple[int, int], shot: Callable[[str], None]) -> None:
    """Each map tool current, its options in front, its preview under a resting mouse."""
    target = (hex_[0] - 3, hex_[1] + 2)
    for tool in window.tools.tools:
        if tool.name == "select":
            continue
        window.tools.set_current(tool)
        tool.hover(resting_mouse(window.map_view, target))
        shot(f"tool-{tool.name}")
    window.tools.set_current("select")


def _ai_orders_shot(window: Any, shot: Callable[[str], None]) -> None:
    """The A/I Orders panel on Panzer-Lehr's orders, and every order drawn on the map as an
    arrow (the Map Aids layer on), around the first order's target."""
    document = window.document
    entries = document.scenario.ai.organizations
    aids = window.docks.get("map_aids")
    if not entries or aids is None:
        return
    lehr = next((e for e in entries if e.organization == "de.pzl"), entries[0])
    aids.ai_orders_box.setChecked(True)
    window.selection.select_units([lehr.organization])
    dock = window.docks["ai_orders"]
    dock.show()
    dock.raise_()
    objectives = {o.id: tuple(o.hex) for o in document.scenario.objectives}
    target = objectives.get(lehr.orders[0].objective or "") if lehr.orders else None
    window.map_view.set_zoom(24)
    if target is not None:
        window.map_view.center_on(target)
    shot("ai-orders")
    aids.ai_orders_box.setChecked(False)


def _print_preview_shots(window: Any, out_dir: Path, written: list[Path]) -> None:
    """File > Print's preview of the Allied briefing and of the OOB, first page each."""
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from editor.printing.jobs import Subject  # noqa: PLC0415
    from schemas.vocabulary import Side  # noqa: PLC0415

    for name, subject, side in (
        ("print-preview-briefing", Subject.BRIEFING, Side.ALLIED),
        ("print-preview-oob", Subject.OOB, None),
    ):
        dialog = window.printing.preview(subject, side)
        if dialog is None:
            return
        dialog.resize(int(window.width() * 0.7), int(window.height() * 0.9))
        for _ in range(10):
            QApplication.processEvents()
        path = out_dir / f"{name}.png"
        dialog.grab().save(str(path))
        written.append(path)
        dialog.close()


def _compare_shot(window: Any, shot: Callable[[str], None]) -> None:
    """File > Compare > Changes Since Last Save after three edits (an objective's points, a
    release's chance, a unit moved), then the edits undone."""
    from editor.commands import EditFile  # noqa: PLC0415
    from schemas.io import FileKind  # noqa: PLC0415

    document = window.document
    dock = window.docks.get("compare")
    scenario = document.scenario
    if dock is None or not scenario.objectives or not scenario.placements:
        return
    command = EditFile(document, FileKind.SCENARIO, "Snapshot edits")
    command.set(("objectives", 0, "points"), scenario.objectives[0].points + 50)
    if scenario.releases:
        command.set(("releases", 0, "probability"), 30)
    column, row = scenario.placements[0].hex
    command.set(("placements", 0, "hex"), (column + 1, row))
    document.push(command)
    dock.compare_since_save()
    deadline = time.monotonic() + 30
    while dock.is_busy and time.monotonic() < deadline:
        from PySide6.QtWidgets import QApplication  # noqa: PLC0415

        QApplication.processEvents()
        time.sleep(0.02)
    shot("compare")
    document.undo_stack.undo()


def unit_types_shot(window: Any, shot: Callable[[str], None]) -> None:
    """The Unit Types panel after Extract Unit Types, and the Unit panel on a unit of the
    largest type overriding its speed (the label bold with its dot); the edits then undone."""
    from editor.commands import SetValue  # noqa: PLC0415
    from editor.unit_type_edits import extract_types  # noqa: PLC0415
    from schemas.io import FileKind  # noqa: PLC0415
    from schemas.panzer_campaigns.unit_types import units_of_types  # noqa: PLC0415

    document = window.document
    dock = window.docks.get("unit_types")
    if dock is None:
        return
    steps = document.undo_stack.index()
    extract_types(document)
    users = units_of_types(document.oob_index)
    if not users:
        return
    type_id = max(users, key=lambda t: len(users[t]))
    unit_id = users[type_id][0]
    path = document.oob_index.units[unit_id].path
    speed = document.oob_index.units[unit_id].unit.speed
    document.push(SetValue(document, FileKind.OOB, (*path, "speed"), speed + 2, "Set Unit Speed"))
    dock.show()
    dock.raise_()
    dock.select_type(type_id)
    unit_dock = window.docks["unit"]
    unit_dock.show()
    unit_dock.raise_()
    window.selection.select_units([unit_id])
    shot("unit-types")
    while document.undo_stack.index() > steps:
        document.undo_stack.undo()


def _testplay_shot(window: Any, hex_: tuple[int, int], shot: Callable[[str], None]) -> None:
    """Test-play: the supply overlay, the unit nearest the town selected, and the path to the
    farthest hex it can reach this turn previewed."""
    controller = window.testplay
    if not controller.start():
        return
    game = controller.session.game
    board = game.state.board
    town = game.hex_of(hex_)
    movers = [u for u in game.iter_units(game.phasing) if game.legal_moves(u.id)]
    if movers:
        unit = min(movers, key=lambda u: board.distance(u.hex, town))
        origin = game.offset_of(unit.hex)
        moves = game.legal_moves(unit.id)
        window.map_view.set_zoom(48)
        window.map_view.center_on(origin)
        controller.tool.press(resting_mouse(window.map_view, origin))
        controller.tool.release(resting_mouse(window.map_view, origin))
        controller.tool.hover(resting_mouse(window.map_view, max(moves, key=moves.__getitem__)))
    shot("testplay")
    _fire_shot(window, hex_, shot)
    _assault_shot(window, shot)
    _arrivals_shot(window, shot)
    _sight_shot(window, shot)
    controller.stop()


def _fire_shot(window: Any, hex_: tuple[int, int], shot: Callable[[str], None]) -> None:
    """Test-play in Fire mode: the unit nearest the town that has a target, its targets
    outlined and the preview of one in the Move options; then the fire, its losses floating
    over the target and its log lines."""
    controller = window.testplay
    game = controller.session.game
    town = game.hex_of(hex_)
    firers = [u for u in game.iter_units(game.phasing) if game.fire_targets(u.id)]
    if not firers:
        return
    unit = min(firers, key=lambda u: game.state.board.distance(u.hex, town))
    origin = game.offset_of(unit.hex)
    target = next(iter(game.fire_targets(unit.id)))
    window.map_view.set_zoom(56)
    window.map_view.center_on(origin)
    window.selection.select_hex(origin)
    window.selection.select_units([unit.id])
    options = window.docks.get("tool_options")
    if options is not None:
        options.show()
        options.raise_()
    controller.tool.combat.enter("fire")
    controller.tool.hover(resting_mouse(window.map_view, target))
    shot("testplay-fire")
    controller.tool.press(resting_mouse(window.map_view, target))  # fire: the losses float
    controller.tool.release(resting_mouse(window.map_view, target))
    shot("testplay-fire-result")
    controller.tool.combat.leave()
    window.selection.select_units([])


def _assault_shot(window: Any, shot: Callable[[str], None]) -> None:
    """Test-play in Assault mode: the enemy hex that most units of the side to move can
    assault, one of them selected and the others joined as by Ctrl+click, and the preview."""
    controller = window.testplay
    game = controller.session.game
    by_target: dict[tuple[int, int], list[str]] = {}
    for unit in game.iter_units(game.phasing):
        for target in game.assault_targets(unit.id):
            by_target.setdefault(target, []).append(unit.id)
    if not by_target:
        return
    target, units = max(by_target.items(), key=lambda item: (len(item[1]), item[0]))
    first = game.offset_of(game.unit(units[0]).hex)
    window.map_view.set_zoom(56)
    window.map_view.center_on(target)
    window.selection.select_hex(first)
    window.selection.select_units([units[0]])
    mode = controller.tool.combat
    mode.enter("assault")
    for other in units[1:]:
        if other not in mode.attackers():
            controller.tool.press(
                resting_mouse(window.map_view, game.offset_of(game.unit(other).hex), control=True)
            )
    controller.tool.hover(resting_mouse(window.map_view, target))
    shot("testplay-assault")
    mode.leave()
    window.selection.select_units([])


def _computer_shot(window: Any, shot: Callable[[str], None]) -> None:
    """Test-play against the computer: the side to move set to Computer on the Players tab, its
    turn watched at Slow speed, shot after its third order with that counter selected."""
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from editor.testplay.computer_turns import Speed  # noqa: PLC0415

    controller = window.testplay
    dock = controller.dock
    if dock is None or not controller.start():
        return
    bar = dock.players_bar
    dock.tabs.setCurrentWidget(bar)
    bar.speed_box.setCurrentIndex(list(Speed).index(Speed.SLOW))
    session = controller.session
    window.map_view.set_zoom(36)
    bar.player_boxes[session.game.phasing].setCurrentText("Computer")
    deadline = time.monotonic() + 60
    while len(session.orders) < 3 and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.02)
    shot("testplay-computer")
    controller.stop()


BALANCE_SCENARIO = "stoumont44/scenarios/stoumont-station.scenario.yaml"
"""The Balance panel's shots play Stoumont Station: a game takes a second, not a minute."""


def _balance_shots(window: Any, shot: Callable[[str], None]) -> None:
    """The Balance panel after a run of 8 games of Stoumont Station, and after comparing an
    edit (the Allied reinforcements taken away) with the saved file, at the window's size and
    at 1280x720; the scenario shown before is opened again afterwards."""
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from editor.app import SAMPLE_SCENARIO  # noqa: PLC0415
    from editor.commands import SetValue  # noqa: PLC0415
    from schemas.io import FileKind  # noqa: PLC0415

    before = window.document.scenario_path
    if not window.open_path(SAMPLE_SCENARIO.parents[2] / BALANCE_SCENARIO):
        return
    dock = window.docks["balance"]
    dock.show()
    dock.raise_()
    dock.games_box.setValue(8)
    size = window.size()

    def finish(name: str) -> None:
        deadline = time.monotonic() + 300
        while dock.controller.is_running and time.monotonic() < deadline:
            QApplication.processEvents()
            time.sleep(0.02)
        for width, height in ((size.width(), size.height()), (1280, 720)):
            window.resize(width, height)
            suffix = "" if (width, height) == (size.width(), size.height()) else "-1280x720"
            for page in ("charts", "games", "compare_page"):
                if name == "balance-run" and page == "compare_page":
                    continue
                dock.tabs.setCurrentWidget(getattr(dock, page))
                shot(f"{name}-{page.removesuffix('_page')}{suffix}")
        window.resize(size)

    if dock.run():
        finish("balance-run")
    document = window.document
    document.push(SetValue(document, FileKind.SCENARIO, ("reinforcements",), [], "Remove"))
    if dock.compare_with_saved():
        finish("balance-ab")
    document.undo_stack.undo()
    window.open_path(before)


def _arrivals_shot(window: Any, shot: Callable[[str], None]) -> None:
    """Test-play after the turns are played up to the first turn with an arrival: its ring of
    protection, the Arrivals overlay and the log."""
    session = window.testplay.session
    game = session.game
    while not game.is_over and not any(
        type(e).__name__ == "Arrived" for e in game.iter_log(game.turn)
    ):
        session.end_player_turn()
    arrived = [e for e in game.iter_log(game.turn) if type(e).__name__ == "Arrived"]
    if arrived:
        window.map_view.set_zoom(30)
        window.map_view.center_on(arrived[0].hex)
        window.selection.select_hex(arrived[0].hex)
    shot("testplay-arrivals")


def _sight_shot(window: Any, shot: Callable[[str], None]) -> None:
    """Test-play by day with the Line of sight overlay on, from a unit whose view towns, woods
    or hills partly block."""
    session = window.testplay.session
    game = session.game
    while not game.is_over and game.day_phase.value != "day":
        session.end_player_turn()
    blocked = [
        u for u in game.iter_units() if not all(game.sight_from(game.offset_of(u.hex)).values())
    ]
    if game.is_over or not blocked:
        return
    here = game.offset_of(blocked[0].hex)
    window.testplay.overlays.set_sight(True)
    window.map_view.set_zoom(36)
    window.map_view.center_on(here)
    window.selection.select_hex(here)
    shot("testplay-sight")
    window.testplay.overlays.set_sight(False)


def resting_mouse(view: Any, hex_: tuple[int, int], *, control: bool = False) -> Any:
    """A tool event with the mouse on a hex centre and nothing held (or Ctrl)."""
    from PySide6.QtCore import Qt  # noqa: PLC0415

    from editor.tools.base import ToolEvent  # noqa: PLC0415

    pixel = view.hex_pixel(hex_)
    return ToolEvent(
        pixel,
        view.viewport.to_world(pixel),
        hex_,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.ControlModifier if control else Qt.KeyboardModifier.NoModifier,
    )


def main(argv: list[str] | None = None) -> int:
    """Run from the command line."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print("usage: python -m editor.snapshots OUTDIR [SCENARIO]", file=sys.stderr)
        return 2
    scenario = Path(args[1]) if len(args) > 1 else None
    for path in take(Path(args[0]), scenario):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

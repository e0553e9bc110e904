"""Test-play mode of the main window: starting a session on a snapshot of the open document,
switching the map, tools and panels to it, the Play menu's actions, and back to editing with the
document untouched unless the tester copies the positions to it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QWidget

from editor import icons
from editor.commands import SetValue
from editor.docks.base import DocumentDock
from editor.docks.hex_info import HexInfoDock
from editor.docks.problems_dock import ProblemsDock
from editor.docks.tool_options import ToolOptionsDock
from editor.map.view import MapOverlay
from editor.selection import Focus
from editor.testplay.computer_turns import ComputerTurns
from editor.testplay.dock import TestPlayDock
from editor.testplay.move_tool import TestPlayMoveTool
from editor.testplay.overlays import TestPlayOverlays
from editor.testplay.phase_text import end_text
from editor.testplay.play_settings import TestPlaySettings
from schemas.io import FileKind
from schemas.problems import Problem

if TYPE_CHECKING:
    from editor.testplay.curtain import Curtain
    from editor.testplay.session import TestPlaySession
    from editor.testplay.start_check import StartChoice
    from engine.panzer_campaigns.orders import Order
    from schemas.panzer_campaigns.testplay import TestPlayRecord

# The modules a running test-play needs and editing does not (its record files, the event log's
# export, the start's check of errors, the curtain, Hex Info's notes, the session itself and the
# engine's orders under it) are imported where used:
# the editor's start is spared them.

STAYS_ON = frozenset({"testplay", "hex_info", "problems", "tool_options"})
"""Panels that stay usable in test-play; the others edit the scenario and are disabled."""


def _action(parent: QObject, text: str, tip: str, shortcut: str | None = None) -> QAction:
    action = QAction(text, parent)
    if shortcut:
        action.setShortcut(QKeySequence(shortcut))
    action.setStatusTip(tip)
    action.setToolTip(f"{text.replace('&', '').rstrip('…')}: {tip}")
    return action


@contextmanager
def _busy_cursor() -> Iterator[None]:
    """A wait cursor while the title files' digests are taken (half a second on 500x500)."""
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        yield
    finally:
        QApplication.restoreOverrideCursor()


def _ask_about_errors(parent: QWidget | None, errors: list[Problem]) -> StartChoice:
    from editor.testplay.start_check import ask_about_errors  # noqa: PLC0415

    return ask_about_errors(parent, errors)


def save_record(record: TestPlayRecord, path: Path | str) -> None:
    """Write a test-play's record (`editor.testplay.session_file.save_record`)."""
    from editor.testplay.session_file import save_record as save  # noqa: PLC0415

    save(record, path)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


class TestPlayController(QObject):
    """Starts and stops test-play in a window, and carries out the Play menu's actions."""

    __test__ = False

    running_changed = Signal(bool)

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.session: TestPlaySession | None = None
        self.curtain: Curtain | None = None
        """The hot-seat curtain of the running session."""
        self.turns: ComputerTurns | None = None
        """The computer's turns of the running session."""
        self.computer_factory = ComputerTurns.default_factory
        """Makes the computer player of a side (tests replace it)."""
        self.last: tuple[TestPlaySettings, list[Order], Path] | None = None
        """The settings, orders and scenario file of the last test-play stopped, for
        `replay_last`."""
        self.tool = TestPlayMoveTool(window.selection, self)
        self.tool.message.connect(self.say)
        self.overlays = TestPlayOverlays(self, selection=window.selection)
        self.overlays.changed.connect(window.map_view.update)
        self.overlays.changed.connect(self._show_supply_line)
        self._saved_aids: MapOverlay | None = None
        self._undo_keys: list[QKeySequence] = []
        self.ask_about_errors = _ask_about_errors
        """How starting on a scenario with errors is confirmed (tests replace it)."""
        window.selection.focus_requested.connect(self._focus_requested)
        self._build_actions()

    def _build_actions(self) -> None:
        self.take_back_action = _action(
            self,
            "Take &Back Move",
            "Take back the last move or mode change of this player turn (not under Fog of War)",
            "Ctrl+Z",
        )
        self.take_back_action.triggered.connect(self.take_back)
        self.end_turn_action = _action(
            self,
            "&End Player Turn",
            "End this player turn: the other side moves next, or the next game turn starts",
            "Ctrl+E",
        )
        self.end_turn_action.triggered.connect(self.end_player_turn)
        self.replay_last_action = _action(
            self,
            "&Replay Last Test-play",
            "Test-play the scenario as it is now with the last test-play's seed, rules and "
            "orders: after a fix, back to where you were",
            "Shift+F5",
        )
        self.replay_last_action.triggered.connect(self.replay_last)
        self.copy_positions_action = _action(
            self,
            "&Copy Positions to Scenario",
            "Stop, and place the scenario's units where they stand in the game, as one undo step",
        )
        self.copy_positions_action.triggered.connect(self.copy_positions)
        # The lambdas keep `triggered`'s checked flag from arriving as the path.
        self.save_action = _action(
            self,
            "&Save Test-play…",
            "Save this test-play as its seed, rules and orders, to open and replay later",
        )
        self.save_action.triggered.connect(lambda: self.save_session())  # noqa: PLW0108
        self.open_action = _action(
            self,
            "&Open Test-play…",
            "Replay a saved test-play on the scenario as it is now",
        )
        self.open_action.triggered.connect(lambda: self.open_session())  # noqa: PLW0108
        self.export_log_action = _action(
            self,
            "&Export Event Log…",
            "Write the test-play's event log as a text report or a spreadsheet (CSV)",
        )
        self.export_log_action.triggered.connect(lambda: self.export_log())  # noqa: PLW0108
        if self.dock is not None:
            self.dock.export_button.setDefaultAction(self.export_log_action)
            self.export_log_action.setIconText("Export…")
        for action, name in (
            (self.end_turn_action, "skip-forward"),
            (self.take_back_action, "undo-dot"),
            (self.replay_last_action, "rotate-ccw"),
            (self.copy_positions_action, "clipboard-copy"),
            (self.save_action, "file-down"),
            (self.open_action, "file-input"),
            (self.export_log_action, "file-output"),
        ):
            action.setIcon(icons.icon(name))
        self.actions = [
            self.end_turn_action,
            self.take_back_action,
            self.copy_positions_action,
            self.save_action,
            self.export_log_action,
        ]
        """Actions that need a running test-play."""
        self.update_actions()

    def menu_actions(self) -> list[QAction]:
        """The Play menu's actions on a running test-play, in menu order."""
        computer = self.dock.players_bar.control_actions if self.dock is not None else []
        return [
            self.end_turn_action,
            self.take_back_action,
            # enabled only while the selected unit of the side to move may fire or assault
            *self.tool.combat.actions.values(),
            *computer,
            self.copy_positions_action,
            self.save_action,
            self.open_action,
            self.export_log_action,
        ]

    @property
    def is_running(self) -> bool:
        """Whether the window is in test-play mode."""
        return self.session is not None

    def say(self, text: str) -> None:
        """A message in the window's status bar."""
        self.window.statusBar().showMessage(text, 8000)

    # Starting and stopping ---------------------------------------------------------------------

    def start(
        self,
        seed: int | None = None,
        *,
        settings: TestPlaySettings | None = None,
        orders: Sequence[Order] = (),
    ) -> bool:
        """Test-play the document as it is now, saved or not, then replay `orders` if given.
        Without `settings`, the scenario's optional rules, and `seed` or else the last
        test-play's seed (a test repeated after a fix starts as the last one did)."""
        window = self.window
        document = window.document
        if document is None or self.session is not None:
            return False
        if not self._errors_accepted():
            return False
        if seed is None:
            seed = self.last[0].seed if self.last is not None else 1
        from editor.testplay.session import TestPlaySession  # noqa: PLC0415

        try:
            session = TestPlaySession.start(document, seed, parent=self, settings=settings)
        except Exception as exc:  # a scenario the engine cannot build: say why, keep editing
            QMessageBox.warning(window, "Test-play", f"The scenario cannot be played: {exc}")
            return False
        self.session = session
        view = window.map_view
        self._saved_aids = view.aids
        view.set_document(session.shadow, keep_view=True)
        self.tool.set_session(session)
        view.set_tool(self.tool)
        self.overlays.set_session(session)
        view.aids = self.overlays
        # The A/I orders stay drawn if they were in the editor, now those of the game's turn.
        self.overlays.set_ai_orders(getattr(self._saved_aids, "on", False))
        self.overlays.ai_order_marks.set_view(view)
        # Hex Info lists the game's units, as the side to move may know them under Fog of War.
        from editor.testplay.carry_marks import carry_notes  # noqa: PLC0415
        from editor.testplay.curtain import Curtain  # noqa: PLC0415
        from editor.testplay.engineering_marks import engineering_notes  # noqa: PLC0415
        from editor.testplay.supply_marks import supply_notes  # noqa: PLC0415

        hex_info = window.docks.get("hex_info")
        if isinstance(hex_info, HexInfoDock):
            hex_info.unit_notes = lambda unit_id: [
                *carry_notes(session.game, unit_id, session.viewer),
                *engineering_notes(session.game, unit_id, session.viewer),
                *supply_notes(session.game, unit_id, session.viewer),
            ]
        if isinstance(hex_info, DocumentDock):
            hex_info.set_document(session.shadow)
        self.curtain = Curtain(window, session)
        self._start_computer(session)
        window.tools.group.setEnabled(False)
        for name, dock in window.docks.items():
            if isinstance(dock, DocumentDock) and name not in STAYS_ON:
                dock.setEnabled(False)
        options = window.docks.get("tool_options")
        if isinstance(options, ToolOptionsDock):
            options.setEnabled(True)
            options.show_tool(self.tool)
        testplay = self.dock
        if testplay is not None:
            testplay.set_session(session)
            testplay.fix_requested.connect(self.show_in_scenario)
            testplay.show()
            testplay.raise_()
        window.undo_group.setActiveStack(None)
        # Ctrl+Z takes back a move while the scenario's own undo is off.
        self._undo_keys = window.undo_action.shortcuts()
        window.undo_action.setShortcuts([])
        session.changed.connect(self.update_actions)
        session.busy_changed.connect(self.update_actions)
        self.update_actions()
        self.running_changed.emit(True)
        if orders:
            session.replay(orders)
        return True

    def _errors_accepted(self) -> bool:
        """Whether to go on when the scenario has errors: the designer is told which, and may
        play anyway, look at them in the Problems panel, or cancel."""
        from editor.testplay.start_check import StartChoice, errors_now  # noqa: PLC0415

        problems = self.window.docks.get("problems")
        checker = problems.checker if isinstance(problems, ProblemsDock) else None
        with _busy_cursor():
            errors = errors_now(self.window.document, checker)
        if not errors:
            return True
        choice = self.ask_about_errors(self.window, errors)
        if choice is StartChoice.SHOW_PROBLEMS and isinstance(problems, ProblemsDock):
            problems.show_problem(errors[0])
        return choice is StartChoice.PLAY

    def stop(self) -> None:
        """Back to editing: the document is exactly as it was before the session."""
        window = self.window
        session = self.session
        if session is None:
            return
        self.last = (session.settings, session.orders, session.bundle.scenario.path)
        self.session = None
        view = window.map_view
        testplay = self.dock
        if testplay is not None:
            testplay.set_session(None)
            testplay.fix_requested.disconnect(self.show_in_scenario)
        self.tool.set_session(None)
        self.overlays.set_session(None)
        self.overlays.ai_order_marks.set_view(None)
        hex_info = window.docks.get("hex_info")
        if isinstance(hex_info, HexInfoDock):
            hex_info.unit_notes = None
        if isinstance(hex_info, DocumentDock):
            hex_info.set_document(window.document)
        if self.curtain is not None:
            self.curtain.deleteLater()
            self.curtain = None
        self._stop_computer()
        view.aids = self._saved_aids
        view.set_document(window.document, keep_view=True)
        view.set_tool(window.tools.current)
        window.tools.group.setEnabled(True)
        for dock in window.docks.values():
            dock.setEnabled(True)
        options = window.docks.get("tool_options")
        if isinstance(options, ToolOptionsDock):
            options.show_tool(window.tools.current)
        window.undo_action.setShortcuts(self._undo_keys)
        if window.document is not None:
            window.undo_group.setActiveStack(window.document.undo_stack)
        session.stop()
        session.deleteLater()
        self.update_actions()
        self.running_changed.emit(False)

    def _start_computer(self, session: TestPlaySession) -> None:
        """The computer plays its sides of the session; its orders are shown on the map."""
        turns = ComputerTurns(session, self.computer_factory, self)
        self.turns = turns
        turns.showing.connect(self._show_computer_order)
        turns.progress.connect(lambda text: self.window.statusBar().showMessage(text))
        if self.dock is not None:
            turns.failed.connect(self.dock.message.setText)
            turns.progress.connect(self.dock.message.setText)
            self.dock.players_bar.set_turns(turns)

    def _stop_computer(self) -> None:
        turns, self.turns = self.turns, None
        if turns is None:
            return
        turns.shutdown()
        if self.dock is not None:
            self.dock.players_bar.set_turns(None)
        turns.deleteLater()
        self.window.statusBar().clearMessage()

    def _show_computer_order(self, hex_: tuple[int, int]) -> None:
        # The counter the computer just moved, selected and brought into view.
        self.window.selection.select_hex(hex_)
        self.window.selection.request_focus(Focus(hex=hex_))

    @property
    def dock(self) -> TestPlayDock | None:
        """The window's Test-play panel."""
        dock = self.window.docks.get("testplay")
        return dock if isinstance(dock, TestPlayDock) else None

    # The Play menu -----------------------------------------------------------------------------

    def end_player_turn(self) -> None:
        """End the player turn, or in a phased game the phase, as the Test-play panel's button
        does."""
        if self.dock is not None:
            self.dock.end_player_turn()

    def take_back(self) -> None:
        """Take back the last move of the player turn, or say why not."""
        if self.dock is not None:
            self.dock.take_back()

    def replay_last(self) -> bool:
        """Start a test-play of the document as it is now with the last one's seed, rules and
        orders (an order the scenario no longer allows stops the replay, saying which)."""
        if not self._can_replay_last():
            return False
        assert self.last is not None
        settings, orders, _ = self.last
        return self.start(settings=settings, orders=orders)

    def _can_replay_last(self) -> bool:
        document = self.window.document
        return (
            self.session is None
            and self.last is not None
            and document is not None
            and self.last[2] == document.scenario_path
        )

    def copy_positions(self) -> None:
        """Place the scenario's units where the game has them, as one undo step, and stop."""
        session, document = self.session, self.window.document
        if session is None or document is None or document.scenario is None:
            return
        from editor.testplay.fixes import positions_of  # noqa: PLC0415

        copied = positions_of(document.scenario, session.game)
        self.stop()
        if not copied.moved:
            self.say("No unit placed at the start stands elsewhere or in another mode.")
            return
        document.push(
            SetValue(
                document,
                FileKind.SCENARIO,
                ("placements",),
                copied.placements,
                "Copy Test-play Positions",
            )
        )
        notes = [f"Copied {_count(copied.moved, 'unit position')} to the scenario"]
        if copied.gone:
            notes.append(
                f"{_count(len(copied.gone), 'unit')} no longer on the map kept their place"
            )
        if copied.arrived:
            notes.append(f"{_count(len(copied.arrived), 'arrived unit')} stay reinforcements")
        self.say("; ".join(notes) + ". Edit > Undo takes it back.")

    def save_session(self, path: Path | str | None = None) -> bool:
        """Save the running test-play (asking where when `path` is None)."""
        from editor.testplay.session_file import (  # noqa: PLC0415
            FILE_FILTER,
            record_of,
            record_path_for,
        )

        session = self.session
        if session is None:
            return False
        if path is None:
            suggested = record_path_for(session.bundle.scenario.path)
            chosen, _ = QFileDialog.getSaveFileName(
                self.window, "Save Test-play", str(suggested), FILE_FILTER
            )
            if not chosen:
                return False
            path = chosen
        try:
            with _busy_cursor():
                save_record(record_of(session, Path(path)), path)
        except Exception as exc:  # not only OSError: any failure is reported, nothing closes
            QMessageBox.warning(self.window, "Save Test-play", f"Could not save {path}: {exc}")
            return False
        self.say(f"Saved the test-play's {len(session.orders)} orders to {Path(path).name}.")
        return True

    def open_session(self, path: Path | str | None = None) -> bool:
        """Replay a saved test-play on the open scenario as it is now (asking which when `path`
        is None); a running test-play is stopped first."""
        from editor.testplay.session_file import (  # noqa: PLC0415
            FILE_FILTER,
            RecordError,
            changed_files,
            load_record,
            orders_of,
            scenario_of,
            settings_of,
        )

        document = self.window.document
        if document is None:
            return False
        if path is None:
            folder = document.scenario_path.parent
            chosen, _ = QFileDialog.getOpenFileName(
                self.window, "Open Test-play", str(folder), FILE_FILTER
            )
            if not chosen:
                return False
            path = chosen
        try:
            record = load_record(path)
        except RecordError as exc:
            QMessageBox.warning(self.window, "Cannot open the test-play", str(exc))
            return False
        notes = []
        if scenario_of(record, path).resolve() != document.scenario_path.resolve():
            notes.append(f"It was played on {record.scenario}, not on this scenario.")
        with _busy_cursor():
            changed = changed_files(record, document.bundle())
        if changed:
            notes.append(f"Changed since it was saved: {', '.join(changed)}.")
        if notes:
            notes.append("Its orders are replayed on the scenario as it is now.")
            QMessageBox.information(self.window, "Open Test-play", " ".join(notes))
        self.stop()
        if not self.start(settings=settings_of(record), orders=orders_of(record)):
            return False
        self.say(f"Replaying {len(record.orders)} orders from {Path(path).name}.")
        return True

    def export_log(self, path: Path | str | None = None) -> bool:
        """Write the event log as a text report or, for a .csv path, a spreadsheet."""
        from editor.testplay.log_export import FILE_FILTERS as LOG_FILTERS  # noqa: PLC0415
        from editor.testplay.log_export import export_log  # noqa: PLC0415

        session = self.session
        if session is None:
            return False
        if path is None:
            suggested = session.bundle.scenario.path.with_suffix("").with_suffix(".log.txt")
            chosen, _ = QFileDialog.getSaveFileName(
                self.window, "Export Event Log", str(suggested), LOG_FILTERS
            )
            if not chosen:
                return False
            path = chosen
        try:
            # Under Fog of War the file holds what the side to move may know, as the panel does.
            export_log(session.game, path, session.known_log(), known_to=session.viewer)
        except Exception as exc:  # not only OSError: any failure is reported, nothing closes
            QMessageBox.warning(self.window, "Export Event Log", f"Could not export {path}: {exc}")
            return False
        self.say(f"Exported {len(session.known_log())} events to {Path(path).name}.")
        return True

    def show_in_scenario(self, focus: Focus | None) -> None:
        """Stop the test-play and show `focus` in the scenario's panels, to fix it there."""
        if focus is None:
            return
        orders = len(self.session.orders) if self.session is not None else 0
        self.stop()
        self.window.selection.request_focus(focus)
        if orders:
            self.say(
                f"Test-play stopped to show it in the scenario. Play > Replay Last Test-play "
                f"(Shift+F5) plays its {orders} orders again on the scenario as it is then."
            )

    def _focus_requested(self, focus: Focus) -> None:
        # A problem double-clicked in the Problems panel names a field of a file: the panels
        # that edit it are off in test-play, so go back to editing and show it there.
        if self.session is not None and focus.kind is not None:
            QTimer.singleShot(0, lambda: self.show_in_scenario(focus))

    def _show_supply_line(self) -> None:
        if self.dock is not None:
            self.dock.show_supply_line(self.overlays.supply_line_text() if self.session else "")

    def update_actions(self, *_args: object) -> None:
        """Enable the Play menu's actions that apply now."""
        session = self.session
        running = session is not None
        for action in self.actions:
            action.setEnabled(running and not session.is_busy)
        self.take_back_action.setEnabled(running and session.can_undo)
        self.end_turn_action.setEnabled(
            running and not session.is_busy and not session.game.is_over
        )
        text, tip = end_text(session.game if session else None)
        self.end_turn_action.setText("&" + text)
        self.end_turn_action.setStatusTip(tip)
        self.end_turn_action.setToolTip(f"{text}: {tip}")
        self.replay_last_action.setEnabled(self._can_replay_last())
        self.open_action.setEnabled(self.window.document is not None)

"""The Timeline dock on The Road to Bastogne: dragging a reinforcement to another turn (one
undo step), nudging it with the keyboard, scrubbing to a turn, zooming and filtering."""

from __future__ import annotations

from datetime import datetime

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from editor.commands import SetValue
from editor.docks.timeline_dock import TimelineDock
from editor.document import Document
from editor.selection import Selection
from engine.panzer_campaigns.timeline import EventKind, TimelineEvent
from schemas.io import FileKind


@pytest.fixture
def dock(qtbot, document: Document, selection: Selection) -> TimelineDock:
    widget = TimelineDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.resize(1280, 720)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _marker(dock: TimelineDock, track: str, item: str) -> tuple[int, TimelineEvent]:
    view = dock.view
    for row, candidate in enumerate(view.timeline.tracks):
        if candidate.key == track:
            for event in candidate.events:
                if event.item_id == item and event.kind is EventKind.REINFORCEMENT:
                    return row, event
    raise AssertionError(f"no marker of {item} on {track}")


def _centre(dock: TimelineDock, track: str, item: str) -> QPoint:
    row, event = _marker(dock, track, item)
    return dock.view.marker_rect(row, event).center().toPoint()


def _arrival(document: Document, item: str) -> datetime | None:
    return next(r.at for r in document.scenario.reinforcements if r.id == item)


def test_drag_a_reinforcement_two_turns_later_and_undo(
    qtbot, dock: TimelineDock, document: Document
) -> None:
    view = dock.view
    start = _centre(dock, "us.101ab", "101ab-501pir")
    assert _arrival(document, "101ab-501pir") == datetime(1944, 12, 18, 22, 0)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    end = start + QPoint(round(2 * view.turn_width), 0)
    qtbot.mouseMove(view.viewport(), start + QPoint(5, 0))
    qtbot.mouseMove(view.viewport(), end)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=end)
    # Scheduled by time, it stays so: turn 10 starts at 06:00 on the 19th (4-hour night turns).
    assert _arrival(document, "101ab-501pir") == datetime(1944, 12, 19, 6, 0)
    assert _marker(dock, "us.101ab", "101ab-501pir")[1].turn == 10
    assert document.undo_stack.count() == 1
    assert "turn 10" in document.undo_stack.undoText()
    document.undo_stack.undo()
    assert _arrival(document, "101ab-501pir") == datetime(1944, 12, 18, 22, 0)
    assert _marker(dock, "us.101ab", "101ab-501pir")[1].turn == 8


def test_arrow_keys_move_the_selected_event_a_turn(
    qtbot, dock: TimelineDock, document: Document, selection: Selection
) -> None:
    view = dock.view
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=_centre(dock, "us.10ad", "10ad-ccb")
    )
    assert selection.units  # the reinforcement's units are selected for the other panels
    before = next(r for r in document.scenario.reinforcements if r.id == "10ad-ccb")
    turn = _marker(dock, "us.10ad", "10ad-ccb")[1].turn
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert _marker(dock, "us.10ad", "10ad-ccb")[1].turn == turn + 2
    assert document.undo_stack.count() == 2
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert _marker(dock, "us.10ad", "10ad-ccb")[1].turn == turn + 1
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert next(r for r in document.scenario.reinforcements if r.id == "10ad-ccb") == before


def test_placements_do_not_move(qtbot, dock: TimelineDock, document: Document) -> None:
    view = dock.view
    row = next(i for i, t in enumerate(view.timeline.tracks) if t.key == "de.26vgd")
    placed = next(e for e in view.timeline.tracks[row].events if e.kind is EventKind.PLACED)
    centre = view.marker_rect(row, placed).center().toPoint()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert document.undo_stack.count() == 0


def test_clicking_the_axis_scrubs_to_that_turn(qtbot, dock: TimelineDock) -> None:
    view = dock.view
    seen: list[object] = []
    dock.scrub_changed.connect(seen.append)
    x = round(view.turn_x(8) + view.turn_width / 2)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 4))
    assert dock.scrub_turn() == 8
    assert seen[-1] == 8
    assert dock.turn_label.text().startswith("Turn 8, 18 Dec 22:00")
    dock.scrub.setChecked(False)
    assert seen[-1] is None


def test_wheel_zooms_the_time_axis_and_filter_keeps_matching_tracks(
    qtbot, dock: TimelineDock
) -> None:
    view = dock.view
    width = view.turn_width
    at = QPointF(view.label_width + 100, view.axis_height + 30)
    turn_under = view.turn_at_x(at.x())
    _wheel(view, at, 120, Qt.KeyboardModifier.NoModifier)
    assert view.turn_width == pytest.approx(width * 1.25)
    assert view.turn_at_x(at.x()) == turn_under  # zoomed about the pointer
    _wheel(view, at, -120, Qt.KeyboardModifier.ShiftModifier)
    assert view.horizontalScrollBar().value() > 0  # Shift+wheel scrolls the time axis
    assert view.turn_width == pytest.approx(width * 1.25)
    qtbot.keyClicks(dock.filter, "airborne")
    labels = [t.label for t in view.timeline.tracks if not t.heading]
    assert labels
    assert all("airborne" in label.casefold() for label in labels)


def test_the_scrubber_rings_on_the_map_what_is_there_at_the_turn(qtbot, window) -> None:
    timeline = window.docks["timeline"]
    aids = window.docks["map_aids"]
    assert isinstance(timeline, TimelineDock)
    marshalling = (7, 56)  # where the 101st Airborne comes in on the Marche road
    placed = window.document.scenario.placements[0]
    timeline.scrub.setChecked(True)
    timeline.slider.setValue(7)
    rings = aids.presence.hexes()
    assert rings[(placed.hex[0], placed.hex[1])] == 1.0
    assert marshalling not in rings
    timeline.slider.setValue(8)
    assert aids.presence.hexes()[marshalling] == 1.0
    assert aids.ai_orders_turn.value() == 8  # the A/I arrows follow the scrubbed turn
    timeline.scrub.setChecked(False)
    assert aids.presence.hexes() == {}
    # Left to chance, the same arrival is ringed with its chance on its turn.
    document = window.document
    number = next(
        i for i, r in enumerate(document.scenario.reinforcements) if r.id == "101ab-501pir"
    )
    path = ("reinforcements", number, "probability")
    document.push(SetValue(document, FileKind.SCENARIO, path, 50, "Chance 50 %"))
    timeline.scrub.setChecked(True)
    # At turn 8 only the 50 % one is due at its hex.
    timeline.slider.setValue(8)
    assert aids.presence.hexes()[marshalling] == pytest.approx(0.5)
    assert "maybe" in timeline.turn_label.text()


def test_the_reinforcements_table_follows_a_move_on_the_timeline(qtbot, window) -> None:
    timeline = window.docks["timeline"]
    schedule = window.docks["schedule"]
    timeline.show()
    timeline.raise_()
    document = window.document
    row = next(i for i, r in enumerate(document.scenario.reinforcements) if r.id == "10ad-ccb")
    turn_column = 1
    before = int(schedule.reinforcements.cell_text(row, turn_column))
    _, event = _marker(timeline, "us.10ad", "10ad-ccb")
    timeline.move_event(event, before + 3)
    assert int(schedule.reinforcements.cell_text(row, turn_column)) == before + 3
    schedule.show()
    schedule.raise_()  # the timeline is now behind a tab: it catches up when shown again
    document.undo_stack.undo()
    assert int(schedule.reinforcements.cell_text(row, turn_column)) == before
    timeline.raise_()
    qtbot.waitUntil(lambda: _marker(timeline, "us.10ad", "10ad-ccb")[1].turn == before)


def test_up_and_down_walk_the_markers_for_the_keyboard(qtbot, dock: TimelineDock) -> None:
    view = dock.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Down)
    first = view.selected_event()
    assert first is not None
    assert first.kind is EventKind.PLACED  # VIII Corps' placements, the first marker
    qtbot.keyClick(view, Qt.Key.Key_Down)
    second = view.selected_event()
    assert second is not None
    assert second.path != first.path
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert view.selected == first.path
    for _ in range(40):
        qtbot.keyClick(view, Qt.Key.Key_Down)
    row = next(
        i for i, t in enumerate(view.timeline.tracks) for e in t.events if e.path == view.selected
    )
    assert row in view.visible_rows()  # scrolled into sight


def test_clicking_a_name_folds_its_tracks_into_it(qtbot, dock: TimelineDock) -> None:
    view = dock.view
    keys = [t.key for t in view.timeline.tracks]
    row = keys.index("us.1a")
    point = QPoint(20, view.row_y(row) + view.row_height // 2)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    folded = {t.key: t for t in view.timeline.tracks}
    assert "us.101ab" not in folded
    assert "us.8c" not in folded
    first_army = folded["us.1a"]
    assert first_army.collapsed
    # The 101st's arrivals and VIII Corps' withdrawal now sit on First Army's track.
    items = {e.item_id for e in first_army.events}
    assert {"101ab-501pir", "101ab-502-506"} <= items
    assert any(e.kind is EventKind.WITHDRAWAL for e in first_army.events)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert [t.key for t in view.timeline.tracks] == keys


def _wheel(view, at: QPointF, delta: int, modifiers: Qt.KeyboardModifier) -> None:
    event = QWheelEvent(
        at,
        view.viewport().mapToGlobal(at),
        QPoint(),
        QPoint(0, delta),
        Qt.MouseButton.NoButton,
        modifiers,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)

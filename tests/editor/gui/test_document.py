"""The document: edits as commands, undo and redo, dirty state per file, atomic saves."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.commands import InsertItems, MoveItem, RemoveItems, SetValue
from editor.document import ChangeAction, Document, DocumentError
from editor.model_paths import EditError
from schemas.io import FileKind, load_file
from schemas.panzer_campaigns.scenario import NormalObjective


def test_an_edit_is_undoable_and_the_file_is_clean_again(document: Document) -> None:
    before = document.scenario.header.turns
    document.push(
        SetValue(document, FileKind.SCENARIO, ("header", "turns"), before + 4, "Set Scenario Turns")
    )
    assert document.scenario.header.turns == before + 4
    assert [s.kind for s in document.dirty_files()] == [FileKind.SCENARIO]
    document.undo_stack.undo()
    assert document.scenario.header.turns == before
    assert not document.is_dirty
    document.undo_stack.redo()
    assert document.scenario.header.turns == before + 4


def test_a_bad_value_is_refused_with_the_field_named(document: Document) -> None:
    with pytest.raises(EditError, match=r"header\.turns"):
        SetValue(document, FileKind.SCENARIO, ("header", "turns"), 0, "Set Scenario Turns")
    assert document.undo_stack.count() == 0


def test_typing_into_one_field_merges_into_one_undo_step(document: Document) -> None:
    path = ("header", "title")
    for text in ("B", "Ba", "Bas"):
        document.push(
            SetValue(document, FileKind.SCENARIO, path, text, "Set Scenario Title", merge=True)
        )
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.scenario.header.title == "The Road to Bastogne"


def test_listeners_hear_rows_inserted_and_removed(document: Document) -> None:
    heard = []
    document.changed.connect(lambda change: heard.append((change.action, change.first)))
    objective = NormalObjective(id="new_obj", hex=(10, 10), points=5)
    count = len(document.scenario.objectives)
    document.push(
        InsertItems(
            document,
            FileKind.SCENARIO,
            ("objectives",),
            index=count,
            items=[objective],
            text="Add Objective",
        )
    )
    document.push(
        RemoveItems(document, FileKind.SCENARIO, ("objectives",), [0, count], "Delete Objectives")
    )
    assert len(document.scenario.objectives) == count - 1
    document.undo_stack.undo()
    assert document.scenario.objectives[-1].id == "new_obj"
    assert heard[0] == (ChangeAction.INSERT, count)
    assert (ChangeAction.REMOVE, 0) in heard


def test_moving_an_organization_into_a_later_sibling(document: Document) -> None:
    nation = ("sides", 0, "nations", 0, "organizations")
    orgs = document.oob.sides[0].nations[0].organizations
    if len(orgs) < 2:
        pytest.skip("the sample's first nation has one top organization")
    first, second = orgs[0].id, orgs[1].id
    document.push(
        MoveItem(
            document,
            FileKind.OOB,
            nation,
            0,
            target=(*nation, 1, "children"),
            target_index=0,
            text="Move Organization",
        )
    )
    moved = document.oob.sides[0].nations[0].organizations[0]
    assert moved.id == second
    assert moved.children[0].id == first
    assert document.oob_index.organizations[first].parent == second


def test_save_writes_only_changed_files_and_reopens_equal(document: Document) -> None:
    map_mtime = document.path(FileKind.MAP).stat().st_mtime_ns
    document.push(SetValue(document, FileKind.SCENARIO, ("header", "turns"), 7, "Set Turns"))
    written = document.save()
    assert written == [document.scenario_path]
    assert document.path(FileKind.MAP).stat().st_mtime_ns == map_mtime
    assert not document.is_dirty
    assert Document.open(document.scenario_path).scenario == document.scenario


def test_a_failed_write_leaves_the_file_on_disk_whole(document: Document, monkeypatch) -> None:
    path = document.scenario_path
    original = path.read_bytes()
    document.push(SetValue(document, FileKind.SCENARIO, ("header", "turns"), 9, "Set Turns"))

    import os

    real_fsync = os.fsync

    def fail_midway(fd: int) -> None:
        os.write(fd, b"\0garbage")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", fail_midway)
    with pytest.raises(DocumentError, match="No space left"):
        document.save()
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert path.read_bytes() == original
    assert document.is_dirty
    assert document.scenario.header.turns == 9
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    assert load_file(path).ok


def test_a_broken_scenario_is_refused_with_its_problems() -> None:
    from tests.conftest import SAMPLE_DATA

    with pytest.raises(DocumentError) as caught:
        Document.open(SAMPLE_DATA / "broken" / "scenarios" / "syntax.scenario.yaml")
    assert "syntax.scenario.yaml:" in caught.value.details()


def test_save_as_rewrites_references_relative_to_the_new_place(document: Document) -> None:
    document.push(SetValue(document, FileKind.SCENARIO, ("header", "turns"), 7, "Set Turns"))
    target = document.title_folder / "copy.scenario.yaml"
    document.save_as(target)
    assert document.scenario_path == target
    assert not document.is_dirty
    assert document.scenario.files.map == "ardennes44.map.yaml"
    reopened = Document.open(target)
    assert reopened.scenario.header.turns == 7
    assert reopened.path(FileKind.MAP) == document.path(FileKind.MAP)


def test_save_as_outside_the_title_is_refused(document: Document, tmp_path: Path) -> None:
    with pytest.raises(DocumentError, match="outside the title folder"):
        document.save_as(tmp_path / "elsewhere.scenario.yaml")


def test_typing_the_saved_value_back_makes_the_file_clean(document: Document) -> None:
    before = document.scenario.header.turns
    path = ("header", "turns")
    document.push(SetValue(document, FileKind.SCENARIO, path, before + 1, "Set Turns"))
    assert document.is_dirty
    document.push(SetValue(document, FileKind.SCENARIO, path, before, "Set Turns"))
    assert not document.is_dirty
    assert document.dirty_files() == []

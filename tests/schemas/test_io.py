"""Loading and saving single files: determinism, atomic saves, migrations, and Problems (never
tracebacks) for unreadable input."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from schemas.io import FileKind, dump_text, load_file, load_text, save_file, write_atomic
from schemas.migrations import CURRENT_VERSION, migrate
from tests.conftest import SAMPLE_DATA
from tests.tiny_title import tiny_map, tiny_oob, tiny_parameters, tiny_scenario, tiny_weather

MODELS = [tiny_map, tiny_oob, tiny_parameters, tiny_weather, tiny_scenario]
KINDS = [FileKind.MAP, FileKind.OOB, FileKind.PARAMETERS, FileKind.WEATHER, FileKind.SCENARIO]


@pytest.mark.parametrize("make", MODELS)
def test_the_same_model_always_gives_the_same_bytes(make, tmp_path: Path) -> None:
    model = make()
    assert dump_text(model) == dump_text(make())
    kind = dict(zip(MODELS, KINDS, strict=True))[make]
    reloaded = load_text(dump_text(model), kind)
    assert reloaded.problems == []
    assert reloaded.model == model


@pytest.mark.parametrize("make", MODELS)
def test_json_twin_loads_to_the_same_model(make) -> None:
    model = make()
    kind = dict(zip(MODELS, KINDS, strict=True))[make]
    assert load_text(dump_text(model, as_json=True), kind, as_json=True).model == model


def test_a_failed_save_leaves_the_old_file_untouched(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "tiny.map.yaml"
    save_file(tiny_map(), target)
    before = target.read_bytes()

    def crash_while_syncing(fd: int) -> None:
        raise OSError("disk unplugged")

    monkeypatch.setattr(os, "fsync", crash_while_syncing)
    with pytest.raises(OSError, match="disk unplugged"):
        write_atomic(target, "half a file")
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["tiny.map.yaml"]


def test_saving_keeps_the_file_mode_and_new_files_follow_the_umask(tmp_path: Path) -> None:
    existing = tmp_path / "shared.map.yaml"
    existing.write_text("old")
    existing.chmod(0o664)
    save_file(tiny_map(), existing)
    assert existing.stat().st_mode & 0o777 == 0o664
    umask = os.umask(0o022)
    try:
        fresh = tmp_path / "fresh.map.yaml"
        save_file(tiny_map(), fresh)
    finally:
        os.umask(umask)
    assert fresh.stat().st_mode & 0o777 == 0o644


def test_saving_creates_no_partial_file_when_the_text_cannot_be_written(tmp_path: Path) -> None:
    target = tmp_path / "new.map.yaml"
    with pytest.raises(UnicodeEncodeError):
        write_atomic(target, "broken \udcff surrogate")
    assert list(tmp_path.iterdir()) == []


def test_missing_file_and_folder_are_problems(tmp_path: Path) -> None:
    assert [p.code for p in load_file(tmp_path / "gone.map.yaml").problems] == ["LOAD001"]
    folder = tmp_path / "odd.map.yaml"
    folder.mkdir()
    assert [p.code for p in load_file(folder).problems] == ["LOAD001"]


def test_a_list_at_the_top_level_is_a_problem() -> None:
    problems = load_text("- a\n- b\n", FileKind.MAP).problems
    assert [(p.code, p.line) for p in problems] == [("SCHEMA006", 1)]


def test_unknown_file_name_is_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "notes.yaml"
    path.write_text("a: 1\n")
    assert [p.code for p in load_file(path).problems] == ["LOAD003"]


def test_validation_errors_name_file_line_and_field(tmp_path: Path) -> None:
    text = dump_text(tiny_weather()).replace("soft: 80,", "soft: 800,")
    path = tmp_path / "w.weather.yaml"
    path.write_text(text)
    [problem] = load_file(path).problems
    assert problem.code == "SCHEMA004"
    assert problem.file == str(path)
    assert problem.line == text[: text.index("soft: 800")].count("\n") + 1
    assert problem.path_text() == "rows[1].soft"
    assert "rows[1].soft" in problem.message
    assert "800" in problem.message


def test_a_misspelt_field_gets_its_right_spelling_suggested() -> None:
    text = dump_text(tiny_scenario()).replace("visibility_max:", "visibilty_max:")
    messages = [p.message for p in load_text(text, FileKind.SCENARIO).problems]
    assert (
        "header.visibilty_max: unknown field 'visibilty_max'; did you mean 'visibility_max'?"
        in (messages)
    )


def test_union_members_are_reported_at_the_field_not_the_tag() -> None:
    text = dump_text(tiny_scenario()).replace("last_turn: 6", "last_turn: zero")
    [problem] = load_text(text, FileKind.SCENARIO).problems
    assert problem.path == ("objectives", 1, "last_turn")
    assert problem.line == text[: text.index("last_turn: zero")].count("\n") + 1


def test_a_missing_field_named_like_a_union_tag_is_reported_by_its_name() -> None:
    text = dump_text(tiny_scenario()).replace("{unit: us.1id.hq, hex: [1, 3]}", "{hex: [1, 3]}")
    [problem] = load_text(text, FileKind.SCENARIO).problems
    assert problem.code == "SCHEMA002"
    assert problem.path == ("placements", 0, "unit")
    assert "'unit' is missing" in problem.message


def test_migration_refuses_versions_from_the_future() -> None:
    with pytest.raises(ValueError, match="newer"):
        migrate({"format_version": CURRENT_VERSION + 1})
    with pytest.raises(ValueError, match="missing"):
        migrate({"name": "x"})


@pytest.mark.parametrize(
    "name",
    [
        "base.map.yaml",
        "base.oob.yaml",
        "base.pdt.yaml",
        "base.weather.yaml",
        "scenarios/base.scenario.yaml",
    ],
)
def test_version_1_files_load_as_their_version_2_originals(name: str) -> None:
    legacy = load_file(SAMPLE_DATA / "legacy" / "v1" / name)
    current = load_file(SAMPLE_DATA / "broken" / name)
    assert legacy.original_version == 1
    assert [p.code for p in legacy.problems] == ["VERSION002"]
    assert legacy.model == current.model
    assert dump_text(legacy.model) == (SAMPLE_DATA / "broken" / name).read_text()

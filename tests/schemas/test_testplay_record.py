"""The saved test-play file: it round-trips byte for byte, bad input gives Problems naming the
file, line and field, and a title scan never takes it for a scenario."""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path

import pytest

from schemas.io import FileKind, dump_text, load_file, load_text, save_file
from schemas.panzer_campaigns.scenario import Mode
from schemas.panzer_campaigns.testplay import (
    EndTurnOrder,
    ExitOrder,
    ModeOrder,
    MoveOrder,
    PlaySettings,
    Reached,
    TestPlayRecord,
    TitleDigests,
)
from schemas.title import discover, validate_title
from schemas.vocabulary import OptionalRule, Side
from tests.conftest import SAMPLE_DATA

A = "a" * 64
B = "b" * 64


def _record(**changes: object) -> TestPlayRecord:
    record = TestPlayRecord(
        format_version=2,
        scenario="road_to_bastogne.scenario.yaml",
        digests=TitleDigests(scenario=A, map=B, oob=A, parameters=B, weather=None),
        settings=PlaySettings(
            seed=7,
            optional_rules=[OptionalRule.SURRENDER, OptionalRule.LOCKING_ZOC],
            fog_of_war=True,
        ),
        reached=Reached(turn=2, side=Side.ALLIED, time=datetime(1944, 12, 18, 8, 0)),
        saved=datetime(2025, 3, 1, 14, 5),
        orders=[
            MoveOrder(unit="de.2pzd.pzr3.1abt", path=[(44, 51), (43, 51)]),
            ModeOrder(unit="de.2pzd.pzr3.2abt", mode=Mode.TRAVEL),
            ExitOrder(unit="de.2pzd.pzr3.1abt"),
            EndTurnOrder(),
        ],
    )
    return record.model_copy(update=changes)


GOOD = f"""\
format_version: 2
scenario: road_to_bastogne.scenario.yaml
digests:
  scenario: {A}
  map: {B}
  oob: {A}
  parameters: {B}
  weather: null
settings:
  seed: 7
  optional_rules: [locking_zoc, surrender]
  fog_of_war: true
  opportunity_fire: false
  move_by_knowledge: false
  op_fire: []
  computer: []
reached: {{turn: 2, side: allied, time: "1944-12-18 08:00", game_over: false}}
saved: "2025-03-01 14:05"
orders:
  - kind: move
    unit: de.2pzd.pzr3.1abt
    path:
      - [44, 51]
      - [43, 51]
  - kind: mode
    unit: de.2pzd.pzr3.2abt
    mode: travel
  - kind: exit
    unit: de.2pzd.pzr3.1abt
  - kind: end_turn
"""


def test_a_record_saved_before_opportunity_fire_reads_with_it_off(tmp_path: Path) -> None:
    old = GOOD.replace(
        "settings:\n  seed: 7\n  optional_rules: [locking_zoc, surrender]\n  fog_of_war: true\n"
        "  opportunity_fire: false\n  move_by_knowledge: false\n  op_fire: []\n"
        "  computer: []\n",
        "settings: {seed: 7, optional_rules: [locking_zoc, surrender], fog_of_war: true}\n",
    )
    assert old != GOOD
    target = tmp_path / "old.testplay.yaml"
    target.write_text(old, encoding="utf-8")
    loaded = load_file(target)
    assert loaded.problems == []
    assert loaded.model == _record()
    settings = loaded.model.settings  # type: ignore[union-attr]
    assert (settings.opportunity_fire, settings.move_by_knowledge, settings.op_fire) == (
        False,
        False,
        [],
    )


def test_a_record_is_written_as_documented_and_reads_back_the_same(tmp_path: Path) -> None:
    record = _record()
    assert dump_text(record) == GOOD
    target = tmp_path / "bastogne.testplay.yaml"
    save_file(record, target)
    assert FileKind.from_path(target) is FileKind.TESTPLAY
    loaded = load_file(target)
    assert loaded.problems == []
    assert loaded.model == record
    assert target.read_text() == GOOD


def test_the_json_twin_reads_back_the_same(tmp_path: Path) -> None:
    target = tmp_path / "bastogne.testplay.json"
    save_file(_record(), target)
    assert load_file(target).model == _record()


def test_optional_rules_are_a_set_written_in_one_order() -> None:
    shuffled = PlaySettings(
        seed=1, optional_rules=[OptionalRule.SURRENDER, OptionalRule.LOCKING_ZOC] * 2
    )
    assert shuffled.optional_rules == [OptionalRule.LOCKING_ZOC, OptionalRule.SURRENDER]


def _problems(text: str) -> list[tuple[str | None, int | None, str, str]]:
    loaded = load_text(text, FileKind.TESTPLAY, name="bastogne.testplay.yaml")
    assert loaded.model is None
    return [(p.file, p.line, p.code, p.message) for p in loaded.problems if p.is_error]


def test_a_misspelt_field_of_an_order_names_the_file_line_and_field() -> None:
    text = GOOD.replace("    path:\n", "    pth:\n")
    assert _problems(text) == [
        (
            "bastogne.testplay.yaml",
            20,
            "SCHEMA002",
            "orders[0].path: required field 'path' is missing",
        ),
        (
            "bastogne.testplay.yaml",
            22,
            "SCHEMA003",
            "orders[0].pth: unknown field 'pth'; did you mean 'path'?",
        ),
    ]


def test_a_hex_off_the_grid_names_its_line() -> None:
    text = GOOD.replace("- [43, 51]", "- [43, -1]")
    [(_, line, code, message)] = _problems(text)
    assert (line, code) == (24, "SCHEMA004")
    assert message.startswith("orders[0].path[1][1]: Input should be greater than or equal to 0")


def test_an_unknown_order_kind_is_refused_with_the_kinds_there_are() -> None:
    text = GOOD.replace("- kind: exit", "- kind: attack")
    [(_, line, code, message)] = _problems(text)
    assert (line, code) == (28, "SCHEMA005")
    assert message.startswith("orders[2]:")
    assert "'attack'" in message
    for kind in (
        "move",
        "mode",
        "exit",
        "recon",
        "fire",
        "dig_in",
        "combine",
        "break_down",
        "end_turn",
    ):
        assert f"'{kind}'" in message


@pytest.mark.parametrize("bad", ["abc", A.upper(), A + "0"])
def test_a_digest_must_be_64_lowercase_hex_digits(bad: str) -> None:
    text = GOOD.replace(f"  map: {B}", f"  map: {bad}")
    [(_, line, code, message)] = _problems(text)
    assert (line, code) == (5, "SCHEMA001")
    assert message.startswith("digests.map: String should match pattern")


def test_a_record_from_a_newer_hexwright_says_so() -> None:
    [(_, line, code, message)] = _problems(GOOD.replace("format_version: 2", "format_version: 3"))
    assert (line, code) == (1, "VERSION001")
    assert "newer than this Hexwright reads" in message


def test_a_title_scan_never_takes_a_record_for_a_scenario(tmp_path: Path) -> None:
    title = tmp_path / "stoumont44"
    shutil.copytree(SAMPLE_DATA / "stoumont44", title)
    save_file(_record(), title / "scenarios" / "stoumont-station.testplay.yaml")
    save_file(_record(), title / "notes.testplay.yaml")

    found = discover(title)
    report = validate_title(title)

    assert title / "scenarios" / "stoumont-station.testplay.yaml" not in found
    assert all(FileKind.from_path(b.scenario.path) is FileKind.SCENARIO for b in report.bundles)
    assert {b.scenario.path.name for b in report.bundles} == {
        p.name for p in (title / "scenarios").glob("*.scenario.yaml")
    }
    # one beside the title files is checked as what it is, without complaint
    assert title / "notes.testplay.yaml" in report.files
    assert not report.has_errors

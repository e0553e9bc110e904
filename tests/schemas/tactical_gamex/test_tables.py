"""The ruleset tables' checks: shape errors stop a title, contradictions of the rules text
warn, and the sample's tables agree with the text."""

from __future__ import annotations

from typing import Any

import pytest

from schemas.io import FileKind, dump_text, load_text
from schemas.tactical_gamex.table_checks import check_tables
from schemas.tactical_gamex.tables import RulesetTables
from tests.tiny_tgx import CRT_ROWS, tiny_tables


def _codes(tables: RulesetTables) -> list[tuple[str, str]]:
    return [(p.code, p.severity.value) for p in check_tables(tables)]


def _with(**changes: Any) -> RulesetTables:
    data = tiny_tables().model_dump(mode="json")
    data.update(changes)
    return RulesetTables.model_validate(data)


def test_the_tiny_tables_are_clean() -> None:
    assert check_tables(tiny_tables()) == []


def test_the_crt_must_have_the_six_columns_of_the_text() -> None:
    crt = {
        "columns": ["1:4", "1:3", "1:2", "1:1", "2:1", "3:1"],
        "rows": [{"roll": r, "results": res} for r, res in CRT_ROWS],
    }
    assert _codes(_with(crt=crt)) == [("TGX022", "error")]


def test_the_crt_rows_are_consecutive_rolls_covering_the_die() -> None:
    rows = [{"roll": r, "results": res} for r, res in CRT_ROWS if r != 3]
    assert ("TGX022", "error") in _codes(_with(crt={"columns": _columns(), "rows": rows}))
    short = [{"roll": r, "results": res} for r, res in CRT_ROWS if r <= 4]
    problems = check_tables(_with(crt={"columns": _columns(), "rows": short}))
    assert [p.message for p in problems] == ["the CRT's rows cover rolls 0 to 4, not every die 1-6"]


def _columns() -> list[str]:
    return ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1"]


def test_a_crt_where_a_higher_roll_helps_the_attacker_warns() -> None:
    rows = [{"roll": r, "results": list(res)} for r, res in CRT_ROWS]
    rows[5]["results"][0] = "X"  # roll 5 at 1:3 eliminates, where roll 4 does nothing
    problems = check_tables(_with(crt={"columns": _columns(), "rows": rows}))
    assert {(p.code, p.path) for p in problems} == {("TGX023", ("crt", "rows", 5, "results"))}
    assert any("low rolls favour the attacker" in p.message for p in problems)
    assert any("higher odds column a milder result" in p.message for p in problems)


def test_a_crt_row_with_a_missing_result_is_an_error() -> None:
    rows = [{"roll": r, "results": res} for r, res in CRT_ROWS]
    rows[2] = {"roll": 2, "results": ["-", "D"]}
    assert _codes(_with(crt={"columns": _columns(), "rows": rows})) == [("TGX022", "error")]


def test_the_tec_needs_every_terrain_and_move_class() -> None:
    terrain = tiny_tables().model_dump(mode="json")["terrain"]
    del terrain[0]["mp"]["wagon"]
    problems = check_tables(_with(terrain=terrain[:-1]))
    messages = [p.message for p in problems if p.code == "TGX020"]
    assert messages == [
        "the TEC has no row for stream",
        "the TEC row for clear gives no cost for wagon",
    ]


@pytest.mark.parametrize(
    ("terrain", "field", "value"),
    [
        ("town", "drm_direct", 0),  # Town +1 [003 6.3.5]
        ("woods", "spot_roll_max", 4),  # Woods spotted on 1-3 [003 6.3.8]
        ("stream", "drm_direct", 0),  # +1 against direct fire in a stream [003 6.3.9]
        ("town", "counts_as_road", False),  # towns count as road [003 3.2.3]
    ],
)
def test_a_tec_value_against_the_text_warns(terrain: str, field: str, value: Any) -> None:
    rows = tiny_tables().model_dump(mode="json")["terrain"]
    row = next(r for r in rows if r["terrain"] == terrain)
    row[field] = value
    problems = check_tables(_with(terrain=rows))
    assert [(p.code, p.severity.value, p.path[-1]) for p in problems] == [
        ("TGX021", "warning", field)
    ]


def test_markers_the_rules_forbid_in_a_terrain_warn() -> None:
    rows = tiny_tables().model_dump(mode="json")["terrain"]
    next(r for r in rows if r["terrain"] == "town")["markers_allowed"] = ["improved_position"]
    assert _codes(_with(terrain=rows)) == [("TGX021", "warning")]


def test_the_wec_is_the_printed_chart() -> None:
    weapons = tiny_tables().model_dump(mode="json")["weapons"]
    weapons[1]["armored_near"] = 1  # A no longer doubles at half range
    problems = check_tables(_with(weapons=weapons[:-1]))
    assert [(p.code, p.severity.value) for p in problems] == [
        ("TGX024", "warning"),
        ("TGX024", "error"),
    ]
    assert "M indirect" in problems[1].message


def test_scatter_diagrams_cover_each_roll_once() -> None:
    scatter = [{"roll": 10 * a + b, "ahead": 0, "right": 0} for a in (1, 2) for b in range(1, 7)]
    problems = check_tables(
        _with(oba_scatter=["up"] * 6, airborne_scatter=scatter),
    )
    assert [p.code for p in problems] == ["TGX026", "TGX026"]


def test_aa_columns_rise() -> None:
    columns = [
        {"min_attack": 5, "results": ["D"] + ["-"] * 5},
        {"min_attack": 1, "results": ["-"] * 6},
    ]
    assert _codes(_with(aa_fire={"columns": columns})) == [("TGX025", "error")]


def test_a_table_file_reads_the_hyphenated_ruleset_and_writes_snake_case() -> None:
    text = dump_text(tiny_tables()).replace("ruleset: tactical_gamex", "ruleset: tactical-gamex")
    loaded = load_text(text, FileKind.TABLES)
    assert loaded.ok, loaded.problems
    assert "ruleset: tactical_gamex" in dump_text(loaded.model)
    wrong = load_text(text.replace("tactical-gamex", "panzer_campaigns"), FileKind.TABLES)
    assert not wrong.ok
    assert [p.code for p in wrong.problems] == ["SCHEMA005"]


def test_a_tec_that_lets_units_walk_into_the_sea_warns() -> None:
    """[003 10.2, 10.3] units are at sea only as a landing force."""
    rows = tiny_tables().model_dump(mode="json")["terrain"]
    next(r for r in rows if r["terrain"] == "sea")["mp"]["infantry"] = 1
    problems = check_tables(_with(terrain=rows))
    assert [(p.code, p.path[-1]) for p in problems] == [("TGX021", "mp")]
    assert "infantry enter sea" in problems[0].message


def test_a_tec_marking_slopes_as_blocking_sight_warns() -> None:
    """[003 3.2.2, 6.3.7 A-D, M-N] a hill blocks by its levels; a slope hexside never blocks by
    itself, so the chart's flag there would be ignored: the designer is told."""
    slope = {
        "kind": "slope",
        "mp_extra": dict.fromkeys(("infantry", "tracked", "wheeled", "wagon"), 1),
    }
    ridge = {**slope, "kind": "ridge", "blocks_los": True}
    assert _codes(_with(hexsides=[slope, ridge])) == []
    problems = check_tables(_with(hexsides=[{**slope, "blocks_los": True}, ridge]))
    assert [(p.code, p.path) for p in problems] == [("TGX021", ("hexsides", 0, "blocks_los"))]

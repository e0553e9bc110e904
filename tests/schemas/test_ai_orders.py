"""A/I orders in the scenario file: they round-trip byte for byte, version 2 scenarios migrate,
every number has its bounds, and `hexwright validate` reports each mistake at its line and
column."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.panzer_campaigns.validation import validate_paths
from schemas.io import FileKind, dump_text, load_file, load_text
from schemas.panzer_campaigns.ai_orders import AiOrder, AiSetup
from tests.ai_title import BASE, ai_scenario, write_ai_title
from tests.conftest import REPO, SAMPLE_DATA


def test_orders_round_trip_byte_for_byte(tmp_path: Path) -> None:
    path = write_ai_title(tmp_path)
    loaded = load_file(path)
    assert loaded.problems == []
    assert loaded.model == ai_scenario()
    assert dump_text(loaded.model) == path.read_text()


def test_a_scenario_without_orders_writes_no_ai_key() -> None:
    text = (BASE / "scenarios" / "base.scenario.yaml").read_text()
    loaded = load_text(text, FileKind.SCENARIO)
    assert loaded.model.ai == AiSetup()
    assert dump_text(loaded.model) == text
    assert "\nai:" not in text


def test_a_version_2_scenario_loads_as_version_3_and_saves_unchanged_but_its_version() -> None:
    legacy = load_file(SAMPLE_DATA / "legacy" / "v2" / "scenarios" / "base.scenario.yaml")
    current = load_file(BASE / "scenarios" / "base.scenario.yaml")
    assert legacy.original_version == 2
    [problem] = legacy.problems
    assert (problem.code, problem.line, problem.column) == ("VERSION002", 1, 1)
    assert "from format version 2 to 3" in problem.message
    assert legacy.model == current.model
    old = legacy.text.splitlines()
    new = dump_text(legacy.model).splitlines()
    assert [(a, b) for a, b in zip(old, new, strict=True) if a != b] == [
        ("format_version: 2", "format_version: 3")
    ]


def test_a_scenario_from_a_later_version_is_refused() -> None:
    text = (BASE / "scenarios" / "base.scenario.yaml").read_text()
    loaded = load_text(text.replace("format_version: 3", "format_version: 4"), FileKind.SCENARIO)
    assert [p.code for p in loaded.problems] == ["VERSION001"]
    assert "up to 3" in loaded.problems[0].message


@pytest.mark.parametrize(
    ("old", "new", "code", "needle"),
    [
        ("radius: 1}", "radius: 51}", "SCHEMA004", "radius: 51}"),
        ("axis: 70}", "axis: 101}", "SCHEMA004", "axis: 101}"),
        ("turn: 2, stance: reserve", "turn: 2001, stance: reserve", "SCHEMA004", "turn: 2001"),
        ("stance: defend", "stance: charge", "SCHEMA005", "stance: charge"),
    ],
)
def test_numbers_and_choices_out_of_bounds_are_reported_where_they_stand(
    tmp_path: Path, old: str, new: str, code: str, needle: str
) -> None:
    text = write_ai_title(tmp_path).read_text().replace(old, new, 1)
    loaded = load_text(text, FileKind.SCENARIO)
    assert [(p.code, p.line, p.column) for p in loaded.problems] == [(code, *_where(text, needle))]


def test_an_order_takes_one_target_and_a_radius_only_around_a_hex() -> None:
    with pytest.raises(ValueError, match="one target, not objective and hex"):
        AiOrder(id="a", turn=1, stance="attack", objective="x", hex=(1, 1))
    with pytest.raises(ValueError, match="radius needs a hex"):
        AiOrder(id="a", turn=1, stance="attack", area=[(1, 1)], radius=2)
    with pytest.raises(ValueError, match="at most 64"):
        AiOrder(id="a", turn=1, stance="attack", area=[(n, 0) for n in range(65)])
    with pytest.raises(ValueError, match="either `turn` or `at`"):
        AiOrder(id="a", stance="hold")


def test_the_json_schema_bounds_every_number_of_an_order() -> None:
    schema = json.loads((REPO / "schemas" / "json" / "scenario.schema.json").read_text())
    order = schema["$defs"]["AiOrder"]["properties"]
    assert order["radius"]["maximum"] == 50
    assert order["area"]["maxItems"] == 64
    assert order["stance"]["$ref"].endswith("Stance")
    aggressiveness = schema["$defs"]["Aggressiveness"]["properties"]["axis"]["anyOf"][0]
    assert (aggressiveness["minimum"], aggressiveness["maximum"]) == (0, 100)
    assert schema["properties"]["format_version"]["const"] == 3


def _where(text: str, needle: str, after: str = "\nai:") -> tuple[int, int]:
    """Line and column (from 1) of `needle`'s first occurrence after `after`, found in the text
    independently of the checker."""
    at = text.index(needle, text.index(after))
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


CASES = [
    pytest.param(
        "organization: us.1id.16ir\n",
        "organization: us.1id.99ir\n",
        "REF002",
        "organization: us.1id.99ir",
        id="unknown organization",
    ),
    pytest.param(
        "organization: us.1id.16ir\n",
        "organization: us.1id.16ir.1\n",
        "REF002",
        "organization: us.1id.16ir.1",
        id="a unit is not an organization",
    ),
    pytest.param(
        "hex: [1, 2], radius", "hex: [6, 2], radius", "HEX001", "hex: [6, 2]", id="off map"
    ),
    pytest.param(
        "objective: dorf}", "objective: stadt}", "AI002", "objective: stadt", id="unknown objective"
    ),
    pytest.param(
        "stance: exit, objective: west-exit",
        "stance: exit, objective: crossing",
        "AI003",
        "objective: crossing",
        id="exit at a limited objective",
    ),
    pytest.param(
        "stance: defend, objective: dorf}",
        "stance: exit, objective: west-exit}",
        "AI003",
        "objective: west-exit}",
        id="exit at the enemy's exit",
    ),
    pytest.param(
        "stance: reserve, hex: [1, 2], radius: 1}",
        "stance: exit, hex: [1, 2], radius: 1}",
        "AI003",
        "hex: [1, 2], radius",
        id="exit at a hex with no exit objective",
    ),
    pytest.param(
        "stance: attack, objective: dorf}",
        "stance: attack}",
        "AI005",
        "stance: attack}",
        id="no target",
    ),
    pytest.param(
        'at: "1944-12-16 14:00"',
        'at: "1944-12-16 08:30"',
        "AI004",
        'at: "1944-12-16 08:30"',
        id="two orders from turn 1",
    ),
    pytest.param(
        'at: "1944-12-16 14:00"',
        'at: "1944-12-18 14:00"',
        "SCN006",
        'at: "1944-12-18 14:00"',
        id="an order after the last turn",
    ),
    pytest.param(
        "    - organization: us.1id.16ir\n",
        "    - organization: us.1id\n      orders: []\n    - organization: us.1id.16ir\n",
        "AI006",
        "organization: us.1id\n      orders: []",
        id="organization listed twice",
    ),
    pytest.param(
        "- {id: 1id-defend,",
        "- {id: vgd-attack,",
        "ID001",
        "id: vgd-attack, turn: 1, stance: attack",
        id="order id used twice",
    ),
]


@pytest.mark.parametrize(("old", "new", "code", "needle"), CASES)
def test_validate_reports_each_mistake_at_its_line_and_column(
    tmp_path: Path, old: str, new: str, code: str, needle: str
) -> None:
    good = write_ai_title(tmp_path)
    text = good.read_text()
    assert old in text
    broken = text.replace(old, new, 1)
    good.write_text(broken)
    report = validate_paths([good])
    found = [(p.code, p.file, p.line, p.column) for p in report.problems]
    assert (code, str(good), *_where(broken, needle)) in found, found
    assert all(p.code == code for p in report.problems if p.is_error or p.code.startswith("AI"))


def test_an_order_before_its_organization_arrives_is_a_warning_at_its_turn(
    tmp_path: Path,
) -> None:
    # The whole regiment 48 arrives at 12:00 (turn 3): its order from turn 1 comes too early.
    path = write_ai_title(tmp_path)
    text = path.read_text()
    text = text.replace("  - {unit: de.12vgd.48.1, hex: [4, 1], facing: down_left}\n", "")
    text = text.replace("units: [de.12vgd.48.2]", "units: [de.12vgd.48.1, de.12vgd.48.2]")
    text += "    - organization: de.12vgd.48\n      orders:\n        - {id: 48-move, turn: 1"
    text += ", stance: move, hex: [3, 3]}\n        - {id: 48-hold, turn: 3, stance: hold}\n"
    path.write_text(text)
    report = validate_paths([path])
    problems = [p for p in report.problems if p.code == "AI001"]
    assert [(p.severity.value, p.line, p.column, p.object_id) for p in problems] == [
        ("warning", *_where(text, "turn: 1, stance: move"), "48-move")
    ]
    assert "first on the map on turn 3" in problems[0].message


def test_the_sample_scenarios_have_no_problem_with_their_orders() -> None:
    paths = [
        p
        for p in sorted(SAMPLE_DATA.glob("*/scenarios/*.scenario.yaml"))
        if p.parent.parent.name not in ("broken", "legacy")
    ]
    report = validate_paths(paths)
    about_orders = [p for p in report.problems if p.path[:1] == ("ai",) or p.code.startswith("AI")]
    assert about_orders == []
    assert not report.has_errors

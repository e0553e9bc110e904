"""Every deliberately broken file of `sample_data/broken/` yields its own Problem at the right line,
and the valid base title beside them yields none."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panzer_campaigns.validation import validate_paths
from schemas import yamlio
from schemas.problems import CODES
from tests.conftest import SAMPLE_DATA

BROKEN = SAMPLE_DATA / "broken"
EXPECTED: list[dict[str, Any]] = yamlio.load((BROKEN / "EXPECTED.yaml").read_text())["expected"]


def test_the_base_title_is_valid() -> None:
    report = validate_paths([BROKEN / "scenarios" / "base.scenario.yaml"])
    assert report.problems == []


def test_the_tactical_gamex_base_title_is_valid() -> None:
    report = validate_paths([BROKEN / "scenarios" / "tgx-base.situation.yaml"])
    assert report.problems == []
    assert report.situations[0].is_complete


@pytest.mark.parametrize("case", EXPECTED, ids=lambda case: case["file"])
def test_broken_file_gives_its_problem_at_its_line(case: dict[str, Any]) -> None:
    report = validate_paths([BROKEN / case["file"]])
    found = [(p.code, p.file, p.line) for p in report.problems]
    assert (case["code"], str(BROKEN / case["problem_in"]), case["line"]) in found, (
        f"{case['why']}: expected {case['code']} at line {case['line']}, got {found}"
    )
    assert any(p.severity.value in ("error", "warning") for p in report.problems)


def test_every_problem_code_is_documented_and_exercised() -> None:
    exercised = {case["code"] for case in EXPECTED}
    assert exercised <= set(CODES)
    # Codes only the title level or other tests produce (the engine's setup checks, SETUP*,
    # are exercised in tests/engine/test_setup_checks.py, LOAD004-5 in test_hostile_input.py,
    # the A/I orders' AI* in tests/schemas/test_ai_orders.py, an unused unit type (information,
    # OOB004) and one out of service on the scenario's date (OOB005) in test_unit_types.py, the
    # Tactical GameX checks' TGX* each in tests/schemas/tactical_gamex/):
    assert {c for c in CODES if not c.startswith(("SETUP", "AI", "TGX"))} - exercised <= {
        "LOAD001",
        "LOAD003",
        "LOAD004",
        "LOAD005",
        "SAVE001",
        "SCHEMA006",
        "VERSION002",
        "REF003",
        "OOB001",
        "OOB002",
        "OOB004",
        "OOB005",
        "SCN005",
        "SCN006",
        "SCN009",
        "SCN010",
    }


def test_every_problem_of_every_broken_file_has_its_line_and_column() -> None:
    files = [p for p in sorted(BROKEN.rglob("*")) if p.is_file() and p.name != "EXPECTED.yaml"]
    report = validate_paths(files)
    unplaced = [p.format() for p in report.problems if p.line is None or p.column is None]
    assert report.problems
    assert unplaced == []

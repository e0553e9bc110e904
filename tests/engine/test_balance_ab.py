"""The A/B comparison on a sample scenario: Stoumont Station without Kampfgruppe Peiper's tank
companies (the Panthers and Mark IVs of the I. Abteilung and the Tigers of the 501st) is reported
as a significant shift toward the Allies, and a version that only adds a comment is not.

Both are built here from the sample with a small edit; the scenario is cut to its first seven
turns (the attack on Stoumont) and each version plays twelve games. The number of games follows
from the size of the shift: after five turns the tanks' absence moved the score by about three
quarters of the standard deviation of the paired differences (+223 points), which twenty games
detect only about four times in five (resampling those differences); after seven turns, measured
on other seeds (100 to 119, not those played here), it moves it by 1.4 standard deviations (+438
points, 18 of 20 seeds toward the Allies), which twelve games detect about 98 times in a
hundred. No seed was chosen for passing."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from engine.balance import BalanceRun, GameRecord, compare
from tests.conftest import SAMPLE_DATA

SEEDS = range(12)
TURNS = 7


def _records(scenario: Path) -> list[GameRecord]:
    run = BalanceRun(scenario, SEEDS, jobs=2)
    list(run)
    assert all(r.ok for r in run.records)
    return run.records


@pytest.fixture(scope="module")
def versions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[GameRecord]]:
    title = tmp_path_factory.mktemp("ab") / "stoumont44"
    shutil.copytree(SAMPLE_DATA / "stoumont44", title)
    folder = title / "scenarios"
    text = (folder / "stoumont-station.scenario.yaml").read_text(encoding="utf-8")
    text = text.replace("turns: 21", f"turns: {TURNS}")
    versions = {
        "a": text,
        "no tanks": "".join(
            line
            for line in text.splitlines(keepends=True)
            if not re.search(r"unit: (pzkp_|s501_)", line)
        ),
        "comment": "# balance: nothing but this comment differs\n" + text,
    }
    assert versions["no tanks"].count("\n") < text.count("\n") - 10
    records = {}
    for name, body in versions.items():
        path = folder / f"{name.replace(' ', '-')}.scenario.yaml"
        path.write_text(body, encoding="utf-8")
        records[name] = _records(path)
    return records


def test_removing_the_tank_companies_is_a_significant_shift_toward_the_allies(
    versions: dict[str, list[GameRecord]],
) -> None:
    comparison = compare(versions["a"], versions["no tanks"])
    rows = {row.figure: row for row in comparison.rows}
    score = rows["score (mean)"]
    assert score.difference > 100
    assert score.significant
    assert score.test.startswith("Wilcoxon signed-rank")
    assert rows["allied men lost (mean)"].b < rows["allied men lost (mean)"].a  # fewer attackers
    assert "score (mean)" in comparison.text()


def test_a_version_that_only_adds_a_comment_shows_no_significant_shift(
    versions: dict[str, list[GameRecord]],
) -> None:
    comparison = compare(versions["a"], versions["comment"])
    assert comparison.pairs == len(SEEDS)
    assert comparison.significant == []
    assert all(row.difference == 0 for row in comparison.rows)
    assert "No figure differs significantly at 5 %." in comparison.text()

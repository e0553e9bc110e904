"""`hexwright diff` and `schemas.diffing`: a copy of The Road to Bastogne's title with one change
of each kind a designer makes — a release's probability, an objective's points, forest painted,
a unit moved, a reinforcement's turn, a parameter — found, said in the designer's words, in text,
Markdown and JSON; equal titles exit 0; a file against its git revision."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from editor.cli import main
from schemas.diffing.kinds import diff_models
from schemas.diffing.maps import centre, layer_changes, regions
from schemas.diffing.names import Names, tree
from schemas.diffing.texts import text_change
from schemas.io import FileKind, load_text
from schemas.title import load_scenario
from tests.conftest import SAMPLE_DATA

SCENARIO = "scenarios/road_to_bastogne.scenario.yaml"
EXPECTED = (
    "Release of Panzergrenadier-Lehr-Regiment 901: probability 100 → 30 %",
    "Objective Noville: points 200 → 250 VP",
    "Unit 158th Engr Combat Bn moved from [16, 57] to [17, 57]",
    "Reinforcement of StuG-Brig. 11, I./Fs.Art.Rgt. 5 and 2 more: "
    "at 1944-12-18 10:00 → 1944-12-18 14:00",
    "Combat: high combat value 250 → 300 casualties per 1000",
    "12 hexes of Forest painted around [21, 11] (was Clear)",
    "Unit First Army HQ: strength 150 → 200 men, guns or vehicles",
    "Weather on 1944-12-18: snow 20 → 30 %",
    "Weather on 1944-12-18: soft 80 → 70 %",
    "A/I order 2pzd-noville of 2. Panzer-Division: objective Noville → Bastogne",
    "Stacking: max stacking (axis) 1800 → 2000 men-equivalent",
    'Allied briefing: 1 paragraph changed — "Dawn," → "Morning,"',
    "Designer's notes: 1 paragraph added — added \"Playtested at Hexwright's own table.\"",
)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _paint(map_path: Path, columns: range, rows: range, code: str) -> None:
    lines = map_path.read_text(encoding="utf-8").split("\n")
    first = lines.index("terrain_rows:") + 1
    for row in rows:
        line = lines[first + row]
        start = line.index("- ") + 2
        cells = list(line[start:])
        for column in columns:
            cells[column] = code
        lines[first + row] = line[:start] + "".join(cells)
    map_path.write_text("\n".join(lines), encoding="utf-8")


def _clear(map_path: Path, columns: range, rows: range) -> None:
    _paint(map_path, columns, rows, ".")


@pytest.fixture(scope="module")
def titles(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("diff")
    old, new = root / "old", root / "new"
    shutil.copytree(SAMPLE_DATA / "ardennes44", old)
    # The old version is all clear where the new one gets its forest, so the 12 hexes are new.
    _clear(old / "ardennes44.map.yaml", range(20, 24), range(10, 13))
    shutil.copytree(old, new)
    scenario = new / SCENARIO
    _edit(
        scenario, "organization: de.pzl.pglr901}", "organization: de.pzl.pglr901, probability: 30}"
    )
    _edit(scenario, "    hex: [18, 52]\n    points: 200", "    hex: [18, 52]\n    points: 250")
    _edit(scenario, "us.8c.158eng, hex: [16, 57]", "us.8c.158eng, hex: [17, 57]")
    _edit(
        scenario,
        '  - id: 5fjd-guns\n    at: "1944-12-18 10:00"',
        '  - id: 5fjd-guns\n    at: "1944-12-18 14:00"',
    )
    _edit(new / "ardennes44.pdt.yaml", "high_combat_value: 250", "high_combat_value: 300")
    _paint(new / "ardennes44.map.yaml", range(20, 24), range(10, 13), "f")
    _edit(
        new / "ardennes44.oob.yaml",
        "name: First Army HQ\n                    type_name: Army HQ\n"
        "                    unit_class: headquarters\n                    strength: 150",
        "name: First Army HQ\n                    type_name: Army HQ\n"
        "                    unit_class: headquarters\n                    strength: 200",
    )
    _edit(
        new / "ardennes44.weather.yaml",
        '"1944-12-18", normal: 0, soft: 80, mud: 0, snow: 20',
        '"1944-12-18", normal: 0, soft: 70, mud: 0, snow: 30',
    )
    _edit(scenario, "stance: attack, objective: noville}", "stance: attack, objective: bastogne}")
    _edit(
        new / "ardennes44.pdt.yaml",
        "max_stacking: {allied: 1800, axis: 1800}",
        "max_stacking: {allied: 1800, axis: 2000}",
    )
    _edit(
        scenario,
        "Dawn, 18 December 1944. The **110th Infantry**",
        "Morning, 18 December 1944. The\n    **110th Infantry**",  # re-wrapped, one word new
    )
    _edit(
        scenario,
        "  designer_notes: |\n",
        "  designer_notes: |\n    Playtested at Hexwright's own table.\n\n",
    )
    return old, new


def _run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    status = main(["diff", *arguments])
    out, err = capsys.readouterr()
    return status, out, err


def test_text_names_each_change_as_a_designer_says_it(
    titles: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(capsys, str(titles[0]), str(titles[1]))
    assert status == 1
    for sentence in EXPECTED:
        assert sentence in out
    # Nothing else changed: each change on its own line, the briefings' texts not repeated.
    assert sum(out.count(s) for s in EXPECTED) == len(EXPECTED)
    assert "Release" in out.split("Releases\n")[1]


def test_markdown_has_a_heading_per_file_kind_and_bullets(
    titles: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(capsys, "--markdown", str(titles[0]), str(titles[1]))
    assert status == 1
    for heading in (
        "### Scenario",
        "### Order of battle",
        "### Map",
        "### Parameter data",
        "### Weather",
    ):
        assert f"\n{heading}\n" in out
    for sentence in EXPECTED:
        assert f"- {sentence}" in out
    assert out.index("### Scenario") < out.index("### Map") < out.index("### Parameter data")
    assert "**Releases**" in out


def test_json_carries_each_change_with_its_place(
    titles: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(capsys, "--json", str(titles[0]), str(titles[1]))
    assert status == 1
    data = json.loads(out)
    assert data["format"] == 1
    assert data["equal"] is False
    changes = {c["text"]: c for f in data["files"] for c in f["changes"]}
    assert set(changes) == set(EXPECTED)
    release = changes[EXPECTED[0]]
    assert (release["old"], release["new"], release["unit"]) == (100, 30, "%")
    moved = changes[EXPECTED[2]]
    assert (moved["action"], moved["hex"], moved["unit_id"]) == ("moved", [17, 57], "us.8c.158eng")
    painted = changes[EXPECTED[5]]
    assert (painted["count"], painted["hex"], painted["file"]) == (
        12,
        [21, 11],
        "ardennes44.map.yaml",
    )
    objective = changes[EXPECTED[1]]
    assert objective["hex"] == [18, 52]


def test_equal_titles_and_files_exit_zero(
    titles: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    old = titles[0]
    assert _run(capsys, str(old), str(old))[0] == 0
    scenario = str(old / SCENARIO)
    status, out, _ = _run(capsys, scenario, scenario)
    assert (status, out.startswith("no changes")) == (0, True)


def test_a_file_against_a_folder_is_refused(
    titles: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _run(capsys, str(titles[0] / SCENARIO), str(titles[1]))
    assert (status, out) == (2, "")
    assert "compare a file with a file" in err


def test_a_single_scenario_is_named_by_the_oob_it_references(
    titles: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(capsys, str(titles[0] / SCENARIO), str(titles[1] / SCENARIO))
    assert status == 1
    assert EXPECTED[0] in out
    assert "Map" not in out
    assert "Weather on" not in out


def test_an_invalid_file_exits_two_naming_file_and_line(
    titles: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.scenario.yaml"
    text = (titles[1] / SCENARIO).read_text(encoding="utf-8")
    broken.write_text(text.replace("points: 250", "points: lots"), encoding="utf-8")
    status, out, err = _run(capsys, str(titles[1] / SCENARIO), str(broken))
    assert (status, out) == (2, "")
    line = text.split("\n").index("    points: 250") + 1
    assert f"{broken}:{line}:" in err


def test_git_revision_of_a_file_and_a_folder(
    titles: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(titles[0], repo)

    def git(*arguments: str) -> None:
        subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@t", *arguments],
            cwd=repo,
            check=True,
            capture_output=True,
        )

    git("init", "-q")
    git("add", ".")
    git("commit", "-q", "-m", "first")
    shutil.copy(titles[1] / SCENARIO, repo / SCENARIO)
    assert _run(capsys, "--rev", "HEAD", str(repo / "ardennes44.map.yaml"))[0] == 0
    status, out, _ = _run(capsys, str(repo / SCENARIO), "git:HEAD")
    assert status == 1
    assert EXPECTED[1] in out
    assert "HEAD:" in out
    status, out, _ = _run(capsys, "--rev", "HEAD", str(repo))
    assert status == 1
    assert EXPECTED[0] in out
    assert EXPECTED[5] not in out
    status, _, err = _run(capsys, "--rev", "no-such-rev", str(repo / SCENARIO))
    assert status == 2
    assert "GIT001" in err


def test_regions_gather_a_brush_stroke_and_keep_far_ones_apart() -> None:
    stroke = [(10, 10), (11, 10), (13, 11), (40, 40)]
    assert regions(stroke) == [[(10, 10), (11, 10), (13, 11)], [(40, 40)]]
    assert centre([(0, 0), (1, 0), (2, 0)]) == (1, 0)


def _moved_unit(oob: Any) -> tuple[Any, str, str, str]:
    """The OOB with the first unit of one organization moved into another organization: the
    new OOB, the unit's name and both organizations' names."""
    nation = oob.sides[0].nations[0]
    orgs = [n for n, _ in tree(oob) if n.kind == "organization"]
    source = next(o for o in orgs if any(c.kind == "unit" for c in o.children))
    target = next(o for o in orgs if o.id != source.id and o.id not in _ids_below(source))
    unit = next(c for c in source.children if c.kind == "unit")

    def rebuilt(node: Any) -> Any:
        if node.kind == "unit":
            return node
        children = [rebuilt(c) for c in node.children if c is not unit]
        if node.id == target.id:
            children.append(unit)
        return node.model_copy(update={"children": children})

    nation = nation.model_copy(update={"organizations": [rebuilt(n) for n in nation.organizations]})
    side = oob.sides[0].model_copy(update={"nations": [nation, *oob.sides[0].nations[1:]]})
    moved = oob.model_copy(update={"sides": [side, *oob.sides[1:]]})
    return moved, unit.name, source.name, target.name


def _ids_below(node: Any) -> set[str]:
    found = {node.id}
    for child in getattr(node, "children", []):
        found |= _ids_below(child)
    return found


def test_a_unit_moved_to_another_organization_and_placements_added_and_removed() -> None:
    bundle = load_scenario(SAMPLE_DATA / "ardennes44" / SCENARIO)
    assert bundle.oob is not None
    oob = bundle.oob.model
    moved, unit, source, target = _moved_unit(oob)
    names = Names()
    names.add_oob(oob)
    changes = diff_models("oob", oob, moved, names)
    assert [c.text for c in changes] == [f"Unit {unit}: parent {source} → {target}"]

    scenario = bundle.scenario.model
    first, *rest = scenario.placements
    shifted = scenario.model_copy(update={"placements": [*rest, first]})
    assert diff_models("scenario", scenario, shifted, names) == []
    dropped = scenario.model_copy(update={"placements": rest})
    [removed] = diff_models("scenario", scenario, dropped, names)
    column, row = first.hex
    assert removed.text == f"Unit {names.unit(first.unit)} removed at [{column}, {row}]"
    [added] = diff_models("scenario", dropped, scenario, names)
    assert (added.action, added.hex, added.unit_id) == ("added", first.hex, first.unit)


def test_elevation_raised_in_a_region_says_by_how_much() -> None:
    old = ["100 100 100 100", "100 100 100 100"]
    new = ["100 120 130 100", "100 120 100 100"]
    [raised] = layer_changes("Elevation", "Elevation", old, new, "elevation_rows")
    assert raised.text == "3 hexes raised around [1, 0] (by 20 to 30 m)"
    assert (raised.count, raised.hex) == (3, (1, 0))


TYPED = """\
format_version: 3
name: Tanks
unit_types:
  - {id: t34, name: T-34/85 company, unit_class: armor, speed: 14, hard_attack: 30.0}
sides:
  - side: allied
    nations:
      - id: su
        name: USSR
        organizations:
          - {kind: unit, id: a, name: 1st Tk Bn, unit_type: t34, strength: 10}
          - {kind: unit, id: b, name: 2nd Tk Bn, unit_type: t34, strength: 10, hard_attack: 0.0}
          - {kind: unit, id: c, name: 3rd Tk Bn, unit_type: t34, strength: 10}
"""


def test_a_unit_types_edit_is_one_change_naming_how_many_units_follow() -> None:
    old = load_text(TYPED, FileKind.OOB).model
    edited = TYPED.replace("hard_attack: 30.0}", "hard_attack: 32.0}").replace(
        "name: 3rd Tk Bn, unit_type: t34, strength: 10",
        "name: 3rd Tk Bn, unit_type: t34, strength: 8",
    )
    new = load_text(edited, FileKind.OOB).model
    names = Names()
    names.add_oob(new)
    texts = [c.text for c in diff_models("oob", old, new, names)]
    assert texts == [
        "Unit type T-34/85 company: hard attack 30 → 32 attack (2 units follow, 1 overrides it)",
        "Unit 3rd Tk Bn: strength 10 → 8 men, guns or vehicles",
    ]


def test_a_briefing_says_which_paragraphs_changed_and_the_first_words() -> None:
    old = "## Situation\n\nDawn, 18 December.\n\nHold Bastogne.\n\nDig in."
    assert text_change(old, old.replace("Dig in.", "Dig in.\nAt once.")) == (
        '1 paragraph changed — added "At once."'
    )
    assert text_change(old, old.replace("Hold", "Hold\n")) == "line breaks and spacing only"
    two = old.replace("Dawn, 18", "Dusk, 19").replace("Hold Bastogne.", "Hold Noville.")
    assert text_change(old, two + "\n\nNew orders.\n\nMore.") == (
        '2 paragraphs changed, 2 added — "Dawn, 18" → "Dusk, 19"'
    )
    assert text_change(old, "## Situation") == '3 paragraphs removed — removed "Dawn, 18 December."'

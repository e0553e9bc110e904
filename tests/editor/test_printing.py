"""Printing a scenario's OOB and briefings to PDF: read back with pypdf, the OOB names every unit
of the scenario where it starts or arrives, a briefing holds its text and its map picture, the
pages carry their numbers, a cancelled PDF leaves no file, and `hexwright print` exits with its
documented codes and messages."""

from __future__ import annotations

import re
import shutil
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader

from editor.cli import main
from editor.printing import jobs
from editor.printing.jobs import PrintJob, Subject
from editor.printing.paging import markdown_html
from editor.printing.whereabouts import Places
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.title import load_scenario
from schemas.vocabulary import Side
from tests.conftest import SAMPLE_DATA

BASTOGNE = SAMPLE_DATA / "ardennes44" / "scenarios" / "road_to_bastogne.scenario.yaml"


@pytest.fixture(autouse=True)
def _one_application_for_the_session(qapp: object) -> None:
    """Print in-process with the test session's QApplication (see test_render_command)."""


def _words(text: str) -> str:
    """PDF text as words: ligatures undone (ﬁ → fi), every run of blanks one space, a name
    wrapped at its hyphen in a narrow column joined again."""
    return re.sub(r"- ", "-", " ".join(unicodedata.normalize("NFKC", text).split()))


def _pages(pdf: Path) -> list[str]:
    return [_words(page.extract_text()) for page in PdfReader(pdf).pages]


def _pictures(pdf: Path) -> list[int]:
    """The width in pixels of each picture on the PDF's pages (read without decoding them)."""
    widths: list[int] = []
    for page in PdfReader(pdf).pages:
        objects = page["/Resources"].get("/XObject")
        for item in objects.get_object().values() if objects is not None else ():
            if item.get_object()["/Subtype"] == "/Image":
                widths.append(int(item.get_object()["/Width"]))
    return widths


def _scenario_units() -> list[str]:
    """The names of the units Road to Bastogne places, brings on or flies, from its files."""
    bundle = load_scenario(BASTOGNE)
    scenario, index = bundle.scenario.model, OobIndex.from_oob(bundle.oob.model)
    ids = {p.unit for p in scenario.placements}
    ids |= {c for p in scenario.placements for c in p.combined_with}
    for reinforcement in scenario.reinforcements:
        ids |= set(reinforcement.units)
        for organization in reinforcement.organizations:
            ids |= set(index.iter_units_under(organization))
    ids |= set(scenario.air.units)
    return sorted(index.units[i].unit.name for i in ids)


def test_the_oob_pdf_names_every_unit_of_the_scenario_with_where_it_is(tmp_path: Path) -> None:
    out = tmp_path / "oob.pdf"
    assert main(["print", "oob", str(BASTOGNE), "-o", str(out)]) == 0
    pages = _pages(out)
    text = " ".join(pages)
    names = _scenario_units()
    assert len(names) > 100
    missing = [name for name in names if _words(name) not in text]
    assert not missing
    # Where units are: a unit starting on a named hex, and an arrival with its turn and date.
    assert "VIII Corps HQ HQ Corps HQ 120 men B starts at 14, 59 Bastogne" in text
    assert "arrives turn 17, Tue 19 Dec 1944 22:00 at 0, 47 near Ortheuville" in text
    assert "158 of 790 men" in text  # a battered battalion's strength at the start
    # Every page has its header and "Page n of N" footer.
    assert len(pages) > 2
    for number, page in enumerate(pages, start=1):
        assert "The Road to Bastogne — Order of Battle" in page
        assert f"Page {number} of {len(pages)}" in page


def test_the_oob_of_one_side_leaves_the_other_out(tmp_path: Path) -> None:
    out = tmp_path / "axis.pdf"
    assert main(["print", "oob", str(BASTOGNE), "--side", "axis", "-o", str(out)]) == 0
    text = " ".join(_pages(out))
    assert "German (Axis)" in text
    assert "Panzer-Lehr" in text
    assert "American (Allied)" not in text
    assert "101st AB Div HQ" not in text
    assert PdfReader(out).metadata.title == "The Road to Bastogne — Order of Battle (Axis)"


def test_a_briefing_pdf_holds_its_text_its_map_and_its_objectives(tmp_path: Path) -> None:
    out = tmp_path / "allied.pdf"
    assert main(["print", "briefing", str(BASTOGNE), "--side", "allied", "-o", str(out)]) == 0
    reader = PdfReader(out)
    text = " ".join(_words(page.extract_text()) for page in reader.pages)
    assert "Allied Briefing" in text
    assert "Hold Bastogne. It is worth 2000 points" in text  # Markdown bold, read as text
    assert "101st Airborne Division comes in by truck at Mande-Saint-Étienne" in text
    assert "Axis Briefing" not in text
    assert "Take Bastogne, or go round it" not in text  # the other side's briefing
    assert "Designer's notes" in text
    assert "Ourthe bridge at Ortheuville" in text  # the objectives table
    pictures = _pictures(out)
    assert len(pictures) == 1
    assert pictures[0] >= 1000


def test_both_briefings_start_each_on_a_page_of_its_own(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(jobs, "PICTURE_WIDTH", 600)  # the pictures' size is not the point
    out = tmp_path / "both.pdf"
    assert main(["print", "briefing", str(BASTOGNE), "-o", str(out)]) == 0
    pages = _pages(out)
    starts = [i for i, page in enumerate(pages) if "Axis Briefing Mon 18 Dec 1944" in page]
    assert len(starts) == 1
    assert "Allied Briefing" not in pages[starts[0]]
    assert len(_pictures(out)) == 2


def test_progress_goes_up_to_the_end_and_a_cancelled_pdf_leaves_no_file(tmp_path: Path) -> None:
    job = PrintJob(load_scenario(BASTOGNE), Subject.OOB)
    heard: list[tuple[int, int]] = []
    assert job.write_pdf(tmp_path / "whole.pdf", lambda *told: heard.append(told) or True)
    done = [d for d, _total in heard]
    assert done == sorted(done)
    assert len(heard) > 5
    assert heard[-1][0] == heard[-1][1]

    out = tmp_path / "oob.pdf"
    calls: list[int] = []

    def cancel_on_third(done: int, total: int) -> bool:
        calls.append(done)
        return len(calls) < 3

    assert job.write_pdf(out, cancel_on_third) is False
    assert len(calls) == 3
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["whole.pdf"]


def test_raw_html_in_a_briefing_is_shown_as_text_never_read_as_markup() -> None:
    html = markdown_html('**Hold** <img src="http://example.com/x.png"> <script>x</script>')
    assert "<img" not in html
    assert "&lt;img" in html
    assert "&lt;script&gt;" in html
    assert "font-weight:700" in html


def test_a_hex_is_named_by_its_place_or_the_nearest_within_three_hexes() -> None:
    bundle = load_scenario(BASTOGNE)
    places = Places(bundle.map.model)
    assert places.describe((14, 59)) == "14, 59 Bastogne"
    assert places.describe((14, 60)) == "14, 60 near Bastogne"
    far = next(
        (c, r)
        for c in range(bundle.map.model.width)
        for r in range(bundle.map.model.height)
        if not places.near((c, r))
    )
    assert places.describe(far) == f"{far[0]}, {far[1]}"


def test_print_names_the_missing_file_and_exits_2(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "nowhere.scenario.yaml"
    assert main(["print", "oob", str(missing), "-o", str(tmp_path / "x.pdf")]) == 2
    assert re.search(
        r"hexwright print: .*nowhere\.scenario\.yaml: no such file", capsys.readouterr().err
    )
    assert not (tmp_path / "x.pdf").exists()


def test_print_refuses_a_side_that_is_not_one(tmp_path: Path, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(
            ["print", "briefing", str(BASTOGNE), "--side", "soviet", "-o", str(tmp_path / "x.pdf")]
        )
    assert stop.value.code == 2
    assert "invalid choice: 'soviet' (choose from 'allied', 'axis')" in capsys.readouterr().err


def test_print_refuses_other_file_kinds_and_names(tmp_path: Path, capsys) -> None:
    oob = SAMPLE_DATA / "ardennes44" / "ardennes44.oob.yaml"
    assert main(["print", "oob", str(oob), "-o", str(tmp_path / "x.pdf")]) == 1
    assert "give a scenario" in capsys.readouterr().err
    assert main(["print", "oob", str(BASTOGNE), "-o", str(tmp_path / "x.png")]) == 1
    assert "name it *.pdf" in capsys.readouterr().err
    assert main(["print", "oob", str(BASTOGNE), "-o", str(tmp_path / "no" / "x.pdf")]) == 2
    assert "there is no folder" in capsys.readouterr().err


def test_print_lists_the_problems_of_a_broken_scenario_and_exits_1(tmp_path: Path, capsys) -> None:
    title = tmp_path / "ardennes44"
    shutil.copytree(SAMPLE_DATA / "ardennes44", title)
    scenario = title / "scenarios" / BASTOGNE.name
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(text.replace("  turns: 42", "  turns: -3", 1), encoding="utf-8")
    assert main(["print", "oob", str(scenario), "-o", str(tmp_path / "x.pdf")]) == 1
    err = capsys.readouterr()
    assert "cannot be printed until these are fixed" in err.err
    assert BASTOGNE.name in err.out + err.err
    assert not (tmp_path / "x.pdf").exists()


def test_a_briefing_of_a_scenario_without_one_says_so(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(jobs, "PICTURE_WIDTH", 600)
    stoumont = SAMPLE_DATA / "stoumont44" / "scenarios" / "stoumont-station.scenario.yaml"
    out = tmp_path / "axis.pdf"
    job = PrintJob(load_scenario(stoumont), Subject.BRIEFING, Side.AXIS)
    assert job.write_pdf(out)
    assert "The scenario has no briefing for this side." in " ".join(_pages(out))

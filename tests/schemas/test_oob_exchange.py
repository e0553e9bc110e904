"""OOB import and export without Qt: an indented text of a panzer division read into a tree
with echelons and classes from the names, a spreadsheet read with a column mapping, refused
lines reported by number, and exports that read back to the same OOB."""

from __future__ import annotations

from pathlib import Path

import pytest

from schemas.io import FileKind, dump_text, load_file, load_text
from schemas.panzer_campaigns.oob import (
    Component,
    OobFile,
    Organization,
    OrgLevel,
    Unit,
    UnitClass,
    UnitSize,
    UnitType,
)
from schemas.panzer_campaigns.oob_csv import (
    default_mapping,
    preview,
    read_oob_csv,
    read_table,
    write_oob_csv,
)
from schemas.panzer_campaigns.oob_import import graft, subtree, taken_ids, walk
from schemas.panzer_campaigns.oob_text import (
    guess_class,
    guess_level,
    read_oob_text,
    write_oob_text,
)

FIXTURE = Path(__file__).parent / "fixtures" / "das_reich_1944.txt"
SAMPLE_OOB = Path(__file__).parents[2] / "sample_data/ardennes44/ardennes44.oob.yaml"


def _units(nodes: list) -> dict[str, Unit]:
    return {n.name: n for n in walk(nodes) if isinstance(n, Unit)}


def test_a_panzer_division_in_indented_text_becomes_its_tree() -> None:
    result = read_oob_text(FIXTURE.read_text(encoding="utf-8"), "das_reich.txt", set())
    assert result.problems == []
    assert result.counts() == (8, 50)
    (division,) = result.nodes
    assert isinstance(division, Organization)
    assert (division.id, division.level) == ("de.2ssd", OrgLevel.DIVISION)
    regiments = [c for c in division.children if isinstance(c, Organization)]
    assert [r.level for r in regiments] == [OrgLevel.REGIMENT] * 4 + [OrgLevel.BATTALION] * 3
    panzer = regiments[0]
    assert panzer.hq == panzer.children[0].id  # the Stab line became the regiment's HQ
    units = _units(result.nodes)
    panther = units["1./SS-Pz.Rgt. 2"]
    assert (panther.type_name, panther.unit_class) == ("Panther", UnitClass.ARMOR)
    assert (panther.size, panther.component) == (UnitSize.COMPANY, Component.VEHICLES)
    # speed, movement class and quality come down from the regiment's and division's lines
    assert (panther.speed, panther.movement_class.value, panther.quality.value) == (
        12,
        "tracked",
        "B",
    )
    assert units["Stab SS-Pz.Rgt. 2"].unit_class is UnitClass.HEADQUARTERS
    assert units["Stab SS-Pz.Rgt. 2"].hard_target is False  # its own line overrides
    assert units["I./SS-Pz.Art.Rgt. 2"].component is Component.GUNS
    assert units["SS-Werfer-Abt. 2"].unit_class is UnitClass.ROCKET
    assert units["3./SS-Pz.Jg.Abt. 2"].unit_class is UnitClass.ANTI_TANK
    assert units["2./SS-Pz.Pi.Btl. 2"].unit_class is UnitClass.ENGINEER
    assert units["SS-Feldersatz-Btl. 2"].quality.value == "C"


@pytest.mark.parametrize(
    ("name", "level", "unit_class"),
    [
        ("LXVI. Armeekorps", OrgLevel.CORPS, UnitClass.INFANTRY),
        ("I./Pz.Rgt. 2 (Panther)", OrgLevel.BATTALION, UnitClass.ARMOR),
        ("Panzer-Artillerie-Regiment 73", OrgLevel.REGIMENT, UnitClass.ARTILLERY),
        ("Panzergrenadier-Regiment 304", OrgLevel.REGIMENT, UnitClass.MECHANIZED_INFANTRY),
        ("1st Battalion, 504th Parachute Infantry", OrgLevel.BATTALION, UnitClass.AIRBORNE),
        ("Company B, 238th Engineer Battalion", OrgLevel.BATTALION, UnitClass.ENGINEER),
        ("Heeresgruppe B", OrgLevel.ARMY_GROUP, UnitClass.INFANTRY),
    ],
)
def test_echelon_and_class_come_from_the_names_keywords(name, level, unit_class) -> None:
    assert guess_level(name) is level
    assert guess_class(name) is unit_class


def test_bad_lines_are_refused_with_their_number_and_field() -> None:
    text = (
        "Kampfgruppe Hansen | level=regiment speed=12\n"
        "  I./SS-Pz.Gren.Rgt. 1 | strength=600 quality=B\n"
        "  Lost company | strength=-5\n"
        "  Bad quality | strength=100 quality=Z\n"
        "  No strength at all\n"
        "  Odd | strength=10 colour=red\n"
    )
    result = read_oob_text(text, "kg.txt", set())
    assert result.counts() == (1, 1)
    joined = "\n".join(result.problems)
    assert "kg.txt:3: strength: Input should be greater than or equal to 0" in joined
    assert "kg.txt:4: quality: 'Z' is not one of" in joined
    assert "kg.txt:5: strength: required" in joined
    assert "kg.txt:6: colour: not a unit field" in joined


def test_a_spreadsheet_is_read_with_a_column_mapping() -> None:
    text = (
        "Einheit;Stärke;Qualität;Bewegung;Verband\n"
        "I./Gren.Rgt. 989;520;C;6;Grenadier-Regiment 989\n"
        "II./Gren.Rgt. 989;480;C;6;Grenadier-Regiment 989\n"
        "Pz.Jg.Abt. 277 (Hetzer);14;B;10;277. Volksgrenadier-Division\n"
    )
    header = read_table(text).header
    assert default_mapping(header)["Einheit"] == ""  # not a field's name: the user maps it
    mapping = {
        "Einheit": "name",
        "Stärke": "strength",
        "Qualität": "quality",
        "Bewegung": "speed",
        "Verband": "organization",
    }
    result = read_oob_csv(text, "vgd.csv", set(), mapping)
    assert result.problems == []
    regiment, division = result.nodes
    assert (regiment.level, division.level) == (OrgLevel.REGIMENT, OrgLevel.DIVISION)
    assert [u.strength for u in regiment.children] == [520, 480]
    hetzer = division.children[0]
    assert (hetzer.type_name, hetzer.unit_class, hetzer.speed) == (
        "Hetzer",
        UnitClass.ANTI_TANK,
        10,
    )
    rows = preview(text.replace(";480;", ";lots;"), mapping)
    assert rows[0].problems == []
    assert rows[1].line == 3
    assert any("strength" in p for p in rows[1].problems)


@pytest.mark.parametrize("form", ["text", "csv", "tsv"])
def test_an_export_read_back_gives_the_same_oob(form: str) -> None:
    oob = load_file(SAMPLE_OOB).model
    axis = oob.sides[1]
    army_group, air = axis.nations[0].organizations  # Heeresgruppe B, then the Luftwaffe
    assert len(list(walk([army_group]))) > 200
    # The OOB without the army group: the Luftwaffe alone under the German nation.
    nation = axis.nations[0].model_copy(update={"organizations": [air]})
    side = axis.model_copy(update={"nations": [nation, *axis.nations[1:]]})
    without = oob.model_copy(update={"sides": [oob.sides[0], side]})
    if form == "text":
        result = read_oob_text(write_oob_text([army_group]), "out.txt", taken_ids(without))
    else:
        text = write_oob_csv([army_group], "\t" if form == "tsv" else ",")
        result = read_oob_csv(text, "out.csv", taken_ids(without))
    assert result.problems == []
    assert result.notes == []
    assert result.nodes == [army_group]
    regrafted = graft(without, nation.id, result.nodes)
    assert regrafted.sides[1].nations[0].organizations == [air, army_group]
    assert subtree(regrafted, "de.1sspzk") == subtree(oob, "de.1sspzk")


def test_ids_already_in_use_get_fresh_ones_and_the_hq_follows() -> None:
    oob = load_file(SAMPLE_OOB).model
    fbb = subtree(oob, "de.fbb")
    result = read_oob_text(write_oob_text([fbb]), "fbb.txt", taken_ids(oob))
    assert result.problems == []
    (copy,) = result.nodes
    assert copy.id != fbb.id
    assert copy.hq == copy.children[0].id != fbb.hq
    assert any("fbb.txt:2: id: 'de.fbb.hq' is already used" in n for n in result.notes)


FLAK = UnitType(
    id="flak88",
    name="8.8 cm Flak battery",
    type_name="8.8 cm Flak",
    unit_class=UnitClass.HEAVY_ANTI_AIRCRAFT,
    component=Component.GUNS,
    speed=6,
    hard_attack=22.0,
    hard_range=3,
    aa_attack=12.0,
    aa_range=2,
    towed=True,
)


def test_a_spreadsheet_row_naming_a_unit_type_takes_the_values_it_leaves_out() -> None:
    text = (
        "name\tunit_type\tstrength\thard_attack\tspeed\n"
        "1./s.Pz.Abt. 501\tflak88\t4\t\t\n"  # "Pz" would guess armour: the type says Flak
        "2./Flak-Abt. 84\tflak88\t6\t30\t\n"  # its own hard attack overrides the type's
        "3./Flak-Abt. 84\tflak99\t6\t\t7\n"  # no such type in the title
    )
    result = read_oob_csv(text, "flak.tsv", set(), unit_types={"flak88": FLAK})
    assert result.problems == ["flak.tsv:4: unit_type: no unit type 'flak99' in this title"]
    first, second = result.nodes
    assert (first.unit_class, first.component, first.speed) == (
        UnitClass.HEAVY_ANTI_AIRCRAFT,
        Component.GUNS,
        6,
    )
    assert (first.hard_attack, first.aa_range, first.towed, first.strength) == (22.0, 2, True, 4)
    assert (second.hard_attack, second.aa_attack) == (30.0, 12.0)
    # The same resolver as loading: saved and read back, each keeps what it showed.
    oob = OobFile.model_validate(
        {
            "format_version": 3,
            "name": "Flak",
            "unit_types": [FLAK],
            "sides": [{"side": "axis", "nations": [{"id": "de", "name": "D"}]}],
        }
    )
    saved = dump_text(graft(oob, "de", result.nodes))
    units_text = saved.split("\nsides:")[1]
    assert "hard_attack: 30.0" in units_text
    assert "aa_attack" not in units_text  # inherited, left out of the file
    reloaded = load_text(saved, FileKind.OOB).model
    assert reloaded.sides[0].nations[0].organizations == [first, second]


def test_an_indented_text_unit_type_on_an_organizations_line_reaches_its_units() -> None:
    text = (
        "Flak-Regiment 4 | unit_type=flak88 quality=B\n"
        "  1./Flak-Abt. 84 | strength=4\n"
        "  2./Flak-Abt. 84 | strength=6 speed=4\n"
        "Panzer-Regiment 3\n"
        "  I./Pz.Rgt. 3 | unit_type=flak88 strength=5\n"
    )
    result = read_oob_text(text, "flak.txt", set(), {"flak88": FLAK})
    assert result.problems == []
    units = _units(result.nodes)
    assert [u.unit_type for u in units.values()] == ["flak88"] * 3
    assert (units["1./Flak-Abt. 84"].speed, units["2./Flak-Abt. 84"].speed) == (6, 4)
    assert units["1./Flak-Abt. 84"].quality.value == "B"
    # The name's "Pz" keyword is a guess; the type's class and component win over it.
    assert (units["I./Pz.Rgt. 3"].unit_class, units["I./Pz.Rgt. 3"].component) == (
        UnitClass.HEAVY_ANTI_AIRCRAFT,
        Component.GUNS,
    )
    missing = read_oob_text("Lone gun | unit_type=flak88 strength=1\n", "x.txt", set())
    assert missing.problems == ["x.txt:1: unit_type: no unit type 'flak88' in this title"]

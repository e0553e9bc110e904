"""The setup check as a designer meets it: each mistake in a starting position is reported once,
with its code, the unit or object it concerns, the hex and the place in the scenario file; a
sound scenario gets no report at all, and half-built scenarios never crash the check."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from engine.panzer_campaigns import setup
from engine.panzer_campaigns.setup import check, check_bundle
from engine.panzer_campaigns.validation import validate_paths
from schemas.io import save_file
from schemas.panzer_campaigns.map import FullHexFeature
from schemas.panzer_campaigns.oob import Nation, OobFile, Organization, OrgLevel, SideOob, Unit
from schemas.panzer_campaigns.parameters import ParameterFile
from schemas.panzer_campaigns.weather import WeatherFile, WeatherRow
from schemas.problems import CODES, Problem, Severity
from schemas.title import load_scenario
from tests.conftest import SAMPLE_DATA
from tests.engine.ascii_title import AsciiTitle, ascii_parameters, ascii_title
from tests.tiny_title import tiny_scenario, write_tiny_title

HQ = {"unit_class": "headquarters", "command_range": 8, "strength": 100}
TANKS = {
    "unit_class": "armor",
    "component": "vehicles",
    "strength": 20,
    "movement_class": "tracked",
}
TRUCKS = {"movement_class": "motorized", "strength": 300}
GUNS = {
    "unit_class": "artillery",
    "component": "guns",
    "strength": 4,
    "towed": True,
    "movement_class": "motorized",
}
SHIP = {"unit_class": "naval", "naval": True, "movement_class": "naval", "strength": 1}
RAIL_GUN = {"unit_class": "artillery", "rail_unit": True, "movement_class": "rail", "strength": 2}


def with_ships() -> ParameterFile:
    """The ASCII parameters with a naval class that moves on water only."""
    terrain = ascii_parameters().movement.terrain
    naval = {t: {**costs, "naval": 1 if t == "water" else -1} for t, costs in terrain.items()}
    return ascii_parameters(terrain=naval)


def problems(title: AsciiTitle, code: str | None = None) -> list[Problem]:
    """The setup problems of a title's starting position, of one code or all."""
    found = check(title.game())
    return [p for p in found if code is None or p.code == code]


def where(found: list[Problem]) -> list[tuple[str, str | None, tuple[int, int] | None]]:
    """Code, object and hex of each problem, sorted (placements follow the art's labels)."""
    return sorted((p.code, p.object_id, p.hex) for p in found)


def about(found: list[Problem], object_id: str) -> Problem:
    [problem] = [p for p in found if p.object_id == object_id]
    return problem


# --- a sound scenario ---------------------------------------------------------------------------

SOUND = """
.  .   .   .  .  .
.H .A  +   .  .  .h
.  .   .   .  .b .
"""


def sound_title(**scenario: Any) -> AsciiTitle:
    return ascii_title(
        SOUND,
        units={"H": HQ, "h": HQ, "R": {"hex": None}, "F": {"hex": (0, 2), "fixed": True}},
        scenario={
            "objectives": [
                {"kind": "normal", "id": "dorf", "hex": [2, 1], "points": 50, "owner": "allied"},
                {"kind": "exit", "id": "east-exit", "hex": [5, 0], "points": 0, "owner": "axis"},
            ],
            "reinforcements": [{"id": "late", "turn": 3, "units": ["R"], "hex": [0, 0]}],
            "releases": [{"id": "free", "turn": 2, "organization": "us.div"}],
            "supply": {
                "sources": [
                    {"id": "west", "hex": [0, 1], "side": "allied", "value": 80},
                    {"id": "east", "hex": [5, 2], "side": "axis", "value": 60},
                ]
            },
            **scenario,
        },
    )


def test_a_sound_scenario_has_no_setup_problems() -> None:
    assert problems(sound_title()) == []


def test_every_setup_code_is_documented() -> None:
    used = {f"SETUP{n:03d}" for n in range(1, 25)}
    assert used <= set(CODES)
    assert all(CODES[code] for code in used)


# --- units where they cannot stand ---------------------------------------------------------------


def test_a_ground_unit_on_water_and_a_ship_on_land_cannot_stand_there() -> None:
    title = ascii_title(
        """
        .A  ~B  #C
        .S  ~T  .
        """,
        units={"S": SHIP, "T": SHIP},
        parameters=with_ships(),
    )
    found = problems(title, "SETUP001")
    assert where(found) == [
        ("SETUP001", "B", (1, 0)),
        ("SETUP001", "C", (2, 0)),
        ("SETUP001", "S", (0, 1)),
    ]
    assert all(p.severity is Severity.ERROR for p in found)
    assert about(found, "B").path == ("placements", 3, "hex")  # after the ships S and T
    assert "on [1, 0] (water)" in about(found, "B").message
    assert "cannot enter it (movement cost -1)" in about(found, "C").message
    assert "ships stay on water" in about(found, "S").message


def test_a_full_hex_bridge_carries_ground_units_over_water() -> None:
    title = ascii_title(".A  ~B")
    title.map_file.full_hex_features.append(FullHexFeature(hex=(1, 0), kind="bridge"))
    assert problems(title, "SETUP001") == []


MARSH_ROAD = {"primary_road": [[(0, 1), (1, 1), (2, 1)]]}


def test_vehicles_stand_in_marsh_only_on_a_road_in_travel_mode() -> None:
    title = ascii_title(
        """
        .   ,V  .
        .   ,W  .
        .   ,G  .
        """,
        units={"V": {**TRUCKS, "mode": "travel"}, "W": TRUCKS, "G": GUNS},
        roads=MARSH_ROAD,
    )
    off_road = problems(title, "SETUP007")
    assert where(off_road) == [("SETUP007", "G", (1, 2)), ("SETUP007", "V", (1, 0))]
    assert "only along a road" in off_road[0].message
    deployed = problems(title, "SETUP005")
    assert where(deployed) == [("SETUP005", "W", (1, 1))]
    assert deployed[0].path == ("placements", 1, "mode")
    assert "cannot leave Travel Mode" in deployed[0].message


def test_frozen_marsh_counts_as_clear() -> None:
    art = ".  ,V  ."
    assert problems(ascii_title(art, units={"V": TRUCKS}), "SETUP007")
    frozen = ascii_title(
        art, units={"V": TRUCKS}, header={"conditions": "snow", "conditions_allowed": ["snow"]}
    )
    assert problems(frozen, "SETUP007") == []


def test_a_unit_too_big_for_the_road_cannot_stand_on_a_marsh_road() -> None:
    # The ASCII parameters' Road Stacking Limit is 1000 men-equivalents.
    title = ascii_title(
        ".  ,   .\n.  ,V  .",
        units={"V": {**TRUCKS, "strength": 1200, "mode": "travel"}},
        roads=MARSH_ROAD,
    )
    [too_big] = problems(title, "SETUP007")
    assert "over the Road Stacking Limit of 1000" in too_big.message


def test_a_towed_gun_may_deploy_on_a_marsh_road_with_travel_mode_effects() -> None:
    title = ascii_title(
        """
        .   ,   .
        .   ,G  .
        """,
        units={"G": GUNS},
        roads=MARSH_ROAD,
    )
    [note] = problems(title, "SETUP008")
    assert note.severity is Severity.INFO
    assert "as if in Travel Mode" in note.message
    assert [p.code for p in problems(title) if p.code.startswith("SETUP00")] == ["SETUP008"]


RAILWAY = {"railroad": [[(0, 0), (1, 0), (2, 0)]]}


def test_rail_mode_needs_a_railway() -> None:
    title = ascii_title(
        """
        .A  .   .
        .B  .   .
        """,
        units={"A": {"mode": "rail"}, "B": {"mode": "rail"}},
        roads=RAILWAY,
    )
    found = problems(title, "SETUP005")
    assert where(found) == [("SETUP005", "B", (0, 1))]
    assert "no railway" in found[0].message


def test_rail_units_stand_on_railways_in_rail_mode() -> None:
    title = ascii_title(
        """
        .A  .B  .C
        .   .   .D
        """,
        units={
            "A": {**RAIL_GUN, "mode": "rail"},
            "B": RAIL_GUN,
            "C": {**RAIL_GUN, "unit_class": "armored_train"},
            "D": {**RAIL_GUN, "mode": "rail"},
        },
        roads=RAILWAY,
    )
    found = problems(title, "SETUP006")
    assert [(p.object_id, p.severity) for p in found] == [
        ("B", Severity.WARNING),
        ("D", Severity.ERROR),
    ]
    assert "whole turn entering Rail Mode" in found[0].message
    assert problems(title, "SETUP001") == []


# --- stacking ----------------------------------------------------------------------------------


def test_a_hex_over_the_maximum_stacking_limit() -> None:
    # The ASCII parameters allow 1000 men-equivalents; battalions are 500 men, tanks 20 x 10.
    title = ascii_title(".ABC  .DE  .FGT", units={"T": TANKS})
    found = problems(title, "SETUP002")
    # 500 + 500 fits; a third battalion does not, nor do 20 tanks (200 men-equivalents). The
    # unit named is the one that overflows, in the order the units were placed (T first).
    assert where(found) == [("SETUP002", "C", (0, 0)), ("SETUP002", "G", (2, 0))]
    assert "1500 men-equivalents" in about(found, "C").message
    assert "Maximum Stacking Limit of 1000" in about(found, "C").message


def test_units_in_rail_mode_do_not_count_toward_stacking() -> None:
    title = ascii_title(".ABC  .", units={"C": {"mode": "rail"}}, roads=RAILWAY)
    assert problems(title, "SETUP002") == []


def test_at_most_four_ships_share_a_hex() -> None:
    title = ascii_title(
        "~STUVW  ~XY", units=dict.fromkeys("STUVWXY", SHIP), parameters=with_ships()
    )
    [crowded] = problems(title, "SETUP003")
    assert (crowded.object_id, crowded.hex) == ("W", (0, 0))
    assert "5 ships" in crowded.message


def test_the_towed_gun_limit_counts_deployed_guns_only() -> None:
    # The ASCII parameters allow 2 deployed towed guns per hex.
    title = ascii_title(
        ".ABC  .DEF",
        units={
            **dict.fromkeys("ABCDE", GUNS),
            "F": {**GUNS, "mode": "travel"},
        },
    )
    [over] = problems(title, "SETUP004")
    assert (over.object_id, over.hex) == ("C", (0, 0))
    assert "3 towed guns" in over.message


def test_a_hex_holds_one_side_only() -> None:
    [mixed] = problems(ascii_title(".Ab  ."), "SETUP009")
    assert (mixed.object_id, mixed.severity) == ("b", Severity.ERROR)


# --- reinforcements ----------------------------------------------------------------------------


def _arriving(art: str, hex_: list[int], **fields: Any) -> AsciiTitle:
    units = fields.pop("units", {})
    return ascii_title(
        art,
        units={"R": {"hex": None}, **units},
        scenario={
            "reinforcements": [{"id": "relief", "turn": 2, "units": ["R"], "hex": hex_, **fields}]
        },
    )


def test_a_reinforcement_arriving_where_its_units_cannot_stand() -> None:
    title = _arriving(". ~ .", [1, 0])
    [blocked] = problems(title, "SETUP010")
    assert (blocked.object_id, blocked.hex, blocked.path) == (
        "relief",
        (1, 0),
        ("reinforcements", 0, "hex"),
    )
    assert "'R'" in blocked.message
    assert "cannot enter" in blocked.message
    trucks = _arriving(". , .", [1, 0], units={"R": {**TRUCKS, "hex": None}})
    assert "only along a road" in problems(trucks, "SETUP010")[0].message


def test_a_reinforcement_arriving_next_to_the_enemy() -> None:
    found = problems(_arriving(". .b . . .", [0, 0]), "SETUP011")
    assert where(found) == [("SETUP011", "relief", (0, 0))]
    assert "next to" in found[0].message
    assert "'b'" in found[0].message
    assert problems(_arriving(". . .b . .", [0, 0]), "SETUP011") == []


def test_enemy_units_within_the_protection_value() -> None:
    title = _arriving(". . .b . .c", [0, 0], protection=3)
    [warned] = problems(title, "SETUP012")
    assert warned.path == ("reinforcements", 0, "protection")
    assert "'b'" in warned.message
    assert "'c'" not in warned.message
    assert problems(title, "SETUP011") == []


def test_a_reinforcement_dated_after_the_last_turn_never_arrives() -> None:
    title = ascii_title(
        ". .",
        units={"R": {"hex": None}},
        scenario={
            "reinforcements": [
                {"id": "late", "at": "1944-12-30 08:00", "units": ["R"], "hex": [0, 0]}
            ]
        },
    )
    [never] = problems(title, "SCN006")
    assert never.path == ("reinforcements", 0, "at")
    assert "never happens" in never.message


# --- command -----------------------------------------------------------------------------------


def test_a_fixed_unit_without_a_release() -> None:
    title = ascii_title(".A  .B", units={"A": {"fixed": True}, "B": {"fixed": True, "speed": 0}})
    [stuck] = problems(title, "SETUP013")
    assert (stuck.object_id, stuck.path) == ("A", ("placements", 0, "fixed"))
    released = ascii_title(
        ".A",
        units={"A": {"fixed": True}},
        scenario={"releases": [{"id": "go", "turn": 2, "organization": "us.div"}]},
    )
    assert problems(released, "SETUP013") == []


def test_a_unit_fixed_later_needs_a_release_from_that_turn_on() -> None:
    late = {"A": {"fixed_from_turn": 4}}
    [stuck] = problems(ascii_title(".A", units=late), "SETUP013")
    assert (stuck.object_id, stuck.path) == ("A", ("placements", 0, "fixed_from_turn"))
    assert "becomes Fixed on turn 4" in stuck.message
    early = {"releases": [{"id": "go", "turn": 2, "organization": "us.div"}]}
    assert len(problems(ascii_title(".A", units=late, scenario=early), "SETUP013")) == 1
    after = {"releases": [{"id": "go", "turn": 6, "organization": "us.div"}]}
    assert problems(ascii_title(".A", units=late, scenario=after), "SETUP013") == []


def test_explicit_supply_without_supply_units_for_a_side() -> None:
    supply = {"supply_unit": True, "supply_range": 3, "component": "vehicles", "strength": 20}
    rule = {"optional_rules": ["explicit_supply"]}
    [axis] = problems(ascii_title(".S .b", units={"S": supply}, header=rule), "SETUP026")
    assert "axis side has no supply unit" in axis.message
    both = ascii_title(".S .s", units={"S": supply, "s": supply}, header=rule)
    assert problems(both, "SETUP026") == []
    # without supply units the rule does not apply [000 10.4]: nothing to warn of
    assert problems(ascii_title(".A .b", header=rule), "SETUP026") == []


def test_an_hq_neither_placed_nor_arriving() -> None:
    title = ascii_title(".A  .B", units={"H": {**HQ, "hex": None}})
    [missing] = problems(title, "SETUP014")
    assert (missing.object_id, missing.severity) == ("us.div", Severity.WARNING)
    assert "'H'" in missing.message
    assert "Detached" in missing.message


def test_a_unit_out_of_its_hqs_command_range_starts_detached() -> None:
    # Nominal Command Range = OOB range + quality: C +0, A +2 [000 9.1].
    title = ascii_title(
        ".H  .  .  .  .A  .B",
        units={"H": {**HQ, "command_range": 3}, "B": {"detached": True}},
    )
    [far] = problems(title, "SETUP015")  # B is marked Detached by the scenario: meant to be
    assert (far.object_id, far.severity) == ("A", Severity.WARNING)
    assert "1 unit starts Detached" in far.message
    assert "Nominal Command Range of 3 of their HQ 'H'" in far.message
    assert "'A' 4 hexes" in far.message
    elite = ascii_title(".H  .  .  .  .A", units={"H": {**HQ, "command_range": 2, "quality": "A"}})
    assert problems(elite, "SETUP015") == []


def test_units_out_of_range_of_one_hq_are_reported_together_at_the_farthest() -> None:
    title = ascii_title(".H  .  .  .  .A  .B  .", units={"H": {**HQ, "command_range": 3}})
    [group] = problems(title, "SETUP015")
    assert (group.object_id, group.hex, group.severity) == ("B", (5, 0), Severity.WARNING)
    assert "2 units" in group.message


def _corps_over_division(allied: list[Unit], axis: list[Unit]) -> OobFile:
    """K commands the corps, H the division under it, A is in the division."""
    units = {u.id: u for u in allied}
    division = Organization(
        id="div", name="div", level=OrgLevel.DIVISION, hq="H", children=[units["H"], units["A"]]
    )
    corps = Organization(
        id="corps", name="corps", level=OrgLevel.CORPS, hq="K", children=[units["K"], division]
    )
    nation = Nation(id="us", name="us", organizations=[corps])
    return OobFile(format_version=2, name="corps", sides=[SideOob(side="allied", nations=[nation])])


def test_an_hq_beyond_its_superiors_range_is_only_a_note() -> None:
    title = ascii_title(
        ".K  .  .  .  .  .H  .A",
        units={"K": {**HQ, "command_range": 2}, "H": {**HQ, "command_range": 3}},
        oob=_corps_over_division,
    )
    [note] = problems(title, "SETUP015")
    assert (note.object_id, note.severity) == ("H", Severity.INFO)
    assert "Command Test" in note.message


def test_units_with_no_hq_at_all_are_detached_together() -> None:
    [lost] = problems(ascii_title(".A  .B"), "SETUP015")
    assert (lost.object_id, lost.severity) == ("us.div", Severity.WARNING)
    assert "2 units" in lost.message
    assert "names an HQ" in lost.message


def test_units_wait_detached_for_an_hq_that_arrives_later() -> None:
    title = ascii_title(
        ".A  .B",
        units={"H": {**HQ, "hex": None}},
        scenario={"reinforcements": [{"id": "staff", "turn": 2, "units": ["H"], "hex": [0, 0]}]},
    )
    [waiting] = problems(title, "SETUP015")
    assert (waiting.object_id, waiting.severity) == ("us.div", Severity.INFO)
    assert "until their HQ 'H' arrives" in waiting.message
    assert problems(title, "SETUP014") == []


def _corps(allied: list[Unit], axis: list[Unit]) -> OobFile:
    """The Allied units as a division (HQ 'H') in a corps whose HQ 'K' is in the OOB only."""
    division = Organization(id="us.div", name="division", level="division", hq="H", children=allied)
    corps_hq = Unit(id="K", name="corps HQ", speed=10, **{**HQ, "command_range": 12})
    corps = Organization(
        id="us.corps", name="corps", level="corps", hq="K", children=[corps_hq, division]
    )
    sides = [
        SideOob(side="allied", nations=[Nation(id="us", name="us", organizations=[corps])]),
        SideOob(side="axis", nations=[Nation(id="de", name="de", organizations=[])]),
    ]
    return OobFile(format_version=2, name="corps", sides=sides)


def test_the_highest_hq_in_play_counts_as_detached_without_its_superior() -> None:
    title = ascii_title(".H  .A", units={"H": HQ}, oob=_corps)
    [top] = problems(title, "SETUP015")
    assert (top.object_id, top.severity) == ("H", Severity.INFO)
    assert problems(title, "SETUP014") == []


def test_an_attachment_that_puts_an_organization_under_itself() -> None:
    looped = {"attachments": [{"organization": "us.corps", "attach_to": "us.div"}]}
    title = ascii_title(".H  .A", units={"H": HQ}, oob=_corps, scenario=looped)
    found = problems(title)  # and the check does not loop forever up the chain
    [cycle] = [p for p in found if p.code == "SETUP024"]
    assert (cycle.object_id, cycle.path) == ("us.corps", ("attachments", 0, "attach_to"))
    assert problems(title, "SETUP015") == []


def test_an_hq_left_out_while_a_higher_one_is_in_play() -> None:
    title = ascii_title(".K  .A", units={"K": {**HQ, "command_range": 12}}, oob=_corps_placed)
    [note] = problems(title, "SETUP014")
    assert (note.object_id, note.severity) == ("us.div", Severity.INFO)
    assert "next HQ up, 'K'" in note.message
    assert problems(title, "SETUP015") == []


def _corps_placed(allied: list[Unit], axis: list[Unit]) -> OobFile:
    """Corps HQ 'K' (placed) over a division whose HQ 'H' is in the OOB only."""
    division_hq = Unit(id="H", name="division HQ", speed=10, **HQ)
    others = [u for u in allied if u.id != "K"]
    corps_hq = next(u for u in allied if u.id == "K")
    division = Organization(
        id="us.div", name="division", level="division", hq="H", children=[division_hq, *others]
    )
    corps = Organization(
        id="us.corps", name="corps", level="corps", hq="K", children=[corps_hq, division]
    )
    sides = [
        SideOob(side="allied", nations=[Nation(id="us", name="us", organizations=[corps])]),
        SideOob(side="axis", nations=[Nation(id="de", name="de", organizations=[])]),
    ]
    return OobFile(format_version=2, name="corps", sides=sides)


# --- objectives --------------------------------------------------------------------------------


def test_an_objective_nobody_can_reach() -> None:
    title = ascii_title(
        """
        .A  .   ~   .   .
        .   .   ~   ~   ~
        .   .   ~   .   #
        """,
        scenario={
            "objectives": [
                {"kind": "normal", "id": "near", "hex": [1, 0], "points": 5, "owner": "allied"},
                {"kind": "normal", "id": "island", "hex": [4, 0], "points": 5, "owner": "axis"},
                {"kind": "normal", "id": "rock", "hex": [4, 2], "points": 5, "owner": "axis"},
            ]
        },
    )
    found = problems(title, "SETUP016")
    assert where(found) == [
        ("SETUP016", "island", (4, 0)),
        ("SETUP016", "rock", (4, 2)),
    ]
    assert "cut it off" in found[0].message
    assert "no ground unit can enter its impassable" in found[1].message


def test_a_river_cuts_off_an_objective_unless_a_bridge_crosses_it() -> None:
    art = """
    .A  .   .
    .   .   .
    """
    objective = {"kind": "normal", "id": "far", "hex": [2, 0], "points": 5, "owner": "axis"}
    river = [((2, 0), "down", "river"), ((2, 0), "down_left", "river")]
    title = ascii_title(art, hexsides=river, scenario={"objectives": [objective]})
    assert where(problems(title, "SETUP016")) == [("SETUP016", "far", (2, 0))]
    bridged = ascii_title(
        art,
        hexsides=river,
        crossings=[((2, 0), "down", "heavy_bridge")],
        scenario={"objectives": [objective]},
    )
    assert problems(bridged, "SETUP016") == []


def test_a_surrender_objective_for_a_nation_without_units() -> None:
    title = ascii_title(
        ".A  .",
        scenario={
            "objectives": [
                {
                    "kind": "surrender",
                    "id": "berlin",
                    "hex": [1, 0],
                    "points": 5,
                    "owner": "axis",
                    "nation": "de",
                }
            ]
        },
    )
    [empty] = problems(title, "SETUP017")
    assert (empty.object_id, empty.path) == ("berlin", ("objectives", 0, "nation"))


# --- supply ------------------------------------------------------------------------------------


def test_a_supply_source_on_water() -> None:
    title = ascii_title(
        ".A  ~",
        scenario={
            "supply": {"sources": [{"id": "s", "hex": [1, 0], "side": "allied", "value": 50}]}
        },
    )
    [wet] = problems(title, "SETUP018")
    assert (wet.object_id, wet.path, wet.severity) == (
        "s",
        ("supply", "sources", 0, "hex"),
        Severity.ERROR,
    )


def test_a_side_without_sources_needs_ground_on_the_map_edge() -> None:
    title = ascii_title(
        """
        ~  ~  ~
        ~  .A ~
        ~  ~  ~
        """
    )
    [cut] = problems(title, "SETUP020")
    assert cut.object_id == "allied"
    assert problems(ascii_title(".A ."), "SETUP020") == []


def test_a_unit_cut_off_from_supply_starts_isolated() -> None:
    title = ascii_title(
        """
        .H  ~   ~   ~   .
        .   ~   .AP ~   .
        .   ~   ~   ~   .
        """,
        units={"H": HQ, "P": {"unit_class": "partisan", "partisan": True}},
    )
    [cut_off] = problems(title, "SETUP021")
    assert (cut_off.object_id, cut_off.hex, cut_off.severity) == ("A", (2, 1), Severity.WARNING)
    assert "the map edge" in cut_off.message


def test_a_unit_standing_in_a_minefield_is_cut_off() -> None:
    mined = {"overlays": {"minefields": [{"hex": [1, 0], "strength": 1, "side": "allied"}]}}
    title = ascii_title(".H  .A  .", units={"H": HQ}, scenario=mined)
    [cut_off] = problems(title, "SETUP021")
    assert cut_off.object_id == "A"
    assert "minefield that is not Penetrated" in cut_off.message
    mined["overlays"]["minefields"][0]["penetrated"] = True
    assert problems(ascii_title(".H  .A  .", units={"H": HQ}, scenario=mined), "SETUP021") == []


def test_a_supply_source_nobody_draws_from() -> None:
    title = sound_title(
        supply={
            "sources": [
                {"id": "west", "hex": [0, 1], "side": "allied", "value": 80},
                {"id": "spare", "hex": [0, 2], "side": "allied", "value": 50},
                {"id": "taken", "hex": [4, 2], "side": "allied", "value": 90},
                {"id": "east", "hex": [5, 2], "side": "axis", "value": 60},
            ]
        }
    )
    found = problems(title, "SETUP019")
    assert where(found) == [
        ("SETUP019", "spare", (0, 2)),
        ("SETUP019", "taken", (4, 2)),
    ]
    assert all(p.severity is Severity.INFO for p in found)
    assert "one at least as good serves them" in about(found, "spare").message
    assert "enemy unit 'b'" in about(found, "taken").message
    assert about(found, "taken").path == ("supply", "sources", 2)


# --- weather -----------------------------------------------------------------------------------


def _weather(first: date) -> WeatherFile:
    row = WeatherRow(
        date=first, normal=100, soft=0, mud=0, snow=0, frozen=0, visibility_min=1, visibility_max=3
    )
    return WeatherFile(format_version=2, name="late weather", rows=[row])


def test_programmed_weather_that_starts_after_the_scenario() -> None:
    late = ascii_title(
        ".A",
        header={"optional_rules": ["programmed_weather"]},
        weather=_weather(date(1944, 12, 20)),
    )
    [gap] = problems(late, "SETUP022")
    assert gap.path == ("files", "weather")
    on_time = ascii_title(
        ".A",
        header={"optional_rules": ["programmed_weather"]},
        weather=_weather(date(1944, 12, 16)),
    )
    assert problems(on_time, "SETUP022") == []


# --- half-built scenarios ----------------------------------------------------------------------


def test_half_built_scenarios_never_crash_the_check() -> None:
    title = ascii_title(
        ".A  .",
        units={"Z": {"hex": (9, 9)}, "W": {"hex": None}},
        scenario={
            "placements": [
                {"unit": "A", "hex": [0, 0]},
                {"unit": "ghost", "hex": [1, 0]},
                {"unit": "Z", "hex": [9, 9]},
            ],
            "reinforcements": [
                {"id": "nowhere", "turn": 2, "units": ["W"], "hex": [40, 40]},
                {"id": "phantoms", "turn": 2, "units": ["nobody"], "hex": [0, 0]},
            ],
            "objectives": [
                {"kind": "normal", "id": "far", "hex": [30, 30], "points": 5, "owner": "axis"},
                {"kind": "surrender", "id": "x", "hex": [1, 0], "points": 1, "nation": "xx"},
            ],
            "supply": {"sources": [{"id": "s", "hex": [50, 0], "side": "axis", "value": 50}]},
            "releases": [{"id": "r", "turn": 2, "organization": "no.such.org"}],
        },
    )
    found = problems(title)
    assert [p for p in found if p.code == "SETUP023"] == []
    assert {p.object_id for p in found} <= {"A", "us.div"}


def test_an_empty_scenario_has_nothing_to_report() -> None:
    assert problems(ascii_title(". .", scenario={"placements": []})) == []


def test_a_check_that_stops_is_reported_and_the_others_still_run(monkeypatch) -> None:
    def broken(context: object) -> list[Problem]:
        raise KeyError("surprise")

    monkeypatch.setattr(setup, "CHECKS", (broken, *setup.CHECKS))
    found = problems(ascii_title(". ~A"))
    assert found[0].code == "SETUP023"
    assert "SETUP001" in [p.code for p in found[1:]]
    assert "broken check stopped" in found[0].message


# --- files and the command line ----------------------------------------------------------------


def test_check_bundle_places_problems_in_the_scenario_file(tmp_path: Path) -> None:
    path = write_tiny_title(tmp_path / "tiny")
    assert check_bundle(load_scenario(path)) == []
    save_file(tiny_scenario().model_copy(update={"releases": []}), path)
    [stuck] = check_bundle(load_scenario(path))
    assert (stuck.code, stuck.file, stuck.object_id) == ("SETUP013", str(path), "us.1id.16ir.1")
    assert (
        "unit: us.1id.16ir.1, hex: [1, 2], fixed: true"
        in path.read_text().splitlines()[stuck.line - 1]
    )


def test_validate_runs_the_setup_checks_on_scenarios_without_errors(tmp_path: Path) -> None:
    path = write_tiny_title(tmp_path / "tiny")
    save_file(tiny_scenario().model_copy(update={"releases": []}), path)
    report = validate_paths([path.parents[1]])
    assert [p.code for p in report.problems] == ["SETUP013"]
    broken = validate_paths([SAMPLE_DATA / "broken" / "scenarios" / "off-map.scenario.yaml"])
    assert not any(p.code.startswith("SETUP") for p in broken.problems)


def test_exit_objectives_belong_on_the_map_edge_or_beside_water() -> None:
    exits = [
        {"kind": "exit", "id": id_, "hex": hex_, "points": 0, "owner": "allied"}
        for id_, hex_ in (("edge", [0, 1]), ("quay", [2, 1]), ("field", [1, 2]))
    ]
    title = ascii_title(
        """
        .A  .  .  .  .
        .   .  .  ~  .
        .   .  .  .  .
        .   .  .  .  .
        """,
        scenario={"objectives": exits},
    )
    assert where(problems(title, "SETUP025")) == [("SETUP025", "field", (1, 2))]

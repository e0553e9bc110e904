"""Reference and consistency checks beyond the one-edit broken files: placements through whole
organizations, OOB consistency, scenario settings a designer may get wrong."""

from __future__ import annotations

from schemas.panzer_campaigns.checks import (
    check_oob,
    check_scenario_header,
    check_scenario_references,
)
from schemas.panzer_campaigns.oob import AirProfile, Nation, Organization, OrgLevel, Unit, UnitClass
from schemas.panzer_campaigns.scenario import (
    Placement,
    Reinforcement,
    SupplyVariation,
    SurrenderObjective,
    Withdrawal,
)
from schemas.vocabulary import OptionalRule, Ruleset, Side
from tests.tiny_title import tiny_map, tiny_oob, tiny_parameters, tiny_scenario


def codes(problems) -> list[str]:
    return [p.code for p in problems]


def cross(scenario, oob=None):
    return check_scenario_references(scenario, tiny_map(), oob or tiny_oob(), tiny_parameters())


def test_the_tiny_title_passes_every_check() -> None:
    result = cross(tiny_scenario())
    assert result.scenario == []
    assert result.parameters == []
    assert check_scenario_header(tiny_scenario()) == []
    assert check_oob(tiny_oob()) == []


def test_a_unit_arriving_with_its_regiment_cannot_also_be_on_the_map() -> None:
    scenario = tiny_scenario()
    regiment = Reinforcement(id="regiment", turn=2, organizations=["us.1id.16ir"], hex=(0, 0))
    scenario = scenario.model_copy(update={"reinforcements": [*scenario.reinforcements, regiment]})
    problems = cross(scenario).scenario
    placed_twice = [p for p in problems if p.code == "PLACE001"]
    # 16ir.1 and 16ir.2 stand on the map; 16ir.3 only arrives.
    assert sorted(p.object_id for p in placed_twice) == ["us.1id.16ir.1", "us.1id.16ir.2"]
    assert all(p.path == ("reinforcements", 2, "organizations", 0) for p in placed_twice)


def test_withdrawing_a_placed_unit_is_not_a_second_placement() -> None:
    scenario = tiny_scenario()
    leave = Withdrawal(id="leave", turn=5, units=["us.1id.16ir.1"])
    scenario = scenario.model_copy(update={"withdrawals": [leave]})
    assert "PLACE001" not in codes(cross(scenario).scenario)


def test_unknown_nations_and_bad_hqs_in_the_oob() -> None:
    oob = tiny_oob()
    allied = oob.sides[0]
    stray = Unit(
        id="stray",
        name="Stray",
        unit_class=UnitClass.INFANTRY,
        strength=10,
        speed=4,
        nation="fr",
        command_range=3,
    )
    acting_hq = Unit(
        id="acting", name="Acting HQ", unit_class=UnitClass.INFANTRY, strength=10, speed=4
    )
    group = Organization(
        id="group", name="Group", level=OrgLevel.BRIGADE, hq="acting", children=[acting_hq, stray]
    )
    nation = allied.nations[0]
    nation = nation.model_copy(update={"organizations": [*nation.organizations, group]})
    oob = oob.model_copy(
        update={"sides": [allied.model_copy(update={"nations": [nation]}), oob.sides[1]]}
    )
    found = codes(check_oob(oob))
    assert "REF003" in found  # nation fr is not in the OOB
    assert "OOB001" in found  # the HQ is an infantry unit without command range
    assert "OOB002" in found  # a command range on a non-HQ


def test_air_units_go_to_air_setup_not_on_the_map() -> None:
    oob = tiny_oob()
    wing = Unit(
        id="p47",
        name="P-47 group",
        unit_class=UnitClass.AIR,
        strength=24,
        speed=0,
        air=AirProfile(),
    )
    allied = oob.sides[0]
    nation = allied.nations[0]
    nation = nation.model_copy(update={"organizations": [*nation.organizations, wing]})
    oob = oob.model_copy(
        update={"sides": [allied.model_copy(update={"nations": [nation]}), oob.sides[1]]}
    )
    scenario = tiny_scenario()
    placed = scenario.model_copy(
        update={"placements": [*scenario.placements, Placement(unit="p47", hex=(0, 0))]}
    )
    assert "PLACE002" in codes(cross(placed, oob).scenario)
    listed = scenario.model_copy(
        update={"air": scenario.air.model_copy(update={"units": ["p47", "us.1id.16ir.3"]})}
    )
    problems = cross(listed, oob).scenario
    assert [(p.code, p.object_id) for p in problems] == [("REF005", "us.1id.16ir.3")]


def test_surrender_objectives_need_a_nation_that_may_surrender() -> None:
    oob = tiny_oob()
    axis = oob.sides[1]
    stubborn = axis.nations[0].model_copy(update={"may_surrender": False})
    oob = oob.model_copy(
        update={"sides": [oob.sides[0], axis.model_copy(update={"nations": [stubborn]})]}
    )
    scenario = tiny_scenario()
    surrender = SurrenderObjective(
        id="capital", hex=(5, 4), points=500, owner=Side.AXIS, nation="de"
    )
    scenario = scenario.model_copy(update={"objectives": [*scenario.objectives, surrender]})
    assert [p.code for p in cross(scenario, oob).scenario] == ["REF005"]
    unknown = surrender.model_copy(update={"nation": "it"})
    scenario = scenario.model_copy(update={"objectives": [unknown]})
    assert [p.code for p in cross(scenario).scenario] == ["REF003"]


def test_a_nation_whose_surrender_objectives_all_start_in_enemy_hands() -> None:
    scenario = tiny_scenario()
    held = [
        SurrenderObjective(id="a", hex=(5, 4), points=100, owner=Side.AXIS, nation="de"),
        SurrenderObjective(id="b", hex=(4, 4), points=100, owner=Side.ALLIED, nation="de"),
    ]
    assert cross(scenario.model_copy(update={"objectives": held})).scenario == []
    lost = [o.model_copy(update={"owner": Side.ALLIED}) for o in held]
    problems = cross(scenario.model_copy(update={"objectives": lost})).scenario
    assert [(p.code, p.path) for p in problems] == [("REF005", ("objectives", 0, "owner"))]
    assert "surrenders at the end of the first player turn" in problems[0].message


def test_panzer_battles_scenarios_warn_about_campaign_only_rules() -> None:
    scenario = tiny_scenario()
    header = scenario.header.model_copy(
        update={
            "ruleset": Ruleset.PANZER_BATTLES,
            "optional_rules": [OptionalRule.PROGRAMMED_WEATHER, OptionalRule.LOCKING_ZOC],
        }
    )
    problems = check_scenario_header(scenario.model_copy(update={"header": header}))
    assert [(p.code, p.path) for p in problems] == [("SCN005", ("header", "optional_rules", 1))]


def test_events_after_the_last_turn_and_empty_events_are_flagged() -> None:
    scenario = tiny_scenario()
    late = Reinforcement(id="late", turn=40, units=["us.1id.16ir.3"], hex=(0, 0))
    empty = Withdrawal(id="nobody", turn=3)
    scenario = scenario.model_copy(update={"reinforcements": [late], "withdrawals": [empty]})
    found = codes(check_scenario_header(scenario))
    assert "SCN006" in found
    assert "SCN010" in found


def test_rail_capacity_variations_may_exceed_a_hundred_but_supply_ones_may_not() -> None:
    scenario = tiny_scenario()
    rail = SupplyVariation(
        id="rail", side=Side.AXIS, value=-500, probability=20, rail_capacity=True
    )
    supply = SupplyVariation(id="supply", side=Side.AXIS, value=-500, probability=20)
    problems = check_scenario_header(
        scenario.model_copy(
            update={"supply": scenario.supply.model_copy(update={"variations": [rail, supply]})}
        )
    )
    assert [(p.code, p.object_id) for p in problems] == [("SCHEMA004", "supply")]


def test_a_neutral_objective_is_a_note_not_an_error() -> None:
    scenario = tiny_scenario()
    neutral = scenario.objectives[0].model_copy(update={"owner": None})
    problems = check_scenario_header(scenario.model_copy(update={"objectives": [neutral]}))
    assert [(p.code, p.severity.value) for p in problems] == [("SCN009", "info")]


def test_fatigue_above_the_panzer_battles_maximum() -> None:
    scenario = tiny_scenario()
    header = scenario.header.model_copy(
        update={"ruleset": Ruleset.PANZER_BATTLES, "optional_rules": []}
    )
    tired = Placement(unit="us.1id.16ir.3", hex=(0, 1), fatigue=200)
    scenario = scenario.model_copy(
        update={"header": header, "placements": [*scenario.placements, tired]}
    )
    problems = cross(scenario).scenario
    assert [(p.code, p.object_id) for p in problems] == [("PLACE002", "us.1id.16ir.3")]
    assert "150" in problems[0].message


def test_nation_fixture_has_defaults_that_allow_surrender() -> None:
    assert Nation(id="x", name="X").may_surrender is True


def test_elevations_must_be_whole_metres() -> None:
    from schemas.panzer_campaigns.checks import check_map
    from tests.tiny_title import tiny_map

    for row, ok in (
        ("100 100 120 120 100 100", True),
        ("-5 0 120 120 100 100", True),
        ("100 1o0 120 120 100 100", False),
        ("100 100 12.5 120 100 100", False),
        ("100 100 120 120 100 -", False),
    ):
        elevations = ["100 100 120 120 100 100"] * 4 + [row]
        problems = check_map(tiny_map().model_copy(update={"elevation_rows": elevations}))
        assert ([p.code for p in problems] == []) is ok, row
        assert ok or problems[0].path == ("elevation_rows", 4)


def test_a_combined_counter_may_start_up_to_the_strength_of_all_its_companies() -> None:
    scenario = tiny_scenario()
    others = [p for p in scenario.placements if p.unit != "us.1id.16ir.2"]
    combined = Placement(unit="us.1id.16ir.3", hex=(0, 1), combined_with=["us.1id.16ir.2"])
    for strength, found in ((1200, []), (1201, [("PLACE002", "us.1id.16ir.3")])):
        placement = combined.model_copy(update={"strength": strength})  # 600 + 600 [000 4.9]
        placed = scenario.model_copy(update={"placements": [*others, placement]})
        problems = cross(placed).scenario
        assert [(p.code, p.object_id) for p in problems] == found
        assert all("full strength 1200" in p.message for p in problems)

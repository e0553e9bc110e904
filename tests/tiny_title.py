"""A tiny but complete title built in code: a 6x5 map, a two-sided OOB, parameters, weather and
one scenario using every scheduled element, for tests that need a valid title to start from.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from schemas.io import save_file
from schemas.panzer_campaigns.map import Crossing, HexsideFeature, MapFile, PlaceName, TerrainType
from schemas.panzer_campaigns.oob import (
    Nation,
    OobFile,
    Organization,
    OrgLevel,
    SideOob,
    Unit,
    UnitClass,
)
from schemas.panzer_campaigns.parameters import (
    Air,
    Combat,
    Deception,
    Engineering,
    Fortification,
    Fortifications,
    MovementCosts,
    ParameterFile,
    Recovery,
    Spotting,
    Stacking,
    Supply,
)
from schemas.panzer_campaigns.scenario import (
    ExitObjective,
    Header,
    LimitedObjective,
    NormalObjective,
    PhasePeriod,
    Placement,
    Reinforcement,
    Release,
    ScenarioFile,
    SupplySource,
    SupplyVariation,
    TitleFiles,
    Victory,
    VictoryLevels,
    Withdrawal,
)
from schemas.panzer_campaigns.scenario import Supply as ScenarioSupply
from schemas.panzer_campaigns.weather import WeatherFile, WeatherRow
from schemas.vocabulary import (
    Condition,
    ConnectionKind,
    CrossingKind,
    Direction,
    HexsideKind,
    MovementClass,
    OptionalRule,
    PerSide,
    PerSidePercent,
    Ruleset,
    Side,
)

ALL_CLASSES = (MovementClass.FOOT, MovementClass.MOTORIZED, MovementClass.TRACKED)


def tiny_map() -> MapFile:
    """A 6x5 map: clear, forest and a village, a river with a bridge, one road."""
    return MapFile(
        format_version=2,
        name="Tiny",
        width=6,
        height=5,
        terrain=[
            TerrainType(id="clear", code=".", name="Clear", color="#d8d8a8"),
            TerrainType(
                id="forest",
                code="f",
                name="Forest",
                defense_modifier=-20,
                blocks_los=True,
                glider_hazard=True,
                color="#5a8a4a",
            ),
            TerrainType(
                id="village",
                code="v",
                name="Village",
                defense_modifier=-20,
                urban=True,
                blocks_los=True,
                color="#a08870",
            ),
        ],
        terrain_rows=["..f...", ".ff...", "..v...", "......", "...ff."],
        elevation_rows=["100 100 120 120 100 100"] * 5,
        connections={
            # Down column 3 over the bridge, with a spur from [0, 2] up right to [1, 1].
            ConnectionKind.PRIMARY_ROAD: ["......", "...1..", "2..1..", "...1..", "......"]
        },
        hexsides=[HexsideFeature(hex=(3, 1), side=Direction.DOWN, kind=HexsideKind.RIVER)],
        crossings=[Crossing(hex=(3, 1), side=Direction.DOWN, kind=CrossingKind.HEAVY_BRIDGE)],
        places=[PlaceName(hex=(2, 2), name="Dorf")],
    )


def _costs(value: int) -> dict[MovementClass, int]:
    return dict.fromkeys(ALL_CLASSES, value)


def tiny_parameters() -> ParameterFile:
    """Parameter data covering every terrain, hexside, road and class of the tiny title."""
    both = PerSide(allied=1000, axis=1000)
    pct = PerSidePercent(allied=50, axis=50)
    return ParameterFile(
        format_version=2,
        name="Tiny parameters",
        movement=MovementCosts(
            terrain={"clear": _costs(2), "forest": _costs(4), "village": _costs(2)},
            hexsides={HexsideKind.RIVER: _costs(-1)},
            connections={ConnectionKind.PRIMARY_ROAD: _costs(1)},
            condition_modifiers={Condition.MUD: _costs(200)},
        ),
        stacking=Stacking(
            max_stacking=both, road_stacking=both, towed_guns=PerSide(allied=2, axis=2)
        ),
        combat=Combat(
            indirect_modifier=pct,
            low_combat_value=50,
            high_combat_value=250,
            counterbattery=PerSide(allied=100, axis=100),
            artillery_setup=pct,
            stockpiling=pct,
        ),
        fortifications=Fortifications(
            improved_position=Fortification(fire_modifier=-10),
            trench=Fortification(fire_modifier=-20),
            bunker=Fortification(fire_modifier=-30, defense_bonus=10),
            pillbox=Fortification(fire_modifier=-40, defense_bonus=20),
            dig_in=pct,
            bunker_building=pct,
        ),
        engineering=Engineering(
            mine_laying=pct,
            bridge_building=pct,
            pontoon_bridge_turns=PerSide(allied=4, axis=4),
            wired_bridge=pct,
            light_bridge_defense=5,
            medium_bridge_defense=10,
            heavy_bridge_defense=20,
        ),
        supply=Supply(rail_capacity=both, refuel=30),
        air=Air(availability=pct, interception=pct, interdiction=pct),
        deception=Deception(
            range=PerSide(allied=3, axis=3),
            radius=PerSide(allied=3, axis=3),
            effect=pct,
            damage=pct,
            detect=pct,
        ),
        spotting=Spotting(dust_spotting=pct),
        recovery=Recovery(rest=20, unit_recovery=pct, frozen_penalty=pct),
    )


def _unit(unit_id: str, name: str, **fields: object) -> Unit:
    base: dict[str, object] = {
        "unit_class": UnitClass.INFANTRY,
        "strength": 600,
        "speed": 6,
        "soft_attack": 8,
        "soft_range": 1,
        "assault": 10,
        "defense": 8,
    }
    base.update(fields)
    return Unit(id=unit_id, name=name, **base)  # type: ignore[arg-type]


def tiny_oob() -> OobFile:
    """Two nations, each with a division HQ, a regiment and a few battalions."""
    us = Organization(
        id="us.1id",
        name="1st Infantry Division",
        level=OrgLevel.DIVISION,
        hq="us.1id.hq",
        children=[
            _unit(
                "us.1id.hq",
                "1st ID HQ",
                unit_class=UnitClass.HEADQUARTERS,
                command_range=8,
                strength=100,
                movement_class=MovementClass.MOTORIZED,
                speed=12,
            ),
            Organization(
                id="us.1id.16ir",
                name="16th Infantry Regiment",
                level=OrgLevel.REGIMENT,
                children=[
                    _unit("us.1id.16ir.1", "1/16 Inf"),
                    _unit("us.1id.16ir.2", "2/16 Inf"),
                    _unit("us.1id.16ir.3", "3/16 Inf"),
                ],
            ),
            _unit(
                "us.1id.745tb",
                "745th Tank Bn",
                unit_class=UnitClass.ARMOR,
                strength=50,
                component="vehicles",
                movement_class=MovementClass.TRACKED,
                speed=14,
                hard_attack=20,
                hard_range=1,
                hard_target=True,
            ),
        ],
    )
    de = Organization(
        id="de.12vgd",
        name="12. Volksgrenadier-Division",
        level=OrgLevel.DIVISION,
        hq="de.12vgd.hq",
        children=[
            _unit(
                "de.12vgd.hq",
                "12. VGD Stab",
                unit_class=UnitClass.HEADQUARTERS,
                command_range=7,
                strength=80,
            ),
            Organization(
                id="de.12vgd.48",
                name="Gren.Rgt. 48",
                level=OrgLevel.REGIMENT,
                children=[
                    _unit("de.12vgd.48.1", "I./GR 48", strength=500),
                    _unit("de.12vgd.48.2", "II./GR 48", strength=480),
                ],
            ),
        ],
    )
    return OobFile(
        format_version=2,
        name="Tiny OOB",
        sides=[
            SideOob(
                side=Side.ALLIED,
                nations=[Nation(id="us", name="United States", organizations=[us])],
            ),
            SideOob(side=Side.AXIS, nations=[Nation(id="de", name="Germany", organizations=[de])]),
        ],
    )


def tiny_weather() -> WeatherFile:
    """The first two rows of the manual's Weather.dat example [000 11.0]."""
    return WeatherFile(
        format_version=2,
        name="Tiny weather",
        rows=[
            WeatherRow(
                date=date(1944, 12, 16),
                normal=0,
                soft=100,
                mud=0,
                snow=0,
                frozen=0,
                visibility_min=2,
                visibility_max=3,
                storm=0,
            ),
            WeatherRow(
                date=date(1944, 12, 18),
                normal=0,
                soft=80,
                mud=0,
                snow=20,
                frozen=0,
                visibility_min=3,
                visibility_max=4,
                storm=30,
            ),
        ],
    )


def tiny_scenario() -> ScenarioFile:
    """A scenario using every kind of scheduled element."""
    return ScenarioFile(
        format_version=3,
        header=Header(
            title="Tiny battle",
            description="A test scenario.\nSecond line of the briefing.",
            ruleset=Ruleset.PANZER_CAMPAIGNS,
            start=datetime(1944, 12, 16, 8, 0),
            turns=12,
            first_side=Side.AXIS,
            day_schedule=[
                PhasePeriod(phase="dawn", start=6 * 60),
                PhasePeriod(phase="day", start=8 * 60),
                PhasePeriod(phase="dusk", start=16 * 60),
                PhasePeriod(phase="night", start=18 * 60, turn_minutes=360),
            ],
            visibility=3,
            visibility_min=1,
            visibility_max=4,
            conditions=Condition.SOFT,
            conditions_allowed=[Condition.NORMAL, Condition.SOFT, Condition.MUD],
            global_supply=PerSidePercent(allied=80, axis=60),
            optional_rules=[OptionalRule.PROGRAMMED_WEATHER],
            victory=Victory(
                levels=VictoryLevels(
                    major_allied=300, minor_allied=100, minor_axis=-100, major_axis=-300
                )
            ),
        ),
        files=TitleFiles(
            map="../tiny.map.yaml",
            oob="../tiny.oob.yaml",
            parameters="../tiny.pdt.yaml",
            weather="../tiny.weather.yaml",
        ),
        placements=[
            Placement(unit="us.1id.hq", hex=(1, 3)),
            Placement(unit="us.1id.16ir.1", hex=(1, 2), fixed=True),
            Placement(unit="us.1id.16ir.2", hex=(2, 2), strength=550, fatigue=40),
            Placement(unit="de.12vgd.hq", hex=(5, 0)),
            Placement(unit="de.12vgd.48.1", hex=(4, 1), facing=Direction.DOWN_LEFT),
        ],
        objectives=[
            NormalObjective(id="dorf", hex=(2, 2), points=100, owner=Side.ALLIED),
            LimitedObjective(id="crossing", hex=(3, 2), points=50, owner=Side.ALLIED, last_turn=6),
            ExitObjective(id="west-exit", hex=(0, 4), points=0, owner=Side.AXIS),
        ],
        reinforcements=[
            Reinforcement(id="tanks", turn=3, units=["us.1id.745tb"], hex=(0, 3), protection=2),
            Reinforcement(
                id="second-bn",
                at=datetime(1944, 12, 16, 12, 0),
                units=["de.12vgd.48.2"],
                hex=(5, 1),
            ),
        ],
        withdrawals=[Withdrawal(id="hq-leaves", turn=10, units=["de.12vgd.hq"])],
        releases=[Release(id="regiment-free", turn=2, organization="us.1id.16ir", on_spotted=True)],
        supply=ScenarioSupply(
            sources=[
                SupplySource(id="west", hex=(0, 2), side=Side.ALLIED, value=80),
                SupplySource(id="east", hex=(5, 2), side=Side.AXIS, value=60),
            ],
            variations=[SupplyVariation(id="storm-cut", side=Side.AXIS, value=-20, probability=0)],
        ),
    )


def write_tiny_title(folder: Path) -> Path:
    """Write the tiny title into `folder`; return the scenario's path."""
    (folder / "scenarios").mkdir(parents=True, exist_ok=True)
    save_file(tiny_map(), folder / "tiny.map.yaml")
    save_file(tiny_oob(), folder / "tiny.oob.yaml")
    save_file(tiny_parameters(), folder / "tiny.pdt.yaml")
    save_file(tiny_weather(), folder / "tiny.weather.yaml")
    scenario = folder / "scenarios" / "tiny.scenario.yaml"
    save_file(tiny_scenario(), scenario)
    return scenario

"""Builds the Stoumont parameter data (movement costs, stacking, combat and the rest, at the
Panzer Battles scale) and its programmed weather.
"""

from __future__ import annotations

from schemas.panzer_campaigns.parameters import (
    Air,
    Combat,
    Deception,
    Engineering,
    Fortification,
    Fortifications,
    MovementCosts,
    Obstacles,
    ParameterFile,
    Recovery,
    Spotting,
    Stacking,
    Supply,
)
from schemas.panzer_campaigns.weather import WeatherFile, WeatherRow
from schemas.vocabulary import ConnectionKind, HexsideKind, MovementClass, PerSide, PerSidePercent

F, H, T, M = (
    MovementClass.FOOT,
    MovementClass.HALFTRACK,
    MovementClass.TRACKED,
    MovementClass.MOTORIZED,
)


def costs(foot: int, halftrack: int, tracked: int, motorized: int) -> dict[MovementClass, int]:
    return {F: foot, H: halftrack, T: tracked, M: motorized}


def build_parameters() -> ParameterFile:
    both = PerSidePercent
    return ParameterFile(
        format_version=2,
        name="Stoumont 1944 (Panzer Battles scale)",
        description=PARAMETERS_DESCRIPTION,
        movement=MovementCosts(
            terrain={
                "clear": costs(2, 3, 3, 4),
                "field": costs(2, 4, 3, 6),
                "orchard": costs(2, 5, 4, 8),
                "forest": costs(3, 10, 8, -1),
                "rough": costs(4, 10, 8, -1),
                "village": costs(2, 3, 3, 3),
                "building": costs(3, 8, 8, 8),
            },
            hexsides={
                HexsideKind.RIVER: costs(8, -1, -1, -1),
                HexsideKind.STREAM: costs(2, 6, 4, -1),
                HexsideKind.HEDGEROW: costs(1, 4, 3, -1),
            },
            connections={
                ConnectionKind.PRIMARY_ROAD: costs(1, 1, 1, 1),
                ConnectionKind.SECONDARY_ROAD: costs(1, 1, 1, 1),
                ConnectionKind.TRAIL: costs(1, 2, 2, 3),
                ConnectionKind.RAILROAD: costs(2, 4, 3, 6),
            },
            elevation_per_100m=2,
            ford=4,
            zoc_multiplier=2.0,
            condition_modifiers={
                "normal": costs(100, 100, 100, 100),
                "soft": costs(120, 150, 130, 200),
                "mud": costs(150, 200, 200, 300),
                "snow": costs(150, 150, 150, 200),
                "frozen": costs(100, 100, 100, 120),
            },
            night_disruption=5,
            vehicle_breakdown=1.0,
        ),
        stacking=Stacking(
            max_stacking=PerSide(allied=700, axis=700),
            road_stacking=PerSide(allied=250, axis=250),
            towed_guns=PerSide(allied=2, axis=2),
            ships_per_hex=4,
        ),
        combat=Combat(
            quality_fire_modifier=2.5,
            range_effect=1.5,
            elevation_modifier=-10,
            artillery_hard_target=2.0,
            artillery_hard_target_range=4,
            indirect_modifier=both(allied=50, axis=50),
            infantry_effectiveness_men=70,
            infantry_effectiveness_fire=90,
            low_combat_value=50,
            high_combat_value=250,
            counterbattery=PerSide(allied=100, axis=100),
            artillery_setup=both(allied=60, axis=50),
            stockpiling=both(allied=0, axis=0),
            stockpiled_fire=150,
            rubble=10,
            stack_fire_max=2.0,
            hexside_modifiers={
                HexsideKind.RIVER: -25,
                HexsideKind.STREAM: -10,
                HexsideKind.HEDGEROW: -20,
            },
            indirect_fire_hex_limit=1.5,
        ),
        fortifications=Fortifications(
            improved_position=Fortification(fire_modifier=-15),
            trench=Fortification(fire_modifier=-25),
            bunker=Fortification(fire_modifier=-40, defense_bonus=8),
            pillbox=Fortification(fire_modifier=-50, defense_bonus=16),
            dig_in=both(allied=20, axis=20),
            bunker_building=both(allied=5, axis=5),
        ),
        engineering=Engineering(
            mine_laying=both(allied=15, axis=15),
            bridge_building=both(allied=10, axis=10),
            pontoon_bridge_turns=PerSide(allied=6, axis=6),
            wired_bridge=both(allied=70, axis=60),
            light_bridge_defense=5,
            medium_bridge_defense=15,
            heavy_bridge_defense=30,
        ),
        obstacles=Obstacles(congestion_side="both", congestion_expiration=0),
        supply=Supply(rail_capacity=PerSide(allied=0, axis=0), refuel=30),
        air=Air(
            availability=both(allied=25, axis=10),
            interception=both(allied=0, axis=20),
            interdiction=both(allied=0, axis=15),
            strike_hex_limit=8,
            low_visibility_reduction={1: 100, 2: 60, 3: 30},
        ),
        deception=Deception(
            range=PerSide(allied=2, axis=2),
            radius=PerSide(allied=2, axis=2),
            effect=both(allied=10, axis=10),
            damage=both(allied=10, axis=10),
            detect=both(allied=20, axis=20),
        ),
        spotting=Spotting(dust_spotting=both(allied=0, axis=0)),
        recovery=Recovery(
            rest=5,
            unit_recovery=both(allied=0, axis=0),
            frozen_penalty=both(allied=10, axis=10),
        ),
    )


PARAMETERS_DESCRIPTION = """\
Sample parameter data at the Panzer Battles scale (250 m hexes, 30-minute turns) for the
Stoumont title. The values the Panzer Battles manual states are used as stated: quality fire
modifier 2.5, range effect 1.5, artillery hard-target modifier out to 4 hexes, no stockpiling
during play and no strength recovery. Everything else is a designer's estimate for a sample.
Movement costs cover every terrain, hexside and road class on the map and every movement class
in the order of battle (-1 = cannot enter or cross). Rail capacity is 0 because the line through
the valley was cut on both sides. Dust spotting is 0 in the wet December weather. Some fields
are equal to the file format's defaults (infantry effectiveness 70/90, congestion on both sides
with no expiry, 4 ships per hex), so they are left out when the file is written.
"""


# --- weather -----------------------------------------------------------------------------------


WEATHER_ROWS = [
    # date, soft, mud, snow, frozen (normal is the rest), visibility min, max, storm %
    ("1944-12-16", 70, 30, 0, 0, 1, 4, 10),
    ("1944-12-19", 60, 30, 0, 10, 1, 3, 10),
    ("1944-12-22", 20, 10, 40, 30, 1, 4, 20),
    ("1944-12-23", 0, 0, 30, 70, 4, 8, 0),
]


def build_weather() -> WeatherFile:
    rows = [
        WeatherRow(
            date=day,
            normal=100 - soft - mud - snow - frozen,
            soft=soft,
            mud=mud,
            snow=snow,
            frozen=frozen,
            visibility_min=low,
            visibility_max=high,
            storm=storm,
        )
        for day, soft, mud, snow, frozen, low, high, storm in WEATHER_ROWS
    ]
    return WeatherFile(
        format_version=2,
        name="Amblève valley, December 1944",
        description=WEATHER_DESCRIPTION,
        rows=rows,
    )


WEATHER_DESCRIPTION = """\
Programmed weather for the Stoumont title, in the rows of the manual's Weather.dat. It follows
the broad pattern of the published accounts: thaw, fog and low cloud from 16 December (Cole
writes of heavy fog at Stoumont on 19 and 20 December and ground haze at Cheneux), snow from
the 22nd, and the cold, clear high pressure from 23 December. Visibility is in 250 m hexes.
The percentages are estimates for a sample, not meteorological records.
"""

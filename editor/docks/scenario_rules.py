"""What each optional rule is called and does, for the check boxes of the Scenario dock.

The names follow the manuals; the effects summarise the data-model digest of the Panzer
Campaigns manual [000] and the Panzer Battles manual [001 2.2].
"""

from __future__ import annotations

from schemas.vocabulary import OptionalRule, Ruleset

RULESET_NAMES = {
    Ruleset.PANZER_CAMPAIGNS: "Panzer Campaigns",
    Ruleset.PANZER_BATTLES: "Panzer Battles",
}

RULESET_DESCRIPTIONS = {
    Ruleset.PANZER_CAMPAIGNS: "1 km hexes, 2-hour turns, battalions, fatigue 0-300.",
    Ruleset.PANZER_BATTLES: "250 m hexes, 30-minute turns, companies and platoons, fatigue 0-150.",
}
"""After the `Ruleset` docstring [001 "Differences with Panzer Campaigns"]."""

OPTIONAL_RULE_LABELS: dict[OptionalRule, str] = {
    OptionalRule.LOCKING_ZOC: "Locking zones of control",
    OptionalRule.AMPHIBIOUS: "Amphibious",
    OptionalRule.EXTENDED_PATROLLING: "Extended patrolling",
    OptionalRule.RECON_SPOTTING: "Recon spotting",
    OptionalRule.SURRENDER: "Surrender",
    OptionalRule.INDIRECT_FIRE_BY_THE_MAP: "Indirect fire by the map",
    OptionalRule.MANUAL_DEFENSIVE_FIRE: "Manual defensive fire",
    OptionalRule.AUTOMATIC_DEFENSIVE_FIRE: "Automatic defensive fire",
    OptionalRule.COUNTERBATTERY_FIRE: "Counterbattery fire",
    OptionalRule.ARTILLERY_SETUP: "Artillery setup",
    OptionalRule.ALTERNATE_ASSAULT: "Alternate assault",
    OptionalRule.LOW_VISIBILITY_AIR_EFFECTS: "Low visibility air effects",
    OptionalRule.NIGHT_FATIGUE: "Night fatigue",
    OptionalRule.QUALITY_FATIGUE_MODIFIER: "Quality fatigue modifier",
    OptionalRule.VIRTUAL_SUPPLY_TRUCKS: "Virtual supply trucks",
    OptionalRule.EXPLICIT_SUPPLY: "Explicit supply",
    OptionalRule.PROGRAMMED_WEATHER: "Programmed weather",
    OptionalRule.ALTERNATIVE_FIRE_CALCULATION: "Alternative fire calculation",
    OptionalRule.ALTERNATIVE_MELEE_CALCULATION: "Alternative melee calculation",
}

OPTIONAL_RULE_DESCRIPTIONS: dict[OptionalRule, str] = {
    OptionalRule.LOCKING_ZOC: (
        "A unit may not move from one enemy zone of control hex directly into another "
        "[000 3.3, 4.4]."
    ),
    OptionalRule.AMPHIBIOUS: (
        "Amphibious units may enter or leave a full water hex, from a non-water hex, for their "
        "entire movement allowance [000 4.2]."
    ),
    OptionalRule.EXTENDED_PATROLLING: (
        "Patrols also reveal deployed deception units, not only partisans [000 4.2, 4.3]."
    ),
    OptionalRule.RECON_SPOTTING: (
        "A recon unit spends 1/3 of its movement points to spot concealed units up to "
        "visibility + 1 hexes away [000 4.8]; standard in Panzer Battles."
    ),
    OptionalRule.SURRENDER: "Broken units that cannot retreat are eliminated [000 5.1, 6.3].",
    OptionalRule.INDIRECT_FIRE_BY_THE_MAP: (
        "Indirect fire at a hex no friendly unit has spotted is at 1/4 value [000 5.2]."
    ),
    OptionalRule.MANUAL_DEFENSIVE_FIRE: (
        "Phased play: eight phases a turn, the defender fires in the enemy's turn, and "
        "movement allowances are 2/3 [000 4.1, 5.2, 13.3]."
    ),
    OptionalRule.AUTOMATIC_DEFENSIVE_FIRE: (
        "The computer conducts the defensive fire phase; goes with manual defensive fire "
        "[000 13.3]."
    ),
    OptionalRule.COUNTERBATTERY_FIRE: (
        "An unspotted artillery unit that fires may become spotted, more likely the closer "
        "the enemy [000 5.4]."
    ),
    OptionalRule.ARTILLERY_SETUP: (
        "Indirect-fire artillery that moved must set up before it fires; the chance per turn "
        "is a parameter, halved for siege guns [000 5.4, 10.3]."
    ),
    OptionalRule.ALTERNATE_ASSAULT: "Assaults use the range-0 hard attack values [000 6.2].",
    OptionalRule.LOW_VISIBILITY_AIR_EFFECTS: (
        "Low visibility reduces air unit availability, by amounts in the parameter data [000 8.3]."
    ),
    OptionalRule.NIGHT_FATIGUE: (
        "Units that move, fire or assault in a night turn gain up to 4x the rest value in "
        "fatigue (the test-play's stand-in: the manual gives no details) [000 9.3]."
    ),
    OptionalRule.QUALITY_FATIGUE_MODIFIER: (
        "Fatigue gains scale with quality, from x1/2 for A to x2 for F [000 9.3]."
    ),
    OptionalRule.VIRTUAL_SUPPLY_TRUCKS: (
        "Local supply drops by 0.02 x the movement cost from the supply source [000 10.4]."
    ),
    OptionalRule.EXPLICIT_SUPPLY: ("Supply units resupply the units around them [000 4.9, 10.4]."),
    OptionalRule.PROGRAMMED_WEATHER: (
        "The daily weather comes from the title's weather file instead of the scenario's "
        "ranges [000 11.0]; the scenario must name a weather file."
    ),
    OptionalRule.ALTERNATIVE_FIRE_CALCULATION: (
        "Fire casualties are the average of two default draws [000 12.0]."
    ),
    OptionalRule.ALTERNATIVE_MELEE_CALCULATION: (
        "Assault casualties are the average of two default draws [000 12.0]."
    ),
}

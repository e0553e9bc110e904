"""Where the Panzer Campaigns and Panzer Battles rules differ, as data: one profile per ruleset
that the movement, zone-of-control and supply code read instead of branching on the game.

>>> profile_of(Ruleset.PANZER_BATTLES).penetration
False
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.panzer_campaigns.combat.kinds import CombatKind
from schemas.panzer_campaigns.oob import UnitSize
from schemas.vocabulary import FATIGUE_MAX_BY_RULESET, Ruleset


@dataclass(frozen=True, slots=True)
class RulesetProfile:
    """The rules that change with the game's scale."""

    ruleset: Ruleset
    fatigue_max: int
    """Highest fatigue: 300 PzC [000 9.3], 150 PB [001 "Fatigue Levels"]."""
    penetration: bool
    """Minefields and obstacles become Penetrated once entered [000 4.4]; PB has no such state
    [001 #5]: an obstacle always costs the whole allowance and a minefield always blocks."""
    towed_at_and_heavy_aa_without_zoc: bool
    """Towed anti-tank and towed heavy AA guns exert no ZOC [000 3.3]; PB does not list them
    among the exceptions [001 1.2], so there they do."""
    irregulars_without_zoc: bool
    """Irregulars exert no ZOC [000 4.2]; PB has no irregular units [001 1.2]."""
    forced_bridge_movement: bool
    """Forced Bridge Movement exists [000 4.5]; PB does not mention it [001 1.2]."""
    concealment_by_height: bool
    """Concealment comes from the cover height of the unit's own hex: 1 m conceals infantry and
    guns, 2 m all units [001 "Concealment"]; in PzC from any hex that is not clear [000 4.8]."""
    concealed_without_zoc: bool
    """Concealed units exert no ZOC [001 1.2]; PzC has no such exception [000 3.3]."""
    recon_spotting_standard: bool
    """Recon Spotting is a standard rule [001 #13]; in PzC an optional rule [000 4.8]."""
    wrecks_blocking_sight: int | None
    """A hex with more wrecks than this blocks line of sight [001 #14]; PzC has no wrecks."""
    large_echelon: UnitSize = UnitSize.BATTALION
    """The echelon whose units (and combined units of 3 or more) have fatigue factor 2 and
    morale-check base 15: PzC battalions [000 9.3, 12.0], PB companies [001 4.5, 4.7]."""
    alternative_calculation: frozenset[CombatKind] | None = None
    """Combat kinds always resolved with the Alternative Calculation (the average of two
    draws), or None when the optional rules decide [000 12.0]. PB: indirect fire always, direct
    fire and assault never [001 #2]."""
    fatigue_gain_from_zero: bool = True
    """Whether fatigue gained from a loss starts at 0 ([000 9.3] "from 0 up to the factor times
    the loss value") rather than at the loss ([000 12.0] "between the casualty value and a
    fatigue factor times the casualty value"); see
    `engine.panzer_campaigns.combat.fatigue.fatigue_gain_range`."""
    broken_needs_maximum_fatigue: bool = False
    """Whether a Disrupted unit failing a morale check becomes Broken only at Maximum Fatigue
    (the literal [000 9.2]) rather than always ([000 9.0]); see
    `engine.panzer_campaigns.combat.morale.fail_morale_check`."""
    phased_play: bool = True
    """The Manual Defensive Fire optional rule plays the turn in phases [000 13.3]; PB has "No
    phased play, only turn-based play" [001 "Main differences"]."""
    loss_recovery: bool = True
    """Unit loss recovery and replacements exist [000 12.0]; PB has "No strength recovery"
    [001 #15]."""
    overrun_assault_zero: bool = False
    """Defenders whose Assault values are all 0 are overrun for the movement cost only
    [001 #22]; in PzC they are assaulted like any other (at assault value 0) [000 6.3]."""
    hedgerow_assault: bool = False
    """Vehicles assaulting across a Hedge Row hexside have half assault and defense [001 #12];
    PzC has no such hexside rule."""
    bocage_assault: bool = True
    """Vehicles assaulting into a Bocage hex have their defense halved ("Special Bocage
    Rule" [000 6.2]); PB models hedgerows as hexsides instead [001 #12]."""
    carrying: bool = False
    """Transport units carry men or guns, Naval units men, guns or vehicles, other vehicles
    external foot riders [001 "Carry/Uncarry", #21] (`engine.panzer_campaigns.carrying`); PzC has no
    Transport
    type [000 4.2]."""
    hedgerow_vulnerable: bool = False
    """Vehicles crossing a Hedge Row hexside, or assaulting across one successfully, become
    Vulnerable with half defense [001 "Hedge Row Rules"] (`engine.panzer_campaigns.hedgerow`)."""
    intel_markers: bool = False
    """Each side keeps markers of enemy positions it saw last [001 1.1 #31]
    (`engine.panzer_campaigns.intel`);
    the Panzer Campaigns manual has none."""
    op_fire_settings: bool = False
    """Each side limits its opportunity fire by firing-unit type and target type to None,
    Short, Medium or Long range [001 "Opportunity Fire"]
    (`engine.panzer_campaigns.play_options.OpFireRange`);
    the Panzer Campaigns manual has no such dialog, so there every unit fires at full range."""
    air_mission_delay: bool = False
    """Air missions are called in one player turn and fly at the start of the side's next
    [001 #32, "Air Strikes"] (`engine.panzer_campaigns.air.missions`); in PzC they fly at once [000
    8.1]."""
    isolated_fire_low_ammo: bool = True
    """A non-artillery unit that fires while Isolated becomes Low on Ammo without a test
    [000 10.2]; not in Panzer Battles [001 1.1 #33]
    (`engine.panzer_campaigns.combat.ammunition`)."""
    stockpiling_in_play: bool = True
    """Artillery may become Stockpiled during the game [000 10.3]; in Panzer Battles only the
    scenario's initial Stockpiled status exists [001 1.1 #7]
    (`engine.panzer_campaigns.combat.artillery_setup`)."""
    rider_minefield_factor: float = 1.0
    """External riders are "4 times more vulnerable to mine field attacks" [001 #24]
    (`engine.panzer_campaigns.minefield_attack`); Panzer Campaigns has no riders."""
    still_spotters: bool = False
    """Only a unit that has not moved in its side's latest player turn spots for indirect fire
    and air strikes [001 #10, "Indirect Fire Spotting"] (`engine.panzer_campaigns.combat.spotters`);
    in PzC
    any unit that is not Broken spots [000 5.0]."""
    night_fatigue: bool = True
    """The scenario may turn on the Night Fatigue optional rule [000 9.3]; Panzer Battles has
    "No night fatigue" [001 #17], whatever the scenario says (`GameState.is_rule_on`)."""
    vehicle_cover_share: float = 1.0
    """The share of the terrain's defensive benefit, and of an improved position's or trench's,
    that a vehicle target gets: all in PzC [000 5.2, 5.3], 1/2 in Panzer Battles [001 #18]
    (`engine.panzer_campaigns.combat.vehicle_cover`)."""


PROFILES: dict[Ruleset, RulesetProfile] = {
    Ruleset.PANZER_CAMPAIGNS: RulesetProfile(
        Ruleset.PANZER_CAMPAIGNS,
        fatigue_max=FATIGUE_MAX_BY_RULESET[Ruleset.PANZER_CAMPAIGNS],
        penetration=True,
        towed_at_and_heavy_aa_without_zoc=True,
        irregulars_without_zoc=True,
        forced_bridge_movement=True,
        concealment_by_height=False,
        concealed_without_zoc=False,
        recon_spotting_standard=False,
        wrecks_blocking_sight=None,
    ),
    Ruleset.PANZER_BATTLES: RulesetProfile(
        Ruleset.PANZER_BATTLES,
        fatigue_max=FATIGUE_MAX_BY_RULESET[Ruleset.PANZER_BATTLES],
        penetration=False,
        towed_at_and_heavy_aa_without_zoc=False,
        irregulars_without_zoc=False,
        forced_bridge_movement=False,
        concealment_by_height=True,
        concealed_without_zoc=True,
        recon_spotting_standard=True,
        wrecks_blocking_sight=7,
        large_echelon=UnitSize.COMPANY,
        alternative_calculation=frozenset({CombatKind.INDIRECT_FIRE}),
        loss_recovery=False,
        phased_play=False,
        overrun_assault_zero=True,
        hedgerow_assault=True,
        bocage_assault=False,
        carrying=True,
        hedgerow_vulnerable=True,
        op_fire_settings=True,
        intel_markers=True,
        air_mission_delay=True,
        stockpiling_in_play=False,
        isolated_fire_low_ammo=False,
        rider_minefield_factor=4.0,
        still_spotters=True,
        night_fatigue=False,
        vehicle_cover_share=0.5,
    ),
}


def profile_of(ruleset: Ruleset) -> RulesetProfile:
    """The rules profile of a ruleset."""
    return PROFILES[ruleset]

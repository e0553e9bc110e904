"""A unit during a game: its OOB entry plus everything that changes as the game runs (where it
is, its mode, its states, the movement points it has spent this player turn).

The static values (speed, class, flags) stay on the OOB model the unit points at; the game
never changes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from schemas.panzer_campaigns.oob import AntiAircraftKind, Component, Unit, UnitClass
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import Side

OFF_MAP = -1
"""The hex index of a unit that is not on the map."""

MEN_PER_GUN_OR_VEHICLE = 10
""""each vehicle or gun is considered to be the same as 10 men" [000 3.3]."""


class UnitStatus(StrEnum):
    """Where a unit is in the game's life."""

    WAITING = "waiting"
    """A reinforcement that has not arrived yet."""
    ON_MAP = "on_map"
    WITHDRAWN = "withdrawn"
    """Removed by a scheduled withdrawal [000 4.7]."""
    EXITED = "exited"
    """Left the map at an exit objective [000 3.4]."""
    ELIMINATED = "eliminated"
    SURRENDERED = "surrendered"
    """Its nation surrendered [000 3.4]."""
    AIR = "air"
    """An air unit of the scenario's air setup: it flies missions from off the map [000 8.0]."""
    COMBINED = "combined"
    """A company merged into another counter of its battalion until broken down [000 4.9]."""
    DEPLOYED = "deployed"
    """A deception unit deployed as a hidden marker (`GameState.deception_markers`) [000 4.3]."""


@dataclass(slots=True, eq=False)
class UnitState:
    """One counter in play. Identity is the unit id; two states are never compared by value."""

    id: str
    unit: Unit = field(repr=False)
    side: Side
    nation: str
    organization: str | None
    """Id of the organization it belongs to (after Corps Attachments)."""
    status: UnitStatus = UnitStatus.ON_MAP
    hex: int = OFF_MAP
    mode: Mode = Mode.DEPLOYED
    facing: int | None = None
    """Direction number (0 = Up, clockwise) of a scenario-assigned facing [000 5.4]."""
    strength: int = 0
    fatigue: int = 0
    disrupted: bool = False
    broken: bool = False
    fixed: bool = False
    isolated: bool = False
    detached: bool = False
    low_ammo: bool = False
    low_fuel: bool = False
    on_foot: bool = False
    patrolling: bool = False
    """Out on patrol until it moves (`engine.panzer_campaigns.patrols`) [000 4.2]."""
    mp_spent: float = 0.0
    """Movement points used this player turn."""
    moved: bool = False
    """Moved (or assaulted) since the last midnight refuelling test [000 10.2]."""
    last_active: int = -1
    """The player turn (`engine.panzer_campaigns.combat.activity.player_turn_index`) the unit last
    moved, fired
    or assaulted, or was fired on or assaulted; -1 for never [000 9.3, 12.0]."""
    moved_in: int = -1
    """The player turn the unit last entered a hex; -1 for never. Under phased play units that
    did not move fire doubled, and units that moved and fired do not assault [000 13.3]."""
    deployed_from: Mode | None = None
    deployed_in: int = -1
    """The mode a unit left for Deployed and the player turn it did: Deploying units keep the
    Travel and Rail Mode fire effects in the following Defensive Fire Phase [000 13.3]."""
    fired: int = -1
    """The player turn (`engine.panzer_campaigns.combat.activity.player_turn_index`) the unit last
    fired; -1 for
    never. Its side's next player turn tests its ammunition [000 10.2]."""
    assaulted: int = -1
    """The player turn the unit last assaulted; -1 for never. Under Manual Defensive Fire,
    where an assault costs no movement points, a unit assaults once a turn [000 6.1, 13.3]."""
    unavailable: bool = False
    """Artillery that its supply test left Unavailable: no indirect fire [000 10.2]."""
    setup_required: bool = False
    """Artillery that moved or arrived and has not yet set up: no indirect fire [000 10.3]
    (`engine.panzer_campaigns.combat.artillery_setup`)."""
    stockpiled: bool = False
    """Artillery in position with ample ammunition: fires at the Stockpiled Fire value and
    tests supply at 75 % [000 10.3]."""
    subunits: int = 1
    """Companies combined into this counter, itself included [000 4.9]: fatigue factor and
    morale-check base depend on it [000 9.3, 12.0]."""
    combined: tuple[str, ...] = ()
    """Ids of the other companies merged into this counter, in the order they joined; breaking
    down splits off the last [000 4.9]."""
    digging_in: bool = False
    """Digging-In: each of its side's later turns may improve the fortification of its hex
    [000 4.9] (`engine.panzer_campaigns.combat.dig_in`)."""
    carrying: tuple[str, ...] = ()
    """Ids of the units it carries, in the order they boarded [001 "Carry/Uncarry"]
    (`engine.panzer_campaigns.carrying`)."""
    carried_by: str | None = None
    """Id of the unit carrying it; it moves with that unit and stands on its hex."""
    vulnerable: bool = False
    """A vehicle that crossed or assaulted across a Hedge Row: half defense until its side's
    next player turn [001 "Hedge Row Rules"] (`engine.panzer_campaigns.hedgerow`)."""

    @property
    def on_map(self) -> bool:
        """Whether the unit stands on the map."""
        return self.status is UnitStatus.ON_MAP

    @property
    def men_equivalent(self) -> int:
        """Strength in men; a gun or vehicle counts as 10 [000 3.3]."""
        if self.unit.component is Component.MEN:
            return self.strength
        return self.strength * MEN_PER_GUN_OR_VEHICLE

    @property
    def is_hq(self) -> bool:
        """Whether it is a headquarters."""
        return self.unit.unit_class is UnitClass.HEADQUARTERS

    @property
    def is_vehicle(self) -> bool:
        """Whether its strength counts vehicles (quality movement modifiers differ) [000 4.0]."""
        return self.unit.component is Component.VEHICLES

    @property
    def is_towed_gun(self) -> bool:
        """A towed gun: needs Travel Mode to move; counts toward the towed-gun limit [000 3.3]."""
        return self.unit.towed

    @property
    def is_heavy_aa(self) -> bool:
        """Heavy anti-aircraft [000 8.1]."""
        return self.unit.aa_kind is AntiAircraftKind.HEAVY_AA

    @property
    def is_immobile(self) -> bool:
        """Speed 0: never moves, shows Fire Ability [000 4.6]."""
        return self.unit.speed == 0

    @property
    def never_isolated(self) -> bool:
        """Partisans and irregulars never become Isolated [000 4.2]."""
        return self.unit.partisan or self.unit.irregular

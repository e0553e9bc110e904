"""The state of one game: the board, the units in play, the map overlays, objectives and their
owners, supply values, the clock and weather, and the game's one seeded random generator.

Built from a scenario and its title files (filled in by `engine.panzer_campaigns.state_build`).
Everything the
rules modules read in hot loops is kept by hex index (see `engine.panzer_campaigns.board`); the
pydantic models
are only read while building.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field, fields
from operator import attrgetter
from random import Random
from typing import Any, TypeVar

from engine.panzer_campaigns.air.fleet import AirFleet
from engine.panzer_campaigns.board import Board
from engine.panzer_campaigns.clock import TurnClock
from engine.panzer_campaigns.engineering.works import EngineeringState
from engine.panzer_campaigns.play_options import PlayOptions
from engine.panzer_campaigns.ruleset import RulesetProfile, profile_of
from engine.panzer_campaigns.sightings import IntelMarker, Sighting
from engine.panzer_campaigns.state_build import fill_start
from engine.panzer_campaigns.state_records import Losses, MinefieldState, ObjectiveState
from engine.panzer_campaigns.units import OFF_MAP, UnitState, UnitStatus
from engine.panzer_campaigns.weather import Weather, WeatherEngine
from schemas.panzer_campaigns.map import MapFile
from schemas.panzer_campaigns.oob import OobFile, Organization
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.parameters import ParameterFile
from schemas.panzer_campaigns.scenario import FortificationKind, ScenarioFile
from schemas.panzer_campaigns.scheduled import Scheduled
from schemas.panzer_campaigns.weather import WeatherFile
from schemas.title import ScenarioBundle
from schemas.vocabulary import OptionalRule, Side

T = TypeVar("T")

_UNIT_FIELDS = tuple(f.name for f in fields(UnitState) if f.name not in {"id", "unit"})
_unit_values = attrgetter(*_UNIT_FIELDS)
"""A unit's changing values as one tuple, read at C speed (a snapshot reads thousands)."""


def other_side(side: Side) -> Side:
    """The enemy of `side`.

    >>> other_side(Side.AXIS)
    <Side.ALLIED: 'allied'>
    """
    return Side.AXIS if side is Side.ALLIED else Side.ALLIED


@dataclass
class GameState:
    """Everything that changes during a game, and the static data it is played on."""

    scenario: ScenarioFile
    map_file: MapFile
    oob: OobFile
    parameters: ParameterFile
    weather_file: WeatherFile | None
    board: Board
    oob_index: OobIndex
    profile: RulesetProfile
    clock: TurnClock
    weather_engine: WeatherEngine
    weather: Weather
    rng: Random
    seed: int
    units: dict[str, UnitState] = field(default_factory=dict)
    partisans: tuple[str, ...] = ()
    """Ids of the partisan units, on the map or to come: deception sources without deploying
    [000 4.2, 4.3]."""
    stacks: dict[int, list[UnitState]] = field(default_factory=dict)
    """Units on the map by hex index, in the order they entered."""
    organization_parent: dict[str, str | None] = field(default_factory=dict)
    """Parent of every organization, after Corps Attachments [000 9.1]."""
    turn: int = 1
    phasing: Side = Side.ALLIED
    """The side whose player turn it is."""
    player_turn: int = 0
    """0 for the first side's player turn of the game turn, 1 for the second."""
    step: int = 0
    """The phase of the player turn in a phased game (`engine.panzer_campaigns.phases.STEPS`) [000
    13.3]."""
    deserted: dict[int, int] = field(default_factory=dict)
    """Deserted hexes and the player turn Offensive Fire emptied them [000 13.3]."""
    minefields: dict[int, MinefieldState] = field(default_factory=dict)
    obstacles: dict[int, bool] = field(default_factory=dict)
    """Obstacle hexes and whether each has been penetrated."""
    congestion: dict[int, int] = field(default_factory=dict)
    """Congestion hexes and their occupation counters [000 4.4]."""
    rubble: dict[int, bool] = field(default_factory=dict)
    """Rubble hexes and whether each has been cleared."""
    rail_damage: set[int] = field(default_factory=set)
    fortifications: dict[int, FortificationKind] = field(default_factory=dict)
    reduced_forts: set[int] = field(default_factory=set)
    """Fortified hexes whose benefits are halved: vacated, or held by defenders who lost an
    assault and could not retreat [000 5.3]."""
    damaged_bridges: set[int] = field(default_factory=set)
    """Bridged edges (`6 * hex + direction`, from both sides) whose bridge is down."""
    damaged_full_hex_bridges: set[int] = field(default_factory=set)
    """Hexes whose full-hex bridge is down."""
    wired_bridges: dict[int, Side | None] = field(default_factory=dict)
    """Bridged edges (both sides) wired for demolition, by the side that wired them."""
    wired_full_hex_bridges: dict[int, Side | None] = field(default_factory=dict)
    """Hexes whose full-hex bridge is wired for demolition, by the side that wired it."""
    ferries_used: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Hexside-ferry edges (both sides) and the (turn, player_turn) they last carried a unit:
    a ferry carries one unit per turn [000 4.5]."""
    engineering: EngineeringState = field(default_factory=EngineeringState)
    """Engineers' works, built bridges, lanes, destroyed AT ditches
    (`engine.panzer_campaigns.engineering`)."""
    objectives: list[ObjectiveState] = field(default_factory=list)
    global_supply: dict[Side, int] = field(default_factory=dict)
    """Global Supply Values after supply variations [000 10.1, 10.2]."""
    source_values: dict[str, int] = field(default_factory=dict)
    """Current value of each supply source by id, after variations."""
    rail_capacity: dict[Side, int] = field(default_factory=dict)
    hex_fire: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Men-equivalents fired from each hex and the player turn they fired in, for the Hex Fire
    Limitation [000 5.1]."""
    op_fire_used: dict[str, tuple[int, float]] = field(default_factory=dict)
    """Movement points each unit has spent on opportunity fire and the enemy player turn it
    fired in (`engine.panzer_campaigns.combat.opportunity_fire`)."""
    indirect_fire_into: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Men-equivalents fired indirectly into each hex and the player turn, for the Panzer
    Battles cap [001 #29]."""
    fired_variations: set[str] = field(default_factory=set)
    """One-time supply variations that have fired."""
    losses: dict[Side, Losses] = field(default_factory=dict)
    exit_points: dict[Side, float] = field(default_factory=dict)
    banked_points: dict[Side, float] = field(default_factory=dict)
    """Points of limited objectives held when they expired."""
    surrendered: set[str] = field(default_factory=set)
    """Nations that have surrendered."""
    released: set[str] = field(default_factory=set)
    """Releases (by id) that have happened."""
    arrived: set[str] = field(default_factory=set)
    """Reinforcements (by id) that have arrived."""
    withdrawn: set[str] = field(default_factory=set)
    """Withdrawals (by id) that have happened."""
    patrols: set[str] = field(default_factory=set)
    """Ids of the Patrolling units (`engine.panzer_campaigns.patrols`), so that spotting asks only
    them."""
    deception_markers: dict[str, int] = field(default_factory=dict)
    """Deployed deception units by id, with the hex of each hidden marker [000 4.3]."""
    deception_moved: dict[str, int] = field(default_factory=dict)
    """The player turn each deception unit was last deployed or redeployed in."""
    out_of_command: set[str] = field(default_factory=set)
    """HQs (by id) Out of Command after their side's last Command Test [000 9.1]."""
    sightings: dict[Side, dict[str, Sighting]] = field(
        default_factory=lambda: {Side.ALLIED: {}, Side.AXIS: {}}
    )
    """The enemy units each side sees, by unit id (`engine.panzer_campaigns.spotting` keeps it) [000
    4.8]."""
    intel: dict[Side, dict[str, IntelMarker]] = field(
        default_factory=lambda: {Side.ALLIED: {}, Side.AXIS: {}}
    )
    """Each side's intel markers by enemy unit id (`engine.panzer_campaigns.intel`) [001 1.1
    #31]."""
    intel_seen: dict[Side, dict[str, IntelMarker]] = field(
        default_factory=lambda: {Side.ALLIED: {}, Side.AXIS: {}}
    )
    """The sightings at the last intel update, as the markers they would leave."""
    sight_version: int = -1
    """The `version` the sightings were last brought up to date at."""
    sight_walls: frozenset[int] = frozenset()
    """Hexes the scenario makes block line of sight: Panzer Battles wrecks [001 #14]."""
    air: AirFleet = field(default_factory=AirFleet)
    """The aircraft in play and what each has left to fly (`engine.panzer_campaigns.air.fleet`) [000
    8.0]."""
    options: PlayOptions = field(default_factory=PlayOptions)
    """What the players chose: Opportunity Fire, Fog of War
    (`engine.panzer_campaigns.play_options`)."""
    version: int = 0
    """Bumped whenever a unit enters, leaves or changes state, so derived maps (ZOC, supply)
    know when to recompute."""
    derived: dict[Hashable, tuple[int, Any]] = field(default_factory=dict, repr=False)
    """Maps computed from the state (ZOC, supply) with the `version` they were computed at."""
    changed_units: dict[Side, set[str]] = field(
        default_factory=lambda: {Side.ALLIED: set(), Side.AXIS: set()}, repr=False
    )
    """Ids of the units of each side changed since that side's zones of control last caught
    up: `engine.panzer_campaigns.zoc_tracker` recounts the hexes around them only, and empties the
    set."""
    broad_changes: int = 0
    """Bumped by a change that names no unit (`touch()` without units): the maps kept up to
    date unit by unit are then rebuilt from scratch."""

    # --- building ---------------------------------------------------------------------------

    @classmethod
    def from_bundle(cls, bundle: ScenarioBundle, seed: int = 0) -> GameState:
        """The state at the start of a loaded scenario. Raises ValueError when the scenario or
        a file it needs did not validate (check `bundle.is_complete` first)."""
        if not bundle.is_complete:
            raise ValueError(
                f"{bundle.scenario.path}: the scenario or a file it uses has errors; "
                "run `hexwright validate` on it first"
            )
        assert bundle.map
        assert bundle.oob
        assert bundle.parameters
        return cls.from_models(
            bundle.scenario.model,
            bundle.map.model,
            bundle.oob.model,
            bundle.parameters.model,
            bundle.weather.model if bundle.weather and bundle.weather.ok else None,
            seed=seed,
        )

    @classmethod
    def from_models(
        cls,
        scenario: ScenarioFile,
        map_file: MapFile,
        oob: OobFile,
        parameters: ParameterFile,
        weather_file: WeatherFile | None = None,
        *,
        seed: int = 0,
    ) -> GameState:
        """The state at the start of a scenario given as models (the editor's snapshot)."""
        header = scenario.header
        weather_engine = WeatherEngine.from_header(header, weather_file)
        state = cls(
            scenario=scenario,
            map_file=map_file,
            oob=oob,
            parameters=parameters,
            weather_file=weather_file,
            board=Board.shared(map_file, parameters),
            oob_index=OobIndex.from_oob(oob),
            profile=profile_of(header.ruleset),
            clock=weather_engine.clock,
            weather_engine=weather_engine,
            weather=weather_engine.start(),
            rng=Random(seed),
            seed=seed,
            phasing=header.first_side,
        )
        fill_start(state)
        return state

    def full_strength(self, unit: UnitState) -> int:
        """The OOB strength of a counter: its own plus that of every company merged into it."""
        return self.oob_index.full_strength(unit.id, unit.combined)

    # --- queries ----------------------------------------------------------------------------

    def is_rule_on(self, rule: OptionalRule) -> bool:
        """Whether an optional rule is on in this game: the scenario selects it and the ruleset
        has it.

        Decision [000 9.3, 001 #17]: Panzer Battles has "No night fatigue", so the scenario's
        Night Fatigue optional rule is off under the Panzer Battles profile even when the
        scenario selects it (`RulesetProfile.night_fatigue`); the ruleset's difference wins over
        the scenario's choice, as the setup checks warn
        (`schemas.panzer_campaigns.checks.scenario_settings`).
        In Panzer Campaigns the scenario decides."""
        if rule is OptionalRule.NIGHT_FATIGUE and not self.profile.night_fatigue:
            return False
        return rule in self.scenario.header.optional_rules

    def units_at(self, hex_index: int) -> list[UnitState]:
        """The units on a hex (empty off the map)."""
        return self.stacks.get(hex_index, [])

    def side_at(self, hex_index: int) -> Side | None:
        """The side whose units occupy a hex, if any (hexes never hold both sides)."""
        stack = self.stacks.get(hex_index)
        return stack[0].side if stack else None

    def iter_units(self, side: Side | None = None) -> Iterator[UnitState]:
        """The units on the map, of one side or both, in scenario order."""
        for unit in self.units.values():
            if unit.status is UnitStatus.ON_MAP and (side is None or unit.side is side):
                yield unit

    def iter_scheduled_units(
        self, unit_ids: Iterable[str], organization_ids: Iterable[str]
    ) -> Iterator[str]:
        """The unit ids a scheduled event names, one by one or by whole organizations."""
        yield from unit_ids
        for organization in organization_ids:
            yield from self.oob_index.iter_units_under(organization)

    def turn_of(self, event: Scheduled) -> int | None:
        """The turn a scheduled event happens on, or None when its time is outside the game."""
        if event.turn is not None:
            return event.turn if event.turn <= self.clock.last_turn else None
        assert event.at is not None
        return self.clock.turn_at(event.at)

    def hq_of(self, unit: UnitState) -> UnitState | None:
        """The HQ a unit answers to: the nearest HQ on the map up its organization chain (its
        own organization's HQ, or for an HQ the HQ above it) [000 9.1]. The manual does not say
        whether a missing division HQ falls back to the corps; decision: it does [INF]."""
        for organization in self.iter_organizations_above(unit):
            hq_id = organization.hq
            if hq_id is not None and hq_id != unit.id:
                hq = self.units.get(hq_id)
                if hq is not None and hq.on_map:
                    return hq
        return None

    def iter_organizations_above(self, unit: UnitState) -> Iterator[Organization]:
        """The organizations a unit belongs to, its own first, up to the top of its tree (after
        Corps Attachments). Stops at an attachment cycle, which setup check SETUP024 reports."""
        seen: set[str] = set()
        organization = unit.organization
        while organization is not None and organization not in seen:
            seen.add(organization)
            entry = self.oob_index.organizations.get(organization)
            if entry is None:
                return
            yield entry.organization
            organization = self.organization_parent.get(organization)

    def spotted_by(self, side: Side) -> dict[str, Sighting]:
        """The enemy units `side` sees now, by id, and how (see
        `engine.panzer_campaigns.spotting`)."""
        from engine.panzer_campaigns.spotting import spotted_by  # noqa: PLC0415 (spotting reads the state)

        return spotted_by(self, side)

    def cached(self, key: Hashable, compute: Callable[[], T]) -> T:
        """`compute()`, remembered under `key` until the state's `version` changes."""
        hit = self.derived.get(key)
        if hit is not None and hit[0] == self.version:
            return hit[1]  # type: ignore[no-any-return]
        value = compute()
        self.derived[key] = (self.version, value)
        return value

    def snapshot(self) -> StateSnapshot:
        """What `restore` needs to put the state back as it is now."""
        return StateSnapshot(
            _copy_small({name: getattr(self, name) for name in _SMALL}),
            dict(self.units),
            {unit_id: _unit_values(unit) for unit_id, unit in self.units.items()},
            {hex_index: list(stack) for hex_index, stack in self.stacks.items()},
            self.rng.getstate(),
        )

    def restore(self, snapshot: StateSnapshot) -> None:
        """Put the state back as it was at `snapshot`; units keep their identity."""
        for name, value in _copy_small(snapshot.small).items():
            setattr(self, name, value)
        for unit_id in self.units.keys() ^ snapshot.units.keys():
            unit = self.units.get(unit_id) or snapshot.units[unit_id]
            self.changed_units[unit.side].add(unit_id)
        self.units = dict(snapshot.units)
        for unit_id, values in snapshot.unit_values.items():
            unit = self.units[unit_id]
            if _unit_values(unit) != values:
                for name, value in zip(_UNIT_FIELDS, values, strict=True):
                    setattr(unit, name, value)
                self.changed_units[unit.side].add(unit_id)
        self.stacks = {hex_index: list(stack) for hex_index, stack in snapshot.stacks.items()}
        self.rng.setstate(snapshot.rng)
        # A new version, never an old one: maps derived since the snapshot must not be reused.
        self.version += 1

    def is_last_turn(self) -> bool:
        """Whether the current turn is the scenario's last."""
        return self.turn >= self.clock.last_turn

    # --- changes ----------------------------------------------------------------------------

    def put(self, unit: UnitState, hex_index: int) -> None:
        """Place a unit on a hex (taking it off its old hex first) and mark it on the map."""
        if unit.hex != OFF_MAP:
            self._lift(unit)
        unit.hex = hex_index
        unit.status = UnitStatus.ON_MAP
        self.stacks.setdefault(hex_index, []).append(unit)
        self.changed_units[unit.side].add(unit.id)
        for passenger_id in unit.carrying:  # passengers ride along [001 "Carry/Uncarry"]
            self.put(self.units[passenger_id], hex_index)
        self.version += 1

    def remove(self, unit: UnitState, status: UnitStatus) -> None:
        """Take a unit off the map for good (withdrawn, exited, eliminated, surrendered), or
        merge it into another counter (`UnitStatus.COMBINED`). The companies merged into a
        counter share the fate of the counter that leaves."""
        if unit.hex != OFF_MAP:
            self._lift(unit)
        unit.hex = OFF_MAP
        unit.status = status
        changed = self.changed_units[unit.side]
        changed.add(unit.id)
        for passenger_id in unit.carrying:
            # Decision [001 "Carry/Uncarry"] (silent on a land carrier's loss): its passengers
            # are set down on its hex, except that those of a unit leaving by an exit leave with
            # it; a Naval unit's were dealt with first
            # (`engine.panzer_campaigns.combat.naval_passengers`).
            passenger = self.units[passenger_id]
            passenger.carried_by = None
            changed.add(passenger_id)
            if status is UnitStatus.EXITED:
                self.remove(passenger, status)
        unit.carrying = ()
        if unit.carried_by is not None:
            carrier = self.units[unit.carried_by]
            carrier.carrying = tuple(p for p in carrier.carrying if p != unit.id)
            unit.carried_by = None
            changed.add(carrier.id)
        for company_id in unit.combined if status is not UnitStatus.COMBINED else ():
            self.units[company_id].status = status
            changed.add(company_id)
        self.version += 1

    def touch(self, *units: UnitState) -> None:
        """Note a change of unit states that derived maps (ZOC, supply) depend on: of `units`
        only, or, naming none, of anything (the zones of control are then counted afresh)."""
        if units:
            for unit in units:
                self.changed_units[unit.side].add(unit.id)
        else:
            self.broad_changes += 1
        self.version += 1

    def _lift(self, unit: UnitState) -> None:
        stack = self.stacks[unit.hex]
        stack.remove(unit)
        if not stack:
            del self.stacks[unit.hex]


@dataclass(frozen=True, slots=True)
class StateSnapshot:
    """A game state at one moment (`GameState.snapshot`), to go back to with `restore`.

    The scenario, title files, board and rules tables are not in it: no game changes them.
    """

    small: dict[str, Any]
    """Deep copies of the overlays, objectives, supply values, losses and the rest."""
    units: dict[str, UnitState]
    unit_values: dict[str, tuple[Any, ...]]
    stacks: dict[int, list[UnitState]]
    rng: tuple[Any, ...]


UNCHANGING = (
    "scenario",
    "map_file",
    "oob",
    "parameters",
    "weather_file",
    "board",
    "oob_index",
    "profile",
    "clock",
    "weather_engine",
    "options",
    "partisans",
)
"""The GameState fields a game never changes: snapshots and copies of a game share them."""

_SMALL = tuple(
    f.name
    for f in fields(GameState)
    if f.name
    not in {
        *UNCHANGING,
        # kept by `snapshot` its own way
        "units",
        "stacks",
        "rng",
        "version",
        "sight_version",
        "sight_walls",
        "derived",
        "changed_units",
        "broad_changes",
    }
)
"""The GameState fields a snapshot deep-copies: small containers of small values."""


def _copy_small(values: dict[str, Any]) -> dict[str, Any]:
    """Deep copies of `_SMALL` fields, sharing the scenario's objective models."""
    objectives: list[ObjectiveState] = values["objectives"]
    memo: dict[int, Any] = {id(o.objective): o.objective for o in objectives}
    return {name: copy.deepcopy(value, memo) for name, value in values.items()}

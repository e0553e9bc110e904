"""Everything a Tactical GameX game changes as it is played: the counters, the neutral counters
on the board [003 8.0], the turn, who holds the initiative and for how long [003 4.1], the
impulse under way with its activation pool and the passes in a row [003 4.2], and the dice."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.dice import Dice
from engine.tactical_gamex.board import Board
from engine.tactical_gamex.tables import Tables
from engine.tactical_gamex.units import Unit
from schemas.vocabulary import Side

Offset = tuple[int, int]


def other(side: Side) -> Side:
    return Side.AXIS if side is Side.ALLIED else Side.ALLIED


@dataclass
class Fortification:
    """A fortification counter [003 8.4]: it holds DS/10 units inside, who defend with its DS."""

    defense: int

    @property
    def capacity(self) -> int:
        return self.defense // 10


@dataclass
class NeutralCounters:
    """Wrecks, mines, improved positions, fortifications, blocks and smoke on the board."""

    wrecks: dict[Offset, int] = field(default_factory=dict)
    mines: dict[Offset, int] = field(default_factory=dict)
    """Minefield strength as the CRT column index it attacks on [003 8.2]."""
    improved: set[Offset] = field(default_factory=set)
    forts: dict[Offset, Fortification] = field(default_factory=dict)
    blocks: set[Offset] = field(default_factory=set)
    smoke: dict[Offset, int] = field(default_factory=dict)
    """Smoke 2 or Smoke 1 [003 20.3]."""
    interdiction: list[tuple[Offset, Side]] = field(default_factory=list)
    """Interdiction markers and the side that placed them [003 21.0]."""
    destroyed_bridges: set[Offset] = field(default_factory=set)
    """Bridges demolished during the game [003 9.2] (the board itself never changes)."""
    laid_bridges: set[Offset] = field(default_factory=set)
    """Temporary bridges in stream hexes: laid by a bridge layer, or the situation's hastily
    constructed ones [003 9.3]."""
    bridge_defense: dict[Offset, int] = field(default_factory=dict)
    """The DS printed on each temporary bridge's marker, where the title states it [003 9.3]."""


class VictoryKind(StrEnum):
    """What a victory condition counts."""

    HOLD = "hold"
    """Occupy `count` of the hexes (all when 0), no enemy in them."""
    EXIT = "exit"
    """Have at least `count` units leave the board by the edge whose hexes are `hexes`."""
    DESTROY = "destroy"
    """Eliminate at least `count` enemy units, or all the `units` named."""


@dataclass(frozen=True)
class VictoryCondition:
    """One of a side's victory conditions [003 4.4]: sudden death ends the game when met at a
    Victory Determination; the others are read after the last turn."""

    side: Side
    kind: VictoryKind
    hexes: tuple[Offset, ...] = ()
    count: int = 0
    sudden_death: bool = False
    points: int = 0
    units: tuple[str, ...] = ()
    label: str = ""


@dataclass(frozen=True)
class VictoryLevel:
    """A graded level: a side whose met conditions reach `points` [003 4.4]."""

    name: str
    side: Side
    points: int


@dataclass(frozen=True)
class Arrival:
    """Reinforcements entering on a turn at the first of `hexes` with room."""

    turn: int
    units: tuple[str, ...]
    hexes: tuple[Offset, ...]


@dataclass
class Battery:
    """An off-board artillery battery the scenario gives a side [003 6.4.4]."""

    id: str
    side: Side
    nation: str
    attack: int
    fired: bool = False
    """Fired this turn (a battery acts once a turn, as a unit does)."""
    revealed: bool = False
    """Has made an OBA attack: the enemy's OBA may fire counter-battery at its side from
    then on [003 6.4.4]."""
    units: tuple[str, ...] = ()
    """Its off-map counters, whose DS defends it against counter-battery fire."""
    naval: bool = False
    """Naval support fired as OBA [003 10.5]: no counters to attack."""
    direct: bool = False
    """Naval support fired directly from a map-edge sea hex, not called as OBA [003 10.5]."""
    lost: bool = False
    """Destroyed by counter-battery fire with its last counter [003 6.4.4]."""


class Phase(StrEnum):
    SETUP = "setup"
    """The sides place their counters before turn 1 (`setup_phase`)."""
    ACTIVATION = "activation"
    OVER = "over"


@dataclass
class TgxState:
    """A game's changing state; `board` and `tables` are shared by copies and never change."""

    board: Board
    tables: Tables
    units: dict[str, Unit]
    morale: dict[str, int]
    """Each nation's Morale Level [003 7.0]."""
    last_turn: int
    dice: Dice
    victory: tuple[VictoryCondition, ...] = ()
    levels: tuple[VictoryLevel, ...] = ()
    arrivals: tuple[Arrival, ...] = ()
    stack_limits: dict[Side, int] = field(default_factory=dict)
    """Each side's stacking limit when the situation sets it [003 3.2.5]."""
    exited: dict[Side, list[str]] = field(default_factory=lambda: {Side.ALLIED: [], Side.AXIS: []})
    counters: NeutralCounters = field(default_factory=NeutralCounters)
    turn: int = 1
    initiative: Side | None = None
    held: int = 0
    """Turns in a row the initiative holder has held it [003 4.1]."""
    first_initiative: Side | None = None
    """The scenario's side moving first on turn 1, if it names one."""
    acting: Side = Side.ALLIED
    pool: int = 0
    spent: int = 0
    pool_pending: bool = False
    """With Battlefield Chaos, the pool is drawn at the player's first order of the impulse,
    so a player who passes draws no card [003 24.1]."""
    passes: int = 0
    """Passes in a row (B.15 #1: any three end the Unit Activation phase)."""
    paid: set[tuple[str, Offset]] = field(default_factory=set)
    """(activity, hex) already paid for in this impulse: moving a hex's units costs 1 [003
    4.2.2]."""
    spotted: set[Offset] = field(default_factory=set)
    """Hexes with a Spotted marker [003 6.3.8]."""
    eliminated: dict[Side, int] = field(default_factory=lambda: {Side.ALLIED: 0, Side.AXIS: 0})
    phase: Phase = Phase.ACTIVATION
    batteries: dict[str, Battery] = field(default_factory=dict)
    lifts: tuple[Any, ...] = ()
    """Airborne lifts (`airborne.Lift`) landing before the first turn [003 11.0]."""
    aircraft: dict[str, Any] = field(default_factory=dict)
    """The situation's aircraft (`aircraft.Aircraft`), by id [003 6.4.7]."""
    cp_track: list[tuple[int, Side]] = field(default_factory=list)
    """Attached CPs whose carrier was destroyed: the Housekeeping that reassigns each, and its
    side [003 22.1]."""
    demolitions: dict[Offset, tuple[str, int, int]] = field(default_factory=dict)
    """Bridge demolitions under way: the engineer, its actions so far, the attempt [003 9.2]."""
    works: dict[Offset, int] = field(default_factory=dict)
    """Engineer Actions done toward a block, by hex [003 9.2]."""
    clearing: dict[Offset, str] = field(default_factory=dict)
    """Minefields and blocks being cleared this turn, by the engineer in them [003 9.1]."""
    options: frozenset[str] = frozenset()
    """The optional rules the situation switches on (`command_control`…) [003 12-24]."""
    activity: dict[str, str] = field(default_factory=dict)
    """What each unit did in the current impulse: a carrier may load after moving or move
    after loading, not both [003 5.2.2]."""
    free_fire: dict[str, Offset] = field(default_factory=dict)
    """Units that spotted a hex in this impulse and may fire at it free [003 6.3.8]."""
    entering: dict[str, Offset] = field(default_factory=dict)
    """Reinforcements of this turn by their entry hex: still entering the map [003 22.2]."""
    mobile_fire: dict[str, str] = field(default_factory=dict)
    """Units under a Mobile Fire marker, their attack still to come, by what they did [003 18]."""
    landing: Any = None
    """The amphibious landing (`amphibious.Landing`), if the situation has one [003 10.0]."""
    setup: Any = None
    """The setup phase's plan (`setup_plan.SetupPlan`, never changed), None when the loader
    set the counters up by the seed."""
    setup_step: int = 0
    """The step of the plan under way while `phase` is SETUP."""
    setup_markers: tuple[tuple[int, Offset], ...] = ()
    """The allotted neutral counters placed so far: (allotment index, hex)."""
    setup_left: frozenset[int] = frozenset()
    """The allotments whose markers not yet placed the side left off the board by choice."""

    def iter_units(self, side: Side | None = None) -> Iterator[Unit]:
        """Units on the board, of one side or both, in the scenario's order."""
        for unit in self.units.values():
            if unit.hex is not None and (side is None or unit.side is side):
                yield unit

    def units_at(self, hex_: Offset) -> list[Unit]:
        return [u for u in self.units.values() if u.hex == hex_]

    def enemy_at(self, hex_: Offset, side: Side) -> list[Unit]:
        return [u for u in self.units_at(hex_) if u.side is not side]

    def stacking_limit(self, side: Side) -> int:
        """Four a hex, two for a Soviet side [003 3.2.5]."""
        if side in self.stack_limits:
            return self.stack_limits[side]
        limit = self.tables.stacking
        for unit in self.iter_units(side):
            return min(limit, self.tables.stacking_by_nation.get(unit.nation, limit))
        return limit

    def bridge_at(self, hex_: Offset) -> bool:
        """Whether a bridge still stands in the hex [003 6.3.9, 9.2]."""
        return hex_ in self.board.bridges and hex_ not in self.counters.destroyed_bridges

    def stack_count(self, hex_: Offset) -> int:
        """Units counted for stacking [003 3.2.5, 5.2.1, 8.4, 8.5]: a carrier with its passenger
        is one, units inside a fortification are not counted but the fortification is, a Block
        is one."""
        units = self.units_at(hex_)
        count = sum(1 for u in units if u.carrier is None and not u.in_fort)
        if hex_ in self.counters.forts:
            count += 1
        if hex_ in self.counters.blocks:
            count += 1
        return count

    def copy(self) -> TgxState:
        """A copy to take an order back to or think on, sharing what no order changes (the
        board, tables, unit types, victory conditions); every mutable part is copied."""
        new = copy.copy(self)
        new.units = {k: copy.copy(u) for k, u in self.units.items()}
        new.morale = dict(self.morale)
        c = self.counters
        new.counters = NeutralCounters(
            dict(c.wrecks),
            dict(c.mines),
            set(c.improved),
            {h: Fortification(f.defense) for h, f in c.forts.items()},
            set(c.blocks),
            dict(c.smoke),
            list(c.interdiction),
            set(c.destroyed_bridges),
            set(c.laid_bridges),
            dict(c.bridge_defense),
        )
        new.dice = self.dice.copy()
        bind = getattr(new.dice, "bind", None)
        if bind is not None:  # the Action Deck's events act on the state it belongs to [003 24.2]
            bind(new)
        new.paid = set(self.paid)
        new.spotted = set(self.spotted)
        new.eliminated = dict(self.eliminated)
        new.batteries = {k: copy.copy(b) for k, b in self.batteries.items()}
        new.aircraft = {k: _copy_aircraft(a) for k, a in self.aircraft.items()}
        new.activity = dict(self.activity)
        new.free_fire = dict(self.free_fire)
        new.entering = dict(self.entering)
        new.mobile_fire = dict(self.mobile_fire)
        new.stack_limits = dict(self.stack_limits)
        new.exited = {side: list(ids) for side, ids in self.exited.items()}
        new.clearing = dict(self.clearing)
        new.works = dict(self.works)
        new.demolitions = dict(self.demolitions)
        new.cp_track = list(self.cp_track)
        if self.landing is not None:
            new.landing = self.landing.copy()
        return new


def _copy_aircraft(aircraft: Any) -> Any:
    clone = copy.copy(aircraft)
    clone.used = set(aircraft.used)
    return clone

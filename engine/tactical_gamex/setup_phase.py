"""The setup phase before turn 1: the sides, in the plan's order (`setup_plan`), place their
counters in their areas and their allotted neutral counters, each placement checked (area,
stacking with its accounting, terrain, enemies) and refused with the rules' sentence
[003 3.2.5, 6.3.9, 8.2-8.5, 10.1-10.2, 11.1]."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.tactical_gamex import setup_loads
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import (
    SETUP_ORDERS,
    FinishSetup,
    LeaveMarkers,
    LoadAtSetup,
    NoteTarget,
    PlaceMarker,
    PlaceRest,
    PlaceUnit,
    UnloadAtSetup,
)
from engine.tactical_gamex.setup_plan import SetupPlan, SetupStep
from engine.tactical_gamex.state import Fortification, Phase, TgxState
from engine.tactical_gamex.tables import COLUMNS
from engine.tactical_gamex.units import StreamState, Unit
from schemas.vocabulary import Side

Offset = tuple[int, int]


@dataclass(frozen=True, slots=True)
class CounterPlaced:
    side: Side
    unit: str
    hex: Offset
    origin: Offset | None
    name: str

    def describe(self) -> str:
        verb = "moves" if self.origin is not None else "is set up"
        return f"{self.unit} {verb} at {self.name}"


@dataclass(frozen=True, slots=True)
class MarkerPlaced:
    side: Side
    kind: str
    at: Offset
    origin: Offset | None
    name: str
    secret: bool

    @property
    def hex(self) -> Offset | None:
        """Where it stands, unless noted secretly [003 8.2] (the log does not tell)."""
        return None if self.secret else self.at

    def describe(self) -> str:
        what = self.kind.replace("_", " ")
        if self.secret:
            return f"{self.side.value} notes {what} secretly [003 8.2]"
        return f"{self.side.value} places {what} at {self.name}"


@dataclass(frozen=True, slots=True)
class MarkersLeft:
    side: Side
    kind: str
    count: int

    def describe(self) -> str:
        what = self.kind.replace("_", " ")
        return f"{self.side.value} leaves {self.count} allotted {what} unplaced [003 8.0]"


@dataclass(frozen=True, slots=True)
class TargetNoted:
    side: Side
    carrier: str

    def describe(self) -> str:
        return f"{self.side.value} notes the target hex of {self.carrier} secretly [003 11.1]"


@dataclass(frozen=True, slots=True)
class SetupFinished:
    side: Side
    step: str
    following: str

    def describe(self) -> str:
        then = f"; {self.following}" if self.following else "; turn 1 begins"
        return f"{self.side.value} has finished: {self.step}{then}"


def plan(state: TgxState) -> SetupPlan:
    assert isinstance(state.setup, SetupPlan)
    return state.setup


def in_setup(state: TgxState) -> bool:
    return state.phase is Phase.SETUP


def step(state: TgxState) -> SetupStep:
    """The step under way."""
    return plan(state).steps[state.setup_step]


def begin(state: TgxState) -> None:
    """Open the setup phase on the plan's first step, if it has any."""
    if state.setup is None or not plan(state).steps:
        return
    state.phase = Phase.SETUP
    state.setup_step = 0
    state.acting = step(state).side


def _name(state: TgxState, hex_: Offset) -> str:
    return state.board.names.get(hex_, f"{hex_[0]},{hex_[1]}")


def unplaced(state: TgxState) -> list[str]:
    """The counters of the step under way not yet on the board (passengers ride with their
    carrier)."""
    units = state.units
    return [u for u in step(state).units if units[u].hex is None and units[u].carrier is None]


def markers_left(state: TgxState, index: int) -> int:
    """How many of an allotment are still to place (none once the side left them)."""
    if index in state.setup_left:
        return 0
    placed = sum(1 for i, _ in state.setup_markers if i == index)
    return plan(state).allotments[index].count - placed


# --- counters ------------------------------------------------------------------------------


def why_not_unit(state: TgxState, unit: Unit, hex_: Offset) -> str:
    """Why a counter may not be set up in a hex now ('' when it may)."""
    current = step(state)
    if unit.side is not current.side:
        return f"{unit.id} is not a counter of the side setting up ({current.side.value})"
    if unit.carrier is not None:
        return f"{unit.id} rides on {unit.carrier}: set up the carrier, or unload it [003 5.2.1]"
    if unit.id not in current.units:
        if unit.hex is not None and unit.id not in plan(state).hexes:
            return f"{unit.id} is placed by the situation at {_name(state, unit.hex)}"
        return f"{unit.id} is not set up in this step ({current.describe()})"
    board = state.board
    name = _name(state, hex_)
    if not board.contains(hex_) or hex_ not in plan(state).hexes[unit.id]:
        return f"{name} is outside {unit.id}'s setup area ({plan(state).area[unit.id]})"
    effects = board.effects(hex_)
    if effects.cost(unit.type.move_class) is None and not current.sea:
        return f"{unit.id} cannot stand in {effects.name} [003 3.2.1]"
    if effects.stream and unit.type.is_vehicle and not state.bridge_at(hex_):
        return "vehicles and artillery stand in a stream hex only at a bridge [003 6.3.9]"
    if state.enemy_at(hex_, unit.side):
        return f"{name} holds enemy units [003 3.2.5]"
    aboard = setup_loads.riders(state, unit)
    for rider in aboard:
        if hex_ not in plan(state).hexes.get(rider, frozenset()):
            where = plan(state).area.get(rider)
            return f"{name} is outside the setup area of {rider}, riding on {unit.id} ({where})"
    others = [u for u in state.units_at(hex_) if u.id != unit.id and u.id not in aboard]
    if current.sea:
        if others:  # [003 10.2] one landing craft or vehicle per all-sea hex
            return f"{name} already holds {others[0].id}: one craft a sea hex [003 10.2]"
        return ""
    fort = state.counters.forts.get(hex_)
    if fort is not None and not aboard and fort_room(state, hex_, unit) > 0:
        return ""
    return stacking_refusal(state, hex_, unit.side, exclude=unit)


def fort_room(state: TgxState, hex_: Offset, unit: Unit) -> int:
    """Places left inside a fortification of the unit's side [003 8.4]."""
    fort = state.counters.forts[hex_]
    inside = [u for u in state.units_at(hex_) if u.in_fort and u.id != unit.id]
    owners = {u.side for u in inside}
    if owners and unit.side not in owners:
        return 0
    return fort.capacity - len(inside)


def stacking_refusal(state: TgxState, hex_: Offset, side: Side, exclude: Unit | None = None) -> str:
    """The stacking accounting of a hex when one more counter would exceed the limit, or ''
    [003 3.2.5, 5.2.1, 8.4, 8.5]: a carrier and its passenger count one, a fortification one
    and its garrison none, a block one."""
    limit = state.stacking_limit(side)
    counted = [
        u.id
        for u in state.units_at(hex_)
        if u.carrier is None and not u.in_fort and (exclude is None or u.id != exclude.id)
    ]
    parts = list(counted)
    if hex_ in state.counters.forts:
        parts.append("a fortification")
    if hex_ in state.counters.blocks:
        parts.append("a block")
    if len(parts) + 1 <= limit:
        return ""
    return (
        f"{_name(state, hex_)} already counts {len(parts)} of {limit} for stacking "
        f"({', '.join(parts)}) [003 3.2.5]"
    )


def place_unit(state: TgxState, order: PlaceUnit) -> list[object]:
    unit = state.units.get(order.unit)
    if unit is None:
        raise IllegalOrder(f"no unit {order.unit}")
    why = why_not_unit(state, unit, order.hex)
    if why:
        raise IllegalOrder(why)
    origin = unit.hex
    stand(state, unit, order.hex)
    return [CounterPlaced(unit.side, unit.id, order.hex, origin, _name(state, order.hex))]


def stand(state: TgxState, unit: Unit, hex_: Offset) -> None:
    """Put a counter (and whoever rides it) in a hex, inside a fortification with room."""
    unit.hex = hex_
    # [003 8.4] a loaded carrier stands on top of a fortification (as `forts` has it)
    loaded = bool(setup_loads.riders(state, unit))
    unit.in_fort = hex_ in state.counters.forts and not loaded and fort_room(state, hex_, unit) > 0
    unit.stream = None
    if state.board.effects(hex_).stream and not state.bridge_at(hex_):
        unit.stream = StreamState.UP  # [003 6.3.9] a unit set up in a stream starts Up
    for rider in setup_loads.riders(state, unit):
        state.units[rider].hex = hex_


# --- neutral counters ----------------------------------------------------------------------


def _markers_in(state: TgxState, hex_: Offset) -> list[str]:
    c = state.counters
    kinds = []
    if hex_ in c.mines:
        kinds.append("mines")
    if hex_ in c.improved:
        kinds.append("improved_position")
    if hex_ in c.forts:
        kinds.append("fortification")
    if hex_ in c.blocks:
        kinds.append("block")
    if c.wrecks.get(hex_):
        kinds.append("wreck")
    return kinds


def why_not_marker(state: TgxState, index: int, hex_: Offset, origin: Offset | None = None) -> str:
    """Why an allotted neutral counter may not go in a hex now ('' when it may).

    Mines go in Clear, Woods or road hexes, a bridge hex included [003 8.2] (a Town counts as
    road [003 3.2.3]); an improved position not in Town or Water nor with another neutral
    counter, one a hex [003 8.3]; a fortification not in Swamp, Water, mine or block hexes
    [003 8.4]; a block not in Water, one a hex, and it counts one for stacking [003 8.5].
    Decision: an improved position stands alone both ways (nothing joins one either), as
    the setup checks read 8.3; one minefield and one fortification a hex, as the engine keeps
    them."""
    allotments = plan(state).allotments
    if not 0 <= index < len(allotments):
        return f"no allotment {index + 1}"
    allotted = allotments[index]
    current = step(state)
    what = allotted.kind.replace("_", " ")
    if allotted.side is not current.side or index not in current.allotments:
        return f"the {what} allotment is not placed in this step ({current.describe()})"
    if origin is not None and (index, origin) not in state.setup_markers:
        return f"no {what} of this allotment was placed at {_name(state, origin)}"
    if origin is None and markers_left(state, index) <= 0:
        return f"every {what} of the allotment is placed"
    name = _name(state, hex_)
    if hex_ not in allotted.hexes:
        return f"{name} is outside the {what} area ({allotted.area})"
    board = state.board
    terrain = board.terrain.get(hex_, board.default_terrain)
    present = _markers_in(state, hex_)
    if origin == hex_:
        present.remove(allotted.kind)
    if allotted.kind == "mines":
        road = board.is_road(hex_) or hex_ in board.bridges
        if terrain not in ("clear", "woods") and not road:
            return f"mines go in Clear, Woods or road hexes, not {terrain} [003 8.2]"
        if terrain == "stream" and hex_ not in board.bridges:
            return "mines go in a stream hex only at its bridge [003 8.2]"
        if "mines" in present:
            return f"{name} already has mines"
    elif allotted.kind == "improved_position":
        if terrain in ("town", "city", "water", "sea"):
            return f"no improved position in {terrain} [003 8.3]"
        if present:
            return "an improved position stands alone in its hex, one per hex [003 8.3]"
    elif allotted.kind == "fortification":
        if terrain in ("swamp", "water", "sea"):
            return f"no fortification in {terrain} [003 8.4]"
        if {"mines", "block", "fortification"} & set(present):
            return "no fortification in a mine, block or fortification hex [003 8.4]"
    elif allotted.kind == "block":
        if terrain in ("water", "sea"):
            return f"no block in {terrain} [003 8.5]"
        if "block" in present:
            return "one block per hex [003 8.5]"
        if origin != hex_:
            refusal = stacking_refusal(state, hex_, allotted.side)
            if refusal:
                return f"a block counts one for stacking: {refusal}"
    if "improved_position" in present:
        return "an improved position stands alone in its hex [003 8.3]"
    if state.enemy_at(hex_, allotted.side):
        return f"{name} holds enemy units"
    return ""


def place_marker(state: TgxState, order: PlaceMarker) -> list[object]:
    why = why_not_marker(state, order.allotment, order.hex, order.origin)
    if why:
        raise IllegalOrder(why)
    allotted = plan(state).allotments[order.allotment]
    if order.origin is not None:
        _lift_marker(state, allotted.kind, order.origin)
        kept = list(state.setup_markers)
        kept.remove((order.allotment, order.origin))
        state.setup_markers = tuple(kept)
    _drop_marker(state, allotted.kind, allotted.strength, order.hex)
    state.setup_markers += ((order.allotment, order.hex),)
    secret = allotted.kind == "mines" and order.hex not in state.board.bridges
    return [
        MarkerPlaced(
            allotted.side, allotted.kind, order.hex, order.origin, _name(state, order.hex), secret
        )
    ]


def _drop_marker(state: TgxState, kind: str, strength: int | str | None, hex_: Offset) -> None:
    c = state.counters
    if kind == "mines":
        c.mines[hex_] = COLUMNS.index(str(strength or "1:1"))
    elif kind == "improved_position":
        c.improved.add(hex_)
    elif kind == "fortification":
        c.forts[hex_] = Fortification(int(strength or 0))
    elif kind == "block":
        c.blocks.add(hex_)


def _lift_marker(state: TgxState, kind: str, hex_: Offset) -> None:
    c = state.counters
    if kind == "mines":
        del c.mines[hex_]
    elif kind == "improved_position":
        c.improved.discard(hex_)
    elif kind == "fortification":
        del c.forts[hex_]
        for unit in state.units_at(hex_):
            unit.in_fort = False
    elif kind == "block":
        c.blocks.discard(hex_)


# --- airborne targets ----------------------------------------------------------------------


def note_target(state: TgxState, order: NoteTarget) -> list[object]:
    """A lift's target hex, noted after the opponent's barriers and before its counters
    [003 11.1]; any hex of the board (where it lands is the scatter's, 11.3-11.5)."""
    current = step(state)
    if not current.targets:
        raise IllegalOrder(f"no airborne targets are noted in this step ({current.describe()})")
    lifts = list(state.lifts)
    for i, lift in enumerate(lifts):
        if lift.carrier == order.carrier and lift.side is current.side:
            if not state.board.contains(order.hex):
                raise IllegalOrder(f"{order.hex} is not on the board")
            lifts[i] = replace(lift, target=order.hex)
            state.lifts = tuple(lifts)
            return [TargetNoted(current.side, order.carrier)]
    raise IllegalOrder(f"no lift {order.carrier} of {current.side.value}")


# --- by the seed, and the end of a step ----------------------------------------------------


def apply(state: TgxState, order: object) -> tuple[list[object], bool]:
    """Carry out a setup order: its events, and whether the setup phase is over."""
    if not in_setup(state):
        raise IllegalOrder("the setup is over: the game has begun")
    if not isinstance(order, SETUP_ORDERS):
        raise IllegalOrder(f"the sides are still setting up: {step(state).describe()}")
    if isinstance(order, PlaceUnit):
        return place_unit(state, order), False
    if isinstance(order, PlaceMarker):
        return place_marker(state, order), False
    if isinstance(order, NoteTarget):
        return note_target(state, order), False
    if isinstance(order, PlaceRest):
        return place_rest(state), False
    if isinstance(order, LoadAtSetup):
        return setup_loads.load(state, order), False
    if isinstance(order, UnloadAtSetup):
        return setup_loads.unload(state, order), False
    if isinstance(order, LeaveMarkers):
        return leave_markers(state, order), False
    assert isinstance(order, FinishSetup)
    return finish(state)


def place_rest(state: TgxState) -> list[object]:
    """The step's counters and markers not yet placed, by the seed: each counter on a legal
    hex of its area nearest `targets` (the victory hexes), ties in the seed's order, spread
    one a hex before any stacks (the loader's placement before the setup phase existed); each
    marker on a legal hex in the seed's order. A counter or marker with no legal hex left
    stays unplaced."""
    board = state.board
    targets = plan(state).objectives
    events: list[object] = []
    for unit_id in unplaced(state):
        unit = state.units[unit_id]
        hexes = sorted(plan(state).hexes[unit_id])
        state.dice.shuffle(hexes)
        if targets:
            hexes.sort(key=lambda h: min(board.distance(h, t) for t in targets))
        room = [h for h in hexes if not why_not_unit(state, unit, h)]
        if not room:
            continue
        empty = [h for h in room if state.stack_count(h) == 0]
        events += place_unit(state, PlaceUnit(unit_id, (empty or room)[0]))
    for index in step(state).allotments:
        hexes = sorted(plan(state).allotments[index].hexes)
        state.dice.shuffle(hexes)
        for hex_ in hexes:
            if markers_left(state, index) <= 0:
                break
            if not why_not_marker(state, index, hex_):
                events += place_marker(state, PlaceMarker(index, hex_))
    return events


def why_not_leave(state: TgxState, index: int) -> str:
    """Why the side may not leave the rest of an allotment off the board ('' when it may).

    Decision: a side may decline allotted mines, improved positions, fortifications and
    blocks. The rules let a side place them, never oblige it to: they "are placed as part of
    a side's setup instructions" [003 8.2-8.4], blocks "may be placed" [003 8.5], neutral
    counters "may or may not be placed during the course of a game" [003 8.0], and 10.1 and
    11.1 speak of the markers "provided by the scenario", as counters given, not orders;
    part C.6 lists the allotments among what a situation gives each side. A marker left
    stays off the board for the game; those placed already stay where they are."""
    allotments = plan(state).allotments
    if not 0 <= index < len(allotments):
        return f"no allotment {index + 1}"
    allotted = allotments[index]
    what = allotted.kind.replace("_", " ")
    if allotted.side is not step(state).side or index not in step(state).allotments:
        return f"the {what} allotment is not placed in this step ({step(state).describe()})"
    if markers_left(state, index) <= 0:
        return f"no {what} of the allotment is left to place"
    return ""


def leave_markers(state: TgxState, order: LeaveMarkers) -> list[object]:
    why = why_not_leave(state, order.allotment)
    if why:
        raise IllegalOrder(why)
    allotted = plan(state).allotments[order.allotment]
    count = markers_left(state, order.allotment)
    state.setup_left = state.setup_left | {order.allotment}
    return [MarkersLeft(allotted.side, allotted.kind, count)]


def why_not_finish(state: TgxState) -> str:
    """What the side must still place before it is done ('' when nothing).

    Decision: every counter of the step and every allotted neutral counter is placed
    [003 8.0 "placed as part of a side's setup instructions"], except those with no legal hex
    left or those the side chose to leave (`why_not_leave`); landing craft with no free
    all-sea hex stay off the map [003 10.2]."""
    missing = [
        u
        for u in unplaced(state)
        if any(not why_not_unit(state, state.units[u], h) for h in plan(state).hexes[u])
    ]
    if missing:
        return f"set up {', '.join(missing)} first (or place the rest by the seed)"
    for index in step(state).allotments:
        allotted = plan(state).allotments[index]
        if markers_left(state, index) > 0 and any(
            not why_not_marker(state, index, h) for h in allotted.hexes
        ):
            what = allotted.kind.replace("_", " ")
            return (
                f"place the {markers_left(state, index)} {what} left first (or leave them unplaced)"
            )
    return ""


def finish(state: TgxState) -> tuple[list[object], bool]:
    """End the step under way: the next step's side sets up, or the phase is over (True)."""
    why = why_not_finish(state)
    if why:
        raise IllegalOrder(why)
    done = step(state)
    state.setup_step += 1
    steps = plan(state).steps
    over = state.setup_step >= len(steps)
    following = "" if over else steps[state.setup_step].describe()
    if over:
        state.phase = Phase.ACTIVATION
        state.acting = Side.ALLIED
    else:
        state.acting = steps[state.setup_step].side
    return [SetupFinished(done.side, done.describe(), following)], over

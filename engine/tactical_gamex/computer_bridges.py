"""The computer player at temporary bridges [003 9.3]: it fires at a bridge the enemy's vehicles
stand on or need to cross toward their objectives or exit, with whatever non-I attack of its
side gives a fair chance of the X that alone destroys it, and never at a bridge its own
vehicles stand on or need. Every order is still tried on a copy of the game by
`computer._next` before it is given."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.tactical_gamex import attacks, bridge_fire, counter_battery, temporary_bridges
from engine.tactical_gamex.aircraft import aa_chances, aa_units
from engine.tactical_gamex.board import Board
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import AirAttack, CallArtillery, FireAtBridge, TgxOrder
from engine.tactical_gamex.spotting import spotted_hexes
from engine.tactical_gamex.state import TgxState, VictoryKind
from engine.tactical_gamex.units import Unit, Weapon
from schemas.vocabulary import Side

Offset = tuple[int, int]
FAIR_X = 1 / 3
"""The chance of an X (after the AA fire, or the battery's availability) from which a shot at a
bridge is worth its point: two faces of the die in six."""
BY_ITSELF = 0, 1, 2, 3
"""Ties at the same chance go to the attack that spends least: units' fire (the fewest units),
their indirect fire, a battery (once a turn), an aircraft (gone once flown)."""


def bridge_shots(
    state: TgxState, side: Side, ready: Sequence[Unit], *, carrying: bool
) -> Iterator[TgxOrder]:
    """The side's attacks on the temporary bridges the enemy uses, best chance of an X first,
    each at `FAIR_X` or better: with `carrying`, the bridges enemy vehicles stand on; without,
    the bridges the enemy's vehicles need to cross.

    Decisions [003 9.3, 8.0]: a temporary bridge is a neutral counter, no side's; the computer
    reads it as the enemy's when spotted enemy vehicles stand on it (an X takes them with it)
    or when spotted enemy vehicles need it to reach their side's objectives or exit (no other
    vehicle crossing joins them, `needs`), and as its own, never fired on, when its own
    vehicles stand on it or need it so: its own need wins. Infantry wade streams (6.3.9) and
    need no bridge.

    When no better target: a bridge carrying enemy vehicles (or guns) is fired on before the
    batteries' calls and the units' fire at units (its X destroys the vehicles on it as well
    as the crossing, more than the same fire at the vehicles could); a bridge only needed as
    a crossing comes after the attacks on units at 1:1 or better, and before an aircraft's
    attack on units (cutting the crossing holds up every vehicle behind it; the aircraft's one
    attack goes where it does most). Each shot is still only taken at `FAIR_X` or better."""
    counters = state.counters
    bridges = [
        h
        for h in sorted(counters.laid_bridges)
        if h in counters.bridge_defense and temporary_bridges.is_temporary(state, h)
    ]
    if not bridges:
        return
    enemy = Side.AXIS if side is Side.ALLIED else Side.ALLIED
    seen = spotted_hexes(state, side)
    theirs = [u for u in _vehicles(state, enemy) if u.hex in seen]
    mine = _vehicles(state, side)
    found: list[tuple[float, int, int, str, TgxOrder]] = []
    for hex_ in bridges:
        if any(u.hex == hex_ for u in mine) or needs(state, side, _moving(mine), hex_):
            continue
        carried = any(u.hex == hex_ for u in theirs)
        if carried is not carrying or (
            not carried and not needs(state, enemy, _moving(theirs), hex_)
        ):
            continue
        for chance, rank, order in _attacks_on(state, side, ready, hex_):
            if chance >= FAIR_X:
                count = len(order.units) if isinstance(order, FireAtBridge) else 1
                found.append((-chance, rank, count, order.describe(), order))
    for _, _, _, _, order in sorted(found, key=lambda f: f[:4]):
        yield order


def needs(state: TgxState, side: Side, vehicles: Sequence[Unit], hex_: Offset) -> bool:
    """Whether some of the side's vehicles can reach an objective or exit hex of their side
    with the bridge at `hex_` and none without it.

    Decision: the crossing is judged on the terrain alone: the hexes a vehicle of its movement
    class may enter, streams only at bridges (6.3.9), water never; hexside costs and units in
    the way are left out, being what changes from turn to turn or only slows a vehicle."""
    aims = _aims(state, side)
    if not aims or not vehicles:
        return False
    for move_class in sorted({u.type.move_class for u in vehicles}):
        over = _regions(state, move_class, None)
        cut = _regions(state, move_class, hex_)
        for unit in vehicles:
            if unit.type.move_class != move_class or unit.hex == hex_:
                continue
            assert unit.hex is not None
            with_it = {over.of(a) for a in aims} - {None}
            without = {cut.of(a) for a in aims} - {None}
            if over.of(unit.hex) in with_it and cut.of(unit.hex) not in without:
                return True
    return False


def _vehicles(state: TgxState, side: Side) -> list[Unit]:
    """The side's vehicles and guns on the board, not carried: what an X on a bridge takes."""
    return [
        u
        for u in state.iter_units(side)
        if u.hex is not None and u.carrier is None and u.type.is_vehicle
    ]


def _moving(vehicles: list[Unit]) -> list[Unit]:
    """Those that move by themselves (a towed gun crosses on its tower)."""
    return [u for u in vehicles if u.type.movement > 0]


def _aims(state: TgxState, side: Side) -> set[Offset]:
    """Where the side's vehicles head: its objective hexes and exit hexes.

    Decision: a side with neither (the defender) needs no crossing: it holds the enemy's
    objectives with what stands by them, and cutting the attacker's bridge is its part (only
    its vehicles on a bridge make a bridge its own)."""
    return {
        h
        for c in state.victory
        if c.side is side and c.kind in (VictoryKind.HOLD, VictoryKind.EXIT)
        for h in c.hexes
    }


class _Regions:
    """The connected regions of the hexes a vehicle of `move_class` may enter, the temporary
    bridge at `without` taken away; each labelled when first asked for (a whole board need
    not be walked for a few vehicles)."""

    def __init__(self, board: Board, bridges: frozenset[Offset], move_class: str) -> None:
        self.board, self.bridges, self.move_class = board, bridges, move_class
        self.label: dict[Offset, int] = {}
        self.marks = 0

    def _open(self, h: Offset) -> bool:
        effects = self.board.effects(h)
        if effects.water:
            return False
        if effects.stream:
            return h in self.bridges
        return effects.cost(self.move_class) is not None

    def of(self, h: Offset) -> int | None:
        """The region of `h`, None when a vehicle may not enter it."""
        if h in self.label:
            return self.label[h]
        if not self.board.contains(h) or not self._open(h):
            return None
        self.marks += 1
        self.label[h] = self.marks
        todo = [h]
        while todo:
            here = todo.pop()
            for n in self.board.neighbors(here):
                if n not in self.label and self._open(n):
                    self.label[n] = self.marks
                    todo.append(n)
        return self.marks


_KEPT: dict[tuple[int, frozenset[Offset], str], _Regions] = {}
"""Regions already labelled, by board, standing bridges and movement class: the board never
changes in a game and its bridges seldom, so the walk is not repeated at every order."""
KEPT_MAX = 64


def _regions(state: TgxState, move_class: str, without: Offset | None) -> _Regions:
    counters = state.counters
    standing = {h for h in state.board.bridges if h not in counters.destroyed_bridges}
    bridges = frozenset((standing | counters.laid_bridges) - {without})
    key = (id(state.board), bridges, move_class)
    kept = _KEPT.get(key)
    if kept is None or kept.board is not state.board:
        if len(_KEPT) >= KEPT_MAX:
            _KEPT.clear()
        kept = _KEPT[key] = _Regions(state.board, bridges, move_class)
    return kept


def _attacks_on(
    state: TgxState, side: Side, ready: Sequence[Unit], hex_: Offset
) -> Iterator[tuple[float, int, TgxOrder]]:
    """Every attack of the side on the bridge at `hex_`, each with its chance of an X and its
    rank in `BY_ITSELF`."""
    by_hex: dict[Offset, list[Unit]] = {}
    for unit in ready:
        if unit.hex is not None and unit.type.weapon not in (Weapon.I, Weapon.C_I):
            by_hex.setdefault(unit.hex, []).append(unit)
    yield from _direct(state, by_hex, hex_)
    for units in by_hex.values():
        yield from _indirect(state, side, units, hex_)
    yield from _battery(state, side, hex_)
    yield from _aircraft(state, side, hex_)


def _x(state: TgxState, attack: bridge_fire.BridgeAttack) -> float:
    return bridge_fire.result_chances(state, attack).get("X", 0.0)


def _direct(
    state: TgxState, by_hex: dict[Offset, list[Unit]], hex_: Offset
) -> Iterator[tuple[float, int, TgxOrder]]:
    """The units able to fire at the bridge, those of one hex together, and combined from two
    or three mutually adjacent hexes [003 6.4.1]."""
    able: dict[Offset, list[Unit]] = {}
    for here, units in by_hex.items():
        for unit in units:
            try:
                bridge_fire.direct_attack(state, [unit], hex_)
            except IllegalOrder:
                continue
            able.setdefault(here, []).append(unit)
    for group in attacks.firing_groups(state, sorted(able)):
        shooters = [u for h in group for u in able[h]]
        attack = bridge_fire.direct_attack(state, shooters, hex_)
        yield _x(state, attack), BY_ITSELF[0], FireAtBridge(tuple(u.id for u in shooters), hex_)


def _indirect(
    state: TgxState, side: Side, units: list[Unit], hex_: Offset
) -> Iterator[tuple[float, int, TgxOrder]]:
    guns = [u for u in units if attacks.indirect_capable(u) and u.type.attack > 0]
    if not guns:
        return
    firing = {u.id for u in guns}
    sighter = next(
        (
            u
            for u in sorted(state.iter_units(side), key=lambda u: (u.type.attack, u.id))
            if u.carrier is None
            and u.id not in firing
            and bridge_fire.why_not_sighter(state, u, hex_) is None
        ),
        None,
    )
    if sighter is None:
        return
    try:
        attack = bridge_fire.indirect_attack(state, guns, hex_, sighter)
    except IllegalOrder:
        return
    order = FireAtBridge(tuple(sorted(firing)), hex_, sighter.id)
    yield _x(state, attack), BY_ITSELF[1], order


def _battery(state: TgxState, side: Side, hex_: Offset) -> Iterator[tuple[float, int, TgxOrder]]:
    """A battery called on the bridge: its chance is to be available (2d6 at or under the
    nation's morale), then an X once on the hex [003 6.4.4, 9.3].

    Decision: the accuracy die is left out of the chance, and no point is spent on it: a call
    off the bridge hex still attacks the units where it lands (`bridge_fire.battery_lands`),
    at a crossing most often the enemy's waiting to cross, so the point is not lost; counted,
    it would keep every battery off every bridge (at most one call in three hits a hex, and
    the CRT's best X is one die in two). For the same reason the battery is not called while
    a unit of the side stands in or next to the bridge hex, where a scatter would fall on it."""
    board = state.board
    if any(u.side is side for h in (hex_, *board.neighbors(hex_)) for u in state.units_at(h)):
        return
    for battery in sorted(state.batteries.values(), key=lambda b: b.id):
        if battery.side is not side or battery.direct:
            continue
        if counter_battery.may_fire(state, battery) is not None:
            continue
        sighter = next(
            (
                u
                for u in sorted(state.iter_units(side), key=lambda u: (u.type.attack, u.id))
                if u.carrier is None and bridge_fire.why_not_sighter(state, u, hex_) is None
            ),
            None,
        )
        if sighter is None:
            return
        level = state.morale.get(battery.nation, 0)
        available = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= level) / 36
        attack = bridge_fire.battery_attack(state, battery, hex_)
        order = CallArtillery(battery.id, hex_, sighter.id, bridge=True)
        yield available * _x(state, attack), BY_ITSELF[2], order


def _aircraft(state: TgxState, side: Side, hex_: Offset) -> Iterator[tuple[float, int, TgxOrder]]:
    """Each non-I weapon of an available aircraft, through the AA fire over the bridge."""
    aa = sum(strength for _, strength in aa_units(state, side, hex_))
    through = aa_chances(state, aa).get("-", 0.0)
    for plane in sorted(state.aircraft.values(), key=lambda p: p.id):
        if plane.side is not side or plane.spotter or not plane.available(state.turn):
            continue
        for weapon in sorted(set(plane.attacks) - plane.used - {Weapon.I}):
            try:
                attack = bridge_fire.air_attack(state, plane, weapon, hex_)
            except IllegalOrder:
                continue
            order = AirAttack(plane.id, weapon.value, hex_, bridge=True)
            yield through * _x(state, attack), BY_ITSELF[3], order

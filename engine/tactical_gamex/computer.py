"""The computer player for Tactical GameX: a simple but legal opponent that plays its side's
impulses through the game's orders alone, with what its side can see (its own units and the
enemy units it has spotted), toward the situation's victory conditions, the same for a seed.

Each impulse it spends its points in this order: rally disrupted units; a unit into an empty
objective hex it can reach; an attacker's carried infantry set down next to an objective; its
batteries and indirect fire (`computer_artillery`), infantry that may assault a held objective
kept out of the fire; the attack with the best odds at 1:1 or better (fire from one hex
or combined from mutually adjacent hexes, or a close assault), attacks on objective hexes
first; a gun under rule 19 turns toward a target it then fires at 1:1; an engineer clears a
minefield or block next to it on its way; carriers load the infantry beside them when the
objective is far and unload it near; an attacker's units toward
the nearest objective hex it does not hold, then off the board by the exit edge (earlier, the
units an unmet exit condition needs once the turns left by their real movement are just enough,
`computer_exits`); a defender's
units into the objective hexes it must hold; units left with A or I weapons on opportunity
fire; then it ends the impulse. Under Battlefield Chaos it first plays the held cards that help
it (`chaos.sensible_plays`), and a die modifier just before an order whose first roll of its
own the modifier helps, or one on the enemy whose first roll it worsens (`computer_orders`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from engine.tactical_gamex import (
    attacks,
    chaos,
    computer_bridges,
    computer_engineers,
    computer_orders,
    counter_battery,
    field_of_fire,
    naval,
    sea,
)
from engine.tactical_gamex.combat import defense_of
from engine.tactical_gamex.computer_artillery import assault_party, battery_calls
from engine.tactical_gamex.computer_assault import fort_approaches, fort_attacks
from engine.tactical_gamex.computer_exits import RouteCache, exit_orders, exit_team
from engine.tactical_gamex.computer_transport import pickups
from engine.tactical_gamex.engineers import why_not_clear
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.game_special import TURNED
from engine.tactical_gamex.movement import IllegalOrder, path_to, reach
from engine.tactical_gamex.orders import (
    AirAttack,
    ClearObstacle,
    CloseAssault,
    CounterBattery,
    EndImpulse,
    ExitBoard,
    Fire,
    Load,
    MarkOpportunityFire,
    Move,
    NavalFire,
    PlayCard,
    Rally,
    TgxOrder,
    TurnGun,
    Unload,
)
from engine.tactical_gamex.setup_computer import set_up
from engine.tactical_gamex.spotting import spotted_hexes
from engine.tactical_gamex.state import Battery, Phase, TgxState, VictoryKind
from engine.tactical_gamex.tables import final_column
from engine.tactical_gamex.units import ENGINEER, MG, Marker, Unit, Weapon
from schemas.vocabulary import Direction, Side

Offset = tuple[int, int]
GOOD_ODDS = 2
"""1:1, the worst column the computer attacks at."""
STRONG_ODDS = 4
"""3:1, at which an attacker's unit fires whatever its distance to the objective."""
LAST_RESORT_ODDS = 0
"""1:3, the worst column there is: an attacker's unit with nothing better to do attacks at it."""
FIRE_ZONE = 4
"""An attacker's units within this many hexes of an objective fire at 1:1 and better."""
UNLOAD_DISTANCE = 2
HURRY_DISTANCE = 4
"""Infantry farther than this from its goal marches at quick time (rule 15) if allowed."""
QUICK_TIME = "quick_time"


@dataclass
class TgxComputerPlayer:
    """Plays one side; `play_impulse` gives that side's orders until its impulse ends."""

    side: Side
    routes: RouteCache = field(default_factory=dict, repr=False, compare=False)
    """The ways to the exit edge found so far (`computer_exits`)."""
    ways: computer_engineers.WayCache = field(default_factory=dict, repr=False, compare=False)
    """The ways to its targets past the obstacles (`computer_engineers`)."""
    engineers: computer_engineers.Plan = field(
        default_factory=computer_engineers.Plan, repr=False, compare=False
    )

    def play_impulse(self, game: TacticalGame) -> list[TgxOrder]:
        """Give orders while the side acts in this impulse (or its setup step before turn 1,
        `setup_computer`); the orders given."""
        if game.phase is Phase.SETUP:
            return set_up(game, self.side)
        given: list[TgxOrder] = []
        turn = game.turn
        while not game.is_over and game.acting is self.side and game.turn == turn:
            order = self._next(game)
            game.apply(order)
            given.append(order)
            if isinstance(order, EndImpulse):
                break
        return given

    def _next(self, game: TacticalGame) -> TgxOrder:
        self.engineers = computer_engineers.plan(game.state, self.side, self.ways)
        for order in self._candidates(game):
            if self.engineers.holds_back(order):
                continue  # [003 8.2, 9.1] the obstacle an engineer clears in time
            try:
                drawn = _dry_run(game, order)
            except IllegalOrder:
                continue
            return computer_orders.card_to_play(game.state, self.side, drawn) or order  # [24.5]
        return EndImpulse()

    def _candidates(self, game: TacticalGame) -> Iterator[TgxOrder]:
        state = game.state
        yield from chaos.sensible_plays(state, self.side)  # held cards first [003 24.5]
        mine = [u for u in state.iter_units(self.side) if u.carrier is None]
        fresh = [u for u in mine if u.marker is None]
        # [003 4.4] the units an exit condition needs now go first (before a rally spends the
        # points they need), and fight no more
        leaving = exit_orders(state, fresh, exit_team(state, self.side, fresh, self.routes))
        yield from leaving.values()
        for unit in fresh:
            if unit.disrupted:
                assert unit.hex is not None
                yield Rally(unit.hex)
        yield from self.engineers.orders  # ashore and next to the obstacle barring the way
        goals = _goals(state, self.side)
        # [003 19.3] a gun turned this impulse still fires in the same activation
        turned = [
            u for u in mine if u.marker is Marker.MOVED and state.activity.get(u.id) == TURNED
        ]
        ready = [u for u in fresh if not u.disrupted and u.id not in leaving]
        yield from _take_empty_goals(game, ready, goals)
        attacking = _attacking(state, self.side)
        targets = [g for g in goals if not _own_hex(state, g, self.side)]
        if attacking:
            yield from pickups(state, self.side, goals)
            # infantry carried next to an objective gets down before the fire: it takes hexes
            for unit in ready:
                if unit.passenger and _nearest(state, unit.hex, goals) <= UNLOAD_DISTANCE:
                    yield Unload(unit.id)
            # a carrier that fired could not set its infantry down this turn [003 5.2.3]
            ready = [u for u in ready if u.passenger is None]
        ready += turned
        # [003 6.4.3, 6.4.4] artillery first: a garrison it disrupts defends at -1 and does not
        # fire back at the assault that follows [003 6.3.5, 7.2]
        points = 1 if state.pool_pending else game.points_left  # [003 24.1] drawn at the order
        yield from computer_bridges.bridge_shots(state, self.side, ready, carrying=True)
        yield from battery_calls(state, self.side, goals, points, game.log)
        yield from computer_orders.indirect_shots(state, self.side, ready, goals)  # stressed
        if attacking:  # [003 8.4] a garrisoned fortification: fire for the X, then go in
            yield from fort_attacks(game, ready, goals, last_turn=state.turn >= state.last_turn)
        # an attacker's units far from their objective advance rather than fire, but at 3:1
        # infantry that can assault a held objective keeps its activity for it [003 6.4.6]
        reserved = assault_party(state, self.side, ready, goals) if attacking else set()
        firing = [u for u in ready if u.id not in reserved] + computer_orders.kept(state, self.side)
        near = [
            u
            for u in firing
            if not attacking or not goals or _nearest(state, u.hex, goals) <= FIRE_ZONE
        ]
        for units, odds in ((firing, STRONG_ODDS), (near, GOOD_ODDS)):
            best = _best_attack(state, self.side, units, odds)
            if best is not None:
                yield best
        yield from computer_bridges.bridge_shots(state, self.side, firing, carrying=False)
        yield from _gun_turns(state, self.side, [u for u in ready if u.marker is None])
        if attacking:
            yield from _assaults_on_goals(game, ready, goals)
        yield from _air_attacks(state, self.side)
        yield from _support_fire(state, self.side)
        yield from computer_orders.interdictions(state, self.side, ready)  # no better target
        yield from self.engineers.clears  # after the fire that may silence its cover
        yield from _clearings(state, ready, goals)
        if attacking:
            yield from fort_approaches(game, ready, goals)
        exits = _exit_hexes(state, self.side)
        for unit in fresh:
            if unit.disrupted or unit.type.movement < 1:
                continue
            assert unit.hex is not None
            if unit.hex in exits and _objectives_held(state, self.side):
                yield ExitBoard(unit.id)
            close = bool(goals) and _nearest(state, unit.hex, goals) <= UNLOAD_DISTANCE
            if unit.passenger and (close or sea.is_landing_craft(unit.type)):
                yield Unload(unit.id)  # a landing craft sets its units down on the beach
            far = bool(goals) and _nearest(state, unit.hex, goals) > UNLOAD_DISTANCE + 1
            if unit.type.is_transport and not unit.passenger and far:
                for rider in fresh:
                    if rider.hex == unit.hex and rider.type.is_infantry:
                        yield Load(unit.id, rider.id)
            if unit.type.attack == 0 and not unit.passenger:
                continue  # an empty transport stays out of harm's way
            target = _goal_for(state, unit, goals, exits)
            if target is None or unit.hex == target:
                continue
            if _may_hurry(state, unit, target):
                hurried = _step_toward(game, unit, target, quick=True)
                if hurried is not None:
                    yield Move(unit.id, hurried, quick_time=True)
            yield from computer_orders.advance(state, unit, target)  # near contact [003 18.1]
            step = _step_toward(game, unit, target)
            if step is not None:
                yield Move(unit.id, step)
        if attacking and targets:
            # An attacker's unit left with nothing better still attacks at any column: neither
            # fire nor a close assault costs the attacker anything but the unit's activity
            # [003 6.3.4, 6.4.6], and a unit that waits does not take the objective.
            idle = [u for u in ready if u.marker is None]
            last = _best_attack(state, self.side, idle, LAST_RESORT_ODDS, LAST_RESORT_ODDS)
            if last is not None:
                yield last
        for unit in fresh:
            if not unit.disrupted and unit.type.weapon in (Weapon.A, Weapon.I):
                yield MarkOpportunityFire((unit.id,))


def _take_empty_goals(
    game: TacticalGame, ready: list[Unit], goals: list[Offset]
) -> Iterator[TgxOrder]:
    """Moves into objective hexes no unit holds, that a ready unit can reach now."""
    state = game.state
    empty = [g for g in goals if not state.units_at(g)]
    if not empty:
        return
    for unit in ready:
        if unit.type.movement < 1 or unit.hex in goals:
            continue
        assert unit.hex is not None
        if _nearest(state, unit.hex, empty) > unit.type.movement:
            continue
        options = reach(state, unit)
        for goal in empty:
            if goal in options:
                path = path_to(game.state, unit, goal)
                if path is not None:
                    yield Move(unit.id, path)


def _clearings(state: TgxState, ready: list[Unit], goals: list[Offset]) -> Iterator[TgxOrder]:
    """An engineer next to a minefield or block on its way (nearer its objective than it
    stands) clears it [003 9.1], by the same check as the order's (`why_not_clear`)."""
    counters = state.counters
    for unit in ready:
        if unit.hex is None or not goals:
            continue
        here = _nearest(state, unit.hex, goals)
        for hex_ in sorted(state.board.neighbors(unit.hex)):
            if hex_ not in counters.mines and hex_ not in counters.blocks:
                continue
            if _nearest(state, hex_, goals) < here and why_not_clear(state, unit, hex_) is None:
                yield ClearObstacle(unit.id, hex_)


def _air_attacks(state: TgxState, side: Side) -> Iterator[TgxOrder]:
    """An available aircraft's attacks: (H) on the spotted enemy hex with the most units, a
    direct weapon on the spotted enemy unit it hits hardest."""
    seen = sorted(spotted_hexes(state, side))
    if not seen:
        return
    crowd = max(seen, key=lambda h: (len(state.units_at(h)), h))
    for plane in state.aircraft.values():
        if plane.side is not side or not plane.available(state.turn):
            continue
        for weapon in sorted(set(plane.attacks) - plane.used):
            if weapon is Weapon.H_INDIRECT:
                yield AirAttack(plane.id, weapon.value, crowd)
                continue
            for hex_ in seen:
                for target in state.units_at(hex_):
                    if target.carrier is None:
                        yield AirAttack(plane.id, weapon.value, hex_, (target.id,))


def _support_fire(state: TgxState, side: Side) -> Iterator[TgxOrder]:
    """Counter-battery fire at 1:1 or better on a revealed enemy battery [003 6.4.4], and
    naval fire from the sea edge at 1:1 or better on a spotted enemy hex [003 10.5]."""
    for battery in state.batteries.values():
        if battery.side is not side:
            continue
        if battery.direct:
            yield from _naval_shots(state, battery)
            continue
        for target in state.batteries.values():
            if counter_battery.why_not(state, battery, target) is not None:
                continue
            attack = counter_battery.strength(state, battery, target, False)
            defense = sum(u.type.defense for u in counter_battery.counters_of(state, target))
            if (final_column(attack, defense) or 0) >= GOOD_ODDS:
                yield CounterBattery(battery.id, target.id)


def _naval_shots(state: TgxState, support: Battery) -> Iterator[TgxOrder]:
    if support.fired:
        return
    edge = [h for h in state.board.terrain if naval.edge_sea(state, h)]
    for hex_ in sorted(spotted_hexes(state, support.side)):
        targets = [u for u in state.units_at(hex_) if u.carrier is None]
        for from_hex in sorted(edge, key=lambda h: state.board.distance(h, hex_)):
            try:
                spec = naval.naval_spec(state, support, from_hex, targets)
            except IllegalOrder:
                continue
            if (final_column(spec.attack, spec.defense) or 0) >= GOOD_ODDS:
                yield NavalFire(support.id, from_hex, tuple(t.id for t in targets))
            break


def _assaults_on_goals(
    game: TacticalGame, ready: list[Unit], goals: list[Offset]
) -> Iterator[TgxOrder]:
    """Close assaults on enemy-held objective hexes by the infantry that can walk next to them
    this activation (no road rate), at 2:1 or better on printed strengths [003 6.4.6]."""
    state = game.state
    board = state.board
    if not ready:
        return
    for goal in goals:
        defenders = [u for u in state.units_at(goal) if u.carrier is None]
        if not defenders or defenders[0].side is ready[0].side:
            continue
        if all(d.in_fort for d in defenders):
            continue  # [003 8.4] only an X takes a fort: `computer_assault` judges it
        ring = [h for h in board.neighbors(goal) if not state.enemy_at(h, defenders[0].side)]
        chosen: list[Unit] = []
        paths: list[tuple[Offset, ...]] = []
        for unit in ready:
            if not unit.type.is_infantry or unit.type.has(MG) or unit.transported:
                continue
            assert unit.hex is not None
            if unit.hex in ring:
                chosen.append(unit)
                paths.append(())
                continue
            options = reach(state, unit)
            spots = sorted(h for h in ring if h in options)
            for spot in spots:
                path = path_to(game.state, unit, spot)
                if path is not None and not attacks.uses_road_rate(state, unit, path):
                    chosen.append(unit)
                    paths.append(path)
                    break
        if not chosen:
            continue
        attack = sum(u.type.attack for u in chosen)
        defense = sum(defense_of(state, d) for d in defenders)
        ends = [path[-1] if path else u.hex for u, path in zip(chosen, paths, strict=True)]
        column = final_column(attack, defense, _engineer_shift(chosen, ends))
        # a garrison the artillery has disrupted does not fire at the approach and defends
        # at -1 [003 6.3.5, 7.2]: then 1:1 is worth the walk
        prepared = all(d.disrupted for d in defenders)
        if column is not None and column >= GOOD_ODDS + (0 if prepared else 1):
            yield CloseAssault(tuple(u.id for u in chosen), goal, tuple(paths))


def _engineer_shift(chosen: list[Unit], ends: list[Offset | None]) -> int:
    """One column right when an engineer ends its approach stacked with a non-engineer rifle
    unit that assaults too [003 6.4.6, 9.0] (the order's own check is `close_assault_spec`)."""
    rifles = {
        end
        for u, end in zip(chosen, ends, strict=True)
        if not u.type.has(MG) and not u.type.has(ENGINEER)
    }
    return int(
        any(u.type.has(ENGINEER) and end in rifles for u, end in zip(chosen, ends, strict=True))
    )


def _dry_run(game: TacticalGame, order: TgxOrder) -> list[object]:
    """IllegalOrder when the game would refuse the order (checked on a copy of the state);
    else what the Action Deck did on the copy (nothing with dice)."""
    state = game.state
    trial = TacticalGame.__new__(TacticalGame)
    trial.state = state.copy()
    trial.log, trial.orders, trial.result, trial._checkpoints = [], [], None, []
    drawn: list[object] = []
    if trial.state.pool_pending and not isinstance(order, EndImpulse | PlayCard):
        drawn += chaos.draw_pool(trial.state)  # [003 24.1] the pool a real order draws first
    trial._dispatch(order)
    return drawn + chaos.drain(trial.state)


def _attacking(state: TgxState, side: Side) -> bool:
    """Whether the side has hexes to take (its own hold conditions)."""
    return any(c.side is side and c.kind is VictoryKind.HOLD for c in state.victory)


def _best_attack(
    state: TgxState, side: Side, ready: list[Unit], odds: int, assault: int | None = None
) -> TgxOrder | None:
    """The attack with the best column at `odds` or better (a close assault at `assault`, one
    column more by default) against spotted enemies: fire from the
    units of one hex or combined from two or three mutually adjacent hexes [003 6.4.1] (at the
    same column, the fewest units), or infantry adjacent to the target (close assault, preferred
    to fire at the same column for its -2 DRM [003 6.4.6])."""
    seen = spotted_hexes(state, side)
    goals = set(_goals(state, side))
    best: tuple[bool, int, bool, float, int, TgxOrder] | None = None
    by_hex: dict[Offset, list[Unit]] = {}
    for unit in ready:
        assert unit.hex is not None
        by_hex.setdefault(unit.hex, []).append(unit)
    groups = attacks.firing_groups(state, sorted(by_hex))
    for target_hex in sorted(seen):
        defenders = [u for u in state.units_at(target_hex) if u.carrier is None]
        if not defenders:
            continue
        for group in groups:
            shooters = [
                u for h in group for u in by_hex[h] if _can_fire(state, u, target_hex, defenders)
            ]
            if not shooters or not {u.hex for u in shooters} >= set(group):
                continue  # a group is tried only when every hex of it fires
            try:
                spec = attacks.direct_fire_spec(state, shooters, defenders)
            except IllegalOrder:
                continue
            column = final_column(spec.attack, spec.defense, spec.shifts)
            if column is not None and column >= odds:
                key = (target_hex in goals, column, False, -spec.defense, -len(shooters))
                if best is None or key > best[:5]:
                    order = Fire(tuple(u.id for u in shooters), tuple(d.id for d in defenders))
                    best = (*key, order)
        for here, units in sorted(by_hex.items()):
            infantry = [
                u for u in units if u.type.is_infantry and state.board.adjacent(here, target_hex)
            ]
            if infantry:
                try:
                    spec = attacks.close_assault_spec(state, infantry, target_hex)
                except IllegalOrder:
                    continue
                column = final_column(spec.attack, spec.defense, spec.shifts)
                if column is not None and column >= (odds + 1 if assault is None else assault):
                    key = (target_hex in goals, column, True, -spec.defense, -len(infantry))
                    if best is None or key > best[:5]:
                        best = (*key, CloseAssault(tuple(u.id for u in infantry), target_hex))
    return best[5] if best else None


def _gun_turns(state: TgxState, side: Side, ready: list[Unit]) -> Iterator[TgxOrder]:
    """Turns of guns under rule 19 with no 1:1 shot in their arc toward a spotted enemy hex
    they would fire at 1:1 or better once turned [003 19.3] (the turn is refused, and the
    next tried, where a large gun may not turn that far)."""
    seen = sorted(spotted_hexes(state, side))
    for unit in ready:
        if not field_of_fire.turns_under_rule(state, unit) or unit.disrupted:
            continue
        if _best_attack(state, side, [unit], GOOD_ODDS) is not None:
            continue
        for target_hex in seen:
            defenders = [u for u in state.units_at(target_hex) if u.carrier is None]
            if not defenders or not _can_fire(state, unit, target_hex, defenders):
                continue
            for facing in Direction:
                if facing.value == unit.facing:
                    continue
                turned = replace(unit, facing=facing.value)
                try:
                    spec = attacks.direct_fire_spec(state, [turned], defenders)
                except IllegalOrder:
                    continue
                column = final_column(spec.attack, spec.defense, spec.shifts)
                if column is not None and column >= GOOD_ODDS:
                    yield TurnGun(unit.id, facing.value)


def _can_fire(state: TgxState, unit: Unit, hex_: Offset, defenders: list[Unit]) -> bool:
    assert unit.hex is not None
    distance = state.board.distance(unit.hex, hex_)
    return unit.type.attack > 0 and distance <= max(unit.type.range * 2, 1)


def _goals(state: TgxState, side: Side) -> list[Offset]:
    """Hexes to take (own hold conditions) or to keep (the enemy's)."""
    own = [
        h for c in state.victory if c.side is side and c.kind is VictoryKind.HOLD for h in c.hexes
    ]
    if own:
        return sorted(set(own))
    return sorted(
        {
            h
            for c in state.victory
            if c.side is not side and c.kind is VictoryKind.HOLD
            for h in c.hexes
        }
    )


def _exit_hexes(state: TgxState, side: Side) -> set[Offset]:
    return {
        h for c in state.victory if c.side is side and c.kind is VictoryKind.EXIT for h in c.hexes
    }


def _own_hex(state: TgxState, hex_: Offset, side: Side) -> bool:
    here = state.units_at(hex_)
    return bool(here) and all(u.side is side for u in here)


def _objectives_held(state: TgxState, side: Side) -> bool:
    hexes = [
        h for c in state.victory if c.side is side and c.kind is VictoryKind.HOLD for h in c.hexes
    ]
    return all(state.units_at(h) and state.units_at(h)[0].side is side for h in hexes)


def _nearest(state: TgxState, hex_: Offset | None, goals: list[Offset]) -> int:
    assert hex_ is not None
    return min(state.board.distance(hex_, g) for g in goals)


def _goal_for(
    state: TgxState, unit: Unit, goals: list[Offset], exits: set[Offset]
) -> Offset | None:
    """Where the unit heads: the nearest objective hex its side does not occupy, the exit edge
    once every objective is held, or nowhere (a defender already in place stays)."""
    assert unit.hex is not None
    here = unit.hex
    open_goals = [g for g in goals if not any(u.side is unit.side for u in state.units_at(g))]
    if here in goals and not any(g for g in open_goals if state.board.distance(here, g) <= 1):
        return None
    if open_goals:
        return min(open_goals, key=lambda g: (state.board.distance(here, g), g))
    if exits and _objectives_held(state, unit.side):
        return min(exits, key=lambda g: (state.board.distance(here, g), g))
    return None


def _may_hurry(state: TgxState, unit: Unit, target: Offset) -> bool:
    """Infantry far from its goal marches at quick time when the situation allows it."""
    assert unit.hex is not None
    return (
        QUICK_TIME in state.options
        and unit.type.is_infantry
        and not unit.type.has(MG)
        and state.board.distance(unit.hex, target) > HURRY_DISTANCE
    )


def _step_toward(
    game: TacticalGame, unit: Unit, target: Offset, *, quick: bool = False
) -> tuple[Offset, ...] | None:
    """The path to the reachable hex nearest the target (then the cheapest), or None."""
    state = game.state
    assert unit.hex is not None
    here = state.board.distance(unit.hex, target)
    options = reach(state, unit, quick=quick)
    if not options:
        return None
    end = min(options, key=lambda h: (state.board.distance(h, target), options[h], h))
    if state.board.distance(end, target) >= here:
        return None
    return path_to(state, unit, end, quick=quick)

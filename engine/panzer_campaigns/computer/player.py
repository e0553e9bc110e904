"""The computer player that carries out the scenario's A/I orders for one side: it rests worn
units, moves each unit by the order in force for its organization, fires where its fire is
expected to hurt most, assaults when the odds are good enough for the side's aggressiveness, and
digs in what holds ground. Every order goes through the `Game` methods a human uses, checked with
the game's queries first, and is kept with its reason in `last_reasons`."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial

from engine.panzer_campaigns.ai_orders import aggressiveness
from engine.panzer_campaigns.command import nominal_command_range
from engine.panzer_campaigns.computer.command_range import commanded, hq_post, leash_of
from engine.panzer_campaigns.computer.decision import Decision
from engine.panzer_campaigns.computer.intent import (
    Intent,
    garrisons,
    nearest_target,
    ordered_intent,
    standing_plan,
)
from engine.panzer_campaigns.computer.known_world import KnownObjective, KnownWorld
from engine.panzer_campaigns.computer.tactics import (
    SUPPORT_STANDOFF,
    assault_is_good,
    best_fire,
    is_support,
    is_tired,
    step_toward,
    tired_by_acting_tonight,
)
from engine.panzer_campaigns.events import Event
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.orders import Assault
from schemas.panzer_campaigns.ai_orders import Stance
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import Side

Offset = tuple[int, int]

RESERVE_LEASH = 4
"""How far (hexes) a reserve may stand from its target before it moves back toward it."""

ASSAULT_CONTACT = 2
"""An attacking unit this near its target (hexes) stops to fight rather than march on."""

GRAB_REACH = 3
"""How near (hexes) an undefended objective must be for a unit to take it on its way."""

TRAVEL_SAFETY = 6
"""How far (hexes) the nearest known enemy must be for a unit to take Travel Mode."""

MAX_FIRES = 6
"""The most fires one unit gives in a player turn: a guard, since each costs at least a sixth
of its Movement Allowance [000 5.1] and the game refuses a fire it cannot pay for."""


PHASED_REFUSAL = (
    "the computer player does not play phased games (Manual Defensive Fire [000 13.3]) yet; "
    "play this scenario without that optional rule, or play the side by hand"
)


class ComputerPlayer:
    """Plays one side by the scenario's A/I orders and aggressiveness, deterministic for a seed.

    `last_reasons` holds the decisions of the last (or current) player turn, `decisions` every
    one so far: for each order given, and for each unit left alone on purpose, the reason.
    """

    def __init__(self, side: Side, *, seed: int = 0) -> None:
        self.side = side
        self.seed = seed
        self.decisions: list[Decision] = []
        self.last_reasons: list[Decision] = []

    def turn(self, game: Game) -> Iterator[list[Event]]:
        """Give this side's orders for the current player turn one at a time, through the
        same Game methods a human uses, yielding each order's events as it is carried out.
        It does not end the player turn (the caller calls game.end_player_turn()). Stopping
        the iteration at any point leaves a legal game."""
        self.last_reasons = []
        if game.is_over or game.phasing is not self.side:
            return
        # Phased play (Manual Defensive Fire [000 13.3]) has phases this player does not yet
        # walk: it refuses rather than give orders in the wrong phase.
        if game.is_phased:
            raise ValueError(PHASED_REFUSAL)
        # Its own generator, seeded by seed, turn and side: a turn plays the same whether or
        # not the turns before it were stopped half-way.
        rng = random.Random(f"{self.seed}:{game.turn}:{self.side.value}")
        yield from _Turn(self, game, rng).play()

    def _note(self, decision: Decision) -> None:
        self.decisions.append(decision)
        self.last_reasons.append(decision)


class _Turn:
    """One player turn of a `ComputerPlayer`: the passes over the side's units in order."""

    def __init__(self, player: ComputerPlayer, game: Game, rng: random.Random) -> None:
        self.player = player
        self.game = game
        self.rng = rng
        self.side = player.side
        self.boldness = aggressiveness(game.state.scenario, self.side)
        self.world = KnownWorld.of(game, self.side)
        ordered = {u.id: ordered_intent(game, self.world, u) for u in self.world.own}
        free = [u for u in self.world.own if ordered[u.id] is None]
        posts = garrisons(self.world, free, is_support)
        self.intents: dict[str, Intent] = {
            u.id: ordered[u.id] or standing_plan(self.world, u, posts.get(u.id))
            for u in self.world.own
        }
        self._back_to_supply()
        self.done: set[str] = set()
        """Units given an order, or left alone on purpose, this turn."""
        self.crowd: Counter[Offset] = Counter()
        """The side's units per hex, kept up to date over the marches."""
        self.finished: set[str] = set()
        """Of those, the units that may do nothing more this turn: resting, assaulting,
        digging in, leaving the map. A unit that only moved may still fire."""

    def _back_to_supply(self) -> None:
        """An Isolated unit [000 10.1] under an attack, move or reserve order falls back toward
        the nearest headquarters of its side instead, to get back its supply and command."""
        isolated = set(self.game.isolated_units(self.side))
        hqs = [u for u in self.world.own if u.is_hq and u.id not in isolated]
        for unit_id in sorted(isolated & set(self.intents)):
            intent = self.intents[unit_id]
            if intent.stance not in (Stance.ATTACK, Stance.MOVE, Stance.RESERVE) or not hqs:
                continue
            here = self.world.offsets[unit_id]
            hq = min(hqs, key=lambda u: (self.world.distance(here, self.world.offsets[u.id]), u.id))
            self.intents[unit_id] = Intent(
                Stance.MOVE, (self.world.offsets[hq.id],), f"Isolated: back toward {hq.id}"
            )

    # --- the passes -------------------------------------------------------------------------

    def play(self) -> Iterator[list[Event]]:
        self._rest()
        yield from self._exits()
        yield from self._modes()
        yield from self._marches()
        yield from self._fires(assaulters_wait=True)
        yield from self._assaults()
        yield from self._fires(assaulters_wait=False)
        yield from self._dig_in()

    def _rest(self) -> None:
        """Disrupted, Broken and tired units give no order, so they recover.

        Decisions: recovering from Disrupted or Broken [000 9.1, 9.2] asks for no rest in the
        manual, but such a unit fights at a disadvantage and never advances after an assault
        [000 6.3], and firing or moving draws the enemy's fire on it, so the computer leaves
        it alone until it has recovered, in any stance (a hold order included: it stays). High
        or Maximum fatigue [000 9.3] recovers only after a full game turn without action
        [000 9.3, 12.0], which resting gives it. Under Night Fatigue a unit rests at night when
        acting could bring it to High fatigue (`tired_by_acting_tonight`) [000 9.3]."""
        for unit in self.world.own:
            why = None
            if unit.broken:
                why = "rests: Broken"
            elif unit.disrupted:
                why = "rests: Disrupted, so it may recover"
            elif is_tired(self.game, unit):
                why = "rests: its fatigue is high"
            elif tired_by_acting_tonight(self.game, unit):
                why = "rests: acting tonight could tire it (Night Fatigue)"
            if why is not None:
                self._leave(unit.id, why)

    def _exits(self) -> Iterator[list[Event]]:
        """Units under an exit order standing on their exit objective leave the map [000 3.4]."""
        for unit_id, intent in self._units(Stance.EXIT):
            here = self.world.offsets[unit_id]
            exit_ok = any(
                o.is_exit and o.hex == here and o.owner is self.side for o in self.world.objectives
            )
            if intent.exit_here and here in intent.targets and exit_ok:
                yield self._order(unit_id, partial(self.game.exit_unit, unit_id), intent.why)

    def _modes(self) -> Iterator[list[Event]]:
        """Units under a move or exit order with far to go and no enemy known within
        TRAVEL_SAFETY hexes take Travel Mode, fast on roads [000 4.1]; units in Travel Mode
        deploy when the enemy is that near or they are at their target."""
        for unit_id, intent in self._units():
            unit = self.game.unit(unit_id)
            here = self.world.offsets[unit_id]
            enemy = self.world.nearest_enemy(here)
            safe = enemy is None or enemy > TRAVEL_SAFETY
            distance = self.world.distance(here, nearest_target(self.world, here, intent))
            if unit.mode is Mode.DEPLOYED:
                wanted = intent.stance in (Stance.MOVE, Stance.EXIT) and safe and distance > 2
                mode, why = Mode.TRAVEL, f"no enemy in reach ({intent.why})"
            elif unit.mode is Mode.TRAVEL:
                wanted = not safe or (distance <= 1 and intent.stance is not Stance.EXIT)
                mode = Mode.DEPLOYED
                why = f"the enemy is near ({intent.why})" if not safe else intent.why
            else:
                continue
            if not wanted or self.game.why_not_change_mode(unit_id, mode) is not None:
                continue
            # A mode change is not the unit's order for the turn: it may still move.
            yield self._carry(unit_id, partial(self._mode_order, unit_id, mode), why)

    def _marches(self) -> Iterator[list[Event]]:
        """Units not yet at grips with the enemy move by their intent; an attacking or moving
        unit that can reach an objective its side does not hold, with no enemy seen on it,
        within GRAB_REACH hexes takes it on the way (one unit per objective). The units move
        first, each ending in its HQ's command range where it can (`leash_of`), and then the
        HQs, each to cover its units (`hq_post`) [000 9.1].

        Decision: a unit under a move or exit order with no enemy known within TRAVEL_SAFETY
        hexes marches on out of its HQ's range, as a column on the road does; everywhere
        else the command range holds it back."""
        claimed: set[Offset] = set()
        under = commanded(self.game, self.world)
        self.crowd = Counter(self.world.offsets.values())
        units = list(self._units())
        for unit_id, intent in [u for u in units if u[0] not in under]:
            if unit_id not in self.done and self._still_orderable(unit_id):
                yield from self._march(unit_id, intent, claimed)
        for unit_id, intent in [u for u in units if u[0] in under]:
            if unit_id not in self.done and self._still_orderable(unit_id):
                yield from self._post_hq(unit_id, intent, under[unit_id])

    def _march(self, unit_id: str, intent: Intent, claimed: set[Offset]) -> Iterator[list[Event]]:
        here = self.world.offsets[unit_id]
        goal = nearest_target(self.world, here, intent)
        distance = self.world.distance(here, goal)
        stance = intent.stance
        if stance is Stance.ATTACK and self._in_contact(unit_id, goal):
            return  # it fights from here: fire and assault passes
        if stance is Stance.RESERVE and distance <= RESERVE_LEASH:
            return
        if stance is Stance.HOLD and not intent.targets:
            return
        if distance == 0:
            return
        if stance in (Stance.DEFEND, Stance.HOLD) and self.world.nearest_enemy(here) == 1:
            return  # hold never gives ground, and a defender in contact fights
        support = is_support(self.game.unit(unit_id))
        if stance in (Stance.ATTACK, Stance.MOVE) and not support:
            grab = self._undefended_objective(unit_id, claimed)
            path = self.game.path_to(unit_id, grab.hex) if grab is not None else []
            if grab is not None and path:
                claimed.add(grab.hex)
                why = f"takes {grab.id}, undefended, on the way ({intent.why})"
                yield self._moved(unit_id, path, why)
                return
        standoff = SUPPORT_STANDOFF if support else 0
        if support and stance is Stance.ATTACK and distance <= SUPPORT_STANDOFF:
            return  # guns and HQs support an attack from behind it
        enemy = self.world.nearest_enemy(here)
        marching = stance in (Stance.MOVE, Stance.EXIT) and (enemy is None or enemy > TRAVEL_SAFETY)
        leash = None if marching else leash_of(self.game, self.world, unit_id)
        path = step_toward(
            self.game,
            self.world,
            unit_id,
            goal,
            self.rng,
            standoff=standoff,
            leash=leash,
            crowd=self.crowd,
        )
        if not path:
            if leash is not None and step_toward(
                self.game, self.world, unit_id, goal, self.rng, standoff=standoff
            ):
                why = f"stays in its HQ's command range ({intent.why})"
                self.player._note(Decision(self.game.turn, unit_id, None, why))
            return
        end = path[-1]
        why = f"{intent.why} ({self.world.distance(end, goal)} hexes to go)"
        yield self._moved(unit_id, path, why)

    def _moved(self, unit_id: str, path: list[Offset], why: str) -> list[Event]:
        """Move a unit, keeping the count of the side's units per hex (`crowd`) up to date."""
        here = self.world.offsets[unit_id]
        events = self._order(unit_id, partial(self.game.move, unit_id, path), why)
        self.crowd[here] -= 1
        there = self.world.offsets.get(unit_id)
        if there is not None:
            self.crowd[there] += 1
        return events

    def _post_hq(self, hq_id: str, intent: Intent, units: list[str]) -> Iterator[list[Event]]:
        """An HQ moves to keep its units in its command range (`hq_post`); under a hold order
        it stays, as every unit so ordered does, and so does an HQ defending an objective it
        alone stands on: an HQ holds a hex as any unit does [000 3.4], and the hex would be
        left empty."""
        if intent.stance is Stance.HOLD:
            return
        here = self.world.offsets[hq_id]
        alone = sum(1 for where in self.world.offsets.values() if where == here) == 1
        if intent.stance is Stance.DEFEND and here in intent.targets and alone:
            return
        goal = nearest_target(self.world, here, intent)
        where = [self.world.offsets[u] for u in units if u in self.world.offsets]
        path = hq_post(
            self.game, self.world, hq_id, where, goal=goal, rng=self.rng, standoff=SUPPORT_STANDOFF
        )
        if not path:
            return
        reach = nominal_command_range(self.game.unit(hq_id))
        covered = sum(1 for p in where if self.world.distance(path[-1], p) <= reach)
        why = f"keeps {covered} of its {len(where)} units in command range ({intent.why})"
        yield self._order(hq_id, partial(self.game.move, hq_id, path), why)

    def _undefended_objective(self, unit_id: str, claimed: set[Offset]) -> KnownObjective | None:
        """The most valuable objective the side does not hold, no enemy seen on it, that the
        unit can reach this turn within GRAB_REACH hexes and no other unit is taking."""
        here = self.world.offsets[unit_id]
        near = [
            o
            for o in self.world.objectives
            if o.owner is not self.side
            and not o.is_exit
            and o.hex not in self.world.enemy_hexes
            and o.hex not in claimed
            and self.world.distance(here, o.hex) <= GRAB_REACH
        ]
        if not near:
            return None
        reach = self.game.legal_moves(unit_id)
        near = [o for o in near if o.hex in reach]
        return max(near, key=lambda o: (o.points, o.id)) if near else None

    def _fires(self, *, assaulters_wait: bool) -> Iterator[list[Event]]:
        """Each unit fires where its fire is expected to hurt most [000 5.1], again and again
        while its movement points pay for it ("the cost of firing is 1/3 of the unit's
        Movement Allowance"), units that moved included; attackers next to an enemy they may
        assault keep their movement points for it on the first pass, so the others fire
        before the assault goes in."""
        for unit_id, intent in list(self.intents.items()):
            if unit_id in self.finished or not self._still_orderable(unit_id):
                continue
            if assaulters_wait and intent.stance is Stance.ATTACK and self._may_assault(unit_id):
                continue
            if intent.stance is Stance.MOVE and self.world.nearest_enemy(
                self.world.offsets[unit_id]
            ) not in (0, 1):
                continue  # a move order seeks no fight
            for _ in range(MAX_FIRES):
                if not self._still_orderable(unit_id):
                    break
                choice = best_fire(self.game, self.world, unit_id)
                if choice is None:
                    break
                why = f"best target in sight: {choice.expected:.1f} losses expected ({intent.why})"
                yield self._order(unit_id, partial(self.game.fire, unit_id, choice.target), why)

    def _assaults(self) -> Iterator[list[Event]]:
        """Attackers next to a seen enemy hex assault it together when the odds are good
        enough for the side's aggressiveness [000 6.0-6.3]."""
        by_target: dict[Offset, list[str]] = {}
        for unit_id, intent in self.intents.items():
            if intent.stance is not Stance.ATTACK or unit_id in self.finished:
                continue
            if not self._still_orderable(unit_id):
                continue
            for target in sorted(self.game.assault_targets(unit_id)):
                if target in self.world.spotted_hexes:
                    by_target.setdefault(target, []).append(unit_id)
        for target, candidates in sorted(by_target.items()):
            attackers = [
                u
                for u in candidates
                if u not in self.finished
                and self._still_orderable(u)
                and target in self.game.assault_targets(u)
            ]
            if not attackers:
                continue
            preview = self.game.assault_odds(target, attackers)
            if preview is None or not assault_is_good(preview, self.boldness):
                continue
            why = (
                f"{preview.retreat_chance:.0%} retreat chance, "
                f"{(preview.defender_low + preview.defender_high) / 2:.1f} losses dealt for "
                f"{(preview.attacker_low + preview.attacker_high) / 2:.1f} taken "
                f"({self.intents[attackers[0]].why})"
            )
            units = tuple(attackers)
            events = self._carry(attackers[0], partial(self.game.assault, target, units), why)
            self.done.update(attackers)
            self.finished.update(attackers)
            yield events

    def _dig_in(self) -> Iterator[list[Event]]:
        """Defending and holding units on their ground that did nothing else dig in [000 4.9]."""
        for unit_id, intent in self._units():
            if intent.stance not in (Stance.DEFEND, Stance.HOLD):
                continue
            here = self.world.offsets[unit_id]
            if intent.targets and here not in intent.targets:
                continue
            unit = self.game.unit(unit_id)
            if unit.digging_in or not self.game.can_dig_in(unit_id):
                continue
            yield self._order(unit_id, partial(self._dig_in_order, unit_id), intent.why)

    # --- helpers ----------------------------------------------------------------------------

    def _mode_order(self, unit_id: str, mode: Mode) -> list[Event]:
        start = len(self.game.log)
        self.game.change_mode(unit_id, mode)
        return self.game.log[start:]

    def _dig_in_order(self, unit_id: str) -> list[Event]:
        return [self.game.dig_in(unit_id)]

    def _units(self, stance: Stance | None = None) -> Iterator[tuple[str, Intent]]:
        """The side's units still to be given an order this turn, in scenario order."""
        for unit_id, intent in list(self.intents.items()):
            if unit_id in self.done or not self._still_orderable(unit_id):
                continue
            if stance is None or intent.stance is stance:
                yield unit_id, intent

    def _still_orderable(self, unit_id: str) -> bool:
        unit = self.game.unit(unit_id)
        return unit.on_map and not self.game.is_over and self.game.phasing is self.side

    def _in_contact(self, unit_id: str, goal: Offset) -> bool:
        here = self.world.offsets[unit_id]
        near = self.world.nearest_enemy(here)
        if near is not None and near <= 1:
            return True
        return self.world.distance(here, goal) <= ASSAULT_CONTACT and bool(
            self.game.fire_targets(unit_id)
        )

    def _may_assault(self, unit_id: str) -> bool:
        return any(t in self.world.spotted_hexes for t in self.game.assault_targets(unit_id))

    def _leave(self, unit_id: str, why: str) -> None:
        self.done.add(unit_id)
        self.finished.add(unit_id)
        self.player._note(Decision(self.game.turn, unit_id, None, why))

    def _order(self, unit_id: str, run: Callable[[], list[Event]], why: str) -> list[Event]:
        events = self._carry(unit_id, run, why)
        self.done.add(unit_id)
        return events

    def _carry(self, unit_id: str, run: Callable[[], list[Event]], why: str) -> list[Event]:
        """Carry out an order, note it with its reason and refresh what the side knows."""
        self.game.take_back = False  # it never takes an order back: no copy of the game
        try:
            events: list[Event] = run()
        finally:
            self.game.take_back = True
        order = self.game.orders[-1]
        self.player._note(Decision(self.game.turn, unit_id, order, why))
        moved = order.units if isinstance(order, Assault) else (unit_id,)
        # An assault may also eliminate or move the side's units; opportunity fire the mover.
        self.world.refresh(self.game, moved)
        return events

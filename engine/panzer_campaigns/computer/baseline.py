"""The naive opponent the computer player is measured against: every unit fires at the first
enemy hex it may fire at, and every other unit moves toward the nearest objective its side does
not hold. It reads no A/I orders, never assaults, never rests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.panzer_campaigns.computer.decision import Decision
from engine.panzer_campaigns.computer.known_world import KnownWorld
from engine.panzer_campaigns.computer.tactics import step_toward
from engine.panzer_campaigns.events import Event
from engine.panzer_campaigns.game import Game
from schemas.vocabulary import Side


class BaselinePlayer:
    """Moves toward the nearest enemy-held or unowned objective and fires at what it sees."""

    def __init__(self, side: Side, *, seed: int = 0) -> None:
        self.side = side
        self.seed = seed
        self.last_reasons: list[Decision] = []

    def turn(self, game: Game) -> Iterator[list[Event]]:
        """Give this side's orders for the current player turn one at a time (the same contract
        as `ComputerPlayer.turn`)."""
        self.last_reasons = []
        if game.is_over or game.phasing is not self.side:
            return
        rng = random.Random(f"{self.seed}:{game.turn}:{self.side.value}")
        world = KnownWorld.of(game, self.side)
        for unit in list(world.own):
            if game.is_over or not game.unit(unit.id).on_map:
                continue
            targets = [
                t
                for t in sorted(game.fire_targets(unit.id))
                if t in world.enemy_hexes and game.fire_preview(unit.id, t) is not None
            ]
            if targets:
                events = game.fire(unit.id, targets[0])
                self._note(game, unit.id, "fires at what it sees")
            else:
                goals = [o for o in world.objectives if o.owner is not self.side and not o.is_exit]
                if not goals:
                    continue
                here = world.offsets[unit.id]
                goal = min(goals, key=lambda o: (world.distance(here, o.hex), o.id))
                path = step_toward(game, world, unit.id, goal.hex, rng)
                if not path:
                    continue
                events = game.move(unit.id, path)
                self._note(game, unit.id, f"toward {goal.id}")
            world = KnownWorld.of(game, self.side)
            yield events

    def _note(self, game: Game, unit_id: str, why: str) -> None:
        self.last_reasons.append(Decision(game.turn, unit_id, game.orders[-1], why))

"""The choices a computer player makes for one unit through the game's queries: the best fire by
expected losses, the step toward a goal, whether an assault's odds are good enough. Each answers
from the side's `KnownWorld` and the game's order queries, and none gives an order."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from engine.panzer_campaigns.combat.assault_preview import AssaultPreview
from engine.panzer_campaigns.combat.fatigue import FatigueLevel, fatigue_level
from engine.panzer_campaigns.combat.fire_preview import FirePreview
from engine.panzer_campaigns.computer.known_world import KnownWorld
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.night_fatigue import night_exertion_now, night_fatigue_ceiling
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import UnitClass

Offset = tuple[int, int]
Leash = tuple[Offset, int]
"""An HQ's hex and its Nominal Command Range: where a unit may end its move."""


@dataclass(frozen=True, slots=True)
class FireChoice:
    """A fire worth giving: where, and the losses the preview expects."""

    target: Offset
    preview: FirePreview

    @property
    def expected(self) -> float:
        """The middle of the preview's casualty range."""
        return (self.preview.low + self.preview.high) / 2


def best_fire(game: Game, world: KnownWorld, unit_id: str) -> FireChoice | None:
    """The target the unit's fire is expected to hurt most, among the hexes its side sees enemy
    units in; None when it may fire at none or expects no losses anywhere."""
    best: FireChoice | None = None
    for target in sorted(game.fire_targets(unit_id)):
        if target not in world.enemy_hexes:
            continue
        preview = game.fire_preview(unit_id, target)
        if preview is None:
            continue
        choice = FireChoice(target, preview)
        if choice.expected > 0 and (best is None or choice.expected > best.expected):
            best = choice
    return best


def is_tired(game: Game, unit: UnitState) -> bool:
    """High or Maximum fatigue [000 9.3]: a unit that needs a turn without action to rest."""
    level = fatigue_level(unit.fatigue, game.state.profile.fatigue_max)
    return level in (FatigueLevel.HIGH, FatigueLevel.MAXIMUM)


def tired_by_acting_tonight(game: Game, unit: UnitState) -> bool:
    """Under Night Fatigue [000 9.3], whether acting in this night turn could bring `unit` to
    High fatigue: the worst draw of the stand-in (`night_exertion_now`), capped as the rule caps
    it, reaches the High band. The rule exists "to encourage players to rest their units during
    night turns", and a unit at High fatigue needs a whole turn without action to recover."""
    gain = night_exertion_now(game.state)
    if gain <= 0:
        return False
    worst = min(unit.fatigue + gain, night_fatigue_ceiling(game.state))
    return fatigue_level(worst, game.state.profile.fatigue_max) in (
        FatigueLevel.HIGH,
        FatigueLevel.MAXIMUM,
    )


SUPPORT_CLASSES = frozenset(
    {
        UnitClass.HEADQUARTERS,
        UnitClass.ARTILLERY,
        UnitClass.HEAVY_ARTILLERY,
        UnitClass.SIEGE_GUN,
        UnitClass.ROCKET,
        UnitClass.MORTAR,
        UnitClass.INFANTRY_ARTILLERY,
        UnitClass.ANTI_AIRCRAFT,
        UnitClass.HEAVY_ANTI_AIRCRAFT,
    }
)
"""Units that support from behind: headquarters (command range [000 9.1]), guns that fire
indirectly [000 5.0] and anti-aircraft. They keep SUPPORT_STANDOFF hexes from the enemy."""

SUPPORT_STANDOFF = 3
"""The fewest hexes a support unit moves to from the nearest enemy it knows of."""


def is_support(unit: UnitState) -> bool:
    """Whether the unit is a headquarters or a gun that supports from behind the line."""
    return unit.unit.unit_class in SUPPORT_CLASSES


def step_toward(
    game: Game,
    world: KnownWorld,
    unit_id: str,
    goal: Offset,
    rng: random.Random,
    *,
    standoff: int = 0,
    leash: Leash | None = None,
    crowd: Mapping[Offset, int] | None = None,
) -> list[Offset]:
    """The path of the move that ends nearest `goal` this turn (the cheapest of equals, then a
    draw of the player's own generator), ending no nearer than `standoff` hexes to a known
    enemy when `standoff` is given; empty when no such hex is nearer the goal than where the
    unit stands.

    With a `leash` (its HQ's hex and Nominal Command Range [000 9.1]) the move ends within
    that range whenever a hex nearer the goal lies within it; a unit in range with no such
    hex stays, so it does not become Detached, and a unit already Detached moves as without
    a leash (its HQ comes to it). With `crowd` (the side's units per hex) a hex holding fewer
    of them is preferred among those equally near the goal: fire at a full stack is worth up
    to twice as much in Panzer Battles [001 #19 stack fire modifier], and a crowded hex may
    fire only so many times a turn [000 5.1 Hex Fire Limitation]."""
    here = world.offsets[unit_id]
    now = world.distance(here, goal)
    reach = game.legal_moves(unit_id)
    enemies = list(world.enemy_hexes) if standoff else []
    best: list[tuple[int, int, float, float, Offset]] = []
    for hex_, cost in reach.items():
        distance = world.distance(hex_, goal)
        if enemies and any(world.distance(hex_, e) < standoff for e in enemies):
            continue
        if distance < now:
            stacked = crowd.get(hex_, 0) if crowd is not None else 0
            best.append((distance, stacked, cost, rng.random(), hex_))
    if leash is not None and best:
        hq_hex, command_range = leash
        kept = [b for b in best if world.distance(b[4], hq_hex) <= command_range]
        if kept:
            best = kept
        elif world.distance(here, hq_hex) <= command_range:
            return []
    if not best:
        return []
    destination = min(best)[4]
    return game.path_to(unit_id, destination)


def assault_is_good(preview: AssaultPreview, aggressiveness: int) -> bool:
    """Whether an assault is worth its risk: the defenders are likely enough to retreat or the
    attackers expect to inflict clearly more losses than they take. An aggressiveness of 50
    asks a 50 % retreat chance or twice the losses; 100 asks 25 % or even losses; 0 asks
    75 % or three times the losses. (Against the baseline, bolder thresholds lost more in
    loss points [000 2.0] than the hexes taken gave.)"""
    bold = aggressiveness / 100
    retreat_needed = 0.75 - 0.5 * bold
    ratio_needed = 3.0 - 2.0 * bold
    inflicted = (preview.defender_low + preview.defender_high) / 2
    taken = (preview.attacker_low + preview.attacker_high) / 2
    if preview.retreat_chance >= retreat_needed:
        return True
    return inflicted > 0 and inflicted >= ratio_needed * taken

"""Command range for the computer player [000 9.1]: the HQ each unit of its side answers to and
how far from it a move may end without the unit becoming Detached, and where an HQ stands to
cover its units. A Detached unit recovers from Disruption worse, gets a quarter of its
replacements, and spots for indirect fire at half value [000 9.1, 5.0, 12.0]."""

from __future__ import annotations

import random
from collections.abc import Iterable

from engine.panzer_campaigns.command import nominal_command_range
from engine.panzer_campaigns.computer.known_world import KnownWorld
from engine.panzer_campaigns.computer.tactics import Leash
from engine.panzer_campaigns.game import Game

Offset = tuple[int, int]


def leash_of(game: Game, world: KnownWorld, unit_id: str) -> Leash | None:
    """Where `unit_id` may end its move and stay in command: its HQ's hex and Nominal Command
    Range [000 9.1] ("beyond the Nominal Command Range of its HQ unit ... Detached"); None for
    an HQ (it places itself by `hq_post`), a partisan (never Detached [000 4.2]) or a unit
    without an HQ on the map."""
    unit = game.unit(unit_id)
    if unit.is_hq or unit.unit.partisan:
        return None
    hq = game.state.hq_of(unit)
    if hq is None or hq.id not in world.offsets:
        return None
    return world.offsets[hq.id], nominal_command_range(hq)


def commanded(game: Game, world: KnownWorld) -> dict[str, list[str]]:
    """The side's units on the map by the HQ they answer to (`GameState.hq_of`), HQs below
    another HQ included; in scenario order."""
    under: dict[str, list[str]] = {}
    for unit in world.own:
        if unit.unit.partisan:
            continue
        hq = game.state.hq_of(unit)
        if hq is not None and hq.id in world.offsets:
            under.setdefault(hq.id, []).append(unit.id)
    return under


def hq_post(
    game: Game,
    world: KnownWorld,
    hq_id: str,
    units: Iterable[Offset],
    *,
    goal: Offset,
    rng: random.Random,
    standoff: int,
) -> list[Offset]:
    """The move of an HQ that covers its units: of the hexes it may reach this turn (its own
    hex included), the one with the fewest of `units` beyond its Nominal Command Range, then
    nearest `goal`, then the cheapest, then a draw; never nearer than `standoff` hexes to a
    known enemy unless it stands so already. Empty when it is best where it is.

    Decision: the manual sets no penalty on an HQ for moving [000 9.1 "there is no other
    penalty ... for moving an HQ unit"], so it moves every turn its units need it to."""
    here = world.offsets[hq_id]
    command_range = nominal_command_range(game.unit(hq_id))
    positions = list(units)
    enemies = list(world.enemy_hexes)
    options: list[tuple[int, int, float, float, Offset]] = []
    for hex_, cost in [(here, 0.0), *game.legal_moves(hq_id).items()]:
        if hex_ != here and any(world.distance(hex_, e) < standoff for e in enemies):
            continue
        beyond = sum(1 for p in positions if world.distance(hex_, p) > command_range)
        options.append((beyond, world.distance(hex_, goal), cost, rng.random(), hex_))
    destination = min(options)[4]
    return [] if destination == here else game.path_to(hq_id, destination)

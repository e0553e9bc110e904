"""Helpers for the assault tests: ASCII titles with Parameter Data, terrain modifiers, nations
and rulesets changed."""

from __future__ import annotations

from typing import Any

from engine.panzer_campaigns.game import Game
from schemas.panzer_campaigns.oob import OobFile
from tests.engine.ascii_title import AsciiTitle

TANKS: dict[str, Any] = {
    "unit_class": "armor",
    "movement_class": "tracked",
    "component": "vehicles",
    "strength": 20,
    "hard_attack": 8,
    "hard_range": 2,
    "soft_attack": 6,
    "soft_range": 2,
    "assault": 10,
    "defense": 8,
    "hard_target": True,
}


def game_of(title: AsciiTitle, seed: int = 0) -> Game:
    """A new game of the title."""
    return Game(title.game(seed))


def with_combat(title: AsciiTitle, **combat: Any) -> AsciiTitle:
    """The title with Parameter Data combat fields changed."""
    parameters = title.parameters
    title.parameters = parameters.model_copy(
        update={"combat": parameters.combat.model_copy(update=combat)}
    )
    return title


def with_terrain(title: AsciiTitle, terrain_id: str, **fields: Any) -> AsciiTitle:
    """The title with fields of one terrain of the legend changed."""
    terrain = [
        t.model_copy(update=fields) if t.id == terrain_id else t for t in title.map_file.terrain
    ]
    title.map_file = title.map_file.model_copy(update={"terrain": terrain})
    return title


def with_nation(title: AsciiTitle, nation_id: str, **flags: Any) -> AsciiTitle:
    """The title with flags (fanatical, fragile_morale) of one nation set."""
    oob: OobFile = title.oob
    sides = [
        side.model_copy(
            update={
                "nations": [
                    n.model_copy(update=flags) if n.id == nation_id else n for n in side.nations
                ]
            }
        )
        for side in oob.sides
    ]
    title.oob = oob.model_copy(update={"sides": sides})
    return title

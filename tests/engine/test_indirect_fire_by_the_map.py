"""The Indirect Fire by the Map optional rule [000 5.2]: artillery may fire at a hex holding
enemy units its side sees though no spotter of its organization sees the hex, at 1/4 value
(compounded with an Unknown target's 1/4); without the rule it may not; a hex a spotter sees
is not touched; it never shows a hex the side does not know."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.panzer_campaigns.combat.events import Fired
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.sightings import Sight
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_title, oob_tree
from tests.engine.test_combat_fire import ARTILLERY

BY_THE_MAP = {"optional_rules": ["indirect_fire_by_the_map"]}
OTHER_ORGANIZATION = oob_tree(
    {
        Side.ALLIED: {"us": {"arty": ["G"], "inf": ["S"]}},
        Side.AXIS: {"de": {"enemy": ["a", "b"]}},
    }
)
"""G's spotter S is in another organization: it sees `a`, but it may not spot for G [000 5.0]."""


def _game(header: dict[str, Any] | None = None, art: str = ".G .  .  .  .S .a ^  .b") -> Game:
    title = ascii_title(art, units={"G": ARTILLERY}, oob=OTHER_ORGANIZATION, header=header)
    return Game(title.game(0))


def test_without_the_rule_a_hex_no_spotter_of_the_organization_sees_is_no_target() -> None:
    assert _game().fire_targets("G") == {}


@pytest.mark.parametrize("ruleset", ["panzer_campaigns", "panzer_battles"])
def test_by_the_map_it_is_a_target_at_a_quarter_and_the_preview_says_why(ruleset: str) -> None:
    game = _game({**BY_THE_MAP, "ruleset": ruleset})
    target = (5, 0)
    assert game.fire_targets("G") == {target: CombatKind.INDIRECT_FIRE}
    preview = game.fire_preview("G", target)
    assert preview is not None
    factors = [(m.name, m.factor) for m in preview.modifiers if m.factor != 1]
    assert ("no spotter sees the hex (by the map)", 0.25) in factors
    fired = game.fire("G", target)[0]
    assert isinstance(fired, Fired)
    assert fired.kind == "indirect_fire"


def test_a_hex_a_spotter_of_the_organization_sees_keeps_its_full_value() -> None:
    art = ".H .G .  .  .  .S .a"
    hq = {"unit_class": "headquarters", "command_range": 6}
    title = ascii_title(art, units={"G": ARTILLERY, "H": hq}, header=BY_THE_MAP)
    preview = Game(title.game(0)).fire_preview("G", title.positions["a"])
    assert preview is not None
    assert not [m for m in preview.modifiers if m.factor != 1]


def test_an_unknown_target_no_spotter_sees_is_a_sixteenth() -> None:
    game = _game(BY_THE_MAP)
    sightings = game.state.sightings[Side.ALLIED]
    sightings["a"] = replace(sightings["a"], grade=Sight.UNKNOWN, reported=True)
    plain = _game(BY_THE_MAP).fire_preview("G", (5, 0))
    preview = game.fire_preview("G", (5, 0))
    assert plain is not None
    assert preview is not None
    factors = [m.factor for m in preview.modifiers if m.factor != 1]
    assert sorted(factors) == [0.25, 0.25]
    assert preview.value == pytest.approx(plain.value / 4)


def test_the_rule_shows_no_hex_the_side_does_not_see() -> None:
    # `b` stands beyond the woods where no allied unit sees it: not a target.
    game = _game(BY_THE_MAP)
    assert (7, 0) not in game.fire_targets("G")
    assert "b" not in game.state.sightings[Side.ALLIED]

"""What a tester chooses when a test-play starts: the seed, the optional rules, Fog of War and
who plays each side. Free of Qt, so the command line can replay a saved test-play with them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.panzer_campaigns.play_options import OpFireRange, PlayOptions
from schemas.panzer_campaigns.oob import Component
from schemas.panzer_campaigns.scenario import ScenarioFile
from schemas.title import ScenarioBundle
from schemas.vocabulary import OptionalRule, Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.game import Game


@dataclass(frozen=True)
class TestPlaySettings:
    """What a player chooses when a game starts [001 "Play By E-Mail": "the Fog of War option
    … and Optional Rules"], and the seed that makes a test repeatable."""

    __test__ = False

    seed: int = 1
    optional_rules: frozenset[OptionalRule] = frozenset()
    fog_of_war: bool = False
    """Under Fog of War moves cannot be taken back [000 5.0]. The test-play shows every unit
    of both sides either way, which is why it starts without it."""
    opportunity_fire: bool = True
    """The default turn mode of Panzer Campaigns [000 3.3]; off only to replay a record saved
    before it existed."""
    move_by_knowledge: bool = True
    """Under Fog of War, moves plan by what the side knows and stop on contact; off only to
    replay a record saved before it existed."""
    op_fire_ranges: tuple[tuple[Side, Component, Component, OpFireRange], ...] = ()
    """Each side's Panzer Battles opportunity fire settings other than Long [001]."""
    computer_sides: frozenset[Side] = field(default=frozenset(), compare=False)
    """The sides the computer plays; the others are played by hand (both: hot seat). Not
    compared: players are not rules of the game, the same seed, rules and orders give the same
    game whoever gave them, so choosing them never asks for a restart."""

    def play_options(self) -> PlayOptions:
        """The engine's options for these settings."""
        tables: dict[Side, dict[tuple[Component, Component], OpFireRange]] = {}
        for side, firer, target, setting in self.op_fire_ranges:
            tables.setdefault(side, {})[(firer, target)] = setting
        return PlayOptions(
            opportunity_fire=self.opportunity_fire,
            fog_of_war=self.fog_of_war and self.move_by_knowledge,
            op_fire_ranges=tables,
        )

    @classmethod
    def of_scenario(cls, scenario: ScenarioFile, seed: int = 1) -> TestPlaySettings:
        """The scenario's optional rules, without Fog of War (whatever the scenario's default for
        players, [000 13.2]): a designer test-playing hot seat sees both sides anyway."""
        return cls(seed, frozenset(scenario.header.optional_rules))

    def scenario_with_rules(self, scenario: ScenarioFile) -> ScenarioFile:
        """The scenario with these optional rules, which the engine reads from its header."""
        rules = [rule for rule in OptionalRule if rule in self.optional_rules]
        if rules == list(scenario.header.optional_rules):
            return scenario
        header = scenario.header.model_copy(update={"optional_rules": rules})
        return scenario.model_copy(update={"header": header})

    def new_game(self, bundle: ScenarioBundle) -> Game:
        """A new game of a loaded scenario with these settings; ValueError when the scenario
        or a file it uses has errors."""
        from engine.panzer_campaigns.game import Game  # noqa: PLC0415

        if not bundle.is_complete:
            raise ValueError(
                f"{bundle.scenario.path.name}: the scenario or a file it uses has errors; "
                "the Problems panel and `hexwright validate` list them"
            )
        assert bundle.map
        assert bundle.oob
        assert bundle.parameters
        weather = bundle.weather.model if bundle.weather and bundle.weather.ok else None
        return Game.from_models(
            self.scenario_with_rules(bundle.scenario.model),
            bundle.map.model,
            bundle.oob.model,
            bundle.parameters.model,
            weather,
            seed=self.seed,
            options=self.play_options(),
        )

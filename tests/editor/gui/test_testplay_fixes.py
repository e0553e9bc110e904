"""From test to fix on The Road to Bastogne: each kind of event a tester sees in the log leads to
the scenario element behind it, and the game's positions become the scenario's placements."""

from __future__ import annotations

from pathlib import Path

from editor.selection import Focus
from editor.testplay.fixes import positions_of, scenario_focus
from engine.panzer_campaigns.events import (
    Arrived,
    Event,
    IsolationChanged,
    ObjectiveCaptured,
    Released,
)
from engine.panzer_campaigns.game import Game
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import ScenarioFile


def _played(ardennes: Path, turns: int) -> Game:
    game = Game.from_scenario(ardennes, seed=1)
    game.play_turns(turns)
    return game


def _first(game: Game, kind: type[Event]) -> Event:
    return next(e for e in game.log if isinstance(e, kind))


def _index(items: list[object], item_id: str) -> int:
    return next(n for n, item in enumerate(items) if getattr(item, "id", None) == item_id)


def test_each_event_leads_to_its_scenario_element(ardennes: Path) -> None:
    game = _played(ardennes, 3)
    scenario: ScenarioFile = game.state.scenario

    arrived = _first(game, Arrived)
    assert scenario_focus(scenario, game, arrived) == Focus(
        FileKind.SCENARIO,
        ("reinforcements", _index(scenario.reinforcements, arrived.reinforcement)),
        object_id=arrived.reinforcement,
    )
    released = _first(game, Released)
    assert scenario_focus(scenario, game, released) == Focus(
        FileKind.SCENARIO,
        ("releases", _index(scenario.releases, released.release)),
        object_id=released.release,
    )
    captured = _first(game, ObjectiveCaptured)
    assert scenario_focus(scenario, game, captured) == Focus(
        FileKind.SCENARIO,
        ("objectives", _index(scenario.objectives, captured.objective)),
        object_id=captured.objective,
    )
    # An isolated unit at the start: its placement, in the Unit panel and the Order of Battle.
    isolated = next(e for e in game.log if isinstance(e, IsolationChanged) and e.isolated)
    unit_id = isolated.isolated[0]
    placement = next(n for n, p in enumerate(scenario.placements) if p.unit == unit_id)
    assert scenario_focus(scenario, game, isolated) == Focus(
        FileKind.SCENARIO, ("placements", placement), object_id=unit_id
    )


def test_positions_are_copied_for_placed_units_only(ardennes: Path) -> None:
    game = Game.from_scenario(ardennes, seed=1)
    scenario: ScenarioFile = game.state.scenario
    assert positions_of(scenario, game).moved == 0
    assert positions_of(scenario, game).placements == scenario.placements

    unit = next(u for u in game.iter_units(game.phasing) if game.legal_moves(u.id))
    moves = game.legal_moves(unit.id)
    target = max(moves, key=moves.__getitem__)
    game.move(unit.id, game.path_to(unit.id, target))
    game.play_turns(3)  # reinforcements come on: they stay scheduled, not placed
    assert game.offset_of(game.unit(unit.id).hex) == target

    copied = positions_of(scenario, game)

    moved = next(p for p in copied.placements if p.unit == unit.id)
    assert tuple(moved.hex) == target
    assert moved.mode == game.unit(unit.id).mode
    assert copied.moved >= 1
    assert len(copied.placements) == len(scenario.placements)
    assert copied.arrived
    assert not {p.unit for p in copied.placements} & set(copied.arrived)

"""A balance record keeps its game's orders, as the ruleset's saved game writes them: replayed on
the same version and seed they give the very game listed (its victory level, score and turn),
for both rulesets, and they survive the run's folder (`games.jsonl`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.balance import GameRecord
from engine.balance.records import play_record, replayed_game
from engine.balance.rulesets import load_playable
from engine.tactical_gamex import balance as tgx
from schemas.tactical_gamex.saved_game import SavedGame
from schemas.title import load_scenario
from tests.ai_title import write_ai_title
from tests.conftest import SAMPLE_DATA

SITUATION = SAMPLE_DATA / "tgx_steppe43/scenarios/hill-at-krasnaya-polyana.situation.yaml"


def test_a_panzer_record_replays_to_its_listed_result(tmp_path: Path) -> None:
    bundle = load_scenario(write_ai_title(tmp_path))
    records = [play_record(bundle, seed) for seed in range(1, 7)]
    assert len({(r.outcome, r.score) for r in records}) > 2  # the games differ
    for record in records:
        assert record.ok
        assert record.orders
        again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
        assert again.orders == record.orders
        game = replayed_game(bundle, again)
        assert game.result is not None
        assert (game.result.outcome, float(game.result.score)) == (record.outcome, record.score)
        assert game.result.turn == record.turns
        assert len(game.orders) == len(record.orders)


def test_a_tactical_gamex_record_replays_to_its_listed_result() -> None:
    playable = load_playable(SITUATION)
    records = [tgx.play_record(playable.bundle, seed) for seed in (1, 2)]
    for record in records:
        assert record.ok
        assert record.orders
        game = tgx.replayed_game(playable.bundle, record)
        assert game.result is not None
        assert (game.result.outcome, float(game.result.score)) == (record.outcome, record.score)
        assert len(game.orders) == len(record.orders)
        # The orders are those a saved game (`.tgxplay.yaml`) holds.
        saved = SavedGame.model_validate(
            {"format_version": 1, "ruleset": "tactical_gamex", "situation": "x", "seed": 1}
            | {"orders": list(record.orders)}
        )
        assert len(saved.orders) == len(record.orders)


def test_orders_of_another_version_are_refused_with_a_reason(tmp_path: Path) -> None:
    bundle = load_scenario(write_ai_title(tmp_path))
    record = play_record(bundle, 3)
    broken = GameRecord.from_json(record.to_json() | {"orders": [{"kind": "teleport"}]})
    with pytest.raises(ValueError, match="teleport"):
        replayed_game(bundle, broken)


def test_a_records_orders_are_kept_packed_and_read_back(tmp_path: Path) -> None:
    bundle = load_scenario(write_ai_title(tmp_path))
    record = play_record(bundle, 2)
    line = json.dumps(record.to_json())
    assert len(line) < len(json.dumps(list(record.orders)))  # packed smaller than their JSON
    assert GameRecord.from_json(json.loads(line)).orders == record.orders
    with pytest.raises(ValueError, match="do not read"):
        GameRecord.from_json(record.to_json() | {"orders": "not base64!"})

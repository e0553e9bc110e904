"""Saving a test-play as its orders and replaying it (in the editor and with `hexwright
replay`), telling which title files changed since, and exporting the event log as CSV or a text
report; no window needed."""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from editor.cli import main
from editor.testplay.log_export import CSV_COLUMNS, export_log
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.session_file import (
    RecordError,
    changed_files,
    load_record,
    orders_of,
    record_of,
    record_path_for,
    save_record,
    scenario_of,
    settings_of,
)
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.orders import ChangeMode, EndPlayerTurn, Move, ReconSpot
from engine.panzer_campaigns.report import event_to_json
from schemas.io import save_file
from schemas.panzer_campaigns.scenario import Mode
from schemas.title import ScenarioBundle, load_scenario
from schemas.vocabulary import OptionalRule, Side

SEED = 5


@dataclass
class PlayedSession:
    """What a TestPlaySession offers the session file: the files played, settings and game."""

    bundle: ScenarioBundle
    settings: TestPlaySettings
    game: Game


def _furthest(game: Game, unit_id: str) -> list[tuple[int, int]]:
    reach = game.legal_moves(unit_id)
    target = max(reach, key=lambda hex_: (reach[hex_], hex_))
    return game.path_to(unit_id, target)


def _play(scenario: Path) -> PlayedSession:
    """Two game turns of The Road to Bastogne with moves and a mode change on both sides, and a
    recon unit's spotting."""
    bundle = load_scenario(scenario)
    rules = frozenset({OptionalRule.SURRENDER, OptionalRule.RECON_SPOTTING})
    settings = TestPlaySettings(SEED, rules, fog_of_war=True)
    game = settings.new_game(bundle)
    game.move("de.2pzd.aa2", _furthest(game, "de.2pzd.aa2"))
    game.change_mode("de.pzl.1art", Mode.DEPLOYED)
    game.move("de.2pzd.pgr2.1bn", _furthest(game, "de.2pzd.pgr2.1bn"))
    game.end_player_turn()
    game.recon_spot(next(u.id for u in game.iter_units(Side.ALLIED) if u.unit.recon))
    allied = next(u.id for u in game.iter_units(Side.ALLIED) if len(game.legal_moves(u.id)) > 3)
    game.move(allied, _furthest(game, allied))
    for _ in range(3):
        game.end_player_turn()
    return PlayedSession(bundle, settings, game)


def _fresh_game(scenario: Path, settings: TestPlaySettings) -> Game:
    return settings.new_game(load_scenario(scenario))


def test_a_saved_session_replays_the_same_game(ardennes: Path) -> None:
    played = _play(ardennes)
    path = record_path_for(ardennes)
    assert path == ardennes.with_name("road_to_bastogne.testplay.yaml")

    save_record(record_of(played, path), path)
    record = load_record(path)

    assert record.scenario == "road_to_bastogne.scenario.yaml"
    assert scenario_of(record, path) == ardennes
    assert (record.reached.turn, record.reached.side) == (3, Side.AXIS)
    orders = orders_of(record)
    assert orders == played.game.orders
    assert [type(o) for o in orders[:5]] == [Move, ChangeMode, Move, EndPlayerTurn, ReconSpot]
    assert settings_of(record) == played.settings

    replayed = _fresh_game(ardennes, settings_of(record))
    for order in orders:
        replayed.apply(order)
    assert replayed.log == played.game.log
    assert (replayed.turn, replayed.phasing) == (played.game.turn, played.game.phasing)
    assert replayed.unit("de.2pzd.aa2").hex == played.game.unit("de.2pzd.aa2").hex


def test_a_record_saved_elsewhere_finds_its_scenario(ardennes: Path, tmp_path: Path) -> None:
    played = _play(ardennes)
    path = tmp_path / "sessions" / "tuesday.testplay.yaml"
    path.parent.mkdir()
    save_record(record_of(played, path), path)
    record = load_record(path)
    assert record.scenario == "../ardennes44/scenarios/road_to_bastogne.scenario.yaml"
    assert scenario_of(record, path) == ardennes


def test_changed_files_names_the_files_edited_since(ardennes: Path) -> None:
    played = _play(ardennes)
    record = record_of(played, record_path_for(ardennes))
    assert changed_files(record, load_scenario(ardennes)) == []

    title = ardennes.parents[1]
    oob = title / "ardennes44.oob.yaml"
    oob.write_text(oob.read_text() + "# checked against Cole\n")  # layout only: not a change
    map_path = title / "ardennes44.map.yaml"
    map_path.write_text(map_path.read_text().replace("width: 75", "width: 76", 1))
    ardennes.write_text(
        ardennes.read_text().replace("  turns: 42", "  turns: 40", 1),
    )

    assert changed_files(record, load_scenario(ardennes)) == ["scenario", "map"]


def test_a_bad_record_names_the_file_line_and_field(ardennes: Path) -> None:
    path = record_path_for(ardennes)
    save_record(record_of(_play(ardennes), path), path)
    lines = path.read_text().splitlines()
    number = lines.index("  - kind: end_turn") + 1
    lines[number - 1] = "  - kind: attack"
    path.write_text("\n".join(lines) + "\n")

    with pytest.raises(RecordError) as raised:
        load_record(path)

    message = str(raised.value)
    assert message.startswith("road_to_bastogne.testplay.yaml is not a saved test-play")
    assert f"{path}:{number}:" in message
    assert "orders[3]:" in message
    assert "'attack'" in message


def test_a_missing_record_says_it_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read the file"):
        load_record(tmp_path / "gone.testplay.yaml")


def test_opening_a_scenario_as_a_record_says_what_it_is(ardennes: Path) -> None:
    with pytest.raises(RecordError) as raised:
        load_record(ardennes)
    assert str(raised.value) == (
        "road_to_bastogne.scenario.yaml is a scenario file, not a saved test-play (.testplay.yaml)"
    )


def test_a_record_with_many_errors_lists_the_first_few(ardennes: Path) -> None:
    path = record_path_for(ardennes)
    save_record(record_of(_play(ardennes), path), path)
    hexes = path.read_text().count("      - [")
    path.write_text(path.read_text().replace("      - [", "      - [-"))  # off the map

    with pytest.raises(RecordError) as raised:
        load_record(path)

    lines = str(raised.value).splitlines()
    assert hexes > RecordError.MAX_LISTED
    assert len(raised.value.problems) == hexes
    assert len(lines) == 1 + RecordError.MAX_LISTED + 1
    assert all(f"{path}:" in line for line in lines[1:-1])
    assert lines[-1] == f"… and {hexes - RecordError.MAX_LISTED} more"


def test_the_log_exports_as_csv_one_row_per_event(ardennes: Path, tmp_path: Path) -> None:
    game = _play(ardennes).game
    target = tmp_path / "log.csv"

    export_log(game, target)

    with target.open(newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == len(game.log)
    assert [row["description"] for row in rows] == [e.describe() for e in game.log]
    assert {row["turn"] for row in rows} == {"1", "2", "3"}
    first = rows[0]
    assert first["time"] == "1944-12-18 06:00"
    assert (first["side"], first["event"]) == ("allied", "objective_captured")
    clervaux = next(o for o in game.state.objectives if o.id == "clervaux")
    assert first["hex"] == "{},{}".format(*game.offset_of(clervaux.hex))
    assert all(row["side"] in ("allied", "axis", "") for row in rows)


def test_the_log_exports_as_a_report_grouped_by_turn(ardennes: Path, tmp_path: Path) -> None:
    game = _play(ardennes).game
    target = tmp_path / "log.txt"

    export_log(game, target)

    text = target.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == "The Road to Bastogne — test-play log"
    assert lines[1] == f"Reached turn 3 of 42, Axis player turn; {len(game.log)} events."
    headings = [line for line in lines if line.startswith("Turn ")]
    assert headings == [
        "Turn 1 — Mon 18 Dec 1944, 06:00 (night)",
        "Turn 2 — Mon 18 Dec 1944, 08:00 (dawn)",
        "Turn 3 — Mon 18 Dec 1944, 10:00 (day)",
    ]
    events = [line for line in lines[2:] if line.startswith("  ")]
    assert [line.split("  ")[-1] for line in events] == [e.describe() for e in game.log]
    assert "[" in events[0]  # the first event's hex, as the dock shows it


def test_a_part_of_the_log_can_be_exported(ardennes: Path, tmp_path: Path) -> None:
    game = _play(ardennes).game
    target = tmp_path / "turn3.csv"
    last_turn = [e for e in game.log if e.turn == 3]

    export_log(game, target, last_turn)

    with target.open(newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert [row["description"] for row in rows] == [e.describe() for e in last_turn]


# --- hexwright replay ---------------------------------------------------------------------


def test_hexwright_replay_reproduces_the_saved_game(ardennes: Path, capsys) -> None:
    played = _play(ardennes)
    path = record_path_for(ardennes)
    save_record(record_of(played, path), path)

    assert main(["replay", str(path), "--json"]) == 0

    result = json.loads(capsys.readouterr().out)
    assert result["changed_files"] == []
    assert result["replayed"] == result["orders"] == len(played.game.orders)
    assert result["refused"] is None
    assert (result["turn"], result["side"]) == (played.game.turn, played.game.phasing.value)
    assert result["events"] == [event_to_json(e) for e in played.game.log]

    assert main(["replay", str(path)]) == 0
    report = capsys.readouterr().out
    assert report.startswith("The Road to Bastogne — test-play log\n")
    assert f"Replayed {len(played.game.orders)} of {len(played.game.orders)} orders." in report


def test_hexwright_replay_reports_a_saved_assault(ardennes: Path, capsys) -> None:
    bundle = load_scenario(ardennes)
    settings = TestPlaySettings(SEED, frozenset(), fog_of_war=False)
    game = settings.new_game(bundle)
    attackers = ["de.pzl.pglr902.1bn", "de.pzl.pi130"]
    game.assault((41, 55), attackers)
    path = record_path_for(ardennes)
    save_record(record_of(PlayedSession(bundle, settings, game), path), path)
    assert "kind: assault" in path.read_text(encoding="utf-8")

    assert main(["replay", str(path)]) == 0
    report = capsys.readouterr().out
    assert "de.pzl.pglr902.1bn, de.pzl.pi130 assaulted us.28id.110ir.3bn in 41,55" in report
    assert "the defenders of 41,55" in report
    assert "Replayed 1 of 1 orders." in report


def test_hexwright_replay_names_the_order_a_changed_scenario_refuses(
    ardennes: Path, capsys
) -> None:
    played = _play(ardennes)
    path = record_path_for(ardennes)
    save_record(record_of(played, path), path)
    # The first unit moved now starts at the other end of the map: its move is refused.
    scenario = load_scenario(ardennes).scenario.model
    moved = next(n for n, p in enumerate(scenario.placements) if p.unit == "de.2pzd.aa2")
    placements = list(scenario.placements)
    placements[moved] = placements[moved].model_copy(update={"hex": (2, 2)})
    save_file(scenario.model_copy(update={"placements": placements}), ardennes)

    assert main(["replay", str(path)]) == 1

    err = capsys.readouterr().err
    assert f"{path}: changed since the test-play was saved: scenario" in err
    assert f"{path}: order 1 (move de.2pzd.aa2 to " in err
    assert "was refused" in err


def test_hexwright_replay_of_an_unreadable_file_exits_2(tmp_path: Path, capsys) -> None:
    broken = tmp_path / "broken.testplay.yaml"
    broken.write_text("format_version: 2\norders: [{kind: attack}]\n", encoding="utf-8")
    assert main(["replay", str(broken)]) == 2
    assert "broken.testplay.yaml is not a saved test-play" in capsys.readouterr().err


def test_hexwright_replay_reproduces_fire(ardennes: Path, capsys) -> None:
    bundle = load_scenario(ardennes)
    settings = TestPlaySettings(SEED, frozenset(), fog_of_war=False)
    game = settings.new_game(bundle)
    firer = next(u.id for u in game.iter_units(game.phasing) if game.fire_targets(u.id))
    target = next(iter(game.fire_targets(firer)))
    game.fire(firer, target)
    game.end_player_turn()
    played = PlayedSession(bundle, settings, game)
    path = record_path_for(ardennes)
    save_record(record_of(played, path), path)
    assert load_record(path).orders[0].kind == "fire"

    assert main(["replay", str(path), "--json"]) == 0

    result = json.loads(capsys.readouterr().out)
    assert result["refused"] is None
    assert result["events"] == [event_to_json(e) for e in game.log]
    types = [event["type"] for event in result["events"]]
    assert types[types.index("Fired") + 1] == "LossesTaken"

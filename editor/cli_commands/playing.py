"""`hexwright play`, `replay` and `supply`: run a scenario in the rules engine headless and report
its turns, a saved test-play's orders or its supply."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, replace

from editor.cli_commands import (
    EXIT_ERRORS,
    EXIT_OK,
    EXIT_UNREADABLE,
    print_problems,
    replay_exit,
    tgx_playing,
)
from editor.testplay.log_export import log_report
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.session_file import (
    RecordError,
    changed_files,
    load_record,
    orders_of,
    record_of,
    save_record,
    scenario_of,
    settings_of,
)
from engine.panzer_campaigns.computer import ComputerPlayer, Decision
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.phases import is_automatic
from engine.panzer_campaigns.report import (
    event_to_json,
    format_side_supply,
    format_turn_report,
    iter_turn_reports,
    side_supply,
    side_supply_to_json,
    turn_report_to_json,
)
from schemas.problems import printable
from schemas.title import ScenarioBundle, load_scenario
from schemas.vocabulary import Side


def _load_playable(path: str) -> ScenarioBundle | None:
    """The loaded scenario at `path`, or None after printing why it cannot be played."""
    bundle = load_scenario(path)
    problems = [p for p in bundle.problems if p.is_error]
    if problems or not bundle.is_complete:
        print_problems(problems or bundle.problems, show_info=False)
        print(
            printable(f"{path}: the scenario cannot be played until these are fixed"),
            file=sys.stderr,
        )
        return None
    return bundle


def _new_game(path: str, seed: int) -> Game | None:
    """A new game of the scenario at `path`, or None after printing why it cannot be played."""
    bundle = _load_playable(path)
    if bundle is None:
        return None
    try:
        return Game.from_bundle(bundle, seed)
    except ValueError as exc:
        print(printable(f"{path}: error: {exc}"), file=sys.stderr)
        return None


@dataclass(frozen=True)
class _Played:
    """A headless game as a saved test-play records it (`record_of`)."""

    bundle: ScenarioBundle
    settings: TestPlaySettings
    game: Game


def command_play(args: argparse.Namespace) -> int:
    """Play a scenario for N game turns and report every turn; a side played by the computer
    gives its orders (`engine.panzer_campaigns.computer.ComputerPlayer`), a human side none."""
    if tgx_playing.is_situation(args.scenario):  # Tactical GameX (engine/tactical_gamex/)
        return tgx_playing.command_play_situation(args)
    bundle = _load_playable(args.scenario)
    if bundle is None:
        return EXIT_ERRORS
    # The rules `hexwright play` has always played by: the scenario's optional rules, no
    # Opportunity Fire, no Fog of War; a saved record names them, so it replays the same.
    settings = replace(
        TestPlaySettings.of_scenario(bundle.scenario.model, args.seed), opportunity_fire=False
    )
    try:
        game = settings.new_game(bundle)
    except ValueError as exc:
        print(printable(f"{args.scenario}: error: {exc}"), file=sys.stderr)
        return EXIT_ERRORS
    computers = {
        side: ComputerPlayer(side, seed=args.seed)
        for side in Side
        if getattr(args, side.value, "human") == "computer"
    }

    decisions: list[Decision] = []
    """Both computers' decisions in the order they were taken."""

    def give_orders(game: Game) -> None:
        player = computers.get(game.phasing)
        if player is not None:
            for _ in player.turn(game):
                pass
            decisions.extend(player.last_reasons)

    try:
        reports = list(iter_turn_reports(game, args.turns, give_orders if computers else None))
    except ValueError as exc:  # a game the computer player refuses (phased play)
        print(printable(f"{args.scenario}: error: {exc}"), file=sys.stderr)
        return EXIT_ERRORS
    if args.save:
        try:
            save_record(record_of(_Played(bundle, settings, game), args.save), args.save)
        except OSError as exc:
            print(printable(f"{args.save}: cannot be written: {exc}"), file=sys.stderr)
            return EXIT_ERRORS
    if args.json:
        document = {
            "scenario": args.scenario,
            "seed": args.seed,
            "players": {side.value: getattr(args, side.value, "human") for side in Side},
            "turns": [turn_report_to_json(r) for r in reports],
            "orders": [_decision_to_json(game, d, args.explain) for d in decisions if d.order],
            "result": event_to_json(game.result) if game.result else None,
        }
        json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return EXIT_OK
    header = game.state.scenario.header
    print(f"{header.title}  (seed {args.seed}, {header.turns} turns)")
    if game.is_phased:  # each turn's events name its eight phases [000 13.3]
        automatic = is_automatic(game.state)
        print("Played in phases: Manual Defensive Fire" + (", Automatic" if automatic else ""))
    for report in reports:
        print()
        print(format_turn_report(report))
        given = [d for d in decisions if d.turn == report.turn and d.order is not None]
        if given:
            print(f"  Computer orders ({len(given)}):")
            for decision in given:
                assert decision.order is not None
                line = decision.order.describe()
                print(f"    {line} - {decision.reason}" if args.explain else f"    {line}")
    if game.result is not None:
        print()
        print(game.result.describe())
    return EXIT_OK


def _decision_to_json(game: Game, decision: Decision, explain: bool) -> dict[str, object]:
    side = game.unit(decision.unit).side.value
    assert decision.order is not None
    entry: dict[str, object] = {
        "turn": decision.turn,
        "side": side,
        "unit": decision.unit,
        "order": decision.order.describe(),
    }
    if explain:
        entry["reason"] = decision.reason
    return entry


def command_replay(args: argparse.Namespace) -> int:
    """Replay a saved test-play on its scenario as the files are now and report where it ends;
    the first order the rules refuse stops it and is named."""
    if tgx_playing.is_saved_game(args.record):  # a Tactical GameX game
        return tgx_playing.command_replay_saved(args)
    try:
        record = load_record(args.record)
    except RecordError as exc:
        print(exc, file=sys.stderr)
        return EXIT_UNREADABLE
    scenario = scenario_of(record, args.record)
    bundle = load_scenario(scenario)
    errors = [p for p in bundle.problems if p.is_error]
    if errors or not bundle.is_complete:
        print_problems(errors or bundle.problems, show_info=False)
        print(
            printable(f"{scenario}: the scenario cannot be played until these are fixed"),
            file=sys.stderr,
        )
        return EXIT_ERRORS
    changed = changed_files(record, bundle)
    if changed:
        print(
            printable(
                f"{args.record}: changed since the test-play was saved: {', '.join(changed)}; "
                "its orders are replayed on the files as they are now"
            ),
            file=sys.stderr,
        )
    game = settings_of(record).new_game(bundle)
    orders = orders_of(record)
    refused: dict[str, object] | None = None
    for number, order in enumerate(orders, 1):
        try:
            game.apply(order)
        except ValueError as exc:  # IllegalMove: the scenario no longer allows the order
            refused = {"order": number, "what": order.describe(), "reason": str(exc)}
            break
    replayed = len(game.orders)
    if args.json:
        document = {
            "record": str(args.record),
            "scenario": str(scenario),
            "changed_files": changed,
            "orders": len(orders),
            "replayed": replayed,
            "refused": refused,
            "turn": game.turn,
            "side": game.phasing.value,
            "score": game.score().describe(),
            "events": [event_to_json(e) for e in game.log],
        }
        json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
        print()
    else:
        print(log_report(game), end="")
        print(f"\nReplayed {replayed} of {len(orders)} orders. Score: {game.score().describe()}")
    return replay_exit(args.record, refused)


def command_supply(args: argparse.Namespace) -> int:
    """Print the Local Supply Values at the start of a scenario."""
    game = _new_game(args.scenario, 0)
    if game is None:
        return EXIT_ERRORS
    sides = [Side(args.side)] if args.side else list(Side)
    supplies = {side: side_supply(game, side) for side in sides}
    if args.json:
        json.dump(
            {side.value: side_supply_to_json(s) for side, s in supplies.items()},
            sys.stdout,
            indent=2,
        )
        print()
        return EXIT_OK
    print(f"{game.state.scenario.header.title}: Local Supply Values at {game.time:%Y-%m-%d %H:%M}")
    for supply in supplies.values():
        print("\n".join(format_side_supply(supply)))
    return EXIT_OK

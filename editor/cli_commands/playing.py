"""`hexwright play`, `replay` and `supply`: run a scenario in the rules engine headless and report
its turns, a saved test-play's orders or its supply."""

from __future__ import annotations

import argparse
import json
import sys

from editor.cli_commands import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, print_problems
from editor.testplay.log_export import log_report
from editor.testplay.session_file import (
    RecordError,
    changed_files,
    load_record,
    orders_of,
    scenario_of,
    settings_of,
)
from engine.game import Game
from engine.phases import is_automatic
from engine.report import (
    event_to_json,
    format_side_supply,
    format_turn_report,
    iter_turn_reports,
    side_supply,
    side_supply_to_json,
    turn_report_to_json,
)
from schemas.problems import printable
from schemas.title import load_scenario
from schemas.vocabulary import Side


def _new_game(path: str, seed: int) -> Game | None:
    """A new game of the scenario at `path`, or None after printing why it cannot be played."""
    bundle = load_scenario(path)
    problems = [p for p in bundle.problems if p.is_error]
    if problems or not bundle.is_complete:
        print_problems(problems or bundle.problems, show_info=False)
        print(
            printable(f"{path}: the scenario cannot be played until these are fixed"),
            file=sys.stderr,
        )
        return None
    try:
        return Game.from_bundle(bundle, seed)
    except ValueError as exc:
        print(printable(f"{path}: error: {exc}"), file=sys.stderr)
        return None


def command_play(args: argparse.Namespace) -> int:
    """Play a scenario for N game turns with no orders and report every turn."""
    game = _new_game(args.scenario, args.seed)
    if game is None:
        return EXIT_ERRORS
    reports = iter_turn_reports(game, args.turns)
    if args.json:
        document = {
            "scenario": args.scenario,
            "seed": args.seed,
            "turns": [turn_report_to_json(r) for r in reports],
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
    if game.result is not None:
        print()
        print(game.result.describe())
    return EXIT_OK


def command_replay(args: argparse.Namespace) -> int:
    """Replay a saved test-play on its scenario as the files are now and report where it ends;
    the first order the rules refuse stops it and is named."""
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
    if refused is not None:
        print(
            printable(
                f"{args.record}: order {refused['order']} ({refused['what']}) was refused: "
                f"{refused['reason']}"
            ),
            file=sys.stderr,
        )
        return EXIT_ERRORS
    return EXIT_OK


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

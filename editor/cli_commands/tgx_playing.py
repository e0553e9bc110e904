"""`hexwright play` and `replay` on a Tactical GameX situation (`.situation.yaml`)
and a saved Tactical GameX game (`.tgxplay.yaml`): the rules engine of
`engine.tactical_gamex`, headless. (`hexwright balance` plays a situation through the balance
lab, `engine.balance`, as it plays a scenario.)"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from editor.cli_commands import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, print_problems, replay_exit
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.loader import state_of
from engine.tactical_gamex.orders import EndImpulse, FinishSetup, PlaceRest
from engine.tactical_gamex.records import order_of, saved_game_of
from engine.tactical_gamex.state import Phase
from schemas.io import FileKind, load_file, save_file
from schemas.problems import printable
from schemas.tactical_gamex.loading import SituationBundle, load_situation
from schemas.tactical_gamex.saved_game import SavedGame
from schemas.vocabulary import Side

SITUATION_SUFFIX = ".situation.yaml"
SAVED_SUFFIX = ".tgxplay.yaml"


def is_situation(path: str) -> bool:
    """Whether a path names a Tactical GameX situation (by its suffix)."""
    return path.lower().endswith((SITUATION_SUFFIX, ".situation.json"))


def is_saved_game(path: str) -> bool:
    return path.lower().endswith((SAVED_SUFFIX, ".tgxplay.json"))


def _playable(path: str) -> SituationBundle | None:
    bundle = load_situation(path)
    errors = [p for p in bundle.problems if p.is_error]
    if errors or not bundle.is_complete:
        print_problems(errors or bundle.problems, show_info=False)
        print(
            printable(f"{path}: the situation cannot be played until these are fixed"),
            file=sys.stderr,
        )
        return None
    return bundle


def _event_json(event: object) -> dict[str, object]:
    return {"type": type(event).__name__, "text": getattr(event, "describe", lambda: "")()}


def command_play_situation(args: argparse.Namespace) -> int:
    """Play a situation: the computer sets up and gives the orders of the sides it plays; a
    human side's counters are set up by the seed and it passes every impulse; print each
    turn's events."""
    bundle = _playable(args.scenario)
    if bundle is None:
        return EXIT_ERRORS
    try:
        game = TacticalGame(state_of(bundle, args.seed, setup_phase=True))
    except ValueError as exc:
        print(printable(f"{args.scenario}: error: {exc}"), file=sys.stderr)
        return EXIT_ERRORS
    computers = {
        side: TgxComputerPlayer(side)
        for side in Side
        if getattr(args, side.value, "human") == "computer"
    }
    last = game.state.last_turn if args.turns is None else min(args.turns, game.state.last_turn)
    while not game.is_over and game.turn <= last:
        player = computers.get(game.acting)
        if player is not None:
            player.play_impulse(game)
        elif game.phase is Phase.SETUP:
            game.apply(PlaceRest())
            game.apply(FinishSetup())
        else:
            game.apply(EndImpulse())
    if args.save:
        saved = saved_game_of(
            game, Path(args.scenario), Path(args.save), args.seed, sorted(computers)
        )
        try:
            save_file(saved, args.save)
        except OSError as exc:
            print(printable(f"{args.save}: cannot be written: {exc}"), file=sys.stderr)
            return EXIT_ERRORS
    situation = bundle.model
    assert situation is not None
    if args.json:
        document = {
            "situation": args.scenario,
            "seed": args.seed,
            "players": {side.value: getattr(args, side.value, "human") for side in Side},
            "orders": [order.describe() for order in game.orders],
            "events": [_event_json(e) for e in game.log],
            "result": _event_json(game.result) if game.result else None,
        }
        json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return EXIT_OK
    print(printable(f"{situation.title}  (seed {args.seed}, {situation.turns} turns)"))
    for event in game.log:
        print(printable("  " + event.describe()))  # type: ignore[attr-defined]
    return EXIT_OK


def command_replay_saved(args: argparse.Namespace) -> int:
    """Replay a saved Tactical GameX game on its situation as the files are now."""
    loaded = load_file(args.record, FileKind.TGX_PLAY)
    saved = loaded.model
    if not isinstance(saved, SavedGame):
        print_problems(loaded.problems, show_info=False)
        return EXIT_UNREADABLE
    situation = Path(args.record).parent / saved.situation
    bundle = _playable(str(situation))
    if bundle is None:
        return EXIT_ERRORS
    try:
        game = TacticalGame(state_of(bundle, saved.seed, setup_phase=saved.setup == "players"))
    except ValueError as exc:
        print(printable(f"{situation}: error: {exc}"), file=sys.stderr)
        return EXIT_ERRORS
    refused: dict[str, object] | None = None
    for number, model in enumerate(saved.orders, 1):
        order = order_of(model)
        try:
            game.apply(order)
        except ValueError as exc:
            refused = {"order": number, "what": order.describe(), "reason": str(exc)}
            break
    if args.json:
        document = {
            "record": str(args.record),
            "situation": str(situation),
            "orders": len(saved.orders),
            "replayed": len(game.orders),
            "refused": refused,
            "turn": game.turn,
            "side": game.acting.value,
            "result": _event_json(game.result) if game.result else None,
            "events": [_event_json(e) for e in game.log],
        }
        json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
        print()
    else:
        for event in game.log:
            print(printable("  " + event.describe()))  # type: ignore[attr-defined]
        print(f"\nReplayed {len(game.orders)} of {len(saved.orders)} orders.")
    return replay_exit(args.record, refused)

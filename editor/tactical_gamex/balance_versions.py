"""The versions of a Tactical GameX situation the Balance panel plays and keeps runs under: the
open situation copied as it now stands into a throw-away title folder, and the SHA-256 naming a
version's content, so that reopening the same content (saved or not) shows its last run."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from editor.docks.balance_store import store_folder
from editor.tactical_gamex.document import TgxDocument
from schemas.io import dump_text, is_json

if TYPE_CHECKING:
    from engine.balance import GameRecord


def title_files(document: TgxDocument) -> list[Path]:
    """The files a run of the situation reads, by their paths inside the title folder: the
    document's files and the map panels its board lays out. ValueError when one lies outside
    the title folder."""
    root = document.title_folder
    files = [slot.path.relative_to(root) for slot in document.slots()]
    situation = document.scenario_path
    for panel in document.situation.board.panels:
        files.append(Path(os.path.normpath(situation.parent / panel.file)).relative_to(root))
    return sorted(set(files))


def played_copy(document: TgxDocument, folder: Path) -> Path:
    """The open situation, its unit types and tables as they now stand, and the panels it
    uses, written under `folder` as they sit in the title folder; the situation's path there.
    An unedited file is copied byte for byte, so that its version key is the saved file's.
    ValueError when a file lies outside the title folder."""
    root = document.title_folder
    edited = {}
    for slot in document.slots():
        if slot.is_dirty or slot.disk is None or slot.changed_on_disk:
            edited[slot.path.relative_to(root)] = dump_text(slot.model, as_json=is_json(slot.path))
    for relative in title_files(document):
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if relative in edited:
            target.write_text(edited[relative], encoding="utf-8")
        else:
            shutil.copyfile(root / relative, target)
    return folder / document.scenario_path.relative_to(root)


def folder_key(folder: Path, files: list[Path]) -> str:
    """The version key of `files` (paths inside `folder`): a SHA-256 over each one's path and
    the SHA-256 of its bytes. OSError when one cannot be read."""
    digest = hashlib.sha256()
    for relative in sorted(files):
        content = hashlib.sha256((folder / relative).read_bytes()).hexdigest()
        digest.update(f"{relative.as_posix()}:{content}\n".encode())
    return digest.hexdigest()


def saved_key(document: TgxDocument) -> str:
    """The version key of the situation's files as saved; empty when one is not on disk."""
    try:
        return folder_key(document.title_folder, title_files(document))
    except (OSError, ValueError):
        return ""


def stored_game_path(record: GameRecord, key: str) -> Path:
    """Where a listed game is written to open it in test-play: under the panel's store,
    `games/<version>-seed-<N>.tgxplay.yaml`."""
    return store_folder() / "games" / f"{key[:16]}-seed-{record.seed}.tgxplay.yaml"


def write_saved_game(document: TgxDocument, record: GameRecord, path: Path) -> Path:
    """A balance game written at `path` as the saved game `hexwright play --save` writes (its
    seed, the computer at both sides setting up, its orders), naming the open situation
    relative to it; `path`. OSError when it cannot be written."""
    from schemas.io import save_file  # noqa: PLC0415
    from schemas.tactical_gamex.saved_game import SavedGame  # noqa: PLC0415

    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        situation = os.path.relpath(document.scenario_path.resolve(), path.parent.resolve())
    except ValueError:  # another drive: no relative path leads there
        situation = str(document.scenario_path.resolve())
    saved = SavedGame.model_validate(
        {
            "format_version": 1,
            "ruleset": "tactical_gamex",
            "situation": Path(situation).as_posix(),
            "seed": record.seed,
            "computer": ["allied", "axis"],
            "setup": "players",  # the lab's computer sets up in the setup phase
            "orders": list(record.orders),
            "turn": record.turns,
            "result": record.outcome,
        }
    )
    save_file(saved, path)
    return path


Replay = Callable[[list[Any], Callable[[Any], object]], None]
"""Applies a game's orders (with progress, in the panel)."""


def replay_outcome(situation: Path, record: GameRecord, replay: Replay) -> tuple[str, float]:
    """The outcome and score a game's orders replay to on the situation as saved at
    `situation`, as `hexwright replay` plays them (`replay` applies the orders, with
    progress). ValueError when the situation cannot be played, an order is refused or the
    orders end before the game does."""
    from engine.tactical_gamex.game import TacticalGame  # noqa: PLC0415
    from engine.tactical_gamex.loader import state_of  # noqa: PLC0415
    from engine.tactical_gamex.records import orders_from_json  # noqa: PLC0415
    from schemas.tactical_gamex.loading import load_situation  # noqa: PLC0415

    bundle = load_situation(situation)
    if not bundle.is_complete or any(p.is_error for p in bundle.problems):
        raise ValueError(f"{situation.name} cannot be played as saved")
    game = TacticalGame(state_of(bundle, record.seed, setup_phase=True))
    orders = orders_from_json(record.orders)
    replay(list(orders), game.apply)
    if game.result is None:
        raise ValueError(f"its {len(orders)} orders end before the game does")
    return game.result.outcome, float(game.result.score)

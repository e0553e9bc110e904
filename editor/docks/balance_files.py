"""Save Play File… of a game the Balance panel lists, in both rulesets: where the file dialog
starts (the folder a play file was last saved in, else beside the scenario), the game replayed
from its orders with progress and Cancel, and the Panzer Campaigns test-play record
(`.testplay.yaml`) written from that replay, which `hexwright replay` and File > Open Test-play
read. The Tactical GameX file is `editor/tactical_gamex/balance_versions.write_saved_game`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QProgressDialog, QWidget

from editor.settings import settings

if TYPE_CHECKING:
    from editor.document import Document
    from editor.testplay.play_settings import TestPlaySettings
    from engine.balance import GameRecord
    from engine.panzer_campaigns.game import Game
    from schemas.title import ScenarioBundle

FOLDER_KEY = "balance/play_file_folder"
"""The settings key of the folder a balance game's play file was last saved in."""

Progress = Callable[[int, int], bool]
"""Told (orders replayed, of how many); False stops the replay."""


class ReplayCancelled(Exception):
    """The designer cancelled the replay: nothing is written."""


def play_file_folder(default: Path) -> Path:
    """The folder the Save Play File dialog starts in: the one a play file was last saved in,
    while it exists, else `default` (the scenario's folder, where Save Test-play starts)."""
    stored = settings().value(FOLDER_KEY, "")
    if isinstance(stored, str) and stored and Path(stored).is_dir():
        return Path(stored)
    return default


def ask_play_file(
    parent: QWidget, name: str, suffix: str, default: Path, file_filter: str
) -> Path | None:
    """Ask where to save a play file offered as `name` (`suffix` added to a name typed
    without it; the folder remembered for the next time); None when the designer cancels."""
    start = play_file_folder(default) / name
    chosen, _ = QFileDialog.getSaveFileName(parent, "Save Play File", str(start), file_filter)
    if not chosen:
        return None
    path = Path(chosen)
    if not path.name.endswith(suffix):
        path = path.with_name(path.name + suffix)
    settings().setValue(FOLDER_KEY, str(path.parent))
    return path


def replay_with_progress(
    parent: QWidget | None, orders: list[Any], apply: Callable[[Any], object], what: str
) -> None:
    """Apply `orders` one by one, a progress dialog with Cancel shown when it takes a while
    (a long scenario's game is thousands of orders); ReplayCancelled when cancelled."""
    dialog = QProgressDialog(f"Replaying {what}…", "Cancel", 0, max(1, len(orders)), parent)
    dialog.setWindowTitle("Save Play File")
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(400)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    try:
        for number, order in enumerate(orders, 1):
            apply(order)
            if number % 25 == 0:
                dialog.setValue(number)
                QApplication.processEvents()
                if dialog.wasCanceled():
                    raise ReplayCancelled
    finally:
        dialog.close()
        dialog.deleteLater()


def result_differs(record: GameRecord, outcome: str, score: float) -> str:
    """Why a replayed game is not the listed one (empty when it is): the check before a play
    file is written, so that it never replays to another result than the list shows."""
    if (outcome, score) == (record.outcome, record.score):
        return ""
    return (
        f"its orders replay to {outcome} ({score:g}), not to the {record.outcome} "
        f"({record.score:g}) listed"
    )


Replay = Callable[[list[Any], Callable[[Any], object]], None]
"""Replays orders with an `apply` of them (`replay_with_progress` bound to its panel)."""


@dataclass(frozen=True)
class ListedGame:
    """A listed game a panel is asked to save, and what the panel knows of its document."""

    seed: int
    record: GameRecord
    document_kind: str
    """"scenario" or "situation", for the messages."""
    changed_since_run: bool
    unsaved: bool


def save_listed_game(
    panel: QWidget,
    say: Callable[[str], None],
    game: ListedGame,
    path: Path | str | None,
    *,
    ask: Callable[[], Path | None],
    write: Callable[[Path, Replay], object],
) -> bool:
    """Save Play File… of a listed game, as both rulesets' panels do it: refused (and why) when
    the document changed since the run or is not saved as the run played it, the path asked
    for when `path` is None, then `write(path, replay)`, which replays the game with progress
    and writes it (ValueError when the replay ends elsewhere than the list shows). Whether the
    file was written; the panel is told what happened through `say`."""
    seed, kind = game.seed, game.document_kind
    if game.changed_since_run:
        say(
            f"Seed {seed} is not saved: the {kind} changed since the run, so its orders would "
            "replay another game. Run it again to save its games."
        )
        return False
    if game.unsaved:
        say(
            f"Seed {seed} is not saved: save the {kind} first, as the play file replays on the "
            f"{kind}'s files as saved."
        )
        return False
    chosen = ask() if path is None else Path(path)
    if chosen is None:
        return False

    def replay(orders: list[Any], apply: Callable[[Any], object]) -> None:
        replay_with_progress(panel, orders, apply, f"the {len(orders)} orders of seed {seed}")

    try:
        write(chosen, replay)
    except ReplayCancelled:
        say(f"Seed {seed} was not saved: cancelled.")
        return False
    except (OSError, ValueError) as exc:
        say(f"Seed {seed} could not be saved: {exc}")
        return False
    from editor.docks.balance_tables import outcome_text  # noqa: PLC0415

    outcome = outcome_text(game.record.outcome)
    say(f"Seed {seed} saved as {chosen} ({len(game.record.orders)} orders, {outcome}).")
    return True


# Panzer Campaigns ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Played:
    """A replayed balance game as a saved test-play records it (`record_of`)."""

    bundle: ScenarioBundle
    settings: TestPlaySettings
    game: Game


def panzer_play_file(
    document: Document,
    record: GameRecord,
    path: Path,
    replay: Replay | None = None,
) -> Game:
    """Write a Panzer Campaigns balance game as the saved test-play `hexwright play --save`
    writes (the runner's rules, its seed, the computer on both sides, its orders), naming the
    open scenario relative to `path`; the replayed game. The game is replayed on the document's
    models first (`replay` applies the orders, with progress; plainly by default): ValueError,
    nothing written, when an order is refused or the result is not the record's;
    ReplayCancelled when the designer cancels; OSError when the file cannot be written."""
    from editor.docks.balance_run import testplay_settings  # noqa: PLC0415
    from editor.testplay.session_file import record_of, save_record  # noqa: PLC0415
    from engine.panzer_campaigns.order_records import orders_from_json  # noqa: PLC0415

    bundle = document.bundle()
    played = testplay_settings(document, record.seed)
    game = played.new_game(bundle)
    orders = orders_from_json(record.orders)
    (replay or _plainly)(orders, game.apply)
    result = game.result
    if result is None:
        raise ValueError(f"its {len(orders)} orders end before the game does")
    differs = result_differs(record, result.outcome, float(result.score))
    if differs:
        raise ValueError(differs)
    save_record(record_of(_Played(bundle, played, game), path), path)
    return game


def _plainly(orders: Iterable[Any], apply: Callable[[Any], object]) -> None:
    for order in orders:
        apply(order)


def panzer_file_name(document: Document, seed: int) -> str:
    """The name offered for a game's play file: `stoumont-station-seed-3.testplay.yaml`."""
    from editor.testplay.session_file import TESTPLAY_SUFFIX, record_path_for  # noqa: PLC0415

    stem = record_path_for(document.scenario_path).name.removesuffix(TESTPLAY_SUFFIX)
    return f"{stem}-seed-{seed}{TESTPLAY_SUFFIX}"

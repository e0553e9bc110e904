"""The balance lab's games, of either ruleset, on a Dask cluster (`distributed`, the optional extra
`hexwright[cluster]`): one task per game, each record handed back as its task completes. Nothing
here imports `distributed` until a run asks for a scheduler."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

from engine.balance.game_record import GameRecord
from engine.balance.playable import Playable

CONNECT_SECONDS = 10
"""How long to try reaching the scheduler before saying it cannot be reached."""

POLL_SECONDS = 0.1
"""How often a run waiting on the cluster looks whether it was cancelled."""

INSTALL_HINT = "pip install 'hexwright[cluster]'"


class ClusterError(RuntimeError):
    """The cluster cannot be used: `distributed` is not installed or the scheduler cannot be
    reached. The message says which and what to do."""


def _client(scheduler: str) -> Any:
    try:
        import distributed  # noqa: PLC0415 (optional: only a run on a cluster needs it)
    except ImportError as exc:
        raise ClusterError(
            f"running games on a Dask scheduler needs the 'distributed' package, which is not "
            f"installed ({INSTALL_HINT})"
        ) from exc
    try:
        connect: Any = distributed.Client  # untyped
        return connect(scheduler, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from exc


def play_on_cluster(
    playable: Playable, seeds: Sequence[int], scheduler: str, cancelled: threading.Event
) -> Iterator[GameRecord]:
    """Each seed's record as its task completes on the cluster at `scheduler`. The scenario or
    situation is sent to every worker once (no shared file system needed; the workers need
    Hexwright of the same version installed). A worker that dies mid-game has its game started
    again elsewhere by Dask, up to the scheduler's `allowed-failures`; after that, or when a
    task fails otherwise, the seed's record says so and the run goes on. Once `cancelled` is
    set the tasks left are cancelled. ClusterError when the scheduler cannot be used."""
    client = _client(scheduler)  # first: it says when `distributed` is missing
    from distributed import as_completed as completed  # noqa: PLC0415 (optional dependency)

    as_completed: Any = completed  # untyped
    futures: dict[Any, int] = {}
    try:
        shared = client.scatter(playable.bundle, broadcast=True, hash=False)
        run = uuid.uuid4().hex[:12]  # two runs of the same seeds are different tasks
        futures = {
            client.submit(playable.play, shared, seed, key=f"hexwright-game-{run}-{seed}"): seed
            for seed in seeds
        }
        done = as_completed(list(futures), loop=client.loop)
        while not done.is_empty() and not cancelled.is_set():
            ready = done.next_batch(block=False)
            if not ready:
                cancelled.wait(POLL_SECONDS)  # wakes at once on cancel
                continue
            for future in ready:
                seed = futures[future]
                try:
                    record: GameRecord = future.result()
                except Exception as exc:  # KilledWorker and the like: the seed's record says so
                    record = GameRecord.failed(seed, _failure(seed, exc))
                yield record
    finally:
        if cancelled.is_set():
            client.cancel(list(futures))
        client.close()


def _failure(seed: int, exc: BaseException) -> str:
    if type(exc).__name__ == "KilledWorker":
        return f"the Dask worker playing seed {seed} died (and its retries too): {exc}"
    return f"seed {seed} failed on the cluster: {type(exc).__name__}: {exc}"

"""A balance lab worker process (`python -m engine.balance.worker BUNDLE READ_FD WRITE_FD`): it
loads the scenario or situation its parent pickled into the file BUNDLE (a `Playable`, which
names its ruleset's function that plays a game), then reads seeds from its parent and writes
back one GameRecord per seed.

A fresh interpreter rather than multiprocessing's fork or spawn: a fork would copy the editor's
Qt threads, and spawn runs the caller's main script again in every worker."""

from __future__ import annotations

import pickle
import sys
from multiprocessing.connection import Connection
from pathlib import Path

from engine.balance.playable import Playable


def serve(playable: Playable, incoming: Connection, outgoing: Connection) -> None:
    """One record back for each seed; None (or the parent gone) ends it."""
    try:
        while (seed := incoming.recv()) is not None:
            outgoing.send(playable.play_seed(seed))
    except (EOFError, BrokenPipeError):  # the parent went away: nothing is left to do
        return


if __name__ == "__main__":
    serve(
        pickle.loads(Path(sys.argv[1]).read_bytes()),
        Connection(int(sys.argv[2]), writable=False),
        Connection(int(sys.argv[3]), readable=False),
    )

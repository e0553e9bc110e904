"""What the balance lab plays, whatever the ruleset (`Playable`): the loaded scenario or
situation, the function that plays one seed of it into a `GameRecord`, the digest of its files
and what its records' levels are. It imports no ruleset's engine, so each ruleset's balance
module builds its own (`engine.balance.rulesets` picks one by the file)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.balance.game_record import GameRecord, RecordKind

SITUATION_SUFFIXES = (".situation.yaml", ".situation.json")


@dataclass(frozen=True)
class Playable:
    """One scenario or situation as the lab's workers play it. `play` is a module-level
    function (pickled by reference to local workers, sent to Dask workers), `bundle` is pickled
    to each worker once."""

    path: Path
    title: str
    bundle: Any
    play: Callable[[Any, int], GameRecord]
    digest: str
    """Identifies the version played (its files' text)."""
    kind: RecordKind
    replay_suffix: str
    """The suffix of the file `hexwright play --save` writes for the ruleset."""

    def play_seed(self, seed: int) -> GameRecord:
        """One game, in this process."""
        return self.play(self.bundle, seed)


def is_situation(path: Path | str) -> bool:
    """Whether a path names a Tactical GameX situation (by its suffix)."""
    return str(path).lower().endswith(SITUATION_SUFFIXES)
